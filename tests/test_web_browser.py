"""The web table in a real browser: Playwright driving Chromium against ``canasta-caliente
serve`` run as a separate process (issue 29). Nothing is mocked: the organiser's page makes the
table, the seats play by clicks and keys, and what each page shows is checked against the
engine's state (read from the table's saved record) at every step.

Playwright cannot download browsers here, so the tests launch Debian's ``chromium`` by its path;
without one they skip, saying how to install it. Screenshots are saved in ``test-artifacts/web/``
(ignored by git); ``docs/_static/`` holds copies of two of them for the "Play in the browser"
page.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra: pip install canasta-caliente[web]")
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="Playwright is not installed: pip install playwright")

import canasta_caliente as cc  # noqa: E402
from canasta_caliente.cards import card_name  # noqa: E402
from canasta_caliente.play import client_view  # noqa: E402
from canasta_caliente.web.tables import load_tables  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts" / "web"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium to drive: install Debian's with `apt-get install -y chromium` "
    "(Playwright cannot download its own browsers here)")]

STEP = 30_000
"""The longest a page may take to show a change, in milliseconds (a condition is awaited; this
is only the give-up point)."""


def card_count(n: int) -> str:
    """A count of cards as the page writes it: "1 card", "2 cards"."""
    return f"{n} card{'' if n == 1 else 's'}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """``canasta-caliente serve`` on a free loopback port, with its data folder."""
    with serving(tmp_path) as served:
        yield served


@contextlib.contextmanager
def serving(tmp_path: Path, *options: str) -> Iterator[tuple[str, Path]]:
    """``canasta-caliente serve`` with ``options`` on a free loopback port: its address and
    its data folder."""
    port, data = free_port(), tmp_path / "tables"
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    process = subprocess.Popen(
        [sys.executable, "-m", "canasta_caliente.cli", "serve", "--port", str(port),
         "--data", str(data), "--bot-seconds", "0.05", "--hint-seconds", "0.1", *options],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    said: list[str] = []
    try:
        while True:  # until the server answers (or has died, or a minute has passed)
            try:
                with urllib.request.urlopen(url + "/api/setup", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    out = process.stdout.read() if process.stdout else ""
                    pytest.fail(f"the server did not start: {out}")
                time.sleep(0.05)
        yield url, data
    finally:
        process.terminate()
        process.wait(timeout=30)
        if process.stdout:
            said.append(process.stdout.read())
            process.stdout.close()
    assert f"serving on {url}/ (only this machine can connect)" in said[0]


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """A Chromium (Debian's, :data:`CHROMIUM`) that Playwright drives, closed afterwards."""
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


def saved_states(data: Path, table: str) -> tuple[cc.GameState, ...]:
    """Every state of the table's game, from what the server saved (the table's file and the
    journal of the actions played since, read as a restarted server reads them)."""
    return tuple(load_tables(data)[table].states)


def set_up(page: Any, url: str, seats: list[str], options: str = "",
           name: str = "Ann") -> dict[str, str]:
    """Make a table on the organiser's page; the links by seat ("spectator" too)."""
    page.goto(url + "/")
    page.wait_for_selector("#preset option[value=caliente]", state="attached")
    if options:
        page.fill("#options", options)
    page.click("#check")
    page.wait_for_selector("#kind-3")
    for seat, kind in enumerate(seats):
        page.select_option(f"#kind-{seat}", kind)
    page.fill("#name-0", name)
    page.click("#create")
    page.wait_for_selector(".spectator-link")
    links = {a.get_attribute("data-seat"): a.get_attribute("href")
             for a in page.query_selector_all(".seat-link")}
    links["spectator"] = page.get_attribute(".spectator-link", "href")
    return links


def wait_settled(page: Any) -> None:
    """Until the page's seat is to act, or the hand or game is over."""
    page.wait_for_function(
        "() => /Your turn|hand is over|game is over/.test("
        "document.getElementById('status').textContent)", timeout=STEP)


def check_page(page: Any, state: cc.GameState, seat: int) -> None:
    """What the page shows is the engine's state as ``seat`` may see it."""
    hand = page.eval_on_selector_all("#hand button.card", "cs => cs.map(c => c.dataset.card)")
    assert hand == [str(c) for c in state.hand(seat)]
    assert page.text_content("#stock-size") == f"Stock: {card_count(state.stock_size)}"
    assert page.text_content("#pile-size") == f"Pile: {card_count(len(state.pile))}"
    for other in range(state.rules.players):
        row = page.text_content(f".player[data-seat='{other}']")
        assert card_count(len(state.hand(other))) in row
    melds = page.eval_on_selector_all(
        ".side .meld",
        "ms => ms.map(m => [...m.querySelectorAll('.card')].map(c => c.dataset.card))")
    assert melds == [[str(c) for c in m.cards] for side in range(len(state.scores))
                     for m in state.melds(side)]
    labels = page.eval_on_selector_all("#hand button.card", "cs => cs.map(c => c.ariaLabel)")
    assert all(labels), "every card has a label a screen reader reads"
    check_log_lines_whole(page)


LOG_EDGES = """() => {
  const box = document.getElementById("log"), edge = box.getBoundingClientRect();
  const lines = [...box.children].map((li) => {
    const r = li.getBoundingClientRect();
    return [r.top - edge.top - box.clientTop, r.bottom - edge.top - box.clientTop];
  });
  return {lines, height: box.clientHeight, scrolled: box.scrollHeight > box.clientHeight};
}"""
"""The event log's lines, each as its top and bottom edge measured from the top of the log's
visible box, the box's visible height, and whether it holds more than it shows."""


def check_log_lines_whole(page: Any) -> bool:
    """The event log shows whole lines only: its visible box starts at the top of one event's
    line and ends at the bottom of the newest. Returns whether the log was scrolled."""
    edges = page.evaluate(LOG_EDGES)
    lines, height = edges["lines"], edges["height"]
    if not lines:
        return False
    shown = [top for top, bottom in lines if bottom > 0.5 and top < height - 0.5]
    assert shown, "the log shows none of its lines"
    assert abs(shown[0]) < 0.5, f"the log's first visible line is cut: it starts at {shown[0]}"
    assert abs(lines[-1][1] - height) < 0.5, "the log does not end at its newest line"
    scrolled: bool = edges["scrolled"]
    return scrolled


def wait_for(find: Any) -> Any:
    """``find()`` once it is not ``None`` (polled; a minute at most)."""
    deadline = time.monotonic() + STEP / 1000
    while (found := find()) is None:
        assert time.monotonic() < deadline, "the pages never came to a seat's turn"
        time.sleep(0.02)
    return found


def shoot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path), full_page=True)
    return path


