"""A Gymnasium single-agent environment: the learner plays one seat, bots play the others.

Conventions:

- The learner plays ``seat`` (default 0); every other seat, its partners included, is played
  by a bot of :mod:`canasta_caliente.players.bots` (``bots=``: a bot or a bot name for every other
  seat, or a mapping from seat to bot or name; default ``"random"``).
- Observations are :func:`~canasta_caliente.rl.observation` of the learner's view; actions are
  the ids of :class:`~canasta_caliente.ActionSpace`. ``info["action_mask"]`` is an int8 vector
  of the legal ids (``action_space.sample(info["action_mask"])`` draws a legal action).
- An id that is not legal ends the episode at once (``terminated``) with ``illegal_reward``
  (default −1) and ``info["illegal_action"] = True``; the game is left as it was.
- ``reward="hand"``: an episode is one hand of a new game; at its end the reward is
  :func:`~canasta_caliente.rl.hand_reward` of the learner's side (its hand score less the mean
  of the other sides'). ``reward="game"``: an episode is a whole game (the environment deals
  each next hand), rewarded +1 for a win and −1/(sides − 1) for a loss at the end. Other steps
  reward 0. The hand may end during the bots' turns; the learner then sees the end at once.
- Seeding: ``reset(seed=s)`` seeds ``np_random``, from which each new game's seed and the bots'
  generator are drawn, so equal seeds and actions give equal episodes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..engine import apply, legal_actions, new_game
from ..players.bots import Bot, get_bot
from ..rules.ruleset import RuleSet
from ..state.game import GameState
from ..views.action_space import ActionSpace
from ..views.view import observe
from .aec import Reward, check_reward, check_rules, episode_reward, finish_hand
from .features import layout_offsets, observation_of

__all__ = ["CanastaGymEnv"]

BotSpec = Bot | str


def _resolve_bot(spec: object) -> Bot:
    if isinstance(spec, str):
        return get_bot(spec)
    if callable(spec):
        return spec
    raise TypeError(f"expected a bot (a callable) or a bot name, got {type(spec).__name__}")


class CanastaGymEnv(gym.Env[npt.NDArray[np.float32], np.int64]):
    """A Gymnasium environment of Canasta for one learner seat (see the module documentation
    for its conventions).

    >>> from canasta_caliente.rl import CanastaGymEnv
    >>> env = CanastaGymEnv(rules="caliente", bots="random")
    >>> obs, info = env.reset(seed=0)
    >>> action = int(env.action_space.sample(info["action_mask"]))
    >>> obs, reward, terminated, truncated, info = env.step(action)
    >>> terminated, info["illegal_action"]
    (False, False)
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        rules: RuleSet | str | None = None,
        *,
        seat: int = 0,
        bots: BotSpec | Sequence[BotSpec] | Mapping[int, BotSpec] = "random",
        reward: Reward = "hand",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        self.rules = check_rules(rules)
        """The rules of every game."""
        self.reward_mode: Reward = check_reward(reward)
        players = self.rules.players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise ValueError(f"no seat {seat!r} at a table of {players}")
        self.seat = seat
        """The learner's seat."""
        others = [s for s in range(players) if s != seat]
        if isinstance(bots, Mapping):
            missing = [s for s in others if s not in bots]
            if missing:
                raise ValueError(f"bots: no bot for seats {missing}")
            self.bots = {s: _resolve_bot(bots[s]) for s in others}
        elif isinstance(bots, str) or callable(bots):
            self.bots = dict.fromkeys(others, _resolve_bot(bots))
        elif isinstance(bots, Sequence):
            if len(bots) != len(others):
                raise ValueError(f"bots: expected one bot for each of the {len(others)} other "
                                 f"seats {others}, got {len(bots)}")
            self.bots = {s: _resolve_bot(b) for s, b in zip(others, bots, strict=True)}
        else:
            raise TypeError(f"bots: expected a bot, a bot name, a sequence or a mapping, got "
                            f"{type(bots).__name__}")
        if not isinstance(illegal_reward, int | float):
            raise TypeError(f"illegal_reward: expected a number, got "
                            f"{type(illegal_reward).__name__}")
        self.illegal_reward = float(illegal_reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, "
                             f"got {render_mode!r}")
        self.render_mode = render_mode
        self.space = ActionSpace(self.rules)
        """The action ids."""
        o = layout_offsets(self.rules)
        self.observation_space = spaces.Box(o.low, o.high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.space.size)
        self._bot_rng = random.Random(0)
        self.game_state: GameState = new_game(self.rules, seed=0)
        """The engine state of the game in play."""
        self._legal_ids: tuple[int, ...] = ()
        self._done = True

    def _mask(self) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.space.size, dtype=np.int8)
        if not self._done:
            mask[list(self._legal_ids)] = 1
        return mask

    def _obs(self) -> npt.NDArray[np.float32]:
        return observation_of(self.game_state, self.seat)

    def _play_bots(self) -> bool:
        """Let the bots act until the learner is to act or the episode ends; return whether
        it has ended."""
        state = self.game_state
        bots, rng = self.bots, self._bot_rng
        while True:
            state, done = finish_hand(state, self.reward_mode)
            if done:
                self.game_state = state
                return True
            seat = state.current_player
            assert seat is not None  # a hand in play always has a seat to act
            if seat == self.seat:
                self.game_state = state
                self._legal_ids = self.space.legal_ids(state)
                return False
            legal = legal_actions(state)
            state = apply(state, bots[seat](observe(state, seat), legal, rng))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start a new game; ``options={"scores": [...]}`` sets the starting game scores."""
        super().reset(seed=seed)
        scores = None if options is None else options.get("scores")
        game_seed = int(self.np_random.integers(2**63 - 1))
        self._bot_rng = random.Random(int(self.np_random.integers(2**63 - 1)))
        self.game_state = new_game(self.rules, seed=game_seed, scores=scores)
        self._done = False
        self._done = self._play_bots()
        return self._obs(), {"action_mask": self._mask(), "illegal_action": False}

    def step(self, action: int | np.integer[Any]
             ) -> tuple[npt.NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learner's action id, then the bots until the learner is to act again."""
        if self._done:
            raise RuntimeError("the episode has ended: call reset() first")
        i = int(action)
        if i not in self._legal_ids:
            self._done = True
            return (self._obs(), self.illegal_reward, True, False,
                    {"action_mask": self._mask(), "illegal_action": True})
        self.game_state = apply(self.game_state, self.space.action(i))
        self._done = self._play_bots()
        reward = 0.0
        if self._done:
            side = self.game_state.side_of(self.seat)
            reward = episode_reward(self.game_state, self.reward_mode, side)
        return (self._obs(), reward, self._done, False,
                {"action_mask": self._mask(), "illegal_action": False})

    def render(self) -> str | None:
        """``"ansi"``: the learner's view of the table as text."""
        if self.render_mode == "ansi":
            return str(observe(self.game_state, self.seat))
        return None
