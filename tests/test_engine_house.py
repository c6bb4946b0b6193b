"""The engine's house: its boundaries refuse what is not a state or an action, the rule facts
have one home, and no module imports another's private names (the layers and the import
circles are tests/test_layers.py's).

See docs/architecture.rst for the layout these tests hold in place.
"""

from __future__ import annotations

import ast
import copy
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import canasta_caliente as cc
from canasta_caliente import cards
from canasta_caliente.rules.facts import RuleFacts, facts_of, rule_facts

SRC = Path(__file__).resolve().parent.parent / "src" / "canasta_caliente"
RULES = cc.RuleSet.preset("caliente")


def a_state() -> cc.GameState:
    """A state in the play phase of a fresh game."""
    return cc.apply(cc.new_game(RULES, seed=3), "draw")


# ---------------------------------------------------------------------------------------------
# The public functions refuse what is not a state or an action


NOT_STATES: list[Callable[[], object]] = [
    lambda: None,
    lambda: cc.observe(a_state(), 0),
    lambda: "draw",
    lambda: a_state().table,
]


@pytest.mark.parametrize("make", NOT_STATES)
@pytest.mark.parametrize("call", [
    lambda s: cc.legal_actions(s),
    lambda s: cc.apply(s, "draw"),
    lambda s: cc.is_legal(s, "draw"),
    lambda s: cc.illegal_reason(s, "draw"),
])
def test_functions_refuse_what_is_not_a_state(
    make: Callable[[], object], call: Callable[[Any], object]
) -> None:
    """``legal_actions``, ``apply``, ``is_legal`` and ``illegal_reason`` refuse anything that
    is not a GameState (a view, ``None``, a table) with a TypeError naming its type."""
    thing = make()
    with pytest.raises(TypeError, match=f"expected a GameState, not {type(thing).__name__}"):
        call(thing)


@pytest.mark.parametrize("action", [None, 5, b"draw", ("draw",)])
def test_functions_refuse_what_is_not_an_action(action: object) -> None:
    """``apply``, ``is_legal`` and ``illegal_reason`` refuse anything that is neither an
    Action nor its notation with a TypeError naming its type."""
    state = a_state()
    for call in (cc.apply, cc.is_legal, cc.illegal_reason):
        with pytest.raises(TypeError, match=type(action).__name__):
            call(state, action)  # type: ignore[arg-type]


def test_a_view_is_refused_with_a_hint() -> None:
    """A seat's view passed as a state says that the game's state is what is played."""
    with pytest.raises(TypeError, match="a seat's view cannot be played"):
        cc.legal_actions(cc.observe(a_state(), 1))  # type: ignore[arg-type]


@pytest.mark.parametrize(("kwargs", "error", "named"), [
    ({"deck": [5]}, TypeError, r"deck\[0\] must be a Card or a card code, not int"),
    ({"deck": ["A", None]}, TypeError, r"deck\[1\] must be a Card or a card code, not NoneType"),
    ({"deck": 5}, TypeError, "deck must be a sequence of cards or card codes, not int"),
    ({"deck": b"A K"}, TypeError, "not bytes"),
    ({"deck": "J K X"}, cc.ArgumentError, "deck: unknown card code 'X'"),
    ({"deck": ["XX"]}, cc.ArgumentError, "deck: unknown card code 'XX'"),
    ({"deck": ["JK"] * 5}, cc.ArgumentError, "deck: too many JK cards"),
    ({"scores": 5}, TypeError, "scores must be a sequence of 2 integers, one per side, not int"),
    ({"scores": "00"}, TypeError, "not str"),
    ({"scores": [0]}, cc.ArgumentError, "expected 2 integers"),
    ({"scores": [0, 2**300]}, cc.ArgumentError, "must fit in 256 bits"),
    ({"scores": [0, 1.5]}, TypeError, r"float 1.5 is not one"),
    ({"scores": [0, True]}, TypeError, "bool True is not one"),
    ({"seed": "7"}, TypeError, "seed must be an int, not str"),
    ({"seed": 1.0}, TypeError, "seed must be an int, not float"),
    ({"seed": 2**300}, cc.ArgumentError, "seed must be an integer of at most 256 bits"),
])
def test_new_game_names_bad_arguments(
    kwargs: dict[str, Any], error: type[Exception], named: str
) -> None:
    """``new_game`` refuses a deck, scores or seed of the wrong type with a TypeError and one
    out of range with an ArgumentError, each naming what was wrong, never an
    AttributeError."""
    with pytest.raises(error, match=named):
        cc.new_game(RULES, **kwargs)