def play_turn(page: Any) -> None:
    """One action by clicks and keys: draw with the ``d`` key, then meld what can be melded
    (choosing the cards, then the action), else discard the first card."""
    notations = page.eval_on_selector_all("#actions button",
                                          "bs => bs.map(b => b.dataset.notation)")
    if "draw" in notations:
        page.keyboard.press("d")
        return
    if "deal" in notations:
        page.click("#actions button[data-notation=deal]")
        return
    melds = [n for n in notations if n.startswith("meld ") and " on " not in n]
    if melds:
        cards = melds[0].split()[1:]
        hand = page.eval_on_selector_all("#hand button.card",
                                         "cs => cs.map(c => c.dataset.card)")
        used: set[int] = set()
        for code in cards:  # each click draws the hand anew: find the card by its place
            i = next(i for i, c in enumerate(hand) if i not in used and c == code)
            used.add(i)
            page.locator("#hand button.card").nth(i).click()
        chosen = page.eval_on_selector_all("#hand button.card.selected",
                                           "cs => cs.map(c => c.dataset.card)")
        assert sorted(chosen) == sorted(cards)
        assert page.is_enabled("#clear"), "a choice can be cleared"
        page.click(f"#actions button[data-notation='{melds[0]}']")
        return
    discards = [n for n in notations if n.startswith("discard ")]
    if discards:
        page.locator(f"#hand button.card[data-card='{discards[0].split()[1]}']").first.click()
        page.click(f"#actions button[data-notation='{discards[0]}']")
        return
    page.keyboard.press("1")  # the first legal action (ask, yes, no, pass, ...)


