"""``canasta-caliente serve`` holding its address: "serving on" only once the port is held, the
port the system chose for ``--port 0``, an address it cannot have refused in one line before
anything is said, and an empty ``--data`` refused."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

import canasta_caliente as cc

pytest.importorskip("uvicorn", reason="the web extra: pip install canasta-caliente[web]")

from canasta_caliente.cli import main
from test_simulate_interrupt import Run, needs_proc, no_worker_left

ROOT = Path(__file__).resolve().parent.parent


def start_serve(tmp_path: Path) -> subprocess.Popen[str]:
    """``canasta-caliente serve --port 0`` on a data folder in ``tmp_path``, as a child process
    of this checkout's source, its output read as text."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    return subprocess.Popen(
        [sys.executable, "-m", "canasta_caliente.cli", "serve", "--port", "0", "--data",
         str(tmp_path / "tables")], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)


def test_a_port_in_use_is_refused_before_serving_is_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The port is held before "serving on" is said: a port in use is the command's one-line
    error, and nothing claims the server is serving (it said "serving on", then uvicorn's
    own error line, then this one)."""
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--data", str(tmp_path / "tables")]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert re.fullmatch(rf"serve: cannot listen on 127\.0\.0\.1:{port}: [^\n]*in use; give "
                        r"another --port, or --port 0 for any free one\n", err), err
    assert list(tmp_path.iterdir()) == []  # (the data folder was made before the refusal)


@pytest.mark.parametrize(("options", "said"), [
    (["--max-hints", "0"], "--max-hints: a whole number at least 1, at most 1,000,000,000, "
                           "not 0\n"),
    (["--max-tables", str(2**64)], "--max-tables: a whole number at least 1, at most "
                                   "1,000,000,000, not 18446744073709551616\n"),
    (["--send-seconds", "1e300"], "--send-seconds: a number at least 0.01, at most "
                                  "1,000,000,000, not 1e+300\n"),
    (["--bot-seconds", "0"], "--bot-seconds: a number of seconds above 0, at most 60, not 0.0\n")])
def test_a_refused_serve_makes_no_data_folder(
        options: list[str], said: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A CLI trial found `serve --max-hints 0 --data made-anyway` refused, and the folder made
    all the same: the options are checked first."""
    argv = ["serve", "--port", "0", "--data", str(tmp_path / "made"), *options]
    assert main(argv) == 2
    assert capsys.readouterr().err == said
    assert list(tmp_path.iterdir()) == []


