"""FIDE's Chess-JSON: events, their players and games (``format``), and team events (``teams``)."""
