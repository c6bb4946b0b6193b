"""The independent reference itself: it reads the rules right on positions whose answer is
worked out by hand here (not taken from the engine), it shares no decision code with the
engine, and its comparison helpers report a difference or a skipped state as documented."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import canasta_caliente as cc
from canasta_caliente import engine
from canasta_caliente.testing import (
    ReferenceCheck,
    ReferenceMismatch,
    ReferenceTooSlow,
    perft,
    reference_difference,
    reference_legal_actions,
)
from canasta_caliente.testing import reference as reference_module
from conftest import deal, play, rules_for


def listed(state: cc.GameState) -> list[str]:
    """The reference's legal actions as notation, in its order."""
    return [str(a) for a in reference_legal_actions(state)]


def test_frozen_pile_before_the_first_meld() -> None:
    """A joker buried under the up card freezes the pile, and the side has not melded: only
    the natural pair takes it, and the 3-card meld plus K K K and A A reach the minimum."""
    # RULES: PILE-3, INIT-4, DEAL-3
    state = deal("caliente", {0: "7 7 2 K K K A A Q J 9"}, pile="JK 7", stock="5 6 8 9")
    assert listed(state) == ["draw", "take 7 7"]


def test_melds_lay_offs_and_discards_after_the_first_meld() -> None:
    """Once the side has melded A A A: a new meld needs three cards with more naturals than
    wilds, a wild alone lays off on the aces, any held card is discarded, and no question is
    offered without a way to go out."""
    # RULES: MELD-1, MELD-2, MELD-3, DISC-1, OUT-2
    state = deal("caliente", {0: "A A A 9 9 2 5 6 8 10 J"}, pile="K", stock="Q Q 9 4")
    state = play(state, "draw", "meld A A A")
    assert listed(state) == [
        "meld 9 9 2", "meld 2 on A", "discard 5", "discard 6", "discard 8", "discard 9",
        "discard 10", "discard J", "discard Q", "discard 2"]


def test_stop_set_and_question_when_going_out_is_possible() -> None:
    """Seven kings make a canasta, and the stop set and the last card go with it: the stop set
    is offered (it binds the player to go out), and so is the question, since both answers
    leave a way to finish."""
    # RULES: MELD-5, OUT-1, OUT-2, TURN-0
    rules = rules_for("caliente", hand_size=10)
    state = play(deal(rules, {0: "K K K K K K B3 B3 B3 4"}, pile="6", stock="K 9"), "draw")
    actions = listed(state)
    assert "meld B3 B3 B3" in actions and "ask" in actions
    assert "meld K K K K K K K" in actions and "discard 4" in actions


def test_stop_set_refused_when_going_out_is_not_possible() -> None:
    """The same with one card too many: after the canasta and the stop set two cards are left,
    one too many to go out, so the stop set and the question are refused."""
    # RULES: MELD-5, TURN-0, DISC-3
    state = play(deal("caliente", {0: "K K K K K K K B3 B3 B3 4"}, pile="6", stock="4 9"),
                 "draw")
    actions = listed(state)
    assert "meld B3 B3 B3" not in actions and "ask" not in actions
    assert "meld K K K K K K K" in actions


def test_caliente_card_and_a_first_meld_take_short_of_the_minimum() -> None:
    """Holding a Caliente card, the player may play it; the pair of 7s cannot take the pile
    because 7 7 7 (15 points) and the rest of the hand cannot reach 50."""
    # RULES: HOT-2, INIT-3, INIT-4
    state = deal("caliente-cards", {0: "CAL 7 7 9 9 J Q K A 4 5"}, pile="7",
                 stock="R3 6 8 10 J Q")
    assert listed(state) == ["draw", "caliente"]


def test_answers_and_the_deal() -> None:
    """A partner asked answers yes or no; between hands the only action is the deal."""
    # RULES: OUT-2, GAME-1
    rules = rules_for("caliente", hand_size=10)
    state = play(deal(rules, {0: "K K K K K K B3 B3 B3 4"}, pile="6", stock="K 9"), "draw",
                 "ask")
    assert listed(state) == ["yes", "no"]
    over = play(state, "yes", "meld K K K K K K K", "meld B3 B3 B3", "discard 4")
    assert over.is_hand_over and not over.is_game_over
    assert listed(over) == ["deal"]


