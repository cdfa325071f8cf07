"""Papp (the WOF rating archive): one module per job."""
