"""A playtest of a rule set: a few games between heuristic bots, and what they show that the
checks of a rule set cannot.

A :class:`~canasta_caliente.RuleSet` is checked option by option and in combination (a deck too
small for the deal, a canasta too large for the deck): every rule set accepted deals and plays.
Whether its games come to anything is another question, which only playing answers: with 26
cards a hand the stock may be too short to replace the bonus cards dealt, so that every hand
ends in its deal (DEAL-4, END-1, END-3); a first-meld minimum no hand reaches, or cards worth
nothing, leave every side without a meld, and the scores only ever fall (INIT-1); a game then
never reaches the target score. :func:`playtest` plays a few seeded games and says so
(:attr:`Playtest.cautions`); ``canasta-caliente rules validate`` prints its cautions under a
rule set it accepts.

The cautions are what these games showed, not proofs: other games could go otherwise.

    >>> import canasta_caliente as cc, textwrap
    >>> cc.playtest(cc.RuleSet.preset("caliente")).cautions
    ()
    >>> test = cc.playtest(cc.RuleSet.preset("classic").replace(hand_size=26))
    >>> test.hands, test.dealt_out, test.stopped
    (600, 600, 3)
    >>> for caution in test.cautions:
    ...     print(textwrap.fill(caution, 90))
    every hand of the playtest (3 games between heuristic bots, 600 hands) ended in its deal:
    the stock left after the deal is too short to replace the bonus cards dealt (DEAL-4,
    END-1, END-3)
    every game of the playtest stopped at the hand limit (200 hands) with no side at the
    target score: a limit too low for these games, or rules under which a side may never reach
    it (GAME-1)
"""

from __future__ import annotations

import attrs

from .._arguments import MAX_HANDS, check_count, check_seed
from ..actions import Verb
from ..errors import count_phrase
from ..rules.ruleset import RuleSet, check_ruleset
from .play import play_game
from .tables import hand_limit_words

__all__ = ["Playtest", "playtest"]

_MELDS = frozenset({Verb.MELD.value, Verb.TAKE.value})
"""The verbs of the actions that meld (taking the pile melds its top card, PILE-1)."""


@attrs.frozen
class Playtest:
    """What a :func:`playtest` played: counts of its games and hands, and the
    :attr:`cautions` they give."""

    games: int
    """The games played."""
    hands: int
    """The hands played in them."""
    dealt_out: int
    """The hands that ended in their deal, before any player acted (DEAL-4)."""
    melded: int
    """The hands in which some side melded (a meld, or a take of the pile)."""
    stopped: int
    """The games stopped at the hand limit with no side at the target score."""
    max_hands: int
    """The hand limit."""

    @property
    def cautions(self) -> tuple[str, ...]:
        """What the games showed that a club would want to know before playing the rules,
        each in a sentence naming the rules involved; empty when nothing stood out."""
        played = (f"{count_phrase(self.games, 'game')} between heuristic bots, "
                  f"{count_phrase(self.hands, 'hand')}")
        out = []
        if self.dealt_out:
            every = self.dealt_out == self.hands
            many = ("every hand" if every
                    else f"{self.dealt_out} of the {count_phrase(self.hands, 'hand')}")
            their = "its" if every else "their"
            out.append(f"{many} of the playtest ({played}) ended in {their} deal: the stock left "
                       "after the deal is too short to replace the bonus cards dealt (DEAL-4, "
                       "END-1, END-3)")
        if not self.melded and self.dealt_out < self.hands:
            out.append("no side melded in any hand of the playtest: with these hands, card "
                       "values and first-meld minimums a meld may be out of reach (MELD-1, "
                       "INIT-1, INIT-2)")
        if self.stopped:
            many = ("every game" if self.stopped == self.games
                    else f"{self.stopped} of the {count_phrase(self.games, 'game')}")
            out.append(hand_limit_words(f"{many} of the playtest", self.max_hands)
                       + " (GAME-1)")
        return tuple(out)


def playtest(rules: RuleSet, *, games: int = 3, seed: int = 1,
             max_hands: int = MAX_HANDS) -> Playtest:
    """Play ``games`` games of ``rules`` between heuristic bots (from ``seed`` on, each to its
    end or ``max_hands`` hands, as :func:`~canasta_caliente.play_game` plays one), and count
    what they show (see :mod:`this module <canasta_caliente.studies.playtest>`). A game of a
    preset takes a few hundredths of a second; one stopped at the hand limit (200 hands)
    about half a second, more with more seats and longer canastas (three such games: 1.9 s
    for ``caliente`` with an unreachable target, 3.5 s for ``caliente-6p-3deck`` with
    canastas of nine, ``rules validate`` on a two-core machine).

    A :class:`TypeError` for ``rules`` that is not a :class:`~canasta_caliente.RuleSet` or a
    count that is not an integer, an :class:`~canasta_caliente.ArgumentError` for a count
    below 1.
    """
    check_ruleset(rules)
    games = check_count("games", games, low=1)
    seed = check_seed("seed", seed)
    max_hands = check_count("max_hands", max_hands, low=1)
    hands = dealt_out = melded = stopped = 0
    for index in range(games):
        result = play_game(rules, ["heuristic"], seed + index, index=index,
                           max_hands=max_hands, keep_record=True)
        played = result.record.actions if result.record is not None else ()  # (kept: always)
        # The record's actions, hand by hand: each "deal" starts the next hand (the first
        # hand's deal is no action).
        actions, melds = 0, False
        for notation in (*played, Verb.DEAL):  # (the last hand ended as if dealt again)
            verb = notation.partition(" ")[0]
            if verb == Verb.DEAL:
                hands += 1
                dealt_out += actions == 0
                melded += melds
                actions, melds = 0, False
            else:
                actions += 1
                melds = melds or verb in _MELDS
        stopped += result.winner is None
    return Playtest(games=games, hands=hands, dealt_out=dealt_out, melded=melded,
                    stopped=stopped, max_hands=max_hands)
