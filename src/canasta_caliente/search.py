"""Information-set Monte Carlo tree search: a search bot and a hint for any position.

:class:`ISMCTSBot` is a bot of the bot interface (``bot(view, legal, rng) -> action``) that
searches with single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012). :func:`analyse` runs the
same search on a seat's view and returns its actions ranked, with the number of simulations
behind each: a hint.

The search uses only the engine's public API, so it is also a worked example of a bot:

- each iteration deals the hidden cards at random with :func:`~canasta_caliente.resample` (a
  *determinization* consistent with everything the seat can see);
- it walks one tree, shared by all determinizations, whose edges are actions. A node's children
  that are legal in the current determinization are *available*; selection maximises
  UCB1 with availability counts, ``mean + c * sqrt(ln(available) / visits)`` (the subset-armed
  bandit of the paper), and expands one untried legal action at random;
- from the new node a fast policy (by default the ``heuristic`` bot, which sees only its own
  seat's :func:`~canasta_caliente.observe`) plays on for at most ``rollout_actions`` actions;
- the position reached is scored per side: the hand's result if it ended, otherwise a cut-off
  evaluation (meld points, canasta bonuses, bonus cards, Caliente cards and the cards still in
  hand, counted as if the hand ended now; optionally the going-out race too: a share of the
  going-out bonus for a side near going out, and the others' cards in hand counted nearer
  their full value); the side's lead over the mean of the others is
  squashed into ``[0, 1]`` and every node on the path is credited from the point of view of
  the side that chose its action;
- the move played is the root's most visited legal action.

>>> import random
>>> import canasta_caliente as cc
>>> from canasta_caliente.search import ISMCTSBot
>>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=2)
>>> bot = ISMCTSBot(iterations=20)
>>> legal = cc.legal_actions(state)
>>> bot(cc.observe(state, state.current_player), legal, random.Random(0)) in legal
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

import attrs

from .actions import Action
from .bots import Bot, heuristic_bot
from .engine import apply, legal_actions
from .state import GameState
from .views import View, observe, resample

__all__ = [
    "DEFAULT_ITERATIONS",
    "ActionValue",
    "ISMCTSBot",
    "analyse",
    "evaluate",
    "hint_text",
]

DEFAULT_ITERATIONS = 120
"""Iterations per decision of the default bot: about 100 ms of CPU time on one core of the
reference machine (see ``benchmarks/bench_search.py``)."""

_PRIOR_VALUE = 0.6
"""The reward credited to each prior visit of the rollout policy's choice at a new node."""

_SCALE = 400.0
"""Points of lead that make a reward of about 0.88 (``tanh(1)``): a hand's typical swing."""


@attrs.frozen
class ActionValue:
    """One action of a position as the search rated it (see :func:`analyse`)."""

    action: Action
    value: float
    """The mean reward of the simulations through the action, in ``[0, 1]``: 0.5 is even,
    above is a lead for the seat's side at the end of the simulated play."""
    visits: int
    """How many simulations went through the action."""


class _Node:
    __slots__ = ("available", "children", "passes", "prior", "side", "total", "visits")

    def __init__(self, side: int) -> None:
        self.side = side
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.prior = 0
        self.passes = 0


def _check_budget(iterations: object, seconds: object) -> tuple[int | None, float | None]:
    if iterations is not None and seconds is not None:
        raise ValueError("give iterations or seconds, not both")
    if iterations is not None:
        if isinstance(iterations, bool) or not isinstance(iterations, int):
            raise TypeError(f"iterations must be an int, not {type(iterations).__name__}")
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        return iterations, None
    if seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, int | float):
            raise TypeError(f"seconds must be a number, not {type(seconds).__name__}")
        if not seconds > 0 or math.isinf(seconds):
            raise ValueError(f"seconds must be a positive finite number, not {seconds}")
        return None, float(seconds)
    return DEFAULT_ITERATIONS, None


