"""Sphinx extension: the rules and options of canasta-caliente, generated from the code.

* ``.. canasta-options::`` writes the reference of every RuleSet option from
  :data:`canasta_caliente.OPTIONS` at build time. The option names, types, defaults, help texts
  and rule IDs all come from the code (the field metadata of :class:`canasta_caliente.RuleSet`),
  and the presets' values from the presets themselves, so the page cannot drift from the
  library. :func:`render_options` returns the reStructuredText; the directive parses it in
  place, and links each rule ID of an option to the rule's text.
* ``.. rule:: PILE-3`` states one rule with its ID (a target for the ``:rule:`PILE-3``` role and
  an index entry), and closes it with links to the options that change it: every option whose
  rule IDs include it (from :data:`~canasta_caliente.OPTIONS`), plus any named in its
  ``:options:`` (for example an option that replaces the rule outright).
* ``.. canasta-presets:: [NAME ...]`` writes a table of presets (all of them by default): each
  with its description and the options it sets differently from ``caliente``, linked.

When the build ends, every rule ID that an option names, or that a test cites (``# RULES:
PILE-3`` in ``tests/``), must have been stated with ``.. rule::`` somewhere, or the build warns
(an error under ``-W``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.domains.std import GenericObject
from sphinx.environment import BuildEnvironment
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

import canasta_caliente as cc
from canasta_caliente.rules.ruleset import toml_value

logger = logging.getLogger(__name__)


def _text(text: str) -> str:
    """Plain text as reStructuredText: markup characters are escaped."""
    text = re.sub(r"([\\*`|])", r"\\\1", text)
    return re.sub(r"(\w)_(?=\W|$)", r"\1\\_", text)


def _literal(value: Any) -> str:
    return "``" + toml_value(value) + "``"


def preset_values(name: str) -> list[tuple[str, Any]]:
    """The presets whose value of option ``name`` differs from ``caliente``'s, with the value."""
    base = cc.RuleSet.preset("caliente").to_dict()[name]
    out = []
    for preset in cc.RuleSet.preset_names():
        value = cc.RuleSet.preset(preset).to_dict()[name]
        if value != base:
            out.append((preset, value))
    return out


def render_options() -> str:
    """The reference of every option as reStructuredText."""
    lines = [
        ".. list-table:: Every option at a glance (defaults are the ``caliente`` preset's)",
        "   :header-rows: 1",
        "   :widths: 30 30 40",
        "",
        "   * - Option",
        "     - Type",
        "     - Default",
    ]
    for info in cc.OPTIONS:
        lines += [
            f"   * - :ref:`{info.name} <option-{info.name}>`",
            f"     - {_text(info.type)}",
            f"     - {_literal(info.default)}",
        ]
    lines.append("")
    for info in cc.OPTIONS:
        title = f"``{info.name}``"
        differing = preset_values(info.name)
        if differing:
            presets = "; ".join(f"``{preset}``: {_literal(value)}" for preset, value in differing)
        else:
            presets = "the same in every preset"
        lines += [
            f".. _option-{info.name}:",
            "",
            title,
            "-" * len(title),
            "",
            _text(info.help),
            "",
            f":Type: {_text(info.type)}",
            f":Default: {_literal(info.default)} (``caliente``)",
            f":Presets: {presets}",
            f":Rules: {', '.join(info.rules)}",
            "",
        ]
    return "\n".join(lines)


