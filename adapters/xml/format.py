"""The native XML format (``xml``): lossless, validated against ``tournament.xsd``."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from brightwell_plugin.adapters.base import About, Format, Holds, ReadOptions, ReadResult
from brightwell_plugin.adapters.numbers import ORDINALS, small_numbers
from brightwell_plugin.adapters.xml.values import WHOLE, number as _num
from brightwell_plugin.adapters.xml.values import whole as _int
from brightwell_plugin.plugin import (
    ABSENT_ENTRY,
    BrightwellError,
    check_round,
    hookimpl,
    Kind,
    MAX_DIGITS,
    new_entry,
    new_player,
    Player,
    PlayoffGame,
    read_input,
    Result,
    RoundEntry,
    ScoringSystem,
    Side,
    stored_totals_disagree,
    Tournament,
)

if TYPE_CHECKING:
    from lxml import etree


def lxml_etree():
    """lxml.etree, imported when XML is first parsed: a command on a TRF file does not pay for it."""
    from lxml import etree
    return etree


NS = "urn:brightwell-plugin:tournament:1"
VERSION = 2  # 2: team events (the teams element); a file without teams is written as version 1
_Q = "{%s}" % NS
_ROUND, _ID, _EXTRA = _Q + "round", _Q + "id", _Q + "extra"
_GAME_LAYOUT = ["n", "kind", "opponent", "result", "side", "score", "opp-score"]  # as written here
_XS = "{http://www.w3.org/2001/XMLSchema}"
_KINDS = {k.value: k for k in Kind}
_RESULTS = {r.value: r for r in Result}
_SIDES = {s.value: s for s in Side}
_VALUE = {m: m.value for m in (*Kind, *Result, *Side)}


class _NothingOpened:
    """libxml2's resolver for every external thing a document names (a DTD, an entity, an
    XInclude): an empty answer, so no file, FIFO or URL is ever opened, whatever the prolog
    scan missed. The DOCTYPE is then refused after parsing."""

    _class = None

    @classmethod
    def make(cls):
        if cls._class is None:
            class Resolver(lxml_etree().Resolver):
                def resolve(self, url, public_id, context):
                    return self.resolve_string("", context)
            cls._class = Resolver
        return cls._class()


def safe_parser() -> etree.XMLParser:
    """An lxml parser that loads no DTD, expands no entity, never touches the network, and
    answers whatever a document names with nothing (:class:`_NothingOpened`)."""
    parser = lxml_etree().XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                                    dtd_validation=False, huge_tree=False, collect_ids=False)  # no xml:id table
    parser.resolvers.add(_NothingOpened.make())
    return parser


_SPACE = re.compile(rb"\s*")
_PROLOG_ITEM = re.compile(rb"<\?.*?\?>|<!--.*?-->", re.S)  # a processing instruction or a comment
_MARKS = (b"\xef\xbb\xbf", b"\x00\x00\xfe\xff", b"\xff\xfe\x00\x00", b"\xfe\xff", b"\xff\xfe")
_NEWLINE = b"\n"


def _wide(data: bytes) -> str | None:
    """UTF-32 or UTF-16, as libxml2 tells them: by a byte-order mark, else by the zero bytes
    around the first character (ASCII in the prolog)."""
    head = data[:4]
    if head in (b"\x00\x00\xfe\xff", b"\xff\xfe\x00\x00"):
        return "utf-32-be" if head[0] == 0 else "utf-32-le"
    if head[:2] in (b"\xfe\xff", b"\xff\xfe"):
        return "utf-16-be" if head[0] == 0xFE else "utf-16-le"
    zeros = tuple(b == 0 for b in head)
    return {(True, True, True, False): "utf-32-be", (False, True, True, True): "utf-32-le",
            (True, False, True, False): "utf-16-be", (False, True, False, True): "utf-16-le"}.get(zeros)


def _markup(data: bytes) -> bytes:
    """The document with its markup in ASCII: UTF-32 and UTF-16 re-encoded, anything else as it
    is (an ASCII superset: the prolog's markup is ASCII)."""
    encoding = _wide(data)
    if encoding is None:
        return data
    width = 4 if "32" in encoding else 2
    return data[: len(data) // width * width].decode(encoding, "replace").encode("utf-8", "replace")


def refuse_doctype(data: bytes, path: Path) -> None:
    """Refuse a DOCTYPE before libxml2 sees the document, wherever it stands in the prolog (after
    any whitespace, comments and processing instructions) and whatever the encoding."""
    text = _markup(data)
    at = _SPACE.match(text, next((len(m) for m in _MARKS if text.startswith(m)), 0)).end()
    while (item := _PROLOG_ITEM.match(text, at)) is not None:
        at = _SPACE.match(text, item.end()).end()
    if text.startswith(b"<!", at) and not text.startswith(b"<!--", at):
        raise BrightwellError("XML with a DOCTYPE (DTD or entities) is refused; nothing it names was opened",
                              file=str(path), place=f"line {text.count(_NEWLINE, 0, at) + 1}")


_WHERE_SUFFIX = re.compile(r",?\s*line \d+, column \d+\s*$")


def libxml2_message(text: str) -> str:
    """libxml2's message on one line, without the position it repeats (the place says it)."""
    text = _WHERE_SUFFIX.sub("", text or "")
    return " ".join(line.strip() for line in re.split(r"\r\n?|\n", text) if line.strip()).rstrip(",") or "malformed"


_ROOT = re.compile(rb"<([A-Za-z_][\w.:-]*)")


def _cut_short(data: bytes, line: int) -> bool:
    """Whether a parse that failed on ``line`` failed because the document stops there: the fault on
    its last line, and the root element (the first after the prolog and comments) never closed."""
    if line < data.count(b"\n") + (0 if data.endswith(b"\n") else 1):
        return False
    body = re.sub(rb"<\?.*?\?>|<!--.*?-->", b"", data[:4096], flags=re.S)
    root = _ROOT.search(body)
    return root is not None and b"</" + root.group(1) not in data


def parse_safely(path: Path, data: bytes | None = None) -> etree._ElementTree:
    """Parse ``path``; a DOCTYPE (DTD, entities) or malformed XML is a one-line error."""
    data = read_input(path) if data is None else data
    refuse_doctype(data, path)
    etree = lxml_etree()
    try:  # from bytes: libxml2 parses a whole buffer faster than it reads a file in chunks
        tree = etree.fromstring(data, safe_parser()).getroottree()
    except etree.XMLSyntaxError as exc:
        line, column = exc.position if exc.position and exc.position[0] else (exc.lineno, None)
        place = f"line {line}" + (f", column {column}" if column else "") if line else None
        if line and _cut_short(data, line):
            raise BrightwellError(f"the file is cut short: its XML stops before its root element closes "
                                  f"({libxml2_message(exc.msg)})", file=str(path), place=f"line {line}") from None
        raise BrightwellError(f"not well-formed XML: {libxml2_message(exc.msg)}", file=str(path),
                              place=place) from None
    if tree.docinfo.doctype or tree.docinfo.internalDTD is not None:
        raise BrightwellError("XML with a DOCTYPE (DTD or entities) is refused", file=str(path), place="line 1")
    return tree


def _schema_document() -> etree._Element:
    from importlib import resources
    data = resources.files("brightwell_plugin.adapters.xml").joinpath("tournament.xsd").read_bytes()
    return lxml_etree().fromstring(data, safe_parser())


@lru_cache(maxsize=1)
def schema() -> etree.XMLSchema:
    """The published schema, ``tournament.xsd``."""
    return lxml_etree().XMLSchema(_schema_document())


@lru_cache(maxsize=1)
def reader_schema() -> etree.XMLSchema:
    """The published schema less two checks the reader makes itself, for less: a round's
    attributes (libxml2 matches a pattern or a list for each value, four thousand per file of 60
    players x 9 rounds) and unique start numbers. What the reader cannot vouch for goes to the full
    :func:`schema`, which judges and words the error."""
    etree = lxml_etree()
    doc = _schema_document()
    round_type = doc.find(f"{_XS}complexType[@name='RoundType']")
    for declared in list(round_type):
        round_type.remove(declared)
    etree.SubElement(round_type, _XS + "anyAttribute", processContents="skip")  # still no child elements
    for unique in list(doc.iter(_XS + "unique")):
        unique.getparent().remove(unique)
    return etree.XMLSchema(doc)


def _check(tree, against: etree.XMLSchema, path) -> None:
    if not against.validate(tree):
        err = against.error_log.last_error
        msg = libxml2_message(re.sub(r"\{%s\}" % re.escape(NS), "", err.message))
        raise BrightwellError(f"does not match the tournament schema: {msg}", file=str(path),
                              place=f"line {err.line}")


class _Converting(dict):
    """A lookup table that converts what it does not hold (for documents the full schema passed)."""

    def __init__(self, table: dict, convert):
        super().__init__(table)
        self.convert = convert

    def __missing__(self, text: str):
        return self.convert(text)


def _too_long(root, path) -> BrightwellError:
    """The first attribute holding a number of more digits than any count, rating or score."""
    for el in root.iter():
        for name, value in el.attrib.items():
            if sum(c.isdigit() for c in value) > MAX_DIGITS and WHOLE.match(value.strip()):
                return BrightwellError(f"{name} has {len(value.strip())} digits: no count, rating or score has "
                                       f"more than {MAX_DIGITS}", file=str(path), place=f"line {el.sourceline}")
    return BrightwellError("a number beyond what the format holds", file=str(path))


def _text(x) -> str:
    kind = type(x)
    if kind is str:
        return x
    if kind is int:
        return str(x)
    if kind is bool:
        return "true" if x else "false"
    if kind is float:
        return str(int(x)) if x.is_integer() and abs(x) < 1e15 else repr(x)
    return str(x)


# A round's attributes as the reader checks them (see reader_schema): the names the schema
# declares, and tables of the valid spellings it vouches for (a miss is a KeyError, and then
# the full schema judges); once the full schema has passed a document, tables that convert any.
ROUND_ATTRIBUTES = frozenset(("n", "kind", "opponent", "result", "side", "score", "opp-score", "rated", "handicap"))


class _Lookups(NamedTuple):
    numbers: dict  # Number
    positive: dict  # PositiveInteger
    booleans: dict  # xs:boolean


_BOOLEANS = {"true": True, "1": True, "false": False, "0": False}
SMALL = small_numbers()  # the vouched lookups hold every small number: a miss means another spelling
_VOUCHED = _Lookups(SMALL, {text: value for text, value in SMALL.items() if value > 0}, _BOOLEANS)
_ANY = _Lookups(_Converting(SMALL, _num), _Converting(SMALL, int),
                _Converting(_BOOLEANS, lambda text: text.strip(" \t\n\r") in ("true", "1")))  # collapsed


class XmlFormat(Format):
    name = "xml"
    about = About("brightwell-plugin native XML (lossless)", (".xml", ".bwx"), can_write=True)
    holds = Holds(carries_playoffs=True, carries_teams=True)

    def sniff(self, path, head):
        return b"<tournament" in head and NS.encode() in head

    def read(self, options: ReadOptions) -> ReadResult:
        path = options.path
        tree = parse_safely(path)
        if reader_schema().validate(tree):
            try:  # lookups that hold only valid spellings: a miss is a KeyError
                t = self._tournament(tree.getroot(), path, _VOUCHED)
                if len({p.start_no for p in t.players}) == len(t.players):
                    return _with_teams(t, tree.getroot(), path)
            except KeyError:
                pass
            except ValueError:  # the schema's integers are unbounded; the model's are not
                raise _too_long(tree.getroot(), path) from None
        _check(tree, schema(), path)  # the full schema judges what the lookups could not vouch for
        try:
            return _with_teams(self._tournament(tree.getroot(), path, _ANY), tree.getroot(), path)
        except ValueError:  # the schema's integers are unbounded; the model's are not
            raise _too_long(tree.getroot(), path) from None

    def _tournament(self, root, path, lookups: _Lookups) -> Tournament:
        a = root.attrib
        if int(a["format-version"]) > VERSION:
            raise BrightwellError(f"format-version {a['format-version']} is newer than this program "
                                  f"understands ({VERSION})", file=str(path), place=f"line {root.sourceline}")
        sc = root.find(_Q + "scoring").attrib
        scoring = ScoringSystem(_num(sc["win"]), _num(sc["draw"]), _num(sc["loss"]), _num(sc["absent"]),
                                _num(sc.get("pab")))
        players = tuple(self._player(el, path, lookups)
                        for el in root.find(_Q + "players").iterchildren(_Q + "player"))
        return Tournament(
            name=a["name"], players=players, rounds=_int(a.get("rounds")), scoring=scoring,
            game=a.get("game"), board=_int(a.get("board")), system=a.get("system", "swiss"),
            start_date=a.get("start-date"), end_date=a.get("end-date"), tie_order=a.get("tie-order", "start"),
            tiebreaks=tuple(el.text or "" for el in root.iterfind(_Q + "tiebreak")),
            metadata=tuple((el.get("key"), el.text or "") for el in root.iterfind(_Q + "meta")),
            playoffs=tuple(self._playoff(el, path) for el in root.iterfind(_Q + "playoff")),
        )

    @staticmethod
    def _playoff(el, path) -> PlayoffGame:
        a = el.attrib
        first, second = int(a["first"]), int(a["second"])
        result = a.get("result")
        return PlayoffGame(a["stage"], first, second, None if result is None else _RESULTS[result],
                           _num(a.get("score")), _num(a.get("opp-score")))

    def _player(self, el, path, lookups: _Lookups) -> Player:
        """``lookups`` turn the round attributes' text into values (see :meth:`read`)."""
        a = dict(zip(el.keys(), el.values()))  # two lxml calls instead of one per attribute
        rounds: list[RoundEntry] = []
        ids, extra = [], []
        kinds, results, sides, ordinals = _KINDS, _RESULTS, _SIDES, ORDINALS
        numbers, positive, booleans = lookups
        for r in el.iterchildren(_ID, _EXTRA):  # the schema orders a player's children: id*, extra*, round*
            if r.tag == _ID:
                ids.append((r.get("scheme"), r.text or ""))
            else:
                extra.append((r.get("key"), r.text or ""))
        for r in el.iterchildren(_ROUND):
            if r.keys() == _GAME_LAYOUT:  # the usual game: its attributes by position
                n, kind, opponent, result, side, score, opp_score = r.values()
                if len(rounds) < 999 and n == ordinals[len(rounds)]:  # the next round, written plainly
                    rounds.append(new_entry(kinds[kind], positive[opponent], results[result], sides[side],
                                             numbers[score], numbers[opp_score]))
                    continue
            get = r.get
            if not ROUND_ATTRIBUTES.issuperset(r.keys()):
                raise KeyError("an attribute the schema does not declare")
            n = positive[get("n")]
            if n != len(rounds) + 1:
                if n <= len(rounds):
                    raise BrightwellError(f"round {n} is out of order or repeated", file=str(path),
                                          place=f"line {r.sourceline}")
                check_round(n, str(path), f"line {r.sourceline}")
                rounds.extend([ABSENT_ENTRY] * (n - 1 - len(rounds)))
            opponent, result, side, score, opp_score, rated, handicap = (
                get("opponent"), get("result"), get("side"), get("score"), get("opp-score"), get("rated"),
                get("handicap"))
            rounds.append(new_entry(
                kinds[get("kind")], None if opponent is None else positive[opponent],
                None if result is None else results[result], None if side is None else sides[side],
                None if score is None else numbers[score], None if opp_score is None else numbers[opp_score],
                rated is None or booleans[rated], 0 if handicap is None else positive[handicap],
            ))
        return new_player(
            start_no=int(a["start-no"]), name=a["name"], rounds=tuple(rounds), rating=_int(a.get("rating")),
            federation=a.get("federation"), title=a.get("title"), sex=a.get("sex"),
            birth_date=a.get("birth-date"), late_entry=_int(a.get("late-entry")),
            withdrawn_after=_int(a.get("withdrawn-after")), bonus=_num(a.get("bonus")) or 0,
            stored_points=_num(a.get("points")),
            stored_rank=_int(a.get("rank")),
            ids=tuple(ids), extra=tuple(extra), listed=a.get("listed", "true").strip() in ("true", "1"),
        )

    def dumps(self, t: Tournament) -> bytes:
        """The document as lxml's pretty printer lays it out, written directly as text (fast)."""
        out = ["<?xml version='1.0' encoding='UTF-8'?>\n<tournament",
               _attrs((("xmlns", NS), ("format-version", 1 if t.teams is None else VERSION), ("name", t.name),
                       ("rounds", t.rounds),
                       ("game", t.game), ("board", t.board), ("system", t.system), ("start-date", t.start_date), ("end-date", t.end_date),
                       ("tie-order", None if t.tie_order == "start" else t.tie_order)),
                      "the tournament"), ">\n  <scoring"]
        s = t.scoring
        out += (_attrs((("win", s.win), ("draw", s.draw), ("loss", s.loss), ("absent", s.absent), ("pab", s.pab)),
                       "scoring"), "/>\n")
        for item in t.tiebreaks:
            out += ("  ", _element("tiebreak", (), item, "a tie-break"), "\n")
        for key, value in t.metadata:
            out += ("  ", _element("meta", (("key", key),), value, f"metadata {key!r}"), "\n")
        if not t.players:
            out.append("  <players/>\n")
            return "".join(self._playoffs(t, out)).encode()
        out.append("  <players>\n")
        for p in t.players:
            out += ("    <player", _attrs(
                (("start-no", p.start_no), ("name", p.name), ("rating", p.rating), ("federation", p.federation),
                 ("title", p.title), ("sex", p.sex), ("birth-date", p.birth_date), ("late-entry", p.late_entry),
                 ("withdrawn-after", p.withdrawn_after), ("bonus", p.bonus or None), ("points", p.stored_points),
                 ("rank", p.stored_rank), ("listed", None if p.listed else "false")), f"player {p.start_no}"))
            if not (p.ids or p.extra or p.rounds):
                out.append("/>\n")
                continue
            out.append(">\n")
            where = f"player {p.start_no}"
            for scheme, value in p.ids:
                out += ("      ", _element("id", (("scheme", scheme),), value, where), "\n")
            for key, value in p.extra:
                out += ("      ", _element("extra", (("key", key),), value, where), "\n")
            for n, e in enumerate(p.rounds, 1):
                score, opp_score = e.score, e.opp_score
                if (type(score) is int and type(opp_score) is int and e.opponent is not None and e.result is not None
                        and e.side is not None and e.rated and not e.handicap):  # the usual game, in one piece
                    out.append(f'      <round n="{n}" kind="{_VALUE[e.kind]}" opponent="{e.opponent}" '
                               f'result="{_VALUE[e.result]}" side="{_VALUE[e.side]}" score="{score}" '
                               f'opp-score="{opp_score}"/>\n')
                    continue
                out += ('      <round n="', str(n), '" kind="', _VALUE[e.kind], '"')
                if e.opponent is not None:
                    out += (' opponent="', str(e.opponent), '"')
                if e.result is not None:
                    out += (' result="', _VALUE[e.result], '"')
                if e.side is not None:
                    out += (' side="', _VALUE[e.side], '"')
                if e.score is not None:
                    out += (' score="', _text(e.score), '"')
                if e.opp_score is not None:
                    out += (' opp-score="', _text(e.opp_score), '"')
                if e.handicap:
                    out += (' handicap="', str(e.handicap), '"')
                out.append('/>\n' if e.rated else ' rated="false"/>\n')
            out.append("    </player>\n")
        out.append("  </players>\n")
        return "".join(self._playoffs(t, out)).encode()

    @staticmethod
    def _playoffs(t: Tournament, out: list[str]) -> list[str]:
        """The teams (version 2), the play-off games and the end of the document."""
        if t.teams is not None:
            from brightwell_plugin.adapters.xml.teams import write_teams  # team files only (benchmarks/bench_start.py)
            out += write_teams(t.teams, _attrs, _element)
        for g in t.playoffs:
            out += ("  <playoff", _attrs((("stage", g.stage), ("first", g.first), ("second", g.second),
                                          ("result", None if g.result is None else g.result.value),
                                          ("score", g.score), ("opp-score", g.opp_score)), "a play-off game"),
                    "/>\n")
        out.append("</tournament>\n")
        return out


def _with_teams(t: Tournament, root, path) -> ReadResult:
    """``t`` with the teams of the document's ``teams`` element, if it has one; stored team totals
    that are not what the matches give said."""
    el = root.find(_Q + "teams")
    if el is None:
        return ReadResult(t)
    # a team file only (benchmarks/bench_start.py)
    from brightwell_plugin.adapters.xml.teams import read_teams
    try:
        section = read_teams(el, t, path)
    except ValueError as exc:  # a number of the section no match or team can hold
        raise BrightwellError(f"the teams: {exc}", file=str(path), place=f"line {el.sourceline}") from None
    return ReadResult(replace(t, teams=section), tuple(f"{path}: {line}" for line in stored_totals_disagree(section)))


# XML 1.0 cannot carry C0 controls (but tab, newline, CR), surrogates, U+FFFE and U+FFFF.
_UNWRITABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_ATTR_SPECIAL = re.compile('[&<>"\n\r\t]')
_ATTR_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                               "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"})


def _escaped(value, table, where: str) -> str:
    if type(value) is int or type(value) is float:  # digits, sign, point, exponent: nothing to escape
        return _text(value)
    text = _text(value)
    if _UNWRITABLE.search(text):
        bad = _UNWRITABLE.search(text).group()
        raise BrightwellError(f"cannot write XML: {where} holds U+{ord(bad):04X}, which XML cannot carry")
    return text.translate(table) if _ATTR_SPECIAL.search(text) else text


def _attrs(pairs, where: str) -> str:
    return "".join(f' {key}="{_escaped(value, _ATTR_ESCAPES, where)}"' for key, value in pairs if value is not None)


def _element(tag: str, pairs, text: str, where: str) -> str:
    return f"<{tag}{_attrs(pairs, where)}>{_escaped(text, _TEXT_ESCAPES, where)}</{tag}>"


@hookimpl
def brightwell_register_formats(register):
    register(XmlFormat())
