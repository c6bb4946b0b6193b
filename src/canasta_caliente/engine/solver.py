"""Can the player still finish the turn? The search behind TURN-0 (no dead ends).

Every action in the play phase, and every draw action, is legal only if afterwards the player can
still finish the turn legally: reach a legal discard, or go out. Melds commute, so the search runs
over final layouts per rank rather than action orders. Two phases do not commute: pile cards
waiting under INIT-4 join the hand only once the first-meld minimum is met from the hand.

The questions:

* :func:`finish_without_going_out`: can the player end the turn with a discard that keeps a card
  (DISC-3), meeting any first-meld minimum first (INIT-3)?
* :func:`can_go_out`: can the player meld everything (but at most one card, discarded) with the
  side holding enough canastas (OUT-1)?

Both are exact for the layouts MELD-1 to MELD-5 allow. Quick exact tests (counting the cards
that could never be melded, a bound on the points, a greedy layout) settle most questions
before a search runs.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..cards import I_B3, I_CAL, I_JOKER, I_R3, I_TWO, NUM_KINDS, NUM_RANKS
from ..rules.facts import wild_cap
from ..rules.ruleset import RuleSet
from ..state.game import MeldCounts

__all__ = [
    "Situation",
    "can_finish",
    "can_go_out",
    "cards_within",
    "finish_without_going_out",
    "go_out_after_meld",
    "go_out_possible",
    "going_out_discards",
    "meld_caps",
    "meld_is_valid",
    "meldable_within",
    "most_points",
    "one_meld_within",
    "too_few_wilds",
    "too_few_wilds_for",
    "wild_cap",
    "wild_values",
]

Counts = tuple[int, ...]
Melds = tuple[MeldCounts | None, ...]


@attrs.frozen
class Situation:
    """What the finishing search needs to know about a turn in progress."""

    hand: Counts
    melds: Melds
    need: int
    """First-meld points still needed (0 if none)."""
    started: bool
    """The first meld has been started this turn, so the minimum must be met."""
    joined: Counts | None
    """Cards that will join the hand once the minimum is met (INIT-4), after bonus cards are laid
    out (and replaced); ``None`` when nothing waits."""
    join_ends_hand: bool
    """Joining the waiting cards ends the hand (END-1, END-3)."""
    may_go_out: bool
    """False after a "no" (OUT-2)."""
    bound: bool
    """True after a "yes" (OUT-2) or a stop meld (MELD-5): the player must go out this turn."""
    own: int | None = None
    """Under ``going_out_permission = "required"`` (READ-4) with no "yes" yet: going out must be
    concealed (OUT-3), so the final layout must hold a canasta at a rank of this bit mask (the
    ranks the player has added to, or created, this turn) or at a rank the rest of the turn adds
    to (or creates, with ``own_new``). ``None``: no such condition."""
    own_new: bool = False
    """With :attr:`own`: only ranks with no meld yet count as the rest of the turn's
    (``concealed_needs_own_canasta``: the canasta must be one the player created)."""


def meld_caps(rules: RuleSet) -> tuple[int, ...]:
    """:func:`wild_cap` for every possible number of naturals (index 0: -1), as a table: the
    RuleSet's :attr:`RuleFacts.caps <canasta_caliente.rules.facts.RuleFacts.caps>`."""
    return rules.facts.caps


def meld_is_valid(rules: RuleSet, naturals: int, wilds: int) -> bool:
    """MELD-1 and MELD-2 for one natural-rank meld."""
    return naturals >= 1 and naturals + wilds >= 3 and wilds <= wild_cap(rules, naturals)


def stops_ok(count: int) -> bool:
    """Can this many stop cards be melded entirely as sets of 3 or 4 (MELD-5)?"""
    return count == 0 or count in (3, 4) or count >= 6


def can_finish(rules: RuleSet, s: Situation) -> bool:
    """TURN-0: can the player still finish this turn legally? Not with no card in hand and none
    waiting to join it: every way to finish (a discard, or a meld of the last cards: OUT-1) moves
    a card, so there is nothing left to do. (Only a Caliente card played on an empty stock as the
    last card, READ-8, leaves a turn there; a meld of the last cards ends the hand first.)"""
    if s.joined is None and not any(s.hand):
        return False
    if not s.bound and finish_without_going_out(rules, s):
        return True
    return s.may_go_out and can_go_out(rules, s)


