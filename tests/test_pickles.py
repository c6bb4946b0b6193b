"""A state or an action pickled in one process and read in another hashes as the other
process hashes it: its cached hash (and a state's cached legal actions) are not pickled. A
review found the hash kept, once the classes held it in a field of their own: an unpickled
state, equal to a fresh one, was not found in a set of it (strings and enums hash otherwise
in each process)."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import canasta_caliente as cc

SRC = Path(__file__).resolve().parent.parent / "src"
STATE = 'cc.apply(cc.new_game(cc.RuleSet.preset("caliente"), seed=1), "draw")'
CHILD = f"""
import pickle, sys
import canasta_caliente as cc
state, action = pickle.loads(sys.stdin.buffer.read())
fresh = {STATE}
print(state == fresh, state in {{fresh}}, action in {{cc.parse_action("meld 7 7 7")}})
"""


def test_a_pickle_read_in_another_process_hashes_as_that_process_does() -> None:
    state = eval(STATE)
    action = cc.parse_action("meld 7 7 7")
    cc.legal_actions(state)
    hash(state), hash(action)  # (cached, in this process)
    env = {**os.environ, "PYTHONHASHSEED": "12345",
           "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", CHILD], input=pickle.dumps((state, action)),
                          capture_output=True, env=env, timeout=120, check=True)
    assert done.stdout.decode().split() == ["True", "True", "True"], done.stderr.decode()


@pytest.mark.parametrize("make", [
    lambda: cc.apply(cc.new_game(cc.RuleSet.preset("caliente-2p"), seed=3), "draw"),
    lambda: cc.parse_action("meld 7 7 2"),
])
def test_copies_are_equal_and_unordered_and_frozen(make: object) -> None:
    import copy

    value = make()  # type: ignore[operator]
    hash(value)
    for twin in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
        assert twin == value and hash(twin) == hash(value)
    with pytest.raises(TypeError):
        value < value  # noqa: B015 (the states and actions are not ordered)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        value.seed = 1 if isinstance(value, cc.GameState) else value.verb  # type: ignore[misc]
