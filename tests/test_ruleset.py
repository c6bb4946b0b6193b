"""The RuleSet: presets (VAR-1 to VAR-5, section 13), replace, documents, validation, and the
first-meld table (INIT-1)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import canasta_caliente as cc
from canasta_caliente import RuleSet

API_PRESETS = (
    "caliente",
    "caliente-cards",
    "caliente-2p",
    "caliente-3p",
    "caliente-5p",
    "caliente-6p",
    "caliente-6p-3deck",
    "caliente-6p-3deck-3x2",
    "caliente-always-frozen",
    "classic",
)

STANDARD_MINIMUMS = ((0, 50), (1500, 90), (3000, 120))


def problem_lines(error: cc.RuleSetError) -> list[str]:
    """The lines of a RuleSetError's message after its heading."""
    return [line.strip() for line in str(error).splitlines()[1:] if line.strip()]


# ---------------------------------------------------------------------------------------------
# Presets


def test_every_api_preset_exists() -> None:
    """Every preset API.md names is listed by preset_names() and can be built."""
    # RULES: VAR-1, VAR-2, VAR-3, VAR-4, VAR-5, VAR-6
    names = RuleSet.preset_names()
    assert set(API_PRESETS) <= set(names)
    for name in names:
        assert isinstance(RuleSet.preset(name), RuleSet)


def test_a_preset_is_made_once() -> None:
    """Every call with one name gives the same RuleSet, so its games share the engine's
    tables; a pickled copy is equal, and has facts of its own."""
    import pickle

    for name in RuleSet.preset_names():
        rules = RuleSet.preset(name)
        assert RuleSet.preset(name) is rules
        copy = pickle.loads(pickle.dumps(rules))
        assert copy == rules and copy is not rules and copy.facts is not rules.facts


def test_unknown_preset_is_refused() -> None:
    """An unknown preset name raises RuleSetError, suggesting the closest name."""
    # RULES: VAR-7
    with pytest.raises(cc.RuleSetError, match="caliente-2p"):
        RuleSet.preset("caliente-2")


def test_caliente_preset() -> None:
    """The standard game: 4 players in two partnerships, 2 decks, 11 cards, draw 1, one canasta
    to go out, 5000, more naturals than wilds with no cap, no Caliente cards."""
    # RULES: DEAL-1, TURN-2, MELD-2, OUT-1, GAME-1, CARD-2, INIT-1, SCORE-4
    r = RuleSet.preset("caliente")
    assert (r.players, r.decks, r.hand_size, r.draw_count) == (4, 2, 11, 1)
    assert r.layout == ((0, 2), (1, 3))
    assert r.canastas_to_go_out == 1
    assert r.target_score == 5000
    assert r.caliente_cards == 0
    assert r.max_wilds is None
    assert r.always_frozen is False
    assert r.bonus_from_pile_replaced is False
    assert r.stock_out is cc.StockOut.PLAY_ON
    assert r.concealed_needs_own_canasta is False
    assert r.wild_rule is cc.WildRule.MORE_NATURALS
    assert r.initial_meld_minimums == STANDARD_MINIMUMS
    assert r.bonus_card_extras == ((4, 400),)
    assert r.canasta_size == 7


def test_caliente_cards_and_always_frozen_presets() -> None:
    """`caliente-cards` is `caliente` with the 2 Caliente cards; `caliente-always-frozen` is
    `caliente` with PILE-5; nothing else differs."""
    # RULES: HOT-1, VAR-6, CARD-2
    base = RuleSet.preset("caliente")
    assert RuleSet.preset("caliente-cards") == base.replace(caliente_cards=2)
    assert RuleSet.preset("caliente-always-frozen") == base.replace(always_frozen=True)


