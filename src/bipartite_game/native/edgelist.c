/* The edge-list reader of edgelist.py, on the raw bytes of the text.
 *
 * The Python reader (edgelist._parse_python) is the specification: tokens
 * are runs of bytes other than ASCII white space (9-13, 32), a '#' ends the
 * line's tokens (the rest of the line is a comment), a line holds at most
 * two tokens, an edge is a line of two, and labels are numbered in order of
 * first appearance.  Here that takes one pass or two, and no object per token:
 *
 *   bg_edge_dense     reads it in one pass when every token is a plain
 *                     decimal number small enough to index a table by;
 *   bg_edge_scan      otherwise counts tokens and edges and finds the first
 *                     crowded line (the caller's error);
 *   bg_edge_hashed    numbers any tokens through an open-addressing hash
 *                     table of their bytes (seeded by the caller);
 *   bg_edge_format    writes "label first|second" lines for every vertex;
 *   bg_edge_find      finds the vertex of a label.
 *
 * Both numbering passes write the edges' two ends (int32 vertex ids) and
 * each vertex's first token as a byte offset and length into the text.
 * Nothing here allocates: the caller sizes every array from the number of
 * lines or from bg_edge_scan.
 */
#include <string.h>

#include "kernels.h"

enum {
    SCAN_TOKENS,      /* tokens in the text */
    SCAN_EDGES,       /* lines of two tokens */
    SCAN_MOST,        /* most tokens on one line (up to the crowded one) */
    SCAN_CROWDED,     /* first line with three tokens or more, 0 if none */
    SCAN_CROWD,       /* how many tokens that line holds */
    SCAN_COMMAS,      /* 1 when each of the first COMMA_TOKENS tokens holds a ',' */
    SCAN_FIELDS
};

/* The longest decimal token read as a number (10**18 - 1 fits an int64). */
#define MAX_DIGITS 18
/* The tokens looked at for the warning about 'a,b' lines. */
#define COMMA_TOKENS 1000

static int is_space(uint8_t c) { return c == 32 || (c >= 9 && c <= 13); }

/* out[SCAN_*]; stops at the end of the first crowded line. */
BG_EXPORT int64_t bg_edge_scan(const uint8_t *text, int64_t size, int64_t *out)
{
    int64_t tokens = 0, edges = 0, most = 0, line = 1, on_line = 0;
    int in_token = 0, commas = 1, comma = 0;
    for (int64_t k = 0; k <= size; k++) {
        uint8_t c = k < size ? text[k] : '\n';
        if (c == '#') { /* the rest of the line is a comment */
            while (k + 1 < size && text[k + 1] != '\n')
                k++;
            c = ' ';
        }
        if (!is_space(c)) {
            if (!in_token) {
                in_token = 1;
                on_line++;
                tokens++;
                comma = 0;
            }
            comma |= c == ',';
            continue;
        }
        if (in_token) {
            in_token = 0;
            if (tokens <= COMMA_TOKENS && !comma)
                commas = 0;
        }
        if (c != '\n')
            continue;
        if (on_line > most)
            most = on_line;
        if (on_line == 2)
            edges++;
        if (on_line > 2) {
            out[SCAN_CROWDED] = line;
            out[SCAN_CROWD] = on_line;
            break;
        }
        on_line = 0;
        line++;
    }
    out[SCAN_TOKENS] = tokens;
    out[SCAN_EDGES] = edges;
    out[SCAN_MOST] = most;
    out[SCAN_COMMAS] = commas;
    if (on_line <= 2) {
        out[SCAN_CROWDED] = 0;
        out[SCAN_CROWD] = 0;
    }
    return 0;
}

/* One token at a time: the next token's start, or size when none is left.
 * *newline is set when a newline (or the end) came before it, so that the
 * caller can close the line it was on. */
static int64_t next_token(const uint8_t *text, int64_t size, int64_t k, int *newline)
{
    *newline = 0;
    while (k < size) {
        uint8_t c = text[k];
        if (c == '#') {
            while (k < size && text[k] != '\n')
                k++;
            continue;
        }
        if (!is_space(c))
            return k;
        if (c == '\n')
            *newline = 1;
        k++;
    }
    *newline = 1;
    return size;
}

static int64_t token_end(const uint8_t *text, int64_t size, int64_t k)
{
    while (k < size && !is_space(text[k]) && text[k] != '#')
        k++;
    return k;
}

/* The one-pass reader for edge lists of plain decimal numbers below
 * capacity: ids through slot_of[value] (capacity entries, zeros: each 0 or
 * 1 + an id), u and v (one entry per line at most), start and length (one
 * per token at most).  out[0], out[1] = vertices, edges; or, on a crowded
 * line, out[0], out[1] = its number and its tokens.  Returns DENSE_DONE,
 * DENSE_CROWDED, or DENSE_NOT when a token is not a plain decimal number
 * below capacity (then bg_edge_scan and bg_edge_hashed read the text). */
enum { DENSE_DONE, DENSE_CROWDED, DENSE_NOT };

