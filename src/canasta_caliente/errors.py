"""The library's exceptions.

Every error the library raises on bad input is a :class:`CanastaError`, so a caller can catch the
whole family at once, or one kind precisely.
"""

from __future__ import annotations

__all__ = [
    "ArgumentError",
    "CanastaError",
    "CanastaTypeError",
    "EpisodeError",
    "IllegalActionError",
    "NotYourTurnError",
    "NotationError",
    "RuleSetError",
    "StaleError",
    "StateError",
    "TakeBackError",
    "TurnError",
    "WorkerError",
]


class CanastaError(Exception):
    """Base class of every error raised by :mod:`canasta_caliente`."""


class CanastaTypeError(CanastaError, TypeError):
    """A value of the wrong type given to the library: a parameter, a field of a document or a
    message, a bot's answer. A :class:`TypeError` (as Python's own functions raise for a wrong
    type) and a :class:`CanastaError` both, so that a server's one
    ``except CanastaError`` refuses every bad request from a client, wrong types included.
    The message names what was given and what was expected."""


class EpisodeError(CanastaError, RuntimeError):
    """A reinforcement-learning environment used out of order: ``step`` before ``reset``, or
    after its episode has ended. The message names what to call."""


class WorkerError(CanastaError, RuntimeError):
    """A simulation's worker process that failed outside any game's own error: it ended while
    it played (a bot that called ``os._exit``, or crashed the interpreter), or a game's error
    could not be sent back from it (an exception that does not pickle). The message says
    which; the same games with ``workers=1`` show the error itself."""


class IllegalActionError(CanastaError):
    """A well-formed action that the rules do not allow in this state.

    The message quotes the action and says why it is refused, for example
    ``take 7 7: the pile is blocked by a stop card``.
    """

    reason: str | None
    """Why the rules refuse the action, without the action itself (``the pile is blocked by a
    stop card``), for a caller that words its own refusal: given by
    :func:`~canasta_caliente.apply` (and :func:`~canasta_caliente.step`) and by
    :meth:`Match.play <canasta_caliente.Match.play>`; ``None`` when the raiser gave none (a
    bot's illegal answer, say)."""

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)  # one argument: str() and pickling read it
        self.reason = reason


class TurnError(CanastaError):
    """A request a :class:`~canasta_caliente.Match` refuses for its turn: sent for a state the
    game has left (:class:`StaleError`), by a seat that is not to act
    (:class:`NotYourTurnError`), or a take-back the seat may not make (:class:`TakeBackError`).
    Nothing changed; the message says why. :attr:`code` names the kind in a client protocol's
    words (the web table's error codes)."""

    code = "turn"
    """The kind of refusal, in a protocol's words: ``"stale"``, ``"not-your-turn"`` or
    ``"not-allowed"`` (each subclass sets its own)."""


class StaleError(TurnError):
    """An action or take-back sent for a game that has changed since: with a
    :attr:`~canasta_caliente.Match.version` it has left, or a turn number behind the game's or
    of an action taken back since. The client chose it for another state: send it the game as
    it is now."""

    code = "stale"


class NotYourTurnError(TurnError):
    """An action of a seat that is not to act: another seat's turn, the hand over (the deal is
    the server's), or the game over. The message says which, and whose turn it is."""

    code = "not-your-turn"

    to_act: int | None
    """The seat that is to act, for a caller that words its own refusal (by a player's name,
    say); ``None`` when no seat is: the hand or the game is over."""

    def __init__(self, message: str, to_act: int | None = None) -> None:
        super().__init__(message)  # one argument: str() and pickling read it
        self.to_act = to_act


class TakeBackError(TurnError):
    """A take-back that is refused: no action to take back, the last action not the asking
    seat's, or taking it back would undo what has been seen
    (:func:`~canasta_caliente.take_back_refusal`)."""

    code = "not-allowed"

    reason: str | None
    """Why the action itself cannot be taken back, in words for any reader (``"draw a card from
    the stock" cannot be taken back: a draw shows the player cards from the stock``): the reason of
    :func:`~canasta_caliente.take_back_refusal`, for a caller that words its own refusal;
    ``None`` where the refusal is that no action was played, or whose the last one is."""

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)  # one argument: str() and pickling read it
        self.reason = reason


class NotationError(CanastaError, ValueError):
    """Text that is not valid card or action notation."""


class RuleSetError(CanastaError, ValueError):
    """An invalid RuleSet: every problem found is listed.

    :attr:`problems` holds ``(option, message)`` pairs, one per problem; the message shows the
    first :data:`MESSAGE_LISTS` of them and says how many more there are.
    """

    problems: tuple[tuple[str, str], ...]
    """Every problem found, as ``(option, message)`` pairs."""

    def __init__(self, problems: list[tuple[str, str]] | tuple[tuple[str, str], ...]) -> None:
        self.problems: tuple[tuple[str, str], ...] = tuple(problems)
        lines = [f"{option}: {message}" for option, message in self.problems[:MESSAGE_LISTS]]
        count = len(self.problems)
        if count > MESSAGE_LISTS:
            lines.append(f"... and {count - MESSAGE_LISTS} more problems (all in .problems)")
        head = f"invalid RuleSet ({count} problem{'s' if count != 1 else ''})"
        super().__init__(head + ":\n  " + "\n  ".join(lines) if lines else head)


MESSAGE_LISTS = 50
"""How many problems the message of a :class:`RuleSetError` lists; :attr:`~RuleSetError.problems`
holds them all."""


def short_repr(value: object, limit: int = 60) -> str:
    """``repr(value)``, shortened to about ``limit`` characters, for error messages; never
    raises (an integer too long to print is described by its size)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 100:
        digits = int(value.bit_length() * 0.30103) + 1
        return f"{'-' if value < 0 else ''}<an integer of about {digits} digits>"
    try:
        text = repr(value)
    except Exception:  # a message must not fail on a strange value
        return f"<a {type(value).__name__} that cannot be printed>"
    if len(text) > limit:
        text = text[: limit - 7] + "..." + text[-4:]
    return text


def describe_value(value: object) -> str:
    """A value's type and (shortened) repr, for :class:`TypeError` messages."""
    return f"{type(value).__name__} {short_repr(value)}"


class StateError(CanastaError, ValueError):
    """A serialized game state that cannot be read: corrupt, truncated or tampered (or
    another document of the library's: a game record, a view, a simulation's results)."""

    problems: tuple[tuple[str, str], ...] = ()
    """Each problem found in the document, as its path (``games[3].seed``; empty for the
    document itself) and what is wrong there, in the order found: every one, where the
    message lists at most 20. Empty for an error that is not a list of problems (text that is
    not JSON, say)."""


class ArgumentError(CanastaError, ValueError):
    """A public function's parameter given a value of the right type but out of its range;
    the message names the parameter and the values it takes."""


def count_phrase(n: int, word: str = "card") -> str:
    """A count and its noun, singular for one: ``1 card``, ``7 cards`` (every message and text
    of the library counts in these words; :mod:`canasta_caliente.play.text` gives it to the
    game's texts)."""
    return f"{n} {word}{'' if n == 1 else 's'}"
