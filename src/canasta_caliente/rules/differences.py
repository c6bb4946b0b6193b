"""How two rule sets differ, option by option: what ``canasta-caliente rules diff`` lists, and
what a comparison's table (:meth:`Comparison.table
<canasta_caliente.studies.compare.Comparison.table>`) names for each pair of variants.

>>> import canasta_caliente as cc
>>> from canasta_caliente.rules.differences import change_text, option_changes
>>> club = cc.RuleSet.preset("caliente").replace(target_score=3000, always_frozen=True)
>>> [(info.name, change_text(a, b)) for info, a, b in option_changes(
...     cc.RuleSet.preset("caliente"), club)]
[('target_score', '5000 -> 3000'), ('always_frozen', 'false -> true')]
"""

from __future__ import annotations

from typing import Any

from ._documents import toml_value
from .ruleset import OPTIONS, OptionInfo, RuleSet

__all__ = ["change_text", "option_changes"]


def option_changes(a: RuleSet, b: RuleSet) -> list[tuple[OptionInfo, Any, Any]]:
    """The options whose values differ from ``a`` to ``b``, in the options' order
    (:data:`~canasta_caliente.rules.ruleset.OPTIONS`), each with its value in ``a``'s document
    and in ``b``'s (:meth:`RuleSet.to_dict <canasta_caliente.RuleSet.to_dict>`)."""
    before, after = a.to_dict(), b.to_dict()
    return [(info, before[info.name], after[info.name]) for info in OPTIONS
            if before[info.name] != after[info.name]]


def change_text(before: Any, after: Any) -> str:
    """One option's change in words, its values as TOML writes them (``5000 -> 3000``); for
    the card values, only the cards whose value changed (``JK 50 -> 40``)."""
    if isinstance(before, dict) and isinstance(after, dict):
        return ", ".join(f"{code} {toml_value(before[code])} -> {toml_value(after[code])}"
                         for code in before if before[code] != after[code])
    return f"{toml_value(before)} -> {toml_value(after)}"
