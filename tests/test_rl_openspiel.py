"""The OpenSpiel game: pyspiel's random simulation test, chance over whole decks, parameters,
information states with perfect recall, and OpenSpiel's MCTS bot playing a hand."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

import canasta_caliente as cc  # noqa: E402
from canasta_caliente.rl import register_openspiel  # noqa: E402


def _load(**params: str) -> pyspiel.Game:
    return pyspiel.load_game(register_openspiel(), params)


def _deal(state: pyspiel.State, rng: random.Random) -> None:
    """Play chance outcomes, drawn by their probabilities, until a player is to act."""
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probs)[0])


def test_random_sim_test() -> None:
    """pyspiel's random_sim_test plays a random hand checking every node (legal actions
    ascending, clones, strings, tensors, returns within the utility bounds)."""
    pyspiel.random_sim_test(_load(rules="caliente-2p"), num_sims=1, serialize=False,
                            verbose=False)


@pytest.mark.slow
def test_random_sim_test_four_players_with_caliente_cards() -> None:
    """random_sim_test with four players and the Caliente cards."""
    pyspiel.random_sim_test(_load(rules="caliente-cards"), num_sims=1, serialize=False,
                            verbose=False)


def test_registering_twice_is_harmless() -> None:
    """register_openspiel returns the game's name and may be called again."""
    assert register_openspiel() == register_openspiel() == "python_canasta_caliente"
    assert "python_canasta_caliente" in pyspiel.registered_names()


def test_chance_deals_the_whole_deck_uniformly() -> None:
    """Chance offers each undealt kind with its share of the undealt cards, deals the whole
    deck, and the game then starts from exactly that deck."""
    game = _load(rules="caliente")
    rules = cc.RuleSet.preset("caliente")
    state = game.new_initial_state()
    first = dict(state.chance_outcomes())
    assert first[int(cc.Card.SEVEN)] == pytest.approx(8 / 108)
    assert first[int(cc.Card.JOKER)] == pytest.approx(4 / 108)
    assert int(cc.Card.CALIENTE) not in first
    dealt = []
    rng = random.Random(0)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        card = rng.choice([o for o, _ in outcomes])
        dealt.append(cc.Card(card))
        state.apply_action(card)
    assert len(dealt) == rules.deck_size
    expected = cc.new_game(rules, seed=0, deck=dealt)
    assert state.game_state == expected
    assert state.current_player() == 0


def test_parameters_name_a_preset_or_a_ruleset_json() -> None:
    """``rules`` takes a preset name or a RuleSet JSON document; ``scores`` the starting game
    scores; bad values are clear errors."""
    rules = cc.RuleSet.preset("caliente-3p").replace(hand_size=9)
    game = _load(rules=rules.to_json(), scores="100,200,-50")
    assert game.num_players() == 3
    state = game.new_initial_state()
    _deal(state, random.Random(1))
    assert state.game_state.rules == rules
    assert state.game_state.scores == (100, 200, -50)
    assert game.num_distinct_actions() == cc.ActionSpace(rules).size
    with pytest.raises(Exception, match="one score per side"):
        _load(rules="caliente", scores="1,2,3")
    with pytest.raises(Exception, match="unknown preset"):
        _load(rules="calente")


@pytest.mark.parametrize("params", [
    {"rules": "caliente-2p", "scores": "100,200"},
    {"rules": "caliente-2p", "scores": "100;-200"},
    {"rules": "caliente-2p", "scores": " 100  200 "},
    {"rules": cc.RuleSet.preset("caliente-3p").replace(hand_size=9).to_json(),
     "scores": "1,2,3"},
], ids=["commas", "semicolon", "spaces", "json"])
def test_a_game_with_scores_or_json_rules_names_itself_loadably(params: dict[str, str]) -> None:
    """Scores separated by commas, semicolons or spaces, and JSON rules: the game names itself
    without commas (scores by spaces, JSON in base64), so str(game) loads the same game, and
    pickle and serialize_game_and_state round-trip (they failed on "Unknown parameter '200)'":
    OpenSpiel's game strings split parameters at commas)."""
    import pickle

    game = _load(**params)
    assert str(game).count(",") == 1  # the one between the parameters
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game) and again.get_parameters() == game.get_parameters()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    state = game.new_initial_state()
    _deal(state, random.Random(2))
    state.apply_action(state.legal_actions()[0])
    read_game, read_state = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state))
    assert str(read_game) == str(game)
    assert read_state.game_state == state.game_state
    assert read_state.game_state.rules == cc.RuleSet.preset(params["rules"]) \
        if not params["rules"].startswith("{") else cc.RuleSet.from_json(params["rules"])


