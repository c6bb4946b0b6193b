"""The ``canasta-caliente`` command line.

``simulate`` plays many games between bots and prints a results table; ``compare`` plays the
same games under several rule sets and compares them with confidence intervals; ``play`` lets a
person play one seat in the terminal against bots (``hint`` asks the search bot for advice);
``tournament`` plays a round robin of bots and rates them on the Elo scale; ``demo`` plays a
seeded game between random players; ``serve`` runs the web table (the ``web`` extra).
``rules`` works with rule sets (a preset
name, or a house-rules file in TOML or JSON that names a preset and overrides options):
``rules validate FILE...`` checks files and lists every problem, ``rules show`` prints every
option with its value and help, ``rules diff A B`` lists the options that differ and the rules
they touch, and ``rules presets`` lists the presets.

A ``--bots`` option takes the built-in bots' names and a person's own bots as ``module:attr``
(:mod:`canasta_caliente.cli._bots` resolves them).

Exit status: 0 on success; 1 when ``rules validate`` finds a problem in a rule file, or a bot
fails in a game (it raises, or answers something illegal: the bot, its seat and the game are
named, and ``play`` saves the game so far); 2 on bad
input (a usage error, an unknown preset, a missing or unreadable file, an unusable rule file or
output path), with a one-line message on standard error; 130 when interrupted (Ctrl-C). No
input shows a traceback. A closed output pipe (``| head -1``) ends any command normally: status
0, nothing on standard error.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import datetime
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from .._arguments import MAX_HANDS, MAX_ITERATIONS, WORKERS_PER_CPU, check_seed
from .._version import __version__
from ..engine import apply, legal_actions, new_game
from ..errors import CanastaError, RuleSetError
from ..play.text import count_phrase
from ..players.bots import bot_name
from ..rules.ruleset import RuleSet
from ._bots import (
    BotFailed,
    bot_list,
    is_reference,
    load_bots,
    make_bot,
    own_bots,
    play_step,
    resumed_own_bots,
    study_bots,
    study_error,
)
from ._outputs import output_path, table_output, write_json, write_table
from ._parsing import Parser
from ._rules import (
    InputError,
    OutputError,
    flush_output,
    is_file_argument,
    is_readable,
    load_rules,
    one_line,
    quiet_output,
    rules_diff,
    rules_presets,
    rules_show,
    rules_validate,
    say,
)
from ._serve import add_serve
from ._studies import add_progress, distinct_outputs, refusal, shows_progress

__all__ = ["main"]


def _demo(args: argparse.Namespace) -> int:
    from ._table import hand_table

    _at_least_one(args, "max_hands")
    _check_seed("demo", args.seed)
    rules = load_rules(args.rules)
    rng = random.Random(args.seed)
    state = new_game(rules, seed=args.seed)
    say(f"canasta-caliente {__version__}: a game of {args.rules} between random players, "
        f"seed {args.seed}")
    steps = hands = 0
    while True:
        if len(state.hand_results) > hands:  # (the first hand's may have ended in its deal)
            hands = len(state.hand_results)
            say("\n" + "\n".join(hand_table(state)))
            if state.is_game_over or hands >= args.max_hands:
                break
        steps += state.current_player is not None  # (a deal is no player's action)
        state = apply(state, rng.choice(legal_actions(state)))
    if state.is_game_over:
        say(f"\nside {state.winner} wins after {count_phrase(state.hand_number, 'hand')} "
            f"({count_phrase(steps, 'action')})")
    else:
        say(f"\nstopped after {count_phrase(args.max_hands, 'hand')} "
            f"({count_phrase(steps, 'action')})")
    return 0



def _check_seed(command: str, seed: int | None) -> None:
    """``--seed`` checked before the game, and named as the studies' commands name it (the
    library's message named the parameter, ``seed must be ...``)."""
    if seed is not None:
        try:
            check_seed("seed", seed)
        except ValueError as exc:
            raise refusal(command, exc) from None


def _at_least_one(args: argparse.Namespace, *names: str) -> None:
    """Refuse a count below 1 (``--games``, ``--workers``, ``--max-hands``), before any
    game."""
    for name in names:
        if getattr(args, name) < 1:
            raise InputError([f"--{name.replace('_', '-')}: must be at least 1"])


