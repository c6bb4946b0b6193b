"""The checks of a public function's parameters, in one place at the bottom of the layers: a
wrong type is a :class:`TypeError`, a value out of range an
:class:`~canasta_caliente.errors.ArgumentError`, each naming the parameter and what it takes.
A ``bool`` is not a count, though Python makes it an ``int``; a NumPy integer is one.
"""

from __future__ import annotations

import inspect
import math
import numbers
import os
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ._limits import MAX_INT_BITS
from .errors import ArgumentError, CanastaTypeError, describe_value, short_repr

__all__ = ["WORKERS_PER_CPU", "as_integer", "check_count", "check_flag", "check_iterations",
           "check_options", "check_rng", "check_seconds", "check_seed", "check_workers",
           "read_real", "refuse_options", "signature_text", "takes_arguments",
           "usable_cpus"]

MAX_SECONDS = 86_400.0
"""The longest time budget a bot takes per decision, in seconds (a day)."""


MAX_ITERATIONS = 10_000_000
"""The most simulations a search takes per decision (``iterations=``): hours of thinking, far
past any real use (a strong player takes thousands), the budget's bound as :data:`MAX_SECONDS`
is the time's, so that no bounded-looking call runs for ever."""


MAX_HANDS = 200
"""The hands after which a game not over stops, with no winner, when no limit is given
(``max_hands=`` of :func:`~canasta_caliente.simulate` and the other studies; ``play`` at the
terminal): a game of any preset ends in a few hands, and one of house rules under which no
side's score can reach the target (every hand ending in its deal, DEAL-4, say) would otherwise
never end."""


WORKERS_PER_CPU = 4
"""The most worker processes a simulation starts for each CPU it may use (:func:`check_workers`).
A game is played on one CPU, so workers past the CPUs play no faster, and each is a process
with its own copy of the engine in memory; a few per CPU leave room for a CPU count that
undercounts (hyperthreads, a container's quota), while a count typed by mistake (30 on two
CPUs, 100,000) is refused rather than started."""


def as_integer(value: object) -> int | None:
    """``value`` as a plain ``int`` if it is an integer as the library reads one, ``None``
    otherwise: an ``int`` or any other :class:`numbers.Integral` (NumPy's integer scalars are
    registered as such), but not a ``bool``. The one test of "an integer" of the counts, the
    seeds and the seats (:func:`~canasta_caliente.state.game.check_seat`)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        return None
    return int(value)


def check_count(name: str, value: Any, *, low: int = 0, high: int | None = None) -> int:
    """``value`` as an ``int``, checked to be an integer (not a ``bool``) of at least ``low``
    and, if ``high`` is given, at most ``high``."""
    count = as_integer(value)
    if count is None:
        raise CanastaTypeError(f"{name} must be an int, not {describe_value(value)}")
    if count < low:
        raise ArgumentError(f"{name} must be an integer of at least {low}, not "
                            f"{short_repr(count)}")
    if high is not None and count > high:
        raise ArgumentError(f"{name} must be an integer of at most {high:,}, not "
                            f"{short_repr(count)}")
    return count


def check_iterations(name: str, value: Any) -> int:
    """``value`` as an ``int``, checked to be a search budget: an integer from 1 to
    :data:`MAX_ITERATIONS`."""
    return check_count(name, value, low=1, high=MAX_ITERATIONS)


def usable_cpus() -> int:
    """The CPUs this process may run on: its CPU affinity where the system reports one (a
    limit set by ``taskset`` or a container), else :func:`os.cpu_count`; at least 1."""
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        try:
            return max(1, len(affinity(0)))
        except OSError:
            pass
    return max(1, os.cpu_count() or 1)


def check_workers(name: str, value: Any) -> int:
    """``value`` as an ``int``, checked to be the size of a process pool this process starts:
    an integer from 1 to :data:`WORKERS_PER_CPU` times :func:`usable_cpus`, the message of a
    larger one saying why."""
    workers = check_count(name, value, low=1)
    cpus = usable_cpus()
    most = WORKERS_PER_CPU * cpus
    if workers > most:
        raise ArgumentError(
            f"{name} must be at most {most}, {WORKERS_PER_CPU} for each CPU this process may "
            f"use ({cpus} here): a worker is a process playing on one CPU, so more workers "
            f"play no faster and each takes memory; not {short_repr(workers)}")
    return workers


def check_seed(name: str, value: Any) -> int:
    """``value`` as an ``int`` seed: an integer (not a ``bool``, not ``None``) of at most
    :data:`~canasta_caliente._limits.MAX_INT_BITS` bits, as every document holds."""
    seed = as_integer(value)
    if seed is None:
        raise CanastaTypeError(f"{name} must be an int, not {describe_value(value)}")
    if seed.bit_length() > MAX_INT_BITS:
        raise ArgumentError(f"{name} must be an integer of at most {MAX_INT_BITS} bits "
                            f"(below 2**{MAX_INT_BITS} in size), not {describe_value(seed)}")
    return seed


def check_flag(name: str, value: Any) -> bool:
    """``value``, checked to be a ``bool``."""
    if not isinstance(value, bool):
        raise CanastaTypeError(f"{name} must be True or False, not {describe_value(value)}")
    return value


def check_choice(name: str, value: Any, choices: tuple[str, ...]) -> str:
    """``value``, checked to be one of ``choices``: a :class:`TypeError` naming the parameter
    ``name`` if it is not a string, an :class:`~canasta_caliente.errors.ArgumentError` if it
    is another."""
    listed = ", ".join(map(repr, choices))
    if not isinstance(value, str):
        raise CanastaTypeError(f"{name} must be a str (one of {listed}), not "
                               f"{describe_value(value)}")
    if value not in choices:
        raise ArgumentError(f"{name} must be one of {listed}, not {value!r}")
    return value


def read_real(name: str, value: Any) -> float:
    """``value``, a real number (not a ``bool``), as a ``float``: a :class:`TypeError` naming
    the parameter ``name`` otherwise. An integer past a float's range reads as infinity, for
    the caller's range check to refuse."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise CanastaTypeError(f"{name} must be a number, not {describe_value(value)}")
    try:
        return float(value)
    except OverflowError:  # an integer past a float's range
        return math.inf


