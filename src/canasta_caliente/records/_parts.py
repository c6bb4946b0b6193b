"""JSON encoding, and validated decoding, of the parts of a game state: cards as codes, the
sides' tables and melds, the turn, the hand results, the scores and the seats.

One job: each part's writer (``*_out``) and reader (``get_*``); the readers follow
:mod:`canasta_caliente.records._codec`'s way (a :class:`~canasta_caliente.records._codec.Problems`
collector and
a path, ``None`` for a part that is wrong) and are built on its generic readers. Shared by
:mod:`canasta_caliente.records.storage`, :mod:`canasta_caliente.views` and
:mod:`canasta_caliente.records.invariants`.

Sections: writing the ranks and seats; the sides and melds; the turn; the hand results, scores
and seats.
"""

from __future__ import annotations

from typing import Any

from ..cards import NATURALS, NUM_RANKS, Card
from ..engine.solver import meld_is_valid
from ..rules.facts import facts_of
from ..rules.ruleset import RuleSet
from ..state.game import (
    COMPONENTS,
    HandEnd,
    HandResult,
    MeldCounts,
    Phase,
    Question,
    SideTable,
    Turn,
)
from ._codec import (
    Problems,
    counts_out,
    enum_text,
    fields,
    get_bool,
    get_cards,
    get_counts,
    get_each,
    get_enum,
    get_int,
    get_list,
    get_ranks,
    get_seat,
    join,
)

_TURN_PHASES = (Phase.DRAW, Phase.PLAY, Phase.ANSWER)



# -- writing the ranks and seats ---------------------------------------------------------------


def ranks_out(mask: int) -> list[str]:
    """A bit mask of natural ranks as a list of rank codes."""
    return [r.code for r in NATURALS if mask >> r & 1]


def seats_out(mask: int) -> list[int]:
    """A bit mask of seats as a list of seats."""
    return [s for s in range(mask.bit_length()) if mask >> s & 1]


# -- the sides and melds -----------------------------------------------------------------------


def side_out(side: SideTable) -> dict[str, Any]:
    """A side's table: melds as lists of card codes (stop melds last), and counts."""
    melds: list[list[str]] = []
    for rank, m in enumerate(side.melds):
        if m is not None:
            n, two, jk = m
            melds.append([Card(rank).code] * n + ["2"] * two + ["JK"] * jk)
    for k in side.stop_melds:
        melds.append(["B3"] * k)
    return {"melds": melds, "laid_out": side.laid_out, "caliente_played": side.caliente_played}


def get_side(p: Problems, path: str, value: Any, rules: RuleSet | None) -> SideTable | None:
    """A side's table; every meld is checked against MELD-1 to MELD-6."""
    data = fields(p, path, value, ("melds", "laid_out", "caliente_played"))
    if data is None:
        return None
    laid = get_int(p, join(path, "laid_out"), data["laid_out"], low=0)
    played = get_int(p, join(path, "caliente_played"), data["caliente_played"], low=0)
    mpath = join(path, "melds")
    items = get_list(p, mpath, data["melds"])
    melds: list[MeldCounts | None] = [None] * NUM_RANKS
    stops: list[int] = []
    ok = items is not None
    for i, item in enumerate(items or ()):
        where = join(mpath, i)
        cards = get_cards(p, where, item)
        if cards is None:
            ok = False
            continue
        got = _meld(p, where, cards, rules, melds)
        if got is None:
            ok = False
        elif isinstance(got, int):
            stops.append(got)
        else:
            melds[got[0]] = got[1]
    if not ok or laid is None or played is None:
        return None
    return SideTable(tuple(melds), tuple(stops), laid, played)


def _meld(
    p: Problems,
    path: str,
    cards: tuple[Card, ...],
    rules: RuleSet | None,
    melds: list[MeldCounts | None],
) -> int | tuple[int, MeldCounts] | None:
    """One meld: a stop meld's size, or (rank, counts); ``None`` if it breaks a rule."""
    text = " ".join(c.code for c in cards) or "(no cards)"
    for bad, name in ((Card.RED_THREE, "bonus"), (Card.CALIENTE, "Caliente")):
        if bad in cards:
            p.add(path, f"{text}: {name} cards are never melded (MELD-6)")
            return None
    if Card.BLACK_THREE in cards:
        if any(c is not Card.BLACK_THREE for c in cards):
            p.add(path, f"{text}: stop cards are melded only with stop cards (MELD-5)")
            return None
        if len(cards) not in (3, 4):
            p.add(path, f"{text}: a stop meld holds 3 or 4 stop cards, not {len(cards)} "
                  "(MELD-5)")
            return None
        return len(cards)
    ranks = sorted({c for c in cards if c.is_natural})
    if not ranks:
        p.add(path, f"{text}: a meld of wilds alone does not exist (MELD-1)")
        return None
    if len(ranks) > 1:
        p.add(path, f"{text}: naturals of more than one rank in one meld (MELD-1)")
        return None
    rank = ranks[0]
    counts = (cards.count(rank), cards.count(Card.TWO), cards.count(Card.JOKER))
    if len(cards) < 3:
        p.add(path, f"{text}: a meld holds at least 3 cards (MELD-1)")
        return None
    if rules is not None and not meld_is_valid(rules, counts[0], counts[1] + counts[2]):
        cap = "" if rules.max_wilds is None else f", at most {rules.max_wilds} wilds"
        p.add(path, f"{text}: {counts[0]} naturals and {counts[1] + counts[2]} wilds break "
              f"MELD-2 (wild rule {rules.wild_rule.value}{cap})")
        return None
    if melds[rank] is not None:
        p.add(path, f"{text}: a second meld of {rank}; a side has one meld of each rank "
              "(MELD-3)")
        return None
    return int(rank), counts


