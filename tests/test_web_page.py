"""The web table's pages as a new user meets them, in a real browser (Playwright driving
Chromium against ``canasta-caliente serve``, as tests/test_web_browser.py does): what a page says
once a refusal is of a table gone, a hint, a seat sitting out a hand, a phone's width, the
keyboard's focus, the chosen cards after a take-back, a page whose connection is lost, and the
organiser's rules changed after their check. Every wait is for a condition.

Screenshots are saved in ``test-artifacts/web/`` (ignored by git).
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra: pip install canasta-caliente[web]")
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="Playwright is not installed: pip install playwright")

import canasta_caliente as cc  # noqa: E402
from canasta_caliente.web.tables import load_tables  # noqa: E402
from test_web_browser import (  # noqa: E402
    CHROMIUM,
    STEP,
    at_turn,
    chromium,
    serving,
    set_up,
    shoot,
    wait_settled,
)

pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium to drive: install Debian's with `apt-get install -y chromium` "
    "(Playwright cannot download its own browsers here)")]

BOTS = [{"kind": "bot", "level": "level-1"}] * 3


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """One ``canasta-caliente serve`` for the module's tests: each makes its own table."""
    with serving(tmp_path_factory.mktemp("page")) as served:
        yield served


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


def make_table(url: str, seats: list[dict[str, str]], preset: str = "caliente",
               seed: int = 7, options: dict[str, Any] | None = None) -> list[str | None]:
    """A table made through the API (seed 7 of caliente deals seat 0 three sixes): its seats'
    links (``None`` for a bot's), the spectators' last."""
    request = urllib.request.Request(url + "/api/tables", method="POST", data=json.dumps({
        "rules": {"preset": preset, "options": options or {}}, "seed": seed,
        "seats": seats}).encode(),
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=STEP / 1000) as response:
        links = json.loads(response.read())
    return [*links["seats"], links["spectator"]]


def opened(browser: Any, url: str, link: str | None, **options: Any) -> Any:
    """A new page (a browser's own: cookies and storage apart) on ``link``, its table shown."""
    assert link is not None
    page = browser.new_context(**options).new_page()
    page.goto(url + link)
    page.wait_for_function("() => document.getElementById('status').dataset.turn !== undefined",
                           timeout=STEP)
    return page


def notations(page: Any) -> list[str]:
    """The actions the page offers, as notations."""
    found: list[str] = page.eval_on_selector_all("#actions button",
                                                 "bs => bs.map(b => b.dataset.notation)")
    return found


def test_a_refusal_goes_once_the_table_moves_on(server: tuple[str, Path], browser: Any) -> None:
    """Two tabs of seat 0 draw for turn 0: the second is told its draw is stale, and says so
    while the table is the one the refusal is about. Once the game moves on (the first tab
    melds), the refusal is of a table gone and is no longer shown: it stayed, under a table
    it no longer described, until that tab itself acted."""
    url, _ = server
    link = make_table(url, [{"kind": "human", "name": "Ann"}, *BOTS])[0]
    here, away = opened(browser, url, link), opened(browser, url, link)
    for page in (here, away):
        wait_settled(page)
    here.keyboard.press("d")
    at_turn(here, 1)
    away.evaluate("() => send({type: 'act', action: 'draw', turn: 0})")  # a turn left
    away.wait_for_function("() => document.getElementById('error').textContent"
                           ".startsWith('stale')", timeout=STEP)
    at_turn(away, 1)
    assert away.text_content("#error").startswith("stale"), "shown with the table it is about"
    melds = [n for n in notations(here) if n.startswith("meld ")]
    here.click(f"#actions button[data-notation='{melds[0]}']")
    at_turn(away, 2)
    assert away.text_content("#error") == ""


