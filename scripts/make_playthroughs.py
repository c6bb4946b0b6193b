"""Regenerate the golden playthroughs in tests/playthroughs/ (on purpose: review the diff).

    python scripts/make_playthroughs.py
"""

from __future__ import annotations

from pathlib import Path

import canasta_caliente as cc
from canasta_caliente.testing import PLAYTHROUGHS, playthrough

OUT = Path(__file__).resolve().parent.parent / "tests" / "playthroughs"


def main() -> None:
    """Write one file per (preset, seed) of PLAYTHROUGHS."""
    OUT.mkdir(parents=True, exist_ok=True)
    for preset, seed in PLAYTHROUGHS:
        text = playthrough(cc.RuleSet.preset(preset), seed)
        path = OUT / f"{preset}-seed{seed}.txt"
        path.write_text(text)
        print(f"{path.name}: {text.count(chr(10))} lines")


if __name__ == "__main__":
    main()
