"""The events' words with the seats named and the reader spoken to (``Event.text(seat,
names=..., you=...)``): the same sentences as the events' own words, every seat by its name,
and the reader's own seat as "you" with its verbs agreeing; bad names refused."""

from __future__ import annotations

import random
import re

import attrs
import pytest

import canasta_caliente as cc
from canasta_caliente.play import kinds as k
from conftest import EVERY_PRESET
from play_walks import steps

NAMES = ("Ann", "bob", "Cyd Lee", "Dee", "Eve", "Fay")
"""A name a seat (one in lower case: a name is written as given)."""

VERBS = ("draws", "lays", "plays", "passes", "takes", "melds", "adds", "discards", "asks",
         "answers", "goes", "deals", "sits")
"""The verbs the events' sentences put after a seat."""

SEAT = re.compile(r"\b[Ss]eat (\d+)")


def _events(preset: str, seed: int) -> list[k.Event]:
    """Every event of a random game's first 300 actions (the play walks favour takes, melds and
    questions, so every kind is met), a few hands' ends and deals among them."""
    return [event for _, _, _, happened in steps(preset, seed, 300) for event in happened]


def _plain_form(third: str) -> str:
    return third[:-2] if third in ("passes", "goes") else third[:-1]


def _spoken_to(plain: str, me: int) -> str:
    """``plain`` (the events' own words) as the reader at ``me`` should read them, worked out
    apart from the engine's words: the seat before one of the verbs, "You" (at a sentence's
    start) or "you" and the verb's plain form; "the hand of seat me", "your hand"; any other
    mention ("seat me must go out"), "you"."""
    verbs = "|".join(VERBS)
    said = re.sub(rf"^Seat {me} ({verbs})\b", lambda m: "You " + _plain_form(m[1]), plain)
    said = re.sub(rf"\bseat {me} ({verbs})\b", lambda m: "you " + _plain_form(m[1]), said)
    said = said.replace(f"the hand of seat {me} ", "your hand ")
    if said.startswith("You "):  # a second verb of the same subject: "... and draw ..."
        said = re.sub(rf"\band ({verbs})\b", lambda m: "and " + _plain_form(m[1]), said)
        said = said.replace(" their hand", " your hand")  # the subject's own hand
    return re.sub(rf"\bseat {me}\b", "you", said)


@pytest.mark.parametrize("preset", EVERY_PRESET)
def test_names_replace_every_seat_and_nothing_else(preset: str) -> None:
    """With names, each sentence is the events' own with every "Seat N" (or "seat N") for
    the seat's name, whatever the audience; with none, the words are the events' own."""
    rules = cc.RuleSet.preset(preset)
    names = NAMES[:rules.players]
    kinds = set()
    for event in _events(preset, 3):
        kinds.add(event.kind)
        for audience in (None, *range(rules.players)):
            plain = event.text(audience)
            assert event.text(audience, names=None, you=False) == plain
            assert plain == event.for_seat(audience).to_json()["text"]
            named = event.text(audience, names=list(names))
            assert named == SEAT.sub(lambda m: names[int(m[1])], plain)
            assert not SEAT.search(named)
    assert {k.EventKind.DRAW, k.EventKind.MELD, k.EventKind.DISCARD} <= kinds


@pytest.mark.parametrize("preset", EVERY_PRESET)
def test_the_reader_is_spoken_to_as_you_with_its_verbs_agreeing(preset: str) -> None:
    """With ``you``, the reader's own seat is "you": "You draw", "your hand", "asks you",
    "you play first"; never "You draws"; the other seats as they are (named or numbered)."""
    rules = cc.RuleSet.preset(preset)
    names = NAMES[:rules.players]
    agreeing = re.compile(rf"\b[Yy]ou ({'|'.join(VERBS)})\b")
    spoken = 0
    for event in _events(preset, 4):
        for me in range(rules.players):
            plain = event.text(me)
            words = event.text(me, you=True)
            assert words == _spoken_to(plain, me), plain
            assert not agreeing.search(words)
            assert not (words.startswith("You ") and re.search(rf"\band ({'|'.join(VERBS)})\b",
                                                                words)), words
            assert words[0].isupper()
            named = event.text(me, names=names, you=True)
            assert named == SEAT.sub(lambda m: names[int(m[1])], words)
            spoken += words != plain
    assert spoken


