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
from brightwell_plugin.zips import inflate, refuse_large_directory, unsafe_name

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
    return inflate(zf, info, str(path), min(MAX_MEMBER, max_input()))


MAX_MEMBERS = 1000  # a Swiss Perfect zip holds a handful of files


def _from_zip(path: Path) -> Trio:
    check_regular(path)
    if path.stat().st_size > max_input():
        raise too_large(str(path), max_input())
    refuse_large_directory(path, MAX_MEMBERS, "a tournament's zip")
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
            if unsafe_name(name):
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
