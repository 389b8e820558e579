/* The degree-3 Grundy kernels of theory/cubic.py: every start's Grundy
 * value of vertex geography at maximum degree 3, from a maximum matching
 * and its Gallai-Edmonds labels.  bg_cubic_probe is _probe_kernel (with
 * _Probe's edge, check_cycle, set_known; the struct Probe is _Probe's
 * state): bounded searches for alternating cycles that certify options
 * worth 0.  bg_cubic_grundy is _lines_kernel (with _Lines' start_value,
 * save, restore, remove, and blossom.py's find_root; the struct Cubic is
 * _Lines' state; _Lines.moves is written in place in start_value): the
 * lines of play of the module docstring.  Both mirror the Python kernels
 * function by function, count their work in counters[] and stop (status 5)
 * once it reaches the mark there, to be called again with the same
 * arrays. */
#include "kernels.h"

enum { LABEL_C = 0, LABEL_D = 1, LABEL_A = 2, LABEL_GONE = 3 };
enum { KNOWN_UNKNOWN = -1, KNOWN_PROBED = -2, KNOWN_NONZERO = 0, KNOWN_ZERO = 1 };
enum { PAUSED = 5 };
/* the probe kernel's counters (_P_* in cubic.py) */
enum { P_NEXT, P_WORK, P_PAUSE, P_STAMP, P_TRIED, P_FOUND, P_QUIT };
enum { P_TRIAL = 256, P_SHARE = 8 };
/* the line kernel's counters (_L_* in cubic.py) */
enum { L_SWEEP, L_NEXT, L_WORK, L_PAUSE, L_SCOPE, L_STAMP, L_TOP, L_READY };

/* ---- the probes ---------------------------------------------------------- */

static void set_known(const int64_t *indptr, const int32_t *indices, int8_t *known, int64_t a,
                      int64_t b, int8_t value)
{
    for (int64_t k = indptr[a]; k < indptr[a + 1]; k++)
        if (indices[k] == b)
            known[k] = value;
    for (int64_t k = indptr[b]; k < indptr[b + 1]; k++)
        if (indices[k] == a)
            known[k] = value;
}

typedef struct {
    const int64_t *indptr;
    const int32_t *indices;
    const int64_t *mate;
    const int8_t *state;
    int8_t *known;
    int64_t *rec; /* a vertex's stamps (forward, backward) and path neighbours */
    int64_t *fqueue, *bqueue, *pmark;
    int64_t *counters;
} Probe;

#define FMARK(x) p->rec[4 * (x)]
#define BMARK(x) p->rec[4 * (x) + 1]
#define FPREV(x) p->rec[4 * (x) + 2]
#define BNEXT(x) p->rec[4 * (x) + 3]

/* _Probe.check_cycle: 1 if the paths through meet make a simple path (and then
 * the cycle's edges off the matching are marked worth 0), else 0 */
static int check_cycle(Probe *p, int64_t s, int64_t w, int64_t meet, int64_t *spent, int64_t cap)
{
    const int64_t *mate = p->mate;
    int64_t *pmark = p->pmark;
    int64_t stamp = ++p->counters[P_STAMP];
    for (int64_t x = meet; x >= 0; x = FPREV(x)) {
        if (*spent >= cap || pmark[x] == stamp)
            return 0;
        (*spent)++;
        pmark[x] = stamp;
        if (FPREV(x) >= 0) {
            if (pmark[mate[x]] == stamp)
                return 0;
            pmark[mate[x]] = stamp;
        }
    }
    for (int64_t x = BNEXT(meet); x >= 0; x = BNEXT(x)) {
        if (*spent >= cap || pmark[x] == stamp || pmark[mate[x]] == stamp)
            return 0;
        (*spent)++;
        pmark[x] = stamp;
        pmark[mate[x]] = stamp;
    }
    set_known(p->indptr, p->indices, p->known, s, w, KNOWN_ZERO);
    for (int64_t x = meet; FPREV(x) >= 0; x = FPREV(x))
        set_known(p->indptr, p->indices, p->known, FPREV(x), mate[x], KNOWN_ZERO);
    for (int64_t x = meet; BNEXT(x) >= 0; x = BNEXT(x))
        set_known(p->indptr, p->indices, p->known, x, mate[BNEXT(x)], KNOWN_ZERO);
    return 1;
}

/* x is even in one search (side 0: forward, its path neighbour in FPREV;
 * 1: backward, in BNEXT), reached from its path neighbour "from" (-1: the
 * search's start): stamp it, note from, queue it; returns whether the
 * other search has x even too.  _Probe.edge writes this in place. */