def test_a_discard_and_a_deal_in_the_readers_words() -> None:
    """Worked examples: the discard and the next deal, as the seats read them."""
    rules = cc.RuleSet.preset("caliente-2p")
    state = cc.apply(cc.new_game(rules, seed=5), "draw")
    _, (discard,) = cc.step(state, "discard 4")
    assert discard.text(0, you=True) == "You discard a four."
    assert discard.text(1, you=True) == "Seat 0 discards a four."
    assert discard.text(1, names=["Ann", "Bob"], you=True) == "Ann discards a four."
    deal = k.DealEvent(seat=1, rules=(), hand_number=2, first=0, order=(0, 1),
                       hands=(None, None), hand_sizes=(15, 15), pile=(cc.Card.FOUR,),
                       laid_out=((), ()), stock_size=70)
    assert deal.text(0, names=["Ann", "Bob"], you=True) == (
        "Bob deals hand 2: you play first; the up card is a four.")
    assert deal.text(1, you=True) == "You deal hand 2: seat 0 plays first; the up card is a four."
    # The bonus cards the deal laid out, by side (the table showed them; the words did not).
    laid = attrs.evolve(deal, laid_out=((cc.Card.RED_THREE,), (cc.Card.RED_THREE,) * 2))
    assert laid.text(None) == ("Seat 1 deals hand 2: seat 0 plays first; the up card is a "
                               "four; side 0 lays out a red three; side 1 lays out two red "
                               "threes.")
    # RULES: SEAT-3, VAR-3
    # Five players: the seat dealt no hand is told it sits out, and so is every other seat.
    five = cc.Match.start(cc.RuleSet.preset("caliente-5p"), seed=3).opening[0]
    assert isinstance(five, k.DealEvent) and five.order == (0, 1, 2, 3)
    assert five.text(4, you=True).startswith("Seat 3 deals hand 1: seat 0 plays first; you sit "
                                             "out; the up card is")
    assert "; seat 4 sits out; the up card is" in five.text(None)
    bonus = k.BonusEvent(seat=0, rules=("TURN-3",), source="stock", replaced=True)
    # (the replacement is among the cards of the draw said before: not a card more)
    assert bonus.text(0, you=True) == (
        "You lay out a red three from the stock, one of the cards drawn replacing it (TURN-3).")
    assert bonus.text(1, you=True) == (
        "Seat 0 lays out a red three from the stock, one of the cards drawn replacing it "
        "(TURN-3).")
    ask = k.AskEvent(seat=0, rules=("OUT-2",), partner=2)
    assert ask.text(2, you=True) == 'Seat 0 asks you "May I go out?" (OUT-2).'


@pytest.mark.parametrize(("names", "you", "seat", "error", "match"), [
    ("Ann", False, 0, TypeError, r"^names must be a sequence of names, one a seat, not str"),
    (["Ann", 2], False, 0, TypeError, r"^names\[1\] must be a str, not int 2$"),
    (["Ann", " "], False, 0, cc.ArgumentError,
     r"^names\[1\]: a seat's name cannot be empty or white space alone$"),
    (["Ann", ""], False, 0, cc.ArgumentError, r"^names\[1\]: a seat's name cannot be empty$"),
    (["Ann"], False, 0, cc.ArgumentError, r"^names: no name for seat 1: 1 name given"),
    (None, "yes", 0, TypeError, r"^you must be True or False, not str 'yes'$"),
    (None, True, None, cc.ArgumentError, r"^you: a spectator \(seat None\) .* \(for every "
     r"audience in turn, give you=seat is not None\)$"),
])
def test_bad_names_are_refused(names: object, you: object, seat: int | None,
                               error: type[Exception], match: str) -> None:
    """Names that are not a sequence of texts, an empty one, too few for the seats named, and
    a "you" that is not a bool or has no seat to speak to: each refused, saying why."""
    event = k.AnswerEvent(seat=1, rules=("OUT-2",), asker=0, yes=True)
    with pytest.raises(error, match=match):
        event.text(seat, names=names, you=you)  # type: ignore[arg-type]


