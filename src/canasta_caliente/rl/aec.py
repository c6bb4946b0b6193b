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
  at 3000, say).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from ..actions import Action, Verb
from ..engine import apply, legal_actions, new_game
from ..errors import IllegalActionError
from ..rules.ruleset import RuleSet
from ..state.game import GameState
from ..views.action_space import ActionSpace
from .features import layout_offsets, observation_of

__all__ = ["CanastaEnv", "Reward", "env", "game_reward", "hand_reward"]

Reward = Literal["hand", "game"]
"""What an episode is and how it is rewarded: ``"hand"`` or ``"game"``."""

_DEAL = Action(Verb.DEAL)


def check_reward(reward: object) -> Reward:
    """``reward`` itself, if it is ``"hand"`` or ``"game"``; ValueError otherwise."""
    if reward == "hand":
        return "hand"
    if reward == "game":
        return "game"
    raise ValueError(f'reward must be "hand" or "game", got {reward!r}')


def check_rules(rules: RuleSet | str | None) -> RuleSet:
    """A RuleSet from a RuleSet, a preset name or None (the ``caliente`` preset)."""
    if rules is None:
        return RuleSet.preset("caliente")
    if isinstance(rules, str):
        return RuleSet.preset(rules)
    if not isinstance(rules, RuleSet):
        raise TypeError(f"expected a RuleSet or a preset name, got {type(rules).__name__}")
    return rules


def hand_reward(state: GameState, side: int) -> float:
    """The reward of a side for the last finished hand of ``state``: its hand score less the
    mean hand score of the other sides (so the sides' rewards add up to zero)."""
    totals = state.hand_results[-1].totals
    others = [t for i, t in enumerate(totals) if i != side]
    return float(totals[side] - sum(others) / len(others))


def game_reward(state: GameState, side: int) -> float:
    """The reward of a side at the end of a game: +1 for the winner, −1/(sides − 1) for each
    other side (zero-sum); 0 while the game goes on."""
    winner = state.winner
    if winner is None:
        return 0.0
    return 1.0 if side == winner else -1.0 / (state.rules.sides - 1)


def finish_hand(state: GameState, reward: Reward) -> tuple[GameState, bool]:
    """After an action: deal the next hand when the episode goes on past a hand's end
    (``"game"``), and say whether the episode is over."""
    if not state.is_hand_over:
        return state, False
    if reward == "hand" or state.is_game_over:
        return state, True
    while state.is_hand_over and not state.is_game_over:
        state = apply(state, _DEAL)
    return state, state.is_game_over


def episode_reward(state: GameState, reward: Reward, side: int) -> float:
    """The reward a side receives when the episode ends in ``state``."""
    return hand_reward(state, side) if reward == "hand" else game_reward(state, side)


class CanastaEnv(AECEnv):  # type: ignore[misc]  # pettingzoo is untyped
    """A PettingZoo AEC environment of Canasta under ``rules`` (see the module documentation
    for its conventions). Made by :func:`env`."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "name": "canasta_caliente_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(self, rules: RuleSet | str | None = None, reward: Reward = "hand",
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.rules = check_rules(rules)
        """The rules of every game."""
        self.reward_mode: Reward = check_reward(reward)
        """``"hand"`` or ``"game"``."""
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, "
                             f"got {render_mode!r}")
        self.render_mode = render_mode
        self.space = ActionSpace(self.rules)
        """The action ids."""
        self.possible_agents = [f"player_{i}" for i in range(self.rules.players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        o = layout_offsets(self.rules)
        obs_space = spaces.Dict({
            "observation": spaces.Box(o.low, o.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.space.size,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self._rng = random.Random()
        self.game_state: GameState = new_game(self.rules, seed=self._rng.getrandbits(63))
        """The engine state of the game in play."""
        self._legal_ids: tuple[int, ...] = ()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of an agent (every agent has the same)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of an agent: the ids of :attr:`space`."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Start a new game (see the module documentation for ``seed`` and ``options``)."""
        if seed is not None:
            self._rng.seed(seed)
        scores: Sequence[int] | None = None
        if options is not None and "scores" in options:
            scores = options["scores"]
        self.game_state = new_game(self.rules, seed=self._rng.getrandbits(63), scores=scores)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.game_state.current_player
        assert seat is not None  # a hand in play always has a seat to act
        self.agent_selection = self.possible_agents[seat]
        self._legal_ids = self.space.legal_ids(self.game_state)

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """The agent's observation and action mask."""
        seat = self._seat[agent]
        mask = np.zeros(self.space.size, dtype=np.int8)
        if agent == self.agent_selection and self._legal_ids:
            mask[list(self._legal_ids)] = 1
        return {"observation": observation_of(self.game_state, seat),
                "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play an action id for the agent to act (``None`` for a finished agent)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} must act: None is only for finished agents")
        chosen = self.space.action(action)
        if action not in self._legal_ids:
            legal = ", ".join(str(a) for a in legal_actions(self.game_state))
            raise IllegalActionError(f"{chosen}: not legal for {agent} now (legal: {legal})")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state, done = finish_hand(apply(self.game_state, chosen), self.reward_mode)
        self.game_state = state
        if done:
            for a in self.agents:
                side = state.side_of(self._seat[a])
                self.rewards[a] = episode_reward(state, self.reward_mode, side)
                self.terminations[a] = True
            self._legal_ids = ()
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """``"ansi"``: the table as text; ``"human"``: print it."""
        text = str(self.game_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(rules: RuleSet | str | None = None, reward: Reward = "hand",
        render_mode: str | None = None) -> CanastaEnv:
    """A PettingZoo AEC environment (see :mod:`canasta_caliente.rl.aec`).

    ``rules``: a RuleSet or a preset name (default ``caliente``); ``reward``: ``"hand"`` or
    ``"game"``.

    >>> from canasta_caliente.rl import env
    >>> e = env(rules="caliente-2p")
    >>> e.reset(seed=0)
    >>> observation, reward, terminated, truncated, info = e.last()
    >>> e.agent_selection, int(observation["action_mask"].sum()) >= 1
    ('player_0', True)
    """
    return CanastaEnv(rules=rules, reward=reward, render_mode=render_mode)
