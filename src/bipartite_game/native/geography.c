/* The geography kernels of theory/geography/: the peeling of peel.py
 * (_peel, _resolve); the union-finds, the GF(2) elimination and its
 * per-component driver of edge_bipartite.py (_parity_union_find,
 * _union_find, _local_index, _fill, _reduce, _losing_columns,
 * _all_components); Tarjan's components (graphs/strong_components.py's
 * strong_components) and the retrograde settling of directed.py
 * (_settle); the reach of
 * search.py (_reach); the chains of chains.py (_chains).  Each mirrors the
 * Python kernel of the same name (its docstring is the specification); the
 * adapters beside them allocate every array, the scratch ones included.
 * Bools are uint8_t, the word matrix is uint64_t rows of nwords words. */
#include "kernels.h"

/* ------------------------------------------------------------ peel.py */

/* The first live neighbour of a other than but (any, when but is -1); -1
 * if there is none.  _peel writes this loop in place, three times. */
static inline int64_t live_neighbour(const int64_t *indptr, const int64_t *adj,
                                     const uint8_t *alive, int64_t a, int64_t but)
{
    for (int64_t i = indptr[a]; i < indptr[a + 1]; i++)
        if (alive[adj[i]] && adj[i] != but)
            return adj[i];
    return -1;
}

/* _peel: the peeling rules to a fixed point; returns the number of aliases.
 * deg (n) and stack (n + 4 * nadj + 1) are scratch. */
BG_EXPORT int64_t bg_geo_peel(const int64_t *indptr, const int64_t *adj, const uint8_t *is_col,
                              int8_t *answer, uint8_t *alive, int64_t *alias, int64_t n,
                              int64_t *deg, int64_t *stack)
{
    for (int64_t a = 0; a < n; a++)
        deg[a] = indptr[a + 1] - indptr[a];
    int64_t top = 0;
    for (int64_t a = 0; a < n; a++)
        stack[top++] = a;
    int64_t count = 0;
    while (top > 0) {
        int64_t a = stack[--top];
        if (!alive[a] || deg[a] > 2)
            continue;
        if (is_col[a]) {
            if (deg[a] == 0) {
                answer[a] = 1;
                alive[a] = 0;
            } else if (deg[a] == 1) {
                int64_t y = live_neighbour(indptr, adj, alive, a, -1);
                if (deg[y] == 2) {
                    int64_t other = live_neighbour(indptr, adj, alive, y, a);
                    alias[2 * count] = a;
                    alias[2 * count + 1] = other;
                    count++;
                    alive[a] = 0;
                    alive[y] = 0;
                    deg[other] -= 1;
                    stack[top++] = other;
                }
            }
        } else {
            if (deg[a] == 0) {
                alive[a] = 0;
            } else if (deg[a] == 1) {
                int64_t x = live_neighbour(indptr, adj, alive, a, -1);
                answer[x] = 0;
                alive[x] = 0;
                alive[a] = 0;
                for (int64_t i = indptr[x]; i < indptr[x + 1]; i++) {
                    int64_t y = adj[i];
                    if (alive[y]) {
                        deg[y] -= 1;
                        stack[top++] = y;
                    }
                }
            } else { /* two: a neighbour column with one row may now be aliased */
                for (int64_t i = indptr[a]; i < indptr[a + 1]; i++) {
                    int64_t x = adj[i];
                    if (alive[x] && deg[x] == 1)
                        stack[top++] = x;
                }
            }
        }
    }
    return count;
}

/* _resolve: aliases take their partner's verdict, the latest made first. */
BG_EXPORT int64_t bg_geo_resolve(int8_t *answer, const int64_t *alias, int64_t count)
{
    for (int64_t k = count - 1; k >= 0; k--)
        answer[alias[2 * k]] = answer[alias[2 * k + 1]];
    return 0;
}

/* ---------------------------------------------------- edge_bipartite.py */

/* _parity_union_find: parent and parity (to the root) per vertex, and
 * whether its component has an odd cycle.  odd (n) is scratch. */
