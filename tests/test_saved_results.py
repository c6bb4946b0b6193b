"""A simulation's results read back from their JSON data (``SimulationResult.from_dict`` and
``from_json``): the same result, and every field, and every fact that ties the fields
together, checked, each problem named by its path."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import canasta_caliente as cc
from canasta_caliente.cli.commands import main

RULES = cc.RuleSet.preset("caliente-2p")
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def result() -> cc.SimulationResult:
    """Three games kept with their records; the third stopped by the hand limit (no winner),
    and a run asked for five: as an interrupted one is."""
    played = cc.simulate(RULES, ["heuristic", "random"], games=3, seed=4, keep_records=True,
                         max_hands=2)
    return cc.SimulationResult(rules=played.rules, bots=played.bots, seed=played.seed,
                               games=played.games, requested=5, label="two hands")


@pytest.mark.parametrize("preset", ["caliente", "caliente-2p", "classic", "caliente-6p-3deck-3x2"])
def test_a_result_reads_back_as_it_was(preset: str) -> None:
    """Through JSON text, for every table shape: equal, aggregates and all."""
    played = cc.simulate(cc.RuleSet.preset(preset), ["heuristic", "random"], games=3, seed=2,
                         max_hands=3)
    back = cc.SimulationResult.from_json(json.dumps(played.to_dict()))
    assert back == played
    assert back.to_dict() == played.to_dict()


def test_records_labels_and_interrupted_runs_read_back(result: cc.SimulationResult) -> None:
    back = cc.SimulationResult.from_dict(json.loads(json.dumps(result.to_dict())))
    assert back == result and back.interrupted and back.label == "two hands"
    assert back.games[0].record == result.games[0].record
    record = back.games[0].record
    assert record is not None
    assert cc.replay(record)[-1].scores == back.games[0].scores


def test_a_comparisons_and_a_tournaments_results_read_back() -> None:
    comparison = cc.compare({"a": RULES, "b": RULES.replace(always_frozen=True)},
                            bots=["random", "random"], games=2, seed=1)
    for variant in comparison.results.values():
        assert cc.SimulationResult.from_dict(variant.to_dict()) == variant
    tournament = cc.tournament(["random", "heuristic"], RULES, games=2, seed=1, max_hands=1)
    assert [cc.SimulationResult.from_dict(pair.to_dict()) for pair in tournament.pairs] == list(
        tournament.pairs)


def test_the_cli_json_file_reads_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                      ) -> None:
    """The file ``simulate --json`` writes is a result's data."""
    out = tmp_path / "results.json"
    assert main(["simulate", "--rules", "caliente-2p", "--games", "3", "--seed", "5",
                 "--json", str(out), "--no-progress"]) == 0
    capsys.readouterr()
    back = cc.SimulationResult.from_json(out.read_bytes())
    again = cc.simulate(RULES, ["heuristic", "random"], games=3, seed=5)
    assert back == again


def edited(result: cc.SimulationResult, edit: Callable[[dict[str, Any]], None]
           ) -> dict[str, Any]:
    data = copy.deepcopy(result.to_dict())
    edit(data)
    return data


def problems(data: Any) -> str:
    with pytest.raises(cc.StateError) as caught:
        cc.SimulationResult.from_dict(data)
    message = str(caught.value)
    assert message.startswith("invalid simulation result")
    return message


