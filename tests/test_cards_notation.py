"""Cards (CARD-1 to CARD-3) and the action notation of API.md."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import canasta_caliente as cc
from canasta_caliente import Card, Verb
from conftest import deal, legal, play

# Card values as RULES.md CARD-3 states them, written out independently of the engine.
CARD3_VALUES: dict[str, int] = {
    "4": 5, "5": 5, "6": 5, "7": 5,
    "8": 10, "9": 10, "10": 10, "J": 10, "Q": 10, "K": 10,
    "A": 20, "2": 20, "JK": 50, "B3": 5, "CAL": 0,
}  # fmt: skip

NATURAL_CODES = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
ALL_CODES = (*NATURAL_CODES, "2", "JK", "R3", "B3", "CAL")


def codes(cards: tuple[Card, ...]) -> list[str]:
    """Cards as their codes."""
    return [str(c) for c in cards]


def value_of(hand: tuple[Card, ...], values: dict[str, int]) -> int:
    """The total value of some cards under a table of values by code."""
    return sum(values[str(c)] for c in hand)


# ---------------------------------------------------------------------------------------------
# CARD-1: kinds and codes


def test_card_kinds_and_codes() -> None:
    """Every card code of CARD-1 parses to a card that prints back as the same code; naturals,
    wilds and the other kinds are told apart."""
    # RULES: CARD-1
    for code in ALL_CODES:
        card = Card.parse(code)
        assert str(card) == code
        assert Card.parse(str(card)) is card
    assert len({Card.parse(c) for c in ALL_CODES}) == 16
    assert [Card.parse(c).is_natural for c in ALL_CODES] == [True] * 11 + [False] * 5
    assert [Card.parse(c).is_wild for c in ALL_CODES] == [False] * 11 + [True, True] + [False] * 3
    assert Card.parse("JK") is Card.JOKER
    assert Card.parse("2") is Card.TWO
    assert Card.parse("R3") is Card.RED_THREE
    assert Card.parse("B3") is Card.BLACK_THREE
    assert Card.parse("CAL") is Card.CALIENTE


def test_card_parse_is_case_insensitive_and_reads_t_as_ten() -> None:
    """`Card.parse` ignores case and reads `T` (or `t`) as `10`."""
    # RULES: CARD-1
    assert Card.parse("jk") is Card.JOKER
    assert Card.parse("Jk") is Card.JOKER
    assert Card.parse("cal") is Card.CALIENTE
    assert Card.parse("r3") is Card.RED_THREE
    assert Card.parse("b3") is Card.BLACK_THREE
    assert Card.parse("q") is Card.QUEEN
    assert Card.parse("a") is Card.ACE
    assert Card.parse("T") is Card.TEN
    assert Card.parse("t") is Card.TEN
    assert str(Card.parse("T")) == "10"


@pytest.mark.parametrize(("value", "error", "match"), [
    ("7", cc.NotationError, r"^Card\(\) takes a card's number, 0 to 15, not the code '7': "
                            r"read a code with Card.parse$"),
    (16, cc.ArgumentError, r"^no card has the number 16: cards run from 0 to 15$"),
    (-1, cc.ArgumentError, r"^no card has the number -1: cards run from 0 to 15$"),
    (2.5, TypeError, r"^Card\(\) takes a card's number \(an int\), not float 2.5$"),
])
def test_card_of_what_is_no_cards_number_says_what_it_takes(
        value: object, error: type[Exception], match: str) -> None:
    """``Card(x)`` takes a card's number: a code is pointed to ``Card.parse``, a number out of
    range or another type refused with the library's own error (it was the enum's bare
    ``ValueError: '7' is not a valid Card``); every card's number reads back."""
    with pytest.raises(error, match=match):
        Card(value)
    assert [Card(int(card)) for card in Card] == list(Card)


@pytest.mark.parametrize("code", ["3", "1", "11", "X", "JKR", "", "R4", "joker", "10 10"])
def test_unknown_card_code_is_a_notation_error(code: str) -> None:
    """An unknown card code raises NotationError, which is also a ValueError and a
    CanastaError."""
    # RULES: CARD-1
    with pytest.raises(cc.NotationError):
        Card.parse(code)
    with pytest.raises(ValueError):
        Card.parse(code)
    with pytest.raises(cc.CanastaError):
        Card.parse(code)


