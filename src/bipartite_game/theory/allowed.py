"""The allowed edges of ``G[C]`` on any graph, in about the time of a solve.

An edge is *allowed* when some maximum matching contains it.  Outside ``C``
the Gallai–Edmonds structure theorem decides every edge (see
:mod:`.decompose`); inside, ``H = G[C]`` has the perfect matching ``M`` (the
solve's, restricted to ``C``), the maximum matchings of ``G`` meet ``H`` in
exactly its perfect matchings, and an edge ``uv`` of ``H`` off ``M`` is
allowed iff it lies on an ``M``-alternating cycle, iff ``H - u - v`` has a
perfect matching.  A matched edge is allowed; it is in *every* maximum
matching iff no other edge at either end is allowed.  This module finds the
allowed edges of ``H`` (:func:`allowed_edges`) and the components they span,
the elementary pieces (:func:`elementary_pieces`).

Why not one search per vertex (the old method): a blossom search from
``M(u)`` in ``H - u`` labels even exactly the ``x`` with ``ux`` allowed, but
on a random sparse graph alternating distances are about log V, so even a
search stopped at ``u``'s last neighbour explores a constant share of the
graph: quadratic.  Here most edges are proved allowed in bulk by
certificates that cover many edges at once, exact reductions shrink the
graph first, and only what is left is searched, within a budget.

Every step below either exhibits an alternating cycle (the edge is
allowed), or a barrier (it is not), or maps the perfect matchings of one
graph onto those of a smaller one, edges onto themselves.

**1. Reductions.**  They work on a multigraph of *super-vertices* (sets of
vertices of ``H``, each matched to one other by one edge of ``M``), starting
from ``H`` itself.  Parallel edges are allowed together: two copies ``e, f``
of one pair off ``M`` are interchangeable in any perfect matching, and a
copy off ``M`` of a matched pair is allowed (swap it for the matched copy).
So a walk over a super-vertex's edges *folds* parallel copies into one
representative (the others take its class at the end) and keeps one edge
per distinct neighbour.  Then, for a super-vertex ``S``:

* *Peel*: ``S`` has one neighbour ``T``.  ``T = M(S)`` (the matched edge is
  one of ``S``'s) and every perfect matching pairs ``S`` with ``T``, so
  ``T``'s other edges are in none; ``S`` and ``T`` leave, and the perfect
  matchings of what is left are those of before, less ``ST``.
* *Contract*: ``w`` has two neighbours, its partner ``x`` and ``y``.  Every
  perfect matching pairs ``w`` with ``x`` or ``y``.  Merge ``x``, ``w``,
  ``y`` into one super-vertex ``X`` matched to ``M(y)``: a perfect matching
  ``N'`` after meets ``X`` in one edge ``f``; if ``f`` is an edge of ``x``
  then ``N' + wy`` is a perfect matching before, if of ``y`` then
  ``N' + wx``, and every perfect matching before arises so (with each copy
  of ``wy``).  Edges of the smaller graph keep their class.  The edges
  ``xy`` are in none (``w`` would be left alone).  ``wx`` is matched.  And
  ``wy`` is allowed iff some allowed edge of ``X`` is one of ``x``'s
  (leaves ``X`` from ``x``'s side).

The reductions run to exhaustion.  What is left, ``R`` (the *core*), is
a simple graph with a perfect matching.  Its classes are found as below,
then the reductions are undone last in, first out: undoing a contraction
decides its ``wy`` by counting the allowed edges that leave ``X`` from
``x``'s side.  Each super-vertex keeps that count for its own edges.  The
smaller of ``x`` and ``y`` (by the rows of their members) is scanned; the
other side's count is ``X``'s less the scanned one.  Then ``x``'s, ``w``'s
and ``y``'s own counts follow from the copies of ``wx`` (allowed, counted
when folded) and of ``wy`` (the class just found).  The unwinding must know
each vertex's super-vertex at the time of the contraction.  Each vertex
carries its super-vertex's name; a contraction renames the members of the
two smaller parts and records their runs in the member list; undoing it
renames them back.

**2. Certificates on R**, each a proof that an edge is allowed:

* *The bipartite rule.*  Colour each matched pair, one end black and one
  white (a *relaxation* ``σ``), and keep the edges off ``M`` joining a black
  ``b`` and a white ``w`` as arcs ``b -> M(w)`` between pairs.  A directed
  cycle visits distinct pairs and alternates, so it is a simple alternating
  cycle: every such arc inside a strongly connected component (SCC) is
  allowed.  On a bipartite graph, with ``σ`` its sides, this decides
  everything (the fine Dulmage–Mendelsohn blocks).
* *One pair attached to an SCC.*  Let a pair ``{q, q'}`` lie outside an SCC
  ``K``, ``a`` a neighbour of ``q`` in ``K`` and ``b`` a neighbour of ``q'``
  in ``K`` of the other colour.  Then ``a q q' b … a' a`` is a simple
  alternating cycle: the path runs inside ``K`` from ``b``'s pair to
  ``a``'s (or the other way, by the colours), and is empty when ``b = a'``.
  So ``qa`` (and ``q'b``) are allowed.
* *Short cycles.*  Alternating 4- and 6-cycles, searched around each
  undecided edge, only when a sample says they are common (grids, king
  moves), and within two passes over ``R``.

The relaxation is redrawn each round: each pair flips with probability 1/2,
then one local-search sweep flips the pairs that make more weight
bichromatic (an undecided edge weighs :data:`_HEAVY`, a decided one 1).  The
random bits come from a splitmix64 generator seeded with a constant, so the
same input gives the same rounds, the same work and the same answer on
every machine.  The rounds stop when few rows are undecided
(:data:`_FEW_ROWS`) or a round settles fewer than :data:`_MIN_SETTLED` rows,
or after :data:`_MAX_ROUNDS`.

**3. The exact residue.**  For each vertex ``u`` of ``R`` with an undecided
edge, Edmonds' search from ``M(u)`` in ``R - u`` (``u`` labelled odd)
labels even exactly the ``x`` with ``R - u - x`` perfectly matchable, i.e.
``ux`` allowed; a vertex labelled even stays even, so the search stops once
all of ``u``'s undecided neighbours are even.  A search that runs to the end
gives more: ``R - u`` has the one free vertex ``M(u)``, so the search's even,
odd and unreached vertices are its Gallai–Edmonds ``D``, ``A``, ``C``, and
``B = A ∪ {u}`` is a barrier of ``R`` whose odd components are the
components of ``R[D]``, the search's outermost blossoms (factor-critical).
Every perfect matching matches ``B`` one to one into those blossoms and the
rest inside themselves, hence: edges inside ``B`` and from ``B`` to
unreached vertices are in none; an edge ``bx`` (``x`` even) is allowed iff
``x`` lies in the blossom of ``M(b)`` (a factor-critical blossom may be left
at any vertex) or, in the digraph ``b -> the B-partner of the blossom of
x``, ``b`` and that partner are strongly connected (the bipartite rule on
``B`` against the contracted blossoms, with the matching ``b -> M(b)``).
This decides every row of ``B``.

**Cost.**  Reductions: O(E log V).  A contraction renames the members of
the two smaller parts, which join a part at least as large: a vertex is
renamed O(log V) times.  It scans the shorter of the lists of ``x`` and
``y``, which joins one at least twice as long; lists also shorten as walks
drop entries, but a potential of ``log2(E / length of its list)`` per live
entry pays for both (a drop raises the others' by O(1) in all).  A walk
stops after three distinct neighbours, so it costs O(1) plus the entries it
drops or folds, each once.  Certificates: at most :data:`_MAX_ROUNDS`
rounds of O(V + E), and short cycles capped at two passes each time.  The
residue: each search scans at most the rows of ``R`` once and the barrier's
rows twice, so at most ``2 |entries of R|`` steps; with ``r`` rows left,
``r · 2 |entries of R|`` steps (O(V·E·α) in the worst case, as the best known
deterministic bound for this problem, O(VE)).  That bound is known before
the residue starts.  Within the caller's budget (:data:`DEFAULT_BUDGET`
steps) the residue runs and is never refused.  Past it, the residue first
searches an even sample of :data:`_SAMPLE` rows and is refused at once when
their mean work times the rows left passes the budget (an estimate, so it
may refuse a residue that would have fitted; the sample's steps count);
otherwise it runs, paused every :data:`_SLICE` steps (progress, Ctrl-C),
and is refused as soon as its counted work passes the budget: it never
answers after more steps than the budget.  No clock is read, so the same
input and budget give the same outcome on every machine.  On random
graphs the certificates leave a handful of rows to the searches, so the
whole costs some ten solves; long alternating cycles (king moves with walls)
take more rounds, and a chain of K4 thousands of searches (the figures:
docs/benchmarks.md, "The allowed edges of G[C]").

Every kernel here is a plain Python specification attached to its C version
(``native/allowed.c``) by ``@kernel(native=...)``, step for step the same
work, so the two are compared result for result and counter for counter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from .. import _stats
from .._jit import kernel
from ..errors import BipartiteGameError, SolverError
from ..graphs.blossom import contract_blossom, find_root
from ..graphs.csr import OffsetArray, wide_offsets

if TYPE_CHECKING:
    from .._native import Library

__all__ = [
    "DEFAULT_BUDGET",
    "EdgeClassWork",
    "EdgeClassesTooLarge",
    "allowed_edges",
    "elementary_pieces",
]

IntArray = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
Int8Array = npt.NDArray[np.int8]
BoolArray = npt.NDArray[np.bool_]

#: The steps the exact residue may take unless the caller says otherwise:
#: a step is one entry of ``R`` scanned by a search (about 5-20 ns), so this
#: is some seconds of the worst inputs.
DEFAULT_BUDGET = 1_000_000_000

# States of an entry (a directed edge of the CSR).  Final: SOME (allowed), NONE,
# MATCHED.  Transient: UNKNOWN, GROUPED (the wy of a contraction, decided when
# it is undone), COPY (folded into the parallel entry rep[k]).  OUTSIDE: not an
# edge of G[C].
_UNKNOWN, _SOME, _NONE, _MATCHED, _GROUPED, _COPY, _OUTSIDE = range(7)

# A contraction's record in ``events``: the names of x, w, y and of X, the
# entry w -> y, the copies of wx off M, the copies of wy, the first and last
# members of x, w and y (their runs in the member list), and the row lengths
# of x's and y's members.
(_E_X, _E_W, _E_Y, _E_NAME, _E_WY, _E_NWX, _E_NWY, _E_XF, _E_XL, _E_WF, _E_WL, _E_YF, _E_YL,
 _E_DX, _E_DY) = range(15)  # fmt: skip
_EVENT = 15

# _reduce's counts: contractions, peels, the core's vertices and entries, the
# entries walked and members renamed.
_R_EVENTS, _R_PEELS, _R_CORE, _R_ENTRIES, _R_WORK = range(5)
_R_COUNTS = 5

# _relax's counts: short cycles found, rounds, undecided entries after the
# short cycles and at the end, rows left, entries scanned (short cycles, rounds).
_X_CYCLES, _X_ROUNDS, _X_AFTER_LOCAL, _X_UNKNOWN, _X_ROWS, _X_LOCAL_WORK, _X_WORK = range(7)
_X_COUNTS = 7

# _exact's counters: the next row, the steps done, the step count at which it
# pauses, searches, searches run to the end, entries decided by barriers, the
# blossom clock, 1 once the scratch is set.
_S_NEXT, _S_WORK, _S_PAUSE, _S_SEARCHES, _S_FULL, _S_BARRIER, _S_CLOCK, _S_READY = range(8)
_S_COUNTERS = 8
#: What _exact returns when it stopped at its pause mark (call again).
_PAUSED = 1

#: Rounds of relaxation at most.
_MAX_ROUNDS = 40
#: The rounds stop when at most this many rows are undecided ...
_FEW_ROWS = 8
#: ... or when a round settled fewer rows than this.
_MIN_SETTLED = 2
#: Weight of an undecided edge (a decided one weighs 1) in the local search.
_HEAVY = 50
#: Short cycles are searched everywhere when the sample's cycles are at least
#: a tenth of its undecided entries; the sample is one row in _STRIDE (at
#: least _SAMPLE_ROWS rows); and their work is capped at two passes over R.
_STRIDE, _SAMPLE_ROWS = 50, 200
#: Rows searched first to estimate the residue when its bound passes the budget.
_SAMPLE = 32
#: Steps of the residue between two pauses (progress, Ctrl-C): some 10 ms.
_SLICE = 1 << 20
#: The seed of the relaxation's generator.
_SEED = 0x5EED_0F_A110_7ED5

_MASK = (1 << 64) - 1
_EVEN, _ODD = 1, 2
_find = find_root.py_func
_contract = contract_blossom.py_func


class EdgeClassesTooLarge(BipartiteGameError):
    """The exact residue of the edge classes would pass its budget of steps;
    the message says how large it is and how to allow it."""


@dataclass
class EdgeClassWork:
    """What :func:`allowed_edges` did: sizes and counted work (for
    ``--stats``, benchmarks and tests)."""

    c_vertices: int = 0
    c_entries: int = 0
    peels: int = 0
    contractions: int = 0
    core_vertices: int = 0
    core_entries: int = 0
    reduce_work: int = 0
    short_cycles: int = 0
    rounds: int = 0
    relax_work: int = 0
    rows_left: int = 0
    bound: int = 0
    searches: int = 0
    full_searches: int = 0
    residue_work: int = 0
    barrier_decided: int = 0
    lift_work: int = 0


def allowed_edges(
    indptr: OffsetArray,
    indices: Int32Array,
    mate: Int32Array,
    in_c: BoolArray,
    *,
    budget: int | None = DEFAULT_BUDGET,
    work: EdgeClassWork | None = None,
) -> BoolArray:
    """Per CSR entry: is the edge in some perfect matching of ``G[C]``?

    ``indptr``, ``indices``: a graph (rows sorted, no repeats or loops);
    ``mate``: a maximum matching that matches ``C`` (``in_c``) perfectly
    inside itself, as :func:`~.game.solve` gives it.  Entries not inside
    ``C`` are False; matched ones True.  The method and its cost are in the
    module docstring: the residue is refused with
    :class:`EdgeClassesTooLarge` past ``budget`` steps (``None``: no
    limit).  ``work``, if given, receives the sizes and the work.  Raises
    :class:`SolverError` if ``mate`` does not match ``C`` inside itself."""
    return _allowed(indptr, indices, mate, in_c, budget, work, _Options())


@dataclass(frozen=True)
class _Options:
    """The method's switches, for tests that drive one part harder: without
    reductions the core is ``G[C]``; with no rounds and no short cycles the
    residue decides everything."""

    reductions: bool = True
    short_cycles: bool = True
    rounds: int = _MAX_ROUNDS


def _allowed(
    indptr: OffsetArray,
    indices: Int32Array,
    mate: Int32Array,
    in_c: BoolArray,
    budget: int | None,
    work: EdgeClassWork | None,
    options: _Options,
) -> BoolArray:
    """:func:`allowed_edges` with ``options``."""
    indptr = wide_offsets(indptr)
    n = indptr.size - 1
    indices = np.ascontiguousarray(indices, dtype=np.int32)
    mate = np.ascontiguousarray(mate, dtype=np.int32)
    in_c = np.ascontiguousarray(in_c, dtype=np.bool_)
    if indices.shape != (int(indptr[-1]),) or mate.shape != (n,) or in_c.shape != (n,):
        raise BipartiteGameError(
            f"allowed_edges needs {int(indptr[-1])} indices and one mate and one in_c per "
            f"vertex ({n}), not shapes {indices.shape}, {mate.shape} and {in_c.shape}"
        )
    if budget is not None:
        if isinstance(budget, bool) or not isinstance(budget, (int, np.integer)) or budget < 0:
            raise BipartiteGameError(
                f"budget must be a whole number of steps >= 0 or None, not {budget!r}"
            )
        budget = int(budget)
    _check_mate(indptr, indices, mate, in_c)
    record = work if work is not None else EdgeClassWork()
    record.c_vertices = int(np.count_nonzero(in_c))
    if record.c_vertices == 0:
        return np.zeros(indices.size, dtype=np.bool_)
    with _stats.phase("edge classes: reduce"):
        (state, twin, rep, name, member_next, events, rptr, rind, rentry, counts) = _reduce(
            indptr, indices, mate, in_c, int(options.reductions)
        )
    rn, rm = int(counts[_R_CORE]), int(counts[_R_ENTRIES])
    record.peels, record.contractions = int(counts[_R_PEELS]), int(counts[_R_EVENTS])
    record.core_vertices, record.core_entries = rn, rm
    record.reduce_work = int(counts[_R_WORK])
    rptr, rind, rentry = rptr[: rn + 1], rind[:rm], rentry[:rm]
    rmate = np.arange(rn, dtype=np.int32) ^ 1
    with _stats.phase("edge classes: certificates"):
        rstate, rtwin, relaxed = _relax(rptr, rind, int(options.short_cycles), options.rounds)
    record.short_cycles, record.rounds = int(relaxed[_X_CYCLES]), int(relaxed[_X_ROUNDS])
    record.relax_work = int(relaxed[_X_LOCAL_WORK] + relaxed[_X_WORK])
    if relaxed[_X_UNKNOWN]:
        with _stats.phase("edge classes: exact"):
            _residue(rptr, rind, rmate, rtwin, rstate, budget, record)
    with _stats.phase("edge classes: lift"):
        allowed, lifted = _lift(
            indptr, indices, in_c, rentry, state, twin, rep, name, member_next, events,
            int(counts[_R_EVENTS]), rstate,
        )  # fmt: skip
    record.c_entries = int(np.count_nonzero(state != _OUTSIDE))
    record.lift_work = int(lifted)
    return allowed


def _check_mate(indptr: IntArray, indices: Int32Array, mate: Int32Array, in_c: BoolArray) -> None:
    """``mate`` pairs every vertex of C with a neighbour in C (vectorised
    over the rows of C only, O(|C| + its entries)): the kernels trust it."""
    n = in_c.size
    c = np.flatnonzero(in_c)
    partner = mate[c].astype(np.int64)
    ok = (partner >= 0) & (partner < n)
    if ok.all():
        ok &= in_c[partner] & (mate[partner] == c)
    if ok.all() and c.size:
        starts = indptr[c]
        lengths = indptr[c + 1] - starts
        ends = np.cumsum(lengths)
        # the entries of C's rows, row by row: keys (row, neighbour) sorted
        position = np.arange(int(ends[-1]), dtype=np.int64) + np.repeat(
            starts - ends + lengths, lengths
        )
        keys = np.repeat(np.arange(c.size, dtype=np.int64), lengths) * n + indices[position]
        wanted = np.arange(c.size, dtype=np.int64) * n + partner
        where = np.minimum(np.searchsorted(keys, wanted), max(keys.size - 1, 0))
        ok &= keys[where] == wanted if keys.size else np.zeros(c.size, dtype=np.bool_)
    if not ok.all():
        bad = int(c[np.flatnonzero(~ok)[0]])
        raise SolverError(f"vertex {bad} of C is not matched along an edge inside C")


def _residue(
    rptr: IntArray,
    rind: Int32Array,
    rmate: Int32Array,
    rtwin: Int32Array,
    rstate: Int8Array,
    budget: int | None,
    record: EdgeClassWork,
) -> None:
    """The exact residue (module docstring), within ``budget`` steps."""
    rn = rptr.size - 1
    src = np.repeat(np.arange(rn, dtype=np.int32), np.diff(rptr))
    rows = np.unique(src[rstate == _UNKNOWN]).astype(np.int32)
    record.rows_left = int(rows.size)
    record.bound = int(rows.size) * 2 * int(rind.size)
    flags = np.empty(2 * rn, dtype=np.int8)
    scratch = np.empty(10 * rn, dtype=np.int32)
    wide = np.empty(2 * rn, dtype=np.int64)
    counters = np.zeros(_S_COUNTERS, dtype=np.int64)
    limit = (1 << 62) if budget is None else budget

    def run(which: Int32Array, show: bool) -> None:
        counters[_S_NEXT] = 0
        while True:
            counters[_S_PAUSE] = min(int(counters[_S_WORK]) + _SLICE, limit + 1)
            status = _exact(rptr, rind, which, rmate, rtwin, rstate, flags, scratch, wide, counters)
            if counters[_S_WORK] > limit:
                raise EdgeClassesTooLarge(
                    _refusal(record, f"refused after {int(counters[_S_WORK]):,} steps", limit)
                )
            if status != _PAUSED:
                return
            if show:
                _stats.progress(int(counters[_S_NEXT]), int(which.size))

    if record.bound > limit and rows.size > _SAMPLE:
        picked = np.unique(np.linspace(0, rows.size - 1, _SAMPLE).astype(np.int64))
        run(rows[picked], False)
        estimate = int(counters[_S_WORK]) * int(rows.size) // int(picked.size)
        if estimate > limit:
            raise EdgeClassesTooLarge(
                _refusal(record, f"about {estimate:,} by a sample of {picked.size} rows", limit)
            )
    run(rows, True)
    record.searches, record.full_searches = int(counters[_S_SEARCHES]), int(counters[_S_FULL])
    record.residue_work = int(counters[_S_WORK])
    record.barrier_decided = int(counters[_S_BARRIER])


def _refusal(record: EdgeClassWork, how: str, budget: int) -> str:
    """One line (the command line shows 300 characters): the budget and how
    to raise it first, then the residue's size."""
    return (
        f"the edge classes need more than the budget of {budget:,} steps (raise it with "
        f"--budget, or budget=): {record.rows_left:,} rows of a core of "
        f"{record.core_vertices:,} vertices and {record.core_entries // 2:,} edges are left "
        f"to search, up to {record.bound:,} steps ({how})"
    )


