"""Tampered documents that play could not have produced: loads, View.from_dict and the
invariants refuse each with a StateError naming the field and the rule; the same facts, as play
leaves them, load.

Each scenario below is one of the tamperings that main accepted (issue 16), or a close variant.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

import canasta_caliente as cc
from canasta_caliente.records.invariants import check_invariants
from canasta_caliente.records.storage import dumps, loads, state_from_dict, state_to_dict
from conftest import deal, play

Doc = dict[str, Any]


def refused(state: cc.GameState, change: Callable[[Doc], object], *patterns: str) -> str:
    """Apply ``change`` to the state's document; assert loads refuses it with a StateError
    matching every pattern; return the message."""
    data = state_to_dict(state)
    change(data)
    with pytest.raises(cc.StateError) as info:
        loads(json.dumps(data))
    message = str(info.value)
    for pattern in patterns:
        assert pattern in message, message
    return message


def turn(data: Doc) -> Doc:
    """The turn of a state document."""
    found: Doc = data["table"]["turn"]
    return found


def first_meld_started() -> cc.GameState:
    """Seat 0 has drawn and melded 8 8 8 toward caliente's first-meld minimum of 50: 20 short."""
    state = deal("caliente", {0: "7 7 7 8 8 8 9 9 9 K K"}, pile="4", stock="Q")
    return play(state, "draw", "meld 8 8 8")


def pile_taken_for_first_meld() -> cc.GameState:
    """Seat 0 took the pile with 7 7 for its first meld: the other pile cards wait (INIT-4)."""
    state = deal("caliente", {0: "7 7 8 8 8 9 9 9 K K Q"}, pile="2 7", stock="5")
    state = play(state, "take 7 7")
    assert state.waiting and state.turn.need > 0
    return state


def state_with_stock(preset: str, stock: int) -> cc.GameState:
    """A state of seeded random play in the draw phase with ``stock`` cards left."""
    for seed in range(50):
        rng = random.Random(seed)
        state = cc.new_game(cc.RuleSet.preset(preset), seed=seed)
        while not state.over and state.stock_size >= stock:
            if state.stock_size == stock and state.phase is cc.Phase.DRAW:
                return state
            state = cc.apply(state, rng.choice(cc.legal_actions(state)))
    raise AssertionError("no such state")  # pragma: no cover


def test_the_scenario_states_load() -> None:
    """The untampered states of the scenarios below load back equal and pass every invariant,
    so each refusal below comes from the tampering alone."""
    for state in (first_meld_started(), pile_taken_for_first_meld(),
                  state_with_stock("caliente", 61)):
        assert check_invariants(state) == []
        assert loads(dumps(state)) == state


def test_waiting_card_outside_a_pending_first_meld() -> None:
    """A hand card moved into turn.waiting after a plain draw is refused: pile cards wait only
    after a pile take for a first meld, until the minimum is met."""
    # RULES: INIT-4
    state = cc.apply(cc.new_game(cc.RuleSet.preset("caliente"), seed=1), "draw")

    def move(d: Doc) -> None:
        card = d["table"]["hands"][0].pop()
        turn(d)["waiting"] = [card]

    refused(state, move, "table.turn.waiting", "(INIT-4)")


def test_waiting_cards_after_the_minimum_is_met() -> None:
    """Waiting cards with the minimum marked as met (need 0) are refused: they join the hand
    once the minimum is met."""
    # RULES: INIT-4
    state = pile_taken_for_first_meld()
    refused(state, lambda d: turn(d).update(need=0, points=50), "table.turn.waiting",
            "join the hand (INIT-4)")


def test_waiting_cards_with_a_pile() -> None:
    """Waiting cards while the pile holds cards are refused: the pile was taken."""
    # RULES: INIT-4
    state = pile_taken_for_first_meld()

    def move(d: Doc) -> None:
        card = d["table"]["hands"][0].pop()
        d["table"]["pile"].append(card)

    refused(state, move, "table.turn.waiting", "pile")


def test_yes_in_the_draw_phase() -> None:
    """Question "yes" in the draw phase is refused (the next state would have no legal action
    though the game is not over)."""
    # RULES: OUT-2, TURN-1
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=2)
    refused(state, lambda d: turn(d).update(question="yes"), "table.turn.question",
            "'yes' in the draw phase", "OUT-2")


@pytest.mark.parametrize("question", ["none", "yes", "no"])
def test_answer_phase_without_a_question(question: str) -> None:
    """The answer phase with no question pending is refused."""
    # RULES: OUT-2
    state = cc.apply(cc.new_game(cc.RuleSet.preset("caliente"), seed=2), "draw")
    partner = state.rules.layout[0][1]
    refused(state, lambda d: turn(d).update(phase="answer", player=partner, question=question),
            "table.turn.question", "(OUT-2)")


