"""What a client is sent: one JSON-ready message per seat (or spectator) and moment.

:func:`client_message` projects a game onto one audience: the seat's view (the public view for a
spectator), the legal actions of the seat to act when that is the audience (notation, the
:class:`~canasta_caliente.ActionSpace` id, and the action in words), and the events given, each
as that audience may see it. Everything in it is plain JSON data (``json.dumps`` works), and its
shape is the JSON Schema ``message.schema.json`` shipped in the package
(:func:`~canasta_caliente.play.schemas.schema`), versioned by :data:`MESSAGE_SCHEMA`.

>>> import json
>>> import canasta_caliente as cc
>>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
>>> after, happened = cc.step(state, "draw")
>>> message = cc.client_message(after, 1, events=happened)
>>> message["schema"], message["seat"], message["legal"]
({'name': 'canasta-caliente/message', 'version': 1}, 1, [])
>>> message["events"][0]["text"]
'Seat 0 draws 1 card.'
>>> len(json.dumps(message)) > 0
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..errors import CanastaTypeError, describe_value
from ..records._parts import result_out
from ..rules.ruleset import RuleSet
from ..state.game import GameState, check_seat, check_state
from ..views.action_space import ActionSpace
from ..views.view import View, observe
from .kinds import Event, check_names, check_you, seat_json
from .text import describe

__all__ = ["MESSAGE_SCHEMA", "client_message", "client_view"]

MESSAGE_SCHEMA = {"name": "canasta-caliente/message", "version": 1}
"""The name and version of the message's shape (``message.schema.json``), sent in every
message as ``"schema"``. The schemas of a version describe its messages exactly, and refuse
any other field (``additionalProperties: false``), so the version rises whenever a field is
added, changes or leaves: a client may check every message against the schemas of the version
it names."""


def client_view(state: GameState, seat: int | None) -> dict[str, Any]:
    """The view a client is sent (``view.schema.json``): what ``seat`` may know of ``state``,
    or the public view for ``seat=None`` (no hand). It is a projection for display, not the
    view document of :meth:`View.to_dict <canasta_caliente.View.to_dict>`: the engine's turn
    bookkeeping for OUT-3 (the ranks touched and created this turn, whether the player had
    melded before) is left out, and each field with the name of a Python accessor holds what
    that accessor returns (``laid_out``: the bonus cards, as in :meth:`View.laid_out
    <canasta_caliente.View.laid_out>`; ``caliente_played``: a count, as there)."""
    view = observe(state, 0 if seat is None else seat)
    return _view_json(view, None if seat is None else view.seat)  # the seat as an int


def _view_json(view: View, seat: int | None) -> dict[str, Any]:
    rules = view.rules
    sides = range(len(rules.layout))
    turn = view.turn
    out: dict[str, Any] = {
        "seat": seat,
        "rules": rules.to_dict(),
        "hand_number": view.hand_number,
        "phase": view.phase.value,
        "current_player": view.current_player,
        "turn_player": view.turn_player,
        "scores": list(view.scores),
        "hand_results": [result_out(r) for r in view.hand_results],
        "hand": None if seat is None else [c.code for c in view.hand],
        "hand_sizes": list(view.hand_sizes),
        "known": [[c.code for c in view.known(s)] for s in range(rules.players)],
        "stock_size": view.stock_size,
        "pile": [c.code for c in view.pile],
        "pile_frozen": view.pile_has_freezer or rules.always_frozen,
        "sides": [{
            "seats": list(rules.layout[i]),
            "melds": [{"rank": m.rank.code, "cards": [c.code for c in m.cards],
                       "canasta": m.is_canasta, "natural": m.is_natural}
                      for m in view.melds(i)],
            "laid_out": [c.code for c in view.laid_out(i)],
            "caliente_played": view.caliente_played(i),
        } for i in sides],
        "order": list(view.order),
        "question": view.question.name.lower(),
        "first_meld_needed": view.first_meld_needed,
        "first_meld_points": view.first_meld_points,
        "waiting": [c.code for c in view.waiting],
        "drawn": turn.phase.value != "draw" and not view.over,
        "winner": view.winner,
    }
    return out


def client_message(
    state: GameState, seat: int | None, events: Iterable[Event] = (), *,
    names: Sequence[str] | None = None, you: bool = False,
) -> dict[str, Any]:
    """The message for ``seat`` (``None``: a spectator) about ``state``, with ``events`` (the
    events since the audience's last message, unredacted: each is sent as
    ``event.for_seat(seat)``). The keys:

    - ``schema``: :data:`MESSAGE_SCHEMA`;
    - ``seat``: the audience;
    - ``view``: :func:`client_view`;
    - ``legal``: when ``seat`` is the seat to act, its legal actions in the order of
      :func:`~canasta_caliente.legal_actions`, each ``{"notation", "id", "text"}`` (``id`` from
      :class:`~canasta_caliente.ActionSpace`, ``text`` from :func:`describe`); empty otherwise;
    - ``events``: each event's :meth:`Event.to_json` as the audience may see it; with
      ``names`` or ``you``, its ``text`` is :meth:`Event.text` with them (the seats named, the
      audience spoken to as "you"; ``you`` is for a seat, not a spectator).

    Raises :class:`TypeError` for a state that is not a :class:`~canasta_caliente.GameState`
    or a seat that is not an integer (an ``int`` or a NumPy integer, sent as an ``int``) or
    ``None``, for ``events`` that are not an iterable of :class:`Event`, and
    :class:`~canasta_caliente.ArgumentError` for a seat the table does not have and for
    ``names`` that are not one name a seat; ``names`` and ``you`` otherwise as
    :meth:`Event.text` does.
    """
    from ..engine import legal_actions

    check_state(state)
    rules = state.rules
    if seat is not None:
        seat = check_seat(rules, seat, "seat (or None for a spectator)")
    if isinstance(events, (str, bytes, bytearray, Mapping)) or not isinstance(events, Iterable):
        raise CanastaTypeError(f"client_message: events must be an iterable of events, not "
                               f"{describe_value(events)}")
    names = check_names(names, rules.players)
    you = check_you(you, seat)
    sent = []
    for event in events:
        if not isinstance(event, Event):
            raise CanastaTypeError(f"client_message: expected events, got {describe_value(event)}")
        sent.append(seat_json(event, seat, names, you))
    legal: list[dict[str, Any]] = []
    if seat is not None and seat == state.current_player:
        space = _space(rules)
        legal = [{"notation": str(a), "id": space.index(a),
                  "text": describe(a, rules, state=state)}
                 for a in legal_actions(state)]
    return {"schema": dict(MESSAGE_SCHEMA), "seat": seat, "view": client_view(state, seat),
            "legal": legal, "events": sent}


@functools.lru_cache(maxsize=16)
def _space(rules: RuleSet) -> ActionSpace:
    """The action space of ``rules``, built once per RuleSet (it takes a tenth of a second)."""
    return ActionSpace(rules)
