"""What a simulation returns: :class:`GameResult` (one game) and :class:`SimulationResult`
(many, with their aggregate statistics).

The results are plain frozen values (they pickle, and they cross from a worker process to the
parent); what is computed from them lives in the modules below: the statistics in
:mod:`~canasta_caliente.studies.stats`, the text and HTML tables in
:mod:`~canasta_caliente.studies.tables`, the flat tables in
:mod:`~canasta_caliente.studies.results` and the plots in :mod:`~canasta_caliente.studies.plots`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from typing import Any

import attrs

from ..errors import ArgumentError
from ..play.text import count_phrase
from ..records._codec import pretty_json, read_document
from ..records.storage import GameRecord
from ..rules.ruleset import RuleSet, check_ruleset
from ..state.game import HandResult
from .plots import plot_result
from .results import level_columns, records, to_pandas
from .saved import SIMULATION_SCHEMA, WHAT, read_simulation
from .stats import mean_hand_scores, win_rates
from .tables import NOTHING_PLAYED, rate_cells, simulation_html, simulation_table

__all__ = ["GameResult", "SimulationResult"]


@attrs.frozen
class GameResult:
    """The result of one game."""

    index: int
    """The game's index in its simulation (from 0)."""
    seed: int
    """The game's seed (derived from the simulation's seed and the index)."""
    seat_bots: tuple[str, ...]
    """The name of the bot at each seat."""
    winner: int | None
    """The winning side, or ``None`` if the game hit the hand limit."""
    scores: tuple[int, ...]
    """The sides' final game scores."""
    hands: int
    """How many hands were played."""
    hand_totals: tuple[tuple[int, ...], ...]
    """Per hand, each side's hand score."""
    hand_ends: tuple[str, ...]
    """Per hand, how it ended (a :class:`~canasta_caliente.HandEnd` value)."""
    canastas: tuple[int, ...]
    """Per hand, the canastas on the table at its end (all sides)."""
    actions: int
    """How many actions the players took (deals not counted)."""
    hand_results: tuple[HandResult, ...] = ()
    """Per hand, its full result: every side's score parts, who went out, how it ended."""
    pile_takes: tuple[tuple[int, ...], ...] = ()
    """Per hand, how many times each side took the pile."""
    side_canastas: tuple[tuple[int, ...], ...] = ()
    """Per hand, the canastas of each side on the table at its end."""
    record: GameRecord | None = None
    """The game's :class:`~canasta_caliente.GameRecord` (every action, for
    :func:`~canasta_caliente.replay`), when the simulation ran with ``keep_records=True``."""

    def winning_bots(self, rules: RuleSet) -> frozenset[str]:
        """The bots that sat on the winning side, by the seating of ``rules`` (the game's
        rules: a result does not keep them). A :class:`TypeError` if ``rules`` is not a
        :class:`~canasta_caliente.RuleSet`, an :class:`~canasta_caliente.ArgumentError` if its
        table is not this game's (another number of players or of sides)."""
        check_ruleset(rules)
        players, sides = len(self.seat_bots), len(self.scores)
        if rules.players != players or len(rules.layout) != sides:
            raise ArgumentError(f"rules: a table of {rules.players} players in "
                                f"{len(rules.layout)} sides is not this game's ({players} "
                                f"players in {sides} sides): give the game's rules")
        if self.winner is None:
            return frozenset()
        return frozenset(self.seat_bots[s] for s in rules.layout[self.winner])

    def __repr__(self) -> str:
        outcome = ("no winner" if self.winner is None
                   else f"side {self.winner} wins")
        return (f"<GameResult game {self.index}: {outcome}, scores "
                f"{' '.join(map(str, self.scores))} after {count_phrase(self.hands, 'hand')}; "
                f"seats {' '.join(self.seat_bots)}>")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (the hand results as ``{"breakdown", "ended", "went_out",
        "concealed"}``, the record as :meth:`~canasta_caliente.GameRecord.to_dict`)."""
        data = attrs.asdict(self, recurse=False)
        for name in ("seat_bots", "scores", "hand_totals", "hand_ends", "canastas",
                     "pile_takes", "side_canastas"):
            data[name] = _plain(data[name])
        data["hand_results"] = [
            {"breakdown": _plain(h.breakdown), "ended": h.ended.value, "went_out": h.went_out,
             "concealed": h.concealed} for h in self.hand_results]
        data["record"] = None if self.record is None else self.record.to_dict()
        return data


def _number(value: float) -> float | None:
    """A statistic as JSON data: NaN (of no games) as ``None``."""
    return None if math.isnan(value) else value


def _plain(value: Any) -> Any:
    """Nested tuples as lists."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _names(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(names)