def test_the_budget_is_reported_not_guessed() -> None:
    """A position that needs the search raises ReferenceTooSlow when the budget is spent,
    and ReferenceCheck counts it as skipped rather than checked."""
    rules = rules_for("caliente", hand_size=10)
    state = play(deal(rules, {0: "K K K K K K B3 B3 B3 4"}, pile="6", stock="K 9"), "draw")
    with pytest.raises(ReferenceTooSlow):
        reference_legal_actions(state, budget=0)
    check = ReferenceCheck(budget=0)
    assert check(state) == cc.legal_actions(state)
    assert (check.checked, check.skipped) == (0, 1)


def test_a_difference_is_reported_with_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the engine's list differs (here: an engine made to list nothing), the difference
    names the actions, and ReferenceCheck raises ReferenceMismatch with a document that loads
    back to the state."""
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=3)
    # Where the comparison helpers look it up: the engine package.
    monkeypatch.setattr(engine, "legal_actions", lambda s: ())
    assert "misses ['draw']" in (reference_difference(state) or "")
    with pytest.raises(ReferenceMismatch) as info:
        perft(state, 1, ReferenceCheck())
    assert cc.loads(info.value.document) == state


def test_the_reference_orders_as_documented() -> None:
    """The reference returns its list sorted by Action.sort_key, the documented order."""
    state = play(deal("caliente", {0: "A A A 9 9 2 5 6 8 10 J"}, pile="K", stock="Q"), "draw")
    found = reference_legal_actions(state)
    assert list(found) == sorted(found, key=cc.Action.sort_key) and len(found) > 5


def _absolute(module: Path, node: ast.ImportFrom) -> str:
    """The dotted name a relative ``from`` import of ``module`` (in the testing package) reads."""
    base = ["canasta_caliente", "testing"][: 3 - node.level]
    return ".".join(base + ([node.module] if node.module else []))


def test_the_reference_imports_no_engine_decision_code() -> None:
    """At module level the reference imports only the card vocabulary, the actions, the
    RuleSet and the state classes; the engine appears only inside the comparison helpers."""
    path = Path(reference_module.__file__)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {_absolute(path, node) for node in tree.body
                if isinstance(node, ast.ImportFrom) and node.level}
    assert imported <= {"canasta_caliente.testing._candidates", "canasta_caliente.actions",
                        "canasta_caliente.cards", "canasta_caliente.errors",
                        "canasta_caliente.rules.ruleset", "canasta_caliente.state.game"}, (
        imported)
    # Its candidate actions (a module of their own) import no more than that.
    helper = path.with_name("_candidates.py")
    helper_tree = ast.parse(helper.read_text(encoding="utf-8"))
    assert {_absolute(helper, node) for node in ast.walk(helper_tree)
            if isinstance(node, ast.ImportFrom) and node.level} <= {
        "canasta_caliente.actions", "canasta_caliente.cards", "canasta_caliente.errors",
        "canasta_caliente.state.game"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            # Of the engine, the comparison helpers read its public legal_actions alone.
            name = _absolute(path, node)
            names = {alias.name for alias in node.names}
            if name.startswith("canasta_caliente.engine") or node.module is None:
                assert (name, names) == ("canasta_caliente.engine", {"legal_actions"}), (
                    name, names)


def test_the_former_name_of_reference_too_slow_warns() -> None:
    """``testing.ReferenceBudgetExceeded``, the former name of ``ReferenceTooSlow``, still
    names it, with a DeprecationWarning; it is no longer exported, and other names are
    missing as before."""
    import canasta_caliente.testing as testing
    from canasta_caliente.testing import harness

    for module in (testing, harness):
        with pytest.warns(DeprecationWarning, match="use ReferenceTooSlow"):
            assert module.ReferenceBudgetExceeded is testing.ReferenceTooSlow
        assert "ReferenceBudgetExceeded" not in module.__all__
        with pytest.raises(AttributeError, match="no attribute 'nothing'"):
            module.nothing  # noqa: B018
