/* The kernels of theory/allowed.py: the allowed edges of G[C] on any graph.
 * bg_allowed_reduce is _reduce (with _Reduction's walk, peel, contract,
 * rename and core), bg_allowed_relax is _relax (with _short_cycles,
 * _improve, _pair_components, _certify_row and _Random), bg_allowed_exact
 * is _exact (with _barrier), bg_allowed_lift is _lift (with _resolved and
 * _leaving), bg_allowed_pieces is _pieces.  Each mirrors its Python
 * kernel step for step and counts the same work; their docstrings and the
 * module's are the specification.  Offsets are int64; every array, scratch
 * included, comes from the adapters, and C initialises what it reads.  The
 * functions that meet an inconsistent matching return a nonzero code
 * instead of reading out of bounds. */
#include "blossom_impl.h"
#include "sorted_row.h"

/* states of an entry (allowed.py's _UNKNOWN ... _OUTSIDE) */
enum { UNKNOWN = 0, SOME = 1, NONE = 2, MATCHED = 3, GROUPED = 4, COPY = 5, OUTSIDE = 6 };
/* a contraction's record (_E_*) */
enum { E_X, E_W, E_Y, E_NAME, E_WY, E_NWX, E_NWY, E_XF, E_XL, E_WF, E_WL, E_YF, E_YL, E_DX,
       E_DY, EVENT };
/* _reduce's counts (_R_*) */
enum { R_EVENTS, R_PEELS, R_CORE, R_ENTRIES, R_WORK, R_COUNTS };
/* _relax's counts (_X_*) */
enum { X_CYCLES, X_ROUNDS, X_AFTER_LOCAL, X_UNKNOWN, X_ROWS, X_LOCAL_WORK, X_WORK, X_COUNTS };
/* _exact's counters (_S_*) */
enum { S_NEXT, S_WORK, S_PAUSE, S_SEARCHES, S_FULL, S_BARRIER, S_CLOCK, S_READY };
enum { PAUSED = 1 };
enum { EVEN = 1, ODD = 2 };
/* the tuning of allowed.py (_FEW_ROWS, _MIN_SETTLED, _HEAVY, _STRIDE, _SAMPLE_ROWS, _SEED) */
#define FEW_ROWS 8
#define MIN_SETTLED 2
#define HEAVY 50
#define STRIDE 50
#define SAMPLE_ROWS 200
#define SEED UINT64_C(0x5eed0fa1107ed5)

static inline int live(int8_t st) { return st == UNKNOWN || st == MATCHED; }

/* ==== reductions ======================================================== */

typedef struct {
    const int64_t *indptr;
    const int32_t *indices;
    int8_t *state;
    int32_t *twin, *rep, *link, *mult, *name, *member_next;
    int32_t *head, *tail, *length, *first, *last, *size, *smate, *stack;
    int64_t *degsum;
    int64_t *marks; /* per name: the stamp of the walk that saw it, the entry kept (2 n) */
    uint8_t *alive, *queued, *dirty;
    int64_t *events, *counts;
    int64_t top, stamp;
    int32_t found[2];
} reduction;

static void push(reduction *r, int32_t s)
{
    if (r->alive[s] && !r->queued[s]) {
        r->queued[s] = 1;
        r->stack[r->top++] = s;
    }
}

static inline void set_both(reduction *r, int64_t k, int8_t value)
{
    r->state[k] = value;
    r->state[r->twin[k]] = value;
}

/* _Reduction.unlink */
static inline void unlink_entry(reduction *r, int32_t s, int32_t previous, int32_t k,
                                int32_t following)
{
    if (previous < 0)
        r->head[s] = following;
    else
        r->link[previous] = following;
    if (r->tail[s] == k)
        r->tail[s] = previous;
    r->length[s]--;
}

/* _Reduction.walk */
static int64_t walk(reduction *r, int32_t s, int64_t most)
{
    int8_t *state = r->state;
    int32_t *link = r->link, *twin = r->twin, *mult = r->mult;
    int64_t *marks = r->marks;
    const int32_t *name = r->name, *indices = r->indices;
    int64_t stamp = ++r->stamp;
    int64_t distinct = 0;
    int32_t previous = -1;
    int32_t k = r->head[s];
    while (k >= 0) {
        int32_t following = link[k];
        r->counts[R_WORK]++;
        int32_t t = name[indices[k]];
        int8_t st = state[k];
        int drop = !live(st) || t == s;
        if (!drop && marks[2 * (int64_t)t] == stamp) {
            int32_t held = (int32_t)marks[2 * (int64_t)t + 1];
            if (st == MATCHED || state[held] == MATCHED) {
                int32_t matched = st == MATCHED ? k : held;
                int32_t loose = st == MATCHED ? held : k;
                set_both(r, loose, SOME);
                mult[matched] += mult[loose];
                mult[twin[matched]] = mult[matched];
                marks[2 * (int64_t)t + 1] = matched;
                drop = loose == k;
            } else {
                set_both(r, k, COPY);
                r->rep[k] = held;
                r->rep[twin[k]] = twin[held];
                mult[held] += mult[k];
                mult[twin[held]] = mult[held];
                drop = 1;
            }
        } else if (!drop) {
            marks[2 * (int64_t)t] = stamp;
            marks[2 * (int64_t)t + 1] = k;
            distinct++;
            if (distinct <= 2)
                r->found[distinct - 1] = t;
            if (distinct > most)
                return distinct;
        }
        if (drop) {
            unlink_entry(r, s, previous, k, following);
        } else {
            previous = k;
        }
        k = following;
    }
    return distinct;
}

