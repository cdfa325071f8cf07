"""The native XML format (``xml``): lossless, validated against ``tournament.xsd``."""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from pathlib import Path

from lxml import etree

from brightwell_plugin.adapters.base import Format, ReadResult
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.hookspecs import hookimpl
from brightwell_plugin.model import Kind, Player, Result, RoundEntry, ScoringSystem, Side, Tournament

NS = "urn:brightwell-plugin:tournament:1"
VERSION = 1
_Q = "{%s}" % NS
_INT = re.compile(r"^-?[0-9]+$")
_KINDS = {k.value: k for k in Kind}
_RESULTS = {r.value: r for r in Result}
_SIDES = {s.value: s for s in Side}
_VALUE = {m: m.value for m in (*Kind, *Result, *Side)}


def safe_parser() -> etree.XMLParser:
    """An lxml parser that loads no DTD, expands no entity and never touches the network."""
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                           dtd_validation=False, huge_tree=False)


def parse_safely(path: Path) -> etree._ElementTree:
    """Parse ``path``; a DOCTYPE (DTD, entities) or malformed XML is a one-line error."""
    try:
        tree = etree.parse(str(path), safe_parser())
    except etree.XMLSyntaxError as exc:
        line = exc.lineno or (exc.position[0] if exc.position else None)
        raise BrightwellError(f"not well-formed XML: {exc.msg}", file=str(path),
                              place=f"line {line}" if line else None) from None
    if tree.docinfo.doctype or tree.docinfo.internalDTD is not None:
        raise BrightwellError("XML with a DOCTYPE (DTD or entities) is refused", file=str(path), place="line 1")
    return tree


@lru_cache(maxsize=1)
def schema() -> etree.XMLSchema:
    data = resources.files("brightwell_plugin.adapters").joinpath("tournament.xsd").read_bytes()
    return etree.XMLSchema(etree.fromstring(data, safe_parser()))


def _num(text: str | None):
    if text is None:
        return None
    return int(text) if text.isdigit() or _INT.match(text) else float(text)


def _int(text: str | None):
    return None if text is None else int(text)


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


