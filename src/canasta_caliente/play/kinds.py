"""The kinds of event: :class:`Event` and one frozen class per :class:`EventKind`, each with its
facts, :meth:`~Event.for_seat` (what one seat may see of it), :meth:`~Event.to_json` and its words
(:meth:`~Event.text`). :mod:`canasta_caliente.play.events` reads them off the states.
"""

from __future__ import annotations

import collections
import enum
from collections.abc import Sequence
from typing import Any, ClassVar, Self

import attrs

from .._arguments import as_integer, check_flag
from .._limits import MAX_NAME, is_one_line
from ..cards import Card
from ..errors import ArgumentError, CanastaTypeError, describe_value, short_repr
from ..state.game import COMPONENTS, HandEnd
from .text import card_name, cards_phrase, count_phrase, meld_words, plain_verb, rank_name

__all__ = [
    "AnswerEvent",
    "AskEvent",
    "BonusEvent",
    "CalienteEvent",
    "DealEvent",
    "DiscardEvent",
    "DrawEvent",
    "Event",
    "EventKind",
    "GameOverEvent",
    "HandEndEvent",
    "MeldEvent",
    "PassEvent",
    "StockOutEvent",
    "TakeBackEvent",
    "TakeEvent",
    "WaitingJoinEvent",
    "WentOutEvent",
]


class EventKind(enum.StrEnum):
    """What an event is; its value is the event's ``kind`` in JSON."""

    DRAW = "draw"
    """Cards drawn from the stock (a draw, a Caliente refill, a bonus card's replacement)."""
    BONUS = "bonus"
    """A bonus card laid out for the side (TURN-3)."""
    CALIENTE = "caliente"
    """A Caliente card played as the draw action (HOT-2)."""
    PASS = "pass"
    """A pass with the stock empty (END-2)."""
    TAKE = "take"
    """The pile taken (PILE-1)."""
    WAITING_JOIN = "waiting_join"
    """Pile cards waiting under INIT-4 join the hand."""
    MELD = "meld"
    """Cards melded: a new meld, or added to one."""
    DISCARD = "discard"
    """A discard, and what it did to the pile."""
    ASK = "ask"
    """ "May I go out?" asked of a partner (OUT-2)."""
    ANSWER = "answer"
    """The partner's answer (OUT-2)."""
    WENT_OUT = "went_out"
    """A player went out (OUT-1), concealed or not (OUT-3)."""
    STOCK_OUT = "stock_out"
    """The stock ran out (END-2, END-3)."""
    HAND_END = "hand_end"
    """The hand's result and its score parts (SCORE-6)."""
    GAME_OVER = "game_over"
    """The game is over, and who won (GAME-1)."""
    DEAL = "deal"
    """The next hand dealt (DEAL-1 to DEAL-4)."""
    TAKE_BACK = "take_back"
    """A seat's last action taken back (:meth:`Match.take_back
    <canasta_caliente.Match.take_back>`): no rule's, a server's."""


def _check_audience(seat: object) -> int | None:
    """``seat``, an event's audience, as a plain ``int`` (an integer, a NumPy one too), or
    ``None`` for a spectator; an event does not know the table, so only a negative seat is
    out of range."""
    if seat is None:
        return None
    audience = seat if type(seat) is int else as_integer(seat)
    if audience is None:
        raise CanastaTypeError("seat: expected a seat (an int) or None, got "
                               f"{describe_value(seat)}")
    if audience < 0:
        raise ArgumentError(f"seat: no seat {audience}: seat takes a seat number from 0, "
                            f"or None for a spectator")
    return audience


def _cards_json(cards: tuple[Card, ...] | None) -> list[str] | None:
    return None if cards is None else [c.code for c in cards]