def finish_without_going_out(rules: RuleSet, s: Situation) -> bool:
    """Can the player end the turn by discarding and keeping a card (DISC-3, INIT-3)?"""
    held = sum(s.hand)
    if s.joined is None:
        if s.need <= 0 or not s.started:
            return held >= 2
        limit = held - 2
    elif s.join_ends_hand:
        limit = held
    else:
        limit = held + sum(s.joined) - 2
    if limit < 0:
        return False
    return cards_within(rules, s.hand, s.melds, s.need, limit)


def _melded_value(rules: RuleSet, counts: Counts) -> int:
    values = rules.card_values
    return sum(values[k] * n for k, n in enumerate(counts) if n)


def can_go_out(rules: RuleSet, s: Situation) -> bool:
    """Can the player go out this turn (OUT-1), meeting any first-meld minimum on the way?"""
    if not s.may_go_out:
        return False
    if s.joined is None:
        if s.own is None:
            return go_out_possible(rules, s.hand, s.melds, s.need)
        for discard in _exit_options(rules, s.hand, s.melds):
            final = _minus(s.hand, discard)
            if s.need > 0 and _melded_value(rules, final) < s.need:
                continue
            if _final_ok(rules, s, final, None, ()):
                return True
        return False
    if s.join_ends_hand:
        return False
    total = tuple(a + b for a, b in zip(s.hand, s.joined, strict=True))
    for discard in _discard_options(total):
        final = _minus(total, discard)
        if not _final_ok(rules, s, final, None, ()):
            continue
        if _first_phase_exists(rules, s, final):
            return True
    return False


def go_out_possible(rules: RuleSet, hand: Counts, melds: Melds, need: int) -> bool:
    r"""Can a player holding ``hand`` (no pile cards waiting) meld it all but at most one card,
    discarded, onto ``melds`` with enough canastas (OUT-1), the melds worth any first-meld
    points still ``need``\ ed (INIT-3)?"""
    need_canastas = rules.canastas_to_go_out
    for discard in _exit_options(rules, hand, melds):
        final = _minus(hand, discard)
        if need > 0 and _melded_value(rules, final) < need:
            continue
        if _layout_ok(rules, final, melds, need_canastas, None, ()):
            return True
    return False


def going_out_discards(rules: RuleSet, hand: Counts, melds: Melds) -> list[int | None]:
    """The last discards (``None``: none, every card melded) with which a player holding
    ``hand`` (no pile cards waiting, no first-meld minimum) can go out onto ``melds``: the
    layouts :func:`go_out_possible` looks for, every one instead of the first."""
    need_canastas = rules.canastas_to_go_out
    return [discard for discard in _exit_options(rules, hand, melds)
            if _layout_ok(rules, _minus(hand, discard), melds, need_canastas, None, ())]


def _exit_options(rules: RuleSet, hand: Counts, melds: Melds) -> list[int | None]:
    """The last discards a way of going out could end with, once the quick exact refusals
    (:func:`_canastas_reachable`, :func:`too_few_wilds`, :func:`_forced_discard`) have let the
    hand through; none if one refuses it."""
    if not _canastas_reachable(rules, hand, melds) or too_few_wilds(rules, hand, melds):
        return []
    forced = _forced_discard(rules, hand, melds)
    if forced == _IMPOSSIBLE:
        return []
    return _discard_options(hand) if forced is None else [forced]


def go_out_after_meld(
    rules: RuleSet, hand: Counts, melds: Melds, exits: Sequence[int | None], rank: int,
    naturals: int, twos: int, jokers: int,
) -> bool:
    """Can the player still go out (no first-meld minimum pending) after melding ``naturals``,
    ``twos`` and ``jokers`` from ``hand`` onto ``melds``' meld of ``rank`` (a meld that obeys
    MELD-1 and MELD-2 and keeps a card), given ``exits``, the :func:`going_out_discards` of the
    whole hand? As :func:`go_out_possible` on the hand and melds after the meld, directly.

    Melds commute: a way of going out after the meld is a way of going out with the whole hand
    whose layout puts at least the meld's wilds on its rank (its naturals end there anyway), and
    whose last discard is still held after the meld. So only the whole hand's exits can serve,
    each checked with that many wilds placed on the rank first."""
    wilds = twos + jokers
    lower = None
    if wilds:
        lower = [0] * NUM_RANKS
        lower[rank] = wilds
    need_canastas = rules.canastas_to_go_out
    for discard in exits:
        if discard == rank:
            if naturals >= hand[rank]:
                continue  # the meld took every card of its rank
        elif discard == I_TWO:
            if twos >= hand[I_TWO]:
                continue
        elif discard == I_JOKER and jokers >= hand[I_JOKER]:
            continue
        if lower is None or _layout_ok(rules, _minus(hand, discard), melds, need_canastas,
                                       lower, ()):
            return True
    return False


