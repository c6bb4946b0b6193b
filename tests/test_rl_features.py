"""The observation vector and the action mask of canasta_caliente.rl: layout, bounds, agreement
with a reference built from the view's public accessors, and no leak of hidden cards."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import canasta_caliente as cc  # noqa: E402
from canasta_caliente.rl import (  # noqa: E402
    ObservationTracker,
    action_mask,
    observation,
    observation_layout,
    observation_of,
    observation_size,
)
from conftest import EVERY_PRESET, in_quick_loop  # noqa: E402

PRESETS = cc.RuleSet.preset_names()


def _reference(view: cc.View) -> list[float]:
    """The observation rebuilt field by field from the view's documented accessors (melds as
    Meld values, laid_out as cards, side_of), independently of the fast code."""
    rules = view.rules
    players, sides = rules.players, rules.sides
    me, mine = view.seat, view.side_of(view.seat)
    fields: dict[str, list[float]] = {}
    hand = [0.0] * 16
    for card in view.hand:
        hand[card] += 1
    fields["hand"] = hand
    known = [0.0] * (16 * (players - 1))
    for k in range(1, players):
        for card in view.known((me + k) % players):
            known[16 * (k - 1) + card] += 1
    fields["known"] = known
    fields["hand_sizes"] = [float(view.hand_size((me + k) % players)) for k in range(players)]
    fields["to_act"] = [float(view.current_player == (me + k) % players) for k in range(players)]
    melds: list[float] = []
    canastas: list[float] = []
    stops, laid, cal, scores, minimum = [], [], [], [], []
    order = [(mine + k) % sides for k in range(sides)]
    for side in order:
        per_rank = [[0.0, 0.0, 0.0] for _ in range(11)]
        natural = mixed = stop = 0
        for meld in view.melds(side):
            if meld.rank is cc.Card.BLACK_THREE:
                stop += len(meld.cards)
                continue
            for card in meld.cards:
                per_rank[meld.rank][{cc.Card.TWO: 1, cc.Card.JOKER: 2}.get(card, 0)] += 1
            if meld.is_canasta:
                natural += meld.is_natural
                mixed += not meld.is_natural
        melds += [x for row in per_rank for x in row]
        canastas += [natural, mixed]
        stops.append(stop)
        laid.append(len(view.laid_out(side)))
        cal.append(view.caliente_played(side))
        score = view.scores[side]
        scores.append(max(-2**24, min(2**24, score)))  # clamped to the field's bounds
        if view.melds(side):
            minimum.append(0)
        else:
            need = rules.minimum_below_zero if score < 0 else max(
                m for start, m in rules.initial_meld_minimums if score >= start)
            minimum.append(need)
    fields.update(melds=melds, canastas=canastas, stop_cards=stops, laid_out=laid,
                  caliente_played=cal, scores=scores, first_meld_minimum=minimum)
    pile = [0.0] * 16
    for card in view.pile:
        pile[card] += 1
    fields["pile"] = pile
    up = [0.0] * 16
    if view.pile:
        up[view.pile[-1]] = 1
    fields["up_card"] = up
    fields["pile_size"] = [len(view.pile)]
    freezer = view.pile_has_freezer
    frozen = bool(view.pile) and (freezer or not view.melds(mine) or rules.always_frozen)
    blocked = bool(view.pile) and view.pile[-1] in (cc.Card.BLACK_THREE, cc.Card.CALIENTE)
    fields["pile_state"] = [freezer, frozen, blocked]
    fields["stock_size"] = [view.stock_size]
    over = view.is_hand_over
    fields["turn_meld"] = [0, 0] if over else [view.first_meld_needed, view.first_meld_points]
    waiting = [0.0] * 16
    for card in view.waiting:
        waiting[card] += 1
    fields["waiting"] = waiting
    fields["phase"] = [float(view.phase is p) for p in cc.Phase]
    fields["question"] = [float(view.question is q) for q in cc.Question]
    out: list[float] = []
    for field in observation_layout(rules):
        values = fields[field.name]
        assert len(values) == field.size, field.name
        out += [float(v) for v in values]
    return out


@pytest.mark.parametrize("preset", EVERY_PRESET)
def test_observation_matches_the_reference_and_the_bounds(preset: str) -> None:
    """At every node of random hands, for every seat, the observation equals the reference
    built from the view's accessors, has the layout's length and dtype, and stays within the
    layout's bounds; the fast path from the state gives the same vector."""
    rules = cc.RuleSet.preset(preset)
    layout = observation_layout(rules)
    size = observation_size(rules)
    low = np.concatenate([np.full(f.size, f.low) for f in layout])
    high = np.concatenate([np.full(f.size, f.high) for f in layout])
    rng = random.Random(7)
    state = cc.new_game(rules, seed=7)
    for step in range(200 if in_quick_loop() else 400):
        for seat in range(rules.players):
            view = cc.observe(state, seat)
            vector = observation(view)
            assert vector.dtype == np.float32 and vector.shape == (size,)
            assert vector.tolist() == _reference(view), (preset, step, seat)
            assert observation_of(state, seat).tolist() == vector.tolist()
            assert (vector >= low).all() and (vector <= high).all()
        legal = cc.legal_actions(state)
        if not legal:
            break
        state = cc.apply(state, rng.choice(legal))