def test_new_game_reads_a_deck_given_as_a_string_of_codes() -> None:
    """A string is a deck of codes separated by spaces: "JK" is one joker, not a J and a K."""
    state = cc.new_game(RULES, seed=1, deck="JK")
    assert state == cc.new_game(RULES, seed=1, deck=[cc.Card.JOKER])
    assert state.table.deck[0] is cc.Card.JOKER


def test_new_game_stacks_a_deck_given_as_a_generator() -> None:
    """A stacked deck may be any iterable of cards or codes, a one-shot generator included."""
    # RULES: DEAL-2
    state = cc.new_game(RULES, seed=1, deck=(code for code in ["A", "K", "Q", "J"]))
    assert state == cc.new_game(RULES, seed=1, deck=["A", "K", "Q", "J"])


# ---------------------------------------------------------------------------------------------
# One home for the rule facts


def test_rule_facts_are_computed_once_and_kept_on_the_ruleset() -> None:
    """A RuleSet's facts are computed when it is made and kept on it (``facts_of`` returns the
    same object); equal RuleSets compare, hash and print equal, their facts apart. (A
    preset's name gives one RuleSet every time: the twin is made from its options.)"""
    rules = cc.RuleSet.preset("caliente-5p")
    twin = cc.RuleSet.from_dict(rules.to_dict())
    facts = rules.facts
    assert facts_of(rules) is facts and rule_facts(rules) is facts
    assert twin.facts is not facts and isinstance(twin.facts, RuleFacts)
    assert rules == twin and hash(rules) == hash(twin) and repr(rules) == repr(twin)
    assert rules.replace(max_wilds=2).facts.caps != facts.caps or rules.max_wilds == 2


def test_rule_facts_state_the_seats_sides_and_deck() -> None:
    """The facts agree with the RuleSet they come from: each seat's side is the side that
    lists it (SEAT-2), and the deck holds the rules' counts of each kind (CARD-2)."""
    # RULES: SEAT-2, CARD-2
    for name in cc.RuleSet.preset_names():
        rules = cc.RuleSet.preset(name)
        facts = rule_facts(rules)
        for side_no, seats in enumerate(rules.layout):
            for seat in seats:
                assert facts.side_of[seat] == side_no
        assert [facts.deck.count(card) for card in cc.Card] == list(rules.deck_counts)


def test_rule_facts_are_frozen_and_not_pickled() -> None:
    """The facts cannot be rebound; a pickled or copied RuleSet is rebuilt from its options, with
    facts of its own equal to the original's (their filled tables are not carried), and a
    RuleFacts pickled alone becomes ``None``."""
    rules = cc.RuleSet.preset("caliente-6p")
    facts = rules.facts
    with pytest.raises(AttributeError, match="frozen"):
        facts.side_of = ()  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.facts = facts  # type: ignore[misc]
    for other in (pickle.loads(pickle.dumps(rules)), copy.copy(rules), copy.deepcopy(rules)):
        assert other == rules and hash(other) == hash(rules)
        assert other.facts is not facts
        assert (other.facts.side_of, other.facts.caps, other.facts.freezers) == (
            facts.side_of, facts.caps, facts.freezers)
    assert pickle.loads(pickle.dumps(facts)) is None
    assert isinstance(facts, RuleFacts)


def test_state_side_of_reads_the_facts() -> None:
    """``GameState.side_of`` names the side whose seats include the seat (SEAT-2)."""
    # RULES: SEAT-2
    rules = cc.RuleSet.preset("caliente-6p-3deck-3x2")
    state = cc.new_game(rules, seed=1)
    for side_no, seats in enumerate(rules.layout):
        for seat in seats:
            assert state.side_of(seat) == side_no


def test_card_vocabulary_is_defined_once() -> None:
    """The card aliases are the cards' own members and the count indexes their ints; the
    freezers are the wilds and the bonus card (PILE-3)."""
    # RULES: PILE-3
    assert (cards.TWO, cards.JOKER, cards.R3, cards.B3, cards.CAL) == (
        cc.Card.TWO, cc.Card.JOKER, cc.Card.RED_THREE, cc.Card.BLACK_THREE, cc.Card.CALIENTE)
    indexes = (cards.I_TWO, cards.I_JOKER, cards.I_R3, cards.I_B3, cards.I_CAL)
    assert all(type(i) is int for i in indexes)
    assert indexes == (int(cards.TWO), int(cards.JOKER), int(cards.R3), int(cards.B3),
                       int(cards.CAL))
    assert {cc.Card.TWO, cc.Card.JOKER, cc.Card.RED_THREE} == cards.FREEZERS
    for path in SRC.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in tree.body:
            if isinstance(node, ast.Assign) and path.name != "cards.py":
                for target in node.targets:
                    assert not (isinstance(target, ast.Name) and target.id in {
                        "TWO", "JOKER", "R3", "B3", "CAL", "FREEZERS", "_ALWAYS_FREEZE"}), (
                        f"{path.name} defines {target.id} again")


