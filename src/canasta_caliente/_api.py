"""Every name of the package's namespace (``canasta_caliente.__all__``), imported from its home.

The package imports this module the first time one of those names is read (see
``canasta_caliente.__getattr__``), not when it is imported itself: so a bare ``import
canasta_caliente`` (as the command line's entry point does, :mod:`canasta_caliente.__main__`)
costs almost nothing, and the engine, the bots and the studies load on first use. Importing it
has the side effects the package's import used to have: the players' package registers the
search and the levels with :func:`~canasta_caliente.get_bot`.
"""

# mypy: implicit-reexport
# ruff: noqa: F401 (imported to be read from here)
# (The package re-exports these names with ``from ._api import *`` for the type checker; the
# names' one list is the package's ``__all__``.)

from ._version import COMPILED
from .actions import Action, Verb, parse_action
from .cards import Card
from .engine import apply, illegal_reason, is_legal, legal_actions, new_game, turn_order
from .errors import (
    ArgumentError,
    CanastaError,
    CanastaTypeError,
    IllegalActionError,
    NotationError,
    NotYourTurnError,
    RuleSetError,
    StaleError,
    StateError,
    TakeBackError,
    TurnError,
    WorkerError,
)
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
    TakeBackEvent,
    TakeEvent,
    WaitingJoinEvent,
    WentOutEvent,
    client_message,
    deal_events,
    describe,
    events,
    replay_events,
    step,
)
from .play.match import Match
from .play.takeback import can_take_back, take_back_refusal
from .players.bots import BOTS, get_bot
from .players.rngs import bots_seed
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
from .studies.playtest import Playtest, playtest
from .studies.simulate import GameResult, SimulationResult, play_game, simulate
from .studies.tournament import Tournament, tournament
from .views.action_space import ActionSpace
from .views.view import View, observe, resample
