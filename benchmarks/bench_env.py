"""Benchmark: environment steps per second, with the observation and the action mask.

Three loops over whole hands, each choosing uniformly among the legal actions (the PettingZoo
one twice: ``pettingzoo-ids`` draws the id from ``info["legal_ids"]`` rather than from the
mask):

- ``engine``: the engine alone (``legal_actions`` and ``apply``), the baseline;
- ``pettingzoo``: the AEC environment as a learner drives it: ``env.last()`` (the observation
  vector and the action mask of the agent to act), a legal id drawn from the mask, ``env.step``;
- ``gymnasium``: the single-agent environment with random bots in the other seats: one step is
  the learner's action and the bots' replies, with the learner's observation and mask. Its
  rate is given both as learner steps and as decisions (every seat's actions) per second
  (the bots' moves are counted in a second, untimed run of the same games).
- ``--instructions`` only, the observation alone: ``observation`` (``observation_of``, built
  afresh) and ``tracked`` (through an :class:`~canasta_caliente.rl.ObservationTracker`
  following the states in the order they were played, as the environments observe);
- with ``--vector``: the vector environment (:class:`~canasta_caliente.rl.CanastaVectorEnv`,
  random bots) at N copies, in learner steps of all the copies per second and in decisions
  (the learners' and the bots') per second, which the engine alone bounds; the vector
  environment in self-play (``seat=None``: every step one decision, of the seat to act, with
  its observation and mask), in steps per second; and the batch observation
  (:func:`~canasta_caliente.rl.observations_of`) of N states into one reused array, in
  observations per second, for N = 1, 16, 64, 256.

Each figure is the median of several runs, on one core.

``--instructions`` counts instead the machine instructions of one step of each loop with
callgrind (as ``instructions.py`` does: ``--warm`` hands first, then ``--hands`` more, less a run
of the warm-up alone, divided by the steps), which a shared machine's load does not move;
``--base SRC`` (the ``src`` folder of another checkout, exported with ``git archive``) counts
that checkout beside this one in the same run. It needs valgrind.

``--cache`` counts instead, with cachegrind's cache simulation (the same runs and subtraction as
``--instructions``), the first-level data cache misses and the last-level cache misses (data
and instructions) per step, beside the instructions: what the memory a loop touches costs,
which the instructions do not show (the self-play loops run the same instructions per step at
N = 64 and N = 256). The caches simulated are fixed, not the machine's: 32 KiB 8-way first
levels, and a 16-way last level of ``--last-level`` bytes (1 MiB by default: the L2 of one core
of the machines these benchmarks were made on). ``--base SRC`` counts that checkout too, each
loop's figures side by side; ``--cache-out DIR`` keeps cachegrind's files there (named
``{this,base}-LOOP-{warm,run}.out``), for ``cg_diff DIR/this-LOOP-warm.out
DIR/this-LOOP-run.out > diff.out`` and ``cg_annotate --sort=DLmr,DLmw diff.out``: the misses of
the counted steps by function and line. It needs valgrind. (Its instructions are callgrind's,
which count a large ``memset``'s ``rep stosb`` once per byte: a change that zeroes less memory
seems to save more instructions than it does.)

``--base SRC`` without ``--instructions`` or ``--cache`` times ``--loops`` side by side instead:
each run of a loop is a child process of this checkout then of the base, alternating (so a
change in the machine's speed falls on both alike), ``--runs`` times; it prints each side's
median steps per second and their ratio. A child plays ``--warm`` hands first, untimed, and the
vector environments are made and reset before its clock starts.

    python benchmarks/bench_env.py --rules caliente --hands 100 --runs 3 [--vector]
    python benchmarks/bench_env.py --instructions --hands 20 --base /tmp/base/src
    python benchmarks/bench_env.py --cache --hands 8 --loops selfplay64 selfplay256 \
        --base /tmp/base/src
    python benchmarks/bench_env.py --hands 40 --runs 3 --loops pettingzoo engine \
        --base /tmp/base/src
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

import canasta_caliente as cc
from canasta_caliente.players.bots import Bot
from canasta_caliente.rl import CanastaGymEnv, env


def engine_rate(rules: cc.RuleSet, hands: int, seed: int) -> float:
    """Decisions per second of random play with the engine alone."""
    start = time.perf_counter()
    return engine_steps(rules, hands, seed) / (time.perf_counter() - start)


def pettingzoo_rate(rules: cc.RuleSet, hands: int, seed: int, ids: bool = False) -> float:
    """AEC steps per second, each with the acting agent's observation and mask (the id drawn
    from the mask, or with ``ids`` from ``info["legal_ids"]``)."""
    start = time.perf_counter()
    return pettingzoo_steps(rules, hands, seed, ids) / (time.perf_counter() - start)


class CountingBot:
    """A random bot that counts its moves: the same choices and random numbers as
    ``random_bot``, so a run with it plays the games a timed run with ``"random"`` plays (it
    is not timed: the environments build a view for any bot but ``random_bot``)."""

    def __init__(self) -> None:
        self.moves = 0

    def __call__(self, view: cc.View, legal: Sequence[cc.Action],
                 rng: random.Random) -> cc.Action:
        self.moves += 1
        return legal[rng.randrange(len(legal))]


def gymnasium_rate(rules: cc.RuleSet, hands: int, seed: int) -> tuple[float, float]:
    """Learner steps per second, and decisions (every seat's actions) per second, of the
    Gymnasium environment with random bots (the bots' moves counted in an untimed run of
    the same games)."""
    start = time.perf_counter()
    steps = gymnasium_steps(rules, hands, seed)
    elapsed = time.perf_counter() - start
    counter = CountingBot()
    gymnasium_steps(rules, hands, seed, counter)
    return steps / elapsed, (steps + counter.moves) / elapsed


def engine_steps(rules: cc.RuleSet, hands: int, seed: int) -> int:
    """Play the engine loop; return its decisions."""
    rng = random.Random(seed)
    decisions = 0
    for h in range(hands):
        state = cc.new_game(rules, seed=seed * 100_003 + h)
        while not state.is_hand_over:
            legal = cc.legal_actions(state)
            state = cc.apply(state, legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions


def pettingzoo_steps(rules: cc.RuleSet, hands: int, seed: int, ids: bool = False) -> int:
    """Play the PettingZoo loop; return its steps. The id is drawn from the mask's nonzero
    entries (NumPy's ``flatnonzero`` of 4,503 int8 entries: about a fifth of a step's
    instructions), or with ``ids`` from ``info["legal_ids"]`` (the observation and its mask
    are built all the same): the environment's own cost apart from the learner's scan."""
    e = env(rules=rules)
    rng = random.Random(seed)
    steps = 0
    for h in range(hands):
        e.reset(seed=seed * 100_003 + h)
        for _ in e.agent_iter():
            obs, _, terminated, truncated, info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            legal = info["legal_ids"] if ids else np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps


def gymnasium_steps(rules: cc.RuleSet, hands: int, seed: int,
                    bots: Bot | str = "random") -> int:
    """Play the Gymnasium loop (random bots); return the learner's steps."""
    e = CanastaGymEnv(rules=rules, bots=bots)
    rng = random.Random(seed)
    steps = 0
    for h in range(hands):
        _, info = e.reset(seed=seed * 100_003 + h)
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _, _, done, _, info = e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps


def vector_env(rules: cc.RuleSet, n: int, seed: int,
               bots: Bot | str | None = "random") -> tuple[Any, dict[str, Any]]:
    """The vector environment of ``n`` copies (``bots=None``: in self-play, the learner
    playing every seat), reset; and its info."""
    from canasta_caliente.rl import CanastaVectorEnv

    if bots is None:
        envs = CanastaVectorEnv(n, rules=rules, seat=None, copy=False)
    else:
        envs = CanastaVectorEnv(n, rules=rules, bots=bots, copy=False)
    _, info = envs.reset(seed=seed * 100_003)
    return envs, info


def vector_play(envs: Any, info: dict[str, Any], hands: int, seed: int) -> int:
    """Step ``envs`` (random legal ids from ``info["legal_ids"]``, the masks built all the
    same) until ``hands`` episodes have ended; return the learner steps of all the copies."""
    rng = random.Random(seed)
    n = envs.num_envs
    steps = ended = 0
    while ended < hands:
        actions = np.array([ids[rng.randrange(len(ids))] for ids in info["legal_ids"]])
        _, _, terminations, truncations, info = envs.step(actions)
        steps += n
        ended += int(terminations.sum() + truncations.sum())
    return steps


def vector_steps(rules: cc.RuleSet, hands: int, seed: int, n: int,
                 bots: Bot | str | None = "random") -> int:
    """Make the vector environment of ``n`` copies (random bots; ``bots=None``: self-play)
    and play it until ``hands`` episodes have ended; return the learner steps of all the
    copies."""
    envs, info = vector_env(rules, n, seed, bots)
    return vector_play(envs, info, hands, seed)


def batch_states(rules: cc.RuleSet, n: int, seed: int) -> list[cc.GameState]:
    """``n`` states of random hands (the batch observation's input)."""
    rng = random.Random(seed)
    states: list[cc.GameState] = []
    state = cc.new_game(rules, seed=seed)
    while len(states) < n:
        if state.is_hand_over:
            state = cc.new_game(rules, seed=rng.randrange(2**32))
        states.append(state)
        legal = cc.legal_actions(state)
        state = cc.apply(state, legal[rng.randrange(len(legal))])
    return states


POOL = 256
"""The batch observation's states: this many, of random hands, made once and observed in
batches of N (so that every N observes the same states)."""


def batches_of(rules: cc.RuleSet, n: int, seed: int) -> list[tuple[Any, ...]]:
    """The :data:`POOL` states (each with its player to act) cut into batches of ``n``, each
    with the array it is observed into."""
    from canasta_caliente.rl import observations_of

    states = batch_states(rules, POOL, seed)
    seats = [s.current_player or 0 for s in states]  # every state is in play: a seat acts
    return [(states[i:i + n], seats[i:i + n], observations_of(states[i:i + n], seats[i:i + n]))
            for i in range(0, POOL, n)]


def observe_batches(batches: list[tuple[Any, ...]], rounds: int) -> int:
    """Observe every batch ``rounds`` times over; return the observations made."""
    from canasta_caliente.rl import observations_of

    for _ in range(rounds):
        for states, seats, out in batches:
            observations_of(states, seats, out)
    return rounds * POOL


def batch_steps(rules: cc.RuleSet, rounds: int, seed: int, n: int) -> int:
    """Observe the :data:`POOL` states ``rounds`` times over in batches of ``n``; return the
    observations made."""
    return observe_batches(batches_of(rules, n, seed), rounds)


def observation_steps(rules: cc.RuleSet, rounds: int, seed: int) -> int:
    """Observe the :data:`POOL` states ``rounds`` times over, one ``observation_of`` each (the
    single observation of the PettingZoo and Gymnasium environments); return the observations
    made."""
    from canasta_caliente.rl import observation_of

    states = batch_states(rules, POOL, seed)
    seats = [s.current_player for s in states]  # every state is in play: a seat acts
    for _ in range(rounds):
        for state, seat in zip(states, seats, strict=True):
            observation_of(state, seat)  # type: ignore[arg-type]
    return rounds * POOL


def tracked_steps(rules: cc.RuleSet, rounds: int, seed: int) -> int:
    """Observe the :data:`POOL` states ``rounds`` times over, in the order they were played,
    each by its seat to act through one :class:`~canasta_caliente.rl.ObservationTracker` (what
    the environments do: only the fields an action changed are rewritten); return the
    observations made."""
    from canasta_caliente.rl import ObservationTracker

    states = batch_states(rules, POOL, seed)
    seats = [s.current_player for s in states]  # every state is in play: a seat acts
    tracker = ObservationTracker(rules)
    for _ in range(rounds):
        for state, seat in zip(states, seats, strict=True):
            tracker.observe(state, seat)  # type: ignore[arg-type]
    return rounds * POOL


def batch_rate(rules: cc.RuleSet, n: int, seed: int, rounds: int = 20) -> float:
    """Observations per second of the batch observation at ``n`` states a batch."""
    batches = batches_of(rules, n, seed)
    start = time.perf_counter()
    return observe_batches(batches, rounds) / (time.perf_counter() - start)


def timed_vector(rules: cc.RuleSet, hands: int, seed: int, n: int,
                 bots: Bot | str | None = "random") -> tuple[int, float]:
    """The learner steps (all copies) of the vector environment of ``n`` copies (``bots=None``:
    self-play) until ``hands`` episodes have ended, and the seconds they took; made and reset
    before the clock starts (as a trainer's environments are, once)."""
    envs, info = vector_env(rules, n, seed, bots)
    start = time.perf_counter()
    steps = vector_play(envs, info, hands, seed)
    return steps, time.perf_counter() - start


def vector_rate(rules: cc.RuleSet, hands: int, seed: int, n: int,
                bots: Bot | str | None = "random") -> float:
    """Learner steps per second (all copies) of :func:`timed_vector`."""
    steps, seconds = timed_vector(rules, hands, seed, n, bots)
    return steps / seconds


def decisions_per_step(rules: cc.RuleSet, hands: int, seed: int, n: int) -> float:
    """Decisions (the learner's and the random bots') per learner step of the vector
    environment of ``n`` copies, counted in an untimed run (what turns its rate into
    decisions per second)."""
    counter = CountingBot()
    steps = vector_steps(rules, hands, seed, n, counter)
    return (steps + counter.moves) / steps


SIZES = (1, 16, 64, 256)
"""The numbers of copies (and of states a batch) measured."""

VECTOR_LOOPS: dict[str, tuple[int, str | None]] = {
    **{f"vector{n}": (n, "random") for n in SIZES},
    **{f"selfplay{n}": (n, None) for n in SIZES},
}
"""The vector environment's loops, by name: the copies, and the bots (None: self-play)."""

STEPPERS: dict[str, Callable[[cc.RuleSet, int, int], int]] = {
    "engine": engine_steps, "pettingzoo": pettingzoo_steps, "gymnasium": gymnasium_steps,
    "pettingzoo-ids": functools.partial(pettingzoo_steps, ids=True),
    **{name: functools.partial(vector_steps, n=n, bots=bots)
       for name, (n, bots) in VECTOR_LOOPS.items()},
    # A "hand" of the batch loop is one round of the POOL states, observed N at a time.
    **{f"batch{n}": functools.partial(batch_steps, n=n) for n in (1, 256)},
    "observation": observation_steps,
    "tracked": tracked_steps,
}
"""The loops ``--instructions`` counts (and ``--base`` times), by name."""


def timed_steps(loop: str, rules: cc.RuleSet, hands: int, seed: int) -> tuple[int, float]:
    """The steps of one run of ``loop`` and the seconds they took; a vector loop's
    environments are made and reset before the clock starts."""
    if loop in VECTOR_LOOPS:
        return timed_vector(rules, hands, seed, *VECTOR_LOOPS[loop])
    start = time.perf_counter()
    steps = STEPPERS[loop](rules, hands, seed)
    return steps, time.perf_counter() - start


def time_side_by_side(args: argparse.Namespace) -> None:
    """Time each loop in child processes here and in ``--base``, alternating, and print the
    medians and their ratio."""
    def rate(loop: str, src: str | None) -> float:
        env = dict(os.environ, **({"PYTHONPATH": src} if src else {}))
        done = subprocess.run(
            [sys.executable, __file__, "--child", loop, "--timed", "--rules", args.rules,
             "--warm", str(args.warm), "--hands", str(args.hands), "--seed", str(args.seed)],
            capture_output=True, text=True, env=env, check=True)
        steps, seconds = done.stdout.split()
        return int(steps) / float(seconds)

    print(f"{args.rules}: {args.runs} runs of {args.hands} random hands, this checkout and "
          f"base ({args.base}) alternating (steps per second, median)")
    for loop in args.loops:
        here: list[float] = []
        base: list[float] = []
        for _ in range(args.runs):
            here.append(rate(loop, None))
            base.append(rate(loop, args.base))
        print(f"  {loop:<14} this {statistics.median(here):10,.0f}   base "
              f"{statistics.median(base):10,.0f}   this/base "
              f"{statistics.median(here) / statistics.median(base):5.2f}x")


def count_instructions(args: argparse.Namespace) -> None:
    """Count each loop's instructions per step under callgrind, here and in ``--base``."""
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: --instructions counts them with callgrind")
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from callgrind import counted

    def run(loop: str, hands: int, src: str | None) -> tuple[int, int]:
        instructions, out = counted(
            [sys.executable, __file__, "--child", loop, "--rules", args.rules,
             "--warm", str(args.warm), "--hands", str(hands), "--seed", str(args.seed)], src)
        return instructions, int(out.split()[-1])

    print(f"{args.rules}: {args.hands} random hands after {args.warm} warm-up hands "
          "(instructions per step, callgrind)")
    for label, src in (("this checkout", None), ("base", args.base)):
        if label == "base" and src is None:
            break
        print(f"  {label}{f' ({src})' if src else ''}:")
        for loop in args.loops:
            start, _ = run(loop, 0, src)
            total, steps = run(loop, args.hands, src)
            print(f"    {loop:<12} steps {steps:>8,}   instructions/step "
                  f"{(total - start) / steps:>10,.0f}")


def count_cache(args: argparse.Namespace) -> None:
    """Count each loop's instructions, first-level data cache misses and last-level misses
    per step under cachegrind, here and in ``--base``, side by side."""
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: --cache counts the misses with cachegrind")
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from callgrind import CACHE_EVENTS, cached

    if args.cache_out:
        os.makedirs(args.cache_out, exist_ok=True)

    def run(loop: str, hands: int, label: str, src: str | None) -> tuple[dict[str, int], int]:
        out_file = (os.path.join(args.cache_out, f"{label}-{loop}-{'run' if hands else 'warm'}"
                                 ".out") if args.cache_out else "/dev/null")
        figures, out = cached(
            [sys.executable, __file__, "--child", loop, "--rules", args.rules,
             "--warm", str(args.warm), "--hands", str(hands), "--seed", str(args.seed)], src,
            args.last_level, out_file)
        return figures, int(out.split()[-1])

    sides = [("this", None)] + ([("base", args.base)] if args.base else [])
    print(f"{args.rules}: {args.hands} random hands after {args.warm} warm-up hands (per step, "
          f"cachegrind: 32 KiB first levels, last level {args.last_level:,} bytes)"
          + (f"; base: {args.base}" if args.base else ""))
    print(f"    {'loop':<12} {'side':<5} {'steps':>8}"
          + "".join(f" {name:>13}" for name in CACHE_EVENTS))
    for loop in args.loops:
        for label, src in sides:
            start, _ = run(loop, 0, label, src)
            total, steps = run(loop, args.hands, label, src)
            print(f"    {loop:<12} {label:<5} {steps:>8,}" + "".join(
                f" {(total[name] - start[name]) / steps:>13,.1f}" for name in CACHE_EVENTS))


def main() -> None:
    """Parse the options, run the loops, print the medians (or the instruction counts)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="caliente", help="a preset name")
    parser.add_argument("--hands", type=int, default=100, help="hands per run")
    parser.add_argument("--runs", type=int, default=3, help="runs (the median is printed)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions per step with callgrind instead of timing")
    parser.add_argument("--cache", action="store_true",
                        help="count cache misses per step with cachegrind instead of timing")
    parser.add_argument("--last-level", type=int, default=1_048_576,
                        help="the simulated last-level cache's bytes (--cache; 16-way, "
                        "64-byte lines; default 1 MiB)")
    parser.add_argument("--cache-out", help="a folder to keep cachegrind's files in (--cache)")
    parser.add_argument("--warm", type=int, default=5,
                        help="hands played first, not counted (--instructions, --cache)")
    parser.add_argument("--base", help="the src folder of another checkout, counted beside "
                        "(--instructions, --cache) or timed beside, alternating (the --loops)")
    parser.add_argument("--loops", nargs="+", choices=sorted(STEPPERS),
                        default=["engine", "pettingzoo", "gymnasium"],
                        help="the loops to count (--instructions, --cache) or to time beside "
                        "--base (default: engine, pettingzoo and gymnasium, which the base "
                        "has too)")
    parser.add_argument("--vector", action="store_true",
                        help="also time the vector environment and the batch observation at "
                        f"N = {', '.join(map(str, SIZES))} (not in a checkout without them)")
    parser.add_argument("--child", choices=sorted(STEPPERS), help=argparse.SUPPRESS)
    parser.add_argument("--timed", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    rules = cc.RuleSet.preset(args.rules)
    if args.child:
        stepper = STEPPERS[args.child]
        stepper(rules, args.warm, args.seed + 1000)
        if args.timed:
            print(*timed_steps(args.child, rules, args.hands, args.seed))
        else:
            print(stepper(rules, args.hands, args.seed))
        return
    if args.instructions:
        count_instructions(args)
        return
    if args.cache:
        count_cache(args)
        return
    if args.base:
        time_side_by_side(args)
        return
    engine, pz, pz_ids, gym_steps, gym_decisions = [], [], [], [], []
    vector: dict[int, list[float]] = {n: [] for n in SIZES}
    vector_decisions: dict[int, list[float]] = {n: [] for n in SIZES}
    selfplay: dict[int, list[float]] = {n: [] for n in SIZES}
    batch: dict[int, list[float]] = {n: [] for n in SIZES}
    for run in range(args.runs):
        seed = args.seed + run
        engine.append(engine_rate(rules, args.hands, seed))
        pz.append(pettingzoo_rate(rules, args.hands, seed))
        pz_ids.append(pettingzoo_rate(rules, args.hands, seed, ids=True))
        learner, everyone = gymnasium_rate(rules, args.hands, seed)
        gym_steps.append(learner)
        gym_decisions.append(everyone)
        for n in SIZES if args.vector else ():
            episodes = max(args.hands, n)
            vector[n].append(vector_rate(rules, episodes, seed, n))
            vector_decisions[n].append(
                vector[n][-1] * decisions_per_step(rules, episodes, seed, n))
            selfplay[n].append(vector_rate(rules, episodes, seed, n, None))
            batch[n].append(batch_rate(rules, n, seed))
    print(f"{args.rules}: {args.runs} runs of {args.hands} random hands (median)")
    print(f"  engine decisions/s             {statistics.median(engine):10.0f}")
    print(f"  pettingzoo steps/s (obs+mask)  {statistics.median(pz):10.0f}"
          "   (the id drawn from the mask's nonzero entries)")
    print(f"  pettingzoo steps/s, legal_ids  {statistics.median(pz_ids):10.0f}"
          "   (obs+mask built, the id drawn from info['legal_ids'])")
    print(f"  gymnasium learner steps/s      {statistics.median(gym_steps):10.0f}"
          "   (each with the bots' replies)")
    print(f"  gymnasium decisions/s          {statistics.median(gym_decisions):10.0f}"
          "   (the learner's and the bots')")
    for n in SIZES if args.vector else ():
        print(f"  vector env N={n:<3} steps/s      {statistics.median(vector[n]):10.0f}"
              "   (learner steps of all copies, obs+masks, bots' replies)")
    for n in SIZES if args.vector else ():
        print(f"  vector env N={n:<3} decisions/s  "
              f"{statistics.median(vector_decisions[n]):10.0f}   (the learners' and the bots')")
    for n in SIZES if args.vector else ():
        print(f"  self-play N={n:<3} steps/s       {statistics.median(selfplay[n]):10.0f}"
              "   (seat=None: one decision a step, obs+masks)")
    for n in SIZES if args.vector else ():
        print(f"  batch observation N={n:<3} obs/s {statistics.median(batch[n]):10.0f}")

if __name__ == "__main__":
    main()
