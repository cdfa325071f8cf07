"""Sharly-Chess's event files (.sce, SQLite): the database opened as untrusted (``database``), a
tournament's settings (``settings``), its players' ratings (``ratings``) and fields (``players``),
their start numbers (``numbering``), their rounds (``rounds``), its tie-breaks (``tiebreaks``) and
each tournament as an event (``format``), read as Sharly-Chess ranks it (docs/sharly.md)."""
