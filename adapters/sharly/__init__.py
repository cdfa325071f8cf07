"""Sharly-Chess's event files (.sce, SQLite): the database opened as untrusted (``database``), its
players (``players``), its tie-breaks (``tiebreaks``) and each tournament as an event (``format``)."""
