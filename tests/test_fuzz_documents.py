"""Fuzzing the document readers: loads, View.from_dict / from_json and GameRecord.from_dict /
from_json, over states reached by random legal play under any RuleSet; and the readers of
results (SimulationResult, Comparison and Tournament from_dict / from_json).

* One field of a state document mutated (a number nudged, a card or an enumeration value changed,
  a flag flipped, an element dropped or repeated, a card moved from one list to another, ...):
  either loads refuses the document with a StateError, or the state passes every invariant and
  random legal play from it reaches the end of the hand with a legal action at every step and
  every card conserved.
* Mutated JSON text and structurally mutated data (any JSON value anywhere, Python values that
  JSON cannot hold) never raise anything but StateError, or TypeError for a wrong Python type.
* A result's ``schema`` (its kind and format version; its variants' and pairs' too) replaced
  by any value, of any kind and version or malformed, or left out: the reader reads exactly
  the documents of its kind and a version it reads (or none), and refuses every other with a
  StateError.

The examples are bounded in the normal run; ``HYPOTHESIS_PROFILE=long`` runs many more (with
``--hypothesis-show-statistics`` for the counts).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st

import canasta_caliente as cc
from canasta_caliente.records.invariants import check_invariants
from canasta_caliente.records.storage import GameRecord, state_from_dict, state_to_dict
from canasta_caliente.testing import max_actions_per_hand
from strategies import rulesets

CODES = [card.code for card in cc.Card]
ENUM_TEXTS = {
    "phase": ["draw", "play", "answer"],
    "question": ["none", "asked", "yes", "no"],
    "ended": [e.value for e in cc.HandEnd],
    "wild_rule": [w.value for w in cc.WildRule],
    "stock_out": [s.value for s in cc.StockOut],
}
Path = tuple[str | int, ...]

lenient = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                          HealthCheck.data_too_large])


@st.composite
def played_states(draw: st.DrawFn) -> cc.GameState:
    """A state of random legal play under any RuleSet: up to 200 actions from the deal, so
    every phase, later hands and finished hands occur."""
    rules = draw(rulesets())
    seed = draw(st.integers(0, 2**32))
    steps = draw(st.integers(0, 200))
    rng = random.Random(seed)
    state = cc.new_game(rules, seed=seed)
    for _ in range(steps):
        legal = cc.legal_actions(state)
        if not legal:
            break
        state = cc.apply(state, rng.choice(legal))
    return state


def paths(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every place in a document and the value there, the document itself first."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths(item, (*path, i))


def get(doc: Any, path: Path) -> Any:
    """The value at ``path``."""
    for key in path:
        doc = doc[key]
    return doc


def put(doc: Any, path: Path, value: Any) -> None:
    """Set the value at ``path`` (not the root)."""
    get(doc, path[:-1])[path[-1]] = value


def is_cards(value: Any) -> bool:
    """A list of card codes (a hand, the pile, a meld, the deck, waiting cards, ...)."""
    return isinstance(value, list) and all(isinstance(v, str) and v in CODES for v in value)


def mutate(doc: dict[str, Any], data: st.DataObject) -> str:
    """Change one field of ``doc`` in place, as a tamperer would; describe the change."""
    header = {"format", "rules_version", "package_version"}  # refused at once: tested elsewhere
    places = [(p, v) for p, v in paths(doc) if p and p[0] not in header]
    # Half the time a named field (the turn's facts, counts, flags, whole lists), half the
    # time any place (most places are single cards of the deck and the hands).
    if data.draw(st.booleans(), label="a named field"):
        places = [(p, v) for p, v in places if isinstance(p[-1], str)]
    # A drawn number scattered by a multiplicative hash spreads the choice over every place
    # (small draws, which Hypothesis favours, would pick the first places again and again).
    index = (data.draw(st.integers(0, 2**32), label="place") * 2654435761 + 40503) % 2**32
    index %= len(places)
    path, value = places[index]
    name = path[-1]
    if isinstance(value, bool):
        put(doc, path, not value)
        return f"flip {path}"
    if isinstance(value, int):
        new = data.draw(st.sampled_from([value + 1, value - 1, value + 2, 0, -1])
                        | st.integers(-200, 200), label="int")
        put(doc, path, new)
        return f"{path}: {value} -> {new}"
    if isinstance(value, str):
        choices = CODES if value in CODES else ENUM_TEXTS.get(str(name), [value + "x", ""])
        new_text = data.draw(st.sampled_from(choices), label="text")
        put(doc, path, new_text)
        return f"{path}: {value!r} -> {new_text!r}"
    if value is None:
        put(doc, path, data.draw(st.integers(-1, 6), label="int for null"))
        return f"{path}: null -> int"
    if isinstance(value, list):
        how = data.draw(st.sampled_from(["drop", "repeat", "add card", "move card", "empty"]),
                        label="list change")
        if how == "move card" and is_cards(value) and value:
            targets = [p for p, v in paths(doc) if is_cards(v) and p != path]
            to = data.draw(st.sampled_from(targets), label="to")
            card = value.pop(data.draw(st.integers(0, len(value) - 1), label="which"))
            get(doc, to).append(card)
            return f"move {card} from {path} to {to}"
        if how == "drop" and value:
            value.pop(data.draw(st.integers(0, len(value) - 1), label="which"))
        elif how == "repeat" and value:
            value.append(copy.deepcopy(value[data.draw(st.integers(0, len(value) - 1))]))
        elif how == "add card":
            value.append(data.draw(st.sampled_from(CODES), label="card"))
        else:
            value.clear()
        return f"{how} in {path}"
    assert isinstance(value, dict)
    key = data.draw(st.sampled_from([*value, "extra"]), label="key")
    if key in value:
        del value[key]
    else:
        value[key] = 1
    return f"key {key!r} in {path}"


def play_out(state: cc.GameState) -> None:
    """Random legal play to the end of the hand (and its deal): every state keeps every
    invariant (cards conserved, no dead end), and the hand ends within its bound."""
    rng = random.Random(hash(state))
    for _ in range(max_actions_per_hand(state.rules) + 2):
        assert check_invariants(state) == []
        legal = cc.legal_actions(state)
        if not legal:
            assert state.is_game_over, "no legal action short of the end of the game"
            return
        was_over = state.over
        state = cc.apply(state, rng.choice(legal))
        if was_over:
            assert check_invariants(state) == []
            return
    raise AssertionError("the hand did not end within its bound")


@lenient
@given(state=played_states(), data=st.data())
def test_one_mutated_field_is_refused_or_plays_out(state: cc.GameState,
                                                   data: st.DataObject) -> None:
    """One field of a legal state's document mutated: loads raises StateError, or the state
    it reads passes check_invariants and random play from it reaches the end of the hand with
    no dead end and no card lost or created."""
    # RULES: TURN-0, CARD-2
    doc = state_to_dict(state)
    what = mutate(doc, data)
    note(f"mutation: {what}")
    try:
        back = cc.loads(json.dumps(doc))
    except cc.StateError:
        outcome = "refused"
    else:
        outcome = "unchanged" if back == state else "loaded"
        play_out(back)
    event(outcome)
    event(f"mutated: {what.split(':')[0].split(' in ')[0][:30]}")


def text_mutations(text: str) -> st.SearchStrategy[str]:
    """JSON text with a slice cut, a slice repeated, or characters inserted or replaced."""
    n = len(text)
    pos = st.integers(0, n)
    junk = st.text(alphabet='{}[]",:0123456789-.eE tfnrul\\\u00e9\ud800x', max_size=8)
    return st.one_of(
        st.tuples(pos, pos).map(lambda ab: text[:min(ab)] + text[max(ab):]),
        st.tuples(pos, pos).map(lambda ab: text[:max(ab)] + text[min(ab):]),
        st.tuples(pos, junk).map(lambda pj: text[:pj[0]] + pj[1] + text[pj[0]:]),
        st.tuples(pos, junk).map(lambda pj: text[:pj[0]] + pj[1] + text[pj[0] + 1:]),
    )


_TEXTS: dict[str, str] = {}


def sample_texts() -> dict[str, str]:
    """A state, a view and a game record of a caliente-cards game, as JSON text."""
    if not _TEXTS:
        rules = cc.RuleSet.preset("caliente-cards")
        record = GameRecord.start(rules, seed=5)
        state = record.initial_state()
        rng = random.Random(5)
        for _ in range(40):
            action = rng.choice(cc.legal_actions(state))
            record = record.extend(action)
            state = cc.apply(state, action)
        _TEXTS["state"] = cc.dumps(state)
        _TEXTS["view"] = cc.observe(state, 1).to_json()
        _TEXTS["record"] = record.to_json()
        two = cc.RuleSet.preset("caliente-2p")
        played = cc.simulate(two, ["heuristic", "random"], games=2, seed=5, max_hands=2,
                             keep_records=True)
        _TEXTS["result"] = json.dumps(played.to_dict())
        _TEXTS["comparison"] = json.dumps(cc.compare(
            {"a": two, "b": two.replace(always_frozen=True)}, bots=["random"], games=2, seed=5,
            max_hands=1).to_dict())
        _TEXTS["tournament"] = json.dumps(cc.tournament(
            ["random", "heuristic", "level-1"], two, games=2, seed=5, max_hands=1).to_dict())
    return _TEXTS


READERS: dict[str, Callable[[Any], object]] = {
    "state": cc.loads,
    "view": cc.View.from_json,
    "record": GameRecord.from_json,
    "result": cc.SimulationResult.from_json,
    "comparison": cc.Comparison.from_json,
    "tournament": cc.Tournament.from_json,
}
DICT_READERS: dict[str, Callable[[Any], object]] = {
    "state": state_from_dict,
    "view": cc.View.from_dict,
    "record": GameRecord.from_dict,
    "result": cc.SimulationResult.from_dict,
    "comparison": cc.Comparison.from_dict,
    "tournament": cc.Tournament.from_dict,
}


def only_state_errors(read: Callable[[Any], object], value: Any) -> str:
    """Read ``value``; anything but success or StateError fails the test."""
    try:
        read(value)
    except cc.StateError:
        return "refused"
    return "read"


@lenient
@given(kind=st.sampled_from(sorted(READERS)), data=st.data())
def test_mutated_json_text_raises_only_state_error(kind: str, data: st.DataObject) -> None:
    """Cut, repeated, inserted or replaced characters in a state, view or record document:
    the reader returns or raises StateError, never another exception."""
    text = data.draw(text_mutations(sample_texts()[kind]), label="text")
    outcome = only_state_errors(READERS[kind], text)
    event(f"{kind}: {outcome}")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.sampled_from([*CODES, "draw", "play", "yes", "went_out", 2**300, -(10**80)])
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                  max_size=4),
    max_leaves=12,
)
python_values = st.sampled_from([(), (1, 2), {1: "a"}, {None: 1}, b"x", 1.5j, frozenset(),
                                 object(), cc.Card.SEVEN, float("nan"), 10**5000])


@lenient
@given(kind=st.sampled_from(sorted(DICT_READERS)), data=st.data())
def test_mutated_document_data_raises_only_state_error(kind: str, data: st.DataObject) -> None:
    """Any JSON value (or one of several Python values JSON cannot hold) put anywhere in a
    state, view or record document: from_dict returns or raises StateError (a TypeError is
    allowed only for a Python value JSON cannot hold)."""
    doc = json.loads(sample_texts()[kind])
    places = [p for p, _ in paths(doc) if p]
    path = data.draw(st.sampled_from(places), label="place")
    foreign = data.draw(st.booleans(), label="python value")
    value = data.draw(python_values if foreign else json_values, label="value")
    put(doc, path, value)
    try:
        outcome = only_state_errors(DICT_READERS[kind], doc)
    except TypeError:
        assert foreign, "TypeError for JSON data"
        outcome = "TypeError"
    event(f"{kind}: {outcome}")


RESULT_KINDS = {"result": "canasta-caliente/simulation",
                "comparison": "canasta-caliente/comparison",
                "tournament": "canasta-caliente/tournament"}
markers = st.one_of(
    st.fixed_dictionaries({"name": st.sampled_from([*RESULT_KINDS.values(),
                                                    "canasta-caliente/state"]) | json_values,
                           "version": st.integers(-2, 4) | json_values}),
    st.fixed_dictionaries({"name": st.sampled_from(list(RESULT_KINDS.values())),
                           "version": st.integers(1, 4)},
                          optional={"extra": json_values}),
    json_values,
)


@lenient
@given(kind=st.sampled_from(sorted(RESULT_KINDS)), data=st.data())
def test_a_results_schema_is_read_exactly_when_it_names_its_kind(kind: str,
                                                                  data: st.DataObject) -> None:
    """The ``schema`` of a result's document (or of one of its variants or pairs) replaced by
    any value, or left out: read exactly when it is left out or names the document's kind (a
    simulation's, inside a comparison or a tournament) at a version up to 1, and nothing else;
    refused with a StateError otherwise."""
    doc = json.loads(sample_texts()[kind])
    places: list[Path] = [("schema",)]
    if kind == "comparison":
        places += [("results", label, "schema") for label in doc["results"]]
    elif kind == "tournament":
        places += [("pairs", n, "schema") for n in range(len(doc["pairs"]))]
    path = data.draw(st.sampled_from(places), label="place")
    expected = RESULT_KINDS[kind] if len(path) == 1 else RESULT_KINDS["result"]
    how = data.draw(st.sampled_from(["left out", "its own", "any"]), label="how")
    if how == "left out":
        del get(doc, path[:-1])["schema"]
        readable = True
    else:
        marker = ({"name": expected, "version": 1} if how == "its own"
                  else data.draw(markers, label="schema"))
        put(doc, path, marker)
        # (True and 1.0 equal 1 in Python, and are no integer version in JSON)
        readable = (marker == {"name": expected, "version": 1}
                    and type(marker["version"]) is int)
    outcome = only_state_errors(DICT_READERS[kind], doc)
    assert outcome == ("read" if readable else "refused"), f"{path}: {get(doc, path[:-1])}"
    event(f"{kind}: {outcome}")
