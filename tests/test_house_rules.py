"""House rules: RuleSet documents (TOML, JSON, dicts), validation that reports every problem at
once, the options' self-documentation, and the example house-rules files, validated and played."""

from __future__ import annotations

import doctest
import importlib.util
import json
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import canasta_caliente as cc
from canasta_caliente import RuleSet
from canasta_caliente.rules import _documents as _ruledocs
from canasta_caliente.rules import _validation as _rulecheck
from canasta_caliente.rules import ruleset as rules_module
from canasta_caliente.testing import sweep
from conftest import scaled

ROOT = Path(__file__).resolve().parent.parent
HOUSE_RULES = ROOT / "examples" / "house-rules"
HOUSE_FILES = sorted(p for p in HOUSE_RULES.iterdir() if p.suffix in (".toml", ".json"))
OPTION_NAMES = [info.name for info in cc.OPTIONS]


def problems_of(build: Any) -> list[tuple[str, str]]:
    """The (option, message) problems of the RuleSetError that ``build()`` raises."""
    with pytest.raises(cc.RuleSetError) as info:
        build()
    return list(info.value.problems)


def caliente_with(**options: Any) -> list[tuple[str, str]]:
    """The problems of a `caliente` document with these options, read by from_dict."""
    return problems_of(lambda: RuleSet.from_dict({"preset": "caliente", **options}))


def only_problem(problems: list[tuple[str, str]], option: str) -> str:
    """The message of the single problem, which must name ``option``."""
    assert [name for name, _ in problems] == [option], problems
    return problems[0][1]


def toml_problem(text: str) -> str:
    """The message of the single problem, a document problem, of reading ``text`` as TOML."""
    return only_problem(problems_of(lambda: RuleSet.from_toml(text)), "(document)")


# ---------------------------------------------------------------------------------------------
# The example house-rules files


def test_the_example_files_exist() -> None:
    """examples/house-rules holds the wild cap, the 2-player game to 3000, three decks with
    Caliente cards, and at least one JSON file."""
    names = {p.name for p in HOUSE_FILES}
    assert {"caliente-wild-cap.toml", "two-player-3000.toml",
            "three-decks-caliente-cards.toml"} <= names
    assert any(p.suffix == ".json" for p in HOUSE_FILES)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("caliente-wild-cap.toml", RuleSet.preset("caliente").replace(max_wilds=3)),
        ("two-player-3000.toml", RuleSet.preset("caliente-2p").replace(target_score=3000)),
        ("three-decks-caliente-cards.toml",
         RuleSet.preset("caliente-6p-3deck").replace(caliente_cards=2)),
        ("two-player-frozen-caliente.json",
         RuleSet.preset("caliente-2p").replace(always_frozen=True, caliente_cards=2)),
        ("classic-other-readings.toml",
         RuleSet.preset("classic").replace(stop_card_freezes=True,
                                           bonus_extras_without_meld="none",
                                           going_out_permission="never",
                                           tie_break="went_out")),
    ],
)
def test_example_files_read_as_intended(name: str, expected: RuleSet) -> None:
    """Each example file is the preset it names with its overrides, and nothing else."""
    # RULES: MELD-2, GAME-1, VAR-1, VAR-5, VAR-6, VAR-7, HOT-1, READ-2, READ-3, READ-4, READ-6
    assert RuleSet.from_file(HOUSE_RULES / name) == expected


@pytest.mark.parametrize("path", HOUSE_FILES, ids=[p.name for p in HOUSE_FILES])
def test_example_files_validate_and_play(path: Path) -> None:
    """Every example file is valid, round-trips, and plays: three random games of one hand
    break no invariant."""
    # RULES: VAR-7
    rules = RuleSet.from_file(path)
    assert RuleSet.from_dict(rules.to_dict()) == rules
    report = sweep(rules, games=3, max_hands=1)
    assert report.ok, "\n".join(str(v) for v in report.violations)
    assert report.hands == 3


def test_three_deck_file_has_the_caliente_cards_in_its_deck() -> None:
    """Three decks with 2 Caliente cards: 164 cards, two sides of 3, everyone plays."""
    # RULES: CARD-2, HOT-1, SEAT-2, VAR-5
    rules = RuleSet.from_file(HOUSE_RULES / "three-decks-caliente-cards.toml")
    assert rules.deck_size == 164
    assert rules.layout == ((0, 2, 4), (1, 3, 5))
    assert rules.active_players == 6
    state = cc.new_game(rules, seed=5)
    assert state.rules.caliente_cards == 2


# ---------------------------------------------------------------------------------------------
# Documents and round trips


