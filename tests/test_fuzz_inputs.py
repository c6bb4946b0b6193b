"""Fuzzing the library's input boundaries (issue 16): notation strings, hand-built actions and
RuleSet documents. Whatever comes in, the answer is a value that round-trips or one of the
library's own errors (a TypeError for a wrong type), never another exception.

The examples per test are ten times the active Hypothesis profile's (300 by default); run
``pytest --hypothesis-profile=long`` for many more, and ``--hypothesis-show-statistics`` to see
what each test tried.
"""

from __future__ import annotations

import json
import string
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canasta_caliente as cc
from canasta_caliente import Action, Card, NotationError, RuleSetError, Verb
from canasta_caliente.rules.ruleset import toml_value
from strategies import rulesets

FUZZ = settings(max_examples=10 * settings().max_examples, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# -- notation strings ----------------------------------------------------------------------

CODES = [c.code for c in Card] + ["T", "t", "jk", "r3", "cal", "b3"]
WORDS = st.sampled_from([v.value for v in Verb] + ["on", "ON", "On"] + CODES) | st.text(
    string.ascii_letters + string.digits, max_size=4)
SEPARATORS = st.sampled_from([" ", "  ", "\t", "\n", " \u00a0", "\u2003"])


@st.composite
def notation_like(draw: st.DrawFn) -> str:
    """Text that looks like notation: verbs, card codes, ``on`` and junk, variously spaced."""
    words = draw(st.lists(WORDS, max_size=8))
    out = draw(SEPARATORS) if draw(st.booleans()) else ""
    for word in words:
        out += word + draw(SEPARATORS)
    return out


NOTATION_TEXT = notation_like() | st.text(max_size=40)


@FUZZ
@given(NOTATION_TEXT)
def test_fuzz_parse_action_round_trips_or_raises_notation_error(text: str) -> None:
    """parse_action on any text returns an action whose notation parses back to it (and
    prints the same again), or raises NotationError."""
    # RULES: CARD-1
    try:
        action = cc.parse_action(text)
    except NotationError as exc:
        assert str(exc)
        return
    assert cc.parse_action(str(action)) == action
    assert str(cc.parse_action(str(action))) == str(action)
    assert Action(action.verb, action.cards, action.on) == action


@FUZZ
@given(st.text(max_size=6) | st.sampled_from(CODES))
def test_fuzz_card_parse_reads_a_code_or_raises_notation_error(text: str) -> None:
    """Card.parse on any text returns a card whose code parses back to it, or raises
    NotationError."""
    # RULES: CARD-1
    try:
        card = Card.parse(text)
    except NotationError:
        return
    assert Card.parse(card.code) is card
    assert text.strip().upper() in (card.code, "T")


ANYTHING: st.SearchStrategy[Any] = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=5), st.binary(),
    st.lists(st.integers(), max_size=3), st.sampled_from(list(Card)), st.sampled_from(list(Verb)),
)


@FUZZ
@given(ANYTHING)
def test_fuzz_card_parse_and_parse_action_of_any_value(value: Any) -> None:
    """Card.parse and parse_action on a value of any type: a result, a NotationError, or a
    TypeError (for a value that is not a string) naming the type given."""
    for reader in (Card.parse, cc.parse_action):
        try:
            reader(value)
        except NotationError:
            assert isinstance(value, str)
        except TypeError as exc:
            assert not isinstance(value, str)
            assert type(value).__name__ in str(exc)


# -- built actions ---------------------------------------------------------------------------

CARD_LIKE = st.sampled_from(list(Card)) | st.integers(-2, 18) | ANYTHING
VERB_LIKE = st.sampled_from(list(Verb)) | st.sampled_from([v.value for v in Verb]) | ANYTHING
CARDS_LIKE = (st.lists(st.sampled_from(list(Card)), max_size=7).map(tuple)
              | st.lists(CARD_LIKE, max_size=5).map(tuple) | ANYTHING)
ON_LIKE = st.none() | st.sampled_from(list(Card)) | CARD_LIKE


@FUZZ
@given(VERB_LIKE, CARDS_LIKE, ON_LIKE)
def test_fuzz_built_actions_round_trip_or_are_refused(verb: Any, cards: Any, on: Any) -> None:
    """Action(verb, cards, on) from arbitrary parts: a NotationError or TypeError, or an
    action with parse_action(str(a)) == a, its cards in canonical order."""
    # RULES: CARD-1
    try:
        action = Action(verb, cards, on)
    except (NotationError, TypeError) as exc:
        assert str(exc)
        return
    assert cc.parse_action(str(action)) == action
    assert list(action.cards) == sorted(action.cards)
    assert hash(cc.parse_action(str(action))) == hash(action)


