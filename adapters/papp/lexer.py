"""Papp's configuration and workfile language, tokenised as Papp's own lexer does (``src/pap.l``).

``papp.cfg`` and ``papp-internal-workfile.txt`` are one language: statements ending in ``;``,
line breaks anywhere, keywords in any case, ``"quoted"`` strings, whole numbers, numbers with a
half (``32.5``) and decimals. ``%`` and ``#`` start a comment to the end of the line, except
``%_`` (skipped alone, the line read on) and the header keywords ``#_Nom-Tournoi``,
``#_Nombre-Rondes``, ``#_BQ-double`` and ``#_Date``. Papp writes ``% Resultats de la ronde 1``
comments and wraps its ``&`` lists over several lines (``couplage.c``); both are read as Papp
reads them. A word that is no keyword, or a byte above 127, is a syntax error, as in Papp.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.limits import MAX_DIGITS, cut_short

KEYWORDS = frozenset("""
fichier joueurs nouveaux intermediaire inter resultats classement equipes appariements tableau-croise
elo log trace dossier true false xml penalites penalite pays zone-insertion brightwell bq-double
sauvegarde immediate differee impression manuelle automatique affichage-pions normal absolu
differentiel relatif score-bip ronde-suivante raz-couplage toutes-rondes table-toutes-rondes
round-robin-table fois demi-point demi-points couleur couleurs flottement cumule minoration
anti-cumule elitisme repetition memes-couleurs couleurs-opposees de-suite bip-bip chauvinisme
ronde rondes infini
""".split())
HEADERS = ("#_Nom-Tournoi", "#_Nombre-Rondes", "#_BQ-double", "#_Date")

# (kind, pattern) in pap.l's order: the longest match wins, the first rule on a tie
_RULES = [(kind, re.compile(pattern)) for kind, pattern in (
    ("bom", "\ufeff"),
    ("int", r"[0-9]+"),
    ("half", r"[0-9]+\.[05]"),
    ("double", r"[0-9]*\.[0-9]+"),
    ("space", r"[ \t\x00]+"),
    ("skip", r"%"),
    ("skip", r"%_"),
    ("skip", r"%[^_!\n\r][^\n\r]*"),
    ("skip", r"#"),
    ("skip", r"#[^_\n\r][^\n\r]*"),
    *(("header", re.escape(h)) for h in HEADERS),
    ("skip", r"%![^\n\r]*"),
    ("string", r'"[^\n\r"]*"'),
    ("unclosed", r'"[^\n\r"]*'),
    ("newline", r"\r\n|[\n\r]"),
    ("word", r"[a-zA-Z][a-zA-Z\-]*"),
    ("char", r"[\s\S]"),
)]


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # int, half, double, string, keyword, header, char
    text: str  # a keyword lower-cased; a string without its quotes
    line: int

    @property
    def number(self) -> float:
        return float(self.text)


def _longest(rules, text: str, pos: int) -> tuple[str, int]:
    """The rule flex applies at ``pos``: the longest match, the first rule listed on a tie."""
    kind, length = "char", 0
    for k, pattern in rules:
        m = pattern.match(text, pos)
        if m and len(m.group()) > length:
            kind, length = k, len(m.group())
    return kind, length


def tokens(text: str, file: str) -> list[Token]:
    """The tokens of a configuration or workfile text; a syntax error Papp reports is refused here."""
    out: list[Token] = []
    pos, line, end = 0, 1, len(text)
    while pos < end:
        kind, length = _longest(_RULES, text, pos)
        piece = text[pos:pos + length]
        pos += length
        if kind == "newline":
            line += 1
        elif kind == "word":
            word = piece.lower()
            if word not in KEYWORDS:
                raise BrightwellError(f"unknown keyword '{piece}' (Papp reads none but its own)", file=file,
                                      place=f"line {line}")
            out.append(Token("int", str(2**63 - 1), line) if word == "infini" else Token("keyword", word, line))
        elif kind == "string":
            out.append(Token("string", piece[1:-1], line))
        elif kind == "unclosed":
            raise BrightwellError("unmatched quotes", file=file, place=f"line {line}")
        elif kind == "char":
            if ord(piece) > 127:
                raise BrightwellError(f"character {piece!r} outside a quoted string or comment (Papp refuses it)",
                                      file=file, place=f"line {line}")
            out.append(Token("char", piece, line))
        elif kind in ("int", "half", "double", "header"):
            if kind != "header" and length > MAX_DIGITS:
                raise BrightwellError(f"a number of {length} digits (no count, score or rating has more than "
                                      f"{MAX_DIGITS})", file=file, place=f"line {line}")
            out.append(Token(kind, piece, line))
    return out


def statements(toks: list[Token], file: str, cut: list[int] | None = None,
               cut_short_allowed: bool = False) -> list[list[Token]]:
    """The statements, each without its ``;`` (a ``;`` inside ``{ }`` belongs to the statement). A
    last one without it stops short: the file is cut short, refused, or (``--cut-short``:
    ``cut_short_allowed``) the statement left out, its line added to ``cut``."""
    out: list[list[Token]] = []
    current: list[Token] = []
    depth = 0
    for t in toks:
        if t.kind == "char" and t.text == "{":
            depth += 1
        elif t.kind == "char" and t.text == "}":
            depth -= 1
        if t.kind == "char" and t.text == ";" and depth <= 0:
            depth = 0
            if current:
                out.append(current)
            current = []
        else:
            current.append(t)
    if current:  # Papp ends every statement with one: the file stops inside its last
        if cut is None:  # a file read whole or not at all (papp.cfg)
            raise BrightwellError("the last statement has no ';' (Papp expects one)", file=file,
                                  place=f"line {current[0].line}")
        if not cut_short_allowed:
            raise cut_short(file, "its last statement has no ';' (Papp ends every statement with one)",
                            f"line {current[0].line}")
        cut.append(current[0].line)
    return out


def shape(statement: list[Token]) -> str:
    """A statement's shape, for matching: ``( int int int int )``, ``keyword:ronde-suivante``."""
    return " ".join(t.text if t.kind == "char" else f"{t.kind}:{t.text}" if t.kind in ("keyword", "header")
                    else t.kind for t in statement)