@pytest.mark.parametrize("score", [2**24 + 1, 30_000_000, 2**31, -2**31 - 1, 10**40])
def test_huge_game_scores_are_observed_clamped_to_the_bound(score: int) -> None:
    """A state whose game score lies beyond the field's bounds (a loadable state) is observed
    with the score clamped to ±SCORE_BOUND, alike by observation_of, observation(view) and the
    tracker, and equal to the reference: never a packing error, never outside the bounds."""
    rules = cc.RuleSet.preset("caliente-2p")
    state = cc.new_game(rules, seed=0, scores=[score, 0])
    field = next(f for f in observation_layout(rules) if f.name == "scores")
    clamped = 2**24 if score > 0 else -(2**24)
    for seat in range(rules.players):
        view = cc.observe(state, seat)
        vectors = [observation_of(state, seat), observation(view),
                   ObservationTracker(rules).observe(state, seat)]
        for vector in vectors:
            assert vector.tolist() == _reference(view)
            assert clamped in vector[field.start:field.stop].tolist()
            assert field.low <= vector[field.start:field.stop].min()
            assert vector[field.start:field.stop].max() <= field.high


def test_layout_fields_tile_the_vector() -> None:
    """Fields are contiguous, in order, with sizes matching their shapes; every field has a
    description; the length is fixed per RuleSet."""
    for preset in PRESETS:
        rules = cc.RuleSet.preset(preset)
        start = 0
        for field in observation_layout(rules):
            assert field.start == start and field.size == int(np.prod(field.shape))
            assert field.description and field.low <= field.high
            start = field.stop
        assert start == observation_size(rules)


def test_observation_hides_what_the_seat_cannot_see() -> None:
    """Two states that differ only in hidden cards (another hand, the stock) give the same
    observation, because the view is the same."""
    rules = cc.RuleSet.preset("caliente")
    state = cc.new_game(rules, seed=3)
    view = cc.observe(state, 1)
    other = cc.resample(view, random.Random(5))
    assert other != state
    assert observation(cc.observe(other, 1)).tolist() == observation(view).tolist()


def test_known_cards_are_used_when_views_carry_them() -> None:
    """When a view has known(seat) (the knowledge issue), its cards fill the 'known' field of
    the seat it is about, counted from the observer."""

    class KnowingView(cc.View):
        def known(self, seat: int) -> tuple[cc.Card, ...]:
            return (cc.Card.SEVEN, cc.Card.SEVEN) if seat == 2 else ()

    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    base = cc.observe(state, 1)
    view = KnowingView(**{f: getattr(base, f) for f in (
        "seat", "rules", "hand_number", "scores", "hand_results", "over", "hand",
        "hand_sizes", "stock_size", "pile", "side_tables", "order", "turn_index", "turn",
        "melded_seats")})
    field = next(f for f in observation_layout(state.rules) if f.name == "known")
    known = observation(view)[field.start:field.stop].reshape(field.shape)
    assert known[0, cc.Card.SEVEN] == 2  # seat 2 is the first seat after the observer
    assert known.sum() == 2


def test_action_mask_marks_exactly_the_legal_ids() -> None:
    """The mask is boolean, of the space's size, true exactly at the legal ids."""
    rules = cc.RuleSet.preset("caliente-cards")
    space = cc.ActionSpace(rules)
    rng = random.Random(2)
    state = cc.new_game(rules, seed=2)
    for _ in range(200):
        mask = action_mask(state)
        assert mask.dtype == np.bool_ and mask.shape == (space.size,)
        assert set(np.flatnonzero(mask).tolist()) == set(space.legal_ids(state))
        if state.is_game_over:
            break
        state = cc.apply(state, rng.choice(cc.legal_actions(state)))


