"""Brightwell quotient and related tie-break criteria for Swiss tournaments."""

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.hookspecs import hookimpl
from brightwell_plugin.model import Kind, Player, Result, RoundEntry, ScoringSystem, Side, Tournament

__version__ = "0.1.0"

__all__ = [
    "BrightwellError",
    "Kind",
    "Player",
    "Result",
    "RoundEntry",
    "ScoringSystem",
    "Side",
    "Tournament",
    "__version__",
    "hookimpl",
]
