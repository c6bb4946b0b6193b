"""The candidate actions of the independent reference (:mod:`canasta_caliente.testing.reference`):
every
action worth asking about in a state, enumerated from the hand by brute force, with no decision
code of the engine."""

from __future__ import annotations

from collections.abc import Iterator

from ..actions import Action, Verb
from ..cards import NUM_KINDS, Card
from ..errors import NotationError
from ..state.game import GameState

__all__ = ["candidates"]

_RANKS = range(11)  # the natural ranks 4 to A, as count indexes
_TWO = int(Card.TWO)
_JK = int(Card.JOKER)
_B3 = int(Card.BLACK_THREE)
_CAL = int(Card.CALIENTE)


def _actions(verb: Verb, cards: tuple[Card, ...] = (), on: Card | None = None) -> Iterator[Action]:
    """The action of these parts, if the notation can write it (an :class:`Action` that cannot be
    written cannot be built, so it is no candidate)."""
    try:
        yield Action(verb, cards, on)
    except NotationError:
        return


def candidates(state: GameState) -> Iterator[Action]:
    """Every action worth asking about, from the hand of the player to act."""
    for verb in (Verb.DRAW, Verb.CALIENTE, Verb.PASS, Verb.ASK, Verb.YES, Verb.NO, Verb.DEAL):
        yield Action(verb)
    if state.over:
        return
    hand = state.table.hands[state.table.turn.player]
    held = [Card(k) for k in range(NUM_KINDS) if hand[k]]
    yield Action(Verb.TAKE)
    for i, a in enumerate(held):
        for b in held[i:]:
            if a != b or hand[a] >= 2:
                yield from _actions(Verb.TAKE, (a, b))
    for card in held:
        yield Action(Verb.DISCARD, (card,))
    for k in range(1, hand[_B3] + 1):
        yield from _actions(Verb.MELD, (Card.BLACK_THREE,) * k)
    for rank in _RANKS:
        for n in range(hand[rank] + 1):
            for t in range(hand[_TWO] + 1):
                for j in range(hand[_JK] + 1):
                    for c in range(hand[_CAL] + 1):
                        if n + t + j == 0:
                            continue
                        cards = ((Card(rank),) * n + (Card.TWO,) * t + (Card.JOKER,) * j
                                 + (Card.CALIENTE,) * c)
                        yield from _actions(Verb.MELD, cards, None if n else Card(rank))
    for c in range(1, hand[_CAL] + 1):
        yield from _actions(Verb.MELD, (Card.CALIENTE,) * c)