def _games(games: Iterable[GameResult]) -> tuple[GameResult, ...]:
    return tuple(games)


@attrs.frozen
class SimulationResult:
    """Per-game results and their aggregate statistics.

    Its constructor checks nothing (:func:`~canasta_caliente.simulate` makes it of games it
    played; a result made by hand of other games may not be one :meth:`from_dict` reads back,
    which checks every fact of a simulation's games); it makes ``bots`` and ``games`` tuples,
    so that a result made of lists equals the one read back."""

    rules: RuleSet
    bots: tuple[str, ...] = attrs.field(converter=_names)
    seed: int
    games: tuple[GameResult, ...] = attrs.field(converter=_games)
    requested: int
    """Games asked for; more than ``len(games)`` if the run was interrupted."""
    label: str | None = None
    """The variant's label (the ``variant`` column of the tables), if one was given."""

    @property
    def interrupted(self) -> bool:
        """True if the run stopped early (the partial results are kept)."""
        return len(self.games) < self.requested

    @property
    def win_rates(self) -> dict[str, tuple[float, float, float]]:
        """Per bot: (win rate, low, high) with a 95% Wilson confidence interval (all NaN, not
        applicable, for a bot alone on every side: see
        :func:`~canasta_caliente.studies.stats.win_rates`)."""
        return win_rates(self)

    @property
    def mean_hand_score(self) -> dict[str, float]:
        """Per bot: the mean hand score of the sides it played."""
        return mean_hand_scores(self)

    @property
    def side_wins(self) -> tuple[int, ...]:
        """Per side of the table, the games it won."""
        wins = [0] * len(self.rules.layout)
        for g in self.games:
            if g.winner is not None:
                wins[g.winner] += 1
        return tuple(wins)

    @property
    def no_winner(self) -> int:
        """The games with no winner (stopped at the hand limit, ``max_hands``): won by no
        bot, they count in every win rate's games but in none of its wins."""
        return sum(1 for g in self.games if g.winner is None)

    @property
    def hands_per_game(self) -> float:
        """Mean hands per game (NaN with no game played)."""
        return sum(g.hands for g in self.games) / len(self.games) if self.games else math.nan

    @property
    def actions_per_game(self) -> float:
        """Mean actions per game (the players' actions, deals not counted: how long a game is
        in play, where :attr:`hands_per_game` counts its hands, each of any length; NaN with
        no game played)."""
        return sum(g.actions for g in self.games) / len(self.games) if self.games else math.nan

    @property
    def canastas_per_hand(self) -> float:
        """Mean canastas on the table at the end of a hand (all sides; NaN with no hand
        played)."""
        hands = sum(len(g.canastas) for g in self.games)
        return sum(sum(g.canastas) for g in self.games) / hands if hands else math.nan

    @property
    def hand_ends(self) -> dict[str, int]:
        """How hands ended, with counts."""
        return dict(Counter(end for g in self.games for end in g.hand_ends))

    def table(self) -> str:
        """A text table of the aggregate statistics."""
        return simulation_table(self)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data: the document's kind and format (``"schema"``,
        :data:`~canasta_caliente.studies.saved.SIMULATION_SCHEMA`), the aggregates and every
        game (a statistic of no games, NaN in its attribute, is ``None`` here: JSON has no
        NaN)."""
        return {
            "schema": dict(SIMULATION_SCHEMA),
            "rules": self.rules.to_dict(),
            "label": self.label,
            "bots": list(self.bots),
            "seed": self.seed,
            "requested": self.requested,
            "interrupted": self.interrupted,
            "win_rates": {k: [_number(x) for x in v] for k, v in self.win_rates.items()},
            "side_wins": list(self.side_wins),
            "no_winner": self.no_winner,
            "mean_hand_score": {k: _number(v) for k, v in self.mean_hand_score.items()},
            "hands_per_game": _number(self.hands_per_game),
            "canastas_per_hand": _number(self.canastas_per_hand),
            "hand_ends": self.hand_ends,
            "games": [g.to_dict() for g in self.games],
        }

    def to_json(self, *, indent: int | str | None = 2) -> str:
        """:meth:`to_dict` as a JSON document (``indent`` as :func:`json.dumps` takes it;
        ``None``: one line); :meth:`from_json` reads it back."""
        return pretty_json(self.to_dict(), indent)

    @classmethod
    def from_dict(cls, data: Any) -> SimulationResult:
        """Read a result back from its :meth:`to_dict` data (the file ``canasta-caliente
        simulate --json`` writes), every field and the facts that tie them together checked
        (:mod:`canasta_caliente.studies.saved`); a malformed one raises
        :class:`~canasta_caliente.StateError` listing every problem.

        >>> import canasta_caliente as cc
        >>> result = cc.simulate(cc.RuleSet.preset("caliente-2p"), ["heuristic", "random"],
        ...                      games=2, seed=1)
        >>> SimulationResult.from_dict(result.to_dict()) == result
        True
        """
        return read_simulation(data, GameResult, cls)

    @classmethod
    def from_json(cls, text: str | bytes | bytearray) -> SimulationResult:
        """Read a result from JSON text (see :meth:`from_dict`): the contents of a file
        ``canasta-caliente simulate --json`` wrote, say."""
        return cls.from_dict(read_document(text, WHAT))

    def to_records(self, level: str = "game") -> list[dict[str, Any]]:
        """A flat table, as a list of rows of plain scalars: ``level="game"`` gives one row per
        game, ``level="hand"`` one row per side per hand (see
        :mod:`canasta_caliente.studies.results`
        for the columns)."""
        return records(self, level)

    def to_pandas(self, level: str = "game") -> Any:
        """:meth:`to_records` as a :class:`pandas.DataFrame` (needs the extra ``analysis``)."""
        return to_pandas(self.to_records(level), level, level_columns(self.rules, level),
                         labelled=self.label is not None)

    def plot(self, kind: str = "scores", **options: Any) -> Any:
        """A matplotlib figure (returned, not shown) of ``kind``: ``"scores"`` (the hand
        scores of each bot), ``"hands"`` (hands per game) or ``"final"`` (final game scores);
        ``figsize=`` sizes it, ``ax=`` draws it in matplotlib axes of the caller's. Needs the
        extra ``analysis``; see :func:`canasta_caliente.studies.plots.plot_result`."""
        return plot_result(self, kind, **options)

    def __str__(self) -> str:
        """The text table (:meth:`table`), what ``print(result)`` shows, as a tournament's."""
        return self.table()

    def __repr__(self) -> str:
        label = f" {self.label!r}" if self.label else ""
        if not self.games:
            return (f"<SimulationResult{label}: 0 of {count_phrase(self.requested, 'game')}, "
                    f"bots {', '.join(self.bots)}; {NOTHING_PLAYED}>")
        rates = ", ".join(f"{bot} {rate_cells(*rate)[0]}" for bot, rate in self.win_rates.items())
        return (f"<SimulationResult{label}: {len(self.games)} of "
                f"{count_phrase(self.requested, 'game')}, "
                f"bots {', '.join(self.bots)}; win rates {rates}; "
                f"{self.hands_per_game:.2f} hands per game, "
                f"{self.actions_per_game:.1f} actions per game>")

    def _repr_html_(self) -> str:
        return simulation_html(self)
