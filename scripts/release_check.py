"""Check that the checkout is ready to be tagged and released; print a checklist.

    python scripts/release_check.py [--allow-unreleased]

Run it with the development environment's Python (``.venv/bin/python``, with the ``dev`` extra
installed), from anywhere in the checkout. Each item passes or fails; the exit status is 1 if
any failed. The items:

- the git tree is clean (no change, no untracked file: the sdist would take them along);
- ``__version__`` in ``src/canasta_caliente/_version.py`` equals the newest released version
  heading of ``CHANGELOG.md`` (``## [X.Y.Z] - YYYY-MM-DD``); with only ``[Unreleased]`` there
  this fails, unless ``--allow-unreleased`` (for a dry run before the release commit);
- the section of the release in ``CHANGELOG.md`` states ``Rules version: N`` with ``N`` equal to
  ``RULES_VERSION``, the rules version written into saved states (so a change of rule semantics
  is in the CHANGELOG);
- the documentation builds with warnings as errors (HTML and doctest);
- the artifacts build (``python -m build``), pass ``twine check --strict``, are named for the
  version, and the wheel holds every file of ``src/canasta_caliente/`` (``py.typed`` included)
  and the LICENSE; when they pass, they replace the artifacts in ``dist/``;
- the tests pass (``python -m pytest -q``) against this checkout's ``src/``.

It uploads nothing: after it passes, tag the release and upload ``dist/*`` with twine (see the
README's Contributing section).
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "canasta_caliente"
DIST_NAME = "canasta_caliente"

# A released version heading of Keep a Changelog: ``## [1.2.0] - 2026-03-01``.
RELEASE_HEADING = re.compile(r"^## \[(?P<version>[^\]]+)\](?P<rest>.*)$", re.M)
DATED = re.compile(r"^ - \d{4}-\d{2}-\d{2}$")
RULES_VERSION_LINE = re.compile(r"^Rules version: (?P<version>\d+)\b", re.M)


class Failed(Exception):
    """An item failed; the message says why and what to do."""


def run(args: Sequence[str], *, cwd: Path = ROOT, quiet: bool = False) -> str:
    """Run a command; raise :class:`Failed` with its output's tail if it fails."""
    print(f"  $ {' '.join(args)}", flush=True)
    proc = subprocess.run(args, cwd=cwd, text=True, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, check=False)
    if proc.returncode != 0:
        tail = "\n".join(proc.stdout.splitlines()[-30:])
        raise Failed(f"`{' '.join(args)}` exited {proc.returncode}:\n{tail}")
    if not quiet:
        lines = proc.stdout.strip().splitlines()
        if lines:
            print(f"    {lines[-1]}")
    return proc.stdout


def need_module(name: str) -> None:
    if importlib.util.find_spec(name) is None:
        raise Failed(f"{name} is not installed for {sys.executable}: run this script with the "
                     'development environment (pip install -e ".[dev]")')


def package_version() -> str:
    text = (PACKAGE / "_version.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"$', text, re.M)
    if match is None:
        raise Failed("no `__version__ = \"...\"` line in src/canasta_caliente/_version.py")
    return match[1]


def rules_version() -> int:
    found = {
        int(m[1])
        for path in PACKAGE.rglob("*.py")
        for m in re.finditer(r"^RULES_VERSION = (\d+)$", path.read_text(encoding="utf-8"), re.M)
    }
    if len(found) != 1:
        raise Failed(f"expected one `RULES_VERSION = N` in src/canasta_caliente/, found {found}")
    return found.pop()


def changelog() -> str:
    return (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def source_files() -> set[str]:
    """The files of src/canasta_caliente/ that a wheel must hold, as wheel paths."""
    return {
        f"{DIST_NAME}/{path.relative_to(PACKAGE).as_posix()}"
        for path in PACKAGE.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
        and path.suffix not in (".pyc", ".pyo")
    }


# -- the items --------------------------------------------------------------------------------


def check_clean_tree() -> str:
    status = run(["git", "status", "--porcelain", "--untracked-files=all"], quiet=True)
    if status.strip():
        lines = status.rstrip().splitlines()
        shown = "\n".join(f"    {line}" for line in lines[:20])
        more = f"\n    ... and {len(lines) - 20} more" if len(lines) > 20 else ""
        raise Failed(f"the tree has {len(lines)} uncommitted change(s); commit or remove them:"
                     f"\n{shown}{more}")
    head = run(["git", "rev-parse", "--short", "HEAD"], quiet=True).strip()
    return f"clean at {head}"


def check_version(allow_unreleased: bool) -> str:
    version = package_version()
    headings = [(m["version"], m["rest"]) for m in RELEASE_HEADING.finditer(changelog())]
    released = [(v, rest) for v, rest in headings if v.lower() != "unreleased"]
    if not released:
        message = (f"CHANGELOG.md has only [Unreleased]: no released version yet. Before tagging "
                   f"{version}, move its entries under `## [{version}] - YYYY-MM-DD` (keep an "
                   f"empty [Unreleased] above it)")
        if allow_unreleased:
            return f"{message}; allowed by --allow-unreleased"
        raise Failed(message)
    newest, rest = released[0]
    if newest != version:
        raise Failed(f"__version__ is {version} but the newest release in CHANGELOG.md is "
                     f"{newest}: make them agree (bump one, or add the `## [{version}]` section)")
    if not DATED.match(rest):
        raise Failed(f"the heading of [{newest}] in CHANGELOG.md needs its date: "
                     f"`## [{newest}] - YYYY-MM-DD`")
    return f"__version__ {version} = newest CHANGELOG.md release [{newest}]{rest}"


def check_rules_version() -> str:
    current = rules_version()
    text = changelog()
    headings = list(RELEASE_HEADING.finditer(text))
    ends = [*(m.start() for m in headings[1:]), len(text)]
    sections = [(m["version"], text[m.end():end]) for m, end in zip(headings, ends, strict=True)]
    bodies = dict(sections)
    released = [version for version, _ in sections if version.lower() != "unreleased"]
    # The section being released: the newest release, or [Unreleased] before the first one.
    name = released[0] if released else next(iter(bodies), None)
    if name is None:
        raise Failed("CHANGELOG.md has no `## [...]` section")
    match = RULES_VERSION_LINE.search(bodies[name])
    if match is None:
        raise Failed(f"the [{name}] section of CHANGELOG.md states no rules version: add "
                     f"`Rules version: {current}` to it")
    noted = int(match["version"])
    if noted != current:
        raise Failed(f"RULES_VERSION is {current} but the [{name}] section of CHANGELOG.md says "
                     f"`Rules version: {noted}`: say what changed in the rules, with "
                     f"`Rules version: {current}`")
    return f"[{name}] states Rules version {current} = RULES_VERSION"


def check_docs() -> str:
    need_module("sphinx")
    with tempfile.TemporaryDirectory() as out:
        run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", "docs",
             f"{out}/html"])
        run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "doctest", "docs",
             f"{out}/doctest"])
    return "HTML and doctest build with -W"


