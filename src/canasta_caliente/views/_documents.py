"""Reading view documents and checking views: the fields of a view document, the checks of a
view, and the count of the cards a seat cannot account for.

One job: turn a view document's plain data into a :class:`~canasta_caliente.View`, reporting
every problem at once (unknown fields, impossible tables, more cards than the deck holds, known
cards that cannot be placed). :func:`check_view` is the one home of what a view must satisfy:
the document reader, the View's constructor and :func:`~canasta_caliente.resample` all ask it.
:mod:`canasta_caliente.views` holds the View, writes its documents and calls :func:`read_view`
with the View class, so this module needs the View type only for annotations. The card
accounting (:func:`unseen_counts`, :func:`forced_cards`) is shared with
:func:`~canasta_caliente.resample`.

Sections: the fields; reading a view document; checking a view; the cards a seat cannot
account for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import B3, CAL, JOKER, NUM_KINDS, R3, TWO, Card, counts_from_cards
from ..engine import turn_order
from ..errors import CanastaTypeError, count_phrase
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
from ..records.invariants import (
    VIEW_PATHS,
    known_problems,
    public_fact_problems,
    result_problem,
)
from ..rules.ruleset import RuleSet
from ..state.game import HandResult, SideTable, Table, Turn

if TYPE_CHECKING:
    from .view import View


# -- the fields ------------------------------------------------------------------------------

_VIEW_FIELDS = ("format", "rules_version", "seat", "rules", "hand_number", "scores", "over",
                "hand_results", "hand", "hand_sizes", "stock_size", "pile", "sides", "order",
                "turn_index", "turn", "melded_seats")
_VIEW_OPTIONAL = ("known",)
"""View fields a document may leave out (``known``: documents written before the known cards
were tracked; read as nothing known, which a finished hand whose hands hold cards cannot be:
they were all shown, SCORE-1)."""


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
    # The View's constructor checks the rest, with check_view.
    return view_type(seat, rules, hand_number, scores, tuple(results), over, hand,
                     tuple(sizes), stock_size, pile, tuple(sides), tuple(order), turn_index,
                     turn, melded, known)


# -- checking a view -------------------------------------------------------------------------

_INT = (int,)
_FIELD_TYPES: tuple[tuple[str, tuple[type, ...], str], ...] = (
    ("seat", _INT, "an int"),
    ("rules", (RuleSet,), "a RuleSet"),
    ("hand_number", _INT, "an int"),
    ("over", (bool,), "a bool"),
    ("stock_size", _INT, "an int"),
    ("turn_index", _INT, "an int"),
    ("turn", (Turn,), "a Turn"),
    ("melded_seats", _INT, "an int"),
)
"""The View's fields that hold one value: its type, and how a message names it."""

_TUPLE_TYPES: tuple[tuple[str, tuple[type, ...], str], ...] = (
    ("scores", _INT, "ints"),
    ("hand_results", (HandResult,), "HandResults"),
    ("hand", (Card,), "Cards"),
    ("hand_sizes", _INT, "ints"),
    ("pile", (Card,), "Cards"),
    ("side_tables", (SideTable,), "SideTables"),
    ("order", _INT, "ints"),
)
"""The View's fields that hold a tuple: the type of its items, and how a message names them."""


def check_view(view: View) -> None:
    """Check everything a view must satisfy, the checks of the view document reader: each
    field's type, then the shape (seats, sides and counts in range, one entry per seat and per
    side, known cards as counts), then the table's public facts, the known cards and the card
    accounting against the rules' deck.

    Raises ``TypeError`` naming the first field of a wrong type (a ``bool`` is not an int), and
    one :class:`~canasta_caliente.StateError` listing every other problem with its field. Linear
    in the view's size. The View's constructor, :func:`read_view` (through the constructor) and
    :func:`~canasta_caliente.resample` call it; :func:`~canasta_caliente.observe` builds its
    views from a state without it (see there).
    """
    _check_types(view)
    p = Problems()
    _shape_problems(p, view)
    if not p:
        try:
            _table_problems(p, view)
        except Exception as exc:  # a hand-built table may break what the checks assume
            p.add("", f"the view cannot be checked: {type(exc).__name__}: {exc}")
    p.raise_if_any("view")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_types(view: View) -> None:
    """A ``TypeError`` for the first field of a wrong type."""

    def refuse(name: str, what: str, value: Any) -> CanastaTypeError:
        return CanastaTypeError(f"View.{name} must be {what}, not {type(value).__name__}")

    for name, types, what in _FIELD_TYPES:
        value = getattr(view, name)
        if not (_is_int(value) if types is _INT else isinstance(value, types)):
            raise refuse(name, what, value)
    for name, types, what in _TUPLE_TYPES:
        value = getattr(view, name)
        if not isinstance(value, tuple):
            raise refuse(name, f"a tuple of {what}", value)
        for item in value:
            if not (_is_int(item) if types is _INT else isinstance(item, types)):
                raise refuse(name, f"a tuple of {what}", item)
    known = view.known_cards
    if not isinstance(known, tuple) or not all(
            isinstance(row, tuple) and all(map(_is_int, row)) for row in known):
        raise CanastaTypeError("View.known_cards must be a tuple with a tuple of int counts per "
                               "seat (or ())")
    if not _is_int(view.turn.player):
        raise refuse("turn.player", "an int", view.turn.player)
    waiting = view.turn.waiting
    if not isinstance(waiting, tuple) or not all(map(_is_int, waiting)):
        raise refuse("turn.waiting", "a tuple of int counts", waiting)


