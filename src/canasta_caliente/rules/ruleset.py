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

import json
from collections.abc import Mapping
from enum import StrEnum
from os import PathLike
from pathlib import Path
from typing import Any, ClassVar, Self

import attrs

from .._arguments import as_integer
from ..cards import Card, check_card
from ..errors import CanastaTypeError, RuleSetError, describe_value, short_repr
from . import _validation
from ._documents import (
    DEFAULT_VALUES,
    close_match,
    describe_found,
    document_problem,
    document_text,
    enum_converter,
    frozen_value,
    load_json,
    load_toml,
    none_converter,
    pairs_converter,
    plain_value,
    safe_text,
    toml_value,
    unknown_option,
    values_converter,
)
from ._validation import INT_OPTIONS, rule_problems, table_layout
from .enums import BonusExtras, ConcealedScope, GoingOutPermission, StockOut, TieBreak, WildRule
from .facts import RuleFacts, meld_minimum
from .summary import rules_summary

__all__ = [
    "MOST_COUNT",
    "MOST_POINTS",
    "MOST_SCORE",
    "OPTIONS",
    "BonusExtras",
    "ConcealedScope",
    "GoingOutPermission",
    "OptionInfo",
    "RuleSet",
    "StockOut",
    "TieBreak",
    "WildRule",
    "check_ruleset",
    "table_layout",
    "toml_value",
]


# -- bounds ---------------------------------------------------------------------------------
# The bounds of the numbers a RuleSet accepts live with the checks (:mod:`._validation`); they
# are named here, where the reference documents them.

MOST_COUNT: int = _validation.MOST_COUNT
"""The most of any count of cards, decks, sides, rows or wilds a RuleSet accepts."""
MOST_POINTS: int = _validation.MOST_POINTS
"""The most points a bonus, a penalty, a card value or a first-meld minimum may be worth."""
MOST_SCORE: int = _validation.MOST_SCORE
"""The highest game score a RuleSet names (``target_score``, the scores of
``initial_meld_minimums``)."""
# The most digits of an integer a document may hold.
_MOST_DIGITS = len(str(MOST_SCORE))


# -- option types -------------------------------------------------------------------------


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
    default: Any = attrs.field(default=None, converter=frozen_value)
    """The ``caliente`` value as :meth:`RuleSet.to_dict` writes it, read-only (lists as tuples)."""


# The options whose values are enums, each with its enum (validation checks them).
_ENUM_OPTIONS: tuple[tuple[str, type[StrEnum]], ...] = (
    ("wild_rule", WildRule), ("stock_out", StockOut), ("tie_break", TieBreak),
    ("bonus_extras_without_meld", BonusExtras), ("going_out_permission", GoingOutPermission),
    ("concealed_scope", ConcealedScope))


def _opt(
    default: Any, help: str, rules: tuple[str, ...], kind: str = "integer", converter: Any = None
) -> Any:
    return attrs.field(default=default, metadata={"help": help, "rules": rules, "type": kind},
                       converter=converter)


