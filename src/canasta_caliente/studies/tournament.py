"""Tournaments: a round robin of bots, rated on the Elo scale with confidence intervals.

:func:`tournament` plays every pair of bots against each other with
:func:`~canasta_caliente.studies.simulate.simulate` (each pair's games on seeds derived from the
tournament's seed and the pair's places in the list, so the tables are identical whatever the
number of workers).
Within a pair the bots swap sides every game (:func:`~canasta_caliente.studies.simulate.seat_bots`),
so with an even number of games each bot sits on each side, and plays first, as often as the
other. The ratings come from a Bradley-Terry model fitted to all the games at once (a draw,
a game stopped at the hand limit, counts half a win to each), on the Elo scale
(``400 * log10`` of the strength, the ratings' mean at 0): a difference of 200 means the
stronger bot wins about 76% of its games. Each rating has a 95% interval from the model's
Fisher information. One virtual drawn game per pair keeps the fit finite when a bot wins
every game.

>>> import canasta_caliente as cc
>>> t = cc.tournament(["heuristic", "random"], cc.RuleSet.preset("caliente-2p"), games=2, seed=1)
>>> sorted(t.ratings)
['heuristic', 'random']
"""

from __future__ import annotations

import html
import math
import random
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from typing import Any

import attrs

from .._arguments import MAX_HANDS, read_real
from ..errors import ArgumentError, CanastaTypeError, describe_value, short_repr
from ..play.text import count_phrase
from ..records._codec import pretty_json, read_document
from ..rules.ruleset import RuleSet
from .compare import Z95, Estimate
from .outcomes import GameResult, SimulationResult
from .play import BotSpec, bot_name
from .plots import plot_tournament
from .pool import check_sendable
from .results import level_columns, records, to_pandas
from .saved import TOURNAMENT, TOURNAMENT_SCHEMA, read_tournament
from .simulate import check_options, checked_arguments, simulate, workers_used
from .tables import percent

__all__ = ["Tournament", "bradley_terry", "rated", "tournament"]

NO_RATINGS = "no game was played: no ratings to show"
"""What a tournament of no games (one interrupted before its first) shows for its table."""

_ELO = 400 / math.log(10)


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small non-singular matrix (Gauss-Jordan with partial pivoting)."""
    n = len(matrix)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        a[col] = [x / p for x in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [row[n:] for row in a]


DEFAULT_PRIOR = 0.5
"""The virtual wins :func:`bradley_terry` (and :func:`tournament`) adds to each side of a pair
that met: one drawn game, which keeps a clean sweep's rating finite."""

MAX_WINS = 1e7
"""The most a win count (an entry of :func:`bradley_terry`'s matrix, or its ``prior``) may be:
far past any real tournament, and small enough that the fit stays exact (its intervals lose
precision past about 1e8)."""


def _checked_count_of_games(name: str, value: object) -> float:
    """``value`` as a float, checked to be a number (not a ``bool``) from 0 to :data:`MAX_WINS`."""
    number = read_real(name, value)
    if not 0 <= number <= MAX_WINS:  # NaN fails too
        raise ArgumentError(f"{name} must be a finite number of games from 0 to {MAX_WINS:g}, "
                            f"not {short_repr(value)}")
    return number


def _checked_wins(wins: object) -> list[list[float]]:
    """:func:`bradley_terry`'s matrix as lists of floats, checked (see its docstring)."""
    if isinstance(wins, str | bytes) or not isinstance(wins, Iterable):
        raise CanastaTypeError("wins must be a square matrix of numbers (a list of lists), not "
                               f"{describe_value(wins)}")
    rows: list[list[object]] = []
    for i, row in enumerate(wins):
        if isinstance(row, str | bytes) or not isinstance(row, Iterable):
            raise CanastaTypeError(f"wins[{i}] must be a row of numbers, not {describe_value(row)}")
        rows.append(list(row))
    k = len(rows)
    if not k:
        raise ArgumentError("wins must have a row per bot, at least one: it has none")
    for i, row in enumerate(rows):
        if len(row) != k:
            raise ArgumentError(f"wins must be a square matrix: it has {k} rows, but row {i} "
                                f"has {len(row)} entries")
    table = [[_checked_count_of_games(f"wins[{i}][{j}]", x) for j, x in enumerate(row)]
             for i, row in enumerate(rows)]
    for i in range(k):
        if table[i][i]:
            raise ArgumentError(f"wins[{i}][{i}] must be 0 (a bot does not play itself), not "
                                f"{short_repr(rows[i][i])}")
    return table


