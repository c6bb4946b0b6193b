"""The testing layer: the exactness checks a rules engine is held to, for this library's tests
and for any program built on it.

- ``harness``: perft, playthroughs, invariant sweeps and the comparison with the reference;
- ``reference`` and ``_candidates``: an independent brute-force engine written from the rules
  text, which imports no engine code.

May import: everything below it (the vocabulary, rules, state, engine, records, views,
players), nothing above; nothing outside it imports it but tests and scripts. The names of
the former ``canasta_caliente.testing`` module are importable from here as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .harness import (
    PLAYTHROUGHS,
    PerftCase,
    ReferenceCheck,
    ReferenceMismatch,
    ReferenceTooSlow,
    SweepReport,
    Violation,
    check_invariants,
    divide,
    former_name,
    max_actions_per_hand,
    perft,
    playthrough,
    read_perft,
    reference_difference,
    reference_legal_actions,
    stacked_deck,
    sweep,
    turn0_search_legal_actions,
)

__all__ = [
    "PLAYTHROUGHS",
    "PerftCase",
    "ReferenceCheck",
    "ReferenceMismatch",
    "ReferenceTooSlow",
    "SweepReport",
    "Violation",
    "check_invariants",
    "divide",
    "max_actions_per_hand",
    "perft",
    "playthrough",
    "read_perft",
    "reference_difference",
    "reference_legal_actions",
    "stacked_deck",
    "sweep",
    "turn0_search_legal_actions",
]

if not TYPE_CHECKING:  # a former name, with a DeprecationWarning (ReferenceBudgetExceeded)
    __getattr__ = former_name
