"""The web table's server through its real protocol: Starlette's test client over HTTP and
WebSocket (issue 29). No part of the server is mocked: every test makes tables through the
organiser's API and plays them through seats' sockets."""

from __future__ import annotations

import ast
import contextlib
import json
import random
import re
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette", reason="the web extra: pip install canasta-caliente[web]")
pytest.importorskip("httpx2", reason="Starlette's test client needs httpx2 (the dev extra)")

from starlette.testclient import TestClient, WebSocketDenialResponse

import canasta_caliente as cc
from canasta_caliente.play import check_message, client_view
from canasta_caliente.testing import stacked_deck
from canasta_caliente.web import app
from canasta_caliente.web.server import MESSAGE_LIMIT
from canasta_caliente.web.tables import Seat, Table, load_tables
from conftest import scaled
from strategies import rulesets

HUMAN_AND_BOTS = [{"kind": "human", "name": "Ann"}] + [
    {"kind": "bot", "level": "level-1"}] * 3

OPTION_HELP = {option.name: option.help for option in cc.OPTIONS}
"""Each option's help (what the table's pages say of a house rule)."""


def make_table(client: TestClient, seats: list[dict[str, Any]] | None = None,
               seed: int = 7, rules: dict[str, Any] | None = None) -> dict[str, Any]:
    response = client.post("/api/tables", json={
        "rules": rules or {"preset": "caliente"}, "seats": seats or HUMAN_AND_BOTS,
        "seed": seed})
    assert response.status_code == 201, response.text
    links: dict[str, Any] = response.json()
    return links


def ws_path(page: str) -> str:
    return page.replace("/t/", "/ws/", 1)


def next_update(ws: Any) -> dict[str, Any]:
    """The next update on a socket (errors and hints are skipped): its client message
    (``["message"]``) and the table's own fields beside it."""
    while True:
        data: dict[str, Any] = ws.receive_json()
        if data["type"] == "update":
            return data


def my_turn(ws: Any) -> dict[str, Any]:
    """Updates until the seat is to act (the bots play meanwhile, in their threads)."""
    update = next_update(ws)
    while (not update["message"]["legal"] and not update["can_deal"]
           and update["message"]["view"]["phase"] != "game_over"):
        update = next_update(ws)
    return update


@contextlib.contextmanager
def seat_zero(client: TestClient,
              **table: Any) -> Iterator[tuple[dict[str, Any], Any, dict[str, Any]]]:
    """A new table's links, seat 0's socket and the update of its first turn."""
    links = make_table(client, **table)
    with client.websocket_connect(ws_path(links["seats"][0])) as ws:
        ws.send_json({"type": "hello", "since": 0})
        yield links, ws, my_turn(ws)


def table_state(client: TestClient, table: str) -> cc.GameState:
    state: cc.GameState = client.app.state.tables[table].state  # type: ignore[attr-defined]
    return state


@pytest.fixture
def client() -> Any:
    with TestClient(app(bot_seconds=0.05, hint_seconds=0.05, processes=False)) as c:
        yield c


def test_pages_and_setup(client: TestClient) -> None:
    index = client.get("/")
    assert index.status_code == 200 and "set up a table" in index.text
    assert "default-src 'self'" in index.headers["content-security-policy"]
    assert client.get("/static/table.js").status_code == 200
    setup = client.get("/api/setup").json()
    assert "caliente" in setup["presets"] and setup["levels"][0] == "level-1"


HOUSE_RULES = 'preset = "classic"\nalways_frozen = true\ntarget_score = 1500\n'
"""A club's house rules: the classic preset with two options changed."""


def test_the_setup_offers_the_servers_rules_first_in_the_form_the_api_reads() -> None:
    """``serve --rules classic`` (or a house-rules file) opened the page on caliente:
    ``/api/setup`` sent the server's rules only as every option's value (``default``), which
    the page did not read. It sends them too as ``default_rules``, the preset closest to them
    and the options that differ, which ``POST /api/rules`` reads back as the same rules."""
    for rules, offered in (
            (None, {"preset": "caliente", "options": {}}),
            ("classic", {"preset": "classic", "options": {}}),
            (cc.RuleSet.from_toml(HOUSE_RULES),
             {"preset": "classic", "options": {"always_frozen": True, "target_score": 1500}})):
        with TestClient(app(rules, processes=False)) as client:
            setup = client.get("/api/setup").json()
            assert setup["default_rules"] == offered
            checked = client.post("/api/rules", json={"rules": offered})
            assert checked.status_code == 200 and checked.json()["rules"] == setup["default"]


@settings(max_examples=scaled(50), deadline=None)
@given(rules=rulesets())
def test_the_rules_offered_are_read_back_as_the_same_rules(rules: cc.RuleSet) -> None:
    from canasta_caliente.web.protocol import read_rules, write_rules

    assert read_rules(json.loads(json.dumps(write_rules(rules)))) == rules


JSON_TYPE = {"Content-Type": "application/json"}
"""The header of a request whose body is given as bytes (``json=`` sets it itself)."""


def test_invalid_rules_show_every_problem(client: TestClient) -> None:
    bad = client.post("/api/rules", json={"rules": {"preset": "caliente", "options": {
        "hand_size": -1, "target_score": "lots"}}})
    assert bad.status_code == 400
    options = {option for option, _ in bad.json()["problems"]}
    assert {"hand_size", "target_score"} <= options
    toml = client.post("/api/rules", json={"rules": {"file": "preset = 'nope'\n"}})
    assert toml.status_code == 400 and toml.json()["problems"]
    good = client.post("/api/rules", json={"rules": {"preset": "caliente-6p-3deck"}})
    assert good.json()["players"] == 6 and good.json()["cautions"] == []
    # The sides' seats, so the page can show each seat's side, and the rules in a line.
    assert good.json()["sides"] == [[0, 2, 4], [1, 3, 5]]
    assert good.json()["summary"] == cc.RuleSet.preset("caliente-6p-3deck").describe()


def test_the_rules_check_gives_a_playtests_cautions(client: TestClient) -> None:
    """Valid rules whose games come to nothing (every hand ends in its deal) are answered with
    the cautions of a short playtest, as ``rules validate`` prints them under a file: the
    organiser is told before the table is made."""
    rules = {"preset": "classic", "options": {"hand_size": 26}}
    answer = client.post("/api/rules", json={"rules": rules})
    assert answer.status_code == 200 and answer.json()["players"] == 4
    expected = cc.playtest(cc.RuleSet.preset("classic").replace(hand_size=26), games=1).cautions
    assert answer.json()["cautions"] == list(expected) and len(expected) == 2
    assert expected[0].startswith("every hand of the playtest (1 game between heuristic bots, "
                                  "200 hands) ended in its deal")
    # A long game is no caution: it ends (one of 60,000 points, some 70 hands).
    long = client.post("/api/rules", json={"rules": {"preset": "caliente", "options": {
        "target_score": 60000}}})
    assert long.json()["cautions"] == []
    for body in (b"not json", b"[]", b"{" + b" " * 70000 + b"}"):
        response = client.post("/api/tables", content=body, headers=JSON_TYPE)
        assert response.status_code in (400, 413) and response.json()["problems"]
    for path in ("/api/rules", "/api/tables"):  # under the body's limit, too deep to parse
        deep = client.post(path, content=b"[" * 60000, headers=JSON_TYPE)
        assert deep.status_code == 400, path
        assert "nested too deeply" in deep.json()["problems"][0][1]
    seats = client.post("/api/tables", json={"rules": {"preset": "caliente"},
                                              "seats": [{"kind": "bot", "level": "level-1"}] * 4})
    assert seats.status_code == 400 and "person" in seats.json()["problems"][0][1]
    surrogate = client.post("/api/tables", headers=JSON_TYPE, content=(  # "\ud800": a surrogate
        b'{"rules": {"preset": "caliente-2p"}, "seats": [{"kind": "human", "name": "\\ud800"},'
        b' {"kind": "bot", "level": "level-1"}]}'))
    assert surrogate.status_code == 400 and "seats[0].name" in surrogate.json()["problems"][0][1]


