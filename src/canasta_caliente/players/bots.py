"""Bots: players that choose an action from what their seat can see.

A bot is any callable ``bot(view, legal, rng) -> Action`` that receives the seat's
:class:`~canasta_caliente.views.View`, the legal actions (never empty) and a
:class:`random.Random`, and returns one of the legal actions. Plug in your own; the built-in
ones are :func:`random_bot` and :func:`heuristic_bot`, also reachable by name through
:data:`BOTS` and :func:`get_bot`.

>>> import random
>>> import canasta_caliente as cc
>>> from canasta_caliente.players.bots import heuristic_bot
>>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=2)
>>> seat = state.current_player
>>> action = heuristic_bot(cc.observe(state, seat), cc.legal_actions(state), random.Random(0))
>>> action in cc.legal_actions(state)
True
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeAlias

from .._arguments import check_options, check_rng, refuse_options
from ..actions import Action, Verb, parse_action
from ..cards import B3, CAL, WILDS, Card, cards_from_counts
from ..errors import (
    ArgumentError,
    CanastaTypeError,
    IllegalActionError,
    NotationError,
    describe_value,
    short_repr,
)
from ..rules.facts import facts_of
from ..rules.ruleset import RuleSet
from ..state.game import (
    GameState,
    Phase,
    Question,
    SideTable,
    Turn,
    check_seat,
    check_state,
)
from ..views.view import View, observe

__all__ = ["BOTS", "BOT_FACTORIES", "Bot", "bot_action", "bot_name", "bot_names",
           "check_bot_call", "check_legal_items", "check_to_act", "exit_answer", "get_bot",
           "heuristic_bot", "illegal_answer", "near_bot", "random_bot", "read_answer"]

Bot: TypeAlias = Callable[[View, Sequence[Action], random.Random], Action | str]
"""The bot interface: ``bot(view, legal_actions, rng) -> action``, one of the legal actions
given, or its notation (``"discard 9"``), as :func:`read_answer` reads it. The built-in bots
answer an :class:`~canasta_caliente.Action`."""


QUICK_LEGAL_TYPES = (tuple, list)
"""The types of ``legal`` a built-in bot's quick check of its call lets through (the engine's
legal actions are a tuple): any other, a text or a generator among them, goes to
:func:`check_bot_call`, which lets any other sequence through and refuses the rest."""


def random_bot(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    """Chooses uniformly at random among the legal actions. Its call is checked as
    :func:`check_bot_call` says (the view must be the seat to act's)."""
    if type(legal) not in QUICK_LEGAL_TYPES or not legal or (
            not isinstance(rng, random.Random) or not isinstance(view, View)) or (
            view.over or view.turn.player != view.seat):
        check_bot_call(view, legal, rng)
    choice = _random_choice(legal, rng)
    if type(choice) is not Action:
        check_legal_items(legal)
    return choice


def check_bot_call(view: object, legal: object, rng: object) -> None:
    """The checks of a bot's call ``bot(view, legal, rng)``, the one home of them for the
    built-in bots: a :class:`TypeError` if ``view`` is not a
    :class:`~canasta_caliente.views.View` (a :class:`~canasta_caliente.GameState` is named:
    a bot sees its seat's view, ``observe(state, seat)``), ``legal`` not a sequence or ``rng``
    not a :class:`random.Random`, or an item of ``legal`` not an
    :class:`~canasta_caliente.Action` (a notation among them: the bots do not parse ``legal``);
    an :class:`~canasta_caliente.ArgumentError` if ``legal`` is
    empty (a bot chooses among the legal actions of the seat to act: there are some whenever
    a seat acts); and an :class:`~canasta_caliente.ArgumentError` if the view is not the
    seat to act's (:func:`check_to_act`: ``legal`` is then not its seat's, or there is no
    seat to act). The bots ask it only when a cheap inline test fails (``legal`` a tuple or a
    list and not empty, ``rng`` and ``view`` of their types, ``view.current_player ==
    view.seat``), so a valid call pays a few comparisons; the items of ``legal`` they check as
    they read them (:func:`check_legal_items`). Whether ``legal`` is this view's, not a list
    kept from another position, is not checked: that would cost the legal actions again."""
    if not isinstance(view, View):
        hint = (": a bot sees its seat's view, observe(state, seat), not the whole state"
                if isinstance(view, GameState) else "")
        raise CanastaTypeError(f"view must be a View (observe(state, seat)), not "
                               f"{describe_value(view)}{hint}")
    _check_legal_and_rng(legal, rng)
    check_to_act(view, "view")


def check_to_act(view: View, who: str) -> None:
    """Refuses a ``view`` whose seat is not the one to act, with an
    :class:`~canasta_caliente.ArgumentError` that ``who`` begins (the parameter, or the
    function: ``"analyse"``): the view is seat X's but seat Y is to act (so the legal actions
    given with it are not this seat's), or no seat is (between hands, or after the game). The
    one home of this refusal for every built-in bot (through :func:`check_bot_call`), the
    search and :func:`~canasta_caliente.analyse`.

    >>> import canasta_caliente as cc
    >>> from canasta_caliente.players.bots import check_to_act
    >>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=2)
    >>> check_to_act(cc.observe(state, state.current_player), "view")  # its turn: no error
    >>> try:
    ...     check_to_act(cc.observe(state, (state.current_player + 1) % 4), "view")
    ... except cc.ArgumentError as exc:
    ...     print(str(exc).split(";")[0])
    view: this is seat 1's view, but seat 0 is to act, so the legal actions are not this seat's
    """
    acting = view.current_player
    if acting == view.seat:
        return
    why = ("so there is nothing to choose" if acting is None
           else "so the legal actions are not this seat's")
    raise ArgumentError(f"{who}: this is seat {view.seat}'s view, but {who_acts(acting)}, "
                        f"{why}; a bot (or a hint) chooses only for the seat to act")


def _check_legal_and_rng(legal: object, rng: object) -> None:
    """The part of :func:`check_bot_call` that :func:`bot_action` shares: ``legal`` a
    non-empty sequence of :class:`~canasta_caliente.Action`, ``rng`` a
    :class:`random.Random`."""
    if isinstance(legal, str) or not isinstance(legal, Sequence):
        raise CanastaTypeError(f"legal must be a sequence of actions (legal_actions(state)), not "
                               f"{describe_value(legal)}")
    if not legal:
        raise ArgumentError("legal is empty: a bot chooses among the legal actions of the seat "
                            "to act (legal_actions(state)), and there are some whenever a seat "
                            "acts")
    check_legal_items(legal)
    check_rng("rng", rng)


def check_legal_items(legal: Sequence[object]) -> None:
    """Refuses an item of ``legal`` that is not an :class:`~canasta_caliente.Action` (a
    :class:`TypeError`), naming the first: a list of notations, say, which a bot would fail to
    read deep inside, or answer as it is. :func:`check_bot_call` asks it; the built-in bots'
    quick test of their call does not read the items (a pass over them cost a heuristic
    decision 4% of its instructions, ``benchmarks/bench_bots.py``), so :func:`random_bot`,
    :func:`heuristic_bot` and :func:`bot_action` ask it once reading one failed or their
    answer is not an Action, and a list whose items they did not read may hold anything."""
    for index, action in enumerate(legal):
        if not isinstance(action, Action):
            hint = (" (a notation: parse it with parse_action)"
                    if isinstance(action, str) else "")
            raise CanastaTypeError(f"legal[{index}] is {describe_value(action)}, not an Action: "
                                   "legal holds the legal actions of the seat to act, as "
                                   f"legal_actions(state) gives them{hint}")


def bot_name(bot: object) -> str:
    """A bot's name in the results, the same in every process and every session (a worker
    names the copy of the bot it was sent): the name given, else the bot's ``name`` attribute
    (a text), else its ``__name__`` (a function's), else its ``repr`` if its class
    defines its own and it shows no memory address, else its class's module-qualified name
    (``mybots.Smart``; the class's name alone for a class of ``__main__``, or of the
    ``__mp_main__`` a worker started by ``spawn`` runs the same script as). The built-in
    :func:`random_bot` and :func:`heuristic_bot` are ``"random"`` and ``"heuristic"`` however
    they are reached (:func:`get_bot` returns them, ``"level-3"`` the heuristic): they are
    shared by the whole process, so a ``name`` set on one is not read (wrap it in a function
    of your own to name it otherwise).

    >>> from canasta_caliente.players.bots import bot_name
    >>> class Smart:
    ...     def __call__(self, view, legal, rng):
    ...         return legal[0]
    >>> named = Smart()
    >>> named.name = "smart"
    >>> bot_name("heuristic"), bot_name(named), bot_name(Smart()).endswith("Smart")
    ('heuristic', 'smart', True)
    >>> from canasta_caliente import get_bot
    >>> bot_name(get_bot("heuristic")), bot_name(get_bot("level-1"))
    ('heuristic', 'random')
    """
    if isinstance(bot, str):
        return bot
    if bot is random_bot or bot is heuristic_bot:
        # (the package's own functions, one per process: named as BOTS first names them,
        # however they were reached, and whatever a caller set on them)
        return next(name for name, known in BOTS.items() if known is bot)
    for attribute in ("name", "__name__"):
        name = getattr(bot, attribute, None)
        if isinstance(name, str) and name:
            return name
    cls = type(bot)
    if getattr(cls, "__repr__", None) is not object.__repr__:
        text = repr(bot)
        if " at 0x" not in text:  # functools.partial shows its function's address
            return text
    # (A worker started by spawn or forkserver runs the parent's script as __mp_main__: the
    # same class, which must keep its name there.)
    if cls.__module__ in ("__main__", "__mp_main__", "builtins"):
        return cls.__qualname__
    return f"{cls.__module__}.{cls.__qualname__}"


def read_answer(answer: object, who: str) -> Action:
    """The action a bot answered with (``who`` names the bot in a refusal), if not an
    :class:`Action`: an action in notation, as :func:`~canasta_caliente.apply` accepts it.
    Anything else (a bot that forgot to ``return`` answers ``None``) is a :class:`TypeError`
    naming the bot, as text that is not an action is a
    :class:`~canasta_caliente.NotationError`. The one reader of a bot's answer, for a game's
    bots (:func:`~canasta_caliente.play_game`) and a search's rollout bot alike; a caller
    asks it only when the answer's type is not :class:`Action`."""
    if isinstance(answer, Action):
        return answer
    if isinstance(answer, str):
        try:
            return parse_action(answer)
        except NotationError as exc:
            raise NotationError(f"{who} answered {exc}") from exc
    what = "None" if answer is None else describe_value(answer)
    raise CanastaTypeError(f"{who} answered {what}: a bot returns "
                           "one of the legal actions it is given (an Action, or its notation)")


def illegal_answer(who: str, exc: IllegalActionError) -> IllegalActionError:
    """The refusal of a bot's illegal answer, naming the bot (``who``) before the engine's
    reason ``exc``: what a game's driver (:func:`~canasta_caliente.play_game`,
    ``canasta-caliente play``) raises or says."""
    return IllegalActionError(f"{who} played an illegal action: {exc}")


def exit_answer(who: str, exc: SystemExit) -> RuntimeError:
    """A bot's ``sys.exit()`` (``exc``) as the error it is, naming the bot (``who``): it
    would end the whole program (a study, a game at the table), without a word for
    ``sys.exit()``."""
    return RuntimeError(f"{who} called sys.exit({exc.code!r}): a bot answers with one of the "
                        "legal actions, and may not end the program")


def _random_choice(legal: Sequence[Action], rng: random.Random) -> Action:
    """:func:`random_bot`'s choice, which reads no view."""
    return legal[rng.randrange(len(legal))]


def bot_action(bot: Bot, state: GameState, seat: int, legal: Sequence[Action],
               rng: random.Random) -> Action:
    """``bot(observe(state, seat), legal, rng)``: what ``bot`` plays for ``seat`` (the seat to
    act in ``state``, ``legal`` its legal actions), without building the view for
    :func:`random_bot`, which does not read it (a view costs about as much as an engine
    decision; the random bots of the RL environments play most of their moves), and giving
    :func:`heuristic_bot` only the fields of the view it reads (the search's rollouts ask it
    through here). The choice and the use of ``rng`` are the same either way.

    >>> import random
    >>> import canasta_caliente as cc
    >>> from canasta_caliente.players.bots import bot_action, random_bot
    >>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=2)
    >>> legal, seat = cc.legal_actions(state), state.current_player
    >>> bot_action(random_bot, state, seat, legal, random.Random(5)) == random_bot(
    ...     cc.observe(state, seat), legal, random.Random(5))
    True

    ``seat`` (an integer, a NumPy one too) must be the seat to act in ``state`` (an
    :class:`~canasta_caliente.ArgumentError` names both: a bot chooses for the seat to act,
    and the others' legal actions are not ``legal``), ``legal`` a non-empty sequence and
    ``rng`` a :class:`random.Random`; the types are checked as :func:`check_bot_call` checks
    them, and ``bot`` must be callable (a :class:`TypeError` otherwise). The search's
    rollouts, which build all of these themselves, skip the checks.
    """
    if type(state) is not GameState or type(seat) is not int or (
            seat != state.current_player) or not legal or not isinstance(rng, random.Random):
        seat = _check_bot_action(state, seat, legal, rng)
    if bot is not random_bot and bot is not heuristic_bot and not callable(bot):
        raise CanastaTypeError(f"bot must be a bot, a callable (view, legal, rng) -> Action, not "
                               f"{describe_value(bot)}")
    try:
        answer = play_bot(bot, state, seat, legal, rng)
    except AttributeError:
        check_legal_items(legal)  # (random_bot and heuristic_bot's items: as they check them)
        raise
    if type(answer) is not Action:
        check_legal_items(legal)
    return answer


def _check_bot_action(state: object, seat: object, legal: object, rng: object) -> int:
    """The checks of :func:`bot_action`, asked only when its inline test fails: the seat, a
    plain ``int`` (:func:`~canasta_caliente.state.game.check_seat`)."""
    check_state(state)
    assert isinstance(state, GameState)  # check_state raised otherwise
    seat = check_seat(state.rules, seat)
    acting = state.current_player
    if seat != acting:
        raise ArgumentError(f"seat: seat {seat} is not the seat to act in this state: "
                            f"{who_acts(acting)}; a bot chooses only for the seat to act")
    _check_legal_and_rng(legal, rng)
    return seat


def who_acts(acting: int | None) -> str:
    """Who is to act, ``acting`` being a state's or view's seat to act, as the refusals of a
    bot's call for another seat say it ("seat 2 is to act", or that no seat is)."""
    if acting is None:
        return "no seat is to act (the hand is over, or the game)"
    return f"seat {acting} is to act"


def play_bot(bot: Bot, state: GameState, seat: int, legal: Sequence[Action],
             rng: random.Random) -> Action:
    """:func:`bot_action` without its checks, for the search's rollouts (the inner loop:
    every argument is the search's own, built right)."""
    if bot is random_bot:
        return _random_choice(legal, rng)
    if bot is heuristic_bot:
        return _heuristic(_Sight(state, seat), legal, rng, True)
    answer = bot(observe(state, seat), legal, rng)
    return answer if type(answer) is Action else read_answer(answer, "the rollout bot")


class _Seen(Protocol):
    """What the heuristic bot reads of a seat's view, each as the :class:`View`'s field of
    that name: a View, or the :class:`_Sight` that :func:`bot_action` reads from a state."""

    @property
    def seat(self) -> int: ...
    @property
    def rules(self) -> RuleSet: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def hand(self) -> _Hand: ...
    @property
    def pile(self) -> tuple[Card, ...]: ...
    @property
    def side_tables(self) -> tuple[SideTable, ...]: ...
    @property
    def order(self) -> tuple[int, ...]: ...
    @property
    def turn(self) -> Turn: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def known_cards(self) -> tuple[tuple[int, ...], ...]: ...


class _Hand(Protocol):
    """What the heuristic bot reads of its hand: its size, how many of a kind it holds, and
    (to answer a question) its cards. A view's hand, a tuple of cards, is one."""

    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Card]: ...
    def count(self, card: Card, /) -> int: ...