def test_two_player_preset() -> None:
    """VAR-1: 2 individuals, 15 cards, draw 2, 2 canastas to go out."""
    # RULES: VAR-1, DEAL-1, TURN-2, OUT-1
    r = RuleSet.preset("caliente-2p")
    assert r.players == 2
    assert r.layout == ((0,), (1,))
    assert r.hand_size == 15
    assert r.draw_count == 2
    assert r.canastas_to_go_out == 2
    assert r.decks == 2
    assert r.target_score == 5000
    assert r == RuleSet.preset("caliente").replace(
        players=2, sides=2, hand_size=15, draw_count=2, canastas_to_go_out=2
    )


def test_three_player_preset() -> None:
    """VAR-2: 3 individuals, 13 cards; otherwise the standard game."""
    # RULES: VAR-2, DEAL-1
    r = RuleSet.preset("caliente-3p")
    assert r.players == 3
    assert r.layout == ((0,), (1,), (2,))
    assert r.hand_size == 13
    assert (r.draw_count, r.canastas_to_go_out, r.decks, r.target_score) == (1, 1, 2, 5000)


def test_five_and_six_player_two_deck_presets() -> None:
    """VAR-3 and VAR-4: sides of 2 and 3 (5 players) and 3 and 3 (6 players, 2 decks), 11 cards,
    4 active players each hand."""
    # RULES: VAR-3, VAR-4, SEAT-2, DEAL-1
    five = RuleSet.preset("caliente-5p")
    assert five.players == 5
    assert five.layout == ((0, 2), (1, 3, 4))
    assert (five.decks, five.hand_size, five.draw_count) == (2, 11, 1)
    assert (five.canastas_to_go_out, five.target_score) == (1, 5000)
    six = RuleSet.preset("caliente-6p")
    assert six.players == 6
    assert six.layout == ((0, 2, 4), (1, 3, 5))
    assert (six.decks, six.hand_size, six.draw_count) == (2, 11, 1)
    assert (six.canastas_to_go_out, six.target_score) == (1, 5000)
    assert six.initial_meld_minimums == STANDARD_MINIMUMS


@pytest.mark.parametrize(
    ("name", "layout"),
    [
        ("caliente-6p-3deck", ((0, 2, 4), (1, 3, 5))),
        ("caliente-6p-3deck-3x2", ((0, 3), (1, 4), (2, 5))),
    ],
)
def test_three_deck_presets(name: str, layout: tuple[tuple[int, ...], ...]) -> None:
    """VAR-5: 6 players, 3 decks, 13 cards, target 10000, minimum 150 from 7500, bonus-card
    extras (5, 600) only, 2 canastas to go out; two sides of 3 or three sides of 2."""
    # RULES: VAR-5, INIT-1, SCORE-4, OUT-1, GAME-1, DEAL-1
    r = RuleSet.preset(name)
    assert r.players == 6
    assert r.decks == 3
    assert r.layout == layout
    assert r.hand_size == 13
    assert r.target_score == 10000
    assert r.initial_meld_minimums == (*STANDARD_MINIMUMS, (7500, 150))
    assert r.minimum_below_zero == 15
    assert r.bonus_card_extras == ((5, 600),)
    assert r.canastas_to_go_out == 2
    assert r.draw_count == 1
    assert r.deck_size == 162


def test_classic_preset() -> None:
    """Section 13: classic differs from caliente only in max_wilds 3, bonus cards from the pile
    replaced, the hand ending on the last stock card, concealed needing an own canasta, and
    the up card of the deal turned until it is a natural."""
    # RULES: MELD-2, TURN-3, END-3, OUT-3, READ-1
    r = RuleSet.preset("classic")
    assert r.max_wilds == 3
    assert r.bonus_from_pile_replaced is True
    assert r.stock_out is cc.StockOut.END_ON_LAST_CARD
    assert r.concealed_needs_own_canasta is True
    assert r == RuleSet.preset("caliente").replace(
        max_wilds=3,
        bonus_from_pile_replaced=True,
        stock_out=cc.StockOut.END_ON_LAST_CARD,
        concealed_needs_own_canasta=True,
        up_card_must_be_natural=True,
    )
    base = RuleSet.preset("caliente").to_dict()
    differing = {k for k, v in r.to_dict().items() if base[k] != v}
    assert differing == {
        "max_wilds", "bonus_from_pile_replaced", "stock_out", "concealed_needs_own_canasta",
        "up_card_must_be_natural",
    }


