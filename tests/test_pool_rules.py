"""A worker keeps the RuleSets of its last chunks: a chunk's rules arrive pickled (a new, equal
object whose meld tables start empty), and are played as the kept one, whose tables are filled.
A comparison's chunks take turns among its variants, so a few are kept. The games are the same
either way."""

from __future__ import annotations

import pickle

import canasta_caliente as cc
from canasta_caliente.studies import pool
from canasta_caliente.studies.pool import KEPT_RULES, play_chunk


def test_an_equal_ruleset_is_played_as_the_one_kept() -> None:
    """The second chunk's unpickled rules give way to the first chunk's object, and the games
    are those of the rules as given; other rules are kept beside them."""
    rules = cc.RuleSet.preset("caliente")
    first = play_chunk(rules, ("heuristic", "random"), 4, (0, 1), 200)
    kept = pool._KEPT_RULES[0]  # rules, or an equal RuleSet an earlier chunk of this process kept
    assert kept == rules
    again = pickle.loads(pickle.dumps(rules))
    assert again is not kept and again == rules
    second = play_chunk(again, ("heuristic", "random"), 4, (0, 1), 200, keep_records=True)
    assert second[0].record is not None and second[0].record.rules is kept
    assert [g.scores for g in second] == [g.scores for g in first]
    assert [g.actions for g in second] == [g.actions for g in first]
    other = cc.RuleSet.preset("classic")
    play_chunk(other, ("random",), 4, (0,), 200)
    assert pool._KEPT_RULES[:2] == [other, kept]
    assert pool._KEPT_RULES[0] is other


def test_the_variants_of_a_comparison_are_kept_in_turn() -> None:
    """Chunks that take turns among a few variants each play the variant's first object; the
    rules of more than :data:`KEPT_RULES` chunks back are let go."""
    base = cc.RuleSet.preset("caliente-2p")
    variants = [base.replace(target_score=3000 + 500 * k) for k in range(KEPT_RULES + 1)]
    firsts = []
    for rules in variants[:3]:
        play_chunk(rules, ("random",), 1, (0,), 1)
        firsts.append(pool._KEPT_RULES[0])
    for _ in range(2):
        for rules, first in zip(variants[:3], firsts, strict=True):
            result = play_chunk(pickle.loads(pickle.dumps(rules)), ("random",), 1, (0,), 1,
                                keep_records=True)
            assert result[0].record is not None and result[0].record.rules is first
    for rules in variants:
        play_chunk(rules, ("random",), 1, (0,), 1)
    assert variants[:0:-1] == pool._KEPT_RULES  # the latest first; the first variant let go
