"""Every reader of a rule fact agrees with the fact's home (issue 26).

The observation vector (:mod:`canasta_caliente.rl.features`), the text and HTML display
(:mod:`canasta_caliente.views.display`) and the seat's view (:func:`~canasta_caliente.observe`)
each show rule facts: the side of each seat, the first-meld minimum, canastas, whether the pile
is frozen or blocked, hand and stock sizes. Each must show the state's own answer
(:attr:`GameState.pile_has_freezer <canasta_caliente.GameState.pile_has_freezer>`,
:meth:`~canasta_caliente.GameState.side_of`, :meth:`~canasta_caliente.GameState.melds`, the
RuleSet's :meth:`~canasta_caliente.RuleSet.minimum_for`, ...), under any RuleSet: a fact
re-derived beside its home drifts from it (the observation once kept its own set of the cards
that freeze the pile and missed ``stop_card_freezes``). The engine's own choices serve as a
second witness where they show a fact (the turn's ``need`` at the draw, the takes it lists).

A last test keeps the facts' slot private: only :mod:`canasta_caliente.rules.facts` reads
``._facts``; every other module asks :func:`~canasta_caliente.rules.facts.facts_of`.
"""

from __future__ import annotations

import ast
import html
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")

import canasta_caliente as cc  # noqa: E402
from canasta_caliente.cards import counts_from_cards  # noqa: E402
from canasta_caliente.rl import observation, observation_layout, observation_of  # noqa: E402
from conftest import EVERY_PRESET, RARE_WEIGHTS, deal, play, rules_for, scaled  # noqa: E402
from strategies import rulesets  # noqa: E402

B3, CAL = cc.Card.BLACK_THREE, cc.Card.CALIENTE


# ---------------------------------------------------------------------------------------------
# The observation


def _fields(state: cc.GameState, seat: int) -> dict[str, np.ndarray]:
    """The observation of ``seat`` decoded field by field (by :func:`observation_layout`); the
    fast path from the state and the path through the view must give the same vector."""
    vector = observation_of(state, seat)
    assert vector.tolist() == observation(cc.observe(state, seat)).tolist()
    return {f.name: vector[f.start:f.stop].reshape(f.shape)
            for f in observation_layout(state.rules)}


def _pile_frozen_for(state: cc.GameState, side: int) -> bool:
    """The pile is frozen for ``side`` as the state defines it: it holds a freezer (PILE-3,
    READ-6), the side has not melded (PILE-3), or the pile is always frozen (PILE-5)."""
    return (state.pile_has_freezer or state.rules.always_frozen
            or not state.melds(side))


def _counts(cards: tuple[cc.Card, ...]) -> list[int]:
    return list(counts_from_cards(cards))


