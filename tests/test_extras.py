"""Each part that needs an optional extra says so in one message, worded in one place
(``canasta_caliente._extras``): the extra's name, the package found missing, and the commands
that install it, from PyPI and from a checkout, with the brackets quoted (zsh reads unquoted
brackets as a pattern). Each case runs in a fresh interpreter whose import of the extra's
package fails."""

from __future__ import annotations

import importlib.metadata
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter on this checkout's package."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False, env=env)


def _install(extra: str) -> str:
    return f'pip install "canasta-caliente[{extra}]" (from a checkout: pip install -e ".[{extra}]")'


@pytest.mark.parametrize(("missing", "code", "message"), [
    ("starlette", "import canasta_caliente.web",
     "canasta_caliente.web needs the optional extra 'web' (starlette is missing): "
     + _install("web")),
    ("jsonschema", "from canasta_caliente.play import check_message; check_message({})",
     "check_message needs the optional extra 'schemas' (jsonschema is missing): "
     + _install("schemas")),
    ("pandas", "cc.simulate(cc.RuleSet.preset('caliente-2p'), ['random', 'random'], games=1"
     ").to_pandas()",
     "this needs the optional extra 'analysis' (pandas is missing): " + _install("analysis")),
])
def test_a_part_without_its_extra_names_the_extra(missing: str, code: str, message: str) -> None:
    done = _run(f"import sys\nsys.modules[{missing!r}] = None\nimport canasta_caliente as cc\n"
                f"try:\n    {code}\nexcept ImportError as exc:\n    print(exc)\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == message


def test_serve_without_the_web_extra_names_it_once() -> None:
    """``serve`` printed the extra twice, one message nested in the other ("serve needs the
    optional extra 'web' (canasta_caliente.web needs the optional extra 'web' (...): ...): ...");
    now one line, exit status 2."""
    done = _run("import sys\nsys.modules['starlette'] = None\n"
                "from canasta_caliente.cli.commands import main\n"
                "sys.exit(main(['serve', '--port', '0']))\n")
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.strip().splitlines()[-1].endswith(
        "serve needs the optional extra 'web' (starlette is missing): " + _install("web"))
    assert done.stderr.count("optional extra") == 1
    assert "Traceback" not in done.stderr


def _requirement_names(extras: dict[str, list[str]], extra: str) -> set[str]:
    """The distributions ``extra`` installs, its own extras of this package followed."""
    names: set[str] = set()
    for spec in extras[extra]:
        name = re.split(r"[<>=\[ ;]", spec, maxsplit=1)[0].lower().replace("_", "-")
        if name == "canasta-caliente":
            for inner in spec.split("[", 1)[1].split("]", 1)[0].split(","):
                names |= _requirement_names(extras, inner.strip())
        else:
            names.add(name)
    return names


def test_the_docs_extra_installs_what_the_doctests_import() -> None:
    """Every module a page's ``>>>`` example imports comes with the ``docs`` extra (or the
    standard library): the README's doctest build passes in an environment of that extra
    (SuperSuit's example once failed there, its package only in ``rl-train`` and ``dev``)."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"]
    installed = _requirement_names(extras, "docs") | {"canasta-caliente"}
    where = importlib.metadata.packages_distributions()
    imported: dict[str, str] = {}
    for page in sorted((ROOT / "docs").rglob("*.rst")):
        for line in page.read_text(encoding="utf-8").splitlines():
            found = re.match(r"\s*(?:>>>|\.\.\.)\s+(?:import|from)\s+([A-Za-z_]\w*)", line)
            if found:
                imported.setdefault(found.group(1), page.relative_to(ROOT).as_posix())
    assert "supersuit" in imported  # (the scan reads the pages)
    missing = {}
    for module, page in imported.items():
        if (module in sys.stdlib_module_names or module == "canasta_caliente"
                or (ROOT / "examples" / f"{module}.py").exists()):  # (an example's own)
            continue
        dists = {d.lower().replace("_", "-") for d in where.get(module, [module])}
        if not dists & installed:
            missing[module] = page
    assert not missing, f"imported by the docs' examples, not in the docs extra: {missing}"
