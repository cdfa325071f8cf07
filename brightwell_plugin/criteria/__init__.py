"""Built-in criteria, one module per family, each an ordinary plugin module of ``@hookimpl``
functions registering its criteria and presets (plugins/builtins.py lists them); ``base`` holds the
interface every criterion implements."""
