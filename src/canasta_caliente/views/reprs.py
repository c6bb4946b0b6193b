"""Short representations: what a state, a view, a hand's result or a rule set shows when a
notebook or a debugger prints it (``repr``), and the HTML tables a notebook draws
(``_repr_html_``). ``str(state)`` is the full table (see :mod:`canasta_caliente.views.display`).

>>> import canasta_caliente as cc
>>> cc.RuleSet.preset("caliente").replace(max_wilds=3)
RuleSet.preset('caliente').replace(max_wilds=3)
>>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
>>> state
<GameState hand 1, seat 0 to draw; scores 0 0; stock 62, pile 1 (up A); 4 players in 2 sides>
>>> state.hand(0)[:3]
(4, 4, 4)
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from ..errors import count_phrase
from ..rules.summary import closest_preset, house_changes
from ..state.game import COMPONENTS

if TYPE_CHECKING:
    from ..rules.ruleset import RuleSet
    from ..state.game import GameState, HandResult
    from .view import View

__all__ = ["hand_result_html", "hand_result_repr", "rules_html", "rules_repr", "state_repr",
           "view_repr"]


def rules_repr(rules: RuleSet) -> str:
    """``RuleSet.preset('name')``, with ``.replace(...)`` naming the options that differ."""
    name, changed = house_changes(rules)
    text = f"RuleSet.preset({name!r})"
    if changed:
        text += ".replace(" + ", ".join(f"{option}={value!r}" for option, value in changed) + ")"
    return text


def rules_html(rules: RuleSet) -> str:
    """An HTML table of every option, those that differ from the closest preset in bold."""
    from ..rules.ruleset import OPTIONS

    name, differ = closest_preset(rules)
    values = rules.to_dict()
    rows = []
    for info in OPTIONS:
        value = html.escape(str(values[info.name]))
        cell = f"<strong>{value}</strong>" if info.name in differ else value
        rows.append(f"<tr><td>{info.name}</td><td>{cell}</td>"
                    f"<td>{html.escape(', '.join(info.rules))}</td></tr>")
    how = (f"preset <code>{name}</code>" + (f" with {len(differ)} option"
                                            f"{'s' if len(differ) != 1 else ''} changed (bold)"
                                            if differ else ""))
    return (f"<div><strong>RuleSet</strong>: {how}; {rules.players} players in "
            f"{len(rules.layout)} sides, {rules.decks} decks"
            "<details><summary>every option</summary><table><thead><tr><th>option</th>"
            f"<th>value</th><th>rules</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
            "</details></div>")


def _turn(progress: GameState | View) -> str:
    phase = progress.phase
    seat = progress.current_player
    if seat is None:
        return str(phase.value).replace("_", " ")
    return f"seat {seat} to {phase.value}"


def _table(progress: GameState | View) -> str:
    pile = progress.pile
    up = f" (up {pile[-1]})" if pile else ""
    return (f"scores {' '.join(map(str, progress.scores))}; stock {progress.stock_size}, "
            f"pile {len(pile)}{up}")


def state_repr(state: GameState) -> str:
    """One line: the hand, whose turn, the scores, the stock and pile, the table."""
    rules = state.rules
    return (f"<GameState hand {state.hand_number}, {_turn(state)}; {_table(state)}; "
            f"{rules.players} players in {len(rules.layout)} sides>")


def view_repr(view: View) -> str:
    """One line: the seat and its hand's size, whose turn, the scores, the stock and pile."""
    return (f"<View of seat {view.seat}, {count_phrase(len(view.hand))} in hand; hand "
            f"{view.hand_number}, {_turn(view)}; {_table(view)}>")


def hand_result_repr(result: HandResult) -> str:
    """One line: how the hand ended, who went out, each side's total."""
    how = result.ended.value
    if result.went_out is not None:
        how += f" by seat {result.went_out}" + (" (concealed)" if result.concealed else "")
    return f"<HandResult {how}; totals {' '.join(map(str, result.totals))}>"


def hand_result_html(result: HandResult) -> str:
    """An HTML table: one row per side, a column per score part, and the total."""
    head = "".join(f"<th>{part}</th>" for part in COMPONENTS)
    rows = "".join(
        f"<tr><td>{side}</td>" + "".join(f"<td>{v}</td>" for v in parts)
        + f"<td><strong>{sum(parts)}</strong></td></tr>"
        for side, parts in enumerate(result.breakdown))
    return (f"<div>{html.escape(hand_result_repr(result))}<table><thead><tr><th>side</th>"
            f"{head}<th>total</th></tr></thead><tbody>{rows}</tbody></table></div>")