# -- the turn ----------------------------------------------------------------------------------


def turn_out(turn: Turn) -> dict[str, Any]:
    """The public facts of a turn."""
    return {
        "phase": turn.phase.value,
        "player": turn.player,
        "need": turn.need,
        "started": turn.started,
        "melded": turn.melded,
        "points": turn.points,
        "waiting": counts_out(turn.waiting),
        "question": enum_text(turn.question),
        "touched": ranks_out(turn.touched),
        "created": ranks_out(turn.created),
        "had_melded": turn.had_melded,
    }


_TURN_FIELDS = ("phase", "player", "need", "started", "melded", "points", "waiting", "question",
                "touched", "created", "had_melded")


def get_turn(p: Problems, path: str, value: Any, players: int | None) -> Turn | None:
    """A turn; its player is checked against the table elsewhere."""
    data = fields(p, path, value, _TURN_FIELDS)
    if data is None:
        return None
    phase = get_enum(p, join(path, "phase"), data["phase"], _TURN_PHASES)
    player = get_seat(p, join(path, "player"), data["player"], players)
    need = get_int(p, join(path, "need"), data["need"], low=0)
    started = get_bool(p, join(path, "started"), data["started"])
    melded = get_bool(p, join(path, "melded"), data["melded"])
    points = get_int(p, join(path, "points"), data["points"], low=0)
    waiting = get_counts(p, join(path, "waiting"), data["waiting"])
    question = get_enum(p, join(path, "question"), data["question"], Question)
    touched = get_ranks(p, join(path, "touched"), data["touched"])
    created = get_ranks(p, join(path, "created"), data["created"])
    had = get_bool(p, join(path, "had_melded"), data["had_melded"])
    if (phase is None or player is None or need is None or started is None or melded is None
            or points is None or waiting is None or question is None or touched is None
            or created is None or had is None):
        return None
    return Turn(phase, player, need, started, melded, points, waiting, question, touched,
                created, had)


# -- the hand results, scores and seats --------------------------------------------------------


def result_out(result: HandResult) -> dict[str, Any]:
    """A hand result: how it ended, and each side's score components."""
    return {
        "ended": result.ended.value,
        "went_out": result.went_out,
        "concealed": result.concealed,
        "breakdown": [dict(zip(COMPONENTS, row, strict=True)) for row in result.breakdown],
    }


def get_result(
    p: Problems, path: str, value: Any, players: int | None, sides: int | None
) -> HandResult | None:
    """A hand result; its breakdown has one row of components per side."""
    data = fields(p, path, value, ("ended", "went_out", "concealed", "breakdown"))
    if data is None:
        return None
    ended = get_enum(p, join(path, "ended"), data["ended"], HandEnd)
    went_out: int | None = None
    ok = True
    if data["went_out"] is not None:
        went_out = get_seat(p, join(path, "went_out"), data["went_out"], players)
        ok = went_out is not None
    concealed = get_bool(p, join(path, "concealed"), data["concealed"])
    if ended is not None and ok and (went_out is None) != (ended is not HandEnd.WENT_OUT):
        p.add(join(path, "went_out"), "a seat is given exactly when the hand ended with "
              "went_out")
        ok = False
    bpath = join(path, "breakdown")
    rows = get_list(p, bpath, data["breakdown"])
    breakdown: list[tuple[int, ...]] = []
    if rows is not None and sides is not None and len(rows) != sides:
        p.add(bpath, f"expected one row per side ({sides}), got {len(rows)}")
        ok = False
    for i, row in enumerate(rows or ()):
        rpath = join(bpath, i)
        comps = fields(p, rpath, row, COMPONENTS)
        if comps is None:
            ok = False
            continue
        values = [get_int(p, join(rpath, c), comps[c]) for c in COMPONENTS]
        ints = tuple(v for v in values if v is not None)
        if len(ints) != len(values):
            ok = False
            continue
        breakdown.append(ints)
    if not ok or ended is None or concealed is None or rows is None:
        return None
    return HandResult(tuple(breakdown), ended, went_out, concealed)


def get_scores(p: Problems, path: str, value: Any, sides: int | None) -> tuple[int, ...] | None:
    """One integer per side."""
    got = get_each(p, path, value, get_int)
    if got is None:
        return None
    if sides is not None and len(got) != sides:
        p.add(path, f"expected one score per side ({sides}), got {len(got)}")
        return None
    return tuple(got)


def get_seat_mask(p: Problems, path: str, value: Any, players: int | None) -> int | None:
    """A list of distinct seats, as a bit mask."""
    got = get_each(p, path, value, lambda q, w, v: get_seat(q, w, v, players))
    if got is None:
        return None
    if len(set(got)) != len(got):
        p.add(path, "a seat is listed twice")
        return None
    mask = 0
    for seat in got:
        mask |= 1 << seat
    return mask


def check_turn_seats(
    p: Problems, path: str, rules: RuleSet, order: tuple[int, ...], turn_index: int, turn: Turn
) -> None:
    """The turn's player is the turn player, or a partner of it answering (OUT-2)."""
    if not 0 <= turn_index < len(order):
        return
    turn_player = order[turn_index]
    if turn.phase is Phase.ANSWER:
        side_of = facts_of(rules).side_of
        if (turn.player == turn_player or turn.player not in order
                or side_of[turn.player] != side_of[turn_player]):
            p.add(join(path, "player"), f"seat {turn.player} cannot answer seat {turn_player}'s "
                  "question: the answer comes from an active partner (OUT-2)")
    elif turn.player != turn_player:
        p.add(join(path, "player"), f"seat {turn.player} is not the turn player: the turn order "
              f"{list(order)} at index {turn_index} gives seat {turn_player}")
