"""``brightwell-tiebreakchecker`` against FIDE's checker gacrux 1.11.65, run on the same command lines:
the whole JSON document (but for when and by whom it was made), ``-c``'s ``tiebreakDetails``
included, and the whole text output must be gacrux's. The intended differences
(docs/pairing-software.md) are tested apart."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from brightwell_plugin import api
from brightwell_plugin.gacrux import document as checker_document
from brightwell_plugin.adapters.trf.format import TrfFormat
from brightwell_plugin.gacrux.command import main
from support.checker_pair import brightwell, differences, gacrux, refused
from support.engines import ENGINES
from support.strategies import chess_tournaments, round_robins
from support.team_events import team_events
from support.samples import SHARED_ROOT, or_skip, trf_samples

SHARED = SHARED_ROOT
SAMPLES = SHARED / "research" / "formats"
LISTS = [["PTS", "BH/C1", "SB"], ["PTS", "WIN", "WON", "BPG", "BWG", "REP", "TPN", "GE", "SNO"],
         ["PTS", "PS", "PS/C1", "KS", "KS/L+1", "KS/L-1", "STD"],
         ["PTS", "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "RTNG", "TPR/M1", "PTP/C2"],
         ["PTS", "BH", "BH/M1", "BH/P", "SB/C1", "AOB", "BH/C2"], ["PTS", "FB"], ["PTS", "DE"],
         ["PTS", "BH/P", "DE", "SB/P"], ["DE", "PTS"], ["PTS", "DE/S"],
         ["PTS", "BH/V2026", "SB/C1/V2026", "FB/V2024"][:3], []]  # FB alone: gacrux's FB changes what follows
MODES = [[], ["-c"], ["-d", "T", "-r"], ["-c", "-d", "S", "-D", "C"], ["-u", "1400"], ["-s"], ["-F", "TXT"],
         ["-N", "9"]]  # not "-d @": gacrux 1.11.65 fails on it (test_the_status_first_with_at_...)
SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def _command(trf: Path, codes: list[str], mode: list[str], after: int | None) -> list[str]:
    return ["-i", str(trf), *mode, *(["-n", str(after)] if after is not None else []), *(["-t", *codes] if codes else [])]


@SETTINGS
@given(chess_tournaments(), st.sampled_from(LISTS), st.sampled_from(MODES), st.integers(-1, 7))
def test_generated_events_answer_as_gacrux(tmp_path, t, codes, mode, after):
    trf = tmp_path / "event.trf"
    trf.write_bytes(TrfFormat().dumps(t))
    args = _command(trf, codes, mode, after if 0 <= after <= t.planned_rounds else None)
    assert differences(args, tmp_path) == [], (args, trf.read_text())


@SETTINGS
@given(round_robins(), st.sampled_from(LISTS), st.sampled_from(MODES[:4]))
def test_round_robins_answer_as_gacrux(tmp_path, t, codes, mode):
    trf = tmp_path / "rr.trf"
    trf.write_bytes(TrfFormat().dumps(t))
    args = _command(trf, codes, ["-p", *mode], None)
    assert differences(args, tmp_path) == [], (args, trf.read_text())


@pytest.mark.slow
@pytest.mark.parametrize("sample", or_skip(trf_samples()), ids=lambda p: p.name if p else "none")
def test_real_trfs_answer_as_gacrux(tmp_path, sample, record_property):
    """Every real TRF, with several lists and modes. A file gacrux refuses (status 400 or more) is
    ranked here all the same, and the refusal recorded; ``0000 - =`` is a half-point bye here and a
    played draw in gacrux, so those files are compared as ``0000 - H`` (docs/pairing-software.md)."""
    trf = tmp_path / sample.name
    trf.write_bytes(sample.read_bytes().replace(b"0000 - =", b"0000 - H"))
    t = api.load(trf, "trf").tournament
    rounds = t.rounds_played
    for codes, mode, after in [(LISTS[0], [], None), (LISTS[3], ["-c"], None), (LISTS[4], ["-d", "T", "-r"], rounds),
                               (LISTS[6], ["-c"], max(1, rounds - 1)), ([], [], None), (LISTS[0], ["-c"], None),
                               (LISTS[1], ["-c"], None), (LISTS[2], ["-c"], None), (LISTS[4], ["-c"], None),
                               (LISTS[8], ["-c"], None)]:
        args = _command(trf, codes, mode, after)
        status = refused(args, tmp_path)
        if status is not None:
            record_property("gacrux_refusal", f"{status['code']}: {'; '.join(status['error'])[:200]}")
            code, out = brightwell(args, tmp_path / "ours.out")
            assert code == 0 and ("tiebreakResult" in out or "StartNo" in out or "Rank" in out), out[:300]
            continue
        assert differences(args, tmp_path) == [], args


def _fixture(tmp_path: Path) -> Path:
    """Four players, three rounds, stored ranks that are not the computed ones."""
    lines = ["012 Checker fixture", "042 2025-05-01", "092 Individual: Swiss-System", "XXR 3",
             "001    1      Alpha                             1800                             2.0    4     2 w 1     3 b 0     4 w 1",
             "001    2      Bravo                             1700                             1.0    3     1 b 0     4 w 1     3 w 0",
             "001    3      Charlie                           1600                             2.0    1     4 b 0     1 w 1     2 b 1",
             "001    4      Delta                             1500                             1.0    2     3 w 1     2 b 0     1 b 0"]
    trf = tmp_path / "fixture.trf"
    trf.write_bytes(("\r\n".join(lines) + "\r\n").encode())
    return trf


def _run(args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "brightwell_plugin.tiebreakchecker", *args], capture_output=True,
                          text=True, timeout=120)


def test_an_unknown_tie_break_is_an_error_naming_it_not_a_column_of_zeros(tmp_path):
    done = _run(["-i", str(_fixture(tmp_path)), "-t", "PTS", "XYZ"])
    doc = json.loads(done.stdout)
    assert done.returncode == 2 and doc["status"]["code"] == 500 and doc["status"]["error"] == ["Unknown tie-break: XYZ"]
    assert "tiebreakResult" not in doc and done.stderr.count("\n") == 1 and "XYZ" in done.stderr


def test_gacrux_codes_not_computed_here_are_named(tmp_path):
    done = _run(["-i", str(_fixture(tmp_path)), "-t", "PTS", "EDE", "MPTS", "BH/R"])
    assert done.returncode == 2 and "EDE, MPTS, BH/R" in done.stderr
    assert json.loads(done.stdout)["status"]["error"] == ["Tie-break not computed here: EDE",
                                                         "Tie-break not computed here: MPTS",
                                                         "Tie-break not computed here: BH/R"]


@pytest.mark.parametrize("args, code, words", [
    (["-i", "{missing}"], 502, "no such file"),
    (["-i", "{bad}"], 401, "line 2"),
    (["-i", "{fixture}", "-q"], 500, "unrecognized arguments: -q"),
    (["-i", "{fixture}", "-e", "2"], 501, "one tournament"),
    (["-i", "{fixture}", "-f", "NOPE"], 403, "-f NOPE"),
    (["-i", "{fixture}", "-G", "W:x"], 500, "'x' is no number"),
    (["-i", "{fixture}", "-n", "4"], 500, "-n 4: the event has rounds 0 to 3"),
])
def test_bad_input_is_gacruxs_status_one_line_and_exit_2(tmp_path, args, code, words):
    bad = tmp_path / "bad.trf"
    bad.write_text("012 Bad\n001    1      Alpha                                                              1.0    1     2 w Q\n")
    names = {"missing": str(tmp_path / "missing.trf"), "bad": str(bad), "fixture": str(_fixture(tmp_path))}
    done = _run([a.format(**names) for a in args])
    assert done.returncode == 2 and json.loads(done.stdout)["status"]["code"] == code
    assert done.stderr.count("\n") == 1 and words in done.stderr and "Traceback" not in done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("tiebreaks", [["PTS"], ["PTS", "XYZ"]], ids=["answer", "error"])
@pytest.mark.parametrize("spelt", ["same", "dotted", "link"])
def test_the_output_never_replaces_the_input(tmp_path, tiebreaks, spelt):
    trf = _fixture(tmp_path)
    before = trf.read_bytes()
    target = {"same": str(trf), "dotted": str(tmp_path / "." / trf.name), "link": str(tmp_path / "link.trf")}[spelt]
    if spelt == "link":
        (tmp_path / "link.trf").symlink_to(trf)
    done = _run(["-i", str(trf), "-o", target, "-t", *tiebreaks])
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().endswith(": is an input file: outputs never replace an input")
    assert done.stderr.count("\n") == 1 and trf.read_bytes() == before


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_an_input_that_is_no_regular_file_is_said_as_what_it_is(tmp_path, kind):
    path = tmp_path / "in.trf"
    os.mkfifo(path) if kind == "fifo" else path.mkdir()
    done = _run(["-i", str(path)])
    what = {"fifo": "a FIFO", "folder": "a folder"}[kind]
    assert done.returncode == 2 and json.loads(done.stdout)["status"]["code"] == 502
    assert done.stderr.strip() == f"brightwell-tiebreakchecker: error: {path}: is {what}, not a regular file: only " \
                                  "files are read"


def test_the_text_form_of_an_error_is_gacruxs(tmp_path):
    done = subprocess.run([sys.executable, "-m", "brightwell_plugin.tiebreakchecker", "-i", str(tmp_path / "no.trf"),
                           "-d", "T"], capture_output=True, timeout=120)
    assert done.returncode == 2 and done.stdout.startswith(b"### Error 502\n\r") and done.stdout.endswith(b"\r\n")


def test_a_failed_check_is_status_1_and_exit_0_unless_strict_exit(tmp_path):
    trf = _fixture(tmp_path)
    plain = _run(["-i", str(trf), "-c", "-t", "PTS", "BH"])
    doc = json.loads(plain.stdout)
    assert plain.returncode == 0 and doc["status"]["code"] == 1 and doc["tiebreakResult"]["check"] is False
    assert _run(["-i", str(trf), "-c", "--strict-exit", "-t", "PTS", "BH"]).returncode == 1
    assert [c["rank"] for c in doc["tiebreakResult"]["competitors"]] == [1, 3, 1, 3]


def test_the_status_first_with_at_is_printed_not_a_crash(tmp_path):
    done = _run(["-i", str(_fixture(tmp_path)), "-d", "@T", "-c", "-t", "PTS"])
    first, header = done.stdout.splitlines()[:2]
    assert done.returncode == 0 and first == "1\tFalse" and header == "StartNo\tRank\tPTS"


def test_version_and_output_file(tmp_path):
    assert _run(["-V"]).stdout.startswith("brightwell-tiebreakchecker ver. ")
    out = tmp_path / "out.json"
    assert main(["-i", str(_fixture(tmp_path)), "-o", str(out), "-t", "PTS"]) == 0
    assert json.loads(out.read_text())["tiebreakResult"]["tiebreaks"][0]["name"] == "PTS"
    done = _run(["-i", str(_fixture(tmp_path)), "-o", str(tmp_path / "no" / "such" / "dir.json")])
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "cannot write" in done.stderr


def test_trf_out_keeps_every_record_and_writes_ranks_and_212(tmp_path):
    trf = _fixture(tmp_path)
    done = subprocess.run([sys.executable, "-m", "brightwell_plugin.tiebreakchecker", "-i", str(trf), "-F", "TRF",
                           "-t", "PTS", "BH"], capture_output=True, timeout=120)
    assert done.returncode == 0
    before, after = trf.read_bytes().split(b"\r\n"), done.stdout.split(b"\r\n")
    assert after[:4] == before[:4] and after[4] == b"212 PTS,BH" and len(after) == len(before) + 1
    for old, new in zip(before[4:], after[5:]):
        assert old[:85] == new[:85] and old[89:] == new[89:]
    assert [int(line[85:89]) for line in after[5:9]] == [1, 3, 1, 3]
    again = tmp_path / "again.trf"
    again.write_bytes(done.stdout)
    assert api.load(again).tournament.tiebreaks == ("PTS", "BH")
    for engine in ENGINES:  # the pairing engines read what is written
        assert engine.points(again) == {p.start_no: p.stored_points for p in api.load(again).tournament.players}


def test_other_formats_and_this_projects_criteria_through_the_same_interface(tmp_path):
    sample = api.sample_path()
    done = _run(["-f", "xml", "-i", str(sample), "-d", "T", "-r", "-t", "PTS", "BQ:preset=woc", "DISCS"])
    lines = done.stdout.splitlines()
    standings = api.rank(api.load(sample).tournament, "PTS,BQ:preset=woc,DISCS")
    first = standings.rows[0]
    assert done.returncode == 0 and lines[0] == "Rank\tStartNo\tPTS\tBQ:preset=woc\tDISCS"
    assert lines[1].split("\t")[:2] == ["1", str(first.start_no)]
    assert [float(v) for v in lines[1].split("\t")[2:]] == list(first.values)


_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=6),
                     st.decimals(allow_nan=False, places=2).map(str), st.floats(allow_nan=True))


@given(st.lists(st.fixed_dictionaries({"cid": st.integers(0, 9999), "rank": st.one_of(st.none(), st.integers(1, 99)),
                                       "tiebreakScore": st.lists(_SCALARS, max_size=5)}), max_size=6),
       st.dictionaries(st.text(max_size=4), _SCALARS, max_size=3))
def test_the_fast_indented_json_is_json_dumps_indent_2(competitors, options):
    """checker_document.indented_json writes the competitors by hand (benchmarks/bench_checker.py)."""
    from decimal import Decimal
    doc = {"filetype": "Tiebreak", "options": {**options, "x": Decimal("1.5")}, "status": {"code": 0},
           "tiebreakResult": {"rules": "x", "competitors": competitors, "after": '"competitors": []'}}
    assert checker_document.indented_json(doc) == json.dumps(doc, indent=2, default=str)
    nested = {**doc, "tiebreakResult": {"competitors": [{"cid": 1, "rank": 1, "tiebreakScore": [[1]]}]}}
    assert checker_document.indented_json(nested) == json.dumps(nested, indent=2, default=str)


TEAM_LISTS = ["MPTS,GPTS", "MPTS,BH:MP,SB:MP,GPTS", "MPTS,BH:MP/C1,GPTS", "MPTS,BH:GP,SB:GP,AOB:GP",
              "MPTS,MPvGP,EMGSB,EGMSB,EMMSB,EGGSB", "MPTS,EMGSB/C1/P,ESB", "MPTS,EDE,GPTS",
              "PTS,EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP", "MPTS,EDEC", "MPTS,EDEB", "MPTS,EDEBT", "MPTS,EDEBB",
              "MPTS,BC,GPTS", "MPTS,GPTS,TBR", "MPTS,BBE,BC", "MPTS,SSSC,GPTS", "MPTS,SSSC/F/P,SSSC:GP", "MPTS,SSSC/K3",
              "PTS,DE,PS,KS,WIN,STD", "BH,PTS", "GPTS,EDE", "GPTS,EDEBT,MPTS", "GPTS,EDEB,DE,BH", "GPTS,EDEC,EMGSB"]
FORE_LISTS = ["MPTS,FB:GP", "MPTS,FB", "GPTS,FB", "MPTS,BH:GP/F"]  # FB last: gacrux's FB changes what follows
TEAM_LISTS += FORE_LISTS
TEAM_MODES = [[], ["-c"], ["-d", "T", "-r"], ["-s"], ["-p"]]


@pytest.mark.slow
@SETTINGS
@given(team_events(), st.sampled_from(TEAM_LISTS), st.sampled_from(TEAM_MODES), st.integers(-1, 5))
def test_generated_team_events_answer_as_gacrux(tmp_path, event, items, mode, after):
    """A team event's answer is gacrux's team answer: each tie-break's point type and
    description, the values, the ranks, the EDE chains' record, and with -c every team's terms,
    loops and points board by board. Not compared: rounds the event does not have, a 299 penalty
    before its round or under -c (its round is not kept: docs/trf.md), SSSC before the last round,
    DE and EDE in a round robin whose teams have not all met (docs/criteria.md) and gacrux's
    failures (docs/teams.md)."""
    data = event[0]
    lines = data.decode().splitlines()
    rounds = next(int(line[4:].split()[0]) for line in lines if line.startswith("142 "))
    assume(after <= rounds and not ((after >= 0 or "-c" in mode) and any(line.startswith("299 ") for line in lines)))
    trf = tmp_path / "team.trf"
    trf.write_bytes(data)
    args = ["-i", str(trf), *mode, *(["-n", str(after)] if after >= 0 else []), "-t", *items.split(",")]
    assume(not _gacrux_failed(args, tmp_path))  # no board yet (TBR, BBE); an SSSC factor of 0
    assume(not (0 <= after < rounds and "SSSC" in items))  # its factor over the rounds so far: docs/teams.md
    assume(not ("-p" in mode and "DE" in items))  # a round robin whose teams have not all met: docs/criteria.md
    assume(not ("DE" in items and _met_three_times(event[1], lines)))  # gacrux's running mean: docs/pairing-software.md
    assert differences(args, tmp_path) == [], (args, data.decode())


def _met_three_times(rosters: list[list[int]], lines: list[str]) -> bool:
    """Whether two teams met three times or more (gacrux's DE then averages them in Decimal steps that
    round: a mean of 4/3 and 0 is 0.99999…, not 1)."""
    team = {no: t for t, roster in enumerate(rosters) for no in roster}
    met: dict[tuple, set] = {}
    for line in lines:
        if line.startswith("001 "):
            no = int(line[4:8])
            for r, at in enumerate(range(91, len(line), 10)):
                opp = line[at:at + 4].strip()
                if opp.isdigit() and int(opp) in team:
                    met.setdefault(tuple(sorted((team[no], team[int(opp)]))), set()).add(r)
    return any(len(rounds) >= 3 for rounds in met.values())


def _gacrux_failed(args: list[str], folder: Path) -> bool:
    """Whether gacrux stops with its own program error (status 510)."""
    text = gacrux(args, folder / "gacrux.out")[1]
    if text.startswith("### Error"):
        return text.startswith("### Error 510")
    return text.startswith("{") and json.loads(text)["status"]["code"] == 510


@pytest.mark.slow
@pytest.mark.parametrize("items", TEAM_LISTS[:8] + TEAM_LISTS[12:16] + FORE_LISTS)
@pytest.mark.parametrize("mode", [[], ["-c"]])
def test_the_team_samples_answer_as_gacrux(tmp_path, items, mode):
    """The team fixture and FIDE TEC's team sample (50 teams, 14 rounds), where present. FB over
    game points: a team's unplayed rounds before a final-round forfeit stay draws (docs/teams.md)."""
    from support.make_fixtures import FIXTURES
    tec = SHARED / "research" / "teams" / "grandmommys_cup_trf26_team.trf"
    for path in [FIXTURES / "teams.trf", *([tec] if tec.exists() else [])]:
        assert differences(["-i", str(path), *mode, "-t", *items.split(",")], tmp_path) == [], (path.name, items)


