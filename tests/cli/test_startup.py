"""A fast start: what importing and ranking load, the built-in manifest, the entry-point reader."""

from __future__ import annotations

import importlib
import importlib.metadata
import subprocess
import sys

import pytest

from brightwell_plugin import api
from brightwell_plugin.plugins import hookspecs
from brightwell_plugin.plugins.builtins import BUILTINS
from brightwell_plugin.plugins.entry_points import entry_points
from brightwell_plugin.plugins.host import Host
from support.paths import ROOT

FIXTURES = ROOT / "fixtures"


def loaded_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys; print(' '.join(sorted(sys.modules)))"],
                         capture_output=True, text=True, check=True, env={"BRIGHTWELL_NO_EXTERNAL_PLUGINS": "1",
                                                                         "PATH": "/usr/bin:/bin"})
    return set(out.stdout.splitlines()[-1].split())


def test_importing_the_api_loads_no_rich_click_lxml_or_metadata():
    mods = loaded_after("import brightwell_plugin.api")
    for heavy in ("rich", "click", "lxml", "importlib.metadata", "jinja2", "brightwell_plugin.adapters.xml"):
        assert heavy not in mods, heavy


def test_ranking_a_trf_imports_only_what_it_uses():
    trf = FIXTURES / "quirks.trf"
    mods = loaded_after(f"from brightwell_plugin import api\n"
                        f"api.rank(api.load({str(trf)!r}).tournament, 'PTS,BH,SB')")
    assert "brightwell_plugin.adapters.trf.format" in mods and "brightwell_plugin.criteria.buchholz" in mods
    unused = {m for m in mods if m.startswith(("brightwell_plugin.adapters.xml", "brightwell_plugin.adapters.papp",
                                               "brightwell_plugin.adapters.go", "brightwell_plugin.adapters.tsh",
                                               "brightwell_plugin.adapters.swissperfect",
                                               "brightwell_plugin.criteria.mcmahon", "brightwell_plugin.criteria.rating",
                                               "brightwell_plugin.adapters.trf.writer"))}
    assert unused == set() and "lxml" not in mods and "rich" not in mods


def test_the_rank_command_to_csv_loads_no_json_decimal_checking_or_writer():
    trf = FIXTURES / "quirks.trf"
    mods = loaded_after(f"import sys\nsys.argv = ['brightwell', 'rank', {str(trf)!r}, '-t', 'PTS,BH,SB', "
                        f"'--output-format', 'csv']\nfrom brightwell_plugin.launch import main\n"
                        f"try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code")
    assert "brightwell_plugin.criteria.buchholz" in mods  # it did rank
    for unused in ("json", "decimal", "brightwell_plugin.checking", "brightwell_plugin.adapters.trf.writer",
                   "rich", "lxml", "click"):  # click: the launcher's quick path (tests/test_quick_rank.py)
        assert unused not in mods, unused


def test_version_is_answered_before_click_and_says_what_click_says():
    fast = subprocess.run([sys.executable, "-c", "import sys; sys.argv=['brightwell','--version']\n"
                           "from brightwell_plugin.launch import main; main()\n"
                           "print('click' in sys.modules)"], capture_output=True, text=True, check=True)
    plain = subprocess.run([sys.executable, "-m", "brightwell_plugin.cli", "--version"], capture_output=True,
                           text=True, check=True)
    assert fast.stdout.splitlines() == [plain.stdout.strip(), "False"]


