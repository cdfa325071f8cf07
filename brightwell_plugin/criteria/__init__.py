"""Built-in criteria, one module per family; each module exposes a ``plugin`` object."""