def test_cards_written_with_commas_are_told_the_notation_separates_them_by_spaces() -> None:
    """"meld 7,7,7" (a beginner's trial) is one unknown code; the message says how to write
    the cards, and a code without a comma is told no more."""
    with pytest.raises(cc.NotationError, match=r"unknown card code '7,7,7': .*\(or T for 10\); "
                                               r"cards are separated by spaces \(7 7 7\)$"):
        cc.parse_action("meld 7,7,7")
    with pytest.raises(cc.NotationError, match=r"\(or T for 10\)$"):
        cc.parse_action("meld seven seven seven")


# ---------------------------------------------------------------------------------------------
# CARD-2: the deck


@pytest.mark.parametrize(
    ("preset", "options", "units", "calientes"),
    [
        ("caliente", {}, 2, 0),
        ("caliente-cards", {}, 2, 2),
        ("classic", {}, 2, 0),
        ("caliente-2p", {"caliente_cards": 2}, 2, 2),
        ("caliente-6p-3deck", {}, 3, 0),
        ("caliente-6p-3deck-3x2", {"caliente_cards": 2}, 3, 2),
    ],
)
def test_deck_composition(
    preset: str, options: dict[str, int], units: int, calientes: int
) -> None:
    """RuleSet.deck_counts and deck_size follow CARD-2: per unit 4 of each natural, 4 little
    wilds, 2 jokers, 2 bonus and 2 stop cards; Caliente cards added on top."""
    # RULES: CARD-2, HOT-1
    rules = cc.RuleSet.preset(preset)
    if options:
        rules = rules.replace(**options)
    counts = rules.deck_counts
    for code in NATURAL_CODES:
        assert counts[Card.parse(code)] == 4 * units, code
    assert counts[Card.TWO] == 4 * units
    assert counts[Card.JOKER] == 2 * units
    assert counts[Card.RED_THREE] == 2 * units
    assert counts[Card.BLACK_THREE] == 2 * units
    assert counts[Card.CALIENTE] == calientes
    assert sum(counts) == rules.deck_size == 54 * units + calientes
    assert sum(counts[c] for c in Card if c.is_natural) == 44 * units


def test_standard_deck_sizes() -> None:
    """The standard game is 108 cards (88 naturals, 8 + 4 wilds, 4 bonus, 4 stop); 110 with the
    Caliente cards; the three-deck game 162."""
    # RULES: CARD-2
    assert cc.RuleSet.preset("caliente").deck_size == 108
    assert cc.RuleSet.preset("caliente-cards").deck_size == 110
    assert cc.RuleSet.preset("caliente-6p-3deck").deck_size == 162
    assert cc.RuleSet.preset("caliente-6p-3deck").replace(caliente_cards=2).deck_size == 164


def _cards_on_table(state: cc.GameState) -> Counter[Card]:
    out: Counter[Card] = Counter()
    for seat in range(state.rules.players):
        out.update(state.hand(seat))
    for side in range(len(state.sides)):
        out.update(state.laid_out(side))
        for meld in state.melds(side):
            out.update(meld.cards)
    out.update(state.pile)
    out.update(state.stock)
    out.update(state.waiting)
    return out


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("caliente", {}),
        ("caliente-cards", {}),
        ("classic", {}),
        ("caliente-5p", {"caliente_cards": 2}),
        ("caliente-6p", {}),
        ("caliente-6p-3deck", {}),
        ("caliente-6p-3deck-3x2", {"caliente_cards": 2}),
    ],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dealt_game_holds_exactly_the_deck(
    preset: str, options: dict[str, int], seed: int
) -> None:
    """A freshly dealt game holds exactly the rules' deck across the hands, laid-out bonus
    cards, pile and stock."""
    # RULES: CARD-2
    rules = cc.RuleSet.preset(preset)
    if options:
        rules = rules.replace(**options)
    state = cc.new_game(rules, seed=seed)
    expected = Counter({Card(k): n for k, n in enumerate(rules.deck_counts) if n})
    assert _cards_on_table(state) == expected
    assert sum(_cards_on_table(state).values()) == rules.deck_size


