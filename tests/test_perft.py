"""Perft: the number of legal action sequences from fixed positions matches the counts that
both generators (legal_actions and the brute-force reference) agreed on when they were written.
"""

# RULES: TURN-0, PILE-3, INIT-3, OUT-2, HOT-2, END-2, END-3, PILE-5

from __future__ import annotations

from pathlib import Path

import pytest

from canasta_caliente.testing import perft, read_perft, reference_legal_actions

FILES = sorted((Path(__file__).parent / "perft").glob("*.perft"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_perft_counts(path: Path) -> None:
    """legal_actions reproduces every recorded count, at every recorded depth."""
    case = read_perft(path.read_text(), path.name)
    state = case.start()
    for depth, expected in case.counts:
        assert perft(state, depth) == expected, f"{path.name} depth {depth}"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_perft_reference_shallow(path: Path) -> None:
    """The slow reference generator reproduces the counts to depth 3."""
    case = read_perft(path.read_text(), path.name)
    state = case.start()
    for depth, expected in case.counts:
        if depth <= 3:
            assert perft(state, depth, reference_legal_actions) == expected


def test_there_are_perft_files() -> None:
    """The perft directory is not empty (a missing directory would skip every check)."""
    assert len(FILES) >= 6
