"""Converting a real sample as a director would: ``brightwell convert``, and with ``--renumber``
where the target says its start numbers must be renumbered."""

from __future__ import annotations

from pathlib import Path

from brightwell_plugin import api
from brightwell_plugin.errors import BrightwellError


def convert(source: Path, target: Path, to: str):
    try:
        return api.convert(source, target, to)
    except BrightwellError as exc:
        if "--renumber" not in exc.message:
            raise
        return api.convert(source, target, to, renumber=True)
