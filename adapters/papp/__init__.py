"""Papp: its ELO exports (the WOF rating archive) and its workfile, one module per job."""
