"""Plain English for cards and actions: the words a table would say.

:func:`describe` says what an action does before it is made (the text of a legal action in a
client message, or of a bot's move); the events of :mod:`canasta_caliente.play.events` say
what happened, in the same words, built from the helpers here (:func:`card_name`,
:func:`cards_phrase`, :func:`count_phrase`).

>>> import canasta_caliente as cc
>>> rules = cc.RuleSet.preset("caliente")
>>> cc.describe(cc.parse_action("take 8 8"), rules)
'take the pile with two eights'
>>> cc.describe(cc.parse_action("meld 8 8 8 2"), rules)
'meld three eights and a two'
>>> cc.describe(cc.parse_action("discard B3"), rules)
'discard a black three'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, Verb, parse_action
from ..cards import Card, card_name, rank_name
from ..engine.checks import never_melded
from ..errors import ArgumentError, CanastaTypeError, count_phrase, describe_value
from ..rules.ruleset import RuleSet, check_ruleset
from ..state.game import GameState
from ..views.view import View

__all__ = ["card_name", "cards_phrase", "count_phrase", "describe", "meld_words", "plain_verb",
           "rank_name"]


def cards_phrase(cards: Sequence[Card | str]) -> str:
    """Cards (or their codes) in words, grouped by kind in the order given: ``three eights and
    a two``.

    >>> from canasta_caliente import Card
    >>> from canasta_caliente.play.text import cards_phrase
    >>> cards_phrase((Card.EIGHT, Card.EIGHT, Card.TWO, Card.JOKER))
    'two eights, a two and a joker'
    """
    if isinstance(cards, str | bytes):
        raise CanastaTypeError(f"cards_phrase: expected a sequence of cards or codes, not "
                               f"{describe_value(cards)}")
    groups: dict[Card, int] = {}
    for given in cards:
        card = Card.parse(given) if isinstance(given, str) else given
        groups[card] = groups.get(card, 0) + 1
    parts = [card_name(card, n) for card, n in groups.items()]
    if not parts:
        return "no cards"
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def describe(action: Action | str, rules: RuleSet | None = None, *,
             state: GameState | View | None = None) -> str:
    """What ``action`` does, in plain English, under ``rules`` (lower case, no seat: a client
    puts "Seat 2 will ..." or a button label around it), in the words its event will say.
    Given a ``state``, ``rules`` may be left out: the state's rules are used (given both, they
    must be the same).

    >>> import canasta_caliente as cc
    >>> cc.describe("draw", cc.RuleSet.preset("caliente-2p"))
    'draw 2 cards from the stock'
    >>> cc.describe("meld 2 JK on 9", cc.RuleSet.preset("caliente"))
    'add a two and a joker to the nines'

    A meld joins the side's meld of its rank if it has one: given the ``state`` (or a view) it
    is played on, the words say which ("add three fives to the fives"); without it, only a meld
    of fewer than three cards is known to join one (MELD-1).

    An action given as notation is read with :func:`~canasta_caliente.parse_action`
    (:class:`~canasta_caliente.NotationError` if malformed); anything else is a
    :class:`TypeError`. Whether the action is legal is not asked: see
    :func:`~canasta_caliente.is_legal`.
    """
    if isinstance(action, str):
        action = parse_action(action)
    if not isinstance(action, Action):
        raise CanastaTypeError(f"describe: expected an Action or its notation, got "
                               f"{describe_value(action)}")
    if state is not None and not isinstance(state, _STATES):
        raise CanastaTypeError(f"describe: state must be a GameState, a View or None, not "
                               f"{describe_value(state)}")
    if rules is None:
        if state is None:
            raise CanastaTypeError("describe: give the rules (a RuleSet), or the state (or view) "
                                   "the action is played on, whose rules are used")
        rules = state.rules  # (a view's or a state's own: describe(action, state=view))
    rules = check_ruleset(rules, "describe: rules")
    # (identity first: a RuleSet's == compares every option, about a microsecond, and a client
    # message describes every legal action with its state's own rules)
    if state is not None and rules is not state.rules and rules != state.rules:
        raise ArgumentError("describe: rules are not the state's rules: give one or the other "
                            "(the state's are used when rules are left out)")
    verb = action.verb
    if verb is Verb.DRAW:
        n = rules.draw_count
        return f"draw {'a card' if n == 1 else count_phrase(n)} from the stock"
    if verb is Verb.TAKE:
        if action.cards:
            return f"take the pile with {cards_phrase(action.cards)}"
        return "take the pile, adding the up card to the side's meld of its rank"
    if verb is Verb.CALIENTE:
        return "play a Caliente card and draw back up to a full hand"
    if verb is Verb.PASS:
        return "pass (the stock is empty: this ends the hand)"
    if verb is Verb.MELD:
        refused = never_melded(action.cards)  # (bonus or Caliente cards: no state allows it)
        if refused is not None:
            return f"meld {cards_phrase(action.cards)}: never legal, {refused}"
        rank = action.rank  # (None: stop cards, MELD-5; not "rank or": the four is Card 0)
        verb_s, rest = meld_words(action.cards, Card.BLACK_THREE if rank is None else rank,
                                  new=rank is None or not _joins(action, rank, state))
        return f"{plain_verb(verb_s)} {rest}"
    if verb is Verb.DISCARD:
        return f"discard {card_name(action.cards[0])}"
    if verb is Verb.ASK:
        # Where going out needs a "yes" (READ-4), the melds that would go out are offered only
        # after it: said here, where the player looks for them (a club's trial).
        needed = (" (going out needs a yes, unless concealed: READ-4)"
                  if rules.facts.asks_first else "")
        return f'ask the partner "May I go out?"{needed}'
    if verb is Verb.YES:
        return 'answer "yes": the partner must then go out (OUT-2)'
    if verb is Verb.NO:
        return 'answer "no": the partner may not go out this turn'
    return "deal the next hand"


_STATES = (GameState, View)


def plain_verb(verb: str) -> str:
    """A verb's plain form from its third person: ``draws`` -> ``draw``, ``passes`` -> ``pass``,
    ``goes`` -> ``go`` (the verbs the events and :func:`describe` use)."""
    return verb[:-2] if verb.endswith(("sses", "oes")) else verb[:-1]


def meld_words(cards: Sequence[Card], rank: Card, new: bool) -> tuple[str, str]:
    """A meld's verb (its third person) and the rest of what it does, the one wording of it
    (the events' and :func:`describe`'s): ``melds``, ``three sixes``; ``adds``, ``an ace to
    the aces`` (cards joining the side's meld of ``rank``); a stop meld's ``(MELD-5)``."""
    what = cards_phrase(cards)
    if rank is Card.BLACK_THREE:
        return "melds", f"{what} (MELD-5)"
    if new:
        return "melds", what
    return "adds", f"{what} to the {rank_name(rank)}"


def _joins(action: Action, rank: Card, state: GameState | View | None) -> bool:
    """Whether a meld of ``rank`` joins the side's meld of that rank: wilds laid ``on`` one
    do; given the state, a side that has one; without it, fewer than three cards (MELD-1)."""
    if action.on is not None:
        return True
    seat = None if state is None else state.current_player
    if state is None or seat is None:
        return len(action.cards) < 3
    # (the side's table itself, not state.melds(side), which builds every meld: a client
    # message describes every legal meld of its state, and was half as slow again)
    sides = state.table.sides if isinstance(state, GameState) else state.side_tables
    return sides[state.side_of(seat)].melds[rank] is not None
