/* The graph kernels of graphs/csr.py: the CSR of an edge list, 2-colouring
 * and its odd cycle, a component, an induced subgraph.  Each mirrors the
 * Python function of the same name (its docstring is the specification); the
 * adapters in csr.py allocate every array. */
#include <stdlib.h>

#include "kernels.h"

/* ---------------------------------------------------------------- the CSR */

/* Rows of at most this many entries are sorted by insertion, longer by qsort. */
#define SHORT_ROW 24

static int compare_ids(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static void sort_row(int32_t *row, int64_t n)
{
    if (n > SHORT_ROW) {
        qsort(row, (size_t)n, sizeof *row, compare_ids);
        return;
    }
    for (int64_t i = 1; i < n; i++) {
        int32_t x = row[i];
        int64_t j = i;
        while (j > 0 && row[j - 1] > x) {
            row[j] = row[j - 1];
            j--;
        }
        row[j] = x;
    }
}

/* Counting pass of symmetric_csr: indptr[x + 1] = the start of row x
 * (the end of row x - 1) once the degrees are known; returns 2 * the
 * non-loop edges.  The fill pass then moves each indptr[x + 1] to the end
 * of row x, which is where the finished CSR wants it. */
#define SYMMETRIC_CSR(SUFFIX, T)                                                          \
    BG_EXPORT int64_t bg_symmetric_degrees_##SUFFIX(const T *u, const T *v, int64_t m,     \
                                                    int64_t n, int64_t *indptr)             \
    {                                                                                      \
        for (int64_t x = 0; x <= n; x++)                                                   \
            indptr[x] = 0;                                                                 \
        for (int64_t e = 0; e < m; e++) {                                                  \
            if (u[e] != v[e]) {                                                            \
                indptr[u[e] + 1]++;                                                        \
                indptr[v[e] + 1]++;                                                        \
            }                                                                              \
        }                                                                                  \
        int64_t sum = 0;                                                                   \
        for (int64_t x = 0; x < n; x++) {                                                  \
            int64_t degree = indptr[x + 1];                                                \
            indptr[x + 1] = sum;                                                           \
            sum += degree;                                                                 \
        }                                                                                  \
        return sum;                                                                        \
    }                                                                                      \
                                                                                           \
    BG_EXPORT int64_t bg_symmetric_fill_##SUFFIX(const T *u, const T *v, int64_t m,        \
                                                 int64_t *indptr, int32_t *indices)         \
    {                                                                                      \
        for (int64_t e = 0; e < m; e++) {                                                  \
            if (u[e] != v[e]) {                                                            \
                indices[indptr[u[e] + 1]++] = (int32_t)v[e];                               \
                indices[indptr[v[e] + 1]++] = (int32_t)u[e];                               \
            }                                                                              \
        }                                                                                  \
        return 0;                                                                          \
    }

SYMMETRIC_CSR(i32, int32_t)
SYMMETRIC_CSR(i64, int64_t)

/* Sort every row and drop repeats, moving the rows down to close the gaps
 * (indptr rewritten); returns the entries left. */
BG_EXPORT int64_t bg_sort_rows(int64_t n, int64_t *indptr, int32_t *indices)
{
    int64_t at = 0, low = 0;
    for (int64_t x = 0; x < n; x++) {
        int64_t high = indptr[x + 1], first = at;
        sort_row(indices + low, high - low);
        for (int64_t k = low; k < high; k++)
            if (at == first || indices[k] != indices[at - 1])
                indices[at++] = indices[k];
        indptr[x + 1] = at;
        low = high;
    }
    return at;
}

/* --------------------------------------------------------------- colouring */

/* two_colour: side and parent (n each, filled here), queue (n, scratch);
 * ends[0], ends[1] = the conflicting edge's ends, or -1, -1. */
BG_EXPORT int64_t bg_two_colour(const int64_t *indptr, const int32_t *indices, int64_t n,
                                int8_t *side, int32_t *parent, int32_t *queue, int64_t *ends)
{
    for (int64_t x = 0; x < n; x++) {
        side[x] = -1;
        parent[x] = -1;
    }
    ends[0] = ends[1] = -1;
    for (int64_t root = 0; root < n; root++) {
        if (side[root] >= 0)
            continue;
        side[root] = 0;
        int64_t head = 0, tail = 1;
        queue[0] = (int32_t)root;
        while (head < tail) {
            int32_t v = queue[head++];
            for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
                int32_t w = indices[k];
                if (side[w] < 0) {
                    side[w] = (int8_t)(1 - side[v]);
                    parent[w] = v;
                    queue[tail++] = w;
                } else if (side[w] == side[v]) {
                    ends[0] = v;
                    ends[1] = w;
                    return 1;
                }
            }
        }
    }
    return 0;
}

