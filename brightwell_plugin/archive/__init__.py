"""Whole archives: the jobs of a folder (``jobs``), run in parallel (``schedule``), re-ranked
(``batch``, with its ``report``) or studied under several rules (``study``, ``study_report``,
``study_pages``)."""
