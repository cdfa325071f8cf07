"""FIDE TRF: reading, the column layout, writing, one module per job."""
