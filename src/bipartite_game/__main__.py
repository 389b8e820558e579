"""``python -m bipartite_game``."""

from .cli.main import main

raise SystemExit(main())