BG_EXPORT int64_t bg_edge_dense(const uint8_t *text, int64_t size, int32_t *slot_of,
                                int64_t capacity, int32_t *u, int32_t *v, int64_t *start,
                                int64_t *length, int64_t *out)
{
    int32_t count = 0, ends[2] = {0, 0};
    int64_t edges = 0, line = 1, k = 0;
    int on_line = 0;
    for (;;) {
        /* white space and comments up to the next token, closing lines */
        while (k < size) {
            uint8_t c = text[k];
            if (c == '\n') {
                if (on_line == 2) {
                    u[edges] = ends[0];
                    v[edges] = ends[1];
                    edges++;
                }
                on_line = 0;
                line++;
            } else if (c == '#') {
                while (k + 1 < size && text[k + 1] != '\n')
                    k++;
            } else if (!is_space(c)) {
                break;
            }
            k++;
        }
        if (k >= size)
            break;
        int64_t first = k, value = 0;
        while (k < size && text[k] >= '0' && text[k] <= '9' && k - first < MAX_DIGITS)
            value = value * 10 + (text[k++] - '0');
        if ((k < size && !is_space(text[k]) && text[k] != '#') || value >= capacity ||
            (text[first] == '0' && k - first > 1))
            return DENSE_NOT;
        int32_t slot = slot_of[value];
        if (slot == 0) {
            slot = slot_of[value] = ++count;
            start[count - 1] = first;
            length[count - 1] = k - first;
        }
        if (on_line == 2) { /* a third token: the rest of the line counts them */
            int64_t tokens = 3;
            for (int in_token = 1; k < size && text[k] != '\n' && text[k] != '#'; k++) {
                int space = is_space(text[k]);
                tokens += in_token == 0 && !space;
                in_token = !space;
            }
            out[0] = line;
            out[1] = tokens;
            return DENSE_CROWDED;
        }
        ends[on_line++] = slot - 1;
    }
    if (on_line == 2) {
        u[edges] = ends[0];
        v[edges] = ends[1];
        edges++;
    }
    out[0] = count;
    out[1] = edges;
    return DENSE_DONE;
}

static uint64_t mix(uint64_t h)
{
    h ^= h >> 32;
    h *= 0xd6e8feb86659fd93ULL;
    h ^= h >> 32;
    h *= 0xd6e8feb86659fd93ULL;
    h ^= h >> 32;
    return h;
}

/* A seeded hash of a token's bytes, 8 at a time. */
static uint64_t hash_bytes(const uint8_t *p, int64_t n, uint64_t seed)
{
    uint64_t h = seed ^ ((uint64_t)n * 0x9e3779b97f4a7c15ULL);
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = mix(h ^ w);
        p += 8;
        n -= 8;
    }
    uint64_t w = 0;
    memcpy(&w, p, (size_t)n);
    return mix(h ^ w ^ ((uint64_t)n << 56));
}

/* Ids through a hash table of slots (capacity a power of two, more than
 * the number of tokens; any contents: zeroed here), each 0 or 1 + an id.
 * Outputs as bg_edge_dense (start, length: one entry per token at most).
 * Returns the number of vertices. */
BG_EXPORT int64_t bg_edge_hashed(const uint8_t *text, int64_t size, int64_t seed, int32_t *slots,
                                 int64_t capacity, int32_t *u, int32_t *v, int64_t *start,
                                 int64_t *length)
{
    memset(slots, 0, (size_t)capacity * sizeof *slots);
    uint64_t mask = (uint64_t)capacity - 1;
    int32_t count = 0, ends[2] = {0, 0};
    int64_t edges = 0, k = 0;
    int on_line = 0, newline;
    for (;;) {
        k = next_token(text, size, k, &newline);
        if (newline) {
            if (on_line == 2) {
                u[edges] = ends[0];
                v[edges] = ends[1];
                edges++;
            }
            on_line = 0;
        }
        if (k >= size)
            break;
        int64_t end = token_end(text, size, k), n = end - k;
        uint64_t at = hash_bytes(text + k, n, (uint64_t)seed) & mask;
        int32_t id;
        for (;;) {
            int32_t slot = slots[at];
            if (slot == 0) {
                id = count++;
                slots[at] = id + 1;
                start[id] = k;
                length[id] = n;
                break;
            }
            if (length[slot - 1] == n && memcmp(text + start[slot - 1], text + k, (size_t)n) == 0) {
                id = slot - 1;
                break;
            }
            at = (at + 1) & mask;
        }
        ends[on_line++ & 1] = id;
        k = end;
    }
    return count;
}

/* Bytes of the lines bg_edge_format writes. */
BG_EXPORT int64_t bg_edge_format_size(const int64_t *length, const uint8_t *wins, int64_t count)
{
    int64_t total = 0;
    for (int64_t i = 0; i < count; i++)
        total += length[i] + (wins[i] ? 7 : 8);
    return total;
}

/* "label first\n" or "label second\n" for each vertex, in order. */
BG_EXPORT int64_t bg_edge_format(const uint8_t *text, const int64_t *start, const int64_t *length,
                                 const uint8_t *wins, int64_t count, uint8_t *out)
{
    int64_t at = 0;
    for (int64_t i = 0; i < count; i++) {
        memcpy(out + at, text + start[i], (size_t)length[i]);
        at += length[i];
        if (wins[i]) {
            memcpy(out + at, " first\n", 7);
            at += 7;
        } else {
            memcpy(out + at, " second\n", 8);
            at += 8;
        }
    }
    return at;
}

/* The first vertex whose label is the size bytes of label, or -1. */
BG_EXPORT int64_t bg_edge_find(const uint8_t *text, const int64_t *start, const int64_t *length,
                               int64_t count, const uint8_t *label, int64_t size)
{
    for (int64_t i = 0; i < count; i++)
        if (length[i] == size && memcmp(text + start[i], label, (size_t)size) == 0)
            return i;
    return -1;
}
