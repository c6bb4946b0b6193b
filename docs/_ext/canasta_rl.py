"""Sphinx extension: the reinforcement-learning encodings, generated from the code.

* ``.. canasta-action-ids::`` writes the table of :class:`canasta_caliente.ActionSpace` ids:
  each block of ids of one form, with its range for two and for three decks.
* ``.. canasta-observation-layout:: PRESET`` writes the fields of
  :func:`canasta_caliente.rl.observation_layout` under that preset: name, entries, shape,
  bounds and description.

Both come from the code at build time, so the guide cannot drift from the library.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

import canasta_caliente as cc


def _text(text: str) -> str:
    """Plain text as reStructuredText: markup characters are escaped."""
    text = re.sub(r"([\\*`|])", r"\\\1", text)
    return re.sub(r"(\w)_(?=\W|$)", r"\1\\_", text)


def _form(action: cc.Action) -> str:
    """The block an action id belongs to, as the table names it."""
    verb = action.verb.value
    cards = action.cards
    if action.verb is cc.Verb.TAKE:
        return "``take``" if not cards else "``take R R``, ``take R 2``, ``take R JK`` (R = 4..A)"
    if action.verb is cc.Verb.MELD:
        if cards[0] is cc.Card.BLACK_THREE:
            return "``meld B3 B3 B3``, ``meld B3 B3 B3 B3``"
        if action.on is not None:
            return "``meld 2 … JK … on R``: wilds alone laid off on a meld (R = 4..A)"
        rank = cards[0].code
        return (f"``meld {rank} …``: 1 or more {rank}s, with any number of 2s and jokers")
    if action.verb is cc.Verb.DISCARD:
        return "``discard C``, for C = 4 … A, 2, JK, R3, B3, CAL"
    return f"``{verb}``"


def _blocks(decks: int) -> list[tuple[str, int, int]]:
    rules = cc.RuleSet.preset("caliente" if decks == 2 else "caliente-6p-3deck")
    space = cc.ActionSpace(rules)
    out: list[tuple[str, int, int]] = []
    for i, action in enumerate(space.actions):
        form = _form(action)
        if out and out[-1][0] == form:
            out[-1] = (form, out[-1][1], i)
        else:
            out.append((form, i, i))
    return out


def render_action_ids() -> str:
    """The action id table as reStructuredText."""
    two, three = _blocks(2), _blocks(3)
    assert [b[0] for b in two] == [b[0] for b in three]
    lines = [".. list-table::", "   :header-rows: 1", "   :widths: 60 20 20", "",
             "   * - actions", "     - ids, 2 decks", "     - ids, 3 decks"]
    for (form, a, b), (_, c, d) in zip(two, three, strict=True):
        lines += [f"   * - {form}",
                  f"     - {a}" + (f" – {b}" if b != a else ""),
                  f"     - {c}" + (f" – {d}" if d != c else "")]
    lines += ["", f"In all, {two[-1][2] + 1:,} ids with two decks and {three[-1][2] + 1:,} "
              "with three."]
    return "\n".join(lines)


def render_layout(preset: str) -> str:
    """The observation layout of a preset as reStructuredText."""
    from canasta_caliente.rl import observation_layout, observation_size

    rules = cc.RuleSet.preset(preset)
    lines = [".. list-table::", "   :header-rows: 1", "   :widths: 15 10 12 13 50", "",
             "   * - field", "     - entries", "     - shape", "     - bounds",
             "     - what the entries hold"]

    def bound(x: float) -> str:
        return "∞" if x == float("inf") else "−∞" if x == float("-inf") else f"{x:g}"

    for f in observation_layout(rules):
        shape = " × ".join(str(n) for n in f.shape)
        lines += [f"   * - ``{f.name}``", f"     - {f.start} – {f.stop - 1}", f"     - {shape}",
                  f"     - {bound(f.low)} to {bound(f.high)}",
                  "     - " + _text(f.description)]
    lines += ["", f"In all, {observation_size(rules)} entries under ``{preset}``."]
    return "\n".join(lines)


class _Generated(SphinxDirective):
    def emit(self, text: str) -> list[nodes.Node]:
        container = nodes.section()
        nested_parse_with_titles(self.state, StringList(text.splitlines(), "<generated>"),
                                 container)
        return list(container.children)


class ActionIds(_Generated):
    """``.. canasta-action-ids::``: the ActionSpace table."""

    def run(self) -> list[nodes.Node]:
        return self.emit(render_action_ids())


class ObservationLayout(_Generated):
    """``.. canasta-observation-layout:: PRESET``: the observation fields of a preset."""

    required_arguments: ClassVar[int] = 1  # type: ignore[misc]

    def run(self) -> list[nodes.Node]:
        return self.emit(render_layout(self.arguments[0]))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives."""
    app.add_directive("canasta-action-ids", ActionIds)
    app.add_directive("canasta-observation-layout", ObservationLayout)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