class _CountedHand:
    """A seat's hand as :class:`_Sight` gives it to the heuristic bot: the state's counts,
    answering :class:`_Hand`'s questions from them, where the sorted cards of
    ``observe(state, seat).hand`` cost a loop over every kind at every rollout action (a
    fifteenth of a search's interpreted work). Its cards are built only when asked for."""

    __slots__ = ("counts", "size")

    def __init__(self, counts: tuple[int, ...]) -> None:
        self.counts = counts
        self.size = sum(counts)

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_from_counts(self.counts))

    def count(self, card: Card, /) -> int:
        """How many cards of ``card``'s kind the hand holds."""
        return self.counts[card]


class _Sight:
    """The fields of ``observe(state, seat)`` that the heuristic bot reads (:class:`_Seen`),
    taken from the state as :func:`~canasta_caliente.observe` takes them, and nothing else of
    it: no other hand, no stock. Built for the seat to act, by :func:`bot_action`, for the
    search's rollouts, which ask the heuristic about twenty times a simulation: a view costs
    about as much as the bot's choice (its checks, the other hands' sizes, and sixteen fields
    where the bot reads ten); this costs about half of it, its hand a :class:`_CountedHand`.
    ``tests/test_bot_replay.py`` checks the fields against the view's."""

    __slots__ = ("hand", "known_cards", "order", "phase", "pile", "rules", "scores", "seat",
                 "side_tables", "turn")

    def __init__(self, state: GameState, seat: int) -> None:
        if type(state) is not GameState or type(seat) is not int or not (
                0 <= seat < state.rules.players):
            # Refused as observe refuses them (a TypeError; a ValueError for the seat), by the
            # named checks, asked only when the inline test fails: twice a rollout action
            # they cost more than the rest of this. A NumPy seat is read as its int.
            check_state(state)
            seat = check_seat(state.rules, seat)
        table = state.table
        self.seat = seat
        self.rules = state.rules
        self.phase = state.phase
        self.hand = _CountedHand(table.hands[seat])  # the seat's own hand, as observe's
        self.pile = table.pile
        self.side_tables = table.sides
        self.order = table.order
        self.turn = table.turn
        self.scores = state.scores
        self.known_cards = table.known


