"""RuleSet documents and values at the edges (issue 16): every number a RuleSet accepts is
bounded so that it can be written out again; documents nested too deeply, holding integers
too long to read or lone surrogates, or of the wrong type are refused with the library's own
errors; and reading takes time linear in the document's size."""

from __future__ import annotations

import json
import time
import tomllib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import canasta_caliente as cc
from canasta_caliente import RuleSet, RuleSetError
from canasta_caliente.errors import MESSAGE_LISTS
from canasta_caliente.rules._documents import _longest_parsing_prefix
from canasta_caliente.rules._validation import _INT_RANGES
from canasta_caliente.rules.ruleset import MOST_COUNT, MOST_POINTS, MOST_SCORE
from conftest import quick_part
from strategies import rulesets


def problems_of(make: Any) -> list[tuple[str, str]]:
    """The problems of the RuleSetError that ``make()`` raises."""
    with pytest.raises(RuleSetError) as info:
        make()
    str(info.value).encode("utf-8")  # the message prints as UTF-8
    return list(info.value.problems)


def writes_and_reads_back(rules: RuleSet) -> None:
    """Every writer writes ``rules`` out, and every reader reads it back equal."""
    assert RuleSet.from_json(rules.to_json()) == rules
    assert RuleSet.from_toml(rules.to_toml()) == rules
    assert RuleSet.from_dict(rules.to_dict()) == rules
    assert repr(rules) and rules.describe()


# -- presets -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["nope", ""])
def test_preset_description_of_an_unknown_name_is_a_ruleset_error(name: Any) -> None:
    """preset_description refuses a name that is no preset as preset() does: a RuleSetError
    on ``preset`` listing the presets (not a KeyError)."""
    [(option, message)] = problems_of(lambda: RuleSet.preset_description(name))
    assert option == "preset" and "caliente-2p" in message
    assert problems_of(lambda: RuleSet.preset(name)) == [(option, message)]


@pytest.mark.parametrize("name", [None, 7, ["caliente"]])
def test_a_preset_name_that_is_not_a_str_is_a_type_error(name: Any) -> None:
    """As every wrong type is (it was a RuleSetError, a ValueError, "unknown preset 7")."""
    for call in (RuleSet.preset, RuleSet.preset_description):
        with pytest.raises(TypeError, match="a preset's name must be a str, not "):
            call(name)


# -- bounds --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(_INT_RANGES))
def test_each_integer_option_refuses_one_past_its_bound_naming_the_bound(name: str) -> None:
    """One more than an integer option's upper bound is refused, the message giving the
    bound; a number with thousands of digits is refused too, described by its size."""
    high = _INT_RANGES[name][1]
    problems = problems_of(lambda: RuleSet().replace(**{name: high + 1}))
    assert (name, next(m for n, m in problems if n == name)) in problems
    assert any(n == name and f"at most {high}" in m for n, m in problems)
    problems = problems_of(lambda: RuleSet().replace(**{name: 10**5000}))
    assert any(n == name and "digits" in m and f"at most {high}" in m for n, m in problems)


@pytest.mark.parametrize(
    ("options", "option", "bound"),
    [
        ({"max_wilds": MOST_COUNT + 1}, "max_wilds", f"at most {MOST_COUNT}"),
        ({"card_values": {"A": MOST_POINTS + 1}}, "card_values", f"at most {MOST_POINTS}"),
        ({"initial_meld_minimums": [[0, MOST_POINTS + 1]]}, "initial_meld_minimums",
         f"at most {MOST_POINTS}"),
        ({"initial_meld_minimums": [[0, 50], [MOST_SCORE + 1, 60]]}, "initial_meld_minimums",
         f"at most {MOST_SCORE}"),
        ({"initial_meld_minimums": [[i * 10, 50] for i in range(MOST_COUNT + 1)]},
         "initial_meld_minimums", f"at most {MOST_COUNT} rows"),
        ({"bonus_card_extras": [[MOST_COUNT + 1, 5]]}, "bonus_card_extras",
         f"at most {MOST_COUNT}"),
        ({"bonus_card_extras": [[4, -MOST_POINTS - 1]]}, "bonus_card_extras",
         f"at least {-MOST_POINTS}"),
        ({"bonus_card_extras": [[4, 10**5000]]}, "bonus_card_extras", "digits"),
    ],
)
def test_tables_and_values_have_bounds_named_in_the_message(
    options: dict[str, Any], option: str, bound: str
) -> None:
    """max_wilds, card values and the rows of the two tables are bounded; the message names
    the bound (or, for a number too long to print, its size)."""
    problems = problems_of(lambda: RuleSet().replace(**options))
    assert any(n == option and bound in m for n, m in problems), problems


