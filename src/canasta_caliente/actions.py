"""Actions and their text notation (the public action notation).

An :class:`Action` is a frozen value; ``str(action)`` is its notation and :func:`parse_action`
reads it back, so ``parse_action(str(a)) == a`` for every action.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attr

from ._native import restore_attrs_methods
from .cards import Card, check_card
from .errors import CanastaTypeError, NotationError, describe_value, short_repr

__all__ = ["MAX_NOTATION", "Action", "Verb", "parse_action"]

MAX_NOTATION = 500
"""The longest notation :func:`parse_action` reads (and so :func:`~canasta_caliente.apply`,
a client's :meth:`Action.from_json`, a record's action): far more than the largest meld of
the largest deck (a rank's 12 naturals and 18 wilds) takes to write. Longer text is refused
before it is parsed."""


class Verb(enum.StrEnum):
    """What an action does; its value is the notation's first word."""

    DRAW = "draw"
    TAKE = "take"
    CALIENTE = "caliente"
    PASS = "pass"
    MELD = "meld"
    DISCARD = "discard"
    ASK = "ask"
    YES = "yes"
    NO = "no"
    DEAL = "deal"


_NO_ARGS = frozenset({Verb.DRAW, Verb.CALIENTE, Verb.PASS, Verb.ASK, Verb.YES, Verb.NO,
                      Verb.DEAL})


_VERBS = frozenset(v.value for v in Verb)
"""The verbs' words."""


def _verb(value: object) -> Verb:
    if isinstance(value, Verb):
        return value
    if isinstance(value, str):
        try:
            return Verb(value)
        except ValueError:
            # (an action's notation, as its repr shows it: Action('meld 7 7 7'))
            notation = (f"; an action in notation is read by parse_action({short_repr(value)})"
                        if value.split(" ", 1)[0] in _VERBS else "")
            raise NotationError(f"unknown verb {short_repr(value)}; verbs: "
                                f"{', '.join(v.value for v in Verb)}{notation}") from None
    raise CanastaTypeError(f"Action: expected a Verb as the verb, got {describe_value(value)}")


def _card(value: object, what: str) -> Card:
    if isinstance(value, Card):
        return value
    try:
        return check_card(value, f"Action ({what})")
    except NotationError as exc:
        raise NotationError(f"Action: {exc} ({what})") from None


def _sorted_cards(cards: object) -> tuple[Card, ...]:
    if type(cards) is tuple and all(type(c) is Card for c in cards):
        return tuple(sorted(cards))  # (cards already: the engine's case, nothing to convert)
    if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
        raise CanastaTypeError("Action: expected the cards as a tuple of Card or card codes, got "
                               f"{describe_value(cards)}")
    return tuple(sorted(_card(c, "in cards") for c in cards))


def _on(value: object) -> Card | None:
    return None if value is None else _card(value, "after 'on'")


# The kinds _shape_problem asks about, as sets: a set operation asks about every card at once,
# where a loop over the cards asks each card's property in turn.
_NATURAL_KINDS = frozenset(c for c in Card if c.is_natural)
_WILD_KINDS = frozenset(c for c in Card if c.is_wild)
_STOP_KINDS = frozenset({Card.BLACK_THREE})


def _shape_problem(verb: Verb, cards: tuple[Card, ...], on: Card | None) -> str | None:
    """Why a verb, cards (in canonical order) and ``on`` are not an action the notation can
    write, or ``None`` if they are one. Shared by :func:`parse_action` and :class:`Action`."""
    if verb in _NO_ARGS:
        return f"{verb.value!r} takes no arguments" if cards or on is not None else None
    if on is not None:
        if verb is not Verb.MELD:
            return "'on' is only used with 'meld'"
        if not on.is_natural:
            return f"'on' must be followed by a natural rank, not {on}"
    if verb is Verb.DISCARD:
        return None if len(cards) == 1 else "'discard' takes exactly one card"
    if verb is Verb.TAKE and len(cards) not in (0, 2):
        return ("'take' takes zero or two cards: two from the hand to meld the up card with "
                "(take 7 7, take 7 2), or none to lay it off on the side's meld of its rank")
    if verb is Verb.MELD and not cards:
        return "'meld' needs at least one card"
    if len(_NATURAL_KINDS.intersection(cards)) > 1:
        return f"naturals of more than one rank in one {verb.value}"
    if Card.BLACK_THREE in cards and not _STOP_KINDS.issuperset(cards):
        return "stop cards cannot be mixed with other cards"
    if on is not None and not _WILD_KINDS.issuperset(cards):
        return "'on' follows wild cards only"
    if verb is Verb.MELD and on is None and _WILD_KINDS.issuperset(cards):
        return "wilds alone need 'on RANK' (meld 2 JK on 9)"
    return None


_FEW_CARDS = (MAX_NOTATION - 8 - 6) // 4
"""An action of at most this many cards (121) is written in at most :data:`MAX_NOTATION`
characters: its verb in at most 8 (``caliente``), each card in at most 4 (a space and a code
of at most three, ``CAL``), and ``on`` and a rank in at most 6 (`` on 10``)."""


@attr.s(auto_attribs=True, frozen=True, slots=True, init=False, auto_detect=True, order=False)
class Action:
    """One action: a verb, the cards it uses (in canonical order) and, for a lay-off of wilds
    alone, the rank they go ``on``.

    >>> a = parse_action("meld 2 7 7")
    >>> str(a), a.rank
    ('meld 7 7 2', 7)

    An action checks itself when it is built: the cards are put in canonical order, and
    anything the notation could not write raises :class:`~canasta_caliente.NotationError`
    (wrong types raise :class:`TypeError`), so ``parse_action(str(a)) == a`` for every action.
    A card is a :class:`~canasta_caliente.Card` or its code; a plain ``int`` is refused, since a
    card's number is its index (``Card(7)`` is ``J``), not its face value.

    >>> Action(Verb.MELD, ("7", "7", "7"))
    Action('meld 7 7 7')
    >>> Action(Verb.MELD, (7, 7, 7))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    canasta_caliente.errors.CanastaTypeError: Action (in cards): a card is a Card or its code ...

    >>> Action(Verb.MELD, (Card.JOKER, Card.SEVEN, Card.SEVEN))
    Action('meld 7 7 JK')
    >>> Action(Verb.MELD, (Card.QUEEN,), on=Card.EIGHT)
    Traceback (most recent call last):
    ...
    canasta_caliente.errors.NotationError: 'meld Q on 8': 'on' follows wild cards only
    """

    verb: Verb = attr.ib(converter=_verb)
    cards: tuple[Card, ...] = attr.ib(default=(), converter=_sorted_cards)
    on: Card | None = attr.ib(default=None, converter=_on)
    _hash: int | None = attr.ib(init=False, default=None, eq=False, hash=False, repr=False)
    """The action's hash, once computed (attrs' cache_hash needs attrs' own __init__)."""

    def __init__(self, verb: object, cards: object = (), on: object = None) -> None:
        object.__setattr__(self, "verb", _verb(verb))
        object.__setattr__(self, "cards", _sorted_cards(cards))
        object.__setattr__(self, "on", _on(on))
        object.__setattr__(self, "_hash", None)
        self._check()

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash((self.verb, self.cards, self.on))
            object.__setattr__(self, "_hash", h)
        return h

    def _check(self) -> None:
        if len(self.cards) > _FEW_CARDS:  # (else written in at most MAX_NOTATION characters)
            written = len(str(self))
            if written > MAX_NOTATION:
                raise NotationError(f"Action: a {self.verb.value} of {len(self.cards)} cards "
                                    f"is written in {written} characters; no action is "
                                    f"written in more than {MAX_NOTATION} (what parse_action "
                                    "reads)")
        problem = _shape_problem(self.verb, self.cards, self.on)
        if problem is not None:
            raise NotationError(f"{str(self)!r}: {problem}")

    @property
    def rank(self) -> Card | None:
        """The natural rank a ``meld`` or ``take`` action is about, if it names one."""
        if self.on is not None:
            return self.on
        for card in self.cards:
            if card.is_natural:
                return card
        return None

    def __str__(self) -> str:
        parts = [self.verb.value, *(c.code for c in self.cards)]
        if self.on is not None:
            parts += ["on", self.on.code]
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    def to_json(self) -> str:
        """The action as JSON data: its notation (a string), which :meth:`from_json` reads.

        >>> Action.from_json(parse_action("take 7 2").to_json())
        Action('take 7 2')
        """
        return str(self)

    @classmethod
    def from_json(cls, data: object) -> Action:
        """Read an action from JSON data: its notation, or an object whose ``notation`` field
        holds it (as a client message lists the legal actions), and no other field
        (``action.schema.json``). Malformed data raises
        :class:`~canasta_caliente.NotationError` naming the field and what is wrong with it,
        notation longer than :data:`MAX_NOTATION` characters included.

        >>> Action.from_json({"notation": "discard Q"})
        Action('discard Q')
        """
        if isinstance(data, dict):
            if "notation" not in data:
                raise NotationError("action JSON: the field 'notation' is missing (an action "
                                    "is its notation, or {\"notation\": ...})")
            extra = sorted(short_repr(k) for k in data if k != "notation")
            if extra:
                more = f" and {len(extra) - 5} more" if len(extra) > 5 else ""
                raise NotationError(f"action JSON: unknown field(s) {', '.join(extra[:5])}"
                                    f"{more}; an action object has the field 'notation' alone")
            data, where = data["notation"], "action JSON field 'notation'"
        else:
            where = "action JSON"
        if not isinstance(data, str):
            raise NotationError(f"{where}: expected the action's notation as a string, got "
                                f"{describe_value(data)}")
        try:
            return parse_action(data)
        except NotationError as exc:
            text = data.lstrip()
            hint = ("; it reads as JSON text: Action.from_json takes decoded data (json.loads "
                    "it first; unlike GameRecord.from_json and View.from_json, which take text)"
                    if text.startswith(("{", '"')) else "")
            raise NotationError(f"{where}: {exc}{hint}") from None

    def sort_key(self) -> tuple[int, tuple[int, ...], int]:
        """The key of the documented order of :func:`~canasta_caliente.legal_actions`."""
        return (_VERB_ORDER[self.verb], tuple(self.cards), -1 if self.on is None else self.on)


_VERB_ORDER = {v: i for i, v in enumerate(Verb)}


def parse_action(text: object) -> Action:
    """Read an action from its notation (case-insensitive; cards in any order).

    >>> parse_action("take 7 2")
    Action('take 7 2')

    Raises :class:`~canasta_caliente.NotationError` on malformed notation (text longer than
    :data:`MAX_NOTATION` characters is refused unread, and not repeated in the message), and
    :class:`TypeError` when ``text`` is not a string.
    """
    if not isinstance(text, str):
        raise CanastaTypeError(f"expected action notation as a string, got {describe_value(text)}")
    if len(text) > MAX_NOTATION:
        raise NotationError(f"{len(text)} characters; no action is written in more than "
                            f"{MAX_NOTATION}")
    words = text.split()
    if not words:
        raise NotationError("empty action notation")
    try:
        verb = Verb(words[0].lower())
    except ValueError:
        raise NotationError(
            f"{text!r}: unknown verb {words[0]!r}; verbs: {', '.join(v.value for v in Verb)}"
        ) from None
    args = words[1:]
    if verb in _NO_ARGS:
        if args:
            raise NotationError(f"{text!r}: {verb.value!r} takes no arguments")
        return Action(verb)
    on: Card | None = None
    lowered = [a.lower() for a in args]
    if "on" in lowered:
        if verb is not Verb.MELD:
            raise NotationError(f"{text!r}: 'on' is only used with 'meld'")
        i = lowered.index("on")
        tail = args[i + 1:]
        if len(tail) != 1:
            raise NotationError(f"{text!r}: 'on' must be followed by exactly one natural rank")
        on = _parse_card(text, tail[0])
        if not on.is_natural:
            raise NotationError(f"{text!r}: 'on' must be followed by a natural rank, not {on}")
        args = args[:i]
    cards = tuple(sorted(_parse_card(text, a) for a in args))
    problem = _shape_problem(verb, cards, on)
    if problem is not None:
        raise NotationError(f"{text!r}: {problem}")
    return Action(verb, cards, on)


def _parse_card(text: str, word: str) -> Card:
    try:
        return Card.parse(word)
    except NotationError as exc:
        raise NotationError(f"{text!r}: {exc}") from None


restore_attrs_methods(Action)
