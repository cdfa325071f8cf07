"""Parametrizing over the shared real samples: without them, one visible skip that says why."""

from __future__ import annotations

import pytest

ABSENT = "shared research samples not present"


def or_skip(items) -> list:
    """``items`` as a list, or one skipped parameter naming the reason when there are none."""
    items = list(items)
    return items or [pytest.param(None, marks=pytest.mark.skip(reason=ABSENT))]