def check_artifacts() -> str:
    need_module("build")
    need_module("twine")
    version = package_version()
    with tempfile.TemporaryDirectory() as out:
        built = Path(out)
        run([sys.executable, "-m", "build", "--outdir", out, str(ROOT)])
        artifacts = sorted(built.iterdir())
        run([sys.executable, "-m", "twine", "check", "--strict", *map(str, artifacts)])
        wheel = built / f"{DIST_NAME}-{version}-py3-none-any.whl"
        sdist = built / f"{DIST_NAME}-{version}.tar.gz"
        if {wheel, sdist} != set(artifacts):
            raise Failed(f"expected {wheel.name} and {sdist.name}, built "
                         f"{', '.join(a.name for a in artifacts)}")
        problems = []
        with zipfile.ZipFile(wheel) as zf:
            names = set(zf.namelist())
        dist_info = f"{DIST_NAME}-{version}.dist-info"
        problems += [f"missing from the wheel: {name}"
                     for name in sorted(source_files() - names)]
        problems += [f"unexpected in the wheel: {name}" for name in sorted(names)
                     if name.split("/")[0] not in (DIST_NAME, dist_info)]
        if f"{DIST_NAME}/py.typed" not in names:
            problems.append("py.typed is not in the wheel")
        if f"{dist_info}/licenses/LICENSE" not in names:
            problems.append("the LICENSE is not in the wheel's metadata")
        with tarfile.open(sdist) as tf:
            members = {name.partition("/")[2] for name in tf.getnames()}
        problems += [f"missing from the sdist: {name}"
                     for name in ("pyproject.toml", "README.md", "CHANGELOG.md", "LICENSE",
                                  "src/canasta_caliente/py.typed")
                     if name not in members]
        if problems:
            raise Failed("\n".join(problems))
        dist = ROOT / "dist"
        dist.mkdir(exist_ok=True)
        for old in [*dist.glob(f"{DIST_NAME}-*.whl"), *dist.glob(f"{DIST_NAME}-*.tar.gz")]:
            old.unlink()
        for artifact in artifacts:
            shutil.copy2(artifact, dist / artifact.name)
    return f"dist/{sdist.name} and dist/{wheel.name} pass twine check and hold every file"


def check_tests() -> str:
    need_module("pytest")
    where = run([sys.executable, "-c", "import canasta_caliente; print(canasta_caliente.__file__)"],
                quiet=True).strip()
    if not Path(where).resolve().is_relative_to(PACKAGE.resolve()):
        raise Failed(f"{sys.executable} imports canasta_caliente from {where}, not from this "
                     f"checkout's src/: pip install -e \".[dev]\" in this environment")
    out = run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"])
    return out.strip().splitlines()[-1].strip("= ")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Check that the checkout is ready to be tagged and released (uploads "
        "nothing).")
    parser.add_argument(
        "--allow-unreleased", action="store_true",
        help="pass the version item when CHANGELOG.md has only [Unreleased] (a dry run)")
    args = parser.parse_args(argv)

    items: list[tuple[str, Callable[[], str]]] = [
        ("clean git tree", check_clean_tree),
        ("version = CHANGELOG release", lambda: check_version(args.allow_unreleased)),
        ("rules version in CHANGELOG", check_rules_version),
        ("docs build (-W)", check_docs),
        ("artifacts build and check", check_artifacts),
        ("tests pass", check_tests),
    ]
    results: list[tuple[str, bool, str, float]] = []
    for name, item in items:
        print(f"\n[....] {name}", flush=True)
        start = time.perf_counter()
        try:
            detail, ok = item(), True
        except Failed as exc:
            detail, ok = str(exc), False
        results.append((name, ok, detail, time.perf_counter() - start))

    print("\nRelease checklist:")
    for name, ok, detail, took in results:
        first, *rest = detail.splitlines() or [""]
        print(f"  [{'PASS' if ok else 'FAIL'}] {name} ({took:.0f} s): {first}")
        for line in rest:
            print(f"         {line}")
    failures = [name for name, ok, _, _ in results if not ok]
    if failures:
        print(f"\nNot ready to release: {len(failures)} item(s) failed.")
        return 1
    version = package_version()
    print(f"\nReady to release {version}: tag it (git tag -a v{version} -m 'canasta-caliente "
          f"{version}'), push the tag, then upload with `python -m twine upload dist/*`.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