@attrs.frozen
class _Words:
    """How an event's words name the seats: by ``names`` (one a seat; ``None``: "seat 2"),
    and ``you``, the seat spoken to as "you" (``None``: none)."""

    names: tuple[str, ...] | None = None
    you: int | None = None

    def name(self, seat: int | None) -> str:
        """The seat as an object: "seat 2", "Ann" or "you" ("the table" for no seat)."""
        if seat is None:
            return "the table"
        if seat == self.you:
            return "you"
        if self.names is None:
            return f"seat {seat}"
        if seat >= len(self.names):
            raise ArgumentError(f"names: no name for seat {seat}: "
                                f"{count_phrase(len(self.names), 'name')} given, one a seat "
                                "from seat 0")
        return self.names[seat]

    def clause(self, seat: int, verb: str) -> str:
        """The seat doing ``verb`` (its third person, ``draws``), the two agreeing: "seat 2
        draws", "Ann draws", "you draw"."""
        return f"{self.name(seat)} {self.verb(seat, verb)}"

    def verb(self, seat: int | None, verb: str) -> str:
        """``verb`` (its third person, ``draws``) agreeing with ``seat`` where the seat is
        already the sentence's subject: "draws", or "draw" for "you" (as in "you draw")."""
        return plain_verb(verb) if seat == self.you else verb

    def subject(self, seat: int | None, verb: str) -> str:
        """:meth:`clause` at a sentence's start: "Seat 2 draws", "Ann draws", "You draw",
        and "The table ..." for no seat (a name is written as given)."""
        if seat is None:
            return f"The table {verb}"
        said = self.clause(seat, verb)
        return said if self.names is not None and seat != self.you else said[0].upper() + said[1:]

    def hand_of(self, seat: int | None) -> str:
        """The seat's hand: "the hand of seat 2", "the hand of Ann", "your hand"."""
        return "your hand" if seat == self.you else f"the hand of {self.name(seat)}"

    def own_hand(self, seat: int | None) -> str:
        """The hand of the seat just named as the subject: "their hand", "your hand"."""
        return "your hand" if seat == self.you else "their hand"


_PLAIN = _Words()
"""The events' own words: every seat by its number ("Seat 2 draws ...")."""


def seat_json(event: Event, seat: int | None, names: tuple[str, ...] | None,
              you: bool) -> dict[str, Any]:
    """What ``seat`` is sent of ``event``: ``event.for_seat(seat).to_json()`` with its
    ``text`` as ``event.text(seat, names=names, you=you)`` says it, said once. ``names`` as
    :func:`check_names` returns them, ``you`` only for a seat: the caller has checked both
    (:func:`~canasta_caliente.client_message`, once for all its events)."""
    audience = _check_audience(seat)
    return event.for_seat(audience)._json(_words_for(audience, names, you))


def _words_for(audience: int | None, names: tuple[str, ...] | None, you: bool) -> _Words:
    """The words an event is said in to ``audience``: its own (:data:`_PLAIN`) unless
    ``names`` or ``you`` (both checked) ask for others."""
    return _PLAIN if names is None and not you else _Words(names, audience if you else None)


def check_you(you: object, seat: int | None) -> bool:
    """``you`` of :meth:`Event.text` checked: a bool (a :class:`TypeError` otherwise), and
    true only for a seat, not a spectator (``seat`` None: an
    :class:`~canasta_caliente.ArgumentError`)."""
    if check_flag("you", you) and seat is None:
        raise ArgumentError("you: a spectator (seat None) is not a seat to speak to as 'you' "
                            "(for every audience in turn, give you=seat is not None)")
    return bool(you)


def check_names(names: object, players: int | None = None) -> tuple[str, ...] | None:
    """``names``, the seats' names for :meth:`Event.text` (a sequence of one non-empty single
    line of at most :data:`~canasta_caliente.records.storage.MAX_NAME` characters a seat, or
    ``None``), checked: a :class:`TypeError` or an :class:`~canasta_caliente.ArgumentError`
    saying what is wrong. With ``players`` (where the table is known), there must be exactly
    one name a seat; an event alone does not know the table, and finds a missing name when it
    names that seat. Returned as the words use them: a name two seats share is told apart by
    its seat ("level-3 (seat 1)", "level-3 (seat 3)"), and so may be longer than a name given
    may be."""
    if names is None:
        return None
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
        raise CanastaTypeError(f"names must be a sequence of names, one a seat, not "
                               f"{describe_value(names)}")
    if players is not None and len(names) != players:
        raise ArgumentError(f"names: expected one name a seat, {players} for this table, got "
                            f"{len(names)}")
    for i, name in enumerate(names):
        if not isinstance(name, str):
            raise CanastaTypeError(f"names[{i}] must be a str, not {describe_value(name)}")
        if not name.strip():
            raise ArgumentError(f"names[{i}]: a seat's name cannot be empty"
                                + (" or white space alone" if name else ""))
        if len(name) > MAX_NAME or not is_one_line(name):
            raise ArgumentError(f"names[{i}]: a seat's name is a single line of at most "
                                f"{MAX_NAME} characters, not {short_repr(name)}")
    counts = collections.Counter(names)
    # (two seats of one name, "level-3" twice, say: the words tell them apart by their seats;
    # every seat so, should a name given be one so told, "x (seat 1)" beside two "x")
    told = tuple(name if counts[name] == 1 else f"{name} (seat {seat})"
                 for seat, name in enumerate(names))
    if len(set(told)) < len(told):
        told = tuple(f"{name} (seat {seat})" for seat, name in enumerate(names))
    return told


