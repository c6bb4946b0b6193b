"""The entry points of the presets' Gymnasium ids (:data:`~canasta_caliente.rl.ENV_IDS`): the
id of a preset is registered with the entry point ``canasta_caliente.rl._creators:<preset>``
(``gym_env.preset_entry_point``), which ``gym.make`` loads and calls with the caller's keyword
arguments.

A name per preset, rather than one function told the preset by the id's ``kwargs``: the caller
of ``gym.make`` may override any of those (``gym.make("canasta_caliente/Caliente-v0",
preset="classic")`` built a classic game under the caliente id), while the entry point's name
is the id's own. And a name, not a callable, since ``EnvSpec.to_json`` writes only a string
entry point. The names are given by this module's ``__getattr__`` (PEP 562), in a module of its
own, so that no other name of the package is looked up through it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ..errors import short_repr
from .gym_env import ENV_IDS, GENERIC_ID, CanastaGymEnv

__all__: list[str] = []


def make_preset_env(preset: str, /, **kwargs: Any) -> CanastaGymEnv:
    """The :class:`~canasta_caliente.rl.CanastaGymEnv` of ``preset``'s id, made with every
    keyword of the class but ``rules`` and ``preset``, which the id fixes: a TypeError for
    either, which would make a game of other rules under the preset's id."""
    for fixed in ("rules", "preset"):
        if fixed in kwargs:
            raise TypeError(f"{fixed}: the id {ENV_IDS[preset]!r} is the preset {preset!r} and "
                            f"takes every keyword of CanastaGymEnv but rules (got "
                            f"{fixed}={short_repr(kwargs[fixed])}); use {GENERIC_ID!r} with "
                            "rules= for other rules")
    return CanastaGymEnv(preset, **kwargs)


def __getattr__(name: str) -> Callable[..., CanastaGymEnv]:
    """The entry point of the id of the preset ``name`` (:func:`make_preset_env` for it); an
    AttributeError for any other name, as for a module without it."""
    if name in ENV_IDS:
        return functools.partial(make_preset_env, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