@pytest.mark.parametrize(("edit", "said"), [
    (lambda d: d["games"][1].update(index=7), "games[1].index: expected 1"),
    (lambda d: d["games"][0]["seat_bots"].__setitem__(1, "ismcts"),
     "games[0].seat_bots[1]: 'ismcts' is not one of the simulation's bots"),
    (lambda d: d["games"][0]["seat_bots"].pop(), "games[0].seat_bots: expected one bot a seat"),
    (lambda d: d["games"][0]["scores"].__setitem__(0, 99999),
     "games[0].scores: are not the sums of the hand_totals"),
    (lambda d: d["games"][0]["hand_totals"][0].pop(), "games[0].hand_totals[0]: expected 2"),
    (lambda d: d["games"][0]["hand_ends"].append("went_out"), "games[0].hand_ends: expected one"),
    (lambda d: d["games"][0]["hand_ends"].__setitem__(0, "gone"),
     "games[0].hand_ends[0]: expected one of"),
    (lambda d: d["games"][0]["hand_results"][0]["breakdown"][0].__setitem__(0, 1),
     "games[0].hand_results[0]: does not match"),
    (lambda d: d["games"][0]["hand_results"][0].update(went_out=None, ended="went_out"),
     "games[0].hand_results[0].went_out: a seat is given exactly when"),
    (lambda d: d["games"][0]["side_canastas"][0].__setitem__(0, 40),
     "games[0].side_canastas[0]: add up to"),
    (lambda d: d["games"][0]["pile_takes"][0].__setitem__(1, -1),
     "games[0].pile_takes[0][1]: must be at least 0"),
    (lambda d: d["games"][0].update(winner=2), "games[0].winner: must be at most 1"),
    (lambda d: d["games"][0].update(actions=True), "games[0].actions: expected an integer"),
    (lambda d: d["games"][0].update(extra=1), "games[0].extra: unknown field"),
    (lambda d: d["games"][0].pop("seed"), "games[0].seed: missing field"),
    (lambda d: d["games"][0]["record"].update(seed=1), "games[0].record: is not this game's"),
    (lambda d: d["games"][0]["record"].update(actions=["fly"]),
     "games[0].record.actions[0]: step 1: "),
    (lambda d: d["games"][0]["record"].update(format="x"), "games[0].record.format: expected"),
    (lambda d: d["side_wins"].__setitem__(0, 3), "side_wins: is not its games'"),
    (lambda d: d["hand_ends"].update(passed=9), "hand_ends: is not its games'"),
    (lambda d: d.update(interrupted=False), "interrupted: is not its games'"),
    (lambda d: d.update(requested=2), "requested: must be at least 3"),
    (lambda d: d.update(rules={"preset": "nope"}), "rules: invalid RuleSet"),
    (lambda d: d.update(label=3), "label: expected a string"),
    (lambda d: d.update(bots="heuristic"), "bots: expected a list"),
    (lambda d: d.pop("games"), "games: missing field"),
])
def test_each_problem_is_named_by_its_path(result: cc.SimulationResult,
                                           edit: Callable[[dict[str, Any]], None],
                                           said: str) -> None:
    assert said in problems(edited(result, edit))


def test_every_problem_is_listed_at_once(result: cc.SimulationResult) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["games"][0]["index"] = 5
        data["games"][2]["canastas"] = "many"
        data["seed"] = "x"

    message = problems(edited(result, edit))
    assert "(3 problems)" in message
    for path in ("games[0].index", "games[2].canastas", "seed"):
        assert f"\n  {path}: " in message


@pytest.mark.parametrize("data", [[], "results", None, {"games": []}])
def test_data_that_is_no_result_is_refused(data: Any) -> None:
    problems(data)


def test_bad_json_and_deep_nesting_are_refused_and_a_wrong_type_is_a_type_error() -> None:
    with pytest.raises(cc.StateError, match="invalid JSON at line 1"):
        cc.SimulationResult.from_json("{")
    with pytest.raises(cc.StateError, match=r"nested too deep|nests"):
        cc.SimulationResult.from_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(TypeError, match="expected JSON text"):
        cc.SimulationResult.from_json(12)  # type: ignore[arg-type]


# -- comparisons and tournaments ------------------------------------------------------------


@pytest.fixture(scope="module")
def comparison() -> cc.Comparison:
    return cc.compare({"open": RULES, "frozen": RULES.replace(always_frozen=True)},
                      bots=["random", "heuristic"], games=3, seed=2, max_hands=2)


@pytest.fixture(scope="module")
def tournament() -> cc.Tournament:
    return cc.tournament(["random", "heuristic", "level-1"], RULES, games=2, seed=3,
                         max_hands=1)


def test_a_comparison_and_a_tournament_read_back_as_they_were(
        comparison: cc.Comparison, tournament: cc.Tournament) -> None:
    assert cc.Comparison.from_json(json.dumps(comparison.to_dict())) == comparison
    assert cc.Tournament.from_json(json.dumps(tournament.to_dict())) == tournament
    # An interrupted round robin keeps the pairs it played, in order, and is rated on them.
    cut = cc.studies.tournament.rated(tournament.rules, tournament.bots, tournament.pairs[:1],
                                      True)
    assert cc.Tournament.from_dict(json.loads(json.dumps(cut.to_dict()))) == cut