_IMPOSSIBLE = -1
_RANKS = tuple(range(NUM_RANKS))


def too_few_wilds(rules: RuleSet, hand: Counts, melds: Melds) -> bool:
    """True if going out is impossible by counting alone: a quick, exact refusal ahead of
    :func:`can_go_out`, which all but one card must pass (the last discard).

    With no meld of its rank, a natural alone in hand is melded only with two wilds, and not at
    all where MELD-2 allows a single natural fewer than two; a pair only with a wild (MELD-1).
    Caliente cards are never melded (MELD-6), stop cards only as sets of 3 or 4 (MELD-5). Two
    cards that cannot be melded, or too few wilds for all the singles and pairs, make going
    out impossible (the cases :func:`_forced_discard` calls impossible, and more)."""
    # The counts of the unmelded ranks (zip stops at the ranks: melds has one entry per rank).
    free = [h for h, m in zip(hand, melds, strict=False) if m is None]
    caps = rules.facts.caps
    return too_few_wilds_for(caps, hand, free.count(1), free.count(2))


def too_few_wilds_for(caps: tuple[int, ...], hand: Counts, singles: int, pairs: int) -> bool:
    """:func:`too_few_wilds`, given how many ranks with no meld the hand holds once (singles)
    and twice (pairs)."""
    wilds = hand[I_TWO] + hand[I_JOKER]
    if pairs and (caps[2] < 1 or wilds < 1):
        return True  # both cards of the pair stuck
    stops = hand[I_B3]
    if stops == 2:
        return True
    stuck = hand[I_CAL] + (stops == 1 or stops == 5)
    if caps[1] < 2 or wilds < 2:
        stuck += singles
    if stuck >= 2:
        return True
    # The discard can spare one single (two wilds).
    return 2 * singles + pairs - 2 > wilds


def _canastas_reachable(rules: RuleSet, hand: Counts, melds: Melds) -> bool:
    """Could the side hold the canastas going out needs (OUT-1), counting for each rank its
    meld, its naturals in hand and every wild in hand? False means going out is impossible."""
    needed = rules.canastas_to_go_out
    if needed <= 0:
        return True
    size = rules.canasta_size
    wilds = hand[I_TWO] + hand[I_JOKER]
    count = 0
    for r in _RANKS:
        m = melds[r]
        h = hand[r]
        if m is not None:
            h += m[0] + m[1] + m[2]
        elif not h:
            continue
        if h + wilds >= size:
            count += 1
            if count >= needed:
                return True
    return False


def _forced_discard(rules: RuleSet, counts: Counts, melds: Melds) -> int | None:
    """Cards that no layout can meld must be the one last discard: the kind of that card if
    exactly one such card is held, :data:`_IMPOSSIBLE` if more, ``None`` if none.

    A natural with no meld of its rank is meldable only if its count can make a valid new meld
    with the wilds held (MELD-1, MELD-2); a Caliente card never is (MELD-6); stop cards only in
    sets of 3 or 4 (MELD-5)."""
    stuck = counts[I_CAL]
    kind: int | None = I_CAL if stuck else None
    wilds = counts[I_TWO] + counts[I_JOKER]
    caps = rules.facts.caps
    for r in _RANKS:
        h = counts[r]
        if h and melds[r] is None:
            lo = 3 - h if h < 3 else 0
            if caps[h] < lo or lo > wilds:
                # Even one fewer of this rank must form a meld, or all of it is stuck.
                if h > 1:
                    lo1 = 3 - (h - 1) if h - 1 < 3 else 0
                    if caps[h - 1] < lo1 or lo1 > wilds:
                        return _IMPOSSIBLE
                stuck += 1
                kind = r
                if stuck > 1:
                    return _IMPOSSIBLE
    b = counts[I_B3]
    if not stops_ok(b):
        if not stops_ok(b - 1):
            return _IMPOSSIBLE
        stuck += 1
        kind = I_B3
    if stuck > 1:
        return _IMPOSSIBLE
    return kind if stuck else None