def bradley_terry(
    wins: Sequence[Sequence[float]], *, prior: float = DEFAULT_PRIOR
) -> list[Estimate]:
    """Elo-scale ratings with 95% intervals from a matrix of wins: ``wins[i][j]`` is what bot
    ``i`` scored against bot ``j`` (a win 1, a draw 1/2 to each). ``prior`` adds that many
    virtual wins to each side of every pair that met. The ratings' mean is 0; the fit is
    Hunter's minorization-maximization, the intervals from the inverse Fisher information
    under that constraint. Bots that never met others rate 0 with an infinite interval, and
    the others are rated, intervals and all, as if those bots were absent (an interrupted
    round robin rates the games played). Groups of bots that never met, directly or through
    others, have no common scale: their intervals are infinite.

    ``wins`` must be a square matrix (rows of numbers, such as a list of lists) of at least one
    bot, its entries finite numbers of at least 0 and its diagonal 0 (a bot does not play
    itself); ``prior`` a finite number of at least 0. Otherwise a :class:`TypeError` (not
    numbers, or not rows) or an :class:`~canasta_caliente.ArgumentError` says which entry is
    wrong and why."""
    return _fit(_checked_wins(wins), _checked_count_of_games("prior", prior))


def _fit(table: list[list[float]], prior: float) -> list[Estimate]:
    """:func:`bradley_terry` on a matrix and a prior already checked (or, in
    :func:`tournament`, counted by the library: any number of games)."""
    k = len(table)
    w = [[table[i][j] + (prior if i != j and table[i][j] + table[j][i] > 0 else 0.0)
          for j in range(k)] for i in range(k)]
    games = [[w[i][j] + w[j][i] if i != j else 0.0 for j in range(k)] for i in range(k)]
    # A bot with no games says nothing of the others: the others are fitted as if it were
    # absent (it once took part in the covariance, and its empty row made the others'
    # intervals a point or infinite), and it rates 0 with an infinite interval.
    played = [i for i in range(k) if any(games[i])]
    out = [Estimate(0.0, -math.inf, math.inf)] * k
    fitted = _fit_played([[w[i][j] for j in played] for i in played],
                         [[games[i][j] for j in played] for i in played])
    for i, estimate in zip(played, fitted, strict=True):
        out[i] = estimate
    return out


def _connected(games: list[list[float]]) -> bool:
    """Whether every bot met every other, directly or through others."""
    reached, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j, n in enumerate(games[i]):
            if n and j not in reached:
                reached.add(j)
                todo.append(j)
    return len(reached) == len(games)


