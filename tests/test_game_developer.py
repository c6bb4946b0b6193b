"""What a game developer's trial found (a terminal game against bots, and a hot-seat game of
two people): the words of refusals said to the seat that asked, words quoted inside words, a
rule's refusal that read as a fact, and a folder given as a house-rules file."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest

import canasta_caliente as cc

RULES = cc.RuleSet.preset("caliente")


def _asking() -> cc.GameState:
    """A state of a seeded random game where the player to act may ask "May I go out?"."""
    state, rng = cc.new_game(RULES, seed=0), random.Random(0)
    while True:
        legal = cc.legal_actions(state)
        if any(a.verb is cc.Verb.ASK for a in legal):
            return state
        state = cc.apply(state, rng.choice(legal))


def test_a_refused_take_back_says_not_yours_to_the_seat_that_asked() -> None:
    """The refusal goes to the seat that asked: it said "the last action is Ann's, not
    Bob's" to Bob, and "not you's" to a seat named "you"."""
    match = cc.Match.start(RULES, seed=7, players=["Ann", "Bob", "Cyd", "you"])
    match.play("draw", seat=0)
    match.play("meld 6 6 6", seat=0)
    for seat in (1, 3):
        assert match.take_back_refusal(seat) == (
            "take-back: the last action is Ann's, not yours: a seat takes back only its own "
            "last action, before the next seat acts")


def test_words_holding_double_quotes_are_quoted_with_single_ones() -> None:
    """The question's take-back refused read '"ask the partner "May I go out?"" cannot be
    taken back'."""
    before = _asking()
    after = cc.apply(before, "ask")
    assert cc.take_back_refusal(before, after) == (
        "'ask the partner \"May I go out?\"' cannot be taken back: the partner has been asked, "
        "and the question cannot be unasked")


def test_asking_after_a_meld_is_refused_as_a_rule_not_a_fact() -> None:
    """It said "the question is asked before any meld action", a fact the player had just
    seen untrue."""
    state = _asking()
    meld = next(a for a in cc.legal_actions(state) if a.verb is cc.Verb.MELD)
    assert cc.illegal_reason(cc.apply(state, meld), "ask") == (
        "the question may be asked only before any meld action this turn (OUT-2)")


def test_a_folder_given_as_a_house_rules_file_is_said_to_be_a_folder(tmp_path: Path) -> None:
    """It said "unknown file type '(none)'"."""
    with pytest.raises(cc.RuleSetError, match=r"is a folder: expected a \.toml or \.json file"):
        cc.RuleSet.from_file(tmp_path)
    (tmp_path / "club.toml").mkdir()  # (a folder with a file's name: the OS says why)
    with pytest.raises(IsADirectoryError):
        cc.RuleSet.from_file(tmp_path / "club.toml")


def _bots_play(match: cc.Match, moves: int, bot: cc.players.bots.Bot) -> None:
    """``moves`` moves of ``bot`` for every seat (the table deals between hands)."""
    for _ in range(moves):
        if match.state.current_player is None:
            match.play("deal")
        else:
            match.play_bot(bot)


def test_play_bot_plays_the_same_moves_in_a_game_resumed_or_taken_back() -> None:
    """``Match.play_bot``: a game developer wrote the loop that asks each seat's bot with its
    view and plays its answer, and had to find ``bots_seed`` in ``studies.play``. Its default
    rng is fixed by the game's seed, the actions played and the seat, so a game resumed from
    its record, or a move taken back and asked again, plays the same."""
    random_bot = cc.get_bot("random")
    whole = cc.Match.start(RULES, seed=5)
    _bots_play(whole, 80, random_bot)
    half = cc.Match.start(RULES, seed=5)
    _bots_play(half, 40, random_bot)
    resumed = cc.Match(cc.GameRecord.from_json(half.record.to_json()))
    _bots_play(resumed, 40, random_bot)
    assert resumed.record.actions == whole.record.actions
    seen: list[tuple[object, ...]] = []

    def spy(view: cc.View, legal: Sequence[cc.Action], rng: random.Random) -> cc.Action:
        seen.append(rng.getstate())
        return random_bot(view, legal, rng)

    # Its rng: Random(bots_seed(the game's seed, the actions played, the seat)).
    seat, played = resumed.state.current_player, resumed.turn
    assert seat is not None
    resumed.play_bot(spy)
    assert seen == [random.Random(cc.bots_seed(5, played=played, seat=seat)).getstate()]
    # A move taken back and asked for again is the same move.
    taken = 0
    for _ in range(200):
        seat = resumed.state.current_player
        if seat is None:
            resumed.play("deal")
            continue
        action, _ = resumed.play_bot(random_bot)
        if resumed.can_take_back(seat):
            assert resumed.take_back(seat) == action
            assert resumed.play_bot(random_bot)[0] == action
            taken += 1
    assert taken


def test_play_bot_refuses_what_cannot_be_played_and_changes_nothing() -> None:
    match = cc.Match.start(RULES, seed=5)
    with pytest.raises(TypeError, match="bot must be a bot, a callable"):
        match.play_bot("level-3")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        match.play_bot(cc.get_bot("random"), rng=5)  # type: ignore[arg-type]
    answers: list[tuple[object, type[Exception], str]] = [
        (None, TypeError, "the bot '<lambda>' at seat 0 answered None"),
        ("flap", cc.NotationError, "the bot '<lambda>' at seat 0 answered 'flap'"),
        ("meld 7", cc.IllegalActionError,
         "the bot '<lambda>' at seat 0 played an illegal action: meld 7: "),
    ]
    for answer, kind, words in answers:
        with pytest.raises(kind, match=f"^{words}"):
            match.play_bot(lambda view, legal, rng, answer=answer: answer)
    with pytest.raises(RuntimeError, match=r"called sys\.exit\(3\)"):
        match.play_bot(lambda view, legal, rng: exit(3))  # type: ignore[func-returns-value]
    assert match.turn == 0 and match.event_count == 1
    played = cc.Match.start(RULES, seed=5)
    while not played.state.is_hand_over:
        played.play_bot(cc.get_bot("level-2"))
    with pytest.raises(cc.ArgumentError, match=r"no seat is to act: the hand is over, and the "
                                               r"table deals the next \(play\('deal'\)\)"):
        played.play_bot(cc.get_bot("level-2"))


def test_bots_seed_is_the_packages_and_checks_its_arguments() -> None:
    from canasta_caliente.studies.play import bots_seed

    assert cc.bots_seed is bots_seed
    assert cc.bots_seed(7, 3, 1) == cc.bots_seed(7, played=3, seat=1) != cc.bots_seed(7)
    with pytest.raises(TypeError, match="seed must be an int, not str 'x'"):
        cc.bots_seed("x")  # type: ignore[arg-type]
    with pytest.raises(cc.ArgumentError, match="played must be an integer of at least 0"):
        cc.bots_seed(7, played=-1)
