"""The engine's tables: the enum members and actions it reuses, the interned turns, and the
meld options of each rank.

Everything here is built once and shared. Listed actions are *interned*: one :class:`Action`
object per notation, made by :func:`act`, so :func:`~canasta_caliente.apply` recognises a listed
action by identity and every action's sort key is computed once (:data:`SORT_KEYS`). A draw
phase turn is interned by :func:`draw_turn`, with the play-phase turn that follows a plain draw.

The meld options of a rank (every meld action of that rank the hand could make that obeys
MELD-1 and MELD-2) are found by :func:`rank_entry` and kept in the RuleSet's
:class:`~canasta_caliente.rules.facts.RuleFacts`; which cards they hold, and in which order, is
found
once for every rank by :func:`meld_template`.
"""

from __future__ import annotations

from typing import NamedTuple

from ..actions import Action, Verb
from ..cards import (
    B3,
    I_JOKER,
    I_TWO,
    JOKER,
    NATURALS,
    NUM_RANKS,
    TWO,
    Card,
)
from ..rules.facts import INF, RuleFacts
from ..rules.ruleset import RuleSet
from ..state.game import MeldCounts, Phase, Question, Turn

__all__ = [
    "ACTIONS",
    "A_ASK",
    "A_CALIENTE",
    "A_DRAW",
    "A_NO",
    "A_PASS",
    "A_TAKE",
    "A_YES",
    "CARDS",
    "DISCARDS",
    "DRAW_TURNS",
    "MELDED",
    "NO_MELDS",
    "ONLY_DRAW",
    "RANKS",
    "SORT_KEYS",
    "STOP_MELDS",
    "TAKE_JOKER",
    "TAKE_PAIR",
    "TAKE_TWO",
    "YES_NO",
    "MeldOption",
    "RankMelds",
    "act",
    "draw_turn",
    "meld_option",
    "meld_template",
    "option_code",
    "rank_entry",
    "valid_melds",
]

# ---------------------------------------------------------------------------------------------
# Enum members as module constants: the hot paths read them often.

P_DRAW = Phase.DRAW
P_PLAY = Phase.PLAY
P_ANSWER = Phase.ANSWER
Q_NONE = Question.NONE
Q_ASKED = Question.ASKED
Q_YES = Question.YES
Q_NO = Question.NO
V_DRAW = Verb.DRAW
V_TAKE = Verb.TAKE
V_CALIENTE = Verb.CALIENTE
V_PASS = Verb.PASS
V_MELD = Verb.MELD
V_DISCARD = Verb.DISCARD
V_ASK = Verb.ASK
V_YES = Verb.YES
V_NO = Verb.NO
V_DEAL = Verb.DEAL


# ---------------------------------------------------------------------------------------------
# Interned actions

ACTIONS: dict[tuple[Verb, tuple[Card, ...], Card | None], Action] = {}
"""Every interned action by its verb, cards and ``on`` rank."""
SORT_KEYS: dict[Action, tuple[int, tuple[int, ...], int]] = {}
"""The sort key (:meth:`Action.sort_key`) of every interned action."""


def act(verb: Verb, cards: tuple[Card, ...] = (), on: Card | None = None) -> Action:
    """An interned action (``cards`` already in canonical order), with its sort key cached."""
    key = (verb, cards, on)
    action = ACTIONS.get(key)
    if action is None:
        action = ACTIONS[key] = Action(verb, cards, on)
        SORT_KEYS[action] = action.sort_key()
    return action


CARDS = tuple(Card)
"""Every card kind, by index."""
RANKS = tuple(range(NUM_RANKS))
"""The natural ranks as ints."""
NO_MELDS: tuple[MeldCounts | None, ...] = (None,) * NUM_RANKS
"""The melds of a side that has melded nothing."""
MELDED: tuple[tuple[MeldCounts | None, ...], ...] = tuple(
    tuple((3, 0, 0) if r == rank else None for r in range(NUM_RANKS)) for rank in range(NUM_RANKS)
)
"""Per rank, the melds of a side whose only meld is three naturals of that rank."""
A_DRAW = act(V_DRAW)
A_TAKE = act(V_TAKE)
A_CALIENTE = act(V_CALIENTE)
A_PASS = act(V_PASS)
A_ASK = act(V_ASK)
A_YES = act(V_YES)
A_NO = act(V_NO)
ONLY_DRAW = (A_DRAW,)
"""The legal actions of a draw phase with nothing but a draw possible."""
YES_NO = (A_YES, A_NO)
"""The legal actions of the answer phase (OUT-2)."""
TAKE_PAIR = tuple(act(V_TAKE, (c, c)) for c in NATURALS)
"""Per rank, the take with two naturals."""
TAKE_TWO = tuple(act(V_TAKE, (c, TWO)) for c in NATURALS)
"""Per rank, the take with a natural and a 2."""
TAKE_JOKER = tuple(act(V_TAKE, (c, JOKER)) for c in NATURALS)
"""Per rank, the take with a natural and a joker."""
STOP_MELDS = (act(V_MELD, (B3,) * 3), act(V_MELD, (B3,) * 4))
"""The stop melds of three and of four (MELD-5)."""
DISCARDS = tuple(act(V_DISCARD, (c,)) for c in Card)
"""Per card kind, its discard."""


