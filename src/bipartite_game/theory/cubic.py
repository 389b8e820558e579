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
only vertices that turn from C into D or A, so along one line each vertex
is labelled once: a start costs O(V log V) at most, the whole graph
O(V² log V) at most, and much less when the lines are short and the freed
partners reach little.  A removal's caller reads only the labels of the
removed vertex's other moves unless one of them is essential, so the search
stops as soon as they are all in D (final, D only grows).  A position
mid-game is a start of the graph of what is unvisited plus the token's
vertex.  The caller (:mod:`.nimbers`) checks every value's zero against
:func:`~.game.solve`.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .._jit import kernel
from .._native import Library
from ..errors import SolverError

__all__ = ["cubic_values"]

IntArray = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
BoolArray = npt.NDArray[np.bool_]
Int8Array = npt.NDArray[np.int8]

#: Labels of the kernel: the Gallai–Edmonds classes, and removed.
_C, _D, _A, _GONE = 0, 1, 2, 3


def cubic_values(
    indptr: IntArray,
    indices: Int32Array,
    mate: Int32Array,
    losing: BoolArray,
    barrier: BoolArray,
    todo: BoolArray,
) -> IntArray:
    """``values[s]`` for every start with ``todo[s]`` (0 elsewhere), on a
    graph (CSR, int64 offsets) whose vertices in ``todo``'s components have
    degree at most 3, from a maximum matching ``mate`` and its Gallai–Edmonds
    sets D (``losing``) and A (``barrier``), as :func:`~.game.solve` gives
    them.  Raises :class:`SolverError` if the decomposition turns out
    inconsistent (a bug)."""
    n = indptr.size - 1
    state = np.zeros(n, dtype=np.int8)
    state[losing] = _D
    state[barrier] = _A
    values, status = _cubic_kernel(
        indptr, indices, mate.astype(np.int64), state, todo.astype(np.bool_)
    )
    if status != 0:
        raise SolverError(
            f"the degree-3 Grundy kernel met an inconsistent decomposition ({status})"
        )
    return values


def _cubic_native(
    lib: Library,
    indptr: IntArray,
    indices: Int32Array,
    mate: IntArray,
    state: Int8Array,
    todo: BoolArray,
) -> tuple[IntArray, int]:
    n = indptr.size - 1
    values = np.zeros(n, dtype=np.int64)
    work_mate = mate.copy()
    work_state = state.copy()
    scratch = np.empty(11 * n + 8, dtype=np.int64)
    known = np.empty(indices.size, dtype=np.int8)
    done = np.empty(n, dtype=np.bool_)
    status = lib.function("bg_cubic_grundy", "liqlb?llb?")(
        indptr, indices, n, work_mate, work_state, todo, values, scratch, known, done
    )
    return values, int(status)


@kernel(native=_cubic_native)
def _cubic_kernel(
    indptr: IntArray, indices: Int32Array, mate_in: IntArray, state_in: Int8Array, todo: BoolArray
) -> tuple[IntArray, int]:
    """The values of the module docstring, and a status: 0, or the code of
    the first inconsistency met (1: a C vertex unmatched or matched outside
    C; 2: a new search met an even vertex of an old one; 3: a line's vertex
    with two moves besides its partner; 4: a start of degree above 3).

    Two sweeps over the starts.  A start all of whose options are known to
    be worth 0 is worth 1 without a search.  An option's zero is learnt from
    either end of its edge (the symmetry of the module docstring), so the
    first sweep takes only starts with nothing learnt yet (an independent
    set, each teaching its neighbours), the second the rest.

    ``state`` holds the labels (0 C, 1 D, 2 A, 3 removed) and ``mate`` the
    matching.  Each scope (removing a start; one line) saves a vertex's
    label and partner the first time it changes them (``mark`` holds the
    scope that last saved a vertex; scopes are numbered afresh) and restores
    them when it closes.  ``base`` is the union-find of the current search's
    blossoms, ``link`` each odd vertex's even parent, ``seen`` the stamps of
    the lowest-common-ancestor walk, ``counters`` = [saved entries in use,
    last stamp]."""
    n = indptr.size - 1
    values = np.zeros(n, dtype=np.int64)
    mate = mate_in.copy()
    state = state_in.copy()
    base = np.arange(n, dtype=np.int64)
    link = np.full(n, -1, dtype=np.int64)
    seen = np.zeros(n, dtype=np.int64)
    queue = np.zeros(n, dtype=np.int64)
    mark = np.zeros(n, dtype=np.int64)
    saved = np.zeros(3 * (2 * n + 2), dtype=np.int64)  # (vertex, label, partner) triples
    counters = np.zeros(2, dtype=np.int64)
    options = np.zeros(4, dtype=np.int64)  # how many options have value 0, 1, 2
    known = np.full(indices.size, -1, dtype=np.int8)  # per move s -> w: 1 if worth 0, 0 if not
    done = np.zeros(n, dtype=np.bool_)
    scope = 0
    for sweep in range(2):
        for s in range(n):
            if done[s] or not todo[s] or state[s] == _D:
                continue
            if indptr[s + 1] - indptr[s] > 3:
                return values, 4
            learnt = 0
            zeros = 0
            for k in range(indptr[s], indptr[s + 1]):
                if known[k] >= 0:
                    learnt += 1
                if indices[k] == mate[s] or known[k] == 1:
                    zeros += 1
            if zeros == indptr[s + 1] - indptr[s]:  # every option worth 0
                values[s] = 1
                done[s] = True
                continue
            if sweep == 0 and learnt > 0:  # the first sweep: none learnt yet
                continue
            done[s] = True
            status = _start_value(
                indptr,
                indices,
                s,
                values,
                mate,
                state,
                base,
                link,
                seen,
                queue,
                mark,
                saved,
                counters,
                options,
                known,
                scope,
            )
            scope += 4
            if status != 0:
                return values, status
    return values, 0


