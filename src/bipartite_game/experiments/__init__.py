"""Experiments: many solves of random graphs, as one table (``sweep``).

The families of random graphs (``families``), their catalogue without numpy
(``catalogue``, read by the command line's help) and the sweep over a grid of
their parameters (``sweep``).  Sits above ``play/`` and below ``kit/``.
"""
