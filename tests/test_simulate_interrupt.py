"""Interrupts: Ctrl-C in the command line (``simulate``, ``play``, ``demo``) and a notebook's
kernel interrupt during a parallel simulation stop cleanly, at once, with no traceback, and
leave no worker process running; a user's executor gets its pending chunks cancelled.

The subprocess tests start the real command (or a small script), send SIGINT the way a
terminal does (to the whole process group) or the way a notebook does (to the parent alone),
and look for leftover processes through ``/proc``: every process they start carries a marker
in its environment, which worker processes inherit.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing.connection
import os
import re
import select
import signal
import subprocess
import sys
import time
import uuid
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

import pytest

import canasta_caliente as cc
from canasta_caliente.studies.play import game_seed
from canasta_caliente.studies.pool import sigint_held
from canasta_caliente.studies.simulate import GameResult, play_game, simulate
from conftest import quick_part

ROOT = Path(__file__).resolve().parent.parent
RULES = cc.RuleSet.preset("caliente")
BOTS = ["heuristic", "random"]

needs_proc = pytest.mark.skipif(
    not sys.platform.startswith("linux") or not Path("/proc/self/environ").exists(),
    reason="finds leftover processes through /proc",
)

# How long a stopped run may take to end once interrupted. The promise is 2 seconds for the
# workers; on an idle machine the whole command ends in about 0.1 s (see the report), and the
# margin is for a loaded test machine.
STOP_SECONDS = 5.0


class Run:
    """A command started with a marker in its environment, in a process group of its own."""

    def __init__(self, args: list[str], *, stdin: bool = False) -> None:
        self.marker = uuid.uuid4().hex
        env = dict(os.environ, CANASTA_TEST_MARK=self.marker,
                   PYTHONPATH=os.pathsep.join([str(ROOT / "src"),
                                               os.environ.get("PYTHONPATH", "")]))
        self.proc = subprocess.Popen(
            [sys.executable, *args], stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True)
        self.out = b""
        self.err = b""

    def wait_until(self, done: Any, what: str, timeout: float = 60.0) -> None:
        """Read the command's output until ``done()`` holds."""
        assert self.proc.stdout is not None and self.proc.stderr is not None
        pipes = {self.proc.stdout: "out", self.proc.stderr: "err"}
        deadline = time.monotonic() + timeout
        while not done():
            left = deadline - time.monotonic()
            if left <= 0 or self.proc.poll() is not None:
                self.kill()
                raise AssertionError(f"{what} never came; out {self.out[-500:]!r}, "
                                     f"err {self.err[-2000:]!r}")
            ready, _, _ = select.select(list(pipes), [], [], min(left, 0.5))
            for pipe in ready:
                name = pipes[pipe]
                setattr(self, name, getattr(self, name) + os.read(pipe.fileno(), 65536))

    def wait_for(self, stream: str, pattern: bytes) -> None:
        """Read the command's output until ``pattern`` appears in ``stream``."""
        self.wait_until(lambda: re.search(pattern, getattr(self, stream)), repr(pattern))

    def wait_for_games(self, games: int) -> None:
        """Read the progress bar on standard error until it shows ``games`` games played."""
        self.wait_until(
            lambda: max(map(int, re.findall(PROGRESS, self.err)), default=-1) >= games,
            f"progress to {games} games")

    def interrupt(self, *, group: bool) -> tuple[float, str, str]:
        """Send SIGINT (to the process group, as a terminal's Ctrl-C does, or to the command
        alone, as a notebook's interrupt does); returns the seconds it took to exit and the
        rest of its output."""
        start = time.monotonic()
        if group:
            os.killpg(self.proc.pid, signal.SIGINT)
        else:
            self.proc.send_signal(signal.SIGINT)
        try:
            out, err = self.proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError("the command did not end within 60 s of SIGINT") from None
        elapsed = time.monotonic() - start
        return (elapsed, (self.out + out).decode(errors="replace"),
                (self.err + err).decode(errors="replace"))

    def alive(self) -> list[int]:
        """The processes still running (not zombies) that carry this run's marker."""
        found = []
        tag = f"CANASTA_TEST_MARK={self.marker}".encode()
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                environ = Path(f"/proc/{entry}/environ").read_bytes()
                state = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if tag in environ.split(b"\0") and state != "Z":
                found.append(int(entry))
        return found

    def kill(self) -> None:
        """Kill whatever is left of the run (after a failure)."""
        for pid in self.alive():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.proc.kill()
        self.proc.communicate()


def no_worker_left(run: Run) -> list[int]:
    """The run's processes still alive a moment after it ended (none, when all is well)."""
    # Waits for the condition (no process left), up to a deadline for a loaded machine.
    deadline = time.monotonic() + STOP_SECONDS
    while (left := run.alive()) and time.monotonic() < deadline:
        time.sleep(0.05)
    if left:
        run.kill()
    return left


