"""Benchmark: what :func:`~canasta_caliente.simulate` costs per game on top of the games
themselves, side by side with another checkout.

The games themselves (the engine and the bots' thinking) are measured by a bare loop that plays
the same games (the seeds :func:`~canasta_caliente.studies.play.game_seed` gives, the bots seated
by :func:`~canasta_caliente.studies.play.seat_bots`, the same random numbers) and keeps
nothing; :func:`~canasta_caliente.play_game` adds the bookkeeping of a game's result, and
``simulate(workers=1)`` the chunks and the result of the run, and ``chunks`` plays the chunks
as a worker of a pool does, each chunk's RuleSet unpickled (a new object). Each is counted in
instructions by callgrind in a child (less a child that only imports and seeds), so the
differences are exact on a loaded machine; the overhead per game is printed for each layer.
``--workers 2`` adds the CPU seconds of a pool run (parent and workers) against one of
``workers=1``: the pool's start, the pickling of the chunks and their results. ``--base SRC``
(the ``src`` of another checkout) measures it beside this one. It needs valgrind.

    git archive d881574 src | tar -x -C /tmp/base
    python benchmarks/bench_simulate.py --games 20 --bots random --base /tmp/base/src
"""

from __future__ import annotations

import argparse
import inspect
import os
import pickle
import random
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

from callgrind import counted

import canasta_caliente as cc
from canasta_caliente.players.bots import get_bot
from canasta_caliente.studies.play import game_seed, seat_bots
from canasta_caliente.studies.pool import play_chunk

CHUNK = 10
"""Games a chunk, as ``simulate``'s default ``chunk_size``."""

MODES = ("none", "bare", "play_game", "simulate", "chunks")


def bots_rngs(game: int, seats: int) -> list[random.Random]:
    """The bots' rngs in ``play_game``, one a seat: a ``Random`` of ``bots_seed`` of the game's
    seed and the seat; in a checkout from before the seats' own rngs (counted with ``--base``),
    one ``Random`` of ``bots_seed`` of the game's seed for every seat, or before ``bots_seed``
    of the game's seed itself."""
    try:
        from canasta_caliente.studies.play import bots_seed
    except ImportError:
        return [random.Random(game)] * seats
    if "seat" not in inspect.signature(bots_seed).parameters:
        return [random.Random(bots_seed(game))] * seats
    return [random.Random(bots_seed(game, seat=seat)) for seat in range(seats)]


def bare(rules: cc.RuleSet, bots: list[str], games: int, seed: int) -> int:
    """Play the games of ``simulate(rules, bots, games, seed)`` keeping nothing; the actions."""
    actions = 0
    for index in range(games):
        game = game_seed(seed, index)
        players = [get_bot(b) for b in seat_bots(rules, bots, index)]
        rngs = bots_rngs(game, rules.players)
        state = cc.new_game(rules, seed=game)
        while not state.is_game_over:
            legal = cc.legal_actions(state)
            if state.is_hand_over:
                if state.hand_number >= 200:
                    break
                state = cc.apply(state, legal[0])
                continue
            seat = state.current_player
            assert seat is not None
            state = cc.apply(state, players[seat](cc.observe(state, seat), legal, rngs[seat]))
            actions += 1
    return actions


def run(mode: str, rules: cc.RuleSet, bots: list[str], games: int, seed: int) -> int:
    """One mode of the child; the actions played."""
    if mode == "bare":
        return bare(rules, bots, games, seed)
    if mode == "play_game":
        return sum(cc.play_game(rules, bots, game_seed(seed, i), index=i).actions
                   for i in range(games))
    if mode == "simulate":
        return sum(g.actions for g in cc.simulate(rules, bots, games, seed).games)
    if mode == "chunks":  # as a pool's worker plays them: each chunk's rules come pickled
        return sum(g.actions for start in range(0, games, CHUNK)
                   for g in play_chunk(pickle.loads(pickle.dumps(rules)), tuple(bots), seed,
                                       tuple(range(start, min(start + CHUNK, games))), 200))
    return 0


def count(src: str, args: argparse.Namespace, mode: str) -> tuple[int, int]:
    """Instructions of a child in ``mode`` on the package in ``src``, and its actions."""
    instructions, out = counted([sys.executable, __file__, "--child", mode, "--rules",
                                 args.rules, "--games", str(args.games), "--seed",
                                 str(args.seed), "--bots", *args.bots], src)
    return instructions, int(out.split()[-1])


def pool_cpu(src: str, args: argparse.Namespace, workers: int) -> float:
    """CPU seconds (this child and its workers) of a simulate run with ``workers``."""
    command = [sys.executable, __file__, "--pool", str(workers), "--rules", args.rules,
               "--games", str(args.games), "--seed", str(args.seed), "--bots", *args.bots]
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=src)
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    return float(done.stdout.split()[-1])


def measure(label: str, src: str, args: argparse.Namespace) -> None:
    """Print one checkout's instructions per game and per layer."""
    counts = {mode: count(src, args, mode) for mode in MODES}
    base = counts["none"][0]
    games = args.games
    bare_total = counts["bare"][0] - base
    print(f"  {label} ({src}): {counts['bare'][1]:,} actions in {games} games")
    print(f"    the games alone (engine and bots): {bare_total / games:,.0f} instructions a game,"
          f" {bare_total / counts['bare'][1]:,.0f} an action")
    for mode in ("play_game", "simulate", "chunks"):
        total = counts[mode][0] - base
        if counts[mode][1] != counts["bare"][1]:
            print(f"    {mode}: played {counts[mode][1]} actions, not the same games")
        extra = total - bare_total
        print(f"    {mode}: {total / games:,.0f} a game, overhead {extra / games:+,.0f}"
              f" ({100 * extra / bare_total:+.2f}%)")
    if args.workers > 1:
        one = pool_cpu(src, args, 1)
        many = pool_cpu(src, args, args.workers)
        print(f"    CPU seconds, workers=1: {one:.2f}; workers={args.workers}: {many:.2f} "
              f"(pool overhead {1000 * (many - one) / games:+.1f} ms a game)")


def main() -> None:
    """Parse arguments; as a child, play; otherwise count and report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="caliente", help="preset name")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", nargs="+", default=["random"])
    parser.add_argument("--workers", type=int, default=1, help="also time a pool of these")
    parser.add_argument("--base", help="the src folder of another checkout, measured beside")
    parser.add_argument("--child", choices=MODES, help=argparse.SUPPRESS)
    parser.add_argument("--pool", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    rules = cc.RuleSet.preset(args.rules)
    if args.child:
        print(run(args.child, rules, args.bots, args.games, args.seed))
        return
    if args.pool:
        start = time.process_time()
        cc.simulate(rules, args.bots, args.games, args.seed, workers=args.pool, chunk_size=10)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        print(time.process_time() - start + children.ru_utime + children.ru_stime)
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: this benchmark counts instructions with callgrind")
    here = str(Path(cc.__file__).resolve().parent.parent)
    print(f"{args.rules}: {args.games} games of {', '.join(args.bots)} (seed {args.seed})")
    measure("this checkout", here, args)
    if args.base:
        measure("base", args.base, args)


if __name__ == "__main__":
    main()
