"""The ``brightwell`` command: a thin layer over :mod:`brightwell_plugin.api`."""

from brightwell_plugin.cli.commands import main

__all__ = ["main"]