def test_asked_in_the_play_phase() -> None:
    """A question left 'asked' while the player plays on is refused."""
    # RULES: OUT-2
    state = cc.apply(cc.new_game(cc.RuleSet.preset("caliente"), seed=2), "draw")
    refused(state, lambda d: turn(d).update(question="asked"), "table.turn.question",
            "'asked' in the play phase")


def test_question_without_a_partner() -> None:
    """A "yes" in a game of individuals (no partner to ask) is refused."""
    # RULES: OUT-2
    state = cc.apply(cc.new_game(cc.RuleSet.preset("caliente-2p"), seed=2), "draw")
    refused(state, lambda d: turn(d).update(question="yes"), "table.turn.question",
            "no partner")


def test_question_when_no_one_asks() -> None:
    """A "no" under ``going_out_permission = "never"`` is refused: the question does not
    exist there."""
    # RULES: READ-4, OUT-2
    rules = cc.RuleSet.preset("caliente").replace(going_out_permission="never")
    state = cc.apply(cc.new_game(rules, seed=2), "draw")
    refused(state, lambda d: turn(d).update(question="no"), "table.turn.question", "READ-4")


def test_need_zero_for_a_side_that_has_not_melded() -> None:
    """turn.need = 0 for a side that has not melded (the first-meld minimum silently skipped)
    is refused, in the draw phase and in the play phase."""
    # RULES: INIT-1
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=3)
    refused(state, lambda d: turn(d).update(need=0), "table.turn.need",
            "its score 0 sets the minimum at 50 (INIT-1)")
    refused(cc.apply(state, "draw"), lambda d: turn(d).update(need=0), "table.turn.need",
            "has not melded and its minimum is 50 (INIT-1)")


def test_need_for_a_side_that_has_melded() -> None:
    """A minimum asked of a side that has melded is refused."""
    # RULES: INIT-5
    state = first_meld_started()
    after = play(state, "meld 9 9 9", "discard K")
    assert after.turn.need == 50 and not after.melds(1)
    # Seat 1's side has not melded: its need of 50 is right; seat 1 draws and discards, and
    # then seat 2 (seat 0's partner) starts a turn with no minimum.
    seat1 = cc.apply(after, "draw")
    card = seat1.hand(1)[0]
    seat2 = cc.apply(seat1, f"discard {card}")
    assert seat2.turn.player == 2 and seat2.turn.need == 0
    refused(seat2, lambda d: turn(d).update(need=50), "table.turn.need",
            "no minimum applies (INIT-5)")


def test_points_contradicting_need() -> None:
    """points that do not add up with need to the side's minimum are refused, and so are
    points with the minimum marked as met too early."""
    # RULES: INIT-1, INIT-2
    state = first_meld_started()
    refused(state, lambda d: turn(d).update(points=10), "table.turn.need",
            "20 still needed after 10 points melded")
    refused(state, lambda d: turn(d).update(need=0), "table.turn.need",
            "0 needed after only 30 points")
    refused(state, lambda d: turn(d).update(started=False), "table.turn.started")


def test_over_with_an_invented_result() -> None:
    """over: true with an invented result worth 9,000 and 61 cards still in the stock is
    refused: the stock is not empty for a pass, and the result is not the table's score."""
    # RULES: END-2, SCORE-6
    state = state_with_stock("caliente", 61)
    zero = dict.fromkeys(cc.COMPONENTS, 0)

    def finish(d: Doc) -> None:
        d["over"] = True
        d["hand_results"] = [{"ended": "passed", "went_out": None, "concealed": False,
                              "breakdown": [{**zero, "melds": 9000}, zero]}]
        d["scores"] = [9000, 0]

    message = refused(state, finish, "table.stock_pos", "holds 61 cards (END-2)",
                      "hand_results[0]: is not the score of the table")
    assert "melds 9000" in message


def test_over_went_out_with_cards_in_hand() -> None:
    """A hand marked as ended by going out while the player still holds cards is refused."""
    # RULES: OUT-1
    state = state_with_stock("caliente", 61)
    seat = state.turn.player
    zero = dict.fromkeys(cc.COMPONENTS, 0)

    def finish(d: Doc) -> None:
        d["over"] = True
        d["hand_results"] = [{"ended": "went_out", "went_out": seat, "concealed": False,
                              "breakdown": [zero, zero]}]

    refused(state, finish, f"table.hands[{seat}]", "went out", "(OUT-1)")


def test_last_card_under_play_on() -> None:
    """A hand ended by taking the last card is refused under stock_out = play_on."""
    # RULES: END-3
    state = state_with_stock("caliente", 61)
    zero = dict.fromkeys(cc.COMPONENTS, 0)

    def finish(d: Doc) -> None:
        d["over"] = True
        d["hand_results"] = [{"ended": "last_card", "went_out": None, "concealed": False,
                              "breakdown": [zero, zero]}]

    refused(state, finish, "hand_results[0].ended", "(END-3)")


