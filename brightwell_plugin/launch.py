"""The ``brightwell`` command's entry. Importing click costs a start several times what printing a
version does, and a good part of what ranking a small file does: ``--version`` is answered here, and
the common form of ``rank`` (a file and the options below, each as ``--name value``, ``--name=value``
or a flag) runs ``cli.ranking`` without click, that of ``batch`` ``cli.batching``. Anything else,
``--help``, a value click would refuse or an option written another way, goes to the click command,
which says what it says (tests/cli/test_quick_rank.py and test_quick_batch.py check both paths alike). The console script is :func:`console`:
the quick path then runs as the process's only work (:mod:`brightwell_plugin.process`)."""

from __future__ import annotations

import os
import sys

from brightwell_plugin import __version__

# rank's options: the keyword each sets, and whether it takes a value
RANK_FLAGS = {"--sample": "sample", "--strict": "strict", "--cut-short": "cut_short",
              "--follow-symlinks": "follow_symlinks", "--crosstable": "crosstable", "--boards": "boards"}
RANK_VALUES = {"--input-format": "input_format", "--encoding": "encoding", "--division": "division",
               "-t": "spec", "--tiebreaks": "spec", "--after-round": "after_round", "--edition": "edition_text",
               "--withdrawn": "withdrawn", "--output-format": "output_format", "-o": "output", "--output": "output"}
CHOICES = {"edition_text": ("2009", "2024", "2026", "icu"), "withdrawn": ("count", "annul"),
           "output_format": ("table", "csv", "json")}  # as the click options say (tests/cli/test_startup.py)


def main(alone: bool = False) -> None:
    """The command of ``sys.argv``; ``alone``: the process is its own (:func:`console`)."""
    args = sys.argv[1:]
    if args == ["--version"]:
        print(f"brightwell, version {__version__}")  # the same line as click's version option
        return
    quick = rank_arguments(args) if args[:1] == ["rank"] and not _completing() else None
    if quick is not None:
        from brightwell_plugin.cli.common import handled
        from brightwell_plugin.cli.ranking import rank
        handled(rank)(**quick)
        if alone:
            from brightwell_plugin.process import end
            end(0)
        sys.exit(0)
    batched = batch_arguments(args) if args[:1] == ["batch"] and not _completing() else None
    if batched is not None:
        from brightwell_plugin.cli.batching import run_batch
        from brightwell_plugin.cli.common import handled
        handled(run_batch)(**batched)  # it exits with the batch's status
    from brightwell_plugin.cli import main as cli  # click for everything else (tests/cli/test_startup.py)
    cli()


def console() -> None:
    """The console script ``brightwell``: :func:`main`, whose quick path of ``rank`` ends the process
    without the interpreter's tear-down (process.py)."""
    main(alone=True)


def rank_arguments(args: list[str]) -> dict | None:
    """The keywords of ``cli.ranking.rank`` for ``brightwell rank ...``, or None where click must read them."""
    def take(got: dict, arg: str) -> bool:
        if (arg == "-" or not arg.startswith("-")) and got["file"] is None:
            got["file"] = arg
            return True
        return False
    got = _read(args, dict(file=None, sample=False, input_format=None, encoding=None, division=None, spec=None,
                           after_round=None, edition_text=None, output_format="table", output=None,
                           follow_symlinks=False, crosstable=False, boards=False, strict=False, cut_short=False,
                           withdrawn=None), RANK_FLAGS, RANK_VALUES, _valid, take)
    if got is not None and got["after_round"] is not None and got["after_round"][0].isdigit():
        got["after_round"] = int(got["after_round"])
    return got


# batch's options (cli/batch.py) but --merge: the keyword each sets
BATCH_FLAGS = {"--skip-existing": "skip_existing", "--strict": "strict", "--renumber": "renumber"}
BATCH_VALUES = {"--out": "out_dir", "-t": "spec", "--tiebreaks": "spec", "--to": "to", "--jobs": "jobs",
                "--report": "report", "--top": "top", "--scheduler": "scheduler", "--edition": "edition",
                "--shard": "shard"}


def batch_arguments(args: list[str]) -> dict | None:
    """The keywords of ``cli.batching.run_batch`` for ``brightwell batch ...``, or None where click
    must read them (no input or no --out, --merge, --help, a value written another way)."""
    def take(got: dict, arg: str) -> bool:
        if arg and not arg.startswith("-"):
            got["inputs"].append(arg)
            return True
        return False
    got = _read(args, dict(inputs=[], out_dir=None, spec=None, to=None, jobs=None, report=None, top="3",
                           skip_existing=False, strict=False, renumber=False, scheduler=None, edition=None,
                           shard=None), BATCH_FLAGS, BATCH_VALUES, _batch_valid, take)
    if got is None or not got["inputs"] or got["out_dir"] is None:
        return None
    return {**got, "inputs": tuple(got["inputs"]), "top": int(got["top"]),
            "jobs": None if got["jobs"] is None else int(got["jobs"])}


def _read(args: list[str], got: dict, flags: dict, values: dict, valid, take) -> dict | None:
    """``got`` as the words after a command's name set it: each of ``flags`` set, each of ``values``
    given its value where ``valid`` takes it, any other word to ``take``; None where click must read
    them (``take`` refuses a word, a value is missing or written another way)."""
    rest = iter(args[1:])
    for arg in rest:
        name, eq, value = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if name in flags and not eq:
            got[flags[name]] = True
        elif name in values:
            key, value = values[name], value if eq else next(rest, None)
            if value is None or value.startswith("-") or not valid(key, value):
                return None
            got[key] = value
        elif not take(got, arg):
            return None
    return got


def _batch_valid(key: str, value: str) -> bool:
    if key in ("jobs", "top"):  # click's int (jobs from 1): plain digits only here
        return value.isascii() and value.isdigit() and (key == "top" or int(value) >= 1)
    if key == "edition":
        return value in CHOICES["edition_text"]
    return bool(value) or key in ("spec", "to", "scheduler", "shard")  # an empty path: click's word


def _valid(key: str, value: str) -> bool:
    if key in CHOICES:
        return value in CHOICES[key]
    if key == "after_round":
        from brightwell_plugin.limits import digits
        from brightwell_plugin.progress import ROUND_WORDS
        return value in ROUND_WORDS or digits(value)
    return True


def _completing() -> bool:
    """Whether click's shell completion is asked for (``_BRIGHTWELL_COMPLETE`` or the like)."""
    return any(key.endswith("_COMPLETE") for key in os.environ)