# ---------------------------------------------------------------------------------------------
# CARD-3: values, through scoring

# Seat 0 goes out at once (a natural canasta of 7s and five 8s); the other hands stay.
GO_OUT_HANDS = {
    0: "7 7 7 7 7 7 7 8 8 8 8",
    1: "4 5 6 9 10 J Q A 2 JK B3",
    2: "4 5 6 9 10 J Q K A 2 B3",
    3: "4 5 6 9 10 J Q A 2 JK CAL",
}


def _go_out(rules: cc.RuleSet) -> cc.GameState:
    state = deal(rules, hands=GO_OUT_HANDS, stock="8")
    for seat, cards in GO_OUT_HANDS.items():
        assert sorted(codes(state.hand(seat))) == sorted(cards.split())
    state = play(state, "draw", "meld 7 7 7 7 7 7 7", "meld 8 8 8 8 8")
    assert state.is_hand_over
    assert state.hand_results[-1].went_out == 0
    return state


def test_card_values_score_the_cards_left_in_hand() -> None:
    """The `hand` component is minus the CARD-3 values of the cards left (4-7 = 5, 8-K = 10,
    A = 20, 2 = 20, JK = 50, B3 = 5, CAL = 0), and `melds` plus the values melded."""
    # RULES: CARD-3, SCORE-1
    state = _go_out(cc.RuleSet.preset("caliente-cards"))
    result = state.hand_results[-1]
    # seat 2: 5+5+5+10+10+10+10+10+20+20+5
    assert result.components(0)["hand"] == -110
    # seat 1: 5+5+5+10+10+10+10+20+20+50+5 = 150; seat 3: the same with CAL (0) for B3 = 145
    assert result.components(1)["hand"] == -(150 + 145)
    # seven 7s (35) and five 8s (50)
    assert result.components(0)["melds"] == 85
    assert result.components(1)["melds"] == 0
    # The same figures from the table of values, card by card.
    assert result.components(0)["hand"] == -value_of(state.hand(2), CARD3_VALUES)
    assert result.components(1)["hand"] == -(
        value_of(state.hand(1), CARD3_VALUES) + value_of(state.hand(3), CARD3_VALUES)
    )


def test_single_card_values() -> None:
    """Each kind's value, left alone in a hand beside fillers of known value, is exactly
    CARD-3's."""
    # RULES: CARD-3
    rules = cc.RuleSet.preset("caliente-cards")
    assert [rules.value(Card.parse(c)) for c in ALL_CODES] == [
        5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20, 20, 50, 0, 5, 0
    ]
    base = "4 5 6 9 10 J Q A 2 JK"  # 5+5+5+10+10+10+10+20+20+50 = 145
    for code in ("K", "7", "B3", "CAL", "A", "JK", "2", "4"):
        hands = {**GO_OUT_HANDS, 1: f"{base} {code}"}
        state = deal(rules, hands=hands, stock="8")
        assert sorted(codes(state.hand(1))) == sorted(hands[1].split())
        state = play(state, "draw", "meld 7 7 7 7 7 7 7", "meld 8 8 8 8 8")
        # seat 3 holds 145 too (CAL is worth 0)
        assert state.hand_results[-1].components(1)["hand"] == -(
            145 + CARD3_VALUES[code] + 145
        ), code


def test_bonus_card_has_no_card_value() -> None:
    """A laid-out bonus card adds nothing to `melds` or `hand`: it scores only its 100 in
    `bonus_cards` (SCORE-4)."""
    # RULES: CARD-3, SCORE-4
    hands = {**GO_OUT_HANDS, 2: "R3 5 6 9 10 J Q K A 2 B3"}
    state = deal(cc.RuleSet.preset("caliente-cards"), hands=hands, stock="4 8")
    assert state.laid_out(0) == (Card.RED_THREE,)
    replaced = "4 5 6 9 10 J Q K A 2 B3"
    assert sorted(codes(state.hand(2))) == sorted(replaced.split())
    state = play(state, "draw", "meld 7 7 7 7 7 7 7", "meld 8 8 8 8 8")
    comps = state.hand_results[-1].components(0)
    assert comps["melds"] == 85
    assert comps["hand"] == -110
    assert comps["bonus_cards"] == 100