def refused(read: Callable[[Any], Any], data: Any, what: str) -> str:
    with pytest.raises(cc.StateError) as caught:
        read(data)
    message = str(caught.value)
    assert message.startswith(f"invalid {what}")
    return message


COMPARISON_EDITS: list[tuple[Callable[[dict[str, Any]], None], str]] = [
    (lambda d: d["results"]["open"].update(label="shut"),
     "results.open.label: expected 'open'"),
    (lambda d: d["results"]["frozen"]["bots"].reverse(),
     "results.frozen: is not of the first variant's bots, seed and table"),
    (lambda d: d["results"]["frozen"].update(seed=9),
     "results.frozen.games[0].seed: expected "),
    (lambda d: d["results"].pop("frozen"), "results: a comparison has at least two variants"),
    (lambda d: d["results"]["open"]["games"][0].update(index=2),
     "results.open.games[0].index: expected 0"),
    (lambda d: d.update(games=1), "games: is not its results'"),
    (lambda d: d.update(results=[]), "results: expected an object"),
]
TOURNAMENT_EDITS: list[tuple[Callable[[dict[str, Any]], None], str]] = [
    (lambda d: d["pairs"].reverse(), "pairs[0]: expected the games of 'random' against "
     "'heuristic'"),
    (lambda d: d["pairs"].append(d["pairs"][0]), "pairs: expected at most 3 pairs"),
    (lambda d: d["pairs"].pop(), "interrupted: expected True: 2 of 3 pairs played, none "
     "interrupted"),
    (lambda d: d.update(interrupted=True), "interrupted: expected False: 3 of 3 pairs played, "
     "none interrupted"),
    (lambda d: d["pairs"][0].update(requested=3, interrupted=True),
     "pairs[0]: was interrupted, and pairs come after it"),
    (lambda d: d["wins"][0].__setitem__(1, 5.0), "wins: is not its pairs'"),
    (lambda d: d.update(bots=["random", "random", "level-1"]),
     "bots: a tournament has at least two bots, each named once"),
    (lambda d: d["pairs"][1]["rules"].update(target_score=3000),
     "pairs[1].rules: are not the tournament's rules"),
    (lambda d: d["pairs"][1].update(label="level-1 vs random"),
     "pairs[1]: expected the games of 'random' against 'level-1' (the pairs come in"),
    (lambda d: d.update(interrupted="no"), "interrupted: expected true or false"),
]


@pytest.mark.parametrize(("kind", "edit", "said"), [
    *(("comparison", edit, said) for edit, said in COMPARISON_EDITS),
    *(("tournament", edit, said) for edit, said in TOURNAMENT_EDITS),
])
def test_a_comparisons_or_a_tournaments_problems_are_named(
        kind: str, edit: Callable[[dict[str, Any]], None], said: str,
        request: pytest.FixtureRequest) -> None:
    read = cc.Comparison.from_dict if kind == "comparison" else cc.Tournament.from_dict
    data = copy.deepcopy(request.getfixturevalue(kind).to_dict())
    edit(data)
    assert said in refused(read, data, kind)


@pytest.mark.parametrize("read", [cc.Comparison.from_dict, cc.Tournament.from_dict])
def test_data_that_is_no_comparison_or_tournament_is_refused(read: Callable[[Any], Any]
                                                            ) -> None:
    nothing: list[Any] = [[], None, {}, {"pairs": 3, "results": 3}]
    for data in nothing:
        with pytest.raises(cc.StateError):
            read(data)