BG_EXPORT int64_t bg_geo_parity_union_find(int64_t n, const int64_t *u, const int64_t *v,
                                           int64_t m, int64_t *parent, int64_t *parity,
                                           uint8_t *odd, uint8_t *roots_odd)
{
    for (int64_t x = 0; x < n; x++) {
        parent[x] = x;
        parity[x] = 0;
        odd[x] = 0;
        roots_odd[x] = 0;
    }
    for (int64_t i = 0; i < m; i++) {
        int64_t a = u[i], pa = 0;
        while (parent[a] != a) {
            pa ^= parity[a];
            a = parent[a];
        }
        int64_t b = v[i], pb = 0;
        while (parent[b] != b) {
            pb ^= parity[b];
            b = parent[b];
        }
        if (a == b) {
            if (pa == pb)
                odd[a] = 1;
            continue;
        }
        if (b < a) {
            int64_t swap = a;
            a = b;
            b = swap;
        }
        parent[b] = a;
        parity[b] = pa ^ pb ^ 1;
        odd[a] = odd[a] || odd[b];
    }
    for (int64_t x = 0; x < n; x++) {
        int64_t r = x, p = 0;
        while (parent[r] != r) {
            p ^= parity[r];
            r = parent[r];
        }
        parent[x] = r;
        parity[x] = p;
    }
    for (int64_t x = 0; x < n; x++)
        if (odd[parent[x]])
            roots_odd[x] = 1;
    return 0;
}

/* _union_find: path halving, the lower root stays, then one halving step
 * per vertex in order, as in the Python (not a full flattening). */
BG_EXPORT int64_t bg_geo_union_find(int64_t n, const int64_t *u, const int64_t *v, int64_t m,
                                    int64_t *parent)
{
    for (int64_t x = 0; x < n; x++)
        parent[x] = x;
    for (int64_t i = 0; i < m; i++) {
        int64_t a = u[i];
        while (parent[a] != a) {
            parent[a] = parent[parent[a]];
            a = parent[a];
        }
        int64_t b = v[i];
        while (parent[b] != b) {
            parent[b] = parent[parent[b]];
            b = parent[b];
        }
        if (a != b) {
            if (a < b)
                parent[b] = a;
            else
                parent[a] = b;
        }
    }
    for (int64_t x = 0; x < n; x++)
        parent[x] = parent[parent[x]];
    return 0;
}

/* _local_index: each vertex's index among its side's vertices in its
 * component; count is the number of components. */
BG_EXPORT int64_t bg_geo_local_index(const int64_t *order, const int64_t *comp_start,
                                     const int64_t *in_x, int64_t count, int64_t *local)
{
    for (int64_t k = 0; k < count; k++) {
        for (int64_t i = comp_start[k]; i < comp_start[k + 1]; i++) {
            int64_t offset = i - comp_start[k];
            local[order[i]] = offset < in_x[k] ? offset : offset - in_x[k];
        }
    }
    return 0;
}

static void fill(uint64_t *matrix, int64_t nwords, const int64_t *rows, const int64_t *columns,
                 int64_t m)
{
    for (int64_t i = 0; i < m; i++) {
        int64_t c = columns[i];
        matrix[rows[i] * nwords + (c >> 6)] ^= (uint64_t)1 << (c & 63);
    }
}

/* _fill: XOR each edge into its bit. */
BG_EXPORT int64_t bg_geo_fill(uint64_t *matrix, int64_t nwords, const int64_t *rows,
                              const int64_t *columns, int64_t m)
{
    fill(matrix, nwords, rows, columns, m);
    return 0;
}

#define BLOCK 8

static int64_t bit_of(const uint64_t *row, int64_t c)
{
    return (int64_t)((row[c >> 6] >> (c & 63)) & 1);
}

/* _reduce: reduced row echelon form in place by the method of Four
 * Russians, eight pivots a pass; pivot (nrows) gets each row's pivot
 * column or -1.  table (256 * nwords) and cols (8) are scratch. */
