"""Edge-list text: one ``u v`` pair a line, ``#`` comments, any tokens as labels.

A line holds two tokens (an edge), one token (an isolated vertex, or one seen
again) or none.  Vertices are numbered in order of first appearance.  A
repeated edge, in either direction, is the same edge; a self-loop ``v v`` adds
the vertex but no edge (a token can never move along it).  Three or more
tokens on a line is an error naming the line.

Parsing is vectorised over the bytes (numpy masks for comments and line
numbers, ``bytes.split`` for tokens; labels numbered by one sort when all are
plain decimal numbers, else by a dict): no Python loop per edge.  Labels
are kept byte-exact (undecodable bytes survive a round trip).
"""

from __future__ import annotations

import operator
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
    # one line number per byte: int32 when it fits, and made in place, since
    # three int64 temporaries of the input's length were the parse's peak
    line_of = np.cumsum(newline, dtype=np.int32 if raw.size < 2**31 - 1 else np.int64)
    np.subtract(line_of, newline, out=line_of)
    np.add(line_of, 1, out=line_of)
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
    numbered = _number_decimal_tokens(raw, is_token, starts, tokens)
    if numbered is None:
        unique, ids = _number_tokens(tokens)
    else:
        unique, ids = numbered
    in_pair = per_line[token_line] == 2
    pairs = ids[in_pair].reshape(-1, 2)
    return EdgeList(unique, pairs[:, 0].copy(), pairs[:, 1].copy())


def _number_tokens(tokens: list[bytes]) -> tuple[list[bytes], npt.NDArray[np.int64]]:
    """The distinct tokens in order of first appearance, and each token's
    index among them: a dict, for labels of any kind.  O(T) hashing."""
    unique = list(dict.fromkeys(tokens))
    number = dict(zip(unique, range(len(unique)), strict=True))
    ids = np.fromiter(map(number.__getitem__, tokens), dtype=np.int64, count=len(tokens))
    return unique, ids


#: The longest decimal token read as a number (10**18 - 1 fits an int64).
_MAX_DIGITS = 18


def _number_decimal_tokens(
    raw: npt.NDArray[np.uint8],
    is_token: npt.NDArray[np.bool_],
    starts: npt.NDArray[np.bool_],
    tokens: list[bytes],
) -> tuple[list[bytes], npt.NDArray[np.int64]] | None:
    """What :func:`_number_tokens` returns, by sorting numbers instead of
    hashing bytes, when every token is a number written the one way (decimal
    digits, no leading zero, at most 18 of them); None otherwise.

    Most edge lists number their vertices, and hashing millions of small
    ``bytes`` objects was most of the time of ``graph`` on them (2.8 s of 4.3
    on 10^6 edges, docs/benchmarks.md).  Distinct canonical decimals are
    distinct numbers, so the numbering is the same.  O(T log T) in numpy: the
    digits are folded in at most 18 vectorised passes, then one stable sort
    finds each number's first appearance.
    """
    digits = raw[is_token] - np.uint8(ord("0"))  # wraps round below '0': > 9
    if digits.size == 0 or digits.max() > 9:
        return None
    first_digit = np.flatnonzero(starts[is_token])
    length = np.diff(np.append(first_digit, digits.size))
    if length.max() > _MAX_DIGITS or np.any((digits[first_digit] == 0) & (length > 1)):
        return None
    value = np.zeros(length.size, dtype=np.int64)
    for place in range(int(length.max())):
        more = np.flatnonzero(length > place)
        value[more] = value[more] * 10 + digits[first_digit[more] + place]
    return _first_appearance(value, tokens)


def _first_appearance(
    value: npt.NDArray[np.int64], tokens: list[bytes]
) -> tuple[list[bytes], npt.NDArray[np.int64]]:
    """Number the distinct values in order of first appearance, by one
    stable sort (a value's first position comes first among its equals)."""
    order = np.argsort(value, kind="stable")
    ordered = value[order]
    fresh = np.ones(value.size, dtype=np.bool_)
    np.not_equal(ordered[1:], ordered[:-1], out=fresh[1:])
    first = order[fresh]  # each distinct value's first position, by value
    appearance = np.argsort(first)
    rank = np.empty(first.size, dtype=np.int64)
    rank[appearance] = np.arange(first.size)
    ids = np.empty(value.size, dtype=np.int64)
    ids[order] = rank[np.cumsum(fresh) - 1]
    positions = first[appearance].tolist()
    unique = list(operator.itemgetter(*positions)(tokens)) if len(positions) > 1 else [tokens[0]]
    return unique, ids