@attrs.frozen(kw_only=True)
class Event:
    """One thing that happened (see :func:`events`): the base of the event kinds.

    Every event has :attr:`kind`, :attr:`seat` and :attr:`rules`; each kind adds its facts.
    """

    kind: ClassVar[EventKind]
    """What the event is."""
    seat: int | None
    """The seat that acted, or ``None`` where no seat did (the stock running out, say)."""
    rules: tuple[str, ...]
    """The rule IDs that made it so (RULES.md); empty where no rule applies."""

    def for_seat(self, seat: int | None) -> Self:
        """The event as ``seat`` may see it (``None``: a spectator): cards that seat may not
        see are left out (``None``), their number kept. Public events are returned as they
        are. An event does not know its table, so a seat past the table's (seat 4 of four) is
        not refused: it is shown what a spectator is. A negative seat is an
        :class:`~canasta_caliente.ArgumentError`, another type a :class:`TypeError`."""
        _check_audience(seat)
        return self

    def text(self, seat: int | None = None, *, names: Sequence[str] | None = None,
             you: bool = False) -> str:
        """The event in plain English as ``seat`` may see it (``None``: a spectator).

        ``names`` (one a seat, from seat 0) names the seats in the words, where "Seat 2"
        names them otherwise; ``you`` speaks to ``seat`` as "you", for the text its player
        reads. Sides and scores keep their numbers.

        >>> import canasta_caliente as cc
        >>> state = cc.apply(cc.new_game(cc.RuleSet.preset("caliente-2p"), seed=5), "draw")
        >>> _, (discard,) = cc.step(state, "discard 4")
        >>> discard.text()
        'Seat 0 discards a four.'
        >>> discard.text(0, names=["Ann", "Bob"], you=True), discard.text(1, names=["Ann", "Bob"])
        ('You discard a four.', 'Ann discards a four.')
        """
        seen = self.for_seat(seat)
        if names is None and you is False:
            return seen._say(_PLAIN)
        return seen._say(_words_for(seat, check_names(names), check_you(you, seat)))

    def to_json(self) -> dict[str, Any]:
        """The event as JSON-ready data: ``kind``, ``seat``, ``rules``, the kind's own facts
        (cards as lists of codes; ``null`` for cards left out) and ``text``, the event in words
        as it stands. Send a seat ``event.for_seat(seat).to_json()``."""
        return self._json(_PLAIN)

    def _json(self, w: _Words) -> dict[str, Any]:
        """:meth:`to_json`, its ``text`` in the words ``w``."""
        return {"kind": self.kind.value, "seat": self.seat, "rules": list(self.rules),
                **self._facts_json(), "text": self._say(w)}

    def _facts_json(self) -> dict[str, Any]:
        return {}

    def _say(self, w: _Words = _PLAIN) -> str:  # pragma: no cover - every kind says its own
        raise NotImplementedError


# -- the draw action and the stock ------------------------------------------------------------


