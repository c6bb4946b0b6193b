"""The public API used the way a user would, for ``mypy --strict``.

This module is checked, not collected: ``pytest`` runs only ``tests/`` (``testpaths``), and the
functions here are not named ``test_*``. Each ``assert_type`` pins the type a user's code sees, so
a public annotation that changes (a return type that widens to ``Any``, a parameter that stops
accepting notation strings, ...) fails ``mypy --strict`` in CI. CI also type-checks this file
against the installed wheel, which proves the wheel ships ``py.typed``.

It also runs, in well under a second (``python typing_tests/test_public_api.py``); CI runs it
against the installed wheel as well. ``assert_type`` does nothing at run time.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, assert_type

import canasta_caliente as cc
from canasta_caliente.players.bots import Bot
from canasta_caliente.testing.harness import SweepReport, Violation, stacked_deck, sweep


def use_rulesets() -> cc.RuleSet:
    """Presets, ``replace`` and the document round trips."""
    assert_type(cc.RuleSet.preset_names(), tuple[str, ...])
    rules = cc.RuleSet.preset("caliente-2p")
    assert_type(rules, cc.RuleSet)
    house = rules.replace(caliente_cards=2, always_frozen=True)
    assert_type(house, cc.RuleSet)
    assert_type(house.players, int)
    assert_type(house.decks, int)
    assert_type(house.hand_size, int)
    assert_type(house.draw_count, int)
    assert_type(house.caliente_cards, int)
    assert_type(house.always_frozen, bool)
    assert_type(house.max_wilds, int | None)
    assert_type(house.canastas_to_go_out, int)
    assert_type(house.target_score, int)

    data = house.to_dict()
    assert_type(data, dict[str, Any])
    again = cc.RuleSet.from_dict(data)
    assert_type(again, cc.RuleSet)
    assert again == house
    assert_type(cc.RuleSet.from_dict({"preset": "caliente", "target_score": 3000}), cc.RuleSet)
    assert_type(house.to_json(), str)
    assert cc.RuleSet.from_json(house.to_json()) == house
    assert_type(cc.RuleSet.from_toml('preset = "classic"\n'), cc.RuleSet)
    return house


def use_notation() -> None:
    """Cards and actions print as their notation and parse back."""
    joker = cc.Card.parse("JK")
    assert_type(joker, cc.Card)
    assert str(joker) == "JK"
    action = cc.parse_action("meld 7 7 2")
    assert_type(action, cc.Action)
    assert_type(action.verb, cc.Verb)
    assert_type(action.cards, tuple[cc.Card, ...])
    assert_type(action.rank, cc.Card | None)
    assert cc.parse_action(str(action)) == action


def use_a_game(rules: cc.RuleSet) -> cc.GameState:
    """Play a hand with ``legal_actions`` and ``apply``, read the table, then the scores.

    Returns the state at the end of the hand."""
    state = cc.new_game(rules, seed=1)
    assert_type(state, cc.GameState)
    assert_type(cc.new_game(rules, seed=2, scores=[3000, 0]), cc.GameState)

    legal = cc.legal_actions(state)
    assert_type(legal, tuple[cc.Action, ...])
    # An action is applied as a value or as its notation.
    assert_type(cc.apply(state, legal[0]), cc.GameState)
    assert_type(cc.apply(state, str(legal[0])), cc.GameState)
    assert_type(cc.is_legal(state, "draw"), bool)
    assert_type(cc.illegal_reason(state, "discard Q"), str | None)

    assert_type(state.rules, cc.RuleSet)
    assert_type(state.current_player, int | None)
    assert_type(state.sides, tuple[tuple[int, ...], ...])
    assert_type(state.side_of(0), int)
    assert_type(state.scores, tuple[int, ...])
    assert_type(state.hand_number, int)
    assert_type(state.is_hand_over, bool)
    assert_type(state.is_game_over, bool)
    assert_type(state.winner, int | None)
    assert_type(state.phase, cc.Phase)
    assert_type(state.hand(0), tuple[cc.Card, ...])
    assert_type(state.laid_out(0), tuple[cc.Card, ...])
    assert_type(state.pile, tuple[cc.Card, ...])
    assert_type(state.stock_size, int)
    assert_type(state.waiting, tuple[cc.Card, ...])
    assert_type(state.caliente_played(0), int)
    melds = state.melds(0)
    assert_type(melds, tuple[cc.Meld, ...])
    for meld in melds:
        assert_type(meld.rank, cc.Card)
        assert_type(meld.cards, tuple[cc.Card, ...])
        assert_type(meld.is_canasta, bool)
        assert_type(meld.is_natural, bool)

    rng = random.Random(1)
    while not state.is_hand_over:
        state = cc.apply(state, rng.choice(cc.legal_actions(state)))
    results = state.hand_results
    assert_type(results, tuple[cc.HandResult, ...])
    result = results[-1]
    assert_type(result.totals, tuple[int, ...])
    assert_type(result.ended, cc.HandEnd)
    components = result.components(0)
    assert_type(components, Mapping[str, int])
    assert set(components) == set(cc.COMPONENTS)
    assert sum(components.values()) == result.totals[0]
    # A game on a Match, its bots' moves asked for and played (each rng from bots_seed).
    match = cc.Match.start(rules, seed=3)
    played, happened = match.play_bot(cc.get_bot("level-2"))
    assert_type(played, cc.Action)
    assert_type(happened, tuple[cc.Event, ...])
    assert_type(cc.bots_seed(3, played=1, seat=0), int)
    return state


def use_views_and_storage(state: cc.GameState) -> None:
    """A seat's view, resampling the hidden cards, and saving states as JSON."""
    seat = state.current_player
    view = cc.observe(state, 0 if seat is None else seat)
    assert_type(view, cc.View)
    assert_type(view.seat, int)
    assert_type(view.rules, cc.RuleSet)
    assert_type(view.hand, tuple[cc.Card, ...])
    full = cc.resample(view, random.Random(7))
    assert_type(full, cc.GameState)
    assert cc.observe(full, view.seat) == view

    text = cc.dumps(state)
    assert_type(text, str)
    again = cc.loads(text)
    assert_type(again, cc.GameState)
    assert again == state
    try:
        cc.loads("{}")
    except cc.StateError as exc:
        assert isinstance(exc, cc.CanastaError)
    else:
        raise AssertionError("an empty document was read as a state")

    record = cc.GameRecord.start(state.rules, seed=1, players=None, date="2026-12-03")
    assert_type(record, cc.GameRecord)
    assert_type(record.players, tuple[str, ...] | None)
    assert_type(cc.GameRecord.from_text(record.to_text()), cc.GameRecord)