def test_a_client_message_carries_the_events_in_its_readers_words() -> None:
    """``client_message(..., names=, you=)``: each event's ``text`` is ``Event.text`` with them
    (the rest of the event as before); without them, the events' own words; ``you`` for a
    spectator and bad names refused before any event is worded."""
    rules = cc.RuleSet.preset("caliente")
    happened = [e for _, _, _, events in steps(rules, 5, 40) for e in events]
    state = next(after for _, _, after, _ in steps(rules, 5, 40))
    names = list(NAMES[:4])
    for seat in (None, 0, 2):
        plain = cc.client_message(state, seat, events=happened)
        worded = cc.client_message(state, seat, events=happened, names=names,
                                   you=seat is not None)
        assert [e["text"] for e in worded["events"]] == [
            e.text(seat, names=names, you=seat is not None) for e in happened]
        for ours, theirs in zip(worded["events"], plain["events"], strict=True):
            assert {**ours, "text": None} == {**theirs, "text": None}
        assert {**worded, "events": None} == {**plain, "events": None}
    with pytest.raises(cc.ArgumentError, match="you: a spectator"):
        cc.client_message(state, None, events=happened, you=True)
    with pytest.raises(TypeError, match="names must be a sequence"):
        cc.client_message(state, 0, events=(), names="Ann")
    # The table is known here: one name a seat, checked before any event names a seat (an
    # event of seat 0 alone would not find the missing names).
    for wrong in (names[:1], [*names, "Eve", "Fay"]):
        with pytest.raises(cc.ArgumentError, match=rf"^names: expected one name a seat, 4 for "
                                                  rf"this table, got {len(wrong)}$"):
            cc.client_message(state, 0, events=(), names=wrong)


def test_counts_of_one_are_singular_in_every_layer() -> None:
    """``count_phrase`` is the one home of a count's words, in the lowest layer, so that the
    record's, the view's and the statistics' messages, which could not import it from the game
    layer, say "1 seat", "1 card", "1 game" as the rest do (they said "1 seats", "1 cards",
    "1 games")."""
    from canasta_caliente.errors import count_phrase
    from canasta_caliente.studies.stats import rate_interval

    assert (count_phrase(1), count_phrase(2, "seat")) == ("1 card", "2 seats")
    with pytest.raises(cc.ArgumentError, match=r"^players: 1 name for 4 seats: one name a seat$"):
        cc.GameRecord(cc.RuleSet.preset("caliente"), 1, players=("ann",))
    state = cc.new_game(cc.RuleSet.preset("caliente-2p"), seed=3)
    rng = random.Random(3)
    while state.over or not any(len(state.hand(s)) == 1 for s in range(2)):
        state = cc.apply(state, rng.choice(cc.legal_actions(state)))
    seat = next(s for s in range(2) if len(state.hand(s)) == 1)
    assert repr(cc.observe(state, seat)).startswith(f"<View of seat {seat}, 1 card in hand;")
    with pytest.raises(ValueError, match="got 1 game and no hand"):
        rate_interval([(0, 0)], 1.96)


def test_a_pile_take_is_said_in_words_its_verbs_agreeing() -> None:
    """A pile take names its cards in words, as every other event does (it said "with 7 7"
    and "laying the 8 off"), and "1 card waits" (it said "1 card wait")."""
    take = k.TakeEvent(seat=0, rules=("PILE-1", "INIT-4"), up_card=cc.Card.SEVEN,
                       with_cards=(cc.Card.SEVEN, cc.Card.SEVEN), under=(cc.Card.NINE,),
                       waiting=True)
    assert take.text(None) == ("Seat 0 takes the pile (2 cards) with two sevens; 1 card waits "
                               "until the first meld is made (INIT-4).")
    two = attrs.evolve(take, with_cards=(), under=(cc.Card.NINE, cc.Card.FOUR))
    assert two.text(0, you=True) == ("You take the pile (3 cards) laying a seven off on the "
                                     "sevens; 2 cards wait until the first meld is made "
                                     "(INIT-4).")
