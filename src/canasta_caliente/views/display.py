"""Text and HTML renderings of game states and views.

``str(state)`` and ``str(view)`` are readable text tables: per side its score, melds (canastas
marked), laid-out bonus cards and the hands of its seats; then the pile (up card in brackets,
frozen or blocked marked), the stock, the waiting cards and whose turn it is. ``_repr_html_`` gives
the same as an HTML table for Jupyter, every text escaped. A view shows only its own seat's hand:
the others are shown by their size, with the cards known to all to be in them (:meth:`View.known
<canasta_caliente.View.known>`) and how many are unknown.

>>> import canasta_caliente as cc
>>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=3)
>>> for part in str(state).splitlines()[0].split(" · "):
...     print(part)
Canasta Caliente: caliente (4 players, 2 decks)
hand 1
draw: seat 0 to draw from the stock or take the pile
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..cards import Card, format_cards
from ..engine.checks import pile_refusal
from ..rules.ruleset import RuleSet
from ..rules.summary import closest_preset
from ..state.game import Meld, Phase, Question

if TYPE_CHECKING:
    from ..state.game import GameState
    from .view import View

__all__ = ["state_html", "state_text", "view_html", "view_text"]

_Row = tuple[str, str, bool]
"""A row: its label, its value, and whether to emphasize it (the seat to act)."""
_Section = tuple[str, list[_Row]]


def state_text(state: GameState) -> str:
    """A readable text table of the whole state, every hand shown."""
    return _text(*_state_board(state))


def state_html(state: GameState) -> str:
    """An HTML table of the whole state, for Jupyter."""
    return _html(*_state_board(state))


def view_text(view: View) -> str:
    """A readable text table of what one seat sees: its own hand, the other hands' sizes."""
    return _text(*_view_board(view))


def view_html(view: View) -> str:
    """An HTML table of what one seat sees, for Jupyter."""
    return _html(*_view_board(view))


# ---------------------------------------------------------------------------------------------
# The board: the same rows for text and HTML


def _state_board(state: GameState) -> tuple[str, list[_Section]]:
    hands = [state.hand(s) for s in range(state.rules.players)]
    return _board(state, hands, None, None)


def _view_board(view: View) -> tuple[str, list[_Section]]:
    hands: list[tuple[Card, ...] | None] = [
        view.hand if s == view.seat else None for s in range(view.rules.players)
    ]
    return _board(view, hands, view.seat, view.unknown_count)


def _board(
    view: GameState | View, hands: Sequence[tuple[Card, ...] | None], viewer: int | None,
    unknown: Callable[[int], int] | None,
) -> tuple[str, list[_Section]]:
    """The title and sections; ``hands[seat]`` is ``None`` for a hidden hand, whose unknown
    cards ``unknown(seat)`` counts (:meth:`View.unknown_count
    <canasta_caliente.View.unknown_count>`)."""
    rules = view.rules
    who = "Canasta Caliente" if viewer is None else f"Seat {viewer}'s view"
    title = f"{who}: {_describe(rules)} · hand {view.hand_number} · {_status(view)}"
    sections: list[_Section] = []
    for side_no, seats in enumerate(view.sides):
        members = ", ".join(map(str, seats))
        heading = (f"side {side_no} (seat{'s' if len(seats) > 1 else ''} {members}) · score "
                   f"{view.scores[side_no]}")
        melds = view.melds(side_no)
        rows: list[_Row] = [("melds", "  |  ".join(_meld(m) for m in melds) or "none", False)]
        laid = view.laid_out(side_no)
        if laid:
            rows.append(("bonus cards", format_cards(laid), False))
        played = view.caliente_played(side_no)
        if played:
            rows.append(("caliente", f"{played} played", False))
        for seat in seats:
            rows.append(_seat_row(view, seat, hands[seat], viewer, unknown))
        sections.append((heading, rows))
    table: list[_Row] = [
        ("pile", _pile(view), False),
        ("stock", f"{view.stock_size} card{'s' if view.stock_size != 1 else ''}", False),
    ]
    if view.waiting:
        table.append(("waiting", f"{format_cards(view.waiting)} (pile cards waiting to join "
                      f"seat {view.turn_player}'s hand, INIT-4)", False))
    if not view.over:
        turn = view.turn
        if turn.points:
            table.append(("first meld", f"{turn.points} points melded this turn, {turn.need} "
                          "more needed (INIT-1)", False))
        elif turn.need:
            table.append(("first meld", f"{turn.need} points needed (INIT-1)", False))
        if turn.question is not Question.NONE:
            answer = {Question.ASKED: "asked, waiting for the answer",
                      Question.YES: "answered yes: the player must go out",
                      Question.NO: "answered no"}[turn.question]
            table.append(("may I go out?", answer + " (OUT-2)", False))
    if view.hand_results and view.over:
        result = view.hand_results[-1]
        how = result.ended.value.replace("_", " ")
        if result.went_out is not None:
            how += f" (seat {result.went_out}{', concealed' if result.concealed else ''})"
        totals = " · ".join(f"side {i} {t:+d}" for i, t in enumerate(result.totals))
        table.append((f"hand {len(view.hand_results)}", f"{how}: {totals}", False))
    sections.append(("table", table))
    return title, sections


