"""Registering the game with OpenSpiel (optional extra ``openspiel``).

The game itself is :mod:`canasta_caliente.rl._spiel`, imported (with pyspiel) only when
:func:`register_openspiel` runs; the name both read, :data:`GAME_NAME`, lives in a module below
them, so that neither imports the other.
"""

from __future__ import annotations

from .._extras import missing_extra
from . import _names

__all__ = ["GAME_NAME", "register_openspiel"]

GAME_NAME = _names.GAME_NAME
"""The name the game is registered under: ``pyspiel.load_game("python_canasta_caliente")``."""


def register_openspiel() -> str:
    """Register the game with pyspiel (once; calling again does nothing) and return its name.

    The game's parameters are ``rules`` (a preset name, default ``caliente``, a RuleSet JSON
    document, or that document in URL-safe base64 after ``base64:``) and ``scores`` (the sides'
    starting game scores, separated by spaces, semicolons or commas). The game names itself
    with no comma in a value (the scores by spaces, a JSON document in its base64 form), so
    that ``pyspiel.load_game(str(game))``, pickle and ``serialize_game_and_state`` read it
    back. One episode is one hand; see :mod:`canasta_caliente.rl._spiel` for chance, actions
    and returns.

    >>> import pyspiel
    >>> from canasta_caliente.rl import register_openspiel
    >>> game = pyspiel.load_game(register_openspiel(), {"rules": "caliente-2p"})
    >>> game.num_players(), game.num_distinct_actions()
    (2, 4503)

    Raises ImportError naming the extra when OpenSpiel is not installed.
    """
    try:
        import pyspiel
    except ImportError as exc:  # pragma: no cover - exercised without the extra
        raise ImportError(missing_extra("register_openspiel", "openspiel", "open_spiel")) from exc
    from . import _spiel

    if GAME_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_spiel.GAME_TYPE, _spiel.CanastaGame)
    return GAME_NAME
