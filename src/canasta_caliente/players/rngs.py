"""The bots' random sources: a seed for each, from which no bot can learn the game's.

A bot is given an ``rng`` (a :class:`random.Random`) with each decision. Seeded with the game's
own seed, it would let a bot deal the game again and know every hidden card;
:func:`bots_seed` is the seed every driver of bots in the package gives it instead
(:func:`~canasta_caliente.play_game`, :meth:`Match.play_bot
<canasta_caliente.Match.play_bot>`, ``canasta-caliente play``, the web table and the
environments' opponents), and a game server's own loop should too.
"""

from __future__ import annotations

import hashlib
import random

from .._arguments import as_integer, check_count
from ..errors import CanastaTypeError, describe_value

__all__ = ["bots_seed", "decision_rng"]


def bots_seed(seed: int, played: int | None = None, seat: int | None = None) -> int:
    """The seed of the :class:`random.Random` that :func:`~canasta_caliente.play_game` gives
    the bots of a game seeded ``seed``: a one-way function of it (the SHA-256 digest of a text
    naming this use and the seed, read as an integer), so that no bot can learn the game's
    seed from its ``rng``.

    ``played`` is for a game whose bots are given a new ``rng`` part-way, fixed by the game's
    seed and the number of actions played before it: ``canasta-caliente play`` (at its start
    or its ``--resume``) and the web table (at each bot's decision, so that a decision taken
    back and played again is the same). It goes into the digest with the seed.

    ``seat`` is for a game whose seats are each given an ``rng`` of their own (every game of
    :func:`~canasta_caliente.play_game`, :meth:`Match.play_bot
    <canasta_caliente.Match.play_bot>` and ``canasta-caliente play``'s bots): no seat's bot
    can then reseed, or draw from, another seat's ``rng``, nor change the numbers another seat
    is given by how many it draws itself.

    A bot may read its ``rng``'s whole state (``rng.getstate()``), and CPython's seeding of the
    Mersenne Twister from an integer (or a text, whose characters go into the key as they
    are) can be run backwards from that state to the seed; with the game's own seed a bot would
    deal the game again and know every hidden card. From a digest it learns the digest, and no
    seed can be found from that but by trying seeds one by one (:doc:`/guides/bots` says when
    that is feasible).

    ``seed`` is an integer, ``played`` and ``seat`` counts from 0 or ``None``: anything else is
    a :class:`TypeError` or an :class:`~canasta_caliente.ArgumentError`.

    >>> from canasta_caliente import bots_seed
    >>> bots_seed(7) != 7, bots_seed(7) == bots_seed(7), bots_seed(7).bit_length() <= 256
    (True, True, True)
    >>> bots_seed(7, played=12) != bots_seed(7)
    True
    >>> len({bots_seed(7, seat=0), bots_seed(7, seat=1), bots_seed(7)})
    3
    """
    whole = as_integer(seed)
    if whole is None:
        raise CanastaTypeError(f"seed must be an int, not {describe_value(seed)}")
    if played is not None:
        played = check_count("played", played)
    if seat is not None:
        seat = check_count("seat", seat)
    text = (f"canasta-caliente-bots:{whole}" + ("" if played is None else f":{played}")
            + ("" if seat is None else f":seat {seat}"))
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest, "big")


def decision_rng(seed: int, played: int, seat: int) -> random.Random:
    """The ``rng`` of one bot decision, ``Random(bots_seed(seed, played=played, seat=seat))``:
    fixed by the game's seed, the actions played before the decision and the seat to act, so
    that a decision is the same whenever it is taken, in a game resumed from its record or
    after a take-back. The one recipe of :meth:`Match.play_bot
    <canasta_caliente.Match.play_bot>` and the web table's bots.

    >>> from canasta_caliente.players.rngs import decision_rng
    >>> decision_rng(7, 12, 1).random() == decision_rng(7, 12, 1).random()
    True
    """
    return random.Random(bots_seed(seed, played=played, seat=seat))
