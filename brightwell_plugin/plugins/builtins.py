"""The built-in plugins, and what the registries cannot learn without importing them: the names
each registers. A plugin module is imported only when one of its names is needed (ranking a TRF
file imports no XML, Papp or Go module). tests/plugins/test_plugins.py checks every entry against what
its module registers."""

from __future__ import annotations

from typing import NamedTuple


class Builtin(NamedTuple):
    module: str
    criteria: tuple[str, ...] = ()  # codes; presets for them are registered by the same module
    formats: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (name, suffixes)


class Files(NamedTuple):
    """What a format declares of its files that a batch's walk asks of every format (which files
    make one event, which are read beside it, what its events are written as): answered from here
    while built-ins are pending, so that listing an archive imports none of them."""

    written: str  # the suffix its events are written with (``Formats.written_as``'s ``output_name``)
    sets: tuple[str, ...] = ()  # ``EventFiles.set_suffixes``
    companions: tuple[str, ...] = ()  # ``EventFiles.companions``


BUILTINS = (
    Builtin("brightwell_plugin.criteria.scores", criteria=("PTS", "DISCS", "SPREAD", "WIN", "PS")),
    Builtin("brightwell_plugin.criteria.brightwell", criteria=("BQ",)),
    Builtin("brightwell_plugin.criteria.buchholz", criteria=("BH", "FB", "SB", "AOB", "KS")),
    Builtin("brightwell_plugin.criteria.record", criteria=("WON", "BPG", "BWG", "REP", "STD", "TPN")),
    Builtin("brightwell_plugin.criteria.rating", criteria=("ARO", "TPR", "PTP", "APRO", "APPO", "RTNG")),
    Builtin("brightwell_plugin.criteria.encounter", criteria=("DE",)),
    Builtin("brightwell_plugin.criteria.team", criteria=("MPTS", "GPTS", "MPVGP", "ESB", "EMGSB", "EGMSB", "EMMSB",
                                                         "EGGSB", "SSSC")),
    Builtin("brightwell_plugin.criteria.gotha_teams", criteria=("TEAMP", "SOST", "BDW", *(f"BDW{n}U" for n in range(1, 10)),
                                                                "MNR")),
    Builtin("brightwell_plugin.criteria.team_encounter", criteria=("EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB")),
    Builtin("brightwell_plugin.criteria.team_boards", criteria=("BC", "TBR", "BBE")),
    Builtin("brightwell_plugin.criteria.turcas", criteria=("TURCAS",)),
    Builtin("brightwell_plugin.criteria.german", criteria=("BHSUM", "PTS3", "BERLIN")),
    Builtin("brightwell_plugin.criteria.lichess", criteria=("LSB", "LPERF")),
    Builtin("brightwell_plugin.criteria.papi", criteria=(
        "PAPI_BU", "PAPI_PERF", "PAPI_KA", "PAPI_SBH", "OTHER_PAPI_BUCHHOLZ_STANDARD", "OTHER_PAPI_BUCHHOLZ_CUT",
        "OTHER_PAPI_BUCHHOLZ_MEDIAN", "PAPI_TR", "PAPI_ME", "OTHER_PAPI_PERFORMANCE", "OTHER_PAPI_KASHDAN",
        "OTHER_PAPI_BUCHHOLZ_SUM")),
    Builtin("brightwell_plugin.criteria.manual", criteria=("OTHER_MAN",)),
    Builtin("brightwell_plugin.criteria.mcmahon", criteria=(
        "MMS", "NBW", "CPS", "STS", "SOSW", "SOSM", "SOSTS", "SOSOSW", "SOSOSM", "SODOSW", "SODOSM", "CUSSW",
        "CUSSM", "EXT", "EXR", "CAT", "RANK", "DC", "SDC")),
    Builtin("brightwell_plugin.criteria.pairgoth", criteria=("SCOREX",)),
    Builtin("brightwell_plugin.adapters.xml.format", formats=(("xml", (".xml", ".bwx")),)),
    Builtin("brightwell_plugin.adapters.trf.format", formats=(("trf", (".trf", ".trfx", ".tab")),)),
    Builtin("brightwell_plugin.adapters.trf.heltour", formats=(("trf-heltour", ()),)),
    Builtin("brightwell_plugin.adapters.trf.engine", formats=(("trf-engine", ()),)),
    Builtin("brightwell_plugin.adapters.swissperfect.format",
            formats=(("swissperfect", (".ini", ".trn", ".sco", ".zip", ".piz")),)),
    Builtin("brightwell_plugin.adapters.swissperfect.text_export", formats=(("swissperfect-text", (".txt",)),)),
    Builtin("brightwell_plugin.adapters.flipthedisc", formats=(("flipthedisc", (".json",)),)),
    Builtin("brightwell_plugin.adapters.papp.elo", formats=(("papp", (".elo",)),)),
    Builtin("brightwell_plugin.adapters.papp.workfile", formats=(("papp-workfile", ()),)),
    Builtin("brightwell_plugin.adapters.go.opengotha", formats=(("opengotha", (".xml",)), ("opengotha-all", ()))),
    Builtin("brightwell_plugin.adapters.go.macmahon", formats=(("macmahon", (".xml",)),)),
    Builtin("brightwell_plugin.adapters.go.pairgoth", formats=(("pairgoth", (".tour",)),)),
    Builtin("brightwell_plugin.adapters.chessresults.format", formats=(("chess-results", (".xml",)),)),
    Builtin("brightwell_plugin.adapters.tsh.format", formats=(("tsh", (".t",)),)),
    Builtin("brightwell_plugin.adapters.tsh.tourney_js", formats=(("tsh-js", (".js",)),)),
    Builtin("brightwell_plugin.adapters.go.egd", formats=(("egd", (".h9", ".h10")),)),
    Builtin("brightwell_plugin.adapters.go.ffg_tou", formats=(("ffg-tou", (".tou",)),)),
    Builtin("brightwell_plugin.adapters.aupair", formats=(("aupair", (".tou",)),)),
    Builtin("brightwell_plugin.adapters.tsh.archive", formats=(("tsh-archive", (".tsh",)),)),
    Builtin("brightwell_plugin.adapters.wthor", formats=(("wthor", (".wtb", ".jou", ".trn")),)),
    Builtin("brightwell_plugin.adapters.chessjson.format", formats=(("chess-json", (".jch",)),)),
    Builtin("brightwell_plugin.adapters.swissmanager.format",
            formats=(("swiss-manager", (".tunx", ".turx", ".tumx", ".tutx")),)),
    Builtin("brightwell_plugin.adapters.sharly.format", formats=(("sharly", (".sce",)),)),
    Builtin("brightwell_plugin.adapters.swisschess.format", formats=(("swiss-chess", (".swt",)),)),
    Builtin("brightwell_plugin.adapters.papi.format", formats=(("papi", (".papi",)),)),
)

