"""The engine's direct paths agree with its general path, state for state.

``legal_actions`` lists the common states (draw phase, plain play phase) directly, and ``apply``
builds the successors of common actions (draw, discard, meld, take) directly. These tests play
random games under generated RuleSets and check, at every state, that the direct listing equals
the general listing (every candidate through the one decision function) and that every listed
action's direct successor equals the general one; every seventh state also saved and loaded.
"""

# RULES: TURN-0, TURN-1, DISC-2, PILE-4

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import canasta_caliente as cc
from canasta_caliente.engine import decision, listing, successors, tables
from canasta_caliente.rules.facts import INF, rule_facts
from conftest import EVERY_PRESET, scaled
from strategies import rulesets


def general_listing(state: cc.GameState) -> list[cc.Action]:
    """Every candidate through the decision function, sorted: the listing with no direct path."""
    found = [a for a in listing.candidates(state) if decision.accepts(state, a)]
    found.sort(key=tables.SORT_KEYS.__getitem__)
    return found


def check_state(state: cc.GameState) -> list[str]:
    """Differences between the direct and the general paths at ``state``."""
    problems = []
    legal = cc.legal_actions(state)
    general = general_listing(state)
    if list(legal) != general:
        problems.append(f"listing: direct {[str(a) for a in legal]}, "
                        f"general {[str(a) for a in general]}")
    for action in legal:
        direct = cc.apply(state, action)
        slow = successors.apply_general(state, action)
        if direct != slow or hash(direct) != hash(slow):
            problems.append(f"successor of {action} differs")
        # Without the cached list apply decides legality itself, and builds the same state.
        if cc.apply(attrs.evolve(state), action) != slow:
            problems.append(f"successor of {action} without the cached list differs")
    return problems


def check_loaded(state: cc.GameState) -> list[str]:
    """Differences for the same state saved and loaded: its parts are new objects (no shared
    turn, no shared empty waiting list), which the direct paths must not rely on."""
    loaded = cc.loads(cc.dumps(state))
    problems = []
    for action in cc.legal_actions(loaded):
        if cc.apply(loaded, action) != successors.apply_general(state, action):
            problems.append(f"successor of {action} from a loaded state differs")
    return problems


