"""Cards: the sixteen kinds of card the engine knows (RULES: CARD-1).

Suits do not exist in the engine, so a card is just its kind. :class:`Card` is an
:class:`enum.IntEnum` whose order is the display order of a hand: naturals 4 to A, then ``2``,
``JK``, ``R3``, ``B3``, ``CAL``. Hands are stored as counts indexed by card, a tuple of
:data:`NUM_KINDS` integers.

A card's number is that index, not its face value: ``Card.SEVEN == 7`` is ``False`` and
``int(Card.SEVEN)`` is ``3`` (``Card(7)`` is the jack). So the library never reads a plain
``int`` as a card: name a card by its member or its code (``Card.SEVEN``, ``"7"``).

>>> Card.SEVEN == 7, int(Card.SEVEN), Card(7).code, Card.parse("7") is Card.SEVEN
(False, 3, 'J', True)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

from .errors import ArgumentError, CanastaTypeError, NotationError, describe_value, short_repr

__all__ = [
    "NATURALS",
    "NUM_KINDS",
    "WILDS",
    "Card",
    "card_name",
    "cards_from_counts",
    "check_card",
    "counts_from_cards",
    "format_cards",
    "parse_cards",
    "rank_name",
]


class Card(enum.IntEnum):
    """A kind of card. ``str(card)`` is its code; :meth:`parse` reads one back. Its number
    (``int(card)``) is its index in :class:`Card`'s order, not its face value:
    ``int(Card.SEVEN)`` is ``3``."""

    FOUR = 0
    FIVE = 1
    SIX = 2
    SEVEN = 3
    EIGHT = 4
    NINE = 5
    TEN = 6
    JACK = 7
    QUEEN = 8
    KING = 9
    ACE = 10
    TWO = 11
    JOKER = 12
    RED_THREE = 13
    BLACK_THREE = 14
    CALIENTE = 15

    @property
    def code(self) -> str:
        """The card's code, for example ``"JK"``."""
        return _CODES[self]

    @property
    def is_natural(self) -> bool:
        """True for the naturals 4 to A."""
        return self <= Card.ACE

    @property
    def is_wild(self) -> bool:
        """True for the little wild ``2`` and the big wild ``JK``."""
        return self is Card.TWO or self is Card.JOKER

    @classmethod
    def _missing_(cls, value: object) -> Card:
        """``Card(value)`` for a value that is no card's number: a code (``Card("7")``) is
        pointed to :meth:`parse`, anything else refused saying what ``Card()`` takes."""
        if isinstance(value, str):
            raise NotationError(f"Card() takes a card's number, 0 to {NUM_KINDS - 1}, not the "
                                f"code {short_repr(value)}: read a code with Card.parse")
        if isinstance(value, int):
            raise ArgumentError(f"no card has the number {value}: cards run from 0 to "
                                f"{NUM_KINDS - 1}")
        raise CanastaTypeError("Card() takes a card's number (an int), not "
                               f"{describe_value(value)}")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card code, case-insensitively (``T`` is read as ``10``).

        >>> Card.parse("jk")
        JK
        >>> str(Card.parse("T"))
        '10'

        Raises :class:`~canasta_caliente.NotationError` on an unknown code, and
        :class:`TypeError` when ``text`` is not a string (a :class:`Card` is returned as it is).
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CanastaTypeError(f"expected a card code as a string, got {describe_value(text)}")
        card = _BY_CODE.get(text.strip().upper())
        if card is None:
            # (a list written with commas, "7,7,7": the notation separates cards by spaces)
            spaced = "; cards are separated by spaces (7 7 7)" if "," in text else ""
            spaced += _CODE_ADVICE.get(text.strip().upper(), "")
            raise NotationError(
                f"unknown card code {short_repr(text)}: expected one of {', '.join(_CODES)} "
                f"(or T for 10){spaced}"
            )
        return card

    def __str__(self) -> str:
        return _CODES[self]

    def __repr__(self) -> str:
        """The code, so that a hand prints as ``(4, 4, 7, JK)``."""
        return _CODES[self]

    def __format__(self, spec: str) -> str:
        return format(_CODES[self], spec)


_CODE_ADVICE = {"3": "; a three is R3 (red: a bonus card) or B3 (black: a stop card)",
                "JOKER": "; a joker is JK", "J0KER": "; a joker is JK",
                "CALIENTE": "; a Caliente card is CAL"}
"""What an unknown card code a newcomer types meant, by the code in capitals."""


_CODES: tuple[str, ...] = (
    "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "JK", "R3", "B3", "CAL",
)  # fmt: skip
_BY_CODE: dict[str, Card] = {code: Card(i) for i, code in enumerate(_CODES)}
_BY_CODE["T"] = Card.TEN

NUM_KINDS = len(Card)
"""How many kinds of card there are (the length of a count tuple)."""
NATURALS: tuple[Card, ...] = tuple(Card(i) for i in range(11))
"""The natural ranks, 4 to A."""
WILDS: tuple[Card, ...] = (Card.TWO, Card.JOKER)
"""The wild cards: the little wild ``2`` and the big wild ``JK``."""

ZERO_COUNTS: tuple[int, ...] = (0,) * NUM_KINDS


def counts_from_cards(cards: Iterable[Card]) -> tuple[int, ...]:
    """Count cards by kind."""
    counts = [0] * NUM_KINDS
    for card in cards:
        counts[card] += 1
    return tuple(counts)