def _discard_options(counts: Counts) -> list[int | None]:
    """The cards a player going out could discard last (or none)."""
    if counts[I_CAL] > 1:
        return []
    if counts[I_CAL] == 1:
        return [I_CAL]
    options: list[int | None] = [None]
    options.extend(k for k in range(NUM_KINDS) if counts[k] and k != I_R3)
    return options


def _minus(counts: Counts, kind: int | None) -> Counts:
    if kind is None:
        return counts
    out = list(counts)
    out[kind] -= 1
    return tuple(out)


def _final_ok(
    rules: RuleSet, s: Situation, final: Counts, lower: Sequence[int] | None,
    fixed_stops: tuple[int, ...],
) -> bool:
    """:func:`_layout_ok` for going out in situation ``s``: with :attr:`Situation.own`, some
    rank the turn's player adds to (or creates) must also end as a canasta (OUT-3, READ-4).

    Every natural of ``final`` is melded, so a rank's meld ends a canasta exactly when the
    wilds placed on it make up the rest of the canasta size: a lower bound on its wilds. A rank
    the rest of the turn adds to with no natural of it left needs one wild at least."""
    need_canastas = rules.canastas_to_go_out
    own = s.own
    if own is None:
        return _layout_ok(rules, final, s.melds, need_canastas, lower, fixed_stops)
    size = rules.canasta_size
    for r in _RANKS:
        m = s.melds[r]
        h = final[r]
        least = 0
        if not own >> r & 1:
            if m is None:
                if h == 0:
                    continue  # no meld there, and none made
            elif s.own_new:
                continue  # a meld from before the turn: not the player's own (OUT-3)
            elif h == 0:
                least = 1  # added to only by a wild
        total = h + (m[0] + m[1] + m[2] if m is not None else 0)
        bounds = list(lower) if lower else [0] * NUM_RANKS
        bounds[r] = max(bounds[r], least, size - total)
        if _layout_ok(rules, final, s.melds, need_canastas, bounds, fixed_stops):
            return True
    return False


def _layout_ok(
    rules: RuleSet,
    cards: Counts,
    melds: Melds,
    need_canastas: int,
    lower: Sequence[int] | None,
    fixed_stops: tuple[int, ...],
) -> bool:
    """Can every card in ``cards`` be melded onto ``melds`` with at least ``need_canastas``
    canastas? ``lower`` gives per-rank wilds already placed by an earlier phase; ``fixed_stops``
    the stop sets already melded from ``cards``."""
    if cards[I_CAL] or cards[I_R3]:
        return False
    if not stops_ok(cards[I_B3] - sum(fixed_stops)):
        return False
    return _wild_fit(rules, cards, melds, need_canastas, tuple(lower) if lower else None)


def _wild_fit(
    rules: RuleSet,
    cards: Counts,
    melds: Melds,
    need_canastas: int,
    lower: tuple[int, ...] | None,
) -> bool:
    wilds = cards[I_TWO] + cards[I_JOKER]
    size = rules.canasta_size
    caps = rules.facts.caps
    lo_sum = 0
    hi_sum = 0
    canastas = 0
    costs: list[int] = []
    for r in _RANKS:
        h = cards[r]
        m = melds[r]
        if m is None:
            if h == 0:
                continue
            n, e = h, 0
            lo = 3 - n if n < 3 else 0
            cap = caps[n]
            if cap < 0:
                return False
        else:
            n, e = m[0] + h, m[1] + m[2]
            lo = 0
            cap = caps[n]
        hi = cap - e
        if lower is not None and lower[r] > lo:
            lo = lower[r]
        if hi < lo:
            return False
        lo_sum += lo
        hi_sum += hi
        base = n + e + lo
        if base >= size:
            canastas += 1
        elif size - base <= hi - lo:
            costs.append(size - base)
    if not lo_sum <= wilds <= hi_sum:
        return False
    if canastas >= need_canastas:
        return True
    spare = wilds - lo_sum
    costs.sort()
    for cost in costs:
        if cost > spare:
            break
        spare -= cost
        canastas += 1
        if canastas >= need_canastas:
            return True
    return False


