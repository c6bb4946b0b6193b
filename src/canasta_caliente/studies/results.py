"""Flat tables of simulation results, and writing them to files.

:meth:`SimulationResult.to_records <canasta_caliente.studies.outcomes.SimulationResult.to_records>`
turns a simulation into rows of plain scalars (``int``, ``float``, ``str``, ``bool``, ``None``),
ready for a data frame, a CSV file or a database:

``level="game"``, one row per game, columns :data:`GAME_COLUMNS`:
    ``game`` (its index, from 0), ``seed``, ``variant`` (the simulation's label, or ``None``),
    ``seat0_bot`` ... (the bot at each seat), ``side0_score`` ... (each side's final game score),
    ``winner_side`` and ``winner_bot`` (``None`` when the game hit the hand limit), ``hands``
    (hands played) and ``actions`` (actions taken, deals not counted).

``level="hand"``, one row per side per hand, columns :data:`HAND_COLUMNS`:
    ``game``, ``seed``, ``variant``, ``hand`` (from 1), ``side``, ``bot`` (the side's bot), one
    column per score part of SCORE-6, each prefixed ``score_`` so that none collides with the
    hand number (``score_melds``, ``score_hand``, ``score_canastas``, ``score_going_out``,
    ``score_bonus_cards``, ``score_caliente``), ``score_total`` (the side's hand score),
    ``game_score`` (the side's game score after the hand), ``canastas`` (the side's canastas at
    the end of the hand), ``pile_takes`` (how often the side took the pile), ``went_out`` (this
    side went out), ``went_out_seat`` (the seat that went out, any side, or ``None``),
    ``concealed`` (the hand was gone out concealed) and ``hand_end`` (a
    :class:`~canasta_caliente.HandEnd` value).

:func:`write_records` writes rows as ``.csv``, ``.jsonl`` or ``.parquet``;
:func:`check_output_path` checks a path before a long run starts.

>>> import canasta_caliente as cc
>>> result = cc.simulate(cc.RuleSet.preset("caliente"), bots=["heuristic", "random"], games=2)
>>> row = result.to_records("hand")[0]
>>> row["game"], row["hand"], row["side"], row["bot"], row["score_total"], row["hand_end"]
(0, 1, 0, 'heuristic', 855, 'went_out')
"""

from __future__ import annotations

import csv
import json
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._arguments import check_choice
from .._extras import require
from ..errors import ArgumentError
from ..rules.facts import facts_of
from ..state.game import COMPONENTS

if TYPE_CHECKING:
    from ..rules.ruleset import RuleSet
    from .outcomes import SimulationResult

__all__ = [
    "GAME_COLUMNS",
    "HAND_COLUMNS",
    "LEVELS",
    "OUTPUT_FORMATS",
    "check_output_path",
    "game_columns",
    "level_columns",
    "records",
    "require",
    "to_pandas",
    "write_records",
]

LEVELS = ("game", "hand")
"""The levels of :func:`records`: one row per game, or one row per side per hand."""

GAME_COLUMNS = ("game", "seed", "variant", "seat{n}_bot", "side{n}_score", "winner_side",
                "winner_bot", "hands", "actions")
"""The columns of a game row; ``{n}`` stands for each seat or side number."""

HAND_COLUMNS = ("game", "seed", "variant", "hand", "side", "bot",
                *(f"score_{part}" for part in COMPONENTS), "score_total", "game_score",
                "canastas", "pile_takes", "went_out", "went_out_seat", "concealed", "hand_end")
"""The columns of a hand row (one row per side per hand)."""

OUTPUT_FORMATS = (".csv", ".jsonl", ".parquet")
"""The file types :func:`write_records` writes, by suffix."""


def game_columns(players: int, sides: int) -> tuple[str, ...]:
    """The game-level column names for a table of ``players`` seats in ``sides`` sides."""
    return ("game", "seed", "variant", *(f"seat{n}_bot" for n in range(players)),
            *(f"side{n}_score" for n in range(sides)), "winner_side", "winner_bot", "hands",
            "actions")


def level_columns(rules: RuleSet, level: str) -> tuple[str, ...]:
    """The column names of the rows of ``level`` for a table of ``rules``: what
    :func:`to_pandas` keeps for a frame of no rows."""
    _check_level(level)
    if level == "game":
        return game_columns(rules.players, len(rules.layout))
    return HAND_COLUMNS


def _check_level(level: Any) -> None:
    check_choice("level", level, LEVELS)


def records(result: SimulationResult, level: str = "game") -> list[dict[str, Any]]:
    """The rows of ``result`` at ``level`` (``"game"`` or ``"hand"``); see the module's text
    for the columns."""
    _check_level(level)
    layout = result.rules.layout
    label = result.label
    rows: list[dict[str, Any]] = []
    if level == "game":
        columns = game_columns(result.rules.players, len(layout))
        for g in result.games:
            values: list[Any] = [g.index, g.seed, label, *g.seat_bots, *g.scores, g.winner,
                                 None if g.winner is None else g.seat_bots[layout[g.winner][0]],
                                 g.hands, g.actions]
            rows.append(dict(zip(columns, values, strict=True)))
        return rows
    side_of = facts_of(result.rules).side_of
    for g in result.games:
        scores = [0] * len(layout)
        bots = [g.seat_bots[seats[0]] for seats in layout]
        for number, hand in enumerate(g.hand_results):
            went_out = hand.went_out
            out_side = None if went_out is None else side_of[went_out]
            for side, parts in enumerate(hand.breakdown):
                total = sum(parts)
                scores[side] += total
                row: dict[str, Any] = {"game": g.index, "seed": g.seed, "variant": label,
                                       "hand": number + 1, "side": side, "bot": bots[side]}
                for part, value in zip(COMPONENTS, parts, strict=True):
                    row[f"score_{part}"] = value
                row["score_total"] = total
                row["game_score"] = scores[side]
                row["canastas"] = g.side_canastas[number][side]
                row["pile_takes"] = g.pile_takes[number][side]
                row["went_out"] = out_side == side
                row["went_out_seat"] = went_out
                row["concealed"] = hand.concealed
                row["hand_end"] = hand.ended.value
                rows.append(row)
    return rows


def to_pandas(rows: Sequence[Mapping[str, Any]], level: str = "game",
              columns: Sequence[str] | None = None, *, labelled: bool = False) -> Any:
    """``rows`` as a :class:`pandas.DataFrame` (needs the extra ``analysis``); with no rows, the
    frame keeps ``columns`` (:func:`level_columns` names a table's), or else the columns of
    ``level`` (the game level's as :data:`GAME_COLUMNS` writes them, ``{n}`` unnumbered), of
    the dtypes rows give them (``labelled``: the rows' ``variant`` would be text, a label,
    not ``None``)."""
    pd = require("pandas", "analysis")
    if rows:
        frame = pd.DataFrame.from_records(list(rows))
        for name in ("winner_side", "went_out_seat"):  # None stays missing, the rest ints
            if name in frame.columns:
                frame[name] = frame[name].astype("Int64")
        if "winner_bot" in frame.columns:  # (text even where no game had a winner: None)
            frame["winner_bot"] = frame["winner_bot"].astype(pd.Series(dtype="str").dtype)
        return frame
    if columns is None:
        columns = GAME_COLUMNS if level == "game" else HAND_COLUMNS
    # (of the dtypes a frame of rows has: a frame of objects made every column it was
    # concatenated with objects too, a notebook's runs with one interrupted at once)
    return pd.DataFrame({name: pd.Series(dtype=_empty_dtype(name, labelled))
                         for name in columns})


_EMPTY_DTYPES = {"bot": "str", "hand_end": "str", "went_out": "bool", "concealed": "bool",
                 "winner_side": "Int64", "went_out_seat": "Int64"}
"""The dtypes of the columns of the game and hand rows that are not whole numbers, beside
``variant`` and the bots' (see :func:`_empty_dtype`); ``str`` is pandas's own text dtype
(objects before pandas 3)."""


def _empty_dtype(name: str, labelled: bool) -> str:
    """The dtype of a column of no rows, as a frame of rows has it: ``variant`` text where
    the rows are ``labelled`` (objects, ``None``, where not), a bot's column (``seat0_bot``,
    ``winner_bot``) text, :data:`_EMPTY_DTYPES`, the other columns of the game and hand rows
    (counts, scores, seeds) whole numbers, and any other table's column objects, as pandas
    makes it."""
    if name == "variant":
        return "str" if labelled else "object"
    if name.endswith("_bot"):
        return "str"
    whole = name in GAME_COLUMNS or name in HAND_COLUMNS or re.fullmatch(r"side\d+_score", name)
    return _EMPTY_DTYPES.get(name, "int64" if whole else "object")


def check_output_path(path: str | os.PathLike[str]) -> Path:
    """Check, before a run, that ``path`` can be written by :func:`write_records`: a known
    suffix, an existing directory that can be written to, and pyarrow installed for parquet.
    Raises :class:`~canasta_caliente.ArgumentError` (a ``ValueError``; or ``ImportError``
    naming the extra) saying what is wrong."""
    out = Path(path)
    suffix = out.suffix.lower()
    if suffix not in OUTPUT_FORMATS:
        raise ArgumentError(f"{out}: unknown file type {suffix or '(none)'!r}: write "
                         f"{', '.join(OUTPUT_FORMATS)}")
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.is_dir():
        raise ArgumentError(f"{out}: the directory {parent} does not exist")
    if out.is_dir():
        raise ArgumentError(f"{out}: is a directory")
    if not os.access(parent, os.W_OK) or (out.exists() and not os.access(out, os.W_OK)):
        raise ArgumentError(f"{out}: cannot be written (permission denied)")
    if suffix == ".parquet":
        require("pyarrow", "analysis")
    return out


def write_records(rows: Sequence[Mapping[str, Any]], path: str | os.PathLike[str],
                  columns: Sequence[str] | None = None) -> Path:
    """Write ``rows`` to ``path``, by its suffix: ``.csv`` (a header row; ``None`` as an empty
    field), ``.jsonl`` (one JSON object a line) or ``.parquet`` (needs pandas and pyarrow,
    extra ``analysis``; read back with ``pandas.read_parquet``, the frame :func:`to_pandas`
    gives). ``columns`` orders the columns (by default, the first row's keys)."""
    out = check_output_path(path)
    suffix = out.suffix.lower()
    names = list(columns) if columns is not None else list(rows[0]) if rows else []
    if suffix == ".csv":
        with out.open("w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=names)
            writer.writeheader()
            writer.writerows(rows)
    elif suffix == ".jsonl":
        with out.open("w", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps({k: row[k] for k in names}) + "\n")
    else:
        # Through the data frame of to_pandas, whose dtypes the file keeps (pandas' metadata):
        # read back, a seat missing is <NA> in an Int64 column, as to_pandas has it (pyarrow's
        # own table read back as float64, 0.0 and nan: a notebook user's trial).
        require("pyarrow", "analysis")
        frame = to_pandas(rows, columns=names)
        frame[names].to_parquet(out, index=False)
    return out
