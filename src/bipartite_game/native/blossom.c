/* The blossom search of blossom.py: Edmonds' maximum matching on a general
 * graph with the Gallai-Edmonds labels, and the odd components left when a
 * set is removed.  Mirrors edmonds (with find_root and contract_blossom
 * from blossom_impl.h) and odd_components_without step for step (their
 * docstrings and the module's are the specification), so that both give the
 * same matching, not only one of the same size.  Every array, scratch included, is allocated by the
 * adapters in blossom.py. */
#include "blossom_impl.h"

enum { NONE = 0, EVEN = 1, ODD = 2 };

/* A hint to fetch what the breadth-first search reads next; nothing where
 * the compiler has no such builtin. */
#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(address) __builtin_prefetch(address)
#else
#define PREFETCH(address) ((void)0)
#endif

/* Grow mate to a maximum matching; final[v] = the label of v in the failed
 * trees (EVEN = D, ODD = A, NONE = C).  scratch holds 3n + (n + 3) / 4
 * int64 slots, uninitialised: the stamps, four int32 arrays and two int8
 * ones (one argument, not seven: each array argument costs a few
 * microseconds in ctypes, as much as a small board's search).  Returns the
 * number of augmentations. */
BG_EXPORT int64_t bg_edmonds(const int64_t *indptr, const int32_t *indices, int64_t n,
                             int32_t *mate, int8_t *final, int64_t *scratch)
{
    int64_t *stamp = scratch;
    int32_t *parent = (int32_t *)(scratch + n);
    int32_t *blossom = parent + n;
    int32_t *queue = blossom + n;
    int32_t *touched = queue + n;
    int8_t *label = (int8_t *)(touched + n);
    int8_t *dead = label + n;
    for (int64_t v = 0; v < n; v++) {
        final[v] = NONE;
        label[v] = NONE;
        dead[v] = 0;
        parent[v] = -1;
        blossom[v] = (int32_t)v;
        stamp[v] = 0;
    }
    int64_t clock = 0, augmentations = 0;
    for (int32_t root = 0; root < n; root++) {
        if (mate[root] >= 0 || dead[root])
            continue;
        label[root] = EVEN;
        touched[0] = root;
        int64_t count = 1;
        queue[0] = root;
        int64_t head = 0, tail = 1;
        int augmented = 0;
        while (head < tail && !augmented) {
            int32_t v = queue[head++];
            /* the rows ahead in the queue: the search is bound by memory
             * latency, each row a random place in a large graph (a 1000x1000
             * king maze: 157 ms without prefetching, 98 ms with) */
            if (head + 3 < tail)
                PREFETCH(&indices[indptr[queue[head + 3]]]);
            for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
                int32_t w = indices[k];
                if (dead[w] || mate[v] == w || label[w] == ODD)
                    continue;
                if (find_root(blossom, v) == find_root(blossom, w))
                    continue;
                if (label[w] == NONE) {
                    if (mate[w] < 0) {
                        /* augmenting path root ... v - w: flip it */
                        int32_t x = w, p = v;
                        for (;;) {
                            int32_t previous = mate[p];
                            mate[x] = p;
                            mate[p] = x;
                            if (previous < 0)
                                break;
                            x = previous;
                            p = parent[x];
                        }
                        augmented = 1;
                        augmentations++;
                        break;
                    }
                    label[w] = ODD;
                    parent[w] = v;
                    int32_t partner = mate[w];
                    label[partner] = EVEN;
                    touched[count] = w;
                    touched[count + 1] = partner;
                    count += 2;
                    queue[tail++] = partner;
                    PREFETCH(&indptr[partner]);
                } else {
                    /* both even, different blossoms: contract the odd cycle */
                    tail = contract_blossom(blossom, stamp, ++clock, parent, mate, label,
                                            queue, tail, v, w, root);
                }
            }
        }
        for (int64_t t = 0; t < count; t++) {
            int32_t x = touched[t];
            if (!augmented) {
                dead[x] = 1;
                final[x] = label[x];
            }
            label[x] = NONE;
            parent[x] = -1;
            blossom[x] = x;
        }
    }
    return augmentations;
}

/* Number of components of odd size in the graph minus the vertices removed:
 * union-find over the rows in order (each edge from its lower end), then the
 * parity of each component's size at its root.  scratch holds 2n int32
 * slots, uninitialised: the roots, then the parities. */
BG_EXPORT int64_t bg_odd_components_without(const int64_t *indptr, const int32_t *indices,
                                            int64_t n, const uint8_t *removed, int32_t *scratch)
{
    int32_t *root_of = scratch, *parity = scratch + n;
    for (int64_t v = 0; v < n; v++) {
        root_of[v] = (int32_t)v;
        parity[v] = 0;
    }
    for (int32_t v = 0; v < n; v++) {
        if (removed[v])
            continue;
        for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
            int32_t w = indices[k];
            if (w > v && !removed[w]) {
                int32_t a = find_root(root_of, v), b = find_root(root_of, w);
                if (a < b)
                    root_of[b] = a;
                else if (b < a)
                    root_of[a] = b;
            }
        }
    }
    for (int32_t v = 0; v < n; v++)
        if (!removed[v])
            parity[find_root(root_of, v)] ^= 1;
    int64_t odd = 0;
    for (int64_t v = 0; v < n; v++)
        odd += parity[v];
    return odd;
}
