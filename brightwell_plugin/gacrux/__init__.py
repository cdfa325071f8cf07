"""``brightwell-tiebreakchecker``: FIDE's tie-break checker gacrux's command line and answers
(``command``), its result document (``document``), the ``-c`` details (``details``), the loops of
its direct-encounter tie-breaks (``loops``) and its answers for team events (``teams``)."""
