"""A TRF written for a pairing engine (``trf-engine``, chosen with ``--to`` or ``api.write(format=)``):
a file read is written in the form every open pairing engine reads (what an engine refuses in TRF's
own form, XXR and XXS added; docs/trf.md), where ``trf`` writes it back as it was. An event from
another format is written alike by both. Files are read as ``trf`` reads them."""

from __future__ import annotations

from dataclasses import replace

from brightwell_plugin.adapters.trf.format import TrfFormat
from brightwell_plugin.plugin import hookimpl


class EngineTrfFormat(TrfFormat):
    name = "trf-engine"
    about = replace(TrfFormat.about, suffixes=(), named_only=True,
                    title="FIDE TRF as every open pairing engine reads it (written with --to trf-engine; a file read "
                          "as trf)")
    event_files = replace(TrfFormat.event_files, output_suffix=".trf")
    for_engines = True

    def sniff(self, path, head):
        return False


@hookimpl
def brightwell_register_formats(register):
    register(EngineTrfFormat())