def test_the_console_script_ranks_as_main_does_and_ends_early(tmp_path):
    """``brightwell`` (launch.console) runs rank's quick path and skips the interpreter's tear-down
    (process.py): what it prints and writes, what it says on standard error and its exit status are
    ``main``'s, exit handlers run, and only the tear-down (an object freed at the end) is left out;
    a failure ends the ordinary way."""
    script = ("import atexit, sys\nclass Kept:\n    def __del__(self): print('torn down', file=sys.stderr)\n"
              "kept = Kept()\natexit.register(lambda: print('handler ran', file=sys.stderr))\n"
              "sys.argv[0] = 'brightwell'\nfrom brightwell_plugin.launch import {}\n{}()\n")

    def run(entry: str, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-c", script.format(entry, entry), *args], capture_output=True,
                              text=True, timeout=120)

    rank = ["rank", str(FIXTURES / "quirks.trf"), "-t", "PTS,BH,SB", "--output-format", "csv"]
    for args in (rank, [*rank, "-o", str(tmp_path / "out.csv")], ["rank", str(tmp_path / "none.trf")]):
        ended, plain = run("console", *args), run("main", *args)
        assert (ended.returncode, ended.stdout) == (plain.returncode, plain.stdout)
        assert plain.stderr.splitlines()[-2:] == ["handler ran", "torn down"]
        torn_down = ended.returncode != 0  # a failure exits through sys.exit
        assert ended.stderr.splitlines() == plain.stderr.splitlines()[:None if torn_down else -1]
    assert (tmp_path / "out.csv").read_text().startswith("rank,") and ended.returncode == 2


@pytest.mark.parametrize("builtin", BUILTINS, ids=lambda b: b.module.rsplit(".", 1)[-1])
def test_the_manifest_says_what_each_built_in_registers(builtin):
    plugin = importlib.import_module(builtin.module)  # a module of @hookimpl functions, as plugins.md teaches
    got: dict[str, list] = {"criteria": [], "formats": [], "presets": []}
    for kind, sink in got.items():
        hook = getattr(plugin, f"brightwell_register_{kind}", None)
        if hook is not None:
            hook(register=sink.append)
    assert got["criteria"] or got["formats"]
    assert tuple(c.name for c in got["criteria"]) == builtin.criteria
    assert tuple((f.name, f.suffixes) for f in got["formats"]) == builtin.formats
    assert {p.criterion for p in got["presets"]} <= set(builtin.criteria)  # a criterion's presets come with it
    assert not [name for name, value in vars(plugin).items() if isinstance(value, type) and name.endswith("Plugin")]
    assert hookspecs  # the hooks the manifest mirrors


def test_a_lazy_host_answers_as_a_loaded_one(tmp_path):
    (tmp_path / "corrupt.xml").write_text("<tournament><player")  # no format's sniffer takes it: the suffix decides
    (tmp_path / "notes.elo").write_text("no game lines here\n")
    loaded = Host(external=False)
    loaded.plugins()  # loads every built-in
    for code, criterion in loaded.criteria.items():
        lazy = Host(external=False)
        got = lazy.criterion(code)
        assert type(got) is type(criterion) and lazy.criteria.presets_of(code) == loaded.criteria.presets_of(code), code
    for path in sorted(p for folder in (FIXTURES, tmp_path) for p in folder.rglob("*") if p.is_file()):
        try:
            expected = api.detect_format(path, loaded).name
        except api.BrightwellError as exc:
            with pytest.raises(api.BrightwellError, match=exc.message[:20]):
                api.detect_format(path, Host(external=False))
            continue
        assert api.detect_format(path, Host(external=False)).name == expected, path
    assert list(Host(external=False).formats) == list(loaded.formats)


@pytest.mark.parametrize("group", ["console_scripts", "pytest11", "brightwell_plugin"])
def test_the_entry_point_reader_finds_what_importlib_metadata_finds(group):
    expected = sorted((e.name, e.value) for e in importlib.metadata.entry_points(group=group))
    assert sorted((e.name, e.value) for e in entry_points(group)) == expected


def test_the_entry_point_reader_names_the_distribution(tmp_path, monkeypatch):
    info = tmp_path / "brightwell_fed-2.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: brightwell-fed\nVersion: 2.1\n\nDescription\n")
    (info / "entry_points.txt").write_text("[console_scripts]\nx = a:b\n\n[brightwell_plugin]\nfed = fed_plugin:plugin\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    [ep] = entry_points("brightwell_plugin")
    assert (ep.name, ep.value, ep.distribution) == ("fed", "fed_plugin:plugin", "brightwell-fed 2.1")
    (tmp_path / "fed_plugin.py").write_text("plugin = object()\n")
    assert ep.load() is importlib.import_module("fed_plugin").plugin
