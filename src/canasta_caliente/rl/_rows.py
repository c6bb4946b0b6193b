"""The rows of the observation vector, packed segment by segment (see
:class:`~canasta_caliente.rl.features.LayoutOffsets`): one packer per segment, shared by the
observation built afresh and by :class:`~canasta_caliente.rl.ObservationTracker`, which calls
them one by one for the parts of a state an action changed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..cards import B3, CAL, NUM_KINDS, Card
from ..rules.ruleset import RuleSet
from ..state.game import Phase, Question, SideTable, Turn

if TYPE_CHECKING:
    from .features import LayoutOffsets

NONE_KNOWN = (0,) * NUM_KINDS
"""The counts of a seat of which nothing is known."""
NO_MELD = (0, 0, 0)
"""The counts of a rank without a meld."""
PHASES = tuple(Phase)
"""The phases in the order of the ``phase`` field."""
PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
"""Each phase's index in the ``phase`` field."""
NO_PILE_COUNTS = (0,) * (2 * NUM_KINDS + 1)
"""The ``pile``, ``up_card`` and ``pile_size`` entries of an empty pile."""


def assemble(o: LayoutOffsets, me: int, hand: bytes, known: bytes, sizes: Sequence[int],
              actor: int | None, table: bytes, pile: bytes, pile_state: bytes, stock: int,
              turn: bytes, phase: bytes) -> bytes:
    """The row, its segments joined in the layout's order: the seats' fields counted from the
    observer ``me`` (``known``, the observer's ``known`` field; ``sizes``, the hand sizes by
    seat; ``actor``, the seat to act or None)."""
    players = o.players
    return b"".join([
        hand, known, o.sizes(*sizes[me:], *sizes[:me]),
        o.to_act[players if actor is None else (actor - me) % players], table, pile,
        pile_state, o.stocks[stock], turn, phase])


def write_rows(rows: list[bytes], out: npt.NDArray[np.float32]) -> None:
    """Write ``rows`` (one packed row per row of ``out``, a C-contiguous float32 array of
    rows of the observation's width) into ``out``: joined, read by NumPy in place and cast
    to float32 once for the batch."""
    np.copyto(out, np.frombuffer(b"".join(rows), np.int32).reshape(out.shape))


def known_field(rows: list[bytes], me: int) -> bytes:
    """The ``known`` field of the observer ``me``: the seats' segments (``rows``, by seat)
    from the seat after it."""
    return b"".join([*rows[me + 1:], *rows[:me]])


def known_fields(rows: list[bytes]) -> list[bytes]:
    """The ``known`` field of every observer, by seat (``rows``: the seats' segments)."""
    return [known_field(rows, me) for me in range(len(rows))]


def pack_known(o: LayoutOffsets, known: Sequence[Sequence[int]],
                before: Sequence[Sequence[int]] | None, rows: list[bytes],
                observer: int = -1) -> None:
    """Pack the ``known`` segment of each seat into ``rows`` (by seat) from ``known`` (per
    seat, as counts; ``()``: none known), where a seat's counts are not the same object as
    in ``before`` (the counts the rows were packed from, or None). ``observer``: a seat whose
    segment is not wanted (an observer's own, which its ``known`` field leaves out), left
    as it is."""
    if not known:
        rows[:] = [o.no_known] * len(rows)
        return
    for seat, counts in enumerate(known):
        if seat != observer and (not before or counts is not before[seat]):
            rows[seat] = o.kinds(*counts)


SidePart = tuple[bytes, tuple[int, int, int, int, int, int, int]]
"""One side's part of the table's fields: its ``melds`` segment, and its facts: natural
canastas, mixed canastas, stop cards, bonus cards laid out, Caliente cards played, game score
and first-meld minimum."""
NO_SIDE: SidePart = (b"", (0, 0, 0, 0, 0, 0, 0))


def side_part(o: LayoutOffsets, rules: RuleSet, table: SideTable, score: int) -> SidePart:
    """A side's part of the fields from ``melds`` to ``first_meld_minimum``, its game score
    being ``score``: the one place the score is packed, clamped to ±``o.score_bound`` (the
    ``scores`` field's bounds), so that a state with any score gives an observation within
    them; its first-meld minimum is the rules' for the true score."""
    bound = o.score_bound
    packed = score if -bound <= score <= bound else (bound if score > 0 else -bound)
    if not table.meld_count:
        return o.no_melds, (0, 0, 0, table.laid_out, table.caliente_played, packed,
                            rules.minimum_for(score))
    entries: list[int] = []
    for meld in table.melds:
        entries += NO_MELD if meld is None else meld
    canasta = rules.canasta_size
    canastas = table.canastas(canasta)
    natural = table.natural_canastas(canasta) if canastas else 0
    return o.melds(*entries), (natural, canastas - natural, sum(table.stop_melds),
                               table.laid_out, table.caliente_played, packed, 0)


def pack_table(o: LayoutOffsets, rules: RuleSet, mine: int, tables: Sequence[SideTable],
                scores: Sequence[int], seen: list[tuple[SideTable, int] | None],
                parts: list[SidePart]) -> bytes:
    """The segment of the fields from ``melds`` to ``first_meld_minimum``, the sides counted
    from ``mine``. ``seen`` and ``parts`` hold, per side, the table and score a part was
    made from and that part: a side whose table and score are the same is not made again."""
    melds: list[bytes] = []
    facts: tuple[int, ...] = ()
    for side in o.rotations[mine]:
        table, score = tables[side], scores[side]
        was = seen[side]
        if was is None or was[0] is not table or was[1] != score:
            seen[side] = (table, score)
            parts[side] = side_part(o, rules, table, score)
        part = parts[side]
        melds.append(part[0])
        facts += part[1]
    melds.append(o.side_facts(*o.facts_order(facts)))
    return b"".join(melds)


def pack_pile(o: LayoutOffsets, rules: RuleSet, pile: Sequence[Card], freezer: bool,
               counts: list[int], before: Sequence[Card]) -> tuple[bytes, int]:
    """The ``pile``, ``up_card`` and ``pile_size`` segment (with ``pile_state`` when the pile
    is empty), and the pile's flags as bits: 4, it holds a freezer (``freezer``, asked of the
    state or the view); 2, it is frozen for every side (it holds a freezer, or
    ``always_frozen``); 1, a stop card or a Caliente card is on top; 8, it is empty.
    ``counts`` holds the entries of the segment of ``before`` (an earlier pile, or ``()``)
    and is brought up to date for ``pile``."""
    if not pile:
        return o.no_pile, 8
    top = pile[-1]
    if before and len(pile) == len(before) + 1 and pile[:-1] == before:
        # One card discarded onto the pile the counts are of (most changes of a pile): the
        # card alone is counted, where a count of the whole pile reads every card.
        counts[top] += 1
        counts[NUM_KINDS + before[-1]] = 0
    else:
        counts[:] = NO_PILE_COUNTS
        for card in pile:
            counts[card] += 1
    counts[NUM_KINDS + top] = 1
    counts[-1] = len(pile)
    flags = 4 * freezer + 2 * (freezer or rules.always_frozen) + (top is B3 or top is CAL)
    return o.pile(*counts), flags


def pile_state(o: LayoutOffsets, flags: int, opened: bool) -> bytes:
    """The ``pile_state`` segment from the pile's flags (:func:`pack_pile`) and whether the
    observer's side has melded (``opened``): the pile is frozen for the side also when it
    has not (nothing when the pile is empty: it is in the pile's segment)."""
    if flags & 8:
        return b""
    return o.pile_states[flags if opened else flags | 2]


def turn_segment(o: LayoutOffsets, turn: Turn, over: bool) -> bytes:
    """The ``turn_meld`` and ``waiting`` segment (all 0 between hands)."""
    return o.no_turn if over else o.turn(turn.need, turn.points, *turn.waiting)


def phase_segment(o: LayoutOffsets, phase: Phase, question: Question) -> bytes:
    """The ``phase`` and ``question`` segment."""
    return o.phases[PHASE_INDEX[phase]][question]
