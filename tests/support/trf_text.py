"""A TRF file as this project writes it for a pairing engine (format ``trf-engine``), for comparing
such files with their originals: what an engine refuses is written in TRF's own form
(adapters/trf/format.py). Format ``trf`` gives a file read back as it was."""

from __future__ import annotations

import re

from brightwell_plugin.adapters import codes
from brightwell_plugin.adapters.trf.cells import refused_cells, respelt_fields


def as_written(original: bytes) -> bytes:
    """A file as ``trf-engine`` writes it unchanged: byte for byte, but for what a pairing engine
    refuses, written in TRF's own form (adapters/trf/format.py): each round cell with a dash and no
    result, a bye with a blank opponent or a blank between rounds (masked here: its form depends on
    the stored points), a title or sex spelt otherwise (``g`` as ``GM``), an empty 132 record (left
    out), a 001 line shorter than 84 columns padded; without a byte-order mark. (An XXR, and an XXS
    beside a 162, the writer adds are taken out of the written file by :func:`same_but_dash_cells`.)"""
    original = original.removeprefix(b"\xef\xbb\xbf")  # the byte-order mark left out
    lines = re.split(rb"(\r\n|\r|\n)", original)  # the endings kept, between the lines
    out = []
    for k in range(0, len(lines), 2):
        line, end = lines[k], lines[k + 1] if k + 1 < len(lines) else b""
        if line.rstrip() == b"132":
            continue
        if line.startswith(b"001") or line.startswith(b"\xef\xbb\xbf001"):
            try:  # columns count characters: a UTF-8 file's, else a byte each
                text, encoding = line.decode("utf-8"), "utf-8"
            except UnicodeDecodeError:
                text, encoding = line.decode("latin-1"), "latin-1"
            for field in respelt_fields(text):
                if field == "title":
                    text = text[:10] + codes.title(text[10:13]).rjust(3) + text[13:]
                else:
                    text = text[:9] + codes.sex(text[9]) + text[10:]
            for b in refused_cells(text):
                text = text[:b] + "\x00" * 8 + text[b + 8:]
            if len(text) < 84:  # the engines read 84 columns at least
                text = text.rstrip().ljust(89)
            line = text.encode(encoding)
        out += [line, end]
    return b"".join(out)


_AT_LINE = rb"(?:\A|(?<=[\r\n]))"  # the start of a line, whichever its ending (a CR alone too)


def same_but_dash_cells(written: bytes, original: bytes) -> bool:
    """``written`` is ``original`` (:func:`as_written`), but for the masked cells, each written as TRF's
    H, Z, F, U or a blank, and for one XXR line and one XXS line added where the original has none."""
    masked, got = as_written(original), written
    if not re.search(_AT_LINE + rb"XXR", original):
        got = re.sub(_AT_LINE + rb"XXR \d+(\r\n|\r|\n)", b"", got, count=1)
    if not re.search(_AT_LINE + rb"XXS", original):  # the engines' scoring, beside a 162
        got = re.sub(_AT_LINE + rb"XXS [^\r\n]*(\r\n|\r|\n)", b"", got, count=1)
    if len(masked) != len(got):
        return False
    parts = masked.split(b"\x00" * 8)
    pos = 0
    for k, part in enumerate(parts):
        if got[pos:pos + len(part)] != part:
            return False
        pos += len(part)
        if k < len(parts) - 1:
            if got[pos:pos + 8] not in (b"0000 - H", b"0000 - Z", b"0000 - F", b"0000 - U", b" " * 8):
                return False
            pos += 8
    return pos == len(got)
