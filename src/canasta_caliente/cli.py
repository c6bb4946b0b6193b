"""The ``canasta-caliente`` command line."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from . import __version__
from .engine import apply, legal_actions, new_game
from .errors import CanastaError
from .rules import RuleSet
from .state import COMPONENTS

__all__ = ["main"]


def _demo(args: argparse.Namespace) -> int:
    rules = RuleSet.preset(args.rules)
    rng = random.Random(args.seed)
    state = new_game(rules, seed=args.seed)
    print(f"canasta-caliente {__version__}: a {args.rules} game between random players, "
          f"seed {args.seed}")
    steps = 0
    while not state.is_game_over and state.hand_number <= args.max_hands:
        actions = legal_actions(state)
        state = apply(state, rng.choice(actions))
        steps += 1
        if state.is_hand_over and state.hand_results and len(state.hand_results) == (
            state.hand_number
        ):
            result = state.hand_results[-1]
            how = result.ended.value + (
                f" (seat {result.went_out}{', concealed' if result.concealed else ''})"
                if result.went_out is not None else "")
            print(f"\nhand {state.hand_number}: {how}")
            header = "side  " + "".join(f"{c:>12}" for c in COMPONENTS) + f"{'total':>10}"
            print(header)
            for side in range(len(state.sides)):
                comps = result.components(side)
                print(f"{side:<6}" + "".join(f"{comps[c]:>12}" for c in COMPONENTS)
                      + f"{result.totals[side]:>10}")
            print("game: " + ", ".join(f"side {i} {s}" for i, s in enumerate(state.scores)))
            if state.is_game_over:
                break
    if state.is_game_over:
        print(f"\nside {state.winner} wins after {state.hand_number} hands ({steps} actions)")
    else:
        print(f"\nstopped after {args.max_hands} hands ({steps} actions)")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="canasta-caliente", description=__doc__)
    parser.add_argument("--version", action="version", version=__version__)
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="play a seeded game between random players")
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--rules", default="caliente", help="a preset name")
    demo.add_argument("--max-hands", type=int, default=1000)
    demo.set_defaults(func=_demo)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except CanastaError as exc:
        print(f"canasta-caliente: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