# ---------------------------------------------------------------------------------------------
# Interned turns

DRAW_TURNS: list[tuple[dict[int, tuple[Turn, Turn]], dict[int, tuple[Turn, Turn]]]] = []
"""By seat, then by ``had_melded`` (0 or 1), then by ``need``: the turn of the seat at its
start, and the play-phase turn that follows a plain draw from it (:func:`draw_turn`, which adds
them; a seat not yet seen is past the list's end). Bounded by the seats and the first-meld
minimums of the RuleSets played.

(Nested rather than one dict keyed by ``(seat, need, had_melded)``: a reader indexes two lists
by small ints and looks the need up, about 600 machine instructions fewer a lookup than
building, hashing and comparing the tuple, by callgrind; every discard and every draw makes
one, 0.8% of random play.)"""


def draw_turn(seat: int, need: int, had_melded: bool) -> Turn:
    """The turn of ``seat`` at its start (interned: states share it; see :data:`DRAW_TURNS`)."""
    while len(DRAW_TURNS) <= seat:
        DRAW_TURNS.append(({}, {}))
    by_need = DRAW_TURNS[seat][had_melded]
    pair = by_need.get(need)
    if pair is None:
        pair = by_need[need] = (
            Turn(P_DRAW, seat, need=need, had_melded=had_melded),
            Turn(P_PLAY, seat, need=need, had_melded=had_melded),
        )
    return pair[0]


# ---------------------------------------------------------------------------------------------
# Meld options per rank


class MeldOption:
    """A meld action of a natural rank, with what the listing needs to know of it.

    A slotted class rather than a named tuple: the listing reads these fields in its inner loop,
    and CPython reads a slot faster than a named tuple's field."""

    __slots__ = ("action", "jokers", "naturals", "rank", "twos", "used", "value")

    action: Action
    used: int
    """The cards it uses from hand."""
    value: int
    """Their value (toward a first-meld minimum)."""
    rank: int
    """The rank it melds (an int, to index count tuples)."""
    naturals: int
    """The naturals of that rank it melds."""
    twos: int
    """The 2s it melds."""
    jokers: int
    """The jokers it melds."""

    def __init__(self, *, action: Action, used: int, value: int, rank: int, naturals: int,
                 twos: int, jokers: int) -> None:
        self.action = action
        self.used = used
        self.value = value
        self.rank = rank
        self.naturals = naturals
        self.twos = twos
        self.jokers = jokers

    def _key(self) -> tuple[object, ...]:
        return (self.action, self.used, self.value, self.rank, self.naturals, self.twos,
                self.jokers)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MeldOption) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"MeldOption({self.action!r}, used={self.used}, value={self.value})"


class RankMelds:
    """Every meld option of one rank for one hand and meld (:func:`rank_entry`); slotted, as
    :class:`MeldOption`."""

    __slots__ = ("least", "most", "natural_actions", "natural_options", "wild_actions",
                 "wild_options")

    most: int
    """The most cards an option uses."""
    least: int
    """The least value an option has (:data:`~canasta_caliente.rules.facts.INF` if none)."""
    natural_actions: tuple[Action, ...]
    """The actions with naturals, in order."""
    wild_actions: tuple[Action, ...]
    """The actions laying off wilds alone, in order."""
    natural_options: tuple[MeldOption, ...]
    """:attr:`natural_actions` as options."""
    wild_options: tuple[MeldOption, ...]
    """:attr:`wild_actions` as options."""

    def __init__(self, *, most: int, least: int, natural_options: tuple[MeldOption, ...],
                 wild_options: tuple[MeldOption, ...]) -> None:
        self.most = most
        self.least = least
        self.natural_options = natural_options
        self.wild_options = wild_options
        self.natural_actions = tuple([o.action for o in natural_options])
        self.wild_actions = tuple([o.action for o in wild_options])

    def _key(self) -> tuple[object, ...]:
        return (self.most, self.least, self.natural_options, self.wild_options)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RankMelds) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"RankMelds(most={self.most}, least={self.least}, "
                f"natural={self.natural_actions!r}, wild={self.wild_actions!r})")


