"""Mutated real files: the fault model of docs/reliability.md, and what counts as a clean outcome.

A *seed* is one event's files (a Swiss Perfect trio, a Papp workfile with its papp.cfg, or one
file). A mutant changes one of them by one :data:`MUTATIONS` step; reading it must end in a ranked
event or in a one-line ``BrightwellError`` naming the file -- nothing else, and never a hang.

Run ``python tests/support/mutants.py --count 20000`` for the long local run (figures in docs/reliability.md).
"""

from __future__ import annotations

import argparse
import collections
import io
import os
import random
import re
import resource
import shutil
import signal
import sys
import tempfile
import traceback
import zipfile
from dataclasses import dataclass
from pathlib import Path

from brightwell_plugin import api
from brightwell_plugin.errors import BrightwellError
try:
    from support.samples import research
except ImportError:  # run as a script: python tests/support/mutants.py
    from samples import research

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"
SHARED = research("formats")
TEAMS = research("teams")  # team events (TRF team records, Chess-JSON teams)
SWISS_MANAGER = research("corpus", "turn4", "swissmanager_tunx")  # Swiss-Manager's binaries
SWISS_CHESS = research("corpus", "turn5", "swt")  # Swiss-Chess's .SWT (beside an independent decoder's JSON, no event)
SHARLY = research("corpus", "turn5", "sharly_events")  # Sharly-Chess's event files (SQLite)
TOURNEY_JS = research("corpus", "turn5", "tsh_tourneyjs")  # tsh's published JavaScript
PAPI = research("corpus", "turn5", "papi")  # Papi's files (Access Jet 4 databases)
PAIRGOTH = research("corpus", "turn5", "pairgoth_tour")  # pairgoth's .tour (JSON)
SPECS = (None, "PTS,BQ:preset=woc,DISCS,BH")
WATCHDOG_SECONDS = 60      # a mutant still being read after this long has hung
MEMORY_HEADROOM = 1 << 30  # and one that needs another GiB has escaped the input limits
_SKIP = {"PROVENANCE.md", "README.md", "tournament.dtd", "config.tsh", "papp.cfg", "joueurs"}
_SIDE_FILES = ("-wal", "-shm", "-journal")  # what SQLite leaves beside a database it opened: no event
EMPTY_IS_VALID = {"papp-workfile"}  # Papp writes its workfile, header only, before any player is entered


@dataclass(frozen=True)
class Seed:
    name: str
    files: dict[str, bytes]  # relative name -> bytes; the first is the one read
    main: str


def seeds(folders=(FIXTURES, SHARED, TEAMS, SWISS_MANAGER, SWISS_CHESS, SHARLY, TOURNEY_JS, PAPI, PAIRGOTH)) -> list[Seed]:
    """Every event under ``folders``, each with the companion files its reader opens."""
    out, seen = [], set()
    for folder in folders:
        if not folder.exists():
            continue
        for p in sorted(q for q in folder.rglob("*") if q.is_file()):
            if p.name in _SKIP or p.suffix in (".md", ".dtd") or p.name.endswith(_SIDE_FILES) or p in seen \
                    or (folder == SWISS_CHESS and p.suffix == ".json"):
                continue
            members = [q for q in api.event_files(p) if q.is_file()]
            if p.suffix.lower() in (".ini", ".sco") and any(q.suffix.lower() == ".trn" for q in members):
                continue  # the trio is seeded once, from its .trn
            seen.update(members)
            out.append(Seed(str(p.relative_to(folder.parent)), {q.name: q.read_bytes() for q in members}, p.name))
    trio = sorted((FIXTURES / "sp").glob("othello_open.*"))
    if FIXTURES in folders and trio:  # a Swiss Perfect zip, made from the fixture trio
        out.append(Seed("fixtures/sp/othello_open.zip (made)", {"othello_open.zip": _zipped(trio)}, "othello_open.zip"))
    return out


def _zipped(files) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for f in files:
            if f.suffix in (".ini", ".trn", ".sco"):
                z.write(f, f.name)
    return buffer.getvalue()


# --- mutations: each takes the bytes and a random source, and returns other bytes ---------------