FILES = {  # by format name; tests/plugins/test_plugins.py checks it against what the loaded formats declare
    "xml": Files(".xml"), "trf": Files(".trf"), "trf-heltour": Files(".xml"), "trf-engine": Files(".trf"),
    "swissperfect": Files(".trn", sets=(".trn", ".ini", ".sco")), "swissperfect-text": Files(".xml"),
    "flipthedisc": Files(".xml"), "papp": Files(".elo"),
    "papp-workfile": Files(".xml", companions=("papp.cfg", "joueurs", "joueurs.txt", "nouveaux.txt")),
    "opengotha": Files(".xml"), "opengotha-all": Files(".xml"), "macmahon": Files(".xml"), "pairgoth": Files(".xml"),
    "chess-results": Files(".xml"), "tsh": Files(".t", companions=("config.tsh",)), "tsh-js": Files(".xml"),
    "egd": Files(".h9"), "ffg-tou": Files(".tou"), "aupair": Files(".tou"), "tsh-archive": Files(".xml"),
    "wthor": Files(".xml"), "chess-json": Files(".jch"), "swiss-manager": Files(".xml"), "sharly": Files(".xml"),
    "swiss-chess": Files(".xml"), "papi": Files(".xml"),
}

DEFAULT_PLUGINS = tuple(b.module for b in BUILTINS)  # in registration order: the first format that sniffs a file wins