def test_a_hint_says_the_actions_in_words_and_what_its_order_means(
        server: tuple[str, Path], browser: Any) -> None:
    """A hint names each action as the actions box does (its notation beside), says what its
    order and numbers mean (the first is the search's choice; one lower down may show a higher
    value), and, with one legal action, says it is the only one. It listed notations under
    "value 0.5 is even, higher is better", so an action ranked second with a higher value
    read as a mistake; and the only legal action as "value 0.5 · 0 simulations"."""
    url, data = server
    link = make_table(url, [{"kind": "human", "name": "Ann"}, *BOTS])[0]
    page = opened(browser, url, link)
    wait_settled(page)
    table = link.split("/")[2] if link else ""
    state = load_tables(data)[table].state
    legal = cc.legal_actions(state)
    page.keyboard.press("h")
    if len(legal) == 1:
        page.wait_for_function("() => /only legal action/.test("
                               "document.getElementById('hint-out').textContent)", timeout=STEP)
    page.keyboard.press("d")
    at_turn(page, 1)
    words = dict(page.eval_on_selector_all(
        "#actions button", "bs => bs.map(b => [b.dataset.notation, "
        "b.textContent.replace(/^[0-9]+\\. /, '')])"))
    page.keyboard.press("h")
    page.wait_for_selector("#hint-out li", timeout=STEP)
    intro = page.text_content("#hint-out p")
    assert "the first is the search's choice" in intro and "higher value" in intro
    assert "the heuristic bot's move unless another did clearly better" in intro
    shown, legal_now = page.evaluate("() => [document.querySelectorAll('#hint-out li').length, "
                                     "message.legal.length]")
    # (a hint of five actions of more says so: a club took it for the whole list)
    assert (f"The first {shown} of the {legal_now} legal actions are shown." in intro) == (
        shown < legal_now)
    for line in page.eval_on_selector_all("#hint-out li", "ls => ls.map(l => l.textContent)"):
        notation = next(n for n in words if line.startswith(f"{words[n]} ({n}) · "))
        if line.endswith(" · not tried (the time ran out)"):
            continue  # (a loaded machine's search may not reach every action in its time)
        assert line.startswith(f"{words[notation]} ({notation}) · value "), line
        visits = int(line.split(" · ")[-1].split()[0])
        assert line.endswith(f" · {visits} simulation{'s' * (visits != 1)}")
    shoot(page, "page-hint.png")
    # The table at this turn's number again, another version (a take-back and another
    # action): the hint goes (it stayed, its actions perhaps illegal), and a hint searched
    # for the version gone is not shown.
    hint = page.evaluate("() => document.getElementById('hint-out').innerHTML")
    page.evaluate("""() => receive({data: JSON.stringify(Object.assign({}, update, {
        version: update.version + "-later", since: log.length,
        message: Object.assign({}, message, {events: []})}))})""")
    assert page.text_content("#hint-out") == ""
    page.evaluate("""(old) => receive({data: JSON.stringify({type: "hint", turn: update.turn,
        version: old, budget: "0.1 s of search", ranked: []})})""",
                  page.evaluate("() => update.version.replace(/-later$/, '')"))
    assert page.text_content("#hint-out") == "" and hint != ""


def test_a_seat_sitting_out_the_hand_is_shown_so(server: tuple[str, Path],
                                                  browser: Any) -> None:
    """Six players on two decks: seats 4 and 5 sit out the first hand. Every page says so,
    and the page of a person sitting out says they hold no cards this hand; it showed "0 cards"
    and "wait for your turn"."""
    url, _ = server
    people = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "level-1"},
              {"kind": "human", "name": "Bea"}, {"kind": "bot", "level": "level-1"}]
    links = make_table(url, [*people, {"kind": "human", "name": "Eve"},
                             {"kind": "bot", "level": "level-1"}], preset="caliente-6p")
    page = opened(browser, url, links[4])
    for seat in (4, 5):
        assert "sitting out this hand" in page.text_content(f".player[data-seat='{seat}']")
    for seat in range(4):
        assert "11 cards" in page.text_content(f".player[data-seat='{seat}']")
    assert page.text_content("#hand") == "You sit out this hand: you hold no cards."
    assert page.text_content("#actions") == "Nothing to do: you sit out this hand."
    spectator = opened(browser, url, links[-1])
    assert "sitting out this hand" in spectator.text_content(".player[data-seat='5']")
    shoot(page, "page-sitting-out.png")
    # Every page says the rules played, under the status (a club could not tell its house
    # rules from the table), opened the table in a line; the spectators' page has no "Your
    # hand" box nor actions.
    line = cc.RuleSet.preset("caliente-6p").describe()
    assert page.text_content("#rules-line") == spectator.text_content("#rules-line") == \
        "Rules: caliente-6p, no house rules"
    page.click("#rules-box summary")
    assert page.text_content("#rules-table") == line
    assert page.is_visible("#mine") and page.is_visible("#act")
    assert not spectator.is_visible("#mine") and not spectator.is_visible("#act")


