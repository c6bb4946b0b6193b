"""The studies layer: many games played and measured.

- ``simulate``: :func:`~canasta_caliente.simulate`, which runs many games (re-exporting the
  public names of the modules below, its former contents);
- ``play``: :func:`~canasta_caliente.play_game`, one game, and the seats of the bots;
- ``seeds``: the seed of each game of a simulation (``play`` gives it too);
- ``outcomes``: :class:`~canasta_caliente.GameResult` and
  :class:`~canasta_caliente.SimulationResult`;
- ``stats`` and ``tables``: a simulation's statistics and its text and HTML tables;
- ``pool``: the process pool of a parallel simulation and its signal handling;
- ``results``: the results as flat tables, records and files;
- ``saved``: a simulation's results read back from their JSON data, every field checked, and
  the kind and format version each result's document names (its ``schema``);
- ``compare``: :func:`~canasta_caliente.compare`, house rules side by side;
- ``playtest``: :func:`~canasta_caliente.playtest`, a few games of a rule set and the cautions
  they give (what ``rules validate`` prints);
- ``_measures``: a comparison's measures and the one check of a measure's name (``compare``
  re-exports them; the plots read them without importing ``compare``);
- ``tournament``: :func:`~canasta_caliente.tournament`, bots rated against each other;
- ``plots``: the plots of results and comparisons.

May import: everything below it (the vocabulary, rules, state, engine, records, views, players),
nothing above. Within it, the results' helpers (``results``, ``saved``, ``plots``, ``stats``,
``tables``) name the result types only for the type checker, below ``outcomes``, ``play``,
``pool``, ``simulate``, ``compare``, ``playtest`` and ``tournament`` in that order. The optional
extras (``analysis``, ``progress``, ``dask``) are imported only by the functions that need them.
"""
