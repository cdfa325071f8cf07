"""The ``brightwell`` command's entry: ``--version`` answered before click is imported (importing
click costs a start several times what printing a version does); everything else goes to the CLI."""

from __future__ import annotations

import sys

from brightwell_plugin import __version__


def main() -> None:
    if sys.argv[1:] == ["--version"]:
        print(f"brightwell, version {__version__}")  # the same line as click's version option
        return
    from brightwell_plugin.cli import main as cli  # click past --version only (tests/cli/test_startup.py)
    cli()
