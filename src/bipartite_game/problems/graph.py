"""``bipartite-game graph``: the geography games on any edge list.

By default vertex geography on the undirected graph (repeated edges and loops
change nothing); ``rule="edge"`` plays edge geography, where every line is
its own edge (parallel edges count, a loop is a move), and ``directed`` reads
each line ``u v`` as an arc u -> v (:mod:`bipartite_game.theory.geography`).

Output: ``LABEL first`` or ``LABEL second`` for every vertex in order of first
appearance (who wins with the token starting there), or with ``start`` only
``first`` or ``second``, or with ``explain`` the proof for one start.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .._command import write_file
from .._limits import ensure_fits
from .._native import library
from .._stats import count, note, phase
from .._text import as_bytes, quote
from ..errors import BipartiteGameError, InputError
from ..graphs.edgelist import EdgeList, parse_edge_list
from ..graphs.graph import Graph
from ..theory.game import solve
from . import _json

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["answer"]

#: Peak bytes of working memory per byte of edge-list text (tokens, label
#: dict, edge arrays, CSR; measured on random edge lists, 27 at most).
BYTES_PER_INPUT_BYTE = 32
#: The same with the native reader (no object per token: the edge and label
#: arrays, sized by lines, and the CSR; traced 1.7 to 4.2 on random edge
#: lists, 14 on one-digit labels, where most of it is never touched).
NATIVE_BYTES_PER_INPUT_BYTE = 16


def answer(
    data: bytes | str,
    *,
    start: str | None = None,
    explain: str | None = None,
    format: str = "text",
    certificate: str | None = None,
    rule: str = "vertex",
    directed: bool = False,
    nimbers: bool = False,
    misere: bool = False,
    budget: int | None = None,
    seconds: float | None = None,
) -> bytes:
    """The verdict per vertex; with ``start`` only that start's; with
    ``explain`` the proof behind that start's verdict
    (:meth:`~bipartite_game.theory.game.Solution.explain`).  ``format="json"``: the
    verdicts as a JSON document (``docs/json.md``).  With ``certificate``
    (a path) the certificate of every verdict is written there too
    (:mod:`~bipartite_game.proofs.certificate`).  ``rule="edge"`` and ``directed``
    play the other geography games (:mod:`~bipartite_game.theory.geography`), for
    which there is no proof or certificate.  ``nimbers``: every start's
    Grundy value instead of its verdict (``LABEL VALUE``; with ``start``
    only the value), for vertex geography on the undirected graph only
    (:mod:`~bipartite_game.theory.nimbers`).  ``misere``: the misère game
    (who makes the last move loses), its verdicts, or with ``nimbers`` its
    misère Grundy values (:mod:`~bipartite_game.theory.misere`).  ``budget``
    (search states) and ``seconds`` bound the work of those that may be
    refused (Grundy values, misère play, the other games' search; ``None``:
    the library's defaults)."""
    data = as_bytes(data, "graph.answer()")
    as_json = _json.check_format(format)
    for name, value in (("start", start), ("explain", explain)):
        if value is not None and not isinstance(value, str):
            raise BipartiteGameError(f"{name} is a label (str), not {type(value).__name__}")
    if start is not None and explain is not None:
        raise BipartiteGameError("give --start or --explain, not both")
    if explain is not None and as_json:
        raise BipartiteGameError("--explain prints a proof as text: it has no JSON form")
    other_game = rule != "vertex" or directed
    native = library() is not None and not other_game
    per_byte = NATIVE_BYTES_PER_INPUT_BYTE if native else BYTES_PER_INPUT_BYTE
    ensure_fits(len(data) * per_byte, "this edge list")
    if rule not in ("vertex", "edge"):
        raise BipartiteGameError(f"--rule must be 'vertex' or 'edge', not {quote(rule)}")
    for option, value in (("--explain", explain), ("--certificate", certificate)):
        if value is not None and other_game:
            raise BipartiteGameError(
                f"{option} proves vertex geography on undirected graphs only, "
                "not with --rule edge or --directed"
            )
    if nimbers:
        for option, value in (("--explain", explain), ("--certificate", certificate)):
            if value is not None:
                raise BipartiteGameError(f"give {option} or --nimbers, not both")
        if other_game:
            raise BipartiteGameError(
                "--nimbers is for vertex geography on undirected graphs only, "
                "not with --rule edge or --directed"
            )
    if misere:
        for option, value in (("--explain", explain), ("--certificate", certificate)):
            if value is not None:
                raise BipartiteGameError(
                    f"give {option} or --misere, not both (no proof of misère play)"
                )
        if other_game:
            raise BipartiteGameError(
                "--misere is for vertex geography on undirected graphs only, "
                "not with --rule edge or --directed"
            )
    limits = _limits(budget, seconds)
    with phase("parse"):
        edges = parse_edge_list(data)
    if misere:
        return _misere(edges, start, as_json, nimbers, limits)
    if nimbers:
        return _nimbers(edges, start, as_json, limits)
    if other_game:
        return _other_game(edges, start, rule, directed, as_json, limits)
    with phase("build"):
        # the labels as str only where a proof names them
        labelled = explain is not None or certificate is not None
        graph = Graph.from_edge_list(edges, labelled=labelled)
        edges.release_ends()
    solution = solve(graph)
    if certificate is not None:
        from ..proofs.certificate import certify

        text = certify(solution).to_json(edges.labels())
        text += "\n"  # a text file ends with a line break
        write_file(certificate, text.encode("ascii"))
    if explain is not None:
        vertex = _vertex(edges, explain, "--explain")
        return str(solution.explain(graph.label(vertex))).encode("utf-8", "surrogateescape")
    with phase("format"):
        if start is not None:
            vertex = _vertex(edges, start, "--start")
            wins = not bool(solution.losing[vertex])  # an id: the graph may be labelled
            if as_json:
                return _json.document("graph", [("start", start), ("first_player_wins", wins)])
            return b"first\n" if wins else b"second\n"
        if as_json:
            fields = [
                ("vertices", graph.num_vertices),
                ("labels", _json.labels(edges.tokens)),
                ("first_player_wins", _json.booleans(~solution.losing)),
            ]
            return _json.document("graph", fields)
        return edges.verdict_lines(~solution.losing)


def _limits(budget: int | None, seconds: float | None) -> dict[str, Any]:
    """The ``budget`` and ``seconds`` keywords given (the others keep the
    library's defaults)."""
    given = (("budget", budget), ("seconds", seconds))
    return {name: value for name, value in given if value is not None}


def _other_game(
    edges: EdgeList,
    start: str | None,
    rule: str,
    directed: bool,
    as_json: bool,
    limits: dict[str, Any],
) -> bytes:
    """Edge geography or a directed game, on the raw edges of the list."""
    from ..theory.geography import geography_mover_wins, solve_geography

    u, v, n = edges.u, edges.v, edges.num_vertices
    # --stats: the sizes the other games report; no matching decides these
    count("graphs", 1)
    count("vertices", n)
    count("edges", u.size)
    game = [("rule", rule), ("directed", directed)]
    if start is not None:
        vertex = _vertex(edges, start, "--start")
        with phase("solve"):
            wins = geography_mover_wins(u, v, n, vertex, rule=rule, directed=directed, **limits)
        note("matching", "none (this game is not decided by a matching)")
        if as_json:
            return _json.document("graph", [*game, ("start", start), ("first_player_wins", wins)])
        return b"first\n" if wins else b"second\n"
    with phase("solve"):
        solution = solve_geography(u, v, n, rule=rule, directed=directed, **limits)
    note("matching", f"none (solved by {_METHODS.get(solution.method, solution.method)})")
    with phase("format"):
        if as_json:
            fields = [
                *game,
                ("vertices", n),
                ("labels", _json.labels(edges.tokens)),
                ("first_player_wins", _json.booleans(~solution.losing)),
            ]
            return _json.document("graph", fields)
        return edges.verdict_lines(~solution.losing)


def _nimbers(
    edges: EdgeList, start: str | None, as_json: bool, limits: dict[str, Any]
) -> bytes:
    """Every start's Grundy value (or ``start``'s alone)."""
    from ..theory.nimbers import grundy_array, grundy_value

    with phase("build"):
        graph = Graph.from_edge_list(edges, labelled=False)
        edges.release_ends()
    if start is not None:  # (the sizes are counted by the matching's zero check)
        vertex = _vertex(edges, start, "--start")
        with phase("solve"):
            value = grundy_value(graph, vertex, **limits)
        return _start_value(start, value, as_json)
    with phase("solve"):
        values = grundy_array(graph, **limits)
    with phase("format"):
        return _values(edges, graph, values, as_json)


def _misere(
    edges: EdgeList, start: str | None, as_json: bool, values: bool, limits: dict[str, Any]
) -> bytes:
    """Misère verdicts (or with ``values`` misère Grundy values), for every
    start or ``start``'s alone."""
    from ..theory.misere import misere_array, misere_first_player_wins, misere_value

    with phase("build"):
        graph = Graph.from_edge_list(edges, labelled=False)
        edges.release_ends()
    count("graphs", 1)
    count("vertices", graph.num_vertices)
    count("edges", graph.num_edges)
    note("matching", "none (misère play is not decided by a matching)")
    game = [("misere", True)]
    if start is not None:
        vertex = _vertex(edges, start, "--start")
        with phase("solve"):
            if values:
                value = misere_value(graph, vertex, **limits)
            else:
                wins = misere_first_player_wins(graph, vertex, **limits)
        if values:
            return _start_value(start, value, as_json, game)
        if as_json:
            return _json.document("graph", [*game, ("start", start), ("first_player_wins", wins)])
        return b"first\n" if wins else b"second\n"
    with phase("solve"):
        found = misere_array(graph, **limits)
    with phase("format"):
        if values:
            return _values(edges, graph, found, as_json, game)
        if as_json:
            fields = [
                *game,
                ("vertices", graph.num_vertices),
                ("labels", _json.labels(edges.tokens)),
                ("first_player_wins", _json.booleans(found != 0)),
            ]
            return _json.document("graph", fields)
        return edges.verdict_lines(found != 0)


def _start_value(
    start: str, value: int, as_json: bool, game: Sequence[tuple[str, object]] = ()
) -> bytes:
    """The Grundy value of ``start``: the number, or the JSON document
    (``game``'s fields first)."""
    if as_json:
        return _json.document("graph", [*game, ("start", start), ("grundy_value", value)])
    return b"%d\n" % value


def _values(
    edges: EdgeList,
    graph: Graph,
    values: npt.NDArray[np.int64],
    as_json: bool,
    game: Sequence[tuple[str, object]] = (),
) -> bytes:
    """Every start's Grundy value: ``LABEL VALUE`` lines, or the JSON
    document (``game``'s fields first)."""
    if as_json:
        fields = [
            *game,
            ("vertices", graph.num_vertices),
            ("labels", _json.labels(edges.tokens)),
            ("grundy_values", _json.Encoded(_json.dumps_ints(values))),
        ]
        return _json.document("graph", fields)
    return _value_lines(edges, values)


def _value_lines(edges: EdgeList, values: npt.NDArray[np.int64]) -> bytes:
    """``LABEL VALUE`` a line, in vertex order."""
    import numpy as np
    # one " VALUE\n" a distinct value, picked per vertex by numpy
    table = np.array([b" %d\n" % k for k in range(int(values.max(initial=0)) + 1)])
    lines: list[bytes] = [b""] * (2 * values.size)
    lines[0::2] = edges.tokens
    lines[1::2] = table.astype(object)[values].tolist()
    return b"".join(lines)


#: How :func:`~bipartite_game.theory.geography.solve_geography` decided, in words.
_METHODS = {
    "gf2": "elimination over GF(2)",
    "acyclic": "retrograde analysis",
    "search": "exhaustive search",
}


def _vertex(edges: EdgeList, label: str, option: str) -> int:
    """The vertex named ``label``, or an :class:`InputError` naming the option."""
    vertex = edges.index(label.encode("utf-8", "surrogateescape"))
    if vertex is None:
        raise InputError(f"{option} {quote(label)} is not a vertex of the graph")
    return vertex
