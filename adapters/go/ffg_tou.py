"""The French Go federation's results file, ``.tou`` (``ffg-tou``), as OpenGotha and Pairgoth write it;
written as OpenGotha's export writes it (``ExternalDocument.generateTouFile``: adapters/go/export.py).

``;key=value`` header lines (name, date dd/mm/yyyy, vill, comm, size, komi ...), a column line
``;Num Nom Prenom Niv Licence Club``, then one line per player in placement order: place (blank
when tied), ``Surname First_name``, rank, FFG licence (may be blank), club, and one result per
round as in EGD h9 without the ``/`` and ``!`` (``15+b0``: beat line 15 with Black, no handicap;
``0-`` no game). No placement criteria are stored: the order is kept for ``brightwell check``,
and the event is ranked by OpenGotha's Swiss criteria unless told otherwise.
"""

from __future__ import annotations

import re

from brightwell_plugin.adapters.base import (
    About,
    Fills,
    Format,
    Loss,
    ReadOptions,
    ReadResult,
    game_event,
    metadata,
)
from brightwell_plugin.adapters.go.egd import as_held, both_won_or_lost, half_game
from brightwell_plugin.adapters.go.export import (
    cell,
    exported,
    lost_idle,
    no_game_values,
    places,
    times,
)
from brightwell_plugin.adapters.numbers import digits
from brightwell_plugin.adapters.textio import comments_and_rows, decode
from brightwell_plugin.plugin import (
    ABSENT_ENTRY,
    BrightwellError,
    CutShort,
    hookimpl,
    Kind,
    LIST_GUESSED,
    new_player,
    read_input,
    Tournament,
)

_HEADER = re.compile(r"^;\s*(\w+)\s*=\s*(.*?)\s*$")
_RESULT = re.compile(r"^([0-9]{1,6})([-+=?])([wWbB?])?([0-9])?$")
_RANK = re.compile(r"^[0-9]+[kdpKDP]$")
_CONTROL = re.compile(r"[^\S ]|[\x00-\x1f\x7f\x85\u2028\u2029]")
_GLUED = re.compile(r"^(.*\D)([0-9]{2}[kdpKDP])$")