MATCH_POINTS = ["362 TW 3     TD 1     TL 0  ", "362 TW 2     TD 1     TL 0", "362 TW 3     TD 1.5   TL 0",
                "362 TW 3.00  TD 1.00  TL 0.00", "362 TW 3"]


@pytest.mark.slow
@pytest.mark.parametrize("record", MATCH_POINTS)
def test_match_points_answer_with_the_decimals_the_362_record_writes(tmp_path, record):
    """gacrux keeps each of 362's numbers as the Decimal written: ``TW 3`` gives whole match
    points, their sums and products whole (``7``, precision 0), ``TD 1.5`` one decimal, a letter
    left out its default's; the team fixture's terms and loops with -c too, FIDE TEC's sample
    (where present; its byes' game points are a -c term apart: docs/pairing-software.md) without."""
    from support.make_fixtures import FIXTURES
    tec = SHARED / "research" / "teams" / "grandmommys_cup_trf26_team.trf"
    for path, modes in [(FIXTURES / "teams.trf", ([], ["-c"])), *([(tec, ([],))] if tec.exists() else [])]:
        trf = tmp_path / path.name
        trf.write_text(re.sub(r"^362.*$", record, path.read_text(), flags=re.MULTILINE))
        for items in ("PTS,EDE,BH", "MPTS,EDEBT,SB", "BH,PTS,MPvGP,SSSC,ESB", "PTS,BH:MP,SB:GP,AOB,EDEC,KS,PS",
                      "PTS,BH/C1,FB,DE", "GPTS,BH,SB,EMMSB,EGGSB,EMGSB,EGMSB", "PTS,KS:MP,PS:GP,BH:GP,BC,TBR"):
            for mode in modes:
                assert differences(["-i", str(trf), *mode, "-t", *items.split(",")], tmp_path) == [], (path.name, items)


