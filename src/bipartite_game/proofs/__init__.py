"""Proofs: answers written down so that they can be checked without the solver.

- :mod:`.certificate` -- :func:`~.certificate.certify` writes the matching,
  a Gallai–Edmonds barrier and the small witnesses behind every verdict.
- :mod:`.verify` -- checks a certificate with code of its own: it imports
  the graph and the text helpers only, never the matching, the solver or
  :mod:`.certificate` (a check by the code that produced the answer proves
  nothing; ``tests/proofs/test_certificate.py`` runs it in a fresh interpreter).

The modules are imported on use: importing this package loads neither.
"""
