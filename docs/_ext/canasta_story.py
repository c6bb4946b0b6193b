"""Sphinx extension: one hand of canasta-caliente told with real engine states.

The page :doc:`rules/how-a-game-goes` deals a stacked hand and plays it action by action; each
step shows the state the engine reached, generated when the documentation is built, so the
story cannot drift from the engine:

* ``.. canasta-deal::`` with ``:preset:``, ``:hands:`` (``seat: cards`` separated by ``;``),
  ``:pile:`` and ``:stock:`` deals the hand (:func:`canasta_caliente.testing.stacked_deck`) and
  shows it.
* ``.. canasta-play:: ACTION; ACTION ...`` applies the actions, in notation, to the page's
  current state and shows the state after them. An action the engine refuses stops the build
  with the engine's reason.

:func:`deal_story`, :func:`play_story` and :func:`render_state` do the work without Sphinx, so
the tests replay the page (``tests/test_docs_story.py``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

import canasta_caliente as cc
from canasta_caliente.testing import stacked_deck

_KEY = "canasta_story_state"


def deal_story(preset: str, hands: str, pile: str, stock: str) -> cc.GameState:
    """The first hand of a game dealt from a stacked deck: ``hands`` as ``seat: cards; ...``."""
    rules = cc.RuleSet.preset(preset)
    by_seat: dict[int, str] = {}
    for part in hands.split(";"):
        if part.strip():
            seat, cards = part.split(":", 1)
            by_seat[int(seat)] = cards.strip()
    return cc.new_game(rules, deck=stacked_deck(rules, by_seat, pile, stock))


def play_story(state: cc.GameState, actions: str) -> cc.GameState:
    """Apply ``;``-separated actions in notation; an illegal one raises with the engine's
    reason."""
    for text in actions.split(";"):
        text = text.strip()
        if not text:
            continue
        reason = cc.illegal_reason(state, text)
        if reason is not None:
            raise ValueError(f"{text!r} is not legal here: {reason}")
        state = cc.apply(state, text)
    return state


def _cards(cards: Any) -> str:
    return " ".join(str(c) for c in cards) or "-"


def render_state(state: cc.GameState) -> str:
    """The whole table, as a referee sees it: the turn, the pile, the hands, the melds, and what
    the player to act may do (or, once the hand is over, its score)."""
    rules = state.rules
    lines = []
    if state.is_hand_over:
        lines.append("the hand is over")
    else:
        lines.append(f"seat {state.current_player} to act ({state.phase.value})")
    up = state.up_card
    lines.append(f"stock: {state.stock_size} cards    pile: {_cards(state.pile)}"
                 + (f"  (up card {up}{', frozen' if state.pile_has_freezer else ''})"
                    if up is not None else ""))
    for seat in range(rules.players):
        lines.append(f"seat {seat} (side {state.side_of(seat)}) holds: {_cards(state.hand(seat))}")
    for side, seats in enumerate(rules.layout):
        melds = "  |  ".join(_cards(m.cards) + (" (canasta)" if m.is_canasta else "")
                             for m in state.melds(side)) or "-"
        bonus = _cards(state.laid_out(side))
        lines.append(f"side {side} (seats {', '.join(map(str, seats))}) melds: {melds}"
                     f"    bonus cards: {bonus}")
    if state.is_hand_over:
        result = state.hand_results[-1]
        for side in range(len(rules.layout)):
            parts = ", ".join(f"{k} {v:+d}" for k, v in result.components(side).items() if v)
            lines.append(f"side {side} scores {result.totals[side]:+d} ({parts or 'nothing'})")
        lines.append("game scores: " + ", ".join(f"side {i} {s}"
                                                 for i, s in enumerate(state.scores)))
    else:
        legal = [str(a) for a in cc.legal_actions(state)]
        shown = ", ".join(legal[:8]) + (f", ... ({len(legal)} in all)" if len(legal) > 8 else "")
        lines.append(f"legal now: {shown}")
    return "\n".join(lines)


def _block(text: str) -> list[nodes.Node]:
    block = nodes.literal_block(text, text)
    block["language"] = "text"
    return [block]


class DealDirective(SphinxDirective):
    """``.. canasta-deal::``: deal the page's hand and show it."""

    option_spec: ClassVar[dict[str, Any]] = {
        "preset": directives.unchanged, "hands": directives.unchanged,
        "pile": directives.unchanged, "stock": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        try:
            state = deal_story(self.options.get("preset", "caliente"),
                               self.options.get("hands", ""), self.options.get("pile", "4"),
                               self.options.get("stock", ""))
        except (ValueError, cc.CanastaError) as exc:
            raise ExtensionError(f"canasta-deal: {exc}") from exc
        self.env.temp_data[_KEY] = state
        return _block(render_state(state))


class PlayDirective(SphinxDirective):
    """``.. canasta-play:: ACTIONS``: play actions on the page's hand and show the state."""

    required_arguments = 1
    final_argument_whitespace = True

    def run(self) -> list[nodes.Node]:
        state = self.env.temp_data.get(_KEY)
        if state is None:
            raise ExtensionError("canasta-play before any canasta-deal on this page")
        try:
            state = play_story(state, self.arguments[0])
        except (ValueError, cc.CanastaError) as exc:
            raise ExtensionError(f"canasta-play: {exc}") from exc
        self.env.temp_data[_KEY] = state
        return _block(render_state(state))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register ``canasta-deal`` and ``canasta-play``."""
    app.add_directive("canasta-deal", DealDirective)
    app.add_directive("canasta-play", PlayDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
