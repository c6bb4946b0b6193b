"""The studies layer: many games played and measured.

- ``simulate``: :func:`~canasta_caliente.simulate` and :func:`~canasta_caliente.play_game`;
- ``results``: the results as tables, records and files;
- ``compare``: :func:`~canasta_caliente.compare`, house rules side by side;
- ``tournament``: :func:`~canasta_caliente.tournament`, bots rated against each other;
- ``plots``: the plots of results and comparisons.

May import: everything below it (the vocabulary, rules, state, engine, records, views,
players), nothing above. The optional extras (``analysis``, ``progress``, ``dask``) are imported
only by the functions that need them.
"""