# ---------------------------------------------------------------- reductions


def _reduce_native(
    lib: Library,
    indptr: IntArray,
    indices: Int32Array,
    mate: Int32Array,
    in_c: BoolArray,
    reductions: int,
) -> tuple[
    Int8Array, Int32Array, Int32Array, Int32Array, Int32Array, IntArray, IntArray, Int32Array,
    Int32Array, IntArray,
]:  # fmt: skip
    n = indptr.size - 1
    m = indices.size
    state = np.empty(m, dtype=np.int8)
    twin, rep, rind, rentry, link, mult = np.empty((6, m), dtype=np.int32)
    name, member_next = np.empty((2, n), dtype=np.int32)
    events = np.empty((n // 2 + 1) * _EVENT, dtype=np.int64)
    rptr = np.empty(n + 1, dtype=np.int64)
    counts = np.empty(_R_COUNTS, dtype=np.int64)
    vertex = np.empty(10 * n, dtype=np.int32)
    flags = np.empty(3 * n, dtype=np.uint8)
    wide = np.empty(4 * n, dtype=np.int64)
    status = lib.function("bg_allowed_reduce", "lii?qqbiiiilliiliiiBl")(
        indptr, indices, mate, in_c, n, reductions, state, twin, rep, name, member_next, events,
        rptr, rind, rentry, counts, link, mult, vertex, flags, wide,
    )  # fmt: skip
    if status:
        raise SolverError(f"the edge-class reductions met an inconsistent matching ({status})")
    return state, twin, rep, name, member_next, events, rptr, rind, rentry, counts


@kernel(native=_reduce_native)
def _reduce(
    indptr: IntArray, indices: Int32Array, mate: Int32Array, in_c: BoolArray, reductions: int
) -> tuple[
    Int8Array, Int32Array, Int32Array, Int32Array, Int32Array, IntArray, IntArray, Int32Array,
    Int32Array, IntArray,
]:  # fmt: skip
    """Peel and contract ``G[C]`` to exhaustion (module docstring, 1), then
    write the core ``R`` as a CSR.  Returns ``(state, twin, rep, name,
    member_next, events, rptr, rind, rentry, counts)``: per entry its state,
    reverse entry and representative (folded copies); per vertex its
    super-vertex's name and the next member; the contractions; ``R`` (pairs
    numbered ``2i, 2i + 1``, rows sorted; ``rentry`` the entry of ``G``
    behind each entry of ``R``); the counts ``_R_*``.  ``reductions`` 0:
    none (``R`` is ``G[C]``)."""
    r = _Reduction(indptr, indices, mate, in_c)
    if reductions:
        r.run()
    return r.core()


class _Reduction:
    """The working state of :func:`_reduce`; ``native/allowed.c`` keeps the
    same arrays in one struct and runs the same steps in the same order.

    Per super-vertex, indexed by its name (a member's id): its list of live
    entries (``head``, ``tail``, ``length``; entries chained by ``link``,
    dead ones dropped when walked over), its members (``first``, ``last``,
    ``size``; chained by ``member_next``), ``degsum`` (its members' rows'
    length, the cost of scanning them), its partner ``smate``, ``alive``
    and ``queued``."""

    def __init__(
        self, indptr: IntArray, indices: Int32Array, mate: Int32Array, in_c: BoolArray
    ) -> None:
        n, m = indptr.size - 1, indices.size
        self.n, self.indptr, self.indices = n, indptr, indices
        self.state = np.full(m, _OUTSIDE, dtype=np.int8)
        self.twin = np.full(m, -1, dtype=np.int32)
        self.rep = np.full(m, -1, dtype=np.int32)
        self.link = np.full(m, -1, dtype=np.int32)
        self.mult = np.zeros(m, dtype=np.int32)
        self.name = np.full(n, -1, dtype=np.int32)
        self.member_next = np.full(n, -1, dtype=np.int32)
        self.head = np.full(n, -1, dtype=np.int32)
        self.tail = np.full(n, -1, dtype=np.int32)
        self.length = np.zeros(n, dtype=np.int32)
        self.first = np.full(n, -1, dtype=np.int32)
        self.last = np.full(n, -1, dtype=np.int32)
        self.size = np.zeros(n, dtype=np.int32)
        self.degsum = np.zeros(n, dtype=np.int64)
        self.smate = np.full(n, -1, dtype=np.int32)
        self.alive = np.zeros(n, dtype=np.bool_)
        self.queued = np.zeros(n, dtype=np.bool_)
        self.dirty = np.zeros(n, dtype=np.bool_)  # merged, or next to a merge
        self.stack = np.empty(n, dtype=np.int32)
        self.top = 0
        self.seen = np.zeros(n, dtype=np.int64)  # a walk's stamp per neighbour
        self.kept = np.full(n, -1, dtype=np.int32)  # and the entry kept for it
        self.stamp = 0
        self.found = [-1, -1]  # a walk's first two distinct neighbours
        self.events = np.zeros((n // 2 + 1) * _EVENT, dtype=np.int64)
        self.counts = np.zeros(_R_COUNTS, dtype=np.int64)
        state, twin, link, mult = self.state, self.twin, self.link, self.mult
        cursor = indptr[:-1].copy()  # per row: the next entry to pair with a smaller row
        for v in range(n):
            if not in_c[v]:
                continue
            self.name[v] = self.first[v] = self.last[v] = v
            self.size[v] = 1
            self.smate[v] = mate[v]
            self.alive[v] = True
            self.degsum[v] = indptr[v + 1] - indptr[v]
            previous = -1
            for k in range(indptr[v], indptr[v + 1]):
                w = int(indices[k])
                if not in_c[w]:
                    continue
                state[k] = _MATCHED if w == mate[v] else _UNKNOWN
                mult[k] = 1
                if previous < 0:
                    self.head[v] = k
                else:
                    link[previous] = k
                previous = k
                self.length[v] += 1
                if w > v:  # rows are sorted: w's entries below w come in order of v
                    j = int(cursor[w])
                    while indices[j] != v:
                        j += 1
                    cursor[w] = j + 1
                    twin[k], twin[j] = j, k
            self.tail[v] = previous
        # popped in increasing order; a vertex of three neighbours or more
        # changes only when a neighbour does, and is pushed then
        for v in range(n - 1, -1, -1):
            if in_c[v] and self.length[v] <= 2:
                self.push(v)

    def push(self, s: int) -> None:
        if self.alive[s] and not self.queued[s]:
            self.queued[s] = True
            self.stack[self.top] = s
            self.top += 1

    def entry(self, k: int) -> tuple[int, int, int]:
        """Read the entry ``k`` of a super-vertex's list, a step of work:
        the next entry (-1: none), the name of its head and its state."""
        self.counts[_R_WORK] += 1
        return int(self.link[k]), int(self.name[self.indices[k]]), int(self.state[k])

    def set_both(self, k: int, value: int) -> None:
        self.state[k] = self.state[self.twin[k]] = value

    def run(self) -> None:
        """Peel and contract until no super-vertex has at most two
        neighbours."""
        while self.top > 0:
            self.top -= 1
            s = int(self.stack[self.top])
            self.queued[s] = False
            if not self.alive[s]:
                continue
            distinct = self.walk(s, 2)
            if distinct == 1:
                self.peel(s)
            elif distinct == 2:
                self.contract(s)
            elif distinct == 0:
                raise SolverError(f"the matched edge of vertex {s} was lost")

    def walk(self, s: int, most: int) -> int:
        """Walk ``s``'s list: drop dead entries (decided, folded, or inside
        ``s``), fold each parallel entry into the one kept for its neighbour
        (a copy off M of the matched pair is SOME; else it becomes a COPY of
        the kept one, its multiplicity added), and count the distinct
        neighbours, stopping when they pass ``most``.  Returns the count;
        the first two neighbours are in ``found``, their entries in
        ``kept``."""
        state, twin, mult = self.state, self.twin, self.mult
        seen, kept = self.seen, self.kept
        self.stamp += 1
        stamp = self.stamp
        distinct = 0
        previous = -1
        k = int(self.head[s])
        while k >= 0:
            following, t, st = self.entry(k)
            drop = (st != _UNKNOWN and st != _MATCHED) or t == s
            if not drop and seen[t] == stamp:
                held = int(kept[t])
                if st == _MATCHED or state[held] == _MATCHED:
                    matched, loose = (k, held) if st == _MATCHED else (held, k)
                    self.set_both(loose, _SOME)
                    mult[matched] += mult[loose]
                    mult[twin[matched]] = mult[matched]
                    kept[t] = matched
                    drop = loose == k  # a loose held entry stays until a later walk
                else:
                    self.set_both(k, _COPY)
                    self.rep[k], self.rep[twin[k]] = held, twin[held]
                    mult[held] += mult[k]
                    mult[twin[held]] = mult[held]
                    drop = True
            elif not drop:
                seen[t] = stamp
                kept[t] = k
                distinct += 1
                if distinct <= 2:
                    self.found[distinct - 1] = t
                if distinct > most:
                    return distinct
            if drop:
                self.unlink(s, previous, k, following)
            else:
                previous = k
            k = following
        return distinct

    def unlink(self, s: int, previous: int, k: int, following: int) -> None:
        """Take the entry ``k`` out of ``s``'s list, between ``previous``
        and ``following`` (-1: none)."""
        if previous < 0:
            self.head[s] = following
        else:
            self.link[previous] = following
        if self.tail[s] == k:
            self.tail[s] = previous
        self.length[s] -= 1

    def peel(self, s: int) -> None:
        """``s``'s one neighbour is its partner ``t``: ``t``'s other edges
        are in none; both leave."""
        t = self.found[0]
        if t != self.smate[s]:
            raise SolverError(f"super-vertex {s}'s one neighbour is not its partner")
        k = int(self.head[t])
        while k >= 0:
            following, u, st = self.entry(k)
            if st in (_UNKNOWN, _MATCHED) and u not in (t, s):
                self.set_both(k, _NONE)
                self.push(u)
            k = following
        self.alive[s] = self.alive[t] = False
        self.counts[_R_PEELS] += 1

    def contract(self, w: int) -> None:
        """``w``'s neighbours are its partner ``x`` and ``y``: merge the three
        into one super-vertex named after the part with most members."""
        x = int(self.smate[w])
        if x != self.found[0] and x != self.found[1]:
            raise SolverError(f"super-vertex {w}'s partner is not among its two neighbours")
        y = self.found[1] if self.found[0] == x else self.found[0]
        k_wx, k_wy = int(self.kept[x]), int(self.kept[y])
        n_wx, n_wy = int(self.mult[k_wx]) - 1, int(self.mult[k_wy])
        self.set_both(k_wy, _GROUPED)
        # the smaller list: its x-y entries are in none, its neighbours may
        # now see x and y as one (the others' neighbours did not change)
        small, big = (x, y) if self.length[x] <= self.length[y] else (y, x)
        previous = -1
        k = int(self.head[small])
        while k >= 0:
            following, u, st = self.entry(k)
            drop = st not in (_UNKNOWN, _MATCHED) or u in (small, w)
            if not drop and u == big:
                self.set_both(k, _NONE)
                drop = True
            if drop:
                self.unlink(small, previous, k, following)
            else:
                self.push(u)
                self.dirty[u] = True
                previous = k
            k = following
        size = self.size
        merged = x
        if size[y] > size[merged]:
            merged = y
        if size[w] > size[merged]:
            merged = w
        runs = [(part, int(self.first[part]), int(self.last[part])) for part in (x, w, y)]
        for part, begin, end in runs:
            if part != merged:
                self.rename(begin, end, merged)
        (_, xf, xl), (_, wf, wl), (_, yf, yl) = runs
        self.member_next[xl] = wf
        self.member_next[wl] = yf
        head_x, tail_x, head_y, tail_y = (
            int(self.head[x]), int(self.tail[x]), int(self.head[y]), int(self.tail[y])
        )  # fmt: skip
        if tail_x >= 0:
            self.link[tail_x] = head_y
        length = int(self.length[x]) + int(self.length[y])
        members = int(size[x]) + int(size[w]) + int(size[y])
        dx, dy = int(self.degsum[x]), int(self.degsum[y])
        degsum = dx + int(self.degsum[w]) + dy
        partner = int(self.smate[y])
        e = int(self.counts[_R_EVENTS])
        self.events[e * _EVENT : (e + 1) * _EVENT] = (
            x, w, y, merged, k_wy, n_wx, n_wy, xf, xl, wf, wl, yf, yl, dx, dy
        )  # fmt: skip
        self.counts[_R_EVENTS] += 1
        self.alive[x] = self.alive[w] = self.alive[y] = False
        self.alive[merged] = True
        self.head[merged] = head_x if head_x >= 0 else head_y
        self.tail[merged] = tail_y if tail_y >= 0 else tail_x
        self.length[merged] = length
        self.first[merged], self.last[merged] = xf, yl
        size[merged] = members
        self.degsum[merged] = degsum
        self.smate[merged] = partner
        self.smate[partner] = merged
        self.dirty[merged] = True
        self.push(merged)

    def rename(self, begin: int, end: int, to: int) -> None:
        v = begin
        while True:
            self.counts[_R_WORK] += 1
            self.name[v] = to
            if v == end:
                return
            v = int(self.member_next[v])

    def core(self) -> tuple[
        Int8Array, Int32Array, Int32Array, Int32Array, Int32Array, IntArray, IntArray,
        Int32Array, Int32Array, IntArray,
    ]:  # fmt: skip
        """Write ``R``: the live super-vertices numbered pair by pair (the
        one with the smaller name ``2i``, its partner ``2i + 1``, in
        increasing order of that name, so that ``M(v) = v ^ 1``), one entry
        per distinct neighbour, rows sorted.  A super-vertex that no
        contraction touched keeps its row, whose live entries go to distinct
        neighbours; the touched ones (``dirty``) are first all walked with
        no limit, which folds their copies (a later walk cannot fold an
        entry kept by an earlier one: the twins of folded entries are folded
        too, and a clean row has no copies to fold)."""
        n, m = self.n, self.indices.size
        alive, smate, name, state, indices = (
            self.alive, self.smate, self.name, self.state, self.indices
        )  # fmt: skip
        rid = np.full(n, -1, dtype=np.int32)
        owner: list[int] = []
        for s in range(n):
            if alive[s] and s < smate[s]:
                rid[s], rid[smate[s]] = len(owner), len(owner) + 1
                owner += [s, int(smate[s])]
        rn = len(owner)
        for s in owner:
            if self.dirty[s]:
                self.walk(s, n)
        vid = np.full(n, -1, dtype=np.int32)  # per vertex: its super-vertex in R
        for v in range(n):
            if name[v] >= 0:
                vid[v] = rid[name[v]]
        rptr = np.zeros(n + 1, dtype=np.int64)
        rind = np.full(m, -1, dtype=np.int32)
        rentry = np.full(m, -1, dtype=np.int32)
        for i, s in enumerate(owner):
            if self.dirty[s]:
                entries = []
                k = int(self.head[s])
                while k >= 0:
                    entries.append(k)
                    k = int(self.link[k])
            else:
                entries = list(range(self.indptr[s], self.indptr[s + 1]))
            self.counts[_R_WORK] += len(entries)
            row = sorted(
                (int(vid[indices[k]]), k)
                for k in entries
                if (state[k] == _UNKNOWN or state[k] == _MATCHED) and name[indices[k]] != s
            )
            start = int(rptr[i])
            for j, (target, k) in enumerate(row):
                rind[start + j], rentry[start + j] = target, k
            rptr[i + 1] = start + len(row)
        self.counts[_R_CORE], self.counts[_R_ENTRIES] = rn, rptr[rn]
        return (
            self.state, self.twin, self.rep, self.name, self.member_next, self.events, rptr,
            rind, rentry, self.counts,
        )  # fmt: skip


# ---------------------------------------------------------------- certificates


class _Random:
    """splitmix64 (Steele, Lea and Flood 2014): 64 bits a draw, the same on
    every machine, and in ``native/allowed.c``."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def coin(self) -> bool:
        return self.next() >> 63 == 1


def _relax_native(
    lib: Library, rptr: IntArray, rind: Int32Array, short: int, rounds: int
) -> tuple[Int8Array, Int32Array, IntArray]:
    rn = rptr.size - 1
    rstate = np.empty(rind.size, dtype=np.int8)
    rtwin = np.empty(rind.size, dtype=np.int32)
    counts = np.empty(_X_COUNTS, dtype=np.int64)
    black = np.empty(rn, dtype=np.int8)
    scratch = np.empty(6 * rn + 8, dtype=np.int32)
    wide = np.empty(2 * rn + 2, dtype=np.int64)
    lib.function("bg_allowed_relax", "liqqqbilbil")(
        rptr, rind, rn, short, rounds, rstate, rtwin, counts, black, scratch, wide
    )
    return rstate, rtwin, counts


@kernel(native=_relax_native)
def _relax(
    rptr: IntArray, rind: Int32Array, short: int, rounds: int
) -> tuple[Int8Array, Int32Array, IntArray]:
    """The certificates on ``R`` (module docstring, 2; ``M(v) = v ^ 1``):
    short cycles when a sample finds them common (``short`` 0: never), then
    at most ``rounds`` rounds of relaxation.  Returns ``(rstate, rtwin,
    counts)``: per entry of ``R`` its state (MATCHED, SOME or still
    UNKNOWN) and reverse entry, and the counts ``_X_*``."""
    rn, rm = rptr.size - 1, rind.size
    rstate = np.full(rm, _UNKNOWN, dtype=np.int8)
    rtwin = np.full(rm, -1, dtype=np.int32)
    counts = np.zeros(_X_COUNTS, dtype=np.int64)
    cursor = rptr[:-1].copy()
    for v in range(rn):
        for k in range(rptr[v], rptr[v + 1]):
            w = int(rind[k])
            if w == v ^ 1:
                rstate[k] = _MATCHED
            if w > v:
                j = int(cursor[w])
                cursor[w] = j + 1  # rows are sorted: the next of w's is v's
                rtwin[k], rtwin[j] = j, k
    active = [v for v in range(rn) if _undecided(rptr, rstate, v)]
    # short cycles: on a sample first, everywhere if it finds enough
    near = np.full(rn, -1, dtype=np.int32)
    far = np.full(rn, -1, dtype=np.int32)
    want = max(_SAMPLE_ROWS, len(active) // _STRIDE)
    stride = max(1, len(active) // want)
    sample = active[::stride]
    before = _count_unknown(rptr, rstate, sample)
    cap = 2 * rm
    got = spent = 0
    if short:
        got, spent = _short_cycles(rptr, rind, rtwin, rstate, sample, near, far, cap)
    counts[_X_CYCLES] += got
    counts[_X_LOCAL_WORK] += spent
    if short and before and 10 * got >= before:
        got, spent = _short_cycles(rptr, rind, rtwin, rstate, active, near, far, cap)
        counts[_X_CYCLES] += got
        counts[_X_LOCAL_WORK] += spent
    active = [v for v in active if _undecided(rptr, rstate, v)]
    unknown = _count_unknown(rptr, rstate, active)
    counts[_X_AFTER_LOCAL] = unknown
    # rounds of relaxation: pair p is 2p and 2p + 1
    rng = _Random(_SEED)
    black = np.zeros(rn, dtype=np.int8)
    pairs = rn // 2
    for p in range(pairs):
        coin = rng.coin()
        black[2 * p], black[2 * p + 1] = coin, not coin
    comp = np.empty(pairs, dtype=np.int32)
    seen = np.zeros(2 * pairs, dtype=np.int64)  # per SCC: stamps of a black, a white neighbour
    for r in range(rounds):
        if unknown == 0:
            break
        if r:
            for p in range(pairs):
                if rng.coin():
                    black[2 * p], black[2 * p + 1] = black[2 * p + 1], black[2 * p]
        counts[_X_WORK] += _improve(rptr, rind, rstate, black)
        counts[_X_WORK] += _pair_components(rptr, rind, black, comp)
        for v in active:
            counts[_X_WORK] += _certify_row(
                rptr, rind, rtwin, rstate, black, comp, seen, v, r * rn + v + 1
            )
        counts[_X_ROUNDS] += 1
        rows = len(active)
        active = [v for v in active if _undecided(rptr, rstate, v)]
        unknown = _count_unknown(rptr, rstate, active)
        if len(active) <= _FEW_ROWS or rows - len(active) < _MIN_SETTLED:
            break
    counts[_X_UNKNOWN], counts[_X_ROWS] = unknown, len(active)
    return rstate, rtwin, counts


def _undecided(rptr: IntArray, rstate: Int8Array, v: int) -> bool:
    return any(rstate[k] == _UNKNOWN for k in range(rptr[v], rptr[v + 1]))


def _count_unknown(rptr: IntArray, rstate: Int8Array, rows: list[int]) -> int:
    return sum(int(rstate[k] == _UNKNOWN) for v in rows for k in range(rptr[v], rptr[v + 1]))


def _mark(rstate: Int8Array, rtwin: Int32Array, k: int, value: int) -> None:
    rstate[k] = rstate[rtwin[k]] = value


def _entry(rptr: IntArray, rind: Int32Array, a: int, b: int) -> int:
    """The entry ``a -> b`` of ``R`` (rows sorted: binary search; C's
    ``bg_row_search`` of ``sorted_row.h`` searches the same way)."""
    lo = int(rptr[a])
    return lo + int(np.searchsorted(rind[lo : rptr[a + 1]], b))


def _short_cycles(
    rptr: IntArray,
    rind: Int32Array,
    rtwin: Int32Array,
    rstate: Int8Array,
    rows: list[int],
    near: Int32Array,
    far: Int32Array,
    cap: int,
) -> tuple[int, int]:
    """Alternating cycles ``x y y' x'`` and ``x y y' z z' x'`` through each
    undecided entry ``x -> y`` of ``rows``, their edges off M marked SOME,
    until ``cap`` entries are scanned.  ``near[t] = x``: ``t`` is next to
    ``x'``; ``far[z] = x``: ``z'`` is.  Returns (cycles, entries scanned)."""
    found = spent = 0
    for x in rows:
        if spent > cap:
            break
        if not _undecided(rptr, rstate, x):
            continue
        xp = x ^ 1
        for k in range(rptr[xp], rptr[xp + 1]):
            spent += 1
            t = int(rind[k])
            if t != x:
                near[t] = x
                far[t ^ 1] = x
        for k in range(rptr[x], rptr[x + 1]):
            spent += 1
            if rstate[k] != _UNKNOWN:
                continue
            y = int(rind[k])
            yp = y ^ 1
            if near[yp] == x:
                _mark(rstate, rtwin, k, _SOME)
                _mark(rstate, rtwin, _entry(rptr, rind, yp, xp), _SOME)
                found += 1
                continue
            for j in range(rptr[yp], rptr[yp + 1]):
                spent += 1
                z = int(rind[j])
                if z != y and z != x and z != xp and far[z] == x:
                    _mark(rstate, rtwin, k, _SOME)
                    _mark(rstate, rtwin, j, _SOME)
                    _mark(rstate, rtwin, _entry(rptr, rind, z ^ 1, xp), _SOME)
                    found += 1
                    break
    return found, spent


def _improve(rptr: IntArray, rind: Int32Array, rstate: Int8Array, black: Int8Array) -> int:
    """One local-search sweep over the pairs in increasing order (the rows
    read one after the other: measured, as good a cut as a shuffled order
    and fewer rounds, at a third of the cost): flip a pair when that makes
    more weight bichromatic.  Returns the entries scanned."""
    spent = 0
    for p in range((rptr.size - 1) // 2):
        gain = 0
        for v in (2 * p, 2 * p + 1):
            for k in range(rptr[v], rptr[v + 1]):
                z = rind[k]
                if z == v ^ 1:
                    continue
                weight = _HEAVY if rstate[k] == _UNKNOWN else 1
                gain += weight if black[v] == black[z] else -weight
            spent += int(rptr[v + 1] - rptr[v])
        if gain > 0:
            black[2 * p], black[2 * p + 1] = black[2 * p + 1], black[2 * p]
    return spent


def _pair_components(rptr: IntArray, rind: Int32Array, black: Int8Array, comp: Int32Array) -> int:
    """Tarjan's SCCs of the pair digraph (arcs from pair ``p`` to pair ``q``
    for the edges ``b w`` off M, ``b`` the black end of ``p`` and ``w`` the
    white end of ``q``), iterative, roots in increasing order, into
    ``comp`` per pair.  Returns the entries scanned."""
    pairs = (rptr.size - 1) // 2
    comp[:] = -1
    index = np.full(pairs, -1, dtype=np.int32)
    stack, call = np.empty((2, pairs), dtype=np.int32)
    components = _Tarjan(index, np.zeros(pairs, dtype=np.int32), comp, stack, call)
    cursor = np.array([rptr[2 * p + 1 - int(black[2 * p])] for p in range(pairs)], dtype=np.int64)
    spent = 0
    for root in range(pairs):
        if index[root] >= 0:
            continue
        components.enter(root)
        while components.depth > 0:
            p = int(call[components.depth - 1])
            b = 2 * p + 1 - int(black[2 * p])
            advanced = False
            while cursor[p] < rptr[b + 1]:
                w = int(rind[cursor[p]])
                cursor[p] += 1
                spent += 1
                if w == b ^ 1 or black[w]:
                    continue
                q = w >> 1
                if index[q] < 0:
                    components.enter(q)
                    advanced = True
                    break
                components.arc(p, q)
            if not advanced:
                components.leave(p)
    return spent


class _Tarjan:
    """Tarjan's strongly connected components, iterative, as
    :func:`_pair_components` and :func:`_barrier` run it (C's struct
    ``tarjan``): ``index``, ``low`` and ``comp`` by vertex (``comp`` -1
    until the vertex's component closes, so that a vertex with an index
    and no component is on the stack), the stack and the call path."""

    def __init__(
        self,
        index: Int32Array,
        low: Int32Array,
        comp: Int32Array,
        stack: Int32Array,
        call: Int32Array,
    ) -> None:
        self.index, self.low, self.comp, self.stack, self.call = index, low, comp, stack, call
        self.counter = self.components = self.top = self.depth = 0

    def enter(self, v: int) -> None:
        """``v`` is reached: number it, push it, call it."""
        self.index[v] = self.low[v] = self.counter
        self.counter += 1
        self.stack[self.top] = v
        self.top += 1
        self.call[self.depth] = v
        self.depth += 1

    def arc(self, v: int, w: int) -> None:
        """An arc from ``v``, the vertex being called, to ``w``, numbered."""
        if self.comp[w] < 0 and self.index[w] < self.low[v]:
            self.low[v] = self.index[w]

    def leave(self, v: int) -> None:
        """``v``, the vertex being called, has no arc left: return from it,
        and close its component if it is the component's root."""
        low, call = self.low, self.call
        self.depth -= 1
        if self.depth > 0 and low[v] < low[call[self.depth - 1]]:
            low[call[self.depth - 1]] = low[v]
        if low[v] == self.index[v]:
            while True:
                self.top -= 1
                w = int(self.stack[self.top])
                self.comp[w] = self.components
                if w == v:
                    break
            self.components += 1


def _certify_row(
    rptr: IntArray,
    rind: Int32Array,
    rtwin: Int32Array,
    rstate: Int8Array,
    black: Int8Array,
    comp: Int32Array,
    seen: IntArray,
    v: int,
    stamp: int,
) -> int:
    """Mark SOME the undecided entries of ``v`` that the round proves: a
    bichromatic edge inside an SCC, or an edge ``v a`` to another SCC ``K``
    where ``v``'s partner has a neighbour in ``K`` of ``a``'s other colour
    (``seen[2K]``: a black one, ``seen[2K+1]``: a white one, stamped when
    the partner's row is read, once).  Returns the entries scanned."""
    p = v ^ 1
    own = comp[v >> 1]
    read = False
    spent = 0
    for k in range(rptr[v], rptr[v + 1]):
        spent += 1
        if rstate[k] != _UNKNOWN:
            continue
        a = int(rind[k])
        target = comp[a >> 1]
        if target == own:
            if black[a] != black[v]:
                _mark(rstate, rtwin, k, _SOME)
            continue
        if not read:
            read = True
            for j in range(rptr[p], rptr[p + 1]):
                spent += 1
                b = int(rind[j])
                if b != v and comp[b >> 1] != own:
                    seen[2 * comp[b >> 1] + (0 if black[b] else 1)] = stamp
        if seen[2 * target + (1 if black[a] else 0)] == stamp:
            _mark(rstate, rtwin, k, _SOME)
    return spent


# ---------------------------------------------------------------- exact residue


def _exact_native(
    lib: Library, rptr: IntArray, rind: Int32Array, rows: Int32Array, *rest: Any
) -> int:
    """The kernel's arguments as they are, with ``R``'s vertex count after
    ``rind`` and the number of ``rows`` after them."""
    search = lib.function("bg_allowed_exact", "liqiqiibbill")
    return int(search(rptr, rind, rptr.size - 1, rows, rows.size, *rest))


@kernel(native=_exact_native)
def _exact(
    rptr: IntArray,
    rind: Int32Array,
    rows: Int32Array,
    rmate: Int32Array,
    rtwin: Int32Array,
    rstate: Int8Array,
    flags: Int8Array,
    scratch: Int32Array,
    wide: IntArray,
    counters: IntArray,
) -> int:
    """The exact searches (module docstring, 3) for ``rows[next:]`` in
    order: every undecided entry of those rows is decided.  Returns 0 when
    done, :data:`_PAUSED` when the steps reached ``counters[_S_PAUSE]``
    (checked between rows; call again).  The scratch persists between
    calls, set on the first and clean after each search: ``flags`` (label:
    0 none, 1 even, 2 odd; target), ``scratch`` (10 blocks of ``rn``:
    parent, blossom, queue, touched, partner, index, low, stack, call,
    comp), ``wide`` (stamp, cursor)."""
    rn = rptr.size - 1
    label, target = flags[:rn], flags[rn:]
    parent, blossom, queue, touched, _ = (scratch[i * rn : (i + 1) * rn] for i in range(5))
    stamp = wide[:rn]
    if not counters[_S_READY]:
        flags[:] = 0
        parent[:] = -1
        blossom[:] = np.arange(rn, dtype=np.int32)
        scratch[4 * rn : 7 * rn] = -1  # partner, index, low
        scratch[9 * rn :] = -1  # comp
        stamp[:] = 0
        counters[_S_READY] = 1
    i = int(counters[_S_NEXT])
    while i < rows.size:
        if counters[_S_WORK] >= counters[_S_PAUSE]:
            counters[_S_NEXT] = i
            return _PAUSED
        u = int(rows[i])
        i += 1
        wanted = 0
        for k in range(rptr[u], rptr[u + 1]):
            if rstate[k] == _UNKNOWN:
                target[rind[k]] = 1
                wanted += 1
        if wanted == 0:
            continue
        counters[_S_SEARCHES] += 1
        # Edmonds' search from M(u) in R - u: u is kept out by labelling it odd
        root = int(rmate[u])
        label[u] = _ODD
        label[root] = _EVEN
        touched[0], touched[1] = u, root
        count = 2
        queue[0] = root
        head, tail = 0, 1
        clock = int(counters[_S_CLOCK])
        while head < tail and wanted > 0:
            v = int(queue[head])
            head += 1
            for k in range(rptr[v], rptr[v + 1]):
                counters[_S_WORK] += 1
                w = int(rind[k])
                if rmate[v] == w or label[w] == _ODD:
                    continue
                if _find(blossom, v) == _find(blossom, w):
                    continue
                if label[w] == 0:
                    label[w] = _ODD
                    parent[w] = v
                    p = int(rmate[w])
                    label[p] = _EVEN
                    wanted -= int(target[p])
                    touched[count], touched[count + 1] = w, p
                    count += 2
                    queue[tail] = p
                    tail += 1
                else:
                    clock += 1
                    start = tail
                    tail = _contract(
                        blossom, stamp, clock, parent, rmate, label, queue, tail, v, w, root
                    )
                    for q in range(start, tail):
                        wanted -= int(target[queue[q]])
                if wanted == 0:
                    break
        counters[_S_CLOCK] = clock
        for k in range(rptr[u], rptr[u + 1]):
            x = int(rind[k])
            if target[x]:
                target[x] = 0
                _mark(rstate, rtwin, k, _SOME if label[x] == _EVEN else _NONE)
        if wanted > 0:
            counters[_S_FULL] += 1
            _barrier(rptr, rind, rmate, rtwin, rstate, label, scratch, wide, count, counters)
        for t in range(count):
            x = int(touched[t])
            label[x] = 0
            parent[x] = -1
            blossom[x] = x
    counters[_S_NEXT] = i
    return 0


def _barrier(
    rptr: IntArray,
    rind: Int32Array,
    rmate: Int32Array,
    rtwin: Int32Array,
    rstate: Int8Array,
    label: Int8Array,
    scratch: Int32Array,
    wide: IntArray,
    count: int,
    counters: IntArray,
) -> None:
    """After a search that ran to the end: decide every undecided entry of
    the barrier ``B``, its odd vertices (``u`` among them; module
    docstring, 3).  Iterative Tarjan over ``B`` with the arcs ``b ->
    partner[blossom of x]`` for the even ``x`` next to ``b`` outside
    ``b``'s own blossom, read from ``b``'s row (``cursor``); a vertex is on
    Tarjan's stack while it has an index and no component."""
    rn = rptr.size - 1
    _, blossom, _, touched, partner, index, low, stack, call, comp = (
        scratch[i * rn : (i + 1) * rn] for i in range(10)
    )
    cursor = wide[rn:]
    barrier = [int(touched[t]) for t in range(count) if label[touched[t]] == _ODD]
    for b in barrier:
        partner[_find(blossom, int(rmate[b]))] = b
    components = _Tarjan(index, low, comp, stack, call)
    for start in barrier:
        if index[start] >= 0:
            continue
        components.enter(start)
        cursor[start] = rptr[start]
        while components.depth > 0:
            b = int(call[components.depth - 1])
            own = _find(blossom, int(rmate[b]))
            advanced = False
            while cursor[b] < rptr[b + 1]:
                x = int(rind[cursor[b]])
                cursor[b] += 1
                counters[_S_WORK] += 1
                if label[x] != _EVEN:
                    continue
                r = _find(blossom, x)
                c = int(partner[r])
                if r == own or c < 0:
                    continue
                if index[c] < 0:
                    components.enter(c)
                    cursor[c] = rptr[c]
                    advanced = True
                    break
                components.arc(b, c)
            if not advanced:
                components.leave(b)
    for b in barrier:
        own = _find(blossom, int(rmate[b]))
        for k in range(rptr[b], rptr[b + 1]):
            counters[_S_WORK] += 1
            if rstate[k] != _UNKNOWN:
                continue
            x = int(rind[k])
            allowed = False
            if label[x] == _EVEN:
                r = _find(blossom, x)
                allowed = r == own or (partner[r] >= 0 and comp[partner[r]] == comp[b])
            _mark(rstate, rtwin, k, _SOME if allowed else _NONE)
            counters[_S_BARRIER] += 1
    for b in barrier:
        partner[_find(blossom, int(rmate[b]))] = -1
        index[b] = low[b] = comp[b] = -1


# ---------------------------------------------------------------- lift


def _lift_native(
    lib: Library,
    indptr: IntArray,
    indices: Int32Array,
    in_c: BoolArray,
    rentry: Int32Array,
    *rest: Any,
) -> tuple[BoolArray, int]:
    """The kernel's arguments as they are, with the vertex count after
    ``in_c``, the number of ``rentry`` after it, then the results."""
    n = indptr.size - 1
    allowed = np.empty(indices.size, dtype=np.bool_)
    count = np.empty(n, dtype=np.int64)
    done = np.zeros(1, dtype=np.int64)
    lift = lib.function("bg_allowed_lift", "li?qiqbiiiilqb?ll")
    status = lift(indptr, indices, in_c, n, rentry, rentry.size, *rest, allowed, count, done)
    if status:
        raise SolverError(f"an entry of G[C] was left undecided by the edge classes ({status})")
    return allowed, int(done[0])


@kernel(native=_lift_native)
def _lift(
    indptr: IntArray,
    indices: Int32Array,
    in_c: BoolArray,
    rentry: Int32Array,
    state: Int8Array,
    twin: Int32Array,
    rep: Int32Array,
    name: Int32Array,
    member_next: Int32Array,
    events: IntArray,
    n_events: int,
    rstate: Int8Array,
) -> tuple[BoolArray, int]:
    """Copy ``R``'s classes to ``G``'s entries, undo the contractions last
    in first out (module docstring, 1), resolve the folded copies, and
    return ``(allowed, entries scanned)``.  ``count[S]``: the allowed entries
    leaving super-vertex ``S`` (by name), first for the last super-vertices
    (one pass over the rows), then for the parts of each contraction undone:
    the smaller of ``x`` and ``y`` by its rows is scanned, the other is
    ``X``'s count less that."""
    n, m = indptr.size - 1, indices.size
    count = np.zeros(n, dtype=np.int64)
    work = 0
    for e in range(rentry.size):
        if rstate[e] == _SOME or rstate[e] == _NONE:
            k = int(rentry[e])
            state[k] = state[twin[k]] = rstate[e]
    for v in range(n):
        if not in_c[v]:
            continue
        s = int(name[v])
        for k in range(indptr[v], indptr[v + 1]):
            work += 1
            if state[k] == _OUTSIDE or name[indices[k]] == s:
                continue
            if _resolved(state, rep, k) == _SOME:
                count[s] += 1
    for e in range(n_events - 1, -1, -1):
        x, w, y, merged, k_wy, n_wx, n_wy, xf, xl, wf, wl, yf, yl, dx, dy = (
            int(f) for f in events[e * _EVENT : (e + 1) * _EVENT]
        )
        for part, begin, end in ((x, xf, xl), (w, wf, wl), (y, yf, yl)):
            if part == merged:
                continue
            v = begin
            while True:
                work += 1
                name[v] = part
                if v == end:
                    break
                v = int(member_next[v])
        total = int(count[merged])
        if dx <= dy:
            x_out, spent = _leaving(indptr, indices, state, rep, name, member_next, xf, xl, x, w, y)
        else:
            y_out, spent = _leaving(indptr, indices, state, rep, name, member_next, yf, yl, x, w, y)
            x_out = total - y_out
        work += spent
        group = _SOME if x_out > 0 else _NONE
        with_wy = n_wy if group == _SOME else 0
        state[k_wy] = state[twin[k_wy]] = group
        count[x] = x_out + n_wx
        count[y] = total - x_out + with_wy
        count[w] = n_wx + with_wy
    allowed = np.zeros(m, dtype=np.bool_)
    for k in range(m):
        st = int(state[k])
        if st == _COPY:
            st = _resolved(state, rep, k)
            state[k] = st
        if st in (_UNKNOWN, _GROUPED, _COPY):
            raise SolverError(f"entry {k} of G[C] was left undecided by the edge classes")
        allowed[k] = st in (_SOME, _MATCHED)
    return allowed, work


def _resolved(state: Int8Array, rep: Int32Array, k: int) -> int:
    """The state of entry ``k``, through its chain of folded copies (which
    is then shortened to point at the end)."""
    if state[k] != _COPY:
        return int(state[k])
    end = int(rep[k])
    while state[end] == _COPY:
        end = int(rep[end])
    while state[k] == _COPY:
        following = int(rep[k])
        rep[k] = end
        k = following
    return int(state[end])


def _leaving(
    indptr: IntArray,
    indices: Int32Array,
    state: Int8Array,
    rep: Int32Array,
    name: Int32Array,
    member_next: Int32Array,
    begin: int,
    end: int,
    x: int,
    w: int,
    y: int,
) -> tuple[int, int]:
    """The allowed entries from the run ``begin .. end`` of members to
    outside ``x``, ``w`` and ``y``, and the entries scanned."""
    found = spent = 0
    v = begin
    while True:
        for k in range(indptr[v], indptr[v + 1]):
            spent += 1
            if state[k] == _OUTSIDE:
                continue
            u = name[indices[k]]
            if u != x and u != w and u != y and _resolved(state, rep, k) == _SOME:
                found += 1
        if v == end:
            return found, spent
        v = int(member_next[v])


# ---------------------------------------------------------------- pieces


def elementary_pieces(
    indptr: OffsetArray, indices: Int32Array, in_c: BoolArray, allowed: BoolArray
) -> Int32Array:
    """Per vertex, its elementary piece: the components of ``G[C]``'s
    allowed edges (:func:`allowed_edges`), numbered in order of their
    smallest vertex; -1 outside ``C``.  Each piece is an elementary graph
    (every edge of it allowed, matched pairs inside it).  O(E α(V))."""
    return _pieces(wide_offsets(indptr), indices, in_c, allowed)


def _pieces_native(
    lib: Library, indptr: IntArray, indices: Int32Array, in_c: BoolArray, allowed: BoolArray
) -> Int32Array:
    n = indptr.size - 1
    piece = np.empty(n, dtype=np.int32)
    root = np.empty(n, dtype=np.int32)
    lib.function("bg_allowed_pieces", "li??qii")(indptr, indices, in_c, allowed, n, piece, root)
    return piece


@kernel(native=_pieces_native)
def _pieces(
    indptr: IntArray, indices: Int32Array, in_c: BoolArray, allowed: BoolArray
) -> Int32Array:
    """Union-find over the allowed entries inside ``C``, each root the
    smallest vertex of its set (the larger root is linked under the
    smaller); then the pieces numbered in order of their roots."""
    n = indptr.size - 1
    root = np.arange(n, dtype=np.int32)
    for v in range(n):
        if not in_c[v]:
            continue
        for k in range(indptr[v], indptr[v + 1]):
            w = int(indices[k])
            if w > v and allowed[k]:
                a, b = _find(root, v), _find(root, w)
                if a < b:
                    root[b] = a
                elif b < a:
                    root[a] = b
    piece = np.full(n, -1, dtype=np.int32)
    pieces = 0
    for v in range(n):
        if in_c[v]:
            r = _find(root, v)
            if r == v:
                piece[v] = pieces
                pieces += 1
            else:
                piece[v] = piece[r]
    return piece
