"""Grundy values of undirected vertex geography at maximum degree 3, exactly.

Burke, Ferland and Teng (arXiv 2106.02114, 2021) show that Grundy values of
undirected vertex geography are PSPACE-complete in general, already at
maximum degree 4, and computable in polynomial time at maximum degree 3.
This module computes them at maximum degree 3 by the self-contained
argument below (the paper's degree-3 section was not at hand when it was
written; only its statement was): the values are at most 2 after the first
move, 0 is the matching's verdict, and 1 against 2 is decided by following
one forced line of play, in which the player to move goes to a position
that the opponent wins, with one maximum matching and its Gallai–Edmonds
decomposition kept up to date as the line's vertices are removed.

**Positions.**  A position is the token's vertex x and the graph H of the
unvisited vertices plus x; the moves go to x's neighbours y in H, and the
move to y leads to (y, H − x).  The value is 0 exactly when the mover
loses, which by the matching theorem of :mod:`.game` is when some maximum
matching of H misses x: x is in D(H), the set D of the Gallai–Edmonds
decomposition D, A, C of H (A: the neighbours of D outside D; C: the rest).
Call x *essential* in H when it is not in D(H).

**Values after the first move are 0, 1 or 2.**  After a move the token's
vertex was entered from a visited neighbour, so at maximum degree 3 it has
at most two moves, and a mex of at most two values is at most 2.  The
start's value is a mex of at most three such values: at most 3.

*Lemma 1 (a winning position has a move to 0).*  If x is essential in H
and M is a maximum matching of H, the move to M(x) has value 0: M − xM(x)
is a matching of H − x of size ν(H) − 1 = ν(H − x) (x is essential, so
removing it lowers ν) that misses M(x), so M(x) ∈ D(H − x).

*Lemma 2 (1 or 2 by one forced line).*  Let P = (x, H) have value ≠ 0 and
at most two moves.  One of them, to m = M(x), has value 0 (Lemma 1).  If
there is no other move, or the other move y has value 0 (y ∈ D(H − x)),
g(P) = mex{0} = 1.  Otherwise y is essential in H − x, the position
P' = (y, H − x) has value 1 or 2 (it is nonzero with at most two moves,
y having entered from x), and g(P) = mex{0, g(P')} = 3 − g(P').  So from
P the line x = x0, x1, x2, … where x(i+1) is the move of x(i) other than
its matched one, continued while that move is essential, ends at some xk
whose position has value 1, and g(P) = 1 if k is even, 2 if k is odd.

*Lemma 3 (D only grows along the line).*  If x is essential in H, then
D(H) ⊆ D(H − x): a maximum matching of H missing u covers x (x is
essential); without x's edge it is a maximum matching of H − x still
missing u.  More precisely, for the Gallai–Edmonds decomposition (Lovász
and Plummer, *Matching Theory*, §3.2):

- x ∈ A(H): D(H − x) = D(H), A(H − x) = A(H) − x, C(H − x) = C(H);
  x's partner M(x) is in D and becomes free.  Proof: A − x is a tight
  Tutte barrier of H − x (H − x − (A − x) = H − A has the same odd
  components, and ν drops by one, so the deficiency rises by one as the
  barrier shrinks by one), so every maximum matching of H − x covers A − x
  and matches C(H) within itself: none misses a vertex outside D(H).
- x ∈ C(H): D(H − x) = D(H) ∪ D', A(H − x) = A(H) ∪ A', where D' and A'
  are the even and odd vertices of Edmonds' alternating search from the
  freed partner m = M(x) inside H[C(H)] − x.  Proof: with M' = M − xm a
  maximum matching of H − x, u is in D(H − x) iff an even alternating path
  runs to u from a free vertex.  No edge joins C to D, and an alternating
  path that enters A from C goes on by a matched edge into D, after which
  it can only move between D and A (A's partners are in D, and D has no
  edge into C).  So a path from an old free vertex never reaches C, and
  the C-vertices that a path from m reaches evenly are reached inside C.

**The algorithm.**  One maximum matching M of the whole graph and its
decomposition (:func:`~.game.solve`), as labels D, A, C.  For every start s
in D the value is 0.  For every other start, remove s (the rule above), and
for each neighbour w: the option's value is 0 if w is in D now, and
otherwise 1 or 2 by following the line of Lemma 2 from (w, G − s), removing
x0, x1, … in turn with the same rule, reading off the parity of its
length.  The start's value is the mex of its options' values.  Everything a
removal changes (labels and partners) is saved the first time it is
changed and restored after each line and after each start, so each start
starts from the decomposition of G.

*Lemma 4 (an option's zero is learnt from either end).*  For adjacent
starts s and w, both essential in G: w ∈ D(G − s) iff the edge sw lies in
some maximum matching of G iff s ∈ D(G − w).  (A maximum matching of
G − s missing w has ν(G) − 1 edges; with sw it is one of G, and back.)  So
the option w of s is worth 0 exactly when the option s of w is, and a start
whose options are all known to be worth 0 this way is worth 1 without a
search.  The starts are taken in two sweeps: first those none of whose
neighbours has been taken (each then teaches all its neighbours), then the
rest, skipping those already known.

The search from a freed partner is Edmonds' with blossoms kept as
union-find classes (no augmenting path can appear: M' is maximum), touching
only vertices that turn from C into D or A.  A removal's caller reads only
the labels of the removed vertex's other moves unless one of them is
essential, so the search stops as soon as they are all in D (final, D only
grows).  A position mid-game is a start of the graph of what is unvisited
plus the token's vertex.  The caller (:mod:`.nimbers`) checks every value's
zero against :func:`~.game.solve`.

*Lemma 5 (zeros from an alternating cycle).*  If an M-alternating cycle Z
runs through vertices of C only, every edge ab of Z off M lies in the
maximum matching M ⊕ Z, so b ∈ D(G − a) and a ∈ D(G − b) (Lemma 4: both
are essential, being in C).

**Probes first.**  Where options are worth 0, the search from a start's
freed partner labels much of C before it reaches the start's other
neighbours: on a random cubic graph (whose every edge lies in a perfect
matching, so every start is worth 1) they are about log₂ V alternating
steps apart in an expander, and the search labels a constant share of C
for each of some V/2 starts: the whole cost was quadratic.  So a first
pass *probes* each edge sw off M between a start s in C and w in C, not
yet known: a breadth-first search forward from M(s) (even vertices: after a
matched edge) and one backward from w (even vertices: before an edge off
M), inside C − s, the smaller frontier first, until a vertex even in both
has tree paths that make a simple path M(s) … w; then s, M(s), …, w is an
alternating cycle, and Lemma 5 marks all its edges off M worth 0 both ways.
Blossoms are not followed: a probe certifies, it never refutes, and what it
misses the lines decide as before.  Two searches meeting in the middle
each reach about √V vertices, so a probe stops after
32 + 4 √|C ∩ K| steps (K the start's component); and once 256 probes or
more have found a cycle less than once in 8 (a lattice, where few options
are worth 0), the probing stops.  Then the lines: the sweeps above, with
the options known to be worth 0 taken as such (the start's removal waits
only for the others' labels).

**Cost and budget.**  The kernels count *steps*: a vertex taken from a
search's queue, a vertex removed, a step of a probe (a vertex taken from
its queues or of a path checked).  Before each pass its bound is known:

- the probes: the sum of the caps of the edges to probe (each edge is
  probed at most once, the probe never takes more than its cap);
- the lines: a start s whose options other than its partner include L not
  known to be worth 0 costs at most 1 + max(L, 1)·|C ∩ K| + L·|(C ∪ A) ∩ K|
  steps.  Within the start's scope and one line's, a vertex of C turns
  even at most once (labels only leave C until they are restored), so the
  queues of the start's removal and of one line's removals take at most
  |C ∩ K| vertices together; a line removes distinct vertices, none in D.
  Summed over the starts that may still need a search.

That makes O(V·|C|) steps in the worst case (O(V²) in a component of V
vertices), each step O(1) but the union-find's α.  The budget is counted in
steps too (:data:`STEPS_PER_STATE` a state of the geography search).  The
probes take at most half of what it has left (they only save work).  The
lines run at once when their bound fits what is left.  The bound is tight
within a factor 2 to 3 on a hexagonal lattice but far from the work on
random subcubic graphs, whose searches stop early and whose lines are
short; so when it does not fit, the lines of :data:`_SAMPLE` of the starts
that need them, spread evenly, are walked first, and when their mean work
times the number of such starts is more than the budget has left the
lines are refused at once (an estimate); else all are walked, and refused
as soon as the work counted passes the budget.  The kernels return every
:data:`_SLICE` steps, between two starts, so the caller charges the work,
shows progress and lets Ctrl-C through.  Measured (docs/benchmarks.md): on
random cubic graphs the probes settle nearly every option, some V^1.5
steps in all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import _stats
from .._arrays import BoolArray, Int8Array, Int32Array, IntArray
from .._jit import kernel
from .._native import Library
from ..errors import SolverError
from ..graphs.blossom import find_root
from .geography.search import Budget, SearchTooLarge

__all__ = ["STEPS_PER_STATE", "cubic_values"]


#: Kernel steps (a vertex taken from a search's queue, a vertex removed, a
#: step of a probe) charged as one state of the geography search's budget:
#: a step costs 10 to 100 ns, a search state some 20 µs, so the default
#: budget of 500,000 states lets the degree-3 kernels bound their work by
#: about 5·10^8 steps, some 10 to 40 s of the worst graphs.
STEPS_PER_STATE = 1024

#: Steps a kernel call takes before it hands back (to charge the budget,
#: show progress and let Ctrl-C through): some 10 to 100 ms.
_SLICE = 1 << 20

#: Starts whose lines are walked first, to estimate the rest, when their
#: bound is more than the budget has left.
_SAMPLE = 32

#: Labels of the kernels: the Gallai–Edmonds classes, and removed.
_C, _D, _A, _GONE = 0, 1, 2, 3

#: ``known`` per CSR entry s -> w: not learnt, probed in vain, the option w
#: of s worth something else than 0, worth 0.
_UNKNOWN, _PROBED, _NONZERO, _ZERO = -1, -2, 0, 1

#: What a kernel returns when it stopped at its work mark, to be called again.
_PAUSED = 5

#: The probe kernel's counters: the next start, the work done, the work at
#: which it pauses, the last stamp, probes made, probes that found a cycle,
#: and 1 once probing is given up.
_P_NEXT, _P_WORK, _P_PAUSE, _P_STAMP, _P_TRIED, _P_FOUND, _P_QUIT = range(7)

#: Probes made before the probing may be given up, and the share of them
#: (one in this many) that must have found a cycle for it to go on.
_P_TRIAL, _P_SHARE = 256, 8

#: The line kernel's counters: the sweep and the start to resume at, the
#: work done, the work at which it pauses, the last scope, the last stamp
#: of the ancestor walk, the saved triples in use, 1 once the scratch is
#: initialised.
_L_SWEEP, _L_NEXT, _L_WORK, _L_PAUSE, _L_SCOPE, _L_STAMP, _L_TOP, _L_READY = range(8)


def cubic_values(
    indptr: IntArray,
    indices: Int32Array,
    mate: Int32Array,
    losing: BoolArray,
    barrier: BoolArray,
    todo: BoolArray,
    component: IntArray,
    budget: Budget | None = None,
) -> IntArray:
    """``values[s]`` for every start with ``todo[s]`` (0 elsewhere), on a
    graph (CSR, int64 offsets) whose vertices in ``todo``'s components have
    degree at most 3, from a maximum matching ``mate`` and its Gallai–Edmonds
    sets D (``losing``) and A (``barrier``), as :func:`~.game.solve` gives
    them; ``component`` labels each vertex's component (by a vertex of it).

    The work is charged to ``budget`` (:data:`STEPS_PER_STATE` steps a
    state; ``None``: no limit), as the module docstring says: the probes
    take at most half of what it has left, the lines are refused by
    :class:`~.geography.search.SearchTooLarge` before they start when an
    estimate says they would pass it, and as soon as their work does.  Its
    clock is not read: the work is bounded by the budget.  Raises
    :class:`SolverError` if the decomposition turns out inconsistent (a
    bug)."""
    n = indptr.size - 1
    state = np.zeros(n, dtype=np.int8)
    state[losing] = _D
    state[barrier] = _A
    todo = np.asarray(todo, dtype=np.bool_)
    wide_mate = mate.astype(np.int64)
    known = np.full(indices.size, _UNKNOWN, dtype=np.int8)
    owner = np.repeat(np.arange(n, dtype=np.int64), np.diff(indptr))
    g = _Decomposed(indptr, indices, wide_mate, state, todo, known, owner, component)
    c_sizes = np.bincount(component, weights=state == _C, minlength=n).astype(np.int64)
    with _stats.phase("degree 3: probe"):
        _probe(g, _probe_caps(c_sizes[component]), budget)
    with _stats.phase("degree 3: lines"):
        values = _lines(g, budget)
    return values


@dataclass(frozen=True)
class _Decomposed:
    """What both passes read: the graph (CSR, int64 offsets), its maximum
    matching (int64) and labels, the starts to value, ``known`` (per CSR
    entry; the passes fill it), each entry's owner (the vertex of its row)
    and each vertex's component (by a vertex of it)."""

    indptr: IntArray
    indices: Int32Array
    mate: IntArray
    state: Int8Array
    todo: BoolArray
    known: Int8Array
    owner: IntArray
    component: IntArray


