"""Take-backs (:func:`cc.can_take_back`): a move may be undone exactly when undoing it reveals
nothing its player did not know before it.

The property test checks the rule against what it means, not against its own code: when a
take-back is allowed, every card the actor could see before the action it can still see after
it, and no card it could not see has come into sight (cards only moved between its hand and the
table); the stock and every other hand are untouched.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import canasta_caliente as cc
from canasta_caliente.play.takeback import take_back_refusal
from canasta_caliente.testing import stacked_deck
from conftest import EVERY_PRESET, RARE_WEIGHTS


def _seen(state: cc.GameState, seat: int) -> Counter[cc.Card]:
    """Every card ``seat`` can see: its hand, the melds, the laid-out cards, the pile and the
    waiting cards."""
    seen: Counter[cc.Card] = Counter(state.hand(seat))
    for side in range(len(state.sides)):
        seen.update(c for meld in state.melds(side) for c in meld.cards)
        seen.update(state.laid_out(side))
    seen.update(state.pile)
    seen.update(state.waiting)
    return seen


@pytest.mark.parametrize("preset", EVERY_PRESET)
def test_allowed_take_backs_reveal_nothing_and_only_melds_and_discards_are(preset: str) -> None:
    rules = cc.RuleSet.preset(preset)
    allowed = refused = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = cc.new_game(rules, seed=seed)
        for _ in range(250):
            legal = cc.legal_actions(state)
            if not legal:
                break
            action = rng.choices(legal, [RARE_WEIGHTS.get(a.verb.value, 1) for a in legal])[0]
            after = cc.apply(state, action)
            reason = take_back_refusal(state, after)
            assert cc.can_take_back(state, after) is (reason is None)
            if reason is None:
                allowed += 1
                seat = state.current_player
                assert seat is not None
                assert action.verb in (cc.Verb.MELD, cc.Verb.DISCARD)
                assert _seen(after, seat) == _seen(state, seat), action
                assert after.stock_size == state.stock_size
                assert not after.is_hand_over
                for other in itertools.chain.from_iterable(state.sides):
                    if other != seat:
                        assert after.hand(other) == state.hand(other)
            else:
                refused += 1
                words = cc.describe(action, state.rules, state=state)  # (never the notation)
                # (in double quotes, or single ones round words that hold double ones)
                quote = "'" if '"' in words else '"'
                assert reason.startswith(f"{quote}{words}{quote} cannot be taken back: ")
            state = after
    assert allowed and refused


def _to_play(seed: int = 7) -> cc.GameState:
    return cc.apply(cc.new_game(cc.RuleSet.preset("caliente"), seed=seed), "draw")


def test_a_meld_and_a_discard_may_be_taken_back() -> None:
    before = _to_play()
    melded = cc.apply(before, "meld 6 6 6")
    assert cc.can_take_back(before, melded)
    melded = cc.apply(melded, "meld A A 2")  # the first meld's minimum reached
    discard = next(a for a in cc.legal_actions(melded) if a.verb is cc.Verb.DISCARD)
    assert cc.can_take_back(melded, cc.apply(melded, discard))


def test_a_draw_and_a_pile_taken_may_not() -> None:
    start = cc.new_game(cc.RuleSet.preset("caliente"), seed=7)
    assert take_back_refusal(start, cc.apply(start, "draw")) == (
        '"draw a card from the stock" cannot be taken back: a draw shows the player cards from '
        'the stock')
    for seed in range(200):
        state = cc.new_game(cc.RuleSet.preset("caliente"), seed=seed)
        takes = [a for a in cc.legal_actions(state) if a.verb is cc.Verb.TAKE]
        if takes:
            reason = take_back_refusal(state, cc.apply(state, takes[0]))
            assert reason is not None and "taking the pile" in reason
            return
    pytest.fail("no seed offered a pile to take")


def test_going_out_may_not_be_taken_back() -> None:
    for seed in range(400):
        rng = random.Random(seed)
        state = cc.new_game(cc.RuleSet.preset("caliente-2p"), seed=seed)
        while state.hand_number == 1 and not state.is_hand_over:
            legal = cc.legal_actions(state)
            action = rng.choices(legal, [RARE_WEIGHTS.get(a.verb.value, 1) for a in legal])[0]
            after = cc.apply(state, action)
            if after.is_hand_over and action.verb in (cc.Verb.MELD, cc.Verb.DISCARD):
                reason = take_back_refusal(state, after)
                assert reason is not None and "ended the hand" in reason
                return
            state = after
    pytest.fail("no random game went out with a meld or a discard")


def test_states_that_are_not_one_action_apart_are_a_state_error() -> None:
    before = _to_play()
    with pytest.raises(cc.StateError, match="not one legal action apart"):
        cc.can_take_back(before, before)
    with pytest.raises(cc.StateError, match="not one legal action apart"):
        cc.can_take_back(before, cc.apply(cc.apply(before, "meld 6 6 6"), "meld A A 2"))


def test_wrong_types_are_a_type_error() -> None:
    before = _to_play()
    with pytest.raises(TypeError, match="before must be a GameState"):
        cc.can_take_back(cc.observe(before, 0), before)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="after must be a GameState"):
        cc.can_take_back(before, "meld 6 6 6")  # type: ignore[arg-type]


def test_the_refusal_is_exported_beside_can_take_back() -> None:
    """``cc.take_back_refusal`` is the module's function, as ``cc.can_take_back`` is."""
    assert cc.take_back_refusal is take_back_refusal
    assert "take_back_refusal" in cc.__all__


def test_a_meld_that_brings_the_waiting_pile_cards_into_the_hand_says_so() -> None:
    """A first meld that meets the minimum after a take of the pile (INIT-4) brings the
    pile's waiting cards into the hand: seen, so it cannot be taken back, and the reason
    says which cards came from where."""
    rules = cc.RuleSet.preset("caliente")
    deck = stacked_deck(rules, {0: "7 7 K K K A A Q J 9 2"}, pile="JK 7", stock="5")
    taken = cc.apply(cc.new_game(rules, deck=deck), "take 7 7")
    melded = cc.apply(taken, "meld K K K 2")
    assert melded.hand(0).count(cc.Card.parse("JK")) == 1  # the waiting joker joined
    assert take_back_refusal(taken, melded) == (
        '"meld three kings and a two" cannot be taken back: the pile\'s cards that '
        "waited for the first meld joined the hand (INIT-4)")
