// The organiser's page: choose the rules, check them, choose each seat, make the table.
"use strict";
const $ = (id) => document.getElementById(id);
let levels = [];
let checkedRules = null;
let checkedLines = [];  // the last check's lines ("valid: ...", its cautions)

function el(tag, text, attrs) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  return node;
}

async function post(url, body) {
  const response = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json"},
                                     body: JSON.stringify(body)});
  return [response.status, await response.json()];
}

async function chosenRules() {
  const source = document.querySelector("input[name=source]:checked").value;
  if (source === "file") {
    const file = $("file").files[0];
    if (!file) throw new Error("choose a house-rules file first");
    return {file: await file.text(), format: file.name.toLowerCase().endsWith(".json") ? "json" : "toml"};
  }
  const text = $("options").value.trim();
  let options = {};
  if (text) {
    // A typo is a syntax error, said as the browser's parser says it (where, what it expected);
    // JSON that is not an object goes to the server, which says what the options must be.
    try { options = JSON.parse(text); } catch (e) {
      throw new Error("options: not valid JSON: " + e.message + " (write them as {\"option\": value, ...})");
    }
  }
  return {preset: $("preset").value, options};
}

function showProblems(problems) {
  const list = $("problems");
  list.replaceChildren(...problems.map(inPageWords).map(([option, message]) =>
    el("li", option + ": " + message)));
}

// A seat's problem in the page's words: "Seat 1's name: ..." (the API's "seats:
// seats[1].name: ..." named a field and an index where the page shows "Seat 1").
function inPageWords([option, message]) {
  const seat = /^seats\[(\d+)\]\.name: ([^]*)$/.exec(message);
  return option === "seats" && seat ? ["Seat " + seat[1] + "'s name", seat[2]] : [option, message];
}

async function check() {
  $("create").disabled = true;
  let rules;
  try { rules = await chosenRules(); } catch (e) { showProblems([["rules", e.message]]); return; }
  const [status, answer] = await post("/api/rules", {rules});
  if (status !== 200) { showProblems(answer.problems); return; }
  showProblems([]);
  $("problems").append(el("li", "valid: " + answer.summary, {class: "ok"}));
  // What a short playtest showed (games that never end, no meld ever): the table may still be
  // made, but the organiser is told first.
  for (const caution of answer.cautions || []) {
    $("problems").append(el("li", "caution: " + caution, {class: "caution"}));
  }
  checkedRules = rules;
  checkedLines = [...$("problems").children];  // (put back once a table is made)
  const seats = $("seats");
  // The seats chosen before a check again keep their kind and name (a change of the rules
  // reset them all, unsaid: an organiser's trial).
  const kept = [];
  for (let i = 0; $("kind-" + i); i++) kept.push([$("kind-" + i).value, $("name-" + i).value]);
  seats.replaceChildren();
  for (let i = 0; i < answer.players; i++) {
    const row = el("div", null, {class: "seat-row"});
    // Each seat's side, so that partners are seated as partners (an organiser's trial put two
    // players meant as partners on opposite sides of six seats).
    const side = answer.sides.findIndex((seats) => seats.includes(i));
    row.append(el("label", "Seat " + i + " · side " + side, {for: "kind-" + i}));
    const kind = el("select", null, {id: "kind-" + i});  // (named by its label, side and all)
    kind.append(el("option", "a person", {value: "human"}));
    for (const level of levels) kind.append(el("option", "bot " + level, {value: level}));
    if (i > 0) kind.value = levels[1] || levels[0];
    const name = el("input", null, {id: "name-" + i, maxlength: "40", value: "Seat " + i,
                                     "aria-label": "seat " + i + " name"});
    if (kept[i]) [kind.value, name.value] = kept[i];
    row.append(kind, name);
    seats.append(row);
  }
  $("create").disabled = false;
}