def _simulate(args: argparse.Namespace) -> int:
    from ..studies.simulate import chunk_size_for, simulate, workers_used

    rules = load_rules(args.rules)
    bots = study_bots(args.bots)
    _at_least_one(args, "games", "workers")
    json_out, out = _study_outputs(args)
    try:
        result = simulate(rules, bots, args.games, args.seed, workers=args.workers,
                          progress=shows_progress(args))
    except Exception as exc:  # a refusal of the arguments, or a bot's failure in a game
        raise study_error("simulate", exc, bot_list(args.bots)) from None
    used = workers_used(args.workers, args.games)
    chunk = count_phrase(chunk_size_for(args.games, args.workers), "game")
    say(f"{args.rules}: {', '.join(map(bot_name, bots))}; seed {args.seed}, "
        f"{count_phrase(used, 'worker')}"
        + (f" ({args.workers} asked; a worker plays {chunk} at a time)"
           if used != args.workers else ""))
    say(result.table())
    _write_outputs(result, len(result.games), json_out, out)
    return 130 if result.interrupted else 0


def _study_outputs(args: argparse.Namespace) -> tuple[Path | None, Path | None]:
    """A study's ``--json`` and ``--out`` files, each checked before the work starts, and
    not one file named twice."""
    json_out = output_path("--json", args.json) if args.json is not None else None
    out = table_output("--out", args.out)
    distinct_outputs([("--json", args.json), ("--out", args.out)])
    return json_out, out


class _Study(Protocol):
    """What a study's outputs are written from (a simulation, comparison or tournament)."""

    def to_json(self) -> str: ...
    def to_records(self, level: str = ...) -> list[dict[str, Any]]: ...


def _write_outputs(study: _Study, played: int, json_out: Path | None, out: Path | None,
                   kept: str = "a game ended") -> None:
    """Write a study's ``--json`` and ``--out`` files; none when it was interrupted before it
    kept a game (``played`` 0: before ``kept``), so that a Ctrl-C at the start leaves a file of
    an earlier run as it was rather than an empty study in its place (the command says so)."""
    if played == 0 and (json_out, out) != (None, None):
        say(f"interrupted before {kept}: "
            + " and ".join(str(p) for p in (json_out, out) if p is not None)
            + " not written", err=True)
        return
    if json_out is not None:
        write_json("--json", study.to_json(), json_out)
    if out is not None:
        write_table("--out", study.to_records("hand"), out)


def _labels(sources: list[str]) -> list[str]:
    """The variants' labels: each preset's name or file's stem; but the whole argument for
    every source whose stem is another's too (``a/rules.toml`` and ``b/rules.toml``, not
    ``rules`` and ``b/rules.toml``, which reads as if the first were a preset)."""
    short = [Path(s).stem if is_file_argument(s) else s for s in sources]
    counts = collections.Counter(short)
    pairs = zip(short, sources, strict=True)
    return [label if counts[label] == 1 else source for label, source in pairs]


def _compare(args: argparse.Namespace) -> int:
    from ..studies.compare import compare

    variants: dict[str, RuleSet] = {}
    for source, label in zip(args.variants, _labels(args.variants), strict=True):
        if label in variants:
            raise InputError([f"RULES: {source} named twice: a comparison plays each rule set "
                              "once, beside the others"])
        variants[label] = load_rules(source, "RULES")
    if len(variants) < 2:
        raise InputError(["compare: give at least two rule sets"])
    bots = study_bots(args.bots)
    _at_least_one(args, "games", "workers")
    json_out, out = _study_outputs(args)
    try:
        comparison = compare(variants, bots=bots, games=args.games, seed=args.seed,
                             workers=args.workers, progress=shows_progress(args))
    except Exception as exc:  # a refusal of the arguments, or a bot's failure in a game
        raise study_error("compare", exc, bot_list(args.bots)) from None
    played = (f" (interrupted: {comparison.games} of {args.games} games per variant played "
              "by every variant)" if comparison.interrupted else "")
    say(f"{' vs '.join(variants)}: {', '.join(map(bot_name, bots))}; seed {args.seed}{played}")
    say(comparison.table())
    # (a comparison keeps the games every rule set played: one's alone are not kept)
    _write_outputs(comparison, comparison.games, json_out, out,
                   kept="every rule set had played a game")
    return 130 if comparison.interrupted else 0