@attrs.frozen(kw_only=True)
class DrawEvent(Event):
    """Cards taken from the stock into :attr:`seat`'s hand, in order (bonus cards among them
    are laid out by the :class:`BonusEvent` that follow)."""

    kind: ClassVar[EventKind] = EventKind.DRAW
    cards: tuple[Card, ...] | None
    """The cards, top of the stock first; ``None`` for a seat that may not see them."""
    count: int
    """How many cards (public)."""
    reason: str = "draw"
    """``draw`` (the draw action, TURN-2), ``caliente`` (the refill after a Caliente card,
    HOT-2) or ``replacement`` (replacing bonus cards, TURN-3)."""

    def for_seat(self, seat: int | None) -> Self:
        """The draw as ``seat`` sees it: the cards for the drawer, their number for others."""
        if _check_audience(seat) == self.seat or self.cards is None:
            return self
        return attrs.evolve(self, cards=None)

    def _facts_json(self) -> dict[str, Any]:
        return {"cards": _cards_json(self.cards), "count": self.count, "reason": self.reason}

    def _say(self, w: _Words = _PLAIN) -> str:
        what = count_phrase(self.count) if self.cards is None else cards_phrase(self.cards)
        # (each card a replacement draws replaces one bonus card: the count says how many)
        why = {"draw": "", "caliente": " to refill " + w.own_hand(self.seat),
               "replacement": " to replace " + ("a bonus card" if self.count == 1
                                                 else "bonus cards")}[self.reason]
        return f"{w.subject(self.seat, 'draws')} {what}{why}."


@attrs.frozen(kw_only=True)
class BonusEvent(Event):
    """A bonus card (red three) leaves :attr:`seat`'s hand and is laid out for its side
    (TURN-3)."""

    kind: ClassVar[EventKind] = EventKind.BONUS
    source: str
    """Where it came from: ``stock`` or ``pile``."""
    replaced: bool
    """Whether a card is drawn to replace it: the replacement is among the cards of the
    :class:`DrawEvent` just before (one event gives every card the action took from the
    stock, replacements included, and the bonus cards laid out follow it)."""

    def _facts_json(self) -> dict[str, Any]:
        return {"source": self.source, "replaced": self.replaced}

    def _say(self, w: _Words = _PLAIN) -> str:
        # (the replacement is counted in the draw just said: "draws 2 cards", then this)
        how = (", one of the cards drawn replacing it" if self.replaced
               else "; it cannot be replaced" if "END-1" in self.rules
               else "; it is not replaced")
        rules = f" ({', '.join(self.rules)})" if self.rules else ""
        return f"{w.subject(self.seat, 'lays')} out a red three from the {self.source}{how}{rules}."


@attrs.frozen(kw_only=True)
class CalienteEvent(Event):
    """A Caliente card played as the draw action, set aside (HOT-2)."""

    kind: ClassVar[EventKind] = EventKind.CALIENTE

    def _say(self, w: _Words = _PLAIN) -> str:
        return f"{w.subject(self.seat, 'plays')} a Caliente card (HOT-2)."


@attrs.frozen(kw_only=True)
class PassEvent(Event):
    """A pass with the stock empty, which ends the hand (END-2)."""

    kind: ClassVar[EventKind] = EventKind.PASS

    def _say(self, w: _Words = _PLAIN) -> str:
        return f"{w.subject(self.seat, 'passes')} (END-2)."


@attrs.frozen(kw_only=True)
class TakeEvent(Event):
    """The pile taken: the up card (melded by the :class:`MeldEvent` that follows, with
    :attr:`with_cards` from the hand) and the cards under it, which join the hand or wait under
    INIT-4. The pile is face up, so all of it is public."""

    kind: ClassVar[EventKind] = EventKind.TAKE
    up_card: Card
    with_cards: tuple[Card, ...]
    """The cards from hand melded with the up card (none when it is laid off on a meld)."""
    under: tuple[Card, ...]
    """The rest of the pile, bottom first."""
    waiting: bool
    """True when :attr:`under` waits under INIT-4 to join the hand once the first meld's
    minimum is met; otherwise it joins the hand at once."""

    def _facts_json(self) -> dict[str, Any]:
        return {"up_card": self.up_card.code, "with_cards": _cards_json(self.with_cards),
                "under": _cards_json(self.under), "waiting": self.waiting}

    def _say(self, w: _Words = _PLAIN) -> str:
        size = count_phrase(len(self.under) + 1)
        how = (f"with {cards_phrase(self.with_cards)}" if self.with_cards
               else f"laying {card_name(self.up_card)} off on the {rank_name(self.up_card)}")
        waiting = len(self.under)
        tail = (f"; {count_phrase(waiting)} {'waits' if waiting == 1 else 'wait'} until the "
                "first meld is made (INIT-4)" if self.waiting and self.under else "")
        return f"{w.subject(self.seat, 'takes')} the pile ({size}) {how}{tail}."


