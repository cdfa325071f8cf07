"""Everything a plugin author needs, in one place, and what the built-in plugins import too: the
hook marker, the interfaces of a criterion and of a format, what a reader returns and builds with,
the model, the errors, the limits a reader keeps, and the contract checks for a plugin's tests.
docs/plugins.md's complete example imports from here alone.

>>> from brightwell_plugin.plugin import Criterion, Format, hookimpl

Each name is imported from where it lives when first asked for (:mod:`brightwell_plugin.lazy`):
a criterion's module that imports ``Criterion`` does not load the formats or the contract checks.
"""

from __future__ import annotations

from brightwell_plugin.lazy import exports, names

_EXPORTS = {
    # the hook marker
    **names("brightwell_plugin.plugins.hookspecs", "hookimpl"),
    # a criterion: its interface, its parameters and their readers, its explanations, a preset
    **names("brightwell_plugin.criteria.base", "Criterion", "Parameter", "Options", "Part", "Explanation",
            "explanation", "Preset", "number", "whole_number", "decimals", "numbers", "yes_no"),
    **names("brightwell_plugin.context", "Context"),
    # what a criterion declares for FIDE's checker's command line (brightwell-tiebreakchecker)
    **names("brightwell_plugin.criteria.base", "Checked"),
    # tie-break lists as written: a criterion's numeric parameters
    **names("brightwell_plugin.tiebreak_spec", "NUMBER", "LARGEST", "spec_number"),
    # a format: its interface and what it declares, what it is given to read, what it returns, what it
    # cannot carry, how it builds
    **names("brightwell_plugin.adapters.base", "Format", "About", "EventFiles", "Fills", "Holds", "ReadOptions",
            "Division", "ReadResult", "Loss", "metadata"),
    **names("brightwell_plugin.builder", "TournamentBuilder"),
    # a format that writes an event re-ranked without building it (Format.ranked_files)
    **names("brightwell_plugin.reranked", "results", "with_result", "with_standings"),
    **names("brightwell_plugin.fast", "new_player", "new_entry"),
    # the limits a reader keeps on what a file says (sizes, numbers, rounds)
    **names("brightwell_plugin.limits", "read_input", "read_head", "digits", "check_round", "check_regular",
            "max_rounds", "MAX_DIGITS", "MAX_ROUNDS_VARIABLE", "cut_short", "CutShort"),
    # the model a format builds and a criterion reads, and the metadata keys the program knows
    **names("brightwell_plugin.model", "Tournament", "Player", "RoundEntry", "Kind", "Result", "Side",
            "ScoringSystem", "PlayoffGame", "ABSENT_ENTRY", "LEFT_OUT", "LIST_GUESSED", "MANUAL_TIEBREAK",
            "FILE_ROUND", "NOT_COUNTED", "PUBLISHED", "PUBLISHED_AFTER", "READ_CUT_SHORT", "REGISTERED"),
    **names("brightwell_plugin.teams.model", "Match", "board_points", "stored_totals_disagree"),
    # where an event stands: the rounds played and paired
    **names("brightwell_plugin.progress", "progress", "last_played", "last_paired"),
    # errors
    **names("brightwell_plugin.errors", "BrightwellError", "SpecError", "NotATournament"),
    # a plugin's tests, and a host of one's own to run them on (docs/plugins.md, "In tests")
    **names("brightwell_plugin.testing", "check_format", "check_round_trip", "check_refusals"),
    **names("brightwell_plugin.plugins.host", "Host"),
}

__all__ = list(_EXPORTS)
__getattr__, __dir__ = exports(globals(), _EXPORTS)