def test_the_largest_numbers_accepted_are_written_out_and_read_back() -> None:
    """A RuleSet at every upper bound at once is accepted, and every writer writes it out
    and every reader reads it back (nothing accepted is too large to write). (But for
    ``canastas_to_go_out``, 0 here: no side could make a canasta of the largest size, nor so
    go out, and a RuleSet that needs one to go out is refused.)"""
    rules = RuleSet.preset("caliente-6p-3deck").replace(
        target_score=MOST_SCORE, minimum_below_zero=MOST_POINTS,
        natural_canasta_bonus=MOST_POINTS, mixed_canasta_bonus=MOST_POINTS,
        going_out_bonus=MOST_POINTS, concealed_bonus=MOST_POINTS,
        bonus_card_score=MOST_POINTS, caliente_card_penalty=MOST_POINTS,
        max_wilds=MOST_COUNT, canasta_size=MOST_COUNT, canastas_to_go_out=0,
        initial_meld_minimums=[[0, MOST_POINTS]] + [[MOST_SCORE - 99 + i, i]
                                                     for i in range(MOST_COUNT - 1)],
        bonus_card_extras=[[i, -MOST_POINTS if i % 2 else MOST_POINTS]
                           for i in range(1, MOST_COUNT + 1)],
        card_values={card.code: MOST_POINTS * (card != cc.Card.RED_THREE) for card in cc.Card},
    )
    writes_and_reads_back(rules)
    assert json.loads(rules.to_json())["target_score"] == MOST_SCORE


def test_a_huge_target_score_is_refused_not_accepted_then_unwritable() -> None:
    """replace(target_score=10**5000) is refused (on main it was accepted, and then dumps,
    to_json and repr failed)."""
    [(option, message)] = problems_of(lambda: RuleSet().replace(target_score=10**5000))
    assert option == "target_score"
    assert f"at most {MOST_SCORE}" in message and "about 5001 digits" in message


def test_int_subclasses_are_kept_as_plain_ints() -> None:
    """An int subclass given for a number (an IntEnum here) is kept as the plain int, so the
    TOML document writes the number and not the enum's text."""
    rules = RuleSet().replace(hand_size=cc.Card.JACK, card_values={"A": cc.Card.KING})
    assert type(rules.hand_size) is int and rules.hand_size == 7
    assert type(rules.card_values[cc.Card.ACE]) is int
    writes_and_reads_back(rules)


# -- documents -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("read", "text"),
    [
        (RuleSet.from_json, "[" * 100_000 + "]" * 100_000),
        (RuleSet.from_json, '{"card_values": ' + "[" * 5000 + "]" * 5000 + "}"),
        (RuleSet.from_json, '{"a": ' * 5000 + "1" + "}" * 5000),
        (RuleSet.from_toml, "a = " + "[" * 100_000 + "]" * 100_000),
        (RuleSet.from_toml, "a = " + "{b = " * 5000 + "1" + "}" * 5000),
        (RuleSet.from_toml, "a" + ".a" * 100_000 + " = 1\n"),
        (RuleSet.from_toml, "[a" + ".a" * 100_000 + "]\n"),
        (RuleSet.from_toml, '"a"' + ' . "a"' * 1000 + " = 1\n"),
    ],
)
def test_deeply_nested_documents_are_ruleset_errors(read: Any, text: str) -> None:
    """JSON and TOML nested far deeper than a RuleSet's document (arrays, tables, dotted keys)
    are one RuleSetError on the document, never a RecursionError, and quickly."""
    start = time.perf_counter()
    [(option, message)] = problems_of(lambda: read(text))
    assert option == "(document)" and "nested too deeply" in message
    assert time.perf_counter() - start < 5


def test_nesting_a_little_deeper_than_a_ruleset_is_still_read() -> None:
    """Moderately nested values (a few hundred levels) are read and reported as the wrong
    kind of value for their option, naming the option."""
    text = '{"hand_size": ' + "[" * 300 + "]" * 300 + "}"
    assert problems_of(lambda: RuleSet.from_json(text))[0][0] == "hand_size"
    deep: Any = 1
    for _ in range(100_000):
        deep = [deep]
    assert problems_of(lambda: RuleSet.from_dict({"hand_size": deep}))[0][0] == "hand_size"


@pytest.mark.parametrize(
    ("read", "text", "where"),
    [
        (RuleSet.from_json, '{"target_score": ' + "9" * 5000 + "}", "line 1, column 18"),
        (RuleSet.from_json, '{\n "draw_count": 1,\n "target_score": -' + "9" * 4301 + "}",
         "line 3, column 19"),
        (RuleSet.from_toml, "target_score = " + "9" * 5000 + "\n", "line 1, column 16"),
        (RuleSet.from_toml, "draw_count = 1\ntarget_score = 1_" + "0" * 4400 + "\n",
         "line 2, column 16"),
    ],
)
def test_integers_too_long_to_read_are_ruleset_errors_naming_where(
    read: Any, text: str, where: str
) -> None:
    """An integer of more than 4,300 digits (Python's limit for reading one from text) is a
    RuleSetError naming its line and column, not a bare ValueError."""
    [(option, message)] = problems_of(lambda: read(text))
    assert option == "(document)" and where in message and "too long" in message


