"""The plain-text game record: ``GameRecord.to_text`` / ``from_text`` round-trip whole games of
every preset and of generated RuleSets, and a malformed record is a ``ReplayError`` naming its
line."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canasta_caliente as cc
from canasta_caliente.records.storage import GameRecord, ReplayError
from conftest import PRESETS, RARE_WEIGHTS, scaled
from strategies import rulesets


def _played(rules: cc.RuleSet, seed: int, limit: int = 1500) -> GameRecord:
    """A record of a game of biased random play, to its end or ``limit`` actions."""
    record = GameRecord.start(rules, seed=seed)
    state = record.initial_state()
    rng = random.Random(seed)
    actions = []
    while not state.is_game_over and len(actions) < limit:
        legal = cc.legal_actions(state)
        action = rng.choices(legal, [RARE_WEIGHTS.get(a.verb.value, 1) for a in legal])[0]
        actions.append(action)
        state = cc.apply(state, action)
    return record.extend(*actions)


def _round_trips(record: GameRecord) -> None:
    text = record.to_text()
    assert GameRecord.from_text(text) == record
    assert GameRecord.from_text(text).to_text() == text


@pytest.mark.parametrize("preset", PRESETS)
def test_whole_games_of_every_preset_round_trip(preset: str) -> None:
    rules = cc.RuleSet.preset(preset).replace(target_score=1500)
    record = _played(rules, seed=len(preset))
    assert record.final_state().is_game_over or len(record.actions) == 1500
    _round_trips(record)


@settings(max_examples=scaled(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rulesets(), seed=st.integers(0, 2**32))
def test_games_of_generated_rulesets_round_trip(rules: cc.RuleSet, seed: int) -> None:
    _round_trips(_played(rules, seed, limit=300))


def test_headers_deck_scores_seats_and_date_round_trip() -> None:
    rules = cc.RuleSet.preset("caliente-2p")
    record = GameRecord.start(rules, seed=3, deck=["A", "A", "7"], scores=[0, 3000])
    record = GameRecord(record.rules, record.seed, record.deck, record.scores,
                        ("draw",), ("human", "level-3"), "2026-12-01T22:30Z")
    text = record.to_text()
    assert "Deck: A A 7\nScores: 0 3000\nSeats: human, level-3\nDate: 2026-12-01T22:30Z\n" in text
    _round_trips(record)
    assert GameRecord.from_json(record.to_json()) == record


def test_a_rules_change_is_written_against_the_nearest_preset() -> None:
    rules = cc.RuleSet.preset("classic").replace(target_score=3000, draw_count=2)
    text = GameRecord.start(rules, seed=1).to_text()
    assert "Rules: classic\n" in text
    assert "Change: target_score = 3000\n" in text and "Change: draw_count = 2\n" in text
    assert GameRecord.from_text(text).rules == rules


def test_comments_and_free_layout_are_read() -> None:
    record = GameRecord.start(cc.RuleSet.preset("caliente"), seed=7).extend("draw", "meld 6 6 6")
    text = record.to_text().replace("1. seat 0: draw; meld 6 6 6",
                                    "# seat 0 opens\nseat 0: draw   # drew\n\nseat 0: meld 6 6 6")
    assert GameRecord.from_text(text) == record


def _text(*turns: str, **headers: str) -> str:
    lines = {"Canasta-Caliente-Record": "1", "Rules-Version": "2", "Rules": "caliente",
             "Seed": "7", **headers}
    return "\n".join([*(f"{k}: {v}" for k, v in lines.items()), "", *turns]) + "\n"


@pytest.mark.parametrize(("text", "line", "message"), [
    (_text("seat 0: draw; meld 6 6 6", "seat 0: meld 5 5 5"), 7, "step 3:"),
    (_text("seat 0: draw", "seat 1: discard 4"), 7, "names seat 1, but seat 0 is to act"),
    (_text("seat 0: draw; fly"), 6, "unknown verb"),
    (_text("seat 0 draw"), 6, "expected a turn"),
    (_text("seat 0: deal"), 6, "'deal' stands on a line of its own"),
    (_text("seat 0: draw", Result="side 0 wins, 5000 to 0"), 5, "Result: the actions give"),
    (_text("seat 0: draw", Seed="seven"), 4, "Seed: expected an integer"),
    (_text("seat 0: draw", Rules="calienteish"), 3, "calienteish"),
    (_text("seat 0: draw", Deck="A A ZZ"), 5, "Deck:"),
    (_text("seat 0: draw", Seats="human, level-3"), 5, "players"),
    ("Rules: caliente\n", 1, "starts with 'Canasta-Caliente-Record: 1'"),
    ("Canasta-Caliente-Record: 1\nRules: caliente\nRules: classic\n", 3, "a second Rules"),
    ("Canasta-Caliente-Record: 1\nRules: caliente\n\nseat 0: draw\n", 2, "missing header"),
    ("Canasta-Caliente-Record: 2\nRules-Version: 2\nRules: caliente\nSeed: 1\n", 1,
     "text format 2"),
    (_text("seat 0: draw", Change="target_score = many"), 5, "not JSON"),
    ("Canasta-Caliente-Record: 1\nSpin: 3\n", 2, "expected a header"),
    # Only ASCII digits are numbers, as in card notation: an Arabic-Indic five was seed 5,
    # and a zero seat 0, while '+5' was refused.
    (_text("seat 0: draw", Seed="\u0665"), 4, r"Seed: expected an integer \(ASCII digits\), "
     "not '\u0665'"),
    (_text("seat \u0660: draw"), 6, "seat: expected an integer"),
    (_text("\u0661. seat 0: draw"), 6, "expected a turn"),
    (_text("seat 0: draw", Scores="\uff10 0"), 5, "Scores: expected an integer"),
])
def test_a_malformed_record_is_a_replay_error_naming_its_line(
        text: str, line: int, message: str) -> None:
    with pytest.raises(ReplayError, match=message) as info:
        GameRecord.from_text(text)
    assert info.value.line == line
    assert str(info.value).startswith(f"line {line}")


def test_a_line_too_long_and_a_wrong_type_are_refused() -> None:
    with pytest.raises(ReplayError, match=r"line 6: .* characters"):
        GameRecord.from_text(_text("seat 0: " + "draw; " * 5000))
    with pytest.raises(TypeError, match="must be a str"):
        GameRecord.from_text(b"Canasta")  # type: ignore[arg-type]


def test_bad_players_and_dates_are_refused_when_built() -> None:
    rules = cc.RuleSet.preset("caliente-2p")
    with pytest.raises(ValueError, match="without ','"):
        GameRecord(rules, 1, players=("a,b", "c"))
    with pytest.raises(ValueError, match="players: 1 name for 2 seats"):
        GameRecord(rules, 1, players=("a",))
    with pytest.raises(TypeError, match="must be a str"):
        GameRecord(rules, 1, date=20261201)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", [" ana", "ana ", "ana\t", "\u3000ana", "ana\xa0",
                                  "a\x85b", "a\x0bb", "a\x0cb", "a\x1cb", "a\u2028b", "a\u2029b"])
def test_a_name_or_date_the_text_record_cannot_keep_is_refused(name: str) -> None:
    # The text record splits lines as str.splitlines does and strips each header's value, so
    # a name with a line break of Unicode's or space at either end came back changed (or not
    # at all): refused when the record is made, saying why.
    rules = cc.RuleSet.preset("caliente-2p")
    with pytest.raises(cc.ArgumentError, match=r"the name of seat 0 must be .* single line"):
        GameRecord.start(rules, seed=1, players=(name, "level-3"))
    with pytest.raises(cc.ArgumentError, match="date must be"):
        GameRecord.start(rules, seed=1, date=name)


@pytest.mark.parametrize("name", ["Zoë", "李雷", "Ōkami 🐺", "a  b", "a\tb", "Dee\u200b", "a:b"])
def test_unicode_names_keep_through_the_text_record(name: str) -> None:
    rules = cc.RuleSet.preset("caliente-2p")
    record = GameRecord.start(rules, seed=1, players=(name, "level-3"), date=name).extend("draw")
    assert GameRecord.from_text(record.to_text()) == record


GOLDEN = Path(__file__).parent / "playthroughs"


def _summary(state: cc.GameState) -> str:
    """A state as the head of a playthrough's ``step`` line writes it."""
    return (f"hand {state.hand_number}, {state.phase.value}, to act {state.current_player}; "
            f"scores {' '.join(map(str, state.scores))}; stock {state.stock_size}")