def evaluate(
    state: GameState, *, hand_weight: float = 1.0, race_weight: float = 0.0
) -> tuple[float, ...]:
    """Per side, the hand's score if it ended now (the cut-off evaluation of the search).

    A finished hand gives its result (:attr:`~canasta_caliente.HandResult.totals`). A hand in
    progress counts, per side, its melds' card values, its canasta bonuses, its bonus cards
    (negative while it has no meld), minus the Caliente penalties and the value of the cards
    still in its hands times ``hand_weight`` (below 1 since cards in hand are also the
    material of future melds).

    ``race_weight`` (0 by default: no guess) adds the going-out race: a side's *progress* is
    the share of the canastas it needs to go out that it holds, times ``12 / (12 + n)`` for
    the fewest cards ``n`` in one of its hands (1 with an empty hand); it gains ``race_weight``
    times its progress times the going-out bonus, and its cards in hand count more as the
    other sides near going out (from ``hand_weight`` up to their full value, in proportion to
    the best of the others' progress), since those cards are then likely to be caught.
    """
    if state.is_hand_over:
        return tuple(float(t) for t in state.hand_results[-1].totals)
    rules = state.rules
    values = rules.card_values
    need = max(1, rules.canastas_to_go_out)
    table = []
    progress = []
    helds = []
    for side_no, seats in enumerate(rules.layout):
        melds = state.melds(side_no)
        score = 0.0
        canastas = 0
        for meld in melds:
            score += sum(values[c] for c in meld.cards)
            if meld.is_canasta:
                canastas += 1
                score += rules.natural_canasta_bonus if meld.is_natural else (
                    rules.mixed_canasta_bonus)
        laid = len(state.laid_out(side_no))
        if laid:
            bonus = laid * rules.bonus_card_score
            score += bonus if melds else -bonus
        score -= rules.caliente_card_penalty * state.caliente_played(side_no)
        table.append(score)
        fewest = min((len(state.hand(seat)) for seat in seats), default=0)
        progress.append(min(canastas, need) / need * _RACE_CARDS / (_RACE_CARDS + fewest))
        helds.append(sum(values[c] for seat in seats for c in state.hand(seat)))
    if not race_weight:
        return tuple(t - hand_weight * h for t, h in zip(table, helds, strict=True))
    out = []
    for side_no, score in enumerate(table):
        threat = max((p for i, p in enumerate(progress) if i != side_no), default=0.0)
        weight = hand_weight + (1.0 - hand_weight) * threat
        out.append(score + race_weight * rules.going_out_bonus * progress[side_no]
                   - weight * helds[side_no])
    return tuple(out)


_RACE_CARDS = 12.0
"""Cards in hand that halve a side's going-out progress (see :func:`evaluate`)."""


def _rewards(scores: tuple[float, ...]) -> tuple[float, ...]:
    n = len(scores)
    if n == 1:
        return (0.5,)
    total = sum(scores)
    return tuple(0.5 + 0.5 * math.tanh((s - (total - s) / (n - 1)) / _SCALE) for s in scores)


