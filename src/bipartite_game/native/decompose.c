/* The kernels of theory/edge_classes.py, behind theory/decompose.py: the
 * fine Dulmage-Mendelsohn blocks (Tarjan), the allowed edges of G[C] on
 * bipartite graphs (same block), and the edge classes (general graphs'
 * allowed edges are native/allowed.c's).  Mirrors fine_blocks, same_block
 * and classify step for step: their docstrings and decompose.py's are the
 * specification.  The offsets are int64 (the
 * adapters widen int32 ones); every array, scratch included, comes from the
 * adapters, and C initialises the scratch itself. */
#include "kernels.h"

/* block: n entries, filled (-1 outside C).  Scratch: index, low, stack,
 * call (int32, n each), cursor (int64, n), on_stack (bool, n).  Returns the
 * number of blocks. */
BG_EXPORT int64_t bg_fine_blocks(const int64_t *indptr, const int32_t *indices, const int8_t *side,
                                 const int32_t *mate, const uint8_t *in_c, int64_t n,
                                 int32_t *block, int32_t *index, int32_t *low, int32_t *stack,
                                 int32_t *call, int64_t *cursor, uint8_t *on_stack)
{
    for (int64_t v = 0; v < n; v++) {
        block[v] = -1;
        index[v] = -1;
        low[v] = 0;
        on_stack[v] = 0;
        cursor[v] = 0;
    }
    int64_t top = 0, depth = 0;
    int32_t counter = 0, blocks = 0;
    for (int64_t root = 0; root < n; root++) {
        if (side[root] != 0 || !in_c[root] || index[root] >= 0)
            continue;
        index[root] = counter;
        low[root] = counter;
        counter++;
        stack[top++] = (int32_t)root;
        on_stack[root] = 1;
        cursor[root] = indptr[root];
        call[0] = (int32_t)root;
        depth = 1;
        while (depth > 0) {
            int32_t u = call[depth - 1];
            int advanced = 0;
            while (cursor[u] < indptr[u + 1]) {
                int32_t w = indices[cursor[u]];
                cursor[u]++;
                if (!in_c[w] || w == mate[u])
                    continue;
                int32_t x = mate[w];
                if (index[x] < 0) {
                    index[x] = counter;
                    low[x] = counter;
                    counter++;
                    stack[top++] = x;
                    on_stack[x] = 1;
                    cursor[x] = indptr[x];
                    call[depth++] = x;
                    advanced = 1;
                    break;
                }
                if (on_stack[x] && index[x] < low[u])
                    low[u] = index[x];
            }
            if (advanced)
                continue;
            depth--;
            if (depth > 0) {
                int32_t parent = call[depth - 1];
                if (low[u] < low[parent])
                    low[parent] = low[u];
            }
            if (low[u] == index[u]) {
                for (;;) {
                    int32_t x = stack[--top];
                    on_stack[x] = 0;
                    block[x] = blocks;
                    block[mate[x]] = blocks;
                    if (x == u)
                        break;
                }
                blocks++;
            }
        }
    }
    return blocks;
}

/* allowed: one entry per CSR entry, filled. */
BG_EXPORT int64_t bg_same_block(const int64_t *indptr, const int32_t *indices,
                                const int32_t *block, int64_t n, uint8_t *allowed)
{
    for (int64_t k = 0; k < indptr[n]; k++)
        allowed[k] = 0;
    for (int64_t v = 0; v < n; v++) {
        if (block[v] < 0)
            continue;
        for (int64_t k = indptr[v]; k < indptr[v + 1]; k++)
            allowed[k] = block[indices[k]] == block[v];
    }
    return 0;
}

/* result: one entry per CSR entry, filled.  Scratch: flexible (bool, n). */
BG_EXPORT int64_t bg_classify(const int64_t *indptr, const int32_t *indices, const int32_t *mate,
                              const int8_t *vertex_class, const uint8_t *allowed, int64_t n,
                              int8_t *result, uint8_t *flexible)
{
    for (int64_t v = 0; v < n; v++) {
        flexible[v] = 0;
        if (vertex_class[v] != 2)
            continue;
        for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
            if (allowed[k] && indices[k] != mate[v]) {
                flexible[v] = 1;
                break;
            }
        }
    }
    for (int64_t v = 0; v < n; v++) {
        int8_t cv = vertex_class[v];
        for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
            int32_t w = indices[k];
            int8_t cw = vertex_class[w];
            int8_t cls = 0;
            if (cv == 0 || cw == 0)
                cls = 1;
            else if (cv == 2 && cw == 2) {
                if (mate[v] == w)
                    cls = flexible[v] || flexible[w] ? 1 : 2;
                else if (allowed[k])
                    cls = 1;
            }
            result[k] = cls;
        }
    }
    return 0;
}
