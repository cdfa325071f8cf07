"""``python -m brightwell_plugin.cli``: the ``brightwell`` command."""

from brightwell_plugin.cli import main

main()