@pytest.mark.slow
@pytest.mark.parametrize("primary", ["match", "game", "MP", None])
def test_a_chess_json_team_event_names_its_primary_score_as_gacrux_reads_it(tmp_path, primary):
    """A Chess-JSON's ``scoreSystem.primary`` is the primary score (PTS written ``PTS``, not
    ``PTS:MP``); a file naming none takes it from its first PTS, MPTS or GPTS, never from the 192
    record of the TRF it was made from."""
    from support.make_fixtures import FIXTURES
    tec = SHARED / "research" / "teams" / "grandmommys_cup_trf26_team.trf"
    for path in [FIXTURES / "teams.trf", *([tec] if tec.exists() else [])]:
        event = tmp_path / "event.jch"
        api.write(api.load(path).tournament, event, "chess-json")
        doc = json.loads(event.read_text())
        system = doc["event"]["tournaments"][0]["scoreSystem"]
        system.pop("primary")
        if primary:
            system["primary"] = primary
        event.write_text(json.dumps(doc))
        for items in ("PTS,EDE,BH", "MPTS,SB,ESB,MPvGP,BH:GP", "GPTS,BH,SB"):
            assert differences(["-f", "JSON", "-i", str(event), "-t", *items.split(",")], tmp_path) == [], items


@pytest.mark.parametrize("kind", ["FIDE_TEAM_GP_MP", "FIDE_TEAM_GP", "FIDE_TEAM_MP_GP"])
def test_the_primary_score_is_the_one_the_192_type_names(tmp_path, kind):
    """Game points first (a 192 type _GP): PTS, the codes without :MP or :GP, MPvGP, ESB, SSSC
    and the EDE chains take the game points as the primary score, as in gacrux."""
    from support.make_fixtures import FIXTURES
    text = (FIXTURES / "teams.trf").read_text()
    trf = tmp_path / "typed.trf"
    trf.write_text(text.replace("\n", f"\n192 {kind}\n", 1))
    for items in ("PTS,EDE,BH", "MPTS,EDEBT,SB", "BH,PTS,MPvGP,SSSC,ESB", "PTS,BH:MP,SB:GP,AOB,EDEC,KS,PS"):
        for mode in ([], ["-c"]):
            assert differences(["-i", str(trf), *mode, "-t", *items.split(",")], tmp_path) == [], (kind, items, mode)