def test_a_whole_game_through_the_page(server: tuple[str, Path], browser: Any) -> None:
    url, data = server
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    links = set_up(page, url, ["human", "level-2", "level-1", "level-2"],
                   options='{"target_score": 50}')
    table = links["0"].split("/")[2]
    page.goto(url + links["0"])
    wait_settled(page)
    # A new page's log starts with the first hand's deal, which no action made.
    assert re.fullmatch(r".* deals hand 1: .* plays? first; the up card is .*\.",
                        page.evaluate(LOG_TEXTS)[0])
    shoot(page, "table-start.png")
    actions_shown = 0
    shot_melds = False
    for _ in range(400):  # a bound, never reached in a game to 50 points
        wait_settled(page)
        turn = int(page.get_attribute("#status", "data-turn"))
        states = saved_states(data, table)
        assert turn == len(states) - 1, "a settled page shows the game as saved"
        state = states[-1]
        check_page(page, state, 0)
        if state.is_game_over:
            break
        legal = {str(a) for a in cc.legal_actions(state)} if state.current_player == 0 else set()
        shown = set(page.eval_on_selector_all(
            "#actions button", "bs => bs.map(b => b.dataset.notation)"))
        assert shown == (legal or {"deal"}), "only the legal actions are offered"
        if not shot_melds and any(state.melds(side) for side in range(2)):
            shoot(page, "table-melds.png")
            shot_melds = True
        if state.is_hand_over:
            assert page.is_visible("#results table.results")
            shoot(page, "table-hand-over.png")
        play_turn(page)
        actions_shown += 1
        page.wait_for_function(f"() => document.getElementById('status').dataset.turn != '{turn}'",
                               timeout=STEP)
    final = saved_states(data, table)[-1]
    assert final.is_game_over and final.winner is not None
    winner = ("your side (side 0)" if final.winner == final.side_of(0)
              else f"side {final.winner}")
    assert page.text_content("#status") == (
        f"The game is over: {winner} wins, with {final.scores[final.winner]} points.")
    assert page.text_content("#actions") == "Nothing to do: the game is over."
    # The last hand's score parts in words (a game to 50 may take more than one hand), those no
    # side scored left out ("caliente 0 0" in Classic Canasta; "hand" for the cards left in hands).
    rows = page.eval_on_selector_all("#results table:last-of-type tr",
                                     "rs => rs.map(r => [...r.children].map(c => c.textContent))")
    words = {"cards melded", "cards left in hands", "canastas", "going out", "bonus cards",
             "Caliente cards"}
    parts = [r for r in rows if r[0] in words]
    assert rows[0] == ["", "Side 0 (yours)", "Side 1"], rows[0]  # (Ann's side, seat 0)
    assert parts and [r[0] for r in rows] == ["", *(r[0] for r in parts), "total"], rows
    assert all(set(r[1:]) != {"0"} for r in parts), rows
    assert page.is_disabled("#clear"), "no choice to clear"
    assert check_log_lines_whole(page), "the log holds more than it shows, whole lines only"
    shoot(page, "table-game-over.png")
    # The page played the game: seat 0 plays first, so at least once. (Not "more than 5": a game
    # to 50 points can end in five of its moves, a first meld of 50 and out; it did, once in 20.)
    assert actions_shown >= 1


def test_two_seats_never_see_a_hidden_card(server: tuple[str, Path], browser: Any) -> None:
    url, data = server
    organiser = browser.new_page()
    evil = "<img src=x onerror=window.pwned=1>"
    links = set_up(organiser, url, ["human", "human", "level-1", "level-1"], name=evil)
    table = links["0"].split("/")[2]
    pages, frames = {}, {0: [], 1: []}
    for seat in (0, 1):
        page = browser.new_context().new_page()  # two browsers' worth of cookies and storage
        page.on("websocket", lambda ws, seat=seat: ws.on(
            "framereceived", lambda payload, seat=seat: frames[seat].append(payload)))
        page.goto(url + links[str(seat)])
        pages[seat] = page
    for _ in range(12):  # a few turns of each seat, through their own pages
        seat = wait_for(lambda: next((s for s in (0, 1) if pages[s].text_content("#status")
                                      in ("Your turn.", "The hand is over: deal the next hand.")),
                                     None))
        page = pages[seat]
        turn = int(page.get_attribute("#status", "data-turn"))
        states = saved_states(data, table)
        if states[turn].is_hand_over:
            break
        check_page(page, states[turn], seat)
        play_turn(page)
        page.wait_for_function(f"() => document.getElementById('status').dataset.turn != '{turn}'",
                               timeout=STEP)
    received = {seat: list(frames[seat]) for seat in (0, 1)}
    states = saved_states(data, table)  # read after: it holds every turn the frames show
    for seat in (0, 1):
        assert received[seat], "the page's socket carried the table"
        for payload in received[seat]:
            data_ = json.loads(payload)
            if data_["type"] != "update":
                continue
            message = data_["message"]
            seen = states[data_["turn"]]
            assert message["view"] == client_view(seen, seat)
            assert message["view"]["hand"] == [str(c) for c in seen.hand(seat)]
            assert message["view"]["known"] == [[str(c) for c in seen.known(s)] for s in range(4)]
            assert json.dumps(data_).count('"hand"') == 1  # the view's own, and no other
        page = pages[seat]
        assert evil in page.text_content(".player[data-seat='0']")  # shown as text ...
        assert page.evaluate("window.pwned") is None and not page.query_selector("img")  # only
        turn, shown = page.evaluate(
            "() => [Number(document.getElementById('status').dataset.turn), "
            "[...document.querySelectorAll('#hand button.card')].map(c => c.dataset.card)]")
        assert shown == [str(c) for c in saved_states(data, table)[turn].hand(seat)]


def ann_and_bots(url: str) -> str:
    """A table made through the API, Ann at seat 0 and three level-1 bots, dealt by seed 7
    (which gives Ann three sixes, and an ace pair with a two): Ann's link."""
    request = urllib.request.Request(url + "/api/tables", method="POST", data=json.dumps({
        "rules": {"preset": "caliente"}, "seed": 7,
        "seats": [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "level": "level-1"}] * 3,
    }).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=STEP / 1000) as response:
        link: str = json.loads(response.read())["seats"][0]
        return link


LOG_TEXTS = "() => [...document.querySelectorAll('#log li')].map((li) => li.textContent)"
"""The page's event log, line by line."""


def at_turn(page: Any, turn: int) -> None:
    page.wait_for_function(
        f"() => document.getElementById('status').dataset.turn === '{turn}'", timeout=STEP)


def test_a_tab_back_after_a_take_back_it_missed_shows_the_events_as_they_are(
        server: tuple[str, Path], browser: Any) -> None:
    """Two tabs of seat 0. The first loses its connection (its socket closed, its reconnection
    held); in the second the seat melds, takes the meld back and melds other cards; the
    first reconnects (the page's own ``connect``) and its log is the second's: the meld taken
    back struck out ("... (taken back)"), the take-back's own line ("You take back: ..."), then
    the other meld. A page loaded after it all (a reload) has no struck line, but the
    take-back's line where it was: it too shows what was laid down and picked up again."""
    url, _ = server
    link = ann_and_bots(url)
    away, here = browser.new_page(), browser.new_page()
    for page in (away, here):
        page.goto(url + link)
        wait_settled(page)
    here.keyboard.press("d")
    for page in (away, here):
        at_turn(page, 1)
    melds = [n for n in here.eval_on_selector_all("#actions button",
                                                   "bs => bs.map(b => b.dataset.notation)")
             if n.startswith("meld ")]
    here.evaluate(f"() => send({{type: 'act', action: {melds[0]!r}, turn: 1}})")
    for page in (away, here):
        at_turn(page, 2)
    before = away.evaluate(LOG_TEXTS)
    away.evaluate("() => { retry = 3600000; socket.close(); }")  # back only when we say
    away.wait_for_function("() => /Disconnected/.test(document.getElementById('status')"
                           ".textContent)", timeout=STEP)
    here.keyboard.press("u")
    at_turn(here, 1)
    here.evaluate(f"() => send({{type: 'act', action: {melds[-1]!r}, turn: 1}})")
    at_turn(here, 2)
    away.evaluate("() => connect()")
    away.wait_for_function("() => /Your turn/.test(document.getElementById('status')"
                           ".textContent)", timeout=STEP)
    now = here.evaluate(LOG_TEXTS)
    assert away.evaluate(LOG_TEXTS) == now
    # The meld taken back stays in both logs, struck out where it was, then the take-back's
    # line, the other meld after it.
    assert before[-1].startswith("You meld ")
    back = "You take back: meld " + before[-1].removeprefix("You meld ")
    assert now[-1] != before[-1] and now[:-1] == [*before[:-1], before[-1] + " (taken back)", back]
    assert "deals hand 1" in now[0] and now[0] == before[0]  # event 0, the deal: never cut
    for page in (away, here):
        assert page.eval_on_selector_all("#log li.taken-back", "items => items.length") == 1
    # A page loaded now (a reload): every event from 0, the take-back's line among them.
    here.reload()
    here.wait_for_function("() => /Your turn/.test(document.getElementById('status')"
                           ".textContent)", timeout=STEP)
    assert here.evaluate(LOG_TEXTS) == [*before[:-1], back, now[-1]]
    assert here.eval_on_selector_all("#log li.taken-back", "items => items.length") == 0


def test_two_take_backs_in_a_row_show_both_on_the_page_and_after_a_reload(
        server: tuple[str, Path], browser: Any) -> None:
    """Seat 0 melds twice and takes both melds back, the last first: the page keeps both
    melds struck out and shows both take-backs' lines; reloaded, it shows the two lines."""
    url, _ = server
    link = ann_and_bots(url)
    page = browser.new_page()
    page.goto(url + link)
    wait_settled(page)
    page.keyboard.press("d")
    at_turn(page, 1)
    drawn = page.evaluate(LOG_TEXTS)
    for turn, meld in ((1, "meld 6 6 6"), (2, "meld A A 2")):
        page.evaluate(f"() => send({{type: 'act', action: {meld!r}, turn: {turn}}})")
        at_turn(page, turn + 1)
    for turn in (3, 2):
        page.evaluate(f"() => send({{type: 'undo', turn: {turn}}})")
        at_turn(page, turn - 1)
    backs = ["You take back: meld two aces and a two.", "You take back: meld three sixes."]
    assert page.evaluate(LOG_TEXTS) == [*drawn, "You meld two aces and a two. (taken back)",
                                        "You meld three sixes. (taken back)", *backs]
    assert page.eval_on_selector_all("#log li.taken-back", "items => items.length") == 2
    page.reload()
    wait_settled(page)
    assert page.evaluate(LOG_TEXTS) == [*drawn, *backs]


SENT = ("() => { window.sent = []; const send = socket.send.bind(socket); "
        "socket.send = (data) => { window.sent.push(data); send(data); }; }")
"""Counts what the page sends from now on (in ``window.sent``): a key's handler runs while
the key is pressed, so what it sent is there when the press returns."""


