"""The ``rules`` subcommands of the command line (``validate``, ``show``, ``diff``, ``presets``),
with reading a rule set from a preset name or a file, and the printing helpers every subcommand
shares: the part of :mod:`canasta_caliente.cli` that works with rule sets."""

from __future__ import annotations

import argparse
import contextlib
import os
import stat
import sys
import textwrap
from pathlib import Path

from ..errors import CanastaError, RuleSetError
from ..rules._documents import document_text
from ..rules.differences import change_text, option_changes
from ..rules.ruleset import OPTIONS, RuleSet, toml_value
from ..rules.summary import rules_summary

__all__ = [
    "LIST_OPTIONS",
    "MAX_FILE_BYTES",
    "InputError",
    "OutputError",
    "Unreadable",
    "comment",
    "file_problem",
    "flush_output",
    "is_file_argument",
    "is_readable",
    "load_rules",
    "need_name",
    "one_line",
    "quiet_output",
    "read_document",
    "read_rules",
    "read_text",
    "rule_order",
    "rules_diff",
    "rules_presets",
    "rules_show",
    "rules_validate",
    "say",
    "why_unreadable",
]


class OutputError(Exception):
    """Standard output that cannot take the command's output: a full disk
    (``canasta-caliente demo > /dev/full``), a descriptor the command was started with closed
    (``>&-``). The command stops, saying so on standard error (:func:`say`)."""


def say(text: str = "", *, err: bool = False) -> None:
    """Print a line on standard output (or error); what the stream's encoding cannot hold,
    such as a file name's undecodable bytes, is written as backslash escapes.

    Standard output that cannot be written raises :class:`OutputError` (a closed pipe its
    :class:`BrokenPipeError`: the reader went away, a normal end); standard error that cannot
    be written is left unwritten, since there is nowhere else to say it (the exit status
    does)."""
    stream = sys.stderr if err else sys.stdout
    try:
        if stream is None:  # (started with the descriptor closed: Python sets it to None)
            raise OSError("the descriptor is closed")
        try:
            stream.write(text + "\n")
        except UnicodeEncodeError:
            encoding = getattr(stream, "encoding", None) or "utf-8"
            stream.write((text + "\n").encode(encoding, "backslashreplace").decode(encoding))
        stream.flush()
    except BrokenPipeError:
        if not err:
            raise
    except (OSError, ValueError) as exc:  # (ValueError: a stream closed by the program)
        if not err:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise OutputError(f"cannot write to standard output: {why}") from None


def is_readable(text: str) -> bool:
    """Whether ``text`` is text: not bytes that did not decode, which standard input reads as
    lone surrogates where its errors are ``surrogateescape`` (the C locale, a pipe)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def flush_output() -> None:
    """Flush standard output, raising :class:`OutputError` where it cannot take what was
    written to it (by :mod:`argparse`, which writes without :func:`say`)."""
    stream = sys.stdout
    if stream is not None:
        try:
            stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(f"cannot write to standard output: {exc.strerror or exc}") from None


def quiet_output() -> None:
    """Point standard output at the null device, so that the interpreter's last flush of
    what it could not write does not fail again (and print a traceback of its own)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def one_line(exc: BaseException) -> str:
    """An exception's message on one line."""
    return " ".join(str(exc).split()) or type(exc).__name__



# -- rules ----------------------------------------------------------------------------------


class InputError(Exception):
    """A rule-set argument that cannot be used; each line is printed as it is."""

    status = 2
    """The command's exit status (bad input)."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines


class Unreadable(InputError):
    """A rule file that cannot be read at all: missing, a folder, not permitted."""


LIST_OPTIONS = "; 'canasta-caliente rules show caliente' lists every option with its help"
"""What the line of an unknown option ends with: the command that shows every option."""

_OPTION_NAMES = frozenset(info.name for info in OPTIONS)


def _unknown_option(name: str) -> bool:
    """Whether a problem's name is an option the rules do not have (not a known option,
    ``preset`` or a part of the document such as ``(document)``)."""
    return name not in _OPTION_NAMES and name != "preset" and not name.startswith("(")


def is_file_argument(source: str) -> bool:
    """Whether a rule-set argument names a file rather than a preset."""
    if source in RuleSet.preset_names():
        return False
    try:
        return Path(source).suffix.lower() in (".toml", ".json") or Path(source).exists()
    except (OSError, ValueError):  # a name too long for the OS, say: a file it cannot read
        return True


MAX_FILE_BYTES = 16 * 2**20
"""The largest file the command line reads (a rule file, a saved game), in bytes: 16 MiB, far
more than any game's record; a larger file is refused rather than read."""


