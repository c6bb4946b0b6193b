"""Validating a RuleSet: the bounds of its numbers and every problem with its options.

One job: list every problem of a RuleSet's options at once, each as (option, message), in the
order of the options; :class:`~canasta_caliente.RuleSet` raises them as one
:class:`~canasta_caliente.RuleSetError`. The RuleSet passes its option names and enum options,
so this module imports the RuleSet type only for annotations.

Sections: the table layouts (SEAT-2); the bounds; the checks of each option and of their
combinations; the checks of tables and card values.
"""

from __future__ import annotations

import collections
import enum
import itertools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..cards import I_R3, NUM_KINDS
from ..errors import short_repr
from ._documents import CARD_CODES, card_code, close_match, describe_found, is_int, safe_text
from .facts import canasta_cards, most_canastas, wild_cap

if TYPE_CHECKING:
    from .ruleset import RuleSet

__all__ = ["MOST_COUNT", "MOST_POINTS", "MOST_SCORE", "table_layout"]


# -- table layouts (SEAT-2) ----------------------------------------------------------------

# Sides as tuples of seats, keyed by (players, number of sides) (RULES: SEAT-2).
_LAYOUTS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {
    (2, 2): ((0,), (1,)),
    (3, 3): ((0,), (1,), (2,)),
    (4, 2): ((0, 2), (1, 3)),
    (5, 2): ((0, 2), (1, 3, 4)),
    (6, 2): ((0, 2, 4), (1, 3, 5)),
    (6, 3): ((0, 3), (1, 4), (2, 5)),
}


_DECKS = (2, 3)
"""The decks a table may play with (SEAT-2): 3 for any table but five players'."""


def _decks_problem(decks: int) -> str:
    """Why no table is laid out with ``decks`` decks (one of :data:`_DECKS` none)."""
    return (f"no table is laid out with {decks} deck{'s' if decks != 1 else ''}: 2 decks, or 3 "
            "(any table but five players') (SEAT-2)")


def table_layout(players: int, sides: int, decks: int) -> tuple[tuple[int, ...], ...] | None:
    """The sides of a table as tuples of seats, or ``None`` if the table has no layout.

    With two decks a side of three has one member sitting out each hand; five players and the
    six-player game with three sides need exactly the decks the rules give them (SEAT-2).

    >>> table_layout(6, 3, 3)
    ((0, 3), (1, 4), (2, 5))
    >>> table_layout(5, 2, 3) is None
    True
    """
    layout = _LAYOUTS.get((players, sides))
    if layout is None or decks not in _DECKS:
        return None
    if players == 5 and decks != 2:
        return None
    if (players, sides) == (6, 3) and decks != 3:
        return None
    return layout



# -- bounds -------------------------------------------------------------------------------

# The bounds of the numbers a RuleSet accepts: what a table could play, and small enough that
# every RuleSet accepted can be written out again (a document, its repr).
MOST_COUNT = 100
"""The most of any count of cards, decks, sides, rows or wilds a RuleSet accepts."""
MOST_POINTS = 1_000_000
"""The most points a bonus, a penalty, a card value or a first-meld minimum may be worth."""
MOST_SCORE = 1_000_000_000
"""The highest game score a RuleSet names (``target_score``, the scores of
``initial_meld_minimums``)."""

# -- checks -------------------------------------------------------------------------------

_WHY_COUNT = f"no table plays with more than {MOST_COUNT}"
_WHY_POINTS = f"no table counts more than {MOST_POINTS} points for one thing"
_WHY_SCORE = f"no game is played to more than {MOST_SCORE} points"

