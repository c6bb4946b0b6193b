"""The rules a parameter names: a :class:`~canasta_caliente.RuleSet`, a preset's name or a
RuleSet's JSON document, for the parameters that take any of them (the environments', the web
app's)."""

from __future__ import annotations

from ..errors import CanastaTypeError, describe_value
from .ruleset import RuleSet

__all__ = ["ruleset_or_preset"]


def ruleset_or_preset(rules: object, name: str = "rules") -> RuleSet:
    """The RuleSet of a ``rules`` parameter that also takes a preset's name or a RuleSet's JSON
    document (the environments', the web app's): ``rules`` itself, the preset it names, the
    rules the document (text that begins with ``{``) holds, or ``caliente`` for ``None``. An
    unknown name is :meth:`RuleSet.preset`'s error, a wrong document
    :meth:`RuleSet.from_json`'s, anything else a :class:`TypeError` naming the parameter
    (``name``)."""
    if isinstance(rules, str) and rules.lstrip().startswith("{"):
        return RuleSet.from_json(rules)  # (a Gymnasium spec's keyword arguments must be JSON)
    if rules is None or isinstance(rules, str):
        return RuleSet.preset("caliente" if rules is None else rules)
    if isinstance(rules, RuleSet):
        return rules
    raise CanastaTypeError(f"{name} must be a RuleSet, a preset name or a RuleSet's JSON, not "
                           f"{describe_value(rules)}")
