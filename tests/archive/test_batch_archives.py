"""brightwell batch and study over archives read where they lie (a zip, a tar of any compression),
hostile archives refused in one line, shards of a job array and their reports merged, a batch
written as one archive."""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import tarfile
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from brightwell_plugin import api
from brightwell_plugin.archive import packed
from brightwell_plugin.archive.batch import collect
from brightwell_plugin.archive.merge import in_shard
from brightwell_plugin.cli import main
from brightwell_plugin.plugins.host import get_host
from support.make_fixtures import FIXTURES
from support.samples import needs_shared, research

EVENTS = {"2019/club.xml": FIXTURES / "othello_open.xml", "2019/quirks.trf": FIXTURES / "quirks.trf",
          "2020/woc.elo": FIXTURES / "othello_open.elo", "2020/ftd.json": FIXTURES / "othello_open.ftd.json",
          **{f"2020/spring/event{p}": FIXTURES / "sp" / f"othello_open{p}" for p in (".ini", ".trn", ".sco")},
          "tsh/a.t": FIXTURES / "tsh" / "a.t", "tsh/config.tsh": FIXTURES / "tsh" / "config.tsh",
          "README.md": None}
OUTPUTS = {"2019/club.xml", "2019/quirks.trf", "2020/woc.elo", "2020/ftd.xml", "2020/spring/event.ini",
           "2020/spring/event.trn", "2020/spring/event.sco", "tsh/a.t"}


def content(name: str) -> bytes:
    source = EVENTS[name]
    return b"# an archive of events\n" if source is None else source.read_bytes()


def zipped(path: Path, names=EVENTS, **extra: bytes) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in names:
            zf.writestr(name, content(name))
        for name, data in extra.items():
            zf.writestr(name, data)
    return path


def tarred(path: Path, mode: str, names=EVENTS, members=()) -> Path:
    with tarfile.open(path, mode) as tar:
        for name in names:
            data = content(name)
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        for info, data in members:
            tar.addfile(info, io.BytesIO(data) if data is not None else None)
    return path


def tree(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and not p.name.startswith(".brightwell-")}


def batch(*args: str):
    return CliRunner().invoke(main, ["batch", *args])


def test_a_zip_and_tars_of_every_compression_are_read_member_by_member(tmp_path):
    sources = [zipped(tmp_path / "events.zip")] + [tarred(tmp_path / f"events{suffix}", mode) for suffix, mode in (
        (".tar", "w"), (".tar.gz", "w:gz"), (".tbz2", "w:bz2"), (".tar.xz", "w:xz"))]
    trees = []
    for n, source in enumerate(sources):
        out, report = tmp_path / f"out{n}", tmp_path / f"report{n}"
        result = batch(str(source), "--out", str(out), "--jobs", "2", "--report", str(report))
        assert result.exit_code == 0, result.output
        assert "6 ranked, 1 skipped (1 not tournaments), 0 failed of 7 files" in result.stdout  # the README
        assert set(tree(out / "events")) == OUTPUTS  # below the archive's name, without its suffix
        trees.append(tree(out))
        files = {f["source"]: f for f in json.loads(report.with_suffix(".json").read_text())["files"]}
        assert f"{source}!2020/spring/event.trn" in files  # a Swiss Perfect trio: one event, read from its .trn
        assert files[f"{source}!2019/quirks.trf"]["target"] == str(out / "events" / "2019" / "quirks.trf")
    assert all(t == trees[0] for t in trees)  # each compression reads the same events
    assert api.load(tmp_path / "out0" / "events" / "2020" / "spring" / "event.trn").tournament.players


def test_study_reads_an_archive_and_names_its_members(tmp_path):
    source = tarred(tmp_path / "events.tgz", "w:gz")
    result = CliRunner().invoke(main, ["study", str(source), "--rule", "PTS,BH", "--rule", "PTS,SB", "--report",
                                       str(tmp_path / "study")])
    assert result.exit_code == 0, result.output
    events = {e["source"] for e in json.loads((tmp_path / "study" / "study.json").read_text())["events"]}
    assert f"{source}!2019/quirks.trf" in events and f"{source}!2020/spring/event.trn" in events


def test_swiss_perfects_own_zip_is_still_one_event(tmp_path):
    source = zipped(tmp_path / "nccz.zip", names=[n for n in EVENTS if "spring" in n])
    assert [(job.source, job.member) for job in collect([str(source)], host=get_host())] == [(source, None)]
    result = batch(str(source), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "nccz.trn").is_file()  # as it always was: a Swiss Perfect tournament


