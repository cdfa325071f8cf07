"""tsh's published ``tourney.js`` (``tsh-js``): the tournament tsh writes for its web pages, as
JavaScript (``newt={"config":{...},"divisions":[{"name":"A","players":[undefined,{...}, ...]}]};``),
read by javascript.py, never run.

A player's ``pairings`` and ``scores`` are the ``.t`` file's opponents and scores (opponent 0 a bye
or forfeit, scores credited spread), his ``etc`` the ``.t`` tags (``p12`` who went first); players
are numbered by their place in the list (tsh's ids, from 1: the list's first item is undefined).
A pairing without a score yet is a round not played. Each division is an event, in the order tsh
lists them: the one named by ``--division`` (``part``: its name as written, else its name in
another case), else the first, with a warning naming the others. tsh writes a player's id after
the name (``Tunnicliffe, Matthew:XT017175``): it is kept as the player's ``tsh`` id, and the name
is read without it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import partial
from pathlib import Path

from brightwell_plugin.adapters.base import About, Division, EventFiles, Format, ReadOptions, ReadResult
from brightwell_plugin.adapters.tsh.format import TshFormat
from brightwell_plugin.adapters.tsh.javascript import load_javascript
from brightwell_plugin.plugin import BrightwellError, check_round, digits, hookimpl, max_rounds, read_input

_NAME_ID = re.compile(r"^(.*\S):([A-Z]+[0-9]+)$", re.DOTALL)  # "Name:XT017175"
# what a tourney.js starts with: comments, newt =, and the tournament's first key (tsh sorts them: config)
_START = re.compile(r"""\ufeff?(?:\s|//[^\n]*+\n|/\*.*?\*/)*+(?:(?:var\s+)?newt\s*=\s*)?
                        \{\s*(["']?)(?:config|divisions)\1\s*:""", re.DOTALL | re.VERBOSE)


def _words(value) -> list[str]:
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


class TshJsFormat(Format):
    name = "tsh-js"
    about = About("tsh tourney.js (the JavaScript tsh publishes; one division per event)", (".js",))
    event_files = EventFiles(several_events=True)  # one event per division

    def sniff(self, path, head):
        return bool(_START.match(head.decode("latin-1")))

    @staticmethod
    def _data(path: Path, encoding=None):
        file = str(path)
        text = read_input(path).decode(encoding or "utf-8", errors="strict")  # tsh writes it in UTF-8
        data = load_javascript(text, file)
        if not isinstance(data, dict) or not isinstance(data.get("divisions"), list) or not data["divisions"]:
            raise BrightwellError("no divisions: not a tsh tourney.js", file=file)
        divisions = [d for d in data["divisions"] if isinstance(d, dict)]
        names = [str(i + 1 if d.get("name") is None else d["name"]) for i, d in enumerate(divisions)]
        if not divisions:
            raise BrightwellError("no division is an object: not a tsh tourney.js", file=file)
        return data, divisions, names

    def divisions(self, options: ReadOptions) -> tuple[Division, ...]:
        data, divisions, names = self._data(options.path, options.encoding)

        def read(at: int) -> ReadResult:
            warnings: list[str] = []
            try:
                t = self._division(options.path, data.get("config") or {}, divisions[at], names[at], len(names),
                                   warnings)
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                raise BrightwellError(f"division {names[at]} cannot be read ({type(exc).__name__}: {exc})",
                                      file=str(options.path)) from None
            return ReadResult(t, tuple(warnings))
        return tuple(Division(name, sum(p is not None for p in d["players"][1:]) if isinstance(d.get("players"), list)
                              else 0, partial(read, at)) for at, (name, d) in enumerate(zip(names, divisions)))

    @staticmethod
    def _division(path, config: dict, division: dict, name: str, count: int, warnings):
        people = [p for p in division["players"][1:]]
        if any(p is None for p in people):
            raise ValueError("a gap in the player list")
        rows, ids = [], []
        limit = max_rounds()
        for no, p in enumerate(people, 1):
            if int(p.get("id", no)) != no:
                raise ValueError(f"player {no} has id {p.get('id')}")
            etc = p.get("etc") or {}
            tags = {k: _words(v) for k, v in etc.items() if k != "newr"}
            rounds = max((len(v) for v in (p.get("pairings"), p.get("scores")) if isinstance(v, list)), default=0)
            tagged = max((len(v) for v in etc.values() if isinstance(v, list)), default=0) - 1  # rrank: from round 0
            if max(rounds, tagged) > limit:
                check_round(max(rounds, tagged), str(path), f"division {name}, player {no}")
            m = _NAME_ID.match(str(p["name"]))
            ids.append((("tsh", m[2]),) if m else ())
            rows.append((no, m[1] if m else str(p["name"]), str(p.get("rating") or 0), _words(p.get("pairings")),
                         _words(p.get("scores")), tags))
        tsh = TshFormat()
        try:
            players = [replace(tsh._player(no, row, rows, str(path)), ids=tagged)
                       for (no, row), tagged in zip(enumerate(rows, 1), ids)]
        except BrightwellError as exc:  # the .t reader places by line: here a line is a player
            raise BrightwellError(exc.message, file=exc.file,
                                  place=f"division {name}, " + (exc.place or "").replace("line ", "player ")) from None
        settings = {k: " ".join(_words(v)) for k, v in config.items()
                    if k in ("event_name", "event_date", "max_rounds", "spread_cap", "standings_spread_cap",
                             "bye_spread") and v is not None}
        if digits(settings.get("max_rounds", "")):
            check_round(int(settings["max_rounds"]), str(path), "config max_rounds")
        t = tsh._tournament(path, settings, players, rows)
        event = settings.get("event_name") or path.stem
        return replace(t, name=f"{event} - division {name}" if count > 1 else event,
                       metadata=t.metadata + (("tsh division", name),))


@hookimpl
def brightwell_register_formats(register):
    register(TshJsFormat())
