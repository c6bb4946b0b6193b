"""The RuleSet: every option of the rules as one frozen, validated value.

A variant is a RuleSet value, never a subclass: the rules code reads ``rules.option`` and nothing
else. Each option carries its help text and the RULES.md IDs it affects (:data:`OPTIONS`), so the
documentation of the options is generated from the code.
"""

from __future__ import annotations

import difflib
import enum
import json
import tomllib
from collections.abc import Mapping
from typing import Any, ClassVar, Self

import attrs

from .cards import NUM_KINDS, Card
from .errors import RuleSetError

__all__ = ["OPTIONS", "OptionInfo", "RuleSet", "StockOut", "WildRule", "table_layout"]


class WildRule(enum.StrEnum):
    """How many wilds a meld may hold (RULES: MELD-2)."""

    MORE_NATURALS = "more_naturals"
    """The meld holds more naturals than wilds."""
    NOT_MORE_WILDS = "not_more_wilds"
    """The meld holds no more wilds than naturals."""
    TWO_NATURALS = "two_naturals"
    """The meld holds at least two naturals; any number of wilds."""


class StockOut(enum.StrEnum):
    """What happens when the stock runs out (RULES: END-2, END-3)."""

    PLAY_ON = "play_on"
    """Play goes on: take the pile or pass; a pass ends the hand (END-2)."""
    END_ON_LAST_CARD = "end_on_last_card"
    """Taking the last card of the stock ends the hand at once (END-3)."""


@attrs.frozen
class OptionInfo:
    """Documentation of one RuleSet option: its help text and the rule IDs it affects."""

    name: str
    help: str
    rules: tuple[str, ...]


_DEFAULT_VALUES: tuple[int, ...] = (5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20, 20, 50, 0, 5, 0)

# Sides as tuples of seats, keyed by (players, number of sides) (RULES: SEAT-2).
_LAYOUTS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {
    (2, 2): ((0,), (1,)),
    (3, 3): ((0,), (1,), (2,)),
    (4, 2): ((0, 2), (1, 3)),
    (5, 2): ((0, 2), (1, 3, 4)),
    (6, 2): ((0, 2, 4), (1, 3, 5)),
    (6, 3): ((0, 3), (1, 4), (2, 5)),
}


def table_layout(players: int, sides: int, decks: int) -> tuple[tuple[int, ...], ...] | None:
    """The sides of a table as tuples of seats, or ``None`` if the table has no layout.

    With two decks a side of three has one member sitting out each hand; five players and the
    six-player game with three sides need exactly the decks RULES.md gives them (SEAT-2).
    """
    layout = _LAYOUTS.get((players, sides))
    if layout is None or decks not in (2, 3):
        return None
    if players == 5 and decks != 2:
        return None
    if (players, sides) == (6, 3) and decks != 3:
        return None
    return layout


def _opt(
    default: Any, help: str, rules: tuple[str, ...], converter: Any = None
) -> Any:
    return attrs.field(
        default=default, metadata={"help": help, "rules": rules}, converter=converter
    )


def _pairs(value: Any) -> Any:
    """Convert a list of pairs (from JSON or TOML) to a tuple of int pairs, if it is one."""
    if isinstance(value, list | tuple):
        out = []
        for row in value:
            if isinstance(row, list | tuple):
                out.append(tuple(row))
            else:
                return value
        return tuple(out)
    return value


def _values(value: Any) -> Any:
    """Card values from a mapping of card codes (merged over the defaults), or a tuple."""
    if isinstance(value, Mapping):
        merged = list(_DEFAULT_VALUES)
        for code, v in value.items():
            try:
                merged[Card.parse(str(code))] = v
            except ValueError:
                return value
        return tuple(merged)
    if isinstance(value, list):
        return tuple(value)
    return value


def _none(value: Any) -> Any:
    if isinstance(value, str) and value.lower() == "none":
        return None
    return value


def _enum(kind: type[enum.StrEnum]) -> Any:
    def convert(value: Any) -> Any:
        try:
            return kind(value)
        except ValueError:
            return value

    return convert