_NUMBER = re.compile(rb"-?\d+(?:\.\d+)?")
_ODD_NUMBERS = (b"99999999999999999999", b"2147483647", b"-2147483648", b"1e23", b"NaN", b"inf",
                b"-1", b"0", b"", b"0x10", b"\xd9\xa1\xd9\xa2", b"1.5e308", b"00000000000000000007",
                b"\xc2\xb9", b"1\xc2\xb2", b"9" * 5000, b"1e308", b"Infinity", b"100000000", b"-0", b"2025-050x1")
_INSERTS = (b"\x00", b"\r", b"\n", b"\x1b[31m", b"\xff\xfe", b"<!DOCTYPE x SYSTEM \"/dev/zero\">", b"&x;",
            b"]]>", b"\"", b"'", b",", b";", b"%", b"{", b"}", b"\t", b"\xc3", b"\xef\xbb\xbf")


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True) or [b""]


def flip_bytes(data: bytes, rnd: random.Random) -> bytes:
    b = bytearray(data)
    for _ in range(rnd.randint(1, 8)):
        if b:
            b[rnd.randrange(len(b))] = rnd.randrange(256)
    return bytes(b)


def truncate(data: bytes, rnd: random.Random) -> bytes:
    return data[:rnd.randrange(len(data) + 1)]


def duplicate_line(data: bytes, rnd: random.Random) -> bytes:
    lines = _lines(data)
    i = rnd.randrange(len(lines))
    return b"".join(lines[:i + 1] + [lines[i]] * rnd.choice((1, 2, 50)) + lines[i + 1:])


def delete_line(data: bytes, rnd: random.Random) -> bytes:
    lines = _lines(data)
    del lines[rnd.randrange(len(lines))]
    return b"".join(lines)


def swap_lines(data: bytes, rnd: random.Random) -> bytes:
    lines = _lines(data)
    i, j = rnd.randrange(len(lines)), rnd.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"".join(lines)


def odd_number(data: bytes, rnd: random.Random) -> bytes:
    found = list(_NUMBER.finditer(data))
    if not found:
        return flip_bytes(data, rnd)
    m = rnd.choice(found)
    return data[:m.start()] + rnd.choice(_ODD_NUMBERS) + data[m.end():]


def insert_bytes(data: bytes, rnd: random.Random) -> bytes:
    i = rnd.randrange(len(data) + 1)
    return data[:i] + rnd.choice(_INSERTS) + data[i:]


def reencode(data: bytes, rnd: random.Random) -> bytes:
    text = data.decode("utf-8", "replace")
    encoding = rnd.choice(("utf-16", "utf-16-be", "utf-32", "latin-1", "cp1252", "utf-8-sig", "cp437"))
    return text.encode(encoding, "replace")


_JSON_VALUE = re.compile(rb'(?<=:)\s*(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|null|true|false|"(?:[^"\\\n]|\\.)*")')
_OTHER_TYPES = (b' "x"', b" 2.5", b" 1e23", b" true", b" null", b" []", b" {}", b" -3", b' "7"')


def retype(data: bytes, rnd: random.Random) -> bytes:
    """A value after a colon (a JSON member) becomes one of another type."""
    found = list(_JSON_VALUE.finditer(data))
    if not found:
        return odd_number(data, rnd)
    m = rnd.choice(found)
    return data[:m.start()] + rnd.choice(_OTHER_TYPES) + data[m.end():]


_JSON_NUMBER = re.compile(rb"(?<=[:\[,])\s*-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?")
_JSON_ODD = (b" " + b"9" * 5000, b" 1e308", b" -1e308", b" NaN", b" Infinity", b" -Infinity", b" 1e-400", b" 1E400",
             b' "1e308"', b' "NaN"', b" 100000000", b' "\xc2\xb9"')


def json_number(data: bytes, rnd: random.Random) -> bytes:
    """A JSON number (a member's value or an array's item) becomes one no tournament holds."""
    found = list(_JSON_NUMBER.finditer(data))
    if not found:
        return odd_number(data, rnd)
    m = rnd.choice(found)
    return data[:m.start()] + rnd.choice(_JSON_ODD) + data[m.end():]