# -- the RuleSet --------------------------------------------------------------------------


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
        converter=enum_converter(WildRule))
    max_wilds: int | None = _opt(
        None, 'Most wilds in one meld, on top of wild_rule (3 in classic); "none" for no cap '
        "(JSON null too). 0 forbids wilds in melds; at most 100.", ("MELD-2",),
        kind='integer or "none"', converter=none_converter)
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
        converter=pairs_converter)
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
        kind="one of: " + ", ".join(s.value for s in StockOut), converter=enum_converter(StockOut))
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
        kind="list of [count, extra] rows", converter=pairs_converter)
    card_values: tuple[int, ...] = _opt(
        DEFAULT_VALUES, "Card values (CARD-3) in melds, hands left over and the first-meld "
        "minimum; 0 to 1000000 (R3: 0). A table of card codes to values (4 5 6 7 8 9 10 J Q K "
        "A 2 JK R3 B3 CAL; T for 10), each card once; cards it leaves out keep CARD-3's "
        "values, in replace too (the table is the whole option).", ("CARD-3", "INIT-2", "SCORE-1"),
        kind="table of card code = integer", converter=values_converter)
    natural_canasta_bonus: int = _opt(500, "Score for each natural canasta (no wild); 0 to "
                                      "1000000.", ("SCORE-2",))
    mixed_canasta_bonus: int = _opt(300, "Score for each mixed canasta (with a wild); 0 to "
                                    "1000000.", ("SCORE-2",))
    going_out_bonus: int = _opt(100, "Score for the side that goes out; 0 to 1000000.",
                                ("OUT-3", "SCORE-3"))
    concealed_bonus: int = _opt(100, "Extra score for going out concealed, on top of "
                                "going_out_bonus; 0 to 1000000.", ("OUT-3", "SCORE-3"))
    bonus_card_score: int = _opt(100, "Score per bonus card (red three) laid out, taken away "
                                 "instead when the side has no meld at the end of the hand; 0 "
                                 "to 1000000.", ("SCORE-4",))
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
        kind="one of: " + ", ".join(t.value for t in TieBreak), converter=enum_converter(TieBreak))
    bonus_extras_without_meld: BonusExtras = _opt(
        BonusExtras.NEGATED, "A side with no meld at the end of the hand: negated (it loses the "
        "bonus_card_extras row too, SCORE-4) or none (it loses bonus_card_score per bonus card "
        "and no extra).", ("SCORE-4", "READ-3"),
        kind="one of: " + ", ".join(b.value for b in BonusExtras),
        converter=enum_converter(BonusExtras))
    going_out_permission: GoingOutPermission = _opt(
        GoingOutPermission.OPTIONAL, "Asking a partner \"May I go out?\" in partnership games: "
        "optional (the player may ask, OUT-2), required (a player goes out only after asking "
        "this turn and hearing yes; going out concealed, OUT-3, needs no question) or never "
        "(no question is ever asked; going out needs no permission). Individual games never "
        "ask.", ("OUT-2", "OUT-3", "DISC-3", "READ-4"),
        kind="one of: " + ", ".join(g.value for g in GoingOutPermission),
        converter=enum_converter(GoingOutPermission))
    concealed_scope: ConcealedScope = _opt(
        ConcealedScope.PLAYER, "Going out concealed needs: player (the player had melded no "
        "card in this hand before this turn, OUT-3) or side (the player's whole side had "
        "melded none).", ("OUT-3", "READ-5"),
        kind="one of: " + ", ".join(c.value for c in ConcealedScope),
        converter=enum_converter(ConcealedScope))
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
    facts: RuleFacts = attrs.field(init=False, eq=False, repr=False, hash=False)
    """What the engine derives from these rules (:class:`~canasta_caliente.rules.facts.RuleFacts`:
    the side of each seat, the wild caps, the freezers, the meld tables), computed when the
    RuleSet is made and kept with it; read-only. :func:`~canasta_caliente.rules.facts.facts_of`
    returns the same object. (An attribute the engine reads directly: a function call per read
    cost about 1,000 instructions of every random-play decision, measured with
    ``benchmarks/instructions.py``.)"""
    _presets: ClassVar[dict[str, Mapping[str, Any]]]

    def __attrs_post_init__(self) -> None:
        problems = rule_problems(self, _OPTION_NAMES, _ENUM_OPTIONS)
        if problems:
            raise RuleSetError(problems)
        # An int subclass (an IntEnum, say) is kept as a plain int, so that every document,
        # repr and hash reads the number itself.
        for name in INT_OPTIONS:
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
        object.__setattr__(self, "facts", RuleFacts(self))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled or copied as its options, rebuilt by the constructor: validated again, its
        :attr:`facts` computed afresh (their meld tables, filled by play, are not carried)."""
        return (_rebuilt, ({name: getattr(self, name) for name in _OPTION_NAMES},))

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
        """The first-meld minimum for a side with this game score (RULES: INIT-1); a score
        that is not an integer is a :class:`TypeError`."""
        read = as_integer(score)
        if read is None:
            raise CanastaTypeError(f"score must be an int (a side's game score), not "
                                   f"{describe_value(score)}")
        return meld_minimum(self, read)

    def value(self, card: Card | str) -> int:
        """A card's value (RULES: CARD-3): ``card`` is a :class:`~canasta_caliente.Card` or its
        code (a plain ``int`` is a :class:`TypeError`: a card's number is its index, not its
        face value).

        >>> RuleSet.preset("caliente").value("JK")
        50
        """
        return self.card_values[check_card(card, "card")]

    # -- construction ----------------------------------------------------------------------

    @classmethod
    def preset(cls, name: str) -> RuleSet:
        """A named preset; :meth:`preset_names` lists them (an unknown name is a
        :class:`~canasta_caliente.RuleSetError`, a name that is not a ``str`` a
        :class:`TypeError`).

        Every call with one name returns the same RuleSet (it is immutable), so the games of a
        preset share its :attr:`facts`, whose meld tables play fills: 256 games of a vector
        environment, say, fill them once rather than 256 times.

        >>> RuleSet.preset("classic").max_wilds
        3
        >>> RuleSet.preset("classic") is RuleSet.preset("classic")
        True
        """
        if not isinstance(name, str):
            raise CanastaTypeError(f"a preset's name must be a str, not {describe_value(name)}")
        made = _MADE_PRESETS.get(name)
        if made is not None and cls is RuleSet:
            return made
        try:
            overrides = cls._presets[name]
        except (KeyError, TypeError):
            raise RuleSetError([("preset", _unknown_preset_message(name))]) from None
        rules = cls(**overrides)
        if cls is RuleSet:
            _MADE_PRESETS[name] = rules
        return rules

    @classmethod
    def preset_names(cls) -> tuple[str, ...]:
        """The names of the presets."""
        return tuple(cls._presets)

    @classmethod
    def preset_description(cls, name: str) -> str:
        """A one-line description of a preset.

        >>> RuleSet.preset_description("caliente-2p")
        'Canasta Caliente for 2 players: 15 cards, draw 2, two canastas to go out.'

        An unknown name raises :class:`~canasta_caliente.RuleSetError`, and a name that is not a
        ``str`` a :class:`TypeError`, as :meth:`preset` does.
        """
        if not isinstance(name, str):
            raise CanastaTypeError(f"a preset's name must be a str, not {describe_value(name)}")
        try:
            return _PRESET_DESCRIPTIONS[name]
        except KeyError:
            raise RuleSetError([("preset", _unknown_preset_message(name))]) from None

    def __repr__(self) -> str:
        """The preset it is closest to, with the options that differ:
        ``RuleSet.preset('caliente').replace(max_wilds=3)``."""
        from ..views.reprs import rules_repr

        return rules_repr(self)

    def _repr_html_(self) -> str:
        from ..views.reprs import rules_html

        return rules_html(self)

    def replace(self, **options: Any) -> Self:
        """A new, validated RuleSet with the named options changed and nothing else.

        Unknown option names and invalid values are reported together in one
        :class:`~canasta_caliente.RuleSetError`.
        """
        problems = [(safe_text(name), unknown_option(safe_text(name), OPTIONS)
                     + ("; replace changes options: start from a preset with "
                        "RuleSet.preset(name).replace(...)" if name == "preset" else ""))
                    for name in options if name not in _OPTION_NAMES]
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
        return {name: plain_value(name, getattr(self, name)) for name in _OPTION_NAMES}

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
        problem = document_problem(data)  # (not a mapping; a game record, say)
        if problem is not None:
            raise RuleSetError([*problems, ("(document)", problem)])
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
                text = safe_text(name)
                problems.append((text, unknown_option(text, OPTIONS, suggest=unknown <= 50,
                                                      also=("preset",), value=value)))
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
            raise CanastaTypeError(f"expected a JSON document as text, got {describe_value(text)}")
        data, problems = load_json(text, _MOST_DIGITS)
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
            raise CanastaTypeError(f"expected a TOML document as text, got {describe_value(text)}")
        data = load_toml(text, _MOST_DIGITS)
        return cls._from_document(data, [])

    @classmethod
    def from_file(cls, path: str | PathLike[str]) -> RuleSet:
        """Read a RuleSet from a ``.toml`` or ``.json`` file, chosen by its extension.

        The file is UTF-8 text; a byte-order mark at its start (as Windows Notepad saves
        UTF-8) is not part of the document. An unreadable file raises :class:`OSError`;
        anything wrong with its content raises :class:`~canasta_caliente.RuleSetError`.
        """
        path = Path(path)
        suffix = path.suffix.lower()
        if suffix not in (".toml", ".json"):
            hint = (f"; a preset by its name is RuleSet.preset({str(path)!r})"
                    if str(path) in cls._presets else "")  # (a preset's name: its call)
            what = f"{str(path)!r} is a folder" if path.is_dir() else (
                f"unknown file type {path.suffix or '(none)'!r}")
            raise RuleSetError([("(document)", f"{what}: expected a .toml or .json file{hint}")])
        data = path.read_bytes()
        try:
            text = document_text(data)  # (a byte-order mark before it: the readers drop it)
        except ValueError as exc:
            raise RuleSetError([("(document)", str(exc))]) from None
        return cls.from_toml(text) if suffix == ".toml" else cls.from_json(text)

    def describe(self) -> str:
        """One line: the table (players and sides, decks, cards a hand, the target) and how the
        rule set differs from the closest preset (what ``rules validate`` prints):
        :func:`~canasta_caliente.rules.summary.rules_summary`."""
        return rules_summary(self)


# -- options and documents ----------------------------------------------------------------


_OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in attrs.fields(RuleSet) if f.init)


OPTIONS: tuple[OptionInfo, ...] = tuple(
    OptionInfo(f.name, f.metadata["help"], f.metadata["rules"], f.metadata["type"],
               plain_value(f.name, f.default))
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


# -- messages that name options and presets ----------------------------------------------


def _unknown_preset_message(name: Any) -> str:
    names = list(RuleSet._presets)
    if not isinstance(name, str):
        return f"expected a preset name, got {describe_found(name)}; presets: " + ", ".join(names)
    hint = close_match(name.lower(), names, " (did you mean {!r}?)")  # (CLASSIC: classic)
    return f"unknown preset {short_repr(name)}{hint}; presets: " + ", ".join(names)


# -- presets ------------------------------------------------------------------------------


_THREE_DECK: dict[str, Any] = {
    "players": 6, "decks": 3, "hand_size": 13, "target_score": 10000,
    "initial_meld_minimums": ((0, 50), (1500, 90), (3000, 120), (7500, 150)),
    "bonus_card_extras": ((5, 600),), "canastas_to_go_out": 2,
}

_MADE_PRESETS: dict[str, RuleSet] = {}
"""The preset RuleSets made so far, by name (what :meth:`RuleSet.preset` returns again)."""

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


def _rebuilt(options: dict[str, Any]) -> RuleSet:
    """The RuleSet of ``options``, its fields' values (:meth:`RuleSet.__reduce__`)."""
    return RuleSet(**options)


def check_ruleset(rules: object, name: str = "rules") -> RuleSet:
    """``rules`` if it is a :class:`RuleSet`: the one check of a ``rules`` parameter that takes
    only a RuleSet, a :class:`TypeError` naming the parameter (``name``) otherwise, with the
    call that makes the RuleSet of a preset's name or a house-rules file's, which a newcomer
    gives as the command line takes them (``RuleSet.from_file("club.toml")``)."""
    if isinstance(rules, RuleSet):
        return rules
    hint = "" if not isinstance(rules, str | PathLike) else (
        f" (a preset by its name: RuleSet.preset({rules!r}))" if rules in RuleSet.preset_names()
        else f" (a house-rules file: RuleSet.from_file({str(rules)!r}))"
        if str(rules).lower().endswith((".toml", ".json")) else "")
    raise CanastaTypeError(f"{name} must be a RuleSet, not {describe_value(rules)}{hint}")
