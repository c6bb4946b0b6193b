"""The command line's argument parser: help that shows the defaults, and a command's unknown
arguments refused with that command's own usage."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ._rules import say

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

__all__ = ["Formatter", "Parser"]


class Formatter(argparse.ArgumentDefaultsHelpFormatter):
    """Help that shows each option's default when it has a value to show (not a --no-X flag's
    True, which reads as "off by default")."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        default = action.default
        if default is None or default is False or default == argparse.SUPPRESS or (
                not action.option_strings) or (action.nargs == 0 and action.const is False):
            return action.help
        return super()._get_help_string(action)


class Parser(argparse.ArgumentParser):
    """An argument parser (and its subcommands' parsers) whose help shows the defaults."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """Write what argparse prints (help, the version, a usage error): to standard output
        as :func:`~canasta_caliente.cli._rules.say` writes, so that output that cannot take
        it is the command's error (status 2), where argparse drops the error (unbuffered
        output to a full disk ended with status 0, nothing printed) and prints to standard
        error when standard output is closed."""
        if not message:
            return
        if file is sys.stdout or (file is None and sys.stdout is None):
            say(message.removesuffix("\n"))
        else:
            super()._print_message(message, file)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """Arguments a command does not know are its error, with its own usage: argparse
        hands a subcommand's leftovers up to the top-level parser, whose usage (the list of
        commands) does not show the options of the command that was typed."""
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras
