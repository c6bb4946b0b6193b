"""A rule set in words: the preset closest to it, and the one line that says it (what
``rules validate`` prints, :meth:`RuleSet.describe <canasta_caliente.RuleSet.describe>`, the
web table's rules line).

>>> import canasta_caliente as cc
>>> from canasta_caliente.rules.summary import closest_preset, rules_summary
>>> closest_preset(cc.RuleSet.preset("classic").replace(target_score=3000))
('classic', ('target_score',))
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..errors import count_phrase
from ._documents import toml_value

if TYPE_CHECKING:
    from .ruleset import RuleSet

__all__ = ["changed_value", "closest_preset", "house_changes", "rules_summary"]


@functools.lru_cache(maxsize=256)
def closest_preset(rules: RuleSet) -> tuple[str, tuple[str, ...]]:
    """The preset that differs from ``rules`` in the fewest options, and those options."""
    mine, presets = rules.to_dict(), type(rules)
    best: tuple[str, tuple[str, ...]] | None = None
    for name in presets.preset_names():
        theirs = presets.preset(name).to_dict()
        differ = tuple(option for option in mine if mine[option] != theirs[option])
        if best is None or len(differ) < len(best[1]):
            best = (name, differ)
    assert best is not None  # there are presets
    return best


@functools.lru_cache(maxsize=256)  # (a web table says it in every update)
def rules_summary(rules: RuleSet) -> str:
    """One line: the table (players and their sides, decks, cards a hand, the target) and how
    the rule set differs from the closest preset, its options as a house-rules file writes them
    (:meth:`RuleSet.describe <canasta_caliente.RuleSet.describe>`).

    >>> import canasta_caliente as cc
    >>> print(rules_summary(cc.RuleSet.preset("classic").replace(target_score=3000)))
    ... # doctest: +NORMALIZE_WHITESPACE
    4 players in 2 sides (0 2) (1 3), 2 decks (108 cards), 11 cards a hand, to 3000;
    preset classic with target_score = 3000
    """
    preset, changed = house_changes(rules)
    if changed:
        changes = ", ".join(f"{option} = {toml_value(value)}" for option, value in changed)
        how = f"preset {preset} with {changes}"
    else:
        how = f"same as preset {preset}"
    sides = " ".join("(" + " ".join(map(str, side)) + ")" for side in rules.layout)
    return (f"{rules.players} players in {len(rules.layout)} sides {sides}, {rules.decks} decks "
            f"({rules.deck_size} cards), {count_phrase(rules.hand_size)} a hand, to "
            f"{rules.target_score}; {how}")


def house_changes(rules: RuleSet) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """The preset closest to ``rules`` (:func:`closest_preset`) and each option that differs
    from it with its value as a house-rules file writes it: ``card_values`` only the cards
    whose value is not CARD-3's, as the option reads them (the one home of the changes that
    :func:`rules_summary`, a RuleSet's ``repr`` and the web table's pages say).

    >>> import canasta_caliente as cc
    >>> from canasta_caliente.rules.summary import house_changes
    >>> house_changes(cc.RuleSet.preset("classic").replace(card_values={"JK": 40}))
    ('classic', (('card_values', {'JK': 40}),))
    """
    preset, differ = closest_preset(rules)
    values, defaults = rules.to_dict(), type(rules)().to_dict()  # (the options' defaults)
    return preset, tuple((option, changed_value(defaults[option], values[option]))
                         for option in differ)


def changed_value(before: Any, after: Any) -> Any:
    """The new value; for card values, only the cards whose value changed."""
    if isinstance(before, Mapping) and isinstance(after, Mapping):
        return {code: v for code, v in after.items() if before.get(code) != v}
    return after
