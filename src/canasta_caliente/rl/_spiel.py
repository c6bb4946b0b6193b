"""The game as a pyspiel game (imported by :func:`canasta_caliente.rl.register_openspiel`).

One OpenSpiel episode is one hand of a new game:

- Chance deals the whole deck, one card at a time: each chance outcome is a kind of card (its
  :class:`~canasta_caliente.Card` number, 0 to 15) with probability proportional to how many of
  that kind are still undealt, so every order of the deck is equally likely. The deck, read
  from its first card as :func:`~canasta_caliente.new_game` reads a stacked deck, then starts
  the game.
- Players' actions are the ids of :class:`~canasta_caliente.ActionSpace`, listed ascending.
- At the end of the hand each player receives its side's
  :func:`~canasta_caliente.rl.hand_reward` (its hand score less the mean of the other sides').
- Observation tensors are :func:`~canasta_caliente.rl.observation`; the observation string is
  the seat's view in one line; the information state string (perfect recall) is that line for
  every state since the deal, with the actions between them.
"""

from __future__ import annotations

import base64
import copy
import re
from typing import Any

import numpy as np
import pyspiel

from ..cards import Card
from ..engine import apply, new_game
from ..errors import ArgumentError, IllegalActionError, short_repr
from ..rules.facts import max_actions_per_hand
from ..rules.ruleset import RuleSet
from ..state.game import GameState
from ..views.action_space import ActionSpace
from ..views.view import View, observe
from ._names import GAME_NAME
from .aec import check_start_scores, hand_reward
from .features import observation_layout, observation_of

GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Canasta Caliente (canasta-caliente, one hand)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": "caliente", "scores": ""},
)


_BASE64 = "base64:"
"""The prefix of a ``rules`` parameter that is a RuleSet JSON document in URL-safe base64
(unpadded): the form the game names itself with, since OpenSpiel's game strings
(``name(key=value,...)``) cannot hold a value with commas, and JSON has them."""


def rules_from_param(text: str) -> RuleSet:
    """The RuleSet a ``rules`` parameter names: a preset name, a RuleSet JSON document, or
    that document in URL-safe base64 after ``base64:`` (the form :func:`rules_param` gives)."""
    text = text.strip()
    if text.startswith(_BASE64):
        encoded = text[len(_BASE64):]
        try:
            text = base64.b64decode(encoded + "=" * (-len(encoded) % 4), altchars=b"-_",
                                    validate=True).decode()
        except (ValueError, UnicodeDecodeError):  # binascii.Error is a ValueError
            raise ArgumentError(f"rules: {short_repr(text)} is not a RuleSet JSON document in "
                                "URL-safe base64 after 'base64:'") from None
        return RuleSet.from_json(text)
    if text.startswith("{"):
        return RuleSet.from_json(text)
    return RuleSet.preset(text)


def rules_param(text: str, rules: RuleSet) -> str:
    """The ``rules`` parameter the game names itself with: ``text`` (a preset name, or the
    base64 form) as given, and a JSON document as ``base64:`` and the RuleSet's compact JSON
    in URL-safe base64, so that ``str(game)``, which ``pyspiel.load_game``, pickle and
    ``serialize_game_and_state`` read back, holds no comma."""
    if not text.strip().startswith("{"):
        return text
    encoded = base64.urlsafe_b64encode(rules.to_json(indent=None).encode()).decode()
    return _BASE64 + encoded.rstrip("=")


def scores_from_param(text: str, rules: RuleSet) -> tuple[int, ...] | None:
    """The starting game scores a ``scores`` parameter gives ("" for none, else one integer per
    side, separated by spaces, semicolons or commas), each within ±2**23 as the other
    environments' starting scores."""
    text = text.strip()
    if not text:
        return None
    try:
        scores = tuple(int(s) for s in re.split(r"[\s,;]+", text))
    except ValueError:
        raise ArgumentError(f"scores: expected integers separated by spaces (or semicolons, "
                            f"or commas), got {short_repr(text)}") from None
    if len(scores) != rules.sides:
        raise ArgumentError(f"scores: expected one score per side ({rules.sides}), got "
                            f"{len(scores)}")
    return check_start_scores(rules, scores, "scores")


