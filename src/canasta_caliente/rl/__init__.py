"""Reinforcement-learning interfaces: observation tensors, action masks and environments.

This subpackage needs the optional extra ``rl`` (numpy, gymnasium, pettingzoo)::

    pip install "canasta-caliente[rl]"

and the OpenSpiel registration (:func:`register_openspiel`) needs ``openspiel`` too::

    pip install "canasta-caliente[rl,openspiel]"

What it offers:

- :func:`observation` and :func:`observation_layout`: a fixed-length float32 vector of what one
  seat may know (computed from a :class:`~canasta_caliente.View` alone), and its layout field by
  field; :func:`observation_of` gives the same from a state and a seat, faster, and
  :func:`observations_of` many states' at once into one (reusable) array;
  :class:`ObservationTracker` keeps one game's observations from step to step and packs
  again only the segments an action changed (what the environments use);
- :func:`action_mask`: the legal actions of a state as a boolean vector over the ids of
  :class:`~canasta_caliente.ActionSpace`;
- :func:`env` / :class:`CanastaEnv`: a PettingZoo AEC environment, one agent per seat
  (:func:`raw_env`: unwrapped);
- :class:`CanastaGymEnv`: a Gymnasium single-agent environment, the other seats played by bots
  (or, with ``seat=None``, every seat by the learner: self-play), registered with Gymnasium on
  import under :data:`ENV_IDS` (one id per preset);
- :func:`observation_scale`: what the environments' ``normalize=True`` divides by;
- :class:`CanastaVectorEnv`: N Gymnasium games stepped in one call (Gymnasium's ``VectorEnv``),
  observations and masks written as (N, ...) arrays, against bots or in self-play; what
  ``gym.make_vec`` of a registered id builds by default;
- :func:`register_openspiel`: registers the game with pyspiel as ``python_canasta_caliente``.

The modules: ``features`` (the observations and masks), ``_rows`` (the packers of an
observation's segments, which ``features`` joins into rows), ``aec``, ``gym_env`` and
``vector`` (the environments), ``_creators`` (the entry points of the Gymnasium ids, one
name per preset, and their vector entry points, which ``gym.make_vec`` calls), ``openspiel``
(the registration, importable without OpenSpiel), ``_spiel`` (the pyspiel game it registers)
and ``_names`` (the name both read).

The core package (``import canasta_caliente``) never imports numpy; only this subpackage does.

May import: any layer below it (an interface on top, beside :mod:`canasta_caliente.cli`) but
:mod:`canasta_caliente.testing`; nothing imports it.
"""

from __future__ import annotations

from .._extras import missing_extra

try:
    import gymnasium as _gymnasium  # noqa: F401
    import numpy as _numpy  # noqa: F401
    import pettingzoo as _pettingzoo  # noqa: F401
except ImportError as exc:  # pragma: no cover - exercised in an environment without the extra
    raise ImportError(missing_extra("canasta_caliente.rl", "rl", exc.name)) from exc

from ..errors import EpisodeError
from .aec import CanastaEnv, env, hand_reward, raw_env
from .features import (
    SCORE_BOUND,
    Field,
    ObservationTracker,
    action_mask,
    observation,
    observation_layout,
    observation_of,
    observation_scale,
    observation_size,
    observations_of,
)
from .gym_env import ENV_IDS, GENERIC_ID, CanastaGymEnv, register_envs
from .openspiel import register_openspiel
from .vector import CanastaVectorEnv

register_envs()

__all__ = [
    "ENV_IDS",
    "GENERIC_ID",
    "SCORE_BOUND",
    "CanastaEnv",
    "CanastaGymEnv",
    "CanastaVectorEnv",
    "EpisodeError",
    "Field",
    "ObservationTracker",
    "action_mask",
    "env",
    "hand_reward",
    "observation",
    "observation_layout",
    "observation_of",
    "observation_scale",
    "observation_size",
    "observations_of",
    "raw_env",
    "register_envs",
    "register_openspiel",
]