/* _Reduction.peel: 0, or 2 when s's one neighbour is not its partner */
static int64_t peel(reduction *r, int32_t s)
{
    int32_t t = r->found[0];
    if (t != r->smate[s])
        return 2;
    int32_t k = r->head[t];
    while (k >= 0) {
        r->counts[R_WORK]++;
        int32_t u = r->name[r->indices[k]];
        if (live(r->state[k]) && u != t && u != s) {
            set_both(r, k, NONE);
            push(r, u);
        }
        k = r->link[k];
    }
    r->alive[s] = 0;
    r->alive[t] = 0;
    r->counts[R_PEELS]++;
    return 0;
}

/* _Reduction.rename */
static void rename_run(reduction *r, int32_t begin, int32_t end, int32_t to)
{
    int32_t v = begin;
    for (;;) {
        r->counts[R_WORK]++;
        r->name[v] = to;
        if (v == end)
            return;
        v = r->member_next[v];
    }
}

/* _Reduction.contract: 0, or 3 when w's partner is not among its neighbours */
static int64_t contract(reduction *r, int32_t w)
{
    int32_t x = r->smate[w];
    if (x != r->found[0] && x != r->found[1])
        return 3;
    int32_t y = r->found[0] == x ? r->found[1] : r->found[0];
    int32_t k_wx = (int32_t)r->marks[2 * (int64_t)x + 1];
    int32_t k_wy = (int32_t)r->marks[2 * (int64_t)y + 1];
    int64_t n_wx = (int64_t)r->mult[k_wx] - 1, n_wy = r->mult[k_wy];
    set_both(r, k_wy, GROUPED);
    int32_t small = r->length[x] <= r->length[y] ? x : y;
    int32_t big = small == x ? y : x;
    int32_t *link = r->link;
    int32_t previous = -1;
    int32_t k = r->head[small];
    while (k >= 0) {
        int32_t following = link[k];
        r->counts[R_WORK]++;
        int32_t u = r->name[r->indices[k]];
        int drop = !live(r->state[k]) || u == small || u == w;
        if (!drop && u == big) {
            set_both(r, k, NONE);
            drop = 1;
        }
        if (drop) {
            unlink_entry(r, small, previous, k, following);
        } else {
            push(r, u);
            r->dirty[u] = 1;
            previous = k;
        }
        k = following;
    }
    int32_t *size = r->size;
    int32_t merged = x;
    if (size[y] > size[merged])
        merged = y;
    if (size[w] > size[merged])
        merged = w;
    int32_t xf = r->first[x], xl = r->last[x], wf = r->first[w], wl = r->last[w];
    int32_t yf = r->first[y], yl = r->last[y];
    if (x != merged)
        rename_run(r, xf, xl, merged);
    if (w != merged)
        rename_run(r, wf, wl, merged);
    if (y != merged)
        rename_run(r, yf, yl, merged);
    r->member_next[xl] = wf;
    r->member_next[wl] = yf;
    int32_t head_x = r->head[x], tail_x = r->tail[x], head_y = r->head[y], tail_y = r->tail[y];
    if (tail_x >= 0)
        link[tail_x] = head_y;
    int32_t length = r->length[x] + r->length[y];
    int32_t members = size[x] + size[w] + size[y];
    int64_t dx = r->degsum[x], dy = r->degsum[y];
    int64_t degsum = dx + r->degsum[w] + dy;
    int32_t partner = r->smate[y];
    int64_t *event = r->events + r->counts[R_EVENTS] * EVENT;
    event[E_X] = x;
    event[E_W] = w;
    event[E_Y] = y;
    event[E_NAME] = merged;
    event[E_WY] = k_wy;
    event[E_NWX] = n_wx;
    event[E_NWY] = n_wy;
    event[E_XF] = xf;
    event[E_XL] = xl;
    event[E_WF] = wf;
    event[E_WL] = wl;
    event[E_YF] = yf;
    event[E_YL] = yl;
    event[E_DX] = dx;
    event[E_DY] = dy;
    r->counts[R_EVENTS]++;
    r->alive[x] = r->alive[w] = r->alive[y] = 0;
    r->alive[merged] = 1;
    r->head[merged] = head_x >= 0 ? head_x : head_y;
    r->tail[merged] = tail_y >= 0 ? tail_y : tail_x;
    r->length[merged] = length;
    r->first[merged] = xf;
    r->last[merged] = yl;
    size[merged] = members;
    r->degsum[merged] = degsum;
    r->smate[merged] = partner;
    r->smate[partner] = merged;
    r->dirty[merged] = 1;
    push(r, merged);
    return 0;
}

static void sift_down(int64_t *heap, int64_t root, int64_t size)
{
    for (;;) {
        int64_t child = 2 * root + 1;
        if (child >= size)
            return;
        if (child + 1 < size && heap[child + 1] > heap[child])
            child++;
        if (heap[root] >= heap[child])
            return;
        int64_t swap = heap[root];
        heap[root] = heap[child];
        heap[child] = swap;
        root = child;
    }
}

/* Sorts the row rind[begin .. end) with rentry alongside by rind (distinct
 * keys: any sort gives _Reduction.core's order); buffer: end - begin int64. */
