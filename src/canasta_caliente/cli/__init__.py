"""The command line, ``canasta-caliente``: an interface on top of every other layer.

- ``commands``: :func:`main` and the subcommands (``play``, ``demo``, ``simulate``,
  ``compare``, ``tournament``, ``hint``, ...);
- ``_bots``: the ``--bots`` options' bots (a person's own as ``module:attr``, imported here
  alone), and a bot's failure in a game in the command's words;
- ``_outputs``: the files a command writes (``--json``, ``--out``, ``--save``), each checked
  before the work by opening it as the command will;
- ``_parsing``: the argument parser (help with the defaults, a command's own usage; what it
  prints written as every command's output is);
- ``_rules``: the ``rules`` subcommands (``show``, ``validate``, ``diff``, ...), and the
  printing every command shares (standard output that cannot be written said in a line);
- ``_serve``: ``serve``, the web table on uvicorn (its options; its address held before it
  says so);
- ``_studies``: what the study commands share (a study's refusal in the options' words);
- ``_table``: the table talk of ``play`` (its commands, "did you mean", ``undo``);
- ``__main__``: ``python -m canasta_caliente.cli``.

May import: any layer; nothing imports it.
"""

from __future__ import annotations

from .commands import main

__all__ = ["main"]
