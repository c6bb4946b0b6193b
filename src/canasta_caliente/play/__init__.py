"""A game on top of the engine: what happened (events), in words (text), and what each client
is sent (messages).

=============  ========================================================================="""

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
from .schemas import SCHEMA_VERSION, check_message, schema
from .takeback import can_take_back, take_back_refusal
from .text import describe

__all__ = [
    "MESSAGE_SCHEMA",
    "SCHEMA_VERSION",
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
    "can_take_back",
    "check_message",
    "client_message",
    "client_view",
    "describe",
    "events",
    "schema",
    "step",
    "take_back_refusal",
]
