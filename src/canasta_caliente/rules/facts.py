"""What a RuleSet implies, computed once: :class:`RuleFacts`, the one home of the engine's
derived rule facts.

Every fact the engine, the finishing search (:mod:`canasta_caliente.engine.solver`) and scoring
derive from a :class:`~canasta_caliente.RuleSet` lives here: the side of each seat, the deck, the
most wilds a meld may hold, the turn order of each hand, the partners of each turn order, and
the meld tables the listing fills; and the facts of a RuleSet that need no table, such as the
bound on the actions of a hand (:func:`max_actions_per_hand`). A RuleSet computes its facts when
it is made and keeps them as :attr:`RuleSet.facts <canasta_caliente.RuleSet.facts>` (an
attribute that takes no part in equality, hashing or ``repr``); every other module reads that
attribute or asks :func:`facts_of`.

The object is frozen (its attributes cannot be rebound); its memo tables are dictionaries that
only fill, and none is ever cleared: each is bounded by the finite number of keys the RuleSet
allows (seats, turn orders, hand shapes), and the turn orders by hand number hold the first 64
hands only (:func:`canasta_caliente.engine.deal.deal` computes a later hand's order each time
instead of keeping it). A pickled or copied RuleSet is rebuilt from its options, with new facts
(their filled tables are not carried); a RuleFacts pickled on its own becomes ``None``
(:meth:`RuleFacts.__reduce__`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import FREEZERS, I_JOKER, I_TWO, NUM_RANKS, Card
from .enums import GoingOutPermission, WildRule

if TYPE_CHECKING:
    from .ruleset import RuleSet

__all__ = ["INF", "RuleFacts", "canasta_cards", "facts_of", "max_actions_per_hand",
           "meld_minimum", "most_canastas", "rule_facts", "wild_cap"]

INF = 10**9
"""A count or a value larger than any a game reaches (``no such option``)."""

def wild_cap(rules: RuleSet, naturals: int) -> int:
    """Most wilds a meld with this many naturals may hold (MELD-2); -1 if none is valid."""
    rule = rules.wild_rule
    if rule is WildRule.MORE_NATURALS:
        cap = naturals - 1
    elif rule is WildRule.NOT_MORE_WILDS:
        cap = naturals
    else:
        cap = INF if naturals >= 2 else -1
    if rules.max_wilds is not None and cap > rules.max_wilds:
        cap = rules.max_wilds
    return cap


def canasta_cards(rules: RuleSet) -> tuple[int, int]:
    """The cards a canasta is made of in the deck (:attr:`~canasta_caliente.RuleSet.deck_counts`):
    the naturals of one rank (every rank has as many) and the wilds, twos and jokers."""
    counts = rules.deck_counts
    return counts[0], counts[I_TWO] + counts[I_JOKER]


def most_canastas(rules: RuleSet) -> int:
    """The most canastas a side can hold at once under ``rules`` (MELD-2 to MELD-4): one a
    natural rank at most, each of ``canasta_size`` cards from the deck's naturals of its rank
    and its wilds (:attr:`~canasta_caliente.RuleSet.deck_counts`), holding no more wilds than
    MELD-2 lets the naturals hold. A canasta uses every natural of its rank before a wild more:
    it then needs the fewest wilds, and the naturals may hold the most."""
    naturals, wilds = canasta_cards(rules)
    short = max(0, rules.canasta_size - naturals)  # the wilds each canasta needs, at least
    if wild_cap(rules, naturals) < short:
        return 0
    return NUM_RANKS if short == 0 else min(NUM_RANKS, wilds // short)


def meld_minimum(rules: RuleSet, score: int) -> int:
    """The first-meld minimum for a side with the game score ``score`` (RULES: INIT-1):
    :meth:`~canasta_caliente.RuleSet.minimum_for` without its check, for the engine, whose
    scores are ints."""
    minimum = rules.minimum_below_zero
    if score < 0:
        return minimum
    for start, value in rules.initial_meld_minimums:
        if score >= start:
            minimum = value
    return minimum


def max_actions_per_hand(rules: RuleSet) -> int:
    """An upper bound on the number of actions in one hand under ``rules``: 9 D + 4 C + 4, where
    D is the number of cards in the deck and C the number of Caliente cards (END-1 to END-3: every
    hand ends). A fact of the rules alone, so that a game's length can be bounded without playing
    it (the OpenSpiel game's ``max_game_length``) and checked while playing it
    (:func:`canasta_caliente.testing.sweep` checks every hand against it).

    Why no hand can exceed it. Every turn opens with exactly one draw action:

    * a draw from the stock takes at least one card from it: at most D such turns;
    * a pile take melds at least the up card, and melded cards never come back: at most D such
      turns (this covers the whole stock-out phase of END-2, where only takes and passes remain);
    * a Caliente card leaves the game when played: at most C such turns;
    * a pass ends the hand: one turn.

    So a hand has at most 2 D + C + 1 turns. A turn holds its draw action, at most one question
    and its answer (OUT-2), and a discard: at most 4 actions besides melds. Each meld action moves
    at least one card from a hand to the table for good, so the whole hand holds at most D of
    them. In all, at most 4 (2 D + C + 1) + D actions.

    >>> import canasta_caliente as cc
    >>> from canasta_caliente.rules.facts import max_actions_per_hand
    >>> max_actions_per_hand(cc.RuleSet.preset("caliente"))  # 108 cards, no Caliente card
    976
    """
    return 9 * rules.deck_size + 4 * rules.caliente_cards + 4


def _no_facts() -> None:
    """What a :class:`RuleFacts` pickled on its own becomes: nothing (its RuleSet, rebuilt,
    computes its own)."""
    return None


class RuleFacts:
    """The facts the engine derives from one RuleSet (see the module docstring).

    Reach them with :func:`facts_of`; never build one directly."""

    __slots__ = (
        "asks",
        "asks_first",
        "caps",
        "deck",
        "freezers",
        "meld_options",
        "new_meld_wilds",
        "no_pair_onto_canasta",
        "partners",
        "rank_melds",
        "rank_shapes",
        "side_of",
        "turn_orders",
    )

    side_of: tuple[int, ...]
    """Per seat, the index of its side (SEAT-2)."""
    deck: tuple[Card, ...]
    """The rules' full deck in card order (CARD-2)."""
    caps: tuple[int, ...]
    """Per number of naturals (index 0 to the most a meld can hold, plus 2), the most wilds a
    meld may hold (:func:`wild_cap`; -1: no valid meld), MELD-2."""
    new_meld_wilds: tuple[int, ...]
    """Per number of naturals held (0 to 2), the fewest wilds a new meld of them needs (MELD-1:
    three cards; MELD-2: the wilds the naturals allow); :data:`INF` if none can be made."""
    asks_first: bool
    """Whether going out needs a "yes" unless it is concealed (OUT-3): under
    ``going_out_permission = "required"`` (READ-4), for players with a partner."""
    asks: bool
    """Whether a player may ask a partner "May I go out?" (OUT-2): not under
    ``going_out_permission = "never"`` (READ-4)."""
    freezers: frozenset[Card]
    """The cards that freeze the pile while it holds one (PILE-3): wilds and bonus cards, and
    stop cards under ``stop_card_freezes`` (READ-6)."""
    no_pair_onto_canasta: bool
    """Under the always-frozen pile (PILE-5) with ``pile_pair_onto_canasta`` off (READ-7): a
    natural pair may not take the pile onto a meld that is already a canasta."""
    turn_orders: dict[int, tuple[int, ...]]
    """By hand number, its :func:`~canasta_caliente.turn_order` (the first 64 hands): filled by
    :func:`canasta_caliente.engine.deal.deal` only."""
    partners: dict[tuple[int, ...], tuple[int | None, ...]]
    """By turn order, per turn index the next active seat of the same side (the partner asked
    in OUT-2), ``None`` for a player with no partner."""
    rank_melds: list[list[Any]]
    """The listing's meld options, by 2s held, then jokers held (lists as long as the deck
    allows), then rank, then naturals held of the rank, then the side's meld of the rank (a
    dict): ``None`` where nothing has been found yet. (Filled by every seat's legal actions,
    it tells what hands were seen: a view's rules carry it, so a bot in the same process can
    read it; see the guide to bots.) Filled by
    :func:`canasta_caliente.engine.tables.rank_entry` only; read by
    :func:`canasta_caliente.engine.tables.rank_table` and the listing."""
    rank_shapes: dict[tuple[Any, ...], Any]
    """The same options by rank and shape (what sets them): filled by ``rank_entry`` only."""
    meld_options: dict[int, Any]
    """Meld options by their packed code (:func:`canasta_caliente.engine.tables.option_code`):
    filled by ``rank_entry`` only."""

    def __init__(self, rules: RuleSet) -> None:
        setattr_ = object.__setattr__
        side_of = [0] * rules.players
        for i, side in enumerate(rules.layout):
            for seat in side:
                side_of[seat] = i
        setattr_(self, "side_of", tuple(side_of))
        deck: list[Card] = []
        for kind, n in enumerate(rules.deck_counts):
            deck.extend([Card(kind)] * n)
        setattr_(self, "deck", tuple(deck))
        top = max(rules.deck_counts[:NUM_RANKS]) + 3
        caps = tuple(wild_cap(rules, n) if n >= 1 else -1 for n in range(top))
        setattr_(self, "caps", caps)
        setattr_(self, "new_meld_wilds", tuple(
            min((3 - a for a in range(1, have + 1) if caps[a] >= 3 - a), default=INF)
            for have in range(3)))
        setattr_(self, "asks", rules.going_out_permission is not GoingOutPermission.NEVER)
        setattr_(self, "asks_first",
                 rules.going_out_permission is GoingOutPermission.REQUIRED)
        setattr_(self, "freezers", FREEZERS | {Card.BLACK_THREE} if rules.stop_card_freezes
                 else FREEZERS)
        setattr_(self, "no_pair_onto_canasta",
                 rules.always_frozen and not rules.pile_pair_onto_canasta)
        setattr_(self, "turn_orders", {})
        setattr_(self, "partners", {})
        counts = rules.deck_counts
        setattr_(self, "rank_melds", [[None] * (counts[I_JOKER] + 1)
                                      for _ in range(counts[I_TWO] + 1)])
        setattr_(self, "rank_shapes", {})
        setattr_(self, "meld_options", {})

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"RuleFacts is frozen: {name} cannot be set")

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        """Pickled or copied on its own, a RuleFacts becomes ``None``: a RuleSet, rebuilt from
        its options, computes its own."""
        return (_no_facts, ())

    def partners_in(self, order: tuple[int, ...]) -> tuple[int | None, ...]:
        """Per turn index of ``order``, the next active seat of the same side, or ``None``."""
        found = self.partners.get(order)
        if found is None:
            side_of = self.side_of
            out: list[int | None] = []
            for i, seat in enumerate(order):
                others = [order[(i + k) % len(order)] for k in range(1, len(order))]
                out.append(next((o for o in others if side_of[o] == side_of[seat]), None))
            found = self.partners[order] = tuple(out)
        return found


def rule_facts(rules: RuleSet) -> RuleFacts:
    """The :class:`RuleFacts` of ``rules``: :func:`facts_of`, by its former name."""
    return rules.facts


def facts_of(rules: RuleSet) -> RuleFacts:
    """The :class:`RuleFacts` of ``rules``: :attr:`RuleSet.facts
    <canasta_caliente.RuleSet.facts>`, computed when the RuleSet was made. The engine reads the
    attribute itself where a call per decision would cost (see the attribute)."""
    return rules.facts
