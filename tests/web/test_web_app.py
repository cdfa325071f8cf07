"""brightwell serve, through Starlette's test client: open, upload, rank again, download, refuse."""

from __future__ import annotations

import html
import io
import re
import shutil
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from brightwell_plugin import api
from brightwell_plugin.cli import main

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`:DeprecationWarning")
starlette_testclient = pytest.importorskip("starlette.testclient", reason="the web extra is not installed")
from brightwell_plugin.web.app import create_app  # noqa: E402
from brightwell_plugin.plugins.host import get_host


@pytest.fixture
def client(tmp_path):
    return starlette_testclient.TestClient(create_app(str(api.sample_path()), tmp_path, plugin_host=get_host()))


def alert(html: str) -> str:
    start = html.index('role="alert">') + len('role="alert">')
    return html[start:html.index("</p>", start)]


def test_index_offers_the_registered_criteria_presets_and_the_folder(client):
    page = client.get("/").text
    for code in api.criteria():
        assert f'<option value="{code}">' in page
    for preset, _ in api.presets():
        assert f"{preset.criterion}:preset={preset.name}" in page
    assert "othello_open.xml" in page


def test_the_folder_served_offers_only_the_files_a_format_reads(tmp_path):
    folder = tmp_path / "events"
    folder.mkdir()
    shutil.copy(api.sample_path(), folder / "open.xml")
    (folder / "README.md").write_text("results of the season")
    (folder / "notes.csv").write_text("a,b\n")
    (folder / "other.xml").write_text("<catalogue/>")
    page = starlette_testclient.TestClient(create_app(str(folder), tmp_path / "scratch", plugin_host=get_host())).get("/").text
    assert "open.xml" in page
    assert not any(name in page for name in ("README.md", "notes.csv", "other.xml"))


def test_opening_ranks_with_the_chosen_tiebreaks(client):
    r = client.post("/open", data={"n": "0", "spec": "PTS,BQ:preset=ftd", "compare": "PTS,DISCS"},
                    follow_redirects=False)
    assert r.status_code == 303
    base = r.headers["location"].rsplit("/", 1)[0]
    page = client.get(r.headers["location"]).text
    assert "<th scope=\"col\">BQ:<wbr>preset=<wbr>ftd</th>" in page
    t = api.load(api.sample_path()).tournament
    first = api.rank(t, "PTS,BQ:preset=ftd").rows[0]
    assert f'data-start-no="{first.start_no}"' in page.split("<tbody>")[1].split("</tr>")[0]
    assert client.get(f"{base}/compare.html").status_code == 200
    assert client.get(f"{base}/standings.json").json()["tiebreaks"] == ["PTS", "BQ:preset=ftd"]


def _offers(page: str) -> dict[str, tuple[str, str]]:
    """Each format row of the settings page: its status and what the 'holds this event?' cell says."""
    rows = re.findall(r'<tr data-format="([^"]+)" class="(\w+)">\n<td>.*?</td>\n<td>(.*?)</td>', page)
    return {name: (status, said) for name, status, said in rows}


def _unzipped(got) -> bytes:
    if not got.headers["content-disposition"].endswith('.zip"'):
        return got.content
    z = zipfile.ZipFile(io.BytesIO(got.content))
    return b"".join(z.read(n) for n in sorted(z.namelist()))


def _far_numbered(tmp_path):
    """An Othello event whose start numbers are WOF ids (TRF and Swiss Perfect cannot hold them)."""
    from brightwell_plugin.builder import TournamentBuilder
    b = TournamentBuilder("Far numbers", rounds=2, game="othello", board=64)
    for no in (420000, 5537, 880, 13841):
        b.player(no, f"Player {no}")
    b.game(1, 420000, 5537, 40, 24).game(1, 880, 13841, 30, 34).game(2, 420000, 13841, 33, 31).game(2, 5537, 880, 64, 0)
    path = tmp_path / "far.xml"
    api.write(b.build(), path)
    return path


@pytest.mark.parametrize("event", ["sample", "far numbers"])
def test_every_writable_format_is_offered_and_its_download_does_what_the_page_says(client, tmp_path, event):
    source = api.sample_path() if event == "sample" else _far_numbered(tmp_path)
    r = client.post("/upload", files={"file": ("event.xml", source.read_bytes())}, data={"spec": "PTS,BQ:preset=woc"},
                    follow_redirects=False)
    assert r.status_code == 303
    token = r.headers["location"].split("/")[2]
    offers = _offers(client.get(f"/e/{token}/settings").text)
    writable = {name: fmt for name, fmt in api.formats().items() if fmt.can_write}
    assert set(offers) == set(writable)
    for name, fmt in writable.items():
        status, said = offers[name]
        out = tmp_path / name
        out.mkdir()
        for renumber in (False, True):
            query = "?renumber=1" if renumber else ""
            got = client.get(f"/e/{token}/download/{name}{query}")
            try:  # what the command line does with the same event, format and option
                api.convert(source, fmt.output_name(out / f"event{renumber}"), to=name, renumber=renumber)
            except api.BrightwellError as exc:
                assert got.status_code == 400, (name, renumber)
                message = alert(got.text)
                assert str(tmp_path) not in message and "/tmp" not in message and "--renumber" not in message
                if status == "cannot":
                    assert said == f"no: {exc.message}"
                    assert message.startswith(fmt.output_name(Path("event")).name + ": ")
                else:
                    assert status == "renumber" and not renumber and "tick “Renumber the players 1..n”" in message
                continue
            assert got.status_code == 200, (name, got.text)
            assert status == ("renumber" if not renumber and offers[name][0] == "renumber" else status)
            assert status != "cannot"
            assert _unzipped(got)
        assert (status == "ready") == ("ready" in said or said == "yes"), (name, status, said)
    if event == "far numbers":
        assert offers["trf"][0] == offers["swissperfect"][0] == "renumber"
        assert offers["egd"][0] == "cannot" and "Go" in offers["egd"][1]


def test_strict_and_keep_are_the_conversions_options(client, tmp_path):
    from support.make_fixtures import FIXTURES
    source = FIXTURES / "quirks.trf"  # as papp, places move (strict refuses); as trf, keep leaves its blank ranks
    r = client.post("/upload", files={"file": ("quirks.trf", source.read_bytes())}, follow_redirects=False)
    token = r.headers["location"].split("/")[2]
    got = {}
    for to, query, options in (("papp", "strict=1", {"strict": True}), ("papp", "", {}),
                               ("trf", "keep=1", {"keep": True}), ("trf", "", {})):
        got[to, query] = client.get(f"/e/{token}/download?format={to}&renumber=1&{query}")
        target = api.formats()[to].output_name(tmp_path / f"{to}{len(query)}")
        try:
            api.convert(source, target, to=to, renumber=True, **options)
        except api.BrightwellError as exc:
            expected = exc.message.replace("(--strict)", "(Strict is ticked)")
            assert got[to, query].status_code == 400
            assert html.unescape(alert(got[to, query].text)) == f"quirks.{target.suffix[1:]}: {expected}"
        else:
            assert got[to, query].status_code == 200, (query, got[to, query].text)
            assert got[to, query].content == target.read_bytes()
    assert got["papp", "strict=1"].status_code == 400 and got["papp", ""].status_code == 200
    assert got["trf", "keep=1"].content != got["trf", ""].content


def test_an_uploads_warnings_name_the_file_not_where_the_app_keeps_it(client, tmp_path):
    from support.make_fixtures import FIXTURES
    r = client.post("/upload", files={"file": ("woc.elo", (FIXTURES / "othello_open.elo").read_bytes())},
                    follow_redirects=False)
    warnings = client.get(r.headers["location"].replace("index.html", "standings.json")).json()["warnings"]
    assert warnings and all(w.startswith("woc.elo: ") and str(tmp_path) not in w for w in warnings)


def test_a_bad_upload_shows_its_one_line_error(client, tmp_path):
    r = client.post("/upload", files={"file": ("broken.xml", b"<tournament><player")})
    assert r.status_code == 400
    message = alert(r.text)
    assert message.startswith("broken.xml") and "\n" not in message
    assert not [p for p in tmp_path.iterdir() if p.is_dir()]  # nothing of it is kept
    r = client.post("/upload", files={"file": ("event.xml", api.sample_path().read_bytes())},
                    data={"spec": "PTS,BQ:coef=x"})
    assert r.status_code == 400 and "coef must be a number" in alert(r.text)


def test_an_upload_over_the_input_limit_is_refused(client, monkeypatch):
    monkeypatch.setenv("BRIGHTWELL_MAX_INPUT", "1K")
    r = client.post("/upload", files={"file": ("event.xml", api.sample_path().read_bytes())})
    assert r.status_code == 413 and "input limit" in alert(r.text)


def test_an_unknown_event_or_page_is_a_clear_404(client):
    assert client.get("/e/0000/index.html").status_code == 404
    r = client.post("/open", data={"n": "0"}, follow_redirects=False)
    assert client.get(r.headers["location"].replace("index.html", "nope.html")).status_code == 404


def test_serve_listens_on_localhost_unless_told():
    r = CliRunner().invoke(main, ["serve", "--help"])
    assert "default: 127.0.0.1" in r.output


def test_uploads_no_open_event_reads_are_removed(tmp_path, monkeypatch):
    from brightwell_plugin.web import app as web_app
    monkeypatch.setattr(web_app, "KEPT", 2)
    client = starlette_testclient.TestClient(create_app(None, tmp_path, plugin_host=get_host()))
    data = api.sample_path().read_bytes()
    tokens = []
    for n in range(4):
        r = client.post("/upload", files={"file": (f"e{n}.xml", data)}, follow_redirects=False)
        tokens.append(r.headers["location"].split("/")[2])
    assert len([p for p in tmp_path.iterdir() if p.is_dir()]) == 2  # the two events still open
    assert client.get(f"/e/{tokens[0]}/index.html").status_code == 404
    assert client.get(f"/e/{tokens[3]}/index.html").status_code == 200


def test_a_file_sent_as_a_text_field_is_ignored_not_a_crash(client):
    data = api.sample_path().read_bytes()
    r = client.post("/upload", files={"file": ("event.xml", data), "spec": ("spec.txt", b"PTS")},
                    follow_redirects=False)
    assert r.status_code == 303  # ranked by the file's own tie-breaks
    r = client.post("/open", files={"n": ("n.txt", b"0")})
    assert r.status_code == 400 and "no such event" in alert(r.text)


def test_on_localhost_the_app_answers_only_local_host_names(tmp_path):
    local = starlette_testclient.TestClient(create_app(None, tmp_path, ("127.0.0.1", "localhost", "::1"), plugin_host=get_host()),
                                            base_url="http://127.0.0.1:8000")
    assert local.get("/").status_code == 200
    assert local.get("/", headers={"host": "localhost:8000"}).status_code == 200
    assert local.get("/", headers={"host": "rebound.example:8000"}).status_code == 400


def _serving(tmp_path, *extra):
    """``brightwell serve`` on 127.0.0.2 (a loopback address that is not 127.0.0.1), for real: the
    process, the address it printed and a way to ask it."""
    import os
    import re
    import socket
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request
    folder = tmp_path / "events"
    folder.mkdir()
    (folder / "open.xml").write_bytes(api.sample_path().read_bytes())
    with socket.socket() as s:
        s.bind(("127.0.0.2", 0))
        port = s.getsockname()[1]
    scratch = tmp_path / "tmp"  # its own temporary folder: tests run side by side (pytest-xdist) make theirs
    scratch.mkdir()
    proc = subprocess.Popen([sys.executable, "-m", "brightwell_plugin.cli", "serve", str(folder), "--host",
                             "127.0.0.2", "--port", str(port), *extra], stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "TMPDIR": str(scratch)})
    line = ""
    while "serving on" not in line:
        line = proc.stderr.readline()
        assert line or proc.poll() is None, "serve stopped"
    address = re.search(r"serving on (\S+)", line)[1]

    def ask(url, data=None, headers=None):
        for _ in range(50):
            try:
                with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers or {}),
                                            timeout=10) as r:
                    return r.status, {**r.headers, "url": r.url}, r.read()
            except urllib.error.HTTPError as exc:
                return exc.code, dict(exc.headers), exc.read()
            except urllib.error.URLError:
                time.sleep(0.1)  # not listening yet
        raise AssertionError("serve does not answer")
    return proc, address, ask, port


@pytest.mark.slow
def test_off_127_0_0_1_every_request_needs_the_printed_token(tmp_path):
    proc, address, ask, port = _serving(tmp_path)
    try:
        assert "?token=" in address
        bare = f"http://127.0.0.2:{port}/"
        assert ask(bare)[0] == 403
        assert ask(bare + "?token=wrong")[0] == 403
        assert ask(bare + "upload", data=b"x")[0] == 403
        status, headers, body = ask(address)
        assert status == 200 and b"Open an event" in body
        cookie = headers["set-cookie"].split(";")[0]
        assert ask(bare, headers={"Cookie": cookie})[0] == 200  # kept after the first visit
        assert ask(bare, headers={"Cookie": "brightwell_token=wrong"})[0] == 403
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.mark.slow
def test_public_mode_serves_the_standings_read_only_to_anyone(tmp_path):
    proc, address, ask, port = _serving(tmp_path, "--public")
    try:
        assert "?token=" not in address
        status, _, body = ask(address)
        assert status == 200 and b'href="/p/0"' in body and b"Upload" not in body
        status, headers, page = ask(address + "p/0")  # redirected to the event's published standings
        assert status == 200 and b"Riverside Othello Open" in page and b"/settings" not in page
        assert ask(address + "upload", data=b"x")[0] in (403, 404, 405)
        assert ask(address + "open", data=b"n=0")[0] in (403, 404, 405)
        event = re.search(r"/e/([0-9a-f]+)/index.html$", headers["url"])[1]
        assert ask(f"{address}e/{event}/download/trf")[0] == 404
        assert ask(f"{address}e/{event}/settings")[0] == 404
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_the_downloads_say_which_formats_drop_the_play_offs(client, tmp_path):
    from dataclasses import replace

    from brightwell_plugin.model import PlayoffGame, Result
    t = api.load(api.sample_path()).tournament
    first, second = t.players[0].start_no, t.players[1].start_no
    path = tmp_path / "final.xml"
    api.write(replace(t, playoffs=(PlayoffGame("Final", first, second, Result.WIN, 40, 24),)), path)
    r = client.post("/upload", files={"file": ("final.xml", path.read_bytes())}, follow_redirects=False)
    page = client.get(f"/e/{r.headers['location'].split('/')[2]}/settings").text
    rows = dict(re.findall(r'<tr data-format="([^"]+)".*?</td>\n<td>.*?</td>\n<td>(.*?)</td></tr>', page, re.S))
    for name, fmt in api.formats().items():
        if fmt.can_write:
            assert ("play-off" in rows[name]) == (not fmt.carries_playoffs), name


def test_serve_shows_a_team_events_team_standings(client):
    from support.make_fixtures import FIXTURES
    r = client.post("/upload", files={"file": ("teams.trf", (FIXTURES / "teams.trf").read_bytes())},
                    data={"spec": "MPTS,GPTS"}, follow_redirects=False)
    assert r.status_code == 303
    page = client.get(r.headers["location"]).text
    assert page.count('<tr data-team="') == 4 and 'href="matches.html"' in page
    base = r.headers["location"].rsplit("/", 1)[0]
    assert client.get(f"{base}/teams/1.html").status_code == 200
    assert client.get(f"{base}/boards.html").status_code == 200


def _multipart(filename: bytes, data: bytes) -> tuple[bytes, str]:
    """A form upload whose file name is sent byte for byte (clients escape what this test needs)."""
    boundary = "brightwell-test-boundary"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"".encode() + filename
            + b"\"\r\nContent-Type: application/octet-stream\r\n\r\n" + data + f"\r\n--{boundary}--\r\n".encode())
    return body, f"multipart/form-data; boundary={boundary}"


@pytest.mark.parametrize("name", [b"a\x00b.xml", b"a\nb.xml", b"a\x1bb.xml", b"\x7f.xml"])
def test_a_file_name_with_control_characters_is_refused_with_400(client, tmp_path, name):
    body, kind = _multipart(name, api.sample_path().read_bytes())
    r = client.post("/upload", content=body, headers={"content-type": kind})
    assert r.status_code == 400 and "holds control characters" in alert(r.text)
    assert not [p for p in tmp_path.iterdir() if p.is_dir()]


def test_a_page_is_made_once_until_its_file_changes(tmp_path, monkeypatch):
    import os

    from brightwell_plugin.web import app as web_app
    folder = tmp_path / "events"
    folder.mkdir()
    event = folder / "open.xml"
    event.write_bytes(api.sample_path().read_bytes())
    made = []
    real = web_app.render_site
    monkeypatch.setattr(web_app, "render_site", lambda *a, **k: made.append(1) or real(*a, **k))
    client = starlette_testclient.TestClient(create_app(str(folder), tmp_path / "scratch", public=True, plugin_host=get_host()))
    first = client.get("/p/0", follow_redirects=False).headers["location"]
    assert client.get("/p/0", follow_redirects=False).headers["location"] == first and len(made) == 1
    stat = event.stat()
    event.write_bytes(event.read_bytes().replace(b"Riverside", b"Lakeside"))
    os.utime(event, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    again = client.get("/p/0")
    assert len(made) == 2 and "Lakeside" in again.text


def test_another_request_is_answered_while_a_large_upload_is_read(tmp_path, monkeypatch):
    """The event is read, ranked and rendered off the event loop: a request that arrives meanwhile is
    answered before that work ends (were it on the loop, the request would wait for ever here)."""
    import threading

    import anyio
    import httpx

    from brightwell_plugin.web import app as web_app
    started, release = threading.Event(), threading.Event()
    real = web_app.document

    def slow(*args, **kwargs):
        started.set()
        assert release.wait(60), "the other request was not answered while the upload was read"
        return real(*args, **kwargs)
    monkeypatch.setattr(web_app, "document", slow)
    app = create_app(str(api.sample_path()), tmp_path, plugin_host=get_host())

    async def scenario():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
            async with anyio.create_task_group() as tasks:
                results = {}

                async def upload():
                    results["upload"] = await http.post("/upload", files={"file": ("big.xml", api.sample_path().read_bytes())})
                tasks.start_soon(upload)
                assert await anyio.to_thread.run_sync(started.wait, 60)
                results["index"] = await http.get("/")
                release.set()
            return results
    results = anyio.run(scenario)
    assert results["index"].status_code == 200 and results["upload"].status_code == 303


def test_serve_leaves_nothing_in_its_scratch_folder_on_sigterm(tmp_path):
    import glob
    import os
    import signal
    proc, address, ask, port = _serving(tmp_path)
    try:
        cookie = ask(address)[1]["set-cookie"].split(";")[0]  # the printed token, kept
        body, kind = _multipart(b"up.xml", api.sample_path().read_bytes())
        status = ask(f"{address.split('?')[0]}upload", data=body, headers={"content-type": kind, "Cookie": cookie})[0]
        assert status == 200
        made = set(glob.glob(os.path.join(tmp_path / "tmp", "brightwell-serve-*")))
        assert made and any(os.listdir(folder) for folder in made)  # the upload is kept while served
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
    assert not any(os.path.exists(folder) for folder in made)


def test_an_upload_that_ends_in_an_internal_error_is_one_line_and_leaves_nothing(tmp_path, monkeypatch):
    """A bug of ours while an upload is opened: the error page (500), one line naming it, and the
    upload's scratch folder removed, not kept until the app stops."""
    from brightwell_plugin.web import app as web_app

    def broken(self, *args):
        raise RuntimeError("boom")
    monkeypatch.setattr(web_app.Director, "open", broken)
    client = starlette_testclient.TestClient(create_app(None, tmp_path, plugin_host=get_host()),
                                             raise_server_exceptions=False)
    r = client.post("/upload", files={"file": ("event.xml", api.sample_path().read_bytes())})
    assert r.status_code == 500 and alert(r.text) == "internal error (RuntimeError: boom)"
    assert not [p for p in tmp_path.iterdir() if p.is_dir()]


def test_the_settings_page_of_an_event_dated_otherwise_offers_every_format(client):
    """A Chess-JSON startDate that is no YYYY-MM-DD (gacrux writes a TRF's 042 as it stands) once
    ended the page in an internal error, converting to ELO."""
    from support.make_fixtures import FIXTURES
    text = (FIXTURES / "quirks.jch").read_text().replace('"startDate": "2025-05-03"', '"startDate": "2025-050x1"')
    r = client.post("/upload", files={"file": ("event.jch", text.encode())}, follow_redirects=False)
    assert r.status_code == 303
    settings = client.get(r.headers["location"].replace("index.html", "settings"))
    assert settings.status_code == 200
    assert set(_offers(settings.text)) == {n for n, f in api.formats().items() if f.can_write}


def test_the_upload_names_every_format_not_swiss_perfect_alone(client):
    label = re.search(r'<label for="file">([^<]*)</label>', client.get("/").text)[1]
    assert "any format" in label and "Swiss Perfect" in label