def play_and_check(rules: cc.RuleSet, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = cc.new_game(rules, seed=seed)
    path: list[str] = []
    for step in range(steps):
        if state.is_game_over:
            break
        problems = check_state(state)
        if step % 7 == 0:
            problems += check_loaded(state)
        assert not problems, f"seed {seed} after {path}: {problems}"
        action = rng.choice(cc.legal_actions(state))
        path.append(str(action))
        state = cc.apply(state, action)


@pytest.mark.parametrize("preset", EVERY_PRESET)
def test_direct_paths_match_the_general_path_on_every_preset(preset: str) -> None:
    """Two whole-hand random games per preset (one in the quick loop): listing and successors
    agree at every state."""
    rules = cc.RuleSet.preset(preset)
    for seed in range(1, 1 + scaled(2)):  # (1, 2); the quick loop plays the first
        play_and_check(rules, seed, 400)


@given(rules=rulesets(), seed=st.integers(0, 2**32))
def test_direct_paths_match_the_general_path_under_any_rules(rules: cc.RuleSet, seed: int) -> None:
    """Generated RuleSets (every option combined): listing and successors agree at every state
    of a random game's first 250 actions."""
    play_and_check(rules, seed, 250)


def test_quick_constructors_build_what_attrs_builds() -> None:
    """The engine's quick constructors give objects equal to, and hashing like, those of the
    attrs constructors, with attrs' defaults and factories applied; a class they cannot copy
    (validators or converters) gets its own constructor back."""
    from canasta_caliente.state import builders as quick
    from canasta_caliente.state import game as st

    game = cc.new_game(cc.RuleSet.preset("caliente"), seed=5)
    t = game.table
    args = (t.deck, t.stock_pos, t.hands, t.pile, t.sides, t.order, t.turn_index, t.turn)
    assert quick.make_table(*args) == st.Table(*args) == t
    made_state = quick.make_state(game.rules, game.seed, game.hand_number, game.scores, t)
    assert made_state == game and hash(made_state) == hash(game)
    assert made_state.hand_results == () and made_state.over is False
    assert made_state._legal is None
    cc.legal_actions(game)
    assert game._legal is not None and made_state._legal is None
    turn = quick.make_turn(st.Phase.PLAY, 2, 50)
    assert turn == st.Turn(st.Phase.PLAY, 2, 50) and turn.waiting == (0,) * 16
    assert quick.make_side() == st.SideTable()
    assert quick.quick_constructor(cc.Action) is cc.Action  # converters: not copied
    # Built through a plain subclass, the objects end as ordinary, frozen objects of the class.
    for made, cls in ((made_state, st.GameState), (quick.make_table(*args), st.Table),
                      (turn, st.Turn), (quick.make_side(), st.SideTable)):
        assert type(made) is cls
        field = attrs.fields(cls)[0].name
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(made, field, None)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            delattr(made, field)
        assert attrs.evolve(made) == made and cc.loads(cc.dumps(game)) == game


@pytest.mark.parametrize("cls_name", ["GameState", "Table", "Turn", "SideTable"])
def test_quick_constructors_set_every_slot(cls_name: str) -> None:
    """Every slot of a quickly built object is set (none left to raise AttributeError), so
    the objects pickle, compare and print like attrs-built ones."""
    import pickle


    game = cc.new_game(cc.RuleSet.preset("caliente-cards"), seed=8)
    for action in ("draw", "discard 4"):
        if cc.is_legal(game, action):
            game = cc.apply(game, action)
    objects: dict[str, Any] = {"GameState": game, "Table": game.table, "Turn": game.table.turn,
               "SideTable": game.table.sides[0]}
    made = objects[cls_name]
    cls = type(made)
    assert cls.__name__ == cls_name
    names = [f.name for f in attrs.fields(cls)]
    if not cc.COMPILED:  # (compiled, the classes are native: their fields are a C struct's)
        assert set(cls.__slots__) - {"__weakref__"} == set(names)
    for name in names:
        getattr(made, name)  # raises if a slot was left unset
    assert pickle.loads(pickle.dumps(made)) == made and repr(made) == repr(attrs.evolve(made))


Melds = tuple[tuple[int, int, int] | None, ...]


@st.composite
def table_and_hand(draw: st.DrawFn) -> tuple[cc.RuleSet, tuple[int, ...], Melds]:
    """A RuleSet, a side's valid melds (MELD-1, MELD-2) and a hand of up to 16 cards."""
    from canasta_caliente.engine.solver import meld_caps

    rules = draw(rulesets())
    caps = meld_caps(rules)
    melds: list[tuple[int, int, int] | None] = []
    for _ in range(11):
        if draw(st.booleans()):
            melds.append(None)
            continue
        naturals = draw(st.integers(1, min(8, len(caps) - 1)))
        least = max(0, 3 - naturals)
        if caps[naturals] < least:
            melds.append(None)  # no valid meld with so few naturals under these rules
            continue
        wilds = draw(st.integers(least, caps[naturals]))
        twos = draw(st.integers(0, wilds))
        melds.append((naturals, twos, wilds - twos))
    hand = [0] * 16
    for kind in draw(st.lists(st.sampled_from([*range(13), 14, 15]), max_size=16)):
        hand[kind] += 1
    for rank, meld in enumerate(melds):  # no more of a rank than the deck holds
        on_table = meld[0] if meld is not None else 0
        hand[rank] = max(0, min(hand[rank], rules.deck_counts[rank] - on_table))
    return rules, tuple(hand), tuple(melds)


@given(case=table_and_hand())
def test_bound_melds_follow_from_the_ways_of_going_out(
    case: tuple[cc.RuleSet, tuple[int, ...], Melds],
) -> None:
    """The direct listing's shortcut for a player bound to go out (OUT-2, MELD-5): after any
    valid meld that keeps a card (naturals, wilds or both), going out stays possible exactly
    when one of the whole hand's ways of going out (its last discards) still serves with the
    meld's wilds placed on its rank. Checked against the going-out search on the hand and the
    melds after each such meld."""
    # RULES: OUT-1, OUT-2, MELD-5, TURN-0
    from canasta_caliente.engine import solver as solver

    rules, hand, melds = case
    exits = solver.going_out_discards(rules, hand, melds)
    assert bool(exits) == solver.go_out_possible(rules, hand, melds, 0)
    held = sum(hand)
    checked = 0
    for rank in range(11):
        have, meld = hand[rank], melds[rank]
        n0, t0, j0 = meld if meld is not None else (0, 0, 0)
        for naturals in range(0 if meld is not None else 1, have + 1):
            for twos in range(hand[11] + 1):
                for jokers in range(hand[12] + 1):
                    used = naturals + twos + jokers
                    if not used or used >= held:
                        continue  # nothing melded, or no card kept (going out at once)
                    if not solver.meld_is_valid(rules, n0 + naturals, t0 + j0 + twos + jokers):
                        continue
                    rest = list(hand)
                    rest[rank] -= naturals
                    rest[11] -= twos
                    rest[12] -= jokers
                    after = (*melds[:rank], (n0 + naturals, t0 + twos, j0 + jokers),
                             *melds[rank + 1:])
                    expected = solver.go_out_possible(rules, tuple(rest), after, 0)
                    got = solver.go_out_after_meld(rules, hand, melds, exits, rank, naturals,
                                                   twos, jokers)
                    assert got == expected, (
                        f"rank {rank}: {naturals} naturals, {twos} twos, {jokers} jokers; "
                        f"hand {hand}, melds {melds}, exits {exits}")
                    checked += 1


def rank_melds_afresh(
    rules: cc.RuleSet, rank: int, have: int, meld: tuple[int, int, int] | None, twos: int,
    jokers: int,
) -> tuple[object, ...]:
    """A rank's meld options computed afresh, the reference for the engine's shared tables:
    every meld of ``rank`` that obeys MELD-1 and MELD-2 (three cards for a new meld, a card for
    one on the table; no more wilds than the naturals allow), in the order of the actions' sort
    keys. As the tables hold them: the most cards an option uses, the least value one has, the
    actions with naturals and those of wilds alone, and the same as (action, cards, value)."""
    caps = rule_facts(rules).caps
    n0, w0 = (0, 0) if meld is None else (meld[0], meld[1] + meld[2])
    found = []
    for a in range(0 if meld is not None else 1, have + 1):
        room = caps[n0 + a] - w0
        for b in range(min(twos, room) + 1 if room >= 0 else 0):
            for c in range(min(jokers, room - b) + 1):
                used = a + b + c
                if used == 0 or (meld is None and used < 3):
                    continue
                option = tables.meld_option(rules, rank, a, b, c)
                found.append((tables.SORT_KEYS[option.action], option))
    found.sort(key=lambda o: o[0])  # by the actions' sort keys, distinct for distinct actions
    natural = tuple(o[1] for o in found if o[1].action.on is None)
    wild = tuple(o[1] for o in found if o[1].action.on is not None)
    return (max((o[1].used for o in found), default=0),
            min((o[1].value for o in found), default=INF),
            tuple(o.action for o in natural), tuple(o.action for o in wild), natural, wild)


@given(rules=rulesets(), data=st.data())
def test_rank_tables_shared_across_hands_give_each_hand_its_own_options(
    rules: cc.RuleSet, data: st.DataObject,
) -> None:
    """The per-rank meld options (MELD-1, MELD-2) are cached and shared between hands whose
    options cannot differ (melds leaving the same room for wilds, more wilds than any option
    could lay), and their cards and order are found once for every rank (by an order key of
    their own); what a hand gets from the cache is what computing its own options afresh, in
    the order of the actions' sort keys, gives."""
    # RULES: MELD-1, MELD-2, MELD-3
    info = rule_facts(rules)
    caps = info.caps
    for _ in range(20):
        rank = data.draw(st.integers(0, 10))
        have = data.draw(st.integers(0, 6))
        meld: tuple[int, int, int] | None = None
        if data.draw(st.booleans()):
            naturals = data.draw(st.integers(1, 6))
            if caps[naturals] >= max(0, 3 - naturals):
                wilds = data.draw(st.integers(max(0, 3 - naturals), caps[naturals]))
                little = data.draw(st.integers(0, wilds))
                meld = (naturals, little, wilds - little)
        on_table = meld[0] if meld is not None else 0
        have = min(have, rules.deck_counts[rank] - on_table)  # no more than the deck holds
        twos = data.draw(st.integers(0, rules.deck_counts[cc.Card.TWO]))
        jokers = data.draw(st.integers(0, rules.deck_counts[cc.Card.JOKER]))
        cached = tables.rank_entry(rules, info, rank, have, meld, twos, jokers)
        fresh = rank_melds_afresh(rules, rank, have, meld, twos, jokers)
        assert (cached.most, cached.least, cached.natural_actions, cached.wild_actions,
                cached.natural_options, cached.wild_options) == fresh, (
            rank, have, meld, twos, jokers)


@given(case=table_and_hand(), need=st.integers(1, 200), limit=st.integers(1, 16))
def test_quick_answers_of_cards_within_agree_with_its_exact_search(
    case: tuple[cc.RuleSet, tuple[int, ...], Melds], need: int, limit: int,
) -> None:
    """``solver.cards_within`` (can at most ``limit`` cards, melded, be worth ``need`` points:
    the rest of a first-meld minimum, INIT-3) answers most cases by a bound, a greedy layout or
    one meld alone, and the rest by an exact search; its answer is always the exact search's,
    and what the one-meld accept finds is a layout that search finds too."""
    # RULES: INIT-1, INIT-3, MELD-1, MELD-2
    from canasta_caliente.engine import solver as solver

    rules, hand, melds = case
    exact = solver.meldable_within(rules, hand, melds, need, limit)
    assert solver.cards_within(rules, hand, melds, need, limit) == exact
    one = solver.one_meld_within(rules, hand, melds, need, limit,
                                  solver.wild_values(rules, hand), solver.meld_caps(rules))
    assert exact or not one
