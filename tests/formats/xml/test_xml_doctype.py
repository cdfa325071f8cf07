"""No file a DOCTYPE names is ever opened, by any XML reader, wherever the DOCTYPE stands in the
prolog and whatever the document's encoding: refused in one line, and libxml2 given nothing to open
even where the refusal's scan is fooled (strace and a FIFO check it)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from brightwell_plugin import api
from brightwell_plugin.adapters.xml.format import parse_safely
from brightwell_plugin.errors import BrightwellError

RUN = [sys.executable, "-m", "brightwell_plugin.cli"]
ROOTS = {  # each XML reader's root element
    "xml": '<tournament xmlns="urn:brightwell-plugin:tournament:1"/>',
    "opengotha": '<Tournament dataVersion="201"><Players/></Tournament>',
    "chess-results": "<chessresults/>",
}
PROLOGUES = {  # what may stand before the DOCTYPE
    "plain": "",
    "comment": "<!-- a comment -->\n",
    "processing instruction": "<?pi some data?>\n",
    "beyond 1 MiB of whitespace": " " * (1 << 20) + "\n",
    "beyond 1 MiB of comments": "<!---->" * 160_000 + "\n",
}
ENCODINGS = ("utf-8", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be")


def document(root: str, prologue: str, dtd: str, encoding: str = "utf-8", declaration: bool = True) -> bytes:
    head = f'<?xml version="1.0" encoding="{encoding.upper()}"?>\n' if declaration else ""
    text = f'{head}{prologue}<!DOCTYPE t SYSTEM "{dtd}" [<!ENTITY e SYSTEM "{dtd}">]>\n{root}\n'
    return text.encode(encoding)


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("declaration", [True, False], ids=["declared", "undeclared"])
@pytest.mark.parametrize("prologue", PROLOGUES.values(), ids=PROLOGUES.keys())
def test_a_doctype_is_refused_before_parsing_wherever_it_stands(tmp_path, prologue, encoding, declaration):
    doc = tmp_path / "t.xml"
    doc.write_bytes(document(ROOTS["xml"], prologue, str(tmp_path / "x.dtd"), encoding, declaration))
    with pytest.raises(BrightwellError, match=r"t.xml: line \d+: XML with a DOCTYPE \(DTD or entities\) is "
                                              "refused; nothing it names was opened"):
        parse_safely(doc)


def test_what_a_doctype_names_is_never_opened_even_when_the_scan_misses_it(tmp_path, monkeypatch):
    """The second line of defence: libxml2's resolver answers every name with nothing."""
    from brightwell_plugin.adapters.xml import format as xml_format
    monkeypatch.setattr(xml_format, "refuse_doctype", lambda data, path: None)
    fifo = tmp_path / "x.dtd"
    os.mkfifo(fifo)  # opening it would block the test for ever
    doc = tmp_path / "t.xml"
    doc.write_bytes(document(ROOTS["xml"], "", str(fifo)))
    with pytest.raises(BrightwellError, match="t.xml: line 1: XML with a DOCTYPE .* is refused"):
        parse_safely(doc)


@pytest.mark.parametrize("fmt", ROOTS)
def test_each_reader_refuses_a_doctype_behind_a_long_prologue(tmp_path, fmt):
    doc = tmp_path / "t.xml"
    doc.write_bytes(document(ROOTS[fmt], PROLOGUES["beyond 1 MiB of whitespace"], str(tmp_path / "x.dtd"), "utf-32"))
    with pytest.raises(BrightwellError, match="DOCTYPE"):
        api.load(doc, format=fmt)


@pytest.mark.slow
@pytest.mark.skipif(not shutil.which("strace"), reason="strace is not installed (.ci/run installs it)")
def test_a_batch_of_doctypes_naming_a_fifo_finishes_and_opens_none(tmp_path):
    """Every reader, prologue and encoding in one batch, traced: each file refused, the FIFO
    they name never opened (opening it would hang the batch)."""
    fifo = tmp_path / "evil.dtd"
    os.mkfifo(fifo)
    folder = tmp_path / "in"
    folder.mkdir()
    cases = 0
    for fmt, root in ROOTS.items():
        for n, prologue in enumerate(PROLOGUES.values()):
            for encoding in ("utf-8", "utf-16-le", "utf-32"):
                (folder / f"{fmt}-{n}-{encoding}.xml").write_bytes(document(root, prologue, str(fifo), encoding))
                cases += 1
    log = tmp_path / "trace.log"
    out = subprocess.run(["strace", "-f", "-qq", "-e", "trace=open,openat,openat2", "-o", str(log),
                          *RUN, "batch", str(folder), "--out", str(tmp_path / "out"), "--jobs", "2"],
                         capture_output=True, text=True, timeout=300)
    trace = log.read_text()
    assert "chess-results-0-utf-8.xml" in trace, "strace saw the documents opened"  # the trace works
    assert str(fifo) not in trace
    failures = [line for line in out.stderr.splitlines() if line.startswith("failed:")] or \
        [line for line in out.stdout.splitlines() if line.startswith("failed:")]
    assert f"0 ranked, 0 skipped, {cases} failed of {cases} files" in out.stdout + out.stderr, out.stdout + out.stderr
    assert len(failures) == cases and all("XML with a DOCTYPE (DTD or entities) is refused" in line
                                          for line in failures), failures
