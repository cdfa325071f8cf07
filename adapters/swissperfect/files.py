"""Finding a Swiss Perfect trio (.ini .trn .sco): one of its files, its folder, or a zip.

Zips are treated as hostile: members with absolute or ``..`` paths, oversized members and
suspicious compression ratios are refused before anything is extracted (nothing is written to
disk; members are read into memory).
"""

from __future__ import annotations

import os
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.limits import check_regular, max_input, read_input, too_large

PARTS = (".ini", ".trn", ".sco")
MAX_MEMBER = 32 * 1024 * 1024
MAX_RATIO = 200


@dataclass(frozen=True, slots=True)
class Trio:
    stem: str
    files: dict[str, bytes]  # ".ini" / ".trn" / ".sco" -> content
    names: dict[str, str]  # part -> name for messages


def is_zip(path: Path) -> bool:
    return path.is_file() and zipfile.is_zipfile(path)


def locate(path: Path) -> Trio:
    if path.is_dir():
        return _from_folder(path)
    if path.suffix.lower() in PARTS:
        return _from_siblings(path)
    if is_zip(path):
        return _from_zip(path)
    raise BrightwellError("not a Swiss Perfect file, folder or zip", file=str(path))


def _pick(candidates: dict[str, list[str]], where: str, need=PARTS) -> tuple[str, dict[str, str]]:
    stems = {name.rsplit(".", 1)[0].lower() for names in candidates.values() for name in names}
    if len(stems) > 1:
        raise BrightwellError(f"holds Swiss Perfect files of different stems ({', '.join(sorted(stems))})",
                              file=where)
    for part in need:
        if not candidates.get(part):
            raise BrightwellError(f"has no {part} file (a Swiss Perfect tournament is .ini + .trn + .sco)",
                                  file=where)
    chosen = {part: names[0] for part, names in candidates.items() if names}
    return stems.pop(), chosen


def _from_siblings(path: Path) -> Trio:
    folder, stem = path.parent, path.name[: -len(path.suffix)]
    upper = path.suffix.isupper()
    # a FIFO or folder of the set's name is found too, and refused as what it is when read
    found = {part: p for part in PARTS if (p := path.with_suffix(part.upper() if upper else part)).exists()}
    if len(found) < len(PARTS):  # names in another case: look through the folder
        with os.scandir(folder) as entries:
            for entry in entries:
                name, dot, suffix = entry.name.rpartition(".")
                part = "." + suffix.lower()
                if dot and part in PARTS and part not in found and name.lower() == stem.lower():
                    found[part] = folder / entry.name
    for part in (".trn", ".sco"):
        if part not in found:
            raise BrightwellError(f"the {part} file beside it is missing (looked for {stem}{part})", file=str(path))
    return Trio(stem, {k: read_input(v) for k, v in found.items()}, {k: str(v) for k, v in found.items()})


def _from_folder(folder: Path) -> Trio:
    candidates: dict[str, list[str]] = {}
    for p in sorted(folder.iterdir()):
        if p.is_file() and p.suffix.lower() in PARTS:
            candidates.setdefault(p.suffix.lower(), []).append(p.name)
    stem, chosen = _pick(candidates, str(folder), need=(".trn", ".sco"))
    return Trio(stem, {k: read_input(folder / n) for k, n in chosen.items()},
                {k: str(folder / n) for k, n in chosen.items()})


def _inflate(zf: zipfile.ZipFile, info: zipfile.ZipInfo, path: Path) -> bytes:
    """A member's bytes, counted as they are inflated and stopped at the limit: a member's
    declared size is never trusted."""
    limit = min(MAX_MEMBER, max_input())
    chunks, total = [], 0
    try:
        with zf.open(info) as member:
            while chunk := member.read(1 << 16):
                total += len(chunk)
                if total > limit:
                    raise BrightwellError(f"zip member '{info.filename}' inflates past {limit} bytes; "
                                          "nothing more was read", file=str(path))
                chunks.append(chunk)
    except BrightwellError:
        raise
    except Exception as exc:  # noqa: BLE001 - bad CRC, corrupt stream, encryption, unknown method, bad header
        raise BrightwellError(f"zip member '{info.filename}' cannot be read ({exc})", file=str(path)) from None
    return b"".join(chunks)


MAX_MEMBERS = 1000  # a Swiss Perfect zip holds a handful of files
_END = b"PK\x05\x06"  # the end of central directory record


