/* graphs/graph.py's has_edge, for the CSR kernels whose rows are sorted and
 * whose offsets are int64 (allowed.c's core R, verify.c's checked graph): a
 * helper of the graph layer, as verify.py imports only that layer. */
#ifndef BIPARTITE_GAME_SORTED_ROW_H
#define BIPARTITE_GAME_SORTED_ROW_H

#include <stdint.h>

/* Where w is, or would go, in v's sorted row: the first entry k of the row
 * with indices[k] >= w (numpy's searchsorted), by binary search. */
static inline int64_t bg_row_search(const int64_t *indptr, const int32_t *indices, int64_t v,
                                    int64_t w)
{
    int64_t low = indptr[v];
    int64_t high = indptr[v + 1];
    while (low < high) {
        int64_t middle = (low + high) / 2;
        if (indices[middle] < w)
            low = middle + 1;
        else
            high = middle;
    }
    return low;
}

#endif
