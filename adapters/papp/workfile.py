"""Papp's tournament state file (``papp-workfile``): ``papp-internal-workfile.txt``.

Read as Papp 1.37.1 reads it at start-up (``main.c``): ``papp.cfg`` first, then the players
files (``joueurs`` or ``joueurs.txt``, and ``nouveaux.txt``), then the workfile, all in Papp's own
language (:mod:`lexer`). The workfile's statements, as ``pap.y`` runs them:
``#_Nom-Tournoi``, ``#_Nombre-Rondes``, ``#_BQ-double`` (the constant for one point),
``& +N -N ...`` (who is present from now on), ``(B W)`` a pairing, ``(B Sb W Sw)`` a result
(Black first; the discs must make the board's total), ``raz-couplage`` (the round's pairings
dropped), ``ronde-suivante`` (the round closed). Only closed rounds count; pairings after the
last are the round in progress, recorded as pairings without results (a player it has not paired
yet: no record). In a closed round a present player without a game had the bye
(``Score-bip``: Bip's discs of the total, 24/64 by default) and an absent one nothing. A result
is what the discs say (``updateScores``). Who is present after the last round is kept: Papp
counts every game against a player who is not as unplayed (``tiebreak.c``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from brightwell_plugin.adapters.base import About, EventFiles, Format, ReadOptions, ReadResult
from brightwell_plugin.adapters.numbers import digits
from brightwell_plugin.adapters.papp.lexer import (
    Token,
    player_lines,
    shape,
    statements,
    tokens,
)
from brightwell_plugin.adapters.textio import decode
from brightwell_plugin.plugin import (
    ABSENT_ENTRY,
    BrightwellError,
    hookimpl,
    Kind,
    LEFT_OUT,
    new_entry,
    new_player,
    READ_CUT_SHORT,
    read_input,
    REGISTERED,
    Result,
    ScoringSystem,
    Side,
    Tournament,
)

DEFAULT_COEF = 6.0  # global.c init_default_penalties: brightwell_coeff = 3 per half point


@dataclass
class Config:
    """What ``papp.cfg`` (or the workfile, in the same language) sets that the standings need."""

    bye: float = 24  # Bip's discs (global.c: 24 of 64)
    board: int = 64
    coef: float | None = None
    players_file: str = "joueurs"
    new_players_file: str = "nouveaux.txt"
    country: str = ""


@dataclass
class Known:
    name: str
    federation: str | None
    rating: int | None


@dataclass
class State:
    """Papp's registration, presence and pairing state while the workfile is read."""

    order: list[int] = field(default_factory=list)
    present: dict[int, bool] = field(default_factory=dict)
    couples: list[tuple[int, int, float | None, int]] = field(default_factory=list)  # black, white, discs, line
    closed: list[tuple[list[tuple[int, int, float | None, int]], dict[int, bool]]] = field(default_factory=list)
    header: dict[str, str] = field(default_factory=dict)

    def paired(self, no: int) -> bool:
        return any(no in (b, w) for b, w, _, _ in self.couples)


def _config_statement(st: list[Token], cfg: Config, file: str) -> bool:
    """Apply a configuration statement; False when it is no configuration statement."""
    s = shape(st)
    if s in ("keyword:brightwell = int", "keyword:brightwell = half", "keyword:brightwell = double"):
        cfg.coef = 2 * st[2].number
    elif s in ("keyword:bq-double = int", "keyword:bq-double = half", "keyword:bq-double = double"):
        cfg.coef = st[2].number
    elif s == "keyword:score-bip = int":
        cfg.bye = int(st[2].text)
    elif s == "keyword:score-bip = int / int":
        cfg.bye, cfg.board = int(st[2].text), int(st[4].text)
        if cfg.board < 1:
            raise BrightwellError("Score-bip: the disc total must be above 0", file=file, place=f"line {st[0].line}")
    elif s == "keyword:fichier keyword:joueurs = string":
        cfg.players_file = st[3].text
    elif s == "keyword:fichier keyword:nouveaux = string":
        cfg.new_players_file = st[3].text
    elif s == "keyword:pays = string":
        cfg.country = st[2].text
    elif st[0].kind == "keyword" and st[0].text in _OTHER_SETTINGS:
        pass  # file names, printing, penalties, colours: nothing that ranks
    else:
        return False
    if cfg.bye > cfg.board:
        raise BrightwellError(f"Score-bip {cfg.bye:g}/{cfg.board} is more than the total", file=file,
                              place=f"line {st[0].line}")
    return True


