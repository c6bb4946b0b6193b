"""The aggregate statistics of a simulation as tables to read: text (for a terminal, the
``simulate`` command and :meth:`~canasta_caliente.studies.outcomes.SimulationResult.table`) and
HTML (a notebook's ``_repr_html_``). The flat tables of every game and hand, for a data frame or
a file, are :mod:`canasta_caliente.studies.results`.
"""

from __future__ import annotations

import decimal
import html
import math
import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..play.text import count_phrase

if TYPE_CHECKING:
    from .outcomes import SimulationResult

__all__ = ["NOTHING_PLAYED", "hand_limit_lines", "hand_limit_note", "hand_limit_words",
           "percent", "rate_cells", "simulation_html", "simulation_table"]


NOTHING_PLAYED = "no game was played: no statistics to show"
"""What a simulation of no games (one interrupted before its first) shows for its table."""


def percent(value: float, decimals: int = 1) -> str:
    """A rate as a percentage to one decimal (or ``decimals``), ``nan`` for a rate of no games
    (as pandas and :meth:`~canasta_caliente.studies.compare.Comparison.table` print it; a
    mean needs no such help: ``f"{nan:.2f}"`` is ``nan``, where ``f"{nan:.1%}"`` is ``nan%``).

    Rounded from the rate as Python writes it, half to even, so that two rates that add up to
    1 print as percentages that add up to 100.0: ``f"{0.4865:.1%}"`` rounds the binary
    fraction under 0.4865 (48.6%) and ``f"{0.5135:.1%}"`` the one under 0.5135 (51.3%), which
    a bot author's trial read as 0.1% of games lost.

    >>> from canasta_caliente.studies.tables import percent
    >>> percent(0.4865), percent(0.5135), percent(1.0), percent(float("nan"))
    ('48.6%', '51.4%', '100.0%', 'nan')
    >>> percent(17 / 40, 0), percent(23 / 40, 0)
    ('42%', '58%')
    """
    if math.isnan(value):
        return "nan"
    written = decimal.Decimal(repr(float(value) + 0.0)) * 100  # (+ 0.0: -0.0 is 0.0)
    return f"{written.quantize(decimal.Decimal(1).scaleb(-decimals), decimal.ROUND_HALF_EVEN)}%"


def rate_cells(rate: float, low: float, high: float, dash: str = "-") -> tuple[str, str]:
    """A win rate and its interval as two cells: ``n/a`` for a rate not applicable (all NaN:
    one bot on every side), ``nan`` for a rate of no games (its interval the whole of
    [0, 1])."""
    if math.isnan(low):
        return "n/a", "n/a"
    return percent(rate), f"{percent(low)} {dash} {percent(high)}"


def _played(result: SimulationResult) -> str:
    """What the first line counts: the games played of those asked for."""
    return f"{len(result.games)} of {count_phrase(result.requested, 'game')} played"


def _ends(result: SimulationResult, text: Callable[[str], str]) -> str:
    """How the hands ended, with counts (each name through ``text``), or ``none``."""
    return ", ".join(f"{text(k)} {v}" for k, v in sorted(result.hand_ends.items())) or "none"


def _wins(result: SimulationResult) -> str:
    """The games each side won, and those with no winner."""
    sides = ", ".join(f"side {k} {n}" for k, n in enumerate(result.side_wins))
    return f"games won: {sides}, no winner {result.no_winner}"


def hand_limit_note(result: SimulationResult) -> str | None:
    """What a table says of the games stopped at the hand limit (``max_hands``) with no
    winner, if any: a variant whose rules may never let a side reach the target (a club's
    trial read "no winner 20" and "200 hands per game" alone, and took them for a result)."""
    stopped = [game.hands for game in result.games if game.winner is None]
    if not stopped:
        return None
    return hand_limit_words(f"{len(stopped)} of {count_phrase(len(result.games), 'game')}",
                            max(stopped))


def hand_limit_lines(result: SimulationResult, label: str | None = None) -> list[str]:
    """:func:`hand_limit_note` as a text table's lines (``note: ...``, after ``label`` and a
    colon if given, wrapped at 100 columns); none when no game stopped there."""
    note = hand_limit_note(result)
    if note is None:
        return []
    said = f"{label}: {note}" if label is not None else note
    return textwrap.wrap(f"note: {said}", width=100, subsequent_indent="  ")


def hand_limit_words(games: str, limit: int) -> str:
    """The sentence of ``games`` (their count, in words) stopped at a hand limit of ``limit``
    hands with no winner: a table's note, and a playtest's caution (one wording of it)."""
    return (f"{games} stopped at the hand limit ({count_phrase(limit, 'hand')}) with no side "
            "at the target score: a limit too low for these games, or rules under which a side "
            "may never reach it")


def simulation_table(result: SimulationResult) -> str:
    """A text table of a simulation's aggregate statistics (its :meth:`table`)."""
    lines = [f"{_played(result)}" + (" (interrupted)" if result.interrupted else "")]
    if not result.games:  # every statistic NaN: a table of them would say nothing true
        return "\n".join([*lines, NOTHING_PLAYED])
    width = max(12, *(len(bot) + 2 for bot in result.bots))  # a long name keeps the columns
    lines.append(f"{'bot':<{width}}{'win rate':>10}{'95% CI':>18}{'mean hand':>12}")
    rates = result.win_rates
    means = result.mean_hand_score
    for bot in result.bots:
        rate, interval = rate_cells(*rates[bot])
        lines.append(f"{bot:<{width}}{rate:>10}{interval:>18}{means[bot]:>12.1f}")
    lines.append(_wins(result))
    lines.append(f"hands per game {result.hands_per_game:.2f}, actions per game "
                 f"{result.actions_per_game:.1f}, canastas per hand "
                 f"{result.canastas_per_hand:.2f}")
    lines.append("hands ended: " + _ends(result, str))
    lines += hand_limit_lines(result)
    return "\n".join(lines)


def simulation_html(result: SimulationResult) -> str:
    """An HTML table of a simulation's aggregate statistics (its ``_repr_html_``)."""
    esc = html.escape
    title = _played(result) + (
        " (interrupted)" if result.interrupted else "")
    if result.label:
        title = f"{esc(result.label)}: {title}"
    if not result.games:
        return f"<div><strong>SimulationResult</strong> {title}<p>{NOTHING_PLAYED}</p></div>"
    rates = result.win_rates
    means = result.mean_hand_score
    rows = "".join(
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.1f}</td></tr>".format(
            esc(bot), *rate_cells(*rates[bot], dash="–"), means[bot])
        for bot in result.bots)
    ends = _ends(result, esc)
    return (f"<div><strong>SimulationResult</strong> {title}"
            "<table><thead><tr><th>bot</th><th>win rate</th><th>95% CI</th>"
            f"<th>mean hand score</th></tr></thead><tbody>{rows}</tbody></table>"
            f"<p>{_wins(result)}; {result.hands_per_game:.2f} hands per game, "
            f"{result.actions_per_game:.1f} actions per game, "
            f"{result.canastas_per_hand:.2f} canastas per hand; hands ended: {ends}</p>"
            + ("" if (note := hand_limit_note(result)) is None else f"<p>note: {note}</p>")
            + "</div>")
