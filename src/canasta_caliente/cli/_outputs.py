"""The files a command writes (``--json``, ``--out``, ``--save``): each checked before the
work starts, by opening it as the command will, and written with one line if that fails."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from ._rules import InputError, need_name, one_line, say

__all__ = ["output_path", "table_output", "write_json", "write_table"]


def output_path(option: str, text: str) -> Path:
    """A file the command will write, checked before the work starts: not a folder, in a
    folder that exists, and writable."""
    need_name(option, text)
    path = Path(text)

    def refuse(why: str) -> InputError:
        return InputError([f"{option}: {text}: {why}"])

    if text == "-":  # (the convention for standard output, where the table is printed)
        raise refuse("not written to standard output, which the command prints to: give a "
                     "file name (./- for a file named so)")

    try:
        if b"\0" in os.fsencode(text):  # the file system cannot encode it, or it holds a NUL
            raise ValueError("embedded null byte")
        if path.is_dir() or text.endswith(tuple(filter(None, (os.sep, os.altsep)))):
            raise refuse("is a folder; give a file name")
        folder = path.parent
        if folder.exists() and not folder.is_dir():
            raise refuse(f"{str(folder)!r} is a file, not a folder to write it in")
        if not folder.is_dir():
            raise refuse(f"no folder {str(folder)!r} to write it in")
        if path.exists() and not path.is_file():
            raise refuse("not a regular file")
    except (OSError, ValueError) as exc:
        raise refuse(f"not a usable file name ({one_line(exc)})") from None
    try:
        _try_writing(path)
    except OSError as exc:
        real = Path(os.path.realpath(path))  # (a link's folder: the target's, where it is made)
        where = real.parent if path.is_symlink() else folder
        existing = os.path.lexists(real)
        raise refuse(("the file is not writable" if existing else
                      f"cannot create a file in {str(where)!r}")
                     + (f": {exc.strerror}" if exc.strerror else "")) from None
    return path


def _try_writing(path: Path) -> None:
    """Open what ``path`` names for writing as the command will, and leave it as it was: a file
    that exists (through a link too) is opened for writing, without truncating, appending or
    blocking, and closed, unchanged (an append-only file is refused, as the write would be);
    where none exists a file with no name is made in its folder (``O_TMPFILE``; elsewhere one
    of another name, made and removed): the path itself is never made nor removed, and
    another writer's file there is left alone. (A permission check, ``os.access``, passes for
    root where no file can be made: under ``/proc``, on a read-only disk; the work was done,
    then lost.) Raises the :class:`OSError` of what cannot be done."""
    real = Path(os.path.realpath(path))  # (a link's target, which the command writes)
    try:
        os.stat(real)  # (not Path.exists, which hides a loop of links as "absent")
    except FileNotFoundError:
        _try_making(real.parent)
        return
    fd = os.open(real, os.O_WRONLY | os.O_NONBLOCK)  # (a FIFO with no reader: no wait)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
    finally:
        os.close(fd)


def _try_making(folder: Path) -> None:
    """Make a file in ``folder`` and leave none: one with no name (``O_TMPFILE``, Linux), or
    where the system has none, one of another name, removed (kept if it cannot be removed:
    the folder took it)."""
    unnamed = getattr(os, "O_TMPFILE", 0)
    if unnamed:
        try:
            os.close(os.open(folder, os.O_WRONLY | unnamed, 0o600))
            return
        except OSError as exc:
            if exc.errno not in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL):
                raise
    fd, probe = tempfile.mkstemp(prefix=".canasta-caliente-", dir=folder)
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(probe)


def table_output(option: str, text: str | None) -> Path | None:
    """Check a table output path (``--out``) before a run starts: a usable file name (as
    :func:`output_path` checks), with a suffix the tables can be written as (``.csv``,
    ``.jsonl``, ``.parquet``, the last with pyarrow installed)."""
    if text is None:
        return None
    from ..studies.results import check_output_path

    path = output_path(option, text)  # (a folder, or no folder, said so before the suffix)
    try:
        check_output_path(text)
    except (ValueError, ImportError, OSError) as exc:
        raise InputError([f"{option}: {one_line(exc)}"]) from None
    return path


def write_table(option: str, rows: list[dict[str, Any]], out: Path) -> None:
    """Write the hand table to ``out`` (checked before the run), one line if it fails."""
    from ..studies.results import HAND_COLUMNS, write_records

    try:
        write_records(rows, out, HAND_COLUMNS)
    except (OSError, ValueError, ImportError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else one_line(exc)
        raise InputError([f"{option}: {out}: cannot write the table: {why}"]) from None
    say(f"hand table ({len(rows)} rows) written to {out}")


def write_json(option: str, text: str, out: Path) -> None:
    """Write a study's results, ``text`` (its ``to_json()``), to ``out`` (checked before the
    run), one line if it fails."""
    try:
        out.write_text(text)
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else one_line(exc)
        raise InputError([f"{option}: {out}: cannot write the results: {why}"]) from None
    say(f"results written to {out}")
