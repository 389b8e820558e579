/* The degree-3 Grundy kernel of theory/cubic.py (_cubic_kernel): every
 * start's Grundy value of vertex geography at maximum degree 3, from a
 * maximum matching and its Gallai-Edmonds labels, by the lines of play of
 * the module docstring.  Mirrors the Python kernel and its helpers (_save,
 * _restore, _remove, _find, _start_value) function by function; the
 * adapter passes copies of mate and state (written here, then thrown away),
 * values (n), scratch (11 n + 8), known (one a CSR entry) and done (n). */
#include "kernels.h"

enum { LABEL_C = 0, LABEL_D = 1, LABEL_A = 2, LABEL_GONE = 3 };

typedef struct {
    const int64_t *indptr;
    const int32_t *indices;
    int64_t *mate;
    int8_t *state;
    int64_t *base;
    int64_t *link;
    int64_t *seen;
    int64_t *queue;
    int64_t *mark;
    int64_t *saved; /* (vertex, label, partner) triples */
    int64_t top;    /* saved triples in use */
    int64_t stamp;  /* the last stamp of the ancestor walk */
} Cubic;

static void save(Cubic *c, int64_t v, int64_t scope)
{
    if (c->mark[v] != scope) {
        c->mark[v] = scope;
        int64_t top = c->top;
        c->saved[3 * top] = v;
        c->saved[3 * top + 1] = c->state[v];
        c->saved[3 * top + 2] = c->mate[v];
        c->top = top + 1;
    }
}

static void restore(Cubic *c, int64_t down_to)
{
    int64_t top = c->top;
    while (top > down_to) {
        top--;
        int64_t v = c->saved[3 * top];
        c->state[v] = (int8_t)c->saved[3 * top + 1];
        c->mate[v] = c->saved[3 * top + 2];
    }
    c->top = top;
}

static int64_t find(int64_t *base, int64_t v)
{
    while (base[v] != v) {
        base[v] = base[base[v]];
        v = base[v];
    }
    return v;
}

/* every other move of the removed vertex is in D: the search may stop */
#define TARGETS_IN_D ((t1 < 0 || state[t1] == LABEL_D) && (t2 < 0 || state[t2] == LABEL_D))

static int64_t remove_vertex(Cubic *c, int64_t x, int64_t scope)
{
    int64_t *mate = c->mate, *base = c->base, *queue = c->queue;
    int8_t *state = c->state;
    int64_t m = mate[x];
    int64_t t1 = -1, t2 = -1; /* x's other moves (at most two at maximum degree 3) */
    for (int64_t k = c->indptr[x]; k < c->indptr[x + 1]; k++) {
        int64_t v = c->indices[k];
        if (v != m && state[v] != LABEL_GONE) {
            if (t1 < 0)
                t1 = v;
            else
                t2 = v;
        }
    }
    save(c, x, scope);
    save(c, m, scope);
    int8_t was = state[x];
    state[x] = LABEL_GONE;
    mate[x] = -1;
    mate[m] = -1;
    if (was != LABEL_C)
        return 0;
    state[m] = LABEL_D; /* the root of the search */
    if (TARGETS_IN_D)
        return 0;
    base[m] = m;
    queue[0] = m;
    int64_t head = 0, tail = 1;
    while (head < tail) {
        int64_t u = queue[head++];
        for (int64_t k = c->indptr[u]; k < c->indptr[u + 1]; k++) {
            int64_t v = c->indices[k];
            int8_t label = state[v];
            if (label >= LABEL_A) /* in A, or removed */
                continue;
            if (label == LABEL_C) { /* grow: v odd, its partner even */
                int64_t p = mate[v];
                if (p < 0 || state[p] != LABEL_C)
                    return 1;
                save(c, v, scope);
                save(c, p, scope);
                state[v] = LABEL_A;
                c->link[v] = u;
                base[v] = v;
                state[p] = LABEL_D;
                base[p] = p;
                queue[tail++] = p;
                if (TARGETS_IN_D)
                    return 0;
                continue;
            }
            if (c->mark[v] != scope) /* an even vertex this scope did not label */
                return 2;
            int64_t bu = find(base, u), bv = find(base, v);
            if (bu == bv)
                continue;
            int64_t stamp = ++c->stamp; /* a blossom: its base b, the walks' meeting point */
            int64_t a = bu, d = bv;
            for (;;) {
                if (a >= 0) {
                    if (c->seen[a] == stamp)
                        break;
                    c->seen[a] = stamp;
                    a = mate[a] >= 0 ? find(base, c->link[mate[a]]) : -1;
                }
                int64_t t = a;
                a = d;
                d = t;
            }
            int64_t b = a;
            for (int side = 0; side < 2; side++) {
                int64_t y = side == 0 ? bu : bv;
                while (y != b) {
                    int64_t odd = mate[y];
                    state[odd] = LABEL_D; /* saved when it turned odd, in this scope */
                    queue[tail++] = odd;
                    base[y] = b;
                    base[odd] = b;
                    y = find(base, c->link[odd]);
                }
            }
            if (TARGETS_IN_D)
                return 0;
        }
    }
    return 0;
}

