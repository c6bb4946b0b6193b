"""What a developer's trial of the bots and the hints found: a level's options said in one
consistent way, a built-in bot (or a hint) given a view of a seat that is not to act refused
by every one of them in the same words, and a hint's unsearched action marked as such."""

from __future__ import annotations

import random

import pytest

import canasta_caliente as cc
from canasta_caliente.players.bots import Bot, bot_action, bot_names, check_to_act, get_bot
from canasta_caliente.players.levels import LEVEL_COUNT, SEARCH_LEVEL, Blundering
from canasta_caliente.players.search import (
    NOT_SEARCHED_LEAD,
    NOT_SEARCHED_VALUE,
    ActionValue,
    ISMCTSBot,
    analyse,
    hint_text,
)
from conftest import finished_hand

# -- 1. a level's options ---------------------------------------------------------------------


@pytest.mark.parametrize("level", range(1, LEVEL_COUNT + 1))
def test_a_levels_refusals_name_only_what_it_takes(level: int) -> None:
    """The refusal of an unknown option names what that level takes: level 3 took no
    iterations, yet its refusal of ``bogus`` listed them among its options."""
    name = f"level-{level}"
    with pytest.raises(TypeError) as unknown:
        get_bot(name, bogus=1)
    message = str(unknown.value)
    assert message.startswith(f"the {name} bot takes only ") and message.endswith(", not bogus")
    if level >= SEARCH_LEVEL:
        assert "seconds, iterations and name" in message
        assert isinstance(get_bot(name, iterations=5), ISMCTSBot)
    else:
        assert "iterations" not in message and "name" not in message.split(", not")[0]
        assert "the option seconds" in message
        assert "every level takes it" in message  # (why a level that does not search does)
        for iterations in (5, 0):  # refused as not taken, whatever the value
            with pytest.raises(TypeError, match=rf"^{name} does not search, so it takes no "
                               "iterations: it takes only the option seconds"):
                get_bot(name, iterations=iterations)
    # Every level takes seconds (the web table gives one value to any level).
    assert callable(get_bot(name, seconds=1))


def test_the_named_bots_refuse_options_alike() -> None:
    """``random`` and ``heuristic`` take no options, ``seconds`` among them (only the levels,
    the menu a caller gives one value to, take it), and say so the same way."""
    for name in ("random", "heuristic"):
        for option in ("seconds", "iterations", "bogus"):
            with pytest.raises(TypeError, match=rf"^the {name} bot takes no options, not "
                               f"{option}$"):
                get_bot(name, **{option: 1})


# -- 2. and 3. a view whose seat is not to act ------------------------------------------------


def _between_hands() -> cc.GameState:
    state = finished_hand("caliente", 3)
    assert state.is_hand_over and state.current_player is None
    return state


def test_analyse_between_hands_says_no_seat_is_to_act() -> None:
    """Between hands it is nobody's turn: analyse said "it is not seat 0's turn to act" (a
    StateError, the error of a document that cannot be read)."""
    view = cc.observe(_between_hands(), 0)
    with pytest.raises(cc.ArgumentError, match=r"^analyse: this is seat 0's view, but no seat "
                       r"is to act \(the hand is over, or the game\)"):
        analyse(view, iterations=5)


def test_analyse_and_the_search_bot_refuse_in_the_same_words() -> None:
    """analyse and the level-5 bot refuse a view between hands with one type and one text."""
    state = _between_hands()
    view = cc.observe(state, 0)
    with pytest.raises(cc.ArgumentError) as by_analyse:
        analyse(view, iterations=5)
    with pytest.raises(cc.ArgumentError) as by_bot:
        get_bot("level-5")(view, cc.legal_actions(state), random.Random(0))
    assert str(by_analyse.value).removeprefix("analyse: ") == str(
        by_bot.value).removeprefix("view: ")
    with pytest.raises(cc.ArgumentError) as by_check:
        check_to_act(view, "view")
    assert str(by_check.value) == str(by_bot.value)


def test_analyse_of_another_seats_turn_names_both_seats() -> None:
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    acting = state.current_player
    assert acting is not None
    other = (acting + 1) % 4
    with pytest.raises(cc.ArgumentError, match=f"seat {other}'s view, but seat {acting} is to "
                       "act"):
        analyse(cc.observe(state, other), iterations=5)