class FfgTouFormat(Format):
    name = "ffg-tou"
    about = About("French Go federation results (.tou)", (".tou",), can_write=True)
    fills = Fills(needs_results=True,  # the placement is the order of the lines
                  ranks_after="planned")  # generateTouFile ranks at the last planned round

    def sniff(self, path, head):
        text = head.decode("latin-1")
        return bool(re.search(r"^;\s*Num\s+Nom\s+Pr[eé]nom", text, re.MULTILINE | re.IGNORECASE)) or (
            path.suffix.lower() == ".tou" and bool(re.search(r"^;\s*name\s*=", text, re.MULTILINE)))

    def read(self, options: ReadOptions) -> ReadResult:
        path, encoding = options.path, options.encoding
        file = str(path)
        text, _, warnings = decode(read_input(path), encoding, file, fallback="iso-8859-15")
        comments, lines = comments_and_rows(text, ";")
        meta = [(f"ffg {m[1]}", m[2]) for line in comments if (m := _HEADER.match(line.strip()))]
        cut = CutShort(file, options.cut_short)
        rows = cut.rows(lines, lambda n, line: self._row(n, line, file), cells=lambda row: len(row[6]))
        if not rows:
            raise BrightwellError("no player line: not an FFG .tou file", file=file)
        table = []
        for n, _, _, _, _, _, results in rows:
            row = []
            for r, (opp, res, colour, handicap) in enumerate(results):
                lost = cut.beyond(opp, len(rows), r + 1, f"line {n}")
                row.append(ABSENT_ENTRY if lost else half_game(opp, res, "/", colour, handicap))
            table.append(row)
        cut.said(warnings)
        if both := both_won_or_lost(table):
            warnings.append(f"{file}: {both} game(s) both players won or lost: read as double forfeits")
        players, place = [], None
        for no, ((n, row_place, name, rank, licence, club, _), entries) in enumerate(zip(rows, table), 1):
            place = row_place or place
            surname, _, first = name.partition(" ")
            extra = (("go rank", rank),) + ((("ffg club", club),) if club else ())
            players.append(new_player(
                start_no=no, name=f"{surname.replace('_', ' ')}, {first.replace('_', ' ')}".strip(", "),
                rounds=tuple(entries), ids=(("ffg", licence),) if licence else (), stored_rank=place, extra=extra,
            ))
        planned = max((len(p.rounds) for p in players), default=0)
        players = as_held(players)
        info = dict(meta)
        date = info.get("ffg date", "")
        iso = f"{date[6:10]}-{date[3:5]}-{date[0:2]}" if re.fullmatch(r"\d\d/\d\d/\d{4}", date) else None
        return ReadResult(Tournament(
            name=info.get("ffg comm") or info.get("ffg name") or path.stem, players=tuple(players),
            rounds=planned or None, game="go", start_date=iso, tiebreaks=("NBW", "SOSW", "SOSOSW"),
            metadata=tuple(meta) + ((LIST_GUESSED, "a .tou stores no placement criteria: NBW,SOSW,SOSOSW supplied"),)
            + cut.metadata(),
        ), tuple(warnings))

    @staticmethod
    def _row(n: int, line: str, file: str):
        tokens = line.split()
        results = []
        while tokens and (m := _RESULT.match(tokens[-1])):
            tokens.pop()
            results.append((int(m[1]), m[2], (m[3] or "?").lower(), int(m[4] or 0)))
        results.reverse()
        place = int(tokens.pop(0)) if tokens and digits(tokens[0]) and line[:4].strip() == tokens[0] else None
        at = max((i for i, t in enumerate(tokens) if _RANK.match(t)), default=None)
        if at is None and tokens:  # OpenGotha cuts a name to 25 characters and glues a 3-character rank to it
            glued = next((i for i in range(len(tokens) - 1, -1, -1) if _GLUED.match(tokens[i])), None)
            if glued is not None:
                m = _GLUED.match(tokens[glued])
                tokens[glued:glued + 1] = [m[1], m[2]]
                at = glued + 1
        if at is None or at == 0:
            raise BrightwellError("not a .tou player line (place, name, rank, licence, club, results)", file=file,
                                  place=f"line {n}")
        rest = tokens[at + 1:]
        licence = rest.pop(0) if rest and digits(rest[0]) else ""
        return n, place, " ".join(tokens[:at]), tokens[at].upper(), licence, " ".join(rest), results


    # -- writing (ExternalDocument.generateTouFile) -------------------------------------------------

    def cannot_carry(self, t: Tournament) -> list[str]:
        lost = lost_idle(t)
        if any(e.score is not None for p in t.players for e in p.rounds):
            lost.append(Loss("game scores"))
        if any(not _rank_text(p) for p in t.players):
            lost.append(Loss("players without a Go rank (written as 30K)"))
        kinds = {(e.kind, e.rated) for p in t.players for e in p.rounds}
        if any(k in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS) or (k is Kind.GAME and not rated) for k, rated in kinds):
            lost.append(Loss("forfeits and results by default (a .tou has no mark for them: read back as played)"))
        if t.tiebreaks and tuple(t.tiebreaks) != ("NBW", "SOSW", "SOSOSW"):
            lost.append(Loss(f"the placement criteria {','.join(t.tiebreaks)} (a .tou stores none: read back as "
                             "NBW,SOSW,SOSOSW)"))
        if any(p.bonus for p in t.players):
            lost.append(Loss("points awarded outside the rounds (bonus)"))
        try:
            "".join(p.name for p in t.players).encode("iso-8859-15")
        except UnicodeEncodeError:
            lost.append(metadata("characters ISO-8859-15 cannot hold (written as '?', as OpenGotha does)"))
        unnamed = [p.start_no for p in t.players if not p.name.partition(", ")[0].split()]
        if unnamed:
            lost.append(metadata(f"{len(unnamed)} player(s) without a name (e.g. #{unnamed[0]}): written '?', "
                                 "a .tou line needing one"))
        long = [p.name for p in t.players if len(p.name.replace(", ", " ")) > 25]
        if long:
            lost.append(metadata(f"{len(long)} name(s) longer than 25 characters are cut, as OpenGotha cuts them "
                                 f"(e.g. '{long[0]}')"))
        return lost

    def dumps(self, t: Tournament) -> bytes:
        if t.game not in (None, "go"):
            raise BrightwellError(f"a .tou file holds Go results, and this is {game_event(t.game)}")
        order = exported(t)
        if not order:
            raise BrightwellError("no player has a game or a bye: a .tou file lists only those who played")
        line_of = {p.start_no: i for i, p in enumerate(order, 1)}
        by_no = {p.start_no: p for p in t.players}
        values = no_game_values(t)
        rounds = t.planned_rounds  # every planned round, unplayed ones as "0-"
        out = [f";{k}={_CONTROL.sub(' ', v)}" for k, v in _header(t)]  # each value on its line
        out += ["; Generated by brightwell-plugin", ";Num Nom Prenom               Niv Licence Club"]
        for p, place in zip(order, places(order)):
            surname, _, first = re.sub(r"[\x00-\x20\x7f\x85\u2028\u2029]+", " ", p.name).partition(", ")
            name = ("_".join(surname.split()) or "?") + " " + "_".join(first.split())  # a name is a word at least
            licence = dict(p.ids).get("ffg", "")
            club = re.sub(r"\s+", "", dict(p.extra).get("ffg club") or dict(p.extra).get("opengotha club") or "")
            line = f"{place or '':>4} {name[:25]:<25}{(_rank_text(p) or '30K'):>3} {licence[-7:]:>7} {club[-4:]:>4}"
            for r in range(rounds):
                text = cell(p, r, line_of, values, True, by_no).replace("/", "").replace("!", "")
                line += f"{text:>8}"
            out.append(line)
        return ("\n".join(out) + "\n").encode("iso-8859-15", "replace")


