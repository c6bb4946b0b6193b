"""What happened: the structured events of one action, and what each seat may see of them.

:func:`events` (or :func:`step`, which also returns the next state) gives the events of one
action in the order a table would see them: a draw, bonus cards laid out, the pile taken, a
meld, a discard, a question and its answer, going out, the stock running out, the hand's result,
the game's end, the next deal. A game's first hand is dealt by
:func:`~canasta_caliente.new_game` itself, with no action: :func:`deal_events` gives its deal's
events. Each event is a frozen value with a :attr:`~Event.kind`, the
:attr:`~Event.seat` that acted (``None`` where no seat did), the rule IDs behind it
(:attr:`~Event.rules`), :meth:`~Event.to_json`, :meth:`~Event.text` and :meth:`~Event.for_seat`:
the event as one seat may see it (another seat's draw is a count, its own is the cards;
``None`` is a spectator, who sees only what is public).

The events are read off the state before the action, the action and the state after it, through
the states' public accessors and the engine's named checks (whether a discard blocks the pile is
:func:`~canasta_caliente.engine.checks.up_card_refusal`'s to say, under which rules a card freezes
it :func:`~canasta_caliente.engine.checks.freezer_rules`'s): no rule is decided here, and
:func:`~canasta_caliente.apply` computes none of this.

>>> import canasta_caliente as cc
>>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
>>> [e.text(seat=None) for e in cc.events(state, "draw")]
['Seat 0 draws 1 card.']
>>> [e.text(seat=0) for e in cc.events(state, "draw")]
['Seat 0 draws a ten.']
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions import Action, Verb, parse_action
from ..cards import B3, R3, Card
from ..engine import apply
from ..engine.checks import context, freezer_rules, rules_of, up_card_refusal
from ..engine.deal import just_dealt
from ..errors import ArgumentError
from ..records.storage import GameRecord, replay
from ..rules.ruleset import StockOut
from ..state.builders import quick_constructor
from ..state.game import GameState, HandEnd, check_state
from . import kinds as k
from .kinds import Event

__all__ = ["deal_events", "events", "replay_events", "step"]


# ---------------------------------------------------------------------------------------------
# Reading the events off the states


# The events of the common actions (a draw, a take, a meld, a discard) are built by quick
# constructors: a frozen attrs class costs about a tenth of a microsecond a field to build,
# and a move's events are to cost no more than the move (benchmarks/bench_events.py).
_draw_event: Callable[..., k.DrawEvent] = quick_constructor(k.DrawEvent)
_take_event: Callable[..., k.TakeEvent] = quick_constructor(k.TakeEvent)
_meld_event: Callable[..., k.MeldEvent] = quick_constructor(k.MeldEvent)
_discard_event: Callable[..., k.DiscardEvent] = quick_constructor(k.DiscardEvent)


def step(state: GameState, action: Action | str) -> tuple[GameState, tuple[Event, ...]]:
    """The state after ``action`` and the events of the action, in order: ``apply`` and
    :func:`events` at the cost of one ``apply``.

    Raises what :func:`~canasta_caliente.apply` raises: the same
    :class:`~canasta_caliente.IllegalActionError` for an illegal action, :class:`TypeError`
    for a state that is not a :class:`~canasta_caliente.GameState` or an action that is not an
    :class:`~canasta_caliente.Action` or its notation.
    """
    after = apply(state, action)
    act = action if isinstance(action, Action) else parse_action(action)
    return after, _read(state, act, after)


def events(before: GameState, action: Action | str) -> tuple[Event, ...]:
    """The events of ``action`` made in ``before``, in order (see :mod:`this module
    <canasta_caliente.play.events>`); unredacted: send each seat ``event.for_seat(seat)``.

    >>> import canasta_caliente as cc
    >>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    >>> [e.kind.value for e in cc.events(state, "draw")]
    ['draw']

    An illegal action raises the same :class:`~canasta_caliente.IllegalActionError` as
    :func:`~canasta_caliente.apply`.
    """
    return step(before, action)[1]


def deal_events(state: GameState) -> tuple[Event, ...]:
    """The events of the deal that made ``state``, a hand as it was dealt: above all a game's
    first state (:func:`~canasta_caliente.new_game`'s, :meth:`GameRecord.initial_state
    <canasta_caliente.GameRecord.initial_state>`), whose hand no action dealt. A
    :class:`~canasta_caliente.DealEvent` (unredacted: send each seat ``event.for_seat(seat)``,
    which shows it its own hand only), and the hand's end when the deal ended it (DEAL-4:
    a bonus card the stock could not replace). For a later hand, the events the ``deal``
    action that made it gave.

    >>> import canasta_caliente as cc
    >>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    >>> (deal,) = cc.deal_events(state)
    >>> deal.text(seat=None)
    'Seat 3 deals hand 1: seat 0 plays first; the up card is an ace; side 0 lays out a red three.'
    >>> [hand is not None for hand in deal.for_seat(1).hands]    # seat 1 sees its own only
    [False, True, False, False]

    A state with an action played in its hand is not one the deal made: an
    :class:`~canasta_caliente.ArgumentError` (:class:`TypeError` for anything but a
    :class:`~canasta_caliente.GameState`).

    >>> cc.deal_events(cc.apply(state, "draw"))
    Traceback (most recent call last):
    ...
    canasta_caliente.errors.ArgumentError: state: not a hand as it was dealt ...
    """
    check_state(state)
    if not just_dealt(state):
        raise ArgumentError(f"state: not a hand as it was dealt (hand {state.hand_number} "
                            "has had an action played in it, or its cards are not those its "
                            "deck and seed deal): give the state the deal made, new_game's or "
                            "GameRecord.initial_state()")
    return _deal_read(state)


def replay_events(
        record: GameRecord) -> tuple[tuple[GameState, ...], tuple[tuple[Event, ...], ...]]:
    """Every state of a recorded game, as :func:`~canasta_caliente.replay` gives them (and
    raising what it raises for a record that is wrong), and the events of each action in
    order: what a server rebuilds a game's log from. At the cost of the replay: each action's
    events are read off the states either side of it, not applied again (for a finished game
    of 604 actions, 32 ms against 62 ms for ``replay`` and then :func:`events` of each).
    ``log[i]`` is action ``i``'s: the deal of the first hand, which no action made, is in none
    of them; :func:`deal_events` of ``states[0]`` gives it (the log of
    :class:`~canasta_caliente.Match` numbers it first).

    >>> import canasta_caliente as cc
    >>> record = cc.GameRecord.start(cc.RuleSet.preset("caliente"), seed=1).extend("draw")
    >>> states, log = cc.replay_events(record)
    >>> len(states), [[e.kind.value for e in happened] for happened in log]
    (2, [['draw']])
    >>> [e.kind.value for e in cc.deal_events(states[0])]
    ['deal']
    """
    states = replay(record)
    log = tuple(_read(before, parse_action(text), after)
                for before, text, after in zip(states[:-1], record.actions, states[1:],
                                               strict=True))
    return states, log


def _read(before: GameState, action: Action, after: GameState) -> tuple[Event, ...]:
    """The events of ``action``, which took ``before`` to ``after``."""
    verb = action.verb
    if verb is Verb.DEAL:
        return _deal_read(after)
    out: list[Event] = []
    seat = before.current_player
    assert seat is not None  # a hand in progress: apply accepted the action
    _READERS[verb](out, before, action, after, seat)
    ended = _hand_ended(before, after)
    if after.stock_size == 0 < before.stock_size:
        # The hand ends with the last card (END-3), for want of a bonus card's replacement
        # (END-1), or goes on with the pile and the pass (END-2).
        last = after.rules.stock_out is StockOut.END_ON_LAST_CARD
        rule = "END-3" if last else "END-2" if ended is None else "END-1"
        out.append(k.StockOutEvent(seat=None, rules=(rule,)))
    if ended is not None:
        _hand_end(out, after)
    return tuple(out)


def _hand_ended(before: GameState, after: GameState) -> HandEnd | None:
    """How the hand ended, if the action from ``before`` to ``after`` ended it."""
    return after.hand_results[-1].ended if len(after.hand_results) > len(
        before.hand_results) else None


def _from_stock(out: list[Event], before: GameState, after: GameState, seat: int,
                reason: str, pile_bonus: int = 0) -> None:
    """The cards the action took from the stock (a :class:`DrawEvent`), after ``pile_bonus``
    bonus cards from the pile were laid out, and every bonus card laid out (TURN-3): each
    replaced, but the last when the hand ended for want of a replacement (END-1)."""
    table = before.table
    pos = table.stock_pos
    drawn = table.deck[pos:pos + table.stock_size - after.stock_size]
    bonus: list[tuple[str, tuple[str, ...]]] = [("pile", ("TURN-3",))] * pile_bonus
    if drawn:
        out.append(_draw_event(seat=seat, cards=drawn, count=len(drawn), reason=reason,
                             rules=_DRAW_RULES[reason]))
    bonus += [("stock", ("TURN-3",))] * drawn.count(R3)
    ended = _hand_ended(before, after)
    for i, (source, rules) in enumerate(bonus):
        last_unreplaced = ended is HandEnd.BONUS_NOT_REPLACED and i == len(bonus) - 1
        replaced = not last_unreplaced and (source == "stock"
                                            or after.rules.bonus_from_pile_replaced)
        if last_unreplaced:  # the empty stock ends the hand (END-1)
            rules = (*rules, "END-1")
        out.append(k.BonusEvent(seat=seat, source=source, replaced=replaced, rules=rules))


_DRAW_RULES = {"draw": ("TURN-2",), "caliente": ("HOT-2",), "replacement": ("TURN-3",)}


def _on_draw(out: list[Event], before: GameState, action: Action, after: GameState,
             seat: int) -> None:
    _from_stock(out, before, after, seat, "draw")


def _on_caliente(out: list[Event], before: GameState, action: Action, after: GameState,
                 seat: int) -> None:
    out.append(k.CalienteEvent(seat=seat, rules=("HOT-2",)))
    _from_stock(out, before, after, seat, "caliente")


def _on_pass(out: list[Event], before: GameState, action: Action, after: GameState,
             seat: int) -> None:
    out.append(k.PassEvent(seat=seat, rules=("END-2",)))


def _on_take(out: list[Event], before: GameState, action: Action, after: GameState,
             seat: int) -> None:
    pile = before.pile
    up, under = pile[-1], pile[:-1]
    waiting = not after.over and any(after.turn.waiting)
    rules = ("PILE-1", "INIT-4") if waiting else ("PILE-1",)
    out.append(_take_event(seat=seat, up_card=up, with_cards=action.cards, under=under,
                         waiting=waiting, rules=rules))
    out.append(_meld(before, after, seat, up, (up, *action.cards)))
    if not waiting:
        _from_stock(out, before, after, seat, "replacement", under.count(R3))


def _on_meld(out: list[Event], before: GameState, action: Action, after: GameState,
             seat: int) -> None:
    rank = action.rank
    out.append(_meld(before, after, seat, B3 if rank is None else rank, action.cards))
    if any(before.turn.waiting) and (after.over or not any(after.turn.waiting)):
        waited = before.waiting
        out.append(k.WaitingJoinEvent(seat=seat, cards=waited, rules=("INIT-4",)))
        _from_stock(out, before, after, seat, "replacement", waited.count(R3))


def _on_discard(out: list[Event], before: GameState, action: Action, after: GameState,
                seat: int) -> None:
    card = action.cards[0]
    froze = not before.pile_has_freezer and after.pile_has_freezer
    blocked = not after.over and up_card_refusal(context(after)) is not None
    rules: tuple[str, ...] = ("DISC-2",) if froze or blocked else ()
    if froze:
        rules += freezer_rules(before.rules, card)
    if blocked:
        rules += rules_of(up_card_refusal)
    out.append(_discard_event(seat=seat, card=card, froze=froze, blocked=blocked, rules=rules))


def _on_ask(out: list[Event], before: GameState, action: Action, after: GameState,
            seat: int) -> None:
    partner = after.current_player
    assert partner is not None  # an answer is awaited
    out.append(k.AskEvent(seat=seat, partner=partner, rules=("OUT-2",)))


def _on_answer(out: list[Event], before: GameState, action: Action, after: GameState,
               seat: int) -> None:
    asker = before.turn_player
    assert asker is not None
    out.append(k.AnswerEvent(seat=seat, asker=asker, yes=action.verb is Verb.YES,
                           rules=("OUT-2",)))


_Reader = Callable[[list[Event], GameState, Action, GameState, int], None]
_READERS: dict[Verb, _Reader] = {
    Verb.DRAW: _on_draw, Verb.CALIENTE: _on_caliente, Verb.PASS: _on_pass, Verb.TAKE: _on_take,
    Verb.MELD: _on_meld, Verb.DISCARD: _on_discard, Verb.ASK: _on_ask, Verb.YES: _on_answer,
    Verb.NO: _on_answer,
}


def _meld(before: GameState, after: GameState, seat: int, rank: Card,
          cards: tuple[Card, ...]) -> k.MeldEvent:
    """The meld of ``cards`` of ``rank`` by ``seat``, read off the side's table before and
    after (its melds as counts: naturals, little wilds, big wilds)."""
    side = before.side_of(seat)
    # INIT-2 / INIT-4: what the meld counted toward the first-meld minimum (the turn's points
    # grew by it; the turn stays on the table when the meld ends the hand). A stop meld's
    # cards count too (INIT-2 counts every card melded that turn).
    points = after.turn.points - before.turn.points
    if rank is B3:
        return k.MeldEvent(seat=seat, side=side, rank=rank, cards=cards, new=True,
                           size=len(cards), natural=True, canasta=None, rules=("MELD-5",),
                           points=points)
    old, new = before.table.sides[side].melds[rank], after.table.sides[side].melds[rank]
    assert new is not None  # the meld just made
    # MELD-4: the meld is a canasta from the rules' canasta_size on; this one became one now
    size = after.rules.canasta_size
    completed = sum(new) >= size > (0 if old is None else sum(old))
    natural = new[1] + new[2] == 0
    rules: tuple[str, ...] = ("MELD-1",) if old is None else ("MELD-3",)
    if completed:
        rules += ("MELD-4",)
    canasta = ("natural" if natural else "mixed") if completed else None
    # (by position, in the order of MeldEvent's fields: the quick constructor cannot name a
    # parameter "new")
    return _meld_event(seat, rules, side, rank, cards, old is None, sum(new), natural, canasta,
                       points)


_END_RULES = {HandEnd.WENT_OUT: ("OUT-1", "SCORE-6"),
              HandEnd.BONUS_NOT_REPLACED: ("END-1", "END-4", "SCORE-6"),
              HandEnd.PASSED: ("END-2", "END-4", "SCORE-6"),
              HandEnd.LAST_CARD: ("END-3", "END-4", "SCORE-6")}


def _hand_end(out: list[Event], after: GameState) -> None:
    result = after.hand_results[-1]
    if result.ended is HandEnd.WENT_OUT:
        out.append(k.WentOutEvent(seat=result.went_out, concealed=result.concealed,
                                rules=("OUT-1", "OUT-3") if result.concealed else ("OUT-1",)))
    hands = tuple(after.hand(s) for s in range(after.rules.players))
    out.append(k.HandEndEvent(seat=result.went_out, hand_number=after.hand_number,
                            ended=result.ended, concealed=result.concealed, hands=hands,
                            breakdown=result.breakdown, scores=after.scores,
                            rules=_END_RULES[result.ended]))
    winner = after.winner
    if winner is not None:
        out.append(k.GameOverEvent(seat=None, winner=winner, scores=after.scores,
                                 rules=("GAME-1",)))


def _deal_read(after: GameState) -> tuple[Event, ...]:
    """The events of the deal that made ``after``: the deal, and the hand's end when the deal
    ended it."""
    out: list[Event] = [_dealt(after)]
    if after.over:
        _hand_end(out, after)
    return tuple(out)


def _dealt(after: GameState) -> k.DealEvent:
    players = after.rules.players
    return k.DealEvent(
        seat=after.dealer, hand_number=after.hand_number, first=after.active_seats[0],
        order=after.active_seats,
        hands=tuple(after.hand(s) for s in range(players)),
        hand_sizes=tuple(after.hand_size(s) for s in range(players)),
        pile=after.pile, laid_out=tuple(after.laid_out(i) for i in range(len(after.sides))),
        stock_size=after.stock_size, rules=("DEAL-1", "DEAL-2", "DEAL-3", "DEAL-4"))