def _every_built_in_bot() -> list[tuple[str, Bot]]:
    bots: list[tuple[str, Bot]] = [(name, get_bot(name)) for name in bot_names()]
    bots.append(("Blundering(rate=1)", Blundering(rate=1)))
    bots.append(("ISMCTSBot(widening=1)", ISMCTSBot(iterations=5, widening=1.0)))
    return bots


@pytest.mark.parametrize(("name", "bot"), _every_built_in_bot(),
                         ids=[name for name, _ in _every_built_in_bot()])
def test_every_built_in_bot_refuses_another_seats_view(name: str, bot: Bot) -> None:
    """Given seat 1's view while seat 0 is to act (and seat 0's legal actions), the random
    and heuristic bots (levels 1 to 3) played a move for the wrong seat; the search refused.
    Every built-in bot now refuses, in one shared text; and a view between hands alike."""
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=2)
    assert state.current_player == 0
    legal = cc.legal_actions(state)
    with pytest.raises(cc.ArgumentError, match=r"^view: this is seat 1's view, but seat 0 is "
                       "to act, so the legal actions are not this seat's"):
        bot(cc.observe(state, 1), legal, random.Random(0))
    with pytest.raises(cc.ArgumentError, match="no seat is to act"):
        bot(cc.observe(_between_hands(), 0), (cc.parse_action("deal"),), random.Random(0))
    # The seat to act is served as before.
    assert bot(cc.observe(state, 0), legal, random.Random(0)) in legal


def test_a_bot_answering_a_partners_question_is_the_seat_to_act() -> None:
    """While a partner answers "May I go out?", the partner is the seat to act: its view is
    accepted (the turn's player, who asked, is not)."""
    rng = random.Random(11)
    for seed in range(200):
        state = cc.new_game(cc.RuleSet.preset("caliente"), seed=seed)
        while not state.over and state.phase is not cc.Phase.ANSWER:
            legal = cc.legal_actions(state)
            asks = [a for a in legal if a.verb is cc.Verb.ASK]
            state = cc.apply(state, asks[0] if asks else rng.choice(legal))
        if state.phase is cc.Phase.ANSWER:
            break
    else:
        pytest.skip("no question asked in these games")
    seat = state.current_player
    assert seat is not None
    legal = cc.legal_actions(state)
    for name in ("random", "heuristic", "level-2"):
        assert get_bot(name)(cc.observe(state, seat), legal, rng) in legal


def test_the_librarys_own_loop_checks_the_seat_once() -> None:
    """bot_action checks the seat itself (its callers' loops), and the bot's own check agrees."""
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=2)
    legal = cc.legal_actions(state)
    with pytest.raises(cc.ArgumentError, match="seat 1 is not the seat to act in this state: "
                       "seat 0 is to act"):
        bot_action(get_bot("random"), state, 1, legal, random.Random(0))


# -- 4. a hint with one legal action ----------------------------------------------------------


def test_a_hint_of_one_legal_action_is_marked_not_searched() -> None:
    """The only legal action is not searched: visits 0, and its value and lead the documented
    placeholders (a client shows it without them)."""
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=2)
    view = cc.observe(state, 0)
    assert len(cc.legal_actions(state)) == 1
    ranked = analyse(view, iterations=150)
    assert ranked == [ActionValue(cc.parse_action("draw"), NOT_SEARCHED_VALUE, 0,
                                  NOT_SEARCHED_LEAD)]
    assert "not searched" in (ActionValue.__doc__ or "")
    assert "only legal action" in hint_text(view, 150)


def test_an_action_the_time_never_reached_has_the_same_placeholders(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An action a timed search never tried has the same placeholders as the only legal
    action (its value was 0.0 there, 0.5 here: two made-up numbers for one meaning)."""
    state = cc.apply(cc.new_game(cc.RuleSet.preset("caliente"), seed=2), "draw")
    view, legal = cc.observe(state, 0), cc.legal_actions(state)
    # The time runs out at once (no clock read): the first action is tried, the others are not.
    monkeypatch.setattr(ISMCTSBot, "_late", staticmethod(lambda deadline: deadline is not None))
    ranked = ISMCTSBot(seconds=1.0).search(view, legal, random.Random(0))
    untried = [r for r in ranked if r.visits == 0]
    assert untried and len(untried) < len(ranked)
    assert all((r.value, r.lead) == (NOT_SEARCHED_VALUE, NOT_SEARCHED_LEAD) for r in untried)