def test_card_values_option_changes_the_values() -> None:
    """The `card_values` option replaces the values: in melds, in hands and so in scores."""
    # RULES: CARD-3, SCORE-1
    rules = cc.RuleSet.preset("caliente-cards").replace(
        card_values={"7": 6, "JK": 100, "4": 1, "B3": 50}
    )
    assert rules.value(Card.SEVEN) == 6
    assert rules.value(Card.JOKER) == 100
    assert rules.value(Card.EIGHT) == 10  # unchanged
    state = _go_out(rules)
    result = state.hand_results[-1]
    assert result.components(0)["melds"] == 7 * 6 + 5 * 10
    # seat 2: 110 - 5 + 1 (the 4) - 5 + 50 (the B3)
    assert result.components(0)["hand"] == -151
    # seat 1: 150 - 5 + 1 - 50 + 100 - 5 + 50 = 241; seat 3: 145 - 5 + 1 - 50 + 100 = 191
    assert result.components(1)["hand"] == -(241 + 191)


# ---------------------------------------------------------------------------------------------
# Action notation

NOTATION_TABLE = [
    ("draw", Verb.DRAW, (), None),
    ("take", Verb.TAKE, (), None),
    ("take 7 7", Verb.TAKE, ("7", "7"), None),
    ("take 7 2", Verb.TAKE, ("7", "2"), None),
    ("caliente", Verb.CALIENTE, (), None),
    ("pass", Verb.PASS, (), None),
    ("meld 7 7 7 2", Verb.MELD, ("7", "7", "7", "2"), None),
    ("meld 2 JK on 9", Verb.MELD, ("2", "JK"), "9"),
    ("meld B3 B3 B3", Verb.MELD, ("B3", "B3", "B3"), None),
    ("discard Q", Verb.DISCARD, ("Q",), None),
    ("ask", Verb.ASK, (), None),
    ("yes", Verb.YES, (), None),
    ("no", Verb.NO, (), None),
    ("deal", Verb.DEAL, (), None),
]


@pytest.mark.parametrize(("text", "verb", "cards", "on"), NOTATION_TABLE)
def test_notation_table_parses_and_prints_back(
    text: str, verb: Verb, cards: tuple[str, ...], on: str | None
) -> None:
    """Every row of API.md's notation table parses to the action it names and prints back as
    the same text."""
    # RULES: CARD-1
    action = cc.parse_action(text)
    assert action.verb is verb
    assert codes(action.cards) == list(cards)
    assert (None if action.on is None else str(action.on)) == on
    assert str(action) == text
    assert cc.parse_action(str(action)) == action
    assert action == cc.Action(verb, tuple(Card.parse(c) for c in cards),
                               None if on is None else Card.parse(on))


def test_actions_are_frozen_hashable_values() -> None:
    """Equal notation gives equal, hashable actions; an action cannot be changed."""
    # RULES: CARD-1
    a = cc.parse_action("meld 7 7 2")
    assert a == cc.parse_action("meld 2 7 7")
    assert hash(a) == hash(cc.parse_action("meld 7 2 7"))
    assert len({a, cc.parse_action("meld 7 2 7"), cc.parse_action("meld 7 7 7")}) == 2
    with pytest.raises(AttributeError):
        a.verb = Verb.DRAW  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("meld 2 7 7", "meld 7 7 2"),
        ("meld JK 7 2 7", "meld 7 7 2 JK"),
        ("meld JK 2 on 9", "meld 2 JK on 9"),
        ("meld JK JK 2 2 on K", "meld 2 2 JK JK on K"),
        ("take 2 7", "take 7 2"),
        ("take JK 10", "take 10 JK"),
        ("MELD k K 2", "meld K K 2"),
        ("Take t T", "take 10 10"),
        ("DISCARD jk", "discard JK"),
        ("meld 2 jk ON a", "meld 2 JK on A"),
        ("  draw  ", "draw"),
        ("meld b3 B3 b3 B3", "meld B3 B3 B3 B3"),
    ],
)
def test_canonical_card_order(text: str, canonical: str) -> None:
    """Cards print in the canonical order (naturals, then 2, then JK) whatever order, case or
    `T` spelling was parsed."""
    # RULES: CARD-1
    action = cc.parse_action(text)
    assert str(action) == canonical
    assert action == cc.parse_action(canonical)