CLI_SIMULATE = ["-m", "canasta_caliente.cli", "simulate", "--games", "3000", "--workers", "2",
                "--seed", "5", "--progress"]  # (the bar, on the pipe the test reads)
PROGRESS = rb"(\d+)/3000"


@needs_proc
# (The quick loop interrupts early, by Ctrl-C, and mid-run, the parent alone.)
@pytest.mark.parametrize(("when", "group"),
                         quick_part([("early", True), ("mid", True), ("mid", False)],
                                    [("early", True), ("mid", False)]),
                         ids=["early-ctrl-c", "mid-ctrl-c", "mid-parent-only"])
def test_cli_simulate_interrupt(when: str, group: bool) -> None:
    """`simulate --workers 2` interrupted as soon as its progress bar appears (while the pool
    starts) or after 50 games: it prints the partial table, exits with status 130 within
    seconds, leaves no worker running and prints no traceback, whether SIGINT reaches the whole
    process group (Ctrl-C) or the parent alone.

    The table holds the games before the first gap (chunks come back as they finish, and on a
    loaded machine one worker's chunk may lag behind the other's), so it holds at most the
    games the bar showed, not necessarily 50 of them: that the kept games are exactly the
    unbroken prefix is checked in process, below, where a condition can be waited for."""
    run = Run(CLI_SIMULATE)
    run.wait_for_games(0 if when == "early" else 50)
    elapsed, out, err = run.interrupt(group=group)
    assert run.proc.returncode == 130, (out, err)
    assert elapsed < STOP_SECONDS
    assert no_worker_left(run) == []
    assert "Traceback" not in err and "Error" not in err, err
    assert "(interrupted)" in out
    played = int(re.search(r"(\d+) of 3000 games played \(interrupted\)", out).group(1))  # type: ignore[union-attr]
    shown = max(map(int, re.findall(PROGRESS.decode(), err)), default=0)
    assert played <= shown < 3000
    if when == "mid":
        assert shown >= 50


# The script reports on standard error how many games in a row from game 0 it has received
# ("prefix N"), so a test can wait for the games an interrupted run must keep.
LIBRARY = """
import json
import sys
import canasta_caliente as cc
from canasta_caliente.studies.simulate import simulate
seen = set()
def on_result(game):
    seen.add(game.index)
    prefix = 0
    while prefix in seen:
        prefix += 1
    print(f"prefix {prefix}", file=sys.stderr, flush=True)
result = simulate(cc.RuleSet.preset("caliente"), ["heuristic", "random"], 3000, seed=5,
                  workers=2, progress=True, on_result=on_result)
print(json.dumps({"interrupted": result.interrupted, "requested": result.requested,
                  "games": [game.to_dict() for game in result.games]}))
"""


@needs_proc
@pytest.mark.parametrize("when", quick_part(["early", "mid"], ["mid"]))
def test_library_simulate_interrupted_like_a_notebook(when: str) -> None:
    """A notebook's interrupt (SIGINT to the kernel's process alone) during `simulate(...,
    workers=2)`, early or once games 0 to 49 have come back: the call returns within seconds
    with the games 0..n-1 played so far (at least those 50), exactly as a run of those games
    plays them, and no worker is left running or prints a traceback."""
    run = Run(["-c", LIBRARY])
    if when == "early":
        run.wait_for_games(0)
    else:
        run.wait_until(lambda: max(map(int, re.findall(rb"prefix (\d+)", run.err)),
                                   default=0) >= 50, "games 0 to 49")
    elapsed, out, err = run.interrupt(group=False)
    assert run.proc.returncode == 0, err
    assert elapsed < STOP_SECONDS
    assert no_worker_left(run) == []
    assert "Traceback" not in err and "Error" not in err, err
    data = json.loads(out.splitlines()[-1])
    assert data["interrupted"] and data["requested"] == 3000
    games = data["games"]
    assert [g["index"] for g in games] == list(range(len(games)))
    if when == "mid":
        assert len(games) >= 50
    if games:
        last = len(games) - 1
        again = play_game(RULES, BOTS, game_seed(5, last), index=last)
        assert json.loads(json.dumps(again.to_dict())) == games[-1]


@needs_proc
def test_cli_play_interrupted() -> None:
    """Ctrl-C at `play`'s prompt: a one-line message, status 130, no traceback."""
    run = Run(["-m", "canasta_caliente.cli", "play", "--seed", "3"], stdin=True)
    run.wait_for("out", rb"your action> ")
    elapsed, out, err = run.interrupt(group=True)
    assert run.proc.returncode == 130, (out, err)
    assert elapsed < STOP_SECONDS
    assert err == "canasta-caliente: interrupted\n"
    assert no_worker_left(run) == []


