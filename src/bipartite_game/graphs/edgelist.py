"""Edge-list text: one ``u v`` pair a line, ``#`` comments, any tokens as labels.

A line holds two tokens (an edge), one token (an isolated vertex, or one seen
again) or none.  Vertices are numbered in order of first appearance.  A
repeated edge, in either direction, is the same edge; a self-loop ``v v`` adds
the vertex but no edge (a token can never move along it).  Three or more
tokens on a line is an error naming the line.

Two readers give the same :class:`EdgeList`.  The native one
(``native/edgelist.c``, used whenever the library of :mod:`._native` is
loaded) reads the bytes in place and makes no object per token: when every
token is a plain decimal number below four times the lines, one pass numbers the
labels through a table indexed by value; otherwise one pass counts tokens
and edges and finds a crowded line, and a second numbers the labels through
a seeded hash table of their bytes.  Either writes the edges as int32 ids
and keeps each label as its first token's offset and length in the text
(which the :class:`EdgeList` holds).  The Python one, :func:`_parse_python`,
is the specification, kept for when the library is absent: vectorised over
the bytes (numpy masks for comments and line numbers, ``bytes.split`` for
tokens; labels numbered by one sort when all are plain decimal numbers, else
by a dict), no Python loop per edge.  Labels are kept byte-exact
(undecodable bytes survive a round trip).
"""

from __future__ import annotations

import functools
import operator
import os
import warnings
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .._native import library
from .._text import as_bytes, quote
from ..errors import BipartiteGameError, BipartiteGameWarning, InputError

if TYPE_CHECKING:
    from .._native import Library

__all__ = ["EdgeList", "parse_edge_list"]

_WHITESPACE = np.zeros(256, dtype=np.bool_)
_WHITESPACE[[9, 10, 11, 12, 13, 32]] = True

Ids = npt.NDArray[np.int32] | npt.NDArray[np.int64]