static int64_t start_value(Cubic *c, int64_t s, int64_t *values, int64_t *options, int8_t *known,
                           int64_t scope)
{
    const int64_t *indptr = c->indptr;
    const int32_t *indices = c->indices;
    int64_t *mate = c->mate;
    int8_t *state = c->state;
    scope++;
    int64_t start_top = c->top;
    int64_t status = remove_vertex(c, s, scope);
    if (status != 0)
        return status;
    options[0] = options[1] = options[2] = options[3] = 0;
    for (int64_t k = indptr[s]; k < indptr[s + 1]; k++) {
        int64_t w = indices[k];
        int8_t zero = state[w] == LABEL_D ? 1 : 0;
        known[k] = zero;
        for (int64_t j = indptr[w]; j < indptr[w + 1]; j++)
            if (indices[j] == s)
                known[j] = zero;
        if (zero == 1) {
            options[0]++;
            continue;
        }
        scope++; /* the line of Lemma 2 from (w, G - s), in a scope of its own */
        int64_t line_top = c->top;
        int64_t x = w, length = 0;
        for (;;) {
            int64_t m = mate[x];
            status = remove_vertex(c, x, scope);
            if (status != 0)
                return status;
            int64_t y = -1;
            for (int64_t j = indptr[x]; j < indptr[x + 1]; j++) {
                int64_t z = indices[j];
                if (state[z] != LABEL_GONE && z != m) {
                    if (y >= 0)
                        return 3;
                    y = z;
                }
            }
            if (y < 0 || state[y] == LABEL_D)
                break;
            x = y;
            length++;
        }
        options[1 + length % 2]++;
        restore(c, line_top);
    }
    restore(c, start_top);
    int64_t value = 0;
    while (options[value] > 0)
        value++;
    values[s] = value;
    return 0;
}

BG_EXPORT int64_t bg_cubic_grundy(const int64_t *indptr, const int32_t *indices, int64_t n,
                                  int64_t *mate, int8_t *state, const uint8_t *todo,
                                  int64_t *values, int64_t *scratch, int8_t *known,
                                  uint8_t *done)
{
    Cubic c = {indptr, indices, mate, state, scratch, scratch + n, scratch + 2 * n,
               scratch + 3 * n, scratch + 4 * n, scratch + 5 * n, 0, 0};
    for (int64_t v = 0; v < n; v++) {
        values[v] = 0;
        c.base[v] = v;
        c.link[v] = -1;
        c.seen[v] = 0;
        c.mark[v] = 0;
        done[v] = 0;
    }
    for (int64_t k = 0; k < indptr[n]; k++)
        known[k] = -1;
    int64_t options[4];
    int64_t scope = 0;
    for (int sweep = 0; sweep < 2; sweep++) {
        for (int64_t s = 0; s < n; s++) {
            if (done[s] || !todo[s] || state[s] == LABEL_D)
                continue;
            if (indptr[s + 1] - indptr[s] > 3)
                return 4;
            int64_t learnt = 0, zeros = 0;
            for (int64_t k = indptr[s]; k < indptr[s + 1]; k++) {
                if (known[k] >= 0)
                    learnt++;
                if (indices[k] == mate[s] || known[k] == 1)
                    zeros++;
            }
            if (zeros == indptr[s + 1] - indptr[s]) { /* every option worth 0 */
                values[s] = 1;
                done[s] = 1;
                continue;
            }
            if (sweep == 0 && learnt > 0) /* the first sweep: none learnt yet */
                continue;
            done[s] = 1;
            int64_t status = start_value(&c, s, values, options, known, scope);
            scope += 4;
            if (status != 0)
                return status;
        }
    }
    return 0;
}