def use_errors(state: cc.GameState) -> None:
    """The error family: every error is a ``CanastaError``; bad input is also a ``ValueError``."""
    try:
        cc.apply(state, "meld R3 R3 R3")
    except cc.IllegalActionError as exc:
        assert_type(exc, cc.IllegalActionError)
        assert isinstance(exc, cc.CanastaError)
    else:
        raise AssertionError("an illegal action was applied")
    try:
        cc.parse_action("meld")
    except cc.NotationError as exc:
        assert isinstance(exc, ValueError)
    else:
        raise AssertionError("malformed notation was read")
    try:
        cc.RuleSet.preset("caliente").replace(players=1, hand_size=-1)
    except cc.RuleSetError as exc:
        assert_type(exc.problems, tuple[tuple[str, str], ...])
        assert len(exc.problems) >= 2
    else:
        raise AssertionError("an invalid RuleSet was built")
    error: type[cc.CanastaError] = cc.StateError
    assert issubclass(error, ValueError)


def use_testing(rules: cc.RuleSet) -> None:
    """The shipped conformance tools: stacked deals and random-play sweeps."""
    deck = stacked_deck(rules, {0: "7 7 K K K A A Q J 9 2"}, pile="JK 7", stock="5")
    assert_type(cc.new_game(rules, deck=deck), cc.GameState)
    report = sweep(rules, games=1, seed=0, max_hands=1)
    assert_type(report, SweepReport)
    assert_type(report.ok, bool)
    assert_type(report.violations, tuple[Violation, ...])
    assert report.ok, [str(v) for v in report.violations]


