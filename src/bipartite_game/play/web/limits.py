"""What the web server grants one request and one connection.

Every bound is here so that the application (:mod:`.app`), the worker pool
(:mod:`.workers`) and the HTTP connections (:mod:`.connections`) read the
same numbers, and a test can shrink them all at once.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from .i18n import Message, message

__all__ = ["Limits"]


@dataclass(frozen=True)
class Limits:
    """What one request, and one connection, may ask of the server.

    Requests
        ``max_side`` (maze rows or columns), ``max_vertices`` and
        ``max_edges`` (a graph of the graph mode; the page draws every vertex,
        and a losing engine weighs each start by one solve), ``max_sum_boards``
        (the boards of a sum), ``max_sum_size`` (a sum's boards all drawn: the
        cells of its mazes, walls included, and the vertices of its graphs,
        all together; each board within the bounds above too),
        ``sum_budget`` (the search states a sum's Grundy values may take,
        :func:`~bipartite_game.theory.sums.solve_sum`'s ``budget``; past it
        the sum is refused), ``max_body`` (bytes of a request
        body), ``body_seconds`` (to receive the whole body; past it the answer
        is 408 and the connection is closed), ``max_games`` (live games; the
        least recently used is dropped first).
    Computations
        At most ``workers`` run at once, each in its own thread.  A request
        waits at most ``queue_seconds`` for one to start (then 503, "server
        busy"), and a computation may take ``solve_seconds`` from the moment it
        starts (then 503, and its result is thrown away).  A thread cannot be
        killed, so one that runs out of time keeps its place among the
        ``workers`` until it really ends: the bound on CPU always holds.
    Connections
        ``header_seconds`` for a request's line and headers to arrive (counted
        from the connection's opening or the previous response), at most
        ``max_header_bytes`` of them, ``keep_alive_seconds`` of idleness
        between requests, and ``max_connections`` open at once (beyond it a
        new connection is answered 503 and closed at once, so that slow
        clients cannot use up the process's file descriptors).
    """

    max_side: int = 64
    max_vertices: int = 200
    max_edges: int = 2000
    max_sum_boards: int = 6
    max_sum_size: int = 600
    sum_budget: int = 200_000
    max_body: int = 64 * 1024
    max_games: int = 200
    solve_seconds: float = 10.0
    workers: int = 2
    queue_seconds: float = 10.0
    body_seconds: float = 10.0
    header_seconds: float = 5.0
    max_header_bytes: int = 16 * 1024
    keep_alive_seconds: int = 5
    max_connections: int = 200

    def board_limit(self, kind: str) -> Message:
        """What a board of ``kind`` (``"maze"``, ``"graph"`` or ``"sum"``) may
        be, in the user's terms (a message of :mod:`.i18n`): what is said when
        a request carrying one is too large (its body past ``max_body``
        included, since no board within these bounds needs that many bytes)."""
        if kind == "maze":
            return message("limit.maze", side=self.max_side)
        if kind == "graph":
            return message("limit.graph", vertices=self.max_vertices, edges=self.max_edges)
        if kind == "sum":
            return message(
                "limit.sum",
                boards=self.max_sum_boards,
                side=self.max_side,
                size=self.max_sum_size,
            )
        raise ValueError(f"no board of kind {kind!r}: expected 'maze', 'graph' or 'sum'")

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
                raise ValueError(f"Limits.{field.name} must be a positive number, not {value!r}")