static void reduce(uint64_t *matrix, int64_t nrows, int64_t nwords, int64_t ncols,
                   int64_t *pivot, uint64_t *table, int64_t *cols)
{
    for (int64_t i = 0; i < nrows; i++)
        pivot[i] = -1;
    int64_t r = 0, c = 0;
    while (c < ncols && r < nrows) {
        int64_t w0 = c >> 6;
        int64_t t = 0;
        while (t < BLOCK && c < ncols && r + t < nrows) {
            int64_t w = c >> 6;
            uint64_t bit = (uint64_t)1 << (c & 63);
            int64_t found = -1;
            for (int64_t i = r + t; i < nrows; i++) {
                const uint64_t *row = matrix + i * nwords;
                int odd = (row[w] & bit) != 0;
                for (int64_t p = 0; p < t; p++)
                    if (bit_of(row, cols[p]) && (matrix[(r + p) * nwords + w] & bit))
                        odd = !odd;
                if (odd) {
                    found = i;
                    break;
                }
            }
            if (found >= 0) {
                uint64_t *frow = matrix + found * nwords;
                for (int64_t p = 0; p < t; p++) {
                    if (bit_of(frow, cols[p])) {
                        const uint64_t *prow = matrix + (r + p) * nwords;
                        for (int64_t k = w0; k < nwords; k++)
                            frow[k] ^= prow[k];
                    }
                }
                uint64_t *trow = matrix + (r + t) * nwords;
                if (found != r + t) {
                    for (int64_t k = w0; k < nwords; k++) {
                        uint64_t swap = trow[k];
                        trow[k] = frow[k];
                        frow[k] = swap;
                    }
                }
                for (int64_t p = 0; p < t; p++) {
                    uint64_t *prow = matrix + (r + p) * nwords;
                    if (prow[w] & bit)
                        for (int64_t k = w0; k < nwords; k++)
                            prow[k] ^= trow[k];
                }
                cols[t] = c;
                t++;
            }
            c++;
        }
        if (t == 0)
            break;
        for (int64_t k = w0; k < nwords; k++)
            table[k] = 0;
        for (int64_t mask = 1; mask < ((int64_t)1 << t); mask++) {
            int64_t p = 0;
            while (!((mask >> p) & 1))
                p++;
            int64_t prev = mask ^ ((int64_t)1 << p);
            const uint64_t *prow = matrix + (r + p) * nwords;
            for (int64_t k = w0; k < nwords; k++)
                table[mask * nwords + k] = table[prev * nwords + k] ^ prow[k];
        }
        for (int64_t i = 0; i < nrows; i++) {
            if (r <= i && i < r + t)
                continue;
            uint64_t *row = matrix + i * nwords;
            int64_t index = 0;
            for (int64_t p = 0; p < t; p++)
                if (bit_of(row, cols[p]))
                    index |= (int64_t)1 << p;
            if (index) {
                const uint64_t *entry = table + index * nwords;
                for (int64_t k = w0; k < nwords; k++)
                    row[k] ^= entry[k];
            }
        }
        for (int64_t p = 0; p < t; p++)
            pivot[r + p] = cols[p];
        r += t;
    }
}

BG_EXPORT int64_t bg_geo_reduce(uint64_t *matrix, int64_t nrows, int64_t nwords, int64_t ncols,
                                int64_t *pivot, uint64_t *table, int64_t *cols)
{
    reduce(matrix, nrows, nwords, ncols, pivot, table, cols);
    return 0;
}

/* _losing_columns: the free columns, and the pivot columns of rows with a
 * 1 in a free column.  free (nwords) is scratch; losing (ncols) is set. */
static void losing_columns(const uint64_t *matrix, int64_t nrows, int64_t nwords,
                           const int64_t *pivot, int64_t ncols, uint64_t *free,
                           uint8_t *losing)
{
    for (int64_t k = 0; k < nwords; k++)
        free[k] = 0;
    for (int64_t c = 0; c < ncols; c++)
        free[c >> 6] |= (uint64_t)1 << (c & 63);
    for (int64_t r = 0; r < nrows; r++) {
        if (pivot[r] >= 0) {
            int64_t c = pivot[r];
            free[c >> 6] ^= (uint64_t)1 << (c & 63);
        }
    }
    for (int64_t c = 0; c < ncols; c++)
        losing[c] = (uint8_t)bit_of(free, c);
    for (int64_t r = 0; r < nrows; r++) {
        if (pivot[r] >= 0) {
            const uint64_t *row = matrix + r * nwords;
            for (int64_t k = 0; k < nwords; k++) {
                if (row[k] & free[k]) {
                    losing[pivot[r]] = 1;
                    break;
                }
            }
        }
    }
}

BG_EXPORT int64_t bg_geo_losing_columns(const uint64_t *matrix, int64_t nrows, int64_t nwords,
                                        const int64_t *pivot, int64_t ncols, uint64_t *free,
                                        uint8_t *losing)
{
    losing_columns(matrix, nrows, nwords, pivot, ncols, free, losing);
    return 0;
}

/* _all_components: the elimination of every component for side ``only``.
 * Scratch, each sized for the largest component: xs, ys (its edges),
 * matrix (rows * words), table (256 * words), pivot (rows), cols (8),
 * free (words), lost (columns). */
