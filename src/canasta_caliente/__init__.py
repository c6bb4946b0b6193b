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

from ._version import __version__
from .action_space import ActionSpace
from .actions import Action, Verb, parse_action
from .bots import BOTS, get_bot
from .cards import Card
from .compare import Comparison, compare
from .engine import apply, illegal_reason, is_legal, legal_actions, new_game, turn_order
from .errors import CanastaError, IllegalActionError, NotationError, RuleSetError, StateError
from .rules import (
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
from .search import ActionValue, ISMCTSBot, analyse
from .simulate import GameResult, SimulationResult, play_game, simulate
from .state import COMPONENTS, GameState, HandEnd, HandResult, Meld, Phase, Question
from .storage import RULES_VERSION, GameRecord, ReplayError, dumps, loads, replay
from .tournament import Tournament, tournament
from .views import View, observe, resample

__all__ = [
    "BOTS",
    "COMPONENTS",
    "OPTIONS",
    "RULES_VERSION",
    "Action",
    "ActionSpace",
    "ActionValue",
    "BonusExtras",
    "CanastaError",
    "Card",
    "Comparison",
    "ConcealedScope",
    "GameRecord",
    "GameResult",
    "GameState",
    "GoingOutPermission",
    "HandEnd",
    "HandResult",
    "ISMCTSBot",
    "IllegalActionError",
    "Meld",
    "NotationError",
    "OptionInfo",
    "Phase",
    "Question",
    "ReplayError",
    "RuleSet",
    "RuleSetError",
    "SimulationResult",
    "StateError",
    "StockOut",
    "TieBreak",
    "Tournament",
    "Verb",
    "View",
    "WildRule",
    "__version__",
    "analyse",
    "apply",
    "compare",
    "dumps",
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
    "tournament",
    "turn_order",
]
