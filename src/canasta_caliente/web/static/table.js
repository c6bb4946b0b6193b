// A seat's (or the spectators') page: one WebSocket to the server, the table drawn from each
// update, actions chosen among the legal ones only. Every text goes in with textContent, never
// as HTML, so no name or message can inject markup.
"use strict";
const $ = (id) => document.getElementById(id);
const [, , tableId, secret] = location.pathname.split("/");
let update = null;      // the last update: the table's own fields (turn, seats, board, ...)
let message = null;     // its client message (the seat's view, legal actions and events)
let log = [];           // every event so far, as this seat may see them
let takenBack = [];     // the events of actions taken back, shown struck out: {at, text}
let selected = [];      // indexes into the hand of the chosen cards
let socket = null;
let retry = 500;
let refusal = null;     // the refusal shown: the turn it is about ({turn}; null: none shown)
let announced = null;   // the events read out to a screen reader (null: none yet)
// The one-key shortcuts (digits, d, h, u), on unless the player turned them off: a key that
// acts alone must be one a player can turn off (WCAG 2.1.4), for speech input and for
// typing by mistake. The choice is kept in this browser, for every table. Where the main
// pointer is a finger (a phone), they start off: labels naming keys a phone has not were noise.
const SHORTCUTS_KEY = "canasta-caliente-shortcuts";
const TOUCH = window.matchMedia("(pointer: coarse)").matches;
let shortcuts = (localStorage.getItem(SHORTCUTS_KEY) || (TOUCH ? "off" : "on")) !== "off";

const NAMES = {"4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight", "9": "nine",
  "10": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace", "2": "two, wild",
  "JK": "joker, wild", "R3": "red three, bonus card", "B3": "black three, stop card",
  "CAL": "Caliente card"};
const KINDS = {"2": "wild", "JK": "wild", "R3": "bonus", "B3": "stop", "CAL": "cal"};
const PLURALS = {"4": "fours", "5": "fives", "6": "sixes", "7": "sevens", "8": "eights",
  "9": "nines", "10": "tens", "J": "jacks", "Q": "queens", "K": "kings", "A": "aces",
  "B3": "black threes"};

function el(tag, text, attrs) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  return node;
}

function card(code, tag) {
  const node = el(tag || "span", code,
                  {class: "card " + (KINDS[code] || "natural"), "aria-label": NAMES[code] || code,
                   "data-card": code});
  if (!tag) node.setAttribute("role", "img");
  return node;
}

// A text set only when it changes: a live region (the status) is read out again on every
// write, even of the same words (a screen reader's trial heard "Your turn." at every card).
function say(id, text) {
  if ($(id).textContent !== text) $(id).textContent = text;
}

// A line for the screen reader, added after the others: each addition to the live region is
// read in turn, where a text written over the last one was lost when the bots played three
// moves before the first was read. The last few lines are kept.
const SPOKEN_KEPT = 8;
function speak(text) {
  const region = $("announce");
  region.append(el("span", text + " "));
  while (region.childElementCount > SPOKEN_KEPT) region.firstElementChild.remove();
}

// Read out the events new since the last update, and only those: the log's box is rebuilt at
// every redraw, and as a live region it was read out whole each time (990 lines for one round
// of bots). A page's first update reads out none of the history; a take-back's update, from
// an earlier event, reads its own event.
function announce(previous, sameMatch) {
  if (announced !== null) {
    // The events sent again are not news: a reconnection's from where the page had them.
    let from = Math.min(announced, update.since);
    while (from < announced && from < log.length && previous[from].text === log[from].text) {
      from++;
    }
    // A restarted server numbers its events anew, without the take-backs' (and the actions'
    // they cut): the news follow the last events the page read out, found by their words
    // (else none: the whole game was read out again after a take-back).
    if (!sameMatch) from = afterRead(previous.slice(Math.max(0, announced - 3), announced));
    const fresh = log.slice(from).map((e) => e.text).join(" ");
    if (fresh) speak(fresh);
  }
  announced = log.length;
}

// Where the events after ``read`` (the last events read out, in order) begin in the log: just
// after their latest run in it; the log's end if it holds no such run.
function afterRead(read) {
  const texts = read.map((e) => e.text);
  for (let end = log.length; end >= texts.length; end--) {
    if (texts.every((t, i) => log[end - texts.length + i].text === t)) return end;
  }
  return log.length;
}

