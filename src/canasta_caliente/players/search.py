"""Information-set Monte Carlo tree search: a search bot and a hint for any position.

:class:`ISMCTSBot` is a bot of the bot interface (``bot(view, legal, rng) -> action``) that
searches the seat's information set with determinizations, after single-observer
information-set MCTS (SO-ISMCTS, Cowling, Powley and Whitehouse, "Information Set Monte Carlo
Tree Search", IEEE TCIAIG 4(2), 2012). :func:`analyse` runs the same search on a seat's view
and returns its actions ranked, with the number of simulations behind each: a hint.

The search uses only the engine's public API, so it is also a worked example of a bot:

- a *simulation* deals the hidden cards at random with :func:`~canasta_caliente.resample` (a
  *determinization* consistent with everything the seat can see), plays one of the seat's
  legal actions in it, and lets a fast policy (by default the ``heuristic`` bot, each seat
  seeing only its own :func:`~canasta_caliente.observe`) play on for ``rollout_actions``
  actions (40 by default), scored by a cut-off evaluation (:func:`evaluate`), or to the end
  of the hand, scored by its result;
- the root's actions share their determinizations and the rollouts' random numbers (common
  random numbers): the same deal and the same draws are played after each action, so two
  actions are compared on the same worlds, and what differs is what the actions do;
- the budget is spread by sequential halving (Karnin, Koren and Somekh, 2013): every legal
  action gets an equal share of simulations, the better half (by mean lead in points) goes on
  to the next round with a larger share, until two are left; the policy's own choice always
  goes on;
- the move played is the policy's choice unless the best action beats it, on the worlds both
  were played in, by more than ``margin`` standard errors of the paired difference: the
  search departs from the policy only on evidence (a rollout policy improvement step);
- below each root action the simulations can grow an SO-ISMCTS tree (``widening`` above 0):
  one tree shared by every determinization, whose children legal in the current one are
  *available*, selected by UCB1 with availability counts, the policy's action tried first and
  a new action added while a node has fewer than ``widening * sqrt(passes)`` children.

>>> import random
>>> import canasta_caliente as cc
>>> from canasta_caliente.players.search import ISMCTSBot
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

from .._arguments import (
    as_integer,
    check_iterations,
    check_options,
    check_seconds,
    check_seed,
)
from .._limits import MAX_NAME, is_one_line
from ..actions import Action
from ..engine import apply, legal_actions
from ..engine.scoring import score_hand
from ..errors import ArgumentError, CanastaTypeError, IllegalActionError, short_repr
from ..state.game import COMPONENTS, GameState, HandEnd
from ..views.view import View, resample
from .bots import (
    BOT_FACTORIES,
    BOTS,
    QUICK_LEGAL_TYPES,
    Bot,
    bot_name,
    check_bot_call,
    check_legal_items,
    check_to_act,
    get_bot,
    heuristic_bot,
    play_bot,
    random_bot,
    read_answer,
)

__all__ = [
    "DEFAULT_ITERATIONS",
    "DEFAULT_ROLLOUT_ACTIONS",
    "NOT_SEARCHED_LEAD",
    "NOT_SEARCHED_VALUE",
    "WEIGHT_LIMIT",
    "ActionValue",
    "ISMCTSBot",
    "analyse",
    "evaluate",
    "hint_text",
]

DEFAULT_ITERATIONS = 150
"""Simulations per decision of the default bot: about 80 ms of CPU time on one core of the
reference machine when it was chosen, averaged over the decisions of whole hands; a
simulation now costs 2.3 times fewer instructions than then, so about 35 ms (see
``benchmarks/bench_search.py``, ``benchmarks/profile_search.py`` and
``scripts/rate_bots.py``)."""

DEFAULT_ROLLOUT_ACTIONS = 40
"""Actions a simulation plays after the root's action before the cut-off evaluation."""

_SCALE = 400.0
"""Points of lead that make a reward of about 0.88 (``tanh(1)``): a hand's typical swing."""


NOT_SEARCHED_VALUE = 0.5
"""The :attr:`ActionValue.value` of an action no simulation went through (``visits == 0``):
a placeholder, not an estimate."""

