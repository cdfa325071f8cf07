"""FIDE TRF: one module per job."""
