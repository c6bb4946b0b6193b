"""The rules engine: :func:`new_game`, :func:`legal_actions` and :func:`apply`.

Each legality rule is decided in one place, its named check in
:mod:`canasta_caliente.engine.checks` (``CHECKS`` maps each rule ID to its checks). One function,
:func:`canasta_caliente.engine.decision.decide`, asks them whether an action is legal and, if
so, makes what follows; :func:`legal_actions` lists what they accept (asking the same checks,
or ``decide``) and :func:`apply` runs it, so the two cannot disagree; :func:`illegal_reason`
exposes the verdict.

The order of :func:`legal_actions` is documented and deterministic: by verb (``draw``, ``take``,
``caliente``, ``pass``, ``meld``, ``discard``, ``ask``, ``yes``, ``no``, ``deal``), then by the
cards in canonical order, then by the ``on`` rank.

The modules, each with one job:

=================  ==============================================================================
``checks``         the named legality checks, one per rule, over a per-state ``Context``, and
                   the table ``CHECKS`` of rule IDs and their checks
``deal``           seats in turn order, the deck and its shuffle, :func:`new_game`, the deal of
                   each hand and the end of a hand
``decision``       the rules decision: ``decide(state, action)`` (the checks in the order of
                   the turn, then the effects), :func:`illegal_reason`, :func:`is_legal`
``work``           the work copy an action's effects are computed on, and the card movements
                   every action shares (draw, pile cards joining a hand, first-meld points)
``listing``        :func:`legal_actions`: the common states listed directly, the rest through
                   ``decide``
``successors``     :func:`apply`: the next state, built directly for the common actions, or from
                   ``decide``'s work copy
``tables``         interned actions and turns, enum constants, the meld options of each rank
``scoring``        the score of a finished hand (SCORE-1 to SCORE-6)
``solver``         the finishing search behind TURN-0
=================  ==============================================================================

What a RuleSet implies (the side of each seat, the deck, the wild caps, the meld tables) is in
its :class:`~canasta_caliente.rules.facts.RuleFacts`; the finishing search behind TURN-0 is
:mod:`canasta_caliente.engine.solver`.

How :func:`legal_actions` lists a state (the first row that matches):

==================================================  ===========================================
State                                               Path
==================================================  ===========================================
the legal list already cached on the state          returned as is
hand over, game not over                            ``deal`` (through ``decide``)
game over                                           nothing
draw phase, stock not empty, no natural up card,    ``draw`` alone
no Caliente card in hand
draw phase, otherwise                               direct: ``draw`` while the stock is not
                                                    empty, the takes (``take_refusal``,
                                                    ``decide`` for the rest),
                                                    ``caliente`` through ``decide``, ``pass``
                                                    once the stock is empty (END-2)
answer phase                                        ``yes``, ``no``
play phase, no pile cards waiting, and no "no"      direct (``_plain_play_actions``): the
answered while the side has a stop meld             checks, ``decide`` for what they cannot
                                                    settle
play phase, pile cards waiting (INIT-4), the first  direct, as above
meld started short of the minimum, no question
asked, no stop meld
any other play phase                                every candidate through ``decide``,
                                                    sorted
==================================================  ===========================================

:func:`apply` of an action the cached legal list holds (by identity: listed actions are
interned) builds the next state directly for a discard that keeps a card, a draw that leaves
the stock not empty, a meld of a natural rank that keeps a card with nothing waiting, a take of
a pile without bonus cards, and the question and its answers; anything else, and any action not
listed yet, goes through ``decide`` and its work copy (:func:`~canasta_caliente.engine
.successors.apply_general`).

May import: the vocabulary (:mod:`~canasta_caliente.cards`, :mod:`~canasta_caliente.actions`,
:mod:`~canasta_caliente.errors`), :mod:`canasta_caliente.rules`, :mod:`canasta_caliente.state`
and the document limits (``canasta_caliente._limits``), nothing above.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .deal import new_game, turn_order

if TYPE_CHECKING:
    # The entry points as a caller's type checker sees them: a state and an action (or its
    # notation). Their definitions take ``object`` and check it themselves, since compiled by
    # mypyc (the compiled wheel) a typed parameter is checked on entry with mypyc's own
    # TypeError rather than the library's; these signatures keep a caller's mistakes (a view
    # for a state) found before the program runs. This module is not compiled.
    from ..actions import Action
    from ..state.game import GameState

    def legal_actions(state: GameState) -> tuple[Action, ...]:
        """:func:`canasta_caliente.engine.listing.legal_actions`."""

    def apply(state: GameState, action: Action | str) -> GameState:
        """:func:`canasta_caliente.engine.successors.apply`."""

    def illegal_reason(state: GameState, action: Action | str) -> str | None:
        """:func:`canasta_caliente.engine.decision.illegal_reason`."""

    def is_legal(state: GameState, action: Action | str) -> bool:
        """:func:`canasta_caliente.engine.decision.is_legal`."""
else:
    from .decision import illegal_reason, is_legal
    from .listing import legal_actions
    from .successors import apply

__all__ = [
    "apply",
    "illegal_reason",
    "is_legal",
    "legal_actions",
    "new_game",
    "turn_order",
]