class XmlFormat(Format):
    name = "xml"
    title = "brightwell-plugin native XML (lossless)"
    suffixes = (".xml", ".bwx")
    can_write = True

    def sniff(self, path, head):
        return b"<tournament" in head and NS.encode() in head

    def read(self, path, *, encoding=None):
        tree = parse_safely(path)
        s = schema()
        if not s.validate(tree):
            err = s.error_log.last_error
            msg = re.sub(r"\{%s\}" % re.escape(NS), "", err.message)
            raise BrightwellError(f"does not match the tournament schema: {msg}", file=str(path),
                                  place=f"line {err.line}")
        return ReadResult(self._tournament(tree.getroot(), path))

    def _tournament(self, root, path) -> Tournament:
        a = root.attrib
        if int(a["format-version"]) > VERSION:
            raise BrightwellError(f"format-version {a['format-version']} is newer than this program "
                                  f"understands ({VERSION})", file=str(path), place=f"line {root.sourceline}")
        sc = root.find(_Q + "scoring").attrib
        scoring = ScoringSystem(_num(sc["win"]), _num(sc["draw"]), _num(sc["loss"]), _num(sc["absent"]),
                                _num(sc.get("pab")))
        players = tuple(self._player(el, path) for el in root.find(_Q + "players"))
        return Tournament(
            name=a["name"], players=players, rounds=_int(a.get("rounds")), scoring=scoring,
            game=a.get("game"), board=_int(a.get("board")), system=a.get("system", "swiss"),
            start_date=a.get("start-date"),
            tiebreaks=tuple(el.text or "" for el in root.iterfind(_Q + "tiebreak")),
            metadata=tuple((el.get("key"), el.text or "") for el in root.iterfind(_Q + "meta")),
        )

    def _player(self, el, path) -> Player:
        a = el.attrib
        rounds: list[RoundEntry] = []
        for r in el.iterfind(_Q + "round"):
            n = int(r.get("n"))
            if n <= len(rounds):
                raise BrightwellError(f"round {n} is out of order or repeated", file=str(path),
                                      place=f"line {r.sourceline}")
            while len(rounds) < n - 1:
                rounds.append(RoundEntry(Kind.ABSENT))
            get = r.get
            rounds.append(RoundEntry(
                _KINDS[get("kind")], _int(get("opponent")), _RESULTS.get(get("result")), _SIDES.get(get("side")),
                _num(get("score")), _num(get("opp-score")), get("rated", "true") in ("true", "1"),
            ))
        return Player(
            start_no=int(a["start-no"]), name=a["name"], rounds=tuple(rounds), rating=_int(a.get("rating")),
            federation=a.get("federation"), title=a.get("title"), sex=a.get("sex"),
            birth_date=a.get("birth-date"), late_entry=_int(a.get("late-entry")),
            withdrawn_after=_int(a.get("withdrawn-after")), bonus=_num(a.get("bonus")) or 0,
            stored_points=_num(a.get("points")),
            stored_rank=_int(a.get("rank")),
            ids=tuple((i.get("scheme"), i.text or "") for i in el.iterfind(_Q + "id")),
            extra=tuple((x.get("key"), x.text or "") for x in el.iterfind(_Q + "extra")),
        )

    def dumps(self, t: Tournament) -> bytes:
        try:
            root = self._build(t)
        except ValueError as exc:  # lxml refuses text XML cannot hold (control characters)
            raise BrightwellError(f"cannot write XML: {exc}") from None
        return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)

    def _build(self, t: Tournament):
        E = etree.Element
        root = E(_Q + "tournament", nsmap={None: NS})
        _set(root, ("format-version", VERSION), ("name", t.name), ("rounds", t.rounds), ("game", t.game),
             ("board", t.board), ("system", t.system), ("start-date", t.start_date))
        s = t.scoring
        _set(etree.SubElement(root, _Q + "scoring"), ("win", s.win), ("draw", s.draw), ("loss", s.loss),
             ("absent", s.absent), ("pab", s.pab))
        for item in t.tiebreaks:
            etree.SubElement(root, _Q + "tiebreak").text = item
        for key, value in t.metadata:
            m = etree.SubElement(root, _Q + "meta", key=key)
            m.text = value
        players = etree.SubElement(root, _Q + "players")
        for p in t.players:
            el = etree.SubElement(players, _Q + "player")
            _set(el, ("start-no", p.start_no), ("name", p.name), ("rating", p.rating),
                 ("federation", p.federation), ("title", p.title), ("sex", p.sex), ("birth-date", p.birth_date),
                 ("late-entry", p.late_entry), ("withdrawn-after", p.withdrawn_after),
                 ("bonus", p.bonus or None),
                 ("points", p.stored_points), ("rank", p.stored_rank))
            for scheme, value in p.ids:
                etree.SubElement(el, _Q + "id", scheme=scheme).text = value
            for key, value in p.extra:
                etree.SubElement(el, _Q + "extra", key=key).text = value
            tag = _Q + "round"
            for n, e in enumerate(p.rounds, 1):
                attrib = {"n": str(n), "kind": _VALUE[e.kind]}
                if e.opponent is not None:
                    attrib["opponent"] = str(e.opponent)
                if e.result is not None:
                    attrib["result"] = _VALUE[e.result]
                if e.side is not None:
                    attrib["side"] = _VALUE[e.side]
                if e.score is not None:
                    attrib["score"] = _text(e.score)
                if e.opp_score is not None:
                    attrib["opp-score"] = _text(e.opp_score)
                if not e.rated:
                    attrib["rated"] = "false"
                etree.SubElement(el, tag, attrib)
        return root


def _set(el, *pairs) -> None:
    el.attrib.update({key: _text(value) for key, value in pairs if value is not None})


class XmlPlugin:
    """Built-in plugin: the native XML format."""

    @hookimpl
    def brightwell_register_formats(self, register):
        register(XmlFormat())


plugin = XmlPlugin()
