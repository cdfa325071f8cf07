"""File-format adapters, installed as ``brightwell_plugin.adapters``: one sub-package per family."""
