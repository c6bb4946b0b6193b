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

from .actions import Action, Verb, parse_action
from .cards import Card
from .engine import apply, illegal_reason, is_legal, legal_actions, new_game, turn_order
from .errors import CanastaError, IllegalActionError, NotationError, RuleSetError, StateError
from .rules import OPTIONS, OptionInfo, RuleSet, StockOut, WildRule
from .state import COMPONENTS, GameState, HandEnd, HandResult, Meld, Phase, Question

__version__ = "0.1.0"

__all__ = [
    "COMPONENTS",
    "OPTIONS",
    "Action",
    "CanastaError",
    "Card",
    "GameState",
    "HandEnd",
    "HandResult",
    "IllegalActionError",
    "Meld",
    "NotationError",
    "OptionInfo",
    "Phase",
    "Question",
    "RuleSet",
    "RuleSetError",
    "StateError",
    "StockOut",
    "Verb",
    "WildRule",
    "__version__",
    "apply",
    "illegal_reason",
    "is_legal",
    "legal_actions",
    "new_game",
    "parse_action",
    "turn_order",
]
