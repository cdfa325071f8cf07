"""Run FIDE's checker (gacrux, in-process) and ``brightwell-tiebreakchecker`` on one command line,
and say how their outputs differ."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from gacrux.tiebreakchecker import tiebreakchecker

from brightwell_plugin.gacrux.command import main as ours

# Keys whose values differ by nature: when each ran, and which program answered.
BY_NATURE = ("published", "origin")


def gacrux(args: list[str], out: Path) -> tuple[int, str]:
    """gacrux's status and output for ``args`` (``-o out`` added)."""
    out.unlink(missing_ok=True)
    argv = sys.argv
    sys.argv = ["tiebreakchecker", *args, "-o", str(out)]
    try:
        status = tiebreakchecker().common_main()
    finally:
        sys.argv = argv
    return status, out.read_text(encoding="utf-8", errors="replace") if out.exists() else ""


def brightwell(args: list[str], out: Path) -> tuple[int, str]:
    """This project's exit status and output for ``args`` (``-o out`` added)."""
    out.unlink(missing_ok=True)
    status = ours([*args, "-o", str(out)])
    return status, out.read_text(encoding="utf-8") if out.exists() else ""


def differences(args: list[str], folder: Path) -> list[tuple]:
    """What differs between the two outputs, but for the keys that differ by nature. Empty when
    they agree."""
    _, theirs = gacrux(args, folder / "gacrux.out")
    _, mine = brightwell(args, folder / "brightwell.out")
    try:
        theirs_doc, mine_doc = json.loads(theirs), json.loads(mine)
    except json.JSONDecodeError:
        return [] if theirs == mine else [("text", theirs, mine)]
    for doc in (theirs_doc, mine_doc):
        for key in BY_NATURE:
            doc.pop(key, None)
        if doc.get("options"):  # each wrote its own file
            doc["options"]["output_file"] = None
    out = [(k, theirs_doc[k], mine_doc.get(k)) for k in theirs_doc if k != "tiebreakResult"
           and theirs_doc[k] != mine_doc.get(k)]
    out += [(k,) for k in mine_doc if k not in theirs_doc]
    a, b = theirs_doc.get("tiebreakResult", {}), mine_doc.get("tiebreakResult", {})
    out += [(f"tiebreakResult.{k}", a[k], b.get(k)) for k in a if a[k] != b.get(k)]
    return out


def refused(args: list[str], folder: Path) -> dict | None:
    """gacrux's status when it refuses the file (a code of 400 or more), else None."""
    status, text = gacrux(args, folder / "gacrux.out")
    if status < 400:
        return None
    try:
        return json.loads(text)["status"]
    except (json.JSONDecodeError, KeyError):
        return {"code": status, "error": [text]}