def test_a_phones_width_shows_each_box_across_the_page(server: tuple[str, Path],
                                                       browser: Any) -> None:
    """At a phone's width (360 px) the table is one column: the melds and the players each
    as wide as the hand, nothing wider than the screen. It kept two columns, so the melds had
    half the width and wrapped two cards a line. The pile, the hand and the actions come
    first, the hand and the first actions on the first screen (they were below the melds and
    the players, off it)."""
    url, _ = server
    link = make_table(url, [{"kind": "human", "name": "Ann"}, *BOTS])[0]
    page = opened(browser, url, link, viewport={"width": 360, "height": 740}, is_mobile=True,
                  has_touch=True)
    wait_settled(page)
    widths = page.evaluate("""() => Object.fromEntries(["players", "middle", "sides", "mine",
        "act", "log-box"].map((id) => [id, document.getElementById(id)
        .getBoundingClientRect().width]))""")
    for box, width in widths.items():
        assert abs(width - widths["mine"]) < 1, f"#{box} is {width} px wide, the hand {widths}"
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    tops = page.evaluate("""() => Object.fromEntries(["middle", "mine", "act", "sides",
        "players"].map((id) => [id, document.getElementById(id).getBoundingClientRect().top]))""")
    assert tops["middle"] < tops["mine"] < tops["act"] < tops["sides"] < tops["players"], tops
    first = page.evaluate("() => document.querySelector('#actions button')"
                          ".getBoundingClientRect().bottom")
    assert first <= 740, f"the first action ends at {first} px, below the screen"
    shoot(page, "page-phone.png")


def test_the_keyboard_keeps_its_place_when_the_page_is_drawn_again(
        server: tuple[str, Path], browser: Any) -> None:
    """Choosing a card with the keyboard, clearing the choice with Esc, and an update after an
    action leave the focus on the hand (the same place), never back at the top of the page:
    Esc sent it to the page's body, and every update too."""
    url, _ = server
    link = make_table(url, [{"kind": "human", "name": "Ann"}, *BOTS])[0]
    page = opened(browser, url, link)
    wait_settled(page)
    focused = "() => [document.activeElement.closest('#hand') !== null, " \
              "[...document.querySelectorAll('#hand button.card')]" \
              ".indexOf(document.activeElement)]"
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate(focused) == [True, 1]
    page.keyboard.press("Enter")
    assert page.evaluate(focused) == [True, 1]
    assert page.get_attribute("#hand button.card >> nth=1", "aria-pressed") == "true"
    page.keyboard.press("Escape")
    assert page.evaluate(focused) == [True, 1]
    assert page.query_selector("#hand button.card.selected") is None
    page.keyboard.press("d")
    at_turn(page, 1)
    assert page.evaluate(focused) == [True, 1]


def drawn(browser: Any, url: str) -> tuple[Any, list[str]]:
    """Ann's page at a new table (seed 7: three sixes in her hand), after her draw: the page
    and the melds it offers."""
    link = make_table(url, [{"kind": "human", "name": "Ann"}, *BOTS])[0]
    page = opened(browser, url, link)
    wait_settled(page)
    page.keyboard.press("d")
    at_turn(page, 1)
    return page, [n for n in notations(page) if n.startswith("meld ")]


def test_an_action_played_by_the_keyboard_leaves_no_other_action_under_the_focus(
        server: tuple[str, Path], browser: Any) -> None:
    """Enter on an action: once the table moves on, the focus is on the actions' box, not on
    the action now at that place, which a second Enter would play unseen (an organiser's
    trial); Tab then reaches the first action."""
    page, melds = drawn(browser, server[0])
    page.focus(f"#actions button[data-notation='{melds[0]}']")
    page.keyboard.press("Enter")
    at_turn(page, 2)
    assert page.evaluate("() => document.activeElement.id") == "actions"
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement === "
                         "document.querySelector('#actions button')")


def test_the_chosen_cards_go_when_the_hand_changes(server: tuple[str, Path],
                                                   browser: Any) -> None:
    """Cards chosen, then the last meld taken back (``u``): the hand holds the meld's cards
    again, and no card is chosen. The choice was kept as places in the hand, so other cards
    showed chosen."""
    page, melds = drawn(browser, server[0])
    page.click(f"#actions button[data-notation='{melds[0]}']")
    at_turn(page, 2)
    page.locator("#hand button.card").first.click()
    assert page.query_selector("#hand button.card.selected") is not None
    page.keyboard.press("u")
    at_turn(page, 1)
    assert page.query_selector("#hand button.card.selected") is None
    assert set(notations(page)) >= set(melds), "every action is offered: no card is chosen"