def test_a_team_tournament_is_answered_with_its_teams(tmp_path):
    from support.make_fixtures import FIXTURES
    out = tmp_path / "out.json"
    assert main(["-i", str(FIXTURES / "teams.trf"), "-o", str(out), "-t", "PTS", "EDE"]) == 0
    result = json.loads(out.read_text())["tiebreakResult"]
    assert [t["pointtype"] for t in result["tiebreaks"]] == ["mpoints", "mpoints"]
    assert {c["cid"] for c in result["competitors"]} == {team.number for team in
                                                        api.load(FIXTURES / "teams.trf").tournament.teams.teams}
    ranks = {c["cid"]: c["rank"] for c in result["competitors"]}
    trf = tmp_path / "out.trf"  # -F TRF: the file back, its 310 records with the ranks computed, the list in 212
    assert main(["-i", str(FIXTURES / "teams.trf"), "-o", str(trf), "-F", "TRF", "-t", "PTS", "EDE"]) == 0
    back = api.load(trf).tournament
    assert {team.number: team.stored_rank for team in back.teams.teams} == ranks and back.tiebreaks == ("PTS", "EDE")
    for codes in (["XYZ"], ["BH/Q9"], ["FLT"]):  # unknown, a modifier it does not take, not computed here
        assert main(["-i", str(FIXTURES / "teams.trf"), "-o", str(out), "-t", *codes]) == 2
        assert json.loads(out.read_text())["status"]["code"] == 500
    written, source = trf.read_text().splitlines(), (FIXTURES / "teams.trf").read_text().splitlines()
    assert [line for line in written if line[:3] not in ("310", "212")] == [line for line in source if line[:3] != "310"]