def test_the_one_key_shortcuts_can_be_turned_off_and_stay_off(
        server: tuple[str, Path], browser: Any) -> None:
    """With the one-key shortcuts off (WCAG 2.1.4), ``d``, ``h``, ``u`` and the digits send
    nothing and no label names a key; the choice outlives a reload; on again, ``d`` draws."""
    url, _ = server
    link = ann_and_bots(url)
    page = browser.new_page()
    page.goto(url + link)
    wait_settled(page)
    assert page.text_content("#actions button") == "1. draw a card from the stock"
    page.uncheck("#shortcuts")
    page.reload()
    wait_settled(page)
    assert not page.is_checked("#shortcuts")
    assert page.text_content("#actions button") == "draw a card from the stock"
    assert (page.text_content("#hint"), page.text_content("#undo")) == ("Hint", "Undo")
    assert page.get_attribute("#hint", "accesskey") is None  # the access keys go with them
    assert page.get_attribute("#undo", "accesskey") is None
    page.evaluate(SENT)
    for key in ("d", "1", "h", "u"):
        page.keyboard.press(key)
    assert page.evaluate("() => window.sent") == []
    page.check("#shortcuts")
    assert page.text_content("#hint") == "Hint (h)"
    assert page.get_attribute("#hint", "accesskey") == "h"
    page.keyboard.press("d")
    assert [json.loads(m)["action"] for m in page.evaluate("() => window.sent")] == ["draw"]
    at_turn(page, 1)


def test_the_tabs_title_says_when_the_seat_is_to_act(
        server: tuple[str, Path], browser: Any) -> None:
    """The tab's title begins "Your turn" while the page's seat is to act, and not otherwise
    (a laptop player whose table was in a tab behind another was never told; the title was
    "Canasta Caliente: the table" throughout): Ann acts first, Bea waits."""
    url, _ = server
    request = urllib.request.Request(url + "/api/tables", method="POST", data=json.dumps({
        "rules": {"preset": "caliente"}, "seed": 7,
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"},
                  {"kind": "bot", "level": "level-1"}, {"kind": "bot", "level": "level-1"}],
    }).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=STEP / 1000) as response:
        ann, bea = json.loads(response.read())["seats"][:2]
    pages = {}
    for name, link in (("Ann", ann), ("Bea", bea)):
        pages[name] = browser.new_page()
        pages[name].goto(url + link)
        at_turn(pages[name], 0)
    assert pages["Ann"].title() == "Your turn · Canasta Caliente: Ann"
    assert pages["Bea"].title() == "Canasta Caliente: Bea"
    pages["Ann"].keyboard.press("d")
    at_turn(pages["Ann"], 1)
    pages["Ann"].click("#actions button[data-notation^='discard']")
    pages["Bea"].wait_for_function("() => document.title === 'Your turn · Canasta Caliente: Bea'",
                                   timeout=STEP)
    assert pages["Bea"].evaluate("() => message.legal.length > 0")
    at_turn(pages["Ann"], 2)
    assert pages["Ann"].title() == "Canasta Caliente: Ann"


def test_on_a_phone_the_one_key_shortcuts_start_off(
        server: tuple[str, Path], browser: Any) -> None:
    """Where the main pointer is a finger, the one-key shortcuts start off, so that no label
    names a key the phone has not ("Hint (h)", "1. draw ..."); turned on, they stay on."""
    url, _ = server
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    try:
        page = context.new_page()
        page.goto(url + ann_and_bots(url))
        wait_settled(page)
        assert page.evaluate("() => matchMedia('(pointer: coarse)').matches")
        assert not page.is_checked("#shortcuts")
        assert page.text_content("#actions button") == "draw a card from the stock"
        assert page.text_content("#hint") == "Hint"
        page.check("#shortcuts")
        page.reload()
        wait_settled(page)
        assert page.is_checked("#shortcuts")
        assert page.text_content("#actions button") == "1. draw a card from the stock"
    finally:
        context.close()


FOCUSED = ("() => { const b = document.activeElement, box = b.parentElement.closest('[id]'); "
           "return [box.id, [...box.querySelectorAll('button')].indexOf(b)]; }")
"""Where the focus is: the box (the hand, the actions) and the button's place in it."""


def test_the_arrows_move_the_focus_along_the_hand_and_the_actions(
        server: tuple[str, Path], browser: Any) -> None:
    """Left and Right move the focus to the next card of the hand, Home and End to its ends,
    and along the actions the same; they play nothing."""
    url, _ = server
    page = browser.new_page()
    page.goto(url + ann_and_bots(url))
    wait_settled(page)
    page.keyboard.press("d")
    at_turn(page, 1)
    last = page.eval_on_selector_all("#hand button.card", "cs => cs.length") - 1
    page.focus("#hand button.card")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED) == ["hand", 2]
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(FOCUSED) == ["hand", 1]
    page.keyboard.press("End")
    assert page.evaluate(FOCUSED) == ["hand", last]
    page.keyboard.press("ArrowRight")  # at the end it stays
    assert page.evaluate(FOCUSED) == ["hand", last]
    page.keyboard.press("Home")
    assert page.evaluate(FOCUSED) == ["hand", 0]
    assert page.eval_on_selector_all("#actions button", "bs => bs.length") > 1
    page.focus("#actions button")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED) == ["actions", 1]
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(FOCUSED) == ["actions", 0]
    assert page.evaluate("() => update.turn") == 1 and not page.eval_on_selector_all(
        "#hand button.card.selected", "cs => cs.length")


