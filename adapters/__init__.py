"""File-format adapters, installed as ``brightwell_plugin.adapters``: a package per family of
formats (one module per job inside), each format an ordinary plugin module of ``@hookimpl``
functions; ``base`` holds the interface every format implements and what conversions say of a loss."""
