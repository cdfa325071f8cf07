"""Hostile input (issue 14): nothing named by a file is opened, nothing reads without bound."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile

import pytest

from brightwell_plugin import api
from brightwell_plugin.errors import BrightwellError, one_line

RUN = [sys.executable, "-m", "brightwell_plugin.cli"]


def test_a_doctype_naming_a_fifo_is_refused_without_opening_it(tmp_path):
    fifo = tmp_path / "x.dtd"
    os.mkfifo(fifo)
    doc = tmp_path / "t.xml"
    doc.write_text(f'<?xml version="1.0"?>\n<!-- c -->\n<!DOCTYPE tournament SYSTEM "{fifo}">\n'
                   '<tournament xmlns="urn:brightwell-plugin:tournament:1"/>\n')
    out = subprocess.run([*RUN, "rank", str(doc)], capture_output=True, text=True, timeout=60)  # opening it would block
    assert out.returncode == 2
    assert out.stderr.strip().endswith("t.xml: line 3: XML with a DOCTYPE (DTD or entities) is refused; "
                                       "nothing it names was opened")


def test_a_fifo_given_as_input_is_refused_before_it_is_opened(tmp_path):
    fifo = tmp_path / "event.trf"
    os.mkfifo(fifo)
    for fmt in (None, "trf"):
        with pytest.raises(BrightwellError, match="event.trf: is a FIFO, not a regular file"):
            api.load(fifo, format=fmt)


def test_the_input_limit_is_overridable_and_bounds_the_read(tmp_path, monkeypatch):
    monkeypatch.setenv("BRIGHTWELL_MAX_INPUT", "1K")
    big = tmp_path / "event.xml"
    big.write_bytes(api.sample_path().read_bytes())
    with pytest.raises(BrightwellError, match="event.xml: larger than the input limit of 1024 bytes"):
        api.load(big)
    monkeypatch.setenv("BRIGHTWELL_MAX_INPUT", "64M")
    assert api.load(big).tournament.players


def test_a_zip_member_lying_about_its_size_is_stopped_at_the_limit(tmp_path, monkeypatch):
    from brightwell_plugin.adapters import sp_files
    monkeypatch.setattr(sp_files, "MAX_MEMBER", 100_000)
    z = tmp_path / "bomb.zip"
    with zipfile.ZipFile(z, "w", zipfile.ZIP_DEFLATED) as zf:
        for part in (".ini", ".trn", ".sco"):
            zf.writestr(f"e{part}", b"\0" * 5_000_000)
    raw = bytearray(z.read_bytes())  # every size field says 1,000 bytes: the central directory and local headers
    for sig, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        at = raw.find(sig)
        while at >= 0:
            raw[at + offset:at + offset + 4] = (1000).to_bytes(4, "little")
            at = raw.find(sig, at + 4)
    z.write_bytes(bytes(raw))
    with pytest.raises(BrightwellError, match=r"bomb.zip: zip member 'e\.\w+' (inflates past 100000 bytes|cannot be read)"):
        api.load(z, format="swissperfect")


def test_a_corrupt_zip_member_is_a_one_line_error(tmp_path):
    z = tmp_path / "crc.zip"
    with zipfile.ZipFile(z, "w", zipfile.ZIP_STORED) as zf:
        for part in (".ini", ".trn", ".sco"):
            zf.writestr(f"e{part}", b"content of " + part.encode() * 50)
    raw = bytearray(z.read_bytes())
    raw[40] ^= 0xFF  # inside the first member's data: its CRC no longer holds
    z.write_bytes(bytes(raw))
    with pytest.raises(BrightwellError, match=r"crc.zip: zip member 'e\.ini' cannot be read \(Bad CRC"):
        api.load(z, format="swissperfect")


def test_duplicate_zip_members_are_refused(tmp_path):
    z = tmp_path / "dup.zip"
    import warnings
    with warnings.catch_warnings(), zipfile.ZipFile(z, "w") as zf:
        warnings.simplefilter("ignore")
        for name in ("e.ini", "e.trn", "e.sco", "e.sco"):
            zf.writestr(name, b"x")
    with pytest.raises(BrightwellError, match="dup.zip: zip member 'e.sco' appears twice"):
        api.load(z, format="swissperfect")


def test_rank_output_onto_its_input_is_refused(tmp_path):
    src = tmp_path / "event.xml"
    src.write_bytes(api.sample_path().read_bytes())
    before = src.read_bytes()
    out = subprocess.run([*RUN, "rank", str(src), "-o", str(src)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "event.xml: is an input file" in out.stderr
    assert src.read_bytes() == before


def test_messages_escape_control_characters():
    assert one_line("a\nb\x1b[31mc\td") == "a\\nb\\x1b[31mc\\td"
    assert one_line("Ölçer — fine") == "Ölçer — fine"


def test_a_file_name_with_escapes_is_printed_escaped(tmp_path):
    bad = tmp_path / "evil\x1b[2J\nname.trf"
    bad.write_bytes(b"")
    out = subprocess.run([*RUN, "rank", str(bad)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "\x1b" not in out.stderr and len(out.stderr.strip().splitlines()) == 1
    assert "evil\\x1b[2J\\nname.trf" in out.stderr


def test_stale_temporaries_of_live_runs_are_left(tmp_path):
    from brightwell_plugin.batch import clean_stale_temporaries
    live = tmp_path / f".a.xml.{os.getppid()}-3.tmp"
    dead_pid = 2 ** 22 + 12345  # above the default pid_max: no such process
    dead = tmp_path / f".b.xml.{dead_pid}-0.tmp"
    live.write_bytes(b"in flight")
    dead.write_bytes(b"left")
    assert clean_stale_temporaries(tmp_path) == 1
    assert live.exists() and not dead.exists()