class OptionsDirective(SphinxDirective):
    """``.. canasta-options::``: the generated reference of every RuleSet option."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(cc.rules.__file__)
        container = nodes.section()
        container.document = self.state.document
        nested_parse_with_titles(self.state, StringList(render_options().splitlines(),
                                                        source="<canasta-options>"), container)
        _link_rule_fields(container)
        return list(container.children)


def _rule_xref(rule: str) -> addnodes.pending_xref:
    """A reference to the rule stated by ``.. rule:: RULE``, as the ``:rule:`` role makes it."""
    ref: addnodes.pending_xref = addnodes.pending_xref(
        "", refdomain="std", reftype="rule", reftarget=rule, refexplicit=False, refwarn=True)
    ref += nodes.literal(rule, rule, classes=["xref", "std", "std-rule"])
    return ref


def _link_rule_fields(tree: nodes.Element) -> None:
    """Turn the rule IDs of each option's ``Rules`` field into links to the rules' text."""
    for field in tree.findall(nodes.field):
        name, body = field.children[0], field.children[1]
        if name.astext() != "Rules" or len(body.children) != 1:
            continue
        paragraph = body.children[0]
        rules = [rule.strip() for rule in paragraph.astext().split(",")]
        linked = nodes.paragraph()
        for i, rule in enumerate(rules):
            if i:
                linked += nodes.Text(", ")
            linked += _rule_xref(rule)
        body.replace(paragraph, linked)


def options_for_rule(rule: str) -> list[str]:
    """The options whose rule IDs include ``rule``, in the order of :data:`cc.OPTIONS`."""
    return [info.name for info in cc.OPTIONS if rule in info.rules]


def _option_link(name: str) -> str:
    return f":ref:`{name} <option-{name}>`"


class RuleDirective(GenericObject):
    """``.. rule:: ID``: a rule's text, a target for ``:rule:`ID``` and links to its options.

    ``:options:`` names further options (space- or comma-separated) that change the rule without
    listing it among their rule IDs.
    """

    indextemplate = "pair: %s; rule"
    option_spec: ClassVar[dict[str, Any]] = {**GenericObject.option_spec,
                                             "options": directives.unchanged}

    def transform_content(self, content_node: addnodes.desc_content) -> None:
        rule = self.names[0] if self.names else ""
        names = options_for_rule(rule)
        known = {info.name for info in cc.OPTIONS}
        for name in self.options.get("options", "").replace(",", " ").split():
            if name not in known:
                logger.warning("rule %s: unknown option %r in :options:", rule, name,
                               location=self.get_location())
            elif name not in names:
                names.append(name)
        if names:
            text = "*Options:* " + ", ".join(_option_link(name) for name in names)
        else:
            text = "*Options:* none; every rule set plays this rule as written."
        self.state.nested_parse(StringList([text], source="<rule options>"),
                                self.content_offset, content_node)


def render_presets(names: list[str]) -> str:
    """A table of presets: each with its description and the options it sets differently from
    ``caliente`` (linked to their reference)."""
    base = cc.RuleSet.preset("caliente").to_dict()
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: 25 40 35",
        "",
        "   * - Preset",
        "     - Description",
        "     - Options that differ from ``caliente``",
    ]
    for name in names:
        values = cc.RuleSet.preset(name).to_dict()
        differ = [f"{_option_link(option)} = {_literal(value)}"
                  for option, value in values.items() if value != base[option]]
        lines += [
            f"   * - ``{name}``",
            f"     - {_text(cc.RuleSet.preset_description(name))}",
            f"     - {', '.join(differ) if differ else '(none: the reference game)'}",
        ]
    return "\n".join(lines)


class PresetsDirective(SphinxDirective):
    """``.. canasta-presets:: [NAME ...]``: a table of presets (all of them by default)."""

    has_content = False
    optional_arguments = 20

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(cc.rules.__file__)
        names = list(self.arguments) or list(cc.RuleSet.preset_names())
        unknown = [name for name in names if name not in cc.RuleSet.preset_names()]
        if unknown:
            logger.warning("canasta-presets: unknown preset(s) %s", ", ".join(unknown),
                           location=self.get_location())
            names = [name for name in names if name not in unknown]
        container = nodes.section()
        container.document = self.state.document
        nested_parse_with_titles(self.state, StringList(render_presets(names).splitlines(),
                                                        source="<canasta-presets>"), container)
        return list(container.children)


_CITATION = re.compile(r"#\s*RULES:\s*([A-Z]+-\d+(?:\s*,\s*[A-Z]+-\d+)*)")


def cited_rules(tests: Path) -> dict[str, str]:
    """The rule IDs the tests cite (``# RULES: PILE-3``), each with the first file citing it."""
    cited: dict[str, str] = {}
    for path in sorted(tests.rglob("*.py")):
        for match in _CITATION.finditer(path.read_text(encoding="utf-8")):
            for rule in match[1].split(","):
                cited.setdefault(rule.strip(), path.name)
    return cited


def _check_rules(app: Sphinx, env: BuildEnvironment) -> None:
    """Every rule ID an option names, or a test cites, must be stated with ``.. rule::``."""
    stated = {name for name, _, kind, *_ in env.get_domain("std").get_objects() if kind == "rule"}
    named = {rule for info in cc.OPTIONS for rule in info.rules}
    for rule in sorted(named - stated):
        options = ", ".join(options_for_rule(rule))
        logger.warning("rule %s (named by the option(s) %s) is not stated with '.. rule::'",
                       rule, options)
    tests = Path(app.srcdir).parent / "tests"
    if tests.is_dir():
        for rule, where in sorted(cited_rules(tests).items()):
            if rule not in stated and rule not in named:
                logger.warning("rule %s (cited by tests/%s) is not stated with '.. rule::'",
                               rule, where)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives, the ``rule`` object type and its role, and the check."""
    app.add_directive("canasta-options", OptionsDirective)
    app.add_directive("canasta-presets", PresetsDirective)
    app.add_object_type("rule", "rule", indextemplate="pair: %s; rule", objname="rule")
    app.add_directive_to_domain("std", "rule", RuleDirective, override=True)
    app.add_role_to_domain("std", "rule", XRefRole(warn_dangling=True), override=True)
    app.connect("env-check-consistency", _check_rules)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
