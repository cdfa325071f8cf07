"""Everything a plugin author needs, in one place: the hook marker, the interfaces of a criterion
and of a format, what a reader returns and builds with, and the contract checks for a plugin's
tests. docs/plugins.md's complete example imports from here alone.

>>> from brightwell_plugin.plugin import Criterion, Format, hookimpl
"""

from __future__ import annotations

from brightwell_plugin.adapters.base import Format, Loss, ReadResult, metadata
from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.context import Context
from brightwell_plugin.criteria.base import (
    Criterion,
    Explanation,
    Options,
    Parameter,
    Part,
    Preset,
    decimals,
    explanation,
    number,
    numbers,
    whole_number,
    yes_no,
)
from brightwell_plugin.errors import BrightwellError, NotATournament, SpecError
from brightwell_plugin.limits import read_input
from brightwell_plugin.model import (
    Kind,
    Player,
    Result,
    RoundEntry,
    ScoringSystem,
    Side,
    Tournament,
)
from brightwell_plugin.plugins.hookspecs import hookimpl
from brightwell_plugin.testing import check_format, check_refusals, check_round_trip

__all__ = [
    # the hook marker
    "hookimpl",
    # a criterion: its interface, its parameters and their readers, its explanations, a preset
    "Criterion", "Parameter", "Options", "Context", "Part", "Explanation", "explanation", "Preset",
    "number", "whole_number", "decimals", "numbers", "yes_no",
    # a format: its interface, what it returns, what it cannot carry, how it reads and builds
    "Format", "ReadResult", "Loss", "metadata", "read_input", "TournamentBuilder",
    # the model a format builds and a criterion reads
    "Tournament", "Player", "RoundEntry", "Kind", "Result", "Side", "ScoringSystem",
    # errors
    "BrightwellError", "SpecError", "NotATournament",
    # a plugin's tests
    "check_format", "check_round_trip", "check_refusals",
]
