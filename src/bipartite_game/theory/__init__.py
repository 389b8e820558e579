"""The game layer: who wins, why, and how to play, over the array layer.

- :mod:`.game` -- vertex geography solved by maximum matching
  (:func:`~.game.solve`, :class:`~.game.Solution`); :mod:`.bipartite`
  its bipartite core on arrays (the losing set and König's certificate).
- :mod:`.decompose` -- the Gallai–Edmonds and Dulmage–Mendelsohn classes
  of vertices and edges, with its kernels in :mod:`.edge_classes` and
  :mod:`.allowed` (the allowed edges of any graph, near a solve's time);
  :mod:`.explain` a proof in words for one start;
  :mod:`.annotate` the verdict on every move of a played game.
- :mod:`.duel` -- the knights duel (two tokens); :mod:`.geography` the
  other geography games (edge rule, directed arcs).
- :mod:`.interop` -- networkx in, dicts keyed by node out.

It uses :mod:`bipartite_game.graphs` and nothing above it.  The modules are
imported on use: importing this package loads none of them.
"""