def test_a_page_without_its_connection_offers_nothing_and_says_so(
        server: tuple[str, Path], browser: Any) -> None:
    """The socket closed (the server restarting, a network drop): the actions are disabled, a
    key that acts says nothing was sent, and once connected again the table is offered again,
    the message gone. An action clicked meanwhile was dropped without a word."""
    url, _ = server
    link = make_table(url, [{"kind": "human", "name": "Ann"}, *BOTS])[0]
    page = opened(browser, url, link)
    wait_settled(page)
    # (a hint asked for as the socket goes: its reply lost, "Searching for a hint…" stayed)
    page.evaluate("""() => { const out = document.getElementById('hint-out');
        out.dataset.searching = 'true'; out.textContent = 'Searching for a hint…';
        retry = 3600000; socket.close(); }""")  # back only when we say
    page.wait_for_function("() => /Disconnected/.test(document.getElementById('status')"
                           ".textContent)", timeout=STEP)
    assert page.text_content("#hint-out") == ""
    assert page.eval_on_selector_all("#actions button, #hint",
                                     "bs => bs.every((b) => b.disabled)")
    page.keyboard.press("d")
    assert page.text_content("#error").startswith("Not connected: nothing was sent")
    # A card chosen meanwhile draws the table again: it said "Your turn." and offered the
    # actions again, from the last update.
    page.locator("#hand button.card").first.click()
    assert page.query_selector("#hand button.card.selected") is not None
    assert page.text_content("#status") == "Disconnected: reconnecting…"
    assert page.eval_on_selector_all("#actions button, #hint",
                                     "bs => bs.length > 0 && bs.every((b) => b.disabled)")
    page.keyboard.press("Escape")  # (the choice cleared: drawn again, still offering nothing)
    page.click("#shortcuts")  # (the actions drawn again with their keys: still disabled)
    assert page.text_content("#status") == "Disconnected: reconnecting…"
    assert page.eval_on_selector_all("#actions button, #hint",
                                     "bs => bs.length > 0 && bs.every((b) => b.disabled)")
    page.click("#shortcuts")
    page.evaluate("() => connect()")
    wait_settled(page)
    assert page.text_content("#error") == ""
    assert page.is_enabled("#actions button[data-notation=draw]")
    page.keyboard.press("d")
    at_turn(page, 1)


def test_rules_changed_after_their_check_are_checked_again(
        tmp_path: Path, server: tuple[str, Path], browser: Any) -> None:
    """On the organiser's page, a preset chosen after the rules were checked holds the seats
    and asks for a check; checked, the table is made with the rules shown. It made the
    table with the rules checked before (classic for four while caliente-2p was shown). A file
    chosen chooses the house-rules file as the rules' source (the preset stayed chosen)."""
    url, data = server
    page = browser.new_page()
    first = set_up(page, url, ["human", "level-1", "level-1", "level-1"])["0"]
    page.select_option("#preset", "caliente-2p")
    assert page.is_disabled("#create")
    assert all(page.is_disabled(f"#kind-{i}") for i in range(4))  # (kept until the check)
    assert "check them again" in page.text_content("#problems")
    page.click("#check")
    page.wait_for_function("() => document.querySelectorAll('.seat-row').length === 2",
                           timeout=STEP)
    page.click("#create")
    page.wait_for_function("(first) => document.querySelector('.seat-link')"
                           ".getAttribute('href') !== first", arg=first, timeout=STEP)
    table = page.get_attribute(".seat-link", "href").split("/")[2]
    assert load_tables(data)[table].record.rules == cc.RuleSet.preset("caliente-2p")
    house = tmp_path / "club.toml"
    house.write_text('preset = "classic"\n', encoding="utf-8")
    page.set_input_files("#file", str(house))
    assert page.is_checked("input[name=source][value=file]")
    assert page.is_disabled("#create")
    shoot(page, "page-rules-changed.png")


# Counts the page's requests to make a table as they are sent (in the click's own handler, so a
# count read after a click is final), and holds the answers while `holdTables` is set.
COUNT_TABLES = """() => {
  window.tablesPosted = 0; window.holdTables = false; window.releaseTables = null;
  const send = window.fetch;
  window.fetch = (url, init) => {
    if (url !== "/api/tables") return send(url, init);
    window.tablesPosted += 1;
    if (!window.holdTables) return send(url, init);
    return new Promise((resolve) => { window.releaseTables = () => resolve(send(url, init)); });
  };
}"""


