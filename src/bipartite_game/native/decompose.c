/* The kernels of theory/edge_classes.py, behind theory/decompose.py: the
 * fine Dulmage-Mendelsohn blocks (the alternating digraph, whose strong
 * components native/geography.c's Tarjan finds), the allowed edges of G[C]
 * on bipartite graphs (same block), and the edge classes (general graphs'
 * allowed edges are native/allowed.c's).  Mirrors same_block and classify
 * step for step, and fine_blocks's digraph arc for arc (its numpy builds the
 * same CSR): their docstrings and decompose.py's are the specification.  The
 * offsets are int64 (the adapters widen int32 ones); every array, scratch
 * included, comes from the adapters, and C initialises the scratch itself. */
#include "kernels.h"

/* native/geography.c: graphs/strong_components.py's Tarjan, sinks first. */
BG_EXPORT int64_t bg_geo_strong_components(const int64_t *indptr, const int64_t *heads, int64_t n,
                                           int64_t *comp, int64_t *index, int64_t *low,
                                           uint8_t *on_stack, int64_t *stack, int64_t *call,
                                           int64_t *next_arc);

/* block: n entries, filled (-1 outside C).  tails: the side-0 vertices of
 * C in id order (count of them), the digraph's vertices.  Scratch: tail_of
 * (n, read at tails only); the digraph's arc_indptr (count + 1) and heads
 * (one per arc: at most the CSR entries of the tails' rows); comp and the
 * scratch of bg_geo_strong_components (count each).  Returns the number of
 * blocks. */
BG_EXPORT int64_t bg_fine_blocks(const int64_t *indptr, const int32_t *indices, const int32_t *mate,
                                 const uint8_t *in_c, int64_t n, const int64_t *tails,
                                 int64_t count, int32_t *block, int32_t *tail_of,
                                 int64_t *arc_indptr, int64_t *heads, int64_t *comp,
                                 int64_t *index, int64_t *low, uint8_t *on_stack, int64_t *stack,
                                 int64_t *call, int64_t *next_arc)
{
    for (int64_t t = 0; t < count; t++)
        tail_of[tails[t]] = (int32_t)t;
    int64_t arcs = 0;
    arc_indptr[0] = 0;
    for (int64_t t = 0; t < count; t++) {
        int64_t u = tails[t];
        for (int64_t k = indptr[u]; k < indptr[u + 1]; k++) {
            int32_t w = indices[k];
            if (in_c[w] && w != mate[u])
                heads[arcs++] = tail_of[mate[w]];
        }
        arc_indptr[t + 1] = arcs;
    }
    int64_t blocks = bg_geo_strong_components(arc_indptr, heads, count, comp, index, low,
                                              on_stack, stack, call, next_arc);
    for (int64_t v = 0; v < n; v++)
        block[v] = -1;
    for (int64_t t = 0; t < count; t++) {
        block[tails[t]] = (int32_t)comp[t];
        block[mate[tails[t]]] = (int32_t)comp[t];
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
