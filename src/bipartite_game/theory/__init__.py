"""The game layer: who wins, why, and how to play, over the array layer.

- :mod:`.game` -- vertex geography solved by maximum matching
  (:func:`~.game.solve`, :class:`~.game.Solution`); :mod:`.bipartite`
  its bipartite core on arrays (the losing set and König's certificate).
- :mod:`.decompose` -- the Gallai–Edmonds and Dulmage–Mendelsohn classes
  of vertices and edges, with its kernels in :mod:`.edge_classes` and
  :mod:`.allowed` (the allowed edges of any graph, near a solve's time);
  :mod:`.explain` a proof in words for one start;
  :mod:`.annotate` the verdict on every move of a played game.
- :mod:`.allowed` -- the allowed edges of ``G[C]`` on any graph, in about
  the time of a solve.
- :mod:`.nimbers` -- Grundy values; :mod:`.cubic` exact ones at maximum
  degree 3; :mod:`.bitmasks` small graphs as bitmasks for their searches.
- :mod:`.sums` -- disjunctive sums: several boards, one token on each.
- :mod:`.misere` -- misère play: the last player to move loses.
- :mod:`.duel` -- the knights duel (two tokens), :mod:`.duel_bits` the
  same on a bitset board; :mod:`.geography` the other geography games
  (edge rule, directed arcs).
- :mod:`.bunny` -- NOI2011 "Bunny and Egg" as vertex geography.
- :mod:`.interop` -- networkx in, dicts keyed by node out.
- :mod:`._docs` -- the docstring sections many of these modules share,
  written once (filled by :mod:`bipartite_game._docstrings`).

It uses :mod:`bipartite_game.graphs` and nothing above it.  The modules are
imported on use: importing this package loads none of them.
"""