def test_the_command_ends_early_with_its_output_whole_and_the_exit_handlers_run(tmp_path, capsys):
    """The console script skips the interpreter's tear-down (process.end): what it
    prints and writes is what ``main`` makes, exit handlers run, and the exit status is kept."""
    trf, out = _fixture(tmp_path), tmp_path / "out.json"
    script = ("import atexit, sys\natexit.register(lambda: print('handler ran', file=sys.stderr))\n"
              "from brightwell_plugin.gacrux.command import console\nsys.argv[0] = 'brightwell-tiebreakchecker'\n"
              "console()\n")
    args = ["-i", str(trf), "-c", "-t", "PTS", "BH/C1", "SB", "DE"]
    printed = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, timeout=120)
    written = subprocess.run([sys.executable, "-c", script, *args, "-o", str(out), "--strict-exit"],
                             capture_output=True, timeout=120)
    assert main(args) == 0
    plain = json.loads(capsys.readouterr().out)
    for done, text in ((printed, printed.stdout), (written, out.read_bytes())):
        doc = json.loads(text)
        doc["options"]["output_file"] = "-"  # the one option that differs
        assert doc.pop("published") and plain.get("published")
        assert doc == {k: v for k, v in plain.items() if k != "published"}
        assert done.stderr.decode().splitlines()[-1] == "handler ran"
    assert (printed.returncode, written.returncode) == (0, 1)  # the check fails: 1 with --strict-exit
    refused = subprocess.run([sys.executable, "-c", script, "-i", str(tmp_path / "none.trf")], capture_output=True,
                             timeout=120)
    assert refused.returncode == 2 and json.loads(refused.stdout)["status"]["code"] == 502


def test_an_unknown_tie_break_of_the_files_own_list_names_the_file(tmp_path):
    trf = tmp_path / "own.trf"
    trf.write_text(_fixture(tmp_path).read_text().replace("XXR 3", "XXR 3\n202 BH/C1,XYZ"))
    done = _run(["-i", str(trf)])
    assert done.returncode == 2 and json.loads(done.stdout)["status"]["error"] == ["Unknown tie-break: XYZ"]
    assert done.stderr == f"brightwell-tiebreakchecker: error: {trf}: its tie-break list: unknown tie-break XYZ " \
                          "(see brightwell criteria)\n"
