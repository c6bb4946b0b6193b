"""The RuleSet: every option of the rules as one frozen, validated value.

A variant is a RuleSet value, never a subclass: the rules code reads ``rules.option`` and nothing
else. Each option carries its help text, its type and the rule IDs (of the rules pages) it affects
(:data:`OPTIONS`), so the documentation of the options is generated from the code.

House rules live in small TOML or JSON documents that name a ``preset`` and override options;
:meth:`RuleSet.from_toml`, :meth:`RuleSet.from_json` and :meth:`RuleSet.from_file` read them and
report every problem at once:

>>> RuleSet.from_toml('preset = "caliente"\\nmax_wilds = 3\\n').max_wilds
3
>>> try:
...     RuleSet.from_toml('preset = "caliente"\\nhandsize = 13\\ndraw_count = "two"\\n')
... except RuleSetError as exc:
...     for option, message in exc.problems:
...         print(f"{option}: {message}")
handsize: unknown option (did you mean 'hand_size'?)
draw_count: expected an integer, got 'two' (text)
"""

from __future__ import annotations

import collections
import difflib
import enum
import itertools
import json
import re
import tomllib
from collections.abc import Mapping
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Self

import attrs

from .cards import NUM_KINDS, Card
from .errors import RuleSetError, describe_value, short_repr

if TYPE_CHECKING:
    from .facts import RuleFacts

__all__ = [
    "OPTIONS",
    "BonusExtras",
    "ConcealedScope",
    "GoingOutPermission",
    "OptionInfo",
    "RuleSet",
    "StockOut",
    "TieBreak",
    "WildRule",
    "table_layout",
    "toml_value",
]


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


class TieBreak(enum.StrEnum):
    """Who wins a tie for the lead at or above the target (RULES: GAME-1, READ-2)."""

    PLAY_ON = "play_on"
    """Nobody: another hand is played (GAME-1)."""
    WENT_OUT = "went_out"
    """The tied side whose player went out in the last hand; another hand if none did."""


class BonusExtras(enum.StrEnum):
    """What a side with no meld pays for many bonus cards (RULES: SCORE-4, READ-3)."""

    NEGATED = "negated"
    """The extra for many bonus cards is subtracted too (SCORE-4)."""
    NONE = "none"
    """Only 100 per bonus card is subtracted; no extra."""


class GoingOutPermission(enum.StrEnum):
    """Asking a partner "May I go out?" (RULES: OUT-2, READ-4)."""

    OPTIONAL = "optional"
    """The player may ask (OUT-2)."""
    NEVER = "never"
    """No question is ever asked."""


class ConcealedScope(enum.StrEnum):
    """Who must have melded nothing before the turn to go out concealed (RULES: OUT-3,
    READ-5)."""

    PLAYER = "player"
    """The player going out (OUT-3)."""
    SIDE = "side"
    """The player's whole side."""


@attrs.frozen
class OptionInfo:
    """Documentation of one RuleSet option.

    :data:`OPTIONS` holds one per option, in the order of the RuleSet's fields; the options page
    of the documentation and ``canasta-caliente rules show`` are generated from them.
    """

    name: str
    """The option's name, as in ``RuleSet(name=...)`` and in TOML and JSON documents."""
    help: str
    """What the option means and which values it takes."""
    rules: tuple[str, ...]
    """The rule IDs the option affects (see the rules pages of the documentation)."""
    type: str = ""
    """The values a document may give, in words (for example ``integer or "none"``)."""
    default: Any = None
    """The value in the ``caliente`` preset, as a document writes it (see
    :meth:`RuleSet.to_dict`)."""


_DEFAULT_VALUES: tuple[int, ...] = (5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20, 20, 50, 0, 5, 0)
_CARD_CODES: tuple[str, ...] = tuple(Card(i).code for i in range(NUM_KINDS))

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
    six-player game with three sides need exactly the decks the rules give them (SEAT-2).

    >>> table_layout(6, 3, 3)
    ((0, 3), (1, 4), (2, 5))
    >>> table_layout(5, 2, 3) is None
    True
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
    default: Any, help: str, rules: tuple[str, ...], kind: str = "integer", converter: Any = None
) -> Any:
    return attrs.field(
        default=default, metadata={"help": help, "rules": rules, "type": kind},
        converter=converter,
    )


def _pairs(value: Any) -> Any:
    """Convert a list of pairs (from JSON or TOML) to a tuple of pairs, if it is one."""
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
    """Card values from a mapping of card codes (merged over CARD-3's values), or a sequence.

    Anything else, or a mapping naming an unknown card, is kept as given for validation to
    report.
    """
    if isinstance(value, Mapping):
        merged = list(_DEFAULT_VALUES)
        for code, v in value.items():
            card = _card_code(code)
            if card is None:
                return value
            merged[card] = v
        return tuple(merged)
    if isinstance(value, list):
        return tuple(value)
    return value


def _none(value: Any) -> Any:
    if isinstance(value, str) and value.strip().lower() == "none":
        return None
    return value


def _enum(kind: type[enum.StrEnum]) -> Any:
    def convert(value: Any) -> Any:
        if isinstance(value, str):
            try:
                return kind(value.strip().lower())
            except ValueError:
                return value
        return value

    return convert


