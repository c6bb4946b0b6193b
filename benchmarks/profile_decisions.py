"""Profile: where a heuristic decision and a search decision spend their time (cProfile),
side by side with another checkout.

A heuristic decision is :func:`~canasta_caliente.observe` and the bot's choice (on the decision
points of seeded heuristic hands, as ``bench_bots.py``); a search decision is the ``ismcts``
bot at its default budget (on the positions of ``bench_search.py``). Each is run under cProfile
in a child process on the package in ``src`` (this checkout, then ``--base SRC``), and the
cumulative time of the parts that do not call one another is printed as a share of the whole:
for the search, the determinizations (``resample``), the engine (``legal_actions`` and
``apply``), the views (``observe``), the rollout policy (``heuristic_bot``, or ``bot_action``
where the search asks through it), the cut-off evaluation and the search's own bookkeeping (the
rest); ``profile_search.py`` splits a search decision exactly, by instructions. The clock is
the thread's CPU time, so time spent waiting for a core on a loaded machine is left out.
cProfile charges every Python call a fixed cost, so the shares lean toward the parts with
many small calls; the instruction counts of ``bench_bots.py`` and ``bench_search.py --count``
are the figures to compare.

    python benchmarks/profile_decisions.py --hands 10 --positions 4 --base /tmp/base/src
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import subprocess
import sys
import time
from pathlib import Path

import canasta_caliente as cc

SEARCH_PARTS = {
    "resample": ("resample", "views/view.py"),
    "engine: legal_actions": ("legal_actions", "engine/listing.py"),
    "engine: apply": ("apply", "engine/successors.py"),
    "views: observe": ("observe", "views/view.py"),
    "rollout policy: heuristic_bot": ("heuristic_bot", "players/bots.py"),
    # The search asks its policy through bot_action since issue 30 (no view built for the
    # heuristic): its cumulative time holds the choice, once, where observe is not called.
    "rollout policy: bot_action": ("bot_action", "players/bots.py"),
    "cut-off evaluation": ("evaluate", "players/search.py"),
}
BOT_PARTS = {
    "views: observe": ("observe", "views/view.py"),
    "draw phase": ("_draw_action", "players/bots.py"),
    "play phase: sorting the actions and melds": ("_play_action", "players/bots.py"),
    "play phase: the discard": ("_discard", "players/bots.py"),
    "answer phase": ("_answer", "players/bots.py"),
}


def cumulative(stats: pstats.Stats, name: str, module: str) -> float:
    """The cumulative seconds of the function ``name`` defined in the file ``module``."""
    total = 0.0
    for (filename, _, function), row in stats.stats.items():  # type: ignore[attr-defined]
        if function == name and module in filename:
            total += row[3]
    return total


def child(kind: str, hands: int, count: int) -> dict[str, float]:
    """Profile ``kind`` (``bot`` or ``search``) here; the parts' seconds and the total."""
    sys.path.insert(0, str(Path(__file__).parent))
    profile = cProfile.Profile(time.thread_time)  # CPU time: a loaded machine's waits out
    if kind == "bot":
        from bench_bots import ask, points

        collected = points(cc.RuleSet.preset("caliente"), hands)
        ask(collected, 1)
        profile.enable()
        ask(collected, 1)
        profile.disable()
        parts, decisions = BOT_PARTS, len(collected)
    else:
        from bench_search import positions

        from canasta_caliente.players.search import ISMCTSBot

        bot = ISMCTSBot()
        found = positions(cc.RuleSet.preset("caliente"), count, 1)
        profile.enable()
        for i, state in enumerate(found):
            seat = state.current_player
            assert seat is not None
            bot(cc.observe(state, seat), cc.legal_actions(state), random.Random(i))
        profile.disable()
        parts, decisions = SEARCH_PARTS, len(found)
    stats = pstats.Stats(profile)
    total = sum(row[2] for row in stats.stats.values())  # type: ignore[attr-defined]
    out = {label: cumulative(stats, name, module) for label, (name, module) in parts.items()}
    if kind == "bot":  # the discard is scored inside the play phase
        out["play phase: sorting the actions and melds"] -= out["play phase: the discard"]
    out["the rest"] = total - sum(out.values())
    out["total"] = total
    out["decisions"] = decisions
    return out


def main() -> None:
    """Profile both kinds of decision on this checkout and on ``--base``; print the shares."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10, help="hands of heuristic decisions")
    parser.add_argument("--positions", type=int, default=4, help="search decisions")
    parser.add_argument("--base", help="the src folder of another checkout, profiled beside")
    parser.add_argument("--child", choices=("bot", "search"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.hands, args.positions)))
        return
    here = str(Path(cc.__file__).resolve().parent.parent)
    checkouts = {"this checkout": here, **({"base": args.base} if args.base else {})}
    for kind, title in (("bot", "a heuristic decision"), ("search", "a search decision")):
        print(f"{title} (cProfile, share of the profiled time; ms a decision under the profiler)")
        for name, src in checkouts.items():
            command = [sys.executable, __file__, "--child", kind, "--hands", str(args.hands),
                       "--positions", str(args.positions)]
            env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=src)
            done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
            shares = json.loads(done.stdout.splitlines()[-1])
            total, decisions = shares.pop("total"), shares.pop("decisions")
            print(f"  {name}: {1000 * total / decisions:.3f} ms a decision "
                  f"({int(decisions)} decisions)")
            for label, seconds in shares.items():
                print(f"    {label:<44} {100 * seconds / total:5.1f}%")


if __name__ == "__main__":
    main()
