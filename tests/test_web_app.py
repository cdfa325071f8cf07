"""brightwell serve, through Starlette's test client: open, upload, rank again, download, refuse."""

from __future__ import annotations

import io
import re
import zipfile

import pytest
from click.testing import CliRunner

from brightwell_plugin import api
from brightwell_plugin.cli import main

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`:DeprecationWarning")
starlette_testclient = pytest.importorskip("starlette.testclient", reason="the web extra is not installed")
from brightwell_plugin.web.app import create_app  # noqa: E402


@pytest.fixture
def client(tmp_path):
    return starlette_testclient.TestClient(create_app(str(api.sample_path()), tmp_path))


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


def test_upload_ranks_and_downloads_every_writable_format(client, tmp_path):
    data = api.sample_path().read_bytes()
    r = client.post("/upload", files={"file": ("event.xml", data)}, data={"spec": "PTS,BQ:preset=woc"},
                    follow_redirects=False)
    assert r.status_code == 303
    token = r.headers["location"].split("/")[2]
    settings = client.get(f"/e/{token}/settings").text
    for name, fmt in api.formats().items():
        if fmt.can_write:
            assert f"/e/{token}/download/{name}" in settings
            got = client.get(f"/e/{token}/download/{name}")
            (tmp_path / name).mkdir()
            try:  # what the command line does with the same event and format
                api.convert(api.sample_path(), fmt.output_name(tmp_path / name / "event"), to=name)
            except api.BrightwellError as exc:
                assert got.status_code == 400 and alert(got.text).endswith(exc.message), name
                continue
            assert got.status_code == 200, (name, got.text)
            body = got.content
            if got.headers["content-disposition"].endswith('.zip"'):
                body = b"".join(zipfile.ZipFile(io.BytesIO(body)).read(n) for n in
                                zipfile.ZipFile(io.BytesIO(body)).namelist())
            assert body


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
    client = starlette_testclient.TestClient(create_app(None, tmp_path))
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
    local = starlette_testclient.TestClient(create_app(None, tmp_path, ("127.0.0.1", "localhost", "::1")),
                                            base_url="http://127.0.0.1:8000")
    assert local.get("/").status_code == 200
    assert local.get("/", headers={"host": "localhost:8000"}).status_code == 200
    assert local.get("/", headers={"host": "rebound.example:8000"}).status_code == 400


def _serving(tmp_path, *extra):
    """``brightwell serve`` on 127.0.0.2 (a loopback address that is not 127.0.0.1), for real: the
    process, the address it printed and a way to ask it."""
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
    proc = subprocess.Popen([sys.executable, "-m", "brightwell_plugin.cli", "serve", str(folder), "--host",
                             "127.0.0.2", "--port", str(port), *extra], stderr=subprocess.PIPE, text=True)
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
