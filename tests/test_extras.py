"""Each part that needs an optional extra says so in one message, worded in one place
(``canasta_caliente._extras``): the extra's name, the package found missing, and the commands
that install it, from PyPI and from a checkout, with the brackets quoted (zsh reads unquoted
brackets as a pattern). Each case runs in a fresh interpreter whose import of the extra's
package fails."""

from __future__ import annotations

import os
import subprocess
import sys
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