def test_active_players_hand_moved_onto_the_pile() -> None:
    """The active player's whole hand moved onto the pile is refused (legal_actions would list
    draw and apply refuse it)."""
    # RULES: OUT-1
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=4)

    def move(d: Doc) -> None:
        d["table"]["pile"].extend(d["table"]["hands"][0])
        d["table"]["hands"][0] = []

    refused(state, move, "table.hands[0]", "holds no card", "(OUT-1)")


def test_melded_seats_contradicting_the_table() -> None:
    """melded_seats that contradict the table are refused: a side with melds and none of its
    seats listed; a seat listed whose side has no meld; a seat sitting out listed; a partner
    listed while the side is still short of its first meld."""
    # RULES: OUT-3, MELD-3, SEAT-3, INIT-1
    state = first_meld_started()
    refused(state, lambda d: d["table"].update(melded_seats=[]), "table.melded_seats",
            "none of its seats")
    refused(state, lambda d: d["table"].update(melded_seats=[0, 1]), "table.melded_seats",
            "seat 1 has melded, but its side 1 has no meld")
    refused(state, lambda d: d["table"].update(melded_seats=[0, 2]), "table.melded_seats",
            "seats 2 are listed")
    five = cc.new_game(cc.RuleSet.preset("caliente-5p"), seed=1)
    out = next(s for s in range(5) if s not in five.active_seats)
    refused(five, lambda d: d["table"].update(melded_seats=[out]), "table.melded_seats",
            f"seat {out} sits out")


def test_touched_and_created_contradicting_the_table() -> None:
    """touched ranks without a meld, created ranks not touched, and had_melded against
    melded_seats are refused."""
    # RULES: OUT-3
    state = first_meld_started()
    refused(state, lambda d: turn(d).update(touched=["8", "9"]), "table.turn.touched",
            "has no meld of them")
    refused(state, lambda d: turn(d).update(touched=[]), "table.turn.created")
    refused(state, lambda d: turn(d).update(had_melded=True), "table.turn.had_melded")
    start = cc.new_game(cc.RuleSet.preset("caliente"), seed=5)
    refused(start, lambda d: turn(d).update(touched=["8"]), "table.turn.touched",
            "before the draw action")


def test_stop_meld_left_on_the_table() -> None:
    """A stop meld on the table of a side whose player is not in the turn that goes out is
    refused."""
    # RULES: MELD-5
    state = deal("caliente", {0: "7 7 7 8 8 8 9 9 9 K K", 1: "B3 B3 B3"}, pile="4", stock="Q")
    state = play(state, "draw", "meld 8 8 8")

    def add_stop(d: Doc) -> None:
        hand = d["table"]["hands"][1]
        for _ in range(3):
            hand.remove("B3")
        d["table"]["sides"][1]["melds"].append(["B3", "B3", "B3"])
        d["table"]["melded_seats"] = [0, 1]

    refused(state, add_stop, "table.sides[1]", "(MELD-5)")


def test_game_won_but_another_hand_dealt() -> None:
    """A hand in play after a hand that decided the game is refused: the document of a second
    hand whose target score is lowered below the leader's score."""
    # RULES: GAME-1
    rules = cc.RuleSet.preset("caliente-2p")
    for seed in range(20):
        rng = random.Random(seed)
        state = cc.new_game(rules, seed=seed)
        while not state.over:
            state = cc.apply(state, rng.choice(cc.legal_actions(state)))
        if max(state.scores) > 0 and state.scores[0] != state.scores[1]:
            break
    nxt = cc.apply(state, "deal")
    data = state_to_dict(nxt)
    data["rules"]["target_score"] = 1
    with pytest.raises(cc.StateError, match=r"scores: side \d had won the game after hand 1"):
        loads(json.dumps(data))


def test_a_view_refuses_the_same_tamperings() -> None:
    """View.from_dict checks the same public facts: a "yes" in the draw phase, a need of 0
    for a side that has not melded, and an active player with no card."""
    # RULES: OUT-2, INIT-1, OUT-1
    view = cc.observe(cc.new_game(cc.RuleSet.preset("caliente"), seed=7), 1)
    for change, where in (
        (lambda d: d["turn"].update(question="yes"), "turn.question"),
        (lambda d: d["turn"].update(need=0), "turn.need"),
        (lambda d: d["hand_sizes"].__setitem__(0, 0), "hand_sizes[0]"),
    ):
        data = view.to_dict()
        change(data)
        if where == "hand_sizes[0]":  # keep the cards adding up: they are in the stock now
            data["stock_size"] += 11
        with pytest.raises(cc.StateError, match=re.escape(where)):
            cc.View.from_dict(data)