@st.composite
def varied_rulesets(draw: st.DrawFn) -> RuleSet:
    """A preset with a few options changed to other valid values."""
    base = RuleSet.preset(draw(st.sampled_from(RuleSet.preset_names())))
    options: dict[str, Any] = {}
    if draw(st.booleans()):
        options["max_wilds"] = draw(st.none() | st.integers(0, 5))
    if draw(st.booleans()):
        options["wild_rule"] = draw(st.sampled_from(list(cc.WildRule)))
    if draw(st.booleans()):
        options["stock_out"] = draw(st.sampled_from(list(cc.StockOut)))
    if draw(st.booleans()):
        options["always_frozen"] = draw(st.booleans())
    if draw(st.booleans()):
        options["target_score"] = draw(st.integers(1, 20000))
    if draw(st.booleans()):
        options["card_values"] = {"JK": draw(st.integers(0, 100)), "A": draw(st.integers(0, 50))}
    if draw(st.booleans()):
        starts = sorted(draw(st.sets(st.integers(1, 9000), max_size=3)))
        options["initial_meld_minimums"] = [[0, 50]] + [[s, 60 + s // 100] for s in starts]
    if draw(st.booleans()):
        options["bonus_card_extras"] = [[draw(st.integers(1, 6)), draw(st.integers(-500, 900))]]
    if draw(st.booleans()):
        options["caliente_cards"] = draw(st.integers(0, 2 * base.decks))
    return base.replace(**options)


@settings(max_examples=scaled(150), deadline=None)
@given(varied_rulesets())
def test_every_ruleset_round_trips(rules: RuleSet) -> None:
    """from_dict(r.to_dict()) == r, and the same through JSON and TOML text."""
    assert RuleSet.from_dict(rules.to_dict()) == rules
    assert RuleSet.from_json(rules.to_json()) == rules
    assert RuleSet.from_toml(rules.to_toml()) == rules
    assert hash(RuleSet.from_toml(rules.to_toml())) == hash(rules)


@pytest.mark.parametrize("name", RuleSet.preset_names())
def test_to_toml_is_a_plain_toml_document(name: str) -> None:
    """to_toml writes every option; tomllib reads it back to to_dict()'s data, with "none"
    for no limit."""
    rules = RuleSet.preset(name)
    data = tomllib.loads(rules.to_toml())
    expected = rules.to_dict()
    if expected["max_wilds"] is None:
        assert data["max_wilds"] == "none"
        data["max_wilds"] = None
    assert data == expected


@pytest.mark.parametrize(
    "text",
    ['preset = "classic"\nmax_wilds = "none"\n', 'preset = "classic"\nmax_wilds = "NONE"\n'],
)
def test_toml_none_means_no_wild_limit(text: str) -> None:
    """In TOML, max_wilds = "none" means no limit (TOML has no null)."""
    # RULES: MELD-2
    assert RuleSet.from_toml(text).max_wilds is None


@pytest.mark.parametrize("value", ["null", '"none"'])
def test_json_null_and_none_mean_no_wild_limit(value: str) -> None:
    """In JSON, max_wilds null or "none" means no limit, and to_json writes null."""
    # RULES: MELD-2
    rules = RuleSet.from_json('{"preset": "classic", "max_wilds": %s}' % value)  # noqa: UP031
    assert rules.max_wilds is None
    assert json.loads(rules.to_json())["max_wilds"] is None


def test_card_values_table_changes_only_the_cards_named() -> None:
    """A card_values table in a document changes the cards it names; the others keep CARD-3's
    values. T is read as 10."""
    # RULES: CARD-3
    rules = RuleSet.from_toml('preset = "caliente"\n[card_values]\nJK = 60\nT = 15\n')
    assert rules.value(cc.Card.JOKER) == 60
    assert rules.value(cc.Card.TEN) == 15
    assert rules.value(cc.Card.ACE) == 20
    assert rules.to_dict()["card_values"]["JK"] == 60


def test_enum_options_are_read_case_insensitively() -> None:
    """wild_rule and stock_out accept their values in any case and store the enum."""
    # RULES: MELD-2, END-3
    rules = RuleSet.from_dict({"wild_rule": "TWO_NATURALS", "stock_out": "End_On_Last_Card"})
    assert rules.wild_rule is cc.WildRule.TWO_NATURALS
    assert rules.stock_out is cc.StockOut.END_ON_LAST_CARD


def test_from_file_reads_toml_and_json_by_extension(tmp_path: Path) -> None:
    """from_file picks TOML or JSON by the extension (in any case)."""
    toml_file = tmp_path / "house.TOML"
    toml_file.write_text('preset = "caliente-3p"\ntarget_score = 4000\n', encoding="utf-8")
    json_file = tmp_path / "house.json"
    json_file.write_text('{"preset": "caliente-3p", "target_score": 4000}', encoding="utf-8")
    expected = RuleSet.preset("caliente-3p").replace(target_score=4000)
    assert RuleSet.from_file(toml_file) == expected
    assert RuleSet.from_file(str(json_file)) == expected


def test_from_file_refuses_other_files(tmp_path: Path) -> None:
    """An unknown extension or a file that is not UTF-8 is a document problem; a missing file
    is an OSError."""
    yaml_file = tmp_path / "house.yaml"
    yaml_file.write_text("preset: caliente\n", encoding="utf-8")
    message = only_problem(problems_of(lambda: RuleSet.from_file(yaml_file)), "(document)")
    assert ".yaml" in message and ".toml" in message and ".json" in message
    latin = tmp_path / "house.toml"
    latin.write_bytes('preset = "caliente" # café\n'.encode("latin-1"))
    message = only_problem(problems_of(lambda: RuleSet.from_file(latin)), "(document)")
    assert "UTF-8" in message
    with pytest.raises(OSError):
        RuleSet.from_file(tmp_path / "missing.toml")


@pytest.mark.parametrize(("name", "text"), [
    ("house.toml", 'preset = "caliente-3p"\ntarget_score = 4000\n'),
    ("house.json", '{"preset": "caliente-3p", "target_score": 4000}'),
])
def test_from_file_reads_a_file_saved_with_a_byte_order_mark(
        name: str, text: str, tmp_path: Path) -> None:
    """A rule file saved as "UTF-8 with BOM" (Windows Notepad's UTF-8) is the document after
    the mark: it was 'invalid TOML at line 1, column 1: Invalid statement' and JSON's
    'Unexpected UTF-8 BOM'. A mark anywhere else is text, as before."""
    file = tmp_path / name
    file.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert RuleSet.from_file(file) == RuleSet.preset("caliente-3p").replace(target_score=4000)
    file.write_bytes(b"\xef\xbb\xbf" * 2 + text.encode("utf-8"))
    assert only_problem(problems_of(lambda: RuleSet.from_file(file)), "(document)")


# ---------------------------------------------------------------------------------------------
# Syntax errors name the line


def test_toml_syntax_error_names_line_and_column() -> None:
    """A TOML syntax error is one document problem naming its line and column and quoting the
    line."""
    text = 'preset = "caliente"\ntarget_score = 3000\nmax_wilds 3\n'
    message = toml_problem(text)
    assert "invalid TOML at line 3, column" in message
    assert "max_wilds 3" in message


def test_toml_bare_none_gets_a_hint() -> None:
    """max_wilds = none (unquoted) is a TOML syntax error; the message says to quote it."""
    # RULES: MELD-2
    text = 'preset = "classic"\nmax_wilds = none\n'
    message = toml_problem(text)
    assert "line 2" in message
    assert 'write "none" in quotes' in message


def test_toml_error_at_the_end_names_the_line_it_starts_on() -> None:
    """A construct left open to the end of the document (tomllib says only "end of document")
    is reported at the line where it starts."""
    text = 'preset = "caliente"\ninitial_meld_minimums = [[0, 50],\n  [1500, 90],\n'
    message = toml_problem(text)
    assert "invalid TOML at line 2" in message
    assert "end of the document" in message


def test_toml_option_given_twice_names_the_line() -> None:
    """An option given twice in TOML is reported at the line of the second one."""
    text = 'preset = "caliente"\nmax_wilds = 3\nmax_wilds = 4\n'
    message = toml_problem(text)
    assert "line 3" in message


def test_json_syntax_error_names_line_and_column() -> None:
    """A JSON syntax error names its line and column."""
    text = '{\n  "preset": "caliente",\n  "max_wilds": 3\n  "target_score": 3000\n}\n'
    message = only_problem(problems_of(lambda: RuleSet.from_json(text)), "(document)")
    assert re.search(r"invalid JSON at line 4, column \d+", message), message


def test_json_option_given_twice_is_a_problem() -> None:
    """JSON allows a key twice; a house-rules document may not, and says which option."""
    text = '{"preset": "caliente", "max_wilds": 3, "max_wilds": 4}'
    message = only_problem(problems_of(lambda: RuleSet.from_json(text)), "max_wilds")
    assert "more than once" in message


@pytest.mark.parametrize("text", ["[1, 2]", '"caliente"', "3"])
def test_json_document_must_be_an_object(text: str) -> None:
    """A JSON document that is not an object of options is a document problem."""
    message = only_problem(problems_of(lambda: RuleSet.from_json(text)), "(document)")
    assert "mapping" in message


# ---------------------------------------------------------------------------------------------
# Unknown names


def test_unknown_option_suggests_the_closest_name() -> None:
    """An unknown option is named, with the closest valid option."""
    message = only_problem(caliente_with(max_wild=3), "max_wild")
    assert message == "unknown option (did you mean 'max_wilds'?)"


def test_unknown_option_suggests_options_by_meaning() -> None:
    """A name far in spelling from every option gets the options that share its words (in
    their names, and less in their help): wild_cards_max is about max_wilds."""
    message = only_problem(caliente_with(wild_cards_max=3), "wild_cards_max")
    assert message == "unknown option (options of a similar meaning: 'max_wilds')"
    assert only_problem(caliente_with(jokers=1), "jokers") == (
        "unknown option (options of a similar meaning: 'wild_rule')")


@pytest.mark.parametrize("name", ["red_three_bonus", "red_threes_score", "red_3_bonus"])
def test_unknown_option_weighs_rare_words_more(name: str) -> None:
    """A classic player's ``red_three_bonus`` is ``bonus_card_score``: the word ``red`` is in
    that option's help alone, where ``three`` is in four options' (``decks``, ``target_score``,
    ...). Each shared word counted the same, and the message suggested ``decks``,
    ``canastas_to_go_out`` and ``target_score``."""
    message = only_problem(caliente_with(**{name: 100}), name)
    assert message.endswith("similar meaning: 'bonus_card_score')")


def test_unknown_option_far_from_any_name() -> None:
    """An unknown option with no close name is still named."""
    assert only_problem(caliente_with(colour="red"), "colour") == "unknown option"


def test_unknown_preset_suggests_the_closest_and_lists_them() -> None:
    """An unknown preset names the closest preset and lists them all."""
    problems = problems_of(lambda: RuleSet.from_dict({"preset": "caliente-2"}))
    message = only_problem(problems, "preset")
    assert "'caliente-2'" in message and "did you mean 'caliente-2p'" in message
    assert all(name in message for name in RuleSet.preset_names())


def test_preset_must_be_a_name() -> None:
    """A preset that is not a string is a problem of `preset`."""
    message = only_problem(problems_of(lambda: RuleSet.from_dict({"preset": 4})), "preset")
    assert "expected a preset name" in message


# ---------------------------------------------------------------------------------------------
# Wrong types


@pytest.mark.parametrize(
    ("option", "value", "says"),
    [
        ("players", True, "a boolean"),
        ("hand_size", "11", "without quotes"),
        ("draw_count", "two", "'two'"),
        ("target_score", 3000.5, "fraction"),
        ("canasta_size", [7], "a list"),
        ("decks", None, "none"),
    ],
)
def test_integer_options_refuse_other_types(option: str, value: Any, says: str) -> None:
    """An integer option given a boolean, text, a fraction, a list or nothing is a problem
    naming the option, saying an integer was expected and what it got."""
    message = only_problem(caliente_with(**{option: value}), option)
    assert message.startswith("expected an integer, got ")
    assert says in message


@pytest.mark.parametrize(("read", "text", "option", "message"), [
    (RuleSet.from_toml, "hand_size = 12.0", "hand_size",
     "expected an integer, got 12.0 (a float: an integer is written without a decimal point, "
     "as 12)"),
    (RuleSet.from_toml, "target_score = inf", "target_score",
     "expected an integer, got inf (not a finite number)"),
    (RuleSet.from_json, '{"target_score": 1e400}', "target_score",
     "expected an integer, got inf (not a finite number)"),
    (RuleSet.from_toml, "bonus_card_extras = [[1]]", "bonus_card_extras",
     "row 1 must be [count, extra], got a list ([1])"),
    (RuleSet.from_json, '{"initial_meld_minimums": [[0, ["a", null]]]}', "initial_meld_minimums",
     'row 1 must hold two integers, got a list (["a", null])'),
    (RuleSet.from_toml, 'PRESET = "caliente"', "PRESET",
     "unknown option (did you mean 'preset'?)"),
])
def test_a_value_is_described_in_the_documents_words(
        read: Any, text: str, option: str, message: str) -> None:
    """A whole number written as a float is told how an integer is written (it was "a number
    with a fraction", which 12.0 is not), infinity is not a finite number (the same), a list
    is shown as the document writes it (it was a Python tuple, ``(1,)``), and a key in
    capitals gets the name it misspells, ``preset`` included."""
    assert only_problem(problems_of(lambda: read(text)), option) == message


@pytest.mark.parametrize("option", ["always_frozen", "bonus_from_pile_replaced",
                                    "concealed_needs_own_canasta"])
@pytest.mark.parametrize("value", [1, "yes", None])
def test_boolean_options_refuse_other_types(option: str, value: Any) -> None:
    """A true/false option given a number, text or nothing is a problem naming the option."""
    # RULES: PILE-5, TURN-3, OUT-3
    message = only_problem(caliente_with(**{option: value}), option)
    assert message.startswith("expected true or false, got ")


def test_enum_option_refuses_unknown_value_with_a_suggestion() -> None:
    """wild_rule and stock_out list their values and suggest the closest one."""
    # RULES: MELD-2, END-2, END-3
    message = only_problem(caliente_with(wild_rule="more_natural"), "wild_rule")
    assert "more_naturals, not_more_wilds, two_naturals" in message
    assert "did you mean 'more_naturals'?" in message
    message = only_problem(caliente_with(stock_out=2), "stock_out")
    assert "play_on, end_on_last_card" in message


def test_max_wilds_refuses_text_other_than_none() -> None:
    """max_wilds is an integer or "none"; other text is refused, saying so."""
    # RULES: MELD-2
    message = only_problem(caliente_with(max_wilds="lots"), "max_wilds")
    assert 'expected an integer or "none"' in message


@pytest.mark.parametrize(
    ("value", "says"),
    [
        (50, "expected a list of [from score, minimum] rows"),
        ([[0, 50], [1500]], "row 2 must be [from score, minimum]"),
        ([[0, 50], [1500, "90"]], "row 2 must hold two integers"),
        ([[0, 50], [1500, True]], "row 2 must hold two integers"),
        ([[0, 50], 90], "row 2 must be [from score, minimum], got 90"),
    ],
)
def test_minimum_table_of_the_wrong_shape(value: Any, says: str) -> None:
    """initial_meld_minimums must be a list of [score, minimum] integer rows; the message says
    which row is wrong."""
    # RULES: INIT-1
    message = only_problem(caliente_with(initial_meld_minimums=value), "initial_meld_minimums")
    assert says in message, message


def test_card_values_problems_name_the_card() -> None:
    """An unknown card code (with the closest code) and a value that is not a non-negative
    integer are each reported, naming the card."""
    # RULES: CARD-3
    problems = caliente_with(card_values={"JKR": 50, "A": "20", "2": -1})
    assert [name for name, _ in problems] == ["card_values"] * 3
    text = "\n".join(message for _, message in problems)
    assert "unknown card code 'JKR'" in text and "did you mean 'JK'" in text
    assert "value of A must be an integer of at least 0" in text
    assert "value of 2 must be an integer of at least 0, got -1" in text


def test_card_values_list_must_have_one_value_per_card() -> None:
    """A list of card values must hold one value per card code."""
    # RULES: CARD-3
    message = only_problem(caliente_with(card_values=[5, 5, 5]), "card_values")
    assert "expected 16 values" in message and "got 3" in message


# ---------------------------------------------------------------------------------------------
# Values out of range


@pytest.mark.parametrize(
    ("option", "value", "says"),
    [
        ("players", 1, "must be at least 2"),
        ("players", 7, "must be at most 6"),
        ("hand_size", 0, "must be at least 1"),
        ("target_score", 0, "must be at least 1"),
        ("canastas_to_go_out", -1, "must be at least 0"),
        ("canastas_to_go_out", 12, "must be at most 11"),
        ("minimum_below_zero", -15, "must be at least 0"),
        ("natural_canasta_bonus", -500, "must be at least 0"),
        ("caliente_cards", -2, "must be at least 0"),
        ("max_wilds", -1, "must be at least 0"),
    ],
)
def test_values_out_of_range(option: str, value: int, says: str) -> None:
    """An integer outside its range is a problem naming the option, the bound and the value."""
    # RULES: SEAT-2, DEAL-1, GAME-1, OUT-1, INIT-1, SCORE-2, CARD-2, MELD-2
    message = only_problem(caliente_with(**{option: value}), option)
    assert says in message
    assert str(value) in message


def test_draw_count_of_zero() -> None:
    """A draw count of zero is refused: the draw action takes at least one card."""
    # RULES: TURN-2
    message = only_problem(caliente_with(draw_count=0), "draw_count")
    assert "at least 1" in message and "TURN-2" in message


def test_canasta_smaller_than_a_meld() -> None:
    """A canasta smaller than a meld (3 cards) is refused."""
    # RULES: MELD-1, MELD-4
    message = only_problem(caliente_with(canasta_size=2), "canasta_size")
    assert "smaller than a meld" in message
    assert RuleSet.preset("caliente").replace(canasta_size=3).canasta_size == 3


# ---------------------------------------------------------------------------------------------
# Combinations that cannot be played


def test_hand_larger_than_the_deck_allows() -> None:
    """Hands that leave no up card and stock are refused; the message gives the largest hand
    the deck allows."""
    # RULES: DEAL-1, VAR-7
    message = only_problem(caliente_with(hand_size=27), "hand_size")
    assert "4 active players" in message and "108" in message and "at most 26" in message
    assert RuleSet.preset("caliente").replace(hand_size=26).hand_size == 26


def test_hand_size_counts_only_active_players() -> None:
    """With two decks, six players in sides of 3 have four active players, so larger hands
    fit than six players would allow."""
    # RULES: SEAT-3, DEAL-1, VAR-4
    assert RuleSet.preset("caliente-6p").replace(hand_size=26).active_players == 4
    message = only_problem(problems_of(lambda: RuleSet.preset("caliente-6p-3deck").replace(
        hand_size=27)), "hand_size")
    assert "6 active players" in message and "at most 26" in message


def test_hand_size_counts_the_caliente_cards() -> None:
    """The Caliente cards are part of the deck the deal draws from."""
    # RULES: CARD-2, HOT-1, DEAL-1
    rules = RuleSet.preset("caliente-2p").replace(caliente_cards=4, hand_size=55)
    assert rules.deck_size == 112
    message = only_problem(caliente_with(caliente_cards=4, hand_size=28), "hand_size")
    assert "holds 112" in message


def test_more_caliente_cards_than_the_deck_holds() -> None:
    """At most 2 Caliente cards per deck unit."""
    # RULES: CARD-2, HOT-1
    message = only_problem(caliente_with(caliente_cards=5), "caliente_cards")
    assert "at most 2 Caliente cards per deck unit" in message and "4 with 2 decks" in message
    assert RuleSet.preset("caliente-6p-3deck").replace(caliente_cards=6).deck_size == 168


def test_draw_larger_than_a_hand() -> None:
    """A draw count above the hand size is refused, naming draw_count."""
    # RULES: TURN-2, VAR-1
    message = only_problem(caliente_with(hand_size=3, draw_count=4), "draw_count")
    assert "hand_size" in message


@pytest.mark.parametrize(
    ("table", "says"),
    [
        ([[0, 50], [3000, 120], [1500, 90]], "sorted by from score"),
        ([[0, 50], [1500, 90], [1500, 120]], "1500 appears more than once"),
        ([[100, 50], [1500, 90]], "first row must start at from score 0"),
        ([[0, 50], [1500, -90]], "each minimum must be at least 0, got -90"),
        ([], "needs at least one"),
    ],
)
def test_minimum_table_must_be_sorted_without_repeats_from_zero(table: Any, says: str) -> None:
    """The first-meld table is sorted by score, names each score once, starts at 0 and has no
    negative minimum."""
    # RULES: INIT-1
    problems = caliente_with(initial_meld_minimums=table)
    assert {name for name, _ in problems} == {"initial_meld_minimums"}
    assert any(says in message for _, message in problems), problems


def test_unsorted_and_repeated_minimum_table_reports_both() -> None:
    """A table both unsorted and with a repeated score gets both problems."""
    # RULES: INIT-1
    problems = caliente_with(initial_meld_minimums=[[0, 50], [3000, 120], [0, 15]])
    messages = [m for name, m in problems if name == "initial_meld_minimums"]
    assert len(messages) == 2
    assert any("more than once" in m for m in messages)
    assert any("sorted" in m for m in messages)


@pytest.mark.parametrize(
    ("table", "says"),
    [
        ([[4, 400], [4, 500]], "4 appears more than once"),
        ([[5, 600], [4, 400]], "sorted by count"),
        ([[0, 400]], "each count must be at least 1"),
    ],
)
def test_bonus_card_extras_table(table: Any, says: str) -> None:
    """The bonus-card extras are sorted by count, each count once and at least 1."""
    # RULES: SCORE-4
    problems = caliente_with(bonus_card_extras=table)
    assert {name for name, _ in problems} == {"bonus_card_extras"}
    assert any(says in message for _, message in problems), problems


@pytest.mark.parametrize(
    ("options", "option", "says"),
    [
        ({"players": 4, "sides": 3}, "sides", "4 players cannot sit in 3 sides"),
        ({"players": 3, "sides": 2}, "sides", "3 players play in 3 sides"),
        ({"players": 2, "sides": 1}, "sides", "2 players play in 2 sides"),
        ({"players": 5, "decks": 3}, "decks", "5 players play with 2 decks"),
        ({"players": 6, "sides": 3}, "decks", "three sides of 2 need 3 decks"),
        ({"decks": 4}, "decks", "no table is laid out with 4 decks"),
        ({"decks": 1}, "decks", "no table is laid out with 1 deck"),
    ],
)
def test_layouts_that_cannot_alternate_sides(options: dict[str, int], option: str,
                                             says: str) -> None:
    """A table SEAT-2 does not lay out is refused, naming the option to change and why."""
    # RULES: SEAT-2, SEAT-4, VAR-3, VAR-5
    message = only_problem(caliente_with(**options), option)
    assert says in message
    assert "SEAT-2" in message


def test_players_without_a_layout() -> None:
    """Seven players have no layout at all: players is refused, and nothing else is reported
    about the table."""
    # RULES: SEAT-2
    message = only_problem(caliente_with(players=7, sides=7), "players")
    assert "SEAT-2" in message


def test_validation_agrees_with_table_layout() -> None:
    """For every small table, validation refuses it (naming a table option) exactly when
    table_layout gives no layout."""
    # RULES: SEAT-2
    for players in range(2, 7):
        for sides in range(1, 7):
            for decks in range(1, 5):
                layout = cc.rules.table_layout(players, sides, decks)
                options = {"players": players, "sides": sides, "decks": decks, "hand_size": 5}
                try:
                    rules = RuleSet.from_dict(options)
                except cc.RuleSetError as exc:
                    assert layout is None, options
                    assert {n for n, _ in exc.problems} <= {"sides", "decks"}, exc.problems
                else:
                    assert rules.layout == layout


# ---------------------------------------------------------------------------------------------
# Every problem at once


def test_every_kind_of_problem_in_one_document() -> None:
    """One document with an unknown preset, an unknown option, wrong types, values out of range
    and an impossible combination reports every problem, in option order after the document's
    own."""
    # RULES: INIT-1, SEAT-2, TURN-2, MELD-4
    text = """
preset = "calente"
handsize = 12
players = 4
sides = 3
draw_count = 0
canasta_size = 2
always_frozen = "yes"
max_wilds = -1
initial_meld_minimums = [[0, 50], [3000, 120], [1500, 90]]
"""
    problems = problems_of(lambda: RuleSet.from_toml(text))
    names = [name for name, _ in problems]
    assert names == ["preset", "handsize", "sides", "draw_count", "max_wilds", "canasta_size",
                     "initial_meld_minimums", "always_frozen"]
    messages = dict(problems)
    assert "did you mean 'caliente'?" in messages["preset"]
    assert "did you mean 'hand_size'?" in messages["handsize"]
    assert "4 players cannot sit in 3 sides" in messages["sides"]
    assert "sorted" in messages["initial_meld_minimums"]
    assert messages["always_frozen"] == "expected true or false, got 'yes' (text)"


def test_unknown_options_and_value_problems_together() -> None:
    """from_dict reports unknown options and the value problems of the known ones together."""
    problems = caliente_with(handsize=12, colour="red", hand_size=40, max_wilds="x")
    assert [name for name, _ in problems] == ["handsize", "colour", "hand_size", "max_wilds"]


def test_replace_reports_unknown_options_and_value_problems_together() -> None:
    """replace() reports unknown options and value problems in one error."""
    problems = problems_of(lambda: RuleSet.preset("caliente").replace(
        handsize=12, draw_count=0, canasta_size=1))
    assert [name for name, _ in problems] == ["handsize", "draw_count", "canasta_size"]


def test_a_preset_name_where_a_file_or_an_option_is_wanted_says_what_reads_it() -> None:
    """`RuleSet.from_file("caliente-2p")` and `rules.replace(preset="classic")`, a newcomer's
    two ways to reach a preset: each problem names `RuleSet.preset`, the call that does."""
    message = only_problem(problems_of(lambda: RuleSet.from_file("caliente-2p")), "(document)")
    assert message.endswith("expected a .toml or .json file; a preset by its name is "
                            "RuleSet.preset('caliente-2p')")
    message = only_problem(problems_of(lambda: RuleSet.from_file("club")), "(document)")
    assert message.endswith("expected a .toml or .json file")
    message = only_problem(problems_of(lambda: RuleSet.preset("caliente").replace(
        preset="classic")), "preset")
    assert message == ("unknown option; replace changes options: start from a preset with "
                       "RuleSet.preset(name).replace(...)")


def test_combinations_are_checked_despite_other_type_errors() -> None:
    """A wrong type in one option does not hide a combination problem between others."""
    # RULES: DEAL-1, CARD-2, VAR-7
    problems = caliente_with(hand_size=40, caliente_cards=9, always_frozen=1, wild_rule="x")
    assert [name for name, _ in problems] == ["caliente_cards", "hand_size", "wild_rule",
                                              "always_frozen"]


def test_a_combination_is_skipped_when_its_options_are_unusable() -> None:
    """A combination is not checked on an option that is already wrong: a hand of text is not
    also 'too large', and a draw count of text is not compared with the hand."""
    problems = caliente_with(hand_size="40", draw_count="x", players=True)
    assert [name for name, _ in problems] == ["players", "hand_size", "draw_count"]


def test_error_message_lists_each_problem_on_its_own_line() -> None:
    """str(RuleSetError) has a heading with the count and one `option: message` line each."""
    with pytest.raises(cc.RuleSetError) as info:
        RuleSet.from_dict({"preset": "caliente", "draw_count": 0, "colour": "red"})
    lines = str(info.value).splitlines()
    assert lines[0] == "invalid RuleSet (2 problems):"
    assert [line.strip().split(":")[0] for line in lines[1:]] == ["colour", "draw_count"]


# ---------------------------------------------------------------------------------------------
# Options document themselves


RULE_ID = re.compile(r"^(CARD|SEAT|DEAL|TURN|MELD|INIT|PILE|DISC|OUT|END|SCORE|GAME|HOT|VAR|READ)"
                     r"-\d+$")


def test_options_cover_every_ruleset_field() -> None:
    """OPTIONS lists every option of a RuleSet's documents, in the same order, and the API's
    option names are among them."""
    assert list(RuleSet().to_dict()) == OPTION_NAMES
    for name in ("players", "decks", "hand_size", "draw_count", "caliente_cards",
                 "always_frozen", "max_wilds", "canastas_to_go_out", "target_score"):
        assert name in OPTION_NAMES


@pytest.mark.parametrize("info", cc.OPTIONS, ids=OPTION_NAMES)
def test_each_option_has_help_type_default_and_rule_ids(info: cc.OptionInfo) -> None:
    """Every option carries a sentence of help, its type, the caliente default (as a document
    writes it) and well-formed RULES.md IDs."""
    assert len(info.help) > 20 and info.help.endswith(".")
    assert info.type
    assert info.rules and all(RULE_ID.match(rule) for rule in info.rules), info.rules
    assert json.loads(json.dumps(info.default, default=dict)) == (
        RuleSet.preset("caliente").to_dict()[info.name])


@pytest.mark.parametrize("info", [o for o in cc.OPTIONS if isinstance(o.default, tuple | Mapping)],
                         ids=lambda o: o.name)
def test_option_defaults_are_read_only(info: cc.OptionInfo) -> None:
    """An option's default (a list or a table) cannot be changed by whoever reads it (issue
    27): lists are tuples, tables read-only mappings, all the way down."""
    def mutable(value: object) -> bool:
        if isinstance(value, list | dict | set):
            return True
        items = value.values() if isinstance(value, Mapping) else (
            value if isinstance(value, tuple) else ())
        return any(mutable(item) for item in items)

    assert not mutable(info.default)
    with pytest.raises(TypeError):
        info.default["x"] = 1  # type: ignore[index]


def test_rule_ids_exist_in_the_rules_pages() -> None:
    """Every rule ID an option cites is a rule stated in docs/rules/ (``.. rule:: ID``)."""
    ids = {rule for page in (ROOT / "docs" / "rules").glob("*.rst")
           for rule in re.findall(r"^\.\. rule:: ([A-Z]+-\d+)\s*$",
                                  page.read_text(encoding="utf-8"), re.MULTILINE)}
    assert len(ids) >= 58
    for info in cc.OPTIONS:
        assert set(info.rules) <= ids, (info.name, set(info.rules) - ids)


@pytest.mark.parametrize("module", [rules_module, _rulecheck, _ruledocs])
def test_rules_module_doctests(module: ModuleType) -> None:
    """The examples in canasta_caliente.rules.ruleset and the modules it is split into (the checks,
    the document reading) run as written."""
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0


def _options_extension() -> ModuleType:
    pytest.importorskip("sphinx")
    path = ROOT / "docs" / "_ext" / "canasta_options.py"
    spec = importlib.util.spec_from_file_location("canasta_options", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_options_page_is_generated_from_options() -> None:
    """The docs' options page is generated from OPTIONS: each option's name, type, default,
    the presets' differing values, its help and its rule IDs."""
    ext = _options_extension()
    text = ext.render_options()
    for info in cc.OPTIONS:
        assert f".. _option-{info.name}:" in text
        assert f":Rules: {', '.join(info.rules)}" in text
    assert "``caliente-2p``: ``15``" in text  # hand_size
    assert "``classic``: ``3``" in text  # max_wilds
    assert ':Default: ``"none"``' in text
    assert "the same in every preset" in text  # card_values
    page = (ROOT / "docs" / "options.rst").read_text(encoding="utf-8")
    assert ".. canasta-options::" in page
    assert re.search(r"^\s+options$", (ROOT / "docs" / "index.rst").read_text(), re.MULTILINE)
