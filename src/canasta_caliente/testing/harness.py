"""Exactness checks that ship with the library, for the engine's tests and for house rules.

* :func:`check_invariants` lists every invariant a state breaks (cards conserved, melds valid,
  the turn's facts agreeing with the table, a finished hand scored as the rules say, ...); it
  lives in :mod:`canasta_caliente.records.invariants` and is re-exported here.
* :func:`reference_legal_actions` (from :mod:`canasta_caliente.testing.reference`) decides every
  candidate action again from the rules' text, by brute force, sharing no decision code with
  the engine; it must list exactly what :func:`~canasta_caliente.legal_actions` lists, in the
  same order. :class:`ReferenceCheck` makes that comparison a generator for :func:`perft`.
* :func:`turn0_search_legal_actions` is a narrower consistency check: the engine's own rule
  decisions with the TURN-0 solver replaced by a brute-force search over real action
  sequences. It agrees with the engine when the solver agrees with the search.
* :func:`sweep` plays seeded random games over any RuleSet and reports each violation with the
  seed and the action path that reproduces it.
* :func:`max_actions_per_hand`, the bound :func:`sweep` holds every hand to, is a fact of the
  rules: it lives in :mod:`canasta_caliente.rules.facts` (where the OpenSpiel game reads it
  too) and is re-exported here.

>>> import canasta_caliente as cc
>>> from canasta_caliente.testing import sweep
>>> report = sweep(cc.RuleSet.preset("caliente"), games=2, max_hands=1)
>>> report.ok, report.games
(True, 2)
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from .._arguments import check_count
from ..actions import Action, Verb
from ..cards import NATURALS, NUM_KINDS, Card, parse_cards
from ..engine import apply, legal_actions, new_game, turn_order
from ..engine.decision import decide
from ..engine.successors import apply_general, successor
from ..errors import ArgumentError, CanastaTypeError, describe_value
from ..records.invariants import check_invariants
from ..rules.facts import max_actions_per_hand
from ..rules.ruleset import RuleSet
from ..state.game import GameState, Phase, check_seat, check_state
from .reference import (
    ReferenceCheck,
    ReferenceMismatch,
    ReferenceTooSlow,
    reference_difference,
    reference_legal_actions,
)

__all__ = [
    "PLAYTHROUGHS",
    "PerftCase",
    "ReferenceCheck",
    "ReferenceMismatch",
    "ReferenceTooSlow",
    "SweepReport",
    "Violation",
    "check_invariants",
    "divide",
    "max_actions_per_hand",
    "perft",
    "playthrough",
    "read_perft",
    "reference_difference",
    "reference_legal_actions",
    "stacked_deck",
    "sweep",
    "turn0_search_legal_actions",
]

# ---------------------------------------------------------------------------------------------
# Stacking a deck


_FILLER_ORDER = (Card.FOUR, Card.FIVE, Card.SIX, Card.EIGHT, Card.NINE, Card.TEN, Card.JACK,
                 Card.QUEEN, Card.KING, Card.SEVEN, Card.ACE)


def stacked_deck(
    rules: RuleSet,
    hands: Mapping[int, str | Sequence[Card | str]],
    pile: str | Sequence[Card | str] = "4",
    stock: str | Sequence[Card | str] = "",
    *,
    hand_number: int = 1,
) -> tuple[Card, ...]:
    """The top of a deck that deals ``hands`` (seat to cards), then turns up ``pile`` (the cards
    DEAL-3 turns, the up card last) and puts ``stock`` on top of the stock, in the deal
    order. Pass it as ``new_game(rules, deck=...)``.

    A seat given fewer cards than the hand size (or not given) is filled with naturals, spread
    over the ranks so that fillers make no pairs where it can be helped. Bonus cards in
    ``hands`` are laid out and replaced from the stock as DEAL-4 says, so give their
    replacements at the start of ``stock``.

    >>> import canasta_caliente as cc
    >>> from canasta_caliente.testing import stacked_deck
    >>> rules = cc.RuleSet.preset("caliente")
    >>> deck = stacked_deck(rules, {0: "7 7 Q"}, pile="7", stock="K")
    >>> state = cc.new_game(rules, deck=deck)
    >>> state.hand(0).count(cc.Card.SEVEN), str(state.up_card), str(state.stock[0])
    (2, '7', 'K')

    Hands, cards or a hand number of the wrong type raise :class:`TypeError`; a seat the
    table does not have or that sits the hand out, or more cards than a hand or the deck
    holds, :class:`~canasta_caliente.ArgumentError` (a ``ValueError``).
    """
    order = turn_order(rules, hand_number)  # (checks the rules and the hand number)
    remaining = list(rules.deck_counts)

    def take(cards: Sequence[Card]) -> None:
        for card in cards:
            if remaining[card] == 0:
                raise ArgumentError(f"stacked_deck: too many {card} cards for the rules' deck")
            remaining[card] -= 1

    if not isinstance(hands, Mapping):
        raise CanastaTypeError("stacked_deck: hands must be a mapping of seat to cards "
                               f"({{0: \"7 7 Q\"}}), not {describe_value(hands)}")
    given: dict[int, list[Card]] = {}
    for key, cards in hands.items():
        seat = check_seat(rules, key, "stacked_deck: a seat of hands")
        if seat not in order:
            raise ArgumentError(f"stacked_deck: seat {seat} does not play hand {hand_number} "
                                "(it sits out)")
        given[seat] = list(parse_cards(cards))
        if len(given[seat]) > rules.hand_size:
            raise ArgumentError(f"stacked_deck: seat {seat} is given more than "
                                f"{rules.hand_size}")
        take(given[seat])
    pile_cards = list(parse_cards(pile))
    stock_cards = list(parse_cards(stock))
    take(pile_cards)
    take(stock_cards)
    full: dict[int, list[Card]] = {}
    filler = 0
    avoid = {c for c in pile_cards if c.is_natural}
    for seat in order:
        cards = given.get(seat, [])
        while len(cards) < rules.hand_size:
            card = _filler(remaining, filler, cards, avoid)
            filler += 1
            remaining[card] -= 1
            cards.append(card)
        full[seat] = cards
    deck: list[Card] = []
    for i in range(rules.hand_size):
        for seat in order:
            deck.append(full[seat][i])
    return (*deck, *pile_cards, *stock_cards)


def _filler(remaining: list[int], start: int, held: list[Card], avoid: set[Card]) -> Card:
    """A natural to fill a hand: preferably a rank the hand lacks and the pile does not show."""
    n = len(_FILLER_ORDER)
    for strict in (2, 1, 0):
        for i in range(n):
            card = _FILLER_ORDER[(start + i) % n]
            if not remaining[card]:
                continue
            if strict >= 1 and card in held:
                continue
            if strict == 2 and card in avoid:
                continue
            return card
    raise ArgumentError("stacked_deck: no naturals left to fill the hands")


# ---------------------------------------------------------------------------------------------
# The TURN-0 search check: the engine's rule decisions, TURN-0 by brute-force search


def _naive_candidates(state: GameState) -> Iterator[Action]:
    """Every action worth asking about: all verbs, every combination of held cards."""
    for verb in (Verb.DRAW, Verb.CALIENTE, Verb.PASS, Verb.ASK, Verb.YES, Verb.NO, Verb.DEAL):
        yield Action(verb)
    if state.over:
        return
    hand = state.table.hands[state.table.turn.player]
    kinds = [Card(k) for k in range(NUM_KINDS) if hand[k]]
    yield Action(Verb.TAKE)
    for i, a in enumerate(kinds):
        for b in kinds[i:]:
            # Only pairs the notation can write are actions: one natural rank, no stop card
            # beside another card.
            naturals = {c for c in (a, b) if c.is_natural}
            stops = (a, b).count(Card.BLACK_THREE)
            if (a is not b or hand[a] >= 2) and len(naturals) <= 1 and stops in (0, 2):
                yield Action(Verb.TAKE, (a, b))
    for k in range(NUM_KINDS):
        yield Action(Verb.DISCARD, (Card(k),))
    for n in range(1, hand[Card.BLACK_THREE] + 1):
        yield Action(Verb.MELD, (Card.BLACK_THREE,) * n)
    yield Action(Verb.MELD, (Card.RED_THREE,) * 3)
    for rank in NATURALS:
        for nat in range(hand[rank] + 1):
            for two in range(hand[Card.TWO] + 1):
                for jk in range(hand[Card.JOKER] + 1):
                    if nat + two + jk == 0:
                        continue
                    cards = (rank,) * nat + (Card.TWO,) * two + (Card.JOKER,) * jk
                    yield Action(Verb.MELD, cards, rank if nat == 0 else None)
        if hand[Card.CALIENTE]:
            yield Action(Verb.MELD, (rank, rank, Card.CALIENTE))


def _turn_key(state: GameState, min_rank: int) -> object:
    t = state.table
    turn = t.turn
    return (t.hands[turn.player], t.sides, turn.need, turn.started, turn.waiting,
            turn.question, t.stock_pos, t.pile, min_rank)


_FORMER_NAMES = {"ReferenceBudgetExceeded": "ReferenceTooSlow"}


def former_name(name: str) -> type[Exception]:
    """A former name of this module or of :mod:`canasta_caliente.testing` (their module
    ``__getattr__``), with a :class:`DeprecationWarning`: ``ReferenceBudgetExceeded`` is
    :class:`ReferenceTooSlow`. Any other name raises :class:`AttributeError`."""
    new = _FORMER_NAMES.get(name)
    if new is None:
        raise AttributeError(f"module 'canasta_caliente.testing' has no attribute {name!r}")
    warnings.warn(f"canasta_caliente.testing.{name} is deprecated: use {new}, its new name",
                  DeprecationWarning, stacklevel=2)
    found: type[Exception] = globals()[new]
    return found


if not TYPE_CHECKING:  # the type checker knows only the current names
    __getattr__ = former_name


class _Search:
    def __init__(self, budget: int) -> None:
        self.memo: dict[object, bool] = {}
        self.left = budget

    def can_finish(self, state: GameState, min_rank: int = 0) -> bool:
        """Brute force: from a play-phase state, is there a sequence of raw-legal meld actions
        ending in a discard or the end of the hand (going out, or END-1/END-3 when not bound)?

        Meld actions are tried in rising rank order, one per rank: melds of different ranks
        commute and consecutive melds of one rank merge into one action, so this loses no
        sequence. The order restarts when waiting cards join the hand (INIT-4), the one point
        where melds do not commute. Stop melds (MELD-5) may come at any point."""
        if state.over:
            return True
        turn = state.table.turn
        if turn.phase is not Phase.PLAY:
            return True
        key = _turn_key(state, min_rank)
        found = self.memo.get(key)
        if found is not None:
            return found
        self.memo[key] = False
        result = False
        waiting = any(turn.waiting)
        for action in _naive_candidates(state):
            if action.verb is Verb.MELD:
                rank = action.rank
                if rank is not None and rank < min_rank:
                    continue
            elif action.verb is not Verb.DISCARD:
                continue
            self.left -= 1
            if self.left < 0:
                raise ReferenceTooSlow
            work = decide(state, action, turn0=False)
            if work is None or isinstance(work, str):
                continue
            nxt = successor(state, action, work)
            if action.verb is Verb.DISCARD or nxt.over:
                result = True
                break
            if action.verb is Verb.MELD:
                joined = waiting and not any(nxt.table.turn.waiting)
                rank = action.rank
                after = 0 if joined or rank is None else rank + 1
                if rank is None:  # a stop meld: the order stays where it was
                    after = 0 if joined else min_rank
                if self.can_finish(nxt, after):
                    result = True
                    break
        self.memo[key] = result
        return result


def turn0_search_legal_actions(
    state: GameState, *, budget: int = 200_000
) -> frozenset[Action]:
    """The legal actions as the engine's own rule decisions give them with the TURN-0 solver
    replaced by a brute-force search over action sequences: a check that the solver and the
    search agree, not an independent reading of the rules (that is
    :func:`reference_legal_actions`, which shares no decision code with the engine).

    Raises :class:`ReferenceTooSlow` when the search needs more than ``budget`` steps.
    """
    legal: set[Action] = set()
    search = _Search(budget)
    for action in _naive_candidates(state):
        work = decide(state, action, turn0=False)
        if work is None or isinstance(work, str):
            continue
        nxt = successor(state, action, work)
        if action.verb is Verb.ASK:
            if search.can_finish(_answered(nxt, Verb.YES)) and search.can_finish(
                _answered(nxt, Verb.NO)
            ):
                legal.add(action)
            continue
        if search.can_finish(nxt):
            legal.add(action)
    return frozenset(legal)


def _answered(state: GameState, verb: Verb) -> GameState:
    action = Action(verb)
    work = decide(state, action, turn0=False)
    if work is None or isinstance(work, str):  # pragma: no cover - answers are legal
        raise RuntimeError(f"{action}: {work}")
    return successor(state, action, work)


# ---------------------------------------------------------------------------------------------
# Sweeps


@attrs.frozen
class Violation:
    """One broken invariant, with what reproduces it."""

    rules: RuleSet
    seed: int
    path: tuple[str, ...]
    """The actions, in notation, from ``new_game(rules, seed=seed)`` to the bad state."""
    problem: str

    def __str__(self) -> str:
        return (f"seed {self.seed}, after {len(self.path)} actions "
                f"({' | '.join(self.path[-5:])}): {self.problem}")


@attrs.frozen
class SweepReport:
    """The result of :func:`sweep`."""

    games: int
    hands: int
    actions: int
    violations: tuple[Violation, ...]
    reference_checked: int = 0
    """States compared with :func:`reference_legal_actions` (lists equal, order included)."""
    reference_skipped: int = 0
    """States the reference could not decide within its budget."""

    @property
    def ok(self) -> bool:
        """True when no invariant was broken."""
        return not self.violations


def sweep(
    rules: RuleSet,
    *,
    games: int = 100,
    seed: int = 0,
    max_hands: int = 3,
    reference_every: int = 0,
) -> SweepReport:
    """Play ``games`` seeded random games (up to ``max_hands`` hands each) and check every state.

    At each state: :func:`check_invariants`; that ``legal_actions`` is deterministic and leaves
    the state unchanged; that every listed action applies; that the chosen action's successor
    is the same whether :func:`~canasta_caliente.apply` builds it directly or through the
    engine's general path. With ``reference_every=N`` every Nth
    state is also compared with :func:`reference_legal_actions` (slow). Each violation carries the
    seed and action path that reproduce it.

    Termination: every hand is checked against :func:`max_actions_per_hand`, whose docstring
    gives the argument why no hand can exceed it.
    """
    violations: list[Violation] = []
    hands = actions = checked = unchecked = 0
    bound = max_actions_per_hand(rules)
    for g in range(games):
        game_seed = seed + g
        rng = random.Random(game_seed)
        state = new_game(rules, seed=game_seed)
        path: list[str] = []
        in_hand = 0
        while not state.is_game_over and state.hand_number <= max_hands:
            problems = check_invariants(state)
            before = hash(state)
            legal = legal_actions(state)
            if legal_actions(state) != legal or hash(state) != before:
                problems.append("legal_actions is not pure and deterministic")
            if reference_every and actions % reference_every == 0 and not state.over:
                try:
                    difference = reference_difference(state)
                    checked += 1
                except ReferenceTooSlow:
                    difference = None
                    unchecked += 1
                if difference is not None:
                    problems.append(f"legal_actions differs from the reference: {difference}")
            if problems:
                violations.extend(Violation(rules, game_seed, tuple(path), p) for p in problems)
                break
            if not legal:
                break
            action = rng.choice(legal)
            nxt = apply(state, action)
            path.append(str(action))
            if nxt != apply_general(state, action):
                violations.append(Violation(rules, game_seed, tuple(path),
                                            "apply's direct successor differs from the general "
                                            "path's"))
                break
            actions += 1
            in_hand += 1
            if nxt.is_hand_over and not state.is_hand_over:
                hands += 1
                in_hand = 0
            if in_hand > bound:
                violations.append(Violation(rules, game_seed, tuple(path),
                                            "a hand did not end within the action bound"))
                break
            state = nxt
    return SweepReport(games, hands, actions, tuple(violations), checked, unchecked)


# ---------------------------------------------------------------------------------------------
# Perft


def perft(
    state: GameState,
    depth: int,
    generator: Callable[[GameState], Iterable[Action]] | None = None,
) -> int:
    """The number of legal action sequences of length ``depth`` (an integer of at least 0)
    from ``state``.

    ``generator`` lists the legal actions (default :func:`~canasta_caliente.legal_actions`;
    :func:`reference_legal_actions` for the independent reference, or a
    :class:`ReferenceCheck` to count with the engine while checking every node against it).
    Sequences that reach the end of the game early count once. Chance is fixed by the state's
    deck, so the count is exact.

    >>> import canasta_caliente as cc
    >>> from canasta_caliente.testing import perft
    >>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=3)
    >>> perft(state, 1) == len(cc.legal_actions(state))
    True
    """
    check_state(state)
    return _perft(state, check_count("depth", depth), generator or legal_actions)


def _perft(state: GameState, depth: int,
           gen: Callable[[GameState], Iterable[Action]]) -> int:
    """:func:`perft` once its arguments are checked."""
    if depth == 0:
        return 1
    actions = list(gen(state))
    if not actions:
        return 1
    if depth == 1:
        return len(actions)
    return sum(_perft(apply(state, a), depth - 1, gen) for a in actions)


def divide(
    state: GameState,
    depth: int,
    generator: Callable[[GameState], Iterable[Action]] | None = None,
) -> dict[str, int]:
    """Perft split by first action (in notation): where two generators disagree, this shows
    under which action. ``depth`` is at least 1 (the first action is one)."""
    check_state(state)
    depth = check_count("depth", depth, low=1)
    gen = generator or legal_actions
    return {str(a): _perft(apply(state, a), depth - 1, gen) for a in sorted(
        gen(state), key=Action.sort_key)}


@attrs.frozen
class PerftCase:
    """A perft position read from a ``.perft`` file, with its expected counts by depth."""

    name: str
    rules: RuleSet
    seed: int
    deck: tuple[Card, ...] | None
    scores: tuple[int, ...] | None
    actions: tuple[str, ...]
    counts: tuple[tuple[int, int], ...]
    """(depth, expected count) pairs."""
    description: str = ""

    def start(self) -> GameState:
        """The position: the dealt game with the file's prefix actions applied."""
        state = new_game(self.rules, seed=self.seed, deck=self.deck, scores=self.scores)
        for action in self.actions:
            state = apply(state, action)
        return state


