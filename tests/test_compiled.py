"""The compiled build (mypyc, the wheel's build hook) and the pure-Python one tell themselves
apart by :data:`canasta_caliente.COMPILED`, and play the same: the whole quick loop runs on
both (``.ci/run`` runs it on the compiled wheel)."""

from __future__ import annotations

import importlib.machinery
import pickle

import attrs
import pytest

import canasta_caliente as cc
from canasta_caliente._native import is_native
from canasta_caliente.engine import checks, listing


def test_compiled_says_whether_the_engine_is_an_extension_module() -> None:
    """``COMPILED`` is a bool, true exactly where the engine's modules are extension modules,
    and there the state classes and :class:`~canasta_caliente.Action` are native classes."""
    assert type(cc.COMPILED) is bool
    extension = listing.__file__ is not None and listing.__file__.endswith(
        tuple(importlib.machinery.EXTENSION_SUFFIXES))
    assert cc.COMPILED is extension
    for cls in (cc.GameState, cc.Action):
        assert is_native(cls) is cc.COMPILED, cls
    # (compiled, put back from the source: help() shows it)
    assert (cc.GameState.__doc__ or "").startswith("The whole state of a game")


def test_the_checks_rule_ids_are_read_in_either_build() -> None:
    """The rule IDs of the checks are read from their docstrings, from the source where the
    compiled functions have none: the table is the same in both builds."""
    assert checks.CHECKS["PILE-2"] == ("up_card_refusal",)
    assert all(checks.rules_of(check) for check in checks.CHECK_FUNCTIONS if
               check.__name__.endswith("_refusal"))


@pytest.mark.parametrize("seed", [1, 2])
def test_states_and_actions_compare_hash_copy_and_print_alike(seed: int) -> None:
    """What attrs made (equality, hashing, repr, frozen attributes) and pickling hold for the
    states and actions of either build."""
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=seed)
    state = cc.apply(state, "draw")
    again = cc.loads(cc.dumps(state))
    assert again == state and hash(again) == hash(state) and repr(again) == repr(state)
    assert pickle.loads(pickle.dumps(state)) == state
    assert attrs.evolve(state) == state
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.seed = 3  # type: ignore[misc]
    action = cc.legal_actions(state)[0]
    assert pickle.loads(pickle.dumps(action)) == action == cc.parse_action(str(action))
    assert {action: 1}[cc.parse_action(str(action))] == 1
