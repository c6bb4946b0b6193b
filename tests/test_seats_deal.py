"""Seats, sides and turn order (SEAT-1 to SEAT-4) and the deal (DEAL-1 to DEAL-4), with
new_game's seed, deck and scores arguments."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

import canasta_caliente as cc
from canasta_caliente import Card
from conftest import deal, legal, play, refused

NATURALS = [c for c in Card if c.is_natural]
LONG = 10**9  # a target score no random game reaches: several hands can be played


def long_game(preset: str) -> cc.RuleSet:
    """A preset whose game never ends by score (seating and turn order do not depend on it)."""
    return cc.RuleSet.preset(preset).replace(target_score=LONG)

LAYOUTS: dict[str, tuple[tuple[int, ...], ...]] = {
    "caliente": ((0, 2), (1, 3)),
    "caliente-cards": ((0, 2), (1, 3)),
    "caliente-2p": ((0,), (1,)),
    "caliente-3p": ((0,), (1,), (2,)),
    "caliente-5p": ((0, 2), (1, 3, 4)),
    "caliente-6p": ((0, 2, 4), (1, 3, 5)),
    "caliente-6p-3deck": ((0, 2, 4), (1, 3, 5)),
    "caliente-6p-3deck-3x2": ((0, 3), (1, 4), (2, 5)),
    "caliente-always-frozen": ((0, 2), (1, 3)),
    "classic": ((0, 2), (1, 3)),
}

HAND_SIZES: dict[str, int] = {
    "caliente": 11,
    "caliente-cards": 11,
    "caliente-2p": 15,
    "caliente-3p": 13,
    "caliente-5p": 11,
    "caliente-6p": 11,
    "caliente-6p-3deck": 13,
    "caliente-6p-3deck-3x2": 13,
    "caliente-always-frozen": 11,
    "classic": 11,
}

# The turn order of hands 1, 2, 3, 4 (SEAT-3, SEAT-4).
ORDERS: dict[str, list[tuple[int, ...]]] = {
    "caliente": [(0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2)],
    "caliente-2p": [(0, 1), (1, 0), (0, 1), (1, 0)],
    "caliente-3p": [(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 1, 2)],
    # hand 1: seat 4 out; hand 2: seat 3 out (0 1 2 4); hand 3: seat 1 out (0 3 2 4)
    "caliente-5p": [(0, 1, 2, 3), (1, 2, 4, 0), (2, 4, 0, 3), (3, 0, 1, 2)],
    # hand 1: 4, 5 out; hand 2: 2, 3 out (0 1 4 5); hand 3: 0, 1 out (2 3 4 5)
    "caliente-6p": [(0, 1, 2, 3), (1, 4, 5, 0), (4, 5, 2, 3), (3, 0, 1, 2)],
    "caliente-6p-3deck": [
        (0, 1, 2, 3, 4, 5), (1, 2, 3, 4, 5, 0), (2, 3, 4, 5, 0, 1), (3, 4, 5, 0, 1, 2)
    ],
    "caliente-6p-3deck-3x2": [
        (0, 1, 2, 3, 4, 5), (1, 2, 3, 4, 5, 0), (2, 3, 4, 5, 0, 1), (3, 4, 5, 0, 1, 2)
    ],
}


def codes(cards: tuple[Card, ...]) -> list[str]:
    """Cards as their codes."""
    return [str(c) for c in cards]


def same(cards: tuple[Card, ...], text: str) -> bool:
    """True if ``cards`` hold exactly the cards written in ``text``, in any order."""
    return sorted(codes(cards)) == sorted(text.split())


def finish_hand(
    state: cc.GameState,
    rng: random.Random,
    check: Callable[[cc.GameState], None] | None = None,
) -> cc.GameState:
    """Play random legal actions until the hand is over, calling ``check`` on every state."""
    steps = 0
    while not state.is_hand_over:
        if check is not None:
            check(state)
        state = cc.apply(state, rng.choice(cc.legal_actions(state)))
        steps += 1
        assert steps < 5000, "hand did not end"
    return state


def next_hand(
    state: cc.GameState,
    rng: random.Random,
    check: Callable[[cc.GameState], None] | None = None,
) -> cc.GameState:
    """Finish the current hand at random and deal the next one."""
    state = finish_hand(state, rng, check)
    assert not state.is_game_over
    assert legal(state) == {"deal"}
    return cc.apply(state, "deal")


# ---------------------------------------------------------------------------------------------
# SEAT-1, SEAT-2: sides and layouts


@pytest.mark.parametrize("preset", sorted(LAYOUTS))
def test_sides_and_side_of(preset: str) -> None:
    """Side 0 is seat 0's side; state.sides lists every seat once (sitting-out players
    included) and side_of agrees with it; scores are kept per side."""
    # RULES: SEAT-1, SEAT-2
    rules = cc.RuleSet.preset(preset)
    state = cc.new_game(rules, seed=5)
    assert state.sides == LAYOUTS[preset]
    assert state.side_of(0) == 0
    assert sorted(s for side in state.sides for s in side) == list(range(rules.players))
    for index, side in enumerate(state.sides):
        for seat in side:
            assert state.side_of(seat) == index
    assert len(state.scores) == len(state.sides)
    assert state.scores == (0,) * len(state.sides)


@pytest.mark.parametrize("preset", sorted(LAYOUTS))
def test_preset_layouts(preset: str) -> None:
    """Each preset's layout is SEAT-2's: 2 and 3 players are individuals, 4 players (0 2) (1 3),
    5 players (0 2) (1 3 4), 6 players (0 2 4) (1 3 5) or, with three decks, (0 3) (1 4) (2 5)."""
    # RULES: SEAT-2, VAR-1, VAR-2, VAR-3, VAR-4, VAR-5
    rules = cc.RuleSet.preset(preset)
    assert rules.layout == LAYOUTS[preset]
    assert cc.new_game(rules, seed=1).sides == LAYOUTS[preset]


# ---------------------------------------------------------------------------------------------
# SEAT-3: sitting out


@pytest.mark.parametrize(
    ("preset", "out_by_hand"),
    [
        ("caliente-5p", [{4}, {3}, {1}, {4}, {3}, {1}]),
        ("caliente-6p", [{4, 5}, {2, 3}, {0, 1}, {4, 5}, {2, 3}]),
        ("caliente-6p-3deck", [set(), set(), set()]),
        ("caliente-6p-3deck-3x2", [set(), set()]),
    ],
)
def test_sitting_out_rotation(preset: str, out_by_hand: list[set[int]]) -> None:
    """With two decks one member of each side of 3 sits out each hand, in reverse seat order,
    round and round; with three decks everyone plays. Through random play, a sitting-out seat
    holds no cards and is never the player to act."""
    # RULES: SEAT-3, VAR-3, VAR-4, VAR-5, DEAL-1
    rules = long_game(preset)
    rng = random.Random(7)
    state = cc.new_game(rules, seed=11)
    for hand, out in enumerate(out_by_hand, start=1):
        assert state.hand_number == hand
        playing = set(range(rules.players)) - out
        assert set(state.table.order) == playing
        assert len(state.table.order) == len(playing)

        def check(s: cc.GameState, out: set[int] = out) -> None:
            assert s.current_player not in out
            for seat in out:
                assert s.hand(seat) == ()
            assert set(s.table.order).isdisjoint(out)

        check(state)
        for seat in playing:
            assert len(state.hand(seat)) == rules.hand_size
        state = next_hand(state, rng, check)
    assert len(state.scores) == len(rules.layout)


# ---------------------------------------------------------------------------------------------
# SEAT-4: turn order


@pytest.mark.parametrize("preset", sorted(ORDERS))
def test_turn_order_per_hand(preset: str) -> None:
    """Each hand's active players alternate sides (side by side in side order, members in seat
    order), the first player moves one place each hand, the dealer is the player before the
    first, and turns follow that order through random play."""
    # RULES: SEAT-4, SEAT-3, DEAL-2
    rules = long_game(preset)
    rng = random.Random(3)
    state = cc.new_game(rules, seed=21)
    for hand, order in enumerate(ORDERS[preset], start=1):
        assert state.hand_number == hand
        assert state.table.order == order
        assert cc.turn_order(rules, hand) == order
        assert state.current_player == order[0]
        assert state.dealer == order[-1]
        for i, seat in enumerate(order):
            assert state.side_of(seat) != state.side_of(order[(i + 1) % len(order)])
        # follow the turns of this hand
        players: list[int] = []
        while not state.is_hand_over:
            if state.phase is cc.Phase.DRAW:
                assert state.current_player is not None
                players.append(state.current_player)
            state = cc.apply(state, rng.choice(cc.legal_actions(state)))
        assert players == [order[i % len(order)] for i in range(len(players))]
        assert not state.is_game_over
        state = cc.apply(state, "deal")


def test_four_player_lead_moves_one_place_each_hand() -> None:
    """In the 4-player game the first player of hands 1 to 5 is seat 0, 1, 2, 3, 0, and the
    dealer seat 3, 0, 1, 2, 3."""
    # RULES: SEAT-4
    rules = long_game("caliente")
    rng = random.Random(1)
    state = cc.new_game(rules, seed=4)
    firsts, dealers = [], []
    for _ in range(5):
        firsts.append(state.current_player)
        dealers.append(state.dealer)
        state = next_hand(state, rng)
    assert firsts == [0, 1, 2, 3, 0]
    assert dealers == [3, 0, 1, 2, 3]


# ---------------------------------------------------------------------------------------------
# DEAL-1: hand sizes


@pytest.mark.parametrize("preset", sorted(HAND_SIZES))
@pytest.mark.parametrize("seed", [1, 2])
def test_hand_sizes(preset: str, seed: int) -> None:
    """Every active player is dealt DEAL-1's hand size (11; 15 for 2 players; 13 for 3 players
    and the three-deck game); sitting-out players hold nothing."""
    # RULES: DEAL-1, VAR-1, VAR-2, VAR-5
    rules = cc.RuleSet.preset(preset)
    assert rules.hand_size == HAND_SIZES[preset]
    state = cc.new_game(rules, seed=seed)
    for seat in range(rules.players):
        size = len(state.hand(seat))
        assert size == (HAND_SIZES[preset] if seat in state.table.order else 0)
        assert Card.RED_THREE not in state.hand(seat)


def test_hand_size_option() -> None:
    """The option hand_size sets the number of cards dealt."""
    # RULES: DEAL-1
    rules = cc.RuleSet.preset("caliente").replace(hand_size=9)
    state = cc.new_game(rules, seed=3)
    assert [len(state.hand(s)) for s in range(4)] == [9, 9, 9, 9]


# ---------------------------------------------------------------------------------------------
# DEAL-2: the deal order


def _raw_deck(rules: cc.RuleSet, extra: list[str]) -> tuple[list[str], dict[int, list[str]]]:
    """A raw list of codes for the deal, and the hand each seat should get: the j-th player in
    turn order gets, as its i-th card, natural rank number (j + i // 2) mod 11."""
    order = cc.turn_order(rules, 1)
    n = len(order)
    deck: list[str] = []
    for i in range(rules.hand_size):
        for j in range(n):
            deck.append(str(NATURALS[(j + i // 2) % 11]))
    expected = {
        seat: [deck[i * n + j] for i in range(rules.hand_size)] for j, seat in enumerate(order)
    }
    return deck + extra, expected


@pytest.mark.parametrize(
    "preset", ["caliente", "caliente-2p", "caliente-3p", "caliente-5p", "caliente-6p",
               "caliente-6p-3deck", "caliente-6p-3deck-3x2"],
)
def test_deal_order_from_a_stacked_deck(preset: str) -> None:
    """A raw list of card codes is dealt one card at a time in turn order from the first player:
    card i*n+j goes to the j-th player; the next card is the up card and the rest is the stock,
    its first card on top."""
    # RULES: DEAL-2, SEAT-4
    rules = cc.RuleSet.preset(preset)
    deck, expected = _raw_deck(rules, ["A", "JK", "B3", "2"])
    state = cc.new_game(rules, deck=deck, seed=9)
    for seat in range(rules.players):
        assert sorted(codes(state.hand(seat))) == sorted(expected.get(seat, [])), seat
    assert codes(state.pile) == ["A"]
    assert codes(state.stock[:3]) == ["JK", "B3", "2"]
    assert state.stock_size == rules.deck_size - len(deck) + 3
    # the same deck given as cards deals the same game
    same_game = cc.new_game(rules, deck=[Card.parse(c) for c in deck], seed=9)
    assert same_game == state


# ---------------------------------------------------------------------------------------------
# DEAL-3: the up card


def test_wilds_and_bonus_cards_turned_up_stay_under_the_next_card() -> None:
    """A wild or bonus card turned up stays in the pile and the next card is turned on top of
    it, until a natural; the pile is then frozen."""
    # RULES: DEAL-3, PILE-3
    state = deal("caliente", pile="2 JK R3 7")
    assert codes(state.pile) == ["2", "JK", "R3", "7"]
    assert state.up_card is Card.SEVEN
    assert state.pile_has_freezer
    assert state.stock_size == 108 - 44 - 4
    assert state.laid_out(0) == state.laid_out(1) == ()
    for seat in range(4):
        assert len(state.hand(seat)) == 11
    plain = deal("caliente", pile="7")
    assert codes(plain.pile) == ["7"]
    assert not plain.pile_has_freezer
    assert plain.stock_size == 108 - 44 - 1


@pytest.mark.parametrize(("pile", "frozen"), [("2 4", True), ("R3 4", True), ("4", False)])
def test_pile_frozen_by_a_card_buried_at_the_deal(pile: str, frozen: bool) -> None:
    """A wild or bonus card buried at the deal keeps the pile frozen for a side that has
    melded: `take J 2` is refused and only `take J J` is offered; without it, `take J 2` is
    allowed."""
    # RULES: DEAL-3, PILE-3, PILE-4
    state = deal(
        "caliente",
        hands={
            0: "8 8 8 9 9 9 10 10 10 K Q",
            1: "J 4 5 6 7 8 9 10 Q K A",
            2: "J J 2 4 5 6 7 9 Q K A",
        },
        pile=pile,
        stock="5 6",
    )
    assert state.pile_has_freezer is frozen
    state = play(state, "draw", "meld 8 8 8", "meld 9 9 9", "discard Q", "draw", "discard J")
    assert state.current_player == 2
    assert state.up_card is Card.JACK
    assert state.pile_has_freezer is frozen
    assert "take J J" in legal(state)
    if frozen:
        message = refused(state, "take J 2")
        assert "frozen" in message
    else:
        assert "take J 2" in legal(state)
        after = cc.apply(state, "take J 2")
        assert [(str(m.rank), codes(m.cards)) for m in after.melds(0) if m.rank is Card.JACK] == [
            ("J", ["J", "J", "2"])
        ]


def test_stop_card_turned_up_blocks_the_first_player() -> None:
    """A stop card turned up stays on top (no further card is turned) and blocks the first
    player: no take is offered and `take` is refused as blocked; the next player may take."""
    # RULES: DEAL-3, PILE-2
    state = deal(
        "caliente",
        hands={0: "B3 B3 K 4 5 6 7 8 9 10 J", 1: "K K Q Q Q A A A 4 5 6"},
        pile="B3",
        stock="9",
    )
    assert codes(state.pile) == ["B3"]
    assert state.stock_size == 108 - 44 - 1
    assert not state.pile_has_freezer
    assert legal(state) == {"draw"}
    for action in ("take", "take B3 B3"):
        assert "blocked" in refused(state, action)
    state = play(state, "draw", "discard K")
    assert state.current_player == 1
    assert "take K K" in legal(state)


def test_wild_then_stop_card_turned_up() -> None:
    """A wild turned up stays under the next card; a stop card turned next stops the turning:
    the pile is frozen and blocked."""
    # RULES: DEAL-3, PILE-2, PILE-3
    state = deal("caliente", hands={0: "B3 B3"}, pile="2 B3")
    assert codes(state.pile) == ["2", "B3"]
    assert state.pile_has_freezer
    assert "blocked" in refused(state, "take B3 B3")
    assert legal(state) == {"draw"}


def test_caliente_card_turned_up_blocks_the_first_player() -> None:
    """A Caliente card turned up stays on top and blocks the first player."""
    # RULES: DEAL-3, PILE-2, HOT-3
    state = deal("caliente-cards", hands={0: "4 4 5 6 7 8 9 10 J Q K"}, pile="CAL")
    assert codes(state.pile) == ["CAL"]
    assert state.stock_size == 110 - 44 - 1
    assert legal(state) == {"draw"}
    assert "blocked" in refused(state, "take")
    assert "blocked" in refused(state, "take CAL CAL")


# ---------------------------------------------------------------------------------------------
# DEAL-4: bonus cards dealt


def test_dealt_bonus_cards_are_laid_out_and_replaced_in_turn_order() -> None:
    """Bonus cards dealt are laid out for the side and replaced from the stock top after the up
    card, in turn order from the first player; a replacement that is a bonus card is laid out
    and replaced too."""
    # RULES: DEAL-4, TURN-3
    state = deal(
        "caliente",
        hands={0: "R3 4 5 6 7 8 9 10 J Q A", 1: "R3 4 5 6 7 8 9 10 J Q A"},
        pile="7",
        stock="K R3 K A 9",
    )
    assert codes(state.pile) == ["7"]
    assert same(state.hand(0), "4 5 6 7 8 9 10 J Q A K")  # seat 0: the first K
    assert same(state.hand(1), "4 5 6 7 8 9 10 J Q A K")  # seat 1: R3, laid out, then K
    assert state.laid_out(0) == (Card.RED_THREE,)
    assert state.laid_out(1) == (Card.RED_THREE, Card.RED_THREE)
    assert codes(state.stock[:2]) == ["A", "9"]
    assert state.stock_size == 108 - 44 - 1 - 3
    for seat in range(4):
        assert len(state.hand(seat)) == 11
        assert Card.RED_THREE not in state.hand(seat)


def test_dealt_bonus_cards_later_in_turn_order() -> None:
    """Seat 3's bonus card is replaced after seat 2's, whatever their seats' numbers; both
    sides count their own laid-out cards."""
    # RULES: DEAL-4
    state = deal(
        "caliente",
        hands={3: "R3 R3 4 5 6 7 8 9 10 J Q", 2: "R3 4 5 6 7 8 9 10 J Q A"},
        stock="A K Q 9",
    )
    assert same(state.hand(2), "4 5 6 7 8 9 10 J Q A A")
    assert same(state.hand(3), "4 5 6 7 8 9 10 J Q K Q")
    assert state.laid_out(0) == (Card.RED_THREE,)
    assert state.laid_out(1) == (Card.RED_THREE, Card.RED_THREE)
    assert codes(state.stock[:1]) == ["9"]


def test_dealt_bonus_cards_in_a_five_player_game() -> None:
    """In the 5-player game the bonus cards go to the side of the seat that was dealt them."""
    # RULES: DEAL-4, SEAT-3
    state = deal("caliente-5p", hands={3: "R3 4 5 6 7 8 9 10 J Q A"}, stock="K")
    assert same(state.hand(3), "4 5 6 7 8 9 10 J Q A K")
    assert state.laid_out(1) == (Card.RED_THREE,)
    assert state.laid_out(0) == ()
    assert state.hand(4) == ()


# ---------------------------------------------------------------------------------------------
# new_game: seed, deck and scores


@pytest.mark.parametrize("preset", ["caliente", "caliente-2p", "caliente-5p", "classic"])
def test_seed_is_reproducible(preset: str) -> None:
    """The same rules and seed give the same game; different seeds give different deals."""
    # RULES: DEAL-2
    rules = long_game(preset)
    a = cc.new_game(rules, seed=42)
    b = cc.new_game(rules, seed=42)
    assert a == b
    assert [a.hand(s) for s in range(rules.players)] == [b.hand(s) for s in range(rules.players)]
    assert a.pile == b.pile and a.stock == b.stock
    c = cc.new_game(rules, seed=43)
    assert (c.hand(0), c.hand(1), c.pile, c.stock) != (a.hand(0), a.hand(1), a.pile, a.stock)
    # the same actions give the same game, into the next hand
    rng_a, rng_b = random.Random(5), random.Random(5)
    a, b = next_hand(a, rng_a), next_hand(b, rng_b)
    assert a == b
    assert a.hand_number == 2


@pytest.mark.parametrize("length", [1, 2, 3, 54, 108, 162])
def test_shuffle_is_the_standard_library_shuffle(length: int) -> None:
    """The engine's inlined shuffle orders a deck exactly as ``random.Random.shuffle`` does on
    this Python (so a seed's games are those of earlier releases)."""
    # RULES: DEAL-2
    from canasta_caliente.engine.deal import shuffle

    for seed in range(200):
        expected, got = list(range(length)), list(range(length))
        random.Random(f"s{seed}").shuffle(expected)
        shuffle(random.Random(f"s{seed}"), got)
        assert got == expected, f"seed {seed}"


def test_stacked_deck_rest_is_shuffled_by_seed() -> None:
    """Stacked cards come first; the rest of the deck follows in an order fixed by the seed."""
    # RULES: DEAL-2
    rules = cc.RuleSet.preset("caliente")
    deck = ["A", "K", "Q", "J"]
    a = cc.new_game(rules, deck=deck, seed=1)
    assert a == cc.new_game(rules, deck=deck, seed=1)
    for seat, code in enumerate(deck):
        assert code in codes(a.hand(seat))
    b = cc.new_game(rules, deck=deck, seed=2)
    assert (a.hand(3), a.stock) != (b.hand(3), b.stock)


@pytest.mark.parametrize(
    ("preset", "deck", "named"),
    [
        ("caliente", ["CAL"], "CAL"),
        ("caliente", ["4", "5", "CAL"], "CAL"),
        ("caliente", ["7"] * 9, "7"),
        ("caliente", ["R3"] * 5, "R3"),
        ("caliente", ["JK"] * 5, "JK"),
        ("caliente-cards", ["CAL"] * 3, "CAL"),
        ("caliente-6p-3deck", ["JK"] * 7, "JK"),
    ],
)
def test_deck_with_a_card_the_rules_lack_is_refused(
    preset: str, deck: list[str], named: str
) -> None:
    """A stacked deck holding a card the rules' deck does not have, or too many of one, raises
    ValueError naming the card."""
    # RULES: CARD-2
    with pytest.raises(ValueError) as info:
        cc.new_game(cc.RuleSet.preset(preset), deck=deck, seed=1)
    assert re.search(rf"(?<!\w){re.escape(named)}(?!\w)", str(info.value)), str(info.value)


def test_deck_at_the_limit_is_accepted() -> None:
    """Exactly as many of a card as the rules' deck holds is fine (8 sevens, 2 Caliente cards
    with the Caliente variation, 6 jokers with three decks)."""
    # RULES: CARD-2
    s = cc.new_game(cc.RuleSet.preset("caliente"), deck=["7"] * 8, seed=1)
    assert sum(codes(s.hand(seat)).count("7") for seat in range(4)) == 8
    s = cc.new_game(cc.RuleSet.preset("caliente-cards"), deck=["CAL", "CAL"], seed=1)
    assert codes(s.hand(0)).count("CAL") == 1 and codes(s.hand(1)).count("CAL") == 1
    s = cc.new_game(cc.RuleSet.preset("caliente-6p-3deck"), deck=["JK"] * 6, seed=1)
    assert [codes(s.hand(seat)).count("JK") for seat in range(6)] == [1] * 6


def test_starting_scores() -> None:
    """`scores=` sets the sides' game scores, and each side's first-meld minimum follows from
    its own score (INIT-1)."""
    # RULES: INIT-1, SEAT-1
    rules = cc.RuleSet.preset("caliente")
    state = cc.new_game(rules, seed=1, scores=(1500, -20))
    assert state.scores == (1500, -20)
    assert state.turn.need == 90
    discard = str(state.hand(0)[0])
    state = play(state, "draw", f"discard {discard}")
    assert state.current_player == 1
    assert state.turn.need == 15
    assert state.scores == (1500, -20)
    three = cc.new_game(cc.RuleSet.preset("caliente-3p"), seed=1, scores=(3000, 0, -5))
    assert three.scores == (3000, 0, -5)
    assert three.turn.need == 120


def test_later_hands_are_shuffled_from_the_seed() -> None:
    """Two games with the same seed and the same stacked first hand deal the same second hand,
    however hand 1 was played; another seed deals another second hand."""
    # RULES: DEAL-2
    rules = long_game("caliente")
    deck = ["7", "7", "8", "8", "9", "9", "K", "K"]
    a = next_hand(cc.new_game(rules, deck=deck, seed=8), random.Random(1))
    b = next_hand(cc.new_game(rules, deck=deck, seed=8), random.Random(2))
    c = next_hand(cc.new_game(rules, deck=deck, seed=9), random.Random(1))
    assert a.hand_number == b.hand_number == c.hand_number == 2

    def deal_of(s: cc.GameState) -> tuple[object, ...]:
        return (tuple(s.hand(seat) for seat in range(4)), s.pile, s.stock,
                tuple(s.laid_out(side) for side in range(2)))

    assert deal_of(a) == deal_of(b)
    assert deal_of(a) != deal_of(c)
    assert a.current_player == 1
