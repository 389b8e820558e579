/* The two steps of Edmonds' search shared by blossom.c (the maximum
 * matching) and decompose.c (the allowed edges of G[C]): the union-find
 * root of a blossom, and the contraction of the odd cycle an edge between
 * two even vertices closes.  Mirrors graphs/blossom.py's find_root and
 * contract_blossom step for step; their docstrings are the specification.
 * Labels: 0 none, 1 even, 2 odd. */
#ifndef BG_BLOSSOM_IMPL_H
#define BG_BLOSSOM_IMPL_H

#include "kernels.h"

/* Union-find root with path halving. */
static inline int32_t find_root(int32_t *root_of, int32_t x)
{
    while (root_of[x] != x) {
        root_of[x] = root_of[root_of[x]];
        x = root_of[x];
    }
    return x;
}

/* The edge v-w joins two even vertices of different blossoms of the tree
 * rooted at root: find the base (the first blossom the two walks towards
 * the root share, marked with clock in stamp), make the cycle one blossom
 * with that base, label its odd vertices even and queue them from tail.
 * Returns the new tail. */
static inline int64_t contract_blossom(int32_t *blossom, int64_t *stamp, int64_t clock,
                                       int32_t *parent, const int32_t *mate, int8_t *label,
                                       int32_t *queue, int64_t tail, int32_t v, int32_t w,
                                       int32_t root)
{
    int32_t a = find_root(blossom, v), b = find_root(blossom, w);
    for (;;) {
        if (a >= 0) {
            if (stamp[a] == clock)
                break;
            stamp[a] = clock;
            a = a == root ? -1 : find_root(blossom, parent[mate[a]]);
        }
        int32_t swap = a;
        a = b;
        b = swap;
    }
    int32_t base = a;
    for (int side = 0; side < 2; side++) {
        int32_t x = side == 0 ? v : w;
        int32_t y = side == 0 ? w : v;
        while (find_root(blossom, x) != base) {
            parent[x] = y;
            y = mate[x];
            if (label[y] == 2) {
                label[y] = 1;
                queue[tail++] = y;
            }
            if (find_root(blossom, x) == x)
                blossom[x] = base;
            if (find_root(blossom, y) == y)
                blossom[y] = base;
            x = parent[y];
        }
    }
    return tail;
}

#endif