def test_a_data_folder_that_cannot_be_used_says_why_and_what_to_do(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file as --data said "cannot make the folder: File exists"; a file of the folder that
    is not a table (a game record copied there, say) stopped the server without saying what
    it was or what to do."""
    a_file = tmp_path / "afile"
    a_file.write_text("x", encoding="utf-8")
    assert main(["serve", "--port", "0", "--data", str(a_file)]) == 2
    assert capsys.readouterr().err == f"--data: {a_file}: a file, not a folder\n"
    folder = tmp_path / "tables"
    folder.mkdir()
    record = cc.GameRecord(rules=cc.RuleSet.preset("caliente"), seed=1, actions=())
    (folder / "abc.json").write_text(record.to_json(), encoding="utf-8")
    assert main(["serve", "--port", "0", "--data", str(folder)]) == 2
    assert capsys.readouterr().err == (
        f"--data: {folder / 'abc.json'}: not a saved table: format 'canasta-caliente/record', "
        f"not 'canasta-caliente/web-table'; move that file out of {folder} (the server keeps "
        "only its tables there), or give another --data\n")


def test_the_listening_socket_keeps_each_connections_queue_small() -> None:
    """A page that stops reading held megabytes of the server's memory in the system's queue
    for its connection (which grows to fit): the listening socket, whose connections take its
    SO_SNDBUF, asks for SEND_BUFFER (Linux doubles what is asked, for its bookkeeping)."""
    from canasta_caliente.cli._serve import SEND_BUFFER, listen

    with listen("127.0.0.1", 0) as sock:
        assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF) in (SEND_BUFFER,
                                                                         2 * SEND_BUFFER)


@pytest.mark.parametrize("host", ["999.1.1.1", "no-such-host.invalid"])
def test_a_host_that_cannot_be_listened_on_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], host: str) -> None:
    assert main(["serve", "--host", host, "--port", "0", "--data", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"serve: cannot listen on {host}:0: ")
    assert len(err.splitlines()) == 1 and "Traceback" not in err


def test_an_empty_data_folder_name_is_refused(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """``--data ''`` is refused, as every command refuses an empty file name; it read and
    wrote the current folder."""
    os.chdir(tmp_path)
    assert main(["serve", "--data", "", "--port", "0"]) == 2
    assert capsys.readouterr().err == "--data: needs a folder name, not an empty one\n"
    assert list(tmp_path.iterdir()) == []


def test_port_zero_serves_on_the_port_the_system_chose(tmp_path: Path) -> None:
    """``--port 0`` says the port the system chose (it said ``:0``), and the server answers
    there; Ctrl-C stops it, as an interrupted command (130)."""
    process = start_serve(tmp_path)
    try:
        assert process.stdout is not None
        first = process.stdout.readline()  # said once the port is held
        found = re.match(r"serving on http://127\.0\.0\.1:(\d+)/ \(only this machine", first)
        assert found, first
        port = int(found[1])
        assert port != 0
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/setup", timeout=30) as r:
            assert r.status == 200
    finally:
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    assert process.returncode == 130 and err == "canasta-caliente: interrupted\n", err


@pytest.mark.slow
@needs_proc
def test_the_bots_workers_end_with_a_server_killed(tmp_path: Path) -> None:
    """A server killed with no chance to stop its pool (SIGKILL, the out-of-memory killer):
    the bots' worker processes end too. They held their own ends of the pool's pipes and
    stayed for good, three more processes for every such crash."""
    run = Run(["-m", "canasta_caliente.cli", "serve", "--port", "0", "--data",
               str(tmp_path / "tables"), "--bot-seconds", "0.05"])
    try:
        run.wait_for("out", rb"serving on http://127\.0\.0\.1:\d+/")
        port = re.search(rb"127\.0\.0\.1:(\d+)/", run.out)
        assert port is not None
        request = urllib.request.Request(
            f"http://127.0.0.1:{int(port[1])}/api/tables", method="POST",
            data=json.dumps({"rules": {"preset": "caliente-2p"}, "seed": 7, "seats": [
                {"kind": "bot", "level": "level-3"}, {"kind": "human", "name": "Ann"}]}).encode(),
            headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            assert response.status == 201
        # The bot plays first (seat 0): its workers start (the server, the pool's workers, and
        # multiprocessing's resource tracker, each carrying the run's marker).
        run.wait_until(lambda: len(run.alive()) > 2, "the bots' workers")
        run.proc.send_signal(signal.SIGKILL)
        run.proc.wait(timeout=60)
        assert no_worker_left(run) == []  # (which kills any left, a failure or not)
    finally:
        run.kill()


def test_a_socket_dropped_with_messages_queued_is_left_at_once(tmp_path: Path) -> None:
    """A page that sends many messages and drops its connection (a TCP reset): the server
    stops answering it, and says nothing. It answered every message queued into the dead
    connection, each a line of asyncio's log ("socket.send() raised exception.")."""
    client = pytest.importorskip("websockets.asyncio.client")
    process = start_serve(tmp_path)
    try:
        assert process.stdout is not None
        found = re.search(r"127\.0\.0\.1:(\d+)/", process.stdout.readline())
        assert found is not None
        base = f"127.0.0.1:{found[1]}"
        request = urllib.request.Request(
            f"http://{base}/api/tables", method="POST",
            data=json.dumps({"rules": {"preset": "caliente-2p"}, "seats": [
                {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}]}).encode(),
            headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            link = json.loads(response.read())["seats"][0]

        async def flood_and_drop() -> None:
            page = await client.connect(f"ws://{base}" + link.replace("/t/", "/ws/", 1))
            for _ in range(500):
                await page.send(json.dumps({"type": "hello", "since": 0}))
            page.transport.abort()  # a reset, as a lost network's: no closing handshake

        asyncio.run(flood_and_drop())
        with urllib.request.urlopen(f"http://{base}/api/setup", timeout=30) as r:
            assert r.status == 200  # the server still answers
    finally:
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    assert "socket.send() raised exception" not in err, err[:300]


@pytest.mark.parametrize(("host", "said"), [
    ("127.0.0.1", "serving on http://127.0.0.1:8000/ (only this machine can connect); "),
    ("::1", "serving on http://[::1]:8000/ (only this machine can connect); "),
    ("0.0.0.0", "serving on every address of this machine, port 8000: open "
                "http://127.0.0.1:8000/ here, or this machine's name or address elsewhere "
                "(other machines can connect: anyone who reaches it can make tables); "),
    ("::", "serving on every address of this machine, port 8000: open http://[::1]:8000/ "
           "here, or this machine's name or address elsewhere (other machines can "),
    ("0", "serving on every address of this machine, port 8000: open http://127.0.0.1:8000/"),
    ("::0", "serving on every address of this machine, port 8000: open http://[::1]:8000/"),
    ("0:0:0:0:0:0:0:0", "serving on every address of this machine, port 8000: open "
                        "http://[::1]:8000/"),
])
def test_the_address_said_is_one_a_browser_opens(host: str, said: str) -> None:
    """``serve --host 0.0.0.0`` said "serving on http://0.0.0.0:PORT/" as the page to open."""
    from canasta_caliente.cli._serve import serving_line

    assert serving_line(host, 8000, Path("tables")).startswith(said)


def test_links_lists_every_saved_tables_links_and_serves_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``serve --links`` prints each saved table's links at the address the server would
    serve (an organiser kept them only in the set-up tab, and lost them with it), a bot's seat
    by its level, and where the game is; a folder of no tables is said in one line."""
    from canasta_caliente.web.tables import Seat, Table, new_secret

    table = Table.create(cc.RuleSet.preset("caliente"), [
        Seat("Ann", secret=new_secret()), Seat.bot("Robo", "level-2"),
        Seat("Bea", secret=new_secret()), Seat.bot("Max", "level-1")], seed=3)
    table.save(tmp_path, whole=True)
    links = table.links()
    assert main(["serve", "--links", "--data", str(tmp_path), "--host", "0.0.0.0",
                 "--port", "9000"]) == 0
    out = capsys.readouterr().out
    here = "http://127.0.0.1:9000"
    assert out.splitlines() == [
        "the links open on this machine; elsewhere, give this machine's name or address in "
        "place of 127.0.0.1",
        f"table {table.id}: hand 1, Ann to act",
        f"  seat 0, Ann: {here}{links['seats'][0]}",
        "  seat 1, Robo: a level-2 bot",
        f"  seat 2, Bea: {here}{links['seats'][2]}",
        "  seat 3, Max: a level-1 bot",
        f"  spectators: {here}{links['spectator']}"]
    assert not list(tmp_path.glob("*.actions"))  # (nothing played, nothing served)
    assert main(["serve", "--links", "--data", str(tmp_path), "--port", "9000"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == f"table {table.id}: hand 1, Ann to act"
    assert main(["serve", "--links", "--data", str(tmp_path / "none")]) == 2
    assert capsys.readouterr().err.strip().endswith(f"--data: {tmp_path / 'none'}: no such folder")
    (tmp_path / "empty").mkdir()
    assert main(["serve", "--links", "--data", str(tmp_path / "empty")]) == 0
    assert capsys.readouterr().out == f"no tables are saved in {tmp_path / 'empty'}\n"
