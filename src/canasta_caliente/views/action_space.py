"""Fixed integer ids for actions, for learning code and game-AI frameworks.

:class:`ActionSpace` numbers every action that any state under a RuleSet could offer, so a policy
can output one score per id and mask the illegal ones. The numbering depends only on the number
of decks: every house rule played with the same deck count shares one encoding, and a policy
trained under one of them reads the others.

The ids follow the documented order of :func:`~canasta_caliente.legal_actions` (by verb, then
by the cards in canonical order, then by the ``on`` rank), so :meth:`ActionSpace.legal_ids`
is always ascending. With ``d`` decks the space holds, in this order:

========  ===============================================  ==============================
verb      forms                                            how many
========  ===============================================  ==============================
draw      ``draw``                                         1
take      ``take``; ``take R R``, ``take R 2``,             1 + 11 × 3
          ``take R JK`` for each natural rank ``R``
caliente  ``caliente``                                     1
pass      ``pass``                                         1
meld      per natural rank: ``n`` naturals, ``t`` twos,    11 × ((4d+1)²(2d+1) − 1) + 2
          ``j`` jokers (``0 ≤ n, t ≤ 4d``, ``0 ≤ j ≤
          2d``, not all zero; wilds alone are written
          ``meld 2 JK on R``); ``meld B3 B3 B3`` and
          ``meld B3 B3 B3 B3``
discard   ``discard C`` for each of the 16 kinds of card   16
ask       ``ask``, ``yes``, ``no``, ``deal``               4
========  ===============================================  ==============================

That is 4,503 ids with two decks and 13,061 with three. The meld forms are sized for the most
any RuleSet on that deck count allows: ``max_wilds`` may be ``"none"`` and ``wild_rule`` may be
``two_naturals``, so a lay-off may add every wild of the deck to a meld; most of these ids are
never legal under the usual rules.

>>> import canasta_caliente as cc
>>> space = cc.ActionSpace(cc.RuleSet.preset("caliente"))
>>> space.size
4503
>>> space.index("draw"), space.action(1)
(0, Action('take'))
>>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
>>> [space.action(i) for i in space.legal_ids(state)]
[Action('draw')]
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import SupportsIndex

from .._arguments import as_integer
from ..actions import Action, Verb, parse_action
from ..cards import NATURALS, Card
from ..engine import legal_actions
from ..engine.tables import SORT_KEYS, act
from ..errors import ArgumentError, CanastaTypeError, IllegalActionError, describe_value
from ..rules.ruleset import RuleSet, check_ruleset
from ..state.game import GameState

__all__ = ["ActionSpace", "action_space_size"]

_NATURALS_PER_DECK = 4
"""Naturals of one rank in one deck unit (CARD-2)."""
_TWOS_PER_DECK = 4
_JOKERS_PER_DECK = 2
_STOP_MELD_SIZES = (3, 4)
"""A stop meld is 3 or 4 stop cards (MELD-5)."""


def _all_actions(decks: int) -> list[Action]:
    """Every action any state with ``decks`` deck units could offer, unsorted: the engine's
    interned actions (each built once, its cards already in canonical order: naturals, then
    twos, then jokers)."""
    out = [act(v) for v in (Verb.DRAW, Verb.CALIENTE, Verb.PASS, Verb.ASK, Verb.YES,
                             Verb.NO, Verb.DEAL)]
    out.append(act(Verb.TAKE))
    for rank in NATURALS:
        for other in (rank, Card.TWO, Card.JOKER):
            out.append(act(Verb.TAKE, (rank, other)))
    most_naturals = _NATURALS_PER_DECK * decks
    most_twos = _TWOS_PER_DECK * decks
    most_jokers = _JOKERS_PER_DECK * decks
    for rank in NATURALS:
        for n in range(most_naturals + 1):
            for t in range(most_twos + 1):
                for j in range(most_jokers + 1):
                    if n + t + j == 0:
                        continue
                    cards = (rank,) * n + (Card.TWO,) * t + (Card.JOKER,) * j
                    out.append(act(Verb.MELD, cards, None if n else rank))
    for k in _STOP_MELD_SIZES:
        out.append(act(Verb.MELD, (Card.BLACK_THREE,) * k))
    out.extend(act(Verb.DISCARD, (card,)) for card in Card)
    return out


_Parts = tuple[Verb, tuple[Card, ...], Card | None]
"""An action's fields (verb, cards, on): the key of the ids :meth:`ActionSpace.legal_ids`
reads."""


@functools.cache
def _table(decks: int) -> tuple[tuple[Action, ...], dict[Action, int], dict[_Parts, int]]:
    """The actions of a deck count in id order, the id of each, and the id of each action's
    fields (computed once per deck count: a fact of the rules, not of play)."""
    # The engine's interned actions (the objects legal_actions lists): an action read back
    # from its id is then the listed object itself, which apply finds by identity rather than
    # by comparing it with each listed action (an Action's equality is a Python method).
    actions = tuple(sorted(_all_actions(decks), key=SORT_KEYS.__getitem__))
    return (actions, {a: i for i, a in enumerate(actions)},
            {(a.verb, a.cards, a.on): i for i, a in enumerate(actions)})


def action_space_size(decks: int) -> int:
    """How many ids :class:`ActionSpace` gives with ``decks`` deck units, without building it.

    >>> from canasta_caliente.views.action_space import action_space_size
    >>> action_space_size(2), action_space_size(3)
    (4503, 13061)
    """
    checked = as_integer(decks)  # (a NumPy integer read as its int)
    if checked is None:
        raise CanastaTypeError("expected the number of decks as an int, got "
                               f"{type(decks).__name__}")
    decks = checked
    if decks < 1:
        raise ArgumentError(f"the number of decks must be at least 1, got {decks}")
    per_rank = ((_NATURALS_PER_DECK * decks + 1) * (_TWOS_PER_DECK * decks + 1)
                * (_JOKERS_PER_DECK * decks + 1) - 1)
    verbs = 7
    takes = 1 + len(NATURALS) * 3
    return verbs + takes + len(NATURALS) * per_rank + len(_STOP_MELD_SIZES) + len(Card)


class ActionSpace:
    """Fixed integer ids for every action any state under ``rules`` could offer.

    The ids depend only on ``rules.decks``: two RuleSets with the same deck count give equal
    spaces. See the module documentation for the layout of the ids.

    >>> import canasta_caliente as cc
    >>> space = cc.ActionSpace(cc.RuleSet.preset("caliente"))
    >>> i = space.index("meld 7 7 2")
    >>> space.action(i)
    Action('meld 7 7 2')
    >>> space.index(space.action(4000)) == 4000
    True
    """

    __slots__ = ("_actions", "_ids", "_part_ids", "decks")

    decks: int
    """The number of deck units the ids are built for."""

    def __init__(self, rules: RuleSet) -> None:
        check_ruleset(rules)
        self.decks = rules.decks
        self._actions, self._ids, self._part_ids = _table(rules.decks)

    def __getstate__(self) -> int:
        """What a pickle of the space holds: its number of decks, from which the tables of ids
        are built again (once a process, as every space of that many decks shares them), not
        the tables themselves (280 kB for two decks, in every pickled environment)."""
        return self.decks

    def __setstate__(self, decks: int) -> None:
        if type(decks) is not int or decks < 1:
            raise CanastaTypeError("an ActionSpace's pickled state is its number of decks (an "
                                   f"int, at least 1), not {describe_value(decks)}")
        self.decks = decks
        self._actions, self._ids, self._part_ids = _table(decks)

    @property
    def size(self) -> int:
        """How many ids there are: they run from 0 to ``size - 1``."""
        return len(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    @property
    def actions(self) -> Sequence[Action]:
        """Every action, in id order (``space.actions[i] == space.action(i)``)."""
        return self._actions

    def index(self, action: Action | str) -> int:
        """The id of an action (or of its notation).

        Raises :class:`~canasta_caliente.IllegalActionError` for a well-formed action that no
        state with this many decks could offer (``meld R3 R3 R3``), and
        :class:`~canasta_caliente.NotationError` for malformed notation.
        """
        if isinstance(action, str):
            action = parse_action(action)
        elif not isinstance(action, Action):
            raise CanastaTypeError("expected an Action or its notation, got "
                                   f"{type(action).__name__}")
        i = self._ids.get(action)
        if i is None:
            raise IllegalActionError(
                f"{action}: no state with {self.decks} decks could offer it, so it has no id"
            )
        return i

    def action(self, i: SupportsIndex) -> Action:
        """The action of an id (an int, or any integer that says it is an index, as numpy's
        do).

        Raises :class:`~canasta_caliente.IllegalActionError` for an id out of range.
        """
        if type(i) is not int:
            # Checked only off the fast path: a protocol check costs microseconds.
            if isinstance(i, bool) or not isinstance(i, SupportsIndex):
                raise CanastaTypeError(f"expected an action id (an int), got {type(i).__name__}")
            i = i.__index__()
        if not 0 <= i < len(self._actions):
            raise IllegalActionError(
                f"no action has id {i}: with {self.decks} decks ids run from 0 to "
                f"{len(self._actions) - 1}"
            )
        return self._actions[i]

    def legal_ids(self, state: GameState) -> tuple[int, ...]:
        """The ids of the actions legal in ``state``, ascending (the order of
        :func:`~canasta_caliente.legal_actions`)."""
        if not isinstance(state, GameState):
            raise CanastaTypeError(f"expected a GameState, got {type(state).__name__}")
        if state.rules.decks != self.decks:
            raise ArgumentError(f"this action space is for {self.decks} decks; the state's "
                                f"rules have {state.rules.decks}")
        # Looked up by the actions' fields: a tuple of them hashes and compares in C, where an
        # Action's hash and equality are Python methods (a third of the time, measured).
        part_ids = self._part_ids
        return tuple([part_ids[a.verb, a.cards, a.on] for a in legal_actions(state)])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ActionSpace):
            return NotImplemented
        return self.decks == other.decks

    def __hash__(self) -> int:
        return hash((ActionSpace, self.decks))

    def __repr__(self) -> str:
        return f"<ActionSpace: {self.size} ids for {self.decks} decks>"
