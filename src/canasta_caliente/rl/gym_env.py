"""A Gymnasium single-agent environment: the learner plays one seat, bots play the others;
or, with ``seat=None``, the learner plays every seat (self-play).

Conventions:

- The learner plays ``seat`` (default 0); every other seat, its partners included, is played
  by a bot of :mod:`canasta_caliente.players.bots` (``bots=``: a bot or a bot name for every other
  seat, a sequence of one per other seat, or a mapping from each other seat, and no other key,
  to a bot or name; default ``"random"``). A seat, the learner's or a mapping's key, is an
  integer, a NumPy integer as much as an ``int`` (kept as an ``int``).
- Self-play, ``seat=None`` (as pgx and OpenSpiel's games step a multi-player game: one step,
  one decision): the learner plays every seat, and no bot plays (``bots=`` is refused). Each
  step plays the id of the seat to act, and the observation and mask are that of the next seat
  to act, ``info["seat"]``. The reward is that of the seat that acted; ``info["rewards"]``
  holds the step's reward of every seat (a float64 array, by seat), so that at an episode's end
  the other seats' rewards reach their last actions. At the end, the observation and mask are
  those of the seat that acted last (``info["seat"]`` still names it). An illegal id gives
  ``illegal_reward`` to the seat that played it and 0 to the others.
- At a table where a member of a side of three sits out each hand (SEAT-3: 5 players, 6 on
  two decks), a seat sitting out the first hand of a game (seat 4; seats 4 and 5) never acts
  in it, so with ``reward="hand"`` (an episode is that hand) it is refused as the learner's
  seat (an :class:`~canasta_caliente.ArgumentError` saying what to choose); with
  ``reward="game"`` its first decision is in the second hand, and ``reset`` plays the first
  hand's bots up to it; should the game end in that first hand (starting scores near the
  target), ``reset`` raises an :class:`~canasta_caliente.ArgumentError` rather than give an
  episode already over.
- Observations are :func:`~canasta_caliente.rl.observation` of the learner's view (a float32
  ``Box`` with finite bounds, :func:`~canasta_caliente.rl.observation_layout`); actions are the
  ids of :class:`~canasta_caliente.ActionSpace`.
- The mask, three ways: :meth:`CanastaGymEnv.action_masks` (a bool vector: the method
  sb3-contrib's ``MaskablePPO`` looks for, so it trains on the bare environment),
  ``info["action_mask"]`` (an int8 vector: ``action_space.sample(info["action_mask"])`` draws a
  legal action) and ``info["legal_ids"]`` (the legal ids, ascending, a tuple of a few ints, for
  libraries that would otherwise walk the whole mask; a tuple, not an array, so that vector
  environments can gather tuples of different lengths).
- The mask at an episode's last step is all ones, and so is ``info["legal_ids"]`` every id:
  there is nothing left to choose, and a vector environment (``gym.make_vec``,
  ``SyncVectorEnv``, ``AsyncVectorEnv``, whose default autoreset takes one more action of every
  copy at its last step and ignores it while it resets) can sample from every copy's mask
  without an empty choice. ``step`` after the last step, without ``reset``, is an
  :class:`~canasta_caliente.errors.EpisodeError`; so is ``step`` after a bot raised during a
  step (its exception passes through; the game was left at the bot's turn).
- Actions are checked first: anything but an integer id (a Python or NumPy integer; not a
  ``bool``, a float or a string) is a ``TypeError`` and an id beyond the action space an
  :class:`~canasta_caliente.IllegalActionError`, and nothing changes. An id of the space that
  is not legal now ends the episode at once (``terminated``) with ``illegal_reward`` (default
  −1, a finite number) and ``info["illegal_action"] = True``; the game is left as it was. It
  is not an error because algorithms without masks (and Gymnasium's ``check_env``) sample any
  id of the space.
- ``reward="hand"``: an episode is one hand of a new game; at its end the reward is
  :func:`~canasta_caliente.rl.hand_reward` of the learner's side (its hand score less the mean
  of the other sides'), divided by ``reward_scale`` (default 1: raw points, in the thousands;
  ``reward_scale=1000`` gives rewards of about unit size, which is what PPO and most learners
  expect). ``reward="game"``: an episode is a whole game (the environment deals each next
  hand), rewarded +1 for a win and −1/(sides − 1) for a loss at the end: a win/loss reward.
  Other steps reward 0. The hand may end during the bots' turns; the learner then sees the end
  at once.
- ``normalize=True``: every observation entry divided by
  :func:`~canasta_caliente.rl.observation_scale` (the counts in [0, 1], game scores in units of
  the target score); for learners that want inputs of about unit size. The space's bounds are
  divided likewise.
- Game scores: ``reset(options={"scores": [...]})`` sets the starting game scores, at most
  ±2**23 (an observation holds game scores up to ±2**24 exactly); a game (``reward="game"``)
  whose score passes ±2**23 at a hand's end stops there, ``truncated``, with reward 0.
  ``options`` takes no other key.
- Seeding: ``reset(seed=s)`` (``s`` an integer ≥ 0) seeds ``np_random``, from which each new
  game's seed and the bots' seed are drawn, so equal seeds and actions give equal episodes.
  Each bot's seat has a :class:`random.Random` of its own, seeded by
  :func:`~canasta_caliente.bots_seed` (of the bots' seed and the seat), as in
  :func:`~canasta_caliente.play_game`: no bot can reseed, or draw from, another seat's, nor
  change the numbers another seat is given by how many it draws.
- Registered ids: importing :mod:`canasta_caliente.rl` registers one Gymnasium id per preset
  (:data:`ENV_IDS`: ``canasta_caliente/Caliente-v0``, ``canasta_caliente/Caliente-2p-v0``, ...),
  so ``gym.make("canasta_caliente/Caliente-2p-v0", bots="heuristic")``, ``gym.make_vec`` and
  SB3's ``make_vec_env`` name it; any keyword argument of :class:`CanastaGymEnv` but ``rules``
  may be given (``rules`` is a TypeError: the id fixes them; :data:`GENERIC_ID` takes any).
  ``gym.make_vec(id, num_envs=N, **kwargs)`` builds a
  :class:`~canasta_caliente.rl.CanastaVectorEnv` of the same keywords (its vector entry
  point); ``vectorization_mode="sync"`` or ``"async"`` Gymnasium's vector environments of
  ``gym.make``'s.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.envs.registration import EnvSpec

from .._arguments import check_flag
from ..engine import apply, legal_actions, new_game, turn_order
from ..errors import ArgumentError, CanastaTypeError, EpisodeError, describe_value, short_repr
from ..players.bots import Bot, get_bot, play_bot
from ..players.rngs import bots_seed
from ..rules.given import ruleset_or_preset
from ..rules.ruleset import RuleSet
from ..state.game import GameState, check_seat
from ..views.action_space import ActionSpace
from ..views.view import observe
from .aec import (
    Reward,
    action_id,
    check_number,
    check_options,
    check_render_mode,
    check_reward,
    check_seed,
    episode_reward,
    finish_hand,
)
from .features import ObservationTracker, ids_mask, layout_offsets

__all__ = ["ENV_IDS", "GENERIC_ID", "CanastaGymEnv", "register_envs"]

BotSpec = Bot | str

ENV_IDS: Mapping[str, str] = {
    name: f"canasta_caliente/{name[0].upper()}{name[1:]}-v0"
    for name in RuleSet.preset_names()
}
"""The Gymnasium id of each preset (``"caliente-2p"``: ``"canasta_caliente/Caliente-2p-v0"``),
registered on import of :mod:`canasta_caliente.rl`; ``gym.make(id, **kwargs)`` (and
``gym.make_vec(id, num_envs, **kwargs)``, a :class:`~canasta_caliente.rl.CanastaVectorEnv`)
takes any keyword argument of :class:`CanastaGymEnv` but ``rules`` (and ``preset``): a
TypeError, since the id fixes them. :data:`GENERIC_ID` takes ``rules=``
too (a RuleSet of house rules, say)."""

GENERIC_ID = "canasta_caliente/Canasta-v0"
"""The Gymnasium id of :class:`CanastaGymEnv` under any rules (``rules=`` a RuleSet, a preset
name or a RuleSet's JSON document, ``rules.to_json()``, which keeps the environment's spec
JSON: ``env.spec.to_json()``; default ``caliente``)."""

_ENTRY_POINT = "canasta_caliente.rl.gym_env:CanastaGymEnv"

VECTOR_PREFIX = "vector_"
"""What the name of a preset's vector entry point in :mod:`canasta_caliente.rl._creators` puts
before the preset's name (``vector_caliente-2p``; the preset's own name is its entry point)."""


def preset_entry_point(preset: str) -> str:
    """The entry point of the id of ``preset`` (:data:`ENV_IDS`): a name of its own in
    :mod:`canasta_caliente.rl._creators`, which makes the preset's environment and refuses
    ``rules`` and ``preset`` (see there why a name per preset)."""
    return f"canasta_caliente.rl._creators:{preset}"


def vector_entry_point(preset: str | None) -> str:
    """The vector entry point of the id of ``preset`` (:data:`ENV_IDS`; None:
    :data:`GENERIC_ID`), which ``gym.make_vec`` calls by default: a name in
    :mod:`canasta_caliente.rl._creators` that makes a
    :class:`~canasta_caliente.rl.CanastaVectorEnv` with the keywords ``gym.make`` takes for
    the id, refusing those it cannot honour."""
    name = "make_vector_env" if preset is None else VECTOR_PREFIX + preset
    return f"canasta_caliente.rl._creators:{name}"


def register_envs() -> None:
    """Register :data:`ENV_IDS` and :data:`GENERIC_ID` with Gymnasium, each with its vector
    entry point (``gym.make_vec`` builds a :class:`~canasta_caliente.rl.CanastaVectorEnv`);
    done on import of :mod:`canasta_caliente.rl`; calling it again changes nothing."""
    if GENERIC_ID not in gym.registry:
        gym.register(id=GENERIC_ID, entry_point=_ENTRY_POINT,
                     vector_entry_point=vector_entry_point(None), kwargs={})
    for name, env_id in ENV_IDS.items():
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point=preset_entry_point(name),
                         vector_entry_point=vector_entry_point(name), kwargs={})


def _resolve_bot(spec: object, name: str) -> Bot:
    """The bot ``spec`` gives (a bot name or a callable; ``name``, the parameter, for the
    messages)."""
    if isinstance(spec, str):
        return get_bot(spec)
    if callable(spec):
        return spec
    raise CanastaTypeError(f"{name}: expected a bot (a callable) or a bot name, got "
                           f"{describe_value(spec)}")


def _resolve_bots(rules: RuleSet, seat: int | None, bots: object) -> dict[int, Bot]:
    """The bot of each seat the learner (``seat``; None: self-play) does not play, from the
    ``bots`` argument, checked whole before the environment is built: a mapping must key
    exactly the other seats (not the learner's, none the table lacks), a sequence hold one
    bot per other seat; a ``str`` is one bot's name, ``bytes`` no bot at all."""
    others = [s for s in range(rules.players) if s != seat]
    if seat is None:
        if bots is not None:
            raise ArgumentError("bots: in self-play (seat=None) the learner plays every seat, "
                                "so no bot plays")
        return {}
    if bots is None:
        return dict.fromkeys(others, get_bot("random"))
    if isinstance(bots, str) or callable(bots):
        return dict.fromkeys(others, _resolve_bot(bots, "bots"))
    if isinstance(bots, Mapping):
        # Keyed by the checked seats, plain ints (a NumPy integer key read as its int).
        keyed = {check_seat(rules, key, f"bots: the key {short_repr(key)}"): spec
                 for key, spec in bots.items()}
        if seat in keyed:
            raise ArgumentError(f"bots: seat {seat} is the learner's (seat={seat}), which no "
                                f"bot plays; give bots for the other seats {others}")
        missing = [s for s in others if s not in keyed]
        if missing:
            raise ArgumentError(f"bots: no bot for seats {missing} (the seats other than the "
                                f"learner's, {others}, each need one)")
        return {s: _resolve_bot(keyed[s], f"bots[{s}]") for s in others}
    if isinstance(bots, bytes | bytearray | memoryview) or not isinstance(bots, Sequence):
        raise CanastaTypeError("bots: expected a bot, a bot name, a sequence or a mapping of "
                               f"them, got {describe_value(bots)}")
    if len(bots) != len(others):
        raise ArgumentError(f"bots: expected one bot for each of the {len(others)} other "
                            f"seats {others}, got {len(bots)}")
    return {s: _resolve_bot(b, f"bots[{i}]") for i, (s, b) in enumerate(zip(others, bots,
                                                                          strict=True))}


def check_learner_plays(rules: RuleSet, seat: int | None, reward: Reward) -> None:
    """An :class:`~canasta_caliente.ArgumentError` if the learner's ``seat`` would have no
    decision in any episode: under ``reward="hand"`` an episode is the first hand of a new
    game, and at a table where a member of a side of three sits out (SEAT-3) the seats sitting
    out that hand (5 players: seat 4; 6 players on two decks: seats 4 and 5) never act in it.
    Gymnasium's ``reset`` must give an episode still to play; the message says what to choose
    instead."""
    if seat is None or reward != "hand":
        return
    playing = sorted(turn_order(rules, 1))
    if seat not in playing:
        raise ArgumentError(
            f'seat {seat} sits out the first hand of every game at this table (SEAT-3), and '
            f'with reward="hand" an episode is that hand alone, so the learner would never '
            f'act; choose a seat that plays it ({", ".join(map(str, playing))}), '
            f'reward="game" (the seat first acts in a later hand) or seat=None (self-play)')


def unplayed_episode(rules: RuleSet, seat: int | None, scores: Sequence[int]) -> str:
    """Why ``reset`` gives no episode: the game ended in its first hand, which the learner's
    ``seat`` sat out, before the learner's first decision (only starting ``scores`` near the
    target or the score bound let it end so soon)."""
    playing = ", ".join(map(str, sorted(turn_order(rules, 1))))
    return (f"the game ended in its first hand, which seat {seat} sits out (SEAT-3), before "
            f"the learner's first decision (starting scores {list(scores)}, target "
            f"{rules.target_score}): reset with other options={{'scores': ...}}, or choose a "
            f"seat that plays the first hand ({playing})")


@functools.cache
def _all_ids(size: int) -> tuple[int, ...]:
    """Every id of an action space of ``size`` ids, ascending (the legal ids given at an
    episode's last step): one tuple shared by every environment of that size, where a tuple
    each held its own 4,503 ints (ints above 256 are objects of their own), 180 kB a copy,
    46 MB at N = 256 copies of the vector environment."""
    return tuple(range(size))


class CanastaGymEnv(gym.Env[npt.NDArray[np.float32], np.int64]):
    """A Gymnasium environment of Canasta for one learner seat (see the module documentation
    for its conventions).

    >>> from canasta_caliente.rl import CanastaGymEnv
    >>> env = CanastaGymEnv(rules="caliente", bots="random")
    >>> obs, info = env.reset(seed=0)
    >>> action = int(env.action_space.sample(info["action_mask"]))
    >>> obs, reward, terminated, truncated, info = env.step(action)
    >>> terminated, info["illegal_action"], bool(env.action_masks()[list(info["legal_ids"])].all())
    (False, False, True)
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        rules: RuleSet | str | None = None,
        *,
        seat: int | None = 0,
        bots: BotSpec | Sequence[BotSpec] | Mapping[int, BotSpec] | None = None,
        reward: Reward = "hand",
        illegal_reward: float = -1.0,
        reward_scale: float = 1.0,
        normalize: bool = False,
        render_mode: str | None = None,
    ) -> None:
        self.rules = ruleset_or_preset(rules)
        """The rules of every game."""
        self.reward_mode: Reward = check_reward(reward)
        players = self.rules.players
        if seat is not None:
            seat = check_seat(self.rules, seat, "seat (or None for self-play)")  # an int
        check_learner_plays(self.rules, seat, self.reward_mode)
        self.seat = seat
        """The learner's seat; ``None`` in self-play (the learner plays every seat)."""
        self.bots: dict[int, Bot] = _resolve_bots(self.rules, seat, bots)
        """The bot of each seat the learner does not play (none in self-play)."""
        self.illegal_reward = check_number("illegal_reward", illegal_reward)
        """The reward of an illegal id (it ends the episode)."""
        self.reward_scale = check_number("reward_scale", reward_scale, positive=True)
        """The points a reward of 1 stands for under ``reward="hand"``."""
        self.normalize = check_flag("normalize", normalize)
        """Whether observations are divided by :func:`~canasta_caliente.rl.observation_scale`."""
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        self.space = ActionSpace(self.rules)
        # The space's size, read at every step: kept here rather than asked of its property
        # (a Python call).
        self._size = self.space.size
        """The action ids."""
        # Likewise the actions by id, read at every step (space.actions is a property).
        self._actions = self.space.actions
        o = layout_offsets(self.rules)
        self._scale = o.scale if self.normalize else None
        low, high = (o.low / o.scale, o.high / o.scale) if self.normalize else (o.low, o.high)
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.space.size)
        # The spec gym.make would give (gym.make replaces it with its own): what rebuilds it.
        # (a mapping of bots by its keys' checked ints: a spec of NumPy keys is one of ints)
        spec_bots = {int(k): b for k, b in bots.items()} if isinstance(bots, Mapping) else bots
        kwargs = {"seat": seat, "bots": spec_bots, "reward": reward,
                  "illegal_reward": illegal_reward, "reward_scale": reward_scale,
                  "normalize": normalize, "render_mode": render_mode}
        if isinstance(rules, str) and rules in ENV_IDS:
            self.spec = EnvSpec(id=ENV_IDS[rules], entry_point=preset_entry_point(rules),
                                vector_entry_point=vector_entry_point(rules), kwargs=kwargs)
        else:
            self.spec = EnvSpec(id=GENERIC_ID, entry_point=_ENTRY_POINT,
                                vector_entry_point=vector_entry_point(None),
                                kwargs={"rules": rules, **kwargs})
        # Each bot's generator, by its seat (made anew at every reset; none in self-play)
        self._bot_rngs: dict[int, random.Random] = {}
        self.game_state: GameState = new_game(self.rules, seed=0)
        """The engine state of the game in play."""
        self._legal_ids: tuple[int, ...] = ()
        self._every_id = _all_ids(self.space.size)
        # The seat observed: the learner's, or in self-play the seat to act (at an episode's
        # end, the seat that acted last); and every seat's reward of the last step.
        self._observed = 0 if seat is None else seat
        self._no_rewards = (0.0,) * players
        self._rewards = self._no_rewards
        # The learner's observation kept from step to step, rewritten where the state changed.
        self._observations = ObservationTracker(self.rules)
        self._started = False
        self._done = True
        # Whether a bot raised in the episode (_play_bots): its end, which reset clears.
        self._bot_failed = False

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's mask: a bool vector over the ids, True at its legal ids (all True at
        an episode's last step, see the module documentation). sb3-contrib's ``MaskablePPO``
        calls it."""
        if not self._started:
            raise EpisodeError("call reset() before action_masks()")
        if self._done:
            return np.ones(self.space.size, dtype=np.bool_)
        return ids_mask(self._size, self._legal_ids, np.bool_)

    def _info(self, illegal: bool) -> dict[str, Any]:
        if self._done:
            mask = np.ones(self.space.size, dtype=np.int8)
            ids = self._every_id
        else:
            ids = self._legal_ids
            mask = ids_mask(self._size, ids, np.int8)
        info = {"action_mask": mask, "legal_ids": ids, "illegal_action": illegal}
        if self.seat is None:
            info["seat"] = self._observed
            info["rewards"] = np.array(self._rewards, np.float64)
        return info

    @property
    def observed_seat(self) -> int:
        """The seat whose observation and mask the environment gives: the learner's, or in
        self-play the seat to act (at an episode's end, the seat that acted last)."""
        return self._observed

    @property
    def seat_rewards(self) -> tuple[float, ...]:
        """Every seat's reward of the last step, in seat order (``info["rewards"]`` in
        self-play): the step's reward is that of the seat that acted (the learner's)."""
        return self._rewards

    def _obs(self) -> npt.NDArray[np.float32]:
        vector = self._observations.observe(self.game_state, self._observed)
        return vector if self._scale is None else vector / self._scale

    def _play_bots(self) -> str:
        """Let the bots act until the learner is to act or the episode ends; return where the
        episode stands (``"play"``, ``"terminated"``, ``"truncated"``). In self-play no bot
        acts: the learner is to act at once, in the seat to act.

        A bot that raises (or returns what is no legal action) leaves the game at its turn,
        with the learner's legal ids of before: the episode is then marked broken, so that a
        later step is an EpisodeError saying to reset rather than the learner's id played for
        the bot's seat (a ``try`` costs nothing until something raises)."""
        state = self.game_state
        bots, rngs, learner = self.bots, self._bot_rngs, self.seat
        try:
            while True:
                # finish_hand only at a hand's end (over: is_hand_over's field), where it has
                # work: in play it gives the state back, "play", for a Python call a move.
                if state.over:
                    state, end = finish_hand(state, self.reward_mode)
                    if end != "play":
                        self.game_state = state
                        return end
                # The turn's player: what current_player (a property: a Python call, at every
                # move) is in a state in play (not over, or finish_hand's "play").
                seat = state.table.turn.player
                if seat == learner or learner is None:
                    self.game_state = state
                    self._observed = seat
                    self._legal_ids = self.space.legal_ids(state)
                    return "play"
                legal = legal_actions(state)
                # (play_bot: bot_action without its checks of the seat, the legal list and
                # the generator, which are the environment's own, made right here)
                state = apply(state, play_bot(bots[seat], state, seat, legal, rngs[seat]))
        except BaseException:
            self._done = self._bot_failed = True
            raise

    @property
    def legal_ids(self) -> tuple[int, ...]:
        """The learner's legal ids now, ascending (every id at an episode's last step, as
        ``info["legal_ids"]``)."""
        if not self._started:
            raise EpisodeError("call reset() before legal_ids")
        return self._every_id if self._done else self._legal_ids

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start a new game; ``options={"scores": [...]}`` sets the starting game scores (see
        the module documentation for what is refused)."""
        self.start(seed=seed, options=options)
        return self._obs(), self._info(False)

    def start(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """:meth:`reset` without building the observation and the info (what
        :class:`~canasta_caliente.rl.CanastaVectorEnv` calls before observing every copy at
        once): start a new game and let the bots act until the learner is to act."""
        checked = check_seed(seed)
        scores = check_options(self.rules, options, strict=True)
        super().reset(seed=checked)
        game_seed = int(self.np_random.integers(2**63 - 1))
        bot_seed = int(self.np_random.integers(2**63 - 1))
        state = new_game(self.rules, seed=game_seed, scores=scores)
        self._bot_rngs = {seat: random.Random(bots_seed(bot_seed, seat=seat))
                          for seat in self.bots}
        self.game_state = state
        self._started = True
        self._done = self._bot_failed = False
        self._rewards = self._no_rewards
        end = self._play_bots()
        if end != "play":  # the episode ended before the learner's first decision
            self._started = False
            raise ArgumentError(unplayed_episode(self.rules, self.seat, state.scores))
        self._done = False

    def step(self, action: int | np.integer[Any]
             ) -> tuple[npt.NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learner's action id, then the bots until the learner is to act again (in
        self-play, the id of the seat to act, and no bot)."""
        reward, terminated, truncated, illegal = self.play(action)
        return self._obs(), reward, terminated, truncated, self._info(illegal)

    def play(self, action: int | np.integer[Any]) -> tuple[float, bool, bool, bool]:
        """:meth:`step` without building the observation and the info (what
        :class:`~canasta_caliente.rl.CanastaVectorEnv` calls before observing every copy at
        once): the reward, whether the episode is terminated, truncated, and whether the id
        was illegal (it ends the episode, see the module documentation)."""
        if not self._started:
            raise EpisodeError("call reset() before step()")
        legal_ids = self._legal_ids
        # A legal id given as an int (the common case, the vector environment's) is an id of
        # the space: action_id's checks (a Python call, 800 instructions a step) are made
        # for anything else.
        if type(action) is int and action in legal_ids:
            i, legal = action, True
        else:
            i = action_id(action, self._size)
            legal = i in legal_ids
        if self._done:
            if self._bot_failed:
                raise EpisodeError("a bot failed (raised) during the last step, leaving the "
                                   "game at its turn: the episode cannot go on; call reset() "
                                   "to start another")
            raise EpisodeError("the episode has ended: call reset() to start another")
        acting = self._observed
        if not legal:
            self._done = True
            rewards = list(self._no_rewards)
            rewards[acting] = self.illegal_reward
            self._rewards = tuple(rewards)
            return self.illegal_reward, True, False, True
        # The action read from the space's table rather than through space.action, whose
        # checks are made (a legal id, or action_id's).
        self.game_state = apply(self.game_state, self._actions[i])
        end = self._play_bots()
        self._done = end != "play"
        if end == "terminated":
            self._rewards = tuple(map(self._reward_of, range(self.rules.players)))
            return self._rewards[acting], True, False, False
        self._rewards = self._no_rewards
        return 0.0, False, end == "truncated", False

    def _reward_of(self, seat: int) -> float:
        """The reward of ``seat`` at the end of the episode, in ``self.game_state``."""
        state = self.game_state
        reward = episode_reward(state, self.reward_mode, state.side_of(seat))
        return reward / self.reward_scale if self.reward_mode == "hand" else reward

    def render(self) -> str | None:
        """``"ansi"``: the view of the table of the seat observed (the learner's) as text."""
        if not self._started:
            raise EpisodeError("call reset() before render()")
        if self.render_mode == "ansi":
            return str(observe(self.game_state, self._observed))
        return None