static inline int reach(Probe *p, int side, int64_t x, int64_t from, int64_t stamp,
                        int64_t *queue, int64_t *tail)
{
    p->rec[4 * x + side] = stamp;
    p->rec[4 * x + 2 + side] = from;
    queue[(*tail)++] = x;
    return p->rec[4 * x + 1 - side] == stamp;
}

/* _Probe.edge */
static int probe_edge(Probe *p, int64_t s, int64_t w, int64_t cap)
{
    const int64_t *indptr = p->indptr, *mate = p->mate;
    const int32_t *indices = p->indices;
    const int8_t *state = p->state;
    int64_t stamp = ++p->counters[P_STAMP];
    int64_t fhead = 0, ftail = 0, bhead = 0, btail = 0;
    reach(p, 0, mate[s], -1, stamp, p->fqueue, &ftail);
    reach(p, 1, w, -1, stamp, p->bqueue, &btail);
    int64_t spent = 0;
    int found = 0;
    while (fhead < ftail && bhead < btail && spent < cap && !found) {
        spent++;
        if (ftail - fhead <= btail - bhead) { /* forward: u even, v odd, e = mate[v] even */
            int64_t u = p->fqueue[fhead++];
            for (int64_t k = indptr[u]; k < indptr[u + 1]; k++) {
                int64_t v = indices[k];
                if (v == s || v == mate[u] || state[v] != LABEL_C)
                    continue;
                int64_t e = mate[v];
                if (e == s || FMARK(e) == stamp)
                    continue;
                if (reach(p, 0, e, u, stamp, p->fqueue, &ftail)) {
                    found = check_cycle(p, s, w, e, &spent, cap);
                    if (found)
                        break;
                }
            }
        } else { /* backward: e even, o = mate[e] odd, u a neighbour of o even */
            int64_t e = p->bqueue[bhead++];
            int64_t o = mate[e];
            if (o == s)
                continue;
            for (int64_t k = indptr[o]; k < indptr[o + 1]; k++) {
                int64_t u = indices[k];
                if (u == e || u == s || state[u] != LABEL_C || BMARK(u) == stamp)
                    continue;
                if (reach(p, 1, u, e, stamp, p->bqueue, &btail)) {
                    found = check_cycle(p, s, w, u, &spent, cap);
                    if (found)
                        break;
                }
            }
        }
    }
    p->counters[P_WORK] += spent;
    return found;
}

BG_EXPORT int64_t bg_cubic_probe(const int64_t *indptr, const int32_t *indices, int64_t n,
                                 const int64_t *mate, const int8_t *state, const uint8_t *todo,
                                 int8_t *known, const int64_t *caps, int64_t *scratch,
                                 int64_t *counters)
{
    Probe p = {indptr,          indices,         mate,           state,   known, scratch,
               scratch + 4 * n, scratch + 5 * n, scratch + 6 * n, counters};
    for (int64_t s = counters[P_NEXT]; s < n; s++) {
        if (counters[P_WORK] >= counters[P_PAUSE]) {
            counters[P_NEXT] = s;
            return PAUSED;
        }
        if (!todo[s] || state[s] != LABEL_C || counters[P_QUIT] != 0)
            continue;
        for (int64_t k = indptr[s]; k < indptr[s + 1]; k++) {
            int64_t w = indices[k];
            if (w == mate[s] || state[w] != LABEL_C || known[k] != KNOWN_UNKNOWN)
                continue;
            int found = probe_edge(&p, s, w, caps[s]);
            counters[P_TRIED]++;
            if (found)
                counters[P_FOUND]++;
            else
                set_known(indptr, indices, known, s, w, KNOWN_PROBED);
            int64_t tried = counters[P_TRIED];
            if (tried >= P_TRIAL && counters[P_FOUND] * P_SHARE < tried)
                counters[P_QUIT] = 1;
        }
    }
    counters[P_NEXT] = n;
    return 0;
}

/* ---- the lines ----------------------------------------------------------- */

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
    int64_t *counters;
} Cubic;

static void save(Cubic *c, int64_t v, int64_t scope)
{
    if (c->mark[v] != scope) {
        c->mark[v] = scope;
        int64_t top = c->counters[L_TOP];
        c->saved[3 * top] = v;
        c->saved[3 * top + 1] = c->state[v];
        c->saved[3 * top + 2] = c->mate[v];
        c->counters[L_TOP] = top + 1;
    }
}

static void restore(Cubic *c, int64_t down_to)
{
    int64_t top = c->counters[L_TOP];
    while (top > down_to) {
        top--;
        int64_t v = c->saved[3 * top];
        c->state[v] = (int8_t)c->saved[3 * top + 1];
        c->mate[v] = c->saved[3 * top + 2];
    }
    c->counters[L_TOP] = top;
}