def test_each_table_made_keeps_its_links_and_a_double_click_makes_one(
        server: tuple[str, Path], browser: Any) -> None:
    """On the organiser's page, a second table made shows its links above the first's, which
    stay (they were replaced: the first table's seats could no longer be joined from the
    page). One click makes one table: the button is held while the table is made, and a double
    click's second click is ignored. It made a second table when the server answered the first
    click before the second came, as a server on the same machine does (CI saw it)."""
    url, data = server
    page = browser.new_page()
    first = set_up(page, url, ["human", "level-1", "level-1", "level-1"])["0"]
    page.evaluate(COUNT_TABLES)
    page.evaluate("() => { holdTables = true; }")
    page.click("#create")
    assert page.evaluate("() => tablesPosted") == 1
    assert page.is_disabled("#create")  # held while the table is made
    page.evaluate("() => { holdTables = false; releaseTables(); }")
    page.wait_for_function("() => document.querySelectorAll('.table-links').length === 2",
                           timeout=STEP)
    assert page.is_enabled("#create")
    tables = page.eval_on_selector_all(
        ".table-links", "ts => ts.map(t => t.querySelector('.seat-link').getAttribute('href'))")
    assert tables[1] == first and tables[0] != first
    assert page.text_content(".table-links").startswith("Table 2:")
    # The focus on the new table's first link (a keyboard player was left on the body).
    assert page.evaluate("() => document.activeElement.getAttribute('href')") == tables[0]
    made = load_tables(data)
    assert {link.split("/")[2] for link in tables} <= set(made)
    # The second click of a double click, the first table long made: not a table.
    page.dispatch_event("#create", "click", {"detail": 2})
    assert page.evaluate("() => tablesPosted") == 1
    page.dblclick("#create")
    assert page.evaluate("() => tablesPosted") == 2
    page.wait_for_function("() => document.querySelectorAll('.table-links').length === 3",
                           timeout=STEP)
    assert page.evaluate("() => tablesPosted") == 2
    shoot(page, "page-two-tables.png")


# Keeps every request the page sends on its socket (whichever socket: a reconnection makes a
# new one), in the page's own list, as it is sent: a count read after a click is final.
KEEP_SENT = """() => {
  window.sent = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    window.sent.push(JSON.parse(data));
    return send.call(this, data);
  };
}"""


def test_a_double_click_on_an_action_plays_it_once(server: tuple[str, Path],
                                                  browser: Any) -> None:
    """A double click on *Draw* draws once. Its second click sent the draw again, refused as
    stale, or, once the next update had drawn the actions, played whatever button it landed
    on (a meld, a discard). The take-back and the hint ignore a double click's second click
    too; a click (detail 1) and a key act as before."""
    url, _ = server
    link = make_table(url, [{"kind": "human", "name": "Ann"}, *BOTS])[0]
    page = opened(browser, url, link)
    wait_settled(page)
    # (the first-meld line shows while the side owes its minimum, what is left of it after a
    # meld, and goes once it is met)
    owed = page.text_content("#first-meld") or ""
    assert owed.startswith("First-meld minimum still needed by the side to play: ")
    page.evaluate(KEEP_SENT)
    for button in ("#actions button[data-notation=draw]", "#hint"):
        page.dispatch_event(button, "click", {"detail": 2})
    assert page.evaluate("() => sent") == []
    page.dblclick("#actions button[data-notation=draw]")
    first = page.evaluate("() => sent")
    assert [{k: v for k, v in r.items() if k != "version"} for r in first] == [
        {"type": "act", "action": "draw", "turn": 0}]
    assert first[0]["version"].endswith(".0")  # the version of the update shown
    at_turn(page, 1)
    assert page.evaluate("() => sent.length") == 1
    assert page.text_content("#error") == ""
    meld = next(n for n in notations(page) if n.startswith("meld "))
    page.click(f"#actions button[data-notation='{meld}']")
    at_turn(page, 2)
    assert page.is_enabled("#undo")
    left = page.text_content("#first-meld") or ""
    assert left == "" or 0 < int(left.rsplit(": ", 1)[1]) < int(owed.rsplit(": ", 1)[1])
    # A side with nothing owed (met, or melded before) has no line: it read "...: 0".
    page.evaluate("() => drawMiddle({...message.view, first_meld_needed: 0}, update.board)")
    assert page.text_content("#first-meld") == ""
    page.evaluate("() => draw()")
    page.dispatch_event("#undo", "click", {"detail": 2})
    assert page.evaluate("() => sent.length") == 2
    page.click("#undo")
    later = page.evaluate("() => sent.slice(1)")
    assert [{k: v for k, v in r.items() if k != "version"} for r in later] == [
        {"type": "act", "action": meld, "turn": 1}, {"type": "undo", "turn": 2}]
    assert [r["version"].rsplit(".", 1)[1] for r in later] == ["1", "2"]
    page.wait_for_function("() => document.getElementById('status').dataset.turn !== '2'",
                           timeout=STEP)