KINDS: tuple[Card, ...] = tuple(sorted(Card, key=int))
"""Every kind of card, indexed by its value: ``KINDS[i] is Card(i)`` (a lookup, not an enum
call)."""


def cards_from_counts(counts: Sequence[int]) -> tuple[Card, ...]:
    """The cards of a count tuple, in display order.

    >>> from canasta_caliente.cards import cards_from_counts
    >>> cards_from_counts((0, 2, 0, 1))
    (5, 5, 7)
    """
    # Each kind's one-card list made once (_SINGLES), repeated and added in place: about 13%
    # fewer instructions than indexing KINDS and extending by a new list (every view's hand is
    # built here; chaining itertools.repeat in C costs more, measured).
    out: list[Card] = []
    for single, n in zip(_SINGLES, counts, strict=False):  # the first kinds of a shorter tuple
        if n:
            out += single * n
    return tuple(out)


_SINGLES: tuple[list[Card], ...] = tuple([card] for card in KINDS)
"""Per kind, a list of one card of it (read only, by :func:`cards_from_counts`)."""


def check_card(value: object, name: str) -> Card:
    """``value`` as a :class:`Card`: a card, or its code (read by :meth:`Card.parse`, a
    :class:`~canasta_caliente.NotationError` if no card has it). Anything else is a
    :class:`TypeError` naming the parameter ``name``; a plain ``int`` is refused, since a card's
    number is its index, not its face value. The one check of a card given by a user."""
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise CanastaTypeError(f"{name}: a card is a Card or its code (a str), not "
                           f"{describe_value(value)}; a Card's number is its index, not its "
                           f"face value (Card(7) is "
                           f"{_CODES[7]}), so a number is not read as a card")


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read cards from space-separated codes, or from a sequence of codes or cards.

    Raises :class:`~canasta_caliente.NotationError` on an unknown code, and :class:`TypeError`
    on anything but a string or an iterable of codes and cards.
    """
    if isinstance(text, str):
        return tuple(Card.parse(c) for c in text.split())
    try:
        items = iter(text)
    except TypeError:
        raise CanastaTypeError("expected cards as a string of codes or a sequence of codes and "
                               f"cards, got {describe_value(text)}") from None
    return tuple(c if isinstance(c, Card) else Card.parse(c) for c in items)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as space-separated codes."""
    return " ".join(_CODES[c] for c in cards)


# ---------------------------------------------------------------------------------------------
# The cards in words: the one home of their names, for the events' texts and the rules'
# refusals alike.

_WORDS: tuple[tuple[str, str], ...] = (
    ("four", "fours"), ("five", "fives"), ("six", "sixes"), ("seven", "sevens"),
    ("eight", "eights"), ("nine", "nines"), ("ten", "tens"), ("jack", "jacks"),
    ("queen", "queens"), ("king", "kings"), ("ace", "aces"), ("two", "twos"),
    ("joker", "jokers"), ("red three", "red threes"), ("black three", "black threes"),
    ("Caliente card", "Caliente cards"),
)  # fmt: skip
"""Each card's name, singular and plural, in :class:`Card`'s order (a test checks that every
card has one)."""

_NUMBERS = ("no", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve")


def card_name(card: Card | str, n: int = 1) -> str:
    """``n`` cards of one kind in words: ``a queen``, ``an ace``, ``three eights``, ``14 twos``.
    A card is a :class:`Card` or its code (as a client message sends it).

    >>> from canasta_caliente.cards import Card, card_name
    >>> card_name(Card.ACE), card_name(Card.EIGHT, 3), card_name("JK")
    ('an ace', 'three eights', 'a joker')
    """
    single, plural = _WORDS[check_card(card, "card")]
    if n == 1:
        return ("an " if single[0] in "aeiou" else "a ") + single
    number = _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)
    return f"{number} {plural}"


def rank_name(rank: Card | str) -> str:
    """A meld's rank in words, the name of its cards in the plural: ``kings``, ``fours``.

    >>> from canasta_caliente.cards import rank_name
    >>> rank_name("K"), rank_name("4")
    ('kings', 'fours')
    """
    return _WORDS[check_card(rank, "rank")][1]


# ---------------------------------------------------------------------------------------------
# The card vocabulary: every module that names a card kind imports it from here.

TWO = Card.TWO
"""The little wild."""
JOKER = Card.JOKER
"""The big wild."""
R3 = Card.RED_THREE
"""The bonus card (red three)."""
B3 = Card.BLACK_THREE
"""The stop card (black three)."""
CAL = Card.CALIENTE
"""The Caliente card."""
ACE = Card.ACE
"""The highest natural: a card ``<= ACE`` is a natural."""
FREEZERS: frozenset[Card] = frozenset({TWO, JOKER, R3})
"""The cards that freeze the pile (PILE-3), and that the deal never turns up (DEAL-3)."""
NUM_RANKS = len(NATURALS)
"""How many natural ranks there are (4 to A): the length of a side's melds."""

# The same kinds as plain ints, to index count tuples (CPython indexes a tuple fastest with an
# exact int, not an IntEnum member): the index of a kind's count in a hand.
I_TWO = int(TWO)
"""The index of the 2s' count."""
I_JOKER = int(JOKER)
"""The index of the jokers' count."""
I_R3 = int(R3)
"""The index of the bonus cards' count."""
I_B3 = int(B3)
"""The index of the stop cards' count."""
I_CAL = int(CAL)
"""The index of the Caliente cards' count."""