def _shape_problems(p: Problems, view: View) -> None:
    """Seats, sides and counts in range, one entry per seat and per side: what the reader's
    field getters check of a document (``get_int``, ``get_scores``, ``get_known``, ...)."""
    rules = view.rules
    players, n_sides = rules.players, len(rules.layout)
    get_int(p, "seat", view.seat, low=0, high=players - 1)
    get_int(p, "hand_number", view.hand_number, low=1)
    if len(view.scores) != n_sides:
        p.add("scores", f"expected one score per side ({n_sides}), got {len(view.scores)}")
    for i, score in enumerate(view.scores):
        get_int(p, join("scores", i), score)
    if len(view.hand_sizes) != players:
        p.add("hand_sizes", f"expected one size per seat ({players}), got "
              f"{len(view.hand_sizes)}")
    for i, size in enumerate(view.hand_sizes):
        get_int(p, join("hand_sizes", i), size, low=0)
    get_int(p, "stock_size", view.stock_size, low=0)
    if len(view.side_tables) != n_sides:
        p.add("sides", f"expected one entry per side ({n_sides}), got {len(view.side_tables)}")
    for i, seat in enumerate(view.order):
        get_int(p, join("order", i), seat, low=0, high=players - 1)
    get_int(p, "turn_index", view.turn_index, low=0)
    get_int(p, "turn.player", view.turn.player, low=0, high=players - 1)
    if len(view.turn.waiting) != NUM_KINDS or any(n < 0 for n in view.turn.waiting):
        p.add("turn.waiting", f"expected {NUM_KINDS} counts of at least 0")
    get_int(p, "melded_seats", view.melded_seats, low=0, high=(1 << players) - 1)
    known = view.known_cards
    if known and len(known) != players:
        p.add("known", f"expected one list of cards per seat ({players}), got {len(known)}")
    for seat, row in enumerate(known):
        if len(row) != NUM_KINDS or any(n < 0 for n in row):
            p.add(join("known", seat), f"expected {NUM_KINDS} counts of at least 0, got "
                  f"{list(row)}")


def _table_problems(p: Problems, view: View) -> None:
    """The view's table against the rules: hand results, the seat's hand, the turn order and
    the turn's seats, the public facts, the known cards, the card accounting and, once the
    hand is over, its result against the hands shown (SCORE-1 to SCORE-6)."""
    rules, seat, hand_number, over = view.rules, view.seat, view.hand_number, view.over
    results, hand, sizes = view.hand_results, view.hand, view.hand_sizes
    scores, pile, stock_size = view.scores, view.pile, view.stock_size
    turn_index, turn = view.turn_index, view.turn
    melded, known = view.melded_seats, view.known_cards
    expected = hand_number - (0 if over else 1)
    if len(results) != expected:
        p.add("hand_results", f"{count_phrase(expected, 'hand result')} expected in hand "
              f"{hand_number}, not {len(results)}")
    if len(hand) != sizes[seat]:
        p.add("hand", f"holds {count_phrase(len(hand))} but hand_sizes gives seat {seat} "
                      f"{sizes[seat]}")
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
    if not p and over:
        # Every hand of a finished hand is known (checked above), so the view holds all its
        # score is counted from; the stock plays no part in a score.
        hands = known or ((0,) * NUM_KINDS,) * rules.players
        table = Table((), 0, hands, pile, view.side_tables, view.order, turn_index, turn,
                      melded, known)
        if (wrong := result_problem(rules, table, results)) is not None:
            p.add(*wrong)


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
