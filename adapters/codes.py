"""Player codes that formats spell differently: sex and FIDE titles, translated, never copied raw.

The model holds ``m``/``w`` for sex and FIDE's abbreviations (GM, IM, WGM, ...) for titles, or
what a file wrote when it is none of these. Each format reads its own spelling into that and
writes it back in its own: TRF's abbreviations as its specification spells them (``GM``, ``WGM``;
files also hold ``g``, ``wg``, ``m`` …, read alike); Swiss Perfect's numbers (0 none,
1 GM, 2 WGM, 3 IM, 4 WIM, 5 FM, 6 WFM, as the ICU's reader of Swiss Perfect files has them; sex
1 male, 2 female).
"""

from __future__ import annotations

TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
_TRF_LETTERS = {"GM": "g", "IM": "m", "WGM": "wg", "FM": "f", "WIM": "wm", "CM": "c", "WFM": "wf", "WCM": "wc"}
_SP = {"GM": "1", "WGM": "2", "IM": "3", "WIM": "4", "FM": "5", "WFM": "6"}
_ANY_TITLE = {**{k.lower(): k for k in TITLES}, **{v: k for k, v in _TRF_LETTERS.items()}}


def title(text: str | None) -> str | None:
    """FIDE's abbreviation for any spelling of a title (``g``, ``gm``, ``GM``); None when none."""
    if not text or not text.strip():
        return None
    return _ANY_TITLE.get(text.strip().lower())


def sex(text: str | None) -> str | None:
    """``m`` or ``w`` for any spelling (``M``, ``f``, ``female`` ...); None when unknown."""
    t = (text or "").strip().lower()
    return "m" if t in ("m", "male", "man") else "w" if t in ("w", "f", "female", "woman") else None


def title_for_trf(text: str | None) -> str | None:
    """The TRF code (the specification's ``GM IM WGM FM WIM CM WFM WCM``, which pairing engines
    read), '' for no title, None when TRF has no code for it."""
    if not text or not text.strip():
        return ""
    return title(text)


def title_for_sp(text: str | None) -> str | None:
    """Swiss Perfect's number, '' for no title, None when Swiss Perfect has none for it."""
    if not text or not text.strip():
        return ""
    known = title(text)
    return _SP.get(known) if known else None


def title_from_sp(code: str | None) -> str | None:
    return {v: k for k, v in _SP.items()}.get((code or "").strip())


def sex_from_sp(code: str | None) -> str | None:
    return {"1": "m", "2": "w"}.get((code or "").strip())


def sex_for_sp(text: str | None) -> str:
    return {"m": "1", "w": "2"}.get(sex(text) or "", "")
