"""Take-backs: whether a move may be undone without revealing anything.

The rule (stated for users in :doc:`/guides/game`): a move may be taken back when undoing it
reveals nothing the player did not know before it. That is a ``meld`` or a ``discard`` that
brought no card into any hand, drew nothing from the stock and did not end the hand, taken back
before the next player acts (the caller undoes one action at a time, so "before the next player
acts" is the caller's to keep: each pair of states checked is one action apart). A ``draw``, a
pile taken, a Caliente card played, a pass, a bonus card's replacement, a refill, a question and
its answer, and the end of a hand all show cards or decisions that cannot be unseen.

>>> import canasta_caliente as cc
>>> from canasta_caliente.play.takeback import take_back_refusal
>>> before = cc.apply(cc.new_game(cc.RuleSet.preset("caliente"), seed=7), "draw")
>>> after = cc.apply(before, "meld 6 6 6")
>>> cc.can_take_back(before, after)
True
>>> take_back_refusal(cc.new_game(cc.RuleSet.preset("caliente"), seed=7), before)
'"draw a card from the stock" cannot be taken back: a draw shows the player cards from the stock'
"""

from __future__ import annotations

from ..actions import Action, Verb
from ..cards import counts_from_cards
from ..engine import apply, legal_actions
from ..errors import CanastaTypeError, StateError, describe_value
from ..state.game import GameState
from .text import describe

__all__ = ["can_take_back", "take_back_refusal"]

_REVEALS: dict[Verb, str] = {
    Verb.DRAW: "a draw shows the player cards from the stock",
    Verb.TAKE: "taking the pile puts its cards in the player's hand",
    Verb.CALIENTE: "a Caliente card's refill shows the player cards from the stock",
    Verb.PASS: "a pass ends the hand",
    Verb.ASK: "the partner has been asked, and the question cannot be unasked",
    Verb.YES: "the answer has been heard by the partner",
    Verb.NO: "the answer has been heard by the partner",
    Verb.DEAL: "the next hand has been dealt",
}
"""Why each verb that is never taken back reveals something."""


def _action_between(before: GameState, after: GameState) -> Action:
    """The legal action of ``before`` whose result is ``after``; :class:`StateError` if none
    is."""
    for action in legal_actions(before):
        if apply(before, action) == after:
            return action
    raise StateError("before and after are not one legal action apart: give the state before "
                     "the action and the state it led to")


def take_back_refusal(before: GameState, after: GameState) -> str | None:
    """Why the action that led from ``before`` to ``after`` may not be taken back, or ``None``
    when it may (the rule: :func:`can_take_back`).

    The reason starts with the action in words, quoted (``"draw a card from the stock" cannot be
    taken back: ...``): it reaches players, a web table's refused undo among them. Raises
    :class:`TypeError` if either is not a :class:`~canasta_caliente.GameState` and
    :class:`~canasta_caliente.StateError` if ``after`` is not the result of one legal action in
    ``before``."""
    for name, value in (("before", before), ("after", after)):
        if not isinstance(value, GameState):
            raise CanastaTypeError(f"{name} must be a GameState, not {describe_value(value)}")
    action = _action_between(before, after)
    reason = _REVEALS.get(action.verb)
    if reason is None:
        reason = _reveals_after(before, after)
    if reason is None:
        return None
    said = describe(action, before.rules, state=before)
    # (in single quotes where the words hold double ones: 'ask the partner "May I go out?"')
    quote = "'" if '"' in said else '"'
    return f"{quote}{said}{quote} cannot be taken back: {reason}"


def _reveals_after(before: GameState, after: GameState) -> str | None:
    """For a meld or a discard: what its effects revealed, if anything."""
    if after.is_hand_over or after.hand_number != before.hand_number:
        return "it ended the hand, and the hand has been scored"
    if after.stock_size != before.stock_size:
        return "a card was drawn from the stock to replace a bonus card or refill the hand"
    for seat in range(before.rules.players):
        gained = counts_from_cards(after.hand(seat))
        had = counts_from_cards(before.hand(seat))
        if any(g > h for g, h in zip(gained, had, strict=True)):
            # (a meld's only way to bring cards into a hand: the pile's cards that waited for
            # the side's first meld join the hand once the minimum is met, INIT-4)
            return "the pile's cards that waited for the first meld joined the hand (INIT-4)"
    return None


def can_take_back(before: GameState, after: GameState) -> bool:
    """True exactly when the action that led from ``before`` to ``after`` may be taken back:
    undoing it reveals nothing the player did not know before it.

    A ``meld`` or a ``discard`` may be taken back until the next player acts, unless it drew a
    card (a bonus card's replacement, a refill) or ended the hand; a ``draw``, a pile taken, a
    Caliente card, a pass, a question, its answer and a deal may not.
    :func:`take_back_refusal` says why not. Raises as it does."""
    return take_back_refusal(before, after) is None