class EdgeList:
    """A parsed edge list: the labels (``tokens``, in order of first
    appearance) and the edges as vertex-id arrays ``u`` and ``v`` (int64).

    The native reader keeps the labels as offsets into the text and the ends
    as int32, and makes the ``bytes`` labels and int64 ends only when asked
    for (``graph`` answers from the compact form:
    :meth:`~bipartite_game.graphs.graph.Graph.from_edge_list`, :meth:`verdict_lines`)."""

    def __init__(
        self,
        tokens: list[bytes] | None,
        u: Ids,
        v: Ids,
        *,
        text: bytes = b"",
        start: npt.NDArray[np.int64] | None = None,
        length: npt.NDArray[np.int64] | None = None,
    ) -> None:
        if tokens is None and (start is None or length is None):
            raise TypeError("EdgeList needs the tokens, or their offsets in the text")
        self._tokens = tokens
        self._ends = (u, v)
        self._text = text
        self._start = start
        self._length = length

    @property
    def num_vertices(self) -> int:
        if self._tokens is not None:
            return len(self._tokens)
        assert self._start is not None
        return int(self._start.size)

    @functools.cached_property
    def tokens(self) -> list[bytes]:
        """The labels as ``bytes``, one per vertex.  O(V), made once."""
        if self._tokens is not None:
            return self._tokens
        assert self._start is not None and self._length is not None
        text = self._text
        ends = (self._start + self._length).tolist()
        return [text[a:b] for a, b in zip(self._start.tolist(), ends, strict=True)]

    @functools.cached_property
    def u(self) -> npt.NDArray[np.int64]:
        return self._ends[0].astype(np.int64, copy=False)

    @functools.cached_property
    def v(self) -> npt.NDArray[np.int64]:
        return self._ends[1].astype(np.int64, copy=False)

    def labels(self) -> list[str]:
        """Labels as text (undecodable bytes kept by ``surrogateescape``)."""
        if not self.tokens:
            return []
        return b"\n".join(self.tokens).decode("utf-8", "surrogateescape").split("\n")

    @property
    def ends(self) -> tuple[Ids, Ids]:
        """The edges' end ids as the reader left them (int32 natively, else
        int64), without the copy :attr:`u` and :attr:`v` may make."""
        return self._ends

    def release_ends(self) -> None:
        """Let the edge arrays go (``u``, ``v`` and :attr:`ends` are empty
        from now on), for a caller that needs only the labels after building
        the graph, whose own arrays are what the solver uses."""
        empty = np.zeros(0, dtype=np.int32)
        self._ends = (empty, empty)
        self.__dict__.pop("u", None)
        self.__dict__.pop("v", None)

    def index(self, label: bytes) -> int | None:
        """The vertex whose label is ``label``, or None.  O(V), natively
        without making the labels."""
        lib = library()
        if lib is None or self._start is None or self._length is None or not label:
            try:
                return self.tokens.index(label)
            except ValueError:
                return None
        needle = np.frombuffer(label, dtype=np.uint8)
        text = np.frombuffer(self._text, dtype=np.uint8)
        found = lib.function("bg_edge_find", "BllqBq")(
            text, self._start, self._length, self.num_vertices, needle, needle.size
        )
        return None if found < 0 else found

    def verdict_lines(self, first_wins: npt.NDArray[np.bool_]) -> bytes:
        """``LABEL first`` or ``LABEL second`` a line, for every vertex in
        order.  O(V + the labels' bytes), natively without a ``bytes`` per
        label."""
        wins = np.ascontiguousarray(first_wins, dtype=np.bool_)
        if wins.shape != (self.num_vertices,):
            raise BipartiteGameError(
                f"verdict_lines needs one verdict per vertex ({self.num_vertices}), "
                f"not {wins.shape}"
            )
        lib = library()
        if lib is None or self._start is None or self._length is None:
            suffix = _VERDICT[wins.astype(np.intp)].tolist()
            lines: list[bytes] = [b""] * (2 * self.num_vertices)
            lines[0::2] = self.tokens
            lines[1::2] = suffix
            return b"".join(lines)
        size = lib.function("bg_edge_format_size", "l?q")(self._length, wins, wins.size)
        out = np.empty(size, dtype=np.uint8)
        text = np.frombuffer(self._text, dtype=np.uint8)
        write = lib.function("bg_edge_format", "Bll?qB")
        write(text, self._start, self._length, wins, wins.size, out)
        return out.tobytes()

    def pair_lines(
        self, u: Ids, v: Ids, suffixes: list[bytes], which: npt.NDArray[np.intp]
    ) -> bytes:
        """``U V`` and ``suffixes[which[k]]`` for each pair ``u[k] v[k]`` of
        vertex ids (a suffix ends its line), as one ``bytes``.  O(pairs +
        their bytes), one numpy gather from the text without a ``bytes`` per
        label when the labels are offsets into it."""
        if self._start is None or self._length is None:
            lines: list[bytes] = [b""] * (4 * len(u))
            tokens = self.tokens
            lines[0::4] = [tokens[x] for x in u.tolist()]
            lines[1::4] = [b" "] * len(u)
            lines[2::4] = [tokens[x] for x in v.tolist()]
            lines[3::4] = [suffixes[k] for k in which.tolist()]
            return b"".join(lines)
        tail = b" " + b"".join(suffixes)
        source = np.frombuffer(self._text + tail, dtype=np.uint8)
        sizes = np.array([len(x) for x in suffixes], dtype=np.int64)
        offsets = len(self._text) + 1 + np.cumsum(sizes) - sizes
        # each line is four pieces of the source: U, a space, V, the suffix
        begin = np.stack(
            [self._start[u], np.full(len(u), len(self._text)), self._start[v], offsets[which]],
            axis=1,
        ).ravel()
        size = np.stack(
            [self._length[u], np.ones(len(u), dtype=np.int64), self._length[v], sizes[which]],
            axis=1,
        ).ravel()
        ends = np.cumsum(size)
        gather = np.repeat(begin - ends + size, size) + np.arange(int(ends[-1]) if ends.size else 0)
        return source[gather].tobytes()


_VERDICT = np.array([b" second\n", b" first\n"], dtype=object)


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
    lib = library()
    parsed = _parse_python(data) if lib is None else _parse_native(lib, data)
    if parsed is None:  # too large for int32 ids natively
        parsed = _parse_python(data)
    edges, only_commas = parsed
    if only_commas:
        # every line one token, and those read all look like 'a,b'
        warnings.warn(
            BipartiteGameWarning(
                f"every line is one label, such as {quote(edges.tokens[0])}: an edge is two "
                "labels separated by white space ('a b'), so this graph has no edge"
            ),
            stacklevel=2,
        )
    return edges


def _no_vertices() -> InputError:
    return InputError("no vertices: the edge list is empty")


def _crowded(line: int, count: int) -> InputError:
    return InputError(f"expected an edge 'u v' or a lone label, found {count} tokens", line=line)