_OTHER_SETTINGS = frozenset(("xml", "dossier", "fichier", "zone-insertion", "couleur", "couleurs", "sauvegarde",
                             "impression", "affichage-pions", "toutes-rondes", "penalites", "penalite",
                             "table-toutes-rondes", "round-robin-table"))


def read_config(path: Path, cfg: Config) -> None:
    if path.exists():  # a FIFO or folder of its name is refused as what it is, not passed over
        text, _, _ = decode(read_input(path), None, str(path), fallback="latin-1")
        for st in statements(tokens(text, str(path)), str(path)):
            if not _config_statement(st, cfg, str(path)):
                raise BrightwellError(f"'{_text(st)}' is not a Papp configuration statement", file=str(path),
                                      place=f"line {st[0].line}")


def read_players(path: Path, cfg: Config, known: dict[int, Known]) -> None:
    """A players file (``pap.y`` ``description_joueur``): ``N NAME First {CC} <rating> 'comment``."""
    if not path.exists():  # a FIFO or folder of its name is refused as what it is, not passed over
        return
    text, _, _ = decode(read_input(path), None, str(path), fallback="latin-1")
    try:
        lines = player_lines(text)
    except BrightwellError as exc:
        raise exc.at(file=str(path)) from None
    for n, toks in lines:
        try:
            _player_line(toks, cfg, known)
        except ValueError as exc:
            raise BrightwellError(f"player line cannot be read: {exc}", file=str(path), place=f"line {n}") from None


def _player_line(toks: list[Token], cfg: Config, known: dict[int, Known]) -> None:
    kinds = [t.kind if t.kind != "char" else t.text for t in toks]
    if kinds[:1] == ["pays"]:
        if kinds != ["pays", "=", "string"]:
            raise ValueError("expected 'pays = CODE'")
        cfg.country = toks[2].text
        return
    if kinds[:1] != ["int"]:
        raise ValueError("a player line starts with the player's number")
    no, i = int(toks[0].text), 1
    if kinds[1:3] == ["{", "string"]:  # N {CC}: a change of nationality
        if no in known:
            known[no].federation = toks[2].text
        return
    words: list[str] = []
    while i < len(toks) and (kinds[i] == "string" or (words and kinds[i] in ("+", "/"))):
        words.append(toks[i].text)
        i += 1
    if not words:
        raise ValueError("no name after the number")
    first = ""
    if i < len(toks) and kinds[i] in (",", "("):
        close = kinds[i] == "("
        i += 1
        rest = []
        while i < len(toks) and (kinds[i] == "string" or (rest and kinds[i] in ("+", "/"))):
            rest.append(toks[i].text)
            i += 1
        if close:
            if i >= len(toks) or kinds[i] != ")":
                raise ValueError("'(' without ')'")
            i += 1
            name = " ".join(words) + (f" ({' '.join(rest)})" if rest else " ()")
        else:
            first = " ".join(rest)
            name = " ".join(words) + (f" {first}" if first else "")
    else:
        if len(words) > 1 and words[-1] in ("+", "/"):
            raise ValueError("a name ends with '+' or '/'")
        name = " ".join(words)
    country, rating = cfg.country, None
    if kinds[i:i + 3] == ["{", "string", "}"]:
        country, i = toks[i + 1].text, i + 3
    if i < len(kinds) and kinds[i] == "<":
        sign = -1 if kinds[i + 1:i + 2] == ["-"] else 1
        j = i + 2 if sign < 0 else i + 1
        if kinds[j:j + 2] != ["int", ">"]:
            raise ValueError("a rating is written <N>")
        rating, i = sign * int(toks[j].text), j + 2
    if i < len(kinds) and kinds[i] == "comment":
        i += 1
    if i != len(kinds):
        raise ValueError(f"unexpected '{toks[i].text}'")
    if no == 0:
        raise ValueError("player number 0 is not allowed")
    if no not in known:  # the first description wins (pap.y: a duplicate is refused, Papp reports it)
        known[no] = Known(name, country or None, rating)


def _text(st: list[Token]) -> str:
    return " ".join(t.text for t in st)[:60]


