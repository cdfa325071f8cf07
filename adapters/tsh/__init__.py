"""tsh (Scrabble): the .t division files and the published tourney.js, one module each."""