def test_a_bad_base64_rules_parameter_is_refused() -> None:
    """A ``base64:`` rules parameter that is not base64 of a RuleSet document says so."""
    with pytest.raises(cc.ArgumentError, match="not a RuleSet JSON document in URL-safe base64"):
        _load(rules="base64:%%%")
    import base64

    no_ruleset = base64.urlsafe_b64encode(b'{"players": 99}').decode().rstrip("=")
    with pytest.raises(cc.RuleSetError, match="players"):
        _load(rules="base64:" + no_ruleset)
    with pytest.raises(cc.ArgumentError, match="separated by spaces"):
        _load(rules="caliente-2p", scores="1/2")


def test_starting_scores_beyond_the_environments_limit_are_refused() -> None:
    """The ``scores`` parameter is checked as Gymnasium's and PettingZoo's starting scores:
    beyond ±2**23 an ArgumentError naming the limit; at ±2**23 accepted."""
    with pytest.raises(cc.ArgumentError, match=r"scores \[9999999999, 0\] beyond ±8388608"):
        _load(rules="caliente-2p", scores="9999999999,0")
    with pytest.raises(cc.ArgumentError, match="beyond"):
        _load(rules="caliente-2p", scores=f"0,{-(2**23) - 1}")
    state = _load(rules="caliente-2p", scores=f"{2**23},{-(2**23)}").new_initial_state()
    _deal(state, random.Random(0))
    assert state.game_state.scores == (2**23, -(2**23))


def test_information_states_have_perfect_recall() -> None:
    """A player's information state string only grows (each earlier one is a prefix of the
    later), and two deals that differ only in cards a player cannot see give it the same
    information state and observation."""
    game = _load(rules="caliente-2p")
    state = game.new_initial_state()
    _deal(state, random.Random(3))
    rng = random.Random(3)
    before = state.information_state_string(1)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        after = state.information_state_string(1)
        assert after.startswith(before) and after != before
        before = after
    # The same deal with the two cards at the bottom of the stock swapped: seat 0 sees
    # nothing of them.
    deck_a = [cc.Card(a) for a in state.history()[:108]]
    deck_b = [*deck_a[:-2], deck_a[-1], deck_a[-2]]
    if deck_a[-1] != deck_a[-2]:
        other = game.new_initial_state()
        for card in deck_b:
            other.apply_action(int(card))
        fresh = game.new_initial_state()
        for card in deck_a:
            fresh.apply_action(int(card))
        assert fresh.information_state_string(0) == other.information_state_string(0)
        assert fresh.observation_tensor(0) == other.observation_tensor(0)
        assert fresh.game_state != other.game_state


def test_returns_are_the_hand_rewards() -> None:
    """At the end of a random hand, each player's return is its side's hand reward."""
    game = _load(rules="caliente")
    state = game.new_initial_state()
    rng = random.Random(5)
    _deal(state, rng)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    final = state.game_state
    totals = final.hand_results[-1].totals
    assert state.returns() == [totals[final.side_of(p)] - totals[1 - final.side_of(p)]
                               for p in range(4)]


@pytest.mark.slow
def test_mcts_bot_plays_a_hand() -> None:
    """OpenSpiel's own MCTS bot (random rollouts) plays seat 0 of a two-player hand to the end
    against uniform random play."""
    from open_spiel.python.algorithms import mcts

    game = _load(rules="caliente-2p")
    rng = random.Random(0)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, solve=False,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1),
                       random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            _deal(state, rng)
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            moves += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert moves > 0
    assert state.game_state.is_hand_over


def test_a_chance_outcome_that_is_no_card_kind_is_refused_naming_the_range() -> None:
    """During the deal, apply_action and action_to_string of an id that is no card kind say
    the chance outcomes' range (an ArgumentError), not the enum's bare "is not a valid
    Card"; the state is unchanged."""
    state = _load(rules="caliente-2p").new_initial_state()
    before = state.chance_outcomes()
    with pytest.raises(cc.ArgumentError, match="chance outcomes are 0 to 15"):
        state.apply_action(999)
    with pytest.raises(cc.ArgumentError, match="chance outcome 999"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, 999)
    assert state.chance_outcomes() == before and state.is_chance_node()


def test_apply_action_refusals_are_the_librarys_and_say_why() -> None:
    """A chance outcome whose card kind is all dealt, and any action at a terminal state, are
    IllegalActionErrors that say so (not pyspiel's SpielError, nor the engine's word about the
    next hand's ``deal``, which is no action of an OpenSpiel episode), and change nothing."""
    game = _load(rules="caliente-2p")
    state = game.new_initial_state()
    kind, share = min(state.chance_outcomes(), key=lambda outcome: outcome[1])
    for _ in range(round(share * 108)):
        state.apply_action(kind)
    assert kind not in state.legal_actions()
    with pytest.raises(cc.IllegalActionError, match=r"left to deal.*chance_outcomes"):
        state.apply_action(kind)
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            _deal(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    before = state.serialize()
    with pytest.raises(cc.IllegalActionError, match=r"terminal.*new_initial_state"):
        state.apply_action(0)
    assert state.serialize() == before and state.is_terminal()
