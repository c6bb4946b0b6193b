"""A PettingZoo AEC environment: one agent per seat.

Conventions:

- Agents are ``"player_0"`` to ``"player_{n-1}"``, one per seat; ``agent_selection`` is the seat
  to act (the partner answering ``ask`` included). A seat sitting out the hand never acts.
- Actions are the ids of :class:`~canasta_caliente.ActionSpace`; an id that is not legal raises
  :class:`~canasta_caliente.IllegalActionError` (use the mask).
- Observations are dicts: ``"observation"`` is :func:`~canasta_caliente.rl.observation` of the
  agent's view, ``"action_mask"`` an int8 vector over the ids (all zero for an agent that is not
  to act).
- ``reward="hand"``: an episode is one hand, from the deal of a new game to the end of that
  hand (a player goes out, or the stock runs out, END-1 to END-3). When it ends, each agent
  receives :func:`hand_reward`: its side's hand score less the mean hand score of the other
  sides (zero-sum). Every other step rewards 0.
- ``reward="game"``: an episode is a whole game; the ``deal`` between hands is made by the
  environment. When a side wins, its agents receive +1 and the others −1/(sides − 1).
- Seeding: ``reset(seed=s)`` reseeds the environment's generator, which draws the seed of the
  new game (:func:`~canasta_caliente.new_game`), so equal seeds give equal episodes.
  ``reset(options={"scores": [...]})`` starts the game with these game scores (a hand played
  at 3000, say; other keys are ignored, as PettingZoo's ``api_test`` expects of an
  environment); starting scores beyond ±2**23 are refused (see
  :data:`~canasta_caliente.rl.features.SCORE_BOUND`), and a game whose score passes ±2**23 at
  a hand's end stops there, ``truncated``. ``seed`` is ``None`` or an integer ≥ 0 (a negative
  seed is refused, not folded onto its absolute value).
- :func:`env` returns the environment wrapped as PettingZoo's classic games are, in
  PettingZoo's ``OrderEnforcingWrapper`` (``step``, ``observe``, ``render`` or ``last()``
  before ``reset`` is an :class:`~canasta_caliente.errors.EpisodeError` that says to call
  ``reset``; so is ``step`` or ``last()`` after the episode, as the bare environment's);
  :func:`raw_env` returns it bare, which refuses misuse too
  (:class:`~canasta_caliente.errors.EpisodeError`).
- Actions are checked before anything changes: anything but an integer id (a Python or NumPy
  integer; not a ``bool``, a float or a string) is a ``TypeError``; an id out of range or not
  legal now an :class:`~canasta_caliente.IllegalActionError`. A finished agent (terminated or
  truncated) passes ``None``, its only valid action; anything else, a legal id included, is an
  :class:`~canasta_caliente.ArgumentError` (a ``ValueError``, as PettingZoo's
  ``_was_dead_step`` raises), and the agent stays.
- ``flat=True``: the observation is the vector alone (a ``Box``), and the mask is in
  ``infos[agent]["action_mask"]``, so that observation wrappers (SuperSuit's ``flatten_v0``,
  ``dtype_v0``, ``normalize_obs_v0``, ``frame_stack_v1``, ...) apply. With either form,
  ``infos[agent]["legal_ids"]`` holds the agent's legal ids (a tuple of ints, empty for an
  agent not to act), for libraries that would otherwise walk the whole mask, and
  :meth:`CanastaEnv.action_masks` gives the mask of the agent to act.
- ``normalize=True``: every observation entry divided by
  :func:`~canasta_caliente.rl.observation_scale` (the counts in [0, 1], the game scores in
  units of the target score), for learners that want inputs of about unit size.
- ``reward_scale``: the points a reward of 1 stands for under ``reward="hand"`` (1000: rewards
  in thousands of points, the size most learners expect; default 1, the raw points).

Not every PettingZoo test or converter applies to a turn-based card game: ``aec_to_parallel``
(and ``parallel_api_test``) need every agent to act at once, which Canasta never does
(``metadata["is_parallelizable"]`` is False); ``max_cycles_test`` needs a ``max_cycles``
argument, and a hand ends by its rules (a bounded number of turns), not by a step limit.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from .._arguments import check_flag
from .._arguments import check_seed as check_int_seed
from ..actions import Action, Verb
from ..engine import apply, legal_actions, new_game
from ..errors import (
    ArgumentError,
    CanastaTypeError,
    EpisodeError,
    IllegalActionError,
    describe_value,
    short_repr,
)
from ..rules.given import ruleset_or_preset
from ..rules.ruleset import RuleSet
from ..state.game import GameState, check_side
from ..views.action_space import ActionSpace
from .features import SCORE_BOUND, ObservationTracker, ids_mask, layout_offsets

__all__ = ["CanastaEnv", "Reward", "env", "game_reward", "hand_reward", "raw_env"]

Reward = Literal["hand", "game"]
"""What an episode is and how it is rewarded: ``"hand"`` or ``"game"``."""

End = Literal["play", "terminated", "truncated"]
"""Where an episode stands after an action: going on, over by the rules, or stopped because a
game score passed what an observation holds exactly."""

_DEAL = Action(Verb.DEAL)
_START_LIMIT = SCORE_BOUND // 2
_OPTIONS = ("scores",)
_INTEGERS = (int, np.integer)


def check_reward(reward: object) -> Reward:
    """``reward`` itself, if it is ``"hand"`` or ``"game"``; a TypeError for anything but a
    ``str``, an ArgumentError for another string."""
    if reward == "hand":
        return "hand"
    if reward == "game":
        return "game"
    if not isinstance(reward, str):
        raise CanastaTypeError('reward must be "hand" or "game" (a str), not '
                               f'{describe_value(reward)}')
    raise ArgumentError(f'reward must be "hand" or "game", not {short_repr(reward)}')


def check_render_mode(render_mode: object, modes: list[str]) -> str | None:
    """``render_mode``, if it is None or one of ``modes`` (an environment's
    ``metadata["render_modes"]``): a TypeError for anything but a ``str``, an ArgumentError
    for another string."""
    if render_mode is None:
        return None
    if not isinstance(render_mode, str):
        raise CanastaTypeError(f"render_mode must be None or one of {modes} (a str), not "
                               f"{describe_value(render_mode)}")
    if render_mode not in modes:
        raise ArgumentError(f"render_mode must be None or one of {modes}, not "
                            f"{short_repr(render_mode)}")
    return render_mode


def check_number(name: str, value: object, *, positive: bool = False) -> float:
    """``value`` as a float, if it is a finite real number (positive where asked): a reward
    an observation or a learner can hold. TypeError for another type, ArgumentError for NaN,
    an infinity or a value out of range, naming the parameter."""
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | float | np.number):
        raise CanastaTypeError(f"{name}: expected a real number, got {describe_value(value)}")
    if isinstance(value, int) and abs(value) > 2**53:
        raise ArgumentError(f"{name}: {short_repr(value)} is beyond what a float holds exactly")
    number = float(value)
    if not math.isfinite(number):
        raise ArgumentError(f"{name}: expected a finite number, got {number}")
    if positive and number <= 0:
        raise ArgumentError(f"{name}: expected a number above 0, got {number}")
    return number


def check_seed(seed: object, name: str = "seed") -> int | None:
    """``seed`` as an int, if it is None or an integer >= 0 (a Python or NumPy integer; not a
    ``bool``) of at most :data:`~canasta_caliente._limits.MAX_INT_BITS` bits: the library's
    seed check (:func:`~canasta_caliente._arguments.check_seed`: a TypeError for another
    type), and an ArgumentError for a negative seed (which ``random.seed`` would fold onto its
    absolute value, silently the same game as ``-seed``); ``name``, the parameter, for the
    messages."""
    if seed is None:
        return None
    checked = check_int_seed(name, seed)
    if checked < 0:
        raise ArgumentError(f"{name} must be None or an integer >= 0, not {checked}")
    return checked


def check_options(rules: RuleSet, options: object, *, strict: bool,
                  more: tuple[str, ...] = ()) -> tuple[int, ...] | None:
    """The starting scores from ``reset``'s options (see the module documentation), checked
    before anything changes: scores of the wrong shape and scores an observation cannot hold
    are refused, and unknown options too where ``strict`` (``more``: the options the caller
    reads itself, such as a vector environment's ``reset_mask``)."""
    if options is None:
        return None
    if not isinstance(options, Mapping):
        raise CanastaTypeError("options: expected a mapping or None, got "
                               f"{describe_value(options)}")
    unknown = [k for k in options if k not in _OPTIONS and k not in more]
    if strict and unknown:
        raise ArgumentError(f"options: unknown {short_repr(unknown)}; the options are "
                            f"{[*_OPTIONS, *more]}")
    if options.get("scores") is None:
        return None
    return check_start_scores(rules, options["scores"], "options: scores")


def check_start_scores(rules: RuleSet, scores: Sequence[int], name: str) -> tuple[int, ...]:
    """``scores`` as the starting game scores of an environment's game (``name``, the
    parameter, for the messages): one integer per side, as ``new_game`` checks, each within
    ±2**23; an :class:`~canasta_caliente.ArgumentError` for a score beyond, which an
    observation could not hold exactly once the game has played on. The one check of the
    environments' starting scores (Gymnasium, PettingZoo, OpenSpiel)."""
    checked = new_game(rules, seed=0, scores=scores).scores  # checks their shape
    if any(abs(score) > _START_LIMIT for score in checked):
        raise ArgumentError(f"{name} {short_repr(list(checked), 120)} beyond ±{_START_LIMIT}: "
                            f"an observation holds game scores up to ±{SCORE_BOUND} exactly "
                            "(float32), and a game must be able to play on")
    return checked


def action_id(action: object, size: int) -> int:
    """``action`` as an action id, if it is an integer id in range (``size``: how many ids an
    :class:`~canasta_caliente.ActionSpace` has; a Python or NumPy integer, or a NumPy array
    of one); TypeError for another type (a ``bool``, a float, a string), IllegalActionError
    for an id out of range."""
    if type(action) is int:
        i = action  # the common case, checked without the isinstance tests below
    else:
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action[()]
        if isinstance(action, bool) or not isinstance(action, _INTEGERS):
            raise CanastaTypeError(f"an action is an integer id of the ActionSpace (a Python or "
                                   f"NumPy integer), got {describe_value(action)}")
        i = int(action)
    if not 0 <= i < size:
        raise IllegalActionError(f"no action has id {i}: ids run from 0 to {size - 1}")
    return i


def _check_reward_args(state: object, side: object) -> int:
    """The checks of a reward function's arguments: a GameState (TypeError otherwise) and
    one of its sides (``check_side``), returned as a plain ``int``."""
    if not isinstance(state, GameState):
        raise CanastaTypeError(f"state must be a GameState, not {describe_value(state)}")
    return check_side(state.rules, side)


def hand_reward(state: GameState, side: int) -> float:
    """The reward of a side for the last finished hand of ``state``: its hand score less the
    mean hand score of the other sides (so the sides' rewards add up to zero). A TypeError
    for anything but a GameState and an integer side (a NumPy one too), an
    :class:`~canasta_caliente.ArgumentError` for a side the table does not have or a state
    in which no hand has finished yet."""
    side = _check_reward_args(state, side)
    if not state.hand_results:
        raise ArgumentError("state: no hand has finished yet, so there is no hand score to "
                            "reward (hand_reward reads the last finished hand)")
    totals = state.hand_results[-1].totals
    others = [t for i, t in enumerate(totals) if i != side]
    return float(totals[side] - sum(others) / len(others))


def game_reward(state: GameState, side: int) -> float:
    """The reward of a side at the end of a game: +1 for the winner, −1/(sides − 1) for each
    other side (zero-sum); 0 while the game goes on. Its arguments are checked as
    :func:`hand_reward`'s."""
    side = _check_reward_args(state, side)
    winner = state.winner
    if winner is None:
        return 0.0
    return 1.0 if side == winner else -1.0 / (state.rules.sides - 1)


def finish_hand(state: GameState, reward: Reward) -> tuple[GameState, End]:
    """After an action: deal the next hand when the episode goes on past a hand's end
    (``"game"``), and say where the episode stands: a game whose score passed ±2**23 at a
    hand's end is ``"truncated"`` there (its observation still holds the scores exactly)."""
    if not state.over:  # (is_hand_over, read from its field: a property is a Python call)
        return state, "play"
    if reward == "hand" or state.is_game_over:
        return state, "terminated"
    while state.is_hand_over and not state.is_game_over:
        if any(abs(score) > _START_LIMIT for score in state.scores):
            return state, "truncated"
        state = apply(state, _DEAL)
    return state, "terminated" if state.is_game_over else "play"


def episode_reward(state: GameState, reward: Reward, side: int) -> float:
    """The reward a side receives when the episode ends in ``state`` (0 for a game stopped
    before its end)."""
    return hand_reward(state, side) if reward == "hand" else game_reward(state, side)


class CanastaEnv(AECEnv):  # type: ignore[misc]  # pettingzoo is untyped
    """A PettingZoo AEC environment of Canasta under ``rules`` (see the module documentation
    for its conventions). Made by :func:`env` (wrapped) or :func:`raw_env` (bare)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "name": "canasta_caliente_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, rules: RuleSet | str | None = None, reward: Reward = "hand",
                 render_mode: str | None = None, *, flat: bool = False,
                 normalize: bool = False, reward_scale: float = 1.0) -> None:
        super().__init__()
        self.rules = ruleset_or_preset(rules)
        """The rules of every game."""
        self.reward_mode: Reward = check_reward(reward)
        """``"hand"`` or ``"game"``."""
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        self.flat = check_flag("flat", flat)
        """Whether the observation is the vector alone (the mask in ``infos``)."""
        self.normalize = check_flag("normalize", normalize)
        """Whether observations are divided by :func:`~canasta_caliente.rl.observation_scale`."""
        self.reward_scale = check_number("reward_scale", reward_scale, positive=True)
        """The points a reward of 1 stands for under ``reward="hand"``."""
        self.space = ActionSpace(self.rules)
        """The action ids."""
        # The space's size, read at every step: kept here rather than asked of its property
        # (a Python call).
        self._size = self.space.size
        self.possible_agents = [f"player_{i}" for i in range(self.rules.players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        o = layout_offsets(self.rules)
        self._scale = o.scale if self.normalize else None
        low, high = (o.low / o.scale, o.high / o.scale) if self.normalize else (o.low, o.high)
        vector = spaces.Box(low, high, dtype=np.float32)
        obs_space: spaces.Space[Any] = vector if self.flat else spaces.Dict({
            "observation": vector,
            "action_mask": spaces.Box(0, 1, (self.space.size,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self._rng = random.Random()
        self.game_state: GameState = new_game(self.rules, seed=self._rng.getrandbits(63))
        """The engine state of the game in play."""
        self._legal_ids: tuple[int, ...] = ()
        self._started = False
        # Every seat's observation kept from step to step, rewritten where the state changed.
        self._observations = ObservationTracker(self.rules)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of an agent (every agent has the same)."""
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of an agent: the ids of :attr:`space`."""
        return self.action_spaces[self._agent(agent)]

    def _agent(self, agent: object) -> str:
        if not isinstance(agent, str):
            raise CanastaTypeError(f"an agent is a name such as 'player_0', got "
                                   f"{describe_value(agent)}")
        if agent not in self._seat:
            raise ArgumentError(f"no agent {short_repr(agent)}: the agents are "
                                f"{self.possible_agents}")
        return agent

    def _require_reset(self, call: str) -> None:
        """An EpisodeError saying to call reset before ``call``, if it has not been called
        (the methods called at every step test ``_started`` first, and call this only to
        raise)."""
        if not self._started:
            raise EpisodeError(f"call reset() before {call}")

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Start a new game (see the module documentation for ``seed`` and ``options``)."""
        checked = check_seed(seed)
        scores = check_options(self.rules, options, strict=False)
        if checked is not None:
            self._rng.seed(checked)
        self.game_state = new_game(self.rules, seed=self._rng.getrandbits(63), scores=scores)
        self._started = True
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select(None)

    def _select(self, previous: str | None) -> None:
        """Select the agent to act and set the infos; ``previous``, the agent that acted
        last in this episode (None after reset): the infos of no other agent change."""
        # The seat to act is the turn's player: the state is in play here (reset, or an action
        # that did not end the episode), where current_player (a property: a Python call,
        # at every step) is just that.
        state = self.game_state
        assert not state.over
        seat = state.table.turn.player
        self.agent_selection = agent = self.possible_agents[seat]
        self._legal_ids = ids = self.space.legal_ids(state)
        if previous is None or self.flat:
            # With flat, every agent's mask is a new array.
            self._set_infos(self.agents)
        else:
            # Only the infos of the agent that acted and of the agent to act change (set in
            # this order, as _set_infos would: the same agent may act again), written here
            # rather than through _set_infos's loop, at every step.
            self.infos[previous]["legal_ids"] = ()
            self.infos[agent]["legal_ids"] = ids

    def _set_infos(self, agents: Iterable[str]) -> None:
        """Set the legal ids (and with ``flat`` the mask) in the infos of ``agents``."""
        ids, acting, infos = self._legal_ids, self.agent_selection, self.infos
        for a in agents:
            info = infos[a]
            info["legal_ids"] = ids if a == acting else ()
            if self.flat:
                info["action_mask"] = ids_mask(self._size, info["legal_ids"], np.int8)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The mask of the agent to act: a bool vector over the ids, True at its legal ids
        (all False once the episode has ended)."""
        self._require_reset("action_masks()")
        return ids_mask(self._size, self._legal_ids, np.bool_)

    def observe(self, agent: str) -> Any:
        """The agent's observation: a dict of the vector and the action mask, or (``flat``)
        the vector alone."""
        if not self._started:
            self._require_reset("observe()")
        seat = self._seat.get(agent) if isinstance(agent, str) else None
        if seat is None:
            seat = self._seat[self._agent(agent)]  # not an agent: raises, naming the agents
        return self._observation(agent, seat)

    def _observation(self, agent: str, seat: int) -> Any:
        """:meth:`observe` of an agent known to be one, at ``seat`` (what :meth:`last` calls at
        every step, without observe's checks of its argument)."""
        vector = self._observations.observe(self.game_state, seat)
        if self._scale is not None:
            vector = vector / self._scale
        if self.flat:
            return vector
        ids = self._legal_ids if agent == self.agent_selection else ()
        return {"observation": vector, "action_mask": ids_mask(self._size, ids, np.int8)}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The agent to act's observation (``None`` unless ``observe``), cumulative reward,
        termination, truncation and info; after the episode, an EpisodeError saying to
        reset."""
        if not self._started:
            self._require_reset("last()")
        if not self.agents:
            raise EpisodeError("the episode has ended: call reset() to start another")
        agent = self.agent_selection
        return (self._observation(agent, self._seat[agent]) if observe else None,
                self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action: int | None) -> None:
        """Play an action id for the agent to act (``None`` for a finished agent)."""
        if not self._started:
            self._require_reset("step()")
        if not self.agents:
            raise EpisodeError("the episode has ended: call reset() to start another")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:  # PettingZoo's _was_dead_step raises a ValueError too
                over = "terminated" if self.terminations[agent] else "truncated"
                raise ArgumentError(f"{agent} has {over}: the only valid action of a finished "
                                    f"agent is None, not {describe_value(action)}")
            self._was_dead_step(None)
            return
        if action is None:
            raise IllegalActionError(f"{agent} must act: None is only for finished agents")
        i = action_id(action, self._size)
        # The action read from the space's table rather than through space.action, whose
        # checks action_id has made.
        chosen = self.space.actions[i]
        if i not in self._legal_ids:
            legal = ", ".join(str(a) for a in legal_actions(self.game_state))
            raise IllegalActionError(f"{chosen}: not legal for {agent} now (legal: {legal})")
        self._cumulative_rewards[agent] = 0.0
        state = apply(self.game_state, chosen)
        end: End = "play"
        if state.over:
            state, end = finish_hand(state, self.reward_mode)
        self.game_state = state
        if end == "play":
            # Every reward is 0 here: rewards are given only when the episode ends, and every
            # agent is done then. So the rewards need no clearing, nor adding up.
            self._select(agent)
        else:
            for a in self.agents:
                side = state.side_of(self._seat[a])
                reward = 0.0 if end == "truncated" else episode_reward(state, self.reward_mode,
                                                                       side)
                self.rewards[a] = reward / self.reward_scale if self.reward_mode == "hand" \
                    else reward
                self.terminations[a] = end == "terminated"
                self.truncations[a] = end == "truncated"
            self._legal_ids = ()
            self._set_infos(self.agents)
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """``"ansi"``: the whole table as text, every hand included (the view of whoever runs
        the environment, as PettingZoo's card games render theirs; an agent's is
        :meth:`observe`, and a person playing a seat is to be shown
        ``str(cc.observe(env.game_state, seat))``); ``"human"``: print it. Without a render
        mode, a warning and None, as PettingZoo's own games do: the table, every hand
        included, is shown only when asked for."""
        self._require_reset("render()")
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render mode: it returns None; "
                                  'make the environment with render_mode="ansi" for the '
                                  'table as text (every hand included) or "human" to print it')
            return None
        text = str(self.game_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


class OrderEnforced(OrderEnforcingWrapper):  # type: ignore[misc]  # pettingzoo is untyped
    """PettingZoo's ``OrderEnforcingWrapper``, whose ``step``, ``observe``, ``render`` and
    ``last`` before ``reset``, and ``step`` and ``last()`` after the episode, are the bare
    environment's: an EpisodeError saying to reset (not a bare AssertionError, a warning, or
    a ``KeyError`` of a finished agent).
    ``agents`` and ``agent_selection`` are read from the environment directly rather than
    through the wrappers' ``__getattr__``, with the wrapper's check of ``reset``; every turn of
    ``agent_iter`` reads them (:class:`OrderEnforcedIterator`) from the bare environment."""

    @property
    def agents(self) -> list[str]:
        """The environment's live agents (an AttributeError before ``reset``, as the
        wrapper's)."""
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        agents: list[str] = self.env.agents
        return agents

    @property
    def agent_selection(self) -> str:
        """The environment's agent to act (an AttributeError before ``reset``, as the
        wrapper's)."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        agent: str = self.env.agent_selection
        return agent

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        """The wrapper's ``agent_iter`` (its check of ``reset`` included), whose iterator
        takes each turn in one call (see :class:`OrderEnforcedIterator`)."""
        super().agent_iter(max_iter)
        return OrderEnforcedIterable(self, max_iter)

    def step(self, action: int | None) -> None:
        """The environment's :meth:`CanastaEnv.step`, called directly rather than through the
        wrappers' chain of ``step`` methods: before ``reset`` and after the episode, an
        EpisodeError saying to reset, as the bare environment's (where the wrapper raised a
        bare AssertionError, and only warned after the episode, doing nothing)."""
        if not self._has_reset:
            raise EpisodeError("call reset() before step()")
        self._has_updated = True
        self.env.step(action)

    def observe(self, agent: str) -> Any:
        """The environment's :meth:`CanastaEnv.observe`; before ``reset``, an EpisodeError
        saying to reset (not the wrapper's bare AssertionError)."""
        if not self._has_reset:
            raise EpisodeError("call reset() before observe()")
        return self.env.observe(agent)

    def render(self) -> str | None:
        """The environment's :meth:`CanastaEnv.render`; before ``reset``, an EpisodeError
        saying to reset (not the wrapper's bare AssertionError)."""
        if not self._has_reset:
            raise EpisodeError("call reset() before render()")
        text: str | None = self.env.render()
        return text

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The environment's :meth:`CanastaEnv.last`, after the wrapper's check of ``reset``."""
        if not self._has_reset:
            raise EpisodeError("call reset() before last()")
        result: tuple[Any, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return result


class OrderEnforcedIterable(AECOrderEnforcingIterable):  # type: ignore[misc]  # untyped
    """PettingZoo's ``AECOrderEnforcingIterable``, iterating with an
    :class:`OrderEnforcedIterator`."""

    def __iter__(self) -> OrderEnforcedIterator:
        return OrderEnforcedIterator(self.env, self.max_iter)


class OrderEnforcedIterator(AECOrderEnforcingIterator):  # type: ignore[misc]  # untyped
    """PettingZoo's ``AECOrderEnforcingIterator``, whose ``__next__`` does in one call what
    the wrapper's and its base class's do in two (the second through ``super()``), at every
    turn of ``agent_iter``: the same checks, the same agents, the same errors. It reads
    ``agents`` and ``agent_selection`` from the bare environment, not through the wrapper's
    properties (each a Python call, at every turn): an iterator exists only once the wrapper
    has been reset (``agent_iter`` checks it), when the properties return just these."""

    def __next__(self) -> str:
        env = self.env
        bare = env.env
        if not bare.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        agent: str = bare.agent_selection
        # _has_updated is OrderEnforcingWrapper's flag, which OrderEnforced inherits; PettingZoo's
        # own iterator reads and clears it so, with this assertion and its words.
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        return agent


def raw_env(rules: RuleSet | str | None = None, reward: Reward = "hand",
            render_mode: str | None = None, *, flat: bool = False, normalize: bool = False,
            reward_scale: float = 1.0) -> CanastaEnv:
    """The PettingZoo AEC environment, bare (see :mod:`canasta_caliente.rl.aec`; :func:`env`
    wraps it as PettingZoo's classic games are)."""
    return CanastaEnv(rules=rules, reward=reward, render_mode=render_mode, flat=flat,
                      normalize=normalize, reward_scale=reward_scale)


def env(rules: RuleSet | str | None = None, reward: Reward = "hand",
        render_mode: str | None = None, *, flat: bool = False, normalize: bool = False,
        reward_scale: float = 1.0) -> Any:
    """The PettingZoo AEC environment in PettingZoo's ``OrderEnforcingWrapper`` (a subclass
    whose ``last()`` after the episode says to reset), as its classic games are made (see
    :mod:`canasta_caliente.rl.aec`); the wrapper passes every attribute of
    :class:`CanastaEnv` through (``e.game_state``, ``e.rules``, ...), and ``e.unwrapped`` is
    the bare environment.

    ``rules``: a RuleSet, a preset name or a RuleSet's JSON document (default ``caliente``);
    ``reward``: ``"hand"`` or ``"game"``; ``flat``, ``normalize``, ``reward_scale``: see the
    module documentation.

    >>> from canasta_caliente.rl import env
    >>> e = env(rules="caliente-2p")
    >>> e.reset(seed=0)
    >>> observation, reward, terminated, truncated, info = e.last()
    >>> e.agent_selection, int(observation["action_mask"].sum()) == len(info["legal_ids"])
    ('player_0', True)
    """
    return OrderEnforced(raw_env(rules=rules, reward=reward, render_mode=render_mode,
                                 flat=flat, normalize=normalize, reward_scale=reward_scale))