BG_EXPORT int64_t bg_geo_all_components(const int64_t *u, const int64_t *v, const int8_t *side,
                                        const int64_t *order, const int64_t *comp_start,
                                        int64_t count, const int64_t *in_x, const int64_t *local,
                                        const int64_t *edge_order, const int64_t *edge_start,
                                        uint8_t *losing, int64_t only, int64_t *xs, int64_t *ys,
                                        uint64_t *matrix, uint64_t *table, int64_t *pivot,
                                        int64_t *cols, uint64_t *free, uint8_t *lost)
{
    for (int64_t k = 0; k < count; k++) {
        int64_t first = comp_start[k];
        int64_t nx = in_x[k];
        int64_t ny = comp_start[k + 1] - first - nx;
        int64_t m = edge_start[k + 1] - edge_start[k];
        for (int64_t j = 0; j < m; j++) {
            int64_t e = edge_order[edge_start[k] + j];
            int64_t a = u[e], b = v[e];
            if (side[a] == 0) {
                xs[j] = local[a];
                ys[j] = local[b];
            } else {
                xs[j] = local[b];
                ys[j] = local[a];
            }
        }
        int64_t rows = only == 0 ? ny : nx;
        int64_t columns = only == 0 ? nx : ny;
        int64_t nwords = (columns + 63) / 64;
        for (int64_t i = 0; i < rows * nwords; i++)
            matrix[i] = 0;
        if (only == 0)
            fill(matrix, nwords, ys, xs, m);
        else
            fill(matrix, nwords, xs, ys, m);
        reduce(matrix, rows, nwords, columns, pivot, table, cols);
        losing_columns(matrix, rows, nwords, pivot, columns, free, lost);
        int64_t offset = only == 0 ? first : first + nx;
        for (int64_t c = 0; c < columns; c++)
            if (lost[c])
                losing[order[offset + c]] = 1;
    }
    return 0;
}

/* ---------------------------------------------------------- directed.py */

/* graphs/strong_components.py's strong_components: Tarjan's, iterative,
 * sinks first.  index, low, on_stack, stack, call, next_arc (n each) are
 * scratch. */
BG_EXPORT int64_t bg_geo_strong_components(const int64_t *indptr, const int64_t *heads, int64_t n,
                                           int64_t *comp, int64_t *index, int64_t *low,
                                           uint8_t *on_stack, int64_t *stack, int64_t *call,
                                           int64_t *next_arc)
{
    for (int64_t x = 0; x < n; x++) {
        index[x] = -1;
        low[x] = 0;
        on_stack[x] = 0;
        comp[x] = -1;
    }
    int64_t top = 0, counter = 0, count = 0;
    for (int64_t root = 0; root < n; root++) {
        if (index[root] >= 0)
            continue;
        index[root] = counter;
        low[root] = counter;
        counter++;
        stack[top++] = root;
        on_stack[root] = 1;
        call[0] = root;
        next_arc[0] = indptr[root];
        int64_t depth = 1;
        while (depth > 0) {
            int64_t x = call[depth - 1];
            int64_t i = next_arc[depth - 1];
            if (i < indptr[x + 1]) {
                next_arc[depth - 1] = i + 1;
                int64_t y = heads[i];
                if (index[y] < 0) {
                    index[y] = counter;
                    low[y] = counter;
                    counter++;
                    stack[top++] = y;
                    on_stack[y] = 1;
                    call[depth] = y;
                    next_arc[depth] = indptr[y];
                    depth++;
                } else if (on_stack[y] && index[y] < low[x]) {
                    low[x] = index[y];
                }
                continue;
            }
            if (low[x] == index[x]) {
                for (;;) {
                    int64_t w = stack[--top];
                    on_stack[w] = 0;
                    comp[w] = count;
                    if (w == x)
                        break;
                }
                count++;
            }
            depth--;
            if (depth > 0 && low[x] < low[call[depth - 1]])
                low[call[depth - 1]] = low[x];
        }
    }
    return count;
}

/* _settle: settle components k, k+1, ... while they are single vertices
 * without a loop; returns the first one that is not (count: there are
 * count components). */
BG_EXPORT int64_t bg_geo_settle(int64_t k, const int64_t *comp_start, int64_t count,
                                const int64_t *members, const int64_t *indptr,
                                const int64_t *heads, const uint8_t *looped, uint8_t *wins)
{
    while (k < count) {
        if (comp_start[k + 1] - comp_start[k] != 1)
            return k;
        int64_t x = members[comp_start[k]];
        if (looped[x])
            return k;
        for (int64_t i = indptr[x]; i < indptr[x + 1]; i++) {
            if (!wins[heads[i]]) {
                wins[x] = 1;
                break;
            }
        }
        k++;
    }
    return k;
}