def test_api_option_names() -> None:
    """The option names API.md makes part of the contract exist on every RuleSet and in its
    dictionary."""
    # RULES: DEAL-1, TURN-2, CARD-2, HOT-1, PILE-5, MELD-2, OUT-1, GAME-1
    names = ("players", "decks", "hand_size", "draw_count", "caliente_cards", "always_frozen",
             "max_wilds", "canastas_to_go_out", "target_score")
    r = RuleSet.preset("caliente")
    d = r.to_dict()
    for name in names:
        assert hasattr(r, name)
        assert name in d


# ---------------------------------------------------------------------------------------------
# Frozen, hashable, replace


def test_ruleset_is_frozen_and_hashable() -> None:
    """RuleSets are values: equal presets are equal with equal hashes, usable as keys, and
    cannot be changed."""
    # RULES: VAR-7
    a = RuleSet.preset("classic")
    b = RuleSet.preset("classic")
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b, RuleSet.preset("caliente")}) == 2
    assert {a: 1}[b] == 1
    with pytest.raises(AttributeError):
        a.hand_size = 12  # type: ignore[misc]
    assert a.hand_size == 11


def test_replace_changes_only_the_named_options() -> None:
    """replace() returns a new RuleSet with exactly the named options changed; the original is
    untouched and the preset's bundled values are not re-derived."""
    # RULES: VAR-7
    base = RuleSet.preset("caliente-2p")
    new = base.replace(caliente_cards=2, always_frozen=True)
    assert (new.caliente_cards, new.always_frozen) == (2, True)
    assert (base.caliente_cards, base.always_frozen) == (0, False)
    before, after = base.to_dict(), new.to_dict()
    assert {k for k in before if before[k] != after[k]} == {"caliente_cards", "always_frozen"}
    # not re-derived: a 2-player game turned into 4 players keeps 15 cards and draw 2
    four = base.replace(players=4)
    assert (four.players, four.hand_size, four.draw_count, four.canastas_to_go_out) == (
        4, 15, 2, 2
    )
    assert four.layout == ((0, 2), (1, 3))
    assert base.replace() == base


def test_replace_validates() -> None:
    """replace() validates the result: an impossible value raises RuleSetError naming the
    option."""
    # RULES: DEAL-1, TURN-2, MELD-2
    base = RuleSet.preset("caliente")
    with pytest.raises(cc.RuleSetError, match="hand_size"):
        base.replace(hand_size=30)  # 4 x 30 cards leave no stock in 108
    with pytest.raises(cc.RuleSetError, match="draw_count"):
        base.replace(draw_count="two")
    with pytest.raises(cc.RuleSetError, match="max_wilds"):
        base.replace(max_wilds=-1)
    # the largest hand that leaves a stock and an up card is fine
    assert base.replace(hand_size=26).hand_size == 26


# ---------------------------------------------------------------------------------------------
# Documents


def _replaced() -> list[RuleSet]:
    return [
        RuleSet.preset("caliente-2p").replace(caliente_cards=2, always_frozen=True),
        RuleSet.preset("classic").replace(max_wilds=None),
        RuleSet.preset("caliente").replace(max_wilds=2, wild_rule=cc.WildRule.TWO_NATURALS),
        RuleSet.preset("caliente").replace(stock_out=cc.StockOut.END_ON_LAST_CARD),
        RuleSet.preset("caliente").replace(card_values={"JK": 100, "4": 1}),
        RuleSet.preset("caliente-6p-3deck").replace(
            initial_meld_minimums=((0, 40), (2000, 100)), bonus_card_extras=((3, 50), (6, 900))
        ),
        RuleSet.preset("caliente-3p").replace(target_score=2000, hand_size=12),
    ]