@attrs.frozen(kw_only=True)
class WaitingJoinEvent(Event):
    """The pile cards that waited under INIT-4 join :attr:`seat`'s hand."""

    kind: ClassVar[EventKind] = EventKind.WAITING_JOIN
    cards: tuple[Card, ...]

    def _facts_json(self) -> dict[str, Any]:
        return {"cards": _cards_json(self.cards)}

    def _say(self, w: _Words = _PLAIN) -> str:
        return (f"The first meld is made: {count_phrase(len(self.cards), 'waiting card')} "
                f"join{'s' if len(self.cards) == 1 else ''} {w.hand_of(self.seat)} "
                "(INIT-4).")


# -- melds and the discard -------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class MeldEvent(Event):
    """Cards melded by :attr:`seat` for its side: a new meld or added to one (a stop meld is
    always new)."""

    kind: ClassVar[EventKind] = EventKind.MELD
    side: int
    rank: Card
    """The meld's rank (``B3`` for a stop meld)."""
    cards: tuple[Card, ...]
    """The cards melded now."""
    new: bool
    """True for a new meld; False when added to the side's meld of :attr:`rank`."""
    size: int
    """The meld's size after."""
    natural: bool
    """The meld holds no wild after."""
    canasta: str | None
    """``natural`` or ``mixed`` when this completed a canasta (MELD-4); ``None`` otherwise."""
    points: int = 0
    """The points this meld counted toward the side's first-meld minimum (INIT-2; a take's
    count is INIT-4's); 0 when none was owed (the turn's :attr:`View.first_meld_points
    <canasta_caliente.View.first_meld_points>` grows by it, and its
    :attr:`~canasta_caliente.View.first_meld_needed` falls by it, to no less than 0)."""

    def _facts_json(self) -> dict[str, Any]:
        return {"side": self.side, "rank": self.rank.code, "cards": _cards_json(self.cards),
                "new": self.new, "size": self.size, "natural": self.natural,
                "canasta": self.canasta, "points": self.points}

    def deed(self) -> str:
        """What the meld did, with no seat and the verb's plain form, as its words say it:
        ``meld three sixes``, ``add an ace to the aces`` (a take-back's words,
        :class:`TakeBackEvent`)."""
        verb, rest = self._predicate()
        return f"{plain_verb(verb)} {rest}"

    def _predicate(self) -> tuple[str, str]:
        """The verb (its third person) and the rest of what the meld did."""
        return meld_words(self.cards, self.rank, self.new)

    def _say(self, w: _Words = _PLAIN) -> str:
        verb, rest = self._predicate()
        said = f"{w.subject(self.seat, verb)} {rest}"
        if self.canasta is not None:
            said += f": a {self.canasta} canasta of {self.size} cards (MELD-4)"
        return said + "."


@attrs.frozen(kw_only=True)
class DiscardEvent(Event):
    """A discard, and what it did to the pile."""

    kind: ClassVar[EventKind] = EventKind.DISCARD
    card: Card
    froze: bool
    """The pile was not frozen by its cards and now is (PILE-3; a stop card under READ-6)."""
    blocked: bool
    """The next player may not take the pile, whatever it holds (PILE-2)."""

    def _facts_json(self) -> dict[str, Any]:
        return {"card": self.card.code, "froze": self.froze, "blocked": self.blocked}

    def _say(self, w: _Words = _PLAIN) -> str:
        said = f"{w.subject(self.seat, 'discards')} {card_name(self.card)}"
        effects = [word for word, done in (("frozen", self.froze),
                                             ("blocked for the next player", self.blocked))
                   if done]
        if effects:
            said += f": the pile is {' and '.join(effects)} ({', '.join(self.rules)})"
        return said + "."


