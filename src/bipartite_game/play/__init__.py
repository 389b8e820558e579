"""People: a game in progress, an engine to play it, and the ways to see it.

- :mod:`.position` -- :class:`~.position.Position` (python-chess style) and
  the :class:`~.position.Engine` that plays perfectly or resists.
- :mod:`.render` -- pure renderers: SVG for the web page and notebooks,
  text for terminals.
- :mod:`.match` -- :class:`~.match.Match`, the referee the terminal game and
  the web page share (sides, hints, take-backs, the annotated record).
- :mod:`.sum_match` -- :class:`~.sum_match.SumMatch`, the referee of a sum
  of boards, which ``play sum`` and the page's sum mode share.
- :mod:`.terminal` -- ``play maze`` and ``play sum``; :mod:`.web` -- ``serve``, the page.

It uses the layers below (graphs, theory, the judge formats of
:mod:`bipartite_game.problems` for a maze's text), never the contest kit or
the command line.  The modules are imported on use.
"""