def _probe_caps(sizes: IntArray) -> IntArray:
    """The steps a probe from a start may take: 32 + 4 √|C ∩ its component|,
    so that two searches meeting in the middle of a random cubic graph's C
    (each some √|C| wide) find their cycle."""
    return 32 + 4 * np.sqrt(sizes).astype(np.int64)


def _probe(g: _Decomposed, caps: IntArray, budget: Budget | None) -> None:
    """The first pass: certify the options worth 0 that alternating cycles
    show, within :func:`_probe_bound` and half of what the budget has left
    (the probes only save work: past that the lines decide)."""
    n = g.indptr.size - 1
    limit = min(_probe_bound(g, caps), _steps_left(budget) // 2)
    if limit <= 0:
        return
    scratch = np.zeros(7 * n, dtype=np.int64)  # stamps start below the first
    counters = np.zeros(7, dtype=np.int64)
    charged = 0
    while True:
        counters[_P_PAUSE] = min(counters[_P_WORK] + _SLICE, limit)
        status = _probe_kernel(
            g.indptr, g.indices, g.mate, g.state, g.todo, g.known, caps, scratch, counters
        )
        charged = _charge(budget, int(counters[_P_WORK]), charged)
        if status != _PAUSED or counters[_P_WORK] >= limit:
            return
        _stats.progress(int(counters[_P_NEXT]), n)


def _probe_bound(g: _Decomposed, caps: IntArray) -> int:
    """The most steps the probes can take: the cap of each edge off the
    matching between a start in ``todo`` and C and another vertex of C
    (each edge is probed at most once, from its lower end in ``todo``)."""
    todo, state, owner = g.todo, g.state, g.owner
    w = g.indices.astype(np.int64)
    probed = todo[owner] & (state[owner] == _C) & (state[w] == _C) & (w != g.mate[owner])
    probed &= ~todo[w] | (owner < w)
    return int(caps[owner[probed]].sum())


def _lines(g: _Decomposed, budget: Budget | None) -> IntArray:
    """The second pass: every start not settled by the probes, by its
    lines.  Within :func:`_line_bound` when the budget has that much left;
    else first on :data:`_SAMPLE` of the starts that may need a search,
    spread evenly, refused at once when their mean work times the number of
    such starts is more than the budget has left (an estimate: the
    refusal comes early); then on all, refused as soon as the work counted
    passes the budget."""
    bound, need = _line_bound(g)
    left = _steps_left(budget)
    if bound > left:
        ids = np.flatnonzero(need)
        picked = np.unique(np.linspace(0, ids.size - 1, min(_SAMPLE, ids.size)).astype(np.int64))
        sample = np.zeros_like(g.todo)
        sample[ids[picked]] = True
        _, work = _run_lines(g, sample, sample, budget)
        estimate = work * ids.size // picked.size
        if estimate - work > _steps_left(budget):
            states = -(-estimate // STEPS_PER_STATE)
            raise SearchTooLarge(
                f"about {states} search states' worth of degree-3 lines of play (estimated "
                f"from {picked.size} of the {ids.size} starts that need them; {bound} steps "
                f"at most), more than the budget of {_states(budget)} allows"
            )
    values, _ = _run_lines(g, g.todo, need, budget)
    return values


def _run_lines(
    g: _Decomposed, todo: BoolArray, need: BoolArray, budget: Budget | None
) -> tuple[IntArray, int]:
    """The line kernel on ``todo``, slice by slice (showing the share of
    ``need`` done), its work charged: the values and the work."""
    n = g.indptr.size - 1
    values = np.zeros(n, dtype=np.int64)
    scratch = np.empty(11 * n + 8, dtype=np.int64)
    done = np.zeros(n, dtype=np.bool_)
    counters = np.zeros(8, dtype=np.int64)
    total = int(need.sum())
    charged = 0
    while True:
        counters[_L_PAUSE] = counters[_L_WORK] + _SLICE
        status = _lines_kernel(
            g.indptr, g.indices, g.mate, g.state, todo, values, scratch, g.known, done, counters
        )
        charged = _charge(budget, int(counters[_L_WORK]), charged)
        if status != _PAUSED:
            break
        if total:
            _stats.progress(int(np.count_nonzero(done & need)), total)
    if status != 0:
        raise SolverError(
            f"the degree-3 Grundy kernel met an inconsistent decomposition ({status})"
        )
    return values, int(counters[_L_WORK])


def _line_bound(g: _Decomposed) -> tuple[int, BoolArray]:
    """The most steps the lines can take (module docstring), and the
    starts that may need a search: those in ``todo``, not in D, with L > 0
    options other than the partner not known to be worth 0; each costs at
    most 1 + max(L, 1)·|C ∩ K| + L·|(C ∪ A) ∩ K| steps, K its component."""
    n, state, component = g.todo.size, g.state, g.component
    others = (g.indices != g.mate[g.owner]) & (g.known != _ZERO)
    lines = np.bincount(g.owner[others], minlength=n).astype(np.int64)
    need = g.todo & (state != _D) & (lines > 0)
    if not need.any():
        return 0, need
    c_sizes = np.bincount(component, weights=state == _C, minlength=n).astype(np.int64)
    ca_sizes = np.bincount(component, weights=state != _D, minlength=n).astype(np.int64)
    many = lines[need]
    where = component[need]
    bound = int((1 + np.maximum(many, 1) * c_sizes[where] + many * ca_sizes[where]).sum())
    return bound, need


def _steps_left(budget: Budget | None) -> int:
    """The steps ``budget`` has left (no limit: ``None``)."""
    return 1 << 62 if budget is None else max(budget.left, 0) * STEPS_PER_STATE


def _states(budget: Budget | None) -> int:
    return 0 if budget is None else budget.states


def _charge(budget: Budget | None, work: int, charged: int) -> int:
    """Charge ``budget`` the states of ``work`` steps not charged yet (the
    clock is the search's: this work is bounded by the budget); refuse past
    it.  Returns the states charged."""
    states = work // STEPS_PER_STATE
    if budget is None or states <= charged:
        return charged
    budget.left -= states - charged
    if budget.left < 0:
        raise SearchTooLarge(
            f"more than {budget.states} search states (degree-3 lines of play, "
            f"{STEPS_PER_STATE} steps a state)"
        )
    return states


# The adapters of the two kernels: their arguments as they are, the vertex
# count after ``indices``.


def _probe_native(lib: Library, indptr: IntArray, indices: Int32Array, *rest: Any) -> int:
    probe = lib.function("bg_cubic_probe", "liqlb?blll")
    return int(probe(indptr, indices, indptr.size - 1, *rest))


def _lines_native(lib: Library, indptr: IntArray, indices: Int32Array, *rest: Any) -> int:
    lines = lib.function("bg_cubic_grundy", "liqlb?llb?l")
    return int(lines(indptr, indices, indptr.size - 1, *rest))


@kernel(native=_probe_native)
def _probe_kernel(
    indptr: IntArray,
    indices: Int32Array,
    mate: IntArray,
    state: Int8Array,
    todo: BoolArray,
    known: Int8Array,
    caps: IntArray,
    scratch: IntArray,
    counters: IntArray,
) -> int:
    """The probes of the module docstring, from ``counters[_P_NEXT]`` on:
    for each start s in ``todo`` and in C, each option w in C other than
    s's partner and not learnt yet, one bounded search for an alternating
    cycle through the edge sw; its edges outside the matching are then
    worth 0 both ways (``known``).  A probe that finds none marks the edge
    ``_PROBED``.  Pauses (returns :data:`_PAUSED`) before a start once the
    work has reached ``counters[_P_PAUSE]``; else returns 0.

    ``scratch`` holds four entries a vertex (side by side, for the cache):
    its stamps as even from the freed partner (forward) and from w
    (backward), and its neighbours on the two searches' paths; then n
    entries each: the two queues, and the stamps of a path's check."""
    n = indptr.size - 1
    probe = _Probe(indptr, indices, mate, state, known, scratch, counters)
    s = counters[_P_NEXT]
    while s < n:
        if counters[_P_WORK] >= counters[_P_PAUSE]:
            counters[_P_NEXT] = s
            return _PAUSED
        if todo[s] and state[s] == _C and counters[_P_QUIT] == 0:
            for k in range(indptr[s], indptr[s + 1]):
                w = indices[k]
                if w != mate[s] and state[w] == _C and known[k] == _UNKNOWN:
                    found = probe.edge(s, w, caps[s])
                    counters[_P_TRIED] += 1
                    if found:
                        counters[_P_FOUND] += 1
                    else:
                        probe.set_known(s, w, _PROBED)
                    tried = counters[_P_TRIED]
                    if tried >= _P_TRIAL and counters[_P_FOUND] * _P_SHARE < tried:
                        counters[_P_QUIT] = 1
        s += 1
    counters[_P_NEXT] = n
    return 0


@kernel(native=_lines_native)
def _lines_kernel(
    indptr: IntArray,
    indices: Int32Array,
    mate: IntArray,
    state: Int8Array,
    todo: BoolArray,
    values: IntArray,
    scratch: IntArray,
    known: Int8Array,
    done: BoolArray,
    counters: IntArray,
) -> int:
    """The values of the module docstring, from the sweep and start in
    ``counters`` on, and a status: 0 when every start is done,
    :data:`_PAUSED` when the work reached ``counters[_L_PAUSE]`` (checked
    between starts; call again), or the code of the first inconsistency met
    (1: a C vertex unmatched or matched outside C; 2: a new search met an
    even vertex of an old one; 3: a line's vertex with two moves besides its
    partner; 4: a start of degree above 3).

    Two sweeps over the starts.  A start all of whose options are known to
    be worth 0 is worth 1 without a search.  An option's zero is learnt from
    either end of its edge (the symmetry of the module docstring), so the
    first sweep takes only starts with nothing learnt yet (an independent
    set, each teaching its neighbours), the second the rest.

    ``state`` holds the labels (0 C, 1 D, 2 A, 3 removed) and ``mate`` the
    matching, both as they were after every start.  Each scope (removing a
    start; one line) saves a vertex's label and partner the first time it
    changes them (``mark`` holds the scope that last saved a vertex; scopes
    are numbered afresh) and restores them when it closes.  ``scratch``
    holds, n entries each: ``base``, the union-find of the current search's
    blossoms; ``link``, each odd vertex's even parent; ``seen``, the stamps
    of the lowest-common-ancestor walk; the queue; ``mark``; then the saved
    (vertex, label, partner) triples."""
    n = indptr.size - 1
    lines = _Lines(indptr, indices, mate, state, known, scratch, counters)
    if counters[_L_READY] == 0:
        for v in range(n):
            lines.base[v] = v
            lines.link[v] = -1
            lines.seen[v] = 0
            lines.mark[v] = 0
            values[v] = 0
            done[v] = False
        counters[_L_READY] = 1
    options = np.zeros(4, dtype=np.int64)  # how many options have value 0, 1, 2
    while counters[_L_SWEEP] < 2:
        sweep = counters[_L_SWEEP]
        s = counters[_L_NEXT]
        while s < n:
            if counters[_L_WORK] >= counters[_L_PAUSE]:
                counters[_L_NEXT] = s
                return _PAUSED
            if done[s] or not todo[s] or state[s] == _D:
                s += 1
                continue
            if indptr[s + 1] - indptr[s] > 3:
                counters[_L_NEXT] = s
                return 4
            learnt = 0
            zeros = 0
            for k in range(indptr[s], indptr[s + 1]):
                if known[k] >= 0:
                    learnt += 1
                if indices[k] == mate[s] or known[k] == _ZERO:
                    zeros += 1
            if zeros == indptr[s + 1] - indptr[s]:  # every option worth 0
                values[s] = 1
                done[s] = True
                s += 1
                continue
            if sweep == 0 and learnt > 0:  # the first sweep: none learnt yet
                s += 1
                continue
            done[s] = True
            status = lines.start_value(s, values, options)
            counters[_L_SCOPE] += 4
            if status != 0:
                counters[_L_NEXT] = s
                return status
            s += 1
        counters[_L_SWEEP] = sweep + 1
        counters[_L_NEXT] = 0
    return 0


class _Search:
    """The working state of one of this module's kernels, as
    ``native/cubic.c`` keeps it in a struct (``Probe``, ``Cubic``): the
    graph, the matching and labels, ``known``, the counters, and the parts
    of the kernel's scratch (:meth:`_split`)."""

    def __init__(
        self,
        indptr: IntArray,
        indices: Int32Array,
        mate: IntArray,
        state: Int8Array,
        known: Int8Array,
        scratch: IntArray,
        counters: IntArray,
    ) -> None:
        self.indptr, self.indices, self.mate, self.state = indptr, indices, mate, state
        self.known, self.counters = known, counters
        self._split(scratch, indptr.size - 1)

    def _split(self, scratch: IntArray, n: int) -> None:
        raise NotImplementedError


class _Probe(_Search):
    """The probes' state (:func:`_probe_kernel`; ``rec``: a vertex's
    stamps, forward and backward, and its path neighbours)."""

    def _split(self, scratch: IntArray, n: int) -> None:
        self.rec = scratch[0 : 4 * n]
        self.fqueue = scratch[4 * n : 5 * n]
        self.bqueue = scratch[5 * n : 6 * n]
        self.pmark = scratch[6 * n : 7 * n]

    def set_known(self, a: int, b: int, value: int) -> None:
        """``known`` of the moves a -> b and b -> a."""
        indptr, indices, known = self.indptr, self.indices, self.known
        for k in range(indptr[a], indptr[a + 1]):
            if indices[k] == b:
                known[k] = value
        for k in range(indptr[b], indptr[b + 1]):
            if indices[k] == a:
                known[k] = value

    def edge(self, s: int, w: int, cap: int) -> bool:
        """One probe: alternating breadth-first searches inside C − s, from
        f = mate[s] forward (f, then along an edge off the matching, then the
        matched one: each vertex reached after a matched edge is even) and from
        w backward (w, its partner, then an edge off the matching: each vertex
        reached before an edge off the matching is even), the smaller frontier
        first, until an even vertex of one is even in the other and the two
        tree paths make a simple path f ... w; then s f ... w s is an
        alternating cycle, whose edges off the matching are each in a maximum
        matching (the symmetric difference of the matching and the cycle).
        Blossoms are not followed (a probe only certifies; what it misses, the
        lines decide).  At most ``cap`` steps (one a vertex taken from a queue,
        one a vertex of a path checked)."""
        indptr, indices, mate, state = self.indptr, self.indices, self.mate, self.state
        rec, fqueue, bqueue, counters = self.rec, self.fqueue, self.bqueue, self.counters
        counters[_P_STAMP] += 1
        stamp = counters[_P_STAMP]
        f = mate[s]
        rec[4 * f] = stamp
        rec[4 * f + 2] = -1
        fqueue[0] = f
        fhead = 0
        ftail = 1
        rec[4 * w + 1] = stamp
        rec[4 * w + 3] = -1
        bqueue[0] = w
        bhead = 0
        btail = 1
        spent = 0
        found = False
        while fhead < ftail and bhead < btail and spent < cap and not found:
            spent += 1
            if ftail - fhead <= btail - bhead:  # forward: u even, v odd, e = mate[v] even
                u = fqueue[fhead]
                fhead += 1
                for k in range(indptr[u], indptr[u + 1]):
                    v = indices[k]
                    if v == s or v == mate[u] or state[v] != _C:
                        continue
                    e = mate[v]
                    if e == s or rec[4 * e] == stamp:
                        continue
                    rec[4 * e] = stamp
                    rec[4 * e + 2] = u
                    fqueue[ftail] = e
                    ftail += 1
                    if rec[4 * e + 1] == stamp:
                        spent, found = self.check_cycle(s, w, e, spent, cap)
                        if found:
                            break
            else:  # backward: e even, o = mate[e] odd, u a neighbour of o even
                e = bqueue[bhead]
                bhead += 1
                o = mate[e]
                if o == s:
                    continue
                for k in range(indptr[o], indptr[o + 1]):
                    u = indices[k]
                    if u in (e, s) or state[u] != _C or rec[4 * u + 1] == stamp:
                        continue
                    rec[4 * u + 1] = stamp
                    rec[4 * u + 3] = e
                    bqueue[btail] = u
                    btail += 1
                    if rec[4 * u] == stamp:
                        spent, found = self.check_cycle(s, w, u, spent, cap)
                        if found:
                            break
        counters[_P_WORK] += spent
        return found

    def check_cycle(self, s: int, w: int, meet: int, spent: int, cap: int) -> tuple[int, bool]:
        """Whether the forward path to ``meet`` and the backward one from it
        make a simple path (each of its vertices counted as a step, within
        ``cap``); if so, mark the cycle's edges off the matching worth 0.
        Returns the steps spent so far and whether it did."""
        mate, rec, pmark = self.mate, self.rec, self.pmark
        self.counters[_P_STAMP] += 1
        stamp = self.counters[_P_STAMP]
        x = meet
        while x >= 0:  # the forward path: x even, mate[x] odd (but f, whose mate is s)
            if spent >= cap or pmark[x] == stamp:
                return spent, False
            spent += 1
            pmark[x] = stamp
            if rec[4 * x + 2] >= 0:
                if pmark[mate[x]] == stamp:
                    return spent, False
                pmark[mate[x]] = stamp
            x = rec[4 * x + 2]
        x = rec[4 * meet + 3]
        while x >= 0:  # the backward path: mate[x] odd, then x even
            if spent >= cap or pmark[x] == stamp or pmark[mate[x]] == stamp:
                return spent, False
            spent += 1
            pmark[x] = stamp
            pmark[mate[x]] = stamp
            x = rec[4 * x + 3]
        self.set_known(s, w, _ZERO)
        x = meet
        while rec[4 * x + 2] >= 0:
            self.set_known(rec[4 * x + 2], mate[x], _ZERO)
            x = rec[4 * x + 2]
        x = meet
        while rec[4 * x + 3] >= 0:
            self.set_known(x, mate[rec[4 * x + 3]], _ZERO)
            x = rec[4 * x + 3]
        return spent, True


class _Lines(_Search):
    """The lines' state (:func:`_lines_kernel`, whose docstring names the
    scratch's parts)."""

    def _split(self, scratch: IntArray, n: int) -> None:
        self.base = scratch[0:n]
        self.link = scratch[n : 2 * n]
        self.seen = scratch[2 * n : 3 * n]
        self.queue = scratch[3 * n : 4 * n]
        self.mark = scratch[4 * n : 5 * n]
        self.saved = scratch[5 * n : 11 * n + 6]

    def start_value(self, s: int, values: IntArray, options: IntArray) -> int:
        """``values[s]``: remove s, value each option (0 if known to be, or by
        the labels, else by its line), restore; record each option's zero for
        the move s -> w and the move w -> s in ``known`` (the symmetry of the
        module docstring).  Uses the scopes ``counters[_L_SCOPE] + 1`` to
        ``+ 4`` (the start, then a line for each of at most three options).
        The removal of s stops once the options not known to be worth 0 are in
        D.  Returns the status."""
        indptr, indices, state = self.indptr, self.indices, self.state
        known, counters = self.known, self.counters
        scope = counters[_L_SCOPE] + 1
        start_top = counters[_L_TOP]
        t1, t2 = self.moves(s, True)  # the options whose labels the removal must settle
        status = self.remove(s, t1, t2, scope)
        if status != 0:
            return status
        options[:] = 0
        for k in range(indptr[s], indptr[s + 1]):
            w = indices[k]
            zero = 1 if state[w] == _D or known[k] == _ZERO else 0
            known[k] = zero
            for j in range(indptr[w], indptr[w + 1]):
                if indices[j] == s:
                    known[j] = zero
            if zero == 1:
                options[0] += 1
                continue
            scope += 1  # the line of Lemma 2 from (w, G - s), in a scope of its own
            line_top = counters[_L_TOP]
            x = w
            length = 0
            while True:
                t1, t2 = self.moves(x, False)  # one, as x was entered from the line
                status = self.remove(x, t1, t2, scope)
                if status != 0:
                    return status
                if t2 >= 0:
                    return 3
                if t1 < 0 or state[t1] == _D:
                    break
                x = t1
                length += 1
            options[1 + length % 2] += 1
            self.restore(line_top)
        self.restore(start_top)
        value = 0
        while options[value] > 0:
            value += 1
        values[s] = value
        return 0

    def moves(self, x: int, learnt: bool) -> tuple[int, int]:
        """x's moves but to its partner, to a removed vertex and, if
        ``learnt`` (x a start), to an option known to be worth 0: the first
        and the last (-1 where none; at most two after the first move, at
        degree 3).  C writes this loop in place, in ``start_value``."""
        indptr, indices, state, known = self.indptr, self.indices, self.state, self.known
        m = self.mate[x]
        first = last = -1
        for k in range(indptr[x], indptr[x + 1]):
            v = indices[k]
            if v != m and state[v] != _GONE and not (learnt and known[k] == _ZERO):
                if first < 0:
                    first = v
                else:
                    last = v
        return first, last

    def save(self, v: int, scope: int) -> None:
        """Save v's label and partner, once per scope."""
        if self.mark[v] != scope:
            self.mark[v] = scope
            top = self.counters[_L_TOP]
            self.saved[3 * top] = v
            self.saved[3 * top + 1] = self.state[v]
            self.saved[3 * top + 2] = self.mate[v]
            self.counters[_L_TOP] = top + 1

    def restore(self, down_to: int) -> None:
        """Undo the saves above ``down_to``, latest first."""
        top = self.counters[_L_TOP]
        while top > down_to:
            top -= 1
            v = self.saved[3 * top]
            self.state[v] = self.saved[3 * top + 1]
            self.mate[v] = self.saved[3 * top + 2]
        self.counters[_L_TOP] = top

    def remove(self, x: int, t1: int, t2: int, scope: int) -> int:
        """Remove the essential vertex x (Lemma 3): its partner m is freed; if x
        was in C, Edmonds' search from m inside C labels the new D and A.
        Returns the status (0, or an inconsistency's code).  Counts one step,
        and one a vertex taken from the queue.

        The caller reads only the labels of ``t1`` and ``t2`` (-1: none; the
        options of a start not known to be worth 0, the next vertex of a line)
        unless one of them is essential, and then the whole decomposition.  So
        the search stops as soon as both are in D (D only grows, so that much
        is final), and is not started when they already are: what it leaves
        half-labelled is restored unread."""
        indptr, indices, mate, state = self.indptr, self.indices, self.mate, self.state
        base, link, seen, queue = self.base, self.link, self.seen, self.queue
        mark, counters = self.mark, self.counters
        counters[_L_WORK] += 1
        m = mate[x]
        self.save(x, scope)
        self.save(m, scope)
        was = state[x]
        state[x] = _GONE
        mate[x] = -1
        mate[m] = -1
        if was != _C:
            return 0
        state[m] = _D  # the root of the search
        if (t1 < 0 or state[t1] == _D) and (t2 < 0 or state[t2] == _D):
            return 0
        base[m] = m
        queue[0] = m
        head = 0
        tail = 1
        while head < tail:
            u = queue[head]
            head += 1
            counters[_L_WORK] += 1
            for k in range(indptr[u], indptr[u + 1]):
                v = indices[k]
                label = state[v]
                if label >= _A:  # in A, or removed
                    continue
                if label == _C:  # grow: v odd, its partner even
                    p = mate[v]
                    if p < 0 or state[p] != _C:
                        return 1
                    self.save(v, scope)
                    self.save(p, scope)
                    state[v] = _A
                    link[v] = u
                    base[v] = v
                    state[p] = _D
                    base[p] = p
                    queue[tail] = p
                    tail += 1
                    if (t1 < 0 or state[t1] == _D) and (t2 < 0 or state[t2] == _D):
                        return 0
                    continue
                if mark[v] != scope:  # an even vertex this scope did not label
                    return 2
                bu = find_root(base, u)
                bv = find_root(base, v)
                if bu == bv:
                    continue
                counters[_L_STAMP] += 1  # a blossom: its base b, the walks' meeting point
                stamp = counters[_L_STAMP]
                a = bu
                c = bv
                while True:
                    if a >= 0:
                        if seen[a] == stamp:
                            break
                        seen[a] = stamp
                        a = find_root(base, link[mate[a]]) if mate[a] >= 0 else -1
                    a, c = c, a
                b = a
                for side in range(2):
                    y = bu if side == 0 else bv
                    while y != b:
                        odd = mate[y]
                        state[odd] = _D  # saved when it turned odd, in this scope
                        queue[tail] = odd
                        tail += 1
                        base[y] = b
                        base[odd] = b
                        y = find_root(base, link[odd])
                if (t1 < 0 or state[t1] == _D) and (t2 < 0 or state[t2] == _D):
                    return 0
        return 0
