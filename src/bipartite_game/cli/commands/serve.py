"""``bipartite-game serve``: the web page (:mod:`~bipartite_game.play.web`)
on a local server, until Ctrl-C."""

from __future__ import annotations

import argparse

from ...errors import BipartiteGameError
from ..command import Command
from ..options import int_in_range
from ..parser import Parser

__all__ = ["ServeCommand"]

#: The largest ``serve --max-side``: the page draws every cell as SVG.
_SERVE_MAX_SIDE = 200
#: The largest ``serve --max-vertices`` (the page draws every vertex).
_SERVE_MAX_VERTICES = 1000


class ServeCommand(Command):
    """The web page: draw or load a maze or a graph, see why, play the engine."""

    description = (
        "Serve a web page where you draw or load a maze or any graph, see the losing "
        "starts and a maximum matching, and play against the engine; or play a sum of a "
        "few small boards (the sum command's format) with their Grundy values and "
        "nim-sum shown. Stop it with Ctrl-C."
    )

    def add_arguments(self, parser: Parser) -> None:
        parser.add_argument(
            "--host",
            default="127.0.0.1",
            help="address to listen on (default 127.0.0.1); requests must name it, localhost, "
            "127.0.0.1 or [::1] as their Host, unless it is 0.0.0.0 or ::, which answer any "
            "name",
        )
        parser.add_argument(
            "--port",
            type=int_in_range(0, 65535),
            default=8000,
            help="port (default 8000; 0 picks a free one)",
        )
        parser.add_argument(
            "--max-side",
            type=int_in_range(1, _SERVE_MAX_SIDE),
            default=64,
            metavar="N",
            help=f"largest maze side the page accepts (default 64, at most {_SERVE_MAX_SIDE})",
        )
        parser.add_argument(
            "--max-vertices",
            type=int_in_range(1, _SERVE_MAX_VERTICES),
            default=200,
            metavar="N",
            help="most vertices of a graph the page accepts, with at most 10 N edges "
            f"(default 200, at most {_SERVE_MAX_VERTICES})",
        )

    def run(self, args: argparse.Namespace) -> int:
        """The web page on uvicorn, until Ctrl-C."""
        try:
            from ...play.web import Limits, serve
        except ModuleNotFoundError as error:
            # the web extra's modules (starlette, uvicorn, h11, anyio) or one
            # they need: a core install (numpy, tqdm) has none of them
            if error.name is None or error.name.partition(".")[0] == "bipartite_game":
                raise
            raise BipartiteGameError(
                f"serve needs the web extra ({error.name} is not installed): "
                'pip install "bipartite-game[web]"'
            ) from None

        if not args.host.strip():
            raise BipartiteGameError("--host: expected an address to listen on, found ''")
        limits = Limits(
            max_side=args.max_side,
            max_vertices=args.max_vertices,
            max_edges=10 * args.max_vertices,
            # room for that many edges of short labels ("v123 v456\n" and JSON)
            max_body=max(64 * 1024, 32 * 10 * args.max_vertices),
        )
        return serve(host=args.host, port=args.port, limits=limits)