def test_a_body_not_declared_json_is_refused(client: TestClient) -> None:
    """A POST of the API must declare its body JSON: one sent as ``text/plain`` or a form (the
    "simple" requests another site's page can make a visitor's browser send, unasked) is
    refused with 415 and makes no table; it was read as JSON whatever its type. A charset
    after the type is allowed."""
    table = json.dumps({"rules": {"preset": "caliente-2p"},
                        "seats": [{"kind": "human", "name": "Ann"},
                                  {"kind": "bot", "level": "level-1"}]})
    for path in ("/api/rules", "/api/tables"):
        for declared in ("text/plain", "application/x-www-form-urlencoded",
                         "multipart/form-data; boundary=x", None):
            headers = {} if declared is None else {"Content-Type": declared}
            response = client.post(path, content=table, headers=headers)
            assert response.status_code == 415, (path, declared)
            reason = response.json()["problems"][0][1]
            assert "must be sent as JSON, with 'Content-Type: application/json'" in reason
            assert (declared or "the request had none") in reason
    answer = client.post("/api/tables", content=table,
                         headers={"Content-Type": "Application/JSON; charset=utf-8"})
    assert answer.status_code == 201 and answer.json()["seats"]


def test_a_field_the_server_does_not_read_is_refused_never_ignored(client: TestClient) -> None:
    def refused(path: str, body: dict[str, Any]) -> str:
        response = client.post(path, json=body)
        assert response.status_code == 400, (path, body)
        return " | ".join(f"{field}: {reason}" for field, reason in response.json()["problems"])

    person, bot = {"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "level-1"}
    beside = {"preset": "caliente-2p", "always_frozen": True}  # played unfrozen, it was
    for path in ("/api/rules", "/api/tables"):
        said = refused(path, {"rules": beside, "seats": [person, bot]} if "tables" in path
                       else {"rules": beside})
        assert "rules: unknown field 'always_frozen'" in said and 'under "options"' in said
        said = refused(path, {"rules": {"file": "preset = 'caliente-2p'\n", "preset": "classic",
                                        "always_frozen": True}})
        assert "'always_frozen': with a house-rules file, rule options are written in the " \
               "file" in said and "unknown field 'preset'" in said
    said = refused("/api/rules", {"rules": {**beside, "bogus": 1, "options": {"hand_size": -1}}})
    assert "'always_frozen'" in said and "'bogus'" in said and "hand_size:" in said  # every one
    said = refused("/api/tables", {"rules": {"preset": "caliente-2p"}, "seats": [person, bot],
                                   "bogus": 1})
    assert said == ("(request): unknown field 'bogus': this request takes only rules, seats "
                    "and seed")
    assert "unknown field 'seats'" in refused("/api/rules", {"rules": {"preset": "caliente-2p"},
                                                             "seats": [person, bot]})
    for seats, where in (([{**person, "bogus": 1}, bot], "seats[0]: unknown field 'bogus'"),
                         ([{**person, "level": "level-1"}, bot], "seats[0]: unknown field 'level'"),
                         ([person, {**bot, "secret": "x"}], "seats[1]: unknown field 'secret'")):
        assert where in refused("/api/tables", {"rules": {"preset": "caliente-2p"},
                                                "seats": seats})
    # What the organiser's page sends (static/index.js) is read, its options played.
    rules = {"preset": "caliente-2p", "options": {"always_frozen": True}}
    checked = client.post("/api/rules", json={"rules": rules})
    assert checked.status_code == 200 and checked.json()["rules"]["always_frozen"] is True
    made = make_table(client, rules=rules, seats=[{**person, "name": "Ann"}, {**bot, "name": "B"}])
    assert table_state(client, made["table"]).rules.always_frozen
    file = {"file": "preset = 'caliente-2p'\nalways_frozen = true\n", "format": "toml"}
    assert client.post("/api/rules", json={"rules": file}).json()["rules"]["always_frozen"]


def test_a_preset_among_the_options_is_refused_naming_where_the_preset_goes(
        client: TestClient) -> None:
    """``{"preset": "caliente", "options": {"preset": "classic"}}`` was played as classic: the
    options' ``"preset"`` overrode the preset named. It is refused, saying the preset is named
    as ``rules.preset``, beside the rules' other problems."""
    person, bot = {"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "level-1"}
    for options in ({"preset": "classic"}, {"preset": None, "hand_size": -1}):
        for path, extra in (("/api/rules", {}), ("/api/tables", {"seats": [person] + [bot] * 3})):
            response = client.post(path, json={"rules": {"preset": "caliente",
                                                         "options": options}, **extra})
            assert response.status_code == 400, (path, options)
            found = dict(map(tuple, response.json()["problems"]))
            assert found["options"].startswith("'preset' is not an option: the preset is named "
                                               "as rules.preset")
            assert ("hand_size" in found) == ("hand_size" in options)
    assert client.app.state.tables == {}  # type: ignore[attr-defined]


def test_a_preset_of_null_is_refused_as_no_preset_name(client: TestClient) -> None:
    """``{"preset": null}`` was read as the defaults (four players), and a table of two seats
    then refused for its seats: it is no preset's name, and refused as one."""
    response = client.post("/api/rules", json={"rules": {"preset": None}})
    assert response.status_code == 400
    (problem,) = response.json()["problems"]
    assert problem[0] == "preset"
    assert problem[1].startswith("expected a preset name, got null; presets: caliente, ")


def test_each_page_brings_its_icon(client: TestClient) -> None:
    """The set-up page and a seat's page name their icon (a data: URI the pages' policy
    allows), so a browser does not ask for /favicon.ico, which the server does not have (a
    404 in every console)."""
    icon = re.compile(r'<link rel="icon" href="(data:image/svg\+xml,[^"]+)">')
    for path in ("/", make_table(client)["seats"][0]):
        response = client.get(path)
        assert icon.search(response.text), path
        assert "img-src 'self' data:" in response.headers["content-security-policy"]


def test_wrong_or_missing_secret_is_403_and_nothing_else(client: TestClient) -> None:
    links = make_table(client)
    table = links["table"]
    assert client.get(links["seats"][0]).status_code == 200
    seat = links["seats"][0]
    for path in (f"/t/{table}/wrong", f"/t/{table}/", f"/t/{table}", "/t/",
                 f"/t/nosuch/{seat.rsplit('/', 1)[1]}",
                 seat[:-1] + ("y" if seat.endswith("x") else "x")):
        response = client.get(path)
        assert response.status_code == 403, path
        assert "Ann" not in response.text and "hand" not in response.text
    with pytest.raises(WebSocketDenialResponse) as denied, client.websocket_connect(
            f"/ws/{table}/wrong"):
        pass
    assert denied.value.status_code == 403
    assert len(links["seats"][0].rsplit("/", 1)[1]) >= 22  # 24 random bytes: 192 bits


def test_the_apis_refusals_are_json_and_a_pages_are_a_line_of_text(client: TestClient) -> None:
    """Under ``/api/``, a path the server does not have (404) and a method an address does not
    take (405, with ``Allow``) are JSON refusals naming the API's addresses, as every other
    refusal of the API is (they were Starlette's plain text); a page's link that is not a
    table's (403) and a path outside the API (404) stay one line of plain text, for a
    browser."""
    api = "its addresses are GET /api/setup, POST /api/rules, POST /api/tables"
    for method, path, status, said in (
            ("GET", "/api/nothing", 404, "'/api/nothing' is not an address of the API"),
            ("GET", "/api", 404, "'/api' is not an address of the API"),
            ("GET", "/api/tables", 405, "'/api/tables' does not take GET"),
            ("POST", "/api/setup", 405, "'/api/setup' does not take POST"),
            # (a slash after: a bare 307 to the address without it, which a client that
            # follows no redirect took as an empty answer)
            ("POST", "/api/tables/", 404, "'/api/tables/' is not an address of the API"),
            ("GET", "/api/setup/", 404, "'/api/setup/' is not an address of the API")):
        response = client.request(method, path, follow_redirects=False)
        assert response.status_code == status, path
        assert response.headers["content-type"] == "application/json"
        assert response.json() == {"problems": [["(request)", f"{said}; {api}"]]}
        if status == 405:
            assert method not in response.headers["allow"]
    for path, status, said in (("/t/abc/def", 403, "forbidden: this link is not one of this "
                                "table's"), ("/nothing", 404, "Not Found"),
                               ("/static/nothing.js", 404, "Not Found")):
        response = client.get(path)
        assert (response.status_code, response.text) == (status, said), path
        assert response.headers["content-type"].startswith("text/plain")


def test_a_secret_of_any_characters_is_only_a_wrong_one(client: TestClient) -> None:
    """A link whose secret is not ASCII (``é``, a byte that is not UTF-8, a lone surrogate)
    gets 403 as any wrong secret, on the page and on the socket (it was a 500)."""
    table = make_table(client)["table"]
    for secret in ("%C3%A9", "%ff", "%ED%A0%80", "\u00e9"):
        assert client.get(f"/t/{table}/{secret}").status_code == 403, secret
        with pytest.raises(WebSocketDenialResponse) as denied, client.websocket_connect(
                f"/ws/{table}/{secret}"):
            pass
        assert denied.value.status_code == 403


def test_a_table_made_without_a_seed_draws_one_no_seat_can_search_for(
        client: TestClient) -> None:
    """A game's seed deals every hand and the stock. A table made without one draws it from
    2**63 seeds, as ``new_game`` does: from 2**31 (as it did), a person could find it from
    their own first hand and up card by dealing every seed (about 40 us each in Python, an
    hour or so of a core in C) and then read every hand and the stock. Sixteen seeds all below
    2**40 would come once in 2**368 runs."""
    seeds = []
    for _ in range(16):
        response = client.post("/api/tables", json={"rules": {"preset": "caliente-2p"},
                                                     "seats": HUMAN_AND_BOTS[:2]})
        assert response.status_code == 201, response.text
        seeds.append(table_state(client, response.json()["table"]).seed)
    assert all(0 <= seed < 2**63 for seed in seeds)
    assert max(seeds) >= 2**40, seeds


def test_a_seat_joins_acts_and_only_ever_gets_its_own_view(client: TestClient) -> None:
    with seat_zero(client) as (links, ws, update):
        state = table_state(client, links["table"])
        assert update["message"]["seat"] == 0 and update["message"]["view"] == client_view(state, 0)
        assert {a["notation"] for a in update["message"]["legal"]} == {
            str(a) for a in cc.legal_actions(state)}
        ws.send_json({"type": "act", "action": "draw", "turn": update["turn"]})
        after = next_update(ws)
        assert after["turn"] == update["turn"] + 1
        # The log in the player's words: the player as "you".
        events = after["message"]["events"]
        assert events and events[-1]["text"].startswith("You draw ")
        state = table_state(client, links["table"])
        assert after["message"]["view"] == client_view(state, 0)
        assert after["message"]["view"]["hand"] == [str(c) for c in state.hand(0)]
        assert after["board"] == {"totals": [], "pile_status": {
            "frozen": ["the side to play has not melded yet (PILE-3)"], "blocked": None}}


def test_an_action_is_its_notation_or_an_object_of_it(client: TestClient) -> None:
    """The shipped action schema (and the game guide's handler) take an action as its notation
    or as ``{"notation": ...}``: the socket refused the object, "expected an action's notation,
    a short string", so a client written to the schema failed against the table."""
    with seat_zero(client) as (links, ws, update):
        turn = update["turn"]
        ws.send_json({"type": "act", "action": {"notation": "draw", "x": 1}, "turn": turn})
        error = ws.receive_json()
        assert error["code"] == "malformed" and "an action object has the field 'notation' " \
            "alone" in error["reason"], error
        ws.send_json({"type": "act", "action": {"notation": "draw"}, "turn": turn})
        assert next_update(ws)["turn"] == turn + 1
        assert table_state(client, links["table"]).turn.phase is cc.Phase.PLAY


def test_illegal_and_malformed_messages_change_nothing(client: TestClient) -> None:
    with seat_zero(client) as (links, ws, update):
        turn = update["turn"]
        ws.send_json({"type": "act", "action": "discard Q", "turn": turn})
        error = ws.receive_json()
        state = table_state(client, links["table"])
        assert error == {"type": "error", "code": "illegal",
                         "reason": cc.illegal_reason(state, "discard Q")}
        for bad in ("not json", "[1]", json.dumps({"type": "fly"}),
                    json.dumps({"type": "act", "action": "draw", "turn": turn, "x": 1}),
                    json.dumps({"type": "act", "action": 5, "turn": turn}),
                    json.dumps({"type": "act", "action": "draw", "turn": "0"}),
                    json.dumps({"type": "act", "action": "fly away", "turn": turn}),
                    json.dumps({"type": "hello", "since": -1}),
                    "x" * (MESSAGE_LIMIT + 1)):
            ws.send_text(bad)
            error = ws.receive_json()
            assert error["type"] == "error" and error["code"] == "malformed", bad
        for bad, field in (('{"type": ["act"]}', "type"), ('{"type": {"a": 1}}', "type"),
                           ('{"type": "hello", "\\ud800": 1}', "hello")):
            ws.send_text(bad)  # a type that is not a string; a field no JSON text can carry
            error = ws.receive_json()
            assert error["code"] == "malformed" and error["reason"].startswith(field), bad
        for deep in ("[" * 4000, '{"type": "hello", "since": ' + "[" * 2000 + "}"):
            ws.send_text(deep)  # under the message's limit, too deep to parse
            assert "nested too deeply" in ws.receive_json()["reason"]
        ws.send_json({"type": "act", "action": "meld 4 6", "turn": turn})
        assert ws.receive_json()["reason"] == ("not an action: 'meld 4 6': naturals of more "
                                               "than one rank in one meld")  # (no "action JSON")
        ws.send_bytes(b'{"type": "hello"}')
        assert "binary" in ws.receive_json()["reason"]
        for since, reason in (("-1", "since: a count of events, from 0, not a negative number"),
                              ("-" + "9" * 4000, "since: a count of events, from 0, not a "
                                                 "negative number"),
                              ("1.5", "since: expected a count of events, an int")):
            ws.send_text(f'{{"type": "hello", "since": {since}}}')  # (-1: "an int" wanted)
            assert ws.receive_json() == {"type": "error", "code": "malformed", "reason": reason}
        assert table_state(client, links["table"]) == state
        ws.send_json({"type": "act", "action": "draw", "turn": turn})
        assert next_update(ws)["turn"] == turn + 1


@pytest.mark.parametrize(("name", "reason"), [
    ("Ann\u200b", "holds U+200B, a character a page shows as nothing"),
    ("\u202eBob", "holds U+202E, a character a page shows as nothing"),
    ("A\x00B", "holds U+0000"),
    ("\x1b[31mA", "holds U+001B"),
    ("You", "is what the events call each player"),
    (" yOU ", "is what the events call each player"),
    ("Seat 1", "is another seat's name when it has none of its own"),
    ("Bob (level-1 bot)", "ends as a bot's seat name does"),
    ("A\u200dnn", "holds U+200D, a character a page shows as nothing"),  # (not in emoji)
    ("Ann\u200d", "holds U+200D, a character a page shows as nothing"),
    ("\u200d\U0001f468", "holds U+200D, a character a page shows as nothing"),
    ("Se\u0430t 1", "mixes Cyrillic and Latin letters in a word"),  # (a Cyrillic a: "Seat 1")
    ("Y\u03bfu", "mixes Greek and Latin letters in a word"),  # (a Greek omicron: "You")
    ("Ann'\u0430", "mixes Cyrillic and Latin letters in a word"),  # ("Ann'a": one word)
    ("\u212a\u0430\u0442\u044f", "mixes Cyrillic and Latin letters"),  # (a Kelvin sign: "Катя")
    ("\uff21\u043d\u043d\u0430", "mixes Cyrillic and Latin letters"),  # (a full-width A)
    ("\u0410\ufe0fnna", "mixes Cyrillic and Latin letters in a word"),  # (a selector between)
    ("\u3164", "holds U+3164, a character a page shows as nothing"),  # (a Hangul filler)
])
def test_a_seat_name_that_would_pass_for_another_is_refused(
        client: TestClient, name: str, reason: str) -> None:
    """A name is put in a page as text, never HTML; these would pass for another player: a
    character shown as nothing, "you" (the events' word for each player), another seat's
    default name, a bot's level after a person's name. Each is refused, saying why."""
    made = client.post("/api/tables", json={"rules": {"preset": "caliente-2p"}, "seats": [
        {"kind": "human", "name": name}, {"kind": "bot", "level": "level-1"}]})
    assert made.status_code == 400, made.json()
    (problem,) = made.json()["problems"]
    assert problem[0] == "seats" and problem[1].startswith("seats[0].name: ")
    assert reason in problem[1], problem


def test_a_seat_name_of_emoji_joined_or_its_own_default_is_a_name(client: TestClient) -> None:
    """What is refused above is refused alone: a family of emoji (joined by U+200D) and a
    seat's own default name ("Seat 0" for seat 0) are names."""
    for emoji in ("\U0001f468\u200d\U0001f469\u200d\U0001f467",  # (a family)
                  "\U0001f642\u200d\u2194\ufe0f",  # (a head shaking: an arrow after the joiner)
                  "\u0dc1\u0dca\u200d\u0dbb\u0dd3",  # (Sinhala's Sri: the joiner after a virama)
                  "\u09b0\u200d\u09cd\u09af\u09be\u09ac",  # (Bengali: the joiner before one)
                  "Ivan-\u0418\u0432\u0430\u043d",  # (two words, each of one script)
                  "1\ufe0f\u20e3 \u263a\ufe0f \u203c\ufe0f \u2139\ufe0f",  # (emoji's variants)
                  "\u845b\U000e0100\u98fe",  # (a Japanese name's ideograph variant)
                  "\u1820\u180b\u1837\u1820",  # (Mongolian's free variation selector)
                  "\u2764\ufe0f\u200d\U0001f525",  # (a heart on fire: the heart's variant)
                  "Ann \U0001f469\U0001f3fd\u200d\U0001f4bb",  # (a skin tone, then joined)
                  "\u0410\u043d\u043d\u0430 \u0391\u03bd\u03bd\u03b1"):  # (Cyrillic; Greek)
        made = client.post("/api/tables", json={"rules": {"preset": "caliente-2p"}, "seats": [
            {"kind": "human", "name": "Seat 0"}, {"kind": "human", "name": emoji}]})
        assert made.status_code == 201, made.json()


def test_a_refusal_of_a_seat_name_or_a_turn_says_what_is_wrong(client: TestClient) -> None:
    bot = {"kind": "bot", "level": "level-1"}
    for name, reason in ((5, "seats[0].name: expected a string (a name of at most 40 "
                             "characters), not 5"),
                         ("x" * 41, "seats[0].name: at most 40 characters, not 41")):
        made = client.post("/api/tables", json={"rules": {"preset": "caliente-2p"},
                                                 "seats": [{"kind": "human", "name": name}, bot]})
        assert made.status_code == 400 and made.json()["problems"] == [["seats", reason]]
    # Two seats of one name (a bot named as a person, now that the log names bots as the
    # organiser did) would read as one in the log: refused.
    for first, second in (({"kind": "human", "name": "Robo"}, {**bot, "name": " Robo "}),
                          ({"kind": "human", "name": "Ann"}, {**bot, "name": "ANN"}),
                          ({"kind": "human", "name": "ﬁn"}, {**bot, "name": "fin"}),
                          # (a variation selector or a joiner is drawn as nothing of its own)
                          ({"kind": "human", "name": "Ann+"}, {**bot, "name": "Ann+\ufe0f"}),
                          ({"kind": "human", "name": "\U0001f600"},
                           {**bot, "name": "\U0001f600\ufe0f"}),
                          ({"kind": "human", "name": "\U0001f468\U0001f469"},
                           {**bot, "name": "\U0001f468\u200d\U0001f469"})):
        made = client.post("/api/tables", json={"rules": {"preset": "caliente-2p"},
                                                 "seats": [first, second]})
        assert made.status_code == 400, made.json()
        (problem,) = made.json()["problems"]
        assert problem[1].startswith("seats[1].name: ") and "is seat 0's name too" in problem[1]
    with seat_zero(client) as (_, ws, update):
        turn = update["turn"]  # seat 0 to act: nothing moves meanwhile
        for request, reason in (
                ({"type": "act", "action": "draw", "turn": turn + 5}, f"turn: action {turn + 5} "
                 f"is ahead of the game, which is at action {turn}: send the turn of the last "
                 "update"),
                ({"type": "undo", "turn": turn + 5}, f"turn: action {turn + 5} is ahead"),
                ({"type": "act", "action": "draw", "turn": -1}, "turn: -1 is not an action "
                 f"number (the number of actions played, from 0; the game is at action {turn})")):
            ws.send_json(request)
            error = ws.receive_json()
            assert error["code"] == "malformed" and error["reason"].startswith(reason), error
        ws.send_json({"type": "act", "action": "draw", "turn": turn})
        assert next_update(ws)["turn"] == turn + 1
        ws.send_json({"type": "act", "action": "draw", "turn": turn})  # behind: stale, as before
        error = ws.receive_json()
        assert error["code"] == "stale" and f"action {turn + 1}, not {turn})" in error["reason"]


def test_stale_and_duplicate_actions_are_applied_once(client: TestClient) -> None:
    with seat_zero(client) as (links, ws, first):
        turn = first["turn"]
        ws.send_json({"type": "act", "action": "draw", "turn": turn})
        ws.send_json({"type": "act", "action": "draw", "turn": turn})
        replies = [ws.receive_json() for _ in range(3)]
        errors = [r for r in replies if r["type"] == "error"]
        assert len(errors) == 1 and errors[0]["code"] in ("stale", "not-your-turn")
        record = client.app.state.tables[links["table"]].record  # type: ignore[attr-defined]
        assert record.actions[turn:] == ("draw",)


def test_an_action_sent_before_a_take_back_is_stale_by_its_version(client: TestClient) -> None:
    """The turn of an action taken back comes again once the game is played on; the
    ``version`` of an update never does: an action sent with the version of an update from
    before a take-back is refused as stale (and not played), where its turn is good again. A
    version that is not a string is malformed."""
    with seat_zero(client) as (links, ws, first):
        def act(request: dict[str, Any]) -> dict[str, Any]:
            ws.send_json(request)
            return next_update(ws)

        turn = first["turn"]
        drawn = act({"type": "act", "action": "draw", "turn": turn,
                     "version": first["version"]})
        melded = act({"type": "act", "action": "meld 6 6 6", "turn": turn + 1,
                      "version": drawn["version"]})
        back = act({"type": "undo", "turn": turn + 2, "version": melded["version"]})
        again = act({"type": "act", "action": "meld A A 2", "turn": turn + 1,
                     "version": back["version"]})
        assert again["turn"] == melded["turn"] and again["version"] != melded["version"]
        ws.send_json({"type": "act", "action": "discard 7", "turn": turn + 2,
                      "version": melded["version"]})
        error = ws.receive_json()
        assert error["code"] == "stale" and "version" in error["reason"]
        assert next_update(ws)["version"] == again["version"]  # the table, as after a stale
        ws.send_json({"type": "undo", "turn": turn + 2, "version": 3})
        assert ws.receive_json()["code"] == "malformed"
        record = client.app.state.tables[links["table"]].record  # type: ignore[attr-defined]
        assert record.actions[turn:] == ("draw", "meld A A 2")


def test_the_spectator_sees_the_public_table_and_cannot_act(client: TestClient) -> None:
    links = make_table(client)
    with client.websocket_connect(ws_path(links["spectator"])) as ws:
        ws.send_json({"type": "hello", "since": 0})
        update = next_update(ws)
        assert update["message"]["seat"] is None and update["message"]["view"]["hand"] is None
        assert update["message"]["legal"] == [] and "hand" not in json.dumps(update["board"])
        # Refused as not allowed (no turn is a spectator's), with no table after it: there is
        # nothing to catch up on.
        for request, reason in (
                ({"type": "act", "action": "draw", "turn": update["turn"]}, "it cannot act"),
                ({"type": "undo", "turn": update["turn"]}, "it cannot take an action back"),
                ({"type": "hint"}, "a hint is for the seat to act")):
            ws.send_json(request)
            assert ws.receive_json() == {
                "type": "error", "code": "not-allowed",
                "reason": "the spectators' link watches the table: " + reason}
        ws.send_json({"type": "hello", "since": update["next"]})
        assert next_update(ws)["turn"] == update["turn"]  # (the next frame: no table between)


@pytest.mark.slow
def test_every_update_carries_a_client_message_the_shipped_schema_accepts(
        client: TestClient) -> None:
    """Over a whole game of two hands, each update a seat and the spectators receive holds
    the seat's client message exactly as the game layer makes it (so the schema shipped for
    clients accepts it), the table's own fields beside it."""
    pytest.importorskip("jsonschema", reason="check_message: the schemas extra")
    rules = cc.RuleSet.from_dict({"preset": "caliente-2p", "target_score": 1000})
    state, bot, rng, moves = cc.new_game(rules, seed=1), cc.get_bot("level-1"), \
        random.Random(1), []
    while not state.is_game_over:  # who sends each action: the seat to act, or seat 0 deals
        player, legal = state.current_player, cc.legal_actions(state)
        action = legal[0] if player is None else bot(cc.observe(state, player), legal, rng)
        moves.append((0 if player is None else player, str(action)))
        state = cc.apply(state, action)
    assert [a for _, a in moves].count("deal") == 1  # two hands: a deal between them
    links = make_table(client, seats=[{"kind": "human"}] * 2, seed=1, rules={
        "preset": "caliente-2p", "options": {"target_score": 1000}})
    audiences = [(0, links["seats"][0]), (1, links["seats"][1]), (None, links["spectator"])]
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(client.websocket_connect(ws_path(link)))
                   for _, link in audiences]
        for ws in sockets:
            ws.send_json({"type": "hello", "since": 0})
        updates: list[list[dict[str, Any]]] = [[next_update(ws)] for ws in sockets]
        for turn, (seat, action) in enumerate(moves):
            sockets[seat].send_json({"type": "act", "action": action, "turn": turn})
            for ws, received in zip(sockets, updates, strict=True):
                received.append(next_update(ws))  # every action reaches every socket
    for (seat, _), received in zip(audiences, updates, strict=True):
        for update in received:
            check_message(update["message"])
            assert update["message"]["seat"] == seat
            assert set(update) == {"type", "message", "table", "turn", "version", "since",
                                   "next", "log", "seats", "rules", "house_rules", "board",
                                   "can_undo", "can_deal"}
            assert update["rules"] == rules.describe()
            assert update["rules"].endswith("; preset caliente-2p with target_score = 1000")
            assert update["house_rules"] == {"preset": "caliente-2p", "changes": [
                {"option": "target_score", "value": "1000",
                 "help": " ".join(OPTION_HELP["target_score"].split())}]}
        assert [u["turn"] for u in received] == list(range(len(moves) + 1))
        assert received[-1]["message"]["view"]["phase"] == "game_over"


def test_a_reconnect_gets_the_table_now_and_the_events_it_missed(client: TestClient) -> None:
    with seat_zero(client) as (links, ws, first):
        ws.send_json({"type": "act", "action": "draw", "turn": first["turn"]})
        drawn = next_update(ws)
        seen = drawn["next"]
        ws.send_json({"type": "act", "action": cc.legal_actions(
            table_state(client, links["table"]))[-1].__str__(), "turn": first["turn"] + 1})
    # The socket dropped; the bots play on meanwhile.
    with client.websocket_connect(ws_path(links["seats"][0])) as ws:
        ws.send_json({"type": "hello", "since": seen, "log": drawn["log"]})
        again = next_update(ws)
        assert again["since"] == seen
        table = client.app.state.tables[links["table"]]  # type: ignore[attr-defined]
        assert again["next"] <= table.event_count()
        ws.send_json({"type": "hello", "since": 0})
        everything = next_update(ws)
        while everything["since"] != 0:  # a bot's move sent before the hello was read
            everything = next_update(ws)
        assert len(everything["message"]["events"]) == everything["next"] >= again["next"]
        assert everything["message"]["events"][seen:again["next"]] == again["message"]["events"]


def test_undo_only_what_reveals_nothing(client: TestClient) -> None:
    with seat_zero(client) as (links, ws, update):
        ws.send_json({"type": "act", "action": "draw", "turn": update["turn"]})
        after = next_update(ws)
        assert not after["can_undo"]
        ws.send_json({"type": "undo", "turn": after["turn"]})
        assert ws.receive_json() == {  # the action's own reason, in words for any reader
            "type": "error", "code": "not-allowed",
            "reason": 'undo: "draw a card from the stock" cannot be taken back: a draw shows '
                      "the player cards from the stock"}
        state = table_state(client, links["table"])
        melds = [a for a in cc.legal_actions(state) if a.verb is cc.Verb.MELD]
        assert melds  # seed 7 deals seat 0 three sixes
        ws.send_json({"type": "act", "action": str(melds[0]), "turn": after["turn"]})
        melded = next_update(ws)
        assert melded["can_undo"]
        ws.send_json({"type": "undo", "turn": melded["turn"]})
        undone = next_update(ws)
        assert undone["turn"] == after["turn"] and not undone["can_undo"]
        assert table_state(client, links["table"]) == state
        # The meld's event is cut (the update is from its number on), and the take-back's
        # own takes its place, for this socket and for a page loaded later.
        said = "You take back: " + cc.describe(melds[0], state.rules) + "."
        assert undone["since"] == melded["since"] and undone["next"] == melded["next"]
        assert [e["text"] for e in undone["message"]["events"]] == [said]
        ws.send_json({"type": "hello", "since": 0})
        again = next_update(ws)
        assert again["since"] == 0 and again["message"]["events"][-1] == {
            "kind": "take_back", "seat": 0, "rules": [], "action": str(melds[0]),
            "described": cc.describe(melds[0], state.rules), "text": said}


def test_names_are_data_never_markup(client: TestClient) -> None:
    evil = "<img src=x onerror=alert(1)>"
    links = make_table(client, seats=[{"kind": "human", "name": evil}, *HUMAN_AND_BOTS[1:]])
    page = client.get(links["seats"][0])
    assert evil not in page.text and "script-src" not in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    with client.websocket_connect(ws_path(links["seats"][0])) as ws:
        ws.send_json({"type": "hello", "since": 0})
        assert next_update(ws)["seats"][0]["name"] == evil  # as text; the page sets textContent
    js = client.get("/static/table.js").text + client.get("/static/index.js").text
    assert "innerHTML" not in js and "insertAdjacentHTML" not in js


def test_bots_play_off_the_loop_until_the_person_is_to_act() -> None:
    # The default: bots think in worker processes.
    with TestClient(app(bot_seconds=0.05)) as client:
        bots_play_until_the_person_is_to_act(client)


def bots_play_until_the_person_is_to_act(client: TestClient) -> None:
    with seat_zero(client, seats=[{"kind": "human"}] + [
            {"kind": "bot", "level": level} for level in ("level-2", "level-3", "level-1")]
                   ) as (links, ws, update):
        for _ in range(3):  # three of the person's turns, the bots playing in between
            ws.send_json({"type": "act", "action": "draw", "turn": update["turn"]})
            update = next_update(ws)
            state = table_state(client, links["table"])
            discard = next(a for a in cc.legal_actions(state) if a.verb is cc.Verb.DISCARD)
            ws.send_json({"type": "act", "action": str(discard), "turn": update["turn"]})
            update = my_turn(ws)
            if update["message"]["view"]["current_player"] != 0:
                break
            assert table_state(client, links["table"]).current_player == 0


def test_a_restarted_server_resumes_every_table(tmp_path: Path) -> None:
    with TestClient(app(data=tmp_path, bot_seconds=0.05, processes=False)) as first:
        links = [make_table(first, seed=s) for s in (1, 2)]
        with first.websocket_connect(ws_path(links[0]["seats"][0])) as ws:
            ws.send_json({"type": "hello", "since": 0})
            turn = my_turn(ws)["turn"]
            ws.send_json({"type": "act", "action": "draw", "turn": turn})
            next_update(ws)
        before = {t: first.app.state.tables[t].record  # type: ignore[attr-defined]
                  for t in (links[0]["table"], links[1]["table"])}
    saved = sorted(p.name for p in tmp_path.iterdir())
    assert saved == sorted(f"{t}.json" for t in before)
    assert all(p.stat().st_mode & 0o077 == 0 for p in tmp_path.iterdir())
    with TestClient(app(data=tmp_path, bot_seconds=0.05, processes=False)) as second:
        for link in links:
            table = second.app.state.tables[link["table"]]  # type: ignore[attr-defined]
            assert table.record == before[link["table"]]
            assert second.get(link["seats"][0]).status_code == 200
            assert second.get(link["spectator"]).status_code == 200
        with second.websocket_connect(ws_path(links[0]["seats"][0])) as ws:
            ws.send_json({"type": "hello", "since": 0})
            update = next_update(ws)
            assert update["turn"] >= turn + 1 and update["message"]["events"]


def test_app_arguments_are_checked() -> None:
    with pytest.raises(TypeError, match="rules"):
        app(3)  # type: ignore[arg-type]
    with pytest.raises(cc.ArgumentError, match="bot_seconds"):
        app(bot_seconds=0)
    with pytest.raises(TypeError, match="hint_seconds must be a number"):
        app(hint_seconds="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="bot_seconds must be a number"):
        app(bot_seconds=True)
    with pytest.raises(TypeError, match="workers must be an int"):
        app(workers=1.5)  # type: ignore[arg-type]
    for processes in ("no", 0, None):  # "no" was read as true: bots in processes
        with pytest.raises(TypeError, match="processes must be True or False"):
            app(processes=processes)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="data: expected a folder's path"):
        app(data=3)  # type: ignore[arg-type]
    with pytest.raises(cc.RuleSetError):
        app("no-such-preset")


def test_serve_refuses_bad_input_in_one_line(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    from canasta_caliente.cli import main

    assert main(["serve", "--port", "99999"]) == 2
    assert "--port" in capsys.readouterr().err
    (tmp_path / "t.json").write_text("[]", encoding="utf-8")
    assert main(["serve", "--data", str(tmp_path), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "t.json: not a saved table" in err and "Traceback" not in err
    assert main(["serve", "--rules", "no-such-preset"]) == 2
    assert capsys.readouterr().err.startswith("--rules: unknown preset 'no-such-preset'")
    assert main(["serve", "--data", str(tmp_path / "new"), "--max-table-sockets", "0"]) == 2
    assert capsys.readouterr().err.startswith("--max-table-sockets: a whole number at least 1")
    assert main(["serve", "--data", str(tmp_path / "new"), "--bot-seconds", "-1"]) == 2
    assert capsys.readouterr().err.startswith("--bot-seconds: a number of seconds above 0")


def test_the_app_mounted_in_another_server_plays_its_bots(tmp_path: Path) -> None:
    from starlette.applications import Starlette
    from starlette.responses import PlainTextResponse
    from starlette.routing import Mount, Route

    async def home(_request: Any) -> PlainTextResponse:
        return PlainTextResponse("our club")

    site = Starlette(routes=[Route("/club", home),
                             Mount("/", app=app(data=tmp_path, bot_seconds=0.05,
                                                processes=False))])
    with TestClient(site) as client:
        assert client.get("/club").text == "our club"
        links = make_table(client)
        with client.websocket_connect(ws_path(links["seats"][0])) as ws:
            ws.send_json({"type": "hello", "since": 0})
            update = my_turn(ws)
            ws.send_json({"type": "act", "action": "draw", "turn": update["turn"]})
            update = next_update(ws)
            discard = next(a for a in update["message"]["legal"]
                           if a["notation"].startswith("discard"))
            ws.send_json({"type": "act", "action": discard["notation"], "turn": update["turn"]})
            assert my_turn(ws)["turn"] >= update["turn"] + 4  # three bots played in between


def test_a_hint_ranks_the_legal_actions_with_its_budget(client: TestClient) -> None:
    with seat_zero(client) as (links, ws, update):
        ws.send_json({"type": "act", "action": "draw", "turn": update["turn"]})
        update = next_update(ws)
        ws.send_json({"type": "hint"})
        hint = ws.receive_json()
        assert hint["type"] == "hint" and hint["budget"] == "0.05 s of search"
        legal = {a["notation"] for a in update["message"]["legal"]}
        assert hint["ranked"] and {r["notation"] for r in hint["ranked"]} <= legal
        assert all(0 <= r["value"] <= 1 for r in hint["ranked"])
    with client.websocket_connect(ws_path(links["spectator"])) as ws:
        ws.send_json({"type": "hint"})
        assert ws.receive_json()["code"] == "not-allowed"  # (never the spectators' turn)


# -- the pile's reasons (PILE-3, PILE-5, READ-6: the engine's words, never the page's) ---------

WEB = Path(__file__).resolve().parent.parent / "src" / "canasta_caliente" / "web"
FREEZER_KINDS = {"JK": "wild", "2": "wild", "R3": "red three", "B3": "stop card"}


def expected_reasons(state: cc.GameState) -> set[str]:
    """What the reasons must say, as RULES.md puts it (an oracle of the test's own): one word
    for each cause of a frozen pile, the rule IDs they name."""
    player = state.current_player
    if player is None:
        return set()
    rules, pile = state.rules, set(state.pile)
    causes = set()
    if rules.always_frozen:
        causes.add("always frozen (PILE-5)")
    if pile & {cc.Card.TWO, cc.Card.JOKER}:
        causes.add("wild card (PILE-3)")
    if cc.Card.RED_THREE in pile:
        causes.add("red three, a bonus card (PILE-3)")
    if cc.Card.BLACK_THREE in pile and rules.stop_card_freezes:
        causes.add("stop card, which these rules let freeze it (PILE-3, READ-6)")
    if not state.melds(state.side_of(player)):
        causes.add("not melded yet (PILE-3)")
    return causes


# RULES: PILE-3, PILE-5, READ-6
@settings(max_examples=scaled(25), deadline=None)
@given(rules=rulesets(), kinds=st.sets(st.sampled_from(sorted(FREEZER_KINDS))),
       seed=st.integers(0, 2**32))
def test_the_messages_pile_reasons_name_every_freezer_under_any_rules(
        rules: cc.RuleSet, kinds: set[str], seed: int) -> None:
    """Under generated RuleSets, a deal that turns up any mix of freezers (a stop card among
    them, which freezes only under ``stop_card_freezes``), then a random game from it: every
    message's pile reasons name each cause of the frozen pile, and nothing else."""
    # A stop card turned up stays on top (PILE-2), unless READ-1 turns on to the 9.
    pile = [*sorted(kinds, key=lambda code: code == "B3"), "9"]
    assume(rules.deck_size - rules.hand_size * rules.active_players > len(pile) + 2)
    deck = stacked_deck(rules, {}, pile=pile)
    record = cc.GameRecord.start(rules, seed=seed, deck=deck)
    table = Table("t", [Seat("Ann", secret="s")] * rules.players, "spectator", record)
    assert set(kinds) <= {c.code for c in table.state.pile}
    rng = random.Random(seed)
    for _ in range(40):
        state = table.state
        reasons = table.update(0, 0)["board"]["pile_status"]["frozen"]
        assert len(reasons) == len(expected_reasons(state))
        for cause in expected_reasons(state):
            assert sum(r.endswith(cause) for r in reasons) == 1, (cause, reasons)
        if cc.Card.BLACK_THREE in state.pile and not rules.stop_card_freezes:
            assert not any("stop card" in r for r in reasons)
        legal = cc.legal_actions(state)
        if not legal:
            break
        table.play(rng.choice(legal))


def web_texts() -> list[tuple[str, str]]:
    """Every text of the web package a page or a message may show: its Python modules' string
    constants (docstrings aside) and its static files whole, each with where it stands."""
    texts: list[tuple[str, str]] = []
    for path in sorted(WEB.rglob("*")):
        if path.suffix == ".py":
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docs = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
            texts += [(f"{path.name}:{node.lineno}", node.value) for node in ast.walk(tree)
                      if isinstance(node, ast.Constant) and isinstance(node.value, str)
                      and id(node) not in docs]
        elif path.suffix in (".js", ".html", ".css"):
            texts.append((path.name, path.read_text(encoding="utf-8")))
    return texts


PILE_WORDING = re.compile(r"PILE-[2-5]|READ-6|INIT-4|not melded|has not melded|keeps? the pile"
                          r"|(froz|freez|block)\w*[^\n]{0,60}\b(wild|bonus|stop|three)"
                          r"|\b(wild|bonus|stop|three)[^\n]{0,60}(froz|freez|block)", re.I)


def test_the_web_package_writes_no_pile_reason_of_its_own() -> None:
    """Why the pile is frozen or blocked is the engine's to say (``pile_frozen_reasons``,
    ``up_card_refusal``): no text of the web package names a pile rule or a freezer."""
    texts = web_texts()
    assert any("Frozen: " in text for _, text in texts)  # the search sees the page's words
    found = [(where, match.group(0)) for where, text in texts
             for match in PILE_WORDING.finditer(text)]
    assert not found, found


def test_each_action_is_appended_and_a_crashed_servers_tables_resume(tmp_path: Path) -> None:
    """A table is written whole once, then each action is one line appended to its journal;
    the tables load from the two files as they stand at any moment (a crash), a line cut off
    mid-write left out; a restarted server folds the journal into a new file."""
    rules = cc.RuleSet.preset("caliente")
    table = Table.create(rules, [Seat("Ann", secret="s")] + [Seat("Bot", level="level-1")] * 3,
                         seed=3)
    table.save(tmp_path)
    for _ in range(6):
        table.play(cc.legal_actions(table.state)[0])
        table.save(tmp_path)
    journal = tmp_path / f"{table.id}.0.actions"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([journal.name,
                                                                f"{table.id}.json"])
    assert journal.read_text().splitlines() == list(table.record.actions)
    assert json.loads((tmp_path / f"{table.id}.json").read_text())["record"]["actions"] == []
    assert all(p.stat().st_mode & 0o077 == 0 for p in tmp_path.iterdir())
    assert load_tables(tmp_path)[table.id].record == table.record
    with journal.open("a") as f:
        f.write("disc")  # a crash in the middle of a write
    assert load_tables(tmp_path)[table.id].record == table.record
    with TestClient(app(data=tmp_path, bot_seconds=0.05, processes=False)) as server:
        resumed = server.app.state.tables[table.id]  # type: ignore[attr-defined]
        assert resumed.record.actions[:6] == table.record.actions
        assert resumed.generation == 1 and not journal.exists()
    assert [p.name for p in tmp_path.iterdir()] == [f"{table.id}.json"]
    with journal.open("w") as f:  # a journal of an older generation is not read
        f.write("draw\n")
    assert load_tables(tmp_path)[table.id].record == resumed.record


def test_a_take_back_writes_the_table_whole_in_a_new_generation(tmp_path: Path) -> None:
    """The journal only grows: a take-back writes the table's file whole, numbered one up, and
    removes the journal of the file before; the tables load as they are after it."""
    rules = cc.RuleSet.preset("caliente")
    deck = stacked_deck(rules, {0: "A A A A JK"}, pile="9", stock="5")
    table = Table("t1", [Seat("Ann", secret="s")] * 4, "spectator",
                  cc.GameRecord.start(rules, seed=1, deck=deck))
    table.save(tmp_path)
    for action in ("draw", "meld A A A A JK"):
        table.act(0, action, table.turn)
        table.save(tmp_path)
    assert (tmp_path / "t1.0.actions").read_text() == "draw\nmeld A A A A JK\n"
    table.take_back(0, table.turn)
    assert table.saves_whole()
    table.save(tmp_path)
    assert table.generation == 1 and not table.saves_whole()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t1.json"]
    table.act(0, "meld A A A JK", table.turn)
    table.save(tmp_path)
    assert (tmp_path / "t1.1.actions").read_text() == "meld A A A JK\n"
    assert load_tables(tmp_path)["t1"].record.actions == ("draw", "meld A A A JK")


def test_a_saved_table_is_checked_field_by_field(tmp_path: Path) -> None:
    """A table's file with a field of the wrong kind (a seat's secret that is a number, no
    spectators' secret, an unknown bot level, a seat too few...) is refused when the tables
    load, by a StateError naming the file and the field; it used to load, and then its links
    gave 500 (or ``/t/<id>/None`` was a spectators' link anyone could guess)."""
    rules = cc.RuleSet.preset("caliente-2p")
    table = Table.create(rules, [Seat("Ann", secret="s"), Seat("Bot", level="level-1")],
                         seed=3)
    path = tmp_path / f"{table.id}.json"
    saved = table.to_dict()

    def seat(i: int, **fields: Any) -> list[dict[str, Any]]:
        seats = [dict(s) for s in saved["seats"]]
        seats[i].update(fields)
        return seats

    for change, field in (
            ({"seats": seat(0, secret=5)}, "seats[0].secret"),
            ({"seats": seat(0, secret="")}, "seats[0].secret"),
            ({"seats": seat(0, secret=None)}, "seats[0].secret"),
            ({"seats": seat(1, secret="s2")}, "seats[1].secret"),
            ({"seats": seat(1, level="bogus")}, "seats[1].level"),
            ({"seats": seat(1, level=3)}, "seats[1].level"),
            ({"seats": seat(0, name=["Ann"])}, "seats[0].name"),
            ({"seats": seat(0, name="\ud800")}, "seats[0].name"),
            ({"seats": saved["seats"][:1]}, "seats: 1 seat,"),
            ({"seats": [saved["seats"][0], "bot"]}, "seats[1]"),
            ({"spectator": None}, "spectator"),
            ({"spectator": "a/b"}, "spectator"),
            ({"id": f"{table.id}/.."}, "id"),
            ({"generation": "../x"}, "generation"),
            ({"format": None}, "format")):
        path.write_text(json.dumps({**saved, **change}), encoding="utf-8")
        with pytest.raises(cc.StateError, match=re.escape(field)) as refused:
            load_tables(tmp_path)
        assert str(path) in str(refused.value), change
    path.write_text(json.dumps(saved), encoding="utf-8")
    assert load_tables(tmp_path)[table.id].seats == table.seats
    path.rename(tmp_path / "other.json")  # a table's file under another table's name
    with pytest.raises(cc.StateError, match=r"holds table .*, whose file is"):
        load_tables(tmp_path)


def test_a_data_folder_that_cannot_be_read_is_refused_naming_the_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A folder named like a table's file or journal, or a file nested too deeply to parse,
    is a StateError naming it, which ``serve`` prints on one line; it was a traceback."""
    from canasta_caliente.cli import main

    table = Table.create(cc.RuleSet.preset("caliente-2p"),
                         [Seat("Ann", secret="s"), Seat("Bot", level="level-1")], seed=3)
    table.save(tmp_path)
    journal = table.journal(tmp_path)
    journal.mkdir()
    with pytest.raises(cc.StateError, match=f"{re.escape(str(journal))}: cannot be read"):
        load_tables(tmp_path)
    journal.rmdir()
    (tmp_path / "deep.json").write_text("[" * 100000, encoding="utf-8")
    with pytest.raises(cc.StateError, match=r"deep\.json: not a saved table: nested too deeply"):
        load_tables(tmp_path)
    (tmp_path / "deep.json").unlink()
    (tmp_path / "sub.json").mkdir()
    with pytest.raises(cc.StateError, match=r"sub\.json: cannot be read"):
        load_tables(tmp_path)
    assert main(["serve", "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "sub.json: cannot be read" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_junk_in_the_data_folder_is_said_in_words_naming_the_file_and_the_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An empty table's file, one that is not UTF-8 text or not JSON, and a journal's line that
    is not an action or cannot be played, each say so naming the file (and the line); they
    gave Python's words ("Expecting value: line 1 column 1 (char 0)", "'utf-8' codec can't
    decode byte ..."), and a journal's bad line was blamed on the table's file. ``serve``
    says each in one line."""
    from canasta_caliente.cli import main

    def refused(folder: Path) -> str:
        with pytest.raises(cc.StateError) as refusal:
            load_tables(folder)
        return str(refusal.value)

    junk = tmp_path / "junk"
    junk.mkdir()
    for content, said in ((b"", "an empty file, not a saved table"),
                          (b" \n", "an empty file (blank space only), not a saved table"),
                          (b'{"id"\n\x00\x01\x02\xd6\xff', "not UTF-8 text: byte 0xd6 at line 2, "
                           "column 4"),
                          (b'{"id": 1,\n  oops}', "not JSON: Expecting property name enclosed in "
                           "double quotes at line 2, column 3")):
        (junk / "t.json").write_bytes(content)
        assert refused(junk) == f"{junk / 't.json'}: {said}"
    table = Table.create(cc.RuleSet.preset("caliente-2p"),
                         [Seat("Ann", secret="s"), Seat("Bot", level="level-1")], seed=3)
    table.save(tmp_path)
    journal = table.journal(tmp_path)
    for lines, said in (
            (b"draw\nbogus thing\n", "line 2: not an action: 'bogus thing': unknown verb"),
            (b"draw\n\n", "line 2: not an action: empty action notation"),
            (b"draw\ndraw\n", "line 2: not playable after the actions before it: draw: the "
             "player has already drawn (or taken the pile) this turn (TURN-1)"),
            (b"draw\n\xff\n", "not UTF-8 text: byte 0xff at line 2, column 1")):
        journal.write_bytes(lines)
        assert refused(tmp_path).startswith(f"{journal}: {said}"), lines
        assert main(["serve", "--data", str(tmp_path)]) == 2
        err = capsys.readouterr().err
        assert f"{journal}: {said}" in err and len(err.strip().splitlines()) == 1
    journal.write_bytes(b"draw\ndiscard 5\nbogus")  # a last line cut off: left out
    assert load_tables(tmp_path)[table.id].record.actions == ("draw", "discard 5")


def test_the_guides_own_server_example_runs(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The web guide's "In your own server" code (the site that mounts the table, then its
    test) runs as printed: the blocks of that section, joined, define a test that passes."""
    guide = Path(__file__).resolve().parent.parent / "docs" / "guides" / "web.rst"
    section = guide.read_text(encoding="utf-8").split("In your own server\n", 1)[1]
    section = re.split(r"\n\S[^\n]*\n[-~=]{3,}\n", section, maxsplit=1)[0]  # to the next title
    blocks = re.findall(r"\.\. code-block:: python\n\n((?:   .*\n|\n)+)", section)
    assert len(blocks) == 2
    monkeypatch.chdir(tmp_path)  # the example's data="tables" folder is made here
    names: dict[str, Any] = {}
    exec(compile("".join(textwrap.dedent(b) for b in blocks), str(guide), "exec"), names)
    names["test_our_club"]()


def test_the_log_names_the_people_and_the_bots_as_the_organiser_did() -> None:
    """A table's messages word the events for their reader: each seat by the name the organiser
    gave it (a bot's without the level the set-up adds; "Seat 3" unless renamed), the reader as
    "you"; a spectator reads names."""
    rules = cc.RuleSet.preset("caliente")
    seats = [Seat("Ann", secret="a" * 32), Seat("Robo (level-1 bot)", level="level-1"),
             Seat("Bea", secret="b" * 32), Seat("Seat 3 (level-1 bot)", level="level-1")]
    table = Table.create(rules, seats, seed=3)
    table.act(0, "draw", table.turn)
    texts = {seat: table.update(seat, 0)["message"]["events"][-1]["text"]
             for seat in (None, 0, 1, 2)}
    assert texts[0].startswith("You draw ")
    assert texts[None] == texts[1] == texts[2] == "Ann draws 1 card."
    assert table.names == ["Ann", "Robo", "Bea", "Seat 3"]
    table.play(cc.legal_actions(table.state)[-1])  # seat 0's discard, then Robo's draw
    table.play(cc.Action("draw"))
    assert table.update(0, 0)["message"]["events"][-1]["text"] == "Robo draws 1 card."


def test_a_new_tables_log_starts_with_the_first_hands_deal() -> None:
    """The first hand is dealt by no action, yet a new page's log starts with its deal: event 0
    of every update from 0, worded for its reader, each seat shown its own hand only and a
    spectator none; the first action's events come after it."""
    rules = cc.RuleSet.preset("caliente")
    seats = [Seat("Ann", secret="a" * 32), Seat("Robo (level-1 bot)", level="level-1"),
             Seat("Bea", secret="b" * 32), Seat("Seat 3 (level-1 bot)", level="level-1")]
    table = Table.create(rules, seats, seed=3)
    for seat in (None, 0, 1, 2):
        update = table.update(seat, 0)
        (deal,) = update["message"]["events"]
        assert (update["since"], update["next"], deal["kind"]) == (0, 1, "deal")
        assert deal["text"] == (f"Seat 3 deals hand 1: {'you play' if seat == 0 else 'Ann plays'}"
                                " first; the up card is a five, on a two turned up before it "
                                "(DEAL-3); side 0 lays out a red three; side 1 lays out a red "
                                "three.")  # (the two under it freezes the pile: said)
        assert [h is not None for h in deal["hands"]] == [s == seat for s in range(4)]
        check_message(update["message"])
    table.act(0, "draw", table.turn)
    assert [e["kind"] for e in table.update(1, 0)["message"]["events"]] == ["deal", "draw"]
    assert table.update(1, 1)["message"]["events"][0]["kind"] == "draw"


def test_the_table_loaders_say_what_is_wrong_with_the_folder(tmp_path: Path) -> None:
    """The public loaders take a str or a path, and say what is wrong with another type or a
    folder that is not there or is a file, as ``app(data=...)`` does for a folder it cannot
    make: an adversarial trial had raw AttributeError, FileNotFoundError and FileExistsError."""
    from canasta_caliente.web.tables import load_table, saved_tables

    table = Table.create(cc.RuleSet.preset("caliente-2p"), [Seat("Ann", secret="a" * 32),
                                                            Seat("Bot", level="level-1")], seed=1)
    table.save(tmp_path, whole=True)
    assert list(load_tables(str(tmp_path))) == [table.id]
    assert load_table(str(tmp_path), table.id) is not None
    a_file = tmp_path / f"{table.id}.json"
    for folder, message in ((tmp_path / "gone", "no such folder"),
                            (a_file, "a file, not a folder")):
        for load in (load_tables, lambda f: list(saved_tables(f)),
                     lambda f: load_table(f, table.id)):
            with pytest.raises(cc.ArgumentError, match=f"folder: .*: {message}"):
                load(folder)
    with pytest.raises(TypeError, match="folder: expected a folder's path"):
        load_tables(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="folder: expected a folder's path"):
        saved_tables(5)  # type: ignore[arg-type]  # (at the call: not when first iterated)
    with pytest.raises(TypeError, match="table_id: expected a str, not int 5"):
        load_table(tmp_path, 5)  # type: ignore[arg-type]
    with pytest.raises(cc.ArgumentError, match=r"data: .*: a file, not a folder"):
        app(data=a_file, processes=False)