static int64_t find(int64_t *base, int64_t v)
{
    while (base[v] != v) {
        base[v] = base[base[v]];
        v = base[v];
    }
    return v;
}

/* both labels the caller reads are in D: the search may stop */
#define TARGETS_IN_D ((t1 < 0 || state[t1] == LABEL_D) && (t2 < 0 || state[t2] == LABEL_D))

static int64_t remove_vertex(Cubic *c, int64_t x, int64_t t1, int64_t t2, int64_t scope)
{
    int64_t *mate = c->mate, *base = c->base, *queue = c->queue;
    int8_t *state = c->state;
    c->counters[L_WORK]++;
    int64_t m = mate[x];
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
        c->counters[L_WORK]++;
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
            int64_t stamp = ++c->counters[L_STAMP]; /* a blossom: its base b */
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

static int64_t start_value(Cubic *c, int64_t s, int64_t *values, int64_t *options, int8_t *known)
{
    const int64_t *indptr = c->indptr;
    const int32_t *indices = c->indices;
    int64_t *mate = c->mate;
    int8_t *state = c->state;
    int64_t scope = c->counters[L_SCOPE] + 1;
    int64_t start_top = c->counters[L_TOP];
    int64_t m = mate[s];
    int64_t t1 = -1, t2 = -1; /* the options whose labels the removal must settle */
    for (int64_t k = indptr[s]; k < indptr[s + 1]; k++) {
        int64_t v = indices[k];
        if (v != m && known[k] != KNOWN_ZERO) {
            if (t1 < 0)
                t1 = v;
            else
                t2 = v;
        }
    }
    int64_t status = remove_vertex(c, s, t1, t2, scope);
    if (status != 0)
        return status;
    options[0] = options[1] = options[2] = options[3] = 0;
    for (int64_t k = indptr[s]; k < indptr[s + 1]; k++) {
        int64_t w = indices[k];
        int8_t zero = state[w] == LABEL_D || known[k] == KNOWN_ZERO ? 1 : 0;
        known[k] = zero;
        for (int64_t j = indptr[w]; j < indptr[w + 1]; j++)
            if (indices[j] == s)
                known[j] = zero;
        if (zero == 1) {
            options[0]++;
            continue;
        }
        scope++; /* the line of Lemma 2 from (w, G - s), in a scope of its own */
        int64_t line_top = c->counters[L_TOP];
        int64_t x = w, length = 0;
        for (;;) {
            m = mate[x];
            t1 = -1; /* x's other moves: one, as it was entered from the line */
            t2 = -1;
            for (int64_t j = indptr[x]; j < indptr[x + 1]; j++) {
                int64_t z = indices[j];
                if (state[z] != LABEL_GONE && z != m) {
                    if (t1 < 0)
                        t1 = z;
                    else
                        t2 = z;
                }
            }
            status = remove_vertex(c, x, t1, t2, scope);
            if (status != 0)
                return status;
            if (t2 >= 0)
                return 3;
            if (t1 < 0 || state[t1] == LABEL_D)
                break;
            x = t1;
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
                                  uint8_t *done, int64_t *counters)
{
    Cubic c = {indptr,          indices,         mate,           state,
               scratch,         scratch + n,     scratch + 2 * n, scratch + 3 * n,
               scratch + 4 * n, scratch + 5 * n, counters};
    if (counters[L_READY] == 0) {
        for (int64_t v = 0; v < n; v++) {
            c.base[v] = v;
            c.link[v] = -1;
            c.seen[v] = 0;
            c.mark[v] = 0;
            values[v] = 0;
            done[v] = 0;
        }
        counters[L_READY] = 1;
    }
    int64_t options[4];
    while (counters[L_SWEEP] < 2) {
        int64_t sweep = counters[L_SWEEP];
        for (int64_t s = counters[L_NEXT]; s < n; s++) {
            if (counters[L_WORK] >= counters[L_PAUSE]) {
                counters[L_NEXT] = s;
                return PAUSED;
            }
            if (done[s] || !todo[s] || state[s] == LABEL_D)
                continue;
            if (indptr[s + 1] - indptr[s] > 3) {
                counters[L_NEXT] = s;
                return 4;
            }
            int64_t learnt = 0, zeros = 0;
            for (int64_t k = indptr[s]; k < indptr[s + 1]; k++) {
                if (known[k] >= 0)
                    learnt++;
                if (indices[k] == mate[s] || known[k] == KNOWN_ZERO)
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
            int64_t status = start_value(&c, s, values, options, known);
            counters[L_SCOPE] += 4;
            if (status != 0) {
                counters[L_NEXT] = s;
                return status;
            }
        }
        counters[L_SWEEP] = sweep + 1;
        counters[L_NEXT] = 0;
    }
    return 0;
}
