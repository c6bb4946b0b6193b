"""The game layer's names as the web table calls them, until issue 28 lands them in the package.

Issue 28 adds ``cc.client_message``, ``cc.events``, ``cc.can_take_back`` and the bot levels
(``cc.get_bot("level-1")`` ...). This module builds the same shapes from the public API
(:func:`~canasta_caliente.observe`, :func:`~canasta_caliente.legal_actions`,
:class:`~canasta_caliente.ActionSpace`) so that the server is written against those names; it is
deleted, and the server imports the package's own functions, when they land.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from ..actions import Action
from ..engine import apply, legal_actions
from ..players.bots import get_bot as _named_bot
from ..state.game import GameState
from ..views.action_space import ActionSpace
from ..views.view import observe

__all__ = ["LEVELS", "Event", "can_take_back", "client_message", "events", "level_bot"]

SCHEMA = "canasta-caliente/client-message"

LEVELS = ("level-1", "level-2", "level-3", "level-4", "level-5")
"""The bot levels a seat may be given, weakest first."""


@attrs.frozen
class Event:
    """One action as every seat saw it: its notation names no hidden card (a ``draw`` does
    not say what was drawn), so every audience sees the same event."""

    kind: str
    seat: int | None
    action: str
    rules: tuple[str, ...] = ()

    def for_seat(self, seat: int | None) -> Event:
        """What ``seat`` may see of the event (here: all of it)."""
        del seat
        return self

    def text(self, seat: int | None = None) -> str:
        """The event in plain English."""
        who = "you" if seat is not None and seat == self.seat else f"seat {self.seat}"
        if self.seat is None:
            return f"the dealer: {self.action}"
        return f"{who}: {self.action}"

    def to_json(self) -> dict[str, Any]:
        """The event as JSON data."""
        return {"kind": self.kind, "seat": self.seat, "rules": list(self.rules),
                "action": self.action, "text": self.text()}


def events(before: GameState, action: Action | str) -> tuple[Event, ...]:
    """The events of one action (raises as :func:`~canasta_caliente.apply` does)."""
    after = apply(before, action)
    text = str(action)
    out = [Event(text.split()[0], before.current_player, text)]
    if after.is_hand_over and not before.is_hand_over:
        out.append(Event("hand_over", None, "the hand is over"))
    return tuple(out)


def client_message(state: GameState, seat: int | None,
                   events: Iterable[Event] = ()) -> dict[str, Any]:
    """The message a seat's client reads: its view, the legal actions if it is to act, and the
    events given, as that seat may see them."""
    if seat is None:
        view = observe(state, 0).to_dict()
        view["seat"] = None
        view["hand"] = []
    else:
        view = observe(state, seat).to_dict()
    legal: list[dict[str, Any]] = []
    if seat is not None and state.current_player == seat:
        space = ActionSpace(state.rules)
        legal = [{"notation": str(a), "id": space.index(a), "text": str(a)}
                 for a in legal_actions(state)]
    return {"schema": SCHEMA, "seat": seat, "view": view, "legal": legal,
            "events": [dict(e.for_seat(seat).to_json(), text=e.for_seat(seat).text(seat))
                       for e in events]}


def can_take_back(before: GameState, after: GameState) -> bool:
    """True when the action from ``before`` to ``after`` showed its player nothing new: no card
    came into the hand, the stock is untouched and the hand goes on."""
    seat = before.current_player
    if seat is None or after.is_hand_over or after.stock_size != before.stock_size:
        return False
    held = list(before.hand(seat))
    for card in after.hand(seat):
        if card not in held:
            return False
        held.remove(card)
    return True


Bot = Callable[..., Action]


def level_bot(level: str, seconds: float) -> Bot:
    """The bot of a level: 1 plays at random, 2 by heuristic, 3 to 5 search with a growing
    share of ``seconds`` per decision."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    n = LEVELS.index(level) + 1
    if n == 1:
        return _named_bot("random")
    if n == 2:
        return _named_bot("heuristic")
    return _named_bot("ismcts", seconds=seconds * (n - 2) / 3)

