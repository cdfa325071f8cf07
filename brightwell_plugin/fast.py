"""Fast paths behind the model's public names, for the loops that run per player-round.

The model's dataclasses are the contract. What is here makes the same
objects faster, and tests check it agrees with the plain way (``tests/test_fast.py``):

* constructors with the dataclasses' parameters and defaults that fill the slots through their own
  descriptors, skipping ``object.__setattr__`` (about three times faster than the generated
  ``__init__``; readers make records by the thousand per file);
* a pause of the cyclic garbage collector while a publication's document is built and while
  ``brightwell publish`` builds a site (``benchmarks/bench_tricks.py`` measures both).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import MISSING, fields
from typing import TypeVar

from brightwell_plugin.model import Player, RoundEntry

T = TypeVar("T")


def constructor(cls: Callable[..., T]) -> Callable[..., T]:
    """A function making a frozen, slotted dataclass instance: the same parameters and defaults as
    ``cls(...)``, the fields set through the slots' descriptors."""
    setters = {f"_set_{f.name}": getattr(cls, f.name).__set__ for f in fields(cls)}
    defaults = {f"_default_{f.name}": f.default for f in fields(cls) if f.default is not MISSING}
    params = [f"{f.name}=_default_{f.name}" if f.default is not MISSING else f.name for f in fields(cls)]
    body = "".join(f"\n    _set_{f.name}(self, {f.name})" for f in fields(cls))
    namespace: dict = {"_new": object.__new__, "_cls": cls}
    exec(f"def make({', '.join(params)}):\n    self = _new(_cls){body}\n    return self",
         {**namespace, **setters, **defaults}, namespace)
    make = namespace["make"]
    make.__name__ = make.__qualname__ = f"new_{cls.__name__}"
    make.__doc__ = f"``{cls.__name__}(...)``, made faster."
    return make


new_entry = constructor(RoundEntry)
new_player = constructor(Player)


@contextmanager
def gc_paused() -> Iterator[None]:
    """Building a publication makes no reference cycles; pausing the cyclic GC spares it rescanning
    what was made again and again while hundreds of thousands of small dicts and strings are
    made. At the end, what was made joins the oldest generation unscanned (:func:`_promote_young`)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    except BaseException:
        if was_enabled:  # an error's reference cycles (frames, traceback) are left to the next young collection
            gc.enable()
        raise
    if was_enabled:
        _promote_young()
        gc.enable()


_frozen_as_found = [gc.get_freeze_count()]  # Python 3.12 starts with objects counted as frozen (375 on 3.12.1)


def _promote_young() -> None:
    """Move every young object to the oldest generation without tracing it. Re-enabled as it was,
    the collector would trace all that the pause made at the next allocation (tens of
    milliseconds for a large event) and find no cycle. Nothing is done when the program froze
    objects itself (``gc.freeze``) since: that generation is its own."""
    if gc.get_freeze_count() == _frozen_as_found[0]:
        gc.freeze()  # every generation into the permanent one, counts reset: no tracing
        gc.unfreeze()  # ... and back, into the oldest generation
        _frozen_as_found[0] = gc.get_freeze_count()