NOT_SEARCHED_LEAD = 0.0
"""The :attr:`ActionValue.lead` of an action no simulation went through (``visits == 0``):
a placeholder, not an estimate."""


@attrs.frozen
class ActionValue:
    """One action of a position as the search rated it (see :func:`analyse`).

    ``visits == 0`` means that the action was not searched: the only legal action (which
    :func:`analyse` does not search), or one a time budget ran out before trying. Its
    ``value`` and ``lead`` are then placeholders, 0.5 and 0.0
    (:data:`~canasta_caliente.players.search.NOT_SEARCHED_VALUE` and ``NOT_SEARCHED_LEAD``),
    that say nothing of the action: a client shows it without them ("the only legal
    action", "not tried"), never as "value 0.5, lead 0".
    """

    action: Action
    value: float
    """The mean reward of the simulations through the action, in ``[0, 1]``: 0.5 is even,
    above is a lead for the seat's side at the end of the simulated play. A placeholder
    (:data:`~canasta_caliente.players.search.NOT_SEARCHED_VALUE`) when ``visits`` is 0."""
    visits: int
    """How many simulations went through the action; 0: not searched, ``value`` and
    ``lead`` are placeholders."""
    lead: float = NOT_SEARCHED_LEAD
    """The mean lead in points of the seat's side over the mean of the other sides at the end
    of those simulations (the hand's result, or the cut-off evaluation). A placeholder
    (:data:`~canasta_caliente.players.search.NOT_SEARCHED_LEAD`) when ``visits`` is 0."""


class _Node:
    """A node of the tree below a root action: the side that chose the action leading here,
    its visits, availability count and summed reward, and its children by action."""

    __slots__ = ("available", "children", "passes", "side", "total", "visits")

    def __init__(self, side: int) -> None:
        self.side = side
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.passes = 0


class _Arm:
    """A root action under comparison: its simulations' leads (one per world, in the worlds'
    order), summed reward, the round it reached and the tree below it."""

    __slots__ = ("action", "index", "leads", "node", "reward", "rounds")

    def __init__(self, action: Action, index: int, side: int) -> None:
        self.action = action
        self.index = index
        self.leads: list[float] = []
        self.reward = 0.0
        self.rounds = 0
        self.node = _Node(side)

    def mean(self, count: int) -> float:
        """The mean lead over the first ``count`` worlds."""
        return sum(self.leads[:count]) / count if count else 0.0


def check_budget(iterations: object, seconds: object) -> tuple[int | None, float | None]:
    """A search budget checked: ``(iterations, seconds)``, each ``None`` where not given, or
    the default ``(DEFAULT_ITERATIONS, None)`` when neither is. Both at once mean
    ``iterations`` simulations, stopped early if ``seconds`` run out first. Raises
    :class:`~canasta_caliente.ArgumentError` for a value out of range, :class:`TypeError`
    for a value of the wrong type."""
    if iterations is None and seconds is None:
        return DEFAULT_ITERATIONS, None
    return (None if iterations is None else check_iterations("iterations", iterations),
            None if seconds is None else check_seconds("seconds", seconds))


WEIGHT_LIMIT = 1e12
"""The largest size a weight or constant of :class:`ISMCTSBot` takes (``hand_weight``,
``margin``, ...): past it the search's sums would overflow, and no setting needs more."""