def use_simulations(rules: cc.RuleSet) -> None:
    """Simulations, their flat tables and a comparison (no extra needed)."""
    game = cc.play_game(rules, ["random"], seed=1, keep_record=True)
    assert_type(game, cc.GameResult)
    assert_type(game.record, cc.GameRecord | None)
    assert_type(game.hand_results, tuple[cc.HandResult, ...])
    result = cc.simulate(rules, bots=["random", cc.get_bot("random")], games=2, label="x")
    # A bot may answer in notation: its function passes as a bot, and a Bot's answer is typed
    # to say so.
    def first_in_notation(view: cc.View, legal: Sequence[cc.Action], rng: random.Random) -> str:
        return str(legal[0])

    notation_bot: Bot = first_in_notation
    assert_type(notation_bot(cc.observe(cc.new_game(rules, seed=1), 0),
                             cc.legal_actions(cc.new_game(rules, seed=1)), random.Random(1)),
                cc.Action | str)
    assert cc.play_game(rules, [first_in_notation], seed=2, max_hands=1).hands == 1
    view = cc.observe(cc.new_game(rules, seed=1), 0)
    assert_type(cc.describe("draw", state=view), str)  # (the view's rules)
    assert_type(cc.describe("draw", rules), str)
    assert_type(result, cc.SimulationResult)
    rows = result.to_records("hand")
    assert_type(rows, list[dict[str, Any]])
    comparison = cc.compare({"a": rules, "b": rules.replace(always_frozen=True)},
                            bots=["random"], games=2)
    assert_type(comparison, cc.Comparison)
    assert_type(comparison.summary(), list[dict[str, Any]])
    assert_type(comparison.table(), str)
    seen: list[cc.GameResult] = []
    with ThreadPoolExecutor(max_workers=1) as executor:
        rated = cc.tournament(["random", "heuristic"], rules, games=2, max_hands=1,
                              executor=executor, chunk_size=1, on_result=seen.append,
                              keep_records=True)
    assert_type(rated, cc.Tournament)
    assert len(seen) == rated.games == 2
    assert_type(repr(rules), str)


def refused_by_type_checkers(view: cc.View, state: cc.GameState) -> None:
    """Calls a type checker refuses (never run: each raises a TypeError at run time). The
    entry points take ``object`` at run time (the compiled build checks its own types), but a
    caller's type checker sees their typed signatures: each ignore below must be needed."""
    cc.legal_actions(view)  # type: ignore[arg-type]
    cc.apply(view, "draw")  # type: ignore[arg-type]
    cc.apply(state, 7)  # type: ignore[arg-type]
    cc.illegal_reason(view, "draw")  # type: ignore[arg-type]
    cc.is_legal(state, None)  # type: ignore[arg-type]


def main() -> None:
    """Run every use above."""
    rules = use_rulesets()
    use_notation()
    state = use_a_game(rules)
    use_views_and_storage(state)
    use_errors(state)
    use_testing(cc.RuleSet.preset("caliente"))
    use_simulations(cc.RuleSet.preset("caliente-2p"))
    assert_type(cc.COMPILED, bool)  # which build runs: the compiled wheel or pure Python
    build = "compiled" if cc.COMPILED else "pure Python"
    print(f"typing_tests: canasta_caliente {cc.__version__} ({build}): the public API works as "
          "typed")


if __name__ == "__main__":
    main()
