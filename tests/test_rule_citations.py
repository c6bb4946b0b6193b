"""Every rule stated in docs/rules/ (``.. rule:: ID``) is cited by a test (``# RULES: ID`` in a
tests/test_*.py file), and every rule a test cites is stated there."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULE = re.compile(r"^\.\. rule:: ([A-Z]+-\d+)\s*$", re.MULTILINE)
CITATION = re.compile(r"#\s*RULES:\s*([A-Z]+-\d+(?:\s*,\s*[A-Z]+-\d+)*)")


def stated_rules() -> dict[str, str]:
    """The rule IDs of docs/rules/, each with the page that states it."""
    stated: dict[str, str] = {}
    for page in sorted((ROOT / "docs" / "rules").glob("*.rst")):
        for rule in RULE.findall(page.read_text(encoding="utf-8")):
            stated.setdefault(rule, page.name)
    return stated


def cited_rules() -> dict[str, str]:
    """The rule IDs the tests cite, each with the first test file citing it."""
    cited: dict[str, str] = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        for match in CITATION.finditer(path.read_text(encoding="utf-8")):
            for rule in match[1].split(","):
                cited.setdefault(rule.strip(), path.name)
    return cited


def test_the_rules_pages_state_the_rules() -> None:
    """docs/rules/ states the rules of every family (a lost page would pass the checks below
    vacuously)."""
    stated = stated_rules()
    families = {rule.split("-")[0] for rule in stated}
    assert {"CARD", "SEAT", "DEAL", "TURN", "MELD", "INIT", "PILE", "DISC", "OUT", "END",
            "SCORE", "GAME", "HOT", "VAR", "READ"} <= families
    assert len(stated) >= 58


def test_every_stated_rule_is_cited_by_a_test() -> None:
    """Each rule ID of docs/rules/ appears in a ``# RULES:`` comment of some test file."""
    cited = cited_rules()
    missing = {rule: page for rule, page in stated_rules().items() if rule not in cited}
    assert not missing, f"rules no test cites (rule: page): {missing}"


def test_every_cited_rule_is_stated() -> None:
    """Each rule ID a test cites is stated in docs/rules/ (no citation of a rule that does
    not exist, or of a typo)."""
    stated = stated_rules()
    unknown = {rule: where for rule, where in cited_rules().items() if rule not in stated}
    assert not unknown, f"cited rules docs/rules/ does not state (rule: test file): {unknown}"