# The demo stops in its second hand until interrupted (seed 1's game has six hands), so the
# interrupt surely comes in the middle of it, however slow the machine.
STOPPED_DEMO = """
import sys, time
from canasta_caliente.cli import commands as cli
apply = cli.apply
def stopped_apply(state, action):
    if state.hand_number >= 2:
        # Stopped in the second hand, as a long computation would be: in short sleeps, since a
        # SIGINT that lands after the interpreter's last check and before one long sleep
        # starts would never wake it; here the next check, at most 0.05 s on, sees it.
        while True:
            time.sleep(0.05)
    return apply(state, action)
cli.apply = stopped_apply
sys.exit(cli.main(["demo", "--seed", "1"]))
"""


@needs_proc
def test_cli_demo_interrupted() -> None:
    """Ctrl-C in the middle of `demo` (stopped in its second hand, so that it is still
    running): a one-line message, status 130, no traceback."""
    run = Run(["-c", STOPPED_DEMO])
    run.wait_for("out", rb"hand 1:")
    elapsed, out, err = run.interrupt(group=True)
    assert run.proc.returncode == 130, (out, err)
    assert elapsed < STOP_SECONDS
    assert err == "canasta-caliente: interrupted\n"
    assert " wins after " not in out


# ---------------------------------------------------------------------------------------------
# in-process


class RecordingExecutor(ThreadPoolExecutor):
    """A thread pool that keeps every future it hands out."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.futures: list[Future[Any]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Submit as a thread pool does, and keep the future."""
        future = super().submit(fn, *args, **kwargs)
        self.futures.append(future)
        return future


def test_user_executor_pending_futures_are_cancelled() -> None:
    """An interrupt with a user's executor cancels every chunk it has not started, keeps the
    prefix played, and leaves the executor itself usable."""
    def stop_at_three(result: GameResult) -> None:
        if result.index == 3:
            raise KeyboardInterrupt

    with RecordingExecutor() as executor:
        result = simulate(RULES, ["random"], 30, seed=2, executor=executor, chunk_size=1,
                          on_result=stop_at_three)
        futures = executor.futures
        assert len(futures) == 30
        # Futures 0-3 were consumed; one more may have been running when the run stopped.
        assert all(f.done() for f in futures[:4])
        assert sum(f.cancelled() for f in futures) >= 30 - 5
        assert all(f.cancelled() for f in futures[5:])
        assert executor.submit(lambda: 7).result() == 7
    assert result.interrupted and [g.index for g in result.games] == [0, 1, 2, 3]


class ImmediateExecutor(Executor):
    """An executor that runs each chunk as it is submitted: every chunk of a window has
    finished by the first wait, so they are all handed back from one wake-up."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Run ``fn`` now; return its finished future."""
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


@pytest.mark.parametrize("seed", range(5))
def test_chunks_finished_together_are_handed_back_in_order(seed: int) -> None:
    """Chunks that finished by the same wake-up were handed back in the order of ``wait``'s
    set, none: a later one's ``on_result`` could interrupt the run before an earlier finished
    chunk was kept, and the prefix stopped short (games 0 and 1 of the 0 to 3 played, once in
    ten runs of the test above under load; every time here). They come back in the order
    they were submitted."""
    def stop_at_three(result: GameResult) -> None:
        if result.index == 3:
            raise KeyboardInterrupt

    result = simulate(cc.RuleSet.preset("caliente-2p"), ["random"], 12, seed=seed,
                      executor=ImmediateExecutor(), chunk_size=1, max_hands=1,
                      on_result=stop_at_three)
    assert result.interrupted and [g.index for g in result.games] == [0, 1, 2, 3]


def test_own_pool_workers_end_before_the_call_returns(monkeypatch: pytest.MonkeyPatch) -> None:
    """An interrupt in a run on simulate's own pool (here raised by `on_result` once games 0
    to 5 have come back, in whatever order the chunks finished): when the call returns, every
    worker process has ended, and the games kept are a prefix holding those six."""
    seen: set[int] = set()

    def stop_at_six(result: GameResult) -> None:
        seen.add(result.index)
        if seen >= set(range(6)):
            raise KeyboardInterrupt

    started: list[BaseProcess] = []
    real_start = BaseProcess.start

    def recording_start(process: BaseProcess) -> None:
        real_start(process)
        started.append(process)

    monkeypatch.setattr(BaseProcess, "start", recording_start)
    result = simulate(RULES, BOTS, 400, seed=1, workers=2, chunk_size=2, on_result=stop_at_six)
    assert len(started) == 2
    for process in started:
        # Ended: its exit closed its sentinel (the pool's thread reaps it in its own time).
        assert multiprocessing.connection.wait([process.sentinel], 0) == [process.sentinel]
    kept = [g.index for g in result.games]
    assert result.interrupted and kept == list(range(len(kept))) and len(kept) >= 6


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signal masks")
def test_sigint_is_held_while_a_pool_starts_or_stops() -> None:
    """The guard around starting and stopping the pool: a SIGINT inside it is delivered when
    it ends (starting), or dropped (stopping, where the run already stops)."""
    with pytest.raises(KeyboardInterrupt):  # the raise comes at the block's end
        with sigint_held():
            signal.raise_signal(signal.SIGINT)
            time.sleep(0.01)
            reached = True
        time.sleep(0.01)
    assert reached
    with sigint_held(discard=True):
        signal.raise_signal(signal.SIGINT)
        time.sleep(0.01)
    time.sleep(0.01)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@needs_proc
