"""ActionSpace: every legal action has a fixed id, ids round-trip, and the numbering depends only
on the number of decks."""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import canasta_caliente as cc
from canasta_caliente.views.action_space import action_space_size
from conftest import EVERY_PRESET
from strategies import rulesets

PRESETS = cc.RuleSet.preset_names()
ROOT = Path(__file__).resolve().parent.parent


def _sweep(rules: cc.RuleSet, seed: int, max_steps: int) -> int:
    """Play random actions from a new game; at every node check that each legal action has an
    id that maps back to it, and that the legal ids are ascending. Return the nodes seen."""
    space = cc.ActionSpace(rules)
    rng = random.Random(seed)
    state = cc.new_game(rules, seed=seed)
    for step in range(max_steps):
        legal = cc.legal_actions(state)
        if not legal:
            return step
        ids = space.legal_ids(state)
        assert [space.action(i) for i in ids] == list(legal), (seed, step)
        assert all(a < b for a, b in itertools.pairwise(ids)), (seed, step, ids)
        for action in legal:
            assert space.index(action) == space.index(str(action))
        state = cc.apply(state, legal[rng.randrange(len(legal))])
    return max_steps


@pytest.mark.parametrize("preset", EVERY_PRESET)
def test_every_legal_action_of_a_preset_has_an_id(preset: str) -> None:
    """Random play of whole hands of every preset meets no legal action without an id, and the
    ids listed for a state are those of its legal actions, ascending."""
    rules = cc.RuleSet.preset(preset)
    for seed in range(3):
        assert _sweep(rules, seed, 400) > 0


@given(rules=rulesets(), seed=st.integers(0, 2**32))
def test_every_legal_action_under_generated_rules_has_an_id(rules: cc.RuleSet, seed: int) -> None:
    """The same sweep under generated RuleSets (every option combined, including no wild cap
    and the two-naturals wild rule)."""
    _sweep(rules, seed, 300)


@pytest.mark.parametrize("decks", [2, 3])
def test_ids_are_unique_and_round_trip(decks: int) -> None:
    """Every id names a distinct action, and index/action are inverse both ways; the size is
    the documented formula."""
    preset = "caliente" if decks == 2 else "caliente-6p-3deck"
    space = cc.ActionSpace(cc.RuleSet.preset(preset))
    assert space.size == len(space) == action_space_size(decks)
    assert len(set(space.actions)) == space.size
    for i in range(space.size):
        action = space.action(i)
        assert space.index(action) == i
        assert cc.parse_action(str(action)) == action


def test_the_documented_sizes() -> None:
    """Two decks give 4,503 ids and three give 13,061, as the guide says."""
    assert action_space_size(2) == 4503
    assert action_space_size(3) == 13061


def test_ids_follow_the_legal_order() -> None:
    """Ids are in the documented order of legal_actions: by verb, cards, then the on rank."""
    space = cc.ActionSpace(cc.RuleSet.preset("caliente"))
    keys = [a.sort_key() for a in space.actions]
    assert keys == sorted(keys)
    assert str(space.action(0)) == "draw"
    assert str(space.action(space.size - 1)) == "deal"


@pytest.mark.parametrize("preset", PRESETS)
def test_size_depends_only_on_the_deck_count(preset: str) -> None:
    """Every preset's space equals the space of any other RuleSet with the same deck count."""
    rules = cc.RuleSet.preset(preset)
    base = cc.ActionSpace(cc.RuleSet.preset("caliente" if rules.decks == 2
                                            else "caliente-6p-3deck"))
    space = cc.ActionSpace(rules)
    assert space == base
    assert space.size == base.size
    assert space.actions == base.actions


@given(rules=rulesets())
def test_generated_rules_share_the_space_of_their_deck_count(rules: cc.RuleSet) -> None:
    """Any generated RuleSet gets exactly the ids of its deck count."""
    assert cc.ActionSpace(rules).actions == cc.ActionSpace(
        cc.RuleSet.preset("caliente" if rules.decks == 2 else "caliente-6p-3deck")).actions


