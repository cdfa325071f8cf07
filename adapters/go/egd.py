"""EGD h9/h10 (``egd``): the European Go Database's upload format, as OpenGotha writes it.

``; KEY[value]`` header lines (CL class, EV event, PC place, DT dates, KM komi ...), a column line
``; Pl Name Rk Co Club`` followed by the placement criteria's short names, five characters each
(``  MMS  SOSSOSOS``), then one line per player in placement order: place (blank when tied with
the line above), ``Surname First_name``, rank, country, club, the criteria values, at least four
(OpenGotha pads with 0), and one ``oooortch`` per round: opponent's line number, result ``+ - = ?``,
``/`` or ``!`` (by default), colour ``w b ?`` and handicap. Opponent 0 is no game: ``0+`` a bye or
absence worth a win, ``0=`` worth a draw, ``0-`` nothing. An EGD PIN may follow ``|``.
The criteria a file publishes are kept for ``brightwell check``; with an MMS column, each
player's initial McMahon score is what his stored MMS less his results leaves.
"""

from __future__ import annotations

import re
from dataclasses import replace

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
from brightwell_plugin.adapters.go.export import (
    cell,
    exported,
    full_cells,
    h9_header,
    lost_idle,
    no_game_values,
    places,
)
from brightwell_plugin.adapters.numbers import digits
from brightwell_plugin.adapters.textio import comments_and_rows, decode
from brightwell_plugin.plugin import (
    ABSENT_ENTRY,
    BrightwellError,
    CutShort,
    hookimpl,
    Kind,
    new_entry,
    new_player,
    Player,
    PUBLISHED,
    PUBLISHED_AFTER,
    read_input,
    Result,
    RoundEntry,
    Side,
    Tournament,
)

INITIAL = "go mms initial"
_HEADER = re.compile(r"^;\s*([A-Z]{2})\[(.*)\]\s*$")
_NAMES = re.compile(r"SOSOS|SODOS|SOSTS|SOS-1|SOS-2|SOS|MMS|NBW|CUSS|CAT|EXT|EXR|STS|SDC|DC|Rating|Rank|NULL")
_RESULT = re.compile(r"^([0-9]{1,6})([-+=?])(?:([/!])([wWbB?])?([0-9])?)?$")
_VALUE = re.compile(r"^-?(?:[0-9]{0,12}[½¼¾œŒŸ?]?|[0-9]{1,12}\.[0-9]{1,6})$")
# OpenGotha prints halves and quarters as ½ ¼ ¾ into an ISO-8859-15 file, which has none of them:
# Java writes '?' (taken as ½; a quarter cannot be told); the same bytes written as Latin-1 and read
# as ISO-8859-15 are œ Œ Ÿ
_FRACTIONS = {"½": 0.5, "¼": 0.25, "¾": 0.75, "?": 0.5, "œ": 0.5, "Œ": 0.25, "Ÿ": 0.75}
# short names as the main score's family reads them (OpenGotha PlacementParameterSet)
_COMMON = {"EXT": "EXT", "EXR": "EXR", "CPS": "CPS", "DC": "DC", "SDC": "SDC", "Rank": "RANK"}
_FAMILY = {
    "M": {"MMS": "MMS", "SOS": "SOSM", "SOS-1": "SOSM/C1", "SOS-2": "SOSM/C2", "SOSOS": "SOSOSM",
          "SODOS": "SODOSM", "CUSS": "CUSSM", **_COMMON},
    "W": {"NBW": "NBW", "SOS": "SOSW", "SOS-1": "SOSW/C1", "SOS-2": "SOSW/C2", "SOSOS": "SOSOSW",
          "SODOS": "SODOSW", "CUSS": "CUSSW", **_COMMON},
}


def _value(text: str) -> float:
    if "." in text:
        return float(text)
    frac = _FRACTIONS.get(text[-1], 0.0) if text else 0.0
    whole = text.rstrip("½¼¾œŒŸ?")
    number = int(whole) if whole not in ("", "-") else 0
    return number - frac if text.startswith("-") else number + frac


