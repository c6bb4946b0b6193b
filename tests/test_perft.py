"""Perft: the number of legal action sequences from fixed positions matches the recorded
counts, and at every node of those trees legal_actions lists exactly what the independent
reference (the rules read again, by brute force, sharing no decision code with the engine)
lists, in the same order.
"""

# RULES: TURN-0, PILE-3, INIT-3, OUT-2, HOT-2, END-2, END-3, PILE-5

from __future__ import annotations

from pathlib import Path

import pytest

from canasta_caliente.testing import ReferenceCheck, perft, read_perft

FILES = sorted((Path(__file__).parent / "perft").glob("*.perft"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_perft_counts(path: Path) -> None:
    """legal_actions reproduces every recorded count, at every recorded depth."""
    case = read_perft(path.read_text(), path.name)
    state = case.start()
    for depth, expected in case.counts:
        assert perft(state, depth) == expected, f"{path.name} depth {depth}"


def _checked_count(path: Path, max_depth: int) -> None:
    """Count the deepest recorded depth up to ``max_depth`` with every node checked against
    the reference."""
    case = read_perft(path.read_text(), path.name)
    depth, expected = max((d, n) for d, n in case.counts if d <= max_depth)
    check = ReferenceCheck()
    assert perft(case.start(), depth, check) == expected, f"{path.name} depth {depth}"
    assert check.checked > 0 and check.skipped == 0


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_perft_nodes_match_the_reference_shallow(path: Path) -> None:
    """To depth 3, every node lists what the reference lists, and the counts come out."""
    _checked_count(path, 3)


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_perft_nodes_match_the_reference(path: Path) -> None:
    """At every recorded depth (the deepest covers the others), every node lists what the
    reference lists, and the count comes out."""
    _checked_count(path, 99)


def test_there_are_perft_files() -> None:
    """The perft directory is not empty (a missing directory would skip every check)."""
    assert len(FILES) >= 6