@pytest.mark.parametrize(
    "rules",
    [RuleSet.preset(n) for n in RuleSet.preset_names()] + _replaced(),
    ids=lambda r: r.describe() if isinstance(r, RuleSet) else str(r),
)
def test_dict_and_json_round_trip(rules: RuleSet) -> None:
    """from_dict(r.to_dict()) == r, and the same through JSON text, for every preset and some
    replaced RuleSets."""
    # RULES: VAR-1, VAR-2, VAR-3, VAR-4, VAR-5, VAR-6, VAR-7
    d = rules.to_dict()
    assert RuleSet.from_dict(d) == rules
    assert RuleSet.from_dict(json.loads(json.dumps(d))) == rules
    text = rules.to_json()
    assert isinstance(json.loads(text), dict)
    assert RuleSet.from_json(text) == rules
    assert hash(RuleSet.from_json(text)) == hash(rules)


def test_from_dict_with_preset_and_overrides() -> None:
    """A dict may name a preset and override some options; the rest come from the preset."""
    # RULES: VAR-1, VAR-7
    r = RuleSet.from_dict({"preset": "caliente-2p", "caliente_cards": 2, "always_frozen": True})
    assert r == RuleSet.preset("caliente-2p").replace(caliente_cards=2, always_frozen=True)
    assert RuleSet.from_dict({"preset": "classic"}) == RuleSet.preset("classic")


@pytest.mark.parametrize("no_limit", ['"none"', "null"])
def test_json_no_limit_for_max_wilds(no_limit: str) -> None:
    """In JSON, max_wilds "none" (or null) means no limit."""
    # RULES: MELD-2
    r = RuleSet.from_json('{"preset": "classic", "max_wilds": %s}' % no_limit)  # noqa: UP031
    assert r.max_wilds is None
    assert r == RuleSet.preset("classic").replace(max_wilds=None)


def test_from_toml_with_preset_and_overrides() -> None:
    """A TOML document names a preset and overrides options; `max_wilds = "none"` means no
    limit."""
    # RULES: MELD-2, VAR-5
    text = """
preset = "classic"
max_wilds = "none"
target_score = 3000
"""
    r = RuleSet.from_toml(text)
    assert r.max_wilds is None
    assert r.target_score == 3000
    assert r.stock_out is cc.StockOut.END_ON_LAST_CARD
    assert r == RuleSet.preset("classic").replace(max_wilds=None, target_score=3000)
    text = """
preset = "caliente-6p-3deck-3x2"
caliente_cards = 2
initial_meld_minimums = [[0, 50], [1500, 90], [3000, 120], [7500, 200]]
"""
    r = RuleSet.from_toml(text)
    assert r.layout == ((0, 3), (1, 4), (2, 5))
    assert r.caliente_cards == 2
    assert r.minimum_for(8000) == 200
    assert RuleSet.from_toml('preset = "caliente"\nmax_wilds = 2\n').max_wilds == 2


def test_bad_documents_raise_ruleset_error() -> None:
    """Invalid JSON or TOML text, or a document that is not a mapping, raises RuleSetError."""
    # RULES: VAR-7
    with pytest.raises(cc.RuleSetError):
        RuleSet.from_json("{not json")
    with pytest.raises(cc.RuleSetError):
        RuleSet.from_json("[1, 2]")
    with pytest.raises(cc.RuleSetError):
        RuleSet.from_toml("preset = ")
    with pytest.raises(cc.RuleSetError, match="preset"):
        RuleSet.from_dict({"preset": "no-such-preset"})


# ---------------------------------------------------------------------------------------------
# Validation


def test_ruleset_error_is_a_value_error_and_canasta_error() -> None:
    """RuleSetError is both a ValueError and a CanastaError."""
    # RULES: DEAL-1
    assert issubclass(cc.RuleSetError, ValueError)
    assert issubclass(cc.RuleSetError, cc.CanastaError)
    with pytest.raises(ValueError):
        RuleSet.preset("caliente").replace(hand_size=0)
    with pytest.raises(cc.CanastaError):
        RuleSet.preset("caliente").replace(hand_size=0)