def test_integers_of_thousands_of_digits_that_can_be_read_are_refused_by_size() -> None:
    """An integer that Python can read but no option takes (4,000 digits) is refused on its
    option, described by its size rather than printed."""
    for read, text in ((RuleSet.from_json, '{"going_out_bonus": ' + "7" * 4000 + "}"),
                       (RuleSet.from_toml, "going_out_bonus = " + "7" * 4000 + "\n")):
        [(option, message)] = problems_of(lambda read=read, text=text: read(text))
        assert option == "going_out_bonus" and "digits" in message and len(message) < 200


@pytest.mark.parametrize(
    ("read", "document"),
    [
        (RuleSet.from_json, '{"\\ud800": 1}'),
        (RuleSet.from_json, '{"preset": "\\udfff"}'),
        (RuleSet.from_json, '{"card_values": {"\\ud800": 1}}'),
        (RuleSet.from_json, '{"\\ud800": 1, "\\ud800": 2}'),
        (RuleSet.from_dict, {"\ud800x": 1}),
        (RuleSet.from_toml, '"\ud800" = 1\n'),
        (RuleSet.from_toml, 'x = [\n"\ud800"\n'),
    ],
)
def test_lone_surrogates_are_reported_in_messages_that_print(read: Any, document: Any) -> None:
    """Lone surrogates in keys and values are reported in a RuleSetError whose option names
    and message print as UTF-8 (escaped)."""
    problems = problems_of(lambda: read(document))
    for option, message in problems:
        option.encode("utf-8")
        message.encode("utf-8")


def test_readers_given_the_wrong_type_raise_type_errors_naming_it() -> None:
    """from_json and from_toml given something that is not text raise a TypeError naming it;
    from_dict given something that is not a mapping, or keys that are not text, reports a
    RuleSetError."""
    for value in (None, 3, ["x"]):
        with pytest.raises(TypeError, match=type(value).__name__):
            RuleSet.from_json(value)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=type(value).__name__):
            RuleSet.from_toml(value)  # type: ignore[arg-type]
        assert problems_of(lambda value=value: RuleSet.from_dict(value))[0][0] == "(document)"
    with pytest.raises(TypeError, match="bytes"):
        RuleSet.from_toml(b"players = 4")  # type: ignore[arg-type]
    assert RuleSet.from_json(b'{"players": 4}') == RuleSet()
    problems = problems_of(lambda: RuleSet.from_dict({1: 2, 10**5000: 3, None: 4}))
    assert [option for option, _ in problems][:2] == ["1", "<an integer of about 5001 digits>"]
    problems = problems_of(lambda: RuleSet.from_dict({"card_values": {10**5000: 1}}))
    assert problems[0][0] == "card_values"


def test_many_problems_are_all_kept_and_the_message_lists_the_first_fifty() -> None:
    """A document with 200 unknown options keeps all 200 problems; the message lists the
    first 50 and says how many more there are."""
    problems = problems_of(lambda: RuleSet.from_dict({f"k{i}": i for i in range(200)}))
    assert len(problems) == 200
    with pytest.raises(RuleSetError) as info:
        RuleSet.from_dict({f"k{i}": i for i in range(200)})
    lines = str(info.value).splitlines()
    assert len(lines) == 1 + MESSAGE_LISTS + 1
    assert lines[-1].strip() == f"... and {200 - MESSAGE_LISTS} more problems (all in .problems)"


def test_long_lists_in_messages_are_cut() -> None:
    """A table with many repeated or unsorted rows lists the first few and how many more."""
    rows = [[0, 50]] + [[i % 40 + 1, 50] for i in range(99)]
    problems = problems_of(lambda: RuleSet().replace(initial_meld_minimums=rows))
    text = " ".join(message for _, message in problems)
    assert "and 30 more appear more than once" in text and "and 90 more" in text
    assert all(len(message) < 400 for _, message in problems)


# -- time ----------------------------------------------------------------------------------