def json_depth(data: bytes, rnd: random.Random) -> bytes:
    """A JSON value wrapped in arrays or objects, thousands deep."""
    found = list(_JSON_VALUE.finditer(data))
    if not found:
        return insert_bytes(data, rnd)
    m = rnd.choice(found)
    depth = rnd.choice((50, 2_000, 200_000))
    opening, closing = (b"[" * depth, b"]" * depth) if rnd.random() < 0.5 else (b'{"a":' * depth, b"}" * depth)
    return data[:m.start()] + opening + data[m.start():m.end()] + closing + data[m.end():]


_XML_DECLARATION = re.compile(rb"^\s*<\?xml[^>]*\?>", re.S)


def xml_prologue(data: bytes, rnd: random.Random) -> bytes:
    """An XML document's prologue grown (whitespace beyond 1 MiB, comments, processing
    instructions) before a DOCTYPE naming a device, perhaps in UTF-16 or UTF-32."""
    if not data.lstrip().startswith(b"<"):
        return insert_bytes(data, rnd)
    m = _XML_DECLARATION.match(data)
    body = data[m.end():] if m else data
    filler = rnd.choice((b" " * ((1 << 20) + 10), b"<!-- c -->" * 200, b"<?pi x?>\n" * 50, b"\n"))
    doctype = rnd.choice((b'<!DOCTYPE x SYSTEM "/dev/zero">\n', b'<!DOCTYPE x [<!ENTITY e SYSTEM "/dev/zero">]>\n', b""))
    text = filler + doctype + body
    encoding = rnd.choice(("utf-8", "utf-16", "utf-16-le", "utf-32", "utf-32-be"))
    return text.decode("utf-8", "replace").encode(encoding, "replace") if encoding != "utf-8" else text


_TEAM_RECORD = re.compile(rb"^(?:013|310|300|320|330|360|362|801|802)[^\r\n]*", re.M)


def team_record(data: bytes, rnd: random.Random) -> bytes:
    """A TRF team record (roster, team line, fielded boards, match points) loses, repeats or
    changes one of its fields."""
    found = list(_TEAM_RECORD.finditer(data))
    if not found:
        return odd_number(data, rnd)
    m = rnd.choice(found)
    line = m.group()
    fields = list(re.finditer(rb"\S+", line))[1:] or list(re.finditer(rb"\S+", line))
    f = rnd.choice(fields)
    new = rnd.choice((b"", f.group() + b" " + f.group(), b"0", b"9999", b"-1", rnd.choice(_ODD_NUMBERS),
                      b" " * len(f.group())))
    return data[:m.start() + f.start()] + new + data[m.start() + f.end():]


_JET = b"\x00\x01\x00\x00Standard Jet DB\x00"
_JET_ODD = (0, 1, 2, 3, 0x7F, 0xFF, 0x100, 0x1FFF, 0x4000, 0x8000, 0xC000, 0xFFFF, 0x10000, 0x7FFFFFFF, 0xFFFFFFFF)
# where a Jet 4 page keeps its counts and pointers: (page type, offset, bytes)
_JET_FIELDS = ((1, 4, 4), (1, 12, 2), (1, 14, 2), (1, 16, 2), (1, 18, 2), (2, 4, 4), (2, 16, 4), (2, 43, 2), (2, 45, 2),
               (2, 47, 4), (2, 51, 4), (2, 55, 4), (2, 59, 4), (2, 63 + 5, 2), (2, 63 + 21, 2), (2, 63 + 23, 2),
               (0, 0x14, 1), (0, 0x3E, 4))


def jet_field(data: bytes, rnd: random.Random) -> bytes:
    """In an Access (Jet 4) database, a count or pointer of one page (a data page's owner, row count
    or a row's offset; a definition's next page, row count, column counts, index count or usage
    map; a column's number, offset or length; the version) set to a value no database holds; or a
    row's own count, offset table or null mask changed at its end. Other files: a flipped byte."""
    if not data.startswith(_JET) or len(data) < 3 * 4096:
        return flip_bytes(data, rnd)
    b = bytearray(data)
    pages = len(b) // 4096
    if rnd.random() < 0.3:  # the end of a row: its null mask, variable-value count and offsets
        page = rnd.randrange(1, pages) * 4096
        if b[page] == 1 and int.from_bytes(b[page + 12:page + 14], "little"):
            k = rnd.randrange(min(int.from_bytes(b[page + 12:page + 14], "little"), 100))
            start = int.from_bytes(b[page + 14 + 2 * k:page + 16 + 2 * k], "little") & 0x1FFF
            end = 4096 if k == 0 else int.from_bytes(b[page + 12 + 2 * k:page + 14 + 2 * k], "little") & 0x1FFF
            if start < end <= 4096:
                at = page + rnd.randrange(start, end)
                b[at] = rnd.choice((0, 0xFF, rnd.randrange(256)))
                return bytes(b)
    kind, offset, size = rnd.choice(_JET_FIELDS)
    candidates = [p for p in range(pages) if b[p * 4096] == kind] or [0]
    at = rnd.choice(candidates) * 4096 + offset
    value = rnd.choice(_JET_ODD + (pages, pages - 1, pages + 1, rnd.randrange(pages)))
    b[at:at + size] = (value & ((1 << 8 * size) - 1)).to_bytes(size, "little")
    return bytes(b)


