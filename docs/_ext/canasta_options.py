"""Sphinx extension: the ``canasta-options`` directive, which writes the reference of every
RuleSet option from :data:`canasta_caliente.OPTIONS` at build time.

The option names, types, defaults, help texts and rule IDs all come from the code (the field
metadata of :class:`canasta_caliente.RuleSet`), and the presets' values from the presets
themselves, so the page cannot drift from the library. :func:`render_options` returns the
reStructuredText; the directive parses it in place.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

import canasta_caliente as cc
from canasta_caliente.rules import toml_value


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
        return list(container.children)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("canasta-options", OptionsDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