def valid_melds(
    rules: RuleSet, hand: tuple[int, ...], melds: tuple[MeldCounts | None, ...]
) -> list[MeldOption]:
    """Every meld action of natural ranks the hand can make onto the side's melds that obeys
    MELD-1 and MELD-2, each with the number of cards it uses and their value (cached per
    rank)."""
    twos, jokers = hand[I_TWO], hand[I_JOKER]
    facts = rules.facts
    out: list[MeldOption] = []
    for rank in RANKS:
        have = hand[rank]
        meld = melds[rank]
        if not have and meld is None:
            continue
        found = rank_melds(rules, facts, rank, have, meld, twos, jokers)
        out.extend(found.natural_options)
        out.extend(found.wild_options)
    return out


def rank_entry(
    rules: RuleSet, facts: RuleFacts, rank: int, have: int, meld: MeldCounts | None, twos: int,
    jokers: int,
) -> RankMelds:
    """Every meld action of one rank that obeys MELD-1 and MELD-2, kept in
    ``facts.rank_melds`` under the 2s and jokers held, the rank, the naturals held and the
    side's meld (:func:`rank_table`, where callers look first: :func:`rank_melds`), and
    shared by every meld and hand of the rank that give the same options: those that leave the
    same room for wilds for each number of naturals added (a meld's split of little and big
    wilds, and its naturals beyond what sets the room, change none), and hands with more wilds
    than any option could lay. Which cards the options hold, and their order, does not depend on
    the rank: that is found once for all ranks (:func:`meld_template`) and given the rank's
    actions and values here."""
    caps = facts.caps
    # An option of a naturals may add up to rooms[a] wilds: that, the naturals held and the
    # wilds held decide every option (not the meld's naturals and wilds themselves).
    if meld is None:
        rooms: tuple[int, ...] = (-1, *caps[1:have + 1])  # (-1: a new meld needs naturals)
    else:
        w0 = meld[1] + meld[2]
        rooms = tuple([c - w0 for c in caps[meld[0]:meld[0] + have + 1]])
    # Wilds beyond the most any option could lay change no option: count at most that many.
    room = max(max(rooms), 0)
    pattern = (meld is None, rooms, min(twos, room), min(jokers, room))
    shape = (rank, pattern)
    found = facts.rank_shapes.get(shape)
    if found is None:
        template = _TEMPLATES.get(pattern)
        if template is None:
            template = _TEMPLATES[pattern] = meld_template(*pattern)
        options = facts.meld_options
        get = options.get
        base = rank << 24
        made: list[list[MeldOption]] = [[], []]
        for codes, out in zip((template.natural_codes, template.wild_codes), made, strict=True):
            for code in codes:
                option = get(base | code)
                if option is None:
                    option = options[base | code] = meld_option(
                        rules, rank, code >> 16, code >> 8 & 255, code & 255)
                out.append(option)
        natural, wild = tuple(made[0]), tuple(made[1])
        least = min([o.value for o in natural] + [o.value for o in wild], default=INF)
        found = facts.rank_shapes[shape] = RankMelds(
            most=template.most, least=least, natural_options=natural, wild_options=wild)
    by_have = rank_table(facts, twos, jokers)[rank]
    if have >= len(by_have):  # more of the rank than the deck holds: a state a caller built
        by_have.extend([None] * (have + 1 - len(by_have)))
    by_meld = by_have[have]
    if by_meld is None:
        by_meld = by_have[have] = {}
    by_meld[meld] = found
    return found


def rank_melds(
    rules: RuleSet, facts: RuleFacts, rank: int, have: int, meld: MeldCounts | None, twos: int,
    jokers: int,
) -> RankMelds:
    """The :func:`rank_entry` of a rank, looked up first where it keeps them
    (:func:`rank_table`)."""
    by_have = rank_table(facts, twos, jokers)[rank]
    by_meld = by_have[have] if have < len(by_have) else None
    found = by_meld.get(meld) if by_meld is not None else None
    if found is None:
        found = rank_entry(rules, facts, rank, have, meld, twos, jokers)
    return found