class ISMCTSBot:
    """The SO-ISMCTS search bot (see the module): a plain callable of the bot interface.

    Budget: ``iterations`` per decision (deterministic for the ``rng`` it is given), or
    ``seconds`` per decision (as many iterations as fit; not reproducible); by default
    :data:`DEFAULT_ITERATIONS`. ``exploration`` is UCB1's ``c``; ``rollout_actions`` the
    cut-off of each simulation; ``rollout_bot`` the fast policy that plays the simulations
    (any bot; each seat sees only its own view). A node's first expansion tries the policy's
    choice, credited with ``prior_visits`` simulations at a reward of 0.6; a node adds a new
    action only while it has fewer than ``widening * sqrt(passes)`` (progressive widening).
    At a cut-off, the cards in hand count ``hand_weight`` times their value, and
    ``race_weight`` weighs the going-out race (:func:`evaluate`). The guide to bots explains
    these choices.
    """

    __name__ = "ismcts"

    def __init__(
        self,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout_actions: int = 40,
        rollout_bot: Bot = heuristic_bot,
        prior_visits: int = 15,
        hand_weight: float = 0.3,
        widening: float = 1.0,
        race_weight: float = 0.0,
    ) -> None:
        self.iterations, self.seconds = _check_budget(iterations, seconds)
        if isinstance(exploration, bool) or not isinstance(exploration, int | float):
            raise TypeError(f"exploration must be a number, not {type(exploration).__name__}")
        if not 0 <= exploration < math.inf:
            raise ValueError(f"exploration must be a finite number >= 0, not {exploration}")
        if isinstance(rollout_actions, bool) or not isinstance(rollout_actions, int):
            raise TypeError(
                f"rollout_actions must be an int, not {type(rollout_actions).__name__}")
        if rollout_actions < 0:
            raise ValueError(f"rollout_actions must be >= 0, not {rollout_actions}")
        if not callable(rollout_bot):
            raise TypeError(f"rollout_bot must be a bot, not {type(rollout_bot).__name__}")
        self.exploration = float(exploration)
        self.rollout_actions = rollout_actions
        self.rollout_bot = rollout_bot
        if isinstance(prior_visits, bool) or not isinstance(prior_visits, int):
            raise TypeError(f"prior_visits must be an int, not {type(prior_visits).__name__}")
        if prior_visits < 0:
            raise ValueError(f"prior_visits must be >= 0, not {prior_visits}")
        if isinstance(hand_weight, bool) or not isinstance(hand_weight, int | float):
            raise TypeError(f"hand_weight must be a number, not {type(hand_weight).__name__}")
        if not math.isfinite(hand_weight):
            raise ValueError(f"hand_weight must be finite, not {hand_weight}")
        self.prior_visits = prior_visits
        self.hand_weight = float(hand_weight)
        if isinstance(widening, bool) or not isinstance(widening, int | float):
            raise TypeError(f"widening must be a number, not {type(widening).__name__}")
        if not widening > 0:
            raise ValueError(f"widening must be > 0, not {widening}")
        self.widening = float(widening)
        if isinstance(race_weight, bool) or not isinstance(race_weight, int | float):
            raise TypeError(f"race_weight must be a number, not {type(race_weight).__name__}")
        if not 0 <= race_weight < math.inf:
            raise ValueError(f"race_weight must be a finite number >= 0, not {race_weight}")
        self.race_weight = float(race_weight)
        self.last_iterations = 0
        """How many iterations the last decision ran."""

    def __repr__(self) -> str:
        budget = (f"iterations={self.iterations}" if self.iterations is not None
                  else f"seconds={self.seconds}")
        return f"ISMCTSBot({budget})"

    def __call__(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """Choose one of ``legal`` for ``view``'s seat: the root's most visited action."""
        if len(legal) == 1:
            return legal[0]
        ranked = self.search(view, legal, rng)
        return ranked[0].action

    def search(
        self, view: View, legal: Sequence[Action], rng: random.Random
    ) -> list[ActionValue]:
        """Search from ``view`` and rate each action of ``legal``, best first (most visits,
        the policy's prior visits included, then the higher mean reward, then the order of
        ``legal``). An action never simulated has the value 0 and 0 visits."""
        local = random.Random(rng.getrandbits(64))
        root = _Node(view.side_of(view.seat))
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        done = 0
        while True:
            if deadline is not None:
                if done and time.perf_counter() >= deadline:
                    break
            elif done >= (self.iterations or 0):
                break
            self._iterate(view, root, local)
            done += 1
        self.last_iterations = done
        rated = []
        for index, action in enumerate(legal):
            child = root.children.get(action)
            visits = child.visits - child.prior if child is not None else 0
            value = ((child.total - child.prior * _PRIOR_VALUE) / visits
                     if child is not None and visits else 0.0)
            weight = child.visits if child is not None else 0
            rated.append((-weight, -value, index, ActionValue(action, value, visits)))
        rated.sort(key=lambda r: r[:3])
        return [r[3] for r in rated]

    def _iterate(self, view: View, root: _Node, rng: random.Random) -> None:
        state = resample(view, rng)
        side_of = state.side_of
        node = root
        path = []
        c = self.exploration
        # Selection and expansion, in the determinization.
        while not state.is_hand_over:
            legal = legal_actions(state)
            seat = state.current_player
            assert seat is not None
            node.passes += 1
            untried = []
            tried = []
            for action in legal:
                child = node.children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
                    tried.append((action, child))
            # Progressive widening: a new action only while the node has fewer tried legal
            # actions than widening * sqrt(passes); the policy's choice is the first.
            if untried and (not tried or len(tried) < self.widening * math.sqrt(node.passes)):
                child = _Node(side_of(seat))
                if not node.children and len(legal) > 1:
                    action = self.rollout_bot(observe(state, seat), legal, rng)
                    child.prior = self.prior_visits
                    child.visits = self.prior_visits
                    child.total = self.prior_visits * _PRIOR_VALUE
                else:
                    action = untried[rng.randrange(len(untried))]
                child.available = 1
                node.children[action] = child
                state = apply(state, action)
                path.append(child)
                break
            best: tuple[float, Action, _Node] | None = None
            for action, child in tried:
                if child.visits:
                    score = child.total / child.visits + c * math.sqrt(
                        math.log(child.available) / child.visits)
                else:
                    score = math.inf
                if best is None or score > best[0]:
                    best = (score, action, child)
            assert best is not None
            _, action, node = best
            state = apply(state, action)
            path.append(node)
        # Simulation with the fast policy, cut off after rollout_actions actions.
        policy = self.rollout_bot
        for _ in range(self.rollout_actions):
            if state.is_hand_over:
                break
            legal = legal_actions(state)
            seat = state.current_player
            assert seat is not None
            action = legal[0] if len(legal) == 1 else policy(observe(state, seat), legal, rng)
            state = apply(state, action)
        # Backpropagation: each node is credited for the side that chose its action.
        rewards = _rewards(evaluate(state, hand_weight=self.hand_weight,
                                    race_weight=self.race_weight))
        for visited in path:
            visited.visits += 1
            visited.total += rewards[visited.side]


def analyse(
    view: View,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    **options: Any,
) -> list[ActionValue]:
    """The legal actions of ``view``'s seat ranked by the search's estimate, best first, each
    with its mean reward and the number of simulations behind it: a hint.

    The budget is ``iterations`` (reproducible for a ``seed``) or ``seconds``; other keyword
    options go to :class:`ISMCTSBot`. Raises :class:`~canasta_caliente.StateError` if it is not
    the seat's turn to act.

    >>> import canasta_caliente as cc
    >>> from canasta_caliente.search import analyse
    >>> state = cc.apply(cc.new_game(cc.RuleSet.preset("caliente"), seed=2), "draw")
    >>> ranked = analyse(cc.observe(state, state.current_player), iterations=30)
    >>> sum(a.visits for a in ranked) <= 30 and len(ranked) == len(cc.legal_actions(state))
    True
    """
    from .errors import StateError

    if not isinstance(view, View):
        raise TypeError(f"expected a View, not {type(view).__name__}")
    if view.over or view.current_player != view.seat:
        raise StateError(f"analyse: it is not seat {view.seat}'s turn to act")
    bot = ISMCTSBot(iterations=iterations, seconds=seconds, **options)
    state = resample(view, random.Random(seed))
    legal = legal_actions(state)
    if len(legal) == 1:
        return [ActionValue(legal[0], 0.5, 0)]
    return bot.search(view, legal, random.Random(seed))


def hint_text(view: View, iterations: int, seed: int = 0) -> str:
    """:func:`analyse` as the lines a player reads: the best five actions, each with its value
    and simulations (the ``hint`` command of ``canasta-caliente play``)."""
    ranked = analyse(view, iterations=iterations, seed=seed)
    if len(ranked) == 1:
        return f"hint: {ranked[0].action} is the only legal action"
    lines = [f"hint ({iterations} simulations; value: 0.5 is even, higher is better for you):"]
    for item in ranked[:5]:
        lines.append(f"  {item.action!s:<28} value {item.value:.3f}  simulations {item.visits}")
    return "\n".join(lines)