def check_observation(state: cc.GameState, seat: int) -> None:
    """Each field of ``seat``'s observation is the state's own answer."""
    rules = state.rules
    f = _fields(state, seat)
    players, sides = rules.players, rules.sides
    seats = [(seat + k) % players for k in range(players)]
    mine = state.side_of(seat)
    side_order = [(mine + k) % sides for k in range(sides)]

    assert f["hand"].tolist() == list(state.hand_counts(seat))
    for k, other in enumerate(seats[1:]):
        assert f["known"][k].tolist() == _counts(state.known(other))
    assert f["hand_sizes"].tolist() == [state.hand_size(s) for s in seats]
    assert f["to_act"].tolist() == [float(state.current_player == s) for s in seats]
    for k, side in enumerate(side_order):
        melds = state.melds(side)
        per_rank = np.zeros((11, 3))
        for meld in melds:
            if meld.rank is not B3:
                per_rank[meld.rank] = (meld.cards.count(meld.rank), meld.cards.count(cc.Card.TWO),
                                       meld.cards.count(cc.Card.JOKER))
        assert (f["melds"][k] == per_rank).all()
        canastas = [m for m in melds if m.is_canasta]
        natural = sum(m.is_natural for m in canastas)
        assert f["canastas"][k].tolist() == [natural, len(canastas) - natural]
        assert sum(f["canastas"][k]) == state.table.sides[side].canastas(rules.canasta_size)
        assert f["stop_cards"][k] == sum(len(m.cards) for m in melds if m.rank is B3)
        assert f["laid_out"][k] == len(state.laid_out(side))
        assert f["caliente_played"][k] == state.caliente_played(side)
        assert f["scores"][k] == state.scores[side]
        minimum = 0 if melds else rules.minimum_for(state.scores[side])
        assert f["first_meld_minimum"][k] == minimum
        # The engine's witness: a turn starts needing the side's minimum (INIT-1, INIT-5).
        if (state.phase is cc.Phase.DRAW and state.turn_player is not None
                and state.side_of(state.turn_player) == side):
            assert state.turn.need == minimum

    pile = state.pile
    assert f["pile"].tolist() == _counts(pile)
    assert f["up_card"].tolist() == [float(state.up_card is c) for c in cc.Card]
    assert f["pile_size"][0] == len(pile)
    up = state.up_card
    want = ([state.pile_has_freezer, _pile_frozen_for(state, mine), up in (B3, CAL)]
            if pile else [False, False, False])
    assert f["pile_state"].tolist() == [float(x) for x in want]
    assert f["stock_size"][0] == state.stock_size
    over = state.is_hand_over
    assert f["turn_meld"].tolist() == ([0, 0] if over else [state.turn.need, state.turn.points])
    assert f["waiting"].tolist() == _counts(state.waiting)
    assert f["phase"].tolist() == [float(state.phase is p) for p in cc.Phase]
    assert f["question"].tolist() == [float(state.turn.question is q) for q in cc.Question]


def check_engine_witness(state: cc.GameState) -> None:
    """The takes the engine lists agree with the pile's facts: none from a blocked pile
    (PILE-2); from a pile frozen for the side (not always frozen), only with a natural pair
    (PILE-3, INIT-4)."""
    if state.phase is not cc.Phase.DRAW or not state.pile:
        return
    takes = [a for a in cc.legal_actions(state) if a.verb is cc.Verb.TAKE]
    up = state.up_card
    if up in (B3, CAL):
        assert not takes
    player = state.current_player
    assert player is not None
    if _pile_frozen_for(state, state.side_of(player)) and not state.rules.always_frozen:
        assert all(a.cards == (up, up) for a in takes), takes


# ---------------------------------------------------------------------------------------------
# The view


def check_view(state: cc.GameState, seat: int) -> cc.View:
    """The view's public facts are the state's."""
    rules = state.rules
    view = cc.observe(state, seat)
    assert view.sides == state.sides
    for s in range(rules.players):
        assert view.side_of(s) == state.side_of(s)
        assert view.hand_size(s) == state.hand_size(s)
        assert view.known(s) == state.known(s)
        held = state.hand_size(s) if s == seat else view.unknown_count(s)
        assert 0 <= held <= state.hand_size(s)
    for side in range(rules.sides):
        assert view.melds(side) == state.melds(side)
        assert view.laid_out(side) == state.laid_out(side)
        assert view.caliente_played(side) == state.caliente_played(side)
    assert view.pile == state.pile and view.up_card == state.up_card
    assert view.pile_has_freezer == state.pile_has_freezer
    assert view.stock_size == state.stock_size
    assert view.phase is state.phase
    assert view.current_player == state.current_player
    assert view.turn_player == state.turn_player
    assert view.active_seats == state.active_seats
    assert view.waiting == state.waiting
    assert view.is_hand_over == state.is_hand_over
    assert view.is_game_over == state.is_game_over
    assert view.winner == state.winner
    if not state.over:
        assert view.first_meld_needed == state.turn.need
        assert view.first_meld_points == state.turn.points
        assert view.question is state.turn.question
    return view


# ---------------------------------------------------------------------------------------------
# The display

_ROW = re.compile(r"^  (.+?)  +(.*)$")