def _builders() -> list[Any]:
    return [
        lambda opts: RuleSet.from_dict({"preset": "caliente", **opts}),
        lambda opts: RuleSet.preset("caliente").replace(**opts),
        lambda opts: RuleSet.from_json(json.dumps(opts)),
    ]


@pytest.mark.parametrize("build", _builders(), ids=["from_dict", "replace", "from_json"])
def test_every_problem_listed_at_once(build: Any) -> None:
    """One RuleSetError lists every problem, each naming its option: a hand too big for the
    deck, an unknown option and a wrong type together give three problems."""
    # RULES: DEAL-1, TURN-2
    with pytest.raises(cc.RuleSetError) as info:
        build({"hand_size": 40, "colour": "red", "draw_count": "two"})
    text = str(info.value)
    lines = problem_lines(info.value)
    assert "hand_size" in text
    assert "colour" in text
    assert "draw_count" in text
    assert len(lines) == 3, text


@pytest.mark.parametrize("build", _builders(), ids=["from_dict", "replace", "from_json"])
def test_table_problem_listed_beside_a_type_problem(build: Any) -> None:
    """A hand too big for the deck is reported even when another option has a wrong type."""
    # RULES: DEAL-1, TURN-2
    with pytest.raises(cc.RuleSetError) as info:
        build({"hand_size": 40, "draw_count": "two"})
    lines = problem_lines(info.value)
    assert {line.split(":")[0] for line in lines} == {"hand_size", "draw_count"}, str(info.value)


@pytest.mark.parametrize("build", _builders(), ids=["from_dict", "replace", "from_json"])
def test_several_value_problems_listed_at_once(build: Any) -> None:
    """Two wrong types, or two impossible values, are both reported in one RuleSetError."""
    # RULES: TURN-2, MELD-2, PILE-5, DEAL-1, CARD-2
    with pytest.raises(cc.RuleSetError) as info:
        build({"draw_count": "two", "max_wilds": "lots", "always_frozen": "maybe"})
    lines = problem_lines(info.value)
    assert len(lines) == 3, str(info.value)
    assert {line.split(":")[0] for line in lines} == {"draw_count", "max_wilds", "always_frozen"}
    with pytest.raises(cc.RuleSetError) as info:
        build({"hand_size": 40, "caliente_cards": 9})
    lines = problem_lines(info.value)
    assert {line.split(":")[0] for line in lines} == {"hand_size", "caliente_cards"}


@pytest.mark.parametrize(
    ("wrong", "suggestion"),
    [("handsize", "hand_size"), ("max_wild", "max_wilds"), ("target", "target_score"),
     ("caliente_card", "caliente_cards"), ("player", "players")],
)
def test_unknown_option_suggests_the_closest_name(wrong: str, suggestion: str) -> None:
    """An unknown option is a RuleSetError naming it and suggesting the closest option."""
    # RULES: VAR-7
    for build in _builders():
        with pytest.raises(cc.RuleSetError) as info:
            build({wrong: 12})
        text = str(info.value)
        assert wrong in text
        assert repr(suggestion) in text or f'"{suggestion}"' in text


@pytest.mark.parametrize(
    "options",
    [
        {"players": 5, "decks": 3},
        {"players": 7},
        {"players": 7, "sides": 7},
        {"decks": 4},
        {"players": 6, "sides": 3},
        {"players": 6, "sides": 3, "decks": 2},
        {"players": 4, "sides": 3},
        {"players": 3, "sides": 2},
        {"players": 1, "sides": 1},
    ],
)
def test_tables_without_a_layout_are_refused(options: dict[str, int]) -> None:
    """A table SEAT-2 gives no layout (5 players with 3 decks, 7 players, 4 decks, 6 players in
    3 sides with 2 decks, ...) is refused by RuleSet validation, naming a table option."""
    # RULES: SEAT-2
    with pytest.raises(cc.RuleSetError) as info:
        RuleSet.preset("caliente").replace(**options)
    lines = problem_lines(info.value)
    assert lines
    assert all(re.match(r"(players|sides|decks)\b", line) for line in lines), str(info.value)
    with pytest.raises(cc.RuleSetError):
        RuleSet.from_dict({"preset": "caliente", **options})


