"""Team events: the teams and matches of an event (``model``), and their standings (``standings``)."""