def test_the_focus_a_redraw_puts_back_is_in_sight(
        server: tuple[str, Path], browser: Any) -> None:
    """The focus put back after a redraw (the actions' box, when the action that had it is
    gone) is scrolled into sight when it is out of it: in a short window, it was left below
    the window's edge, unseen."""
    url, _ = server
    page = browser.new_page(viewport={"width": 1200, "height": 400})
    page.goto(url + ann_and_bots(url))
    wait_settled(page)
    page.focus("#actions button[data-notation=draw]")
    page.evaluate("() => window.scrollTo(0, 0)")
    assert page.evaluate("() => document.getElementById('actions').getBoundingClientRect()"
                         ".top") > 400  # (below the window)
    page.keyboard.press("Enter")
    at_turn(page, 1)
    assert page.evaluate("() => document.activeElement.id") == "actions"
    top, bottom = page.evaluate("() => { const r = document.activeElement"
                                ".getBoundingClientRect(); return [r.top, r.bottom]; }")
    assert top >= 0 and bottom <= 401, (top, bottom)  # (a fraction of a pixel: in sight)


def test_a_tab_past_the_tables_limit_of_sockets_says_so_and_comes_in_when_one_closes(
        tmp_path: Path, browser: Any) -> None:
    """With one socket a table, a second tab of a seat is refused: it shows the reason,
    naming the limit, and keeps trying; once the first tab is closed, it shows the table."""
    with serving(tmp_path, "--max-table-sockets", "1") as (url, _data):
        first = browser.new_page()
        links = set_up(first, url, ["human", "level-1", "level-1", "level-1"])
        first.goto(url + links["0"])
        wait_settled(first)
        second = browser.new_page()
        second.goto(url + links["0"])
        second.wait_for_function(
            "() => document.getElementById('error').textContent.includes('max_table_sockets')",
            timeout=STEP)
        second.wait_for_function(
            "() => document.getElementById('status').textContent.includes('reconnecting')",
            timeout=STEP)
        first.close()
        wait_settled(second)


def test_the_page_opens_on_the_servers_rules_and_a_table_made_plays_them(
        tmp_path: Path, browser: Any) -> None:
    """``serve --rules <house-rules file>``: the organiser's page opens on the file's rules
    (the preset closest to them, the options that differ in the options box), and a table made
    without touching them plays them. It opened on caliente with no option, whatever the
    server's rules. A changed card value is offered as the file says it, not as the whole
    table of sixteen cards; and the page lists every option with its help (an organiser typed
    the options' names from memory)."""
    house = tmp_path / "our-club.toml"
    house.write_text('preset = "classic"\nalways_frozen = true\ntarget_score = 1500\n'
                     'card_values = { JK = 40 }\n', encoding="utf-8")
    with serving(tmp_path, "--rules", str(house)) as (url, data):
        page = browser.new_page()
        page.goto(url + "/")
        page.wait_for_function("() => document.getElementById('preset').value === 'classic'",
                               timeout=STEP)
        assert json.loads(page.input_value("#options")) == {
            "always_frozen": True, "target_score": 1500, "card_values": {"JK": 40}}
        page.click("#option-list summary")
        listed = page.eval_on_selector_all("#option-help dt", "ds => ds.map(d => d.textContent)")
        assert listed == [option.name for option in cc.OPTIONS]
        helps = page.eval_on_selector_all("#option-help dd", "ds => ds.map(d => d.textContent)")
        assert helps == [" ".join(option.help.split()) for option in cc.OPTIONS]
        assert page.is_visible("#option-help dt")
        shoot(page, "setup-options.png")
        links = set_up(page, url, ["human", "level-1", "level-1", "level-1"])
        table = links["0"].split("/")[2]
        assert load_tables(data)[table].record.rules == cc.RuleSet.from_toml(house.read_text())


def test_the_set_up_page_shows_the_playtests_cautions(
        server: tuple[str, Path], browser: Any) -> None:
    """Rules whose every hand ends in its deal are valid, and the page says what a playtest of
    them showed under "valid", the seats still offered."""
    url, _ = server
    page = browser.new_page()
    page.goto(url + "/")
    page.wait_for_selector("#preset option[value=classic]", state="attached")
    page.select_option("#preset", "classic")
    page.fill("#options", '{"hand_size": 26}')
    page.click("#check")
    page.wait_for_selector("#problems li.caution")
    lines = page.locator("#problems li").all_inner_texts()
    assert lines[0].startswith("valid: 4 players in 2 sides (0 2) (1 3), 2 decks (108 cards), "
                               "26 cards a hand") and len(lines) == 3, lines
    assert page.locator("label[for=kind-1]").inner_text() == "Seat 1 · side 1"
    assert lines[1].startswith("caution: every hand of the playtest") and "(GAME-1)" in lines[2]
    assert page.is_enabled("#create")