def test_bad_input_is_refused() -> None:
    """Wrong types raise TypeError naming what was given."""
    with pytest.raises(TypeError, match="GameState"):
        observation(cc.new_game(cc.RuleSet.preset("caliente"), seed=0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="View"):
        action_mask(cc.observe(cc.new_game(cc.RuleSet.preset("caliente")), 0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="str"):
        observation_layout("caliente")  # type: ignore[arg-type]
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=0)
    with pytest.raises(TypeError, match="View"):
        observation_of(cc.observe(state, 0), 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no seat 4"):
        observation_of(state, 4)


def test_action_mask_refuses_a_space_that_is_not_the_states() -> None:
    """space must be an ActionSpace (TypeError: it was an AttributeError from inside) of the
    state's number of decks (ArgumentError: its ids would be another table's)."""
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=0)
    with pytest.raises(TypeError, match="space must be an ActionSpace or None, not int 5"):
        action_mask(state, 5)  # type: ignore[arg-type]
    other = cc.ActionSpace(cc.RuleSet.preset("caliente-6p-3deck"))
    with pytest.raises(cc.ArgumentError, match="3 decks"):
        action_mask(state, other)
    assert action_mask(state, cc.ActionSpace(state.rules)).tolist() == action_mask(state).tolist()


def test_hand_reward_checks_its_state_and_side() -> None:
    """hand_reward refuses a state in which no hand has finished (it was an IndexError), a
    side the table does not have (-1 was silently the last side) and a side that is not an
    int (True was side 1); game_reward checks its side as well."""
    from canasta_caliente.rl.aec import game_reward, hand_reward

    rules = cc.RuleSet.preset("caliente-2p")
    state = cc.new_game(rules, seed=0)
    with pytest.raises(cc.ArgumentError, match="no hand has finished yet"):
        hand_reward(state, 0)
    rng = random.Random(0)
    while not state.is_hand_over:
        state = cc.apply(state, rng.choice(cc.legal_actions(state)))
    assert hand_reward(state, 0) == -hand_reward(state, 1)
    for reward in (hand_reward, game_reward):
        with pytest.raises(cc.ArgumentError, match="no side -1"):
            reward(state, -1)
        with pytest.raises(TypeError, match="not bool True"):
            reward(state, True)
        with pytest.raises(TypeError, match="state must be a GameState"):
            reward(None, 0)  # type: ignore[arg-type]


def test_a_rules_argument_is_checked_in_one_place_with_its_hint() -> None:
    """Every parameter that takes only a RuleSet refuses a preset's name with the call that
    makes it (``check_ruleset``), and every one that also takes names refuses anything else in
    one wording (``ruleset_or_preset``): the action space, the observation's layout, scale and
    tracker, ``describe``, a result's ``winning_bots``, the environments and the web app said
    ``expected a RuleSet, got str``, with no hint, each in words of its own."""
    from canasta_caliente.rl import CanastaGymEnv, observation_scale
    from canasta_caliente.studies.outcomes import GameResult

    hint = r"must be a RuleSet, not str 'caliente-2p' \(a preset by its name: RuleSet.preset"
    for call in (lambda: cc.ActionSpace("caliente-2p"),
                 lambda: observation_layout("caliente-2p"),
                 lambda: observation_scale("caliente-2p"),
                 lambda: ObservationTracker("caliente-2p"),
                 lambda: cc.describe("draw", "caliente-2p")):
        with pytest.raises(TypeError, match=hint):
            call()  # type: ignore[no-untyped-call]
    result = cc.simulate(cc.RuleSet.preset("caliente-2p"), ["random"], games=1,
                         progress=False).games[0]
    assert isinstance(result, GameResult)
    with pytest.raises(TypeError, match=hint):
        result.winning_bots("caliente-2p")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules must be a RuleSet, a preset name or a "
                                        "RuleSet's JSON, not int 7"):
        CanastaGymEnv(rules=7)  # type: ignore[arg-type]
    assert CanastaGymEnv(rules="caliente-2p").rules == cc.RuleSet.preset("caliente-2p")
