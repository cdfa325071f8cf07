"""The ``brightwell`` command: a thin layer over :mod:`brightwell_plugin.api`. Its click group is
imported on first use: the launcher's quick path runs ``cli.ranking`` without click (launch.py)."""

from brightwell_plugin.lazy import exports

__all__ = ["main"]
__getattr__, __dir__ = exports(globals(), {"main": "brightwell_plugin.cli.commands"})