def wild_values(rules: RuleSet, hand: Counts) -> list[int]:
    """The hand's wild card values, highest first."""
    vals = [rules.card_values[I_TWO]] * hand[I_TWO] + [rules.card_values[I_JOKER]] * hand[I_JOKER]
    vals.sort(reverse=True)
    return vals


def cards_within(rules: RuleSet, hand: Counts, melds: Melds, need: int, limit: int) -> bool:
    """Can at most ``limit`` hand cards, melded (no stop cards), be worth ``need`` points?

    A bound on the points (:func:`most_points`; too few: no) and a greedy layout (few enough
    cards: yes) settle most cases; the exact search (:func:`meldable_within`) the rest.
    """
    if need <= 0:
        return limit >= 0
    if limit <= 0:
        return False
    if most_points(rules, hand, melds) < need:
        return False
    values = rules.card_values
    caps = rules.facts.caps
    twos, jokers = hand[I_TWO], hand[I_JOKER]
    # The greedy layout (valid throughout, as adding naturals never makes a meld invalid):
    # wilds where the melds have room, best first; then naturals onto melds and new melds of
    # three or more, best value per card first.
    room = 0
    units: list[tuple[int, int, int]] = []  # (value per card, cards, value)
    for r in _RANKS:
        h = hand[r]
        if not h and melds[r] is None:
            continue
        m = melds[r]
        if m is not None:
            room += caps[m[0]] - m[1] - m[2]
            if h:
                units.append((values[r], h, 0))  # one card at a time
        elif h >= 3:
            units.append((values[r], h, h * values[r]))  # all at once, as a new meld
    points = cards = 0
    if room:
        big, little = values[I_JOKER], values[I_TWO]
        if big < little:
            big, little, jokers, twos = little, big, twos, jokers
        for value, count in ((big, jokers), (little, twos)):
            placed = min(count, room)
            room -= placed
            while placed and points < need:
                points += value
                cards += 1
                placed -= 1
    if points < need and units:
        units.sort(reverse=True)
        for v, h, block in units:
            if points >= need or v <= 0:
                break
            if block:
                points += block
                cards += h
            else:
                take = min(h, -(-(need - points) // v))
                points += take * v
                cards += take
    if points >= need and cards <= limit:
        return True
    wild_vals = wild_values(rules, hand)
    if one_meld_within(rules, hand, melds, need, limit, wild_vals, caps):
        return True
    return meldable_within(rules, hand, melds, need, limit)


def one_meld_within(
    rules: RuleSet, hand: Counts, melds: Melds, need: int, limit: int, wild_vals: list[int],
    caps: tuple[int, ...],
) -> bool:
    """A quick accept for :func:`cards_within`: can one meld alone, grown or made from one
    rank's naturals and the best wilds it may hold (MELD-1, MELD-2), be worth ``need`` with at
    most ``limit`` cards? (The greedy layout misses these: a pair made a meld with a wild, or
    wilds a meld may hold only once naturals have joined it.)"""
    wilds = len(wild_vals)
    values = rules.card_values
    for r in _RANKS:
        h = hand[r]
        m = melds[r]
        if m is None:
            if not h:
                continue
            n0, w0, least = 0, 0, 3  # a new meld: three cards at least
        else:
            n0, w0, least = m[0], m[1] + m[2], 1
        value = values[r]
        for a in range(min(h, limit), 0 if m is None else -1, -1):  # (a new meld: a natural)
            room = caps[n0 + a] - w0
            k = min(wilds, room, limit - a)
            if k < 0 or a + k < least:
                continue
            if a * value + sum(wild_vals[:k]) >= need:
                return True
    return False


def most_points(rules: RuleSet, hand: Counts, melds: Melds) -> int:
    """A bound on the points of the hand's cards that can ever be melded onto ``melds`` (no
    stop cards): every wild, and every natural of a rank that is melded, held three times or
    more, or can be made a new meld with the wilds held (MELD-1, MELD-2)."""
    values = rules.card_values
    caps = rules.facts.caps
    wilds = hand[I_TWO] + hand[I_JOKER]
    most = hand[I_TWO] * values[I_TWO] + hand[I_JOKER] * values[I_JOKER]
    for r in _RANKS:
        h = hand[r]
        if h and (h >= 3 or melds[r] is not None or (wilds >= 3 - h and caps[h] >= 3 - h)):
            most += h * values[r]
    return most


def meldable_within(rules: RuleSet, hand: Counts, melds: Melds, need: int, limit: int) -> bool:
    """Exact: can at most ``limit`` hand cards (no stop cards), melded as naturals and wilds
    added to ``melds`` or in new melds, every meld valid (MELD-1, MELD-2), be worth ``need``?

    A dynamic programme over the ranks: states (wilds placed, natural points capped at
    ``need``) keep the fewest naturals; the wilds placed are always the most valuable ones.
    States over ``limit`` cards are dropped, and the search stops at the first that suffices."""
    values = rules.card_values
    caps = rules.facts.caps
    wild_vals = wild_values(rules, hand)
    total_wilds = len(wild_vals)
    prefix = [0]
    for v in wild_vals:
        prefix.append(prefix[-1] + v)
    # dp[(wilds placed, natural points capped at need)] = fewest naturals
    dp: dict[tuple[int, int], int] = {(0, 0): 0}
    for r in _RANKS:
        h = hand[r]
        m = melds[r]
        if h == 0 and m is None:
            continue
        options: list[tuple[int, int]] = []  # (naturals added, wilds added)
        if m is None:
            for a in range(1, h + 1):
                for b in range(max(0, 3 - a), min(caps[a], total_wilds) + 1):
                    options.append((a, b))
        else:
            n0, e0 = m[0], m[1] + m[2]
            for a in range(0, h + 1):
                for b in range(0, min(caps[n0 + a] - e0, total_wilds) + 1):
                    if a or b:
                        options.append((a, b))
        if not options:
            continue
        value = values[r]
        new = dict(dp)
        for (w, p), c in dp.items():
            for a, b in options:
                nw = w + b
                nc = c + a
                if nw > total_wilds or nc + nw > limit:
                    continue
                np_ = p + a * value
                if np_ + prefix[nw] >= need:
                    return True
                key = (nw, np_)
                old = new.get(key)
                if old is None or nc < old:
                    new[key] = nc
        dp = new
    return False


def _first_phase_exists(rules: RuleSet, s: Situation, final: Counts) -> bool:
    """INIT-4 with going out: is there a first phase of melds from the hand alone, worth the
    minimum, that the final layout ``final`` (everything but the last discard) extends?

    Naturals in the first phase never constrain the final layout (it melds them all anyway), so
    each rank is either left out or melded with every natural available; only the wilds placed
    per rank, and stop sets melded early, bind the final layout."""
    avail = tuple(min(a, b) for a, b in zip(s.hand, final, strict=True))
    values = rules.card_values
    ranks = [r for r in range(NUM_RANKS) if avail[r] or s.melds[r] is not None]
    wild_kinds = sorted(
        ((values[I_TWO], I_TWO), (values[I_JOKER], I_JOKER)), reverse=True
    )
    wild_list = [v for v, k in wild_kinds for _ in range(avail[k])]
    lower = [0] * NUM_RANKS

    stop_options: list[tuple[int, ...]] = [()]
    b = avail[I_B3]
    for sets in ((3,), (4,), (3, 3), (3, 4), (4, 4)):
        if sum(sets) <= b:
            stop_options.append(sets)

    def search(i: int, points: int, wilds_used: int) -> bool:
        if i == len(ranks):
            total = points + sum(wild_list[:wilds_used])
            for stops in stop_options:
                if total + sum(stops) * values[I_B3] >= s.need and _final_ok(
                    rules, s, final, lower, stops
                ):
                    return True
            return False
        r = ranks[i]
        m = s.melds[r]
        a = avail[r]
        if search(i + 1, points, wilds_used):
            return True
        if m is None:
            if a == 0:
                return False
            cap = wild_cap(rules, a)
            low = max(0, 3 - a)
            base_wilds = 0
        else:
            cap = wild_cap(rules, m[0] + a) - (m[1] + m[2])
            low = 0
            base_wilds = 0
        for w in range(low, min(cap, len(wild_list) - wilds_used) + 1):
            if m is not None and a == 0 and w == 0:
                continue
            lower[r] = base_wilds + w
            if search(i + 1, points + a * values[r], wilds_used + w):
                lower[r] = 0
                return True
            lower[r] = 0
        return False

    return search(0, 0, 0)