// The focus put back after a redraw, the page not moved unless the control is out of sight:
// then scrolled just into it (the bots' melds above had pushed the actions below the window,
// the focus on them unseen).
function focusInView(node) {
  node.focus({preventScroll: true});
  const box = node.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) node.scrollIntoView({block: "nearest"});
}

// Where the focus went when a redraw disabled or removed the control that had it (undo,
// clear, hint, a lost connection's actions): the actions' box, never the page's body, from
// which a keyboard player would start again at the top. A control disabled under the focus
// still has it for a moment in some browsers (Chromium 156 lets it go after the redraw): it
// counts as lost too.
function keepFocus(before) {
  const now = document.activeElement;
  if (before && before !== document.body && (!now || now === document.body || now.disabled) &&
      !$("act").hidden) {
    focusInView($("actions"));
  }
}

// Whether side ``i`` is the page's own (a spectator's page has none).
function isMine(i) {
  return message.seat !== null && message.view.sides[i].seats.includes(message.seat);
}

function seatName(seat) {
  if (seat === null || seat === undefined) return "the dealer";
  const who = update.seats[seat].name;
  return seat === message.seat ? who + " (you)" : who;
}

// Show a refusal (or clear it: null). It stays until the table moves on from the turn it is
// about: the turn shown now, or, for a refusal the server follows with the table as it is
// (stale, not your turn, its own error), the turn of that update (after: true).
function showError(reason, after) {
  $("error").textContent = reason || "";
  refusal = reason ? {turn: update ? update.turn : null, after: Boolean(after)} : null;
}

// Send a request; false (and the page says so) when the socket is not open.
function send(data) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(data));
    return true;
  }
  showError("Not connected: nothing was sent. Reconnecting…");
  refusal.turn = null;  // cleared by the first update once connected again
  return false;
}

// A click handler that ignores the second click of a double click (its detail is 2): a person
// who double-clicks *Draw* means one draw, and the second click would land on whatever button
// the next update puts under the pointer (a meld, a discard) and play it.
function single(handler) {
  return (event) => { if (event.detail <= 1) handler(event); };
}

// Send an action; the chosen cards go once it is sent, unless ``keep`` (an action the page
// knows is refused, sent for the refusal's reason: "Why not").
function act(notation, keep) {
  showError(null);
  if (send({type: "act", action: notation, turn: update.turn, version: update.version}) && !keep) {
    selected = [];
  }
}

// The action the chosen cards would be, to ask the server why it is refused: a discard of
// one card, a meld of more; null with no card chosen or nothing to do. (Never a legal one:
// asked only where no legal action uses the chosen cards.)
function tryable() {
  if (!selected.length || !message.legal.length) return null;
  const chosen = selected.map((i) => message.view.hand[i]);
  return (chosen.length === 1 ? "discard " : "meld ") + chosen.join(" ");
}

// The chosen cards in words, for Why not's label ("the nine, nine and joker"): its notation
// ("meld 9 9 JK") read as code to a player.
function chosenWords() {
  const words = selected.map((i) => (NAMES[message.view.hand[i]] || "card").split(",")[0]);
  const last = words.pop();
  return "the " + (words.length ? words.join(", ") + " and " : "") + last;
}

// The table a hint is for, as the hint box is stamped: a turn's number comes back after a
// take-back and another action, the version never.
const tableAt = (m) => m.turn + " " + m.version;

// The hint box emptied, its search (if it waits for one) no longer waited for.
function clearHint() {
  $("hint-out").replaceChildren();
  delete $("hint-out").dataset.searching;
}

function askHint() {
  if (!send({type: "hint"})) return;
  const out = $("hint-out");
  out.dataset.at = tableAt(update);
  out.dataset.searching = "true";
  out.replaceChildren(el("p", "Searching for a hint…"));
}

function cardsOf(notation) {
  const words = notation.split(" ").slice(1);
  const on = words.indexOf("on");
  return on >= 0 ? words.slice(0, on) : words;
}