def _play(args: argparse.Namespace) -> int:
    import attrs

    from ..actions import Action
    from ..errors import IllegalActionError, NotationError, TakeBackError
    from ..play.match import Match
    from ..players.bots import bot_names
    from ..players.rngs import bots_seed
    from ..players.search import hint_text
    from ..records.storage import GameRecord
    from ..views.view import observe
    from . import _table as table

    names = bot_list(args.bots)
    _at_least_one(args, "hint_iterations")
    _check_seed("play", args.seed)
    if args.hint_iterations > MAX_ITERATIONS:  # the search's own cap, checked before the game
        raise InputError([f"--hint-iterations: must be at most {MAX_ITERATIONS:,}"])
    save_as = args.save if args.save is not None else args.resume  # resume keeps saving there
    save_to = output_path("--save", args.save) if args.save is not None else None
    table.check_save(args.save, args.resume, args.overwrite)  # an existing file: only when asked
    if args.resume is not None:
        match = table.saved_game(args.resume)
        rules = match.record.rules
        if save_to is None:  # a resumed game keeps saving to the file it came from
            save_to = output_path("--resume", args.resume)
    else:
        rules = load_rules(args.rules)
        # Without --seed, GameRecord.start draws one from 2**63: the seed deals every hand, so
        # the person must not be able to search for it from their own cards.
        match = Match(GameRecord.start(rules, seed=args.seed))
    # The game kept by a Match, as a server keeps it (states, record, take-backs): ``record`` is
    # the game as it was given (its seed, players and date), ``match.record`` as it is.
    record, state = match.record, match.state
    # Who sits where: the seats of a resumed record, or --seat and --bots.
    asked, (args.seat, person, seated) = args.seat, table.seating(
        record.players, args.seat, rules.players, names,
        # (a record saved with a person's own bot names it module:attr: resolved below)
        [*bot_names(), *(n for n in record.players or () if is_reference(n))], args.resume)
    if args.resume is not None:  # (the seed deals every hand: shown once the game is over)
        own = resumed_own_bots(seated.values(), names, args.resume)
        for line in table.ignored_on_resume(args.given - ({"bots"} if own else set()), asked,
                                            args.seat):
            say(line, err=True)
        say(f"resuming {args.resume}: {count_phrase(len(record.actions), 'action')} played")
    loaded = load_bots(list(seated.values()),
                       "--bots" if args.resume is None else f"--resume: {args.resume}")
    bots = {seat: make_bot(loaded[name]) for seat, name in seated.items()}
    # The bots' choices are fixed by the seed and the number of actions already played; each
    # seat's rng is seeded with a digest of them and the seat (bots_seed), in which no bot can
    # find the seed, and which no other seat's bot can reseed or drain.
    rngs = {seat: random.Random(bots_seed(record.seed, len(record.actions), seat))
            for seat in seated}
    finished = state.is_game_over  # (a resumed game that was over: shown, not saved again)
    hinted = False  # (whether a hint has given its legend)
    say(f"You play seat {args.seat} (side {state.side_of(args.seat)}); "
         + ", ".join(f"seat {seat} {name}" for seat, name in seated.items())
         + (". The game is over." if finished else
            ". Type an action in notation (e.g. 'draw', 'meld 7 7 7', 'discard Q'), 'help' "
            "for the commands ('legal', 'hint', 'undo', 'quit')"
            + (f" (the game is saved to {save_as})." if save_to is not None else ".")))
    if match.turn == 0:  # the first hand's deal, which no action made (a resumed game's said)
        say("\n".join(["deal", *(f"  {event.text(seat=args.seat, you=True)}"
                                  for event in match.opening)]))

    players = tuple(person if s == args.seat else seated[s] for s in range(rules.players))
    date = record.date or datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")

    def save() -> None:
        if save_to is None:
            say("the game was not saved (give --save FILE to save it)")
            return
        done = attrs.evolve(match.record, players=players, date=date)
        try:
            save_to.write_text(done.to_json(), encoding="utf-8")
        except (OSError, ValueError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else one_line(exc)
            raise InputError([f"--save: {save_as}: cannot save the game: {why}"]) from None
        own = own_bots(seated.values())  # given with --bots again
        again = f"--resume {save_as}" + (f" --bots {','.join(own)}" if own else "")
        say(f"game saved to {save_as}" + ("" if match.state.is_game_over
                                           else f" (continue with {again})"))

    # (a resumed game's hands were shown; a new one's first hand may have ended in its deal)
    hands_seen = len(state.hand_results) if match.turn else 0
    try:
        while not (state := match.state).is_game_over:
            if len(state.hand_results) > hands_seen:
                hands_seen = len(state.hand_results)
                say("\n" + "\n".join(table.hand_table(state)))
                if hands_seen >= MAX_HANDS:  # (house rules under which no side can win)
                    say(f"the game stops after {MAX_HANDS} hands with no side at the target "
                        "score, as a simulation stops one: the rules may never let one reach it")
                    save()
                    return 0
            legal = legal_actions(state)
            seat = state.current_player
            action: Action
            if seat is None:
                action = legal[0]
                happened = match.play(action)
            elif seat != args.seat:
                action, happened = play_step(
                    bots[seat], f"the bot {seated[seat]!r} at seat {seat}", match, seat, legal,
                    rngs[seat])
            else:
                say("\n" + str(observe(state, seat)))
                say("legal: " + ", ".join(map(str, legal)))
                while True:
                    try:
                        text = input("your action> ").strip()
                    except EOFError:
                        say("\nend of input: the game is left unfinished")
                        save()
                        return 0
                    except UnicodeDecodeError:
                        say("not an action: the input is not readable text")
                        continue
                    if not text.isascii() and not is_readable(text):
                        say("not an action: the input is not readable text")
                        continue
                    command = text.lower()  # (HELP, Quit: as the verbs, any case)
                    extra = table.command_with_words(text)
                    if extra is not None:
                        say(extra)
                        continue
                    if command in ("quit", "exit"):
                        save()
                        return 0
                    if command in ("help", "?"):
                        say(table.commands_help())
                        continue
                    if command in ("legal", ""):
                        say("legal: " + ", ".join(map(str, legal)))
                        continue
                    if command == "hint":  # (the legend once: a beginner found it heavy)
                        try:
                            said = hint_text(observe(state, seat), args.hint_iterations,
                                             match.turn, legend=not hinted)
                        except KeyboardInterrupt:  # (a long search: Ctrl-C stops it alone)
                            say("\nhint stopped; Ctrl-C at the prompt ends the game")
                            continue
                        say(said)
                        hinted = hinted or len(legal) > 1  # (one action: no legend given)
                        continue
                    if command == "undo":  # (the person's own last action, if nothing it showed)
                        try:
                            match.take_back(seat=seat)  # (its event, the last: its words)
                            say(f"  {match.events(match.event_count - 1)[0].text(seat, you=True)}")
                        except TakeBackError as exc:
                            say(str(exc))
                            continue
                        state = match.state
                        say("\n" + str(observe(state, seat)))
                        legal = legal_actions(state)
                        say("legal: " + ", ".join(map(str, legal)))
                        continue
                    try:
                        happened = match.play(text, seat=seat)
                        break
                    except NotationError as exc:
                        hint = table.did_you_mean(text)
                        say(f"not an action: {exc}{table.commands_too(text)}"
                            + (f"; {hint}" if hint else ""))
                    except IllegalActionError as exc:
                        say(f"illegal: {exc}")
                say("\n".join(f"  {event.text(seat=args.seat, you=True)}" for event in happened))
                continue
            # Every move in words, as the person's seat may see it (another's draw: a count).
            say("\n".join([f"seat {seat}: {action}" if seat is not None else "deal", *(
                f"  {event.text(seat=args.seat, you=True)}" for event in happened)]))
    except KeyboardInterrupt:
        say()  # end the prompt's line; main() says the game was interrupted
        save()  # the actions played so far, to resume
        raise
    except BotFailed as exc:  # a bot raised, or answered something illegal: its line first
        for line in exc.lines:
            say(line, err=True)
        save()  # the actions played before it, to look at (or resume once the bot is mended)
        return exc.status
    say("\n" + "\n".join(table.hand_table(state)))
    say(f"side {state.winner} wins" + (" (your side)" if state.winner == state.side_of(
        args.seat) else ""))
    say(f"seed {record.seed} (play this deal again with --seed {record.seed})")
    if not finished or args.save is not None:  # (a finished game: saved where asked only)
        save()
    return 0


def _tournament(args: argparse.Namespace) -> int:
    """``tournament``: a round robin of bots with their Elo ratings (:func:`cc.tournament
    <canasta_caliente.studies.tournament.tournament>`)."""
    from ..studies.tournament import tournament

    rules = load_rules(args.rules)
    bots = study_bots(args.bots, once=True)
    _at_least_one(args, "workers")  # (--games: the tournament's own check, an even count)
    json_out, out = _study_outputs(args)
    try:
        result = tournament(bots, rules, games=args.games, seed=args.seed,
                            workers=args.workers, progress=shows_progress(args))
    except Exception as exc:  # a refusal of the arguments, or a bot's failure in a game
        raise study_error("tournament", exc, bot_list(args.bots)) from None
    k = len(result.bots)
    played = (f" (interrupted: {result.games} of {args.games * k * (k - 1) // 2} games played)"
              if result.interrupted else "")
    say(f"round robin of {', '.join(map(bot_name, bots))} on {args.rules}: {args.games} games "
        f"per pair, seed {args.seed}{played}")
    say(result.table())
    _write_outputs(result, result.games, json_out, out)
    return 130 if result.interrupted else 0


def _parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="canasta-caliente",
        description="The Canasta Caliente rules engine: simulate games between bots, play "
        "against them, play a demonstration game, or validate, show and compare rule sets and "
        "house-rules files.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    from ..players.bots import bot_names  # the bots the --bots options accept
    from ._table import Given  # play's options that --resume reports ignored

    known = (f"{', '.join(bot_names())}; or your own bot as module:attr, as mybots:Greedy "
             "names Greedy in mybots.py of the current directory: a class is made with no "
             "arguments, a function of no arguments makes the bot, any other is the bot")
    workers = f"processes to run games in (at least 1, at most {WORKERS_PER_CPU} per CPU)"
    sides = ("comma-separated bot names, at most one per side: the names take the sides in "
             f"turn, moving one side each game; one name plays every side ({known})")
    demo = sub.add_parser(
        "demo", help="play a seeded game between random players",
        description="Play a seeded game between random players and print each hand's end "
        "and its scores, then the winner.")
    demo.add_argument("--seed", type=int, default=1, help="the game's seed")
    demo.add_argument("--rules", default="caliente",
                      help="a preset name, or a house-rules file (.toml or .json)")
    demo.add_argument("--max-hands", type=int, default=MAX_HANDS,
                      help="stop after this many hands")
    demo.set_defaults(func=_demo)

    sim = sub.add_parser(
        "simulate", help="play many games between bots and tabulate them",
        description="Play many seeded games between bots (each bot playing every side in "
        "turn) and print a table of the win rates with 95% intervals, the mean hand scores "
        "and the games' lengths.")
    sim.add_argument("--rules", default="caliente",
                     help="a preset name, or a house-rules file (.toml or .json)")
    sim.add_argument("--games", type=int, default=100, help="how many games to play")
    sim.add_argument("--bots", default="heuristic,random", help=sides)
    sim.add_argument("--workers", type=int, default=1, help=workers)
    sim.add_argument("--seed", type=int, default=0,
                     help="the simulation's seed (each game's seed is derived from it)")
    sim.add_argument("--json", metavar="FILE", help="also write every result as JSON "
                     "(cc.SimulationResult.from_json reads it back); a file there is replaced")
    sim.add_argument("--out", metavar="FILE",
                     help="also write the hand table (one row per side per hand) as .csv, "
                     ".jsonl or .parquet (parquet needs pyarrow); checked before the run; a file "
                     "there is replaced")
    add_progress(sim)
    sim.set_defaults(func=_simulate)

    cmp = sub.add_parser(
        "compare", help="compare rule sets on the same games: what does a house rule change?",
        description="Play the same games (the same bots and seeds) under each rule set and "
        "print, per measure, each one's value and every pair's difference with 95% confidence "
        "intervals, saying which differences are not significant.")
    cmp.add_argument("variants", nargs="+", metavar="RULES",
                     help="two or more preset names or house-rules files (.toml or .json)")
    cmp.add_argument("--games", type=int, default=1000,
                     help="how many games to play under each rule set")
    cmp.add_argument("--bots", default="heuristic", help=sides)
    cmp.add_argument("--workers", type=int, default=1, help=workers)
    cmp.add_argument("--seed", type=int, default=0,
                     help="the seed (each game's seed is derived from it, the same for every "
                     "rule set)")
    cmp.add_argument("--json", metavar="FILE", help="also write the comparison, every "
                     "variant's games with it, as JSON (cc.Comparison.from_json reads it "
                     "back); a file there is replaced")
    cmp.add_argument("--out", metavar="FILE",
                     help="also write every variant's hand table (one row per side per hand, "
                     "with its variant) as .csv, .jsonl or .parquet (parquet needs pyarrow); "
                     "checked before the run; a file there is replaced")
    add_progress(cmp)
    cmp.set_defaults(func=_compare)

    play = sub.add_parser(
        "play", help="play one seat in the terminal against bots",
        description="Play one seat in the terminal against bots: type an action's notation at "
        "the prompt (help lists the commands: legal, hint, undo, quit).")
    play.add_argument("--rules", default="caliente", action=Given,
                      help="a preset name, or a house-rules file (.toml or .json)")
    play.add_argument("--seat", type=int, default=0, action=Given, help="the seat you play")
    play.add_argument("--bots", default="heuristic", action=Given,
                      help="comma-separated bot names for the other seats, in seat order, "
                      f"repeated as needed, at most one a seat ({known})")
    play.add_argument("--seed", type=int, default=None, action=Given,
                      help="the game's seed (default: a random one, printed when the game is "
                      "over: it deals every hand)")
    play.add_argument("--save", metavar="FILE",
                      help="save the game as a game record (JSON) when it ends or you quit "
                      "(it holds the seed: opened before the game is over, it shows the bots' "
                      "cards); a file that exists is replaced only with --overwrite, or when "
                      "it is the file --resume reads")
    play.add_argument("--overwrite", action="store_true",
                      help="let --save replace a file that exists")
    play.add_argument("--resume", metavar="FILE",
                      help="continue a game saved with --save, with its rules, seed, seats and "
                      "bots, saving back to FILE (or to --save's): --rules, --seed, --bots "
                      "(but for your own bots the game names: give them as module:attr to "
                      "import them), and --seat where the game seats you elsewhere, are "
                      "ignored, each said on stderr; a game record (JSON) saved elsewhere "
                      "too: its seats named by a bot keep their bots, and you play the one "
                      "named otherwise (in a record of bots alone, --seat's)")
    play.add_argument("--hint-iterations", type=int, default=300,
                      help="simulations behind the 'hint' command's advice")
    play.set_defaults(func=_play, given=frozenset())

    tour = sub.add_parser(
        "tournament", help="a round robin of bots, rated on the Elo scale with 95%% intervals",
        description="Play every pair of bots (sides alternating every game) and rate them "
        "together with a Bradley-Terry model on the Elo scale (mean 0).")
    tour.add_argument("--rules", default="caliente",
                      help="a preset name, or a house-rules file (.toml or .json)")
    tour.add_argument("--bots", default="heuristic,random",
                      help=f"comma-separated bot names ({known})")
    tour.add_argument("--games", type=int, default=20,
                      help="games per pair (even: the bots swap sides every game)")
    tour.add_argument("--workers", type=int, default=1, help=workers)
    tour.add_argument("--seed", type=int, default=0,
                      help="the tournament's seed (each game's seed is derived from it)")
    tour.add_argument("--json", metavar="FILE", help="also write the round robin, every "
                      "pair's games with it, as JSON (cc.Tournament.from_json reads it back); "
                      "a file there is replaced")
    tour.add_argument("--out", metavar="FILE",
                      help="also write the hand table (one row per side per hand) as .csv, "
                      ".jsonl or .parquet (parquet needs pyarrow); checked before the run; a file "
                     "there is replaced")
    add_progress(tour)
    tour.set_defaults(func=_tournament)

    add_serve(sub)

    rules = sub.add_parser(
        "rules", help="validate, show and diff rule sets (presets and house-rules files), and "
        "list the presets",
        description="Rule sets are preset names or house-rules files: a .toml or .json document "
        "that names a preset and overrides options.")
    rsub = rules.add_subparsers(dest="rules_command", required=True)
    validate = rsub.add_parser(
        "validate", help="check house-rules files and list every problem",
        description="Check each file. Every problem is printed as FILE: option: message, one "
        "per line, and the exit status is 1; a valid file gets a one-line summary. Exit status "
        "0 when every file is valid. A file that cannot be read (missing, a folder) is bad "
        "input, not a problem of a rule file: it is reported on standard error, the other "
        "files are still checked, and the exit status is 2. A valid file is then playtested "
        "(3 games between heuristic bots: a fraction of a second, a few seconds for rules "
        "whose games stop at the hand limit): what they show that a club "
        "would want to know first (every hand ending in its deal, no side ever melding, games "
        "that never reach the target score) is printed as FILE: caution: message, and leaves "
        "the exit status alone.")
    validate.add_argument("files", nargs="+", metavar="FILE", help="a .toml or .json file")
    validate.add_argument("--no-playtest", dest="playtest", action="store_false",
                          help="check the files only, without playing the valid ones")
    validate.set_defaults(func=rules_validate)
    show = rsub.add_parser(
        "show", help="print every option with its value and help",
        description="Print every option of a rule set with its value and help, as a TOML "
        "document (the help in comments).")
    show.add_argument("source", metavar="PRESET|FILE")
    show.set_defaults(func=rules_show)
    diff = rsub.add_parser(
        "diff", help="list the options that differ between two rule sets",
        description="List the options whose values differ between A and B (each a preset or a "
        "file), with the rule IDs each difference touches. Exit status 0 either way.")
    diff.add_argument("a", metavar="A", help="a preset name or a house-rules file")
    diff.add_argument("b", metavar="B", help="a preset name or a house-rules file")
    diff.set_defaults(func=rules_diff)
    presets = rsub.add_parser("presets", help="list the presets with a description each",
                              description="List the presets, each with a one-line "
                              "description of its table and rules.")
    presets.set_defaults(func=rules_presets)
    # (the commands by name in a missing command's refusal, where argparse names the
    # destination: "the following arguments are required: rules_command")
    for subparsers in (sub, rsub):
        subparsers.metavar = "{" + ",".join(subparsers.choices) + "}"
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    0 on success, and when the reader of the output goes away early (a closed pipe, as in
    ``canasta-caliente demo | head -1``: nothing is printed about it); 1 when ``rules
    validate`` finds a problem in a rule file; 2 on a usage error
    or an unusable preset, file or output path, standard output among them (a full disk, a
    closed descriptor; a usage error raises :class:`SystemExit` with status 2, as
    :mod:`argparse` does); 130 when interrupted (:class:`KeyboardInterrupt`, as
    Ctrl-C raises). Every problem is a one-line message on standard error, never a traceback.
    """
    try:
        try:
            args = _parser().parse_args(argv)
        except SystemExit:
            flush_output()  # (the help argparse printed, which a full disk may not take)
            raise
        return int(args.func(args))
    except OutputError as exc:
        say(f"canasta-caliente: {exc}", err=True)
        quiet_output()
        return 2
    except InputError as exc:
        for line in exc.lines:
            say(line, err=True)
        return exc.status
    except RuleSetError as exc:  # an unknown preset
        for option, message in exc.problems or (("(rules)", str(exc)),):
            say(f"canasta-caliente: {option}: {' '.join(message.split())}", err=True)
        return 2
    except CanastaError as exc:
        say(f"canasta-caliente: {one_line(exc)}", err=True)
        return 2
    except KeyboardInterrupt:
        with contextlib.suppress(OSError, ValueError):
            say("canasta-caliente: interrupted", err=True)
        return 130
    except BrokenPipeError:
        # A pager or `head` closed the output early: a normal end for a command line tool.
        quiet_output()
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
