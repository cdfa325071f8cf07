"""The checker's command line in its common form, read without argparse: importing argparse and
building its parser (:func:`~brightwell_plugin.gacrux.command.parser`) is near a tenth of a small
run. The common form: each option written whole and apart from its values (``-i in.trf -n 7 -t
PTS BH/C1``); anything else (``--help``, ``-n7``, ``--tie``, a value that starts with ``-``, a
round that is no number, an option given no value) goes to argparse, which says what it says
(tests/gacrux/test_options.py checks both read alike)."""

from __future__ import annotations

# each option as command.parser() declares it, in its order (the JSON's ``options`` echoes them so):
# (its spellings, its name, how it is given, its default). How: "flag" (set), "count" (counted),
# "one" (one value), "int" (one whole number), "list" (values up to the next option)
OPTIONS = (
    (("-p", "--pre-determined"), "pre_determined", "flag", False),
    (("-s", "--swiss"), "swiss", "flag", False),
    (("-u", "--unrated"), "unrated", "one", None),
    (("-t", "--tiebreak"), "tiebreak", "list", []),
    (("-c", "--check"), "check", "count", 0),
    (("-i", "--input-file"), "input_file", "one", "-"),
    (("-o", "--output-file"), "output_file", "one", "-"),
    (("-f", "--input-format"), "input_format", "one", "TRF"),
    (("-F", "--output-format"), "output_format", "one", "JSON"),
    (("-b", "--encoding"), "encoding", "one", ""),
    (("-e", "--tournament-number"), "tournament_number", "one", "1"),
    (("-n", "--current-round"), "current_round", "int", -1),
    (("-N", "--number-of-rounds"), "number_of_rounds", "int", 0),
    (("-r", "--rank"), "rank", "flag", False),
    (("-G", "--game-score"), "game_score", "list", None),
    (("-M", "--match-score"), "match_score", "list", None),
    (("-d", "--delimiter"), "delimiter", "one", None),
    (("-D", "--decimal-point"), "decimal_point", "one", None),
    (("-x", "--experimental"), "experimental", "list", []),
    (("-v", "--verbose"), "verbose", "count", 0),
    (("-V", "--version"), "version", "count", 0),
    (("--strict-exit",), "strict_exit", "flag", False),
)
_BY_SPELLING = {spelling: (name, how) for spellings, name, how, _ in OPTIONS for spelling in spellings}


def read(args: list[str]) -> dict | None:
    """The options of ``args`` by name, as argparse reads them, or None where argparse must read them."""
    got = {name: list(default) if isinstance(default, list) else default for _, name, _, default in OPTIONS}
    at = 0
    while at < len(args):
        option = _BY_SPELLING.get(args[at])
        if option is None:
            return None  # a value where an option belongs, or an option not written whole
        name, how = option
        values = []
        at += 1
        while at < len(args) and _value(args[at]) and (how == "list" or (how in ("one", "int") and not values)):
            values.append(args[at])
            at += 1
        if how == "flag":
            got[name] = True
        elif how == "count":
            got[name] += 1
        elif not values:
            return None  # argparse's error, or a list given empty
        elif how == "list":
            got[name] = values
        elif how == "one":
            got[name] = values[0]
        elif _whole(values[0]):
            got[name] = int(values[0])
        else:
            return None  # argparse's int() says what it says
    return got


def _whole(text: str) -> bool:
    """Whether ``text`` is a whole number ``int()`` reads: ASCII digits, a ``+`` before them, spaces around."""
    digits = text.strip().removeprefix("+")
    return digits.isascii() and digits.isdigit()


def _value(arg: str) -> bool:
    """Whether argparse takes ``arg`` as a value, never as an option (this reader's safe side)."""
    return arg == "-" or not arg.startswith("-")
