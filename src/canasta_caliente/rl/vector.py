"""A Gymnasium vector environment: N games of :class:`~canasta_caliente.rl.CanastaGymEnv`
stepped in one call, their observations written at once into one array.

It behaves as ``gymnasium.vector.SyncVectorEnv`` over N copies of
:class:`~canasta_caliente.rl.CanastaGymEnv` made with the same arguments (the same
observations, rewards, terminations, truncations and infos for the same seeds and actions), and
is faster: each copy plays its learner's action and the bots' replies
(:meth:`CanastaGymEnv.play <canasta_caliente.rl.CanastaGymEnv.play>`) and its row is brought
up to date at once by an :class:`~canasta_caliente.rl.ObservationTracker` kept with it; the
rows are then written into one float32 array of shape (N, size), as
:func:`~canasta_caliente.rl.observations_of` writes them, and the masks into one (N, ids)
array, instead of N observations, N masks and N info dictionaries merged afterwards.

Conventions (Gymnasium 1.x ``VectorEnv``):

- ``step(actions)`` takes an integer array of shape (N,) (one id per copy) and returns the
  observations (N, size) float32, the rewards (N,) float64, the terminations and truncations
  (N,) bool, and the info.
- Autoreset ``NEXT_STEP`` (Gymnasium's default, ``metadata["autoreset_mode"]``): the step
  after a copy's episode ends resets that copy (its action is ignored, not even checked, as
  ``SyncVectorEnv`` ignores it) and returns its first observation with reward 0, not
  terminated.
- The info holds, for every copy, ``info["action_mask"]`` (N, ids) int8, ``info["legal_ids"]``
  (an object array of tuples) and ``info["illegal_action"]`` (N,) bool, each with its ``"_"``
  key (all True), as ``SyncVectorEnv`` merges them; the masks are also given as an (N, ids)
  bool array by :meth:`CanastaVectorEnv.action_masks` (what sb3-contrib's ``MaskablePPO``
  calls). A copy's mask at its episode's last step is all ones (see
  :mod:`canasta_caliente.rl.gym_env`).
- ``reset(seed=s)`` seeds copy ``i`` with ``s + i`` (a list, or a 1-d NumPy array, gives each
  copy its seed), as ``SyncVectorEnv`` does; seeds are Python or NumPy integers ≥ 0 (or None)
  of at most 256 bits, ``s + i`` of every copy included, every one checked before any copy is
  reset; ``options`` go to every copy.
- ``copy=False`` returns the same observation array at every step, rewritten in place (no
  allocation), as ``SyncVectorEnv(copy=False)`` does.
- ``call``, ``get_attr`` and ``set_attr`` reach the copies as ``SyncVectorEnv``'s do.
- Self-play, ``seat=None`` (see :mod:`canasta_caliente.rl.gym_env`): each copy's step is one
  decision, of the seat to act, as pgx steps its batches of games; no bot plays, so a step
  costs a quarter of the engine's work of a step against bots at a four-seat table. Row ``i``
  of the observations and masks is that of ``info["seat"][i]`` ((N,) int64), the reward that
  of the seat that acted, and ``info["rewards"]`` ((N, players) float64) every seat's reward
  of the step.

>>> import numpy as np
>>> from canasta_caliente.rl import CanastaVectorEnv
>>> envs = CanastaVectorEnv(4, rules="caliente")
>>> obs, info = envs.reset(seed=0)
>>> obs.shape, info["action_mask"].shape
((4, 216), (4, 4503))
>>> actions = np.array([ids[0] for ids in info["legal_ids"]])
>>> obs, rewards, terminations, truncations, info = envs.step(actions)
>>> rewards.shape, terminations.dtype
((4,), dtype('bool'))
>>> selfplay = CanastaVectorEnv(4, rules="caliente", seat=None)
>>> obs, info = selfplay.reset(seed=0)
>>> info["seat"].tolist(), info["rewards"].shape
([0, 0, 0, 0], (4, 4))
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from .._arguments import check_count, check_flag
from .._limits import MAX_INT_BITS
from ..errors import (
    ArgumentError,
    CanastaTypeError,
    EpisodeError,
    IllegalActionError,
    describe_value,
    short_repr,
)
from ..rules.ruleset import RuleSet
from ._rows import write_rows
from .aec import check_options, check_seed
from .features import ObservationTracker, layout_offsets
from .gym_env import CanastaGymEnv

__all__ = ["CanastaVectorEnv"]

COPY_KEYWORDS = frozenset(inspect.signature(CanastaGymEnv).parameters) - {"rules",
                                                                          "render_mode"}
"""The keyword arguments of :class:`~canasta_caliente.rl.CanastaGymEnv` that
:class:`CanastaVectorEnv` passes to each copy (``rules`` apart, its own parameter too)."""



def keywords_taken(rules: bool = True) -> str:
    """The keywords :class:`CanastaVectorEnv` takes, as a refusal of others lists them;
    ``rules=False`` leaves out ``rules`` (for a preset's id, which fixes them)."""
    own = "num_envs, rules, copy" if rules else "num_envs, copy"
    return (f"{own}, render_mode=None, autoreset_mode=NEXT_STEP and "
            f"{', '.join(sorted(COPY_KEYWORDS))}")


Observations = npt.NDArray[np.float32]
Actions = npt.NDArray[np.int64]


class CanastaVectorEnv(VectorEnv[Observations, Actions, npt.NDArray[Any]]):
    """``num_envs`` copies of :class:`~canasta_caliente.rl.CanastaGymEnv` stepped together
    (see the module documentation). Every keyword argument but ``copy`` is passed to each
    copy: ``rules``, ``seat``, ``bots``, ``reward``, ``illegal_reward``, ``reward_scale``,
    ``normalize``; ``render_mode`` is None alone (the vector environment does not render: an
    :class:`~canasta_caliente.ArgumentError` for any other), and any other keyword a
    TypeError naming it and those taken. ``gym.make_vec`` of a registered id builds it (see
    :mod:`canasta_caliente.rl._creators`)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - Gymnasium reads it from the instance
        "autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, num_envs: int, rules: RuleSet | str | None = None, *,
                 copy: bool = True, **kwargs: Any) -> None:
        num_envs = check_count("num_envs", num_envs, low=1)
        check_flag("copy", copy)
        if kwargs.pop("render_mode", None) is not None:
            raise ArgumentError("render_mode: the vector environment does not render (it takes "
                                "render_mode=None alone); vectorization_mode='sync' renders "
                                "each copy")
        mode = kwargs.pop("autoreset_mode", AutoresetMode.NEXT_STEP)
        if mode != AutoresetMode.NEXT_STEP:
            raise ArgumentError(f"autoreset_mode: the vector environment resets a finished "
                                f"copy at the next step (AutoresetMode.NEXT_STEP) alone, got "
                                f"{short_repr(mode)}; vectorization_mode='sync' with "
                                f"vector_kwargs={{'autoreset_mode': ...}} gives the others")
        unknown = sorted(kwargs.keys() - COPY_KEYWORDS)
        if unknown:
            raise CanastaTypeError(f"CanastaVectorEnv got unexpected keyword arguments {unknown}: "
                                   f"it takes {keywords_taken()}")
        self.envs = [CanastaGymEnv(rules, **kwargs) for _ in range(num_envs)]
        """The copies, in order (each a :class:`~canasta_caliente.rl.CanastaGymEnv`)."""
        first = self.envs[0]
        self.num_envs = num_envs
        self.copy = copy
        """Whether each step returns a new observation array (else one array, rewritten)."""
        self.rules = first.rules
        """The rules of every game."""
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.metadata = dict(type(self).metadata)
        self._ids = first.space.size
        self._scale = layout_offsets(self.rules).scale if first.normalize else None
        self.self_play = first.seat is None
        """Whether the learner plays every seat (``seat=None``: see the module
        documentation)."""
        self._observations = np.zeros((num_envs, layout_offsets(self.rules).size), np.float32)
        # Whether each copy is reset at the next step (its episode ended at the last one), and
        # the copies so marked, ascending: Python lists, read copy by copy (an entry of a
        # NumPy array is read through a Python call that makes a NumPy scalar).
        self._autoreset = [False] * num_envs
        self._ended: list[int] = []
        # Each copy's observation kept from step to step, rewritten where its state changed.
        self._trackers = [ObservationTracker(self.rules) for _ in range(num_envs)]
        self._rows = [b""] * num_envs
        self._seats = [0] * num_envs  # each copy's observed seat
        self._started = False

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observations, dict[str, Any]]:
        """Start a new game in every copy (see the module documentation for ``seed``). An
        integer ``seed`` also seeds the vector environment's own ``np_random``, as Gymnasium's
        vector environments of a single class (CartPole's) do.

        ``options={"reset_mask": mask}`` (a bool array, one entry a copy, at least one True)
        starts a new game in the copies marked alone, each with its seed of ``seed``, as
        :class:`gymnasium.vector.SyncVectorEnv` does; the others go on where they were. The
        info is every copy's, as after a step."""
        mask = None
        check_options(self.rules, options, strict=True, more=("reset_mask",))  # (all named)
        if options is not None and "reset_mask" in options:
            mask = self._reset_mask(options["reset_mask"])
            options = {k: v for k, v in options.items() if k != "reset_mask"} or None
        seeds = self._seeds(seed)
        if isinstance(seed, int | np.integer):
            super().reset(seed=int(seed))  # (np_random and np_random_seed)
        for i, (env, one) in enumerate(zip(self.envs, seeds, strict=True)):
            if mask is None or mask[i]:
                env.start(seed=one, options=options)
                self._observe(i, env)
                self._autoreset[i] = False
        self._started = True
        self._ended = []
        return self._write(), self._info(np.zeros(self.num_envs, np.bool_))

    def _reset_mask(self, value: object) -> list[bool]:
        """``reset``'s ``reset_mask``, checked: a bool array of one entry a copy, at least one
        True, once every copy has a game (after a first ``reset``)."""
        if not self._started:
            raise EpisodeError("reset_mask: call reset() without it first (the copies not "
                               "reset would have no game)")
        array = np.asarray(value)
        if array.dtype != np.bool_:
            raise CanastaTypeError(f"reset_mask: expected a bool array, one entry a copy, got "
                                   f"{describe_value(value)}")
        if array.shape != (self.num_envs,):
            raise ArgumentError(f"reset_mask: expected one entry per copy, shape "
                                f"({self.num_envs},), got shape {array.shape}")
        if not array.any():
            raise ArgumentError("reset_mask: no copy is marked (at least one entry True)")
        mask: list[bool] = array.tolist()
        return mask

    def render(self) -> tuple[Any, ...] | None:
        """Each copy's frame: ``None`` each, as the copies do not render (``render_mode`` is
        None), as :class:`gymnasium.vector.SyncVectorEnv` gives them."""
        return tuple(None for _ in self.envs)

    def _seeds(self, seed: object) -> list[int | None]:
        """Each copy's seed from ``reset``'s ``seed``, every one checked (as
        :class:`CanastaGymEnv`'s, Python and NumPy integers alike) before any copy is reset:
        None, an integer ``s`` (copy ``i`` gets ``s + i``), or one seed or None per copy (a
        sequence or a 1-d NumPy array); a bad entry is named by its index."""
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, int | np.integer) and not isinstance(seed, bool | np.bool_):
            first = check_seed(seed)
            assert first is not None
            n = self.num_envs
            if (first + n - 1).bit_length() > MAX_INT_BITS:  # copy i's seed is first + i
                i = 2**MAX_INT_BITS - first
                raise ArgumentError(f"seed: copy {i} would be seeded seed + {i}, past "
                                    f"{MAX_INT_BITS} bits (2**{MAX_INT_BITS} - 1 at most); with "
                                    f"{n} copies, seed must be at most 2**{MAX_INT_BITS} - {n}")
            return [first + i for i in range(n)]
        if isinstance(seed, np.ndarray) and seed.ndim == 1:
            seed = list(seed)
        if not isinstance(seed, Sequence) or isinstance(seed, str | bytes):
            raise CanastaTypeError(f"seed: expected None, an int or a list of seeds, got "
                                   f"{describe_value(seed)}")
        if len(seed) != self.num_envs:
            raise ArgumentError(f"seed: expected one seed per copy ({self.num_envs}), got "
                                f"{len(seed)}")
        return [check_seed(one, f"seed[{i}]") for i, one in enumerate(seed)]

    def step(self, actions: Actions) -> tuple[
            Observations, npt.NDArray[np.float64], npt.NDArray[np.bool_],
            npt.NDArray[np.bool_], dict[str, Any]]:
        """Play one id in every copy (a copy whose episode ended at the last step is reset
        instead, its id ignored)."""
        if not self._started:
            raise EpisodeError("call reset() before step()")
        ids = self._actions(actions)
        n = self.num_envs
        ended: list[tuple[int, tuple[float, bool, bool, bool]]] = []
        # Copy by copy, the step's results are kept only where the episode ended (terminated
        # or truncated: the only steps with a reward other than 0, or an illegal id), set into
        # the zeroed arrays afterwards, rather than four NumPy entries set per copy (each a
        # Python call of about 600 instructions, of about 120,000 a copy's step).
        for i, (env, one, resetting) in enumerate(zip(self.envs, ids, self._autoreset,
                                                          strict=True)):
            if resetting:
                env.start()
            else:
                result = env.play(one)
                if result[1] or result[2]:
                    ended.append((i, result))
            self._observe(i, env)
        rewards = np.zeros(n, np.float64)
        terminations = np.zeros(n, np.bool_)
        truncations = np.zeros(n, np.bool_)
        illegal = np.zeros(n, np.bool_)
        autoreset = [False] * n
        for i, result in ended:
            rewards[i], terminations[i], truncations[i], illegal[i] = result
            autoreset[i] = True
        self._autoreset = autoreset
        self._ended = [i for i, _ in ended]
        return self._write(), rewards, terminations, truncations, self._info(illegal)

    def _actions(self, actions: object) -> list[int]:
        """The ids of ``actions``, checked before any copy moves: an integer array (or
        sequence) of one id per copy, each an id of the action space but the ids of the copies
        to be reset, which ignore theirs (whether an id is legal is its copy's affair: an
        illegal id ends that copy's episode)."""
        array = np.asarray(actions)
        # (kind "i" or "u": the dtypes np.issubdtype(dtype, np.integer) accepts, without its
        # Python calls, a few thousand instructions a step)
        if array.dtype.kind not in "iu":
            raise CanastaTypeError("actions: expected integer ids, one per copy, got "
                                   + (f"an array of {array.dtype}" if array.dtype != object
                               else describe_value(actions)))
        if array.shape != (self.num_envs,):
            raise ArgumentError(f"actions: expected one id per copy, shape ({self.num_envs},), "
                                f"got shape {array.shape}")
        ids: list[int] = array.tolist()
        for i, one in enumerate(ids):
            # (a copy to be reset ignores its id, as SyncVectorEnv's does: it is not checked)
            if not 0 <= one < self._ids and not self._autoreset[i]:
                raise IllegalActionError(f"actions[{i}]: no action has id {one}: ids run from "
                                         f"0 to {self._ids - 1}")
        return ids

    def _observe(self, i: int, env: CanastaGymEnv) -> None:
        """Bring copy ``i``'s row up to date, as soon as the copy has moved.

        Not once every copy has moved: the tracker lets go of the copy's last state as it
        observes the new one. Kept alive until the whole batch was observed, the N last
        states (each a dozen objects that the cyclic garbage collector tracks) pushed the
        count of objects made since its last pass past its threshold (700) several times a
        step: at N = 256, 200 self-play steps ran 164 passes of the collector's youngest
        generation, 15 of the middle one and 2 of all objects (10% of the time, measured
        with ``gc.callbacks``), against 19, 2 and 0 (2.3%) observed copy by copy; a step cost
        131,083 instructions against 125,583 (``benchmarks/bench_env.py --instructions``)."""
        self._seats[i] = seat = env.observed_seat
        self._rows[i] = self._trackers[i].row(env.game_state, seat)

    def _write(self) -> Observations:
        """The observations: every copy's row, written into one array."""
        out = self._observations
        write_rows(self._rows, out)
        if self._scale is not None:
            np.divide(out, self._scale, out=out)
        return out.copy() if self.copy else out

    def _masks(self) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.object_]]:
        """Every copy's mask, (N, ids) int8, and its legal ids (an object array of tuples)."""
        n, size = self.num_envs, self._ids
        # The masks are set byte by byte in a bytearray that NumPy then reads in place (as
        # ids_mask does), rather than gathered as a list of flat indices that NumPy converts
        # to an array to index with: 1.0 against 1.6 microseconds a copy at N = 256.
        buffer = bytearray(n * size)
        legal_ids = [env.legal_ids for env in self.envs]
        # The object array made in one call (np.fromiter, which keeps each tuple whole)
        # rather than an entry set per copy (a NumPy call, 600 instructions).
        legal = np.fromiter(legal_ids, object, n)
        for i, ids in enumerate(legal_ids):
            start = i * size
            if len(ids) == size:  # an episode's last step: every id
                buffer[start:start + size] = b"\x01" * size
            else:
                for j in ids:
                    buffer[start + j] = 1
        return np.frombuffer(buffer, np.int8).reshape(n, size), legal

    def _info(self, illegal: npt.NDArray[np.bool_]) -> dict[str, Any]:
        n = self.num_envs
        mask, legal = self._masks()
        every = np.ones(n, np.bool_)
        info = {"action_mask": mask, "_action_mask": every, "legal_ids": legal,
                "_legal_ids": every.copy(), "illegal_action": illegal,
                "_illegal_action": every.copy()}
        if self.self_play:
            info["seat"] = np.array(self._seats, np.int64)
            info["_seat"] = every.copy()
            # Only a copy whose episode has just ended has rewards other than 0.
            rewards = np.zeros((n, self.rules.players), np.float64)
            for i in self._ended:
                rewards[i] = self.envs[i].seat_rewards
            info["rewards"] = rewards
            info["_rewards"] = every.copy()
        return info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Every copy's mask: an (N, ids) bool array, True at the copy's legal ids (all True
        at its episode's last step)."""
        if not self._started:
            raise EpisodeError("call reset() before action_masks()")
        return self._masks()[0].astype(np.bool_)

    def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
        """Call method ``name`` of every copy with the arguments given, or read attribute
        ``name`` if it is not callable; one result a copy, as ``SyncVectorEnv.call`` does."""
        results = []
        for env in self.envs:
            function = env.get_wrapper_attr(name)
            results.append(function(*args, **kwargs) if callable(function) else function)
        return tuple(results)

    def get_attr(self, name: str) -> tuple[Any, ...]:
        """Attribute ``name`` of every copy (``call(name)``, as ``SyncVectorEnv.get_attr``)."""
        return self.call(name)

    def set_attr(self, name: str, values: Any) -> None:
        """Set attribute ``name`` of every copy, as ``SyncVectorEnv.set_attr`` does: to
        ``values[i]`` for copy ``i`` if ``values`` is a list or a tuple (of one value a copy),
        else to ``values`` in every copy."""
        if not isinstance(values, list | tuple):
            values = [values] * self.num_envs
        if len(values) != self.num_envs:
            raise ArgumentError(f"set_attr: expected one value per copy ({self.num_envs}), got "
                                f"{len(values)}")
        for env, value in zip(self.envs, values, strict=True):
            env.set_wrapper_attr(name, value)

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""