@functools.lru_cache(maxsize=64)  # (a display is drawn after every move)
def _describe(rules: RuleSet) -> str:
    """The preset's name if the rules are one; a preset with one or two options changed by
    its name and theirs ("caliente with target_score changed": a shorter game was "house
    rules"); else "house rules". The table after it."""
    preset, differ = closest_preset(rules)
    table = f"{rules.players} players, {rules.decks} decks"
    if not differ:
        return f"{preset} ({table})"
    if len(differ) <= 2:
        return f"{preset} with {' and '.join(differ)} changed ({table})"
    return f"house rules ({table})"


def _status(view: GameState | View) -> str:
    phase = view.phase
    if phase is Phase.GAME_OVER:
        return f"game over: side {view.winner} wins"
    if phase is Phase.HAND_OVER:
        return "hand over: the next action is deal"
    player = view.current_player
    if phase is Phase.ANSWER:
        return f"answer: seat {player} to answer seat {view.turn_player}'s \"May I go out?\""
    if phase is Phase.DRAW:
        if not view.stock_size:
            return f"draw: seat {player} to take the pile or pass (the stock is empty)"
        return f"draw: seat {player} to draw from the stock or take the pile"
    return f"play: seat {player} to meld or discard"


def _meld(meld: Meld) -> str:
    text = format_cards(meld.cards)
    if meld.rank is Card.BLACK_THREE:
        return text + " (stop)"
    if meld.is_canasta:
        return text + (" (natural canasta)" if meld.is_natural else " (mixed canasta)")
    return text


def _seat_row(
    view: GameState | View, seat: int, hand: tuple[Card, ...] | None, viewer: int | None,
    unknown: Callable[[int], int] | None,
) -> _Row:
    label = f"seat {seat}"
    if seat not in view.active_seats:
        return label, "sitting out", False
    size = view.hand_size(seat)
    count = f"{size} card{'s' if size != 1 else ''}"
    known = view.known(seat)
    if hand is None:
        if known:
            assert unknown is not None  # a hidden hand is a view's, which counts its unknown
            # (the cards named after their label: "6 cards; known to all: 6; 5 unknown", where
            # "6 known" read as a count)
            value = (f"{count}; known to all: {format_cards(known)}; {unknown(seat)} "
                     "unknown")
        else:
            value = f"{count}, hidden"
    else:
        value = (format_cards(hand) + f"  ({count})") if hand else "no cards"
        if known:
            value += f"  (known to all: {format_cards(known)})"
    acting = view.current_player == seat
    if acting:
        value += "  <- to act"
    if seat == viewer:
        label += " (you)"
    return label, value, acting


def _pile(view: GameState | View) -> str:
    pile = view.pile
    if not pile:
        return "empty"
    text = " ".join([*(c.code for c in pile[:-1]), f"[{pile[-1].code}]"])
    marks = [f"{len(pile)} card{'s' if len(pile) != 1 else ''}"]
    refused = pile_refusal(pile)  # (the check's own words: PILE-2)
    if refused is not None:
        marks.append(refused)
    if view.rules.always_frozen:
        marks.append("always frozen (PILE-5)")
    elif view.pile_has_freezer:
        marks.append("frozen (PILE-3)")
    return f"{text}  ({'; '.join(marks)})"


# ---------------------------------------------------------------------------------------------
# Rendering


def _text(title: str, sections: list[_Section]) -> str:
    width = max(len(label) for _, rows in sections for label, _, _ in rows) + 2
    lines = [title]
    for heading, rows in sections:
        lines.append(heading)
        for label, value, _ in rows:
            lines.append(f"  {label:<{width}}{value}")
    return "\n".join(lines)


_CELL = "padding:1px 8px;text-align:left;vertical-align:top"


def _html(title: str, sections: list[_Section]) -> str:
    e = html.escape
    out = [
        '<table class="canasta-caliente" style="border-collapse:collapse">',
        f'<caption style="text-align:left;font-weight:bold;padding:2px 8px">{e(title)}</caption>',
    ]
    for heading, rows in sections:
        out.append(f'<tr><th colspan="2" style="{_CELL};border-top:1px solid #999">'
                   f"{e(heading)}</th></tr>")
        for label, value, strong in rows:
            style = ' style="font-weight:bold"' if strong else ""
            out.append(f'<tr{style}><td style="{_CELL};color:#666">'
                       f'{e(label)}</td><td style="{_CELL};font-family:monospace">{e(value)}'
                       "</td></tr>")
    out.append("</table>")
    return "\n".join(out)