@pytest.mark.parametrize(
    ("options", "layout"),
    [
        ({"players": 2, "sides": 2, "hand_size": 15}, ((0,), (1,))),
        ({"players": 3, "sides": 3, "hand_size": 13}, ((0,), (1,), (2,))),
        ({"players": 5}, ((0, 2), (1, 3, 4))),
        ({"players": 6}, ((0, 2, 4), (1, 3, 5))),
        ({"players": 6, "decks": 3}, ((0, 2, 4), (1, 3, 5))),
        ({"players": 6, "sides": 3, "decks": 3}, ((0, 3), (1, 4), (2, 5))),
    ],
)
def test_tables_with_a_layout_are_accepted(
    options: dict[str, int], layout: tuple[tuple[int, ...], ...]
) -> None:
    """Every table SEAT-2 lays out is accepted, with that layout."""
    # RULES: SEAT-2
    assert RuleSet.preset("caliente").replace(**options).layout == layout


# ---------------------------------------------------------------------------------------------
# INIT-1: the first-meld minimum


@pytest.mark.parametrize(
    ("score", "minimum"),
    [(-5000, 15), (-1, 15), (0, 50), (1, 50), (1499, 50), (1500, 90), (2999, 90), (3000, 120),
     (7499, 120), (7500, 120), (20000, 120)],
)
@pytest.mark.parametrize("preset", ["caliente", "caliente-2p", "caliente-5p", "classic"])
def test_first_meld_minimum_two_decks(preset: str, score: int, minimum: int) -> None:
    """INIT-1: below 0 = 15; from 0 = 50; from 1500 = 90; from 3000 = 120 (and no 150 step
    without the three-deck game)."""
    # RULES: INIT-1
    assert RuleSet.preset(preset).minimum_for(score) == minimum


@pytest.mark.parametrize(
    ("score", "minimum"),
    [(-1, 15), (0, 50), (1499, 50), (1500, 90), (2999, 90), (3000, 120), (7499, 120),
     (7500, 150), (12000, 150)],
)
@pytest.mark.parametrize("preset", ["caliente-6p-3deck", "caliente-6p-3deck-3x2"])
def test_first_meld_minimum_three_decks(preset: str, score: int, minimum: int) -> None:
    """INIT-1 and VAR-5: the three-deck game adds 150 from 7500."""
    # RULES: INIT-1, VAR-5
    assert RuleSet.preset(preset).minimum_for(score) == minimum


@pytest.mark.parametrize(
    ("scores", "need"),
    [((-10, 0), 15), ((0, -10), 50), ((1500, 0), 90), ((3000, 0), 120), ((7500, 0), 120)],
)
def test_dealt_game_needs_the_minimum_of_the_score(scores: tuple[int, int], need: int) -> None:
    """A game started at given scores asks the first player's side for INIT-1's minimum."""
    # RULES: INIT-1
    state = cc.new_game(RuleSet.preset("caliente"), seed=2, scores=scores)
    assert state.current_player == 0
    assert state.turn.need == need


def test_initial_meld_minimums_option() -> None:
    """The option `initial_meld_minimums` (and the minimum below 0) changes the table; an
    unsorted table or one not starting at 0 is refused."""
    # RULES: INIT-1
    r = RuleSet.preset("caliente").replace(
        initial_meld_minimums=((0, 40), (1000, 70)), minimum_below_zero=0
    )
    assert [r.minimum_for(s) for s in (-1, 0, 999, 1000, 5000)] == [0, 40, 40, 70, 70]
    with pytest.raises(cc.RuleSetError, match="initial_meld_minimums"):
        RuleSet.preset("caliente").replace(initial_meld_minimums=((1500, 90), (0, 50)))
    with pytest.raises(cc.RuleSetError, match="initial_meld_minimums"):
        RuleSet.preset("caliente").replace(initial_meld_minimums=((100, 90),))


