"""Pictures as SVG text, beside the array layer: it knows no game, and
imports no layer (a graph it draws is read through its public arrays).

- :mod:`.svg` -- the drawing core: a board's cells, a graph's discs and
  edges at given points, a summary's lines, and the palette they share.
- :mod:`.layout` -- where the vertices go: a deterministic force layout,
  or the grid coordinates the labels give.
- :mod:`.pictures` -- a ``Graph`` or a board as a picture, or as a summary
  when it is too large to draw: the notebook pictures.

The modules are imported on use: importing this package loads none of them.
"""
