"""The rules layer: what a game is played by.

- ``ruleset``: :class:`~canasta_caliente.RuleSet`, its options (:data:`OPTIONS`), presets and
  their TOML and JSON documents;
- ``enums``: the option types (:class:`~canasta_caliente.WildRule` and the others), apart so
  that ``facts`` can read them while a RuleSet is made;
- ``facts``: :class:`~canasta_caliente.rules.facts.RuleFacts`, everything derived from a
  RuleSet, computed when it is made and kept as :attr:`RuleSet.facts
  <canasta_caliente.RuleSet.facts>` (:func:`~canasta_caliente.rules.facts.facts_of` returns it);
- ``_documents`` and ``_validation``: the readers of rule documents and the checks of every
  option;
- ``differences``: how two rule sets differ, option by option (``rules diff``, and a
  comparison's table);
- ``summary``: a rule set in one line, beside its closest preset (``RuleSet.describe``,
  ``rules validate``, the web table's rules line).
- ``given``: the rules a parameter names, a RuleSet, a preset's name or a RuleSet's JSON
  (the environments' and the web app's ``rules``).

May import: :mod:`canasta_caliente.errors`, :mod:`canasta_caliente.cards` and
:mod:`canasta_caliente.actions` (the vocabulary), nothing above. The names of the former
``canasta_caliente.rules`` module are importable from here as before.
"""

from __future__ import annotations

from .facts import RuleFacts, facts_of
from .ruleset import (
    MOST_COUNT,
    MOST_POINTS,
    MOST_SCORE,
    OPTIONS,
    BonusExtras,
    ConcealedScope,
    GoingOutPermission,
    OptionInfo,
    RuleSet,
    StockOut,
    TieBreak,
    WildRule,
    table_layout,
    toml_value,
)

__all__ = [
    "MOST_COUNT",
    "MOST_POINTS",
    "MOST_SCORE",
    "OPTIONS",
    "BonusExtras",
    "ConcealedScope",
    "GoingOutPermission",
    "OptionInfo",
    "RuleFacts",
    "RuleSet",
    "StockOut",
    "TieBreak",
    "WildRule",
    "facts_of",
    "table_layout",
    "toml_value",
]
