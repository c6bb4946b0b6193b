"""The game layer, between :mod:`canasta_caliente.players` and :mod:`canasta_caliente.testing`:
what happened (events), in words (text), what each client is sent (messages), what may be
taken back, and a game as a server keeps it (match).

=============  ================================================================================
``kinds``      :class:`Event` and its kinds: each event's facts, what one seat may see of it
               (:meth:`Event.for_seat`), its JSON and its words
``events``     :func:`events` and :func:`step`: the events of one action, read off the states;
               :func:`replay_events`: a record's states and every action's events;
               :func:`deal_events`: those of the deal of a game's first hand (no action's)
``text``       :func:`describe`: an action in plain English, and the card words events use
``messages``   :func:`client_message`: one JSON-ready message per seat or spectator, whose shape
               is the JSON Schemas in ``schemas/``
``schemas``    the shipped JSON Schemas (``schemas/*.json``), their version, and
               :func:`check_message`
``takeback``   :func:`~canasta_caliente.can_take_back` and :func:`take_back_refusal`: whether a
               move may be undone without revealing anything (:doc:`/guides/game`)
``match``      :class:`~canasta_caliente.Match`: a game as a server keeps it, its actions checked
               for the seat and the turn, its take-backs, its numbered events and each seat's
               message of those since its last
=============  ================================================================================

May import everything below it (the engine, records, views, players), nothing above.
"""

from __future__ import annotations

from .events import deal_events, events, replay_events, step
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
    TakeBackEvent,
    TakeEvent,
    WaitingJoinEvent,
    WentOutEvent,
)
from .match import Checkpoint, Match, not_to_act
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
    "Checkpoint",
    "DealEvent",
    "DiscardEvent",
    "DrawEvent",
    "Event",
    "EventKind",
    "GameOverEvent",
    "HandEndEvent",
    "Match",
    "MeldEvent",
    "PassEvent",
    "StockOutEvent",
    "TakeBackEvent",
    "TakeEvent",
    "WaitingJoinEvent",
    "WentOutEvent",
    "can_take_back",
    "check_message",
    "client_message",
    "client_view",
    "deal_events",
    "describe",
    "events",
    "not_to_act",
    "replay_events",
    "schema",
    "step",
    "take_back_refusal",
]