# Integer options: (least, most, why the least, why the most).
_INT_RANGES: dict[str, tuple[int, int, str, str]] = {
    "players": (2, 6, "SEAT-2 lays out tables of 2 to 6 players",
                "SEAT-2 lays out tables of 2 to 6 players"),
    "sides": (1, MOST_COUNT, "a table has at least one side", _WHY_COUNT),
    "decks": (1, MOST_COUNT, "the game needs a deck", _WHY_COUNT),
    "caliente_cards": (0, MOST_COUNT, "a count of cards", _WHY_COUNT),
    "hand_size": (1, MOST_COUNT, "each active player is dealt a hand (DEAL-1)", _WHY_COUNT),
    "draw_count": (1, MOST_COUNT,
                   "the draw action takes at least one card from the stock (TURN-2)",
                   _WHY_COUNT),
    "canasta_size": (3, MOST_COUNT, "a canasta cannot be smaller than a meld, which has at "
                     "least 3 cards (MELD-1, MELD-4)", _WHY_COUNT),
    "canastas_to_go_out": (0, 11, "a side has at most one meld, so one canasta, per natural "
                           "rank (MELD-3)", "a side has at most one meld, so one canasta, per "
                           "natural rank (MELD-3)"),
    "target_score": (1, MOST_SCORE, "a game is played to a positive score (GAME-1)",
                     _WHY_SCORE),
    "minimum_below_zero": (0, MOST_POINTS, "a first-meld minimum is a number of points "
                           "(INIT-1)", _WHY_POINTS),
    "natural_canasta_bonus": (0, MOST_POINTS, "a bonus", _WHY_POINTS),
    "mixed_canasta_bonus": (0, MOST_POINTS, "a bonus", _WHY_POINTS),
    "going_out_bonus": (0, MOST_POINTS, "a bonus", _WHY_POINTS),
    "concealed_bonus": (0, MOST_POINTS, "a bonus", _WHY_POINTS),
    "bonus_card_score": (0, MOST_POINTS, "its sign is set by SCORE-4", _WHY_POINTS),
    "caliente_card_penalty": (0, MOST_POINTS, "it is taken away from the side's score "
                              "(SCORE-5)", _WHY_POINTS),
}

INT_OPTIONS: tuple[str, ...] = (*_INT_RANGES, "max_wilds")

# How many items a message lists before it says how many more there are.
_LIST_AT_MOST = 10


def _listed(items: list[Any]) -> str:
    """Items for a message, comma-separated: the first few, then how many more."""
    shown = ", ".join(short_repr(x) for x in items[:_LIST_AT_MOST])
    more = len(items) - _LIST_AT_MOST
    return shown + (f" and {more} more" if more > 0 else "")