def file_problem(mode: int, size: int) -> str | None:
    """Why a file of ``mode`` and ``size`` (from :func:`os.stat`) cannot be read as a
    document, or ``None``: a folder, a special file (a FIFO would wait for a writer forever,
    ``/dev/zero`` never ends), or more than :data:`MAX_FILE_BYTES`."""
    if stat.S_ISDIR(mode):
        return "it is a folder"
    if not stat.S_ISREG(mode):
        return "not a regular file"
    if size > MAX_FILE_BYTES:
        return f"larger than {MAX_FILE_BYTES // 2**20} MiB ({size} bytes)"
    return None


def read_document(path: str) -> bytes:
    """The bytes of a document the command line reads, checked to be a regular file of at
    most :data:`MAX_FILE_BYTES` (the file is opened without waiting for a FIFO's writer, and
    read no further than the cap, whatever it turns into meanwhile). Raises :class:`OSError`
    or :class:`ValueError` (a name the file system cannot take) with the reason."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:  # checked before a file object is made of it, which refuses a folder in its own words
        info = os.fstat(descriptor)
        problem = file_problem(info.st_mode, info.st_size)
        if problem is not None:
            raise OSError(problem)
    except BaseException:
        os.close(descriptor)
        raise
    with os.fdopen(descriptor, "rb") as file:
        data = file.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise OSError(file_problem(stat.S_IFREG, len(data)))
    return data


def why_unreadable(exc: OSError | ValueError) -> str:
    """Why a user's file cannot be read, in the words every command uses (after ``cannot read
    the file:``): the system's reason (``No such file or directory``), :func:`file_problem`'s
    (``it is a folder``), or a name the file system cannot take."""
    if isinstance(exc, OSError):
        return exc.strerror or one_line(exc)
    return f"not a usable file name ({one_line(exc)})"


def read_text(source: str, option: str) -> str:
    """The text of a document file given to ``option`` (``--resume``'s saved game): read as
    :func:`read_document` reads, UTF-8 with a leading byte-order mark dropped
    (:func:`~canasta_caliente.rules._documents.document_text`). Refused as a rule file is, in
    the same words, as ``option: FILE: ...``: an empty name, a file that cannot be read
    (:class:`Unreadable`), bytes that are not UTF-8 text (:class:`InputError`)."""
    need_name(option, source)
    try:
        data = read_document(source)
    except (OSError, ValueError) as exc:
        raise Unreadable([f"{option}: {source}: cannot read the file: {why_unreadable(exc)}"]
                         ) from None
    try:
        return document_text(data)
    except ValueError as exc:
        raise InputError([f"{option}: {source}: {exc}"]) from None


def need_name(option: str, text: str, what: str = "a file name") -> None:
    """Refuse an empty file name given to ``option`` (``--json ''``), which the file system
    would read as the current folder or as no file, with an :class:`Unreadable` saying that
    the option needs ``what``."""
    if not text:
        raise Unreadable([f"{option}: needs {what}, not an empty one"])


def read_rules(source: str, option: str = "FILE", what: str = "a file name") -> RuleSet:
    """A house-rules file, given to ``option``. A file that cannot be read, or an empty name
    (refused as ``option`` needing ``what``), raises :class:`Unreadable`; one whose content is
    not a valid rule set raises :class:`InputError` with each problem as
    ``FILE: option: message``."""
    need_name(option, source, what)

    def unreadable(why: str) -> Unreadable:
        return Unreadable([f"{source}: (document): cannot read the file: {why}"])

    try:
        info = os.stat(source)
    except (OSError, ValueError) as exc:  # ValueError: a NUL, a name it cannot encode
        why = why_unreadable(exc)
        stem = Path(source).stem
        if isinstance(exc, FileNotFoundError) and source in RuleSet.preset_names():
            why += (f"; {source!r} is a preset, not a file ('canasta-caliente rules show "
                    f"{source}' prints its options)")
        elif isinstance(exc, FileNotFoundError) and stem in RuleSet.preset_names():
            why += f"; did you mean the preset {stem!r}? (a preset is named without a suffix)"
        raise unreadable(why) from None
    problem = file_problem(info.st_mode, info.st_size)
    if problem is not None:
        raise unreadable(problem)
    path = Path(source)
    if path.suffix.lower() not in (".toml", ".json") and path.name in RuleSet.preset_names():
        # (the library's advice is a Python call, RuleSet.preset(...): here, the command's)
        raise InputError([f"{source}: (document): unknown file type {path.suffix or '(none)'!r}"
                          f": expected a .toml or .json file; {path.name!r} is also a preset's "
                          f"name ('canasta-caliente rules show {path.name}' prints its "
                          "options)"])
    try:
        return RuleSet.from_file(source)
    except OSError as exc:
        raise unreadable(why_unreadable(exc)) from None
    except RuleSetError as exc:
        raise InputError([f"{source}: {option}: {' '.join(message.split())}"
                          + (LIST_OPTIONS if _unknown_option(option) else "")
                          for option, message in exc.problems]) from None
    except (CanastaError, ValueError, RecursionError) as exc:
        # Whatever else the content provokes (too deep, too large) is a problem of the file.
        raise InputError([f"{source}: (document): not a usable rule file: "
                           f"{one_line(exc)}"]) from None


def load_rules(source: str, option: str = "--rules") -> RuleSet:
    """A preset by name, or a house-rules file (``.toml`` or ``.json``), given to ``option``
    (an option, or a positional argument's name in the usage; named when the argument is
    empty). An unknown preset is reported under that name (``--rules: unknown preset ...``,
    ``PRESET|FILE: unknown preset ...``), as argparse names the argument of its own errors:
    not under the RuleSet's own word, ``preset``, which the user did not type."""
    if not is_file_argument(source):
        try:
            return RuleSet.preset(source)
        except RuleSetError as exc:
            raise InputError([f"{option}: {' '.join(message.split())}"
                              for _, message in exc.problems]) from None
    return read_rules(source, option, "a preset name or a rules file's name")


def rules_validate(args: argparse.Namespace) -> int:
    status = 0
    for source in args.files:
        try:
            rules = read_rules(source)
        except Unreadable as exc:
            for line in exc.lines:
                say(line, err=True)
            status = 2
        except InputError as exc:
            for line in exc.lines:
                say(line)
            status = max(status, 1)
        else:
            say(f"{source}: ok: {rules_summary(rules)}")
            if args.playtest:
                from ..studies.playtest import playtest

                for caution in playtest(rules).cautions:
                    say(f"{source}: caution: {caution}")
    return status


def comment(text: str) -> list[str]:
    return textwrap.wrap(text, width=98, initial_indent="# ", subsequent_indent="# ")


def rules_show(args: argparse.Namespace) -> int:
    rules = load_rules(args.source, "PRESET|FILE")
    if args.source in RuleSet.preset_names():
        title = f"{args.source}: {RuleSet.preset_description(args.source)}"
    else:
        title = f"{args.source}: {rules_summary(rules)}"
    out = comment(title)
    out.append("# Every option with its value; a valid TOML house-rules document.")
    values = rules.to_dict()
    for info in OPTIONS:
        out.append("")
        out.extend(comment(f"{info.help} ({info.type}; RULES: {', '.join(info.rules)})"))
        out.append(f"{info.name} = {toml_value(values[info.name])}")
    say("\n".join(out))
    return 0


def rules_diff(args: argparse.Namespace) -> int:
    a, b = load_rules(args.a, "A"), load_rules(args.b, "B")
    changed = option_changes(a, b)
    if not changed:
        say(f"{args.a} and {args.b} are identical: no option differs")
        return 0
    count = len(changed)
    say(f"{args.a} -> {args.b}: {count} option{'s' if count != 1 else ''} differ"
         f"{'s' if count == 1 else ''}")
    width = max(len(info.name) for info, _, _ in changed)
    touched: list[str] = []
    for info, before, after in changed:
        change = change_text(before, after)
        say(f"  {info.name:<{width}}  {change}  (RULES: {', '.join(info.rules)})")
        touched.extend(rule for rule in info.rules if rule not in touched)
    say(f"rules touched: {', '.join(sorted(touched, key=rule_order))}")
    return 0


def rule_order(rule: str) -> tuple[int, int, str]:
    """The rules' order: by section, then by number."""
    prefix, _, number = rule.partition("-")
    sections = ("CARD", "SEAT", "DEAL", "TURN", "MELD", "INIT", "PILE", "DISC", "OUT", "END",
                "SCORE", "GAME", "HOT", "VAR", "READ")
    section = sections.index(prefix) if prefix in sections else len(sections)
    return (section, int(number) if number.isdigit() else 0, rule)


def rules_presets(args: argparse.Namespace) -> int:
    names = RuleSet.preset_names()
    width = max(len(name) for name in names)
    for name in names:
        say(f"{name:<{width}}  {RuleSet.preset_description(name)}")
    return 0
