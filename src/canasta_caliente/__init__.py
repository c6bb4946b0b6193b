"""canasta-caliente: the exact, complete rules engine for Canasta Caliente and Classic Canasta.

>>> import canasta_caliente as cc
>>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
>>> cc.legal_actions(state)[0]
Action('draw')
>>> state = cc.apply(state, "draw")
>>> state.phase
<Phase.PLAY: 'play'>
"""

from __future__ import annotations

from . import _moved
from ._version import __version__
from .actions import Action, Verb, parse_action
from .cards import Card
from .engine import apply, illegal_reason, is_legal, legal_actions, new_game, turn_order
from .errors import CanastaError, IllegalActionError, NotationError, RuleSetError, StateError
from .play import (
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
    client_message,
    describe,
    events,
    step,
)
from .players.bots import BOTS, get_bot
from .players.search import ActionValue, ISMCTSBot, analyse
from .records.storage import RULES_VERSION, GameRecord, ReplayError, dumps, loads, replay
from .rules.ruleset import (
    OPTIONS,
    BonusExtras,
    ConcealedScope,
    GoingOutPermission,
    OptionInfo,
    RuleSet,
    StockOut,
    TieBreak,
    WildRule,
)
from .state.game import COMPONENTS, GameState, HandEnd, HandResult, Meld, Phase, Question
from .studies.compare import Comparison, compare
from .studies.simulate import GameResult, SimulationResult, play_game, simulate
from .studies.tournament import Tournament, tournament
from .views.action_space import ActionSpace
from .views.view import View, observe, resample

_moved.install()
__getattr__ = _moved.moved_attribute

__all__ = [
    "BOTS",
    "COMPONENTS",
    "OPTIONS",
    "RULES_VERSION",
    "Action",
    "ActionSpace",
    "ActionValue",
    "AnswerEvent",
    "AskEvent",
    "BonusEvent",
    "BonusExtras",
    "CalienteEvent",
    "CanastaError",
    "Card",
    "Comparison",
    "ConcealedScope",
    "DealEvent",
    "DiscardEvent",
    "DrawEvent",
    "Event",
    "EventKind",
    "GameOverEvent",
    "GameRecord",
    "GameResult",
    "GameState",
    "GoingOutPermission",
    "HandEnd",
    "HandEndEvent",
    "HandResult",
    "ISMCTSBot",
    "IllegalActionError",
    "Meld",
    "MeldEvent",
    "NotationError",
    "OptionInfo",
    "PassEvent",
    "Phase",
    "Question",
    "ReplayError",
    "RuleSet",
    "RuleSetError",
    "SimulationResult",
    "StateError",
    "StockOut",
    "StockOutEvent",
    "TakeEvent",
    "TieBreak",
    "Tournament",
    "Verb",
    "View",
    "WaitingJoinEvent",
    "WentOutEvent",
    "WildRule",
    "__version__",
    "analyse",
    "apply",
    "client_message",
    "compare",
    "describe",
    "dumps",
    "events",
    "get_bot",
    "illegal_reason",
    "is_legal",
    "legal_actions",
    "loads",
    "new_game",
    "observe",
    "parse_action",
    "play_game",
    "replay",
    "resample",
    "simulate",
    "step",
    "tournament",
    "turn_order",
]