@FUZZ
@given(st.sampled_from(list(Verb)), st.lists(st.sampled_from(list(Card)), max_size=7),
       st.none() | st.sampled_from(list(Card)))
def test_fuzz_built_and_parsed_actions_agree(verb: Verb, cards: list[Card],
                                             on: Card | None) -> None:
    """Building an action from parts and parsing the same parts written as notation agree:
    both refuse, or both give the same action."""
    # RULES: CARD-1
    text = " ".join([verb.value, *(c.code for c in cards)] + ([] if on is None else
                                                               ["on", on.code]))
    try:
        built: Action | None = Action(verb, tuple(cards), on)
    except NotationError:
        built = None
    try:
        parsed: Action | None = cc.parse_action(text)
    except NotationError:
        parsed = None
    assert built == parsed


# -- RuleSet documents ----------------------------------------------------------------------

OPTION_NAMES = [o.name for o in cc.OPTIONS]
KEYS = st.sampled_from([*OPTION_NAMES, "preset"]) | st.text(max_size=12)
SCALARS = (st.none() | st.booleans() | st.integers() | st.integers(-(10**12), 10**12)
           | st.floats() | st.text(max_size=12) | st.sampled_from(
               ["none", "caliente", "classic", "two_naturals", "end_on_last_card", "7", "JK"]))
SHALLOW_VALUES: st.SearchStrategy[Any] = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=12,
)


def _nested(depth: int, leaf: Any) -> Any:
    """``leaf`` inside ``depth`` lists (or tables, on odd depths), built without recursion."""
    value = leaf
    for level in range(depth):
        value = {"hand_size": value} if level % 2 else [value]
    return value


DEEP_VALUES = st.builds(_nested, st.integers(1, 5000), SCALARS)
HUGE_INTEGERS = st.sampled_from([10**4300, 10**5000, -(10**5000), 2**20000])
JSON_VALUES = SHALLOW_VALUES | DEEP_VALUES | HUGE_INTEGERS


def _check_ruleset_or_error(read: Any, document: Any) -> None:
    """``read(document)`` gives a RuleSet that every writer writes out and every reader reads
    back equal, or a RuleSetError whose message can be printed as UTF-8."""
    try:
        rules = read(document)
    except RuleSetError as exc:
        assert exc.problems
        str(exc).encode("utf-8")
        return
    assert isinstance(rules, cc.RuleSet)
    assert cc.RuleSet.from_json(rules.to_json()) == rules
    assert cc.RuleSet.from_toml(rules.to_toml()) == rules
    assert cc.RuleSet.from_dict(rules.to_dict()) == rules
    assert repr(rules) and rules.describe()
    assert hash(rules) == hash(cc.RuleSet.from_json(rules.to_json()))


@FUZZ
@given(st.dictionaries(KEYS, JSON_VALUES, max_size=6) | JSON_VALUES)
def test_fuzz_ruleset_from_dict_of_any_value(document: Any) -> None:
    """RuleSet.from_dict on arbitrary JSON-like data: a RuleSet that round-trips through
    every document format, or a RuleSetError."""
    _check_ruleset_or_error(cc.RuleSet.from_dict, document)


@FUZZ
@given(st.dictionaries(KEYS, JSON_VALUES, max_size=6) | JSON_VALUES)
def test_fuzz_ruleset_from_json_and_toml_of_any_document(document: Any) -> None:
    """The same data written as JSON, and as TOML where TOML can write it, read back: a
    RuleSet that round-trips, or a RuleSetError."""
    text = _json_text(document)
    if text is not None:
        _check_ruleset_or_error(cc.RuleSet.from_json, text)
    if isinstance(document, dict):
        try:
            toml = "".join(f"{toml_value(str(k))} = {toml_value(v)}\n"
                           for k, v in document.items())
        except (TypeError, ValueError, RecursionError):  # data TOML cannot write
            return
        _check_ruleset_or_error(cc.RuleSet.from_toml, toml)


