"""A game's history at a server: :class:`Match`, what every game server keeps beside the state.

A :class:`Match` holds a :class:`~canasta_caliente.GameRecord` with every state it has led to
and every action's events, and plays each action as a server must: from the seat to act (or
from the server itself: the deal between hands, a bot), sent for the game as it is now (its
:attr:`~Match.version`, never given twice, or its :attr:`~Match.turn`), and legal. It takes back the
asking seat's own last action when :func:`~canasta_caliente.take_back_refusal` allows it, and
numbers the events, so that each client is sent those since its last message
(:meth:`~Match.message`) and finds where to start again after a take-back
(:meth:`~Match.resume`). The way python-chess's ``Board`` keeps its move stack, and a
boardgame.io server its state id; the web table (:mod:`canasta_caliente.web`) is built on it.

>>> import canasta_caliente as cc
>>> match = cc.Match.start(cc.RuleSet.preset("caliente"), seed=7)
>>> match.turn, match.state.current_player
(0, 0)
>>> [e.kind.value for e in match.play("draw", seat=0, turn=0)]
['draw']
>>> match.play("discard 7", seat=1, turn=1)
Traceback (most recent call last):
...
canasta_caliente.errors.NotYourTurnError: not your turn: seat 0 is to act
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Sequence
from typing import Any

import attrs

from .._arguments import as_integer, check_rng
from ..actions import Action, parse_action
from ..engine import legal_actions
from ..errors import (
    ArgumentError,
    CanastaTypeError,
    IllegalActionError,
    NotYourTurnError,
    StaleError,
    TakeBackError,
    count_phrase,
    describe_value,
    short_repr,
)
from ..players.bots import Bot, bot_name, exit_answer, illegal_answer, read_answer
from ..players.rngs import decision_rng
from ..records.storage import GameRecord
from ..rules.ruleset import RuleSet
from ..state.game import GameState, check_seat
from ..views.view import observe
from .events import deal_events, replay_events, step
from .kinds import Event, MeldEvent, TakeBackEvent, check_names
from .messages import client_message
from .takeback import take_back_refusal
from .text import describe

__all__ = ["Checkpoint", "Match", "not_to_act"]

_COUNT = re.compile(r"0|[1-9][0-9]{0,17}")
"""The count of a version or a log mark as a match writes it (ASCII digits, no zero first):
any other text ("03", Arabic-Indic digits) is one the match never gave."""


def not_to_act(state: GameState, names: Sequence[str] | None = None) -> str:
    """Why a seat's action is refused when it is not to act: the game is over, the hand is
    over (the next action is the deal, which is the server's), or it is another seat's turn,
    naming the seat to act: "seat 2", or its name in ``names`` (one per seat, as for
    :meth:`Match.message`).

    >>> import canasta_caliente as cc
    >>> from canasta_caliente.play import not_to_act
    >>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    >>> not_to_act(state)
    'not your turn: seat 0 is to act'
    >>> not_to_act(state, names=["Ana", "Bo", "Cy", "Di"])
    'not your turn: Ana is to act'
    """
    if state.is_game_over:
        return "the game is over: no action can be played"
    player = state.current_player
    if player is None:
        # (a player who typed "deal" was told the next action is the deal: it is the table's)
        return "the hand is over: no seat acts until the table deals the next hand"
    checked = check_names(names, state.rules.players)
    who = f"seat {player}" if checked is None else checked[player]
    return f"not your turn: {who} is to act"


@attrs.frozen(repr=False)
class Checkpoint:
    """A :class:`Match`'s game at one moment (:meth:`Match.checkpoint`), for
    :meth:`Match.restore`: its states, events, record and take-backs. Immutable; only the
    match that made it restores it."""

    epoch: str
    """The :attr:`Match.epoch` of the match it is of."""
    states: tuple[GameState, ...]
    """Every state, the first one first."""
    log: tuple[tuple[Event, ...], ...]
    """Every action's events."""
    record: GameRecord
    """The record of the game."""
    reached: int
    """The match's :attr:`~Match.reached`."""
    changes: int
    """How many changes the match had made (its :attr:`~Match.version`'s count)."""
    events: tuple[Event, ...]
    """Every numbered event (:meth:`Match.events`), the take-backs' own
    (:class:`~canasta_caliente.TakeBackEvent`) among them. (No cuts: a restore keeps the
    match's own, which only go on, and adds its cut.)"""

    def __repr__(self) -> str:
        return f"<Checkpoint of match {self.epoch} at turn {len(self.record.actions)}>"


def _turn_number(turn: object) -> int:
    """A request's ``turn``, an integer (a :class:`TypeError` otherwise)."""
    number = as_integer(turn)
    if number is None:
        raise CanastaTypeError(f"turn must be an int (the number of actions played), not "
                               f"{describe_value(turn)}")
    return number


def _event_count(since: object) -> int:
    """A client's count of events (``since``): an integer (a :class:`TypeError` otherwise), at
    least 0 (an :class:`~canasta_caliente.ArgumentError` otherwise)."""
    number = as_integer(since)
    if number is None:
        raise CanastaTypeError(f"since must be an int (a count of events), not "
                               f"{describe_value(since)}")
    if number < 0:
        raise ArgumentError(f"since: a count of events, from 0, not {short_repr(number)}")
    return number


class Match:
    """A game as a server keeps it: the record, every state and every action's events, and
    what take-backs have cut (see :mod:`the module <canasta_caliente.play.match>`).

    ``Match(record)`` replays ``record`` (raising :class:`~canasta_caliente.ReplayError` for
    one that does not replay, :class:`TypeError` for anything but a
    :class:`~canasta_caliente.GameRecord`); :meth:`start` makes a new game's. A match is not
    thread-safe: a server changes it under its table's lock.

    The turn: :attr:`turn` counts the actions played, and a client's action (or take-back)
    carries the turn of the message it was chosen from. :meth:`check_turn` refuses another: a
    turn behind the game's, or one ahead of it that the game has reached before (an action
    taken back since: the client chose it before the take-back, and the same count now names
    another state), is :class:`~canasta_caliente.StaleError`; a turn ahead of any the game
    has reached, or negative, was never given (:class:`~canasta_caliente.ArgumentError`).
    Once the game reaches that count again, the turn names the new state and is good: a
    client still holding a message from before the take-back could then act on it (checked
    for the seat and the rules as every action is). :attr:`version` closes that gap: it names
    the game as it is, changes with every action and every take-back, and is never given
    twice; an action (or take-back) sent with the version of its message
    (``version=``) is played only on the game that message showed.

    The client-sync protocol: the events are numbered from 0 in the order they happened
    (:attr:`event_count`, :meth:`events`), the deal of the game's first hand first
    (:attr:`opening`: events 0 on, which no action made and no take-back cuts); a client
    keeps how many it has been sent and is sent those from there (:meth:`message`). A
    take-back cuts the events of the action it undoes, and its own event
    (:class:`~canasta_caliente.TakeBackEvent`: who took back what, public) takes the first
    cut number, the next action's following it: a client that had some of the cut events must
    drop them, and is sent the take-back's event as a new one. :meth:`log_mark` names the
    take-backs a message has seen; a client that reconnects gives back its count and the mark
    of its last message, and :meth:`resume` says how many of its events it may keep.

    The take-backs' events are the match's, like :attr:`opening` in no :attr:`log` entry (that
    is per action played), and a record holds no take-backs: ``Match(record)`` of a saved
    record (a server's restart) has none of them, its events those of the actions played
    alone, numbered anew (its :attr:`epoch`, another, makes every client start again from 0).

    >>> import canasta_caliente as cc
    >>> match = cc.Match.start(cc.RuleSet.preset("caliente"), seed=7)
    >>> [e.kind.value for e in match.events()]      # event 0: the first hand's deal
    ['deal']
    >>> _ = match.play("draw", seat=0, turn=0), match.play("meld 6 6 6", seat=0, turn=1)
    >>> match.event_count, match.can_take_back(0), match.can_take_back(1)
    (3, True, False)
    >>> match.take_back(seat=0, turn=2)
    Action('meld 6 6 6')
    >>> match.turn, match.event_count, match.cuts
    (1, 3, (2,))
    >>> match.events(2)[0].text(0, you=True)        # event 2 now: the take-back's own
    'You take back: meld three sixes.'
    >>> match.play("discard 7", seat=0, turn=2)
    Traceback (most recent call last):
    ...
    canasta_caliente.errors.StaleError: stale: action 2 was taken back (the game is at action 1)
    """

    def __init__(self, record: GameRecord) -> None:
        if not isinstance(record, GameRecord):
            hint = (": a new game's match is Match.start(rules, seed=...)"
                    if isinstance(record, RuleSet) else "")
            raise CanastaTypeError(f"Match: expected a GameRecord, not "
                                   f"{describe_value(record)}{hint}")
        states, log = replay_events(record)
        self._record = record
        self._states: list[GameState] = list(states)
        self._log: list[tuple[Event, ...]] = list(log)
        # (a record starts at a game's first state, which the deal made: its events are 0 on)
        self._opening = deal_events(states[0])
        self._events: list[Event] = [*self._opening, *(e for happened in log for e in happened)]
        self._cuts: list[int] = []
        self._reached = len(record.actions)
        self._epoch = secrets.token_urlsafe(6)
        self._changes = 0  # (the version's count: the change the game now is)
        self._issued = 0  # (the last count given: a count is given once, restore or not)

    # A copy of a match (pickled and loaded, copy.copy, copy.deepcopy) is another match, as
    # Match(record) is: its own lists, and a new epoch, so that no version it gives was given
    # by the match it was copied from (a server reloading a snapshot would otherwise accept
    # an action chosen for the game the snapshot's original went on to).

    def __getstate__(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, list) else v for k, v in self.__dict__.items()}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._epoch = secrets.token_urlsafe(6)

    @classmethod
    def start(cls, rules: RuleSet, *, seed: int | None = None,
              players: Sequence[str] | None = None) -> Match:
        """A new game's match, its first hand dealt: the record of
        :meth:`GameRecord.start <canasta_caliente.GameRecord.start>` (a seed drawn from 2**63
        when none is given, as it draws one), raising what it raises.

        >>> import canasta_caliente as cc
        >>> cc.Match.start(cc.RuleSet.preset("caliente"), seed=1).turn
        0
        """
        return cls(GameRecord.start(rules, seed=seed, players=players))

    def __repr__(self) -> str:
        return (f"<Match of {self._record.rules.players} seats at turn {self.turn}, "
                f"{count_phrase(self.event_count, 'event')}>")

    # -- the game ------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The game now."""
        return self._states[-1]

    @property
    def record(self) -> GameRecord:
        """The record of the game now: its actions are the ones played, not taken back."""
        return self._record

    @property
    def turn(self) -> int:
        """How many actions have been played: the number a client's action must carry."""
        return len(self._record.actions)

    @property
    def reached(self) -> int:
        """The most actions the game has had since the match was made: a turn ahead of the
        game but not of this is of an action taken back since (stale); one beyond it, no
        message gave (see :meth:`check_turn`)."""
        return self._reached

    @property
    def states(self) -> tuple[GameState, ...]:
        """Every state of the game, the first one first (``states[turn]`` is :attr:`state`)."""
        return tuple(self._states)

    @property
    def log(self) -> tuple[tuple[Event, ...], ...]:
        """The events of each action played, in order (``log[i]``: those of the record's
        action ``i``); the first hand's deal, which no action made, is :attr:`opening`."""
        return tuple(self._log)

    @property
    def opening(self) -> tuple[Event, ...]:
        """The events of the deal of the game's first hand (:func:`~canasta_caliente.deal_events`
        of ``states[0]``): a :class:`~canasta_caliente.DealEvent` (and the hand's end, when the
        deal ended it). No action made them, so they are in no :attr:`log` entry: they are the
        match's first events, numbered from 0, and no take-back cuts them (the events of
        ``log[i]`` follow them in :meth:`events`).

        >>> import canasta_caliente as cc
        >>> match = cc.Match.start(cc.RuleSet.preset("caliente"), seed=7)
        >>> match.opening == match.events() == cc.deal_events(match.states[0])
        True
        """
        return self._opening

    def check_turn(self, turn: int) -> None:
        """Refuse a request's ``turn`` that is not the action number now:
        :class:`~canasta_caliente.StaleError` when the game has moved on since the client's
        message (the turn is behind it, or is of an action taken back since),
        :class:`~canasta_caliente.ArgumentError` when it is negative or ahead of any turn the
        game has reached (no message gave it), :class:`TypeError` when not an integer.

        >>> import canasta_caliente as cc
        >>> match = cc.Match.start(cc.RuleSet.preset("caliente"), seed=7)
        >>> match.check_turn(0)
        >>> match.check_turn(3)
        Traceback (most recent call last):
        ...
        canasta_caliente.errors.ArgumentError: turn: action 3 is ahead of the game, ...
        """
        number, now = _turn_number(turn), self.turn
        if number < 0:
            raise ArgumentError(f"turn: {short_repr(number)} is not an action number (the "
                                f"number of actions played, from 0; the game is at action "
                                f"{now})")
        if number > self._reached:
            raise ArgumentError(f"turn: action {short_repr(number)} is ahead of the game, "
                                f"which is at action {now}: send the turn of the last update")
        if number > now:
            raise StaleError(f"stale: action {number} was taken back (the game is at action "
                             f"{now})")
        if number < now:
            raise StaleError(f"stale: the game moved on before this arrived (another move "
                             f"came first: action {now}, not {number})")

    @property
    def version(self) -> str:
        """The game as it is now, named: ``"<epoch>.<count of changes>"``, every action and
        every take-back a change. Unlike :attr:`turn`, never given twice, even after a
        take-back, nor by another match (a server that makes its matches again from their
        records after a restart has new epochs): send it with each message, and a client's
        action (or take-back) sent with it (``version=``) is played on the game that message
        showed, or refused (:meth:`check_version`). Opaque to a client, which gives it back
        as it was sent.

        >>> import canasta_caliente as cc
        >>> match = cc.Match.start(cc.RuleSet.preset("caliente"), seed=7)
        >>> _ = match.play("draw"), match.play("meld 6 6 6")
        >>> seen = match.version            # a client is sent the meld with this version
        >>> _ = match.take_back(seat=0)
        >>> _ = match.play("meld 6 6 6")    # the same turn again, another version
        >>> match.turn, match.version == seen
        (2, False)
        >>> match.play("discard 7", seat=0, version=seen)
        Traceback (most recent call last):
        ...
        canasta_caliente.errors.StaleError: stale: the game has changed since the message ...
        """
        return f"{self._epoch}.{self._changes}"

    def check_version(self, version: str) -> None:
        """Refuse a request's ``version`` that is not :attr:`version`: a
        :class:`~canasta_caliente.StaleError` (the game has changed since the message that
        gave it, or it was never this match's); :class:`TypeError` when not a string."""
        if not isinstance(version, str):
            raise CanastaTypeError(f"version must be a match's version (a str, as sent), not "
                                   f"{describe_value(version)}")
        if version != self.version:
            epoch, _, count = version.partition(".")
            # (any count up to the last given may have been: a restore lowers the count)
            if (epoch != self._epoch or not _COUNT.fullmatch(count)
                    or int(count) > self._issued):
                raise StaleError(f"stale: this match never gave the version {short_repr(version)}"
                                 " (another match's, from before the server restarted, or "
                                 "made up)")
            raise StaleError("stale: the game has changed since the message of that version "
                             "(an action played or taken back)")

    def play(self, action: Action | str, *, seat: int | None = None,
             turn: int | None = None, version: str | None = None) -> tuple[Event, ...]:
        """Play ``action`` (an :class:`~canasta_caliente.Action` or its notation) and return
        its events. Nothing changes when it is refused; first the types (a wrong one is a
        :class:`TypeError`, a seat the table does not have an
        :class:`~canasta_caliente.ArgumentError`), then the checks, in order:

        - ``turn``, when given, must be :attr:`turn` (:meth:`check_turn`), and ``version``,
          when given, :attr:`version` (:meth:`check_version`); ``None`` checks nothing, so a
          server passes a client's version only as a string (JSON's ``null`` is ``None``);
        - the notation must be an action's (:class:`~canasta_caliente.NotationError`);
        - ``seat``, when given, must be the seat to act
          (:class:`~canasta_caliente.NotYourTurnError`, saying why: :func:`not_to_act`, by
          the record's player names if it has them);
          ``None`` is the server acting itself, unchecked: the deal between hands, a bot
          (not a spectator, whom :meth:`message` calls ``None``: refuse a spectator's
          request before it comes here);
        - the action must be legal (:class:`~canasta_caliente.IllegalActionError`, its
          :attr:`~canasta_caliente.IllegalActionError.reason` the rules').
        """
        if not isinstance(action, (Action, str)):
            raise CanastaTypeError(f"action must be an Action or its notation, not "
                                   f"{describe_value(action)}")
        state = self.state
        if seat is not None:
            seat = check_seat(state.rules, seat)
        if turn is not None:
            self.check_turn(turn)
        if version is not None:
            self.check_version(version)
        if isinstance(action, str):
            action = parse_action(action)
        if seat is not None and state.current_player != seat:
            raise NotYourTurnError(not_to_act(state, self._record.players),
                                   state.current_player)
        after, happened = step(state, action)  # (an illegal action: apply's error)
        self._log.append(happened)
        self._events.extend(happened)
        self._states.append(after)
        self._record = self._record.extend(action)
        self._reached = max(self._reached, self.turn)
        self._changed()
        return happened

    def play_bot(self, bot: Bot, *, rng: random.Random | None = None,
                 ) -> tuple[Action, tuple[Event, ...]]:
        """Ask ``bot`` for the move of the seat to act, play it, and return it with its
        events: the bot is given that seat's view and the legal actions, as
        :func:`~canasta_caliente.play_game` gives them, and its answer (an
        :class:`~canasta_caliente.Action` or its notation) is played for the seat as
        :meth:`play` plays one.

        ``rng`` is the bot's random source. By default it is a new :class:`random.Random`
        seeded with :func:`~canasta_caliente.bots_seed` of the game's seed, the actions played
        and the seat: no bot can learn the game's seed from it, and a move is the same whenever
        it is asked for, in a game resumed from its record or after a take-back.

        Between hands no seat acts (the table deals: ``play("deal")``) and after the game
        nothing does: an :class:`~canasta_caliente.ArgumentError`. A bot that is not callable,
        or an ``rng`` that is not a :class:`random.Random`, is a :class:`TypeError`; an answer
        that is not an action a :class:`TypeError` or a
        :class:`~canasta_caliente.NotationError`, and an illegal one an
        :class:`~canasta_caliente.IllegalActionError`, each naming the bot and its seat; an
        error the bot raises is raised as it is. Nothing changes unless the move is played.

        It thinks in the caller's thread: a server that must stay responsive while a bot
        thinks asks the bot elsewhere and plays its answer with :meth:`play`, passing the
        :attr:`version` the bot was asked at (the game guide shows how).

        >>> import canasta_caliente as cc
        >>> match = cc.Match.start(cc.RuleSet.preset("caliente-2p"), seed=3)
        >>> action, events = match.play_bot(cc.get_bot("level-3"))
        >>> action, len(events), events[-1].text()
        (Action('take 8 8'), 2, 'Seat 0 melds three eights.')
        """
        if not callable(bot):
            raise CanastaTypeError(f"bot must be a bot, a callable (view, legal, rng) -> Action, "
                                   f"not {describe_value(bot)}")
        state = self.state
        seat = state.current_player
        if seat is None:
            raise ArgumentError("play_bot: no seat is to act: " + (
                "the game is over" if state.is_game_over else
                "the hand is over, and the table deals the next (play('deal'))"))
        if rng is None:
            rng = decision_rng(self._record.seed, self.turn, seat)
        else:
            check_rng("rng", rng)
        who = f"the bot {bot_name(bot)!r} at seat {seat}"
        try:
            answer: object = bot(observe(state, seat), legal_actions(state), rng)
        except SystemExit as exc:  # (it would end the whole program, unsaid)
            raise exit_answer(who, exc) from None
        action = answer if type(answer) is Action else read_answer(answer, who)
        try:
            return action, self.play(action, seat=seat)
        except IllegalActionError as exc:
            raise illegal_answer(who, exc) from exc

    # -- take-backs ----------------------------------------------------------------------

    def take_back_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back the last action, or ``None`` when it may: only its
        own, and only when :func:`~canasta_caliente.take_back_refusal` allows it (undoing it
        reveals nothing). :class:`TypeError` or :class:`~canasta_caliente.ArgumentError` for a
        seat that is not the table's."""
        refused = self._take_back_refused(seat)
        return None if refused is None else refused[0]

    def _take_back_refused(self, seat: int) -> tuple[str, str | None] | None:
        """:meth:`take_back_refusal`'s reason, and beside it the action's own
        (:func:`~canasta_caliente.take_back_refusal`'s, in words for any reader) where the
        refusal is of the action itself, not of whose it is (``None`` there)."""
        seat = check_seat(self.state.rules, seat)
        if len(self._states) < 2:
            return "take-back: no action has been played", None
        before = self._states[-2]
        if before.current_player != seat:
            # (the seat that acted by name, when the match has them, as the words name them;
            # said to the seat that asked: "not yours")
            names, actor = check_names(self._record.players), before.current_player
            who = ("the deal" if actor is None else
                   f"seat {actor}'s" if names is None else f"{names[actor]}'s")
            return (f"take-back: the last action is {who}, not yours: a seat takes back only "
                    "its own last action, before the next seat acts"), None
        reason = take_back_refusal(before, self.state)
        return None if reason is None else (f"take-back: {reason}", reason)

    def can_take_back(self, seat: int) -> bool:
        """Whether ``seat`` may take back the last action (:meth:`take_back_refusal`)."""
        return self.take_back_refusal(seat) is None

    def take_back(self, seat: int, *, turn: int | None = None,
                  version: str | None = None) -> Action:
        """Undo the last action for ``seat``, and return it. ``turn`` and ``version``, when
        given, must be :attr:`turn` and :attr:`version` (:meth:`check_turn`,
        :meth:`check_version`); :class:`~canasta_caliente.TakeBackError` says why
        the seat may not (:meth:`take_back_refusal`). The game is then exactly as before the
        action; its events are cut from the numbered events (:attr:`cuts`), and a
        :class:`~canasta_caliente.TakeBackEvent` of ``seat`` and the action takes the first
        cut number. (Take-backs' events that followed the action's, of actions played after
        it and taken back before it, are cut with them and come again, renumbered, before the
        new one.)"""
        seat = check_seat(self.state.rules, seat)
        if turn is not None:
            self.check_turn(turn)
        if version is not None:
            self.check_version(version)
        refused = self._take_back_refused(seat)
        if refused is not None:
            raise TakeBackError(*refused)
        self._states.pop()
        happened = self._log.pop()
        # The action's events, and after them only the take-backs of the actions played after
        # it (taken back before it): those are cut too, and come again after the cut.
        events = self._events
        later = len(events)
        while later > len(self._opening) and isinstance(events[later - 1], TakeBackEvent):
            later -= 1
        kept = events[later:]
        del events[later - len(happened):]
        self._cuts.append(len(events))
        record = self._record
        action = parse_action(record.actions[-1])
        # (in the words the action's events used: "add an ace to the aces", not "meld an ace")
        meld = next((e for e in happened if isinstance(e, MeldEvent)), None)
        described = meld.deed() if meld is not None else describe(action, record.rules)
        events += [*kept, TakeBackEvent(seat=seat, rules=(), action=str(action),
                                        described=described)]
        self._record = attrs.evolve(record, actions=record.actions[:-1])
        self._changed()
        return action

    def _changed(self) -> None:
        """An action or a take-back: the game is another, named by a count never given
        before (:attr:`version`), even after a :meth:`restore` took the count back."""
        self._issued += 1
        self._changes = self._issued

    # -- the events and the messages -----------------------------------------------------

    @property
    def event_count(self) -> int:
        """How many events have happened (the events of the actions taken back not counting,
        each take-back's own counting one): the number of the next."""
        return len(self._events)

    def events(self, since: int = 0) -> tuple[Event, ...]:
        """The events from number ``since`` on (none when ``since`` is :attr:`event_count`
        or beyond it: a count from before a take-back, which :meth:`resume` corrects);
        :class:`~canasta_caliente.ArgumentError` for a negative one."""
        number = _event_count(since)
        return tuple(self._events[number:])

    def message(self, seat: int | None, since: int = 0, *, names: Sequence[str] | None = None,
                you: bool = False) -> dict[str, Any]:
        """The message for ``seat`` (``None``: a spectator):
        :func:`~canasta_caliente.client_message` of :attr:`state` with the events from number
        ``since`` on (:meth:`events`), ``names`` and ``you`` as it takes them, raising what
        it raises. ``names`` are the record's players by default, if it names them
        (``Match.start(rules, players=[...])``). Send :attr:`version` (or :attr:`turn`: what
        an action must carry), :attr:`event_count` (the client's next ``since``) and
        :meth:`log_mark` with it.

        >>> import canasta_caliente as cc
        >>> match = cc.Match.start(cc.RuleSet.preset("caliente"), seed=7)
        >>> _ = match.play("draw", seat=0)
        >>> [e["text"] for e in match.message(1)["events"]]     # event 0 on: the deal first
        ['Seat 3 deals hand 1: seat 0 plays first; the up card is a ...', 'Seat 0 draws 1 card.']
        >>> [e["text"] for e in match.message(1, 1)["events"]]  # the events after the first
        ['Seat 0 draws 1 card.']
        """
        if names is None:  # (the players named at the start: Match.start(players=...))
            names = self._record.players
        return client_message(self.state, seat, self.events(since), names=names, you=you)

    @property
    def cuts(self) -> tuple[int, ...]:
        """How many events were left after each take-back since the match was made, in order:
        each the number its :class:`~canasta_caliente.TakeBackEvent` was given, but where
        earlier take-backs' events came again before it; and after each :meth:`restore`, the
        events it kept of those before it (see :meth:`resume`)."""
        return tuple(self._cuts)

    @property
    def epoch(self) -> str:
        """Names this match in :meth:`log_mark` and :attr:`version`: random, another for each
        match made (a server that makes its matches again from their records after a restart
        has new ones) and for each copy (pickled, or :mod:`copy`'s): a copy is another match,
        which no version or mark of the original's fits, and no :class:`Checkpoint` of it."""
        return self._epoch

    def log_mark(self) -> str:
        """Which take-backs (and restores) the events sent with a message now have seen:
        ``"<epoch>.<count of cuts>"``. A client gives back the last one it had when it asks for the
        events after its own (:meth:`resume`)."""
        return f"{self._epoch}.{len(self._cuts)}"

    def resume(self, since: int, mark: str | None) -> int:
        """The number of events a client that has ``since`` of them may keep: ``since``, or
        fewer when an action whose events it was sent has been taken back since (its events
        were replaced: the client is sent the match's from there). ``mark`` is the
        :meth:`log_mark` of the last message the client had; ``None`` (no message had, or
        none kept), one of another match (a restart since: the match made of a record knows
        of no take-back before it) or not a mark keeps nothing, and every event is sent again.
        Never more than :attr:`event_count` (a count no message gave).

        >>> import canasta_caliente as cc
        >>> match = cc.Match.start(cc.RuleSet.preset("caliente"), seed=7)
        >>> _ = match.play("draw"), match.play("meld 6 6 6")
        >>> mark = match.log_mark()       # a client is sent the 3 events (the deal's), this mark
        >>> _ = match.take_back(seat=0)
        >>> match.resume(3, mark), match.resume(2, match.log_mark()), match.resume(3, "x.0")
        (2, 2, 0)
        """
        number = _event_count(since)
        if mark is not None and not isinstance(mark, str):
            raise CanastaTypeError(f"mark must be a log mark (a str) or None, not "
                                   f"{describe_value(mark)}")
        if mark is None:
            return 0
        epoch, _, count = mark.partition(".")
        if (epoch != self._epoch or not _COUNT.fullmatch(count)
                or int(count) > len(self._cuts)):
            return 0
        cuts = self._cuts[int(count):]
        return min([number, len(self._events), *cuts])  # (never more than there are)

    # -- checkpoints ---------------------------------------------------------------------

    def checkpoint(self) -> Checkpoint:
        """The game now, for :meth:`restore` (the states are immutable: the lists that hold
        them are the whole game): a server that must undo a change it could not save (a
        write that failed) restores the checkpoint it took before."""
        return Checkpoint(self._epoch, tuple(self._states), tuple(self._log), self._record,
                          self._reached, self._changes, tuple(self._events))

    def restore(self, checkpoint: Checkpoint) -> None:
        """Put the game back as it was at ``checkpoint``, one of this match's
        (:meth:`checkpoint`): an action played since is not, a take-back is undone.
        :class:`TypeError` for anything but a :class:`Checkpoint`,
        :class:`~canasta_caliente.ArgumentError` for another match's.

        The game is then the checkpoint's, and so is :attr:`version` (a client sent the game
        as it was then may act on it again); but what was given since is never given again:
        the next change's version is a new one, and the events that differ from those sent
        since count as cut (:attr:`cuts`, :meth:`resume`), so that a client sent them drops
        them, whatever mark it holds.

        >>> import canasta_caliente as cc
        >>> match = cc.Match.start(cc.RuleSet.preset("caliente"), seed=7)
        >>> _ = match.play("draw"), match.play("meld 6 6 6")
        >>> saved, before = match.checkpoint(), match.version
        >>> _ = match.play("meld A A 2")
        >>> sent, mark = match.version, match.log_mark()   # a client is sent the meld
        >>> match.restore(saved)
        >>> match.version == before, match.resume(4, mark)  # its meld's event: dropped
        (True, 3)
        >>> _ = match.take_back(seat=0)
        >>> match.version == sent                          # never given twice
        False
        """
        if not isinstance(checkpoint, Checkpoint):
            raise CanastaTypeError("restore: expected a Checkpoint, not "
                                   f"{describe_value(checkpoint)}")
        if checkpoint.epoch != self._epoch:
            raise ArgumentError("restore: a checkpoint of another match (this one's epoch is "
                                f"{self._epoch!r}, the checkpoint's {checkpoint.epoch!r})")
        self._states, self._log = list(checkpoint.states), list(checkpoint.log)
        events = self._events
        self._events = list(checkpoint.events)
        # The events sent since that are not the checkpoint's are cut: a cut where the two
        # lists part (the cuts and the marks, like the versions, only ever go on).
        shorter = min(len(events), len(self._events))
        kept = next((i for i in range(shorter) if events[i] != self._events[i]), shorter)
        self._cuts.append(kept)
        self._record = checkpoint.record
        self._reached = max(self._reached, checkpoint.reached)
        self._changes = checkpoint.changes