def test_the_largest_forms_have_ids() -> None:
    """The worst cases the table is sized for: every wild of two decks laid off at once, every
    natural of a rank melded at once, two stop-meld sizes."""
    space = cc.ActionSpace(cc.RuleSet.preset("caliente"))
    for text in ("meld 2 2 2 2 2 2 2 2 JK JK JK JK on A",
                 "meld 4 4 4 4 4 4 4 4 2 2 2 2 2 2 2 2 JK JK JK JK",
                 "meld B3 B3 B3", "meld B3 B3 B3 B3", "take A JK", "discard CAL"):
        assert str(space.action(space.index(text))) == text


def test_bad_input_is_refused_clearly() -> None:
    """An action no state could offer, an id out of range, wrong types and a state of another
    deck count each raise the library's errors, saying what was wrong."""
    space = cc.ActionSpace(cc.RuleSet.preset("caliente"))
    with pytest.raises(cc.IllegalActionError, match="no state with 2 decks"):
        space.index("meld 4 4 4 4 4 4 4 4 4")
    with pytest.raises(cc.IllegalActionError, match="from 0 to 4502"):
        space.action(4503)
    with pytest.raises(cc.IllegalActionError, match="no action has id -1"):
        space.action(-1)
    with pytest.raises(cc.NotationError):
        space.index("meld")
    with pytest.raises(TypeError, match="float"):
        space.action(1.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="int"):
        space.index(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="str"):
        cc.ActionSpace("caliente")  # type: ignore[arg-type]
    state = cc.new_game(cc.RuleSet.preset("caliente-6p-3deck"), seed=0)
    with pytest.raises(ValueError, match="3"):
        space.legal_ids(state)


def _run(code: str) -> subprocess.CompletedProcess[str]:
    """Run Python code in a fresh interpreter that imports this checkout's package."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=False, env=env)


def test_the_core_never_imports_numpy() -> None:
    """`import canasta_caliente` (and building an ActionSpace) loads no numpy, gymnasium or
    pettingzoo: the core has no extra dependency."""
    done = _run("import sys, canasta_caliente as cc\n"
                "cc.ActionSpace(cc.RuleSet.preset('caliente'))\n"
                "extras = ('numpy', 'gymnasium', 'pettingzoo')\n"
                "print(sorted(m for m in extras if m in sys.modules))")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_rl_without_the_extra_names_it() -> None:
    """Importing canasta_caliente.rl without numpy raises an ImportError that says which extra
    to install."""
    done = _run("import sys\nsys.modules['numpy'] = None\n"
                "try:\n    import canasta_caliente.rl\n"
                "except ImportError as exc:\n    print(exc)\n")
    assert done.returncode == 0, done.stderr
    assert ('canasta_caliente.rl needs the optional extra \'rl\' (numpy is missing): '
            'pip install "canasta-caliente[rl]" (from a checkout: pip install -e ".[rl]")'
            ) in done.stdout
    assert "numpy" in done.stdout


def test_an_action_read_from_its_id_is_the_listed_action_itself() -> None:
    """The space holds the engine's interned actions, so an id read back is the very object
    ``legal_actions`` lists, which ``apply`` finds by identity (an equal copy would be compared
    with each listed action in turn)."""
    rules = cc.RuleSet.preset("caliente")
    space = cc.ActionSpace(rules)
    rng = random.Random(5)
    state = cc.new_game(rules, seed=5)
    for _ in range(200):
        if state.is_game_over:
            break
        legal = cc.legal_actions(state)
        assert all(space.action(i) is action
                   for i, action in zip(space.legal_ids(state), legal, strict=True))
        state = cc.apply(state, rng.choice(legal))


def test_a_pickled_space_holds_its_decks_and_shares_the_tables_again() -> None:
    """A space pickles as its number of decks, not its tables (about 280 kB of them, in every
    pickled environment: a PettingZoo or Gymnasium environment pickled whole came to 336 kB),
    and unpickles to the same ids, sharing the process's tables; a state that is not a number
    of decks is refused."""
    import pickle

    for preset in ("caliente", "caliente-6p-3deck"):
        space = cc.ActionSpace(cc.RuleSet.preset(preset))
        data = pickle.dumps(space)
        assert len(data) < 200
        again = pickle.loads(data)
        assert again.decks == space.decks and again.actions is space.actions
        assert [again.index(a) for a in space.actions[::97]] == list(range(0, space.size, 97))
    blank = cc.ActionSpace.__new__(cc.ActionSpace)
    with pytest.raises(TypeError, match="pickled state is its number of decks"):
        blank.__setstate__("2")  # type: ignore[arg-type]