def test_zero_bonus_card_score_round_trips() -> None:
    """With bonus_card_score = 0 and no extras (allowed), finished hands where a side laid
    out bonus cards pass the invariants and round-trip through loads; so do hands with zero
    card values. (On main, 1.7% of such states were refused with "bonus-card score has the
    wrong sign".)"""
    # RULES: SCORE-4, CARD-3
    seen = 0
    for options in ({"bonus_card_score": 0, "bonus_card_extras": ((4, 0),)},
                    {"card_values": dict.fromkeys(("4", "5", "6", "2", "JK", "B3"), 0)}):
        rules = cc.RuleSet.preset("caliente").replace(**options)
        for seed in range(25):
            rng = random.Random(seed)
            state = cc.new_game(rules, seed=seed)
            while not state.over:
                state = cc.apply(state, rng.choice(cc.legal_actions(state)))
            assert check_invariants(state) == [], seed
            assert loads(dumps(state)) == state
            laid = [state.table.sides[s].laid_out for s in range(2)]
            if any(laid) and "bonus_card_score" in options:
                seen += 1
    assert seen >= 5


# ---------------------------------------------------------------------------------------------
# Bounds: nesting, integers, names, sizes


def test_deep_nesting_is_one_state_error() -> None:
    """JSON nested deeper than the readers allow, in text or as data, and data that contains
    itself, are one StateError for every reader, never RecursionError; data sharing a list
    in several places is read."""
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=8)
    text = dumps(state, indent=None)
    deep = text[:-1] + ', "x": ' + "[" * 100_000 + "]" * 100_000 + "}"
    for read in (loads, cc.View.from_json, cc.GameRecord.from_json):
        with pytest.raises(cc.StateError, match="nested"):
            read(deep)
    data = state_to_dict(state)
    nest: list[Any] = []
    for _ in range(30):
        nest = [nest]
    data["table"]["pile"] = nest
    with pytest.raises(cc.StateError, match="nested more than 16 levels"):
        state_from_dict(data)
    cyclic = state_to_dict(state)
    cyclic["table"]["turn"]["waiting"] = loop = []  # type: ignore[var-annotated]
    loop.append(loop)
    with pytest.raises(cc.StateError, match="contains itself"):
        state_from_dict(cyclic)
    shared = state_to_dict(state)
    row = shared["hand_results"] = []
    shared["table"]["sides"][0]["melds"] = shared["table"]["sides"][1]["melds"] = row
    assert state_from_dict(shared) == state


def test_huge_integers_are_refused() -> None:
    """Integers beyond 256 bits are refused by name, in text (where JSON itself stops at 4,300
    digits) and as data, never with the ValueError that printing them would raise."""
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=8)
    data = state_to_dict(state)
    data["seed"] = 10**5000
    with pytest.raises(cc.StateError, match="integers of at most 256 bits"):
        state_from_dict(data)
    text = dumps(state).replace('"seed": 8', '"seed": ' + "9" * 5000)
    with pytest.raises(cc.StateError, match="an integer of more than 4300 digits"):
        loads(text)
    data = state_to_dict(state)
    data["seed"] = 2**255
    assert state_from_dict(data).seed == 2**255
    record = cc.GameRecord.start(cc.RuleSet.preset("caliente"), seed=1).to_dict()
    record["seed"] = -(10**400)
    with pytest.raises(cc.StateError, match="256 bits"):
        cc.GameRecord.from_dict(record)


def test_odd_names_and_sizes_are_problems_of_the_document() -> None:
    """A field named by a number, an enormous unknown field name or card code, and an action
    text longer than any action are listed as problems, with short messages."""
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=8)
    data = state_to_dict(state)
    data[7] = 1  # type: ignore[index]
    data["y" * 100_000] = 1
    data["table"]["pile"].append("Z" * 100_000)
    with pytest.raises(cc.StateError) as info:
        state_from_dict(data)
    message = str(info.value)
    assert "a field named by an integer" in message
    assert "unknown field" in message and "unknown card code" in message
    assert len(message) < 2000
    record = cc.GameRecord.start(cc.RuleSet.preset("caliente"), seed=1).to_dict()
    record["actions"] = ["draw", "meld " + "7 " * 10_000]
    with pytest.raises(cc.StateError, match=r"actions\[1\]: step 2: 20005 characters"):
        cc.GameRecord.from_dict(record)


def test_invariants_module_doctests_and_reexport() -> None:
    """The invariants module's examples run, and testing re-exports the same check_invariants
    (the public name of earlier releases keeps working)."""
    import doctest

    from canasta_caliente import testing
    from canasta_caliente.records import invariants as invariants

    result = doctest.testmod(invariants)
    assert result.attempted > 0 and result.failed == 0
    assert testing.check_invariants is invariants.check_invariants
    assert "check_invariants" in testing.__all__
