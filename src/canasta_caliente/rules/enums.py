"""The option types of a :class:`~canasta_caliente.RuleSet`: the enumerations some of its options
take. They live apart from the RuleSet so that its facts (:mod:`.facts`), which read them, can be
computed when a RuleSet is made: this module imports nothing of the package.
"""

from __future__ import annotations

import enum

__all__ = [
    "BonusExtras",
    "ConcealedScope",
    "GoingOutPermission",
    "StockOut",
    "TieBreak",
    "WildRule",
]


class WildRule(enum.StrEnum):
    """How many wilds a meld may hold (RULES: MELD-2)."""

    MORE_NATURALS = "more_naturals"
    """The meld holds more naturals than wilds."""
    NOT_MORE_WILDS = "not_more_wilds"
    """The meld holds no more wilds than naturals."""
    TWO_NATURALS = "two_naturals"
    """The meld holds at least two naturals; any number of wilds."""


class StockOut(enum.StrEnum):
    """What happens when the stock runs out (RULES: END-2, END-3)."""

    PLAY_ON = "play_on"
    """Play goes on: take the pile or pass; a pass ends the hand (END-2)."""
    END_ON_LAST_CARD = "end_on_last_card"
    """Taking the last card of the stock ends the hand at once (END-3)."""


class TieBreak(enum.StrEnum):
    """Who wins a tie for the lead at or above the target (RULES: GAME-1, READ-2)."""

    PLAY_ON = "play_on"
    """Nobody: another hand is played (GAME-1)."""
    WENT_OUT = "went_out"
    """The tied side whose player went out in the last hand; another hand if none did."""


class BonusExtras(enum.StrEnum):
    """What a side with no meld pays for many bonus cards (RULES: SCORE-4, READ-3)."""

    NEGATED = "negated"
    """The extra for many bonus cards is subtracted too (SCORE-4)."""
    NONE = "none"
    """Only 100 per bonus card is subtracted; no extra."""


class GoingOutPermission(enum.StrEnum):
    """Asking a partner "May I go out?" (RULES: OUT-2, READ-4)."""

    OPTIONAL = "optional"
    """The player may ask (OUT-2)."""
    REQUIRED = "required"
    """A player with a partner goes out only after asking this turn and hearing "yes"; going
    out concealed (OUT-3) needs no question."""
    NEVER = "never"
    """No question is ever asked."""


class ConcealedScope(enum.StrEnum):
    """Who must have melded nothing before the turn to go out concealed (RULES: OUT-3,
    READ-5)."""

    PLAYER = "player"
    """The player going out (OUT-3)."""
    SIDE = "side"
    """The player's whole side."""