def _rank_text(p) -> str | None:
    extra = dict(p.extra)
    text = next((extra[k] for k in ("go rank", "opengotha rank", "egd rank") if extra.get(k)), None)
    return text.upper() if text and _RANK.match(text) else None


def _header(t: Tournament) -> list[tuple[str, str]]:
    """The ``;key=value`` lines: a .tou read before keeps its own; an OpenGotha event's are made as
    OpenGotha makes them (its short name, dates, place, time and komi)."""
    ffg = [(k[4:], v) for k, v in t.metadata if k.startswith("ffg ")]
    if ffg:
        return [(k, v) for k, v in ffg if k != "prog"]
    g = {k[10:]: v for k, v in t.metadata if k.startswith("opengotha ")}
    date = t.start_date or ""
    out = [("name", g.get("shortName") or t.name), ("date", f"{date[8:10]}/{date[5:7]}/{date[0:4]}" if len(date) >= 10 else ""),
           ("vill", g.get("location", "")), ("comm", t.name)]
    if "size" in g:
        out.append(("size", g["size"]))
    found = times(t)
    if found:
        extra = {"STDBYOYOMI": "stdByoYomiTime", "CANBYOYOMI": "canByoYomiTime", "FISCHER": "fischerTime"}.get(found[2])
        byo = extra is not None and g.get(extra, "1") not in ("0", "")
        out.append(("time", f"{found[0] // 60}{'+b' if byo else ''}"))
        out.append(("ta", str(found[1] // 60)))  # Tournament.egfAdjustedTime, in minutes
    if "komi" in g:
        out.append(("komi", g["komi"]))
    return out


@hookimpl
def brightwell_register_formats(register):
    register(FfgTouFormat())
