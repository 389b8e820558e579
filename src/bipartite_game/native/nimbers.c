/* The forest kernel of theory/nimbers.py (forest_values): every start's
 * Grundy value of vertex geography on a forest, normal play (terminal 0)
 * or misere (terminal 1: the value of a position with no move), by a down
 * pass and an up pass over a breadth-first order (the docstrings of
 * theory/nimbers.py and theory/misere.py prove it), and each vertex's
 * component.  Mirrors the Python kernel line by line; the
 * adapter allocates values (n), label (n) and scratch (5 n + 1: order,
 * parent, down, up, counts of n + 1). */
#include "kernels.h"

/* _tally_children: add step to the count of each child's value down[w]
 * that can be the mex (at most x's degree); return the least value whose
 * count is then 0. */
static inline int64_t tally_children(const int64_t *indptr, const int32_t *indices,
                                     const int64_t *parent, const int64_t *down, int64_t *counts,
                                     int64_t x, int64_t step)
{
    int64_t degree = indptr[x + 1] - indptr[x];
    for (int64_t k = indptr[x]; k < indptr[x + 1]; k++) {
        int64_t w = indices[k];
        if (w != parent[x] && down[w] <= degree)
            counts[down[w]] += step;
    }
    int64_t m = 0;
    while (counts[m] > 0)
        m++;
    return m;
}

BG_EXPORT int64_t bg_forest_grundy(const int64_t *indptr, const int32_t *indices, int64_t n,
                                   int64_t terminal,
                                   int64_t *values, int64_t *label, int64_t *scratch)
{
    int64_t *order = scratch;
    int64_t *parent = scratch + n;
    int64_t *down = scratch + 2 * n;
    int64_t *up = scratch + 3 * n;
    int64_t *counts = scratch + 4 * n; /* n + 1 entries */
    for (int64_t x = 0; x < n; x++) {
        values[x] = 0;
        label[x] = -1;
        parent[x] = -1;
        down[x] = 0;
        up[x] = 0;
        counts[x] = 0;
    }
    counts[n] = 0;
    int64_t tail = 0;
    for (int64_t root = 0; root < n; root++) { /* breadth-first order, tree by tree */
        if (label[root] >= 0)
            continue;
        label[root] = root;
        order[tail] = root;
        int64_t head = tail;
        tail++;
        while (head < tail) {
            int64_t x = order[head++];
            for (int64_t k = indptr[x]; k < indptr[x + 1]; k++) {
                int64_t w = indices[k];
                if (label[w] < 0) {
                    label[w] = root;
                    parent[w] = x;
                    order[tail++] = w;
                }
            }
        }
    }
    for (int64_t i = n - 1; i >= 0; i--) { /* down: g(x | parent x), leaves first */
        int64_t x = order[i];
        int64_t children = indptr[x + 1] - indptr[x] - (parent[x] >= 0 ? 1 : 0);
        int64_t m = tally_children(indptr, indices, parent, down, counts, x, 1);
        down[x] = children > 0 ? m : terminal;
        tally_children(indptr, indices, parent, down, counts, x, -1);
    }
    for (int64_t i = 0; i < n; i++) { /* up: g(parent c | c) for each child c, root first */
        int64_t x = order[i];
        int64_t degree = indptr[x + 1] - indptr[x];
        if (parent[x] >= 0 && up[x] <= degree)
            counts[up[x]]++;
        int64_t m = tally_children(indptr, indices, parent, down, counts, x, 1);
        values[x] = degree > 0 ? m : terminal;
        for (int64_t k = indptr[x]; k < indptr[x + 1]; k++) {
            int64_t w = indices[k];
            if (w != parent[x]) {
                int64_t d = down[w];
                if (degree == 1) /* w is x's only neighbour: x is then terminal */
                    up[w] = terminal;
                else
                    up[w] = (d < m && counts[d] == 1) ? d : m;
            }
        }
        tally_children(indptr, indices, parent, down, counts, x, -1);
        if (parent[x] >= 0 && up[x] <= degree)
            counts[up[x]]--;
    }
    return 0;
}
