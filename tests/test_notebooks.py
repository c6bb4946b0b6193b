"""The example notebooks run: each ``examples/*.ipynb`` is executed with nbclient (on fewer
games than the committed run, through its ``parameters`` cell), and the committed copy, which
the documentation shows as it is, holds the outputs of every cell."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))
SRC = Path(__file__).resolve().parent.parent / "src"


def test_there_is_a_notebook() -> None:
    """The house-rules comparison notebook is among the examples."""
    assert EXAMPLES / "house-rules-comparison.ipynb" in NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_notebook_has_its_outputs(path: Path) -> None:
    """Every code cell of the committed notebook was run (the docs show these outputs), none
    failed, and its figures are images."""
    nb = nbformat.read(path, as_version=4)
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    assert code
    for cell in code:
        if "parameters" in cell.metadata.get("tags", []):
            continue
        assert cell.outputs, cell.source
        assert all(out.output_type != "error" for out in cell.outputs), cell.source
    images = [out for cell in code for out in cell.outputs if "image/png" in out.get("data", {})]
    assert len(images) >= 2


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The notebook runs from top to bottom without an error (40 games instead of 1,000), its
    table says what is not significant and its plots are drawn as images."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if "parameters" in cell.metadata.get("tags", []):
            assert "GAMES = 1000" in cell.source
            cell.source = cell.source.replace("GAMES = 1000", "GAMES = 40")
    # The kernel imports the package from this checkout, as the tests do.
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        p for p in (str(SRC), os.environ.get("PYTHONPATH", "")) if p))
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    outputs = [out for cell in nb.cells if cell.cell_type == "code" for out in cell.outputs]
    assert any("not significant" in out.get("data", {}).get("text/html", "") for out in outputs)
    assert sum("image/png" in out.get("data", {}) for out in outputs) >= 2
