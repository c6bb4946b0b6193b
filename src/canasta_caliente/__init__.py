"""canasta-caliente: the exact, complete rules engine for Canasta Caliente and Classic Canasta.

>>> import canasta_caliente as cc
>>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
>>> cc.legal_actions(state)[0]
Action('draw')
>>> state = cc.apply(state, "draw")
>>> state.phase
<Phase.PLAY: 'play'>
"""

# ruff: noqa: F405 (__all__ names what the type checker's star import below brings)

from __future__ import annotations

from . import _moved
from ._version import COMPILED, __version__

# Not ``typing.TYPE_CHECKING``: importing ``typing`` would cost the entry point its first
# milliseconds (see ``__getattr__``); type checkers treat any ``TYPE_CHECKING`` as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ._api import *  # noqa: F403 (the names of __all__, below)
del TYPE_CHECKING

_moved.install()


def __getattr__(name: str) -> Any:
    """The package's names load on first use (PEP 562).

    ``import canasta_caliente`` imports only this module, so that the command line's entry
    point (:mod:`canasta_caliente.__main__`) is running, ready for a Ctrl-C, before anything
    heavy is imported. The first read of any name of :data:`__all__` imports them all at once
    (``_api``, with the side effects the package's import always had) and binds them here,
    so later reads never come back to this function. Any other name is one of the former
    module paths (``canasta_caliente.storage``, ...), or missing.

    Once the names are bound, this function removes itself, and the former module paths are
    bound as stand-ins (:func:`~canasta_caliente._moved.bind_stand_ins`) that import the
    former path, with its warning, when first used. (The interpreter never specialises an
    attribute read of a module that has a ``__getattr__``: with it in place, every
    ``cc.apply`` of a user's loop took about 450 machine instructions, against a few dozen
    without, some 1.5% of a random decision for the two reads of ``cc.legal_actions`` and
    ``cc.apply``. Measured by ``benchmarks/instructions.py``.)
    """
    if name in _LAZY:
        from . import _api

        namespace = globals()
        for lazy in _LAZY:
            # A name bound already stays: importing a former module path binds its leaf here
            # (``canasta_caliente.simulate``), as the import system does for any submodule.
            namespace.setdefault(lazy, getattr(_api, lazy))
        _moved.bind_stand_ins(namespace)
        namespace.pop("__getattr__", None)
        return namespace[name]
    return _moved.moved_attribute(name)


def __dir__() -> list[str]:
    """The package's names, loaded or not (what ``dir(canasta_caliente)`` lists)."""
    return sorted({*globals(), *__all__})


__all__ = [
    "BOTS",
    "COMPILED",
    "COMPONENTS",
    "OPTIONS",
    "RULES_VERSION",
    "Action",
    "ActionSpace",
    "ActionValue",
    "AnswerEvent",
    "ArgumentError",
    "AskEvent",
    "BonusEvent",
    "BonusExtras",
    "CalienteEvent",
    "CanastaError",
    "CanastaTypeError",
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
    "Match",
    "Meld",
    "MeldEvent",
    "NotYourTurnError",
    "NotationError",
    "OptionInfo",
    "PassEvent",
    "Phase",
    "Playtest",
    "Question",
    "ReplayError",
    "RuleSet",
    "RuleSetError",
    "SimulationResult",
    "StaleError",
    "StateError",
    "StockOut",
    "StockOutEvent",
    "TakeBackError",
    "TakeBackEvent",
    "TakeEvent",
    "TieBreak",
    "Tournament",
    "TurnError",
    "Verb",
    "View",
    "WaitingJoinEvent",
    "WentOutEvent",
    "WildRule",
    "WorkerError",
    "__version__",
    "analyse",
    "apply",
    "bots_seed",
    "can_take_back",
    "client_message",
    "compare",
    "deal_events",
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
    "playtest",
    "replay",
    "replay_events",
    "resample",
    "simulate",
    "step",
    "take_back_refusal",
    "tournament",
    "turn_order",
]

_LAZY = frozenset(__all__) - {"COMPILED", "__version__"}
"""The names of :data:`__all__` that load on first use."""
