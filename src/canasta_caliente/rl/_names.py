"""The name the game is registered under with OpenSpiel, in a module of its own without
pyspiel, so that the registration (:mod:`canasta_caliente.rl.openspiel`, importable without
OpenSpiel) and the game it registers (:mod:`canasta_caliente.rl._spiel`, which needs it) both
read it without importing each other."""

from __future__ import annotations

__all__ = ["GAME_NAME"]

GAME_NAME = "python_canasta_caliente"
# Documented where it is public: canasta_caliente.rl.openspiel.GAME_NAME.