@attrs.frozen(cache_hash=True)
class RuleSet:
    """Every option of the rules, frozen, hashable and validated.

    Build one from a preset and change options with :meth:`replace`:

    >>> rules = RuleSet.preset("caliente-2p").replace(caliente_cards=2, always_frozen=True)
    >>> rules.players, rules.hand_size, rules.caliente_cards
    (2, 15, 2)

    An invalid combination raises :class:`~canasta_caliente.RuleSetError` listing every problem,
    each as ``(option, message)``:

    >>> try:
    ...     RuleSet.preset("caliente").replace(hand_size=30, canasta_size=2)
    ... except RuleSetError as exc:
    ...     print([option for option, message in exc.problems])
    ['hand_size', 'canasta_size']

    :data:`OPTIONS` documents every option; the options page of the documentation lists them.
    """

    players: int = _opt(
        4, "Number of players at the table, 2 to 6. With sides and decks it must be a table "
        "that SEAT-2 lays out: 2 players in 2 sides, 3 in 3, 4 and 5 in 2 (5 only with 2 "
        "decks), 6 in 2 sides (2 or 3 decks) or in 3 sides (3 decks).",
        ("SEAT-2", "VAR-1", "VAR-2", "VAR-3", "VAR-4", "VAR-5"))
    sides: int = _opt(
        2, "Number of sides: partnerships, or single players in individual games (2 players in "
        "2 sides, 3 in 3). Turns alternate between the sides (SEAT-4); 4 to 6 players play in 2 "
        "sides, and 6 players with 3 decks may also play in 3 sides of 2.",
        ("SEAT-1", "SEAT-2", "SEAT-4", "VAR-5"))
    decks: int = _opt(
        2, "Number of 54-card deck units in the deck: 2 (108 cards), or 3 (162 cards) for the "
        "six-player game. Five players need 2; three sides of 2 need 3.",
        ("CARD-2", "SEAT-2", "SEAT-3", "MELD-5", "VAR-5"))
    caliente_cards: int = _opt(
        0, "Caliente cards added on top of the deck units: 0, or 2 in the Caliente variation; "
        "at most 2 per deck unit.", ("CARD-2", "TURN-2", "HOT-1", "HOT-2", "HOT-3", "SCORE-5"))
    hand_size: int = _opt(
        11, "Cards dealt to each active player, and the hand a Caliente card refills to. The "
        "deal must leave an up card and a stock: active players × hand_size + 2 may not exceed "
        "the deck's cards.", ("DEAL-1", "DEAL-2", "HOT-2", "VAR-1", "VAR-2", "VAR-5"))
    draw_count: int = _opt(
        1, "Cards the draw action takes from the stock (2 in the 2-player game); at least 1 and "
        "at most hand_size. With fewer cards left in the stock, the draw takes what is left.",
        ("TURN-2", "VAR-1", "END-2"))
    wild_rule: WildRule = _opt(
        WildRule.MORE_NATURALS, "How many wilds (2s and jokers) a meld may hold, checked after "
        "every meld action: more_naturals (more naturals than wilds), not_more_wilds (no more "
        "wilds than naturals) or two_naturals (at least two naturals, any number of wilds).",
        ("MELD-2",), kind="one of: " + ", ".join(w.value for w in WildRule),
        converter=_enum(WildRule))
    max_wilds: int | None = _opt(
        None, 'Most wilds in one meld, on top of wild_rule (3 in classic); "none" for no cap '
        "(JSON null too). 0 forbids wilds in melds; at most 100.", ("MELD-2",),
        kind='integer or "none"', converter=_none)
    canasta_size: int = _opt(
        7, "Cards that make a meld a canasta; at least 3, the size of the smallest meld, and "
        "at most 100. It also decides going out (canastas_to_go_out), the canasta bonuses "
        "and the always-frozen lay-off.", ("MELD-4", "OUT-1", "PILE-5", "SCORE-2"))
    canastas_to_go_out: int = _opt(
        1, "Canastas the side must hold, counting the turn's melds, before a player may go out "
        "(2 in the 2-player and three-deck games); 0 to 11, since a side has one meld per rank.",
        ("OUT-1", "DISC-3", "VAR-1", "VAR-5"))
    target_score: int = _opt(
        5000, "Game score that ends the game: after a hand, when some side has at least this "
        "score and one side is strictly ahead of all others, that side wins; a tie for the "
        "lead plays another hand (10000 in the three-deck game). At least 1, at most "
        "1000000000.",
        ("GAME-1", "VAR-5"))
    minimum_below_zero: int = _opt(
        15, "First-meld minimum for a side whose game score is below 0 at the start of the "
        "hand; 0 to 1000000.", ("INIT-1",))
    initial_meld_minimums: tuple[tuple[int, int], ...] = _opt(
        ((0, 50), (1500, 90), (3000, 120)),
        "First-meld minimums from score 0 up: rows of [from score, minimum]. A side needs the "
        "minimum of the last row whose score its game score has reached. The rows are sorted by "
        "score with no score twice, the first from 0 (scores at most 1000000000), minimums are 0 "
        "to 1000000, and there are at most 100 rows.",
        ("INIT-1", "INIT-2", "VAR-5"), kind="list of [from score, minimum] rows",
        converter=_pairs)
    always_frozen: bool = _opt(
        False, "The pile is always frozen: it is taken only with a natural pair from hand, or "
        "by laying the up card off on the side's meld of its rank while that meld is not yet a "
        "canasta.", ("PILE-3", "PILE-4", "PILE-5", "VAR-6"), kind="true or false")
    bonus_from_pile_replaced: bool = _opt(
        False, "A bonus card taken with the pile is laid out and replaced from the stock "
        "(classic); otherwise it is laid out and not replaced.", ("TURN-3",),
        kind="true or false")
    stock_out: StockOut = _opt(
        StockOut.PLAY_ON, "When the stock runs out: play_on (each player may take the pile or "
        "pass; a pass ends the hand, END-2) or end_on_last_card (the action that takes the "
        "last stock card ends the hand, END-3; classic).", ("TURN-2", "END-2", "END-3"),
        kind="one of: " + ", ".join(s.value for s in StockOut), converter=_enum(StockOut))
    concealed_needs_own_canasta: bool = _opt(
        False, "Going out concealed needs a canasta the player created this turn (classic); "
        "otherwise any meld the player added to this turn that ends as a canasta is enough.",
        ("OUT-3",), kind="true or false")
    bonus_card_extras: tuple[tuple[int, int], ...] = _opt(
        ((4, 400),), "Extra score for many bonus cards: rows of [at least this many bonus "
        "cards, extra], sorted by count with no count twice, counts 1 to 100, extras -1000000 to "
        "1000000, at most 100 rows. The last row "
        "the side's bonus cards reach applies, added to bonus_card_score per card (both "
        "negative when the side has no meld).", ("SCORE-4", "VAR-5"),
        kind="list of [count, extra] rows", converter=_pairs)
    card_values: tuple[int, ...] = _opt(
        _DEFAULT_VALUES, "Card values (CARD-3), counted in melds, in hands left over and toward "
        "the first-meld minimum; each 0 to 1000000. A document gives a table of card codes to "
        "values (4 5 6 7 8 9 10 J Q K A 2 JK R3 B3 CAL; T for 10); cards it leaves out keep "
        "CARD-3's values.", ("CARD-3", "INIT-2", "SCORE-1"),
        kind="table of card code = integer", converter=_values)
    natural_canasta_bonus: int = _opt(500, "Score for each natural canasta (no wild); 0 to "
                                      "1000000.", ("SCORE-2",))
    mixed_canasta_bonus: int = _opt(300, "Score for each mixed canasta (with a wild); 0 to "
                                    "1000000.", ("SCORE-2",))
    going_out_bonus: int = _opt(100, "Score for the side that goes out; 0 to 1000000.",
                                ("OUT-3", "SCORE-3"))
    concealed_bonus: int = _opt(100, "Extra score for going out concealed, on top of "
                                "going_out_bonus; 0 to 1000000.", ("OUT-3", "SCORE-3"))
    bonus_card_score: int = _opt(100, "Score per bonus card laid out, taken away instead when "
                                 "the side has no meld at the end of the hand; 0 to 1000000.",
                                 ("SCORE-4",))
    caliente_card_penalty: int = _opt(100, "Points taken from a side for each Caliente card it "
                                      "played; 0 to 1000000.", ("SCORE-5", "HOT-2"))
    up_card_must_be_natural: bool = _opt(
        False, "At the deal, cards are turned until the up card is a natural: a wild, bonus, "
        "stop or Caliente card turned up stays in the pile beneath (classic); otherwise only "
        "wilds and bonus cards are turned under, and a stop or Caliente card stands.",
        ("DEAL-3", "READ-1"), kind="true or false")
    tie_break: TieBreak = _opt(
        TieBreak.PLAY_ON, "A tie for the lead at or above the target: play_on (another hand, "
        "GAME-1) or went_out (the tied side whose player went out in the last hand wins; "
        "another hand if no tied side went out).", ("GAME-1", "READ-2"),
        kind="one of: " + ", ".join(t.value for t in TieBreak), converter=_enum(TieBreak))
    bonus_extras_without_meld: BonusExtras = _opt(
        BonusExtras.NEGATED, "A side with no meld at the end of the hand: negated (it loses the "
        "bonus_card_extras row too, SCORE-4) or none (it loses bonus_card_score per bonus card "
        "and no extra).", ("SCORE-4", "READ-3"),
        kind="one of: " + ", ".join(b.value for b in BonusExtras), converter=_enum(BonusExtras))
    going_out_permission: GoingOutPermission = _opt(
        GoingOutPermission.OPTIONAL, "Asking a partner \"May I go out?\" in partnership games: "
        "optional (the player may ask, OUT-2) or never (no question is ever asked; going out "
        "needs no permission). Individual games never ask. READ-4's third reading, required, "
        "is not played yet.", ("OUT-2", "READ-4"),
        kind="one of: " + ", ".join(g.value for g in GoingOutPermission),
        converter=_enum(GoingOutPermission))
    concealed_scope: ConcealedScope = _opt(
        ConcealedScope.PLAYER, "Going out concealed needs: player (the player had melded no "
        "card in this hand before this turn, OUT-3) or side (the player's whole side had "
        "melded none).", ("OUT-3", "READ-5"),
        kind="one of: " + ", ".join(c.value for c in ConcealedScope),
        converter=_enum(ConcealedScope))
    stop_card_freezes: bool = _opt(
        False, "A stop card in the pile (discarded, or under the deal's up card) freezes it "
        "as a wild does, as well as blocking the next player.", ("PILE-3", "DISC-2", "READ-6"),
        kind="true or false")
    pile_pair_onto_canasta: bool = _opt(
        True, "Under always_frozen, a natural pair from hand may take the pile when the side's "
        "meld of that rank is already a canasta (the up card and the pair join it); when "
        "false, the up card may not end in a canasta that was complete before the take.",
        ("PILE-5", "READ-7"), kind="true or false")
    caliente_on_empty_stock: bool = _opt(
        False, "A Caliente card may be played when the stock is empty: the player draws "
        "nothing, and the side pays caliente_card_penalty for it.", ("HOT-2", "SCORE-5",
                                                                     "READ-8"),
        kind="true or false")

    _layout: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False,
                                                       hash=False)
    _facts: RuleFacts | None = attrs.field(init=False, eq=False, repr=False, hash=False,
                                           default=None)
    """What the engine derives from the rules, once computed (:mod:`canasta_caliente.facts`)."""
    _presets: ClassVar[dict[str, Mapping[str, Any]]]

    def __attrs_post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            raise RuleSetError(problems)
        # An int subclass (an IntEnum, say) is kept as a plain int, so that every document,
        # repr and hash reads the number itself.
        for name in _INT_OPTIONS:
            value = getattr(self, name)
            if value is not None and type(value) is not int:
                object.__setattr__(self, name, int(value))
        for name in ("initial_meld_minimums", "bonus_card_extras", "card_values"):
            value = getattr(self, name)
            object.__setattr__(self, name, tuple(
                tuple(map(int, row)) if isinstance(row, tuple) else int(row) for row in value))
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
        except (KeyError, TypeError):
            raise RuleSetError([("preset", _unknown_preset_message(name))]) from None
        return cls(**overrides)

    @classmethod
    def preset_names(cls) -> tuple[str, ...]:
        """The names of the presets."""
        return tuple(cls._presets)

    @classmethod
    def preset_description(cls, name: str) -> str:
        """A one-line description of a preset.

        >>> RuleSet.preset_description("caliente-2p")
        'Canasta Caliente for 2 players: 15 cards, draw 2, two canastas to go out.'

        An unknown name raises :class:`~canasta_caliente.RuleSetError`, as :meth:`preset` does.
        """
        try:
            return _PRESET_DESCRIPTIONS[name]
        except (KeyError, TypeError):
            raise RuleSetError([("preset", _unknown_preset_message(name))]) from None

    def __repr__(self) -> str:
        """The preset it is closest to, with the options that differ:
        ``RuleSet.preset('caliente').replace(max_wilds=3)``."""
        from .reprs import rules_repr

        return rules_repr(self)

    def _repr_html_(self) -> str:
        from .reprs import rules_html

        return rules_html(self)

    def replace(self, **options: Any) -> Self:
        """A new, validated RuleSet with the named options changed and nothing else.

        Unknown option names and invalid values are reported together in one
        :class:`~canasta_caliente.RuleSetError`.
        """
        problems = [(_safe_text(name), _unknown_message(_safe_text(name))) for name in options
                    if name not in _OPTION_NAMES]
        known = {name: value for name, value in options.items() if name in _OPTION_NAMES}
        try:
            result = attrs.evolve(self, **known)
        except RuleSetError as exc:
            raise RuleSetError([*problems, *exc.problems]) from None
        if problems:
            raise RuleSetError(problems)
        return result

    # -- documents -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Every option as plain JSON data (``max_wilds`` "no limit" is ``None``).

        ``card_values`` is a mapping of card codes; the tables are lists of ``[a, b]`` rows.
        """
        return {name: _plain(name, getattr(self, name)) for name in _OPTION_NAMES}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleSet:
        """Build a RuleSet from a mapping that may name a ``preset`` and override options.

        Every problem is reported at once in one :class:`~canasta_caliente.RuleSetError`: an
        unknown preset, unknown options (with the closest option name) and every invalid value
        or impossible combination of the options given.

        >>> RuleSet.from_dict({"preset": "caliente-2p", "target_score": 3000}).target_score
        3000
        """
        return cls._from_document(data, [])

    @classmethod
    def _from_document(cls, data: Any, problems: list[tuple[str, str]]) -> RuleSet:
        if not isinstance(data, Mapping):
            raise RuleSetError([*problems, ("(document)", "expected a table of options (a "
                                            f"mapping), got {_describe(data)}")])
        data = dict(data)
        base: Mapping[str, Any] = {}
        preset = data.pop("preset", None)
        if preset is not None:
            if isinstance(preset, str) and preset in cls._presets:
                base = cls._presets[preset]
            else:
                problems.append(("preset", _unknown_preset_message(preset)))
        known: dict[str, Any] = {}
        unknown = 0
        for name, value in data.items():
            if isinstance(name, str) and name in _OPTION_NAMES:
                known[name] = value
            else:
                # Suggestions for the first few unknown names only: each costs a comparison
                # with every option name.
                unknown += 1
                text = _safe_text(name)
                problems.append((text, _unknown_message(text, suggest=unknown <= 50)))
        try:
            rules = cls(**{**base, **known})
        except RuleSetError as exc:
            problems.extend(exc.problems)
        if problems:
            raise RuleSetError(problems)
        return rules

    def to_json(self, *, indent: int | None = 2) -> str:
        """The RuleSet as a JSON document (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_json(cls, text: str) -> RuleSet:
        """Read a RuleSet from a JSON document (see :meth:`from_dict`).

        A syntax error is reported with its line and column; an option given twice is a
        problem too. ``null`` (or ``"none"``) for ``max_wilds`` means no limit. A document
        nested deeper than any RuleSet's, or holding an integer too long to read, is a
        :class:`~canasta_caliente.RuleSetError`; reading takes time linear in the document's
        size. ``text`` that is not a string (or bytes) raises :class:`TypeError`.
        """
        if not isinstance(text, str | bytes | bytearray):
            raise TypeError(f"expected a JSON document as a string, got {describe_value(text)}")
        problems: list[tuple[str, str]] = []

        def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
            seen: dict[str, Any] = {}
            for key, value in items:
                if key in seen:
                    problems.append((_safe_text(key), "given more than once in the JSON "
                                     "document"))
                seen[key] = value
            return seen

        try:
            data = json.loads(text, object_pairs_hook=pairs)
        except json.JSONDecodeError as exc:
            raise RuleSetError([("(document)", f"invalid JSON at line {exc.lineno}, column "
                                 f"{exc.colno}: {exc.msg}" + _line_hint(exc.doc, exc.lineno))]
                               ) from None
        except RecursionError:
            raise RuleSetError([("(document)", _TOO_DEEP)]) from None
        except ValueError:  # an integer longer than Python reads from text
            raise RuleSetError([("(document)", _long_integer(_as_text(text)))]) from None
        return cls._from_document(data, problems)

    def to_toml(self) -> str:
        """The RuleSet as a TOML document naming every option (``max_wilds = "none"`` for no
        limit); :meth:`from_toml` reads it back.

        >>> rules = RuleSet.preset("classic")
        >>> RuleSet.from_toml(rules.to_toml()) == rules
        True
        """
        return "".join(f"{name} = {toml_value(value)}\n"
                       for name, value in self.to_dict().items())

    @classmethod
    def from_toml(cls, text: str) -> RuleSet:
        """Read a RuleSet from a TOML document (see :meth:`from_dict`).

        A syntax error is reported with its line (and column, where TOML gives one). A
        document nested deeper than any RuleSet's, or holding an integer too long to read, is a
        :class:`~canasta_caliente.RuleSetError`; reading takes time linear in the document's
        size (a construct left open at its end: a little more, to find where it starts).
        ``text`` that is not a string raises :class:`TypeError`.
        """
        if not isinstance(text, str):
            raise TypeError(f"expected a TOML document as a string, got {describe_value(text)}")
        deep = _LONG_DOTTED_KEY.search(text)
        if deep is not None:  # tomllib's time grows with the square of a dotted key's length
            line = text.count("\n", 0, deep.start()) + 1
            raise RuleSetError([("(document)", f"a dotted key of more than {_MOST_KEY_PARTS} "
                                 f"parts at line {line}: {_TOO_DEEP}")])
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise RuleSetError([("(document)", _toml_error(text, exc))]) from None
        except RecursionError:
            raise RuleSetError([("(document)", _TOO_DEEP)]) from None
        except ValueError:  # an integer longer than Python reads from text
            raise RuleSetError([("(document)", _long_integer(text))]) from None
        return cls._from_document(data, [])

    @classmethod
    def from_file(cls, path: str | PathLike[str]) -> RuleSet:
        """Read a RuleSet from a ``.toml`` or ``.json`` file, chosen by its extension.

        An unreadable file raises :class:`OSError`; anything wrong with its content raises
        :class:`~canasta_caliente.RuleSetError`.
        """
        path = Path(path)
        suffix = path.suffix.lower()
        if suffix not in (".toml", ".json"):
            raise RuleSetError([("(document)", f"unknown file type {path.suffix or '(none)'!r}:"
                                 " expected a .toml or .json file")])
        try:
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RuleSetError([("(document)", f"not UTF-8 text (byte {exc.start})")]) from None
        return cls.from_toml(text) if suffix == ".toml" else cls.from_json(text)

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


def _plain(name: str, value: Any) -> Any:
    """An option's value as plain JSON data."""
    if name == "card_values":
        return {Card(i).code: v for i, v in enumerate(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [list(row) for row in value]
    return value


OPTIONS: tuple[OptionInfo, ...] = tuple(
    OptionInfo(f.name, f.metadata["help"], f.metadata["rules"], f.metadata["type"],
               _plain(f.name, f.default))
    for f in attrs.fields(RuleSet) if f.init
)
"""Every RuleSet option with its help text, its type, its default and the rule IDs it
affects, in the order of the RuleSet's fields.

>>> [o.name for o in OPTIONS][:3]
['players', 'sides', 'decks']
>>> max_wilds = {o.name: o for o in OPTIONS}["max_wilds"]
>>> max_wilds.type, max_wilds.rules
('integer or "none"', ('MELD-2',))
"""


def toml_value(value: Any) -> str:
    """A plain option value (see :meth:`RuleSet.to_dict`) written as a TOML value.

    >>> toml_value(None), toml_value(True), toml_value([[0, 50], [1500, 90]])
    ('"none"', 'true', '[[0, 50], [1500, 90]]')
    """
    if value is None:
        return '"none"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_toml_key(str(k))} = {toml_value(v)}"
                                for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return json.dumps(value)


def _toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


# -- messages -----------------------------------------------------------------------------


def _unknown_message(name: str, *, suggest: bool = True) -> str:
    close = _close(name, _OPTION_NAMES, " (did you mean {!r}?)") if suggest else ""
    return "unknown option" + close


def _close(word: str, choices: Any, template: str) -> str:
    """``template`` filled with the choice closest to ``word``, or ``""`` if none is close (a
    long word is never close to a name: it is not compared, which keeps this cheap)."""
    if len(word) > 60:
        return ""
    close = difflib.get_close_matches(word, list(choices), n=1)
    return template.format(close[0]) if close else ""


def _safe_text(value: Any, limit: int = 60) -> str:
    """``str(value)`` for a message: shortened, lone surrogates escaped, never raising."""
    if isinstance(value, str):
        text = value
    elif _is_int(value) and value.bit_length() <= 100:
        text = str(value)
    else:
        text = short_repr(value, limit)
    if len(text) > limit:
        text = text[: limit - 7] + "..." + text[-4:]
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _unknown_preset_message(name: Any) -> str:
    names = list(RuleSet._presets)
    if not isinstance(name, str):
        return f"expected a preset name, got {_describe(name)}; presets: " + ", ".join(names)
    hint = _close(name, names, " (did you mean {!r}?)")
    return f"unknown preset {short_repr(name)}{hint}; presets: " + ", ".join(names)


def _describe(v: Any) -> str:
    """A value and, where it helps, what kind of value it is (a document's words); short,
    and never raising on a strange value."""
    if v is None:
        return "none"
    if isinstance(v, bool):
        return f"{str(v).lower()} (a boolean, not a number)"
    if isinstance(v, str):
        if len(v) <= 60 and re.fullmatch(r"\s*-?\d+\s*", v):
            return f"{v!r} (text: write the number without quotes)"
        return f"{short_repr(v)} (text)"
    if isinstance(v, float):
        return f"{v!r} (a number with a fraction)"
    if isinstance(v, Mapping):
        return "a table"
    if isinstance(v, list | tuple):
        text = short_repr(v, 41)
        return f"a list ({text})" if len(text) <= 40 and not text.startswith("<") else "a list"
    if isinstance(v, int):
        return short_repr(v)
    return f"{short_repr(v)} ({type(v).__name__})"


def _line_hint(text: str | bytes | bytearray, lineno: int) -> str:
    lines = _as_text(text).splitlines()
    if 1 <= lineno <= len(lines) and lines[lineno - 1].strip():
        return f" (the line reads: {_safe_text(lines[lineno - 1].strip(), 100)})"
    return ""


_TOML_POSITION = re.compile(r"^(?P<msg>.*?)\s*\(at (?:line (?P<line>\d+), column (?P<col>\d+)|"
                            r"(?P<end>end of document))\)\s*$", re.DOTALL)


def _parses(lines: list[str], k: int) -> bool:
    """Whether the first ``k`` lines are a TOML document."""
    try:
        tomllib.loads("\n".join(lines[:k]))
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return False
    return True


def _longest_parsing_prefix(lines: list[str]) -> int:
    """How many lines start the document before a construct left open at its end.

    Every prefix that holds the open construct's first line fails to parse; the prefix just
    before it parses. The construct usually starts on the last line that starts a statement
    (``key = ...`` or a table header), or else on the last line that holds a multi-line
    string's quotes: two parses confirm each guess. Otherwise galloping back from
    the end, then bisecting, finds that boundary with a logarithmic number of parses, so the
    time is O(n log n) rather than one parse per line. (A prefix that ends inside an earlier,
    closed multi-line construct also fails, so in rare documents the line found is an earlier
    one; it is still a line the reader should look at.)
    """
    statement = next((k for k in range(len(lines) - 1, -1, -1) if _STATEMENT.match(lines[k])),
                     None)
    string = next((k for k in range(len(lines) - 1, -1, -1)
                   if '"""' in lines[k] or "'''" in lines[k]), None)
    for k in (statement, string):
        if k is not None and _parses(lines, k) and not _parses(lines, k + 1):
            return k
    bad = len(lines)  # the whole document fails
    step = 1
    good = max(bad - step, 0)
    while good > 0 and not _parses(lines, good):
        bad = good
        step *= 2
        good = max(bad - step, 0)
    while bad - good > 1:  # _parses(good) (the empty prefix parses) and not _parses(bad)
        mid = (good + bad) // 2
        if _parses(lines, mid):
            good = mid
        else:
            bad = mid
    return good


# The start of a TOML line that starts a statement: a key and "=", or a table header.
_STATEMENT = re.compile(r"""[ \t]*(?>[A-Za-z0-9_\-"'.][A-Za-z0-9_\-"'. \t]*)=|"""
                        r"""[ \t]*\[\[?(?>[A-Za-z0-9_\-"'. \t]+)\]?\]?[ \t]*(?:#.*)?$""")
_MOST_KEY_PARTS = 32
# A dotted key of more than _MOST_KEY_PARTS parts; the lookbehind makes each match attempt
# start at a key part's first character, and the atomic groups never backtrack, so the search
# is linear in the document's size.
_LONG_DOTTED_KEY = re.compile(
    r"""(?<![A-Za-z0-9_\-"'])(?>(?>[A-Za-z0-9_\-]+|"[^"\n]*"|'[^'\n]*')[ \t]*\.[ \t]*)"""
    rf"{{{_MOST_KEY_PARTS}}}")
_TOO_DEEP = ("nested too deeply: a RuleSet document holds tables and lists of rows, a few "
             "levels deep")
_LONG_DIGITS = re.compile(r"\d(?:_?\d){4300,}")


def _as_text(text: str | bytes | bytearray) -> str:
    if isinstance(text, str):
        return text
    return bytes(text).decode("utf-8", "replace")


def _long_integer(text: str) -> str:
    """The message for an integer too long to read, naming where it is."""
    match = _LONG_DIGITS.search(text)
    where = ""
    if match is not None:
        line = text.count("\n", 0, match.start()) + 1
        column = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
        digits = sum(c.isdigit() for c in match.group())
        where = f" at line {line}, column {column} ({digits} digits)"
    return (f"an integer too long to read{where}: no option takes a number of more than "
            f"{len(str(MOST_SCORE))} digits")


def _toml_error(text: str, exc: tomllib.TOMLDecodeError) -> str:
    """The message for a TOML syntax error, naming its line (and column)."""
    raw = str(exc)
    match = _TOML_POSITION.match(raw)
    if match is None:
        return f"invalid TOML: {raw}"
    msg = match["msg"]
    if match["end"]:
        # tomllib reports an unclosed construct at the end of the document; the construct
        # starts on the line after the longest prefix of lines that still parses.
        lines = text.splitlines()
        line = min(_longest_parsing_prefix(lines) + 1, max(len(lines), 1))
        where = f"line {line} (still open at the end of the document)"
    else:
        line = int(match["line"])
        where = f"line {line}, column {match['col']}"
    hint = _line_hint(text, line)
    lines = text.splitlines()
    if 1 <= line <= len(lines) and re.search(r"=\s*(none|null|None)\s*(#.*)?$", lines[line - 1]):
        hint += '; write "none" in quotes for no limit'
    return f"invalid TOML at {where}: {msg}{hint}"


# -- validation ---------------------------------------------------------------------------


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


# The bounds of the numbers a RuleSet accepts: what a table could play, and small enough that
# every RuleSet accepted can be written out again (a document, its repr).
MOST_COUNT = 100
"""The most of any count of cards, decks, sides, rows or wilds a RuleSet accepts."""
MOST_POINTS = 1_000_000
"""The most points a bonus, a penalty, a card value or a first-meld minimum may be worth."""
MOST_SCORE = 1_000_000_000
"""The highest game score a RuleSet names (``target_score``, the scores of
``initial_meld_minimums``)."""

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

_INT_OPTIONS: tuple[str, ...] = (*_INT_RANGES, "max_wilds")

# How many items a message lists before it says how many more there are.
_LIST_AT_MOST = 10


def _listed(items: list[Any]) -> str:
    """Items for a message, comma-separated: the first few, then how many more."""
    shown = ", ".join(short_repr(x) for x in items[:_LIST_AT_MOST])
    more = len(items) - _LIST_AT_MOST
    return shown + (f" and {more} more" if more > 0 else "")


def _problems(r: RuleSet) -> list[tuple[str, str]]:
    """Every problem with a RuleSet's options, each as (option, message), in option order.

    Each option is checked on its own (type, range); then every combination whose options are
    all usable is checked, so one pass reports everything that can be known.
    """
    found: dict[str, list[str]] = {name: [] for name in _OPTION_NAMES}
    usable: set[str] = set()
    for name, (low, high, why_low, why_high) in _INT_RANGES.items():
        v = getattr(r, name)
        if not _is_int(v):
            found[name].append(f"expected an integer, got {_describe(v)}")
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
            found[name].append(f"expected true or false, got {_describe(getattr(r, name))}")
    enums: tuple[tuple[str, type[enum.StrEnum]], ...] = (
        ("wild_rule", WildRule), ("stock_out", StockOut), ("tie_break", TieBreak),
        ("bonus_extras_without_meld", BonusExtras), ("going_out_permission", GoingOutPermission),
        ("concealed_scope", ConcealedScope))
    for name, kind in enums:
        v = getattr(r, name)
        if isinstance(v, kind):
            usable.add(name)
            continue
        choices = [k.value for k in kind]
        hint = ""
        if isinstance(v, str):
            hint = _close(v.lower(), choices, "; did you mean {!r}?")
        found[name].append(f"expected one of {', '.join(choices)}, got {_describe(v)}{hint}")
    if r.max_wilds is not None:
        if not _is_int(r.max_wilds):
            found["max_wilds"].append('expected an integer or "none" (no limit), got '
                                      + _describe(r.max_wilds))
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
    if {"caliente_cards", "decks"} <= usable and r.caliente_cards > 2 * r.decks:
        found["caliente_cards"].append(
            f"the deck holds at most 2 Caliente cards per deck unit, so {2 * r.decks} with "
            f"{r.decks} decks, got {r.caliente_cards} (CARD-2)")
    if layout is not None and "hand_size" in usable:
        active = r.players
        if r.decks == 2:
            active = sum(min(len(side), 2) for side in layout)
        # an over-large caliente_cards is reported above; the deal is checked with the count given
        caliente = r.caliente_cards if _is_int(r.caliente_cards) and r.caliente_cards > 0 else 0
        deck = 54 * r.decks + caliente
        if active * r.hand_size + 2 > deck:
            most = (deck - 2) // active
            found["hand_size"].append(
                f"{active} active players with {r.hand_size} cards each need "
                f"{active * r.hand_size + 2} cards with an up card and a stock, but the deck "
                f"holds {deck}: at most {most} cards each (DEAL-1)")
    if {"draw_count", "hand_size"} <= usable and r.draw_count > r.hand_size:
        found["draw_count"].append(
            f"a draw of {r.draw_count} cards is more than a whole hand of {r.hand_size} "
            f"(hand_size); at most {r.hand_size} (TURN-2)")
    return [(name, message) for name in _OPTION_NAMES for message in found[name]]


def _layout_problems(players: int, sides: int, decks: int) -> list[tuple[str, str]]:
    """Why a table has no layout (SEAT-2); empty if it has one. Mirrors :func:`table_layout`."""
    p: list[tuple[str, str]] = []
    allowed = sorted(s for (n, s) in _LAYOUTS if n == players)
    if sides not in allowed:
        p.append(("sides", f"{players} players cannot sit in {sides} side"
                  f"{'s' if sides != 1 else ''} whose turns alternate: {players} players play "
                  f"in {' or '.join(map(str, allowed))} sides (SEAT-2, SEAT-4)"))
    if decks not in (2, 3):
        p.append(("decks", f"no table is laid out with {decks} deck{'s' if decks != 1 else ''}: "
                  "2 decks, or 3 for the six-player game (SEAT-2)"))
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
        return [f"expected a list of [{key}, {val}] rows, got {_describe(table)}"]
    out: list[str] = []
    bad_rows: list[str] = []
    rows: list[tuple[int, int]] = []
    for i, row in enumerate(table, 1):
        if not (isinstance(row, tuple) and len(row) == 2):
            bad_rows.append(f"row {i} must be [{key}, {val}], got {_describe(row)}")
        elif not all(_is_int(x) for x in row):
            bad = next(x for x in row if not _is_int(x))
            bad_rows.append(f"row {i} must hold two integers, got {_describe(bad)}")
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
        for code, v in values.items():
            card = _card_code(code)
            if card is None:
                unknown += 1
                if unknown <= _LIST_AT_MOST:
                    name = _safe_text(code)
                    hint = _close(name.upper(), _CARD_CODES, " (did you mean {!r}?)")
                    out.append(f"unknown card code {name!r}{hint}; card codes: "
                               + " ".join(_CARD_CODES))
            elif not _good_value(v):
                out.append(_value_message(card.code, v))
        if unknown > _LIST_AT_MOST:
            out.append(f"and {unknown - _LIST_AT_MOST} more unknown card codes")
        return out or ["expected a table of card codes to values"]
    if not isinstance(values, tuple):
        return [f"expected a table of card codes to values, got {_describe(values)}"]
    if len(values) != NUM_KINDS:
        return [f"expected {NUM_KINDS} values, one per card code in the order "
                f"{' '.join(_CARD_CODES)}, got {len(values)}"]
    return [_value_message(code, v)
            for code, v in zip(_CARD_CODES, values, strict=True) if not _good_value(v)]


def _good_value(v: Any) -> bool:
    return _is_int(v) and 0 <= v <= MOST_POINTS


def _value_message(code: str, v: Any) -> str:
    if _is_int(v) and v > MOST_POINTS:
        return f"the value of {code} must be at most {MOST_POINTS}: {_WHY_POINTS}, got " + (
            short_repr(v))
    return f"the value of {code} must be an integer of at least 0, got {_describe(v)}"


def _card_code(code: Any) -> Card | None:
    """The card a document's key names, or ``None``."""
    if _is_int(code) and abs(code) < 100:
        code = str(code)
    if not isinstance(code, str) or len(code) > 10:
        return None
    try:
        return Card.parse(code)
    except ValueError:
        return None


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
                "stock_out": StockOut.END_ON_LAST_CARD, "concealed_needs_own_canasta": True,
                "up_card_must_be_natural": True},
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
    "classic": "Classic Canasta: at most 3 wilds per meld, the hand ends with the stock, the up "
               "card of the deal is a natural.",
}

