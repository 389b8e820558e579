/* The body of annotate.c that reads a CSR, compiled once per indptr type
 * (IDX) with its functions named by NAME; see annotate.c.  No include
 * guard: included twice. */

/* The first t >= 1 whose vertex repeats or is not next to path[t - 1], or
 * -1.  path: size >= 1 entries (the callers' guard; -1 for none rather than
 * a read outside it).  Scratch: seen (bool, n). */
BG_EXPORT int64_t NAME(bg_first_illegal)(const IDX *indptr, const int32_t *indices, int64_t n,
                                         const int64_t *path, int64_t size, uint8_t *seen)
{
    if (size == 0)
        return -1;
    for (int64_t v = 0; v < n; v++)
        seen[v] = 0;
    seen[path[0]] = 1;
    for (int64_t t = 1; t < size; t++) {
        int64_t v = path[t];
        if (seen[v])
            return t;
        if (!NAME(in_row)(indptr, indices, path[t - 1], v))
            return t;
        seen[v] = 1;
    }
    return -1;
}

/* Delete path's vertices in turn, repairing mate in place; wins: size
 * entries, filled.  Scratch: stamp_of, parent, queue, even_tree, odd_tree,
 * next_even, next_odd (int32, n each), first_even, first_odd (int32,
 * size + 1 each), removed (bool, n).  Returns 0. */
BG_EXPORT int64_t NAME(bg_delete_along)(const IDX *indptr, const int32_t *indices, int32_t *mate,
                                        int64_t n, const int64_t *path, int64_t size, uint8_t *wins,
                                        int32_t *stamp_of, int32_t *parent, int32_t *queue,
                                        int32_t *even_tree, int32_t *odd_tree, int32_t *next_even,
                                        int32_t *next_odd, int32_t *first_even, int32_t *first_odd,
                                        uint8_t *removed)
{
    for (int64_t v = 0; v < n; v++) {
        removed[v] = 0;
        stamp_of[v] = 0;
        even_tree[v] = 0;
        odd_tree[v] = 0;
        next_even[v] = -1;
        next_odd[v] = -1;
    }
    for (int64_t t = 0; t <= size; t++) {
        first_even[t] = -1;
        first_odd[t] = -1;
    }
    for (int64_t t = 0; t < size; t++)
        wins[t] = 0;
    for (int64_t t = 0; t < size; t++) {
        int64_t u = path[t];
        removed[u] = 1;
        int32_t x = mate[u];
        if (x < 0)
            continue; /* a maximum matching misses u: the mover loses */
        if (even_tree[u] != 0) { /* a matched even vertex: its tree comes alive */
            int32_t tree = even_tree[u];
            for (int32_t member = first_even[tree]; member >= 0; member = next_even[member])
                even_tree[member] = 0;
            for (int32_t member = first_odd[tree]; member >= 0; member = next_odd[member])
                odd_tree[member] = 0;
            first_even[tree] = -1;
            first_odd[tree] = -1;
        }
        mate[u] = -1;
        mate[x] = -1;
        if (even_tree[x] != 0) {
            wins[t] = 1; /* x is a root of a dead tree already */
            continue;
        }
        int32_t stamp = (int32_t)(t + 1);
        stamp_of[x] = stamp;
        queue[0] = x;
        int64_t head = 0, tail = 1;
        int augmented = 0;
        while (head < tail && !augmented) {
            int32_t v = queue[head++];
            for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
                int32_t y = indices[k];
                if (removed[y] || stamp_of[y] == stamp || odd_tree[y] != 0)
                    continue;
                stamp_of[y] = stamp;
                parent[y] = v;
                int32_t z = mate[y];
                if (z < 0) { /* flip the path y, v, mate(v), parent(mate(v)), ..., x */
                    for (;;) {
                        int32_t previous = mate[v];
                        mate[v] = y;
                        mate[y] = v;
                        if (v == x)
                            break;
                        y = previous;
                        v = parent[y];
                    }
                    augmented = 1;
                    break;
                }
                if (stamp_of[z] != stamp) {
                    stamp_of[z] = stamp;
                    queue[tail++] = z;
                }
            }
        }
        if (augmented)
            continue;
        wins[t] = 1;
        int32_t tree = (int32_t)(t + 1); /* this failed search's tree: tag and link */
        for (int64_t q = 0; q < tail; q++) {
            int32_t even = queue[q];
            even_tree[even] = tree;
            next_even[even] = first_even[tree];
            first_even[tree] = even;
            if (even != x) { /* every odd vertex reached is an even one's partner */
                int32_t odd = mate[even];
                odd_tree[odd] = tree;
                next_odd[odd] = first_odd[tree];
                first_odd[tree] = odd;
            }
        }
    }
    return 0;
}