def utility_bound(rules: RuleSet) -> float:
    """A bound on the absolute value of a side's hand score under ``rules``: every card's value,
    a canasta bonus for each rank, every bonus for going out, every bonus card with the largest
    extra, every Caliente card's penalty."""
    cards = sum(v * n for v, n in zip(rules.card_values, rules.deck_counts, strict=True))
    canastas = 11 * max(rules.natural_canasta_bonus, rules.mixed_canasta_bonus)
    out = rules.going_out_bonus + rules.concealed_bonus
    bonus = (rules.bonus_card_score * rules.deck_counts[Card.RED_THREE]
             + max((extra for _, extra in rules.bonus_card_extras), default=0))
    return float(cards + canastas + out + bonus
                 + rules.caliente_card_penalty * rules.caliente_cards)


class CanastaGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """The pyspiel game: parameters ``rules`` (a preset name, a RuleSet JSON document, or that
    document in base64 after ``base64:``) and ``scores`` (the sides' starting game scores,
    separated by spaces, semicolons or commas; empty for zeros). The game names itself
    (``str(game)``, ``get_parameters()``) with the scores separated by spaces and a JSON
    document in its base64 form: OpenSpiel's game strings split parameters at commas."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        rules_text = str(params.get("rules", "caliente"))
        scores_text = str(params.get("scores", ""))
        rules = rules_from_param(rules_text)
        scores = scores_from_param(scores_text, rules)
        space = ActionSpace(rules)
        bound = utility_bound(rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=space.size,
            max_chance_outcomes=len(Card),
            num_players=rules.players,
            min_utility=-2 * bound,
            max_utility=2 * bound,
            utility_sum=None,
            max_game_length=rules.deck_size + max_actions_per_hand(rules),
        )
        # The parameters as the game names itself: no commas (see rules_param), the scores
        # separated by spaces, so that str(game) loads the same game again.
        named_scores = "" if scores is None else " ".join(map(str, scores))
        super().__init__(GAME_TYPE, info, {"rules": rules_param(rules_text, rules),
                                           "scores": named_scores})
        self.facts = _Facts(rules, space, scores)
        """The rules, action ids and starting scores."""

    def new_initial_state(self) -> CanastaState:
        """The start of a hand: chance deals the first card."""
        return CanastaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CanastaObserver:
        """The observer of information states (perfect recall) or observations."""
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return CanastaObserver(self.facts.rules, iig_obs_type, params)


class _Facts:
    """What every state of a game shares (never copied)."""

    __slots__ = ("rules", "scores", "space")

    def __init__(self, rules: RuleSet, space: ActionSpace, scores: tuple[int, ...] | None
                 ) -> None:
        self.rules = rules
        self.space = space
        self.scores = scores


class _Core:
    """Everything a state holds, in one attribute that copies cheaply: pyspiel clones a Python
    state by deep-copying its attributes, and the engine's states are immutable, so they are
    shared rather than copied."""

    __slots__ = ("actions", "deck", "facts", "left", "remaining", "states")

    def __init__(self, facts: _Facts) -> None:
        rules = facts.rules
        self.facts = facts
        self.deck: list[Card] = []
        self.remaining = list(rules.deck_counts)
        self.left = rules.deck_size
        self.states: list[GameState] = []
        self.actions: list[str] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        new = copy.copy(self)
        new.deck = list(self.deck)
        new.remaining = list(self.remaining)
        new.states = list(self.states)
        new.actions = list(self.actions)
        return new


def _dealt_card(action: int) -> Card:
    """The card kind a chance outcome deals; an ArgumentError naming the outcomes' range for
    an id that is none (not the enum's bare "is not a valid Card")."""
    if not 0 <= action < len(Card):
        raise ArgumentError(f"chance outcome {short_repr(action)}: no such card kind; the "
                            f"chance outcomes are 0 to {len(Card) - 1}, one per kind of card "
                            "(see chance_outcomes())")
    return Card(action)


class CanastaState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A node of the game: the deal in progress, or a state of the hand."""

    def __init__(self, game: CanastaGame) -> None:
        super().__init__(game)
        self._core = _Core(game.facts)

    @property
    def game_state(self) -> GameState | None:
        """The engine state, or ``None`` while chance is still dealing."""
        states = self._core.states
        return states[-1] if states else None

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while dealing, ``TERMINAL`` once the hand has ended."""
        state = self.game_state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.is_hand_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = state.current_player
        assert seat is not None  # a hand in play always has a seat to act
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        state = self.game_state
        if state is None or state.is_hand_over or player != state.current_player:
            return []
        return list(self._core.facts.space.legal_ids(state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The kinds of card still undealt, each with its share of the undealt cards."""
        core = self._core
        left = core.left
        return [(kind, n / left) for kind, n in enumerate(core.remaining) if n]

    def _apply_action(self, action: int) -> None:
        core = self._core
        if not core.states:
            card = _dealt_card(action)
            if not core.remaining[card]:
                raise IllegalActionError(f"chance outcome {action} ({card}): no {card} is left "
                                         "to deal; the legal outcomes are those of "
                                         "chance_outcomes()")
            core.deck.append(card)
            core.remaining[card] -= 1
            core.left -= 1
            if core.left == 0:
                core.states.append(new_game(self._core.facts.rules, seed=0, deck=core.deck,
                                            scores=self._core.facts.scores))
            return
        if core.states[-1].is_hand_over:
            raise IllegalActionError(f"action {short_repr(action)}: the state is terminal (the "
                                     "hand is over, one OpenSpiel episode); start another with "
                                     "game.new_initial_state()")
        chosen = self._core.facts.space.action(action)
        core.states.append(apply(core.states[-1], chosen))
        core.actions.append(str(chosen))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {_dealt_card(action)}"
        return str(self._core.facts.space.action(action))

    def is_terminal(self) -> bool:
        """True once the hand has ended."""
        state = self.game_state
        return state is not None and state.is_hand_over

    def returns(self) -> list[float]:
        """Each player's side's hand reward at the end; zeros before."""
        state = self.game_state
        players = self._core.facts.rules.players
        if state is None or not state.is_hand_over:
            return [0.0] * players
        sides = [hand_reward(state, side) for side in range(self._core.facts.rules.sides)]
        return [sides[state.side_of(p)] for p in range(players)]

    def __str__(self) -> str:
        state = self.game_state
        if state is None:
            return f"dealing: {len(self._core.deck)} cards dealt"
        return str(state)


def view_line(view: View) -> str:
    """Everything in a view, on one line."""
    rules = view.rules
    melds = "/".join(" ".join(str(m).replace(" [canasta]", "*").replace(" ", ".")
                              for m in view.melds(s)) for s in range(rules.sides))
    side_facts = ",".join(f"{len(view.laid_out(s))}:{view.caliente_played(s)}"
                          for s in range(rules.sides))
    return (f"seat {view.seat} hand {'.'.join(c.code for c in view.hand)}"
            f" | sizes {','.join(map(str, view.hand_sizes))} stock {view.stock_size}"
            f" | pile {'.'.join(c.code for c in view.pile)} | melds {melds}"
            f" | out {side_facts} | scores {','.join(map(str, view.scores))}"
            f" | {view.phase.value} to {view.current_player} q {view.question.name.lower()}"
            f" need {view.first_meld_needed} points {view.first_meld_points}"
            f" waiting {'.'.join(c.code for c in view.waiting)}")


class CanastaObserver:
    """The pyspiel observer: information state strings (perfect recall), or observation
    tensors and strings."""

    def __init__(self, rules: RuleSet, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ArgumentError("params: observation parameters are not supported (the "
                                f"observer takes none), got {short_repr(params)}")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        if self.perfect_recall:
            self.tensor = np.zeros(0, np.float32)
            self.dict: dict[str, Any] = {}
        else:
            layout = observation_layout(rules)
            self.tensor = np.zeros(layout[-1].stop, np.float32)
            self.dict = {f.name: self.tensor[f.start:f.stop].reshape(f.shape) for f in layout}

    def set_from(self, state: CanastaState, player: int) -> None:
        """Fill :attr:`tensor` with the observation of ``player`` (zeros while dealing)."""
        if self.perfect_recall:
            return
        game_state = state.game_state
        if game_state is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = observation_of(game_state, player)

    def string_from(self, state: CanastaState, player: int) -> str:
        """The observation string, or the information state string with perfect recall."""
        core = state._core
        if not core.states:
            return f"seat {player}: dealing"
        if not self.perfect_recall:
            return view_line(observe(core.states[-1], player))
        lines = [view_line(observe(core.states[0], player))]
        for action, s in zip(core.actions, core.states[1:], strict=True):
            lines.append(f"{action} -> {view_line(observe(s, player))}")
        return "\n".join(lines)