@pytest.mark.parametrize(
    "text",
    [
        # unknown verb or card
        "",
        "fly",
        "draws",
        "meld 7 7 X",
        "discard 3",
        "take 7 11",
        "meld 2 on 1",
        # take with other than zero or two cards
        "take 7",
        "take 2",
        "take 7 7 7",
        "take 7 7 2",
        # discard with other than one card
        "discard",
        "discard 7 8",
        "discard 7 7",
        # meld with no card
        "meld",
        "meld on 9",
        # `on` followed by anything but one natural rank
        "meld 2 on",
        "meld 2 on 9 9",
        "meld 2 on 9 10",
        "meld 2 on JK",
        "meld 2 on 2",
        "meld 2 on B3",
        "meld 2 on R3",
        "meld 2 on CAL",
        # `on` after cards that are not all wild
        "meld 9 2 on 9",
        "meld 9 on 9",
        "meld B3 on 9",
        "meld R3 on 9",
        # wilds alone without `on`
        "meld 2",
        "meld 2 JK",
        "meld JK JK JK",
        # naturals of more than one rank
        "meld 7 8 8",
        "meld 7 7 8 2",
        "take 7 8",
        # stop cards mixed with other cards
        "meld B3 B3 7",
        "meld B3 B3 B3 2",
        "meld B3 B3 JK",
        "take B3 7",
        # arguments after draw, pass, caliente, ask, yes, no, deal
        "draw 7",
        "draw 2",
        "pass Q",
        "caliente CAL",
        "ask 2",
        "yes please",
        "no 7",
        "deal 1",
    ],
)
def test_malformed_notation_is_a_notation_error(text: str) -> None:
    """Every malformed notation API.md lists raises NotationError (also a ValueError), both from
    parse_action and from apply."""
    # RULES: CARD-1
    with pytest.raises(cc.NotationError):
        cc.parse_action(text)
    with pytest.raises(ValueError):
        cc.parse_action(text)
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    with pytest.raises(cc.NotationError):
        cc.apply(state, text)


def test_well_formed_but_never_legal_action() -> None:
    """`meld R3 R3 R3` is well-formed notation but the rules never allow it: applying it is an
    IllegalActionError (not a NotationError)."""
    # RULES: MELD-6
    action = cc.parse_action("meld R3 R3 R3")
    assert action.verb is Verb.MELD
    assert action.cards == (Card.RED_THREE,) * 3
    assert str(action) == "meld R3 R3 R3"
    state = play(deal("caliente"), "draw")
    assert "meld R3 R3 R3" not in legal(state)
    with pytest.raises(cc.IllegalActionError) as info:
        cc.apply(state, "meld R3 R3 R3")
    assert not isinstance(info.value, cc.NotationError)
    with pytest.raises(cc.IllegalActionError):
        cc.apply(state, action)


def test_apply_garbage_is_a_notation_error() -> None:
    """apply() with text that is not notation raises NotationError and leaves the state as it
    was."""
    # RULES: CARD-1
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=3)
    with pytest.raises(cc.NotationError):
        cc.apply(state, "garbage")
    with pytest.raises(cc.CanastaError):
        cc.apply(state, "garbage")
    assert state == cc.new_game(cc.RuleSet.preset("caliente"), seed=3)
    assert state.phase is cc.Phase.DRAW
    assert "draw" in legal(state)


def test_legal_actions_print_in_canonical_form() -> None:
    """Every listed legal action round-trips through its notation."""
    # RULES: CARD-1
    state = deal("caliente", hands={0: "7 7 7 2 JK K K B3 B3 B3 Q"}, pile="K", stock="9")
    for text in ("draw", "take K K"):
        nxt = cc.apply(state, text)
        for action in cc.legal_actions(nxt):
            assert cc.parse_action(str(action)) == action
            assert str(cc.parse_action(str(action))) == str(action)


# ---------------------------------------------------------------------------------------------
# Property: parse(str(a)) == a for random well-formed actions

naturals = st.sampled_from([c for c in Card if c.is_natural])
wilds = st.lists(st.sampled_from([Card.TWO, Card.JOKER]), max_size=6)