class PappWorkfileFormat(Format):
    name = "papp-workfile"
    about = About("Papp tournament state file (papp-internal-workfile.txt, with papp.cfg and joueurs)", ())
    event_files = EventFiles(companions=("papp.cfg", "joueurs", "joueurs.txt", "nouveaux.txt"))

    def sniff(self, path, head):
        return b"#_Nom-Tournoi" in head or b"#_Nombre-Rondes" in head

    def read(self, options: ReadOptions) -> ReadResult:
        path, encoding = options.path, options.encoding
        file, folder = str(path), path.parent
        cfg, known = Config(), {}
        read_config(folder / "papp.cfg", cfg)
        for name in (cfg.players_file, cfg.players_file + ".txt", cfg.new_players_file):
            read_players(folder / name, cfg, known)
        text, _, warnings = decode(read_input(path), encoding, file, fallback="latin-1")
        state, cut = State(), []
        for st in statements(tokens(text, file), file, cut, options.cut_short):
            self._statement(st, state, cfg, known, file)
        t = self._tournament(path, state, cfg, known, warnings)
        if cut:  # --cut-short: the statement it stops inside left out
            warnings.append(f"{file}: the file is cut short: ranked as it stands; its last statement (line {cut[0]}) "
                            "has no ';' and is left out")
            t = replace(t, metadata=t.metadata + ((READ_CUT_SHORT, file),
                                                  (LEFT_OUT, f"line {cut[0]}: a statement that stops short")))
        return ReadResult(t, tuple(warnings))

    def _statement(self, st: list[Token], state: State, cfg: Config, known, file: str) -> None:
        s, line = shape(st), st[0].line
        where = {"file": file, "place": f"line {line}"}
        if s.startswith("header:") and len(st) == 3 and st[1].text == "=":
            key, value = st[0].text[2:], st[2]
            if key == "Nombre-Rondes" and (value.kind != "int" or not 1 <= int(value.text) <= 100):
                raise BrightwellError(f"#_Nombre-Rondes {value.text!r}: a number of rounds from 1 to 100", **where)
            if key == "BQ-double" and value.kind not in ("int", "half", "double"):
                raise BrightwellError(f"#_BQ-double {value.text!r} is not a number", **where)
            if key in ("Nom-Tournoi", "Date") and value.kind != "string":
                raise BrightwellError(f"#_{key} needs a quoted string", **where)
            state.header[key] = value.text
        elif s == "char:&" or (st[0].text == "&" and st[0].kind == "char"):
            self._registrations(st, state, known, where)
        elif s == "keyword:raz-couplage":
            state.couples.clear()
        elif s == "keyword:ronde-suivante":
            open_ = next((c for c in state.couples if c[2] is None), None)
            if open_ is not None:
                raise BrightwellError(f"round {len(state.closed) + 1} is closed with the game {open_[0]}-{open_[1]} "
                                      f"without a result (Papp cannot validate such a round)", **where)
            state.closed.append((list(state.couples), dict(state.present)))
            state.couples.clear()
        elif st[0].text == "(" and st[0].kind == "char" and st[-1].text == ")":
            self._couple(st[1:-1], state, cfg, where)
        elif not _config_statement(st, cfg, file):
            raise BrightwellError(f"'{_text(st)}' is not a Papp statement", **where)

    @staticmethod
    def _registrations(st, state: State, known, where) -> None:
        body = st[1:]
        if len(body) % 2 or any(body[i].text not in "+-" or body[i + 1].kind != "int" for i in range(0, len(body), 2)):
            raise BrightwellError("a registration list is '& +N -N ...' (a player arriving or leaving)", **where)
        for i in range(0, len(body), 2):
            no = int(body[i + 1].text)
            if no not in known:
                raise BrightwellError(f"player {no} is in no players file (Papp: 'joueur {no} inconnu')", **where)
            if no not in state.present:
                state.order.append(no)
            state.present[no] = body[i].text == "+"
        state.couples[:] = [c for c in state.couples if state.present[c[0]] and state.present[c[1]]]

    @staticmethod
    def _couple(body: list[Token], state: State, cfg: Config, where) -> None:
        kinds = [t.kind for t in body]
        if kinds == ["int", "int"]:
            black, white, discs = int(body[0].text), int(body[1].text), None
        elif kinds in (["int", "int", "int"], ["int", "int", "half"]):
            black, white, discs = int(body[0].text), int(body[1].text), body[2].number
        elif kinds in (["int", "int", "int", "int"], ["int", "half", "int", "half"]):
            black, white, discs = int(body[0].text), int(body[2].text), body[1].number
            if discs + body[3].number != cfg.board:
                raise BrightwellError(f"the discs {body[1].text}+{body[3].text} do not make the total of "
                                      f"{cfg.board} (Papp: 'mauvais total de pions')", **where)
        else:
            raise BrightwellError("a game is (Black White) or (Black discs White discs)", **where)
        if discs is not None and discs > cfg.board:
            raise BrightwellError(f"{discs:g} discs are more than the total of {cfg.board}", **where)
        for no in (black, white):
            if not state.present.get(no):
                raise BrightwellError(f"player {no} is not present: he cannot be paired", **where)
            if state.paired(no):
                raise BrightwellError(f"player {no} is already paired in this round", **where)
        if black == white:
            raise BrightwellError(f"player {black} plays himself", **where)
        state.couples.append((black, white, discs, int(where["place"].split()[1])))

    @staticmethod
    def _tournament(path: Path, state: State, cfg: Config, known, warnings: list[str]) -> Tournament:
        board, bye = cfg.board, cfg.board - cfg.bye  # the player's share of a bye
        bye_points = 1 if 2 * cfg.bye < board else 0 if 2 * cfg.bye > board else 0.5  # updateScores
        rounds = {no: [] for no in state.order}
        for couples, present in state.closed:
            games = _games(couples, board)
            for no, entries in rounds.items():
                entries.append(games.get(no) or (new_entry(Kind.PAB, score=bye, opp_score=cfg.bye)
                                                 if present.get(no) else ABSENT_ENTRY))
        for no, e in _games(state.couples, board).items():  # the round in progress: its pairings (and results)
            rounds[no].append(e)
        players = []
        closed = len(state.closed)
        for no in state.order:
            entries = rounds[no]
            came = [r for r, (_, present) in enumerate(state.closed, 1) if present.get(no)]
            here = state.present[no]
            who = known[no]
            players.append(new_player(
                no, who.name, tuple(entries), rating=who.rating, federation=who.federation,
                late_entry=came[0] if came and came[0] > 1 else None,
                withdrawn_after=came[-1] if came and not here else None,
                extra=((REGISTERED, "yes" if here else "no"),)))
        planned = int(header["Nombre-Rondes"]) if "Nombre-Rondes" in (header := state.header) else None
        held = closed + bool(state.couples)
        if planned is not None and held > planned:
            warnings.append(f"{path}: round {held} is {'paired' if held > closed else 'closed'} past the {planned} "
                            f"rounds #_Nombre-Rondes declares (Papp pairs on): {held} planned")
            planned = held
        entered = sum(c[2] is not None for c in state.couples)
        if entered:
            warnings.append(f"{path}: round {closed + 1} is not closed and holds {entered} result(s): Papp ranks its "
                            f"closed rounds only (--after-round {closed} ranks as Papp does)")
        coef = float(header["BQ-double"]) if "BQ-double" in header else cfg.coef
        if coef is None:
            coef = DEFAULT_COEF
            warnings.append(f"{path}: no #_BQ-double: the Brightwell constant is Papp's default, 6")
        if "Nom-Tournoi" not in header:
            warnings.append(f"{path}: no #_Nom-Tournoi: an old workfile (Papp asks for the tournament's name, "
                            "rounds and constant when it opens one)")
        return Tournament(
            name=header.get("Nom-Tournoi") or path.stem, players=tuple(players),
            rounds=planned,
            scoring=ScoringSystem(pab=bye_points), game="othello", board=board, start_date=_date(header.get("Date")),
            tiebreaks=("PTS", f"BQ:preset=papp:coef={coef:g}", "DISCS"), tie_order="name",
            metadata=tuple((f"papp {k}", v) for k, v in header.items()),
        )