def _golden_record(path: Path) -> tuple[GameRecord, list[str]]:
    """The game a golden playthrough file records: its rules (the ``# rules:`` header), its
    seed (the ``seed N`` header) and its ``action:`` lines, with the head of every ``step``
    line (hand, phase, seat to act, scores, stock) to check that the record replays the same
    game."""
    lines = path.read_text().splitlines()
    seed = int(re.fullmatch(r"# canasta-caliente playthrough: seed (\d+), .*", lines[0])[1])
    rules = cc.RuleSet.from_json(lines[1].removeprefix("# rules: "))
    actions = [line.removeprefix("  action: ") for line in lines
               if line.startswith("  action: ")]
    steps = [m[1] for line in lines if (m := re.match(r"step \d+: (.*); pile ", line))]
    return GameRecord.start(rules, seed=seed).extend(*actions), steps


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.txt")), ids=lambda p: p.stem)
def test_every_golden_playthrough_round_trips_through_text(path: Path) -> None:
    """The games of tests/playthroughs/ (what test_playthroughs diffs) written as text and
    read back are the same record, with the same state at every step, and the text is
    stable: written twice, and written again from what was read, it is the same."""
    record, steps = _golden_record(path)
    states = record.states()
    assert states[-1].is_game_over  # the golden games are whole games
    assert [_summary(s) for s in states] == steps
    text = record.to_text()
    assert record.to_text() == text
    read = GameRecord.from_text(text)
    assert read == record
    assert read.states() == states
    assert read.to_text() == text


def test_the_golden_playthroughs_are_all_found() -> None:
    """The test above reads every playthrough the harness records, so none is left out."""
    from canasta_caliente.testing import PLAYTHROUGHS
    assert {p.stem for p in GOLDEN.glob("*.txt")} == {f"{preset}-seed{seed}"
                                                      for preset, seed in PLAYTHROUGHS}
