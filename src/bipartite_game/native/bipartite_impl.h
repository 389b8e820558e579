/* The body of bipartite.c, compiled once per indptr type (IDX) with its
 * functions named by NAME; see bipartite.c.  No include guard: included twice. */

int64_t NAME(bg_first_bad_mate)(const IDX *indptr, const int32_t *indices, const int32_t *mate,
                                int64_t n); /* matching.c */

/* Mark seeds and every vertex reachable from them by an even alternating
 * path as losing, in place; stack: n entries (each vertex enters once). */
BG_EXPORT int64_t NAME(bg_even_closure)(const IDX *indptr, const int32_t *indices,
                                        const int32_t *mate, uint8_t *losing, const uint8_t *seeds,
                                        int64_t n, int32_t *stack)
{
    int64_t top = 0;
    for (int64_t v = n - 1; v >= 0; v--) {
        if (seeds[v] && !losing[v]) {
            losing[v] = 1;
            stack[top++] = (int32_t)v;
        }
    }
    while (top > 0) {
        int32_t v = stack[--top];
        for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
            int32_t u = mate[indices[k]];
            if (u >= 0 && !losing[u]) {
                losing[u] = 1;
                stack[top++] = u;
            }
        }
    }
    return 0;
}

/* result (zeros on entry): vertices outside inside with a neighbour in it. */
BG_EXPORT int64_t NAME(bg_outside_neighbours)(const IDX *indptr, const int32_t *indices,
                                              const uint8_t *inside, int64_t n, uint8_t *result)
{
    for (int64_t v = 0; v < n; v++) {
        if (!inside[v])
            continue;
        for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
            int32_t w = indices[k];
            if (!inside[w])
                result[w] = 1;
        }
    }
    return 0;
}

/* cover (zeros on entry): side-0 vertices not in D, and the neighbours of
 * side-0 vertices in D. */
BG_EXPORT int64_t NAME(bg_koenig_cover)(const IDX *indptr, const int32_t *indices,
                                        const int8_t *side, const uint8_t *losing, int64_t n,
                                        uint8_t *cover)
{
    for (int64_t v = 0; v < n; v++) {
        if (side[v] != 0)
            continue;
        if (!losing[v])
            cover[v] = 1;
        else
            for (int64_t k = indptr[v]; k < indptr[v + 1]; k++)
                cover[indices[k]] = 1;
    }
    return 0;
}

/* 0 when mate is a matching, cover covers every edge and both have the same
 * size; else the problem code of game._PROBLEMS. */
BG_EXPORT int64_t NAME(bg_check_cover)(const IDX *indptr, const int32_t *indices,
                                       const int8_t *side, const int32_t *mate,
                                       const uint8_t *cover, int64_t n)
{
    if (NAME(bg_first_bad_mate)(indptr, indices, mate, n) >= 0)
        return 1;
    int64_t matched = 0;
    for (int64_t v = 0; v < n; v++) {
        int32_t w = mate[v];
        if (w >= 0) {
            if (side[w] == side[v])
                return 4;
            matched++;
        }
        if (!cover[v])
            for (int64_t k = indptr[v]; k < indptr[v + 1]; k++)
                if (!cover[indices[k]])
                    return 2;
    }
    int64_t size = 0;
    for (int64_t v = 0; v < n; v++)
        size += cover[v] != 0;
    return size * 2 != matched ? 3 : 0;
}