class EgdFormat(Format):
    name = "egd"
    about = About("European Go Database h9/h10 results (OpenGotha's export)", (".h9", ".h10"), can_write=True)
    fills = Fills(needs_results=True,  # the placement is the order of the lines
                  publishes=True,  # the placement criteria's values are columns
                  ranks_after="planned")  # generateH9File computes them at the last planned round

    def sniff(self, path, head):
        text = head.decode("latin-1")
        return bool(re.search(r"^;\s*Pl\s+Name", text, re.MULTILINE)) or (
            path.suffix.lower() in self.about.suffixes and bool(re.search(r"^;\s*[A-Z]{2}\[", text, re.MULTILINE)))

    def read(self, options: ReadOptions) -> ReadResult:
        path, encoding = options.path, options.encoding
        file = str(path)
        text, _, warnings = decode(read_input(path), encoding, file, fallback="iso-8859-15")
        comments, rows = comments_and_rows(text, ";")
        meta, names = [], []
        for line in comments:
            if m := _HEADER.match(line.strip()):
                meta.append((f"egd {m[1]}", m[2]))
            elif m := re.match(r"^;\s*Pl\s+Name.*?\bClub\b(.*)$", line):
                names = _NAMES.findall(m[1])
        if not rows:
            raise BrightwellError("no player line: not an EGD h9 file", file=file)
        family = "M" if "MMS" in names else "W"
        cut = CutShort(file, options.cut_short)
        parsed = cut.rows(rows, lambda n, line: self._row(n, line, names, file), cells=lambda row: len(row[7]))
        count = len(parsed)
        players = []
        table = []
        for n, *_, results, _pin in parsed:
            row = []
            for r, (opp, res, kind, colour, handicap) in enumerate(results):
                lost = cut.beyond(opp, count, r + 1, f"line {n}")
                row.append(ABSENT_ENTRY if lost else half_game(opp, res, kind, colour, handicap))
            table.append(row)
        cut.said(warnings)
        both = both_won_or_lost(table)
        if both:
            warnings.append(f"{file}: {both} game(s) both players won or lost: read as double forfeits")
        place = None
        for no, ((n, row_place, name, rank, country, club, (values, texts), results, pin), entries) in enumerate(
                zip(parsed, table), 1):
            place = row_place or place
            published = {_FAMILY[family][k]: v for k, v, text in zip(names, values, texts)
                         if k in _FAMILY[family] and not (k == "SODOS" and text.endswith("?"))}
            extra = [(PUBLISHED + code, f"{v:g}") for code, v in published.items()]
            extra += [("egd rank", rank), ("egd club", club)]
            if "MMS" in published:
                extra.append((INITIAL, f"{published['MMS']:g}"))  # made an initial score below
            surname, _, first = name.partition(" ")
            players.append(new_player(
                start_no=no, name=f"{surname.replace('_', ' ')}, {first.replace('_', ' ')}".strip(", "),
                rounds=tuple(entries), federation=country if country not in ("XX", "xx") else None,
                ids=(("egd", pin),) if pin else (), stored_rank=place, extra=tuple(extra),
            ))
        skipped = [k for k in names if k not in _FAMILY[family] and k != "NULL"]
        if skipped:
            warnings.append(f"{file}: placement criteria {', '.join(skipped)} are not computed here (not checked)")
        players, round_down = self._initial_scores(players, file, warnings)
        planned = max((len(p.rounds) for p in players), default=0)
        players = as_held(players)
        dates = dict(meta).get("egd DT", "")
        tiebreaks = tuple(_FAMILY[family][k] for k in names if k in _FAMILY[family]) or ("PTS",)
        return ReadResult(Tournament(
            name=dict(meta).get("egd EV") or path.stem, players=tuple(players), rounds=planned or None,
            game="go", start_date=dates.split(",")[0].strip() or None,
            end_date=(dates.split(",")[1:] or [""])[0].strip() or None, tiebreaks=tiebreaks,
            metadata=tuple(meta) + ((PUBLISHED_AFTER, str(planned)),) + cut.metadata()
            + ((("go genRoundDownNBWMMS", "true" if round_down else "false"),) if round_down is not None else ()),
        ), tuple(warnings))

    @staticmethod
    def _row(n: int, line: str, names: list[str], file: str):
        body, _, pin = line.partition("|")
        tokens = body.split()
        results = []
        while tokens and (m := _RESULT.match(tokens[-1])):
            tokens.pop()
            results.append((int(m[1]), m[2], m[3] or "/", (m[4] or "?").lower(), int(m[5] or 0)))
        results.reverse()
        texts = []
        wanted = max(4, len(names))
        while tokens and len(texts) < wanted and _VALUE.match(tokens[-1]) and tokens[-1] not in ("", "-"):
            texts.append(tokens.pop())
        texts.reverse()
        values = ([_value(t) for t in texts], texts)
        place = int(tokens.pop(0)) if tokens and digits(tokens[0]) and line[:4].strip() == tokens[0] else None
        if len(tokens) < 4:
            raise BrightwellError("not an EGD player line (place, name, rank, country, club, criteria, results)",
                                  file=file, place=f"line {n}")
        *name, rank, country, club = tokens
        if not re.fullmatch(r"\d+[kdpKDP]", rank):
            raise BrightwellError(f"rank '{rank}' is not a Go rank (like 5k, 1d)", file=file, place=f"line {n}")
        return n, place, " ".join(name), rank.upper(), country, club, values, results, pin.strip()

    @staticmethod
    def _initial_scores(players, file, warnings):
        """Each player's initial McMahon score: his stored MMS less his games' points and his rounds
        without a game (``0+`` a win, ``0=`` a draw), those rounded down to whole points when the
        event did so: a file where some player's remainder is not whole rounded them down."""
        def parts(p):
            games = sum(1 if e.kind is Kind.FORFEIT_WIN or (e.kind is Kind.GAME and e.result is Result.WIN)
                        else 0.5 if e.kind is Kind.GAME and e.result is Result.DRAW else 0 for e in p.rounds)
            byes = sum(2 if e.kind in (Kind.PAB, Kind.FULL_BYE) else 1 if e.kind is Kind.HALF_BYE else 0 for e in p.rounds)
            return games, byes

        stored = [(p, float(dict(p.extra)[INITIAL]), *parts(p)) for p in players if INITIAL in dict(p.extra)]
        if not stored:
            return players, None
        round_down = any((mms - games - byes / 2) % 1 for _, mms, games, byes in stored)
        initial = {}
        for p, mms, games, byes in stored:
            value = mms - games - (byes // 2 if round_down else byes / 2)
            if value % 1:
                warnings.append(f"{file}: #{p.start_no} {p.name}: stored MMS {mms:g} leaves an initial score of "
                                f"{value:g}, not whole; rounded down")
            initial[p.start_no] = str(int(value // 1))
        return [replace(p, extra=tuple((k, initial[p.start_no] if k == INITIAL else v) for k, v in p.extra))
                if p.start_no in initial else p for p in players], round_down

    # -- writing -------------------------------------------------------------------------------

    def cannot_carry(self, t: Tournament) -> list[str]:
        lost = []
        if any(e.score is not None for p in t.players for e in p.rounds):
            lost.append("game scores")
        if any(not _rank_of(p) for p in t.players):
            lost.append("players without a Go rank (written as 30K)")
        try:
            "".join(p.name for p in t.players).encode("iso-8859-15")
        except UnicodeEncodeError:
            lost.append(metadata("characters ISO-8859-15 cannot hold (written as '?', as OpenGotha does)"))
        if any(p.bonus for p in t.players):
            lost.append("points awarded outside the rounds (bonus)")
        lost += lost_idle(t)
        long = [p.name for p in t.players if len(p.name.replace(", ", " ")) > 30]
        if long:
            lost.append(metadata(f"{len(long)} name(s) longer than 30 characters are cut, as OpenGotha cuts them "
                                 f"(e.g. '{long[0]}')"))
        if not full_cells(t):
            lost.append(Loss("colours, handicaps and forfeits by default (the event's game format is short: "
                             "OpenGotha's export writes none of them)"))
        values = [dict(p.extra).get(PUBLISHED + c) for p in t.players for c in t.tiebreaks]
        if any(v is not None and len(score_text(float(v), "")) > 4 for v in values):
            lost.append(metadata("criteria values longer than 4 characters (cut, as OpenGotha cuts them)"))
        return lost

    def dumps(self, t: Tournament) -> bytes:
        """The file ExternalDocument.generateH9File writes (adapters/go/export.py)."""
        if t.game not in (None, "go"):
            raise BrightwellError(f"an EGD file holds Go results, and this is {game_event(t.game)}")
        meta = dict(t.metadata)
        order = exported(t)
        if not order:
            raise BrightwellError("no player has a game or a bye: an EGD file lists only those who played")
        line_of = {p.start_no: i for i, p in enumerate(order, 1)}
        by_no = {p.start_no: p for p in t.players}
        values, full = no_game_values(t), full_cells(t)
        codes = [c for c in t.tiebreaks if c in SHORT_NAMES and all(
            (PUBLISHED + c) in dict(p.extra) for p in order)]

        def value(text: str) -> str:  # a header value stays on its line and inside its brackets
            return re.sub(r"[\x00-\x1f\x7f\x85\u2028\u2029]", " ", text).replace("]", ")")

        if any(k.startswith("egd ") for k in meta) or not any(k.startswith("opengotha ") for k in meta):
            header = [("CL", meta.get("egd CL", "")), ("EV", t.name), ("PC", meta.get("egd PC", "")),
                      ("DT", meta.get("egd DT", (t.start_date or "") + (f",{t.end_date}" if t.start_date and t.end_date
                                                                       else "")))]
            header += [(k, meta[f"egd {k}"]) for k in ("HA", "KM", "TM", "CM") if f"egd {k}" in meta]
        else:
            header = h9_header(t)  # an OpenGotha event's, as OpenGotha writes it
        out = [f"; {k}[{value(v)}]" for k, v in header]
        out += ["; Generated by brightwell-plugin", ";",
                "; Pl Name                            Rk Co Club" + "".join(f"{SHORT_NAMES[c][:5]:>5}" for c in codes)]
        rounds = t.planned_rounds  # every planned round, unplayed ones as "0-"
        for p, place in zip(order, places(order)):
            surname, _, first = (re.sub(r"[\x00-\x20\x7f\x85\u2028\u2029]+", " ", p.name.replace("|", "/"))
                                 ).partition(", ")
            surname, first = ("_".join(part.split()) for part in (surname, first))
            name = f"{surname or '?'} {first}"  # one word at least, spaces inside a name as _
            extra = dict(p.extra)
            columns = [score_text(float(extra[PUBLISHED + c]), c)[:4] for c in codes]
            country = p.federation if p.federation and re.fullmatch(r"[A-Za-z]{2}", p.federation) else "XX"
            club = re.sub(r"[\s|]+", "", extra.get("egd club") or extra.get("opengotha club") or extra.get("club") or "")[-4:] or "xxxx"
            rank = _rank_of(p) if re.fullmatch(r"\d+[kdpKDP]", _rank_of(p) or "") else "30K"
            line = f"{place or '':>4} {name[:30]:<30} {rank:>3} {country:>2} {club:>4}"
            line += "".join(f" {v:>4}" for v in columns) + " 0" * (4 - len(columns))  # OpenGotha pads so
            line += "".join(f" {cell(p, r, line_of, values, full, by_no):>8}" for r in range(rounds))
            pin = dict(p.ids).get("egd")
            out.append(line + (f" |{pin}" if pin else ""))
        return ("\n".join(out) + "\n").encode("iso-8859-15", "replace")


def score_text(x: float, code: str) -> str:
    """``ScoredPlayer.formatScore``: the whole part (Java's division, toward zero), then ½ ¼ ¾ for a
    positive remainder (ISO-8859-15 has none of them: written '?', as Java writes them)."""
    unit = 4 if code.startswith("SODOS") else 1 if code in ("DC", "SDC", "RANK", "RTNG", "CAT") else 2
    v = round(x * unit)
    whole = int(v / unit)
    part = v - whole * unit
    fraction = {2: {1: "½"}, 4: {1: "¼", 2: "½", 3: "¾"}}.get(unit, {}).get(part, "")
    return f"{whole}{fraction}"


# OpenGotha's short names (PlacementParameterSet.allPlacementCriteria), as an export heads its columns
SHORT_NAMES = {"NBW": "NBW", "MMS": "MMS", "CPS": "CPS", "STS": "STS", "CAT": "CAT", "RANK": "Rank", "RTNG": "Rating",
               "CUSSW": "CUSS", "CUSSM": "CUSS", "SOSW": "SOS", "SOSM": "SOS", "SOSW/C1": "SOS-1", "SOSM/C1": "SOS-1",
               "SOSW/C2": "SOS-2", "SOSM/C2": "SOS-2", "SODOSW": "SODOS", "SODOSM": "SODOS", "SOSTS": "SOSTS",
               "SOSOSW": "SOSOS", "SOSOSM": "SOSOS", "EXT": "EXT", "EXR": "EXR", "DC": "DC", "SDC": "SDC"}


def both_won_or_lost(table: list[list[RoundEntry]]) -> int:
    """OpenGotha's both-win and both-lose results, as the OpenGotha reader reads them."""
    found = 0
    for i, row in enumerate(table, 1):
        for r, e in enumerate(row):
            o = e.opponent
            if o is None or o > len(table) or r >= len(table[o - 1]):
                continue
            theirs = table[o - 1][r]
            if theirs.opponent == i and e.result is not None and theirs.result is e.result and e.result is not Result.DRAW:
                if o > i:
                    found += 1
                kind = Kind.FORFEIT_WIN if e.result is Result.WIN else Kind.FORFEIT_LOSS  # a double forfeit, still a pairing
                row[r] = new_entry(kind, o, side=e.side, handicap=e.handicap)
                table[o - 1][r] = new_entry(kind, i, side=theirs.side, handicap=theirs.handicap)
    return found


def half_game(opp, res, kind, colour, handicap) -> RoundEntry:
    """One round of an h9 or .tou line (opponent, result, / or !, colour, handicap) as a record."""
    if opp == 0:
        return new_entry(Kind.PAB) if res == "+" else new_entry(Kind.HALF_BYE) if res == "=" else ABSENT_ENTRY
    side = Side.FIRST if colour == "b" else Side.SECOND if colour == "w" else None
    if res == "?":
        return new_entry(Kind.PAIRED, opp, side=side, handicap=handicap)  # paired, no result yet
    side = Side.FIRST if colour == "b" else Side.SECOND if colour == "w" else None
    result = {"+": Result.WIN, "-": Result.LOSS, "=": Result.DRAW}[res]
    if kind == "!":
        if result is Result.WIN:
            return new_entry(Kind.FORFEIT_WIN, opp, side=side, handicap=handicap)
        if result is Result.LOSS:
            return new_entry(Kind.FORFEIT_LOSS, opp, side=side, handicap=handicap)
        return new_entry(Kind.GAME, opp, Result.DRAW, side, rated=False, handicap=handicap)
    return new_entry(Kind.GAME, opp, result, side, handicap=handicap)


def as_held(players: list[Player]) -> list[Player]:
    """The players' rounds as far as the event has paired them: through the last round with a game
    (or a game awaiting its result); past it, no pairing: what OpenGotha exports a player it has
    marked absent from a round to come with (its absence value: ``0+``, ``0=``) is a bye asked for
    ahead, of that worth (not the pairing bye), and ``0-`` no record."""
    paired = max((r for p in players for r, e in enumerate(p.rounds, 1) if e.opponent is not None), default=0)
    out = []
    for p in players:
        ahead = [new_entry(Kind.FULL_BYE) if e.kind is Kind.PAB else e for e in p.rounds[paired:]]
        while ahead and ahead[-1] is ABSENT_ENTRY:
            ahead.pop()
        out.append(replace(p, rounds=p.rounds[:paired] + tuple(ahead)) if ahead or len(p.rounds) > paired else p)
    return out


def _rank_of(p: Player) -> str | None:
    extra = dict(p.extra)
    return next((extra[k] for k in ("egd rank", "opengotha rank", "go rank") if extra.get(k)), None)


@hookimpl
def brightwell_register_formats(register):
    register(EgdFormat())
