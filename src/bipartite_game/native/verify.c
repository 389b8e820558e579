/* The certificate checker's kernels: proofs/verify.py's _has_edges,
 * _components and _merges (their docstrings and the module's are the
 * specification).  Like verify.py, which never imports the solver, this
 * file shares none of the solver's code: its helpers are its own but the
 * row search of sorted_row.h, the graph layer's (verify.py imports that).
 * The adapters allocate every array and widen an int32 indptr to int64.
 *
 * verify.py's _find (the union-find root, halving the path) is the static
 * find below.  Where Python calls it twice in one expression the calls are
 * separate statements here, in Python's order: halving changes root_of, and
 * C leaves the order of an operator's operands unspecified. */
#include "kernels.h"
#include "sorted_row.h"

/* The root of x in the union-find forest root_of, halving the path. */
static int64_t find(int64_t *root_of, int64_t x)
{
    while (root_of[x] != x) {
        root_of[x] = root_of[root_of[x]];
        x = root_of[x];
    }
    return x;
}

/* result[k]: whether us[k] vs[k] is an edge, for count pairs. */
BG_EXPORT int64_t bg_verify_has_edges(const int64_t *indptr, const int32_t *indices,
                                      const int64_t *us, const int64_t *vs, int64_t count,
                                      uint8_t *result)
{
    for (int64_t k = 0; k < count; k++) {
        int64_t low = bg_row_search(indptr, indices, us[k], vs[k]);
        result[k] = low < indptr[us[k] + 1] && indices[low] == vs[k];
    }
    return 0;
}

/* Component number of every vertex not removed (-1 for a removed one);
 * returns the number of components.  stack: n entries, contents ignored. */
BG_EXPORT int64_t bg_verify_components(const int64_t *indptr, const int32_t *indices,
                                       const uint8_t *removed, int64_t n, int64_t *component,
                                       int64_t *stack)
{
    for (int64_t v = 0; v < n; v++)
        component[v] = -1;
    int64_t count = 0;
    for (int64_t start = 0; start < n; start++) {
        if (removed[start] || component[start] >= 0)
            continue;
        component[start] = count;
        stack[0] = start;
        int64_t top = 1;
        while (top > 0) {
            int64_t v = stack[--top];
            for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
                int32_t w = indices[k];
                if (!removed[w] && component[w] < 0) {
                    component[w] = count;
                    stack[top++] = w;
                }
            }
        }
        count++;
    }
    return count;
}

/* The blossom merges of _merges, applied to single-vertex pieces: returns
 * the problem code (0 when all hold), with the merge it is in at *at_merge;
 * root_of gets every vertex's piece (as far as the merges went).
 * root_of, stamp: n entries each, contents ignored. */
BG_EXPORT int64_t bg_verify_merges(const int64_t *indptr, const int32_t *indices,
                                   const uint8_t *removed, int64_t n, const int64_t *edges,
                                   const int64_t *sizes, int64_t merges, int64_t *root_of,
                                   int64_t *stamp, int64_t *at_merge)
{
    for (int64_t v = 0; v < n; v++) {
        root_of[v] = v;
        stamp[v] = -1;
    }
    *at_merge = 0;
    int64_t at = 0;
    for (int64_t merge = 0; merge < merges; merge++) {
        int64_t count = sizes[merge];
        *at_merge = merge;
        if (count < 3 || count % 2 == 0)
            return 1;
        for (int64_t t = at; t < at + 2 * count; t += 2) {
            int64_t x = edges[t];
            int64_t y = edges[t + 1];
            if (removed[x] || removed[y])
                return 3;
            int64_t low = bg_row_search(indptr, indices, x, y);
            if (low >= indptr[x + 1] || indices[low] != y)
                return 2;
            int64_t after = t + 2 == at + 2 * count ? at : t + 2;
            int64_t ends = find(root_of, y);
            int64_t starts = find(root_of, edges[after]);
            if (ends != starts)
                return 4;
            int64_t piece = find(root_of, x);
            if (stamp[piece] == merge)
                return 5;
            stamp[piece] = merge;
        }
        int64_t top = find(root_of, edges[at]);
        for (int64_t t = at; t < at + 2 * count; t += 2)
            root_of[find(root_of, edges[t])] = top;
        at += 2 * count;
    }
    *at_merge = 0;
    for (int64_t v = 0; v < n; v++)
        root_of[v] = find(root_of, v);
    return 0;
}
