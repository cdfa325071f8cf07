"""Papi's event files (``.papi``, the French chess federation's program; a Microsoft Access Jet 4
database): the database read as untrusted (``jet``, ``tdef``), its players (``players``), its rounds
(``rounds``) and the event (``format``)."""