function contains(have, want) {
  const left = [...have];
  for (const c of want) {
    const i = left.indexOf(c);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

function visibleActions() {
  const legal = message.legal.slice();
  if (update.can_deal) legal.push({notation: "deal", text: "deal the next hand"});
  const chosen = selected.map((i) => message.view.hand[i]);
  if (!chosen.length) return legal;
  const fit = legal.filter((a) => contains(cardsOf(a.notation), chosen));
  fit.sort((a, b) => cardsOf(a.notation).length - cardsOf(b.notation).length);
  return fit;
}

function drawPlayers(view) {
  const box = $("players");
  box.replaceChildren(el("h2", "Players"));
  update.seats.forEach((seat, i) => {
    const toAct = view.current_player === i;
    const side = view.sides.findIndex((s) => s.seats.includes(i));
    const row = el("div", null, {class: "player" + (toAct ? " to-act" : ""), "data-seat": String(i)});
    const cards = view.order.includes(i) ? cardCount(view.hand_sizes[i]) : "sitting out this hand";
    row.append(el("span", seatName(i) + " · side " + side + " · " + cards +
                  (toAct ? " · to act" : "")));
    if (view.known[i].length) {
      // The cards of this hand all have seen (taken with the pile): "known" alone read as
      // the player's own cards (a club's trial).
      row.append(el("span", " · known to all: ", {class: "tag"}));
      view.known[i].forEach((c) => row.append(card(c)));
    }
    box.append(row);
  });
  const scores = view.scores.map((s, i) => "side " + i + ": " + s).join(" · ");
  box.append(el("p", "Scores: " + scores, {id: "scores"}));
}

function cardCount(n) {
  // "1 card", "2 cards": a count of cards in words.
  return n + (n === 1 ? " card" : " cards");
}

function drawMiddle(view, board) {
  $("stock").replaceChildren(el("span", "Stock: " + cardCount(view.stock_size), {id: "stock-size"}));
  const pile = $("pile");
  pile.replaceChildren(el("span", "Pile: " + cardCount(view.pile.length), {id: "pile-size"}));
  if (view.pile.length) {
    pile.append(el("span", " · up card "));
    pile.append(card(view.pile[view.pile.length - 1]));
  }
  const st = board.pile_status;
  if (st.frozen.length) pile.append(el("p", "Frozen: " + st.frozen.join("; "), {id: "frozen"}));
  if (st.blocked) pile.append(el("p", "Cannot be taken: " + st.blocked, {id: "blocked"}));
  // Only while the side to play owes its first meld's minimum (0: met, or melded already).
  $("first-meld").textContent = view.current_player === null || !view.first_meld_needed ? "" :
    "First-meld minimum still needed by the side to play: " + view.first_meld_needed;
}

function drawSides(view) {
  const box = $("sides");
  box.replaceChildren(el("h2", "Melds"));
  view.sides.forEach((side, i) => {
    const row = el("div", null, {class: "side", "data-side": String(i)});
    const yours = isMine(i);
    row.append(el("h3", "Side " + i + (yours ? " (yours)" : "") +
                  (side.laid_out.length ? " · bonus cards laid out: " + side.laid_out.length : "") +
                  (side.caliente_played ? " · Caliente cards played: " + side.caliente_played : "")));
    if (!side.melds.length) row.append(el("span", "no meld yet"));
    for (const meld of side.melds) {
      const kind = meld.canasta ? (meld.natural ? "natural" : "mixed") : "";
      // One group a meld, named, so that a screen reader tells the melds apart (it read
      // every card of every meld as one list).
      const m = el("span", null, {class: "meld " + kind, "data-rank": meld.rank, role: "group",
        "aria-label": (PLURALS[meld.rank] || meld.rank) + ": " + meld.cards.length + " cards" +
                      (kind ? ", " + kind + " canasta" : "")});
      meld.cards.forEach((c) => m.append(card(c)));
      if (kind) m.append(el("span", kind + " canasta", {class: "tag"}));
      row.append(m);
    }
    box.append(row);
  });
}

function drawHand(view) {
  const box = $("hand");
  box.replaceChildren();
  if (view.hand === null) { box.append(el("p", "You are watching: no hand is shown.")); return; }
  if (!view.order.includes(message.seat)) {
    box.append(el("p", "You sit out this hand: you hold no cards."));
    return;
  }
  // An emptied hand (the player went out) says so: the group was silent, a screen reader's
  // user left to wonder.
  if (!view.hand.length) { box.append(el("p", "No cards left.")); return; }
  let group = null, rank = null;
  view.hand.forEach((code, i) => {
    if (code !== rank) {
      rank = code;
      group = el("span", null, {class: "rank-group"});
      box.append(group);
    }
    const b = card(code, "button");
    b.setAttribute("type", "button");
    b.setAttribute("aria-pressed", selected.includes(i) ? "true" : "false");
    if (selected.includes(i)) b.classList.add("selected");
    b.addEventListener("click", () => {
      selected = selected.includes(i) ? selected.filter((j) => j !== i) : [...selected, i];
      draw();
      fitting();
    });
    group.append(b);
  });
}

// The chosen cards put back, said (Esc gave no word of it), and the refusal of them (Why
// not's) taken away with them: it was left showing, of cards no longer chosen.
function clearChoice() {
  if (!selected.length) return;
  selected = [];
  showError(null);
  speak("Choice cleared.");
  draw();
}

// What a choice of cards leaves on offer, read out (the actions changed unsaid: a screen
// reader's user had to go and look).
function fitting() {
  if (!selected.length || !message.legal.length) return;
  const n = visibleActions().length;
  speak(n ? n + (n === 1 ? " action uses" : " actions use") + " the chosen cards."
    : "No legal action uses the chosen cards: Why not says why.");
}

// What the actions box says when it offers no button.
function idle(view) {
  if (message.legal.length) return "No legal action uses those cards.";
  if (view.phase === "game_over") return "Nothing to do: the game is over.";
  if (view.current_player === null) return "Nothing to do: wait for the next deal.";
  if (!view.order.includes(message.seat)) return "Nothing to do: you sit out this hand.";
  return "Nothing to do: wait for your turn.";
}

function drawActions() {
  const box = $("actions");
  box.replaceChildren();
  const actions = visibleActions();
  actions.forEach((a, i) => {
    const label = (shortcuts && i < 9 ? (i + 1) + ". " : "") + a.text;
    const b = el("button", label, {type: "button", "data-notation": a.notation});
    b.addEventListener("click", single(() => act(a.notation)));
    box.append(b);
  });
  if (!actions.length) box.append(el("p", idle(message.view)));
  const tried = tryable();
  if (!actions.length && tried) {
    // Cards chosen that no legal action uses: the server says why (the rules' reason), which
    // the page cannot (an organiser's trial: "No legal action uses those cards." alone).
    const why = el("button", "Why not " + tried.split(" ")[0] + " " + chosenWords() + "?",
                   {type: "button", id: "why-not"});
    why.addEventListener("click", single(() => act(tried, true)));
    box.append(why);
  }
  $("clear").disabled = !selected.length;
  $("undo").disabled = !update.can_undo;
  $("hint").disabled = !message.legal.length;
  $("act").hidden = message.seat === null;
  $("mine").hidden = message.seat === null;  // a spectator has no hand
  // Drawn again while away (a card chosen, the shortcuts switched): still disconnected,
  // offering nothing; it said "Your turn." and offered the actions again.
  if (!socket || socket.readyState !== WebSocket.OPEN) offerNothing();
}

// A hand's score parts (SCORE-1 to SCORE-5) in words: "hand" alone said nothing.
const PARTS = {melds: "cards melded", hand: "cards left in hands", canastas: "canastas",
               going_out: "going out", bonus_cards: "bonus cards", caliente: "Caliente cards"};

function drawResults(view, board) {
  const box = $("results");
  box.replaceChildren();
  if (!view.hand_results.length) { box.hidden = true; return; }
  box.hidden = false;
  box.append(el("h2", "Scores by hand"));
  view.hand_results.forEach((result, h) => {
    const t = el("table", null, {class: "results"});
    t.append(el("caption", "Hand " + (h + 1)));
    const head = el("tr"); head.append(el("th", ""));
    result.breakdown.forEach((_, i) => head.append(el("th", "Side " + i +
      (isMine(i) ? " (yours)" : ""))));
    t.append(head);
    for (const key of Object.keys(result.breakdown[0])) {
      // A part no side scored is left out (Caliente cards in Classic Canasta, going out in a
      // hand no one went out of); the total below still adds up every part.
      if (result.breakdown.every((c) => c[key] === 0)) continue;
      const row = el("tr"); row.append(el("th", PARTS[key] || key.replace("_", " ")));
      result.breakdown.forEach((c) => row.append(el("td", c[key])));
      t.append(row);
    }
    const total = el("tr"); total.append(el("th", "total"));
    board.totals[h].forEach((v) => total.append(el("td", v)));
    t.append(total);
    box.append(t);
  });
}

function drawLog() {
  const box = $("log"), items = [];
  log.forEach((e, i) => {
    takenBack.filter((t) => t.at === i).forEach((t) => items.push(struck(t.text)));
    items.push(el("li", e.text));
  });
  takenBack.filter((t) => t.at === log.length).forEach((t) => items.push(struck(t.text)));
  box.replaceChildren(...items);
  fitLog();
}

function struck(text) {
  const item = el("li", text + " (taken back)");  // (not "Taken back: You ...": a capital mid-line)
  item.className = "taken-back";
  return item;
}

// An update from fewer events than the page has cuts the rest: those of an action taken back
// (or the same events sent again, after a restart: those are not marked). The page keeps them,
// struck out where they were, so that every seat sees what was taken back; the take-back's own
// line (a "take_back" event, which comes with the update) says it on every page, a new one too.
// A take-back's line cut again (two take-backs in a row: the first comes again, renumbered) is
// no action's: it is neither struck out nor compared, and the lines struck out after the cut
// stay, at the cut (``sameMatch``: not after a server's restart, whose events are all anew).
function cutEvents(since, fresh, sameMatch) {
  const actions = (e) => e.kind !== "take_back";
  const cut = log.slice(since).filter(actions), again = fresh.filter(actions);
  let same = 0;
  while (same < cut.length && same < again.length
         && JSON.stringify(cut[same]) === JSON.stringify(again[same])) same++;
  takenBack = takenBack.filter((t) => t.at <= since || sameMatch);
  takenBack.forEach((t) => { t.at = Math.min(t.at, since); });
  cut.slice(same).forEach((e) => takenBack.push({at: since + same, text: e.text}));
}

// Whole lines only: the box is exactly as tall as the newest events that fit in its largest
// height (CSS max-height), and scrolled so that the first of them starts at its top edge, so no
// event's text is ever cut in half, whatever its lines wrap to.
function fitLog() {
  const box = $("log"), items = box.children;
  box.style.height = "";
  if (!items.length) return;
  const limit = parseFloat(getComputedStyle(box).maxHeight);
  const last = items[items.length - 1], bottom = last.offsetTop + last.offsetHeight;
  let first = items.length - 1;
  while (first > 0 && bottom - items[first - 1].offsetTop <= limit) first--;
  box.style.height = (bottom - items[first].offsetTop) + "px";
  box.scrollTop = items[first].offsetTop;
}

function gameOver(view) {
  // The winning side (GAME-1) and its score: the page's own side said as "your side".
  const w = view.winner;
  if (w === null) return "The game is over.";
  const mine = isMine(w);
  return "The game is over: " + (mine ? "your side (side " + w + ")" : "side " + w) +
    " wins, with " + view.scores[w] + " points.";
}

function status(view) {
  if (view.phase === "game_over") return gameOver(view);
  if (view.current_player === null) return update.can_deal ?
    "The hand is over: deal the next hand." : "The hand is over.";
  // A question waits for its answer (OUT-2): said here, not in the log alone.
  const asked = view.phase === "answer" ? " to answer \u201cMay I go out?\u201d" : "";
  if (view.current_player === message.seat) {
    return asked ? "Your turn: your partner asks \u201cMay I go out?\u201d. Answer yes or no."
      : "Your turn.";
  }
  return seatName(view.current_player) + (asked || " to act") + ".";
}

// Where the keyboard's focus is among the buttons a redraw replaces (a card of the hand, an
// action): the box, the place and the action's notation, to put it back after; null when it
// is elsewhere.
function focusPlace() {
  const now = document.activeElement;
  for (const [box, buttons] of [["hand", "button.card"], ["actions", "button"]]) {
    const all = [...$(box).querySelectorAll(buttons)];
    if (all.includes(now)) return [box, buttons, all.indexOf(now), now.dataset.notation];
  }
  if (now === $("actions")) return ["actions", "button", -1, null];
  return null;
}

// The focus back where it was (the same place, or the last button of the box when it holds
// fewer now): a redraw never sends a keyboard player back to the top of the page. In the
// actions, only onto the same action: the one at that place now is another, which a second
// Enter would play unseen (an organiser's trial), so the focus stays on the box itself, from
// which Tab reaches its first action.
function refocus(place) {
  if (!place) return;
  const [box, buttons, i, notation] = place, all = [...$(box).querySelectorAll(buttons)];
  if (box === "actions") {
    const same = all.find((b) => notation && b.dataset.notation === notation);
    focusInView(same || $("actions"));
    return;
  }
  if (all.length) focusInView(all[Math.min(i, all.length - 1)]);
}

function draw() {
  if (!message) return;
  const place = focusPlace(), before = document.activeElement;
  const view = message.view, board = update.board;
  $("title").textContent = "Canasta Caliente · " + (message.seat === null ? "spectator" :
    seatName(message.seat));
  // The tab's title says when the seat is to act, for a player whose tab is behind another.
  document.title = (message.legal.length ? "Your turn · " : "") + "Canasta Caliente: " +
    (message.seat === null ? "spectator" : update.seats[message.seat].name);
  // The rules: under the status, the preset and how many house rules (a line of every
  // option's name and value filled a phone's screen); at the page's end, opened, the table and
  // each house rule with its help (there, not in the header, where it was the first Tab stop).
  const house = update.house_rules, n = house.changes.length;
  $("rules-line").textContent = "Rules: " + house.preset + (n ? " with " + n + " house rule" +
    (n === 1 ? "" : "s") + " (see The rules, below)" : ", no house rules");
  $("rules-table").textContent = update.rules;
  $("house-rules").replaceChildren(...house.changes.flatMap((c) => [
    el("dt", c.option + " = " + c.value), el("dd", c.help)]));
  say("status", status(view));
  $("status").dataset.turn = String(update.turn);
  drawPlayers(view); drawMiddle(view, board); drawSides(view); drawHand(view); drawActions();
  drawResults(view, board); drawLog();
  refocus(place);
  keepFocus(before);
}

// The page without its connection: it says so, and offers no action until the table is back.
function offerNothing() {
  say("status", "Disconnected: reconnecting…");
  for (const b of $("act").querySelectorAll("#actions button, #hint, #undo")) b.disabled = true;
}

function receive(event) {
  const data = JSON.parse(event.data);
  if (data.type === "update") {
    retry = 500;  // let in: a socket refused at a limit is closed before any update
    const before = message && JSON.stringify(message.view.hand);
    const sameMatch = update !== null && update.log.split(".")[0] === data.log.split(".")[0];
    update = data;
    message = data.message;
    if (update.since < log.length) cutEvents(update.since, message.events, sameMatch);
    const previous = log;
    log = log.slice(0, update.since).concat(message.events);
    announce(previous, sameMatch);
    // The chosen cards are places in the hand: a hand changed (a take-back) forgets them.
    if (before !== JSON.stringify(message.view.hand)) selected = [];
    // A hint (or its search) of a table gone: another turn, or the turn's number again after
    // a take-back, another version (it stayed, its actions perhaps illegal).
    if ($("hint-out").dataset.at !== tableAt(update)) clearHint();
    if (refusal && refusal.after) {
      refusal = {turn: update.turn, after: false};  // the table the refusal is about
    } else if (refusal && refusal.turn !== update.turn) {
      showError(null);  // the table has moved on: the refusal is of a table gone
    }
    draw();
  } else if (data.type === "error") {
    showError(data.reason, ["stale", "not-your-turn", "server-error"].includes(data.code));
    if ($("hint-out").dataset.searching) clearHint();  // a hint refused
  } else if (data.type === "hint") {
    if (!message || tableAt(data) !== tableAt(update)) return;  // searched for a table gone
    showHint(data);
  }
}

// A hint: the actions in the order the search recommends them, in the words of the legal
// actions, with what the order and the numbers mean (as the play command's hint says them).
function showHint(data) {
  const out = $("hint-out");
  out.dataset.at = tableAt(data);
  delete out.dataset.searching;
  const words = (notation) => {
    const found = message.legal.find((a) => a.notation === notation);
    return found ? found.text + " (" + notation + ")" : notation;
  };
  if (data.ranked.length === 1 && message.legal.length === 1) {
    out.replaceChildren(el("p", "Hint: " + words(data.ranked[0].notation) +
                           " is the only legal action."));
    return;
  }
  // (as the play command's legend says it: a club read a second line of a higher value as
  // the search's mistake)
  const shown = data.ranked.length < message.legal.length
    ? " The first " + data.ranked.length + " of the " + message.legal.length +
      " legal actions are shown." : "";
  out.replaceChildren(el("p", "Hint (" + data.budget + "), in the search's order: the first is the " +
    "search's choice, the heuristic bot's move unless another did clearly better; the others " +
    "in the order they lasted in its rounds. So an action lower down can show a higher value, " +
    "from fewer simulations or by too little to count. Value: your side's mean result, from 0 " +
    "(far behind) through 0.5 (even) to 1 (far ahead); lead: the points your side ends the " +
    "hand ahead on average (minus: behind)." + shown));
  const list = el("ol");
  // visits 0: not searched (the time ran out first); its value and lead are placeholders.
  data.ranked.forEach((r) => list.append(el("li", words(r.notation) + (r.visits === 0
    ? " · not tried (the time ran out)"
    : " · value " + r.value + " · lead " + (r.lead > 0 ? "+" : "") + r.lead + " · " +
      r.visits + (r.visits === 1 ? " simulation" : " simulations")))));
  out.append(list);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/ws/" + tableId + "/" + secret);
  socket.addEventListener("open", () => {
    // the log of the last update: events of an action taken back are sent again
    send({type: "hello", since: log.length, log: update ? update.log : undefined});
  });
  socket.addEventListener("message", receive);
  socket.addEventListener("close", () => {
    if (refusal) refusal.turn = null;  // shown while away, cleared once the table is back
    // A hint asked for is not coming (its reply was lost with the socket): it said
    // "Searching for a hint…" for good, the table back at the same turn and version.
    if ($("hint-out").dataset.searching) clearHint();
    // Nothing can be sent until the table comes back: no action is offered meanwhile.
    const before = document.activeElement;
    offerNothing();
    keepFocus(before);
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

window.addEventListener("resize", fitLog);

const MOVES = ["ArrowLeft", "ArrowRight", "Home", "End"];  // keys that move the focus in a box

// The shortcuts' switch: the buttons' labels name their keys only while the keys work.
function showShortcuts() {
  $("shortcuts").checked = shortcuts;
  for (const [id, key, label] of [["hint", "h", "Hint"], ["undo", "u", "Undo"]]) {
    $(id).textContent = shortcuts ? label + " (" + key + ")" : label;
    // The access keys (Alt+Shift+h, ...) go with the one-key shortcuts: off, they clashed
    // with a screen reader's keys, unnamed.
    if (shortcuts) $(id).setAttribute("accesskey", key); else $(id).removeAttribute("accesskey");
  }
}

$("shortcuts").addEventListener("change", () => {
  shortcuts = $("shortcuts").checked;
  localStorage.setItem(SHORTCUTS_KEY, shortcuts ? "on" : "off");
  showShortcuts();
  if (message) drawActions();
});

document.addEventListener("keydown", (event) => {
  if (!message || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target && event.target.tagName === "INPUT" && event.target.type !== "checkbox") return;
  const place = focusPlace();
  if (place && MOVES.includes(event.key)) {
    // The arrows move the focus along the hand's cards, or along the actions: a hand of
    // fifteen cards was fifteen Tabs to cross (not character keys: they stay on).
    const [box, buttons, i] = place, all = [...$(box).querySelectorAll(buttons)];
    const step = {ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: all.length - 1};
    if (all.length) all[Math.max(0, Math.min(all.length - 1, step[event.key]))].focus();
    event.preventDefault();
    return;
  }
  const actions = visibleActions();
  if (event.key !== "Escape" && !shortcuts) return;  // (Escape is no character: it stays)
  if (/^[1-9]$/.test(event.key) && actions[Number(event.key) - 1]) {
    act(actions[Number(event.key) - 1].notation);
  } else if (event.key === "Escape") {
    clearChoice();
  } else if (event.key === "d" && actions.some((a) => a.notation === "draw")) {
    act("draw");
  } else if (event.key === "h" && message.legal.length) {
    askHint();
  } else if (event.key === "u" && update.can_undo) {
    send({type: "undo", turn: update.turn, version: update.version});
  } else {
    return;
  }
  event.preventDefault();
});
$("hint").addEventListener("click", single(askHint));
$("undo").addEventListener("click", single(() => send({type: "undo", turn: update.turn, version: update.version})));
$("clear").addEventListener("click", clearChoice);
showShortcuts();
connect();