async function create(event) {
  // A double click's second click (detail 2) is not a second table. Holding the button while
  // the table is made does not cover it: a server on this machine answers before a person's
  // second click comes.
  if (event && event.detail > 1) return;
  const seats = [];
  for (let i = 0; $("kind-" + i); i++) {
    const kind = $("kind-" + i).value, name = $("name-" + i).value;
    seats.push(kind === "human" ? {kind: "human", name} : {kind: "bot", level: kind, name});
  }
  // One table a click: a second click while the first is being made would make another.
  $("create").disabled = true;
  let status, answer;
  try {
    [status, answer] = await post("/api/tables", {rules: checkedRules, seats});
  } finally {
    $("create").disabled = checkedRules === null;
  }
  if (status !== 201) {
    showProblems(answer.problems);
    // The button was held while the table was made: a refusal gives it the focus back (it
    // was left on the page's body, the next Tab out of the page).
    if (!$("create").disabled && [document.body, $("create")].includes(document.activeElement)) {
      $("create").focus();
    }
    return;
  }
  // A refusal of an earlier click is gone: the check's lines again (it stayed, in red, under
  // a table made).
  $("problems").replaceChildren(...checkedLines);
  // Each table made keeps its links, the newest first: a second table does not hide the
  // links of the first, which no one could join without them. They are kept in the tab's
  // session storage too, so that a reload shows them again (it lost them: the only way into
  // the seats); they leave with the tab.
  const names = seats.map((seat) => seat.name);
  tablesMade.push({seats: answer.seats, names, spectator: answer.spectator});
  showLinks(tablesMade.length, tablesMade[tablesMade.length - 1]);  // (first: see below)
  // Said, for a screen reader (the focus lands on a link, which said nothing of a table made)
  // and to the eye: which table, and how many links to send.
  const players = answer.seats.filter((path) => path !== null).length;
  // (a table has at least one player: the server refuses a table of bots alone)
  $("made").textContent = "Table " + tablesMade.length + " is made: send " +
    (players === 1 ? "its player" : "each of its " + players + " players") +
    " their link; the spectator link is for anyone watching.";
  // The focus on the new table's first link: the button it was on was held while the table
  // was made, which left a keyboard player on the page's body, told nothing of the links.
  $("links").querySelector("a").focus();
  try {
    sessionStorage.setItem(STORED, JSON.stringify(tablesMade));
  } catch (e) {
    // Storage full or refused: the links are shown; only a reload would lose them.
  }
}

const STORED = "canasta-caliente tables";  // the session storage key of the tables made

function savedTables() {
  try {
    const tables = JSON.parse(sessionStorage.getItem(STORED) || "[]");
    return Array.isArray(tables) ? tables.filter((t) => t && Array.isArray(t.seats) &&
      Array.isArray(t.names) && typeof t.spectator === "string") : [];
  } catch (e) {
    return [];  // storage refused, or not the page's own data: no table kept
  }
}

const tablesMade = savedTables();  // the tables made from this tab, the oldest first

function showLinks(number, made) {
  const table = el("li", "Table " + number + ":", {class: "table-links"});
  const list = el("ul");
  made.seats.forEach((path, i) => {
    if (path === null) return;
    // The seat by its name as well: the organiser sends each person their own.
    // The link's name starts with its seat's (it was the URL alone, read out secret and all);
    // the URL, which the organiser copies, is still its text and in its name.
    const who = "Seat " + i + " (" + (made.names[i] || "Seat " + i) + ")";
    const item = el("li", who + ": ");
    item.append(el("a", location.origin + path,
                   {href: path, class: "seat-link", "data-seat": String(i),
                    "aria-label": who + " link: " + location.origin + path}));
    list.append(item);
  });
  const item = el("li", "Spectators: ");
  item.append(el("a", location.origin + made.spectator,
                 {href: made.spectator, class: "spectator-link",
                  "aria-label": "Spectator link: " + location.origin + made.spectator}));
  list.append(item);
  table.append(list);
  $("links").prepend(table);
}

async function start() {
  const setup = await (await fetch("/api/setup")).json();
  levels = setup.levels;
  for (const name of setup.presets) $("preset").append(el("option", name, {value: name}));
  // The server's rules first (serve --rules): their closest preset and the options that differ.
  const offered = setup.default_rules;
  $("preset").value = offered.preset;
  if (Object.keys(offered.options).length) $("options").value = JSON.stringify(offered.options);
  // Every option by the name the box takes, with its help (an organiser typed the names from
  // memory: the page never listed them).
  for (const option of setup.options) {
    $("option-help").append(el("dt", option.name), el("dd", option.help));
  }
  $("check").addEventListener("click", check);
  $("create").addEventListener("click", create);
  // Choosing a file, a preset or options chooses their source too; and any change of the
  // rules after a check asks for a check again: the table is made with the rules checked.
  $("file").addEventListener("change", () => { source("file"); changed(); });
  $("preset").addEventListener("change", () => { source("preset"); changed(); });
  $("options").addEventListener("input", () => { source("preset"); changed(); });
  for (const radio of document.querySelectorAll("input[name=source]")) {
    radio.addEventListener("change", changed);
  }
  tablesMade.forEach((made, i) => showLinks(i + 1, made));
}

function source(value) {
  document.querySelector(`input[name=source][value=${value}]`).checked = true;
}

// The rules shown are not the rules checked: no table until they are checked again.
function changed() {
  if (checkedRules === null) return;
  checkedRules = null;
  $("create").disabled = true;
  // The seats stay as chosen, held until the check (which keeps them, as far as the table
  // has them).
  for (const field of $("seats").querySelectorAll("select, input")) field.disabled = true;
  showProblems([]);
  $("problems").append(el("li", "the rules have changed: check them again to choose the seats"));
}
start();