# -- the question -----------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class AskEvent(Event):
    """ "May I go out?" asked of :attr:`partner` (OUT-2)."""

    kind: ClassVar[EventKind] = EventKind.ASK
    partner: int

    def _facts_json(self) -> dict[str, Any]:
        return {"partner": self.partner}

    def _say(self, w: _Words = _PLAIN) -> str:
        return f'{w.subject(self.seat, "asks")} {w.name(self.partner)} "May I go out?" (OUT-2).'


@attrs.frozen(kw_only=True)
class AnswerEvent(Event):
    """:attr:`seat`'s answer to :attr:`asker` (OUT-2)."""

    kind: ClassVar[EventKind] = EventKind.ANSWER
    asker: int
    yes: bool

    def _facts_json(self) -> dict[str, Any]:
        return {"asker": self.asker, "yes": self.yes}

    def _say(self, w: _Words = _PLAIN) -> str:
        answers, asker = w.subject(self.seat, "answers"), w.name(self.asker)
        if self.yes:
            return f'{answers} "yes": {asker} must go out (OUT-2).'
        return f'{answers} "no": {asker} may not go out this turn (OUT-2).'


# -- the end of a hand and of the game ---------------------------------------------------------


@attrs.frozen(kw_only=True)
class WentOutEvent(Event):
    """:attr:`seat` went out (OUT-1), concealed or not (OUT-3)."""

    kind: ClassVar[EventKind] = EventKind.WENT_OUT
    concealed: bool

    def _facts_json(self) -> dict[str, Any]:
        return {"concealed": self.concealed}

    def _say(self, w: _Words = _PLAIN) -> str:
        how = " concealed (OUT-3)" if self.concealed else " (OUT-1)"
        return f"{w.subject(self.seat, 'goes')} out{how}."


@attrs.frozen(kw_only=True)
class StockOutEvent(Event):
    """The stock is empty (END-2: play goes on; END-3: the hand ends with its last card;
    END-1: the hand ends, a bonus card drawn left unreplaced)."""

    kind: ClassVar[EventKind] = EventKind.STOCK_OUT

    def _say(self, w: _Words = _PLAIN) -> str:
        if "END-2" in self.rules:
            return "The stock is empty: take the pile or pass; a pass ends the hand (END-2)."
        return f"The stock is empty: the hand ends ({', '.join(self.rules)})."


@attrs.frozen(kw_only=True)
class HandEndEvent(Event):
    """The hand is over: how it ended, every hand laid down to be counted (SCORE-1), each
    side's score parts (SCORE-6) and the game scores after it. :attr:`seat` is the seat that
    went out, if one did."""

    kind: ClassVar[EventKind] = EventKind.HAND_END
    hand_number: int
    ended: HandEnd
    concealed: bool
    hands: tuple[tuple[Card, ...], ...]
    """Every seat's hand as laid down."""
    breakdown: tuple[tuple[int, ...], ...]
    """Per side, the score parts in :data:`~canasta_caliente.COMPONENTS` order."""
    scores: tuple[int, ...]
    """The sides' game scores after the hand."""

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's score for the hand."""
        return tuple(sum(row) for row in self.breakdown)

    def _facts_json(self) -> dict[str, Any]:
        return {"hand_number": self.hand_number, "ended": self.ended.value,
                "concealed": self.concealed,
                "hands": [_cards_json(h) for h in self.hands],
                "breakdown": [dict(zip(COMPONENTS, row, strict=True)) for row in self.breakdown],
                "totals": list(self.totals), "scores": list(self.scores)}

    def _say(self, w: _Words = _PLAIN) -> str:
        how = {HandEnd.WENT_OUT: f"{w.name(self.seat)} went out",
               HandEnd.BONUS_NOT_REPLACED: "a bonus card could not be replaced (END-1)",
               HandEnd.PASSED: "a player passed with the stock empty (END-2)",
               HandEnd.LAST_CARD: "the last card of the stock was taken (END-3)"}[self.ended]
        parts = "; ".join(f"side {i}: {total:+d}" for i, total in enumerate(self.totals))
        game = ", ".join(str(s) for s in self.scores)
        parts = parts[0].upper() + parts[1:]  # (the second sentence's start)
        return f"Hand {self.hand_number} is over: {how}. {parts} (game: {game})."


