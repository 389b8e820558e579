/* The kernels of theory/edge_classes.py, behind theory/decompose.py: the
 * fine Dulmage-Mendelsohn blocks (Tarjan), the allowed edges of G[C] on
 * bipartite graphs (same block) and on general ones (one stopped blossom
 * search per vertex), and the edge classes.  Mirrors fine_blocks,
 * same_block, allowed_general (with find_root and contract_blossom from
 * blossom_impl.h) and classify step for step: their docstrings and
 * decompose.py's are the specification.  The offsets are int64 (the
 * adapters widen int32 ones); every array, scratch included, comes from the
 * adapters, and C initialises the scratch itself. */
#include "blossom_impl.h"

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

/* allowed: one entry per CSR entry, filled.  Scratch: parent, blossom,
 * queue, touched (int32, n each), stamp (int64, n), label (int8, n),
 * target (bool, n).  Returns 0. */
BG_EXPORT int64_t bg_allowed_general(const int64_t *indptr, const int32_t *indices,
                                     const int32_t *mate, const uint8_t *in_c, int64_t n,
                                     uint8_t *allowed, int32_t *parent, int32_t *blossom,
                                     int32_t *queue, int32_t *touched, int64_t *stamp,
                                     int8_t *label, uint8_t *target)
{
    for (int64_t k = 0; k < indptr[n]; k++)
        allowed[k] = 0;
    for (int64_t v = 0; v < n; v++) {
        label[v] = 0;
        parent[v] = -1;
        blossom[v] = (int32_t)v;
        stamp[v] = 0;
        target[v] = 0;
    }
    int64_t clock = 0;
    for (int64_t u = 0; u < n; u++) {
        if (!in_c[u])
            continue;
        int32_t root = mate[u];
        int64_t wanted = 0;
        int needed = 0;
        for (int64_t k = indptr[u]; k < indptr[u + 1]; k++) {
            int32_t x = indices[k];
            if (in_c[x] && x != root) {
                target[x] = 1;
                wanted++;
                if (x > u)
                    needed = 1;
            }
        }
        if (!needed) {
            for (int64_t k = indptr[u]; k < indptr[u + 1]; k++)
                target[indices[k]] = 0;
            continue;
        }
        /* the search runs in G[C] - u: u is blocked by labelling it odd */
        label[u] = 2;
        label[root] = 1;
        touched[0] = (int32_t)u;
        touched[1] = root;
        int64_t count = 2;
        queue[0] = root;
        int64_t head = 0, tail = 1;
        while (head < tail && wanted > 0) {
            int32_t v = queue[head++];
            for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
                int32_t w = indices[k];
                if (!in_c[w] || mate[v] == w || label[w] == 2)
                    continue;
                if (find_root(blossom, v) == find_root(blossom, w))
                    continue;
                if (label[w] == 0) {
                    /* every vertex but the root is matched inside C */
                    label[w] = 2;
                    parent[w] = v;
                    int32_t partner = mate[w];
                    label[partner] = 1;
                    if (target[partner])
                        wanted--;
                    touched[count] = w;
                    touched[count + 1] = partner;
                    count += 2;
                    queue[tail++] = partner;
                } else {
                    int64_t start = tail;
                    tail = contract_blossom(blossom, stamp, ++clock, parent, mate, label,
                                            queue, tail, v, w, root);
                    for (int64_t q = start; q < tail; q++)
                        if (target[queue[q]])
                            wanted--;
                }
            }
        }
        for (int64_t k = indptr[u]; k < indptr[u + 1]; k++) {
            int32_t x = indices[k];
            if (target[x]) {
                allowed[k] = label[x] == 1;
                target[x] = 0;
            }
        }
        for (int64_t t = 0; t < count; t++) {
            int32_t x = touched[t];
            label[x] = 0;
            parent[x] = -1;
            blossom[x] = x;
        }
    }
    /* every unmatched edge was decided from its smaller end: copy it across */
    for (int64_t v = 0; v < n; v++) {
        for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
            if (allowed[k]) {
                int32_t w = indices[k];
                int64_t lo = indptr[w], hi = indptr[w + 1];
                while (lo < hi) {
                    int64_t mid = (lo + hi) / 2;
                    if (indices[mid] < v)
                        lo = mid + 1;
                    else
                        hi = mid;
                }
                allowed[lo] = 1;
            }
        }
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
