/* The certificate writer's kernels: proofs/certificate.py's _levels, _merges,
 * _write_integers and _write_booleans (their docstrings and the module's are
 * the specification).  Scratch arrays and results come from the adapters,
 * which also widen an int32 indptr to int64 (one O(V) copy per certificate).
 *
 * _merges calls graphs.blossom.find_root in Python: here that union-find
 * root, with its path halving, is the static find below.  Where Python calls
 * it twice in one expression the calls are separate statements here, in
 * Python's order, since halving changes root_of and C leaves the order of
 * an operator's operands unspecified. */
#include "decimal.h"
#include "kernels.h"

/* The root of x in the union-find forest root_of, halving the path. */
static int32_t find(int32_t *root_of, int32_t x)
{
    while (root_of[x] != x) {
        root_of[x] = root_of[root_of[x]];
        x = root_of[x];
    }
    return x;
}

/* _climb: the edges from x's piece up to the piece top, into out from at,
 * two per piece: (its base, the base's odd mate), (that odd vertex, its
 * tree parent); returns the end. */
static int64_t climb(int32_t *root_of, const int32_t *mate, const int32_t *base,
                     const int32_t *parent, int32_t x, int32_t top, int32_t *out, int64_t at)
{
    int32_t p = find(root_of, x);
    while (p != top) {
        int32_t odd = mate[base[p]];
        out[at] = base[p];
        out[at + 1] = odd;
        out[at + 2] = odd;
        out[at + 3] = parent[odd];
        at += 4;
        p = find(root_of, parent[odd]);
    }
    return at;
}

/* Level and via of every vertex (0 and -1 where there is none), by the
 * breadth-first search of _levels.  reached, current, upcoming: n entries
 * each, contents ignored. */
BG_EXPORT int64_t bg_certificate_levels(const int64_t *indptr, const int32_t *indices,
                                        const int32_t *mate, const uint8_t *losing,
                                        const uint8_t *barrier, int64_t n, int32_t *level,
                                        int32_t *via, uint8_t *reached, int32_t *current,
                                        int32_t *upcoming)
{
    int64_t size = 0;
    for (int64_t v = 0; v < n; v++) {
        reached[v] = 0;
        level[v] = 0;
        via[v] = -1;
    }
    for (int64_t v = 0; v < n; v++) {
        if (losing[v] && mate[v] < 0) {
            reached[v] = 1;
            current[size++] = (int32_t)v;
        }
    }
    int32_t depth = 0;
    while (size > 0) {
        int64_t following = 0;
        int64_t head = 0;
        while (head < size) {
            int32_t y = current[head++];
            for (int64_t k = indptr[y]; k < indptr[y + 1]; k++) {
                int32_t w = indices[k];
                if (losing[w]) {
                    if (!reached[w]) {
                        reached[w] = 1;
                        current[size++] = w;
                    }
                } else if (barrier[w] && via[w] < 0) {
                    via[w] = y;
                    level[w] = depth + 1;
                    int32_t x = mate[w];
                    if (x >= 0 && losing[x] && !reached[x]) {
                        reached[x] = 1;
                        upcoming[following++] = x;
                    }
                }
            }
        }
        int32_t *swap = current;
        current = upcoming;
        upcoming = swap;
        size = following;
        depth++;
    }
    return 0;
}

/* The blossom merges of _merges: returns 1 if the matching is not
 * near-perfect inside a component (a bug), else 0; counts[0] gets the
 * entries of edges written, counts[1] the merges written to sizes.
 * label, parent, root_of, base, stamp, queue: n entries each; side
 * 2n + 2, edges 3n + 6, sizes n + 1 (as the Python kernel's). */
