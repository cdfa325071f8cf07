"""Numbers from text as files hold them: ASCII digits, whole numbers, finite numbers."""

from __future__ import annotations

import math
import re

from brightwell_plugin.errors import BrightwellError


def digits(text: str) -> bool:
    """Whether ``text`` is ASCII digits only (``str.isdigit`` also accepts '³' and '١', which ``int``
    then refuses or reads as another number)."""
    return text.isascii() and text.isdigit()


_WHOLE = re.compile(r"-?[0-9]+")  # ASCII digits only: str.isdigit() also accepts '³' and '١'


def whole(text: str | None, what: str, file: str, place: str | None = None, default: int | None = None) -> int | None:
    """``text`` as a whole number (``default`` when absent); anything else is a one-line refusal."""
    if text is None or text == "" and default is not None:
        return default
    if not _WHOLE.fullmatch(text.strip()):
        raise BrightwellError(f"{what} {text!r} is not a whole number", file=file, place=place)
    return int(text)


def finite(text: str) -> float:
    """``float(text)``, refusing what ``float`` also takes but no file means ('nan', 'inf', '1e999')."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text.strip()!r} is not a finite number")
    return value