def test_the_statistics_beside_the_games_are_computed_again_not_read(
        result: cc.SimulationResult, comparison: cc.Comparison,
        tournament: cc.Tournament) -> None:
    """Win rates, means, a comparison's estimates and summary, a tournament's ratings: given
    otherwise (a file of a version whose methods differ, or edited), or not given at all, they
    are the games' once read. The counts beside the games, where given, must be theirs."""
    data = result.to_dict()
    data["win_rates"] = {"heuristic": [0.5, 0.0, 1.0]}
    data["hands_per_game"] = 99.0
    assert cc.SimulationResult.from_dict(data) == result
    for name in ("interrupted", "win_rates", "side_wins", "no_winner", "mean_hand_score",
                 "hands_per_game", "canastas_per_hand", "hand_ends"):
        del data[name]
    assert cc.SimulationResult.from_dict(data) == result
    compared = comparison.to_dict()
    compared["estimates"] = compared["summary"] = None
    assert cc.Comparison.from_dict(compared) == comparison
    rated = tournament.to_dict()
    rated["ratings"] = {"random": [1.0, 0.0, 2.0]}
    assert cc.Tournament.from_dict(rated) == tournament


def test_a_long_list_of_problems_is_cut_in_the_message_and_whole_in_problems(
        result: cc.SimulationResult) -> None:
    data = result.to_dict()
    for n in range(25):
        data[f"extra{n}"] = n
    with pytest.raises(cc.StateError) as caught:
        cc.SimulationResult.from_dict(data)
    message = str(caught.value)
    assert message.startswith("invalid simulation result (25 problems):")
    assert message.count("unknown field") == 20 and message.endswith("\n  ... and 5 more")
    assert len(caught.value.problems) == 25
    assert caught.value.problems[24] == ("extra24", "unknown field")


def test_a_seed_rounded_by_a_tool_says_so(result: cc.SimulationResult) -> None:
    """A game's seed is a 63-bit integer; a tool that reads JSON numbers as doubles (as
    JavaScript does) rounds it, and the message says that may be what happened."""
    data = result.to_dict()
    seed = data["games"][0]["seed"]
    data["games"][0]["seed"] = int(float(seed))
    assert int(float(seed)) != seed
    assert "rounded to a double" in problems(data)


def test_a_label_that_reads_as_keys_is_quoted_in_paths(comparison: cc.Comparison) -> None:
    data = comparison.to_dict()
    data["results"] = {"a.b" if k == "open" else k: v for k, v in data["results"].items()}
    data["results"]["a.b"]["label"] = "a.b"
    data["results"]["a.b"]["games"][0]["index"] = 4
    data["variants"] = ["a.b", "frozen"]
    message = refused(cc.Comparison.from_dict, data, "comparison")
    assert 'results["a.b"].games[0].index: expected 0' in message


def test_a_tournaments_pairs_not_a_list_is_one_problem(tournament: cc.Tournament) -> None:
    data = tournament.to_dict()
    data["pairs"] = {}
    message = refused(cc.Tournament.from_dict, data, "tournament")
    assert message.startswith("invalid tournament (1 problem):\n  pairs: expected a list")


def test_a_path_or_a_file_given_for_text_says_to_read_it(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    path.write_text("{}", encoding="utf-8")
    with pytest.raises(TypeError, match=r"a path: give the file's contents, path.read_bytes\(\)"):
        cc.SimulationResult.from_json(path)  # type: ignore[arg-type]
    with path.open() as file, pytest.raises(TypeError, match=r"an open file: .*file.read\(\)"):
        cc.Tournament.from_json(file)  # type: ignore[arg-type]
    # A file's name given as text (a notebook user's trial): the same advice, for a name.
    for read in (cc.SimulationResult.from_json, cc.Comparison.from_json, cc.loads):
        with pytest.raises(cc.StateError, match=r"invalid JSON at line 1, column 1: .* \(this "
                                                r"reads as a file's name, 'results.json': give "
                                                r"the file's contents"):
            read("results.json")
    with pytest.raises(cc.StateError) as refused:
        cc.SimulationResult.from_json("results")
    assert "file's name" not in str(refused.value)


def test_an_integer_too_long_to_read_is_refused_in_the_librarys_words() -> None:
    """Python refuses to read an integer of more than 4,300 digits, saying to call
    sys.set_int_max_str_digits(): the document's reader says what was wrong instead."""
    with pytest.raises(cc.StateError, match="an integer of more than 4300 digits") as caught:
        cc.SimulationResult.from_json('{"seed": ' + "7" * 5000 + "}")
    assert "set_int_max_str_digits" not in str(caught.value)


def test_a_dask_client_given_as_executor_is_told_how_to_get_one() -> None:
    class Client:  # what matters of a Dask client here: it gives an executor
        def get_executor(self) -> None:
            return None

    with pytest.raises(TypeError, match=r"executor=client.get_executor\(\)"):
        cc.simulate(RULES, ["random"], games=1, executor=Client())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"executor=client.get_executor\(\)"):
        cc.tournament(["random", "heuristic"], cc.RuleSet.preset("caliente-2p"), games=2,
                      executor=Client())  # type: ignore[arg-type]


