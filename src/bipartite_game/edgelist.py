"""Edge-list text: one ``u v`` pair a line, ``#`` comments, any tokens as labels.

A line holds two tokens (an edge), one token (an isolated vertex, or one seen
again) or none.  Vertices are numbered in order of first appearance.  A
repeated edge, in either direction, is the same edge; a self-loop ``v v`` adds
the vertex but no edge (a token can never move along it).  Three or more
tokens on a line is an error naming the line.

Parsing is vectorised over the bytes (numpy masks for comments and line
numbers, ``bytes.split`` for tokens, a dict for labels): no Python loop per
edge.  Labels are kept byte-exact (undecodable bytes survive a round trip).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ._text import as_bytes, quote
from .errors import BipartiteGameWarning, InputError
from .graph import Graph

__all__ = ["EdgeList", "parse_edge_list"]

_WHITESPACE = np.zeros(256, dtype=np.bool_)
_WHITESPACE[[9, 10, 11, 12, 13, 32]] = True


@dataclass(frozen=True, eq=False)
class EdgeList:
    """A parsed edge list: label tokens and edges as vertex-id arrays."""

    tokens: list[bytes]
    u: npt.NDArray[np.int64]
    v: npt.NDArray[np.int64]

    @property
    def num_vertices(self) -> int:
        return len(self.tokens)

    def labels(self) -> list[str]:
        """Labels as text (undecodable bytes kept by ``surrogateescape``)."""
        if not self.tokens:
            return []
        return b"\n".join(self.tokens).decode("utf-8", "surrogateescape").split("\n")

    def to_graph(self) -> Graph:
        return Graph.from_edges(self.u, self.v, self.num_vertices, self.labels())


def parse_edge_list(text: str | bytes) -> EdgeList:
    """Parse edge-list text; raise :class:`InputError` naming the bad line.

    Examples
    --------
    >>> e = parse_edge_list("a b\\nb c  # a comment\\nd\\n")
    >>> e.labels(), e.u.tolist(), e.v.tolist()
    (['a', 'b', 'c', 'd'], [0, 1], [1, 2])
    """
    data = as_bytes(text, "parse_edge_list()")
    if b"\x00" in data:
        line = data.count(b"\n", 0, data.index(b"\x00")) + 1
        raise InputError("NUL byte in input", line=line)
    raw = np.frombuffer(data, dtype=np.uint8)
    newline = raw == 10
    line_of = np.cumsum(newline) - newline + 1
    if b"#" in data:
        # a byte is commented out when a '#' came before it on its line
        hashes = np.where(raw == 35, line_of, 0)
        commented = np.maximum.accumulate(hashes) == line_of
        clean = raw.copy()
        clean[commented] = 32
        data = clean.tobytes()
        raw = clean
    is_token = ~_WHITESPACE[raw]
    starts = is_token.copy()
    starts[1:] &= ~is_token[:-1]
    token_line = line_of[starts]
    tokens = data.split()
    if not tokens:
        raise InputError("no vertices: the edge list is empty")
    if token_line.size != len(tokens):  # pragma: no cover - the two tokenisers agree
        raise InputError("could not split the input into tokens")
    per_line = np.bincount(token_line)
    crowded = np.flatnonzero(per_line > 2)
    if crowded.size:
        line = int(crowded[0])
        raise InputError(
            f"expected an edge 'u v' or a lone label, found {int(per_line[line])} tokens",
            line=line,
        )
    if per_line.max() == 1 and all(b"," in token for token in tokens[:1000]):
        # every line one token, and those read all look like 'a,b'
        warnings.warn(
            BipartiteGameWarning(
                f"every line is one label, such as {quote(tokens[0])}: an edge is two labels "
                "separated by white space ('a b'), so this graph has no edge"
            ),
            stacklevel=2,
        )
    unique = list(dict.fromkeys(tokens))
    number = dict(zip(unique, range(len(unique)), strict=True))
    ids = np.fromiter(map(number.__getitem__, tokens), dtype=np.int64, count=len(tokens))
    in_pair = per_line[token_line] == 2
    pairs = ids[in_pair].reshape(-1, 2)
    return EdgeList(unique, pairs[:, 0].copy(), pairs[:, 1].copy())
