"""Every writable format into every other: the standings survive; what cannot, is listed."""

from __future__ import annotations

import pytest

from brightwell_plugin import api
from brightwell_plugin.errors import BrightwellError
from support.make_fixtures import papp_event, scrabble_day

# the writers made for another game, which refuse the event naming it; every other writable format
# the host knows (a third party's too) must carry it
OTHER_GAME = {"othello": {"egd", "ffg-tou", "opengotha", "tsh", "aupair"}, "scrabble": {"egd", "ffg-tou", "opengotha", "papp"}}
CASES = [("othello", papp_event, "PTS,BQ:preset=woc,DISCS"),
         ("scrabble", scrabble_day, "PTS,SPREAD,BQ:preset=cas:u=0")]


def _writable(label: str, build, folder) -> list:
    formats = []
    for name, fmt in sorted(api.formats().items()):
        if not fmt.can_write:
            continue
        if name in OTHER_GAME[label]:
            with pytest.raises(BrightwellError, match=f"this is an? {label} event"):
                api.write(build(), fmt.output_name(folder / f"refused_{name}"), name)
            continue
        formats.append(fmt)
    return formats


@pytest.mark.parametrize("label, build, spec", CASES, ids=[c[0] for c in CASES])
def test_every_pair_of_formats(tmp_path, label, build, spec):
    t = build()
    expected = api.rank(t, spec).rows
    formats = _writable(label, build, tmp_path)
    assert {"xml", "trf", "swissperfect"} <= {f.name for f in formats}
    for a in formats:
        source = a.output_name(tmp_path / f"{label}_{a.name}")
        api.write(t, source, a.name)
        for b in formats:
            target = b.output_name(tmp_path / f"{label}_{a.name}_to_{b.name}")
            loaded, lost = api.convert(source, target, b.name)
            got = api.rank(api.load(target).tournament, spec).rows
            assert [(r.start_no, r.values) for r in got] == [(r.start_no, r.values) for r in expected], \
                (a.name, b.name, lost)


def test_the_event_dates_are_carried_where_the_target_has_a_place(tmp_path):
    """TRF (042/052), the native XML, EGD (DT[start,end]) hold both dates; Swiss Perfect neither:
    the conversion names each date it drops."""
    from dataclasses import replace
    t = replace(papp_event(), start_date="2026-07-04", end_date="2026-07-05")
    source = tmp_path / "event.xml"
    api.write(t, source, "xml")
    for fmt, suffix in (("xml", ".xml"), ("trf", ".trf")):
        target = tmp_path / f"dates{suffix}"
        _, report = api.convert(source, target, fmt)
        back = api.load(target).tournament
        assert (back.start_date, back.end_date) == ("2026-07-04", "2026-07-05"), fmt
        assert not any("date" in x for x in report.metadata_lost), fmt
    assert "052 2026/07/05" in (tmp_path / "dates.trf").read_text().splitlines()
    _, report = api.convert(source, tmp_path / "dates.trn", "swissperfect")
    assert "the end date" in report.metadata_lost and "the start date" in report.metadata_lost


def test_a_writers_refusal_names_the_file_being_written(tmp_path):
    from dataclasses import replace
    t = papp_event()
    moved = {p.start_no: p.start_no * 10 for p in t.players}  # numbers a pairing engine cannot take
    t = replace(t, players=tuple(replace(p, start_no=moved[p.start_no], rounds=tuple(
        replace(e, opponent=moved[e.opponent]) if e.opponent else e for e in p.rounds)) for p in t.players))
    source = tmp_path / "event.xml"
    api.write(t, source, "xml")
    with pytest.raises(api.BrightwellError, match=r"^.*out\.trf: start numbers must run 1\.\."):
        api.convert(source, tmp_path / "out.trf", "trf")


@pytest.mark.parametrize("build, fmt, suffix, message", [
    (scrabble_day, "papp", ".elo", "an ELO export holds Othello games (discs out of 64), and this is a scrabble event"),
    (papp_event, "tsh", ".t", "a tsh file holds Scrabble games (a result is read from both scores), and this is "
                              "an othello event"),
    (papp_event, "egd", ".h9", "an EGD file holds Go results, and this is an othello event"),
    (papp_event, "ffg-tou", ".tou", "a .tou file holds Go results, and this is an othello event"),
])
def test_a_writer_for_one_game_refuses_the_others(tmp_path, build, fmt, suffix, message):
    source = tmp_path / "event.xml"
    api.write(build(), source, "xml")
    target = tmp_path / f"out{suffix}"
    with pytest.raises(api.BrightwellError) as caught:
        api.convert(source, target, fmt)
    assert str(caught.value) == f"{target}: {message}"
    assert list(tmp_path.iterdir()) == [source]