def test_a_table_refused_says_why_and_keeps_the_focus_on_its_button(
        server: tuple[str, Path], browser: Any) -> None:
    """A name the server refuses ("you": the events' word for each player) is said, and
    the keyboard's focus is back on *Make the table* (it was left on the page's body, held
    while the table was made: the next Tab left the page)."""
    url, _ = server
    page = browser.new_page()
    page.goto(url + "/")
    page.wait_for_selector("#preset option[value=caliente]", state="attached")
    page.click("#check")
    page.wait_for_selector("#kind-3")
    page.fill("#name-0", "you")
    page.focus("#create")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('problems').textContent"
                           ".includes('is what the events call each player')", timeout=STEP)
    assert page.evaluate("() => document.activeElement.id") == "create"


def test_the_organisers_page_keeps_the_seats_chosen_and_the_links_made(
        server: tuple[str, Path], browser: Any) -> None:
    """A check of changed rules keeps the seats chosen (it reset every name and kind); the
    links name each seat's player; a reload shows them again (they were lost, and with them
    the only way into the seats: an organiser's trial)."""
    url, _ = server
    page = browser.new_page()
    page.goto(url + "/")
    page.wait_for_selector("#preset option[value=caliente]", state="attached")
    assert page.text_content("#seats") == "Check the rules first: the seats follow from them."
    page.click("#check")
    page.wait_for_selector("#kind-3")
    page.fill("#name-0", "Ann")
    page.select_option("#kind-1", "human")
    page.fill("#name-1", "Bea")
    page.fill("#options", '{"target_score": 3000}')
    assert page.is_disabled("#name-1") and page.is_disabled("#create")
    page.click("#check")
    page.wait_for_function("() => !document.getElementById('create').disabled", timeout=STEP)
    assert (page.input_value("#name-0"), page.input_value("#kind-1"),
            page.input_value("#name-1")) == ("Ann", "human", "Bea")
    page.click("#create")
    page.wait_for_selector(".spectator-link")
    # Said: the table made and what to do with its links (a screen reader heard nothing).
    assert page.text_content("#made") == ("Table 1 is made: send each of its 2 players their "
                                          "link; the spectator link is for anyone watching.")
    assert page.get_attribute("#made", "role") == "status"
    # Each link's name starts with its seat's, the URL, its text, after it.
    link = page.locator(".seat-link").first
    assert link.get_attribute("aria-label") == f"Seat 0 (Ann) link: {link.inner_text()}"
    assert page.evaluate("() => document.activeElement.dataset.seat") == "0"
    made = page.locator("#links li li").all_inner_texts()
    assert [line.split(": ")[0] for line in made] == ["Seat 0 (Ann)", "Seat 1 (Bea)",
                                                     "Spectators"]
    page.reload()
    page.wait_for_selector(".spectator-link")
    assert page.locator("#links li li").all_inner_texts() == made
    shoot(page, "setup-links.png")
    # A tab whose storage is refused (full, or blocked) still shows the links of the tables
    # it makes, numbered on (the review of the change found them lost).
    refused = browser.new_page()
    refused.add_init_script("Storage.prototype.setItem = () => { throw new Error('full'); };")
    refused.goto(url + "/")
    refused.wait_for_selector("#preset option[value=caliente]", state="attached")
    for number in (1, 2):
        refused.click("#check")
        refused.wait_for_function("() => !document.getElementById('create').disabled",
                                  timeout=STEP)
        refused.click("#create")
        refused.wait_for_function("(n) => document.querySelectorAll('.table-links').length == n",
                                  arg=number, timeout=STEP)
    assert refused.locator(".table-links").first.inner_text().startswith("Table 2:")
    assert refused.text_content("#made") == ("Table 2 is made: send its player their link; "
                                             "the spectator link is for anyone watching.")