static void sort_row(int32_t *rind, int32_t *rentry, int64_t begin, int64_t end, int64_t *buffer)
{
    int64_t size = end - begin;
    if (size <= 16) {
        for (int64_t i = begin + 1; i < end; i++) {
            int32_t key = rind[i], value = rentry[i];
            int64_t j = i;
            while (j > begin && rind[j - 1] > key) {
                rind[j] = rind[j - 1];
                rentry[j] = rentry[j - 1];
                j--;
            }
            rind[j] = key;
            rentry[j] = value;
        }
        return;
    }
    /* heapsort of (key << 32 | value): O(d log d) for a long row */
    for (int64_t i = 0; i < size; i++)
        buffer[i] = (int64_t)rind[begin + i] * ((int64_t)1 << 32) + (uint32_t)rentry[begin + i];
    for (int64_t start = size / 2 - 1; start >= 0; start--)
        sift_down(buffer, start, size);
    for (int64_t last = size - 1; last > 0; last--) {
        int64_t swap = buffer[0];
        buffer[0] = buffer[last];
        buffer[last] = swap;
        sift_down(buffer, 0, last);
    }
    for (int64_t i = 0; i < size; i++) {
        rind[begin + i] = (int32_t)(buffer[i] >> 32);
        rentry[begin + i] = (int32_t)(uint32_t)buffer[i];
    }
}

/* Outputs: state, twin, rep (m each), name, member_next (n), events
 * ((n / 2 + 1) * EVENT), rptr (n + 1), rind, rentry (m), counts
 * (R_COUNTS).  Scratch: link, mult (int32, m each), vertex (int32, 10 n:
 * head, tail, length, first, last, size, smate, stack, rid, vid), flags
 * (3 n: alive, queued, dirty), wide (int64, 4 n: degsum, marks (2 n),
 * buffer).  Returns 0, or the code of an inconsistency (1: a matched edge
 * lost, 2: a peel whose neighbour is not the partner, 3: a contraction
 * whose partner is not a neighbour). */
BG_EXPORT int64_t bg_allowed_reduce(const int64_t *indptr, const int32_t *indices,
                                    const int32_t *mate, const uint8_t *in_c, int64_t n,
                                    int64_t reductions, int8_t *state, int32_t *twin,
                                    int32_t *rep, int32_t *name, int32_t *member_next,
                                    int64_t *events, int64_t *rptr, int32_t *rind,
                                    int32_t *rentry, int64_t *counts, int32_t *link,
                                    int32_t *mult, int32_t *vertex, uint8_t *flags, int64_t *wide)
{
    int64_t m = indptr[n];
    reduction r;
    r.indptr = indptr;
    r.indices = indices;
    r.state = state;
    r.twin = twin;
    r.rep = rep;
    r.link = link;
    r.mult = mult;
    r.name = name;
    r.member_next = member_next;
    r.head = vertex;
    r.tail = vertex + n;
    r.length = vertex + 2 * n;
    r.first = vertex + 3 * n;
    r.last = vertex + 4 * n;
    r.size = vertex + 5 * n;
    r.smate = vertex + 6 * n;
    r.stack = vertex + 7 * n;
    int32_t *rid = vertex + 8 * n, *vid = vertex + 9 * n;
    r.alive = flags;
    r.queued = flags + n;
    r.dirty = flags + 2 * n;
    r.degsum = wide;
    r.marks = wide + n;
    int64_t *buffer = wide + 3 * n;
    int64_t *cursor = buffer; /* the twins' cursors, before the buffer is needed */
    r.events = events;
    r.counts = counts;
    r.top = 0;
    r.stamp = 0;
    r.found[0] = r.found[1] = -1;
    for (int64_t k = 0; k < m; k++) {
        state[k] = OUTSIDE;
        twin[k] = rep[k] = link[k] = -1;
        mult[k] = 0;
        rind[k] = rentry[k] = -1;
    }
    for (int64_t v = 0; v < n; v++) {
        name[v] = member_next[v] = -1;
        r.head[v] = r.tail[v] = r.first[v] = r.last[v] = r.smate[v] = -1;
        r.length[v] = r.size[v] = 0;
        rid[v] = vid[v] = -1;
        r.alive[v] = r.queued[v] = r.dirty[v] = 0;
        r.degsum[v] = 0;
        r.marks[2 * v] = 0;
        r.marks[2 * v + 1] = -1;
        cursor[v] = indptr[v];
        rptr[v] = 0;
    }
    rptr[n] = 0;
    for (int64_t i = 0; i < (n / 2 + 1) * EVENT; i++)
        events[i] = 0;
    for (int64_t i = 0; i < R_COUNTS; i++)
        counts[i] = 0;
    for (int64_t v = 0; v < n; v++) {
        if (!in_c[v])
            continue;
        name[v] = r.first[v] = r.last[v] = (int32_t)v;
        r.size[v] = 1;
        r.smate[v] = mate[v];
        r.alive[v] = 1;
        r.degsum[v] = indptr[v + 1] - indptr[v];
        int32_t previous = -1;
        for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
            int32_t w = indices[k];
            if (!in_c[w])
                continue;
            state[k] = w == mate[v] ? MATCHED : UNKNOWN;
            mult[k] = 1;
            if (previous < 0)
                r.head[v] = (int32_t)k;
            else
                link[previous] = (int32_t)k;
            previous = (int32_t)k;
            r.length[v]++;
            if (w > v) {
                int64_t j = cursor[w];
                while (indices[j] != v)
                    j++;
                cursor[w] = j + 1;
                twin[k] = (int32_t)j;
                twin[j] = (int32_t)k;
            }
        }
        r.tail[v] = previous;
    }
    for (int64_t v = n - 1; v >= 0; v--)
        if (in_c[v] && r.length[v] <= 2)
            push(&r, (int32_t)v);
    if (reductions) {
        while (r.top > 0) {
            int32_t s = r.stack[--r.top];
            r.queued[s] = 0;
            if (!r.alive[s])
                continue;
            int64_t distinct = walk(&r, s, 2);
            int64_t status = 0;
            if (distinct == 1)
                status = peel(&r, s);
            else if (distinct == 2)
                status = contract(&r, s);
            else if (distinct == 0)
                status = 1;
            if (status)
                return status;
        }
    }
    /* the core, pair by pair: owner[i] is R's vertex i (listed in stack) */
    int32_t *owner = r.stack;
    int64_t rn = 0;
    for (int64_t s = 0; s < n; s++)
        if (r.alive[s] && s < r.smate[s]) {
            rid[s] = (int32_t)rn;
            rid[r.smate[s]] = (int32_t)(rn + 1);
            owner[rn] = (int32_t)s;
            owner[rn + 1] = r.smate[s];
            rn += 2;
        }
    for (int64_t i = 0; i < rn; i++)
        if (r.dirty[owner[i]])
            walk(&r, owner[i], n);
    for (int64_t v = 0; v < n; v++)
        if (name[v] >= 0)
            vid[v] = rid[name[v]];
    for (int64_t i = 0; i < rn; i++) {
        int32_t s = owner[i];
        int64_t pos = rptr[i];
        if (r.dirty[s]) {
            int32_t k = r.head[s];
            while (k >= 0) {
                counts[R_WORK]++;
                int32_t w = indices[k];
                if (live(state[k]) && name[w] != s) {
                    rind[pos] = vid[w];
                    rentry[pos++] = k;
                }
                k = link[k];
            }
        } else {
            counts[R_WORK] += indptr[s + 1] - indptr[s];
            for (int64_t k = indptr[s]; k < indptr[s + 1]; k++)
                if (live(state[k])) {
                    rind[pos] = vid[indices[k]];
                    rentry[pos++] = (int32_t)k;
                }
        }
        sort_row(rind, rentry, rptr[i], pos, buffer);
        rptr[i + 1] = pos;
    }
    counts[R_CORE] = rn;
    counts[R_ENTRIES] = rptr[rn];
    return 0;
}