BG_EXPORT int64_t bg_certificate_merges(const int64_t *indptr, const int32_t *indices,
                                        const int32_t *mate, const uint8_t *losing, int64_t n,
                                        int8_t *label, int32_t *parent, int32_t *root_of,
                                        int32_t *base, int64_t *stamp, int32_t *queue,
                                        int32_t *side, int32_t *edges, int32_t *sizes,
                                        int64_t *counts)
{
    for (int64_t v = 0; v < n; v++) {
        label[v] = 0;
        parent[v] = -1;
        root_of[v] = (int32_t)v;
        base[v] = (int32_t)v;
        stamp[v] = 0;
    }
    int64_t written = 0;
    int64_t merges = 0;
    int64_t clock = 0;
    counts[0] = 0;
    counts[1] = 0;
    for (int64_t r = 0; r < n; r++) {
        int32_t root = (int32_t)r;
        if (!losing[root] || label[root] != 0)
            continue;
        if (mate[root] >= 0 && losing[mate[root]])
            continue; /* not this component's base; its search labels it */
        label[root] = 1;
        queue[0] = root;
        int64_t head = 0;
        int64_t tail = 1;
        while (head < tail) {
            int32_t v = queue[head++];
            for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
                int32_t w = indices[k];
                if (!losing[w] || label[w] == 2)
                    continue;
                int32_t rv = find(root_of, v);
                int32_t rw = find(root_of, w);
                if (rv == rw)
                    continue;
                if (label[w] == 0) {
                    int32_t x = mate[w];
                    if (x < 0 || !losing[x])
                        return 1;
                    label[w] = 2;
                    parent[w] = v;
                    label[x] = 1;
                    queue[tail++] = x;
                    continue;
                }
                /* two even pieces: the piece where their paths meet */
                clock++;
                int32_t a = find(root_of, v);
                int32_t b = find(root_of, w);
                int32_t top = -1;
                for (;;) {
                    if (a >= 0) {
                        if (stamp[a] == clock) {
                            top = a;
                            break;
                        }
                        stamp[a] = clock;
                        a = base[a] == root ? -1 : find(root_of, parent[mate[base[a]]]);
                    }
                    int32_t swap = a;
                    a = b;
                    b = swap;
                }
                /* w's side, upwards */
                int64_t count = climb(root_of, mate, base, parent, w, top, side, 0);
                int64_t start = written;
                /* the cycle from the top down w's side (edges reversed) ... */
                for (int64_t t = count - 2; t > -1; t -= 2) {
                    edges[written] = side[t + 1];
                    edges[written + 1] = side[t];
                    written += 2;
                }
                /* ... across v w ... */
                edges[written] = w;
                edges[written + 1] = v;
                written += 2;
                /* ... and up v's side back to the top */
                written = climb(root_of, mate, base, parent, v, top, edges, written);
                sizes[merges++] = (int32_t)((written - start) / 2);
                /* merge every piece of the cycle into the top one; the odd
                 * vertices become even and are searched from */
                int32_t keep = base[top];
                for (int64_t t = start; t < written; t += 2) {
                    for (int e = 0; e < 2; e++) {
                        int32_t end = edges[t + e];
                        if (label[end] == 2) {
                            label[end] = 1;
                            queue[tail++] = end;
                        }
                        int32_t found = find(root_of, end);
                        if (found != top)
                            root_of[found] = top;
                    }
                }
                base[top] = keep;
            }
        }
    }
    counts[0] = written;
    counts[1] = merges;
    return 0;
}

/* values as comma-separated decimal text into out; returns the length. */
BG_EXPORT int64_t bg_write_integers(const int64_t *values, int64_t count, uint8_t *out)
{
    int64_t at = 0;
    for (int64_t k = 0; k < count; k++) {
        if (k > 0)
            out[at++] = ',';
        int64_t value = values[k];
        /* the magnitude unsigned: -INT64_MIN overflows an int64 */
        uint64_t magnitude = (uint64_t)value;
        if (value < 0) {
            out[at++] = '-';
            magnitude = 0 - magnitude;
        }
        at = bg_put_decimal(out, at, magnitude);
    }
    return at;
}

/* "[true,false,...]" into out; returns the length. */
BG_EXPORT int64_t bg_write_booleans(const uint8_t *values, int64_t count, uint8_t *out)
{
    static const char words[] = "false,true,";
    int64_t at = 0;
    out[at++] = '[';
    for (int64_t k = 0; k < count; k++) {
        int start = values[k] ? 6 : 0;
        int stop = values[k] ? 11 : 6;
        if (k == count - 1)
            stop--; /* no comma after the last */
        for (int t = start; t < stop; t++)
            out[at++] = (uint8_t)words[t];
    }
    out[at++] = ']';
    return at;
}