def rule_problems(
    r: RuleSet, option_names: tuple[str, ...],
    enums: tuple[tuple[str, type[enum.StrEnum]], ...],
) -> list[tuple[str, str]]:
    """Every problem with a RuleSet's options, each as (option, message), in option order.

    Each option is checked on its own (type, range); then every combination whose options are
    all usable is checked, so one pass reports everything that can be known. ``option_names``
    are the RuleSet's options in order and ``enums`` the options whose values are enums, each
    with its enum.
    """
    found: dict[str, list[str]] = {name: [] for name in option_names}
    usable: set[str] = set()
    for name, (low, high, why_low, why_high) in _INT_RANGES.items():
        v = getattr(r, name)
        if not is_int(v):
            found[name].append(f"expected an integer, got {describe_found(v)}")
        elif v < low:
            found[name].append(f"must be at least {low}: {why_low}, got {short_repr(v)}")
        elif v > high:
            found[name].append(f"must be at most {high}: {why_high}, got {short_repr(v)}")
        else:
            usable.add(name)
    for name in ("always_frozen", "bonus_from_pile_replaced", "concealed_needs_own_canasta",
                 "up_card_must_be_natural", "stop_card_freezes", "pile_pair_onto_canasta",
                 "caliente_on_empty_stock"):
        if isinstance(getattr(r, name), bool):
            usable.add(name)
        else:
            found[name].append(f"expected true or false, got {describe_found(getattr(r, name))}")
    for name, kind in enums:
        v = getattr(r, name)
        if isinstance(v, kind):
            usable.add(name)
            continue
        choices = [k.value for k in kind]
        hint = ""
        if isinstance(v, str):
            hint = close_match(v.lower(), choices, "; did you mean {!r}?")
        found[name].append(f"expected one of {', '.join(choices)}, got {describe_found(v)}{hint}")
    if r.max_wilds is not None:
        if not is_int(r.max_wilds):
            found["max_wilds"].append('expected an integer or "none" (no limit), got '
                                      + describe_found(r.max_wilds))
        elif r.max_wilds < 0:
            found["max_wilds"].append('must be at least 0 (or "none" for no limit), got '
                                      f"{short_repr(r.max_wilds)}")
        elif r.max_wilds > MOST_COUNT:
            found["max_wilds"].append(f'must be at most {MOST_COUNT} (or "none" for no '
                                      f"limit): {_WHY_COUNT}, got {short_repr(r.max_wilds)}")
    found["initial_meld_minimums"] += _table_problems(
        r.initial_meld_minimums, "from score", "minimum", first=0, keys=(0, MOST_SCORE),
        values=(0, MOST_POINTS))
    found["bonus_card_extras"] += _table_problems(
        r.bonus_card_extras, "count", "extra", first=None, keys=(1, MOST_COUNT),
        values=(-MOST_POINTS, MOST_POINTS))
    found["card_values"] += _card_value_problems(r.card_values)

    # Combinations, each checked when the options it reads are usable.
    layout = None
    if {"players", "sides", "decks"} <= usable:
        layout_problems = _layout_problems(r.players, r.sides, r.decks)
        for name, message in layout_problems:
            found[name].append(message)
        if not layout_problems:
            layout = table_layout(r.players, r.sides, r.decks)
    elif "decks" in usable and r.decks not in _DECKS:  # (a count no table is laid out with)
        found["decks"].append(_decks_problem(r.decks))
    if {"caliente_cards", "decks"} <= usable and r.caliente_cards > 2 * r.decks:
        found["caliente_cards"].append(
            f"the deck holds at most 2 Caliente cards per deck unit, so {2 * r.decks} with "
            f"{r.decks} decks, got {r.caliente_cards} (CARD-2)")
    if layout is not None and "hand_size" in usable:
        active = r.players
        if r.decks == 2:
            active = sum(min(len(side), 2) for side in layout)
        # an over-large caliente_cards is reported above; the deal is checked with the count given
        caliente = r.caliente_cards if is_int(r.caliente_cards) and r.caliente_cards > 0 else 0
        deck = 54 * r.decks + caliente
        if active * r.hand_size + 2 > deck:
            most = (deck - 2) // active
            found["hand_size"].append(
                f"{active} active players with {r.hand_size} cards each need "
                f"{active * r.hand_size + 2} cards with an up card and a stock, but the deck "
                f"holds {deck}: at most {most} cards each (DEAL-1)")
    if ({"canasta_size", "canastas_to_go_out", "decks", "wild_rule"} <= usable
            and not found["max_wilds"]
            and r.canastas_to_go_out > (most := most_canastas(r))):
        found["canasta_size"].append(_canasta_problem(r, most))
    if {"draw_count", "hand_size"} <= usable and r.draw_count > r.hand_size:
        found["draw_count"].append(
            f"a draw of {r.draw_count} cards is more than a whole hand of {r.hand_size} "
            f"(hand_size); at most {r.hand_size} (TURN-2)")
    return [(name, message) for name in option_names for message in found[name]]


