"""Issue 27's guarantees of documents and states: ``loads`` refuses a question whose answer
strands the asker and known cards the table cannot explain, and ``check_invariants`` reports,
never raises, whatever state it is given.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

import canasta_caliente as cc
from canasta_caliente.records.invariants import turn_problem
from canasta_caliente.state.builders import make_state
from canasta_caliente.state.game import Phase
from canasta_caliente.testing import check_invariants

RULES = cc.RuleSet.preset("caliente")


def asking_state() -> cc.GameState:
    """A state where a partner answers "May I go out?" (OUT-2), from random play that asks
    whenever it may."""
    for seed in range(50):
        state, rng = cc.new_game(RULES, seed=seed), random.Random(seed)
        for _ in range(3000):
            if state.is_game_over:
                break
            if state.table.turn.phase is Phase.ANSWER:
                return state
            legal = cc.legal_actions(state)
            ask = [a for a in legal if "ask" in str(a) or "out" in str(a)]
            state = cc.apply(state, rng.choice(ask) if ask and rng.random() < 0.5
                             else rng.choice(legal))
    raise AssertionError("no question asked in 50 games")


def test_loads_refuses_a_question_whose_answer_strands_the_asker() -> None:
    """RULES: TURN-0, OUT-2. A card swapped between the asker's hand and another while a
    partner answers: "yes" would leave nothing legal. `loads` checks every answer a pending
    question can get, as `resample` does, and names the answer; the untouched state loads."""
    state = asking_state()
    assert turn_problem(state) is None
    data = json.loads(cc.dumps(state))
    assert cc.loads(json.dumps(data)) == state
    asker = state.table.order[state.table.turn_index]
    hands = data["table"]["hands"]
    refused = []
    for other in range(RULES.players):
        for i, mine in enumerate(hands[asker]):
            for j, theirs in enumerate(hands[other]):
                if other == asker or mine == theirs:
                    continue
                tampered = json.loads(json.dumps(data))
                tampered["table"]["hands"][asker][i] = theirs
                tampered["table"]["hands"][other][j] = mine
                try:
                    cc.loads(json.dumps(tampered))
                except cc.StateError as exc:
                    if "to the question leaves no legal action (TURN-0, OUT-2)" in str(exc):
                        refused.append((mine, theirs))
    assert refused  # before issue 27 each of these loaded, and nothing was legal after "yes"


def test_loads_refuses_known_cards_at_the_deal() -> None:
    """Known cards come from a pile taken (PILE-1) or cards waiting (INIT-4): at the deal,
    before anyone took the pile, a hand's cards cannot be known to every seat."""
    state = cc.new_game(RULES, seed=3)
    data = json.loads(cc.dumps(state))
    seat = state.current_player
    data["table"]["known"] = [[] for _ in range(RULES.players)]
    data["table"]["known"][seat] = data["table"]["hands"][seat][:2]
    with pytest.raises(cc.StateError, match=r"table\.known\[\d\]: seat \d: cards are known only "
                                            r"once the pile is taken"):
        cc.loads(json.dumps(data))
    data["table"]["known"] = []
    assert cc.loads(json.dumps(data)) == state


def broken(state: cc.GameState, **changes: Any) -> cc.GameState:
    """``state`` with fields replaced, unchecked: built by the engine's own constructor
    (``make_state``), as the public one now refuses wrong shapes (see below)."""
    fields = {f.name: getattr(state, f.name) for f in attrs.fields(cc.GameState) if f.init}
    return make_state(**{**fields, **changes})  # type: ignore[no-any-return]


@pytest.mark.parametrize(("change", "error", "message"), [
    ({"table": 5}, TypeError, "table must be a Table, not int 5"),
    ({"seed": "1"}, TypeError, "seed must be an int"),
    ({"scores": (0, "0")}, TypeError, r"scores\[1\] must be an int"),
    ({"over": 1}, TypeError, "over must be a bool"),
    ({"hand_results": [1]}, TypeError, "hand_results must be a tuple"),
    ({"hand_results": (1,)}, TypeError, "hand_results must hold HandResult values"),
    ({"scores": (0, 0, 0)}, cc.StateError, r"scores must be a tuple of one int a side \(2\)"),
    ({"hand_number": 0}, cc.StateError, "hand_number must be at least 1"),
    ({"rules": cc.RuleSet.preset("caliente-2p")}, cc.StateError, "table.hands must be one"),
])
def test_a_state_built_by_hand_is_refused_a_wrong_type_or_shape(
        change: dict[str, Any], error: type[Exception], message: str) -> None:
    """``GameState(...)`` checks the types and shapes of its parts (an adversarial trial's
    ``GameState(rules, 1, 1, (0, 0), 5)`` met legal_actions as an AttributeError, and a
    two-player RuleSet over a four-seat table played on); the engine's states skip it."""
    state = cc.new_game(RULES, seed=1)
    with pytest.raises(error, match=f"GameState: {message}"):
        attrs.evolve(state, **change)
    assert attrs.evolve(state) == state


@pytest.mark.parametrize(("change", "message"), [
    ({"scores": ()}, "scores: expected one score per side"),
    ({"scores": (0, 0, 0)}, "scores: expected one score per side"),
    ({"hand_number": 0}, "hand_number: must be at least 1"),
    ({"over": True}, "hand_results: hand 1 has ended, so 1 hand results are expected"),
    ({"hand_number": 2}, "table.order"),
])
def test_check_invariants_reports_what_loads_refuses(change: dict[str, Any],
                                                     message: str) -> None:
    """A state `loads` would refuse (a wrong number of scores, hand number 0, `over` in the
    middle of a hand) is reported by `check_invariants`, never raised from inside."""
    state = broken(cc.new_game(RULES, seed=1), **change)
    found = check_invariants(state)
    assert any(message in problem for problem in found), found


def test_check_invariants_never_raises_on_a_broken_table() -> None:
    """Hands of the wrong length, a turn index past the order, sides missing: reported."""
    state = cc.new_game(RULES, seed=1)
    table = state.table
    for bad in (attrs.evolve(table, hands=table.hands[:2]),
                attrs.evolve(table, hands=((1,),) * RULES.players),
                attrs.evolve(table, turn_index=99),
                attrs.evolve(table, sides=()),
                attrs.evolve(table, pile=(99,))):
        found = check_invariants(broken(state, table=bad))
        assert found and all(isinstance(problem, str) for problem in found)