@st.composite
def meld_actions(draw: st.DrawFn) -> cc.Action:
    """A well-formed meld: naturals of one rank with wilds, wilds `on` a rank, a stop meld or
    cards that are well-formed but never legal (bonus or Caliente cards)."""
    kind = draw(st.sampled_from(["natural", "on", "stop", "other"]))
    if kind == "natural":
        rank = draw(naturals)
        cards = [rank] * draw(st.integers(1, 8)) + draw(wilds)
        return cc.Action(Verb.MELD, tuple(draw(st.permutations(cards))))
    if kind == "on":
        ws = draw(wilds.filter(bool))
        return cc.Action(Verb.MELD, tuple(ws), draw(naturals))
    if kind == "stop":
        return cc.Action(Verb.MELD, (Card.BLACK_THREE,) * draw(st.integers(1, 6)))
    card = draw(st.sampled_from([Card.RED_THREE, Card.CALIENTE]))
    return cc.Action(Verb.MELD, (card,) * draw(st.integers(1, 4)))


@st.composite
def take_actions(draw: st.DrawFn) -> cc.Action:
    """A well-formed take: the bare take, a natural pair, or a natural with a wild."""
    kind = draw(st.sampled_from(["bare", "pair", "wild"]))
    if kind == "bare":
        return cc.Action(Verb.TAKE)
    rank = draw(naturals)
    other = rank if kind == "pair" else draw(st.sampled_from([Card.TWO, Card.JOKER]))
    return cc.Action(Verb.TAKE, tuple(draw(st.permutations([rank, other]))))


actions = st.one_of(
    st.sampled_from(
        [cc.Action(v) for v in (Verb.DRAW, Verb.CALIENTE, Verb.PASS, Verb.ASK, Verb.YES,
                                Verb.NO, Verb.DEAL)]
    ),
    take_actions(),
    meld_actions(),
    st.builds(lambda c: cc.Action(Verb.DISCARD, (c,)), st.sampled_from(list(Card))),
)


@given(actions)
def test_notation_round_trip_property(action: cc.Action) -> None:
    """For random well-formed actions, parse_action(str(a)) == a, and the printed cards are in
    canonical order."""
    # RULES: CARD-1
    text = str(action)
    assert cc.parse_action(text) == action
    assert str(cc.parse_action(text)) == text
    printed = list(action.cards)
    assert printed == sorted(printed, key=lambda c: (not c.is_natural, c))
    assert cc.parse_action(text.upper()) == action
    assert cc.parse_action(text.lower()) == action


@given(meld_actions(), st.randoms(use_true_random=False))
def test_notation_parses_cards_in_any_order(action: cc.Action, rng: random.Random) -> None:
    """Shuffling the cards of a meld's notation parses to the same action."""
    # RULES: CARD-1
    words = [str(c) for c in action.cards]
    rng.shuffle(words)
    text = " ".join(["meld", *words] + ([] if action.on is None else ["on", str(action.on)]))
    assert cc.parse_action(text) == action


@pytest.mark.parametrize(("code", "cards"), [("7", 249), ("10", 166), ("JK", 164),
                                             ("CAL", 125)])
def test_an_action_too_long_to_write_is_refused_when_built(code: str, cards: int) -> None:
    """An action whose notation would be longer than parse_action reads (500 characters) is
    refused when built, as every action the notation cannot write is, so that
    ``parse_action(str(a)) == a`` holds for every action; one card fewer is written and read."""
    with pytest.raises(cc.NotationError, match=f"a meld of {cards} cards is written in 50"):
        cc.Action(cc.Verb.MELD, (code,) * cards, on="9" if code == "JK" else None)
    shorter = cc.Action(cc.Verb.MELD, (code,) * (cards - 1), on="9" if code == "JK" else None)
    assert cc.parse_action(str(shorter)) == shorter
    # The count below which no action is measured holds for every verb and card code.
    from canasta_caliente.actions import _FEW_CARDS

    longest = max(len(v.value) for v in cc.Verb) + 4 * _FEW_CARDS + len(" on 10")
    assert longest <= 500 and max(len(c.code) for c in cc.Card) <= 3