#: The fields bg_edge_scan writes, and bg_edge_dense's outcomes (see
#: native/edgelist.c).
_SCAN = ("tokens", "edges", "most", "crowded", "crowd", "commas")
_DENSE_DONE, _DENSE_CROWDED = 0, 1


def _parse_native(lib: Library, data: bytes) -> tuple[EdgeList, bool] | None:
    """:func:`_parse_python`'s result from ``native/edgelist.c``; None when
    the text has too many tokens for int32 ids (then the Python reader, and
    the graph's own size check, decide).

    Arrays are sized from the number of lines (at most two tokens and one
    edge a line, or the line is an error), by ``np.empty``/``np.zeros``,
    whose pages cost memory only once written, and shrunk in place after."""
    lines = data.count(b"\n") + 1
    if 2 * lines >= 2**31 - 1:
        return None
    raw = np.frombuffer(data, dtype=np.uint8)
    u = np.empty(lines, dtype=np.int32)
    v = np.empty(lines, dtype=np.int32)
    out = np.zeros(len(_SCAN), dtype=np.int64)
    # plain decimal labels below a bound: one pass, ids through a table
    capacity = max(4 * lines, 1 << 16)
    # one more than two a line: the reader takes a token's slot before it
    # sees that the token is a crowded line's third (an error, but written)
    start = np.empty(min(2 * lines + 1, capacity), dtype=np.int64)
    length = np.empty(start.size, dtype=np.int64)
    slot_of = np.zeros(capacity, dtype=np.int32)
    status = lib.function("bg_edge_dense", "Bqiqiilll")(
        raw, raw.size, slot_of, capacity, u, v, start, length, out
    )
    del slot_of
    if status == _DENSE_CROWDED:
        raise _crowded(int(out[0]), int(out[1]))
    only_commas = False
    if status == _DENSE_DONE:
        count, edges = int(out[0]), int(out[1])
    else:  # any labels: count them, then hash their bytes
        lib.function("bg_edge_scan", "Bql")(raw, raw.size, out)
        scan = dict(zip(_SCAN, out.tolist(), strict=True))
        if scan["crowded"]:
            raise _crowded(scan["crowded"], scan["crowd"])
        tokens, edges = scan["tokens"], scan["edges"]
        only_commas = scan["most"] == 1 and bool(scan["commas"])
        slots = np.empty(1 << max(4, (2 * tokens).bit_length()), dtype=np.int32)
        seed = int.from_bytes(os.urandom(8), "little") >> 1  # crafted collisions: no
        count = lib.function("bg_edge_hashed", "Bqqiqiill")(
            raw, raw.size, seed, slots, slots.size, u, v, start, length
        )
        del slots
    if count == 0:
        raise _no_vertices()
    for array, size in ((u, edges), (v, edges), (start, count), (length, count)):
        array.resize(size, refcheck=False)  # in place: no copy of the kept part
    edge_list = EdgeList(None, u, v, text=data, start=start, length=length)
    return edge_list, only_commas


def _parse_python(data: bytes) -> tuple[EdgeList, bool]:
    """The edge list of ``data`` (no NUL byte), and whether every line
    holds one token and the first thousand all hold a comma (the caller's
    warning): the specification of the native reader."""
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
        raise _no_vertices()
    if token_line.size != len(tokens):  # pragma: no cover - the two tokenisers agree
        raise InputError("could not split the input into tokens")
    per_line = np.bincount(token_line)
    crowded = np.flatnonzero(per_line > 2)
    if crowded.size:
        line = int(crowded[0])
        raise _crowded(line, int(per_line[line]))
    only_commas = per_line.max() == 1 and all(b"," in token for token in tokens[:1000])
    numbered = _number_decimal_tokens(raw, is_token, starts, tokens)
    if numbered is None:
        unique, ids = _number_tokens(tokens)
    else:
        unique, ids = numbered
    in_pair = per_line[token_line] == 2
    pairs = ids[in_pair].reshape(-1, 2)
    return EdgeList(unique, pairs[:, 0].copy(), pairs[:, 1].copy()), bool(only_commas)


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
    ``bytes`` objects would be most of the time of ``graph`` on them
    (docs/benchmarks.md, "Earlier: the vectorised Python reader").
    Distinct canonical decimals are distinct numbers, so the numbering is
    the same.  O(T log T) in numpy: the digits are folded in at most 18
    vectorised passes, then one stable sort finds each number's first
    appearance.
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