/* ==== certificates ====================================================== */

static inline uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static inline int coin(uint64_t *state) { return (int)(next_random(state) >> 63); }

static inline void mark(int8_t *rstate, const int32_t *rtwin, int64_t k, int8_t value)
{
    rstate[k] = value;
    rstate[rtwin[k]] = value;
}

static int undecided(const int64_t *rptr, const int8_t *rstate, int64_t v)
{
    for (int64_t k = rptr[v]; k < rptr[v + 1]; k++)
        if (rstate[k] == UNKNOWN)
            return 1;
    return 0;
}

/* the rows of active[0 .. count) still undecided, kept in order; returns
 * how many, and their undecided entries in *unknown */
static int64_t compact(const int64_t *rptr, const int8_t *rstate, int32_t *active, int64_t count,
                       int64_t *unknown)
{
    int64_t kept = 0, entries = 0;
    for (int64_t i = 0; i < count; i++) {
        int32_t v = active[i];
        int64_t here = 0;
        for (int64_t k = rptr[v]; k < rptr[v + 1]; k++)
            here += rstate[k] == UNKNOWN;
        if (here) {
            active[kept++] = v;
            entries += here;
        }
    }
    *unknown = entries;
    return kept;
}

/* _short_cycles over rows[0], rows[stride], ... (below count); adds the
 * cycles found to *found and returns the entries scanned */
static int64_t short_cycles(const int64_t *rptr, const int32_t *rind, const int32_t *rtwin,
                            int8_t *rstate, const int32_t *rows, int64_t count, int64_t stride,
                            int32_t *near, int32_t *far, int64_t cap, int64_t *found)
{
    int64_t spent = 0;
    for (int64_t i = 0; i < count; i += stride) {
        if (spent > cap)
            break;
        int32_t x = rows[i];
        if (!undecided(rptr, rstate, x))
            continue;
        int32_t xp = x ^ 1;
        for (int64_t k = rptr[xp]; k < rptr[xp + 1]; k++) {
            spent++;
            int32_t t = rind[k];
            if (t != x) {
                near[t] = x;
                far[t ^ 1] = x;
            }
        }
        for (int64_t k = rptr[x]; k < rptr[x + 1]; k++) {
            spent++;
            if (rstate[k] != UNKNOWN)
                continue;
            int32_t y = rind[k];
            int32_t yp = y ^ 1;
            if (near[yp] == x) {
                mark(rstate, rtwin, k, SOME);
                mark(rstate, rtwin, bg_row_search(rptr, rind, yp, xp), SOME);
                (*found)++;
                continue;
            }
            for (int64_t j = rptr[yp]; j < rptr[yp + 1]; j++) {
                spent++;
                int32_t z = rind[j];
                if (z != y && z != x && z != xp && far[z] == x) {
                    mark(rstate, rtwin, k, SOME);
                    mark(rstate, rtwin, j, SOME);
                    mark(rstate, rtwin, bg_row_search(rptr, rind, z ^ 1, xp), SOME);
                    (*found)++;
                    break;
                }
            }
        }
    }
    return spent;
}

/* _improve; the matched entries are counted too (both ends differ in
 * colour: -1 each, whatever the flip), so the test is gain > -2, and the
 * loop has no branch on the colours */
