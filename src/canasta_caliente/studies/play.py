"""Playing one game between bots: :func:`play_game`, and :func:`seat_bots`, the seat of each
bot in each game of a simulation.

Every shuffle and every choice of a game is fixed by its seed, and the seed of a simulation's
game by the simulation's seed and the game's index alone (:func:`game_seed`), so a game plays
the same in any process.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .._arguments import (
    MAX_HANDS,
    check_count,
    check_flag,
    check_seed,
    signature_text,
    takes_arguments,
)
from ..actions import Action, Verb
from ..engine import apply, legal_actions, new_game
from ..errors import ArgumentError, CanastaTypeError, IllegalActionError, describe_value
from ..play.text import count_phrase
from ..players.bots import (
    BOT_FACTORIES,
    BOTS,
    Bot,
    bot_name,
    exit_answer,
    get_bot,
    illegal_answer,
    read_answer,
)
from ..players.rngs import bots_seed  # (its home: bots at a table seed with it too)
from ..records.storage import GameRecord, is_record_name
from ..rules.ruleset import RuleSet, check_ruleset
from ..views.view import observe
from .outcomes import GameResult
from .seeds import game_seed

__all__ = ["GAME_NOTE", "BotSpec", "bot_name", "bots_seed", "check_bots", "check_seating",
           "game_seed", "play_game", "restart_bots", "seat_bots"]

BotSpec = str | Bot
"""A bot as a simulation takes it: a name :func:`~canasta_caliente.get_bot` knows, or a bot."""


def seat_bots(rules: RuleSet, bots: Sequence[BotSpec], index: int) -> tuple[BotSpec, ...]:
    """The bot at each seat in game ``index``: side ``k`` plays ``bots[(k + index) % len]``,
    so with two bots they swap sides every game and neither keeps the first turn. With fewer
    bots than sides a bot plays more than one side (one bot plays every side); a simulation
    takes no more bots than sides (:func:`check_seating`)."""
    out: list[BotSpec] = [bots[0]] * rules.players
    for side_no, seats in enumerate(rules.layout):
        for seat in seats:
            out[seat] = bots[(side_no + index) % len(bots)]
    return tuple(out)


def check_seating(rules: RuleSet, bots: Sequence[BotSpec]) -> None:
    """Refuse, for a simulation, more bots than the sides of ``rules``: :func:`seat_bots`
    seats them one a side, so the bots past the sides would sit out some games while another
    bot played itself, and each bot's win rate would count games it did not play (a win of
    ``random`` over ``random`` for ``random``). An
    :class:`~canasta_caliente.errors.ArgumentError` saying so; a round robin of more bots is
    :func:`~canasta_caliente.tournament`."""
    sides = len(rules.layout)
    if len(bots) > sides:
        raise ArgumentError(
            f"bots: {len(bots)} bots for a table of {sides} sides: a game seats one bot a "
            "side, the bots taking the sides in turn, so a bot past the sides would sit out "
            "games while another played itself, and the win rates would count games the bots "
            f"did not play; give at most {sides} (a round robin of more bots is a tournament)")


def check_bots(bots: object) -> tuple[tuple[BotSpec, ...], tuple[str, ...]]:
    """``bots``, checked as every game and study takes them: a non-empty sequence (not a
    text) of bot names :func:`~canasta_caliente.get_bot` knows or callables, distinct bots
    with distinct names (two different bots under one name would be counted as one). Returns
    the bots and their names (each name once, in order); a wrong type (a class of bots, say,
    where its instance is the bot) is a :class:`TypeError`, an unknown name or an empty sequence an
    :class:`~canasta_caliente.errors.ArgumentError`."""
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise CanastaTypeError(f"bots must be a sequence of bots, not {describe_value(bots)}")
    specs = tuple(bots)
    if not specs:
        raise ArgumentError("bots must hold at least one bot")
    seen: dict[str, BotSpec] = {}
    for b in specs:
        if isinstance(b, str):
            get_bot(b)
        elif not callable(b):
            raise CanastaTypeError("a bot must be a bot's name or a callable, not "
                                   f"{describe_value(b)}")
        elif isinstance(b, type):
            # (a class is called as bot(view, legal, rng) too, and makes an instance of
            # itself, or fails, at the first decision)
            raise CanastaTypeError(f"a bot must be a bot's name or a callable bot, not the class "
                                   f"{b.__qualname__}: give an instance, {b.__qualname__}()")
        else:
            _check_callable_as_bot(b)
        name = bot_name(b)
        other = seen.setdefault(name, b)
        if not _same_bot(other, b):
            raise ArgumentError(
                f"bots: two different bots are both named {name!r}, so their games would be "
                "counted as one bot's; give each a distinct name (a text attribute `name`, "
                "or `__name__`)")
    return specs, tuple(seen)


def _same_bot(a: BotSpec, b: BotSpec) -> bool:
    """Whether two of a study's bots are one: the same object, the same name, or a name and
    the shared built-in bot it names (``"random"`` and ``get_bot("random")``; not a name of
    :data:`~canasta_caliente.players.bots.BOT_FACTORIES`, ``"ismcts"``, which is made afresh
    for each game and is another bot than any object given)."""
    def shared(spec: BotSpec) -> BotSpec:  # (a name of BOTS: the object it names)
        if isinstance(spec, str) and spec not in BOT_FACTORIES:
            return BOTS.get(spec, spec)
        return spec

    a, b = shared(a), shared(b)
    return a is b or (isinstance(a, str) and a == b)


def _check_callable_as_bot(bot: Callable[..., object]) -> None:
    """Refuse, before any game, a callable that cannot be called as ``bot(view, legal, rng)``:
    a function of no arguments that makes a bot, say (the command line's ``--bots`` calls
    such a factory; given here, it failed at the first decision). One whose signature cannot
    be read is left to its first call."""
    if takes_arguments(bot, 3) is not False:
        return
    name = bot_name(bot)
    made = (f"; if it makes the bot, give the bot it makes, {name}()"
            if takes_arguments(bot, 0) else "")
    raise CanastaTypeError(f"the bot {name!r} cannot be called as bot(view, legal, rng): its "
                           f"parameters are {signature_text(bot)}{made}")


def restart_bots(bots: Sequence[Bot]) -> None:
    """Call the ``restart()`` of each bot that has one (OpenSpiel's name for it), once per
    object however many seats it plays: a bot that keeps a memory starts it afresh for a new
    game (:func:`play_game` calls this before each game's first decision). An error it raises
    keeps its type and gains a note naming the bot; ``bots`` not a sequence is a
    :class:`TypeError`."""
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise CanastaTypeError(f"restart_bots: expected a sequence of bots, not "
                               f"{describe_value(bots)}")
    done: set[int] = set()
    for bot in bots:
        restart = getattr(bot, "restart", None)
        if callable(restart) and id(bot) not in done:
            done.add(id(bot))
            try:
                restart()
            except Exception as exc:
                exc.add_note(f"raised by the restart() of the bot {bot_name(bot)!r}")
                raise


GAME_NOTE = "in game "
"""How the note (PEP 678) that :func:`play_game` adds to an error in a game begins (``in game
3 (seed ...), after 41 actions ...; play it again with play_game(...)``): a caller tells a
game's failure from a refusal of its arguments by it."""


def _the_bot(bot: BotSpec, seat: int) -> str:
    """A bot as a refusal of its answer names it: its name and its seat."""
    return f"the bot {bot_name(bot)!r} at seat {seat}"


def play_game(
    rules: RuleSet,
    bots: Sequence[BotSpec],
    seed: int,
    *,
    index: int = 0,
    max_hands: int = MAX_HANDS,
    keep_record: bool = False,
) -> GameResult:
    """Play one game between ``bots`` (names from :data:`~canasta_caliente.players.bots.BOTS` or
    callables) seated by :func:`seat_bots`, every shuffle and choice fixed by ``seed``.

    Each seat's bot is given a :class:`random.Random` of its own, seeded by
    :func:`bots_seed` (``seat=``): no bot can reseed or draw from another seat's, and the
    numbers a bot is given do not depend on how many another bot drew. A bot with a
    ``restart()`` method has it called before the game's first decision (:func:`restart_bots`):
    one that keeps a memory starts it afresh each game.

    ``keep_record=True`` keeps the game's :class:`~canasta_caliente.GameRecord` in the result,
    naming each seat's bot as its player (``players``), unless a name is one a record cannot
    hold (:func:`~canasta_caliente.records.storage.is_record_name`), when it names none.
    An error in the game (a bot's own, or the
    :class:`~canasta_caliente.IllegalActionError` of an illegal answer, which names the bot
    and its seat) keeps its type and gains a note (PEP 678) with the game's index, its seed
    and the actions played, and the call that plays it again (:data:`GAME_NOTE`). A bot that
    calls ``sys.exit()`` is a :class:`RuntimeError` saying so, with the same note: it would
    have ended the whole run without a word.

    The arguments are checked before the game, as :func:`~canasta_caliente.simulate` checks
    its own: ``rules`` a RuleSet, ``bots`` as :func:`check_bots` says and at most the table's
    sides (:func:`check_seating`), ``seed`` an integer (``None`` is refused: the game could
    not be played again), ``index >= 0`` and ``max_hands >= 1`` integers, ``keep_record`` a
    ``bool``; a wrong type raises :class:`TypeError`, a value out of range
    :class:`~canasta_caliente.errors.ArgumentError`.

    >>> import canasta_caliente as cc
    >>> game = cc.play_game(cc.RuleSet.preset("caliente"), ["heuristic", "random"], seed=7)
    >>> game.winner, game.scores, game.hands
    (0, (5745, 4665), 5)
    """
    check_ruleset(rules)
    specs, _ = check_bots(bots)
    check_seating(rules, specs)
    seed = check_seed("seed", seed)
    index = check_count("index", index)
    max_hands = check_count("max_hands", max_hands, low=1)
    check_flag("keep_record", keep_record)
    seated = seat_bots(rules, specs, index)
    players = [get_bot(b) if isinstance(b, str) else b for b in seated]
    # An rng a seat, so that no bot can reseed or drain another's (see bots_seed).
    rngs = [random.Random(bots_seed(seed, seat=seat)) for seat in range(rules.players)]
    state = new_game(rules, seed=seed)
    totals: list[tuple[int, ...]] = []
    ends: list[str] = []
    canastas: list[int] = []
    side_canastas: list[tuple[int, ...]] = []
    takes: list[tuple[int, ...]] = []
    hand_takes = [0] * len(rules.layout)
    played: list[str] | None = [] if keep_record else None
    actions = 0
    deciding: int | None = None  # the seat of the bot deciding, while one is (for the note)
    size = rules.canasta_size
    take = Verb.TAKE

    def end_hand() -> None:
        result = state.hand_results[-1]
        totals.append(result.totals)
        ends.append(result.ended.value)
        per_side = tuple(t.canastas(size) for t in state.table.sides)
        side_canastas.append(per_side)
        canastas.append(sum(per_side))
        takes.append(tuple(hand_takes))
        hand_takes[:] = [0] * len(hand_takes)

    try:
        restart_bots(players)
        while not state.is_game_over:
            if state.is_hand_over:
                end_hand()
                if state.hand_number >= max_hands:
                    break
                deal = legal_actions(state)[0]
                if played is not None:
                    played.append(str(deal))
                state = apply(state, deal)
                continue
            legal = legal_actions(state)
            seat = state.current_player
            assert seat is not None
            deciding = seat
            action = players[seat](observe(state, seat), legal, rngs[seat])
            if type(action) is not Action:
                action = read_answer(action, _the_bot(seated[seat], seat))
            if action.verb is take:
                hand_takes[state.side_of(seat)] += 1
            if played is not None:
                played.append(str(action))
            try:
                state = apply(state, action)
            except IllegalActionError as exc:
                raise illegal_answer(_the_bot(seated[seat], seat), exc) from exc
            actions += 1
            deciding = None
    except (Exception, SystemExit) as exc:
        # The bot's own error (or the engine's refusal) keeps its type; the note says
        # which game it was, so that it can be played again.
        # (The bot deciding is named here, not at each decision: its text, made at every one
        # of a game's 665 or so decisions, cost 2.7% of a game of random bots by
        # benchmarks/bench_simulate.py.)
        who = None if deciding is None else _the_bot(seated[deciding], deciding)
        note = (f"{GAME_NOTE}{index} (seed {seed}), after {count_phrase(actions, 'action')}"
                f"{'' if who is None else f' ({who} to play)'}; play it again with "
                f"play_game(rules, bots, seed={seed}, index={index})")
        if isinstance(exc, SystemExit):
            # A bot's sys.exit() would end the whole run, unsaid (status 0 for sys.exit()).
            error = exit_answer(who or "a bot", exc)
            error.add_note(note)
            raise error from exc
        exc.add_note(note)
        raise
    if state.is_game_over:
        end_hand()
    names = tuple(bot_name(b) for b in seated)
    return GameResult(
        index=index,
        seed=seed,
        seat_bots=names,
        winner=state.winner,
        scores=state.scores,
        hands=len(totals),
        hand_totals=tuple(totals),
        hand_ends=tuple(ends),
        canastas=tuple(canastas),
        actions=actions,
        hand_results=state.hand_results[:len(totals)],
        pile_takes=tuple(takes),
        side_canastas=tuple(side_canastas),
        record=None if played is None else GameRecord(
            rules, seed, actions=tuple(played),
            players=names if all(map(is_record_name, names)) else None),
    )