@pytest.mark.parametrize("build", _builders(), ids=["from_dict", "replace", "from_json"])
def test_a_canasta_no_side_can_make_is_refused(build: Any) -> None:
    """A canasta larger than the deck's naturals of a rank and the wilds MELD-2 lets them hold
    (15 cards with two decks under ``more_naturals``: 8 naturals and 7 wilds), or more canastas
    to go out than the deck's wilds can make, would leave no side able to go out (OUT-1): each
    is refused, saying why. With no canasta needed to go out, a large canasta is only a bonus
    no side can earn, and accepted."""
    # RULES: OUT-1, MELD-2, MELD-4
    assert build({"canasta_size": 15}).canasta_size == 15
    with pytest.raises(cc.RuleSetError) as info:
        build({"canasta_size": 16})
    assert problem_lines(info.value) == [
        "canasta_size: no canasta of 16 cards can be made: a rank has 8 naturals in 2 decks, "
        "which may hold at most 7 wilds (wild_rule more_naturals, max_wilds none), not the 8 "
        "more it needs; so no side could go out, which needs 1 canasta (canastas_to_go_out; "
        "OUT-1, MELD-2, MELD-4)"]
    with pytest.raises(cc.RuleSetError, match=r"canasta_size: a side can make at most 1 "
                                              r"canasta of 15 cards at once .* fewer than the 2"):
        build({"canasta_size": 15, "canastas_to_go_out": 2})
    assert build({"canasta_size": 14, "canastas_to_go_out": 2}).canastas_to_go_out == 2
    with pytest.raises(cc.RuleSetError, match=r"max_wilds 0\), not the 1 more"):
        build({"canasta_size": 9, "max_wilds": 0})
    assert build({"canasta_size": 70, "canastas_to_go_out": 0}).canasta_size == 70


def test_most_canastas_is_the_deck_s_most() -> None:
    """:func:`~canasta_caliente.rules.facts.most_canastas` against a search of every meld of
    a rank: the fewest wilds a canasta can be made with (any count of naturals up to the
    deck's, any wilds MELD-2 lets them hold), and so how many the deck's wilds make."""
    from canasta_caliente.rules.facts import most_canastas, wild_cap

    for preset, decks in (("caliente", 2), ("caliente-6p-3deck", 3)):
        for rule in ("more_naturals", "not_more_wilds", "two_naturals"):
            for max_wilds in (None, 0, 1, 2, 3, 5, 8):
                for size in range(3, 36):
                    rules = RuleSet.preset(preset).replace(
                        wild_rule=rule, max_wilds=max_wilds, canasta_size=size,
                        canastas_to_go_out=0)
                    naturals, wilds = 4 * decks, 6 * decks
                    fewest = min((w for n in range(1, naturals + 1)
                                  for w in range(min(wild_cap(rules, n), wilds) + 1)
                                  if n + w >= size), default=None)
                    expected = 0 if fewest is None else (
                        11 if fewest == 0 else min(11, wilds // fewest))
                    assert most_canastas(rules) == expected, (decks, rule, max_wilds, size)


def test_a_section_is_said_to_be_no_option() -> None:
    """A table (a TOML section, a JSON object) under an unknown name is said to be a section
    whose options belong at the top level, naming them; one spelled like an option (a
    ``card_values`` table misspelled) is given the closest name instead."""
    with pytest.raises(cc.RuleSetError) as info:
        RuleSet.from_toml('preset = "caliente"\n[rules]\ntarget_score = 3000\n')
    assert problem_lines(info.value) == [
        "rules: unknown option: a section (a TOML table, a JSON object) is not an option; "
        "write its options ('target_score') at the top level, without a section"]
    with pytest.raises(cc.RuleSetError, match=r"house: unknown option: a section .* options "
                                              r"are written at the top level of the document"):
        RuleSet.from_dict({"preset": "caliente", "house": {"a": 1}})
    with pytest.raises(cc.RuleSetError, match=r"card_value: unknown option \(did you mean "
                                              r"'card_values'\?\)"):
        RuleSet.from_toml('preset = "caliente"\n[card_value]\nJK = 40\n')