def _number(name: str, value: object, low: float | None) -> float:
    """``value`` as a float, checked to be a number of at most :data:`WEIGHT_LIMIT` in size,
    at least ``low`` if given."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise CanastaTypeError(f"{name} must be a number, not {type(value).__name__}")
    if not (abs(value) <= WEIGHT_LIMIT and math.isfinite(value)) or (
            low is not None and value < low):
        least = f" >= {low:g}" if low is not None else f" >= {-WEIGHT_LIMIT:g}"
        raise ArgumentError(f"{name} must be a finite number{least} and <= {WEIGHT_LIMIT:g}, "
                            f"not {short_repr(value)}")
    return float(value)


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
    table = state.table
    # The melds' card values, the canasta bonuses and the cards in hand as the hand's scoring
    # counts them (SCORE-1 to SCORE-3): one pass over the sides' meld counts and the hands'
    # counts, where building every meld's cards (``state.melds``) and every hand's cards cost a
    # twelfth of a simulation. The bonus cards and the Caliente penalty are the evaluation's
    # own: no extras, and only the Caliente cards played.
    result = score_hand(rules, table, HandEnd.WENT_OUT, None)
    table_scores = []
    helds = []
    for side_no, row in enumerate(result.breakdown):
        side = table.sides[side_no]
        score = float(row[_MELDS] + row[_CANASTAS])
        if side.laid_out:
            bonus = side.laid_out * rules.bonus_card_score
            score += bonus if side.meld_count else -bonus
        score -= rules.caliente_card_penalty * side.caliente_played
        table_scores.append(score)
        helds.append(-row[_HAND])
    if not race_weight:
        return tuple(t - hand_weight * h for t, h in zip(table_scores, helds, strict=True))
    need = max(1, rules.canastas_to_go_out)
    size = rules.canasta_size
    progress = []
    for side_no, seats in enumerate(rules.layout):
        canastas = table.sides[side_no].canastas(size)
        fewest = min((sum(table.hands[seat]) for seat in seats), default=0)
        progress.append(min(canastas, need) / need * _RACE_CARDS / (_RACE_CARDS + fewest))
    out = []
    for side_no, score in enumerate(table_scores):
        threat = max((p for i, p in enumerate(progress) if i != side_no), default=0.0)
        weight = hand_weight + (1.0 - hand_weight) * threat
        out.append(score + race_weight * rules.going_out_bonus * progress[side_no]
                   - weight * helds[side_no])
    return tuple(out)


_MELDS, _HAND, _CANASTAS = (COMPONENTS.index(name) for name in ("melds", "hand", "canastas"))
"""Where :func:`evaluate` finds the components it reads in a hand result's rows."""

_RACE_CARDS = 12.0
"""Cards in hand that halve a side's going-out progress (see :func:`evaluate`)."""


def _rewards(scores: tuple[float, ...]) -> tuple[float, ...]:
    n = len(scores)
    if n == 1:
        return (0.5,)
    total = sum(scores)
    return tuple(0.5 + 0.5 * math.tanh((s - (total - s) / (n - 1)) / _SCALE) for s in scores)


def _check_search_call(view: View, legal: Sequence[Action], rng: random.Random) -> None:
    """The checks of a search's start (once a decision, not in its rollouts): the bot's call
    (:func:`~canasta_caliente.players.bots.check_bot_call`, ``view``'s seat the one to act
    among them), as every built-in bot checks it."""
    if type(legal) not in QUICK_LEGAL_TYPES or not legal or (
            not isinstance(rng, random.Random) or not isinstance(view, View)) or (
            view.over or view.turn.player != view.seat):
        check_bot_call(view, legal, rng)
    check_legal_items(legal)  # (once a decision: the rollouts' bots read their own lists)


