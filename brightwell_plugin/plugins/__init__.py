"""The plugin machinery: the hook specifications, the host that loads plugins, the registries that
answer "which plugin?", the built-in manifest and the entry points."""
