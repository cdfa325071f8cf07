"""File-format adapters, installed as ``brightwell_plugin.adapters``: one module per format."""