# ---------------------------------------------------------------------------------------------
# The modules: no private names across modules, none too long


# The import circles and the layer order (imports inside functions included) are held by
# tests/test_layers.py.


def test_engine_privates_are_not_imported_across_modules() -> None:
    """No module of the package imports a private name (``_x``) of another module: what the
    engine's modules share is documented module-level API."""
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:
                private = [a.name for a in node.names
                           if a.name.startswith("_") and not a.name.startswith("__")]
                # A private module imported whole from its own package (the documents' codec,
                # the OpenSpiel game that only registration loads and the name it registers,
                # the RuleSet checks whose bounds rules.py names, the package's names that it
                # loads on first use, the play command's table talk) is not a private name.
                allowed = {"_codec", "_spiel", "_names", "_validation", "_moved", "_api",
                           "_table"}
                assert not set(private) - allowed, f"{path.name} imports {private}"


# The most lines a module of src/ may have. A module past this is split by its jobs, as
# rules.py, views.py and _codec.py were (their documents, checks and state parts have modules
# of their own).
MOST_MODULE_LINES = 700


def test_no_module_is_too_long() -> None:
    """Each module of src/ (the engine's package, the facts, the rules, the views, the codec and
    every other) stays readable: at most about 700 lines."""
    paths = sorted(SRC.rglob("*.py"))
    assert len(paths) > 30
    too_long = {}
    for path in paths:
        lines = len(path.read_text().splitlines())
        if lines > MOST_MODULE_LINES:
            too_long[str(path.relative_to(SRC))] = lines
    assert not too_long, f"modules over {MOST_MODULE_LINES} lines: {too_long}"


def test_the_version_has_a_module_of_its_own() -> None:
    """The package version is read from ``canasta_caliente._version`` by the package and the
    documents, so neither storage nor views needs the other to write it."""
    from canasta_caliente import _version

    assert cc.__version__ == _version.__version__
    state = cc.new_game(RULES, seed=2)
    assert cc.observe(state, 0).to_dict()["package_version"] == _version.__version__


@pytest.mark.parametrize("option", ["seed", "scores"])
def test_new_game_refuses_numbers_no_saved_game_could_hold(option: str) -> None:
    """A seed or starting score too large for a document (over 256 bits) is refused by
    new_game with a ValueError naming it, so every game new_game starts round-trips through
    dumps and loads; the largest that fits does round-trip."""
    big = 2**300
    kwargs: dict[str, object] = {"seed": big} if option == "seed" else {"scores": (big, 0)}
    with pytest.raises(ValueError, match=f"{option}.*256 bits"):
        cc.new_game(RULES, **kwargs)  # type: ignore[arg-type]
    fits = 2**256 - 1
    kwargs = {"seed": fits} if option == "seed" else {"scores": (fits, 0), "seed": 1}
    state = cc.new_game(RULES, **kwargs)  # type: ignore[arg-type]
    assert cc.loads(cc.dumps(state)) == state


@pytest.mark.skipif(cc.COMPILED, reason="compiled by mypyc, the functions have no code objects "
                    "(and a nested comprehension's variables are no cells)")
def test_the_hot_functions_make_no_closure_cells() -> None:
    """The functions every decision runs hold no variable a nested comprehension reads: such a
    variable becomes a cell, allocated at every call (0.8k machine instructions a decision when
    ``legal_actions`` had two; see ``listing._accepted``)."""
    from canasta_caliente.engine import listing, successors

    hot = [listing.legal_actions, listing._plain_play_actions, listing._list_takes,
           successors.apply, successors._fast_discard, successors._fast_draw,
           successors._fast_meld, successors._fast_take, successors._turn_passed]
    cells = {f.__name__: f.__code__.co_cellvars for f in hot if f.__code__.co_cellvars}
    assert not cells, f"these hot functions make closure cells at every call: {cells}"


@pytest.mark.parametrize("kind", [cards.I_TWO, cards.I_JOKER, 0])
def test_a_hand_holding_more_of_a_kind_than_the_deck_is_still_listed(kind: int) -> None:
    """The listing's meld tables (``engine.tables.rank_table``) hold as many of a kind as the
    deck: a state a caller built whose hand holds more is listed by the general path, as any
    other, never with an IndexError from the tables."""
    state = a_state()
    t = state.table
    hand = list(t.hands[t.turn.player])
    hand[kind] += 20
    hands = list(t.hands)
    hands[t.turn.player] = tuple(hand)
    built = attrs.evolve(state, table=attrs.evolve(t, hands=tuple(hands)))
    legal = cc.legal_actions(built)
    assert legal and all(cc.apply(built, action) is not None for action in legal[:5])