/* tree_cycle: on_path (n, zeros), cycle (n); returns the cycle's length. */
BG_EXPORT int64_t bg_tree_cycle(const int32_t *parent, int64_t u, int64_t w, uint8_t *on_path,
                                int32_t *cycle)
{
    for (int64_t x = u; x >= 0; x = parent[x])
        on_path[x] = 1;
    int64_t meet = w;
    while (!on_path[meet])
        meet = parent[meet];
    int64_t length = 1;
    for (int64_t x = u; x != meet; x = parent[x])
        length++;
    for (int64_t x = w; x != meet; x = parent[x])
        length++;
    int64_t k = 0;
    for (int64_t x = u; x != meet; x = parent[x])
        cycle[k++] = (int32_t)x;
    cycle[k] = (int32_t)meet;
    k = length - 1;
    for (int64_t x = w; x != meet; x = parent[x])
        cycle[k--] = (int32_t)x;
    return length;
}

/* ---------------------------------------------------------------- searches */

/* component: seen and fresh (n, zeros), level and found (n, scratch);
 * returns 1 when the search finished, 0 when it passed limit. */
BG_EXPORT int64_t bg_component(const int64_t *indptr, const int32_t *indices, int64_t n,
                               int64_t source, int64_t limit, uint8_t *seen, uint8_t *fresh,
                               int32_t *level, int32_t *found)
{
    seen[source] = 1;
    level[0] = (int32_t)source;
    int64_t size = 1, total = 1;
    while (size > 0) {
        if (total > limit)
            return 0;
        int64_t count = 0, low = n, high = -1;
        for (int64_t t = 0; t < size; t++) {
            int32_t v = level[t];
            for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
                int32_t w = indices[k];
                if (!seen[w]) {
                    seen[w] = 1;
                    fresh[w] = 1;
                    found[count++] = w;
                    if (w < low)
                        low = w;
                    if (w > high)
                        high = w;
                }
            }
        }
        total += count;
        if (count * 32 >= n) {
            size = 0;
            for (int64_t w = low; w <= high; w++) {
                if (fresh[w]) {
                    fresh[w] = 0;
                    level[size++] = (int32_t)w;
                }
            }
        } else {
            for (int64_t t = 0; t < count; t++) {
                fresh[found[t]] = 0;
                level[t] = found[t];
            }
            size = count;
        }
    }
    return 1;
}

/* induced, first pass: new_id (n, filled here) and sub_indptr (kept + 1);
 * returns the entries of the subgraph. */
BG_EXPORT int64_t bg_induced_degrees(const int64_t *indptr, const int32_t *indices, int64_t n,
                                     const int32_t *kept, int64_t size, int32_t *new_id,
                                     int64_t *sub_indptr)
{
    for (int64_t x = 0; x < n; x++)
        new_id[x] = -1;
    for (int64_t t = 0; t < size; t++)
        new_id[kept[t]] = (int32_t)t;
    sub_indptr[0] = 0;
    for (int64_t t = 0; t < size; t++) {
        int32_t v = kept[t];
        int64_t width = 0;
        for (int64_t k = indptr[v]; k < indptr[v + 1]; k++)
            width += new_id[indices[k]] >= 0;
        sub_indptr[t + 1] = sub_indptr[t] + width;
    }
    return sub_indptr[size];
}

/* induced, second pass: the renumbered rows. */
BG_EXPORT int64_t bg_induced_indices(const int64_t *indptr, const int32_t *indices,
                                     const int32_t *kept, int64_t size, const int32_t *new_id,
                                     int32_t *sub_indices)
{
    int64_t at = 0;
    for (int64_t t = 0; t < size; t++) {
        int32_t v = kept[t];
        for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
            int32_t w = new_id[indices[k]];
            if (w >= 0)
                sub_indices[at++] = w;
        }
    }
    return at;
}
