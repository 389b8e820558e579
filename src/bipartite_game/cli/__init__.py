"""The command line: ``bipartite-game COMMAND`` (and ``python -m bipartite_game``).

- :mod:`.main` -- the parser, the judge commands, ``check`` and ``annotate``,
  and the one-line errors with their exit statuses.
- :mod:`.interactive` -- ``play`` and ``serve``; :mod:`.verify_command`
  -- ``verify``.  Standard output's failures and the option values' checks
  are in the root helper ``_command``, shared with the kit's ``gen`` and
  ``stress``.

The top layer: it may use every package, and none uses it.
"""

from __future__ import annotations

from .main import main

__all__ = ["main"]
