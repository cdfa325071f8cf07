"""``brightwell-tiebreakchecker``: FIDE's tie-break checker's command line (gacrux 1.11.65), answered
by this project.

A program that runs ``python -m gacrux.tiebreakchecker -i in.trf -o out.json -t PTS BH/C1 SB`` runs
this instead and reads the same JSON or text (:mod:`brightwell_plugin.gacrux.document`). Where it
differs on purpose (docs/pairing-software.md): an unknown tie-break is an error, not a column of
zeros; the exit status says failure (2) on bad input and a check that fails is 0 unless
``--strict-exit``; every registered format reads with ``-f``.
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from brightwell_plugin import __version__, api
from brightwell_plugin.adapters import trf
from brightwell_plugin.criteria.unplayed import edition_of_date
from brightwell_plugin.errors import BrightwellError, PluginError, one_line
from brightwell_plugin.gacrux import codes, document, options
from brightwell_plugin.gacrux.answer import answer
from brightwell_plugin.limits import check_regular, read_stream
from brightwell_plugin.model import Kind
from brightwell_plugin.plugins.host import Host, get_host
from brightwell_plugin.process import end, pause_collector
from brightwell_plugin.standings import rank_stepwise
from brightwell_plugin.validate import validated

if TYPE_CHECKING:
    import argparse

ORIGIN = f"brightwell-tiebreakchecker ver. {__version__}"
EXIT_BAD_INPUT = 2
_SCORE_KEYS = {"W": "win", "D": "draw", "L": "loss", "Z": "absent", "P": "pab"}


class Failure(Exception):
    """A run gacrux would answer with a status: its code, the lines of ``status.error``, and the one
    line said on standard error."""

    def __init__(self, code: int, errors: list[str], line: str):
        super().__init__(line)
        self.code, self.errors, self.line = code, errors, line


def parser() -> argparse.ArgumentParser:
    """gacrux's options, in its order (``options`` in the JSON echoes them), and ``--strict-exit``;
    what :func:`options.read` reads without it, it reads alike."""
    import argparse  # on first use: the common command line is read without it (gacrux/options.py)

    class Parser(argparse.ArgumentParser):
        def error(self, message: str):  # one line, not argparse's usage block
            raise Failure(500, [f"Bad command line: {message}"], f"bad command line: {message}")

    p = Parser(prog="brightwell-tiebreakchecker", description=__doc__.splitlines()[0])
    p.add_argument("-p", "--pre-determined", action="store_true", help="rules for pre-determined pairings (round robin)")
    p.add_argument("-s", "--swiss", action="store_true", help="rules for a Swiss tournament")
    p.add_argument("-u", "--unrated", default=None, help="rating of unrated players")
    p.add_argument("-t", "--tiebreak", nargs="*", default=[], help="tie-breaks (the rest of the line)")
    p.add_argument("-c", "--check", action="count", default=0, help="check the file's ranks; details per value")
    p.add_argument("-i", "--input-file", default="-", help="input file (- standard input)")
    p.add_argument("-o", "--output-file", default="-", help="output file (- standard output)")
    p.add_argument("-f", "--input-format", default="TRF", help="TRF, JSON, or any registered format's name")
    p.add_argument("-F", "--output-format", default="JSON", help="JSON, TXT or TRF")
    p.add_argument("-b", "--encoding", default="", help="input encoding (default: the format's own)")
    p.add_argument("-e", "--tournament-number", default="1", help="tournament in the file (1)")
    p.add_argument("-n", "--current-round", type=int, default=-1, help="standings after this round")
    p.add_argument("-N", "--number-of-rounds", type=int, default=0, help="number of rounds, over the file's")
    p.add_argument("-r", "--rank", action="store_true", help="text output in rank order")
    p.add_argument("-G", "--game-score", nargs="*", help="points for games, e.g. W:1,D:0.5,L:0")
    p.add_argument("-M", "--match-score", nargs="*", help="points for matches (team events)")
    p.add_argument("-d", "--delimiter", help="text output: T tab, B blank, S semicolon, C comma, or the text; @ first")
    p.add_argument("-D", "--decimal-point", help="text output: P period, C comma, or the text")
    p.add_argument("-x", "--experimental", nargs="*", default=[], help="'strict': refuse a file with a data error")
    p.add_argument("-v", "--verbose", action="count", default=0, help="say the version on standard error")
    p.add_argument("-V", "--version", action="count", default=0, help="print the version and stop")
    p.add_argument("--strict-exit", action="store_true", help="exit 1 when the check fails")
    return p


def main(argv: list[str] | None = None, host: Host | None = None) -> int:
    """Run one checker command with ``host``'s plugins (default: the process's); the exit status
    (see the module's doc)."""
    doc = {"filetype": "Tiebreak", "version": "1.0", "published": time.strftime("%Y-%m-%d %H:%M:%S"),
           "origin": ORIGIN, "options": None, "status": {"code": 0, "info": [], "error": []}}
    params: dict = {}
    try:
        args = sys.argv[1:] if argv is None else argv
        given = options.read(args)
        if given is None:
            given = vars(parser().parse_args(args))
        strict_exit = given["strict_exit"]
        params = doc["options"] = {k: v for k, v in given.items() if k != "strict_exit"}
        if params["version"]:
            print(ORIGIN)
            return 0
        if params["verbose"]:
            print(ORIGIN, file=sys.stderr)
        try:
            host = host or get_host()  # the console entry's: everything below is given it
            _refuse_replacing_input(params, host)
            answer = _answer(params, host)
        except PluginError as exc:  # a plugin's fault, never the file's: said as brightwell says it
            raise Failure(PLUGIN_FAILED, [f"Plugin error: {one_line(str(exc))}"], str(exc)) from None
    except Failure as failure:
        doc["status"] = {"code": failure.code, "info": [], "error": failure.errors}
        print(f"brightwell-tiebreakchecker: error: {one_line(failure.line)}", file=sys.stderr)
        if failure.code == OUTPUT_IS_INPUT:
            return EXIT_BAD_INPUT  # the error is not written either: the output is the input
        _write(params, _error_text(doc, params).encode() if _textual(params) else json.dumps(doc, indent=2).encode())
        return EXIT_BAD_INPUT
    result, output = answer
    doc["tiebreakResult"] = result
    code = 1 if params["check"] and not result.get("check", True) else 0
    doc["status"]["code"] = code
    _write(params, output(doc))
    return 1 if code and strict_exit else 0


OUTPUT_IS_INPUT = 503  # gacrux's status for an output it cannot write
PLUGIN_FAILED = 506  # this project's: a plugin cannot be used (two register one name, or one fails)


def _refuse_replacing_input(params: dict, host: Host) -> None:
    """An output file that is the input (or one of its event's files) is refused before anything
    is read or written: not even the error document replaces it."""
    target, source = params.get("output_file", "-"), params.get("input_file", "-")
    if target in ("-", None) or source in ("-", None):
        return
    try:
        api.refuse_inputs([target], [source], host)
    except BrightwellError as exc:
        raise Failure(OUTPUT_IS_INPUT, [f"Error when writing file: {target}", one_line(str(exc))], str(exc)) from None


def _last_round_with_a_game(t) -> int:
    """The last round in which two players met over the board (gacrux's ``currentRound``: a round
    of forfeits and byes only, at the end, is not yet a round played)."""
    game, last = Kind.GAME, 0
    for p in t.players:  # each player's rounds from his last, down to the latest found so far
        rounds = p.rounds
        for r in range(len(rounds), last, -1):
            e = rounds[r - 1]
            if e.kind is game and e.opponent:
                last = r
                break
    return last


def _answer(params: dict, host: Host):
    """Read, rank and describe: ``tiebreakResult`` and how the output is made of the document. What
    is ranked is the event's players, or a team event's teams (api.view); its code table
    (``codes.Players``, ``teams.Teams``) says how gacrux reads its codes and counts its rounds."""
    loaded = _read(params, api, host)
    t = _prepared(_one(loaded.tournament, params), params)
    ranked = api.view(t)
    table, edition = _table(t, ranked, params), gacrux_edition(t)
    columns = _columns(table, params, host, edition)
    rounds = max(ranked.rounds or 0, _last_round_with_a_game(ranked))  # gacrux's "round"; standings after it by default
    after = _after(params, t, rounds)
    ranked, counted = table.counted(ranked, after)
    _warn(loaded, counted, params["input_file"])
    try:
        standings, steps = rank_stepwise(ranked, [c.item for c in columns], after, host, edition=edition)
        result = answer(ranked, table, columns, standings, steps, edition, rounds, bool(params["check"]), host)
    except BrightwellError as exc:  # an item that does not take its modifiers; a file it cannot rank
        raise Failure(table.status(exc, columns), [str(exc)], f"{params['input_file']}: {exc}") from None
    return result, _output(params, document, lambda: replace(api.with_standings(loaded.tournament, standings),
                                                             tiebreaks=tuple(params["tiebreak"])), host)


def _columns(table, params: dict, host: Host, edition: int) -> list:
    """The columns of the list (``-t``, else the file's own, else PTS; ``params`` given the list
    ranked by): a code refused, or a team list gacrux's team mode does not parse, is status 500."""
    texts = params["tiebreak"] or table.own_list() or ["PTS"]
    read_from = None if params["tiebreak"] else params["input_file"]  # the list is the file's own
    params["tiebreak"] = texts
    try:
        return table.columns(texts, host.criteria, edition, params, lambda *refused: _refuse(*refused, read_from))
    except (KeyError, IndexError):  # a team list gacrux's team mode does not parse
        said = f"{read_from}: its tie-break list" if read_from else f"-t {' '.join(texts)}"
        raise Failure(500, [f"Bad tie-break list: {' '.join(texts)}"], f"{said}: not gacrux's codes") from None


def _one(t, params: dict):
    """The one tournament of the file, its match points its own (gacrux's -e and -M refused)."""
    if params["tournament_number"] != "1":
        raise Failure(501, ["Invalid parameter --tournament-number"],
                      f"--tournament-number {params['tournament_number']}: the file holds one tournament")
    if params["match_score"]:
        raise Failure(501, ["-M: match points are the file's here (its 362 record)"],
                      "-M: not taken; the match points are the file's (its 362 record)")
    return t


def _table(t, ranked, params: dict):
    """The code table of what is ranked: a team event's teams' (loaded for one:
    benchmarks/bench_checker.py), else the players'."""
    if not ranked.ranks_teams:
        return codes.Players(t)
    from brightwell_plugin.gacrux.teams import Teams
    return Teams(t, ranked, trf_file=params["input_format"].upper() != "JSON")


def gacrux_edition(t) -> int:
    """The edition gacrux ranks by: 2024 (its ver 1: it knows no rules before 2023's) for a start date
    before 2026-03-01, else 2026 (ver 2), an undated event too; the date as gacrux reads it (a TRF's
    042 as written: :func:`gacrux_day`), which reads fewer spellings than this project's reader."""
    written = next((line[4:] for key, line in t.metadata if key == trf.META and line.startswith("042 ")), None)
    return edition_of_date(gacrux_day(written) if written is not None else t.start_date, oldest=2024)


def gacrux_day(text: str) -> str | None:
    """A TRF date as gacrux 1.11.65 reads it (helpers.parse_date, then the first ten characters as
    YYYY-MM-DD): ``DD.MM.YYYY`` and ``YYYY.MM.DD`` with dots, ``YYYY/MM/DD``, a short ``DD/MM/YYYY``
    read as "20" and its text; anything else (``28. 07. 2005``, ``May 29, 2020``, ``10.09.13``) no date."""
    day = text.split(" ", 1)[0]  # as written after "042 ": a leading space leaves no date, as in gacrux
    iso = text
    for sep in (".", "/"):
        parts = day.split(sep)
        if len(parts) == 3:
            if len(parts[0]) == 4:
                iso = text.replace(sep, "-")
            elif sep == ".":
                iso = f"{parts[2]}-{parts[1]}-{parts[0]}"
            else:
                iso = "20" + text.replace("/", "-")
            break
    return ymd(iso[:10])


# strptime's own pattern of "%Y-%m-%d" (Lib/_strptime.py), matched whole, and datetime's days: importing
# _strptime (locale, calendar) and datetime was 4 % of a small check (tests/gacrux/test_options.py: both alike)
_YMD = re.compile(r"(\d\d\d\d)-(1[0-2]|0[1-9]|[1-9])-(3[01]|[12]\d|0[1-9]|[1-9]| [1-9])", re.IGNORECASE)


def ymd(text: str) -> str | None:
    """``datetime.strptime(text, "%Y-%m-%d").date().isoformat()``; None where that raises ValueError
    (no year 0, no day its month has not: datetime's rules, without importing it)."""
    m = _YMD.match(text)
    if m is None or m.end() != len(text):
        return None
    year, month, day = map(int, m.groups())
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    if year < 1 or day > ((29 if leap else 28) if month == 2 else 30 if month in (4, 6, 9, 11) else 31):
        return None
    return f"{year:04d}-{month:02d}-{day:02d}"


def _after(params: dict, t, rounds: int) -> int:
    """The round the standings are after: ``-n``, else gacrux's ``round``. A round the event does
    not have is refused (gacrux ranks it as if the rounds not played were absences)."""
    after = params["current_round"]
    if after < 0:
        return rounds
    last = max(t.rounds_played, t.rounds or 0)
    if after > last:
        raise Failure(500, [f"Bad command line: -n {after}: the event has rounds 0 to {last}"],
                      f"-n {after}: the event has rounds 0 to {last}")
    return after


def _refuse(absent: list[str], unknown: list[str], read_from: str | None = None) -> None:
    """gacrux's codes this project does not compute, and codes nobody knows: status 500. A list
    read from the file (``read_from``) is said to be the file's."""
    where = f"{read_from}: its tie-break list: " if read_from else ""
    if absent:
        raise Failure(500, [f"Tie-break not computed here: {text}" for text in absent],
                      f"{where}{', '.join(absent)}: gacrux's, not computed by this project")
    if unknown:
        raise Failure(500, [f"Unknown tie-break: {text}" for text in unknown],
                      f"{where}unknown tie-break {', '.join(unknown)} (see brightwell criteria)")


def _output(params: dict, document, ranked, host: Host):
    """How the output is made of the document: the text table, the TRF (``ranked()``: the file
    read with the standings and the list as its 212 record), or the JSON."""
    fmt = params["output_format"].upper()
    if fmt == "TXT" or params["delimiter"] is not None:
        return lambda doc: _text(doc, params, document).encode()
    if fmt == "TRF":
        ready = ranked()
        return lambda doc: host.formats.find("trf").dumps(ready)
    if fmt != "JSON":
        raise Failure(500, [f"Bad command line: output format {params['output_format']}"],
                      f"-F {params['output_format']}: JSON, TXT or TRF")
    return lambda doc: document.indented_json(doc).encode()  # modifiers hold decimals: default=str


def _read(params: dict, api, host: Host):
    name, fmt = params["input_file"], params["input_format"]
    format_name = {"TRF": "trf", "JSON": "chess-json"}.get(fmt.upper(), fmt.lower())
    try:
        host.formats.find(format_name)  # only the format's own plugin is imported
    except PluginError:
        raise
    except BrightwellError:
        raise Failure(403, [f"Error in file format: {fmt}"], f"-f {fmt}: not a format this program reads "
                      "(see brightwell formats)") from None
    encoding = params["encoding"] or None
    strict = "strict" in params["experimental"]
    try:
        if name == "-":
            return api.load_bytes(read_stream(sys.stdin.buffer, "<stdin>"), format=format_name, encoding=encoding,
                                  host=host)
        path = Path(name)
        if not path.exists():
            raise Failure(502, [f"Can't open file: {name}", f'Error reading file: "{name}"',
                                f"Error when reading file: {name}"], f"{name}: no such file")
        try:
            check_regular(path)  # a folder, FIFO or device: said as what it is, before it is opened
        except BrightwellError as exc:
            raise Failure(502, [f"Can't open file: {name}", one_line(str(exc))], str(exc)) from None
        return api.load(path, format_name, encoding, host, strict=strict)
    except BrightwellError as exc:
        raise Failure(401, [one_line(str(exc)), f'Error reading file: "{name}"'], str(exc)) from None
    except OSError as exc:
        raise Failure(502, [f"Can't open file: {name}", f'Error reading file: "{name}"'],
                      f"{name}: {exc.strerror or exc}") from None


def _prepared(t, params: dict):
    """The event as the options say: round robin or Swiss (-p, -s), the rounds (-N), the points (-G)."""
    params["methodlist"] = [""]
    params["is_rr"] = False if params["swiss"] else True if params["pre_determined"] else None
    if params["is_rr"] is not None:
        t = replace(t, system="round-robin" if params["is_rr"] else "swiss")
    if params["number_of_rounds"] > 0:
        t = replace(t, rounds=params["number_of_rounds"])
    if params["game_score"]:
        points = {}
        for part in ",".join(params["game_score"]).replace("=", ":").split(","):
            key, _, number = part.partition(":")
            if key.upper() not in _SCORE_KEYS:
                raise Failure(500, [f"Bad command line: -G {part}"], f"-G {part}: give W, D, L, Z or P with points")
            try:
                points[_SCORE_KEYS[key.upper()]] = float(number.replace(",", "."))
            except ValueError:
                raise Failure(500, [f"Bad command line: -G {part}"], f"-G {part}: '{number}' is no number") from None
        t = replace(t, scoring=replace(t.scoring, **points))
    return t


_DISAGREE = "disagree with the results"


def _warn(loaded, counted, name: str) -> None:
    """Say what the reader doubted or left out, once each; stored points checked against the
    rounds counted (the byes entered ahead that gacrux counts included)."""
    warnings = list(loaded.warnings)
    if counted is not loaded.tournament:
        try:
            again = [w for w in validated(counted, name) if _DISAGREE in w]
        except BrightwellError:
            again = None
        if again is not None:
            warnings = [w for w in warnings if _DISAGREE not in w] + again
    for warning in warnings:
        print(f"brightwell-tiebreakchecker: warning: {one_line(warning)}", file=sys.stderr)


def _textual(params: dict) -> bool:
    return params.get("delimiter") is not None or str(params.get("output_format", "")).upper() == "TXT"


_CODES = {"B": " ", "T": "\t", "C": ",", "S": ";", "P": "."}


def _text(doc: dict, params: dict, document) -> str:
    delimiter = params["delimiter"] or "T"
    status_first = delimiter.startswith("@")
    delimiter = delimiter[1:] if status_first else delimiter
    delimiter = _CODES.get(delimiter.upper(), delimiter)
    point = params["decimal_point"]
    point = _CODES.get(point.upper(), point) if point and point.upper() in ("C", "P") else point
    out = ""
    if status_first:  # gacrux 1.11.65 fails here (an undefined name); the status, then the check
        check = doc["tiebreakResult"].get("check", True)
        out = f"{doc['status']['code']}" + (f"{delimiter}{check}" if delimiter else "") + "\n"
    if delimiter:
        out += document.text_table(doc["tiebreakResult"], params["tiebreak"], delimiter, point, params["rank"],
                                   bool(params["check"]))
    return out


def _error_text(doc: dict, params: dict) -> str:
    status = doc["status"]
    return f"### Error {status['code']}\n\r" + "".join(line + "\r\n" for line in status["error"])


def _write(params: dict, data: bytes) -> None:
    target = params.get("output_file", "-")
    if target == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    # -o only (benchmarks/bench_checker.py)
    from brightwell_plugin.fileio import atomic_write
    atomic_write(target, data)


def console() -> None:
    """The console script: no traceback, whatever happens; no cyclic collection, and the process
    ends by :func:`~brightwell_plugin.process.end`, without the interpreter's tear-down."""
    pause_collector()
    try:
        code = main()
    except BrightwellError as exc:  # the output could not be written (gacrux's 503)
        print(f"brightwell-tiebreakchecker: error: {exc}", file=sys.stderr)
        code = EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("brightwell-tiebreakchecker: interrupted", file=sys.stderr)
        code = 130
    except BrokenPipeError:  # the reader left: stop quietly, as the shell's own tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 141
    except OSError as exc:  # standard output: a full disk, a quota (files written say their own errors)
        print(f"brightwell-tiebreakchecker: error: cannot write the output (standard output): "
              f"{exc.strerror or exc}; what was written is incomplete", file=sys.stderr)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more to flush at exit
        code = EXIT_BAD_INPUT
    except Exception as exc:  # a bug of ours: one line, exit 3
        print(f"brightwell-tiebreakchecker: internal error ({type(exc).__name__}: {one_line(str(exc))})",
              file=sys.stderr)
        code = 3
    end(code)