@pytest.mark.parametrize(("args", "read"), [
    (["simulate", "--rules", "caliente-2p", "--games", "2"], cc.SimulationResult.from_json),
    (["compare", "caliente-2p", "examples/house-rules/two-player-frozen-caliente.json",
      "--games", "2", "--bots", "random"], cc.Comparison.from_json),
    (["tournament", "--rules", "caliente-2p", "--bots", "random,heuristic", "--games", "2"],
     cc.Tournament.from_json),
], ids=["simulate", "compare", "tournament"])
def test_each_study_writes_json_that_reads_back(
        args: list[str], read: Callable[[bytes], Any], tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``--json FILE`` on every study command (``compare`` and ``tournament`` had none), the
    file what the study's ``from_json`` reads, and one file for ``--json`` and ``--out`` is
    refused before the run. The file names its kind and format version (``schema``)."""
    monkeypatch.chdir(ROOT)
    out = tmp_path / "results.json"
    assert main([*args, "--json", str(out), "--no-progress"]) == 0
    assert f"results written to {out}" in capsys.readouterr().out
    assert read(out.read_bytes()).to_dict() == json.loads(out.read_text())
    kind = {"simulate": "simulation", "compare": "comparison", "tournament": "tournament"}
    assert json.loads(out.read_text())["schema"] == SCHEMAS[kind[args[0]]]
    both = tmp_path / "hands.jsonl"
    assert main([*args, "--json", str(both), "--out", str(both), "--no-progress"]) == 2
    assert "is also the --json file" in capsys.readouterr().err


# -- the documents' kind and format version ("schema") ---------------------------------------

SCHEMAS = {"simulation": {"name": "canasta-caliente/simulation", "version": 1},
           "comparison": {"name": "canasta-caliente/comparison", "version": 1},
           "tournament": {"name": "canasta-caliente/tournament", "version": 1}}
READ: dict[str, Callable[[Any], Any]] = {"simulation": cc.SimulationResult.from_dict,
                                         "comparison": cc.Comparison.from_dict,
                                         "tournament": cc.Tournament.from_dict}
WHAT = {"simulation": "simulation result", "comparison": "comparison",
        "tournament": "tournament"}
CLASS = {"simulation": "SimulationResult", "comparison": "Comparison",
         "tournament": "Tournament"}


@pytest.fixture(scope="module")
def documents(result: cc.SimulationResult, comparison: cc.Comparison,
              tournament: cc.Tournament) -> dict[str, dict[str, Any]]:
    """Each kind's document, as JSON data."""
    return {"simulation": json.loads(json.dumps(result.to_dict())),
            "comparison": json.loads(json.dumps(comparison.to_dict())),
            "tournament": json.loads(json.dumps(tournament.to_dict()))}


def test_each_document_names_its_kind_and_format_version(
        documents: dict[str, dict[str, Any]]) -> None:
    """First in the document, as a client message's ``schema``; a comparison's variants and a
    tournament's pairs are simulations' documents, each marked as one."""
    for kind, data in documents.items():
        assert next(iter(data)) == "schema" and data["schema"] == SCHEMAS[kind]
    assert [r["schema"] for r in documents["comparison"]["results"].values()] == [
        SCHEMAS["simulation"]] * 2
    assert [r["schema"] for r in documents["tournament"]["pairs"]] == [SCHEMAS["simulation"]] * 3
    saved = cc.studies.saved
    assert [SCHEMAS["simulation"], SCHEMAS["comparison"], SCHEMAS["tournament"]] == [
        saved.SIMULATION_SCHEMA, saved.COMPARISON_SCHEMA, saved.TOURNAMENT_SCHEMA]
    assert cc.SimulationResult.from_dict(documents["comparison"]["results"]["open"]) is not None


@pytest.mark.parametrize("kind", sorted(SCHEMAS))
def test_a_document_written_before_the_schema_reads_and_writes_back_marked(kind: str) -> None:
    """Files written before documents named their kind (by the commit the README of
    ``tests/saved_results`` names) read, and write back with their ``schema``, the same
    document otherwise. (They are not the results the same call plays today: those games were
    played before each seat's bot had an rng of its own.) A comparison's estimates and summary,
    computed again from its games, gain the measures added since (:data:`NEW_MEASURES`)."""
    old = json.loads((ROOT / "tests" / "saved_results" / f"{kind}-unmarked.json").read_text())
    assert "schema" not in old
    back = READ[kind](old)
    written = json.loads(json.dumps(back.to_dict()))
    assert written.pop("schema") == SCHEMAS[kind]
    inner = (list(written["results"].values()) if kind == "comparison"
             else written["pairs"] if kind == "tournament" else [])
    for each in inner:
        assert each.pop("schema") == SCHEMAS["simulation"]
    if kind == "comparison":  # its estimates are computed again, of measures added since
        _new_measures_computed_from_the_games(written, back)
    assert written == old


NEW_MEASURES = ("actions per game", "actions per hand")
"""The measures of a comparison added after the files of ``tests/saved_results`` were
written: a comparison read from one has them too, computed from its games."""


def _new_measures_computed_from_the_games(written: dict[str, Any],
                                          back: cc.Comparison) -> None:
    """The estimates and summary rows of :data:`NEW_MEASURES` in ``written`` (the document
    ``back``, read from an old file, writes) are those of its games: then taken out, so that
    the rest compares with the old file as it was written (the file itself is left as the
    commit its README names wrote it, measures and all)."""
    for label, estimates in written["estimates"].items():
        games = back.results[label].games
        actions = sum(g.actions for g in games)
        assert estimates.pop("actions per game")[0] == pytest.approx(actions / len(games))
        assert estimates.pop("actions per hand")[0] == pytest.approx(
            actions / sum(g.hands for g in games))
    rows = written["summary"]
    assert [r["measure"] for r in rows if r["measure"] in NEW_MEASURES] == list(NEW_MEASURES)
    written["summary"] = [r for r in rows if r["measure"] not in NEW_MEASURES]


@pytest.mark.parametrize(("kind", "given"), [
    (kind, given) for kind in sorted(SCHEMAS) for given in sorted(SCHEMAS) if given != kind])
def test_a_document_of_another_kind_is_refused_naming_its_reader(
        kind: str, given: str, documents: dict[str, dict[str, Any]]) -> None:
    """At once, the one problem: not a list of every field that kind lacks."""
    message = refused(READ[kind], documents[given], WHAT[kind])
    assert message == (
        f"invalid {WHAT[kind]} (1 problem):\n  schema: this is a "
        f"{WHAT[given]}'s document ({SCHEMAS[given]['name']!r}), not a {WHAT[kind]}'s: read it "
        f"with {CLASS[given]}.from_dict (or {CLASS[given]}.from_json)")
    assert f"{CLASS[given]}.from_json" in refused(
        lambda d: getattr(cc, CLASS[kind]).from_json(json.dumps(d)), documents[given],
        WHAT[kind])


@pytest.mark.parametrize("kind", sorted(SCHEMAS))
def test_a_newer_format_version_is_refused_as_written_by_a_newer_package(
        kind: str, documents: dict[str, dict[str, Any]]) -> None:
    data = copy.deepcopy(documents[kind])
    data["schema"]["version"] = 2
    data["extra"] = "a field of version 2"
    message = refused(READ[kind], data, WHAT[kind])
    assert message == (
        f"invalid {WHAT[kind]} (1 problem):\n  schema.version: version 2 of "
        f"{SCHEMAS[kind]['name']!r} was written by a newer canasta-caliente: this one "
        f"({cc.__version__}) reads versions up to 1 (upgrade canasta-caliente to read it)")


@pytest.mark.parametrize(("marker", "said"), [
    ("canasta-caliente/simulation", "schema: expected the document's kind and version, as "
     '{"name": "canasta-caliente/simulation", "version": 1} for a simulation result\'s, got a '
     "string"),
    (None, "schema: expected the document's kind and version"),
    ([], "schema: expected the document's kind and version"),
    ({}, "schema.name: missing field\n  schema.version: missing field"),
    ({"name": "canasta-caliente/simulation"}, "schema.version: missing field"),
    ({"version": 1}, "schema.name: missing field"),
    ({"name": 1, "version": 1}, "schema.name: expected a string, got an integer"),
    ({"name": "canasta-caliente/state", "version": 1},
     "schema.name: expected 'canasta-caliente/simulation' (a simulation result's document), "
     "got 'canasta-caliente/state'"),
    ({"name": "canasta-caliente/simulation", "version": "1"},
     "schema.version: expected an integer, got a string"),
    ({"name": "canasta-caliente/simulation", "version": True},
     "schema.version: expected an integer, got a boolean"),
    ({"name": "canasta-caliente/simulation", "version": 0},
     "schema.version: must be at least 1"),
    ({"name": "canasta-caliente/simulation", "version": 1, "date": "today"},
     "schema.date: unknown field"),
])
def test_a_malformed_schema_is_refused_at_once(marker: Any, said: str,
                                              result: cc.SimulationResult) -> None:
    data = result.to_dict()
    data["schema"] = marker
    data["seed"] = "not read: the schema is refused first"
    message = problems(data)
    assert said in message and "seed" not in message


def test_a_variants_or_a_pairs_schema_is_checked_at_its_path(
        documents: dict[str, dict[str, Any]]) -> None:
    """A simulation's document inside a comparison or a tournament is one as any other: its
    ``schema`` may be left out (a file written before it), and is checked otherwise."""
    compared = copy.deepcopy(documents["comparison"])
    del compared["results"]["open"]["schema"]
    compared["results"]["frozen"]["schema"] = SCHEMAS["tournament"]
    message = refused(cc.Comparison.from_dict, compared, "comparison")
    assert message == ("invalid comparison (1 problem):\n  results.frozen.schema: this is a "
                       "tournament's document ('canasta-caliente/tournament'): expected a "
                       "simulation result's here")
    rated = copy.deepcopy(documents["tournament"])
    rated["pairs"][2]["schema"]["version"] = 7
    rated["pairs"][1]["schema"] = "simulation"
    message = refused(cc.Tournament.from_dict, rated, "tournament")
    assert "(2 problems)" in message
    assert "\n  pairs[1].schema: expected the document's kind and version" in message
    assert "\n  pairs[2].schema.version: version 7 of 'canasta-caliente/simulation' was " \
           "written by a newer canasta-caliente" in message
    del compared["results"]["frozen"]["schema"]
    assert cc.Comparison.from_dict(compared) == cc.Comparison.from_dict(documents["comparison"])


def test_a_saved_game_and_a_result_each_say_what_the_other_is(
        result: cc.SimulationResult) -> None:
    """A saved game (``"format"``) given to a result's reader, or a result (``"schema"``) to a
    saved game's, was refused with a list of every field the other kind lacks; each now says
    what the document is, at once."""
    rules = cc.RuleSet.preset("caliente-2p")
    record = cc.GameRecord.start(rules, seed=3).extend("draw")
    for read, what in ((cc.SimulationResult.from_json, "simulation result"),
                       (cc.Comparison.from_json, "comparison"),
                       (cc.Tournament.from_json, "tournament")):
        with pytest.raises(cc.StateError) as caught:
            read(record.to_json())
        assert str(caught.value) == (
            f"invalid {what}: this is a 'canasta-caliente/record' document (its \"format\" says "
            f"so: a game's record, state or view), not a {what}")
    document = json.dumps(result.to_dict())
    for read, what in ((cc.GameRecord.from_json, "game record"), (cc.loads, "state document")):
        with pytest.raises(cc.StateError) as caught:
            read(document)
        assert str(caught.value) == (
            f"invalid {what}: this is a 'canasta-caliente/simulation' document (its \"schema\" "
            f"says so), not a {what}")