def _canasta_problem(r: RuleSet, most: int) -> str:
    """Why no side could go out: it needs ``canastas_to_go_out`` canastas (OUT-1), and
    ``most`` (:func:`~canasta_caliente.rules.facts.most_canastas`, fewer) can be made."""
    size, need, decks = r.canasta_size, r.canastas_to_go_out, r.decks
    naturals, wilds = canasta_cards(r)
    short = size - naturals
    cap = wild_cap(r, naturals)
    if most == 0 and cap >= short:  # (the wilds a meld may hold are more than the deck has)
        return (f"no canasta of {size} cards can be made: it needs {short} wilds beside the "
                f"{naturals} naturals of its rank, and the deck holds {wilds} wild"
                f"{'s' if wilds != 1 else ''} in all; so no side could go out, which needs "
                f"{need} canasta{'s' if need > 1 else ''} (canastas_to_go_out; OUT-1, MELD-4)")
    if most == 0:
        return (f"no canasta of {size} cards can be made: a rank has {naturals} naturals in "
                f"{decks} deck{'s' if decks > 1 else ''}, which may hold at most {cap} wild"
                f"{'s' if cap != 1 else ''} (wild_rule {r.wild_rule.value}, max_wilds "
                f"{'none' if r.max_wilds is None else r.max_wilds}), not the {short} more it "
                f"needs; so no side could go out, which needs {need} canasta"
                f"{'s' if need > 1 else ''} (canastas_to_go_out; OUT-1, MELD-2, MELD-4)")
    return (f"a side can make at most {most} canasta{'s' if most > 1 else ''} of {size} cards "
            f"at once (each needs {short} of the deck's {wilds} wilds beside the "
            f"{naturals} naturals of its rank), fewer than the {need} going out needs "
            f"(canastas_to_go_out; OUT-1, MELD-4)")


def _layout_problems(players: int, sides: int, decks: int) -> list[tuple[str, str]]:
    """Why a table has no layout (SEAT-2); empty if it has one. Mirrors :func:`table_layout`."""
    p: list[tuple[str, str]] = []
    allowed = sorted(s for (n, s) in _LAYOUTS if n == players)
    if sides not in allowed:
        p.append(("sides", f"{players} players cannot sit in {sides} side"
                  f"{'s' if sides != 1 else ''} whose turns alternate: {players} players play "
                  f"in {' or '.join(map(str, allowed))} sides (SEAT-2, SEAT-4)"))
    if decks not in _DECKS:
        p.append(("decks", _decks_problem(decks)))
    elif players == 5 and decks != 2:
        p.append(("decks", "5 players play with 2 decks, not 3: one member of the side of 3 "
                  "sits out each hand (SEAT-2, VAR-3)"))
    elif (players, sides) == (6, 3) and decks != 3:
        p.append(("decks", "6 players in three sides of 2 need 3 decks, so that everyone plays "
                  "(SEAT-2, VAR-5)"))
    return p


def _table_problems(
    table: Any, key: str, val: str, *, first: int | None, keys: tuple[int, int],
    values: tuple[int, int],
) -> list[str]:
    """Problems with a table of (key, value) rows such as ``initial_meld_minimums``: at most
    :data:`MOST_COUNT` rows, keys and values within their bounds. Linear in the rows."""
    if not isinstance(table, tuple):
        return [f"expected a list of [{key}, {val}] rows, got {describe_found(table)}"]
    if len(table) == 2 and all(is_int(x) for x in table):
        first_row = f"[[{short_repr(table[0])}, {short_repr(table[1])}]]"
        return [f"expected a list of [{key}, {val}] rows, got one row's two numbers: a table "
                f"of one row is written {first_row}"]
    out: list[str] = []
    bad_rows: list[str] = []
    rows: list[tuple[int, int]] = []
    for i, row in enumerate(table, 1):
        if not (isinstance(row, tuple) and len(row) == 2):
            bad_rows.append(f"row {i} must be [{key}, {val}], got {describe_found(row)}")
        elif not all(is_int(x) for x in row):
            bad = next(x for x in row if not is_int(x))
            bad_rows.append(f"row {i} must hold two integers, got {describe_found(bad)}")
        else:
            rows.append((row[0], row[1]))
    if len(table) > MOST_COUNT:
        out.append(f"at most {MOST_COUNT} rows: {_WHY_COUNT}, got {len(table)}")
    out += bad_rows[:_LIST_AT_MOST]
    if len(bad_rows) > _LIST_AT_MOST:
        out.append(f"and {len(bad_rows) - _LIST_AT_MOST} more rows that are not "
                   f"[{key}, {val}] pairs of integers")
    if out:
        return out
    if not rows:
        return [f"needs at least one [{key}, {val}] row"]
    row_keys = [k for k, _ in rows]
    counts = collections.Counter(row_keys)
    twice = sorted(k for k, n in counts.items() if n > 1)
    if twice:
        out.append(f"each {key} may appear once, but {_listed(twice)} "
                   f"appear{'s' if len(twice) == 1 else ''} more than once")
    if any(a > b for a, b in itertools.pairwise(row_keys)):
        out.append(f"rows must be sorted by {key}, from smallest to largest: got "
                   f"{_listed(row_keys)}")
    least_key = min(row_keys)
    if first is not None and least_key != first:
        out.append(f"the first row must start at {key} {first}, not {short_repr(least_key)}: "
                   f"every {key} from {first} up needs a row")
    elif least_key < keys[0]:
        out.append(f"each {key} must be at least {keys[0]}, got {short_repr(least_key)}")
    high = [k for k in row_keys if k > keys[1]]
    if high:
        out.append(f"each {key} must be at most {keys[1]}, got {_listed(high)}")
    low = [v for _, v in rows if v < values[0]]
    if low:
        out.append(f"each {val} must be at least {values[0]}, got {_listed(low)}")
    high = [v for _, v in rows if v > values[1]]
    if high:
        out.append(f"each {val} must be at most {values[1]}: {_WHY_POINTS}, got "
                   f"{_listed(high)}")
    return out


