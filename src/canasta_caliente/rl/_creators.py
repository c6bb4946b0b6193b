"""The entry points of the Gymnasium ids (:data:`~canasta_caliente.rl.ENV_IDS` and
:data:`~canasta_caliente.rl.GENERIC_ID`): the id of a preset is registered with the entry
point ``canasta_caliente.rl._creators:<preset>`` (``gym_env.preset_entry_point``), which
``gym.make`` loads and calls with the caller's keyword arguments, and with the vector entry
point ``canasta_caliente.rl._creators:vector_<preset>`` (``gym_env.vector_entry_point``), which
``gym.make_vec`` calls by default with ``num_envs`` and the same keyword arguments; the generic
id's vector entry point is :func:`make_vector_env`.

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

from .._arguments import check_flag
from ..errors import ArgumentError, CanastaTypeError, short_repr
from .gym_env import ENV_IDS, GENERIC_ID, VECTOR_PREFIX, CanastaGymEnv
from .vector import COPY_KEYWORDS, CanastaVectorEnv, keywords_taken

__all__: list[str] = []

GYM_MAKE_KEYWORDS = frozenset({"copy", "render_mode", "autoreset_mode", "max_episode_steps",
                               "disable_env_checker"})
"""The keywords a vector entry point takes besides the copies' own
(:data:`~canasta_caliente.rl.vector.COPY_KEYWORDS`): the vector environment's, and the two
``gym.make`` passes on (see :func:`make_vector_env`)."""


def check_preset_keywords(preset: str, kwargs: dict[str, Any]) -> None:
    """A TypeError if ``kwargs`` (the caller's keywords for ``preset``'s id) hold ``rules`` or
    ``preset``, which the id fixes: either would make a game of other rules under the preset's
    id."""
    for fixed in ("rules", "preset"):
        if fixed in kwargs:
            raise CanastaTypeError(f"{fixed}: the id {ENV_IDS[preset]!r} is the preset {preset!r} "
                                   "and takes every keyword of CanastaGymEnv but rules (got "
                                   f"{fixed}={short_repr(kwargs[fixed])}); use {GENERIC_ID!r} with "
                                   "rules= for other rules")


def make_preset_env(preset: str, /, **kwargs: Any) -> CanastaGymEnv:
    """The :class:`~canasta_caliente.rl.CanastaGymEnv` of ``preset``'s id, made with every
    keyword of the class but ``rules`` and ``preset``, which the id fixes (a TypeError, see
    :func:`check_preset_keywords`)."""
    check_preset_keywords(preset, kwargs)
    return CanastaGymEnv(preset, **kwargs)


def make_vector_env(num_envs: int = 1, **kwargs: Any) -> CanastaVectorEnv:
    """The vector entry point of :data:`~canasta_caliente.rl.GENERIC_ID` (and, with
    ``rules=`` the preset, of each preset's id): a
    :class:`~canasta_caliente.rl.CanastaVectorEnv` of ``num_envs`` copies made with the
    keywords ``gym.make`` takes for the id, with their meaning there, and ``copy``.

    ``gym.make`` takes two keywords of its own, which ``gym.make_vec`` passes on here:
    ``max_episode_steps`` (a TimeLimit wrapper; None or -1, no limit, are taken) and
    ``disable_env_checker`` (None or True are taken: the vector environment has no checker).
    What they would ask of the vector environment it cannot give, an
    :class:`~canasta_caliente.ArgumentError` naming the keyword and saying to use
    ``vectorization_mode="sync"``; ``render_mode`` and unknown keywords are the class's to
    refuse."""
    limit = kwargs.pop("max_episode_steps", None)
    if limit is not None and limit != -1:
        raise ArgumentError(f"max_episode_steps: the vector environment has no time limit "
                            f"(gym.make's TimeLimit wrapper), got {short_repr(limit)}; give "
                            f"None, or vectorization_mode='sync' for a TimeLimit on each copy")
    checker = kwargs.pop("disable_env_checker", None)
    if checker is not None and not check_flag("disable_env_checker", checker):
        raise ArgumentError("disable_env_checker: the vector environment has no environment "
                            "checker (gym.make's PassiveEnvChecker), got False; give None or "
                            "True, or vectorization_mode='sync' to check each copy")
    return CanastaVectorEnv(num_envs, **kwargs)


def make_preset_vector_env(preset: str, /, num_envs: int = 1, **kwargs: Any
                           ) -> CanastaVectorEnv:
    """The vector entry point of ``preset``'s id: :func:`make_vector_env` of the preset, with
    every keyword it takes but ``rules`` and ``preset`` (a TypeError, as for
    :func:`make_preset_env`)."""
    check_preset_keywords(preset, kwargs)
    unknown = sorted(kwargs.keys() - COPY_KEYWORDS - GYM_MAKE_KEYWORDS)
    if unknown:  # (refused here, where the keywords listed can leave out rules)
        raise CanastaTypeError(f"{ENV_IDS[preset]!r} got unexpected keyword arguments {unknown}: "
                               f"gym.make_vec of it takes {keywords_taken(rules=False)}")
    return make_vector_env(num_envs, rules=preset, **kwargs)


def __getattr__(name: str) -> Callable[..., CanastaGymEnv | CanastaVectorEnv]:
    """The entry point of the id of the preset ``name`` (:func:`make_preset_env` for it), or
    for ``vector_<preset>`` its vector entry point (:func:`make_preset_vector_env`); an
    AttributeError for any other name, as for a module without it."""
    if name in ENV_IDS:
        return functools.partial(make_preset_env, name)
    preset = name.removeprefix(VECTOR_PREFIX)
    if preset != name and preset in ENV_IDS:
        return functools.partial(make_preset_vector_env, preset)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