def test_cards_no_legal_action_uses_get_the_rules_reason(
        server: tuple[str, Path], browser: Any) -> None:
    """Cards chosen that no legal action uses: the page offers to ask why, and shows the
    server's refusal, the rules' reason (it said "No legal action uses those cards." alone);
    nothing is played."""
    url, data = server
    page = browser.new_page()
    links = set_up(page, url, ["human", "level-1", "level-1", "level-1"])
    table = links["0"].split("/")[2]
    page.goto(url + links["0"])
    wait_settled(page)
    state = saved_states(data, table)[-1]
    assert state.current_player == 0 and state.phase is cc.Phase.DRAW
    hand = page.eval_on_selector_all("#hand button.card", "cs => cs.map(c => c.dataset.card)")
    # A natural of another rank than the up card's: no take uses it, and no discard is legal
    # before the draw.
    chosen = next(i for i, c in enumerate(hand)
                  if cc.Card.parse(c).is_natural and cc.Card.parse(c) != state.pile[-1])
    page.click(f"#hand button.card >> nth={chosen}")
    page.wait_for_selector("#why-not")
    name = card_name(hand[chosen]).split(" ", 1)[1]  # ("a nine": "nine")
    assert page.text_content("#why-not") == f"Why not discard the {name}?"
    page.click("#why-not")
    page.wait_for_function("() => document.getElementById('error').textContent !== ''",
                           timeout=STEP)
    assert page.text_content("#error") == ("draw or take the pile first: a turn begins with "
                                           "its draw (TURN-1)")
    assert saved_states(data, table)[-1] == state  # nothing played
    assert page.is_visible("#why-not"), "the cards stay chosen"
    # Esc puts the cards back, says so, and takes their refusal away with them.
    page.keyboard.press("Escape")
    assert page.text_content("#error") == "" and not page.is_visible("#why-not")
    assert page.evaluate("() => document.querySelector('#announce > :last-child')"
                         ".textContent") == "Choice cleared. "
    # Two cards of two ranks: a meld no action makes, named in words.
    two = [i for i, c in enumerate(hand)
           if cc.Card.parse(c).is_natural and cc.Card.parse(c) != state.pile[-1]]
    two = [two[0], next(i for i in two if hand[i] != hand[two[0]])]
    for i in two:
        page.click(f"#hand button.card >> nth={i}")
    names = [card_name(hand[i]).split(" ", 1)[1] for i in two]
    page.wait_for_function("(label) => document.getElementById('why-not')?.textContent === label",
                           arg=f"Why not meld the {names[0]} and {names[1]}?", timeout=STEP)
    page.click("#why-not")  # (the notation's own reason: it said "action JSON: ..." first)
    page.wait_for_function("(reason) => document.getElementById('error').textContent === reason",
                           arg=f"not an action: 'meld {hand[two[0]]} {hand[two[1]]}': naturals "
                               "of more than one rank in one meld", timeout=STEP)


def test_a_question_waiting_for_its_answer_is_said_in_the_status(
        tmp_path: Path, browser: Any) -> None:
    """While a partner must answer "May I go out?" (OUT-2), the status line says so, to the
    partner and to the others (it said "Your turn." alone: the question was in the log only,
    an organiser's trial); the page's own side is marked "(yours)"."""
    # RULES: OUT-2
    import random

    from canasta_caliente.web.tables import Seat, Table, new_secret
    rules = cc.RuleSet.preset("caliente")
    for seed in range(100):  # a random game to a question that may be asked
        rng, record = random.Random(seed), cc.GameRecord.start(rules, seed=seed)
        state = record.initial_state()
        while not state.is_hand_over and "ask" not in map(str, cc.legal_actions(state)):
            action = rng.choice(cc.legal_actions(state))
            state, record = cc.apply(state, action), record.extend(action)
        if not state.is_hand_over:
            break
    asker = state.current_player
    assert asker is not None
    state, record = cc.apply(state, "ask"), record.extend("ask")
    partner = state.current_player
    assert partner is not None and state.phase is cc.Phase.ANSWER
    names = ["Ann", "Bea", "Cat", "Dan"]
    table = Table("asked", [Seat(n, secret=new_secret()) for n in names], new_secret(), record)
    (tmp_path / "tables").mkdir()
    table.save(tmp_path / "tables")
    links = table.links()["seats"]
    with serving(tmp_path) as (url, _):
        page = browser.new_page()
        page.goto(url + links[partner])
        page.wait_for_selector("#actions button")
        assert page.text_content("#status") == (
            "Your turn: your partner asks \u201cMay I go out?\u201d. Answer yes or no.")
        side = state.side_of(partner)
        assert page.text_content(f".side[data-side='{side}'] h3").startswith(
            f"Side {side} (yours)")
        other = next(s for s in range(4) if s not in (asker, partner))
        page.goto(url + links[other])
        page.wait_for_selector(".player")
        assert page.text_content("#status") == (
            f"{names[partner]} to answer \u201cMay I go out?\u201d.")


def test_a_typo_in_the_options_box_is_said_as_a_syntax_error(
        server: tuple[str, Path], browser: Any) -> None:
    """A typo in the options box is said as the parser says it ("not valid JSON: ..."), not
    "not a JSON object" (which it is, mistyped); JSON that is not an object is refused by the
    server, saying what the options must be."""
    url, _ = server
    page = browser.new_page()
    page.goto(url + "/")
    page.wait_for_selector("#preset option[value=caliente]", state="attached")
    said = []
    for typed in ('{"always_frozen": tru}', "[1, 2]"):
        page.fill("#options", typed)
        page.click("#check")
        page.wait_for_selector("#problems li")
        said.append(page.inner_text("#problems li"))
        page.evaluate("document.getElementById('problems').replaceChildren()")
    assert said[0].startswith("rules: options: not valid JSON: ")
    assert said[0].endswith('(write them as {"option": value, ...})')
    assert "not a JSON object" not in said[0]
    assert "options" in said[1] and "not valid JSON" not in said[1], said