# --- the binary formats and tourney.js, by their own grammar -----------------------------------

_SM_MAGIC, _SM_SETTINGS, _SM_PAIRINGS = b"\x93\xff\x89\x44", b"\x95\xff\x89\x44", b"\xb3\xff\x89\x44"
_SM_FIELDS = ((15, 2), (21, 1), (23, 2), (27, 2), (31, 2), (33, 2), (51, 2), (53, 2), (92, 2))  # (at, width): the
# settings' kind, current round, players, rounds, tie-breaks' count and first code, teams, boards, the bye's points
_SM_VALUES = (0, 1, 2, 3, 9, 65534, 65535, 32767, 1001)


def sm_field(data: bytes, rnd: random.Random) -> bytes:
    """A Swiss-Manager file: a value of its settings (a count, the kind, the rounds, the teams), or
    a field of one pairing record (white, black: u16; the result: a byte), given a value out of its
    place (0 against the bye, a team count in an individual event …)."""
    settings, pairings = data.find(_SM_SETTINGS), data.find(_SM_PAIRINGS)
    if not data.startswith(_SM_MAGIC) or settings < 0:
        return flip_bytes(data, rnd)
    if pairings >= 0 and rnd.random() < 0.5:
        records = (len(data) - 36 - pairings - 4) // 21  # a bound: other sections may follow the pairings
        field = rnd.choice((0, 2, 4))
        at, width = pairings + 4 + 21 * rnd.randrange(max(records, 1)) + field, 1 if field == 4 else 2
    else:
        offset, width = rnd.choice(_SM_FIELDS)
        at = settings + offset
    value = rnd.choice(_SM_VALUES + (rnd.randrange(65536),)) % 256 ** width
    return data[:at] + value.to_bytes(width, "little") + data[at + width:]


_SCE_MAGIC = b"SQLite format 3\x00"
_SCE_COLUMNS = {"tournament_player": ("player_id", "pairing_number", "tournament_id"),
                "player": ("id", "ratings", "gender", "title", "fide_id", "last_name"),
                "pairing": ("player_id", "round", "result", "board_id"),
                "board": ("white_player_id", "black_player_id", "id"),
                "tournament": ("rounds", "name", "tie_breaks", "player_rating_type", "pab_value", "start_date")}
_SCE_VALUES = ("x", "7", b"\x00\x01", 1.5, -1, 0, None, 10 ** 15, "[]", "{}", '{"1": [1, 2]}',
               '{"1": {"type": [1], "value": 1500}}', '{"1": {"fide": "x", "national": [1]}}', "[" * 500, "\ud800")


def sce_value(data: bytes, rnd: random.Random) -> bytes:
    """A Sharly-Chess event file: one value of a column its reader uses (an id, a pairing number, a
    result, a JSON column) given another type, a value out of range or malformed JSON."""
    import sqlite3
    if not data.startswith(_SCE_MAGIC):
        return flip_bytes(data, rnd)
    con = sqlite3.connect(":memory:")
    try:
        con.deserialize(data)
        table = rnd.choice(sorted(_SCE_COLUMNS))
        have = {row[1] for row in con.execute(f'PRAGMA table_info("{table}")')}
        columns = [c for c in _SCE_COLUMNS[table] if c in have]
        rows = con.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0] if columns else 0
        if not rows:
            return flip_bytes(data, rnd)
        value = rnd.choice(_SCE_VALUES)
        value = value.encode("utf-8", "surrogatepass") if isinstance(value, str) and "\ud800" in value else value
        con.execute(f'UPDATE "{table}" SET "{rnd.choice(columns)}" = ? WHERE rowid = '
                    f'(SELECT rowid FROM "{table}" LIMIT 1 OFFSET ?)', (value, rnd.randrange(rows)))
        con.commit()
        return con.serialize()
    except sqlite3.Error:
        return flip_bytes(data, rnd)
    finally:
        con.close()


