"""Each legality rule has one home: its named check in ``engine/checks.py``.

A refusal message names the rules that refuse (``"... (PILE-3)"``). These tests parse the
engine's modules and require every string that names a rule ID (outside docstrings) to stand
inside a function of ``checks.py`` whose rule list (the first parentheses of its docstring that
hold rule IDs alone, :func:`~canasta_caliente.engine.checks.rules_of`) names that ID, so a rule's
refusal cannot be written a second time in the decision, the listing or the successors; and they
check the table :data:`~canasta_caliente.engine.checks.CHECKS` that the documents are built from.
"""

# RULES: TURN-0, TURN-1, PILE-2, PILE-3, MELD-2, DISC-1, OUT-1, OUT-2

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import canasta_caliente as cc
from canasta_caliente.engine import checks, decision
from conftest import deal

ENGINE = Path(checks.__file__).parent
RULE_ID = re.compile(r"\b[A-Z]{3,5}-\d+\b")


def docstring_nodes(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (of the module, a class, a
    function, or an attribute: any string standing alone as a statement)."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)}


def rule_strings(path: Path) -> list[tuple[int, str, list[str]]]:
    """Each string constant of ``path`` that names rule IDs in words (not a docstring, nor a
    bare rule ID: an entry of a table such as ``CONTEXT_FACTS``), with the chain of functions
    around it, innermost last, and the IDs."""
    tree = ast.parse(path.read_text())
    docs = docstring_nodes(tree)
    found: list[tuple[int, str, list[str]]] = []

    def visit(node: ast.AST, functions: list[str]) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions = [*functions, node.name]
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in docs and not RULE_ID.fullmatch(node.value)):
            ids = RULE_ID.findall(node.value)
            if ids:
                found.append((node.lineno, ".".join(functions), ids))
        for child in ast.iter_child_nodes(node):
            visit(child, functions)

    visit(tree, [])
    return found


def test_every_refusal_of_a_rule_is_made_by_that_rules_check() -> None:
    """A string naming a rule ID in the engine stands only in a check of ``checks.py`` that
    decides that rule (its docstring's rule list names it), never in the decision, the listing
    or the successors."""
    problems = []
    for path in sorted(ENGINE.glob("*.py")):
        for line, where, ids in rule_strings(path):
            if path.name != "checks.py":
                problems.append(f"{path.name}:{line} ({where or 'module'}) names {ids}")
                continue
            outer = where.split(".")[0] if where else ""
            check = getattr(checks, outer, None)
            decided = set(checks.rules_of(check)) if callable(check) else set()
            missing = set(ids) - decided
            if missing:
                problems.append(f"checks.py:{line} ({where or 'module'}) names {sorted(missing)}"
                                " that its check's docstring does not list")
    assert not problems, "\n".join(problems)


def test_the_refusal_strings_are_found() -> None:
    """The search above sees the refusals (so an empty result is not a broken search)."""
    names = {where for _, where, _ in rule_strings(ENGINE / "checks.py")}
    assert {"take_refusal", "meld_wilds_refusal", "discard_refusal",
            "going_out_refusal", "turn0_refusal"} <= names


def test_checks_table_names_each_rule_and_its_checks() -> None:
    """``CHECKS`` maps each rule ID to the checks that decide it, all of them in the module,
    and covers every rule a refusal names."""
    named = {rule for path in ENGINE.glob("*.py") for _, _, ids in rule_strings(path)
             for rule in ids}
    assert named <= set(checks.CHECKS)
    for rule, names in checks.CHECKS.items():
        assert RULE_ID.fullmatch(rule) and names
        for name in names:
            head = name.split(".")[0]
            assert hasattr(checks, head), name
    assert checks.CHECKS["PILE-2"] == ("up_card_refusal",)
    assert "take_refusal" in checks.CHECKS["PILE-3"]
    assert "pile_frozen_for" in checks.CHECKS["PILE-3"]
    assert "meld_wilds_refusal" in checks.CHECKS["MELD-2"]
    assert "going_out_refusal" in checks.CHECKS["OUT-1"]
    for check in checks.CHECK_FUNCTIONS:
        assert checks.rules_of(check), f"{check.__name__} names no rule"


def test_the_checks_give_the_decisions_refusals() -> None:
    """The decision's verdict is the check's message, word for word."""
    rules = cc.RuleSet.preset("caliente")
    state = cc.new_game(rules, seed=3)
    ctx = checks.context(state)
    assert decision.illegal_reason(state, "meld 4 4 4") == checks.turn_step_refusal(
        ctx, cc.Verb.MELD)
    assert checks.turn_step_refusal(ctx, cc.Verb.DRAW) is None
    played = cc.apply(state, "draw")
    ctx = checks.context(played)
    assert checks.discard_refusal(ctx, cc.Card.RED_THREE) == decision.illegal_reason(
        played, "discard R3") == "bonus cards cannot be discarded (DISC-1)"


@pytest.mark.parametrize("freezes", [True, False])
@pytest.mark.parametrize(("card", "words"), [
    (cc.Card.TWO, "it holds a wild card"),
    (cc.Card.JOKER, "it holds a wild card"),
    (cc.Card.RED_THREE, "it holds a red three, a bonus card"),
    (cc.Card.BLACK_THREE, "it holds a black three, a stop card, which these rules let freeze it"),
])
def test_the_pile_reasons_name_the_freezers_rules(card: cc.Card, words: str,
                                                  freezes: bool) -> None:
    """A freezer buried at the deal (DEAL-3, READ-1): the reason ``pile_frozen_reasons`` gives
    for it names exactly the rule IDs of ``freezer_rules``, and a card that does not freeze
    (a stop card with ``stop_card_freezes`` off) gets no reason."""
    # RULES: PILE-3, READ-6, DEAL-3, READ-1
    rules = cc.RuleSet.preset("caliente").replace(up_card_must_be_natural=True,
                                                  stop_card_freezes=freezes)
    state = deal(rules, {}, pile=f"{card} 9")
    assert state.up_card is cc.Card.NINE
    reasons = checks.pile_frozen_reasons(checks.context(state))
    named = checks.freezer_rules(rules, card)
    said = [reason for reason in reasons if reason.startswith(words)]
    assert said == ([f"{words} ({', '.join(named)})"] if named else [])
    stop_card = ("PILE-3", "READ-6") if freezes else ()
    assert named == (stop_card if card is cc.Card.BLACK_THREE else ("PILE-3",))
    assert reasons[-1] == "the side to play has not melded yet (PILE-3)"


@pytest.mark.parametrize("card", [cc.Card.FOUR, cc.Card.ACE, cc.Card.CALIENTE])
def test_a_card_that_never_freezes_has_no_freezer_rules(card: cc.Card) -> None:
    # RULES: PILE-3
    for freezes in (True, False):
        rules = cc.RuleSet.preset("caliente-cards").replace(stop_card_freezes=freezes)
        assert checks.freezer_rules(rules, card) == ()


def test_freezer_rules_refuses_what_is_not_a_ruleset_or_a_card() -> None:
    rules = cc.RuleSet.preset("caliente")
    with pytest.raises(TypeError, match=r"freezer_rules: rules must be a RuleSet, not str "
                       r"'caliente' \(a preset by its name: RuleSet.preset\('caliente'\)\)"):
        checks.freezer_rules("caliente", cc.Card.TWO)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a Card, got str '2'"):
        checks.freezer_rules(rules, "2")  # type: ignore[arg-type]