def read_perft(text: str, name: str = "") -> PerftCase:
    """Parse a ``.perft`` file: ``key: value`` lines (``preset``, ``options`` as JSON,
    ``seed``, ``deck``, ``scores``, ``actions`` separated by ``|``, ``description``) and
    ``perft DEPTH COUNT`` lines; ``#`` starts a comment."""
    import json

    fields: dict[str, str] = {}
    counts: list[tuple[int, int]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("perft "):
            parts = line.split()
            if len(parts) != 3:
                raise ValueError(f"{name}:{lineno}: expected 'perft DEPTH COUNT'")
            counts.append((int(parts[1]), int(parts[2])))
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise ValueError(f"{name}:{lineno}: expected 'key: value'")
        fields[key.strip()] = value.strip()
    rules = RuleSet.preset(fields.get("preset", "caliente"))
    if "options" in fields:
        rules = rules.replace(**json.loads(fields["options"]))
    deck = parse_cards(fields["deck"]) if fields.get("deck") else None
    scores = tuple(int(x) for x in fields["scores"].split()) if fields.get("scores") else None
    actions = tuple(a.strip() for a in fields.get("actions", "").split("|") if a.strip())
    return PerftCase(name, rules, int(fields.get("seed", "0")), deck, scores, actions,
                     tuple(counts), fields.get("description", ""))


# ---------------------------------------------------------------------------------------------
# Playthroughs


def _melds_text(state: GameState, side: int) -> str:
    melds = state.melds(side)
    return " / ".join(" ".join(map(str, m.cards)) for m in melds) if melds else "-"


def playthrough(rules: RuleSet, seed: int, *, bots: str = "heuristic") -> str:
    """A whole game, recorded step by step as text: at each step the state summary, each
    seat's view (its hand, the hand sizes it sees and a digest of the whole view), the legal
    actions and the chosen action. Golden copies live in ``tests/playthroughs/`` and are diffed
    by a test; ``scripts/make_playthroughs.py`` regenerates them on purpose.

    The actions are chosen by the named built-in bot with a generator seeded by ``seed``.
    """
    import hashlib

    from ..players.bots import get_bot
    from ..views.view import observe

    bot = get_bot(bots)
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    lines = [f"# canasta-caliente playthrough: seed {seed}, {bots} bots",
             f"# rules: {rules.to_json(indent=None)}"]
    step = 0
    while True:
        legal = legal_actions(state)
        t = state.table
        up = f"[{state.up_card}]" if state.pile else "[]"
        lines.append(
            f"step {step}: hand {state.hand_number}, {state.phase.value}, to act "
            f"{state.current_player}; scores {' '.join(map(str, state.scores))}; stock "
            f"{state.stock_size}; pile {len(state.pile)} {up}"
            f"{' frozen' if state.pile_has_freezer else ''}; need {t.turn.need}")
        for side in range(len(rules.layout)):
            lines.append(f"  side {side} melds: {_melds_text(state, side)}; bonus "
                         f"{t.sides[side].laid_out}; caliente {t.sides[side].caliente_played}")
        for seat in range(rules.players):
            view = observe(state, seat)
            digest = hashlib.sha1(view.to_json().encode()).hexdigest()[:10]
            hand = " ".join(map(str, view.hand)) or "-"
            lines.append(f"  view {seat}: {hand} | sizes {' '.join(map(str, view.hand_sizes))}"
                         f" | {digest}")
        if not legal:
            lines.append(f"game over: side {state.winner} wins")
            break
        lines.append("  legal: " + ", ".join(map(str, legal)))
        actor = state.current_player
        action = legal[0] if actor is None else bot(observe(state, actor), legal, rng)
        lines.append(f"  action: {action}")
        if state.is_hand_over:
            result = state.hand_results[-1]
            lines.append(f"  hand result: {result.ended.value}, totals "
                         f"{' '.join(map(str, result.totals))}")
        state = apply(state, action)
        step += 1
    return "\n".join(lines) + "\n"


PLAYTHROUGHS: tuple[tuple[str, int], ...] = (
    ("caliente", 1),
    ("classic", 2),
    ("caliente-cards", 3),
    ("caliente-2p", 4),
    ("caliente-6p-3deck-3x2", 5),
)
"""The (preset, seed) pairs recorded in ``tests/playthroughs/``."""