SPOKEN = ("() => [...document.getElementById('announce').children]"
          ".map((line) => line.textContent.trim())")
"""The lines the page has added for a screen reader (the last few kept), oldest first."""


def test_the_bots_moves_are_each_read_in_turn(server: tuple[str, Path], browser: Any) -> None:
    """Each update's news is a line of its own for the screen reader, after the others: the
    bots' moves, an update each, were each written over the last (seven in 140 ms), and only
    the last was read."""
    page, _ = drawn(browser, server[0])
    discard = next(n for n in notations(page) if n.startswith("discard "))
    page.click(f"#actions button[data-notation='{discard}']")
    page.wait_for_function("() => update.turn > 2 && message.view.current_player === 0",
                           timeout=STEP)  # the three bots have played
    spoken = page.evaluate(SPOKEN)
    assert len(spoken) >= 3, spoken  # the discard's, and the bots' moves' in turn
    last = page.evaluate("() => log[log.length - 1].text")
    assert spoken[-1].endswith(last) and spoken[0] != spoken[-1]


def test_a_screen_reader_hears_the_new_events_once_and_keeps_its_focus(
        server: tuple[str, Path], browser: Any) -> None:
    """What a screen reader is told (a keyboard player's trial): the log's box is no live
    region (rebuilt at every redraw, it was read out whole, 990 lines for one round of bots);
    the events new since the last update are, in a hidden live region, those alone; the status
    is written only when it changes (choosing a card wrote "Your turn." again); Undo pressed
    with Enter leaves the focus on the actions' box, not the page's body; each meld is a
    named group."""
    page, melds = drawn(browser, server[0])
    assert page.get_attribute("#log", "aria-live") is None
    assert page.get_attribute("#announce", "aria-live") == "polite"
    assert page.evaluate(SPOKEN) == ["You draw an ace."]  # the draw alone
    page.evaluate("""() => { window.writes = 0; new MutationObserver(() => window.writes++)
        .observe(document.getElementById("status"), {childList: true, characterData: true,
                                                     subtree: true}); }""")
    page.keyboard.press("Tab")  # the first card of the hand, chosen and unchosen
    page.keyboard.press("Enter")
    offered = len(page.query_selector_all("#actions button[data-notation]"))
    assert page.evaluate(SPOKEN)[-1] == (
        f"{offered} action{' uses' if offered == 1 else 's use'} the chosen cards." if offered
        else "No legal action uses the chosen cards: Why not says why.")
    page.keyboard.press("Escape")
    assert page.evaluate("() => window.writes") == 0
    page.focus(f"#actions button[data-notation='{melds[0]}']")
    page.keyboard.press("Enter")
    at_turn(page, 2)
    assert page.evaluate(SPOKEN)[-1] == "You meld three sixes."
    page.focus("#undo")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#announce > :last-child')"
                           ".textContent.startsWith('You take back')", timeout=STEP)
    assert page.evaluate("() => document.activeElement.id") == "actions"
    page.focus(f"#actions button[data-notation='{melds[0]}']")
    page.keyboard.press("Enter")
    page.wait_for_selector(".meld[role=group]")
    assert page.get_attribute(".meld[role=group]", "aria-label") == "sixes: 3 cards"
    # A restarted server sends every event anew (its log mark unknown): none is read again,
    # though it has no take-back's line (this page's log has one more, as a page open
    # across a take-back and a restart has: the whole game after it was read out again).
    page.evaluate("() => { document.getElementById('announce').textContent = '';"
                  " log.splice(1, 0, {text: 'You take back: a line gone with the restart.'});"
                  " announced = log.length; update.log = 'restarted.0'; socket.close(); }")
    page.wait_for_function("() => update.log !== 'restarted.0'", timeout=STEP)
    assert page.evaluate("() => update.since") == 0 and page.text_content("#announce") == ""