@kernel
def _start_value(
    indptr: IntArray,
    indices: Int32Array,
    s: int,
    values: IntArray,
    mate: IntArray,
    state: Int8Array,
    base: IntArray,
    link: IntArray,
    seen: IntArray,
    queue: IntArray,
    mark: IntArray,
    saved: IntArray,
    counters: IntArray,
    options: IntArray,
    known: Int8Array,
    scope: int,
) -> int:
    """``values[s]``: remove s, value each option (0 by the labels, else
    by its line), restore; record each option's zero for the move s -> w
    and the move w -> s in ``known`` (the symmetry of the module
    docstring).  Uses the scopes ``scope + 1`` to ``scope + 4`` (the start,
    then a line for each of at most three options).  Returns the status."""
    scope += 1
    start_top = counters[0]
    status = _remove(
        indptr, indices, s, mate, state, base, link, seen, queue, mark, scope, saved, counters
    )
    if status != 0:
        return status
    options[:] = 0
    for k in range(indptr[s], indptr[s + 1]):
        w = indices[k]
        zero = 1 if state[w] == _D else 0
        known[k] = zero
        for j in range(indptr[w], indptr[w + 1]):
            if indices[j] == s:
                known[j] = zero
        if zero == 1:
            options[0] += 1
            continue
        scope += 1  # the line of Lemma 2 from (w, G - s), in a scope of its own
        line_top = counters[0]
        x = w
        length = 0
        while True:
            m = mate[x]
            status = _remove(
                indptr,
                indices,
                x,
                mate,
                state,
                base,
                link,
                seen,
                queue,
                mark,
                scope,
                saved,
                counters,
            )
            if status != 0:
                return status
            y = -1
            for j in range(indptr[x], indptr[x + 1]):
                z = indices[j]
                if state[z] != _GONE and z != m:
                    if y >= 0:
                        return 3
                    y = z
            if y < 0 or state[y] == _D:
                break
            x = y
            length += 1
        options[1 + length % 2] += 1
        _restore(mate, state, saved, counters, line_top)
    _restore(mate, state, saved, counters, start_top)
    value = 0
    while options[value] > 0:
        value += 1
    values[s] = value
    return 0


@kernel
def _save(
    v: int,
    mate: IntArray,
    state: Int8Array,
    mark: IntArray,
    scope: int,
    saved: IntArray,
    counters: IntArray,
) -> None:
    """Save v's label and partner, once per scope."""
    if mark[v] != scope:
        mark[v] = scope
        top = counters[0]
        saved[3 * top] = v
        saved[3 * top + 1] = state[v]
        saved[3 * top + 2] = mate[v]
        counters[0] = top + 1


@kernel
def _restore(
    mate: IntArray, state: Int8Array, saved: IntArray, counters: IntArray, down_to: int
) -> None:
    """Undo the saves above ``down_to``, latest first."""
    top = counters[0]
    while top > down_to:
        top -= 1
        v = saved[3 * top]
        state[v] = saved[3 * top + 1]
        mate[v] = saved[3 * top + 2]
    counters[0] = top


@kernel
def _remove(
    indptr: IntArray,
    indices: Int32Array,
    x: int,
    mate: IntArray,
    state: Int8Array,
    base: IntArray,
    link: IntArray,
    seen: IntArray,
    queue: IntArray,
    mark: IntArray,
    scope: int,
    saved: IntArray,
    counters: IntArray,
) -> int:
    """Remove the essential vertex x (Lemma 3): its partner m is freed; if x
    was in C, Edmonds' search from m inside C labels the new D and A.
    Returns the status (0, or an inconsistency's code).

    The caller reads only the labels of x's other moves (the options of a
    start; the next vertex of a line) unless one of them is essential, and
    then the whole decomposition.  So the search stops as soon as every
    other move of x is in D (D only grows, so that much is final), and is
    not started when they all are already: what it leaves half-labelled is
    restored unread."""
    m = mate[x]
    t1 = -1  # x's other moves (at most two at maximum degree 3)
    t2 = -1
    for k in range(indptr[x], indptr[x + 1]):
        v = indices[k]
        if v != m and state[v] != _GONE:
            if t1 < 0:
                t1 = v
            else:
                t2 = v
    _save(x, mate, state, mark, scope, saved, counters)
    _save(m, mate, state, mark, scope, saved, counters)
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
        for k in range(indptr[u], indptr[u + 1]):
            v = indices[k]
            label = state[v]
            if label >= _A:  # in A, or removed
                continue
            if label == _C:  # grow: v odd, its partner even
                p = mate[v]
                if p < 0 or state[p] != _C:
                    return 1
                _save(v, mate, state, mark, scope, saved, counters)
                _save(p, mate, state, mark, scope, saved, counters)
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
            bu = _find(base, u)
            bv = _find(base, v)
            if bu == bv:
                continue
            counters[1] += 1  # a blossom: its base b, the walks' meeting point
            stamp = counters[1]
            a = bu
            c = bv
            while True:
                if a >= 0:
                    if seen[a] == stamp:
                        break
                    seen[a] = stamp
                    a = _find(base, link[mate[a]]) if mate[a] >= 0 else -1
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
                    y = _find(base, link[odd])
            if (t1 < 0 or state[t1] == _D) and (t2 < 0 or state[t2] == _D):
                return 0
    return 0


@kernel
def _find(base: IntArray, v: int) -> int:
    """The base of v's blossom (union-find with path halving)."""
    while base[v] != v:
        base[v] = base[base[v]]
        v = base[v]
    return v