static int64_t improve(const int64_t *rptr, const int32_t *rind, const int8_t *rstate,
                       int8_t *black, int64_t pairs)
{
    for (int64_t a = 0; a < 2 * pairs; a += 2) {
        int64_t gain = 0;
        for (int64_t v = a; v < a + 2; v++) {
            int8_t colour = black[v];
            for (int64_t k = rptr[v]; k < rptr[v + 1]; k++) {
                int64_t weight = rstate[k] == UNKNOWN ? HEAVY : 1;
                int64_t same = colour == black[rind[k]];
                gain += (2 * same - 1) * weight;
            }
        }
        if (gain > -2) {
            int8_t swap = black[a];
            black[a] = black[a + 1];
            black[a + 1] = swap;
        }
    }
    return rptr[2 * pairs] - rptr[0];
}

/* Tarjan's strongly connected components, iterative, as _pair_components
 * and _barrier run it: its arrays (by vertex: index, low, comp, -1 in comp
 * until the vertex's component closes, so that a vertex numbered with comp
 * still -1 is on the stack; the stack; the call path) and counters. */
typedef struct {
    int32_t *index, *low, *comp, *stack, *call;
    int32_t counter, components;
    int64_t top, depth;
} tarjan;

/* v is reached: number it, push it, call it */
static inline void tarjan_enter(tarjan *t, int32_t v)
{
    t->index[v] = t->low[v] = t->counter++;
    t->stack[t->top++] = v;
    t->call[t->depth++] = v;
}

/* an arc from v, the vertex being called, to w, numbered already */
static inline void tarjan_arc(tarjan *t, int32_t v, int32_t w)
{
    if (t->comp[w] < 0 && t->index[w] < t->low[v])
        t->low[v] = t->index[w];
}

/* v, the vertex being called, has no arc left: return from it, and close
 * its component if it is the component's root */
static inline void tarjan_leave(tarjan *t, int32_t v)
{
    t->depth--;
    if (t->depth > 0 && t->low[v] < t->low[t->call[t->depth - 1]])
        t->low[t->call[t->depth - 1]] = t->low[v];
    if (t->low[v] == t->index[v]) {
        for (;;) {
            int32_t w = t->stack[--t->top];
            t->comp[w] = t->components;
            if (w == v)
                break;
        }
        t->components++;
    }
}

/* _pair_components (its on_stack is comp still -1, as tarjan keeps it) */
static int64_t pair_components(const int64_t *rptr, const int32_t *rind, int64_t pairs,
                               const int8_t *black, int32_t *comp, int32_t *index, int32_t *low,
                               int32_t *stack, int32_t *call, int64_t *cursor)
{
    for (int64_t p = 0; p < pairs; p++) {
        index[p] = -1;
        low[p] = 0;
        comp[p] = -1;
        cursor[p] = rptr[2 * p + 1 - black[2 * p]];
    }
    tarjan t = {index, low, comp, stack, call, 0, 0, 0, 0};
    int64_t spent = 0;
    for (int64_t root = 0; root < pairs; root++) {
        if (index[root] >= 0)
            continue;
        tarjan_enter(&t, (int32_t)root);
        while (t.depth > 0) {
            int32_t p = call[t.depth - 1];
            int32_t b = 2 * p + 1 - black[2 * p];
            int64_t end = rptr[b + 1];
            int advanced = 0;
            while (cursor[p] < end) {
                int32_t w = rind[cursor[p]++];
                spent++;
                if (w == (b ^ 1) || black[w])
                    continue;
                int32_t q = w >> 1;
                if (index[q] < 0) {
                    tarjan_enter(&t, q);
                    advanced = 1;
                    break;
                }
                tarjan_arc(&t, p, q);
            }
            if (!advanced)
                tarjan_leave(&t, p);
        }
    }
    return spent;
}

/* _certify_row */
static int64_t certify_row(const int64_t *rptr, const int32_t *rind, const int32_t *rtwin,
                           int8_t *rstate, const int8_t *black, const int32_t *comp,
                           int64_t *seen, int32_t v, int64_t stamp)
{
    int32_t p = v ^ 1;
    int32_t own = comp[v >> 1];
    int read = 0;
    int64_t spent = 0;
    for (int64_t k = rptr[v]; k < rptr[v + 1]; k++) {
        spent++;
        if (rstate[k] != UNKNOWN)
            continue;
        int32_t a = rind[k];
        int32_t target = comp[a >> 1];
        if (target == own) {
            if (black[a] != black[v])
                mark(rstate, rtwin, k, SOME);
            continue;
        }
        if (!read) {
            read = 1;
            for (int64_t j = rptr[p]; j < rptr[p + 1]; j++) {
                spent++;
                int32_t b = rind[j];
                int32_t there = comp[b >> 1];
                if (b != v && there != own)
                    seen[2 * (int64_t)there + (black[b] ? 0 : 1)] = stamp;
            }
        }
        if (seen[2 * (int64_t)target + (black[a] ? 1 : 0)] == stamp)
            mark(rstate, rtwin, k, SOME);
    }
    return spent;
}

/* Outputs: rstate, rtwin (rm each), counts (X_COUNTS).  Scratch: black
 * (int8, rn), scratch (int32, 6 rn + 8: active, near, far (rn each);
 * comp, index, low, stack, call (rn / 2 each)), wide (int64, 2 rn + 2:
 * cursor (rn / 2), seen (rn)).  M(v) = v ^ 1. */
