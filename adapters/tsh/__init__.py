"""tsh (Scrabble): one module per job."""