@attrs.frozen(cache_hash=True)
class RuleSet:
    """Every option of the rules (RULES.md), frozen, hashable and validated.

    Build one from a preset and change options with :meth:`replace`:

    >>> rules = RuleSet.preset("caliente-2p").replace(caliente_cards=2, always_frozen=True)
    >>> rules.players, rules.hand_size, rules.caliente_cards
    (2, 15, 2)

    An invalid combination raises :class:`~canasta_caliente.RuleSetError` listing every problem.
    """

    players: int = _opt(4, "Number of players at the table.", ("SEAT-2", "VAR-1", "VAR-2",
                        "VAR-3", "VAR-4", "VAR-5"))
    sides: int = _opt(2, "Number of sides (partnerships, or players in individual games).",
                      ("SEAT-1", "SEAT-2", "VAR-5"))
    decks: int = _opt(2, "Number of 54-card deck units (2, or 3 for the six-player game).",
                      ("CARD-2", "SEAT-2", "VAR-5"))
    caliente_cards: int = _opt(0, "Caliente cards added to the deck (2 in the Caliente "
                               "variation).", ("CARD-2", "HOT-1", "HOT-2", "HOT-3", "SCORE-5"))
    hand_size: int = _opt(11, "Cards dealt to each active player; also the Caliente refill "
                          "target.", ("DEAL-1", "HOT-2"))
    draw_count: int = _opt(1, "Cards drawn from the stock by the draw action.", ("TURN-2",
                           "VAR-1", "END-2"))
    wild_rule: WildRule = _opt(WildRule.MORE_NATURALS, "How many wilds a meld may hold: "
                               "more_naturals (more naturals than wilds), not_more_wilds (no "
                               "more wilds than naturals), two_naturals (at least two naturals).",
                               ("MELD-2",), converter=_enum(WildRule))
    max_wilds: int | None = _opt(None, "Most wilds in one meld (none: no cap).", ("MELD-2",),
                                 converter=_none)
    canasta_size: int = _opt(7, "Cards in a meld that make it a canasta.", ("MELD-4",))
    canastas_to_go_out: int = _opt(1, "Canastas the side needs before a player may go out.",
                                   ("OUT-1", "VAR-1", "VAR-5"))
    target_score: int = _opt(5000, "Game score that ends the game (with a strict lead).",
                             ("GAME-1", "VAR-5"))
    minimum_below_zero: int = _opt(15, "First-meld minimum for a side whose score is below 0.",
                                   ("INIT-1",))
    initial_meld_minimums: tuple[tuple[int, int], ...] = _opt(
        ((0, 50), (1500, 90), (3000, 120)),
        "First-meld minimums: rows of (from score, minimum), sorted by score, the first from 0.",
        ("INIT-1", "VAR-5"), converter=_pairs)
    always_frozen: bool = _opt(False, "The pile is always frozen: taken only with a natural pair, "
                               "or by laying the up card off on a meld that is not yet a "
                               "canasta.", ("PILE-5", "VAR-6"))
    bonus_from_pile_replaced: bool = _opt(False, "A bonus card taken with the pile is replaced "
                                          "from the stock (classic).", ("TURN-3",))
    stock_out: StockOut = _opt(StockOut.PLAY_ON, "When the stock runs out: play_on (take or pass, "
                               "END-2) or end_on_last_card (END-3).", ("END-2", "END-3"),
                               converter=_enum(StockOut))
    concealed_needs_own_canasta: bool = _opt(False, "Going out concealed needs a canasta the "
                                             "player created this turn (classic); otherwise any "
                                             "canasta the player added to this turn.", ("OUT-3",))
    bonus_card_extras: tuple[tuple[int, int], ...] = _opt(
        ((4, 400),), "Extra bonus-card score: rows of (at least this many bonus cards, extra); "
        "the largest row met applies.", ("SCORE-4", "VAR-5"), converter=_pairs)
    card_values: tuple[int, ...] = _opt(_DEFAULT_VALUES, "Card values, by card code.",
                                        ("CARD-3", "INIT-2", "SCORE-1"), converter=_values)
    natural_canasta_bonus: int = _opt(500, "Score for a natural canasta.", ("SCORE-2",))
    mixed_canasta_bonus: int = _opt(300, "Score for a mixed canasta.", ("SCORE-2",))
    going_out_bonus: int = _opt(100, "Score for going out.", ("OUT-3", "SCORE-3"))
    concealed_bonus: int = _opt(100, "Extra score for going out concealed.", ("OUT-3", "SCORE-3"))
    bonus_card_score: int = _opt(100, "Score per bonus card (negative without a meld).",
                                 ("SCORE-4",))
    caliente_card_penalty: int = _opt(100, "Penalty per Caliente card played.", ("SCORE-5",))

    _layout: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False,
                                                       hash=False)
    _presets: ClassVar[dict[str, Mapping[str, Any]]]

    def __attrs_post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            raise RuleSetError(problems)
        layout = table_layout(self.players, self.sides, self.decks)
        assert layout is not None  # validated above
        object.__setattr__(self, "_layout", layout)

    # -- derived facts -------------------------------------------------------------------

    @property
    def layout(self) -> tuple[tuple[int, ...], ...]:
        """The sides as tuples of seats (RULES: SEAT-2)."""
        return self._layout

    @property
    def deck_counts(self) -> tuple[int, ...]:
        """How many cards of each kind the full deck holds (RULES: CARD-2)."""
        d = self.decks
        counts = [4 * d] * 11 + [4 * d, 2 * d, 2 * d, 2 * d, self.caliente_cards]
        return tuple(counts)

    @property
    def deck_size(self) -> int:
        """The number of cards in the full deck."""
        return 54 * self.decks + self.caliente_cards

    @property
    def sits_out(self) -> bool:
        """True when one member of each side of three sits out each hand (RULES: SEAT-3)."""
        return self.decks == 2 and any(len(side) == 3 for side in self._layout)

    @property
    def active_players(self) -> int:
        """Players who hold cards in each hand."""
        if not self.sits_out:
            return self.players
        return sum(min(len(side), 2) for side in self._layout)

    def minimum_for(self, score: int) -> int:
        """The first-meld minimum for a side with this game score (RULES: INIT-1)."""
        if score < 0:
            return self.minimum_below_zero
        minimum = self.minimum_below_zero
        for start, value in self.initial_meld_minimums:
            if score >= start:
                minimum = value
        return minimum

    def value(self, card: Card) -> int:
        """A card's value (RULES: CARD-3)."""
        return self.card_values[card]

    # -- construction ----------------------------------------------------------------------

    @classmethod
    def preset(cls, name: str) -> RuleSet:
        """A named preset; :meth:`preset_names` lists them.

        >>> RuleSet.preset("classic").max_wilds
        3
        """
        try:
            overrides = cls._presets[name]
        except KeyError:
            close = difflib.get_close_matches(name, list(cls._presets), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise RuleSetError(
                [("preset", f"unknown preset {name!r}{hint}; presets: "
                  + ", ".join(cls._presets))]
            ) from None
        return cls(**overrides)

    @classmethod
    def preset_names(cls) -> tuple[str, ...]:
        """The names of the presets."""
        return tuple(cls._presets)

    @classmethod
    def preset_description(cls, name: str) -> str:
        """A one-line description of a preset."""
        return _PRESET_DESCRIPTIONS[name]

    def replace(self, **options: Any) -> Self:
        """A new, validated RuleSet with the named options changed and nothing else."""
        unknown = [name for name in options if name not in _OPTION_NAMES]
        if unknown:
            raise RuleSetError([(name, _unknown_message(name)) for name in unknown])
        return attrs.evolve(self, **options)

    # -- documents -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Every option as plain JSON data (``max_wilds`` "no limit" is ``None``)."""
        out: dict[str, Any] = {}
        for name in _OPTION_NAMES:
            value = getattr(self, name)
            if name == "card_values":
                value = {Card(i).code: v for i, v in enumerate(value)}
            elif isinstance(value, enum.Enum):
                value = value.value
            elif isinstance(value, tuple):
                value = [list(row) for row in value]
            out[name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleSet:
        """Build a RuleSet from a mapping that may name a ``preset`` and override options.

        Every problem is reported at once in one :class:`~canasta_caliente.RuleSetError`.
        """
        if not isinstance(data, Mapping):
            raise RuleSetError([("(document)", f"expected a mapping, got {type(data).__name__}")])
        data = dict(data)
        base: Mapping[str, Any] = {}
        problems: list[tuple[str, str]] = []
        preset = data.pop("preset", None)
        if preset is not None:
            if not isinstance(preset, str) or preset not in cls._presets:
                problems.append(("preset", f"unknown preset {preset!r}; presets: "
                                 + ", ".join(cls._presets)))
            else:
                base = cls._presets[preset]
        for name in data:
            if name not in _OPTION_NAMES:
                problems.append((name, _unknown_message(name)))
        if problems:
            raise RuleSetError(problems)
        merged = {**base, **data}
        return cls(**merged)

    def to_json(self, *, indent: int | None = 2) -> str:
        """The RuleSet as a JSON document (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_json(cls, text: str) -> RuleSet:
        """Read a RuleSet from a JSON document (see :meth:`from_dict`)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RuleSetError([("(document)", f"invalid JSON at line {exc.lineno}, column "
                                 f"{exc.colno}: {exc.msg}")]) from None
        return cls.from_dict(data)

    @classmethod
    def from_toml(cls, text: str) -> RuleSet:
        """Read a RuleSet from a TOML document (see :meth:`from_dict`)."""
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise RuleSetError([("(document)", f"invalid TOML: {exc}")]) from None
        return cls.from_dict(data)

    def describe(self) -> str:
        """A short human description: the table and the options that differ from ``caliente``."""
        base = RuleSet()
        diffs = [f"{n}={getattr(self, n)!r}" for n in _OPTION_NAMES
                 if getattr(self, n) != getattr(base, n)]
        return f"{self.players} players, {self.decks} decks" + (
            " (" + ", ".join(diffs) + ")" if diffs else "")


_OPTION_NAMES: tuple[str, ...] = tuple(
    f.name for f in attrs.fields(RuleSet) if f.init
)

OPTIONS: tuple[OptionInfo, ...] = tuple(
    OptionInfo(f.name, f.metadata["help"], f.metadata["rules"])
    for f in attrs.fields(RuleSet) if f.init
)
"""Every RuleSet option with its help text and the RULES.md IDs it affects."""


def _unknown_message(name: str) -> str:
    close = difflib.get_close_matches(name, _OPTION_NAMES, n=1)
    return "unknown option" + (f" (did you mean {close[0]!r}?)" if close else "")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _problems(r: RuleSet) -> list[tuple[str, str]]:
    """Every problem with a RuleSet's options, each as (option, message)."""
    p: list[tuple[str, str]] = []
    ints = {
        "players": 2, "sides": 1, "decks": 1, "caliente_cards": 0, "hand_size": 1,
        "draw_count": 1, "canasta_size": 3, "canastas_to_go_out": 0, "target_score": 1,
        "minimum_below_zero": 0, "natural_canasta_bonus": 0, "mixed_canasta_bonus": 0,
        "going_out_bonus": 0, "concealed_bonus": 0, "bonus_card_score": 0,
        "caliente_card_penalty": 0,
    }
    for name, low in ints.items():
        v = getattr(r, name)
        if not _is_int(v):
            p.append((name, f"expected an integer, got {v!r}"))
        elif v < low:
            p.append((name, f"must be at least {low}, got {v}"))
    for name in ("always_frozen", "bonus_from_pile_replaced", "concealed_needs_own_canasta"):
        if not isinstance(getattr(r, name), bool):
            p.append((name, f"expected true or false, got {getattr(r, name)!r}"))
    if not isinstance(r.wild_rule, WildRule):
        p.append(("wild_rule", f"expected one of {', '.join(w.value for w in WildRule)}, "
                  f"got {r.wild_rule!r}"))
    if not isinstance(r.stock_out, StockOut):
        p.append(("stock_out", f"expected one of {', '.join(s.value for s in StockOut)}, "
                  f"got {r.stock_out!r}"))
    if r.max_wilds is not None:
        if not _is_int(r.max_wilds):
            p.append(("max_wilds", f"expected an integer or none, got {r.max_wilds!r}"))
        elif r.max_wilds < 0:
            p.append(("max_wilds", f"must be at least 0 or none, got {r.max_wilds}"))
    p.extend(_table_problems("initial_meld_minimums", r.initial_meld_minimums, first_zero=True))
    p.extend(_table_problems("bonus_card_extras", r.bonus_card_extras, first_zero=False))
    cv = r.card_values
    if (not isinstance(cv, tuple) or len(cv) != NUM_KINDS
            or not all(_is_int(v) and v >= 0 for v in cv)):
        p.append(("card_values", "expected a mapping of card codes to values of at least 0"))
    if p:
        return p
    # Combinations: only checked once every option has a sane type.
    layout = table_layout(r.players, r.sides, r.decks)
    if layout is None:
        p.append(("players", f"no table layout for {r.players} players in {r.sides} sides with "
                  f"{r.decks} decks (RULES SEAT-2): tables are 2, 3, 4, 5 (2 decks) or 6 players "
                  "(2 sides with 2 or 3 decks, 3 sides with 3 decks)"))
        return p
    active = r.players
    if r.decks == 2:
        active = sum(min(len(side), 2) for side in layout)
    deck = 54 * r.decks + r.caliente_cards
    if active * r.hand_size + 2 > deck:
        p.append(("hand_size", f"{active} active players with {r.hand_size} cards each leave "
                  f"no stock in a deck of {deck} cards"))
    if r.caliente_cards > 2 * r.decks:
        p.append(("caliente_cards", f"at most {2 * r.decks} Caliente cards with {r.decks} decks"))
    if r.canasta_size < 3:
        p.append(("canasta_size", "a canasta cannot be smaller than a meld (3 cards)"))
    if r.draw_count > r.hand_size:
        p.append(("draw_count", f"cannot draw more cards ({r.draw_count}) than a hand holds"))
    return p


def _table_problems(name: str, table: Any, *, first_zero: bool) -> list[tuple[str, str]]:
    if not isinstance(table, tuple) or not all(
        isinstance(row, tuple) and len(row) == 2 and all(_is_int(x) for x in row)
        for row in table
    ):
        return [(name, "expected a list of [integer, integer] rows")]
    if not table:
        return [(name, "needs at least one row")]
    keys = [row[0] for row in table]
    if keys != sorted(keys) or len(set(keys)) != len(keys):
        return [(name, f"rows must be sorted by their first number, without repeats: {keys}")]
    if first_zero and keys[0] != 0:
        return [(name, f"the first row must start at score 0, not {keys[0]}")]
    if not first_zero and keys[0] < 1:
        return [(name, "counts must be at least 1")]
    if any(row[1] < 0 for row in table) and first_zero:
        return [(name, "minimums must be at least 0")]
    return []


_THREE_DECK: dict[str, Any] = {
    "players": 6, "decks": 3, "hand_size": 13, "target_score": 10000,
    "initial_meld_minimums": ((0, 50), (1500, 90), (3000, 120), (7500, 150)),
    "bonus_card_extras": ((5, 600),), "canastas_to_go_out": 2,
}

RuleSet._presets = {
    "caliente": {},
    "caliente-cards": {"caliente_cards": 2},
    "caliente-2p": {"players": 2, "sides": 2, "hand_size": 15, "draw_count": 2,
                    "canastas_to_go_out": 2},
    "caliente-3p": {"players": 3, "sides": 3, "hand_size": 13},
    "caliente-5p": {"players": 5, "sides": 2},
    "caliente-6p": {"players": 6, "sides": 2},
    "caliente-6p-3deck": {**_THREE_DECK, "sides": 2},
    "caliente-6p-3deck-3x2": {**_THREE_DECK, "sides": 3},
    "caliente-always-frozen": {"always_frozen": True},
    "classic": {"max_wilds": 3, "bonus_from_pile_replaced": True,
                "stock_out": StockOut.END_ON_LAST_CARD, "concealed_needs_own_canasta": True},
}

_PRESET_DESCRIPTIONS: dict[str, str] = {
    "caliente": "Canasta Caliente, 4 players in two partnerships, 2 decks, to 5000.",
    "caliente-cards": "Canasta Caliente with the 2 Caliente cards (HOT-1 to HOT-3).",
    "caliente-2p": "Canasta Caliente for 2 players: 15 cards, draw 2, two canastas to go out.",
    "caliente-3p": "Canasta Caliente for 3 players, each for themselves, 13 cards.",
    "caliente-5p": "Canasta Caliente for 5: sides of 2 and 3, one of the 3 sits out each hand.",
    "caliente-6p": "Canasta Caliente for 6 with 2 decks: sides of 3, one of each sits out.",
    "caliente-6p-3deck": "Canasta Caliente for 6 with 3 decks: two sides of 3, to 10000.",
    "caliente-6p-3deck-3x2": "Canasta Caliente for 6 with 3 decks: three sides of 2, to 10000.",
    "caliente-always-frozen": "Canasta Caliente with the pile always frozen (PILE-5).",
    "classic": "Classic Canasta: at most 3 wilds per meld, the hand ends with the stock.",
}