/* ------------------------------------------------------------ search.py */

/* _reach: mark in seen what the token can reach from start.  degree (n + 1),
 * fill (n), heads (m, or 2 m undirected) and todo (n) are scratch. */
BG_EXPORT int64_t bg_geo_reach(int64_t n, const int64_t *u, const int64_t *v, int64_t m,
                               int64_t start, int64_t directed, uint8_t *seen, int64_t *degree,
                               int64_t *fill_at, int64_t *heads, int64_t *todo)
{
    for (int64_t x = 0; x <= n; x++)
        degree[x] = 0;
    for (int64_t i = 0; i < m; i++) {
        degree[u[i] + 1]++;
        if (!directed)
            degree[v[i] + 1]++;
    }
    for (int64_t x = 0; x < n; x++)
        degree[x + 1] += degree[x];
    for (int64_t x = 0; x < n; x++)
        fill_at[x] = degree[x];
    for (int64_t i = 0; i < m; i++) {
        heads[fill_at[u[i]]++] = v[i];
        if (!directed)
            heads[fill_at[v[i]]++] = u[i];
    }
    todo[0] = start;
    seen[start] = 1;
    int64_t size = 1, done = 0;
    while (done < size) {
        int64_t x = todo[done++];
        for (int64_t i = degree[x]; i < degree[x + 1]; i++) {
            int64_t y = heads[i];
            if (!seen[y]) {
                seen[y] = 1;
                todo[size++] = y;
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------------ chains.py */

/* _chains: the maximal chains; returns their number.  degree (2 n), link
 * (4 n) and inside (n) are scratch; chain is -1 everywhere on entry. */
BG_EXPORT int64_t bg_geo_chains(int64_t n, const int64_t *u, const int64_t *v, int64_t m,
                                int64_t directed, const uint8_t *blocked, int64_t *chain,
                                int64_t *pos, int64_t *ends, int64_t *degree, int64_t *link,
                                uint8_t *inside)
{
    for (int64_t x = 0; x < 2 * n; x++)
        degree[x] = 0;
    for (int64_t x = 0; x < 4 * n; x++)
        link[x] = -1;
    for (int64_t x = 0; x < n; x++)
        inside[x] = !blocked[x];
    for (int64_t i = 0; i < m; i++) {
        int64_t a = u[i], b = v[i];
        if (a == b) {
            inside[a] = 0;
            continue;
        }
        if (directed) {
            degree[2 * a + 1]++;
            degree[2 * b]++;
            link[4 * a + 2] = b;
            link[4 * a + 3] = i;
            link[4 * b] = a;
            link[4 * b + 1] = i;
        } else {
            for (int side = 0; side < 2; side++) {
                int64_t x = side == 0 ? a : b;
                int64_t y = side == 0 ? b : a;
                int64_t s = degree[2 * x];
                if (s < 2) {
                    link[4 * x + 2 * s] = y;
                    link[4 * x + 2 * s + 1] = i;
                }
                degree[2 * x] = s + 1;
            }
        }
    }
    for (int64_t x = 0; x < n; x++) {
        if (directed)
            inside[x] = inside[x] && degree[2 * x] == 1 && degree[2 * x + 1] == 1;
        else
            inside[x] = inside[x] && degree[2 * x] == 2;
    }
    int64_t count = 0;
    for (int64_t t = 0; t < 2 * m + n; t++) {
        int64_t a, y, came;
        if (t < 2 * m) {
            int64_t i = t / 2;
            if (t % 2 == 0) {
                a = u[i];
                y = v[i];
            } else if (directed) {
                continue;
            } else {
                a = v[i];
                y = u[i];
            }
            if (inside[a] || !inside[y] || chain[y] >= 0)
                continue;
            came = i;
        } else {
            a = t - 2 * m;
            if (!inside[a] || chain[a] >= 0)
                continue;
            inside[a] = 0; /* the anchor */
            int64_t s = directed ? 1 : 0;
            y = link[4 * a + 2 * s];
            came = link[4 * a + 2 * s + 1];
        }
        int64_t k = 0;
        while (inside[y]) {
            k++;
            chain[y] = count;
            pos[y] = k;
            int64_t s = (directed || link[4 * y + 1] == came) ? 1 : 0;
            came = link[4 * y + 2 * s + 1];
            y = link[4 * y + 2 * s];
        }
        ends[3 * count] = a;
        ends[3 * count + 1] = y;
        ends[3 * count + 2] = k;
        count++;
    }
    return count;
}
