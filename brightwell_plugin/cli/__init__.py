"""The ``brightwell`` command: a thin layer over :mod:`brightwell_plugin.api`. Its click group is
imported on first use: the launcher's quick path runs ``cli.ranking`` without click (launch.py)."""

__all__ = ["main"]


def __getattr__(name: str):
    if name == "main":
        from brightwell_plugin.cli.commands import main
        return main
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
