"""Benchmark: the web table under load, on the loopback interface only.

Starts ``canasta-caliente serve`` in a process of its own on 127.0.0.1 (a free port, a
temporary data folder), makes ``--tables`` tables of two people and two searching bots
(``--level``, thinking ``--bot-seconds`` a move in the server's worker threads), and connects
one WebSocket client per person (two per table). Each client plays its own turns (the first
legal action, dealing between hands) and times each action from the moment it is sent to the
server's reply (the update that shows it applied), while the bots of every table think.

Bounded in count and time: each client plays at most ``--actions`` actions, and the run stops
after ``--seconds`` whatever is left. Reports the number of replies timed, their median and
99th percentile, and the server's memory (resident set now and at its peak, from /proc).

    python benchmarks/bench_web.py --tables 20 --actions 15 --seconds 90
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

import websockets

HOST = "127.0.0.1"  # the only address this benchmark ever sends to


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def post(url: str, body: dict[str, object]) -> dict[str, object]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        answer: dict[str, object] = json.loads(response.read())
        return answer


def memory(pid: int) -> dict[str, int]:
    """The resident memory now and at its peak, in kB (Linux), of the server's process and its
    children (the bots' worker processes) together."""
    fields = {"VmRSS": 0, "VmHWM": 0}
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    for one in [pid, *map(int, children)]:
        try:
            lines = Path(f"/proc/{one}/status").read_text().splitlines()
        except OSError:  # a child that has just ended
            continue
        for line in lines:
            name, _, value = line.partition(":")
            if name in fields:
                fields[name] += int(value.split()[0])
    return fields


async def client(url: str, actions: int, deadline: float, times: list[float]) -> None:
    """One person: plays its turns until it has played ``actions`` or time is up."""
    async with websockets.connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "since": 0}))
        played, sent_at, sent_turn = 0, 0.0, -1
        while played < actions and time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(deadline - time.monotonic(),
                                                                    0.01))
            except TimeoutError:
                return
            data = json.loads(raw)
            if data["type"] != "update":
                continue
            message = data["message"]  # the client message; the table's fields beside it
            if sent_turn >= 0 and data["turn"] > sent_turn:
                times.append(time.perf_counter() - sent_at)
                sent_turn = -1
                played += 1
            if message["view"]["phase"] == "game_over" or sent_turn >= 0:
                continue
            if message["legal"]:
                action = message["legal"][0]["notation"]
            elif data["can_deal"]:
                action = "deal"
            else:
                continue
            sent_turn, sent_at = data["turn"], time.perf_counter()
            await ws.send(json.dumps({"type": "act", "action": action, "turn": sent_turn}))


async def load(base: str, links: list[str], actions: int, seconds: float) -> list[float]:
    times: list[float] = []
    deadline = time.monotonic() + seconds
    ws_base = base.replace("http://", "ws://")
    await asyncio.gather(*(client(ws_base + link.replace("/t/", "/ws/", 1), actions, deadline,
                                  times) for link in links))
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--actions", type=int, default=15, help="actions per client, at most")
    parser.add_argument("--seconds", type=float, default=90, help="the run's time, at most")
    parser.add_argument("--level", default="level-3", help="the bots' level")
    parser.add_argument("--bot-seconds", type=float, default=0.2)
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 100 or not 1 <= args.actions <= 1000 or not 0 < args.seconds <= 600:
        parser.error("--tables 1..100, --actions 1..1000, --seconds up to 600")
    port = free_port()
    base = f"http://{HOST}:{port}"
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen(
            [sys.executable, "-m", "canasta_caliente.cli", "serve", "--host", HOST, "--port",
             str(port), "--data", data, "--bot-seconds", str(args.bot_seconds)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ))
        try:
            started = time.monotonic()
            while True:
                try:
                    urllib.request.urlopen(base + "/api/setup", timeout=2).close()
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() - started > 60:
                        print("the server did not start", file=sys.stderr)
                        return 1
                    time.sleep(0.05)
            idle = memory(server.pid)
            links: list[str] = []
            for t in range(args.tables):
                answer = post(base + "/api/tables", {
                    "rules": {"preset": "caliente"}, "seed": t,
                    "seats": [{"kind": "human"}, {"kind": "bot", "level": args.level},
                              {"kind": "human"}, {"kind": "bot", "level": args.level}]})
                links += [link for link in answer["seats"] if link]  # type: ignore[attr-defined]
            start = time.perf_counter()
            times = asyncio.run(load(base, links, args.actions, args.seconds))
            took = time.perf_counter() - start
            busy = memory(server.pid)
        finally:
            server.terminate()
            server.wait(timeout=30)
    if not times:
        print("no reply was timed", file=sys.stderr)
        return 1
    ms = sorted(1000 * t for t in times)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    print(f"{args.tables} tables (2 people, 2 {args.level} bots at {args.bot_seconds} s a move "
          f"each), {len(links)} clients, {took:.1f} s")
    print(f"replies to a person's action: {len(ms)} timed; median {statistics.median(ms):.1f} ms,"
          f" p99 {p99:.1f} ms, max {ms[-1]:.1f} ms")
    print(f"server memory (with its bots' processes): {idle['VmRSS'] / 1024:.0f} MB idle, "
          f"{busy['VmRSS'] / 1024:.0f} MB under load (peaks summed: "
          f"{busy['VmHWM'] / 1024:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