def _json_text(document: Any) -> str | None:
    """``document`` as JSON text, or ``None`` where Python's writer cannot write it (nested
    too deeply, integers too long); such texts are fuzzed by test_fuzz_mutated_ruleset_texts."""
    try:
        return json.dumps(document)
    except (RecursionError, ValueError):
        return None


@st.composite
def mutated_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A valid RuleSet's document with a few options changed, removed, renamed or added."""
    document = draw(rulesets()).to_dict()
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(sorted(document)))
        how = draw(st.sampled_from(["value", "number", "drop", "rename", "row"]))
        if how == "value":
            document[key] = draw(JSON_VALUES)
        elif how == "number":
            document[key] = draw(st.integers(-(10**10), 10**10) | st.sampled_from(
                [0, 1, 99, 100, 101, 10**6, 10**6 + 1, 10**9, 10**9 + 1, 10**400, -(10**400),
                 10**5000, -(10**5000)]))
        elif how == "drop":
            del document[key]
        elif how == "rename":
            document[draw(st.text(max_size=12))] = document.pop(key)
        elif isinstance(document[key], list) and document[key]:
            rows = document[key]
            rows.insert(draw(st.integers(0, len(rows))), draw(JSON_VALUES))
        elif isinstance(document[key], dict):
            document[key][draw(KEYS)] = draw(SCALARS)
    return document


@FUZZ
@given(mutated_documents())
def test_fuzz_mutated_ruleset_documents(document: dict[str, Any]) -> None:
    """Valid documents with options changed: read as data, JSON and TOML, each gives a
    RuleSet that round-trips or a RuleSetError; and the three readers agree."""
    _check_ruleset_or_error(cc.RuleSet.from_dict, document)
    text = _json_text(document)
    if text is None:
        return
    _check_ruleset_or_error(cc.RuleSet.from_json, text)
    outcomes = []
    for read, source in ((cc.RuleSet.from_dict, document), (cc.RuleSet.from_json, text)):
        try:
            outcomes.append(read(source))
        except RuleSetError:
            outcomes.append(None)
    assert outcomes[0] == outcomes[1]


@st.composite
def mutated_texts(draw: st.DrawFn) -> tuple[str, str]:
    """A valid RuleSet written as TOML or JSON, with characters replaced, inserted or cut."""
    rules = draw(rulesets())
    kind = draw(st.sampled_from(["toml", "json"]))
    text = rules.to_toml() if kind == "toml" else rules.to_json()
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        how = draw(st.sampled_from(["insert", "replace", "cut", "nest", "digits"]))
        junk = draw(st.text(alphabet=st.sampled_from('[]{}"\',=\n #0123456789-_.\\') |
                            st.characters(), max_size=4))
        if how == "insert":
            text = text[:i] + junk + text[i:]
        elif how == "replace":
            text = text[:i] + junk + text[i + len(junk):]
        elif how == "cut":
            text = text[:i]
        elif how == "nest":
            depth = draw(st.integers(1, 3000))
            text = text[:i] + "[" * depth + text[i:]
        else:
            text = text[:i] + "9" * draw(st.integers(1, 6000)) + text[i:]
    return kind, text


@FUZZ
@given(mutated_texts())
def test_fuzz_mutated_ruleset_texts(case: tuple[str, str]) -> None:
    """Valid TOML and JSON documents with characters changed (brackets, quotes, long runs of
    digits, deep nesting): a RuleSet that round-trips, or a RuleSetError; never another
    exception."""
    kind, text = case
    read = cc.RuleSet.from_toml if kind == "toml" else cc.RuleSet.from_json
    _check_ruleset_or_error(read, text)


@FUZZ
@given(st.text(max_size=60), st.sampled_from(["toml", "json"]))
def test_fuzz_ruleset_from_any_text(text: str, kind: str) -> None:
    """Arbitrary text (lone surrogates included) read as TOML or JSON: a RuleSet that
    round-trips, or a RuleSetError whose message prints as UTF-8."""
    read = cc.RuleSet.from_toml if kind == "toml" else cc.RuleSet.from_json
    _check_ruleset_or_error(read, text)


@FUZZ
@given(rulesets(), st.sampled_from(OPTION_NAMES), SCALARS | JSON_VALUES)
def test_fuzz_ruleset_replace_of_any_value(rules: cc.RuleSet, name: str, value: Any) -> None:
    """replace() with any value for any option: a RuleSet that every writer writes out and
    reads back, or a RuleSetError."""
    _check_ruleset_or_error(lambda v: rules.replace(**{name: v}), value)
