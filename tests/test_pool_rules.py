"""A worker keeps the RuleSet of its last chunk: a chunk's rules arrive pickled (a new, equal
object whose meld tables start empty), and are played as the kept one, whose tables are filled.
The games are the same either way."""

from __future__ import annotations

import pickle

import canasta_caliente as cc
from canasta_caliente.studies import pool
from canasta_caliente.studies.pool import play_chunk


def test_an_equal_ruleset_is_played_as_the_one_kept() -> None:
    """The second chunk's unpickled rules give way to the first chunk's object, and the games
    are those of the rules as given; other rules replace the kept ones."""
    rules = cc.RuleSet.preset("caliente")
    first = play_chunk(rules, ("heuristic", "random"), 4, (0, 1), 200)
    kept = pool._LAST_RULES  # rules, or an equal RuleSet an earlier chunk of this process kept
    assert kept == rules
    again = pickle.loads(pickle.dumps(rules))
    assert again is not kept and again == rules
    second = play_chunk(again, ("heuristic", "random"), 4, (0, 1), 200, keep_records=True)
    assert second[0].record is not None and second[0].record.rules is kept
    assert [g.scores for g in second] == [g.scores for g in first]
    assert [g.actions for g in second] == [g.actions for g in first]
    other = cc.RuleSet.preset("classic")
    play_chunk(other, ("random",), 4, (0,), 200)
    assert pool._LAST_RULES is other