class _CheckedRollout:
    """A rollout bot other than the built-in ones, as the search asks it: its answer read as
    :func:`~canasta_caliente.play_game` reads a bot's
    (:func:`~canasta_caliente.players.bots.read_answer`: notation accepted, anything else
    refused naming the rollout bot) and checked to be one of the legal actions, so that a bot
    answering in notation plays what it says and a wrong answer names it. The built-in bots
    answer with legal actions and are asked directly (:func:`_rollout_policy`)."""

    __slots__ = ("bot",)

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def _who(self, view: View) -> str:
        return f"the search's rollout bot {bot_name(self.bot)!r} (playing seat {view.seat})"

    def __call__(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        try:
            answer = self.bot(view, legal, rng)
        except Exception as exc:
            exc.add_note(f"raised by {self._who(view)}")
            raise
        if type(answer) is not Action:
            answer = read_answer(answer, self._who(view))
        if answer not in legal:
            raise IllegalActionError(f"{self._who(view)} played an illegal action: {answer} is "
                                     f"not one of the {len(legal)} legal actions it was given")
        return answer


def _rollout_policy(bot: Bot) -> Bot:
    """The rollout bot as the search asks it: a built-in bot itself (its fast paths in
    :func:`~canasta_caliente.players.bots.play_bot` intact), any other through
    :class:`_CheckedRollout`."""
    if bot is heuristic_bot or bot is random_bot:
        return bot
    return _CheckedRollout(bot)


class ISMCTSBot:
    """The search bot (see the module): a plain callable of the bot interface.

    Budget: ``iterations`` simulations per decision (1 to
    ten million, ``MAX_ITERATIONS`` of ``_arguments``; deterministic for the
    ``rng`` it is given; at least one per legal action, and at most ``iterations`` when there
    are no more legal actions than that), or ``seconds`` per decision (above 0, up to a day:
    86,400; as many simulations as fit; not
    reproducible), or both: ``iterations`` simulations, stopped early if ``seconds`` run out
    first (reproducible while they do not: a bound for a game that must answer in time); by
    default :data:`DEFAULT_ITERATIONS`. ``rollout_bot`` is the fast policy
    that plays the simulations (any bot, or a bot's name for :func:`get_bot
    <canasta_caliente.get_bot>`; each seat sees only its own view), and its choice is
    the move to beat; its answers are read as :func:`~canasta_caliente.play_game` reads a
    bot's (an action or its notation; anything else, or an action not legal, is refused with
    an error naming the rollout bot). ``rollout_actions`` cuts each simulation off after that
    many actions
    (:data:`DEFAULT_ROLLOUT_ACTIONS`; ``None`` plays to the end of the hand), where the cards
    in hand count ``hand_weight`` times their value and ``race_weight`` weighs the going-out
    race (:func:`evaluate`). ``margin`` is how many standard errors of the paired difference
    the best action must beat the policy's choice by to be played instead. ``widening`` (0
    by default: none) grows an SO-ISMCTS tree below each root action, with UCB1's
    ``exploration`` constant. The guide to bots explains these choices. ``name`` is the
    bot's name in results (a single line of at most 64 characters, as a record's names are).
    """

    __name__ = "ismcts"
    name: str
    """The bot's name in results (:func:`~canasta_caliente.players.bots.bot_name`), where set
    (else its ``__name__``, ``ismcts``, which a caller may set too): give it (``name=``) to
    name a variant, another budget, say; the levels' search bots are ``level-4`` and
    ``level-5`` unless named."""

    def __init__(
        self,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        rollout_bot: Bot | str = heuristic_bot,
        rollout_actions: int | None = DEFAULT_ROLLOUT_ACTIONS,
        hand_weight: float = 0.3,
        race_weight: float = 0.0,
        margin: float = 1.0,
        widening: float = 0.0,
        exploration: float = 0.7,
        name: str | None = None,
    ) -> None:
        self.iterations, self.seconds = check_budget(iterations, seconds)
        if name is not None:
            if not isinstance(name, str):
                raise CanastaTypeError(f"name must be a str, not {type(name).__name__}")
            if not name.strip() or not is_one_line(name) or len(name) > MAX_NAME:
                raise ArgumentError(f"name: a bot's name is a single line of 1 to {MAX_NAME} "
                                    f"characters, not {short_repr(name)}")
            self.name = name
        if isinstance(rollout_bot, str):  # (a bot's name, as every other API takes one)
            rollout_bot = get_bot(rollout_bot)
        elif not callable(rollout_bot):
            raise CanastaTypeError(f"rollout_bot must be a bot or a bot's name, not "
                                   f"{type(rollout_bot).__name__}")
        self.rollout_bot = rollout_bot
        if rollout_actions is not None:
            checked = as_integer(rollout_actions)  # (a NumPy integer read as its int)
            if checked is None:
                raise CanastaTypeError(f"rollout_actions must be an int or None, not "
                                       f"{type(rollout_actions).__name__}")
            rollout_actions = checked
            if rollout_actions < 0:
                raise ArgumentError(f"rollout_actions must be >= 0, not {rollout_actions}")
        self.rollout_actions = rollout_actions
        self.hand_weight = _number("hand_weight", hand_weight, None)
        self.race_weight = _number("race_weight", race_weight, 0)
        self.margin = _number("margin", margin, 0)
        self.widening = _number("widening", widening, 0)
        self.exploration = _number("exploration", exploration, 0)
        self.last_iterations = 0
        """How many simulations the last decision ran."""

    def __repr__(self) -> str:
        budget = [f"{name}={value}" for name, value in (
            ("iterations", self.iterations), ("seconds", self.seconds)) if value is not None]
        return f"ISMCTSBot({', '.join(budget)})"

    def __call__(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """Choose one of ``legal`` for ``view``'s seat: the first of :meth:`search`. The call
        is checked as :func:`~canasta_caliente.players.bots.check_bot_call` says, and the
        view's seat must be the one to act (an :class:`~canasta_caliente.ArgumentError`)."""
        _check_search_call(view, legal, rng)
        if len(legal) == 1:
            return legal[0]
        return self._search(view, legal, rng)[0].action

    def search(
        self, view: View, legal: Sequence[Action], rng: random.Random
    ) -> list[ActionValue]:
        """Search from ``view`` and rate each action of ``legal``, the one to play first
        (the policy's choice unless another beat it by the margin), then by the round of
        sequential halving reached, the mean lead, and the order of ``legal``. Checked as
        :meth:`__call__` is."""
        _check_search_call(view, legal, rng)
        return self._search(view, legal, rng)

    def _search(
        self, view: View, legal: Sequence[Action], rng: random.Random
    ) -> list[ActionValue]:
        """:meth:`search` once its call is checked (as :meth:`__call__` checks it first)."""
        local = random.Random(rng.getrandbits(64))
        side = view.side_of(view.seat)
        rollout = _rollout_policy(self.rollout_bot)
        choice = rollout(view, legal, random.Random(local.getrandbits(64)))
        arms = [_Arm(action, index, side) for index, action in enumerate(legal)]
        policy = next((arm for arm in arms if arm.action == choice), arms[0])
        worlds: list[tuple[GameState, int]] = []
        budget = self.iterations
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds is not None else None
        timed = budget is None  # a time budget alone (with iterations, time only bounds them)
        spent = 0
        alive = [policy, *(arm for arm in arms if arm is not policy)]
        if budget is None:
            # A time budget: one world for every action, then as many simulations as the time
            # left allows at the cost measured.
            worlds.append((resample(view, local), local.getrandbits(64)))
            for arm in alive:
                if spent and self._late(deadline):
                    break
                self._simulate(arm, worlds[0], side, rollout)
                spent += 1
            now = time.perf_counter()
            cost = max((now - start) / spent, 1e-9)  # a clock that did not move: 1 ns each
            budget = spent + int(max(0.0, (deadline or now) - now) / cost)
        while (spent < budget and not self._late(deadline)
               and (not spent or budget - spent >= len(alive))):
            # One round of sequential halving: each action alive gets the same new worlds.
            for arm in alive:
                arm.rounds += 1
            rounds = max(1, math.ceil(math.log2(len(alive))))
            target = len(alive[0].leads) + max(1, (budget - spent) // (len(alive) * rounds))
            while len(worlds) < target:
                worlds.append((resample(view, local), local.getrandbits(64)))
            for arm in alive:
                while len(arm.leads) < target and not self._late(deadline):
                    self._simulate(arm, worlds[len(arm.leads)], side, rollout)
                    spent += 1
            if self._late(deadline) or (len(alive) <= 2 and not timed):
                break
            if len(alive) > 2:
                count = min(len(arm.leads) for arm in alive)
                ranked = sorted(alive, key=lambda arm: (-arm.mean(count), arm.index))
                keep = ranked[: max(2, (len(alive) + 1) // 2)]
                if policy not in keep:
                    keep[-1] = policy
                alive = [arm for arm in alive if arm in keep]
            if timed and deadline is not None:
                # A time budget is kept to the end: the simulations left are estimated again
                # at the cost measured so far (a first estimate can be off on a busy machine).
                now = time.perf_counter()
                budget = spent + int(max(0.0, deadline - now) / ((now - start) / spent))
        self.last_iterations = spent
        count = min(len(arm.leads) for arm in alive)
        best = max(alive, key=lambda arm: (arm.mean(count), -arm.index))
        chosen = best if best is not policy and self._beats(best, policy, count) else policy
        rated = sorted(arms, key=lambda arm: (
            arm is not chosen, -arm.rounds, -arm.mean(len(arm.leads)), arm.index))
        return [ActionValue(arm.action, arm.reward / len(arm.leads),
                            len(arm.leads), arm.mean(len(arm.leads))) if arm.leads
                else ActionValue(arm.action, NOT_SEARCHED_VALUE, 0, NOT_SEARCHED_LEAD)
                for arm in rated]

    @staticmethod
    def _late(deadline: float | None) -> bool:
        return deadline is not None and time.perf_counter() >= deadline

    def _beats(self, best: _Arm, policy: _Arm, count: int) -> bool:
        """Whether ``best`` leads ``policy`` on their first ``count`` shared worlds by more
        than ``margin`` standard errors of the paired difference."""
        if count < 2:
            return False
        diffs = [a - b for a, b in zip(best.leads[:count], policy.leads[:count], strict=True)]
        mean = sum(diffs) / count
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (count - 1))
        return mean > 0 and mean > self.margin * sd / math.sqrt(count)

    def _simulate(self, arm: _Arm, world: tuple[GameState, int], side: int,
                  policy: Bot) -> None:
        """Play ``arm``'s action in ``world`` (a determinization and its rollout seed), down
        the tree below it if it grows one, then ``policy`` (the rollout bot as
        :func:`_rollout_policy` gives it); record the lead and rewards."""
        determinization, seed = world
        rng = random.Random(seed)
        state = apply(determinization, arm.action)
        path: list[_Node] = []
        if self.widening:
            state, path = self._descend(state, arm.node, rng, policy)
        limit = self.rollout_actions
        steps = 0
        # The rollout, the search's inner loop: the policy is asked through play_bot, which
        # gives the heuristic bot only the fields of the seat's view it reads (no View built),
        # and only where it has a choice; ``over`` is the field behind ``is_hand_over``.
        while not state.over and (limit is None or steps < limit):
            legal = legal_actions(state)
            if len(legal) == 1:
                action = legal[0]
            else:
                seat = state.current_player
                assert seat is not None
                action = play_bot(policy, state, seat, legal, rng)
            state = apply(state, action)
            steps += 1
        scores = evaluate(state, hand_weight=self.hand_weight, race_weight=self.race_weight)
        rewards = _rewards(scores)
        others = [s for i, s in enumerate(scores) if i != side]
        arm.leads.append(scores[side] - sum(others) / len(others) if others else 0.0)
        arm.reward += rewards[side]
        for node in path:
            node.visits += 1
            node.total += rewards[node.side]

    def _descend(
        self, state: GameState, node: _Node, rng: random.Random, policy: Bot
    ) -> tuple[GameState, list[_Node]]:
        """SO-ISMCTS selection and expansion below a root action, in one determinization:
        the state reached and the nodes visited."""
        side_of = state.side_of
        c = self.exploration
        path: list[_Node] = []
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
            if untried and (not tried or len(tried) < self.widening * math.sqrt(node.passes)):
                # Expansion: the policy's choice first, then an untried action at random.
                if not node.children:
                    action = play_bot(policy, state, seat, legal, rng)
                else:
                    action = untried[rng.randrange(len(untried))]
                child = _Node(side_of(seat))
                child.available = 1
                node.children[action] = child
                path.append(child)
                return apply(state, action), path
            best: tuple[float, Action, _Node] | None = None
            for action, child in tried:
                score = (child.total / child.visits + c * math.sqrt(
                    math.log(child.available) / child.visits) if child.visits else math.inf)
                if best is None or score > best[0]:
                    best = (score, action, child)
            assert best is not None
            _, action, node = best
            state = apply(state, action)
            path.append(node)
        return state, path


def analyse(
    view: View,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    **options: Any,
) -> list[ActionValue]:
    """The legal actions of ``view``'s seat ranked by the search, the move the bot would play
    first, each with its mean reward, its mean lead in points and the number of simulations
    behind it: a hint.

    The first is the search's choice: the quick policy's (the heuristic bot's) move unless
    another beat it clearly, by more than the noise. The rest follow in the order they lasted
    in the search's rounds (each round keeps the better half), not by their values: an action
    lower down, tried less, can show a higher value or lead than one above it. A client that
    shows the values says so (as ``canasta-caliente play``'s ``hint`` does).

    The budget is ``iterations`` (reproducible for a ``seed``, an ``int``: ``None`` is
    refused, as a ranking that changed on every call would be), ``seconds``, or both (as
    :class:`ISMCTSBot` takes them: at least one simulation per legal action, so more than
    ``iterations`` when the actions outnumber them; a server bounding a hint's time gives
    ``seconds``); other keyword
    options go to :class:`ISMCTSBot`, which checks them as it is built. Raises
    :class:`~canasta_caliente.ArgumentError` if the view's seat is not the one to act:
    another seat is, or none is (between hands, or after the game), as a bot given such a
    view does (:func:`~canasta_caliente.players.bots.check_to_act`).

    A position with one legal action is not searched (there is nothing to choose): its one
    :class:`ActionValue` has ``visits == 0``, and its ``value`` and ``lead`` are placeholders
    (0.5 and 0.0: :data:`~canasta_caliente.players.search.NOT_SEARCHED_VALUE` and
    ``NOT_SEARCHED_LEAD``), not an estimate; an action a time budget ran out before trying
    is the same. A client shows such an action without numbers ("the only legal action",
    "not tried").

    >>> import canasta_caliente as cc
    >>> from canasta_caliente.players.search import analyse
    >>> state = cc.apply(cc.new_game(cc.RuleSet.preset("caliente"), seed=2), "draw")
    >>> ranked = analyse(cc.observe(state, state.current_player), iterations=30)
    >>> sum(a.visits for a in ranked), len(ranked) == len(cc.legal_actions(state))
    (30, True)
    >>> len(ranked), sum(a.visits for a in analyse(cc.observe(state, 0), iterations=1))
    (8, 8)
    """
    if not isinstance(view, View):
        raise CanastaTypeError(f"expected a View, not {type(view).__name__}")
    seed = check_seed("seed", seed)
    check_to_act(view, "analyse")
    check_options("analyse", ISMCTSBot, options)
    bot = ISMCTSBot(iterations=iterations, seconds=seconds, **options)
    state = resample(view, random.Random(seed))
    legal = legal_actions(state)
    if len(legal) == 1:
        return [ActionValue(legal[0], NOT_SEARCHED_VALUE, 0, NOT_SEARCHED_LEAD)]
    return bot.search(view, legal, random.Random(seed))


def hint_text(view: View, iterations: int, seed: int = 0, *, legend: bool = True) -> str:
    """:func:`analyse` as the lines a player reads: the first five actions in the order the
    search recommends them, each with its value, its mean lead in points and its
    simulations, under a legend saying what the order and the numbers mean (the ``hint``
    command of ``canasta-caliente play``; ``legend=False``, one line saying it was given
    before, for the hints after the first). ``iterations`` is the search's budget, checked as
    :class:`ISMCTSBot` checks it (``None`` is refused: the text names the budget)."""
    iterations = check_iterations("iterations", iterations)
    ranked = analyse(view, iterations=iterations, seed=seed)
    if len(ranked) == 1:
        return f"hint: {ranked[0].action} is the only legal action"
    lines = [f"hint ({iterations} simulations), in the search's order (the first hint's "
             "legend says what the order and the numbers mean):"] if not legend else [
        f"hint ({iterations} simulations), in the order the search recommends:",
        "  1 is its choice: the quick policy's move unless another beat it clearly (by more",
        "  than the noise); the rest by how long each survived the search's rounds, so an",
        "  action tried less can show a higher value than one above it.",
        "  value: the mean result of its simulations for your side, from 0 (far behind)",
        "  through 0.5 (even) to 1 (far ahead); a score, not a chance of winning;",
        "  lead: the average points your side ends the hand ahead (minus: behind);",
        "  tries: the simulations that played it.",
    ]
    for place, item in enumerate(ranked[:5], 1):
        lines.append(f"  {place}. {item.action!s:<26} value {item.value:.3f}  "
                     f"lead {item.lead:+6.0f}  tries {item.visits}")
    return "\n".join(lines)


BOT_FACTORIES["ismcts"] = ISMCTSBot  # get_bot("ismcts", iterations=...) makes one
BOTS["ismcts"] = ISMCTSBot()  # the name listed, at the default budget
