"""Shared helpers for the tests: stacked deals and decks, short action scripts, cards and
actions as notation, and random states."""

from __future__ import annotations

import os
import random
import re
import signal
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import canasta_caliente as cc
from canasta_caliente.testing import ReferenceCheck, reference_legal_actions, stacked_deck

# SIGINT as Python sets it at a normal start, however the suite was started. A shell without job
# control starts a command run in the background (`pytest ... &`, as scripts and some CI
# runners do) with SIGINT ignored; Python then keeps it ignored rather than raising
# KeyboardInterrupt, and every process the tests start inherits the ignored signal, so the
# tests of Ctrl-C would wait for an interrupt that never arrives. With the handler installed
# here, a child starts with SIGINT's default disposition (handlers do not survive exec).
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# Hypothesis profiles. "ci" is the whole suite's; "quick" is the quick loop's (`-m "not slow"`),
# a sixth of the examples, so that each property still runs there and still can fail, and the
# whole suite keeps every example; "long" is run by hand. HYPOTHESIS_PROFILE chooses one
# whatever the marks (`HYPOTHESIS_PROFILE=ci python -m pytest -m "not slow"`). Tests that set
# their own number of examples give it for the whole suite through `scaled` (below), and so
# scale with the profile too, as tests that scale the profile's (`10 * settings().max_examples`)
# do.
CI_EXAMPLES = 30
"""The examples of a property in the whole suite's profile ("ci")."""
settings.register_profile(
    "ci", max_examples=CI_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "quick", max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "long", max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def scaled(examples: int) -> int:
    """``examples`` (a property's examples in the whole suite) scaled to the loaded profile:
    the same number in the whole suite, a sixth of it in the quick loop (at least one), and
    a hundred times more in the long profile. Read when a test module is collected, after
    :func:`pytest_configure` has loaded the profile."""
    return max(1, examples * settings().max_examples // CI_EXAMPLES)


def in_quick_loop() -> bool:
    """Whether the quick loop's profile ("quick") is loaded: a test that plays a fixed number of
    actions plays fewer there (half, say), as :func:`scaled` gives fewer examples."""
    return settings().max_examples < CI_EXAMPLES


def leaves_out_slow(markexpr: str) -> bool:
    """Whether a `-m` expression is the quick loop's: one that says ``not slow``."""
    return re.search(r"\bnot\s+slow\b", markexpr) is not None


def pytest_configure(config: pytest.Config) -> None:
    """The quick loop (`-m "not slow"`) runs Hypothesis with the "quick" profile, unless
    HYPOTHESIS_PROFILE names one. Test modules read the profile when they are collected, after
    this."""
    if "HYPOTHESIS_PROFILE" not in os.environ and leaves_out_slow(config.option.markexpr):
        settings.load_profile("quick")


def rules_for(preset: str = "caliente", **options: Any) -> cc.RuleSet:
    """A preset with some options replaced."""
    rules = cc.RuleSet.preset(preset)
    return rules.replace(**options) if options else rules


def deal(
    rules: cc.RuleSet | str = "caliente",
    hands: Mapping[int, str] | None = None,
    pile: str = "4",
    stock: str = "",
    *,
    scores: Sequence[int] | None = None,
    seed: int = 0,
) -> cc.GameState:
    """A new game whose first hand deals ``hands`` (seat to cards; the rest filled with
    naturals), turns up ``pile`` (the up card last) and puts ``stock`` on top of the stock."""
    if isinstance(rules, str):
        rules = cc.RuleSet.preset(rules)
    deck = stacked_deck(rules, hands or {}, pile, stock)
    return cc.new_game(rules, deck=deck, seed=seed, scores=scores)


def play(state: cc.GameState, *actions: str) -> cc.GameState:
    """Apply actions given in notation, one after the other."""
    for action in actions:
        state = cc.apply(state, action)
    return state


def legal(state: cc.GameState) -> set[str]:
    """The legal actions as notation strings."""
    return {str(a) for a in cc.legal_actions(state)}


def refused(state: cc.GameState, action: str) -> str:
    """Assert that ``action`` is refused with IllegalActionError and not listed; return the
    message."""
    assert action not in legal(state), f"{action!r} is listed as legal"
    with pytest.raises(cc.IllegalActionError) as info:
        cc.apply(state, action)
    return str(info.value)


def of_verb(state: cc.GameState, verb: str) -> set[str]:
    """The legal actions with this verb, as notation."""
    return {a for a in legal(state) if a.split()[0] == verb}


def reference(state: cc.GameState) -> set[str]:
    """The legal actions found by the independent reference (the rules read again, by brute
    force), as notation."""
    return {str(a) for a in reference_legal_actions(state)}


def discards(cards: str) -> set[str]:
    """The discard actions for these card codes."""
    return {f"discard {c}" for c in cards.split()}


# ---------------------------------------------------------------------------------------------
# Cards as notation


def cards(text: str) -> tuple[cc.Card, ...]:
    """Cards from codes, in the order given."""
    return tuple(cc.Card.parse(c) for c in text.split())


def sorted_cards(text: str) -> tuple[cc.Card, ...]:
    """Cards from codes, in hand order."""
    return tuple(sorted(cards(text)))


def codes(cards: Iterable[cc.Card]) -> str:
    """Cards as their codes, space separated."""
    return " ".join(str(c) for c in cards)


def hand_of(state: cc.GameState, seat: int) -> str:
    """A seat's hand as codes (sorted as the engine sorts hands)."""
    return codes(state.hand(seat))


def melds_of(state: cc.GameState, side: int) -> list[str]:
    """A side's melds, each as its cards' codes."""
    return [codes(m.cards) for m in state.melds(side)]


def count_everywhere(state: cc.GameState, card: cc.Card) -> int:
    """How many of ``card`` are in the hands, the pile, the stock and waiting."""
    n = sum(state.hand(s).count(card) for s in range(state.rules.players))
    return n + state.pile.count(card) + state.stock.count(card) + state.waiting.count(card)


# ---------------------------------------------------------------------------------------------
# Whole stacked decks and running the stock down


def whole_deck(
    rules: cc.RuleSet, hands: Mapping[int, str], pile: str, stock: str = "", bottom: str = ""
) -> tuple[cc.Card, ...]:
    """A fully stacked deck: the deal of ``stacked_deck``, the stock starting with ``stock`` and
    ending with ``bottom`` (its last card drawn last); the other cards in between, kinds taken
    in turn. Every bonus card must be placed explicitly (hands, pile, stock or bottom)."""
    low = cards(bottom)
    full = stacked_deck(rules, hands, pile, f"{stock} {bottom}")
    top = full[: len(full) - len(low)]
    left = list(rules.deck_counts)
    for card in (*top, *low):
        left[card] -= 1
    if left[cc.Card.RED_THREE]:
        raise ValueError("whole_deck: place every bonus card explicitly")
    middle: list[cc.Card] = []
    while any(left):
        for kind in range(len(left)):
            if left[kind]:
                left[kind] -= 1
                middle.append(cc.Card(kind))
    return (*top, *middle, *low)


def run_down(state: cc.GameState, leave: int) -> cc.GameState:
    """Plain turns (draw, then discard a card just drawn) until the stock holds ``leave``
    cards."""
    while state.stock_size > leave:
        seat = state.current_player
        assert seat is not None
        before = state.hand_counts(seat)
        state = cc.apply(state, "draw")
        assert not state.is_hand_over, "the hand ended during the run-down"
        after = state.hand_counts(seat)
        new = next(cc.Card(k) for k in range(len(after)) if after[k] > before[k])
        state = cc.apply(state, f"discard {new}")
    return state


# ---------------------------------------------------------------------------------------------
# Random states


PRESETS = cc.RuleSet.preset_names()
"""The names of every preset."""


def quick_part(values: Iterable[Any], quick: Iterable[Any]) -> list[Any]:
    """A parametrisation's values with only those in ``quick`` left in the quick loop: the
    others are marked slow, so the whole suite still runs every value, with the same test ids.
    A tuple is spread over the argument names, as pytest spreads it when there are several."""
    values, keep = list(values), list(quick)
    unknown = [value for value in keep if value not in values]
    if unknown:
        raise ValueError(f"quick_part: {unknown!r} are not among the values")
    return [value if value in keep else pytest.param(
                *(value if isinstance(value, tuple) else (value,)), marks=pytest.mark.slow)
            for value in values]


QUICK_PRESETS = ("caliente-cards", "caliente-6p-3deck-3x2", "classic")
"""The presets the quick loop plays where a test is parametrised over every preset: between
them four players with the Caliente cards, six players with three decks and three sides, and
the classic rules (the generated RuleSets of the quick loop's Hypothesis tests draw the rest,
and many of its tests play two players by name)."""

EVERY_PRESET = quick_part(PRESETS, QUICK_PRESETS)
"""Every preset as a parametrisation: :data:`QUICK_PRESETS` in the quick loop, every preset in
the whole suite."""


def random_state(preset: str, seed: int, steps: int) -> cc.GameState:
    """The state after up to ``steps`` seeded random actions of a ``preset`` game."""
    state = cc.new_game(cc.RuleSet.preset(preset), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        actions = cc.legal_actions(state)
        if not actions:
            break
        state = cc.apply(state, rng.choice(actions))
    return state


def finished_hand(preset: str, seed: int) -> cc.GameState:
    """A state whose first hand has just ended, by seeded random play of a ``preset`` game."""
    state = cc.new_game(cc.RuleSet.preset(preset), seed=seed)
    rng = random.Random(seed)
    while not state.over:
        state = cc.apply(state, rng.choice(cc.legal_actions(state)))
    return state


STATES: st.SearchStrategy[cc.GameState] = st.builds(
    random_state, st.sampled_from(PRESETS), st.integers(0, 2**32), st.integers(0, 450)
)
"""States reached by random play: any preset, any seed, up to 450 actions."""


RARE_WEIGHTS = {"take": 6, "meld": 5, "ask": 8, "caliente": 4}
"""Weights by verb that bias random play toward the rarer actions (pile takes, melds, the
question, Caliente cards), so that their states are reached often."""


def checked_walk(
    check: ReferenceCheck, rules: cc.RuleSet, seed: int, *, hands: int | None = 2,
    actions: int | None = None,
) -> None:
    """Play a game from ``new_game(rules, seed=seed)`` with choices biased by
    :data:`RARE_WEIGHTS` (a ``random.Random(seed)``), each node's legal list from ``check``
    (which compares it with the reference), until ``hands`` hands have ended, ``actions``
    actions were played, or nothing is legal."""
    rng = random.Random(seed)
    state = cc.new_game(rules, seed=seed)
    played = 0
    while (hands is None or state.hand_number <= hands) and (
            actions is None or played < actions):
        legal = check(state)
        if not legal:
            break
        state = cc.apply(state, rng.choices(
            legal, [RARE_WEIGHTS.get(a.verb.value, 1) for a in legal])[0])
        played += 1


def answers(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    """Make ``input()`` return ``lines`` one by one, then raise :class:`EOFError` (the end of
    a person's input), for the ``play`` command."""
    it = iter(lines)

    def fake_input(prompt: str = "") -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
