"""What every state reached by play satisfies: the invariants that storage, views and tests check.

* :func:`check_invariants` lists every invariant a whole :class:`~canasta_caliente.GameState`
  breaks (cards conserved, melds valid, the turn's facts agreeing with the table, a finished
  hand's result as SCORE-1 to SCORE-6 compute it, no dead end).
* :func:`public_fact_problems` checks the facts a seat can see (the turn, the sides, who has
  melded, whether and how the hand ended) against each other; :func:`check_invariants` uses it,
  and so do :func:`~canasta_caliente.loads` and :meth:`~canasta_caliente.View.from_dict`, which
  refuse a document that play could not have produced.

Every check holds for every RuleSet an option allows: bonus scores and card values of 0
included. :mod:`canasta_caliente.testing` re-exports :func:`check_invariants`.

>>> import canasta_caliente as cc
>>> from canasta_caliente.records.invariants import check_invariants
>>> check_invariants(cc.new_game(cc.RuleSet.preset("caliente"), seed=1))
[]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import attrs

from ..cards import NATURALS, NUM_KINDS, Card
from ..engine import apply, legal_actions, turn_order
from ..engine.scoring import score_hand
from ..engine.solver import meld_is_valid
from ..rules.facts import facts_of
from ..rules.ruleset import RuleSet, StockOut
from ..state.game import (
    COMPONENTS,
    GameState,
    HandEnd,
    HandResult,
    Phase,
    Question,
    SideTable,
    Table,
    Turn,
    check_state,
    leader,
)
from ._codec import join

__all__ = [
    "STATE_PATHS",
    "VIEW_PATHS",
    "FactPaths",
    "check_invariants",
    "known_problems",
    "public_fact_problems",
    "result_problem",
    "state_problems",
    "turn_problem",
]


@attrs.frozen
class FactPaths:
    """Where each public fact sits in a document, for messages (``table.turn`` in a state
    document, ``turn`` in a view document)."""

    turn: str
    sides: str
    melded_seats: str
    hands: str
    stock: str
    pile: str
    hand_results: str = "hand_results"
    scores: str = "scores"


STATE_PATHS = FactPaths("table.turn", "table.sides", "table.melded_seats", "table.hands",
                        "table.stock_pos", "table.pile")
"""The places of the facts in a state document (see :func:`public_fact_problems`)."""
VIEW_PATHS = FactPaths("turn", "sides", "melded_seats", "hand_sizes", "stock_size", "pile")
"""The places of the facts in a view document (see :func:`public_fact_problems`)."""

_QUESTION_TEXT = {Question.NONE: "none", Question.ASKED: "asked", Question.YES: "yes",
                  Question.NO: "no"}


def _ranks(mask: int) -> str:
    return " ".join(str(r) for r in NATURALS if mask >> r & 1)


def public_fact_problems(
    rules: RuleSet,
    *,
    scores: Sequence[int],
    over: bool,
    hand_results: Sequence[HandResult],
    sides: Sequence[SideTable],
    order: Sequence[int],
    turn_index: int,
    turn: Turn,
    melded_seats: int,
    hand_sizes: Sequence[int],
    stock_size: int,
    pile: Sequence[Card],
    paths: FactPaths = STATE_PATHS,
) -> list[tuple[str, str]]:
    """Every way the public facts of a game contradict each other, as (path, message) pairs;
    each message names the rule that play obeys and the document breaks.

    Checked: the turn's phase, question and answer (TURN-1, OUT-2); a draw-phase turn holds
    exactly the facts a turn starts with; ``need`` and ``points`` against the side's melds, its
    score and the first-meld table (INIT-1 to INIT-5); waiting cards only while a first meld
    from a pile take is pending (INIT-4); ``touched``, ``created``, ``melded`` and
    ``melded_seats`` against the table (OUT-3); stop melds only in the turn that goes out
    (MELD-5); an active player holds a card while the hand is in play (OUT-1); a finished hand
    ended the way its result says (OUT-1, END-1 to END-3); no game goes on after it was won
    (GAME-1). The arguments must already be well formed (seats, sides and the turn index in
    range, one entry per side and per seat).
    """
    out: list[tuple[str, str]] = []
    tp = paths.turn
    facts = facts_of(rules)
    side_of = facts.side_of

    def add(path: str, message: str) -> None:
        out.append((path, message))

    # Who has melded (melds never leave the table during a hand).
    for seat in range(rules.players):
        if melded_seats >> seat & 1:
            if seat not in order:
                add(paths.melded_seats, f"seat {seat} sits out this hand, so it has not melded "
                    "(SEAT-3)")
            elif sides[side_of[seat]].meld_count == 0:
                add(paths.melded_seats, f"seat {seat} has melded, but its side "
                    f"{side_of[seat]} has no meld on the table (MELD-3)")
    for side_no, side in enumerate(sides):
        if side.meld_count and not any(melded_seats >> s & 1 for s in rules.layout[side_no]):
            add(paths.melded_seats, f"side {side_no} has melds on the table, but none of its "
                "seats is listed as having melded (MELD-3)")

    if hand_results and not over:
        last_out = hand_results[-1].went_out
        won = leader(rules, tuple(scores),
                     None if last_out is None or not 0 <= last_out < rules.players
                     else side_of[last_out])
        if won is not None:
            add(paths.scores, f"side {won} had won the game after hand {len(hand_results)}, "
                "so no further hand is dealt (GAME-1, READ-2)")

    seat = order[turn_index]
    side_no = side_of[seat]
    side = sides[side_no]
    if over:
        if any(turn.waiting):
            add(join(tp, "waiting"), "the hand is over, so no pile card waits to join a hand "
                "(INIT-4)")
        if hand_results:
            _ending_problems(rules, hand_results, seat, hand_sizes, stock_size, paths, add)
        return out

    # The hand is in play.
    for s in order:
        if hand_sizes[s] == 0:
            add(join(paths.hands, s), f"seat {s} plays this hand but holds no card: emptying "
                "the hand goes out and ends it (OUT-1)")
    for i, other in enumerate(sides):
        if other.stop_melds and (i != side_no or turn.phase is not Phase.PLAY
                                 or not turn.melded):
            add(join(paths.sides, i), "a stop meld is made only in the turn of a player who "
                "goes out in that turn, so it is never on the table while the hand goes on "
                "otherwise (MELD-5)")

    minimum = rules.minimum_for(scores[side_no])
    opened = side.meld_count > 0
    mine = bool(melded_seats >> seat & 1)
    question = _QUESTION_TEXT[turn.question]
    if turn.phase is Phase.DRAW:
        want_need = 0 if opened else minimum
        if turn.need != want_need:
            why = ("its side has melded, so no minimum applies (INIT-5)" if opened else
                   f"its side has not melded and its score {scores[side_no]} sets the "
                   f"minimum at {minimum} (INIT-1)")
            add(join(tp, "need"), f"{turn.need} at the start of seat {seat}'s turn, but {why}")
        for name, value, rule in (
            ("started", turn.started, "INIT-3"),
            ("melded", turn.melded, "TURN-1"),
            ("points", turn.points, "INIT-2"),
            ("touched", turn.touched, "OUT-3"),
            ("created", turn.created, "OUT-3"),
        ):
            if value:
                add(join(tp, name), f"{value!r} before the draw action: a turn starts with "
                    f"nothing melded (TURN-1, {rule})")
        if any(turn.waiting):
            add(join(tp, "waiting"), "pile cards wait only after a pile take, which is a draw "
                "action: none in the draw phase (INIT-4)")
        if turn.question is not Question.NONE:
            add(join(tp, "question"), f"{question!r} in the draw phase: the question is asked "
                "and answered after the draw action (TURN-1, OUT-2)")
        if turn.had_melded != mine:
            add(join(tp, "had_melded"), f"{turn.had_melded!r}, but seat {seat} is "
                f"{'' if mine else 'not '}listed in melded_seats (OUT-3)")
        return out

    # The play and answer phases.
    # The seat that answers the question: the next active partner in turn order (OUT-2).
    partner = facts.partners_in(tuple(order))[turn_index]
    if turn.question is not Question.NONE and partner is None:
        add(join(tp, "question"), f"{question!r}, but seat {seat} has no partner playing this "
            "hand to ask (OUT-2)")
    elif turn.question is not Question.NONE and not facts.asks:
        add(join(tp, "question"), f"{question!r}, but no one asks \"May I go out?\" under "
            "going_out_permission = never (READ-4)")
    if turn.phase is Phase.ANSWER:
        if turn.question is not Question.ASKED:
            add(join(tp, "question"), f"{question!r} while a partner is to answer: the answer "
                "phase follows the question (OUT-2)")
        if partner is not None and turn.player != partner:
            add(join(tp, "player"), f"seat {turn.player} answers, but the question goes to the "
                f"next partner in turn order, seat {partner} (OUT-2)")
        if turn.melded:
            add(join(tp, "melded"), "the question is asked before any meld action (OUT-2)")
    elif turn.question is Question.ASKED:
        add(join(tp, "question"), "'asked' in the play phase: the partner answers before the "
            "player goes on (OUT-2)")

    bits = turn.touched
    if turn.created & ~bits:
        add(join(tp, "created"), f"ranks {_ranks(turn.created & ~bits)} were created this turn "
            "but are not among the ranks melded this turn (touched) (OUT-3)")
    missing = [r for r in NATURALS if bits >> r & 1 and side.melds[r] is None]
    if missing:
        add(join(tp, "touched"), f"ranks {' '.join(map(str, missing))} were melded this turn, "
            f"but side {side_no} has no meld of them (OUT-3)")
    if not turn.melded and bits & (bits - 1):
        add(join(tp, "touched"), "several ranks melded this turn without a meld action: a pile "
            "take melds one rank (PILE-1, TURN-1)")
    if mine != (turn.had_melded or turn.melded or bits != 0):
        add(paths.melded_seats, f"seat {seat} is {'' if mine else 'not '}listed, but it "
            f"{'had' if turn.had_melded else 'had not'} melded before this turn and has "
            f"{'' if turn.melded or bits else 'not '}melded in it (OUT-3)")

    need, points = turn.need, turn.points
    npath = join(tp, "need")
    if need > 0:
        if need + points != minimum:
            add(npath, f"{need} still needed after {points} points melded, but side {side_no}'s "
                f"minimum is {minimum} (INIT-1, INIT-2)")
        older = [r for r in NATURALS if side.melds[r] is not None and not turn.created >> r & 1]
        if older:
            add(npath, f"{need} still needed, but side {side_no}'s melds of "
                f"{' '.join(map(str, older))} were made before this turn, so it has melded and "
                "no minimum applies (INIT-5)")
        if turn.had_melded:
            add(join(tp, "had_melded"), f"true, but side {side_no} is still short of its first "
                f"meld, so seat {seat} had not melded before this turn (INIT-1, OUT-3)")
        others = [s for s in rules.layout[side_no] if s != seat and melded_seats >> s & 1]
        if others:
            add(paths.melded_seats, f"seats {' '.join(map(str, others))} are listed as having "
                f"melded, but side {side_no} is still short of its first meld, so no one of it "
                "melded before this turn (INIT-1)")
        if not turn.started and (points or side.meld_count or any(turn.waiting)):
            add(join(tp, "started"), "false, but the first meld has been started this turn "
                "(INIT-3)")
    elif points > 0:
        if points < minimum:
            add(npath, f"0 needed after only {points} points melded toward a minimum of "
                f"{minimum} (INIT-1, INIT-3)")
        elif minimum == 0:
            add(join(tp, "points"), f"{points}, but side {side_no} needs no minimum: points "
                "count only toward one (INIT-2)")
    elif minimum > 0 and not opened:
        add(npath, f"0, but side {side_no} has not melded and its minimum is {minimum} "
            "(INIT-1)")
    elif minimum > 0 and turn.started:
        add(join(tp, "started"), f"true, but side {side_no} had melded before this turn, so no "
            "first meld is made (INIT-5)")
    if points > 0 and not turn.started:
        add(join(tp, "started"), f"false after {points} points melded toward the first meld "
            "(INIT-3)")
    if turn.started and not opened:
        add(join(tp, "started"), f"true, but side {side_no} has no meld on the table (INIT-3)")
    if any(turn.waiting):
        wpath = join(tp, "waiting")
        if need <= 0:
            add(wpath, "pile cards wait only until the first meld's minimum is met, then they "
                "join the hand (INIT-4)")
        if not turn.started or not bits:
            add(wpath, "pile cards wait only after a pile take for the side's first meld "
                "(INIT-4)")
        if pile:
            add(wpath, "pile cards wait after the pile was taken, and the turn cannot discard "
                f"until they join, so the pile ({paths.pile}) is empty meanwhile (INIT-4)")
    return out


def _ending_problems(
    rules: RuleSet,
    results: Sequence[HandResult],
    turn_seat: int,
    hand_sizes: Sequence[int],
    stock_size: int,
    paths: FactPaths,
    add: Callable[[str, str], None],
) -> None:
    """The last hand ended as its result says (OUT-1, END-1 to END-3)."""
    result = results[-1]
    where = join(paths.hand_results, len(results) - 1)
    if result.ended is HandEnd.WENT_OUT:
        if result.went_out != turn_seat:
            add(join(where, "went_out"), f"seat {result.went_out} went out, but the hand ended "
                f"in seat {turn_seat}'s turn (OUT-1)")
        elif hand_sizes[turn_seat]:
            add(join(paths.hands, turn_seat), f"seat {turn_seat} went out, so its hand is empty, "
                f"not {hand_sizes[turn_seat]} cards (OUT-1)")
        return
    if stock_size:
        rule = {HandEnd.BONUS_NOT_REPLACED: "END-1", HandEnd.PASSED: "END-2",
                HandEnd.LAST_CARD: "END-3"}[result.ended]
        add(paths.stock, f"the hand ended with {result.ended.value}, which happens only with "
            f"the stock empty, but it holds {stock_size} cards ({rule})")
    if result.ended is HandEnd.LAST_CARD and rules.stock_out is not StockOut.END_ON_LAST_CARD:
        add(join(where, "ended"), "last_card ends a hand only under stock_out = "
            "end_on_last_card (END-3)")


def check_invariants(state: GameState) -> list[str]:
    """Every invariant ``state`` breaks, as messages; an empty list means none.

    Checked: every card of the deck is in exactly one place (hands, waiting cards, melds, laid-out
    bonus cards, played Caliente cards, pile, stock); no bonus card in a hand; every meld obeys
    MELD-1 to MELD-5; players sitting out hold nothing; the public facts agree with each other
    (:func:`public_fact_problems`); every seat's known cards are in its hand or waiting
    (:func:`known_problems`); a finished hand's result is the one SCORE-1 to SCORE-6
    compute from the table it finishes; and a hand in play has a legal action (TURN-0).
    Anything but a :class:`~canasta_caliente.GameState` is a :class:`TypeError`.
    """
    check_state(state)
    return [f"{path}: {message}" if path else message
            for path, message in state_problems(state)]


def state_problems(state: GameState, *, dead_end: bool = True) -> list[tuple[str, str]]:
    """:func:`check_invariants` as (path in a state document, message) pairs. With
    ``dead_end=False`` the TURN-0 check (a listing of the legal actions) is left out; it is
    also left out when another invariant is broken, since the engine assumes them.

    Whatever ``state`` holds, this reports and never raises: first the shape that
    :func:`~canasta_caliente.loads` checks (one score per side, a hand number of at least 1,
    the hand results a hand in play or over has, one hand per seat, one table per side, the
    hand's turn order), then, if the shape holds, everything else; a state so broken that a
    check itself fails is reported as such."""
    problems = _shape_problems(state)
    if problems:
        return problems
    try:
        return _problems(state, dead_end)
    except Exception as exc:  # a hand-built state may break what the checks assume
        return [("", f"the state cannot be checked: {type(exc).__name__}: {exc}")]


def _shape_problems(state: GameState) -> list[tuple[str, str]]:
    """The shape of a state, as :func:`~canasta_caliente.loads` reads it."""
    rules, t = state.rules, state.table
    problems: list[tuple[str, str]] = []
    sides = len(rules.layout)
    if len(state.scores) != sides:
        problems.append(("scores", f"expected one score per side ({sides}), got "
                         f"{len(state.scores)}"))
    if state.hand_number < 1:
        problems.append(("hand_number", f"must be at least 1, not {state.hand_number}"))
    expected = state.hand_number - (0 if state.over else 1)
    if len(state.hand_results) != expected:
        problems.append(("hand_results", f"hand {state.hand_number} "
                         f"{'has ended' if state.over else 'is in play'}, so {expected} hand "
                         f"results are expected, not {len(state.hand_results)}"))
    if len(t.hands) != rules.players or any(len(h) != NUM_KINDS for h in t.hands):
        problems.append(("table.hands", f"expected one hand of {NUM_KINDS} counts per seat "
                         f"({rules.players})"))
    if len(t.sides) != sides:
        problems.append(("table.sides", f"expected one entry per side ({sides}), got "
                         f"{len(t.sides)}"))
    if state.hand_number >= 1 and t.order != turn_order(rules, state.hand_number):
        problems.append(("table.order", f"{list(t.order)} is not the turn order of hand "
                         f"{state.hand_number} (SEAT-3, SEAT-4)"))
    elif not 0 <= t.turn_index < max(len(t.order), 1):
        problems.append(("table.turn_index", f"must be below {len(t.order)}, not "
                         f"{t.turn_index}"))
    return problems


def _problems(state: GameState, dead_end: bool) -> list[tuple[str, str]]:
    rules = state.rules
    problems: list[tuple[str, str]] = []

    def add(path: str, message: str) -> None:
        problems.append((path, message))

    t = state.table
    total = [0] * NUM_KINDS
    for seat in range(rules.players):
        counts = t.hands[seat]
        where = join("table.hands", seat)
        if any(n < 0 for n in counts):
            add(where, f"seat {seat} holds a negative count")
        if counts[Card.RED_THREE] and not state.over:
            add(where, f"seat {seat} holds a bonus card (TURN-3)")
        if seat not in t.order and any(counts):
            add(where, f"seat {seat} sits out but holds cards (SEAT-3)")
        for k, n in enumerate(counts):
            total[k] += n
    if not state.over:
        for k, n in enumerate(t.turn.waiting):
            total[k] += n
    for card in t.pile:
        total[card] += 1
    for card in t.deck[t.stock_pos:]:
        total[card] += 1
    for side_no in range(len(rules.layout)):
        side = t.sides[side_no]
        where = join("table.sides", side_no)
        total[Card.RED_THREE] += side.laid_out
        total[Card.CALIENTE] += side.caliente_played
        for rank, m in enumerate(side.melds):
            if m is None:
                continue
            n, two, jk = m
            total[rank] += n
            total[Card.TWO] += two
            total[Card.JOKER] += jk
            if not meld_is_valid(rules, n, two + jk):
                add(where, f"side {side_no}: meld of {Card(rank)} {m} breaks MELD-1/MELD-2")
        for k in side.stop_melds:
            total[Card.BLACK_THREE] += k
            if k not in (3, 4):
                add(where, f"side {side_no}: a stop meld of {k} cards breaks MELD-5")
    if tuple(total) != rules.deck_counts:
        diff = {
            str(Card(k)): total[k] - rules.deck_counts[k]
            for k in range(NUM_KINDS)
            if total[k] != rules.deck_counts[k]
        }
        add("", f"cards are not conserved (found minus deck: {diff})")
    if len(t.deck) != rules.deck_size:
        add("table.deck", f"the hand's deck has {len(t.deck)} cards, not {rules.deck_size}")
    for i, result in enumerate(state.hand_results):
        if len(result.breakdown) != len(rules.layout) or any(
            len(row) != len(COMPONENTS) for row in result.breakdown
        ):
            add(join("hand_results", i), "expected one row of components per side (SCORE-6)")
    problems.extend(public_fact_problems(
        rules,
        scores=state.scores,
        over=state.over,
        hand_results=state.hand_results,
        sides=t.sides,
        order=t.order,
        turn_index=t.turn_index,
        turn=t.turn,
        melded_seats=t.melded_seats,
        hand_sizes=tuple(sum(h) for h in t.hands),
        stock_size=t.stock_size,
        pile=t.pile,
    ))
    problems.extend(known_problems(
        rules, t.known, hands=t.hands, hand_sizes=tuple(sum(h) for h in t.hands),
        order=t.order, turn_index=t.turn_index, turn=t.turn, over=state.over,
        path="table.known", sides=t.sides,
    ))
    if state.over and (wrong := result_problem(rules, t, state.hand_results)) is not None:
        add(*wrong)
    if dead_end and not problems and (stuck := turn_problem(state)) is not None:
        add("", stuck)
    return problems


def result_problem(
    rules: RuleSet, table: Table, hand_results: Sequence[HandResult]
) -> tuple[str, str] | None:
    """Whether the last of ``hand_results`` is the score of the finished ``table``: ``None``
    if SCORE-1 to SCORE-6 give it, else its path in a document and why not. The score reads
    the table's hands, sides, turn and who has melded, never the stock, so a finished hand
    seen from a seat (every hand shown, SCORE-1) is checked as a whole state is."""
    if not hand_results:
        return None
    last = hand_results[-1]
    want = score_hand(rules, table, last.ended, last.went_out)
    if want == last:
        return None
    return (join("hand_results", len(hand_results) - 1),
            f"is not the score of the table it finishes: {_result_text(last)}, but "
            f"SCORE-1 to SCORE-6 give {_result_text(want)}")


def known_problems(
    rules: RuleSet,
    known: Sequence[Sequence[int]],
    *,
    hands: Sequence[Sequence[int] | None],
    hand_sizes: Sequence[int],
    order: Sequence[int],
    turn_index: int,
    turn: Turn,
    over: bool,
    path: str,
    sides: Sequence[SideTable] | None = None,
) -> list[tuple[str, str]]:
    """What breaks the rule of the known cards (:meth:`GameState.known
    <canasta_caliente.GameState.known>`): one row of counts per seat, no bonus card (they are
    laid out, never held), nothing known of a seat sitting out, and every seat's known cards
    in its hand, or waiting under INIT-4 for the turn player. ``hands`` gives each hand as
    counts where it is known (``None`` for a hidden one: then only the number of cards is
    checked, against ``hand_sizes``). ``()`` (nothing known) is right while the hand is in
    play; once it is over, every hand has been shown to be counted (SCORE-1), so ``()`` is
    right only if every hand is empty. Rows are reported at ``path`` (``table.known`` in a
    state document, ``known`` in a view's).

    Known cards come only from a pile taken (PILE-1: its up card melded at once) or cards
    waiting under INIT-4, so with ``sides`` (the sides' tables) a hand in play has known cards
    only if its side has a meld on the table, or it is the turn player's with cards waiting."""
    problems: list[tuple[str, str]] = []
    if not known:
        if over:
            for seat, size in enumerate(hand_sizes):
                if size:
                    problems.append((join(path, seat), f"seat {seat}: the hand is over, so its "
                                     f"{size} card{'s were' if size != 1 else ' was'} shown to be "
                                     "counted and its known cards are the whole hand (SCORE-1), "
                                     "but nothing is known"))
        return problems
    if len(known) != rules.players:
        problems.append((path, f"expected one entry per seat ({rules.players}), got "
                         f"{len(known)}"))
        return problems
    if not any(map(any, known)):
        problems.append((path, "nothing is known of any hand: write no entry at all"))
        return problems
    player = None if over or not order else order[turn_index % len(order)]
    for seat, row in enumerate(known):
        where = join(path, seat)
        if len(row) != NUM_KINDS:
            problems.append((where, f"expected {NUM_KINDS} counts, got {len(row)}"))
            continue
        if any(n < 0 for n in row):
            problems.append((where, f"seat {seat}: a negative count of known cards"))
            continue
        if row[Card.RED_THREE]:
            problems.append((where, f"seat {seat}: a bonus card is laid out, never known to be "
                             "held (TURN-3)"))
        if any(row) and seat not in order:
            problems.append((where, f"seat {seat} sits out this hand, so nothing is known of "
                             "its hand (SEAT-3)"))
            continue
        extra = turn.waiting if seat == player else (0,) * NUM_KINDS
        hand = hands[seat]
        if over:
            # A finished hand's cards are laid down to be counted: all of them are known.
            if (sum(row) != hand_sizes[seat]) if hand is None else (tuple(row) != tuple(hand)):
                problems.append((where, f"seat {seat}: the hand is over, so its cards were shown "
                                 "to be counted and its known cards are the whole hand (SCORE-1)"))
            continue
        if hand is None:
            room = hand_sizes[seat] + sum(extra)
            if sum(row) > room:
                problems.append((where, f"seat {seat} is known to hold {sum(row)} cards but "
                                 f"holds {room}{' with the waiting cards' if any(extra) else ''}"
                                 ": known cards must be in the hand"))
                continue
        else:
            short = [f"{row[k]} {Card(k)} known, {hand[k] + extra[k]} held"
                     for k in range(NUM_KINDS) if row[k] > hand[k] + extra[k]]
            if short:
                problems.append((where, f"seat {seat}: known cards must be in the hand"
                                 f"{' or waiting (INIT-4)' if any(extra) else ''}: "
                                 + ", ".join(short)))
                continue
        if (sides is not None and any(row) and not any(extra)
                and not sides[_side_of(rules, seat)].meld_count):
            problems.append((where, f"seat {seat}: cards are known only once the pile is taken "
                             "(PILE-1: its up card melded at once) or while they wait (INIT-4), "
                             "but its side has no meld and no card waits"))
    return problems


def _side_of(rules: RuleSet, seat: int) -> int:
    return next(i for i, seats in enumerate(rules.layout) if seat in seats)


def turn_problem(state: GameState) -> str | None:
    """Why TURN-0 fails in ``state``, or ``None``: a hand in play where the player to act has
    no legal action, or a question "May I go out?" whose answer, "yes" or "no", would leave
    the asker none (OUT-2). Assumes the other invariants hold (the engine plays the state)."""
    if state.over:
        return None
    if not legal_actions(state):
        return "no legal action in a state short of the end of the game (TURN-0)"
    if state.table.turn.phase is Phase.ANSWER:
        for answer in ("yes", "no"):
            if not legal_actions(apply(state, answer)):
                return (f"answering {answer!r} to the question leaves no legal action "
                        "(TURN-0, OUT-2)")
    return None


def _result_text(result: HandResult) -> str:
    rows = "; ".join(
        f"side {i} " + ", ".join(f"{k} {v}" for k, v in _components(row).items())
        for i, row in enumerate(result.breakdown))
    went = "" if result.went_out is None else f" by seat {result.went_out}"
    conc = " concealed" if result.concealed else ""
    return f"{result.ended.value}{went}{conc} ({rows})"


def _components(row: Sequence[int]) -> Mapping[str, int]:
    return dict(zip(COMPONENTS, row, strict=True))