BG_EXPORT int64_t bg_allowed_relax(const int64_t *rptr, const int32_t *rind, int64_t rn,
                                   int64_t use_short, int64_t rounds, int8_t *rstate,
                                   int32_t *rtwin, int64_t *counts, int8_t *black,
                                   int32_t *scratch, int64_t *wide)
{
    int64_t rm = rptr[rn], pairs = rn / 2;
    int32_t *active = scratch, *near = scratch + rn, *far = scratch + 2 * rn;
    int32_t *comp = scratch + 3 * rn, *index = comp + pairs;
    int32_t *low = index + pairs, *stack = low + pairs, *call = stack + pairs;
    int64_t *cursor = wide, *seen = wide + pairs;
    for (int64_t i = 0; i < X_COUNTS; i++)
        counts[i] = 0;
    for (int64_t k = 0; k < rm; k++) {
        rstate[k] = UNKNOWN;
        rtwin[k] = -1;
    }
    for (int64_t v = 0; v < rn; v++) {
        cursor[v / 2] = 0;
        near[v] = far[v] = -1;
        black[v] = 0;
        seen[v] = 0;
    }
    int64_t *next = (int64_t *)seen; /* the twins' cursors (rn), before seen is needed */
    for (int64_t v = 0; v < rn; v++)
        next[v] = rptr[v];
    for (int64_t v = 0; v < rn; v++) {
        for (int64_t k = rptr[v]; k < rptr[v + 1]; k++) {
            int32_t w = rind[k];
            if (w == (v ^ 1))
                rstate[k] = MATCHED;
            if (w > v) {
                int64_t j = next[w]++;
                rtwin[k] = (int32_t)j;
                rtwin[j] = (int32_t)k;
            }
        }
    }
    for (int64_t v = 0; v < rn; v++)
        seen[v] = 0;
    int64_t count = 0, unknown = 0;
    for (int64_t v = 0; v < rn; v++)
        if (undecided(rptr, rstate, v))
            active[count++] = (int32_t)v;
    /* short cycles: on a sample first, everywhere if it finds enough */
    int64_t want = count / STRIDE > SAMPLE_ROWS ? count / STRIDE : SAMPLE_ROWS;
    int64_t stride = count / want > 1 ? count / want : 1;
    int64_t before = 0;
    for (int64_t i = 0; i < count; i += stride)
        for (int64_t k = rptr[active[i]]; k < rptr[active[i] + 1]; k++)
            before += rstate[k] == UNKNOWN;
    int64_t cap = 2 * rm;
    int64_t got = 0;
    if (use_short)
        counts[X_LOCAL_WORK] += short_cycles(rptr, rind, rtwin, rstate, active, count, stride,
                                             near, far, cap, &got);
    counts[X_CYCLES] += got;
    if (use_short && before && 10 * got >= before) {
        got = 0;
        counts[X_LOCAL_WORK] += short_cycles(rptr, rind, rtwin, rstate, active, count, 1, near,
                                             far, cap, &got);
        counts[X_CYCLES] += got;
    }
    count = compact(rptr, rstate, active, count, &unknown);
    counts[X_AFTER_LOCAL] = unknown;
    /* rounds of relaxation: pair p is 2p and 2p + 1 */
    uint64_t random = SEED;
    for (int64_t p = 0; p < pairs; p++) {
        int c = coin(&random);
        black[2 * p] = (int8_t)c;
        black[2 * p + 1] = (int8_t)!c;
    }
    for (int64_t round = 0; round < rounds; round++) {
        if (unknown == 0)
            break;
        if (round)
            for (int64_t p = 0; p < pairs; p++)
                if (coin(&random)) {
                    int8_t swap = black[2 * p];
                    black[2 * p] = black[2 * p + 1];
                    black[2 * p + 1] = swap;
                }
        counts[X_WORK] += improve(rptr, rind, rstate, black, pairs);
        counts[X_WORK] += pair_components(rptr, rind, pairs, black, comp, index, low, stack, call,
                                          cursor);
        for (int64_t i = 0; i < count; i++)
            counts[X_WORK] += certify_row(rptr, rind, rtwin, rstate, black, comp, seen, active[i],
                                          round * rn + active[i] + 1);
        counts[X_ROUNDS]++;
        int64_t rows = count;
        count = compact(rptr, rstate, active, count, &unknown);
        if (count <= FEW_ROWS || rows - count < MIN_SETTLED)
            break;
    }
    counts[X_UNKNOWN] = unknown;
    counts[X_ROWS] = count;
    return 0;
}

/* ==== exact residue ===================================================== */