def _fit_played(w: list[list[float]], games: list[list[float]]) -> list[Estimate]:
    """:func:`_fit` on the bots that played (each has games): ``w`` their wins with the
    prior, ``games`` the games of each pair."""
    k = len(w)
    if not k:
        return []
    strength = [1.0] * k
    for _ in range(10_000):
        new = []
        for i in range(k):
            den = sum(games[i][j] / (strength[i] + strength[j]) for j in range(k) if j != i)
            new.append(sum(w[i]) / den if den > 0 else 1.0)
        logs = [math.log(max(s, 1e-300)) for s in new]
        centre = sum(logs) / k
        new = [math.exp(x - centre) for x in logs]
        change = max(abs(a - b) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < 1e-12:
            break
    theta = [math.log(s) for s in strength]
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j and games[i][j]:
                gap = theta[j] - theta[i]  # past 700 exp overflows: i surely loses
                q = 0.0 if gap > 700 else 1 / (1 + math.exp(gap))
                v = games[i][j] * q * (1 - q)
                info[i][j] -= v
                info[i][i] += v
    # The covariance under sum(theta) = 0: the pseudo-inverse of the (Laplacian) information.
    # Groups of bots that never met have no common scale: their intervals are infinite.
    shift = [[info[i][j] + 1.0 / k for j in range(k)] for i in range(k)]
    try:
        if not _connected(games):
            raise ZeroDivisionError
        cov = _inverse(shift)
    except ZeroDivisionError:
        cov = [[math.inf] * k for _ in range(k)]
    out = []
    mean = sum(theta) / k
    for i in range(k):
        value = _ELO * (theta[i] - mean)
        half = Z95 * _ELO * math.sqrt(max(cov[i][i] - 1.0 / k, 0.0))
        out.append(Estimate(value, value - half, value + half))
    return out


@attrs.frozen
class Tournament:
    """The results of :func:`tournament`: one simulation per pair of bots, and the ratings."""

    rules: RuleSet
    bots: tuple[str, ...]
    """The bots' names, in the order given."""
    pairs: tuple[SimulationResult, ...]
    """Per pair ``(i, j)`` with ``i < j`` in order, the games of ``bots[i]`` against
    ``bots[j]`` (its :attr:`~canasta_caliente.SimulationResult.label` names the pair)."""
    wins: tuple[tuple[float, ...], ...]
    """``wins[i][j]``: games bot ``i`` won against bot ``j``, draws counting half."""
    ratings: dict[str, Estimate]
    """Each bot's Elo-scale rating (mean 0) with its 95% interval."""
    interrupted: bool = False
    """Whether the round robin was interrupted: :attr:`pairs` then holds only the pairs
    played (the last one perhaps in part), and the ratings rate only those games."""

    @property
    def games(self) -> int:
        """How many games were played, all pairs together."""
        return sum(len(result.games) for result in self.pairs)

    def _rows(self) -> list[tuple[int, Estimate, float, float, list[float | None]]]:
        """Per bot, best first (a bot with no game last: its rating says nothing): its index,
        rating, score, games, and its share of the points against each bot in that order
        (``None`` against itself or a bot it did not meet)."""
        k = len(self.bots)
        met = [any(self.wins[i][j] + self.wins[j][i] for j in range(k)) for i in range(k)]
        order = sorted(range(k), key=lambda i: (not met[i], -self.ratings[self.bots[i]].value))
        rows = []
        for i in order:
            cells: list[float | None] = []
            for j in order:
                total = self.wins[i][j] + self.wins[j][i]
                cells.append(self.wins[i][j] / total if i != j and total else None)
            played = sum(self.wins[i][j] + self.wins[j][i] for j in range(k))
            rows.append((i, self.ratings[self.bots[i]], sum(self.wins[i]), played, cells))
        return rows

    def summary(self) -> list[dict[str, Any]]:
        """The ratings as rows, best first (the :meth:`table`'s order): per bot its ``elo``
        (``None`` for a bot that played no game, in an interrupted tournament: its rating of 0
        is no estimate, and sorted among the others it passed for one) with ``elo_low`` and
        ``elo_high`` (the 95% interval; ``None`` for an end that is infinite, a bot that met
        no other), its ``points`` (wins, a draw half; a float) of its ``games`` (an int),
        and its share of the points against each bot, ``vs NAME`` (``None`` against itself or
        a bot it did not meet). Of no games, no rows.

        >>> import canasta_caliente as cc
        >>> t = cc.tournament(["heuristic", "random"], cc.RuleSet.preset("caliente-2p"),
        ...                   games=4, seed=1)
        >>> rows = t.summary()
        >>> list(rows[0])
        ['bot', 'elo', 'elo_low', 'elo_high', 'points', 'games', 'vs heuristic', 'vs random']
        >>> sum(row["points"] for row in rows) == sum(row["games"] for row in rows) / 2 == 4
        True
        """
        if not self.games:
            return []
        rows = self._rows()
        return [{"bot": self.bots[i], "elo": r.value if played else None,
                 "elo_low": _finite(r.low),
                 "elo_high": _finite(r.high), "points": float(won), "games": round(played),
                 **{f"vs {self.bots[j]}": share
                    for (j, *_), share in zip(rows, cells, strict=True)}}
                for i, r, won, played, cells in rows]

    def summary_pandas(self) -> Any:
        """:meth:`summary` as a :class:`pandas.DataFrame`, one row a bot (needs the extra
        ``analysis``): ``bot`` text, ``games`` whole numbers and every other column floats,
        ``None`` as NaN (a column of ``None`` alone, a bot no other met, was of objects), with
        rows or without."""
        frame = to_pandas(self.summary(), columns=["bot", "elo", "elo_low", "elo_high",
                                                   "points", "games",
                                                   *(f"vs {b}" for b in self.bots)])
        for column in frame.columns:  # (of no rows too: objects, as pandas makes them)
            frame[column] = frame[column].astype({"bot": "str", "games": "int64"}.get(
                column, "float64"))
        return frame

    def _interrupted_note(self) -> str:
        if not self.games:
            return "(interrupted before its first game)"
        rated = "is" if self.games == 1 else "are"
        return (f"(interrupted: only the {count_phrase(self.games, 'game')} played {rated} "
                "rated)")

    def table(self) -> str:
        """The ratings, best first, and each bot's score against each other bot."""
        if not self.games:  # every rating 0 in [-inf, inf]: a table of them says nothing
            return f"{NO_RATINGS}\n{self._interrupted_note()}"
        rows = self._rows()
        width = max(8, *(len(b) for b in self.bots))
        head = f"{'bot':<{width}} {'Elo [95% CI]':>24} {'score':>9}"
        # Each bot's column as wide as its name (at least 8): a name was cut to 8 ("heuristi").
        columns = [max(8, len(self.bots[j])) for j, *_ in rows]
        for (j, *_), column in zip(rows, columns, strict=True):
            head += f" {self.bots[j]:>{column}}"
        lines = [head]
        for i, r, won, played, cells in rows:
            # (a bot that played no game is not rated: it read "0 [-inf, inf]")
            elo = f"{r.value:>7.0f} [{r.low:>6.0f}, {r.high:>6.0f}]" if played else \
                f"{'not rated':>24}"
            line = f"{self.bots[i]:<{width}} {elo} {won:>4g}/{played:<4g}"
            for share, column in zip(cells, columns, strict=True):
                line += f" {'-' if share is None else percent(share, 0):>{column}}"
            lines.append(line)
        if self.interrupted:
            lines.append(self._interrupted_note())
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """The :meth:`table` as HTML, for a notebook."""
        esc = html.escape
        if not self.games:
            return (f"<div><strong>Tournament</strong>: {NO_RATINGS}"
                    f"<p>{self._interrupted_note()}</p></div>")
        rows = self._rows()
        head = "".join(f"<th>{esc(self.bots[j])}</th>" for j, *_ in rows)
        body = []
        for i, r, won, played, cells in rows:
            shares = "".join(f"<td>{'-' if share is None else percent(share, 0)}</td>"
                             for share in cells)
            elo = (f"<td>{r.value:.0f}</td><td>{r.low:.0f} – {r.high:.0f}</td>" if played
                   else "<td>not rated</td><td>-</td>")
            body.append(f"<tr><th>{esc(self.bots[i])}</th>{elo}<td>{won:g}/{played:g}</td>"
                        f"{shares}</tr>")
        note = f"<p>{self._interrupted_note()}</p>" if self.interrupted else ""
        return (f"<div><strong>Tournament</strong>: {count_phrase(self.games, 'game')}, "
                "Elo ratings (mean 0) with 95% intervals, and each bot's share of the points "
                "against each other bot<table><thead><tr><th>bot</th><th>Elo</th>"
                f"<th>95% CI</th><th>score</th>{head}</tr></thead><tbody>{''.join(body)}"
                f"</tbody></table>{note}</div>")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data: the document's kind and format (``"schema"``,
        :data:`~canasta_caliente.studies.saved.TOURNAMENT_SCHEMA`), the ratings, the wins and
        every pair's :meth:`~canasta_caliente.SimulationResult.to_dict` (an interval's
        infinite end, of a bot that played no games, is ``None`` here: JSON has no
        infinity)."""
        return {
            "schema": dict(TOURNAMENT_SCHEMA),
            "rules": self.rules.to_dict(),
            "bots": list(self.bots),
            "interrupted": self.interrupted,
            "games": self.games,
            "ratings": {name: [_finite(x) for x in (r.value, r.low, r.high)]
                        for name, r in self.ratings.items()},
            "wins": [list(row) for row in self.wins],
            "pairs": [result.to_dict() for result in self.pairs],
        }

    def to_json(self, *, indent: int | str | None = 2) -> str:
        """:meth:`to_dict` as a JSON document (``indent`` as :func:`json.dumps` takes it;
        ``None``: one line); :meth:`from_json` reads it back."""
        return pretty_json(self.to_dict(), indent)

    @classmethod
    def from_dict(cls, data: Any) -> Tournament:
        """Read a tournament back from its :meth:`to_dict` data: every pair's result checked
        as :meth:`SimulationResult.from_dict <canasta_caliente.SimulationResult.from_dict>`
        checks one, the pairs those the round robin plays, in its order, and the ratings and
        wins those of the pairs (:func:`~canasta_caliente.studies.saved.read_tournament`); a
        malformed one raises :class:`~canasta_caliente.StateError` listing every problem.

        >>> two = cc.RuleSet.preset("caliente-2p")
        >>> played = cc.tournament(["random", "heuristic"], two, games=2, seed=1)
        >>> Tournament.from_dict(played.to_dict()) == played
        True
        """
        return read_tournament(data, GameResult, SimulationResult, rated)

    @classmethod
    def from_json(cls, text: str | bytes | bytearray) -> Tournament:
        """Read a tournament from JSON text (see :meth:`from_dict`)."""
        return cls.from_dict(read_document(text, TOURNAMENT))

    def plot(self, kind: str = "ratings", **options: Any) -> Any:
        """A matplotlib figure (returned, not shown; needs the extra ``analysis``) of
        ``kind``: ``"ratings"``, each bot's rating with its 95% interval, best first;
        ``figsize=`` sizes it, ``ax=`` draws it in matplotlib axes of the caller's. See
        :func:`canasta_caliente.studies.plots.plot_tournament`."""
        return plot_tournament(self, kind, **options)

    def __str__(self) -> str:
        """The text table (:meth:`table`), what ``print(tournament)`` shows."""
        return self.table()

    def __repr__(self) -> str:
        stopped = " (interrupted)" if self.interrupted else ""
        best = ""
        if not self.games:
            best = f"; {NO_RATINGS}"
        elif self.ratings:
            name, r = max(self.ratings.items(), key=lambda item: item[1].value)
            best = f"; best {name}, Elo {r.value:.0f} [{r.low:.0f}, {r.high:.0f}]"
        return (f"<Tournament of {', '.join(self.bots)}: "
                f"{count_phrase(self.games, 'game')}{stopped}{best}>")

    def to_records(self, level: str = "game") -> list[dict[str, Any]]:
        """Every pair's rows at ``level`` (``"game"`` or ``"hand"``), as
        :func:`canasta_caliente.studies.results.records` gives them; ``variant`` names the pair."""
        rows: list[dict[str, Any]] = []
        for result in self.pairs:
            rows.extend(records(result, level))
        return rows

    def to_pandas(self, level: str = "game") -> Any:
        """:meth:`to_records` as a :class:`pandas.DataFrame` (needs the extra ``analysis``)."""
        return to_pandas(self.to_records(level), level, level_columns(self.rules, level),
                         labelled=True)


def _finite(value: float) -> float | None:
    """A rating or an interval's end as JSON data: an infinite end as ``None``."""
    return value if math.isfinite(value) else None


