"""The example notebooks run: each ``examples/*.ipynb`` is executed with nbclient at its own
parameters (a slow test: the quick loop checks the committed copy only), and the committed
copy, which the documentation shows as it is, holds the outputs of every cell: the same outputs
as that fresh run, and no figure in its prose (the sentences that quote results are printed by
its cells)."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))
SRC = Path(__file__).resolve().parent.parent / "src"
PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


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


def _run(nb: Any, path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Execute ``nb`` (read from ``path``) as the committed copy was run: in its folder, with
    the package of this checkout and the inline backend."""
    # The kernel imports the package from this checkout, as the tests do.
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        p for p in (str(SRC), os.environ.get("PYTHONPATH", "")) if p))
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    NotebookClient(nb, timeout=1200, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()


def _texts(nb: Any) -> list[list[str]]:
    """Per code cell, the text of its outputs: printed text and every text form of a value (a
    figure's image is left out: its bytes are not the point, its text form stays)."""
    cells = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        texts = []
        for out in cell.outputs:
            if out.output_type == "stream":
                texts.append(f"{out.name}: {out.text}")
            for kind, value in sorted(out.get("data", {}).items()):
                if kind.startswith("text/"):
                    texts.append(f"{kind}: {value}")
        cells.append(texts)
    return cells


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_the_prose_quotes_no_result(path: Path) -> None:
    """The notebook's own text (its Markdown cells) quotes no result: no decimal figure and no
    percentage but the intervals' 95%. Every sentence about the results is printed by a cell,
    from the outputs, so the words cannot drift from the figures (as 2.88 hands per game did,
    left in the prose of a run the engine no longer plays)."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            assert not re.findall(r"\d\.\d|\d+ ?%(?<!95%)", cell.source), cell.source


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_the_first_cell_says_what_to_install(path: Path) -> None:
    """The first cell names the extra ``notebook``, and that extra holds what running the
    notebook needs: JupyterLab, the kernel, nbclient, ipywidgets (the progress bar's widget in
    Jupyter), and the extras the notebook uses."""
    nb = nbformat.read(path, as_version=4)
    assert nb.cells[0].cell_type == "markdown"
    assert '.[notebook]"' in nb.cells[0].source
    extras = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"][
        "optional-dependencies"]
    names = {re.split(r"[<>=\[]", spec)[0] for spec in extras["notebook"]}
    assert {"jupyterlab", "ipykernel", "nbclient", "nbformat", "ipywidgets"} <= names
    assert "canasta-caliente[analysis,progress]" in extras["notebook"]


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_outputs_match_a_fresh_run(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run at its own parameters (1,000 games, its seed), the notebook prints exactly what the
    committed copy shows, cell by cell: a change to the engine or the bots that changes the
    results fails here until the notebook is run again and committed (the docs show the
    committed outputs)."""
    committed = nbformat.read(path, as_version=4)
    fresh = nbformat.read(path, as_version=4)
    _run(fresh, path, monkeypatch)
    assert _texts(fresh) == _texts(committed)
    # The run's own table says what is not significant, and its plots are drawn as images.
    outputs = [out for cell in fresh.cells if cell.cell_type == "code" for out in cell.outputs]
    assert any("not significant" in out.get("data", {}).get("text/html", "") for out in outputs)
    assert sum("image/png" in out.get("data", {}) for out in outputs) >= 2
