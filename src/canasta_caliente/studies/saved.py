"""Reading a simulation's results back from their JSON data
(:meth:`SimulationResult.to_dict <canasta_caliente.SimulationResult.to_dict>`, the file
``canasta-caliente simulate --json`` writes), for
:meth:`SimulationResult.from_dict <canasta_caliente.SimulationResult.from_dict>`.

Every field is checked, and so is every fact that ties the fields together, as a result the
library made holds them: each game's index is its place and its seed the one the simulation's
seed gives it, its seats' bots are the simulation's, its hand tables have one row a hand and
one number a side, its hand scores add up to its scores, and the counts written beside the
games (the games each side won, how the hands ended, ...) are those of the games. The
statistics written beside them (win rates, means, a comparison's estimates, a tournament's
ratings) are not read: they are computed again from the games, by this version's methods, so
that a file written before a method changed still reads (and a file that leaves them out
reads too). A problem is reported with its path (``games[3].hand_totals[1]``), all of them in
one :class:`~canasta_caliente.StateError`. Reading is linear in the data's size.

Each document names its kind and the version of its format in its ``schema`` field, as a
client message does (:data:`~canasta_caliente.play.messages.MESSAGE_SCHEMA`):
:data:`SIMULATION_SCHEMA`, :data:`COMPARISON_SCHEMA` or :data:`TOURNAMENT_SCHEMA`, the same
object in every simulation's document, a comparison's variants and a tournament's pairs too.
A document without it (written before it was added) reads as the kind asked for; a document
of another kind, of a newer version than this package reads, or with a malformed ``schema``
is refused at once, saying so (and which reader reads another kind).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from .._version import __version__
from ..errors import StateError, short_repr
from ..records._codec import (
    MISSING,
    Problems,
    check_shape,
    fields,
    get_bool,
    get_each,
    get_enum,
    get_int,
    get_list,
    get_rules,
    get_seat,
    get_str,
    join,
    kind,
)
from ..records._parts import get_scores
from ..records.storage import GameRecord
from ..state.game import COMPONENTS, HandEnd, HandResult
from .seeds import game_seed

if TYPE_CHECKING:
    from ..rules.ruleset import RuleSet
    from .compare import Comparison
    from .outcomes import GameResult, SimulationResult
    from .tournament import Tournament

__all__ = [
    "COMPARISON_SCHEMA",
    "SIMULATION_SCHEMA",
    "TOURNAMENT_SCHEMA",
    "read_comparison",
    "read_simulation",
    "read_tournament",
    "simulation",
]

T = TypeVar("T")

SIMULATION_SCHEMA: dict[str, Any] = {"name": "canasta-caliente/simulation", "version": 1}
"""The name and version of a simulation's document (:meth:`SimulationResult.to_dict
<canasta_caliente.SimulationResult.to_dict>`, ``simulate --json``), written as its
``"schema"``, and as each of a comparison's variants' and a tournament's pairs'. The version
rises when a field is added, changes or leaves; this package reads the versions up to it."""

COMPARISON_SCHEMA: dict[str, Any] = {"name": "canasta-caliente/comparison", "version": 1}
"""The name and version of a comparison's document (:meth:`Comparison.to_dict
<canasta_caliente.Comparison.to_dict>`, ``compare --json``), written as its ``"schema"``."""

TOURNAMENT_SCHEMA: dict[str, Any] = {"name": "canasta-caliente/tournament", "version": 1}
"""The name and version of a tournament's document (:meth:`Tournament.to_dict
<canasta_caliente.Tournament.to_dict>`, ``tournament --json``), written as its
``"schema"``."""

_KINDS = {SIMULATION_SCHEMA["name"]: ("a simulation result", "SimulationResult"),
          COMPARISON_SCHEMA["name"]: ("a comparison", "Comparison"),
          TOURNAMENT_SCHEMA["name"]: ("a tournament", "Tournament")}
"""Each result document's kind in words, and the class whose ``from_dict`` reads it."""

WHAT = "simulation result"
"""What the messages call the document."""

_GAME_FIELDS = ("index", "seed", "seat_bots", "winner", "scores", "hands", "hand_totals",
                "hand_ends", "canastas", "actions", "hand_results", "pile_takes",
                "side_canastas", "record")

_COUNTS = ("interrupted", "side_wins", "no_winner", "hand_ends")
"""The counts a result's document gives beside its games: if given, they must be the games'."""

_STATISTICS = ("win_rates", "mean_hand_score", "hands_per_game", "canastas_per_hand")
"""The statistics a result's document gives beside its games: not read (computed again)."""


def read_simulation(data: Any, game_type: type[GameResult],
                    result_type: type[SimulationResult]) -> SimulationResult:
    """The :class:`~canasta_caliente.SimulationResult` of ``data`` (its ``to_dict()``), made
    as ``result_type`` of games made as ``game_type`` (the classes, which this module, below
    ``outcomes``, names only for the type checker); a :class:`~canasta_caliente.StateError`
    listing every problem otherwise."""
    p = Problems()
    result = simulation(p, "", _document(data, WHAT, SIMULATION_SCHEMA), game_type,
                        result_type)
    return _done(p, result, WHAT)


def _document(data: Any, what: str, schema: Mapping[str, Any]) -> dict[str, Any]:
    """``data``, an object of a sane shape (:func:`check_shape`) that may be read as a document
    of ``schema`` (:func:`_schema_read`), or a StateError: at once, for a document of another
    kind or version (its fields would be read as this kind's, every one a problem)."""
    if not isinstance(data, dict):
        raise StateError(f"invalid {what}: expected a JSON object, got {kind(data)}")
    check_shape(data, what)
    found = data.get("format")
    if "schema" not in data and isinstance(found, str):
        # A saved game, state or view names its kind in "format" instead.
        raise StateError(f"invalid {what}: this is a {short_repr(found)} document (its "
                         f"\"format\" says so: a game's record, state or view), not a {what}")
    header = Problems()
    _schema_read(header, "", data, schema)
    header.raise_if_any(what)
    return data


def _schema_read(p: Problems, path: str, data: dict[str, Any], schema: Mapping[str, Any]
                 ) -> bool:
    """Whether the document ``data`` at ``path`` may be read as one of ``schema``: its
    ``schema`` field is that name, of a version up to this one's, or it has none (it was
    written before documents named their kind). Its problems are added to ``p``."""
    if "schema" not in data:
        return True
    at, found = join(path, "schema"), len(p)
    expected, _ = _KINDS[schema["name"]]
    if not isinstance(data["schema"], dict):
        p.add(at, f"expected the document's kind and version, as {json.dumps(schema)} for "
              f"{expected}'s, got {kind(data['schema'])}")
        return False
    marker = fields(p, at, data["schema"], ("name", "version"))
    assert marker is not None  # (an object)
    name = get_str(p, join(at, "name"), marker["name"])
    if name is not None and name != schema["name"]:
        other = _KINDS.get(name)
        if other is None:
            p.add(join(at, "name"), f"expected {schema['name']!r} ({expected}'s document), "
                  f"got {short_repr(name)}")
        elif path:
            p.add(at, f"this is {other[0]}'s document ({name!r}): expected {expected}'s here")
        else:
            p.add(at, f"this is {other[0]}'s document ({name!r}), not {expected}'s: read it "
                  f"with {other[1]}.from_dict (or {other[1]}.from_json)")
        return False
    version = get_int(p, join(at, "version"), marker["version"], low=1)
    if version is not None and version > schema["version"]:
        p.add(join(at, "version"), f"version {version} of {schema['name']!r} was written by "
              f"a newer canasta-caliente: this one ({__version__}) reads versions up to "
              f"{schema['version']} (upgrade canasta-caliente to read it)")
    return len(p) == found


def _done(p: Problems, read: T | None, what: str) -> T:
    """What was read, or the StateError of every problem found."""
    p.raise_if_any(what)
    if read is None:  # (unreachable: what is not read comes with a problem)
        raise StateError(f"invalid {what}")
    return read


def _computed(p: Problems, path: str, given: dict[str, Any], computed: dict[str, Any],
              source: str) -> None:
    """Check the counts of a document (``computed``'s fields), computed from its ``source``
    when it was written, against those computed again from what was read: each if given."""
    for name in computed:
        if given.get(name, MISSING) is not MISSING and given[name] != computed[name]:
            p.add(join(path, name), f"is not its {source}' ({short_repr(computed[name])} from the "
                  f"{source}, {short_repr(given[name])} given): it is computed from them")


def simulation(p: Problems, path: str, value: Any, game_type: type[GameResult],
               result_type: type[SimulationResult]) -> SimulationResult | None:
    """A simulation's result at ``path`` (see :func:`read_simulation`), its problems added to
    ``p``; ``None`` if it has any."""
    found = len(p)
    if isinstance(value, dict) and not _schema_read(p, path, value, SIMULATION_SCHEMA):
        return None
    doc = fields(p, path, value, ("rules", "label", "bots", "seed", "requested", "games"),
                 ("schema", *_COUNTS, *_STATISTICS))
    if doc is None:
        return None

    def at(name: str) -> str:
        return join(path, name)

    rules = get_rules(p, at("rules"), doc["rules"])
    label = None if doc["label"] is None else get_str(p, at("label"), doc["label"])
    bots = get_each(p, at("bots"), doc["bots"], get_str)
    seed = get_int(p, at("seed"), doc["seed"])
    items = get_list(p, at("games"), doc["games"]) or []
    requested = get_int(p, at("requested"), doc["requested"], low=len(items))
    games = []
    if rules is not None and bots is not None:
        for i, item in enumerate(items):
            game = _game(p, join(at("games"), i), item, (seed, i), rules, frozenset(bots),
                         game_type)
            if game is not None:
                games.append(game)
    if (len(p) > found or rules is None or bots is None or seed is None
            or requested is None):
        return None
    result = result_type(rules=rules, bots=tuple(bots), seed=seed, games=tuple(games),
                         requested=requested, label=label)
    _computed(p, path, doc, {"interrupted": result.interrupted,
                             "side_wins": list(result.side_wins),
                             "no_winner": result.no_winner, "hand_ends": result.hand_ends},
              "games")
    return None if len(p) > found else result


def _ints(p: Problems, path: str, value: Any, count: int, low: int | None = None
          ) -> tuple[int, ...] | None:
    """A list of ``count`` integers (at least ``low``)."""
    items = get_list(p, path, value)
    if items is None:
        return None
    if len(items) != count:
        p.add(path, f"expected {count} numbers, got {len(items)}")
        return None
    out = [get_int(p, join(path, i), item, low=low) for i, item in enumerate(items)]
    return tuple(n for n in out if n is not None) if None not in out else None


def _rows(p: Problems, path: str, value: Any, count: int, width: int, *,
          low: int | None = None, optional: bool = False, per: str = "a hand"
          ) -> tuple[tuple[int, ...], ...] | None:
    """``count`` rows (one ``per`` hand, or side) of ``width`` integers, each at least ``low``
    (or no row, when ``optional``: a result made before the field was kept)."""
    items = get_list(p, path, value)
    if items is None:
        return None
    if len(items) != count and not (optional and not items):
        p.add(path, f"expected one row {per} ({count}), got {len(items)}")
        return None
    rows = [_ints(p, join(path, i), row, width, low) for i, row in enumerate(items)]
    return tuple(r for r in rows if r is not None) if None not in rows else None


def _hand_result(p: Problems, path: str, value: Any, players: int, sides: int
                 ) -> HandResult | None:
    data = fields(p, path, value, ("breakdown", "ended", "went_out", "concealed"))
    if data is None:
        return None
    ended = get_enum(p, join(path, "ended"), data["ended"], HandEnd)
    went_out = (None if data["went_out"] is None
                else get_seat(p, join(path, "went_out"), data["went_out"], players))
    concealed = get_bool(p, join(path, "concealed"), data["concealed"])
    rows = _rows(p, join(path, "breakdown"), data["breakdown"], sides, len(COMPONENTS),
                 per="a side")
    if ended is None or concealed is None or rows is None or (
            went_out is None and data["went_out"] is not None):
        return None
    if (went_out is None) != (ended is not HandEnd.WENT_OUT):
        p.add(join(path, "went_out"), "a seat is given exactly when the hand ended with "
              "went_out")
        return None
    return HandResult(rows, ended, went_out, concealed)


def _game(p: Problems, path: str, value: Any, place: tuple[int | None, int], rules: RuleSet,
          bots: frozenset[str], game_type: type[GameResult]) -> GameResult | None:
    """The game at ``place`` (the simulation's seed, ``None`` if it could not be read, and the
    game's index) of a simulation under ``rules`` among ``bots``."""
    simulation_seed, index = place
    data = fields(p, path, value, _GAME_FIELDS)
    if data is None:
        return None
    found = len(p)
    players, sides = rules.players, len(rules.layout)

    def at(name: str) -> str:
        return join(path, name)

    got = get_int(p, at("index"), data["index"], low=0)
    if got is not None and got != index:
        p.add(at("index"), f"expected {index}: a simulation's games are numbered from 0, in "
              "order, with no gap")
    seed = get_int(p, at("seed"), data["seed"])
    expected = None if simulation_seed is None else game_seed(simulation_seed, index)
    if seed is not None and expected is not None and seed != expected:
        rounded = (" (the number given is that seed rounded to a double: a tool that reads "
                   "JSON numbers as doubles, as JavaScript does, changed it)"
                   if seed == int(float(expected)) else "")
        p.add(at("seed"), f"expected {expected}: a game's seed is drawn from the simulation's "
              f"seed and the game's index{rounded}")
    seat_bots = get_each(p, at("seat_bots"), data["seat_bots"], get_str)
    if seat_bots is not None and len(seat_bots) != players:
        p.add(at("seat_bots"), f"expected one bot a seat ({players}), got {len(seat_bots)}")
    for seat, bot in enumerate(seat_bots or ()):
        if bot not in bots:
            p.add(join(at("seat_bots"), seat), f"{short_repr(bot)} is not one of the "
                  "simulation's bots")
    winner = (None if data["winner"] is None
              else get_int(p, at("winner"), data["winner"], low=0, high=sides - 1))
    scores = get_scores(p, at("scores"), data["scores"], sides)
    hands = get_int(p, at("hands"), data["hands"], low=0) or 0
    totals = _rows(p, at("hand_totals"), data["hand_totals"], hands, sides)
    ends_list = get_list(p, at("hand_ends"), data["hand_ends"]) or []
    if len(ends_list) != hands:
        p.add(at("hand_ends"), f"expected one a hand ({hands}), got {len(ends_list)}")
    ends = [get_enum(p, join(at("hand_ends"), h), e, HandEnd) for h, e in enumerate(ends_list)]
    canastas = _ints(p, at("canastas"), data["canastas"], hands, low=0)
    actions = get_int(p, at("actions"), data["actions"], low=0)
    results_list = get_list(p, at("hand_results"), data["hand_results"]) or []
    if results_list and len(results_list) != hands:
        p.add(at("hand_results"), f"expected one a hand ({hands}), got {len(results_list)}")
    results = [_hand_result(p, join(at("hand_results"), h), r, players, sides)
               for h, r in enumerate(results_list)]
    takes = _rows(p, at("pile_takes"), data["pile_takes"], hands, sides, low=0, optional=True)
    side_canastas = _rows(p, at("side_canastas"), data["side_canastas"], hands, sides, low=0,
                          optional=True)
    record = None
    if data["record"] is not None:
        try:
            record = GameRecord.from_dict(data["record"])
        except StateError as exc:  # its problems, each at its path under the record's
            for where, message in exc.problems or (("", str(exc)),):
                p.add(join(at("record"), where) if where else at("record"), message)
    if len(p) > found or totals is None or scores is None or canastas is None:
        return None  # (each None has its problem)
    # The facts that tie the fields together, as every game played holds them.
    if tuple(map(sum, zip(*totals, strict=True))) != scores and hands:
        p.add(at("scores"), "are not the sums of the hand_totals")
    for h, result in enumerate(results):
        if result is not None and (result.totals != totals[h] or result.ended != ends[h]):
            p.add(join(at("hand_results"), h), "does not match its hand's hand_totals and "
                  "hand_ends")
    for h, row in enumerate(side_canastas or ()):
        if sum(row) != canastas[h]:
            p.add(join(at("side_canastas"), h), f"add up to {sum(row)}, not the hand's "
                  f"canastas ({canastas[h]})")
    if record is not None and (record.seed != seed or record.rules != rules):
        p.add(at("record"), "is not this game's (another seed or other rules)")
    elif record is not None and actions != sum(1 for a in record.actions
                                               if not a.startswith("deal")):
        p.add(at("actions"), "is not the number of its record's actions (deals not counted)")
    if len(p) > found:
        return None
    return game_type(index=index, seed=seed or 0, seat_bots=tuple(seat_bots or ()),
                      winner=winner, scores=scores, hands=hands, hand_totals=totals,
                      hand_ends=tuple(e.value for e in ends if e is not None),
                      canastas=canastas, actions=actions or 0,
                      hand_results=tuple(r for r in results if r is not None),
                      pile_takes=takes or (), side_canastas=side_canastas or (), record=record)


COMPARISON = "comparison"
"""What the messages call a comparison's document."""

_COMPARED = ("variants", "games", "interrupted")
"""The counts a comparison's document gives beside its results: if given, they must be the
results'."""


def read_comparison(data: Any, game_type: type[GameResult],
                    result_type: type[SimulationResult],
                    make: Callable[[dict[str, SimulationResult]], Comparison]) -> Comparison:
    """The :class:`~canasta_caliente.studies.compare.Comparison` of ``data`` (its
    ``to_dict()``), made by ``make`` of its variants' results: each variant's result as
    :func:`read_simulation` reads one, labelled by its variant, all of the same bots, seed and
    table, as :func:`~canasta_caliente.compare` plays them; the estimates and the summary
    those of the results. A :class:`~canasta_caliente.StateError` listing every problem
    otherwise."""
    p = Problems()
    doc = fields(p, "", _document(data, COMPARISON, COMPARISON_SCHEMA), ("results",),
                 ("schema", *_COMPARED, "estimates", "summary"))
    results: dict[str, SimulationResult] = {}
    given = MISSING if doc is None else doc["results"]
    if given is not MISSING and not isinstance(given, dict):
        p.add("results", f"expected an object of each variant's result, got {kind(given)}")
    items: dict[str, Any] = given if isinstance(given, dict) else {}
    if isinstance(given, dict):
        for label, value in items.items():
            read = simulation(p, _at_label(label), value, game_type, result_type)
            if read is not None and read.label != label:
                p.add(join(_at_label(label), "label"), f"expected {short_repr(label)}: a "
                      "variant's result carries its label")
            elif read is not None:
                results[label] = read
    if len(results) == len(items) >= 2:
        first = next(iter(results.values()))
        for label, result in results.items():
            if ((result.bots, result.seed, result.rules.players, result.rules.layout)
                    != (first.bots, first.seed, first.rules.players, first.rules.layout)):
                p.add(_at_label(label), "is not of the first variant's bots, seed and table: "
                      "a comparison plays every variant so")
    elif isinstance(given, dict) and len(items) < 2:
        p.add("results", f"a comparison has at least two variants, got {len(items)}")
    if not p and doc is not None:
        comparison = make(results)
        _computed(p, "", doc, {"variants": list(comparison.labels),
                               "games": comparison.games,
                               "interrupted": comparison.interrupted}, "results")
        return _done(p, comparison, COMPARISON)
    return _done(p, None, COMPARISON)


def _at_label(label: str) -> str:
    """The path of a variant's result: ``results.open``, or ``results["a.b"]`` for a label
    that would read as more than one key."""
    plain = label.replace("_", "a").replace("-", "a").isalnum() and label.isascii()
    return join("results", label) if plain else f"results[{json.dumps(label)}]"


TOURNAMENT = "tournament"
"""What the messages call a tournament's document."""

_RATED = ("games", "wins")
"""The counts a tournament's document gives beside its pairs: if given, they must be the
pairs'."""


def read_tournament(data: Any, game_type: type[GameResult],
                    result_type: type[SimulationResult],
                    make: Callable[[RuleSet, tuple[str, ...], tuple[SimulationResult, ...],
                                    bool], Tournament]) -> Tournament:
    """The :class:`~canasta_caliente.studies.tournament.Tournament` of ``data`` (its
    ``to_dict()``), made (rated) by ``make`` of its rules, bots, pairs and whether it was
    interrupted: each pair's result as :func:`read_simulation` reads one, of the pairs
    :func:`~canasta_caliente.tournament` plays, in its order (a prefix of them if it was
    interrupted), under the tournament's rules; the ratings and wins those of the pairs. A
    :class:`~canasta_caliente.StateError` listing every problem otherwise."""
    p = Problems()
    doc = fields(p, "", _document(data, TOURNAMENT, TOURNAMENT_SCHEMA),
                 ("rules", "bots", "pairs", "interrupted"), ("schema", *_RATED, "ratings"))
    if doc is None:  # (unreachable: the document is an object)
        return _done(p, None, TOURNAMENT)
    rules = get_rules(p, "rules", doc["rules"])
    bots = get_each(p, "bots", doc["bots"], get_str)
    interrupted = get_bool(p, "interrupted", doc["interrupted"])
    if bots is not None and (len(bots) < 2 or len(set(bots)) != len(bots)):
        p.add("bots", "a tournament has at least two bots, each named once")
        bots = None
    listed = get_list(p, "pairs", doc["pairs"])
    items = listed or []
    order = [] if bots is None else [(a, b) for i, a in enumerate(bots) for b in bots[i + 1:]]
    if bots is not None and len(items) > len(order):
        p.add("pairs", f"expected at most {len(order)} pairs (one a pair of bots), got "
              f"{len(items)}")
    pairs = []
    found = len(p)
    for n, item in enumerate(items):
        read = simulation(p, join("pairs", n), item, game_type, result_type)
        if read is None or rules is None or n >= len(order):
            continue
        a, b = order[n]
        if read.label != f"{a} vs {b}" or read.bots != (a, b):
            p.add(join("pairs", n), f"expected the games of {short_repr(a)} against "
                  f"{short_repr(b)} (the pairs come in the order the tournament plays them)")
        elif read.rules != rules:
            p.add(join(join("pairs", n), "rules"), "are not the tournament's rules")
        pairs.append(read)
    # Whether it was interrupted, once its pairs are read: a problem there would say it again.
    if (bots is not None and listed is not None and len(p) == found
            and len(items) <= len(order) and interrupted is not None):
        # A round robin stops at its first pair interrupted, or between two pairs.
        cut = [n for n, pair in enumerate(pairs) if pair.interrupted]
        if cut and cut[0] != len(pairs) - 1:
            p.add(join("pairs", cut[0]), "was interrupted, and pairs come after it: a round "
                  "robin stops at its first pair interrupted")
        elif interrupted != (bool(cut) or len(pairs) < len(order)):
            p.add("interrupted", f"expected {not interrupted}: {len(pairs)} of {len(order)} "
                  f"pairs played, {'the last' if cut else 'none'} interrupted")
    if not p and rules is not None and bots is not None and interrupted is not None:
        rated = make(rules, tuple(bots), tuple(pairs), interrupted)
        _computed(p, "", doc, {"games": rated.games,
                               "wins": [list(row) for row in rated.wins]}, "pairs")
        return _done(p, rated, TOURNAMENT)
    return _done(p, None, TOURNAMENT)