@pytest.mark.slow  # 7 s: the library's interrupted comparison is in the quick loop
def test_cli_compare_interrupt() -> None:
    """`compare` interrupted: it printed one line, ``interrupted``, and lost the games played;
    it now prints the comparison of the games both rule sets played, says it was interrupted,
    and exits with status 130. The rule sets are played in step, one progress bar counting the
    games of both: once 6 are played, each rule set has played 3."""
    house = ROOT / "examples" / "house-rules"
    run = Run(["-m", "canasta_caliente.cli", "compare", str(house / "two-player-3000.toml"),
               str(house / "two-player-frozen-caliente.json"), "--games", "100", "--seed", "3",
               "--progress"])

    def both_played(games: int) -> bool:
        return any(int(n) >= 2 * games for n in re.findall(rb"(\d+)/200", run.err))

    run.wait_until(lambda: both_played(3), "3 games of each rule set")
    assert b"games played (2 variants)" in run.err
    elapsed, out, err = run.interrupt(group=True)
    assert run.proc.returncode == 130, (out, err)
    assert elapsed < STOP_SECONDS
    assert "Traceback" not in err and "Error" not in err, err
    played = int(re.search(r"interrupted: (\d+) of 100 games per variant", out).group(1))  # type: ignore[union-attr]
    assert 3 <= played < 100
    assert f"{played} games per variant, the same seeds for each" in out
    assert out.rstrip().endswith("and compared)")


# Starts the command with SIGINT ignored, as a shell starts a job with ``&`` in a script (and
# as ``nohup`` does): Python then installs no handler of its own, and neither may the library.
SIGINT_IGNORED = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); "
                  "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])")


@needs_proc
@pytest.mark.slow  # 4 s each: the run goes to its end
@pytest.mark.parametrize(("command", "finished"), [
    (["simulate", "--games", "200"], "200 of 200 games played\n"),
    (["compare", "caliente", "caliente-always-frozen", "--games", "100"],
     "100 games per variant, the same seeds for each"),
], ids=["simulate", "compare"])
def test_a_command_started_with_sigint_ignored_runs_through_sigint(
        command: list[str], finished: str) -> None:
    """A command started with SIGINT ignored runs on through a SIGINT to its whole process
    group, workers included, and ends as it would have: the pool is started and stopped with
    SIGINT held back, and that must not turn an ignored SIGINT into an interrupt. A trial saw
    ``compare --workers 2`` stop with status 130 once, where ``simulate`` ran on; it was not
    seen again, and this test holds both."""
    run = Run(["-c", SIGINT_IGNORED, "-m", "canasta_caliente.cli", *command,
               "--workers", "2", "--seed", "3", "--progress"])
    shown = rb"(\d+)/200"
    run.wait_until(lambda: max(map(int, re.findall(shown, run.err)), default=0) >= 20,
                   "20 games")
    assert max(map(int, re.findall(shown, run.err))) < 200  # interrupted mid-run
    _, out, err = run.interrupt(group=True)
    assert run.proc.returncode == 0, (out, err)
    assert finished in out
    assert "interrupted" not in out + err and "Traceback" not in err
    assert no_worker_left(run) == []


@needs_proc
@pytest.mark.parametrize("kill", quick_part([signal.SIGTERM, signal.SIGKILL], [signal.SIGKILL]),
                         ids=["sigterm", "sigkill"])
def test_workers_end_with_a_parent_killed(kill: signal.Signals) -> None:
    """``simulate --workers 2`` ended by ``kill`` (SIGTERM: Python ends with no clean-up) or
    SIGKILL, to the parent alone: its workers end too. They waited for chunks forever, one
    sleeping process per worker left behind by each such run."""
    run = Run(CLI_SIMULATE)
    run.wait_for_games(20)
    run.proc.send_signal(kill)
    run.proc.wait(timeout=60)  # (not communicate: workers left behind hold the pipes open)
    assert run.proc.returncode == -kill
    assert no_worker_left(run) == []  # (which kills any left, a failure or not)
    run.proc.communicate()