def _refuse_large_directory(path: Path) -> None:
    """Refuse a zip whose central directory lists more than :data:`MAX_MEMBERS` entries, from its
    end record and the entries counted where zipfile finds them, before zipfile builds an object
    for each (it reads the directory to its end, whatever the end record counts)."""
    size = path.stat().st_size
    with open(path, "rb") as fh:
        fh.seek(max(0, size - (22 + 0xFFFF)))  # the end record, after which a comment of up to 64 KiB
        tail = fh.read()
    at = tail.rfind(_END)
    if at < 0 or len(tail) < at + 22:
        return  # zipfile says what is wrong
    entries = int.from_bytes(tail[at + 10:at + 12], "little")
    directory = int.from_bytes(tail[at + 12:at + 16], "little")
    zip64 = entries == 0xFFFF or (at >= 20 and tail[at - 20:at - 16] == b"PK\x06\x07")  # its locator
    if entries > MAX_MEMBERS or directory > MAX_MEMBERS * (46 + 0xFFFF) or zip64:
        said = "a ZIP64 directory" if zip64 else f"{entries} entries"
    elif _entries(path, size - len(tail) + at - directory, directory) > MAX_MEMBERS:  # zipfile reads them all
        said = f"more entries than its end record's {entries}"
    else:
        return
    raise BrightwellError(f"a zip of {said}: more than the {MAX_MEMBERS} a tournament's zip may hold; "
                          "nothing was read", file=str(path))


def _entries(path: Path, start: int, size: int) -> int:
    """How many entries the central directory at ``start`` holds, counted up to one past
    :data:`MAX_MEMBERS` (each header read alone: a few kilobytes, whatever the directory's size)."""
    count, at = 0, start
    with open(path, "rb") as fh:
        while at < start + size and count <= MAX_MEMBERS and at >= 0:
            fh.seek(at)
            head = fh.read(46)
            if len(head) < 46 or head[:4] != b"PK\x01\x02":
                break  # not an entry: zipfile says what is wrong
            at += 46 + sum(int.from_bytes(head[k:k + 2], "little") for k in (28, 30, 32))
            count += 1
    return count


def _from_zip(path: Path) -> Trio:
    check_regular(path)
    if path.stat().st_size > max_input():
        raise too_large(str(path), max_input())
    _refuse_large_directory(path)
    try:
        zf = zipfile.ZipFile(path)
    except Exception as exc:  # noqa: BLE001 - zipfile parses a hostile directory; any failure is "unreadable"
        raise BrightwellError(f"not a readable zip ({type(exc).__name__}: {exc})", file=str(path)) from None
    with zf:
        candidates: dict[str, list[str]] = {}
        infos: dict[str, zipfile.ZipInfo] = {}
        for info in zf.infolist():
            name = info.filename
            if not name:
                raise BrightwellError("a zip member has no name", file=str(path))
            pure = PurePosixPath(name.replace("\\", "/"))
            if pure.is_absolute() or ".." in pure.parts or ":" in name:
                raise BrightwellError(f"zip member '{name}' has an unsafe path; nothing was extracted", file=str(path))
            if info.is_dir():
                continue
            if info.file_size > MAX_MEMBER or (info.compress_size and info.file_size / info.compress_size > MAX_RATIO
                                                and info.file_size > 1024 * 1024):
                raise BrightwellError(f"zip member '{name}' is too large ({info.file_size} bytes)", file=str(path))
            suffix = ("." + pure.name.rsplit(".", 1)[1].lower()) if "." in pure.name else ""
            if suffix in PARTS:
                if pure.name in infos:  # the same member twice, or in two folders: which one is meant?
                    other = infos[pure.name].filename
                    said = "appears twice" if other == name else f"and '{other}' have one name"
                    raise BrightwellError(f"zip member '{name}' {said}: which one is meant is unclear", file=str(path))
                candidates.setdefault(suffix, []).append(pure.name)
                infos[pure.name] = info
        if not candidates:  # no Swiss Perfect file at all: say what the zip is
            raise BrightwellError(_not_swiss_perfect(zf), file=str(path))
        stem, chosen = _pick(candidates, str(path))
        files = {part: _inflate(zf, infos[name], path) for part, name in chosen.items()}
    return Trio(stem, files, {k: f"{path}!{n}" for k, n in chosen.items()})


_OFFICE = (("xl/", "an Excel workbook (.xlsx)"), ("word/", "a Word document (.docx)"),
           ("ppt/", "a PowerPoint presentation (.pptx)"))


def _not_swiss_perfect(zf: zipfile.ZipFile) -> str:
    """What a zip holding no Swiss Perfect file is, by its members' names (none is read)."""
    names = [i.filename for i in zf.infolist() if not i.is_dir()]
    what = None
    if "[Content_Types].xml" in names:
        what = next((kind for folder, kind in _OFFICE if any(n.startswith(folder) for n in names)),
                    "an Office Open XML document")
    elif "mimetype" in names and any(n.endswith("content.xml") for n in names):
        what = "an OpenDocument file (.ods, .odt)"
    elif any(n == "META-INF/MANIFEST.MF" for n in names):
        what = "a Java archive (.jar)"
    if what:
        return f"{what}, not a Swiss Perfect tournament (.ini + .trn + .sco) nor another event file"
    shown = ", ".join(re.sub(r"[\x00-\x1f\x7f]", "?", n)[:60] for n in names[:3]) + (" …" if len(names) > 3 else "") \
        if names else "nothing"
    return (f"a zip holding {shown}: no Swiss Perfect tournament (.ini + .trn + .sco), the one event a zip is read "
            "for" + ("; unzip it to read another event file" if names else ""))