def _card_value_problems(values: Any) -> list[str]:
    if isinstance(values, Mapping):
        out = []
        unknown = 0
        named: dict[int, str] = {}  # each card named, by the first code that named it
        for code, v in values.items():
            card = card_code(code)
            if card is not None and card in named:
                out.append(f"card {card.code} given twice, as {named[card]!r} and "
                           f"{safe_text(code)!r}: give each card once")
            elif card is not None:
                named[card] = safe_text(code)
            if card is None and is_int(code) and abs(code) < 100 and card_code(str(code)):
                out.append(f"card code {code}: a number, not a code; write the code as a "
                           f"string ('{code}'): a Card's number is its index, not its face "
                           "value")
            elif card is None:
                unknown += 1
                if unknown <= _LIST_AT_MOST:
                    name = safe_text(code)
                    hint = close_match(name.upper(), CARD_CODES, " (did you mean {!r}?)")
                    out.append(f"unknown card code {name!r}{hint}; card codes: "
                               + " ".join(CARD_CODES))
            elif not _good_value(v):
                out.append(_value_message(card.code, v))
            elif card == I_R3 and v != 0:
                out.append(_red_three_message(v))
        if unknown > _LIST_AT_MOST:
            out.append(f"and {unknown - _LIST_AT_MOST} more unknown card codes")
        return out or ["expected a table of card codes to values"]
    if not isinstance(values, tuple):
        return [f"expected a table of card codes to values, got {describe_found(values)}"]
    if len(values) != NUM_KINDS:
        return [f"expected {NUM_KINDS} values, one per card code in the order "
                f"{' '.join(CARD_CODES)}, got {len(values)}"]
    out = [_value_message(code, v)
           for code, v in zip(CARD_CODES, values, strict=True) if not _good_value(v)]
    if _good_value(values[I_R3]) and values[I_R3] != 0:
        out.append(_red_three_message(values[I_R3]))
    return out


def _red_three_message(v: int) -> str:
    """Why the red three may not be given a value (CARD-3): one it would never count."""
    return (f"R3: a bonus card has no card value, got {v}: it scores only through "
            "bonus_card_score and bonus_card_extras (CARD-3, SCORE-4); give it 0, or leave it "
            "out")


def _good_value(v: Any) -> bool:
    return is_int(v) and 0 <= v <= MOST_POINTS


def _value_message(code: str, v: Any) -> str:
    if is_int(v) and v > MOST_POINTS:
        return f"the value of {code} must be at most {MOST_POINTS}: {_WHY_POINTS}, got " + (
            short_repr(v))
    return f"the value of {code} must be an integer of at least 0, got {describe_found(v)}"
