"""``python -m brightwell_plugin.tiebreakchecker`` and the console script ``brightwell-tiebreakchecker``:
FIDE's tie-break checker's command line, answered by this project (:mod:`brightwell_plugin.gacrux`)."""

from brightwell_plugin.gacrux.command import console, main

__all__ = ["console", "main"]

if __name__ == "__main__":
    console()