def rank_table(
    facts: RuleFacts, twos: int, jokers: int
) -> tuple[list[dict[MeldCounts | None, RankMelds] | None], ...]:
    """The meld options :func:`rank_entry` has found for hands of ``twos`` 2s and ``jokers``
    jokers: per rank, per naturals of it held (up to the most the deck holds), the
    :class:`RankMelds` by the side's meld of the rank, or ``None`` while none is found.

    (Nested so that the listing, which looks an entry up for nearly every rank of every
    play-phase state, indexes lists by small ints and looks only the meld up in a dict: about
    600 machine instructions fewer a lookup than a dict keyed by the five as a tuple, by
    callgrind; 2.7 lookups a decision of random play.)"""
    by_twos = facts.rank_melds
    while len(by_twos) <= twos:  # (more wilds than the deck holds: a state a caller built)
        by_twos.append([None])
    by_jokers = by_twos[twos]
    while len(by_jokers) <= jokers:
        by_jokers.append(None)
    table: tuple[list[dict[MeldCounts | None, RankMelds] | None], ...] | None = by_jokers[jokers]
    if table is None:
        most = max(facts.deck.count(Card(rank)) for rank in RANKS)
        table = by_jokers[jokers] = tuple([None] * (most + 1) for _ in RANKS)
    return table


def option_code(naturals: int, twos: int, jokers: int, rank: int = 0) -> int:
    """A meld option's cards packed in one int (each count below 256: no deck holds more of a
    kind), the key of :attr:`RuleFacts.meld_options
    <canasta_caliente.rules.facts.RuleFacts.meld_options>` and the code of :func:`meld_template`::

        bits  31..24   23..16     15..8     7..0
              rank     naturals   2s        jokers

    (``rank`` 0 in a template, which holds for every rank).
    """
    return rank << 24 | naturals << 16 | twos << 8 | jokers


class Template(NamedTuple):
    """The meld options of a rank, for any rank (:func:`meld_template`)."""

    most: int
    """The most cards an option uses."""
    natural_codes: tuple[int, ...]
    """The options with naturals, as :func:`option_code` codes, in the actions' order."""
    wild_codes: tuple[int, ...]
    """The options of wilds alone, likewise."""


_TEMPLATES: dict[tuple[bool, tuple[int, ...], int, int], Template] = {}
"""By the arguments of :func:`meld_template` (as :func:`rank_entry` finds them): its result.
Bounded by the shapes the deck allows."""


def meld_template(new: bool, rooms: tuple[int, ...], twos: int, jokers: int) -> Template:
    """The meld options of a rank, for any rank: of a ``new`` meld (three cards at least,
    MELD-1) or of one on the table (a card at least), whose option of ``a`` naturals may hold up
    to ``rooms[a]`` wilds (none if negative), with ``twos`` little and ``jokers`` big wilds
    held. The most cards one uses, and the options with naturals and those of wilds alone, each
    as :func:`option_code` codes, in the order of the actions' sort keys."""
    found: list[tuple[int, int]] = []  # (order key, code)
    most = 0
    for a, room in enumerate(rooms):
        if room < 0 or (new and not a):
            continue
        for b in range(min(twos, room) + 1):
            for c in range(min(jokers, room - b) + 1):
                used = a + b + c
                if used < 3 and (new or not used):
                    continue
                most = max(most, used)
                # The cards in base 4 (a natural 1, a little wild 2, a big wild 3), padded with
                # zeros to a fixed length: the order of the sort keys, which compare the cards
                # in canonical order (the rank, 2, JK), a shorter list first where one is the
                # other's start.
                key = 0
                for digit in (1,) * a + (2,) * b + (3,) * c:
                    key = key * 4 + digit
                found.append((key << 2 * (_MELD_KEY_DIGITS - used), option_code(a, b, c)))
    found.sort()
    return Template(most=most,
                    natural_codes=tuple([code for _, code in found if code >> 16]),
                    wild_codes=tuple([code for _, code in found if not code >> 16]))


_MELD_KEY_DIGITS = 32
"""More digits than any meld has cards (at most 30: twelve naturals, twelve 2s and six jokers
with three decks, RULES: CARD-2)."""


def meld_option(rules: RuleSet, rank: int, naturals: int, twos: int, jokers: int) -> MeldOption:
    """The meld of ``rank`` with those cards, as an option: the action, its cards, their value."""
    cards = (CARDS[rank],) * naturals + (TWO,) * twos + (JOKER,) * jokers
    values = rules.card_values
    return MeldOption(
        action=act(V_MELD, cards, CARDS[rank] if naturals == 0 else None),
        used=len(cards),
        value=naturals * values[rank] + twos * values[I_TWO] + jokers * values[I_JOKER],
        rank=rank, naturals=naturals, twos=twos, jokers=jokers)