def test_every_region_and_group_is_named_and_an_empty_hand_says_so(
        server: tuple[str, Path], browser: Any) -> None:
    """What a screen reader's user met unnamed (a keyboard player's trial): the events' list,
    a scrolling box every browser lets the keyboard reach, is named; the set-up page's two
    sources of the rules are a group with its legend; a hand emptied by going out says so
    (it was a silent group)."""
    url = server[0]
    page, _ = drawn(browser, url)
    assert page.get_attribute("#log", "aria-label") == "the events, the newest last"
    assert page.get_attribute("#log", "tabindex") == "0"
    said = page.evaluate("() => { message.view.hand = []; draw();"
                         " return document.getElementById('hand').textContent; }")
    assert said == "No cards left."
    setup = browser.new_page()
    setup.goto(url + "/")
    legend = setup.locator("fieldset:has(input[name=source]) > legend")
    assert legend.text_content() == "Where the rules come from"
    assert setup.locator("fieldset input[name=source]").count() == 2


def test_the_organisers_page_on_a_phone_shows_a_refused_name_then_the_table_made(
        server: tuple[str, Path], browser: Any) -> None:
    """A phone trial of the organiser's page: a seat's name refused read "seats:
    seats[1].name: ..." (an API's field and index, where the page shows "Seat 1"); once the
    name was mended and the table made, the refusal stayed in red under it, the check's
    "valid" line gone; and the links ran out of the panel, the page scrolling sideways (732
    px wide at 375)."""
    url, _ = server
    page = browser.new_page(viewport={"width": 375, "height": 667}, is_mobile=True,
                            has_touch=True)
    page.goto(url + "/")
    page.wait_for_selector("#preset option[value=caliente]", state="attached")
    page.click("#check")
    page.wait_for_selector("#kind-3")
    checked = page.eval_on_selector_all("#problems li", "ls => ls.map((l) => l.textContent)")
    assert checked[0].startswith("valid: ")
    page.fill("#name-1", "Bea (level-1 bot)")
    page.click("#create")
    page.wait_for_function("() => /name/.test(document.getElementById('problems').textContent)",
                           timeout=STEP)
    assert page.eval_on_selector_all("#problems li", "ls => ls.map((l) => l.textContent)") == [
        "Seat 1's name: 'Bea (level-1 bot)' ends as a bot's seat name does: give the name "
        "alone (a bot's level is chosen apart: the seat's 'level')"]
    page.fill("#name-1", "Bea")
    page.click("#create")
    page.wait_for_selector(".spectator-link")
    assert page.eval_on_selector_all("#problems li",
                                     "ls => ls.map((l) => l.textContent)") == checked
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    shoot(page, "page-setup-phone.png")


def test_the_house_rules_are_listed_in_words_and_fit_a_phone(
        server: tuple[str, Path], browser: Any) -> None:
    """A table of house rules says under its status the preset and how many house rules, and,
    opened, each house rule as a file writes it with what it changes (its help). The page said
    every changed option's name and value in one line, eight lines of a phone's screen, the
    card values' whole table among them."""
    url, _ = server
    options = {"max_wilds": 3, "card_values": {"JK": 40}, "mixed_canasta_bonus": 250}
    link = make_table(url, [{"kind": "human", "name": "Ann"}, *BOTS], options=options)[0]
    page = opened(browser, url, link, viewport={"width": 390, "height": 844})
    wait_settled(page)
    assert page.text_content("#rules-line") == (
        "Rules: caliente with 3 house rules (see The rules, below)")
    assert not page.is_visible("#house-rules")
    page.click("#rules-box summary")
    listed = page.eval_on_selector_all("#house-rules dt", "ds => ds.map(d => d.textContent)")
    assert sorted(listed) == ["card_values = { JK = 40 }", "max_wilds = 3",
                              "mixed_canasta_bonus = 250"]
    helps = {o.name: " ".join(o.help.split()) for o in cc.OPTIONS}
    said = page.eval_on_selector_all("#house-rules dd", "ds => ds.map(d => d.textContent)")
    assert said == [helps[line.split(" = ")[0]] for line in listed]
    rules = cc.RuleSet.preset("caliente").replace(**options)
    assert page.text_content("#rules-table") == rules.describe()
    shoot(page, "page-house-rules-phone.png")
