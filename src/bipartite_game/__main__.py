"""``python -m bipartite_game``."""

from .cli import main

raise SystemExit(main())