def test_an_error_names_the_member(tmp_path):
    source = zipped(tmp_path / "events.zip", **{"2021/broken.xml": b"<tournament"})
    result = batch(str(source), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert f"failed: {source}!2021/broken.xml: line 1: the file is cut short" in result.stdout
    assert "brightwell-member-" not in result.output  # no scratch copy is ever named


@pytest.mark.parametrize("name", ["../climbs.trf", "/etc/absolute.trf", "2019/../../climbs.trf", "C:/drive.trf"])
def test_a_member_path_that_climbs_out_refuses_the_archive(tmp_path, name):
    for source in (zipped(tmp_path / "bad.zip", **{name: content("2019/quirks.trf")}),
                   tarred(tmp_path / "bad.tar", "w", members=[(_info(name, 10), b"0" * 10)])):
        result = batch(str(source), "--out", str(tmp_path / "out"))
        assert result.exit_code == 1
        assert f"failed: {source}: member '{name}' has an unsafe path" in result.stdout
        assert "0 ranked, 0 skipped, 1 failed of 1 files" in result.stdout
        assert tree(tmp_path / "out") == {}  # nothing read, nothing written


def _info(name: str, size: int = 0, kind=tarfile.REGTYPE, link: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.size, info.type, info.linkname = size, kind, link
    return info


def test_twice_the_same_member_refuses_the_archive(tmp_path):
    source = tarred(tmp_path / "twice.tar", "w", members=[(_info("2019/quirks.trf", 3), b"abc")])
    result = batch(str(source), "--out", str(tmp_path / "out"))
    assert f"member '2019/quirks.trf' appears twice: which one is meant is unclear" in result.stdout


def test_a_link_in_a_tar_is_left_out_and_said(tmp_path):
    source = tarred(tmp_path / "links.tar", "w", members=[(_info("2019/passwd.trf", kind=tarfile.SYMTYPE,
                                                                 link="/etc/passwd"), None)])
    result = batch(str(source), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0
    assert f"{source}!2019/passwd.trf: not a file (a link, a device or a sparse file): left out" in result.stderr


def test_a_zip_that_lists_more_members_than_allowed_or_than_its_end_record_says(tmp_path, monkeypatch):
    monkeypatch.setattr(packed, "MAX_MEMBERS", 5)
    source = zipped(tmp_path / "many.zip")
    result = batch(str(source), "--out", str(tmp_path / "out"))
    assert f"failed: {source}: a zip of {len(EVENTS)} entries: more than the 5 an archive of events may hold" \
        in result.stdout
    raw = bytearray(source.read_bytes())
    end = raw.rfind(b"PK\x05\x06")
    raw[end + 8:end + 12] = (2).to_bytes(2, "little") * 2  # the end record says 2 entries
    source.write_bytes(bytes(raw))
    result = batch(str(source), "--out", str(tmp_path / "out"))
    assert f"failed: {source}: a zip of more entries than its end record's 2" in result.stdout


def test_a_tar_that_lists_more_members_than_allowed(tmp_path, monkeypatch):
    monkeypatch.setattr(packed, "MAX_MEMBERS", 5)
    source = tarred(tmp_path / "many.tar.gz", "w:gz")
    result = batch(str(source), "--out", str(tmp_path / "out"))
    assert f"failed: {source}: more than the 5 members an archive of events may hold; nothing was read" \
        in result.stdout


def test_bombs_are_stopped(tmp_path):
    zeros = b"\0" * (3 << 20)  # 3 MiB of zeros: deflated a thousand times smaller
    source = zipped(tmp_path / "bomb.zip", names=["2019/quirks.trf"], **{"2019/bomb.trf": zeros})
    result = batch(str(source), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1 and "1 ranked, 0 skipped, 1 failed of 2 files" in result.stdout
    assert f"failed: {source}: zip member '2019/bomb.trf' inflates past " in result.stdout  # the member only
    source = tarred(tmp_path / "bomb.tar.gz", "w:gz", names=["2019/quirks.trf"],
                    members=[(_info("2019/bomb.trf", len(zeros)), zeros)])
    result = batch(str(source), "--out", str(tmp_path / "out"))
    assert f"failed: {source}: inflates past 200 times its size (a bomb?); nothing more was read" in result.stdout


def test_a_tar_member_that_lies_about_its_size(tmp_path):
    source = tarred(tmp_path / "lies.tar", "w", names=["2019/quirks.trf"])
    raw = bytearray(source.read_bytes())
    raw[124:136] = b"%011o\0" % (10 << 20)  # the header says 10 MiB, the file holds a few kilobytes
    raw[148:156] = b"%06o\0 " % (sum(raw[:148]) + 8 * 32 + sum(raw[156:512]))  # its checksum made right
    source.write_bytes(bytes(raw))
    result = batch(str(source), "--out", str(tmp_path / "out"))
    assert f"failed: {source}: not a readable tar" in result.stdout


def test_shards_cover_the_archive_once_and_their_reports_merge_into_the_whole(tmp_path):
    source = zipped(tmp_path / "events.zip")
    whole, out = tmp_path / "whole", tmp_path / "shared"
    alone = batch(str(source), "--out", str(tmp_path / "alone"), "--report", str(whole))
    assert alone.exit_code == 0
    jobs = collect([str(source)], host=get_host())
    shares = [sum(in_shard(job, i, 3) for job in jobs) for i in (1, 2, 3)]
    assert sum(shares) == len(jobs) and all(job.relative for job in jobs)
    for i in (1, 2, 3):  # three tasks of a job array, into one output folder
        result = batch(str(source), "--out", str(out), "--shard", f"{i}/3", "--report", str(tmp_path / f"part{i}"))
        assert f"of {shares[i - 1]} files" in result.stdout
    assert tree(out) == tree(tmp_path / "alone")
    merged = tmp_path / "merged"
    result = batch("--merge", *(str(tmp_path / f"part{i}") for i in (1, 2, 3)), "--report", str(merged))
    assert result.exit_code == 0 and "6 ranked, 1 skipped (1 not tournaments), 0 failed of 7 files" in result.stdout
    summary, joined = result.stdout.rstrip("\n").rsplit("\n", 1)  # the whole batch's summary, then what was joined
    assert summary + "\n" == alone.stdout and joined.startswith("(the reports of 3 runs joined: ")
    a, b = (json.loads(p.with_suffix(".json").read_text()) for p in (whole, merged))
    assert a["files"] == [{**f, "target": f["target"] and f["target"].replace("shared", "alone")} for f in b["files"]]
    assert a["summary"] == b["summary"]
    assert whole.with_suffix(".csv").read_text() == merged.with_suffix(".csv").read_text().replace("shared", "alone")
    assert batch(str(source), "--out", str(out), "--shard", "4/3").exit_code == 2


def test_merging_refuses_what_is_no_part_of_one_report(tmp_path):
    (tmp_path / "other.json").write_text('{"events": []}')
    result = batch("--merge", str(tmp_path / "other.json"), "--report", str(tmp_path / "m"))
    assert result.exit_code == 2 and "not the STEM.json of a brightwell batch report" in result.output
    assert batch("--merge", str(tmp_path / "other.json")).exit_code == 2  # no --report
    assert not list(tmp_path.glob("m.*")) and not list(tmp_path.glob(".m.*"))


@pytest.mark.parametrize("suffix", [".zip", ".tar.gz"])
def test_a_batch_written_as_one_archive(tmp_path, suffix):
    source = zipped(tmp_path / "events.zip")
    target, report = tmp_path / f"reranked{suffix}", tmp_path / "report"
    result = batch(str(source), "--out", str(target), "--report", str(report))
    assert result.exit_code == 0, result.output
    assert batch(str(source), "--out", str(tmp_path / "folder")).exit_code == 0
    inside = packed.Archive(target)
    try:
        written = {name: hashlib.sha256(inside.read(name)).hexdigest() for name in inside.names}
    finally:
        inside.close()
    assert written == tree(tmp_path / "folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["events.zip", target.name, "folder", "report.csv",
                                                                 "report.json", "report.html"])  # nothing staged left
    files = json.loads(report.with_suffix(".json").read_text())["files"]
    assert f"{target}!events/2019/quirks.trf" in {f["target"] for f in files}
    result = batch(str(source), "--out", str(target), "--skip-existing")
    assert result.exit_code == 2 and "--skip-existing needs an output folder" in result.output


def test_a_member_no_file_may_be_named_after_is_a_one_line_failure(tmp_path):
    source = zipped(tmp_path / "long.zip", names=["2019/quirks.trf"], **{"2019/" + "x" * 300 + ".trf": b"012 x\n"})
    result = batch(str(source), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1 and "1 ranked, 0 skipped, 1 failed of 2 files" in result.stdout
    assert "cannot be copied to be read (File name too long)" in result.stdout and "internal error" not in result.stdout


WOF = research("formats", "papp", "wof_archive_sample")


@pytest.mark.slow
@needs_shared(WOF)
def test_the_wof_archive_zipped_is_ranked_as_its_folder_is(tmp_path):
    """The real archive (a thousand Papp files over forty years), zipped: the same outputs, byte for
    byte, as from its folder, and the same report but for the names of the sources."""
    source = tmp_path / "wof.zip"
    with zipfile.ZipFile(source, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(WOF.rglob("*")):
            if path.is_file():
                zf.write(path, path.relative_to(WOF).as_posix())
    for name, given in (("zipped", source), ("folder", WOF)):
        result = batch(str(given), "--out", str(tmp_path / name), "--jobs", "2", "--report",
                       str(tmp_path / f"{name}-r"))
        assert result.exit_code in (0, 1), result.output
    assert tree(tmp_path / "zipped" / "wof") == tree(tmp_path / "folder")
    zipped, folder = (json.loads((tmp_path / f"{name}-r.json").read_text()) for name in ("zipped", "folder"))
    assert zipped["summary"] == folder["summary"] and zipped["summary"]["ranked"] > 900
    named = [f["source"].replace(f"{source}!", f"{WOF}/") for f in zipped["files"]]
    assert named == [f["source"] for f in folder["files"]]
