"""The web table's server read with an attacker's eye: what a link, a request, a message or a
page of another site can make it do, and what it tells or shows them. Each test here is of a
hole found in a review of the server (it failed on the code before its fix); the guide's
"The security model" says what the server promises.

No clock is waited on: a wait is for a condition."""

from __future__ import annotations

import logging
import re
import signal
import stat
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra: pip install canasta-caliente[web]")
pytest.importorskip("httpx2", reason="Starlette's test client needs httpx2 (the dev extra)")

from starlette.testclient import TestClient, WebSocketDenialResponse

from canasta_caliente.web import app
from canasta_caliente.web.limits import Limits
from canasta_caliente.web.protocol import local_only
from test_cli_serve import start_serve
from test_web import make_table, ws_path
from test_web_concurrency import TWO_PEOPLE, TWO_PLAYERS, drawn

FORBIDDEN = "forbidden: this link is not one of this table's"


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(app(bot_seconds=0.05, hint_seconds=0.05, processes=False)) as c:
        yield c


def logged(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """What the server logged of its own errors."""
    return [r for r in caplog.records if r.name == "canasta_caliente.web"]


def denied(client: TestClient, path: str) -> int:
    """The status a socket's handshake at ``path`` is refused with."""
    with pytest.raises(WebSocketDenialResponse) as refused, client.websocket_connect(path):
        pass
    return refused.value.status_code


def test_a_link_whose_table_id_no_table_has_is_a_403_however_long_or_odd(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A table id longer than a file's name may be (300 characters) was looked for as a file:
    the system's "file name too long" made it a 503, "the server failed", with a traceback in
    the log, for anyone who sent it. And on a server holding as many tables as it may, each in
    play, any id not in memory was a 503 (the limit), a file's name or not. An id that is not
    a link's part (letters, digits, - and _, at most 128) is now no table's: 403, as any other
    wrong link, nothing logged, no file looked for."""
    caplog.set_level(logging.DEBUG, logger="canasta_caliente.web")
    with TestClient(app(data=tmp_path, processes=False, limits=Limits(max_tables=1))
                    ) as client:
        links = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS)
        secret = links["seats"][0].rsplit("/", 1)[1]
        with client.websocket_connect(ws_path(links["seats"][0])):  # the one table, in play
            for table in ("a" * 300, "a" * 5000, "b" * 129, "%2e%2e", "a.json", "a%00b",
                          "%C3%A9", ".", "..%2f..%2fetc"):
                for path in (f"/t/{table}/{secret}", f"/t/{table}/x"):
                    response = client.get(path)
                    assert (response.status_code, response.text) == (403, FORBIDDEN), path
                    if "." not in table:  # (else the path is another once its dots are read)
                        assert denied(client, ws_path(path)) == 403, path
    assert not logged(caplog)
    assert sorted(p.suffix for p in tmp_path.iterdir()) == [".json"]


def test_a_body_or_message_that_cannot_be_read_is_told_why(client: TestClient) -> None:
    """A body whose JSON holds a number of 5,000 digits (more than Python reads from text) was
    "not a JSON document", which it is: it is now told that its number is too long, and a
    body or message whose JSON is wrong where it is wrong."""
    for body, reason in (
            ('{"rules": {"preset": "caliente"}, "seed": ' + "9" * 5000 + "}",
             "not a JSON document that can be read: a number of more than 4300 digits (no "
             "field takes one of more than 19)"),
            ('{"rules": {"preset": "caliente"},\n "seed": 1,}',
             "not a JSON document: Expecting property name enclosed in double quotes at line "
             "2, column 12"),
            (b'{"rules": "\xff"}',
             "not a JSON document: not UTF-8 text: byte 0xff at line 1, column 12"),
            # UTF-16 (which Python's reader guesses) is not how JSON is sent: UTF-8 alone.
            ('{"rules": {"preset": "caliente"}}'.encode("utf-16"),
             "not a JSON document: not UTF-8 text: byte 0xff at line 1, column 1"),
            # What Python's reader takes that JSON is not.
            ('{"rules": {"preset": "caliente"}, "seed": NaN}',
             "not a JSON document: NaN is not a JSON value"),
            ('{"rules": {"preset": "caliente"}, "seed": -Infinity}',
             "not a JSON document: -Infinity is not a JSON value"),
            ('{"rules": {"preset": "caliente"}, "seed": 1, "seed": 2}',
             "not a JSON document: the name 'seed' is given twice in one object")):
        for address in ("/api/rules", "/api/tables"):
            response = client.post(address, content=body,
                                   headers={"content-type": "application/json"})
            assert response.status_code == 400
            assert response.json() == {"problems": [["(request)", reason]]}
    links = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS)
    with client.websocket_connect(ws_path(links["seats"][0])) as ws:
        ws.send_text('{"type": "hello", "since": 0')
        assert ws.receive_json() == {
            "type": "error", "code": "malformed",
            "reason": "not a JSON document: Expecting ',' delimiter at line 1, column 29"}


def test_no_other_site_may_frame_a_page_and_no_cache_keeps_the_links(
        client: TestClient) -> None:
    """A page of another site could show the organiser's page, or a seat's, in a frame hidden
    under its own and lead a visitor's clicks to it (make a table, play a card): the pages
    now say that only their own site may frame them. And the answer that makes a table, which
    holds every person's secret, said nothing of caches: it now says to keep it in none."""
    made = client.post("/api/tables", json={"rules": TWO_PLAYERS, "seats": TWO_PEOPLE})
    assert made.status_code == 201 and made.headers["cache-control"] == "no-store"
    links = made.json()
    for page in ("/", links["seats"][0], links["spectator"]):
        headers = client.get(page).headers
        policy = [d.strip() for d in headers["content-security-policy"].split(";")]
        assert "frame-ancestors 'self'" in policy and headers["x-frame-options"] == "SAMEORIGIN"
        assert headers["cache-control"] == "no-store"
        assert headers["referrer-policy"] == "no-referrer"


def test_the_data_folder_made_and_its_files_are_their_owners_only(tmp_path: Path) -> None:
    """A table's files hold its seed and every secret: they were made readable by their owner
    only, but the folder they are in, made by ``app`` or ``serve``, by anyone (0755), who could
    list the tables' ids. A folder made now is its owner's only (a folder given that is there
    already is left as it is)."""
    folder = tmp_path / "made" / "tables"
    with TestClient(app(data=folder, processes=False)) as client:
        links = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS)
        with client.websocket_connect(ws_path(links["seats"][0])) as ws:
            assert drawn(ws)["turn"] == 1  # (saved: appended to the table's journal)
        assert sorted(p.suffix for p in folder.iterdir()) == [".actions", ".json"]
        assert all(mode(p) == 0o600 for p in folder.iterdir())
    assert mode(folder) == 0o700 and all(mode(p) == 0o600 for p in folder.iterdir())
    # (``serve`` makes its folder through ``app``, once its options are checked and its port
    # held: test_cli_serve's refused commands make none)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_server_on_this_machine_answers_only_requests_that_name_it() -> None:
    """A page of another site can point its own name to 127.0.0.1 once loaded (DNS
    rebinding): the browser then sends this server that page's requests as the site's own,
    JSON included, and lets it read the answers; it could make tables on a server only this
    machine reaches. Such a request names the other site as its host: ``serve`` on this
    machine (:func:`~canasta_caliente.web.protocol.local_only`) now refuses it, the page, the
    API and a socket alike, and answers the names of this machine."""
    application = local_only(app(processes=False))
    for base in ("http://127.0.0.1:8000", "http://localhost", "http://[::1]:8000"):
        with TestClient(application, base_url=base) as client:
            links = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS)
            assert client.get(links["spectator"]).status_code == 200
    for host in ("[::1]evil.example", "localhost.evil.example", "localhost:80x", "[::1]:"):
        with TestClient(application, base_url="http://127.0.0.1") as client:
            asked = client.get("/", headers={"Host": host})  # a name and a port, exactly
            assert asked.status_code == 403, host
    with TestClient(application, base_url="http://evil.example:8000") as client:
        reason = ("forbidden: this server answers to localhost, 127.0.0.1, [::1] only (the "
                  "host the request named), not 'evil.example:8000'")
        made = client.post("/api/tables", json={"rules": TWO_PLAYERS, "seats": TWO_PEOPLE})
        assert (made.status_code, made.json()) == (403, {"problems": [["(request)", reason]]})
        for path in ("/", links["spectator"]):
            page = client.get(path)
            assert (page.status_code, page.text) == (403, reason)
        assert denied(client, ws_path(links["spectator"])) == 403


def test_serve_on_this_machine_refuses_a_request_naming_another_host(tmp_path: Path) -> None:
    """``serve`` wires :func:`~canasta_caliente.web.protocol.local_only` in when it listens on
    this machine alone."""
    process = start_serve(tmp_path)
    try:
        assert process.stdout is not None
        found = re.match(r"serving on (http://127\.0\.0\.1:\d+)/", process.stdout.readline())
        assert found
        with urllib.request.urlopen(f"{found[1]}/api/setup", timeout=30) as answer:
            assert answer.status == 200
        request = urllib.request.Request(f"{found[1]}/api/setup",
                                         headers={"Host": "evil.example"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=30)
        assert refused.value.code == 403
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=60)