/* _barrier */
static void barrier_piece(const int64_t *rptr, const int32_t *rind, int64_t rn,
                          const int32_t *rmate, const int32_t *rtwin, int8_t *rstate,
                          const int8_t *label, int32_t *scratch, int64_t *wide, int64_t count,
                          int64_t *counters)
{
    int32_t *blossom = scratch + rn, *touched = scratch + 3 * rn, *partner = scratch + 4 * rn;
    int32_t *index = scratch + 5 * rn, *low = scratch + 6 * rn, *stack = scratch + 7 * rn;
    int32_t *call = scratch + 8 * rn, *comp = scratch + 9 * rn;
    int64_t *cursor = wide + rn;
    for (int64_t t = 0; t < count; t++) {
        int32_t b = touched[t];
        if (label[b] == ODD)
            partner[find_root(blossom, rmate[b])] = b;
    }
    tarjan components = {index, low, comp, stack, call, 0, 0, 0, 0};
    for (int64_t t = 0; t < count; t++) {
        int32_t start = touched[t];
        if (label[start] != ODD || index[start] >= 0)
            continue;
        tarjan_enter(&components, start);
        cursor[start] = rptr[start];
        while (components.depth > 0) {
            int32_t b = call[components.depth - 1];
            int32_t own = find_root(blossom, rmate[b]);
            int advanced = 0;
            while (cursor[b] < rptr[b + 1]) {
                int32_t x = rind[cursor[b]++];
                counters[S_WORK]++;
                if (label[x] != EVEN)
                    continue;
                int32_t r = find_root(blossom, x);
                int32_t c = partner[r];
                if (r == own || c < 0)
                    continue;
                if (index[c] < 0) {
                    tarjan_enter(&components, c);
                    cursor[c] = rptr[c];
                    advanced = 1;
                    break;
                }
                tarjan_arc(&components, b, c);
            }
            if (!advanced)
                tarjan_leave(&components, b);
        }
    }
    for (int64_t t = 0; t < count; t++) {
        int32_t b = touched[t];
        if (label[b] != ODD)
            continue;
        int32_t own = find_root(blossom, rmate[b]);
        for (int64_t k = rptr[b]; k < rptr[b + 1]; k++) {
            counters[S_WORK]++;
            if (rstate[k] != UNKNOWN)
                continue;
            int32_t x = rind[k];
            int allowed = 0;
            if (label[x] == EVEN) {
                int32_t r = find_root(blossom, x);
                allowed = r == own || (partner[r] >= 0 && comp[partner[r]] == comp[b]);
            }
            mark(rstate, rtwin, k, allowed ? SOME : NONE);
            counters[S_BARRIER]++;
        }
    }
    for (int64_t t = 0; t < count; t++) {
        int32_t b = touched[t];
        if (label[b] != ODD)
            continue;
        partner[find_root(blossom, rmate[b])] = -1;
        index[b] = low[b] = comp[b] = -1;
    }
}

/* rows[counters[S_NEXT] .. rows_count) searched in order.  Scratch (kept
 * between calls, set on the first): flags (int8, 2 rn: label, target),
 * scratch (int32, 10 rn: parent, blossom, queue, touched, partner, index,
 * low, stack, call, comp), wide (int64, 2 rn: stamp, cursor).  Returns 0
 * when done, PAUSED when counters[S_WORK] reached counters[S_PAUSE]. */
BG_EXPORT int64_t bg_allowed_exact(const int64_t *rptr, const int32_t *rind, int64_t rn,
                                   const int32_t *rows, int64_t rows_count, const int32_t *rmate,
                                   const int32_t *rtwin, int8_t *rstate, int8_t *flags,
                                   int32_t *scratch, int64_t *wide, int64_t *counters)
{
    int8_t *label = flags, *target = flags + rn;
    int32_t *parent = scratch, *blossom = scratch + rn, *queue = scratch + 2 * rn;
    int32_t *touched = scratch + 3 * rn;
    int64_t *stamp = wide;
    if (!counters[S_READY]) {
        for (int64_t v = 0; v < rn; v++) {
            label[v] = target[v] = 0;
            parent[v] = -1;
            blossom[v] = (int32_t)v;
            stamp[v] = 0;
        }
        for (int64_t i = 4 * rn; i < 7 * rn; i++)
            scratch[i] = -1;
        for (int64_t i = 9 * rn; i < 10 * rn; i++)
            scratch[i] = -1;
        counters[S_READY] = 1;
    }
    int64_t i = counters[S_NEXT];
    while (i < rows_count) {
        if (counters[S_WORK] >= counters[S_PAUSE]) {
            counters[S_NEXT] = i;
            return PAUSED;
        }
        int32_t u = rows[i++];
        int64_t wanted = 0;
        for (int64_t k = rptr[u]; k < rptr[u + 1]; k++)
            if (rstate[k] == UNKNOWN) {
                target[rind[k]] = 1;
                wanted++;
            }
        if (wanted == 0)
            continue;
        counters[S_SEARCHES]++;
        int32_t root = rmate[u];
        label[u] = ODD;
        label[root] = EVEN;
        touched[0] = u;
        touched[1] = root;
        int64_t count = 2;
        queue[0] = root;
        int64_t head = 0, tail = 1;
        int64_t clock = counters[S_CLOCK];
        int64_t work = counters[S_WORK];
        while (head < tail && wanted > 0) {
            int32_t v = queue[head++];
            int32_t partner = rmate[v];
            for (int64_t k = rptr[v]; k < rptr[v + 1]; k++) {
                work++;
                int32_t w = rind[k];
                if (partner == w || label[w] == ODD)
                    continue;
                if (find_root(blossom, v) == find_root(blossom, w))
                    continue;
                if (label[w] == 0) {
                    label[w] = ODD;
                    parent[w] = v;
                    int32_t p = rmate[w];
                    label[p] = EVEN;
                    wanted -= target[p];
                    touched[count] = w;
                    touched[count + 1] = p;
                    count += 2;
                    queue[tail++] = p;
                } else {
                    int64_t start = tail;
                    tail = contract_blossom(blossom, stamp, ++clock, parent, rmate, label, queue,
                                            tail, v, w, root);
                    for (int64_t q = start; q < tail; q++)
                        wanted -= target[queue[q]];
                }
                if (wanted == 0)
                    break;
            }
        }
        counters[S_WORK] = work;
        counters[S_CLOCK] = clock;
        for (int64_t k = rptr[u]; k < rptr[u + 1]; k++) {
            int32_t x = rind[k];
            if (target[x]) {
                target[x] = 0;
                mark(rstate, rtwin, k, label[x] == EVEN ? SOME : NONE);
            }
        }
        if (wanted > 0) {
            counters[S_FULL]++;
            barrier_piece(rptr, rind, rn, rmate, rtwin, rstate, label, scratch, wide, count,
                          counters);
        }
        for (int64_t t = 0; t < count; t++) {
            int32_t x = touched[t];
            label[x] = 0;
            parent[x] = -1;
            blossom[x] = x;
        }
    }
    counters[S_NEXT] = i;
    return 0;
}