MB = 250_000  # a quarter of a megabyte: quick here, hours for the quadratic searches of main
LARGE_DOCUMENTS = {
    "unclosed TOML array of rows": (RuleSet.from_toml,
                                    "initial_meld_minimums = [\n" + "[0, 50],\n" * (MB // 9)),
    "unclosed TOML string after many keys": (
        RuleSet.from_toml, "".join(f"k{i} = {i}\n" for i in range(MB // 24)) + 'x = """\n'
        + "a = 1\n" * (MB // 12)),
    "TOML array of rows": (RuleSet.from_toml,
                           "initial_meld_minimums = [" + "[0, 50]," * (MB // 8) + "]"),
    "JSON distinct unsorted rows": (RuleSet.from_json, json.dumps(
        {"initial_meld_minimums": [[i * 7919 % 100_003, 50] for i in range(MB // 14)]})),
    "JSON unknown keys": (RuleSet.from_json, json.dumps({f"k{i}": i for i in range(MB // 12)})),
    "JSON duplicate keys": (RuleSet.from_json, "{" + ",".join(['"players": 4'] * (MB // 14))
                            + "}"),
    "TOML dotted keys": (RuleSet.from_toml, "a" + ".a" * (MB // 2) + " = 1\n"),
    "JSON integer of 250,000 digits": (RuleSet.from_json,
                                         '{"target_score": ' + "9" * MB + "}"),
}


@pytest.mark.parametrize("name", quick_part(LARGE_DOCUMENTS, list(LARGE_DOCUMENTS)[::3]))
def test_large_documents_are_read_in_seconds(name: str) -> None:
    """Each document of about a quarter of a megabyte (each once quadratic or worse: an
    unclosed TOML array of 12 KB took 34 s on main) is refused with a RuleSetError in
    seconds; the bound is generous for a loaded machine (typically 0.05 to 1 s)."""
    read, text = LARGE_DOCUMENTS[name]
    start = time.perf_counter()
    with pytest.raises(RuleSetError):
        read(text)
    assert time.perf_counter() - start < 15


# -- the open TOML construct -----------------------------------------------------------------


def _reference_prefix(lines: list[str]) -> int:
    """The longest prefix of lines that parses, found by trying every one from the end (the
    quadratic search that _longest_parsing_prefix replaces)."""
    for k in range(len(lines), -1, -1):
        try:
            tomllib.loads("\n".join(lines[:k]))
        except (tomllib.TOMLDecodeError, RecursionError, ValueError):
            continue
        return k
    return 0


@st.composite
def unclosed_tomls(draw: st.DrawFn) -> list[str]:
    """The lines of a valid RuleSet's TOML document with a construct left open at its end."""
    lines = draw(rulesets()).to_toml().splitlines()
    opener = draw(st.sampled_from(['x = [', 'x = """', "x = '''", "x = [1,", "[tab",
                                   "x = [[1, 2],", 'x = """a = 1']))
    tail = draw(st.lists(st.sampled_from(["1,", "a = 1", "[0, 50],", '"""x', "# c", ""]),
                         max_size=5))
    return [*lines[:draw(st.integers(0, len(lines)))], opener, *tail]


@settings(deadline=None)
@given(unclosed_tomls())
def test_the_open_construct_is_found_where_the_quadratic_search_found_it(
    lines: list[str],
) -> None:
    """Where a TOML document leaves a construct open at its end, the fast search names the
    same line as trying every prefix from the end, whenever the document fails to parse."""
    if _reference_prefix(lines) == len(lines):
        return  # the document parses: nothing is open
    assert _longest_parsing_prefix(lines) == _reference_prefix(lines)


@pytest.mark.parametrize("document", [b"\xff", b'{"preset": "caliente", "name": "\xff\xfe"}'])
def test_json_bytes_that_are_not_utf8_are_named_so(document: bytes) -> None:
    """Bytes that are not UTF-8 text are a problem of the document saying so and where, not
    "an integer too long to read"."""
    with pytest.raises(cc.RuleSetError, match=r"not UTF-8 text: byte 0xff at line 1, column \d+"):
        cc.RuleSet.from_json(document)


def test_card_values_name_cards_by_code_not_by_number() -> None:
    """``card_values`` keys are cards or their codes: a plain number is refused, saying to
    write the code as a string (``{5: 7}`` was read as the five, though ``Card(5)`` is the nine
    and Action refuses numbers for that reason: an adversarial trial); a Card key is read."""
    caliente = RuleSet.preset("caliente")
    problems = problems_of(lambda: caliente.replace(card_values={5: 7}))
    assert problems == [("card_values", "card code 5: a number, not a code; write the code as a "
                         "string ('5'): a Card's number is its index, not its face value")]
    assert caliente.replace(card_values={"5": 7}).to_dict()["card_values"]["5"] == 7
    # (a number that is no card's code is an unknown code, as ever: no advice to quote it)
    assert problems_of(lambda: caliente.replace(card_values={1: 7}))[0][1].startswith(
        "unknown card code '1'")
    assert caliente.replace(card_values={cc.Card.NINE: 7}).to_dict()["card_values"]["9"] == 7
