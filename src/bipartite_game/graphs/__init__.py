"""The array layer: graphs as CSR arrays and the searches on them.

Arrays in, arrays out (``indptr``/``indices``, ``mate`` with ``-1`` for a
free vertex); every public way in validates once, and the compiled kernels
behind it trust what they are given.  Nothing here knows the games: that is
:mod:`bipartite_game.theory`, the layer above.

- :mod:`.graph` -- :class:`~.graph.Graph`, its constructors and its
  2-colouring; :mod:`.edgelist` the edge-list text, :mod:`.successors`
  the graph of a game given by a successor function, :mod:`.convert`
  networkx, scipy, neighbour lists and labelled pairs; :mod:`.csr` the
  kernels behind a graph (its CSR, 2-colouring, components, subgraphs).
- :mod:`.boards` -- grids with any move set and locks of any shape,
  written straight into CSR by the kernels of :mod:`.board_csr`.
- :mod:`.mates` -- matchings as ``mate`` arrays and their checks;
  :mod:`.matching` maximum matchings (Karp–Sipser, the pruned Hungarian
  search); :mod:`.blossom` Edmonds' search and the Gallai–Edmonds labels.
- :mod:`.drawing` -- the pictures' old home, kept as aliases of
  :mod:`bipartite_game.drawing` for two minor releases.
- :mod:`.strong_components` -- Tarjan's strongly connected components of
  a digraph in CSR form.

The modules are imported on use: importing this package loads none of them.
"""