_JS_VALUE = re.compile(rb'(?<=:)(?:-?[0-9.]+|"(?:[^"\\\n]|\\.)*"|undefined|null|true|false)')
_JS_KEY = re.compile(rb'"([A-Za-z_$][A-Za-z0-9_$]*)"(?=\s*:)')
_JS_ODD = (b"undefined", b".5", b"-.5", b"5.", b"'x'", b'"\\ud800"', b'"a\\\nb"', b"NaN", b"[,]", b"{a:1,}",
           b"0x10", b'"\\x4"', b"[undefined,]", b"/* c */1", b'"\\07"', b"1e999", b"[" * 300, b"-")


def js_literal(data: bytes, rnd: random.Random) -> bytes:
    """A tourney.js as JavaScript allows (and tsh or a formatter writes): a value become another
    literal (undefined, .5, a single-quoted string, an escape), a key unquoted, a comma left before
    a closing bracket."""
    choice = rnd.random()
    found = list((_JS_KEY if choice < 0.3 else _JS_VALUE).finditer(data))
    if choice >= 0.85:
        found = list(re.finditer(rb"[\]}]", data))
    if not found:
        return retype(data, rnd)
    m = rnd.choice(found)
    if choice < 0.3:
        return data[:m.start()] + m.group(1) + data[m.end():]
    if choice >= 0.85:
        return data[:m.start()] + b"," + data[m.start():]
    return data[:m.start()] + rnd.choice(_JS_ODD) + data[m.end():]


MUTATIONS = (flip_bytes, truncate, duplicate_line, delete_line, swap_lines, odd_number, insert_bytes, reencode,
             retype, json_number, json_depth, xml_prologue, team_record, sm_field, sce_value, js_literal,
             jet_field)


# --- outcome --------------------------------------------------------------------------------------

class Hang(BaseException):
    """Raised by the watchdog; a BaseException so that no reader's ``except Exception`` swallows it."""


def _on_alarm(signum, frame):
    raise Hang(f"still running after {WATCHDOG_SECONDS} s")


def _vm_size() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[0]) * resource.getpagesize()


class Guard:
    """Within: a watchdog alarm, and an address-space limit one GiB above what is in use."""

    def __enter__(self):
        self.old_handler = signal.signal(signal.SIGALRM, _on_alarm)
        signal.alarm(WATCHDOG_SECONDS)
        self.old_limit = resource.getrlimit(resource.RLIMIT_AS)
        hard = self.old_limit[1]
        soft = _vm_size() + MEMORY_HEADROOM
        resource.setrlimit(resource.RLIMIT_AS, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))
        return self

    def __exit__(self, *exc):
        signal.alarm(0)
        signal.signal(signal.SIGALRM, self.old_handler)
        resource.setrlimit(resource.RLIMIT_AS, self.old_limit)
        return False


def outcome(path: Path, names: tuple[str, ...] = (), further: bool = False) -> tuple[str, str]:
    """``("ranked" | "refused" | "UNCLEAN", detail)`` for reading and ranking ``path``; a refusal
    must name ``path`` or one of the other files ``names`` it was read with. ``further``: what is
    read is also explained and converted to every writable format (:func:`further_outcome`)."""
    try:
        with Guard():
            loaded = api.load(path)
            if not loaded.tournament.players and loaded.format not in EMPTY_IS_VALID:
                return "UNCLEAN", "read as an event with no players"
            for spec in SPECS:
                try:
                    api.rank(loaded.tournament, spec)
                except BrightwellError as exc:
                    if "\n" in str(exc):
                        return "UNCLEAN", f"message on several lines: {str(exc)!r}"
            problem = further_outcome(loaded, path) if further else None
            return ("UNCLEAN", problem) if problem else ("ranked", "")
    except BrightwellError as exc:
        message = str(exc)
        if "\n" in message or "\r" in message:
            return "UNCLEAN", f"message on several lines: {message!r}"
        if not exc.file or not any(name in message for name in (path.name, *names)):
            return "UNCLEAN", f"message names no file: {message!r}"
        return "refused", message
    except (Exception, Hang, MemoryError, RecursionError) as exc:  # noqa: BLE001 - the point is to see all
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return "UNCLEAN", f"{type(exc).__name__}: {exc} ({Path(where.filename).name}:{where.lineno})"