def _pair_seed(seed: int, i: int, j: int) -> int:
    return random.Random(f"canasta-caliente-tournament:{seed}:{i}:{j}").randrange(2**63)


def tournament(
    bots: Sequence[BotSpec],
    rules: RuleSet,
    *,
    games: int = 20,
    seed: int = 0,
    workers: int = 1,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    max_hands: int = MAX_HANDS,
    progress: bool = False,
    on_result: Callable[[GameResult], None] | None = None,
    keep_records: bool = False,
) -> Tournament:
    """A round robin: every pair of ``bots`` (names or callables, at least two, distinct
    names) plays ``games`` games (an even number, so each bot has each side as often), then
    all the results are rated together (see the module). Each pair's games are those of
    :func:`~canasta_caliente.simulate`, on a seed of the pair's derived from ``seed`` and the
    pair's places in ``bots`` (the first and the second, say, not their names). Seeded:
    identical for any ``workers``, ``executor`` or ``chunk_size``; the same bots in another
    order, or with another bot added before them, play other deals, and so may rate a
    little otherwise (chance, which the ratings' intervals measure).

    ``workers``, ``executor``, ``chunk_size``, ``max_hands``, ``progress`` and
    ``keep_records`` are :func:`~canasta_caliente.simulate`'s, passed to each pair's run and
    checked as it checks them, before any game (a :class:`TypeError` for a wrong type, an
    :class:`~canasta_caliente.errors.ArgumentError` for a value out of range; without an
    ``executor``, ``workers`` is bounded by the CPUs, with one it is not): ``executor`` takes
    any :class:`concurrent.futures.Executor` (Dask's included: ``client.get_executor()``) to
    play the games on, instead of a process pool of this process's, and
    ``keep_records=True`` keeps every game's :class:`~canasta_caliente.GameRecord` in its
    pair's results (and in :meth:`Tournament.to_dict`).
    ``chunk_size`` left ``None`` is chosen for the progress bar: in this process (``workers=1``
    without an ``executor``) the games are reported one by one; on a pool or an ``executor``,
    in chunks of at most a quarter of a worker's share of the pair's games (at most
    :data:`~canasta_caliente.studies.simulate.CHUNK_SIZE`:
    :func:`~canasta_caliente.studies.simulate.chunk_size_for`, as a simulation's), so that
    ``progress`` and ``on_result`` move with a slow bot too. ``on_result`` is called with
    each game's :class:`~canasta_caliente.GameResult` as it finishes, as
    :func:`~canasta_caliente.simulate` calls it; no pair is given with it, as the result's
    :attr:`~canasta_caliente.GameResult.seat_bots` name the pair's bots. An error it raises
    ends the round robin, as it ends a simulation (raised again as it was, with no note of
    the pair, which has nothing to do with it).

    An interrupt (:class:`KeyboardInterrupt`: Ctrl-C, a notebook's kernel interrupt, or one
    raised by ``on_result``) stops the round robin as it stops
    :func:`~canasta_caliente.simulate`: the pairs not yet played are not played, and the
    result rates only the games played, with :attr:`Tournament.interrupted` true.
    """
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        # (simulate and play_game take the rules first: a caller used to them gives them here)
        first = (": a tournament takes the bots first, then the rules, tournament(bots, rules)"
                 if isinstance(bots, RuleSet) else "")
        raise CanastaTypeError(f"bots must be a sequence of bots, not {type(bots).__name__}"
                               + first)
    names = tuple(bot_name(b) for b in bots)
    if len(set(names)) != len(names):
        raise ArgumentError(f"bots: their names must differ (each plays the others): "
                            f"{', '.join(names)}; give each a distinct name (a text "
                            "attribute `name`, or `__name__`)")
    games, seed, _, _ = checked_arguments(rules, bots, games, seed, even=True)
    if len(names) < 2:
        raise ArgumentError(f"bots must hold at least two bots (a tournament plays pairs), "
                            f"not {len(names)}")
    workers, size, max_hands = check_options(
        executor, workers, progress, chunk_size, max_hands, on_result, keep_records,
        games=games)  # (unless told, chunks of chunk_size_for the pair's games)
    if executor is None and workers_used(workers, games, size) > 1:
        check_sendable(tuple(bots))  # (all of them before any pair: bots[i] is the round's)
    # The errors raised by on_result, told apart from a game's: they are not the pair's. An
    # interrupt it raises stops the round robin even at a pair's last game, where the pair's
    # result is whole (and so not interrupted) and would let the next pair start.
    theirs: list[BaseException] = []
    report: Callable[[GameResult], None] | None = None
    if on_result is not None:
        given = on_result

        def tell(result: GameResult) -> None:
            try:
                given(result)
            except (Exception, KeyboardInterrupt) as exc:
                theirs.append(exc)
                raise

        report = tell

    k = len(names)
    played: list[SimulationResult] = []
    interrupted = False
    try:
        for i in range(k):
            for j in range(i + 1, k):
                try:
                    result = simulate(rules, [bots[i], bots[j]], games, _pair_seed(seed, i, j),
                                      workers=workers, executor=executor, chunk_size=size,
                                      max_hands=max_hands, progress=progress,
                                      on_result=report, keep_records=keep_records,
                                      label=f"{names[i]} vs {names[j]}")
                except Exception as exc:
                    # (play_game's note says how to play the game again, with "bots": say
                    # which they are, the pair's, not the tournament's)
                    if not any(exc is raised for raised in theirs):
                        exc.add_note(f"in the tournament's pair {names[i]} vs {names[j]}: "
                                     f"there, bots = [{names[i]!r}, {names[j]!r}] (those "
                                     "bots, in that order)")
                    raise
                played.append(result)
                if result.interrupted or any(isinstance(e, KeyboardInterrupt) for e in theirs):
                    raise KeyboardInterrupt
    except KeyboardInterrupt:
        interrupted = True  # the pairs played so far are rated; the others are not played
    return rated(rules, names, tuple(played), interrupted)