def _trf_without_ranks(tmp_path, tiebreaks: str):
    """The quirks fixture with its rank columns blank, its date gone and ``tiebreaks`` as its 212."""
    from support.make_fixtures import quirks_trf
    lines = []
    for line in quirks_trf().splitlines():
        if line.startswith(("042", "202")):
            continue
        if line.startswith("001"):
            line = line[:85] + "    " + line[89:]
        lines.append(line)
    lines.insert(1, f"212 {tiebreaks}")
    path = tmp_path / "blank.trf"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_conversion_whose_standings_read_back_the_same_passes_strict(tmp_path):
    """Swiss Perfect keeps BH/M1 as its median tie-break: the settings are predicted lost, but the
    file read back ranks every player with every value as the source does."""
    source = _trf_without_ranks(tmp_path, "PTS,BH/M1,SB")
    before = api.rank(api.load(source).tournament)
    _, report = api.convert(source, tmp_path / "e.trn", strict=True)
    assert report.standings_lost == []
    assert any("BH/M1" in x and "the standings read back are the same" in x for x in report.metadata_lost)
    after = api.rank(api.load(tmp_path / "e.trn").tournament)
    assert [(r.rank, r.values) for r in after.rows] == [(r.rank, r.values) for r in before.rows]


def test_a_changed_value_still_refuses_strict(tmp_path):
    """The same file with a date before 2026-03 (FIDE's 2024 edition): Swiss Perfect keeps no date,
    so it reads back under the 2026 rules, and a value changes."""
    source = _trf_without_ranks(tmp_path, "PTS,BH/M1,SB")
    source.write_text(source.read_text().replace("012 Quirks Open\n", "012 Quirks Open\n042 2025/05/03\n"))
    with pytest.raises(BrightwellError, match="the start date .* places move when the written file is ranked"):
        api.convert(source, tmp_path / "e.trn", strict=True)


def test_ranks_filled_in_are_reported_and_keep_writes_them_as_they_were(tmp_path):
    """For a pairing engine (trf-engine) the ranks a TRF leaves blank are filled in, said; --keep, and a
    plain TRF to TRF (the file written back as it was), leave them blank."""
    source = _trf_without_ranks(tmp_path, "PTS,BH")
    _, report = api.convert(source, tmp_path / "filled.trf", "trf-engine")
    assert report.filled == "ranks for 6 player(s) filled in, computed by PTS,BH (the file stores none)"
    ranks = [line[85:89] for line in (tmp_path / "filled.trf").read_text().splitlines() if line.startswith("001")]
    standings = api.rank(api.load(source).tournament, "PTS,BH")
    assert [int(r) for r in ranks] == [row.rank for row in sorted(standings.rows, key=lambda row: row.start_no)]
    for name, to, keep in (("kept.trf", "trf-engine", True), ("same.trf", None, False)):
        _, kept = api.convert(source, tmp_path / name, to, keep=keep)
        assert kept.filled is None
        blank = [line[85:89] for line in (tmp_path / name).read_text().splitlines() if line.startswith("001")]
        assert blank == ["    "] * 6
    assert (tmp_path / "same.trf").read_bytes() == source.read_bytes()


def _converted(source, target, *extra) -> tuple[int, str]:
    from click.testing import CliRunner

    from brightwell_plugin.cli import main
    result = CliRunner().invoke(main, ["convert", str(source), str(target), "--renumber", *extra])
    return result.exit_code, result.stderr


def test_an_event_whose_own_list_does_not_rank_it_is_converted_only_where_the_file_written_ranks(tmp_path):
    """What convert writes, rank reads: a TRF whose 202 list is no list (BH/BH) is not written as a
    file that carries that list; an ELO export, read by Papp's own list, is."""
    from support.make_fixtures import FIXTURES
    source = tmp_path / "bad202.trf"
    source.write_bytes((FIXTURES / "quirks.trf").read_bytes().replace(b"202 BH/C1,BH", b"202 BH/BH,C1"))
    with pytest.raises(BrightwellError, match="BH does not take /BH"):
        api.rank(api.load(source).tournament)
    for target in (tmp_path / "out.trf", tmp_path / "out.jch"):
        code, said = _converted(source, target)
        assert code == 2 and said.count("\n") == 1 and f"{target}: the event does not rank by its own tie-break " \
            "list, nor would the file written: BH/BH: BH does not take /BH" in said
        assert not target.exists()
    code, said = _converted(source, tmp_path / "out.elo")
    assert code == 0, said
    assert api.rank(api.load(tmp_path / "out.elo").tournament).rows


@pytest.mark.parametrize("date", ["2025-050x1", "May 29, 2020", "2024-09-2010", "2025/05/03", ""])
def test_a_start_date_written_otherwise_converts_to_every_format(tmp_path, date):
    """Chess-JSON passes its startDate on as written (gacrux writes a TRF's 042 there as it stands):
    each writer that spells the date its own way takes it only when it is YYYY-MM-DD."""
    from support.make_fixtures import FIXTURES
    source = tmp_path / "dated.jch"
    source.write_text((FIXTURES / "quirks.jch").read_text().replace('"startDate": "2025-05-03"',
                                                                    f'"startDate": "{date}"'))
    host = api.get_host()
    for name, fmt in sorted(host.formats.items()):
        if not fmt.can_write:
            continue
        target = fmt.output_name(tmp_path / f"out-{name}")
        code, said = _converted(source, target, "--to", name)
        assert code == 0 or code == 2 and said.count("\n") == 1 and target.name in said, (name, said)
        if code == 0:
            api.rank(api.load(target, format=name).tournament)