@attrs.frozen(kw_only=True)
class GameOverEvent(Event):
    """The game is over (GAME-1)."""

    kind: ClassVar[EventKind] = EventKind.GAME_OVER
    winner: int
    """The winning side."""
    scores: tuple[int, ...]

    def _facts_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "scores": list(self.scores)}

    def _say(self, w: _Words = _PLAIN) -> str:
        return (f"The game is over: side {self.winner} wins with {self.scores[self.winner]} points "
                "(GAME-1).")


@attrs.frozen(kw_only=True)
class DealEvent(Event):
    """The next hand dealt by :attr:`seat` (the dealer): each hand (bonus cards dealt already
    laid out and replaced, DEAL-4), the pile turned up (DEAL-3) and the stock left."""

    kind: ClassVar[EventKind] = EventKind.DEAL
    hand_number: int
    first: int
    """The seat that plays first (SEAT-4)."""
    order: tuple[int, ...]
    """The seats playing the hand, in turn order from :attr:`first` (SEAT-3, SEAT-4)."""
    hands: tuple[tuple[Card, ...] | None, ...]
    """Each seat's hand; ``None`` for the hands an audience may not see."""
    hand_sizes: tuple[int, ...]
    pile: tuple[Card, ...]
    laid_out: tuple[tuple[Card, ...], ...]
    """Per side, the bonus cards laid out in the deal."""
    stock_size: int

    def for_seat(self, seat: int | None) -> Self:
        """The deal as ``seat`` sees it: its own hand, and the others' sizes."""
        seat = _check_audience(seat)
        hands = tuple(h if s == seat else None for s, h in enumerate(self.hands))
        return self if hands == self.hands else attrs.evolve(self, hands=hands)

    def _facts_json(self) -> dict[str, Any]:
        return {"hand_number": self.hand_number, "first": self.first, "order": list(self.order),
                "hands": [_cards_json(h) for h in self.hands],
                "hand_sizes": list(self.hand_sizes), "pile": _cards_json(self.pile),
                "laid_out": [_cards_json(t) for t in self.laid_out],
                "stock_size": self.stock_size}

    def _say(self, w: _Words = _PLAIN) -> str:
        up = card_name(self.pile[-1]) if self.pile else "nothing"
        if len(self.pile) > 1:  # cards turned before it (DEAL-3): a wild or a bonus card
            up += f", on {cards_phrase(self.pile[:-1])} turned up before it (DEAL-3)"
        # The bonus cards the deal laid out (DEAL-4), which the table shows: say whose.
        laid = "".join(f"; side {side} lays out {cards_phrase(cards)}"
                       for side, cards in enumerate(self.laid_out) if cards)
        # The seats dealt no hand (SEAT-3, VAR-3: one of the side of three, five players).
        out = "".join(f"; {w.clause(seat, 'sits')} out"
                      for seat in range(len(self.hands)) if seat not in self.order)
        return (f"{w.subject(self.seat, 'deals')} hand {self.hand_number}: "
                f"{w.clause(self.first, 'plays')} first{out}; the up card is {up}{laid}.")


@attrs.frozen(kw_only=True)
class TakeBackEvent(Event):
    """:attr:`seat` took back its last action (:meth:`Match.take_back
    <canasta_caliente.Match.take_back>`), whose events were cut from the numbered events: this
    one takes the first cut number. No rule applies (:attr:`rules` is empty). Only an action
    that revealed nothing may be taken back (:func:`~canasta_caliente.take_back_refusal`): a
    meld or a discard, whose cards every seat saw laid down, so the event is public."""

    kind: ClassVar[EventKind] = EventKind.TAKE_BACK
    action: str
    """The notation of the action taken back (``meld 6 6 6``)."""
    described: str
    """The action in words, as its events said it: a meld's :meth:`MeldEvent.deed`
    (``meld three sixes``, ``add an ace to the aces``), a discard as
    :func:`~canasta_caliente.describe` says it (``discard a seven``)."""

    def _facts_json(self) -> dict[str, Any]:
        return {"action": self.action, "described": self.described}

    def _say(self, w: _Words = _PLAIN) -> str:
        return f"{w.subject(self.seat, 'takes')} back: {self.described}."