/* ==== lift ============================================================== */

/* _resolved */
static int8_t resolved(int8_t *state, int32_t *rep, int64_t k)
{
    if (state[k] != COPY)
        return state[k];
    int32_t end = rep[k];
    while (state[end] == COPY)
        end = rep[end];
    while (state[k] == COPY) {
        int32_t following = rep[k];
        rep[k] = end;
        k = following;
    }
    return state[end];
}

/* _leaving: the allowed entries from the run to outside x, w, y; the
 * entries scanned are added to *spent */
static int64_t leaving(const int64_t *indptr, const int32_t *indices, int8_t *state, int32_t *rep,
                       const int32_t *name, const int32_t *member_next, int64_t begin, int64_t end,
                       int64_t x, int64_t w, int64_t y, int64_t *spent)
{
    int64_t found = 0;
    int64_t v = begin;
    for (;;) {
        for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
            (*spent)++;
            if (state[k] == OUTSIDE)
                continue;
            int32_t u = name[indices[k]];
            if (u != x && u != w && u != y && resolved(state, rep, k) == SOME)
                found++;
        }
        if (v == end)
            return found;
        v = member_next[v];
    }
}

/* Outputs: allowed (m).  In place: state, rep, name.  Scratch: count
 * (int64, n).  done[0]: the entries scanned.  Returns 0, or 4 when an
 * entry of G[C] is left undecided. */
BG_EXPORT int64_t bg_allowed_lift(const int64_t *indptr, const int32_t *indices,
                                  const uint8_t *in_c, int64_t n, const int32_t *rentry,
                                  int64_t rm, int8_t *state, const int32_t *twin, int32_t *rep,
                                  int32_t *name, const int32_t *member_next,
                                  const int64_t *events, int64_t n_events,
                                  const int8_t *rstate, uint8_t *allowed, int64_t *count,
                                  int64_t *done)
{
    int64_t m = indptr[n];
    int64_t work = 0;
    for (int64_t v = 0; v < n; v++)
        count[v] = 0;
    for (int64_t e = 0; e < rm; e++)
        if (rstate[e] == SOME || rstate[e] == NONE) {
            int32_t k = rentry[e];
            state[k] = state[twin[k]] = rstate[e];
        }
    for (int64_t v = 0; v < n; v++) {
        if (!in_c[v])
            continue;
        int32_t s = name[v];
        for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
            work++;
            if (state[k] == OUTSIDE || name[indices[k]] == s)
                continue;
            if (resolved(state, rep, k) == SOME)
                count[s]++;
        }
    }
    for (int64_t e = n_events - 1; e >= 0; e--) {
        const int64_t *event = events + e * EVENT;
        int64_t x = event[E_X], w = event[E_W], y = event[E_Y], merged = event[E_NAME];
        int64_t parts[3][3] = {{x, event[E_XF], event[E_XL]},
                               {w, event[E_WF], event[E_WL]},
                               {y, event[E_YF], event[E_YL]}};
        for (int p = 0; p < 3; p++) {
            if (parts[p][0] == merged)
                continue;
            int64_t v = parts[p][1];
            for (;;) {
                work++;
                name[v] = (int32_t)parts[p][0];
                if (v == parts[p][2])
                    break;
                v = member_next[v];
            }
        }
        int64_t total = count[merged], x_out;
        if (event[E_DX] <= event[E_DY])
            x_out = leaving(indptr, indices, state, rep, name, member_next, event[E_XF],
                            event[E_XL], x, w, y, &work);
        else
            x_out = total - leaving(indptr, indices, state, rep, name, member_next, event[E_YF],
                                    event[E_YL], x, w, y, &work);
        int8_t group = x_out > 0 ? SOME : NONE;
        int64_t with_wy = group == SOME ? event[E_NWY] : 0;
        int64_t k_wy = event[E_WY];
        state[k_wy] = state[twin[k_wy]] = group;
        count[x] = x_out + event[E_NWX];
        count[y] = total - x_out + with_wy;
        count[w] = event[E_NWX] + with_wy;
    }
    for (int64_t k = 0; k < m; k++) {
        int8_t st = state[k];
        if (st == COPY) {
            st = resolved(state, rep, k);
            state[k] = st;
        }
        if (st == UNKNOWN || st == GROUPED || st == COPY)
            return 4;
        allowed[k] = st == SOME || st == MATCHED;
    }
    done[0] = work;
    return 0;
}

/* ==== pieces ============================================================ */

/* piece: n entries, filled.  Scratch: root (n). */
BG_EXPORT int64_t bg_allowed_pieces(const int64_t *indptr, const int32_t *indices,
                                    const uint8_t *in_c, const uint8_t *allowed, int64_t n,
                                    int32_t *piece, int32_t *root)
{
    for (int64_t v = 0; v < n; v++)
        root[v] = (int32_t)v;
    for (int64_t v = 0; v < n; v++) {
        if (!in_c[v])
            continue;
        for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
            int32_t w = indices[k];
            if (w > v && allowed[k]) {
                int32_t a = find_root(root, (int32_t)v), b = find_root(root, w);
                if (a < b)
                    root[b] = a;
                else if (b < a)
                    root[a] = b;
            }
        }
    }
    int32_t pieces = 0;
    for (int64_t v = 0; v < n; v++) {
        piece[v] = -1;
        if (!in_c[v])
            continue;
        int32_t r = find_root(root, (int32_t)v);
        piece[v] = r == v ? pieces++ : piece[r];
    }
    return pieces;
}
