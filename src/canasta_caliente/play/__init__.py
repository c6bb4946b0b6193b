"""A game on top of the engine: what happened (events), in words (text), and what each client
is sent (messages).

=============  ================================================================================
``kinds``      :class:`Event` and its kinds: each event's facts, what one seat may see of it
               (:meth:`Event.for_seat`), its JSON and its words
``events``     :func:`events` and :func:`step`: the events of one action, read off the states
``text``       :func:`describe`: an action in plain English, and the card words events use
``messages``   :func:`client_message`: one JSON-ready message per seat or spectator, whose shape
               is the JSON Schemas in ``schemas/``
``schemas``    the shipped JSON Schemas and their version
=============  ================================================================================

May import everything below it (the engine, records, views, players), nothing above.
"""

from __future__ import annotations

from .events import events, step
from .kinds import (
    AnswerEvent,
    AskEvent,
    BonusEvent,
    CalienteEvent,
    DealEvent,
    DiscardEvent,
    DrawEvent,
    Event,
    EventKind,
    GameOverEvent,
    HandEndEvent,
    MeldEvent,
    PassEvent,
    StockOutEvent,
    TakeEvent,
    WaitingJoinEvent,
    WentOutEvent,
)
from .messages import MESSAGE_SCHEMA, client_message, client_view
from .text import describe

__all__ = [
    "MESSAGE_SCHEMA",
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
    "TakeEvent",
    "WaitingJoinEvent",
    "WentOutEvent",
    "client_message",
    "client_view",
    "describe",
    "events",
    "step",
]