def _games(couples: list[tuple[int, int, float | None, int]], board: int) -> dict:
    """Each player's record of a round's couples (Black first): a game by its discs, or a pairing
    without its result (a couple of the round in progress, ``(B W)``)."""
    games = {}
    for black, white, discs, _ in couples:
        if discs is None:
            games[black] = new_entry(Kind.PAIRED, white, side=Side.FIRST)
            games[white] = new_entry(Kind.PAIRED, black, side=Side.SECOND)
            continue
        res = Result.WIN if 2 * discs > board else Result.LOSS if 2 * discs < board else Result.DRAW
        games[black] = new_entry(Kind.GAME, white, res, Side.FIRST, discs, board - discs)
        games[white] = new_entry(Kind.GAME, black, res.reverse, Side.SECOND, board - discs, discs)
    return games


def _date(text: str | None) -> str | None:
    """Papp's ``#_Date`` (dd/mm/yyyy) as an ISO date."""
    parts = (text or "").strip().split("/")
    if len(parts) == 3 and all(digits(p) for p in parts) and len(parts[2]) == 4:
        return f"{parts[2]}-{int(parts[1]):02d}-{int(parts[0]):02d}"
    return None


@hookimpl
def brightwell_register_formats(register):
    register(PappWorkfileFormat())
