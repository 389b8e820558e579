"""Front-ends: one module per input format, each ``answer(data, ...) -> bytes``.

They parse text into boards and graphs, call the game layer, and format the
answer; formats live here, theory never does.

- :mod:`.graph` -- the geography games on any edge list (``graph``).
- :mod:`.maze` -- JSOI2009 游戏, the maze game (``maze``).
- :mod:`.knights` -- the Petrozavodsk 2018 knights duel (``knights``).
- :mod:`.lock` -- CCPC 2020 Changchun's combination lock (``lock``).
- :mod:`.king` -- Google Code Jam's "King" (``king``).
- :mod:`.bunny` -- NOI2011 "Bunny and Egg" (``bunny``).
- :mod:`.edges` -- the class of every edge of an edge list (``edges``).
- :mod:`.sums` -- a disjunctive sum of geography games (``sum``).
- :mod:`.annotate` -- a verdict for every line of a game record (``annotate``).
- :mod:`._json` -- ``--format json``: an answer as one JSON document.
- :mod:`._cases` -- the answer of a list of cases (``king``, ``lock``): JSON or explained.
"""