def _sections(text: str) -> dict[str, dict[str, str]]:
    """The display's sections by heading, each its rows' values by label."""
    out: dict[str, dict[str, str]] = {}
    rows: dict[str, str] = {}
    for line in text.splitlines()[1:]:
        match = _ROW.match(line)
        if match is None:
            rows = out[line] = {}
        else:
            rows[match[1]] = match[2]
    return out


def _plural(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def check_display(state: cc.GameState, board: cc.GameState | cc.View) -> None:
    """The text table of ``board`` (the state, or a seat's view of it) shows the state's facts,
    and its HTML table shows the same rows."""
    rules = state.rules
    text, page = str(board), board._repr_html_()
    sections = _sections(text)
    headings = list(sections)
    assert headings[-1] == "table" and len(headings) == rules.sides + 1
    for side in range(rules.sides):
        heading = headings[side]
        members = [s for s in range(rules.players) if state.side_of(s) == side]
        assert heading.startswith(f"side {side} (seat")
        assert heading.split(") · score ")[0].split(" ", 3)[3] == ", ".join(map(str, members))
        assert heading.endswith(f" · score {state.scores[side]}")
        rows = sections[heading]
        melds = state.melds(side)
        shown = rows["melds"]
        canastas = [m for m in melds if m.is_canasta]
        assert shown.count("(natural canasta)") == sum(m.is_natural for m in canastas)
        assert shown.count("(mixed canasta)") == sum(not m.is_natural for m in canastas)
        assert shown.count("(stop)") == sum(m.rank is B3 for m in melds)
        for seat in members:
            if seat not in state.active_seats:
                assert rows[f"seat {seat}"] == "sitting out"
                continue
            you = isinstance(board, cc.View) and board.seat == seat
            value = rows[f"seat {seat}" + (" (you)" if you else "")]
            size = state.hand_size(seat)
            if isinstance(board, cc.View) and not you and state.known(seat):
                assert value.endswith(f"; {board.unknown_count(seat)} unknown"
                                      + ("  <- to act" if state.current_player == seat else ""))
            assert value.startswith(_plural(size)) or (
                size == 0 and value.startswith("no cards")) or f"({_plural(size)})" in value
            assert value.endswith("<- to act") == (state.current_player == seat)
    table = sections["table"]
    assert table["stock"] == _plural(state.stock_size)
    pile = table["pile"]
    if not state.pile:
        assert pile == "empty"
    else:
        marks = pile.rsplit("  (", 1)[1]
        assert marks.startswith(_plural(len(state.pile)))
        assert ("always frozen (PILE-5)" in marks) == rules.always_frozen
        assert ("frozen (PILE-3)" in marks) == (state.pile_has_freezer
                                                and not rules.always_frozen)
        up = state.up_card
        assert ("blocked by a stop card" in marks) == (up is B3)
        assert ("blocked by a Caliente card" in marks) == (up is CAL)
    turn = state.turn
    meld_row = table.get("first meld")
    if state.over or not (turn.need or turn.points):
        assert meld_row is None
    elif turn.points:
        assert meld_row.startswith(f"{turn.points} points melded this turn, {turn.need} more")
    else:
        assert meld_row == f"{turn.need} points needed (INIT-1)"
    # The HTML table: every row of the text, escaped, and nothing else than its rows.
    for heading, rows in sections.items():
        assert html.escape(heading) in page
        for label, value in rows.items():
            assert f">{html.escape(label)}</td>" in page
            assert f">{html.escape(value)}</td>" in page
    assert page.count("<tr") == len(sections) + sum(map(len, sections.values()))


# ---------------------------------------------------------------------------------------------
# Random games under any rules


def walk(rules: cc.RuleSet, seed: int, actions: int, *, every_seat: bool) -> int:
    """Play ``actions`` random legal actions (biased toward takes and melds, seeded) from a
    new game, checking the readers at every state; returns how many states were checked."""
    rng = random.Random(seed)
    state = cc.new_game(rules, seed=seed)
    for checked in range(1, actions + 1):
        seats = range(rules.players) if every_seat else [rng.randrange(rules.players)]
        for seat in seats:
            check_observation(state, seat)
        view = check_view(state, seats[0])
        check_engine_witness(state)
        if checked % 4 == 1:
            check_display(state, state)
            check_display(state, view)
        legal = cc.legal_actions(state)
        if not legal:
            break
        state = cc.apply(state, rng.choices(
            legal, [RARE_WEIGHTS.get(a.verb.value, 1) for a in legal])[0])
    return checked


@settings(max_examples=scaled(25))
@given(rules=rulesets(), seed=st.integers(0, 2**32))
def test_readers_agree_with_the_state_under_any_rules(rules: cc.RuleSet, seed: int) -> None:
    """Under generated RuleSets (every option combined), at the states of a random game, the
    observation, the view and the display show the state's own answers."""
    walk(rules, seed, 80, every_seat=False)


@pytest.mark.slow
@settings(max_examples=scaled(50))
@given(rules=rulesets(), seed=st.integers(0, 2**32))
def test_readers_agree_with_the_state_in_long_games(rules: cc.RuleSet, seed: int) -> None:
    """The same over longer games (several hands), every seat's observation checked."""
    walk(rules, seed, 400, every_seat=True)


@pytest.mark.parametrize("preset", EVERY_PRESET)
def test_readers_agree_with_the_state_on_every_preset(preset: str) -> None:
    """Each preset, with and without the readings that change the pile's facts (READ-6,
    PILE-5): the readers agree at the states of a random game."""
    rules = cc.RuleSet.preset(preset)
    for variant in (rules, rules.replace(stop_card_freezes=not rules.stop_card_freezes,
                                         always_frozen=not rules.always_frozen)):
        walk(variant, 11, 80, every_seat=False)


# ---------------------------------------------------------------------------------------------
# The freezer that the observation once missed


def test_a_buried_stop_card_freezes_the_observed_pile() -> None:
    """With ``stop_card_freezes`` on, a stop card buried in the pile freezes it (READ-6,
    PILE-3): the state says so, and so must the observation, the view and the display (the
    observation once kept its own freezers, wilds and bonus cards only, and said "not
    frozen")."""
    # RULES: READ-6, PILE-3
    rules = rules_for("caliente", stop_card_freezes=True)
    state = deal(rules, {0: "7 7 B3"}, pile="5")
    state = play(state, "draw", "discard B3", "draw")
    seat = state.current_player
    assert seat == 1
    card = next(c for c in state.hand(seat) if c.is_natural)
    state = play(state, f"discard {card}")
    assert state.pile == (cc.Card.FIVE, B3, card)
    assert state.pile_has_freezer and state.up_card is not B3
    for seat in range(rules.players):
        pile_state = _fields(state, seat)["pile_state"].tolist()
        assert pile_state[:2] == [1.0, 1.0] and pile_state[2] == 0.0
        check_observation(state, seat)
        check_display(state, check_view(state, seat))
    assert "frozen (PILE-3)" in str(state)
    # Without the reading, the same pile is not frozen by the stop card.
    plain = rules.replace(stop_card_freezes=False)
    other = play(deal(plain, {0: "7 7 B3"}, pile="5"), "draw", "discard B3", "draw",
                 f"discard {card}")
    assert not other.pile_has_freezer
    assert _fields(other, 0)["pile_state"].tolist()[0] == 0.0


# ---------------------------------------------------------------------------------------------
# The facts' slot is private

PACKAGE = Path(cc.__file__).parent


def test_only_the_facts_module_reads_the_facts_slot() -> None:
    """No module but ``rules/facts.py`` reads a RuleSet's ``_facts`` slot: the others ask
    ``facts_of(rules)``, the one public way to the facts."""
    readers = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative == "rules/facts.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        readers += [f"{relative}:{node.lineno}" for node in ast.walk(tree)
                    if isinstance(node, ast.Attribute) and node.attr == "_facts"]
    assert readers == []