def check_seconds(name: str, value: Any) -> float:
    """``value`` as a ``float``, checked to be a number of seconds above 0 and at most
    :data:`MAX_SECONDS`."""
    seconds = read_real(name, value)
    if not (0 < seconds <= MAX_SECONDS) or math.isnan(seconds):
        raise ArgumentError(f"{name} must be a positive number of seconds, at most "
                            f"{MAX_SECONDS:g}, not {seconds!r}")
    return seconds


def check_rng(name: str, value: Any) -> random.Random:
    """``value``, checked to be a :class:`random.Random` (or a subclass of it)."""
    if not isinstance(value, random.Random):
        raise CanastaTypeError(f"{name} must be a random.Random (such as random.Random(seed)), not "
                               f"{describe_value(value)}")
    return value


def check_options(who: str, maker: Callable[..., object], options: Mapping[str, Any]) -> None:
    """Refuse, with a :class:`TypeError` that names ``who`` and lists what it takes, keyword
    ``options`` that ``maker`` (a bot's class or factory) has no parameter for: Python's own
    message names the maker's ``__init__`` or an inner function, not what the caller called."""
    try:
        parameters = inspect.signature(maker).parameters.values()
    except (TypeError, ValueError):  # (a maker whose signature cannot be read: it decides)
        return
    if any(p.kind is p.VAR_KEYWORD for p in parameters):
        return  # (it reads its options itself, and says what it refuses)
    refuse_options(who, [p.name for p in parameters
                         if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)], options)


def refuse_options(who: str, known: Sequence[str], options: Mapping[str, Any]) -> None:
    """Refuse keyword ``options`` not among ``known`` with a :class:`TypeError` naming ``who``
    and what it takes, as the levels say it too: "the random bot takes no options, not foo"."""
    unknown = sorted(set(options) - set(known))
    if unknown:
        takes = (f"only the option{'s' * (len(known) > 1)} {', '.join(known)}" if known
                 else "no options")
        raise CanastaTypeError(f"{who} takes {takes}, not {', '.join(map(_shown, unknown))}")


def takes_arguments(target: object, count: int) -> bool | None:
    """Whether ``target`` can be called with ``count`` positional arguments (``None`` when its
    signature cannot be read, as for some built-ins): a bot is called with three, ``(view,
    legal, rng)``, a factory of bots with none."""
    try:
        inspect.signature(target).bind(*[None] * count)  # type: ignore[arg-type]
    except TypeError:
        return False
    except ValueError:
        return None
    return True


def signature_text(target: object) -> str:
    """``target``'s parameters as a refusal shows them, ``(view, legal, *, rng)`` (without
    their annotations, which ``from __future__ import annotations`` makes quoted text), or
    ``""`` when they cannot be read."""
    try:
        signature = inspect.signature(target)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return ""
    bare = [p.replace(annotation=p.empty) for p in signature.parameters.values()]
    return str(signature.replace(parameters=bare, return_annotation=inspect.Signature.empty))


def _shown(name: str) -> str:
    """An option's name as a refusal shows it: as typed if it is a Python name, else quoted
    (``'a b'``)."""
    return name if name.isidentifier() else short_repr(name)
