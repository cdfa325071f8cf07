"""FIDE TRF: reading, the column layout, writing, one module per job. What the rest of the program
may ask of an event read from a TRF is here: the records the file held as they were
(:func:`records`) and the tie-break list it wrote (:func:`written_list`)."""

from __future__ import annotations

from brightwell_plugin.model import LIST_SUPPLIED, Tournament

META = "trf"  # metadata key of a source line kept verbatim
LIST_FROM = LIST_SUPPLIED  # metadata key: where a list the file does not write comes from


def written_list(t: Tournament) -> list[str]:
    """The tie-break list the file wrote (202, 212), not one its reader supplied (lichess's order)."""
    return [] if any(k == LIST_FROM for k, _ in t.metadata) else list(t.tiebreaks)


def records(t: Tournament, code: str) -> list[str]:
    """The lines of record ``code`` (``"192"``, ``"XXR"``) the file held, as written."""
    return [line for key, line in t.metadata if key == META and line[:len(code)] == code]