def rated(rules: RuleSet, names: tuple[str, ...], pairs: tuple[SimulationResult, ...],
          interrupted: bool) -> Tournament:
    """The :class:`Tournament` of the results ``pairs`` of the bots ``names`` under ``rules``,
    rated: the pairs in the order :func:`tournament` plays them, ``(0, 1)``, ``(0, 2)``, ...,
    ``(1, 2)``, ... (a prefix of them if it was ``interrupted``)."""
    k = len(names)
    order = [(i, j) for i in range(k) for j in range(i + 1, k)]
    wins = [[0.0] * k for _ in range(k)]
    for (i, j), result in zip(order, pairs, strict=False):
        for g in result.games:
            if g.winner is None:
                wins[i][j] += 0.5
                wins[j][i] += 0.5
                continue
            winner = g.seat_bots[rules.layout[g.winner][0]]
            if winner == names[i]:
                wins[i][j] += 1
            else:
                wins[j][i] += 1
    ratings = _fit(wins, DEFAULT_PRIOR)  # counted here: no cap on the games
    return Tournament(
        rules=rules,
        bots=names,
        pairs=pairs,
        wins=tuple(tuple(row) for row in wins),
        ratings=dict(zip(names, ratings, strict=True)),
        interrupted=interrupted,
    )
