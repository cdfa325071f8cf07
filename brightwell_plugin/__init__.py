"""Brightwell quotient and related tie-break criteria for Swiss tournaments."""

from __future__ import annotations

import os
import sys

from brightwell_plugin.lazy import exports, names

__version__ = "0.1.0"


def _adapters_of_the_checkout() -> None:
    """Run from a checkout (the repository root on ``sys.path``), the package is this folder and
    the adapters its sibling ``adapters/``, which an install maps into the package: map it here too."""
    here = os.path.dirname(os.path.abspath(__file__))
    folder = os.path.join(os.path.dirname(here), "adapters")
    init = os.path.join(folder, "__init__.py")
    if os.path.isdir(os.path.join(here, "adapters")) or not os.path.isfile(init):
        return  # installed: the adapters are inside (or an editable install's finder maps them)
    from importlib.util import module_from_spec, spec_from_file_location
    spec = spec_from_file_location(f"{__name__}.adapters", init, submodule_search_locations=[folder])
    if spec is not None and spec.loader is not None and spec.name not in sys.modules:
        module = module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        globals()["adapters"] = module


_adapters_of_the_checkout()

# The public names, imported when first used: ``brightwell --version`` and a command that needs a
# few modules do not pay for the model and pluggy.
_EXPORTS = {
    **names("brightwell_plugin.errors", "BrightwellError"),
    **names("brightwell_plugin.plugins.hookspecs", "hookimpl"),
    **names("brightwell_plugin.model", "Kind", "Player", "Result", "RoundEntry", "ScoringSystem", "Side", "Tournament"),
}

__all__ = [*_EXPORTS, "__version__"]
__getattr__, __dir__ = exports(globals(), _EXPORTS)
