"""Experiments: many solves of random graphs, as one table (``sweep``).

- :mod:`.sweep` -- every sample of a family over a grid of its parameters,
  solved, one row of measures per sample (docs/sweep.md).
- :mod:`.families` -- the random graph families, generated with numpy.
- :mod:`.catalogue` -- their names and parameters without numpy (the
  command line's help reads it).
- :mod:`.cluster` -- a sweep's samples run on a Dask cluster.
- :mod:`.ordered` -- results in their items' order from tasks that finish
  in any order, a bounded window ahead (the worker pool's and the cluster's).
- :mod:`.parquet` -- a sweep's rows as one Parquet file.
- :mod:`.plot` -- a sweep's rows drawn, with the theory's limit.
- :mod:`.karp_sipser` -- the Karp–Sipser limit of the matching number of
  G(n, c/n), the curve the plots compare with.

Sits above ``play/`` and below ``kit/``.
"""
