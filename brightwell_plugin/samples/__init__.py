"""The sample tournament shipped with the package (``brightwell rank --sample``)."""