def further_outcome(loaded, path: Path) -> str | None:
    """What is wrong after a file read and ranked: its explanations, and each conversion, which
    must write a file that ``rank`` reads and ranks, or refuse in one line naming the output."""
    from brightwell_plugin import conversion
    t = loaded.tournament
    try:
        api.explain_everyone(t)
    except BrightwellError as exc:
        if "\n" in str(exc):
            return f"explain: message on several lines: {str(exc)!r}"
        return None  # the file's own list does not rank it: a conversion carries that list as it is
    host = api.get_host()
    with tempfile.TemporaryDirectory(prefix="brightwell-converted-") as tmp:
        for name, fmt in sorted(host.formats.items()):
            if not fmt.can_write:
                continue
            target = fmt.output_name(Path(tmp) / name)
            try:
                conversion.convert(t, fmt, target, renumber=True, host=host)
            except BrightwellError as exc:
                if "\n" in str(exc) or str(target.name) not in str(exc) and path.name not in str(exc):
                    return f"convert to {name}: message names no file or is on several lines: {str(exc)!r}"
                continue
            try:
                api.rank(api.load(target, host=host).tournament)
            except BrightwellError as exc:
                return f"convert to {name} wrote a file that rank refuses: {exc}"
    return None


def mutant_outcome(seed: Seed, mutation, rnd: random.Random, folder: Path, further: bool = False) -> tuple[str, str]:
    """Write ``seed`` into ``folder`` with one of its files mutated, and read it."""
    target = rnd.choice(sorted(seed.files))
    for name, data in seed.files.items():
        (folder / name).write_bytes(mutation(data, rnd) if name == target else data)
    try:
        return outcome(folder / seed.main, tuple(seed.files), further)
    finally:
        for name in seed.files:
            (folder / name).unlink(missing_ok=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="", help="only the events whose path holds this text")
    ap.add_argument("--mutation", default="", help="only this mutation")
    ap.add_argument("--further", action="store_true", help="also explain and convert what reads")
    ap.add_argument("--even", action="store_true", help="each suffix as often, whatever its number of events")
    args = ap.parse_args(argv)
    rnd, all_seeds = random.Random(args.seed), [s for s in seeds() if args.only in s.name]
    mutations = [m for m in MUTATIONS if args.mutation in m.__name__]
    by_suffix = collections.defaultdict(list)
    for s in all_seeds:
        by_suffix[Path(s.main).suffix.lower()].append(s)
    suffixes = sorted(by_suffix)
    counts, by_format, unclean = collections.Counter(), collections.Counter(), []
    folder = Path(tempfile.mkdtemp(prefix="brightwell-mutants-"))
    try:
        for i in range(args.count):
            seed = rnd.choice(by_suffix[rnd.choice(suffixes)]) if args.even else rnd.choice(all_seeds)
            mutation = rnd.choice(mutations)
            kind, detail = mutant_outcome(seed, mutation, random.Random(rnd.random()), folder, args.further)
            counts[kind] += 1
            by_format[Path(seed.main).suffix.lower() or seed.main, kind] += 1
            if kind == "UNCLEAN":
                unclean.append(f"{seed.name} {mutation.__name__} #{i}: {detail}")
                print(unclean[-1], file=sys.stderr)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"{args.count} mutants of {len(all_seeds)} events (seed {args.seed}): "
          + ", ".join(f"{counts[k]} {k.lower()}" for k in ("ranked", "refused", "UNCLEAN")))
    for suffix in sorted({s for s, _ in by_format}):
        print(f"  {suffix:12} " + "  ".join(f"{k.lower()} {by_format[suffix, k]}" for k in ("ranked", "refused", "UNCLEAN")))
    return 1 if unclean else 0


if __name__ == "__main__":
    os.environ.setdefault("BRIGHTWELL_MAX_INPUT", "64M")
    sys.exit(main())