# -- the players file (``joueurs``), read in Papp's other lexer state (UNQUOTED) ----------------------

_PLAYER_RULES = [(kind, re.compile(pattern)) for kind, pattern in (
    ("bom", "\ufeff"),
    ("int", r"[0-9]+"),
    ("space", r"[ \t\x00]+"),
    ("skip", r"%(?:[^_!\n\r][^\n\r]*)?|%_|#(?:[^_\n\r][^\n\r]*)?|%![^\n\r]*"),
    ("string", r'"[^\n\r"]*"'),
    ("pays", r"^[Pp]ays"),
    ("skip", r"^[Ff]ederation[^\n\r]*"),
    ("newline", r"\r\n|[\n\r]"),
    ("string", r"[a-z_A-Z'][a-z_A-Z'0-9\-.]*"),
    ("comment", r"'[^\n\r\x00]*"),
    ("char", r"[\s\S]"),
)]


def player_lines(text: str) -> list[tuple[int, list[Token]]]:
    """Each line of a players file as tokens (line breaks end a player's description)."""
    lines: list[tuple[int, list[Token]]] = []
    for n, raw in enumerate(re.split(r"\r\n|\r|\n", text), 1):
        pos, toks = 0, []
        while pos < len(raw):
            kind, length = _longest(_PLAYER_RULES, raw, pos)
            piece = raw[pos:pos + length]
            pos += length
            if kind == "string":
                toks.append(Token("string", piece[1:-1] if piece.startswith('"') else piece, n))
            elif kind in ("int", "char", "comment", "pays"):
                if kind == "int" and length > MAX_DIGITS:
                    raise BrightwellError(f"a number of {length} digits (no id or rating has more than {MAX_DIGITS})",
                                          place=f"line {n}")
                toks.append(Token(kind, piece, n))
        if toks:
            lines.append((n, toks))
    return lines