def heuristic_bot(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    """Plays real Canasta: opens with the minimum, builds canastas, takes large piles,
    freezes the pile when behind, asks before going out, keeps pairs for a frozen pile, and
    does not discard a card the next player is known to hold a pair of (:meth:`View.known
    <canasta_caliente.View.known>`: it could take the pile with them) when another discard
    will do.

    Deterministic but for ties, which ``rng`` breaks. Its call is checked as
    :func:`check_bot_call` says (the view must be the seat to act's).
    """
    if type(legal) not in QUICK_LEGAL_TYPES or not legal or (
            not isinstance(rng, random.Random) or not isinstance(view, View)) or (
            view.over or view.turn.player != view.seat):
        check_bot_call(view, legal, rng)
    try:
        answer = _heuristic(view, legal, rng, True)
    except AttributeError:
        check_legal_items(legal)  # (an item without an action's fields)
        raise
    if type(answer) is not Action:
        check_legal_items(legal)
    return answer


# Enum members as module constants: reading ``Verb.MELD`` looks the member up on the enum class
# (about 0.1 us each on CPython 3.11), and the bot compares every legal action's verb with
# three of them at every rollout action of the search.
_ANSWER, _DRAW_PHASE = Phase.ANSWER, Phase.DRAW
_ASK, _CALIENTE, _DISCARD, _DRAW, _MELD, _NO, _TAKE, _YES = (
    Verb.ASK, Verb.CALIENTE, Verb.DISCARD, Verb.DRAW, Verb.MELD, Verb.NO, Verb.TAKE, Verb.YES)
_TOLD_NO = Question.NO


def _heuristic(
    view: _Seen, legal: Sequence[Action], rng: random.Random, use_known: bool
) -> Action:
    """:func:`heuristic_bot`; with ``use_known=False``, the bot as it was before it read the
    known cards (kept to measure what they are worth: ``benchmarks/known_bot_strength.py``)."""
    if len(legal) == 1:
        return legal[0]
    phase = view.phase
    if phase is _ANSWER:
        return _answer(view, legal)
    if phase is _DRAW_PHASE:
        return _draw_action(view, legal, rng)
    return _play_action(view, legal, rng, use_known)


def _next_player_known(view: _Seen) -> tuple[int, ...] | None:
    """Per kind, how many cards the next player in turn order is known to hold (``None``
    when nothing is known, or the seat plays alone): discarding a natural it holds two of
    lets it take the pile with a natural pair."""
    order = view.order
    seat = view.seat
    if seat not in order or not view.known_cards:
        return None
    nxt = order[(order.index(seat) + 1) % len(order)]
    return None if nxt == seat else view.known_cards[nxt]


def _my_side(view: _Seen) -> int:
    return facts_of(view.rules).side_of[view.seat]  # view.side_of, less checking its own seat


def _behind(view: _Seen, mine: int) -> bool:
    """True when the seat's side (``mine``) trails the best other side (scores, then
    melds)."""
    others = [s for i, s in enumerate(view.scores) if i != mine]
    return bool(others) and view.scores[mine] < max(others)


def _answer(view: _Seen, legal: Sequence[Action]) -> Action:
    """Say yes when the partner going out costs little: a small hand penalty here."""
    values = view.rules.card_values
    penalty = sum(values[c] for c in view.hand)
    want = _YES if penalty <= 100 or len(view.hand) <= 4 else _NO
    for action in legal:
        if action.verb is want:
            return action
    return legal[0]


def _wilds(cards: tuple[Card, ...]) -> int:
    """How many of ``cards`` are wild (:data:`~canasta_caliente.cards.WILDS`)."""
    return sum(map(cards.count, WILDS))


def _draw_action(view: _Seen, legal: Sequence[Action], rng: random.Random) -> Action:
    takes = [a for a in legal if a.verb is _TAKE]
    by_verb = {a.verb: a for a in legal}
    pile = len(view.pile)
    if takes:
        # Prefer taking with a natural pair, then laying off, then a natural and a wild.
        def take_score(a: Action) -> int:
            return 10 * pile - 15 * _wilds(a.cards) + (5 if not a.cards else 0)

        best = max(takes, key=take_score)
        wilds = _wilds(best.cards)
        if pile >= 3 or wilds == 0 or _DRAW not in by_verb:
            return best
    if _CALIENTE in by_verb and len(view.hand) <= view.rules.hand_size // 2 + 1:
        return by_verb[_CALIENTE]
    if _DRAW in by_verb:
        return by_verb[_DRAW]
    if takes:
        return max(takes, key=lambda a: -_wilds(a.cards))
    return legal[rng.randrange(len(legal))]


def _play_action(
    view: _Seen, legal: Sequence[Action], rng: random.Random, use_known: bool = True
) -> Action:
    # One pass sorts the actions (discards first: they are most of them); an ask wins at once.
    held = len(view.hand)
    melds_legal: list[Action] = []
    discards: list[Action] = []
    for action in legal:
        verb = action.verb
        if verb is _DISCARD:
            discards.append(action)
        elif verb is _MELD:
            melds_legal.append(action)
        elif verb is _ASK:
            return action
    # The first action (in the legal order) that empties the hand, a discard of the last card
    # or a meld of all of it, goes out unless told no: looked for after the pass, since a
    # discard goes out only from a hand of one card.
    going_out: Action | None = None
    for action in melds_legal:
        if len(action.cards) == held:
            going_out = action
            break
    if held == 1 and discards and (
            going_out is None or legal.index(discards[0]) < legal.index(going_out)):
        going_out = discards[0]
    turn = view.turn
    if going_out is not None and turn.question is not _TOLD_NO:
        return going_out
    rules = view.rules
    side = _my_side(view)
    melds = view.side_tables[side].melds
    if melds_legal:
        size = rules.canasta_size
        opening = turn.need > 0
        best: Action | None = None
        best_score = 0.0
        for action in melds_legal:
            score = _meld_score(action, melds, size, opening, held)
            if score > best_score or (
                    score == best_score and best is not None and rng.random() < 0.5):
                best, best_score = action, score
        if best is not None:
            return best
    if not discards:
        # Bound to keep melding (first meld short, or a "yes"): meld the most cards.
        return max(melds_legal, key=lambda a: len(a.cards)) if melds_legal else legal[0]
    return _discard(view, discards, side, use_known)


def _discard(view: _Seen, discards: list[Action], side: int, use_known: bool) -> Action:
    """The discard to make: bonus and Caliente cards first, wilds only when behind, and of
    the naturals the one worth the most that breaks no pair, feeds no meld and (with
    ``use_known``) gives the next player no pile; ties go to the lowest card."""
    hand = view.hand
    tables = view.side_tables
    melds = tables[side].melds
    others = [table.melds for i, table in enumerate(tables) if i != side]
    behind: bool | None = None  # asked only of a wild, the rarest discard
    values = view.rules.card_values
    known = _next_player_known(view) if use_known else None
    best: Action = discards[0]
    best_key: tuple[float, int] | None = None
    for action in discards:
        card = action.cards[0]
        if card is B3:
            score = 40.0
        elif card is CAL:
            score = 35.0
        elif card in _WILD_KINDS:
            if behind is None:
                behind = _behind(view, side)
            score = 10.0 if behind else -100.0
        else:  # a natural: bonus cards never stay in a hand (TURN-3)
            score = values[card] / 2
            if hand.count(card) >= 2:
                score -= 25  # keep pairs for a frozen pile
            if melds[card] is not None:
                score -= 15
            for other in others:  # a loop, not any(): no generator built per discard
                if other[card] is not None:
                    score -= 30  # do not feed the other side's melds
                    break
            if known is not None and known[card] >= 2:
                score -= 60  # the next player is known to hold a pair of it: it takes the pile
        key = (score, -int(card))
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best


_WILD_KINDS = frozenset(WILDS)


def _meld_score(
    action: Action,
    melds: Sequence[tuple[int, int, int] | None],
    size: int,
    opening: bool,
    held: int,
) -> float:
    cards = action.cards
    if cards[0] is B3:
        return 0.0
    rank = action.rank
    if rank is None:
        return 0.0
    wilds = _wilds(cards)
    naturals = len(cards) - wilds
    existing = melds[rank]
    before = sum(existing) if existing is not None else 0
    after = before + len(cards)
    score = 2.0 * naturals - 4.0 * wilds
    if before < size <= after:
        score += 30 + 6 * wilds  # a canasta is worth its wilds
    elif wilds and existing is not None and after >= size - 2:
        score += 5 * wilds  # wilds that bring a meld near a canasta
    if opening:
        score += 3 * len(cards)
    if held - len(cards) < 2:
        score -= 50  # keep cards to discard
    return score


BOTS: dict[str, Bot] = {"random": random_bot, "heuristic": heuristic_bot}
"""Every bot :func:`get_bot` knows by name, each as ``get_bot(name)`` makes it: ``random``
and ``heuristic`` here, and those the modules above add with their :data:`BOT_FACTORIES`
(``ismcts`` at its default budget; ``level-1`` to ``level-5``), so that ``sorted(BOTS)`` lists
every name :func:`get_bot` accepts once :mod:`canasta_caliente.players` is imported."""

BOT_FACTORIES: dict[str, Callable[..., Bot]] = {}
"""Bots made to measure, by name: :func:`get_bot` ``(name, **options)`` returns
``BOT_FACTORIES[name](**options)``. The modules above this one that define such bots fill it
(:mod:`canasta_caliente.players.search` adds ``"ismcts"``, its
:class:`~canasta_caliente.players.search.ISMCTSBot`), so that the bots' module imports none of
them; importing :mod:`canasta_caliente.players` (or the package) loads them all."""


def get_bot(name: str, /, **options: Any) -> Bot:
    """A built-in bot by name (see :data:`BOTS`), or ``"ismcts"``: the search bot of
    :mod:`canasta_caliente.players.search` at its default budget, or at ``iterations=`` or
    ``seconds=`` per decision (other keywords go to
    :class:`~canasta_caliente.players.search.ISMCTSBot`); any bot of :data:`BOT_FACTORIES` is
    made from ``options`` the same way. A name that is not a ``str`` is a :class:`TypeError`,
    an unknown name an :class:`~canasta_caliente.ArgumentError` (a ``ValueError``) listing
    the names; the options are checked as the bot is made (a search bot's ``name=``, its name
    in results, tells budgets apart: ``get_bot("ismcts", iterations=40, name="ismcts-40")``)."""
    if not isinstance(name, str):
        raise CanastaTypeError(f"a bot's name must be a str, not {describe_value(name)}")
    factory = BOT_FACTORIES.get(name)
    if factory is not None:
        check_options(f"the {name} bot", factory, options)
        return factory(**options)
    try:
        bot = BOTS[name]
    except KeyError:
        raise ArgumentError(f"unknown bot {short_repr(name)}{near_bot(name)}; bots: "
                            f"{', '.join(bot_names())}") from None
    refuse_options(f"the {name} bot", (), options)
    return bot


def near_bot(name: str) -> str:
    """`` (did you mean 'heuristic'?)`` for an unknown bot's name near a known one's (in any
    case), else ``""``."""
    near = difflib.get_close_matches(name.lower()[:60], bot_names(), n=1)
    return f" (did you mean {near[0]!r}?)" if near else ""


def bot_names() -> list[str]:
    """Every name :func:`get_bot` knows: the bots of :data:`BOTS`, then those of
    :data:`BOT_FACTORIES`."""
    return list(dict.fromkeys([*BOTS, *BOT_FACTORIES]))
