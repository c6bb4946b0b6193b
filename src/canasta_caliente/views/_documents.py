"""Reading view documents: the fields of a view document, their checks, and the count of the
cards a seat cannot account for.

One job: turn a view document's plain data into a :class:`~canasta_caliente.View`, reporting
every problem at once (unknown fields, impossible tables, more cards than the deck holds, known
cards that cannot be placed). :mod:`canasta_caliente.views` holds the View, writes its
documents and calls :func:`read_view` with the View class, so this module needs the View type
only for annotations. The card accounting (:func:`unseen_counts`, :func:`forced_cards`) is
shared with :func:`~canasta_caliente.resample`.

Sections: the fields; reading a view document; the cards a seat cannot account for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import B3, CAL, JOKER, NUM_KINDS, R3, TWO, Card, counts_from_cards
from ..engine import turn_order
from ..records._codec import (
    Problems,
    get_bool,
    get_cards,
    get_each,
    get_int,
    get_known,
    join,
    read_game_document,
)
from ..records._parts import (
    check_turn_seats,
    get_result,
    get_scores,
    get_seat_mask,
    get_side,
    get_turn,
)
from ..records.invariants import VIEW_PATHS, known_problems, public_fact_problems

if TYPE_CHECKING:
    from .view import View


# -- the fields ------------------------------------------------------------------------------

_VIEW_FIELDS = ("format", "rules_version", "seat", "rules", "hand_number", "scores", "over",
                "hand_results", "hand", "hand_sizes", "stock_size", "pile", "sides", "order",
                "turn_index", "turn", "melded_seats")
_VIEW_OPTIONAL = ("known",)
"""View fields a document may leave out (``known``: documents written before the known cards
were tracked; read as nothing known)."""


# -- reading a view document ----------------------------------------------------------------


def read_view(data: Any, view_type: type[View], view_format: str) -> View:
    """Read a view document's plain data as a ``view_type`` (the View class), checking the
    ``format`` is ``view_format``; every problem is raised at once as a
    :class:`~canasta_caliente.StateError`."""
    what = "view document"
    p = Problems()
    doc, rules, players, n_sides = read_game_document(p, data, view_format, what, _VIEW_FIELDS,
                                                       _VIEW_OPTIONAL)
    high = None if players is None else players - 1
    seat = get_int(p, "seat", doc["seat"], low=0, high=high)
    hand_number = get_int(p, "hand_number", doc["hand_number"], low=1)
    scores = get_scores(p, "scores", doc["scores"], n_sides)
    over = get_bool(p, "over", doc["over"])
    results = get_each(p, "hand_results", doc["hand_results"],
                       lambda q, w, v: get_result(q, w, v, players, n_sides))
    hand = get_cards(p, "hand", doc["hand"])
    sizes = get_each(p, "hand_sizes", doc["hand_sizes"], lambda q, w, v: get_int(q, w, v, low=0))
    if sizes is not None and players is not None and len(sizes) != players:
        p.add("hand_sizes", f"expected one size per seat ({players}), got {len(sizes)}")
        sizes = None
    stock_size = get_int(p, "stock_size", doc["stock_size"], low=0)
    pile = get_cards(p, "pile", doc["pile"])
    sides = get_each(p, "sides", doc["sides"], lambda q, w, v: get_side(q, w, v, rules))
    if sides is not None and n_sides is not None and len(sides) != n_sides:
        p.add("sides", f"expected one entry per side ({n_sides}), got {len(sides)}")
        sides = None
    order = get_each(p, "order", doc["order"], lambda q, w, v: get_int(q, w, v, low=0,
                                                                        high=high))
    turn_index = get_int(p, "turn_index", doc["turn_index"], low=0)
    turn = get_turn(p, "turn", doc["turn"], players)
    melded = get_seat_mask(p, "melded_seats", doc["melded_seats"], players)
    known = get_known(p, "known", doc.get("known", []), players)
    p.raise_if_any(what)
    assert rules is not None and seat is not None and hand_number is not None
    assert scores is not None and over is not None and results is not None
    assert hand is not None and sizes is not None and stock_size is not None
    assert pile is not None and sides is not None and order is not None
    assert turn_index is not None and turn is not None and melded is not None
    assert known is not None
    view = view_type(seat, rules, hand_number, scores, tuple(results), over, hand, tuple(sizes),
                stock_size, pile, tuple(sides), tuple(order), turn_index, turn, melded, known)

    expected = hand_number - (0 if over else 1)
    if len(results) != expected:
        p.add("hand_results", f"{expected} hand result{'s' if expected != 1 else ''} expected "
              f"in hand {hand_number}, not {len(results)}")
    if len(hand) != sizes[seat]:
        p.add("hand", f"holds {len(hand)} cards but hand_sizes gives seat {seat} {sizes[seat]}")
    if R3 in hand and not over:
        p.add("hand", "a bonus card never stays in a hand (TURN-3)")
    want_order = turn_order(rules, hand_number)
    if view.order != want_order:
        p.add("order", f"{list(view.order)} is not the turn order of hand {hand_number}: "
              f"expected {list(want_order)} (SEAT-3, SEAT-4)")
    elif not turn_index < len(want_order):
        p.add("turn_index", f"must be at most {len(want_order) - 1}, got {turn_index}")
    else:
        check_turn_seats(p, "turn", rules, view.order, turn_index, turn)
        for s in range(rules.players):
            if s not in view.order and sizes[s]:
                p.add(join("hand_sizes", s), f"seat {s} sits out but holds {sizes[s]} cards "
                      "(SEAT-3)")
    if stock_size > rules.deck_size:
        p.add("stock_size", f"must be at most the deck's {rules.deck_size} cards")
    if not p:
        for path, message in public_fact_problems(
            rules, scores=scores, over=over, hand_results=view.hand_results,
            sides=view.side_tables, order=view.order, turn_index=turn_index, turn=turn,
            melded_seats=melded, hand_sizes=view.hand_sizes, stock_size=stock_size, pile=pile,
            paths=VIEW_PATHS,
        ):
            p.add(path, message)
    if not p:
        own: list[tuple[int, ...] | None] = [None] * rules.players
        own[seat] = counts_from_cards(hand)
        for path, message in known_problems(
            rules, known, hands=own, hand_sizes=view.hand_sizes, order=view.order,
            turn_index=turn_index, turn=turn, over=over, path="known",
            sides=view.side_tables,
        ):
            p.add(path, message)
    if not p:
        pool = unseen_counts(view)
        short = [f"{-n} {Card(k)}" for k, n in enumerate(pool) if n < 0]
        forced = forced_total(view)
        unplaced = [f"{forced[k] - pool[k]} {Card(k)}" for k in range(NUM_KINDS)
                    if forced[k] > max(pool[k], 0)]
        if short:
            p.add("", "the view shows more cards than the rules' deck holds: "
                  + ", ".join(short) + " too many")
        elif unplaced:
            p.add("known", "the other hands are known to hold cards the seat sees elsewhere: "
                  + ", ".join(unplaced) + " too many")
        else:
            hidden = sum(sizes[s] for s in range(rules.players) if s != seat) + stock_size
            if hidden != sum(pool):
                p.add("", f"cards do not add up: {sum(pool)} cards are unseen but the other "
                      f"hands and the stock hold {hidden}")
            elif not over and pool[R3] > stock_size:
                p.add("", f"{pool[R3]} unseen bonus cards cannot all be in the stock of "
                      f"{stock_size} (TURN-3)")
    p.raise_if_any(what)
    return view


# -- the cards a seat cannot account for -----------------------------------------------------


def unseen_counts(view: View) -> list[int]:
    """Per kind, the cards of the deck the seat cannot see: the deck minus its hand, the pile,
    the melds, the laid-out bonus cards, the played Caliente cards and the waiting cards."""
    pool = list(view.rules.deck_counts)
    for card in view.hand:
        pool[card] -= 1
    for card in view.pile:
        pool[card] -= 1
    if not view.over:
        for k, n in enumerate(view.turn.waiting):
            pool[k] -= n
    for side in view.side_tables:
        pool[R3] -= side.laid_out
        pool[CAL] -= side.caliente_played
        pool[B3] -= sum(side.stop_melds)
        for rank, m in enumerate(side.melds):
            if m is not None:
                pool[rank] -= m[0]
                pool[TWO] -= m[1]
                pool[JOKER] -= m[2]
    return pool


def forced_cards(view: View, seat: int) -> tuple[int, ...] | None:
    """The cards ``seat``'s hand is known to hold, as counts: its known cards less those still
    waiting under INIT-4 (known, but not in the hand yet); ``None`` when none."""
    known = view.known_cards
    if not known or not any(row := known[seat]):
        return None
    if not view.over and view.order[view.turn_index] == seat and any(view.turn.waiting):
        row = tuple(max(n - w, 0) for n, w in zip(row, view.turn.waiting, strict=True))
        if not any(row):
            return None
    return row


def known_in_hand(view: View, seat: int) -> int:
    """How many of ``seat``'s known cards are in its hand."""
    row = forced_cards(view, seat)
    return 0 if row is None else sum(row)


def forced_total(view: View) -> list[int]:
    """Per kind, the cards the other seats' hands are known to hold."""
    total = [0] * NUM_KINDS
    for seat in range(view.rules.players):
        if seat != view.seat and (row := forced_cards(view, seat)) is not None:
            for k in range(NUM_KINDS):
                total[k] += row[k]
    return total
