/* The knights duel of duel.py and problems/knights.py: connectivity on a
 * general graph (_csr_reaches), connectivity of a leaper on a grid given as
 * a bitset (_leaper_reaches), and the judge's board text read straight into
 * that bitset (knights.parse's rules, without a Python object per line).
 *
 * Bitsets are little-endian within each byte: cell k is bit (k & 7) of byte
 * k >> 3, numpy's packbits(..., bitorder="little"). */
#include <string.h>

#include "kernels.h"

#define BIT(bits, k) (((bits)[(k) >> 3] >> ((k) & 7)) & 1)
#define SET(bits, k) ((bits)[(k) >> 3] |= (uint8_t)(1u << ((k) & 7)))
#define CLEAR(bits, k) ((bits)[(k) >> 3] &= (uint8_t)~(1u << ((k) & 7)))

/* _csr_reaches: is target in source's component?  seen (n bytes, zeroed)
 * and stack (n int32) are scratch from the adapter. */
BG_EXPORT int64_t bg_csr_reaches(const int64_t *indptr, const int32_t *indices, int64_t n,
                                 int64_t source, int64_t target, uint8_t *seen, int32_t *stack)
{
    (void)n;
    int64_t top = 1;
    seen[source] = 1;
    stack[0] = (int32_t)source;
    while (top > 0) {
        int32_t v = stack[--top];
        for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
            int32_t w = indices[k];
            if (w == target)
                return 1;
            if (!seen[w]) {
                seen[w] = 1;
                stack[top++] = w;
            }
        }
    }
    return source == target;
}

/* _leaper_reaches: does a leaper with the given steps reach target from
 * source over the open cells of the bitset?  Breadth-first, stopping when
 * target is met.
 *
 * Memory is what the adapter gives: `avail` (scratch of the bitset's size)
 * and a ring queue of `capacity` cells, which may be far smaller than the
 * board.  avail starts as a copy of open, and a cell's bit there is
 * cleared when the cell is found, so that one bit tells whether a cell is
 * still to be found.  When the queue is full a newly found cell is parked
 * instead: its bit stays set in avail while its open bit is cleared (a
 * state no other cell has), and when the queue runs dry a sweep queues
 * the parked cells again.  Every open bit cleared so is set again before
 * returning, so `open` is left as it came. */
BG_EXPORT int64_t bg_leaper_reaches(uint8_t *open, int64_t height, int64_t width,
                                    const int64_t *dr, const int64_t *dc, int64_t steps,
                                    int64_t source, int64_t target, uint8_t *avail,
                                    int32_t *queue, int64_t capacity)
{
    int64_t cells = height * width, bytes = (cells + 7) >> 3;
    int64_t head = 0, size = 1, parked = 0, found = source == target;
    int64_t offset[8], row_low[8], row_high[8], col_low[8], col_high[8];
    if (steps > 8) /* a leaper has 8 steps at most; the adapters raise on -1 */
        return -1;
    for (int64_t s = 0; s < steps; s++) { /* cell (i, j) has step s iff i, j in these */
        offset[s] = dr[s] * width + dc[s];
        row_low[s] = dr[s] < 0 ? -dr[s] : 0;
        row_high[s] = dr[s] > 0 ? height - dr[s] : height;
        col_low[s] = dc[s] < 0 ? -dc[s] : 0;
        col_high[s] = dc[s] > 0 ? width - dc[s] : width;
    }
    memcpy(avail, open, (size_t)bytes);
    CLEAR(avail, source);
    queue[0] = (int32_t)source;
    while (!found && (size > 0 || parked > 0)) {
        if (size == 0) { /* queue the parked cells again, as many as fit */
            head = 0;
            for (int64_t b = 0; b < bytes && size < capacity; b++) {
                unsigned waiting = (unsigned)(avail[b] & ~open[b]) & 0xffu;
                for (int bit = 0; waiting && size < capacity; bit++, waiting >>= 1) {
                    if (!(waiting & 1u))
                        continue;
                    int64_t k = b * 8 + bit;
                    SET(open, k);
                    CLEAR(avail, k);
                    queue[size++] = (int32_t)k;
                    parked--;
                }
            }
        }
        int64_t v = queue[head];
        head = head + 1 == capacity ? 0 : head + 1;
        size--;
        int64_t i = (int64_t)((uint32_t)v / (uint32_t)width), j = v - i * width;
        for (int64_t s = 0; s < steps; s++) {
            if (i < row_low[s] || i >= row_high[s] || j < col_low[s] || j >= col_high[s])
                continue;
            int64_t w = v + offset[s];
            if (!BIT(avail, w))
                continue;
            if (w == target) {
                found = 1;
                break;
            }
            if (size < capacity) {
                int64_t tail = head + size;
                queue[tail >= capacity ? tail - capacity : tail] = (int32_t)w;
                size++;
                CLEAR(avail, w);
                if (!BIT(open, w)) { /* it was parked */
                    SET(open, w);
                    parked--;
                }
            } else if (BIT(open, w)) {
                CLEAR(open, w);
                parked++;
            }
        }
    }
    if (parked > 0) /* parked cells left by an early stop: open again */
        for (int64_t b = 0; b < bytes; b++)
            open[b] |= avail[b];
    return found;
}

/* The fields of info written by bg_knights_board, in this order. */
enum {
    ROWS,          /* lines with a square on them, after the header */
    ALL_ONE,       /* 1 if each of them holds exactly one square */
    BAD_LINE,      /* the first of them not holding m squares (0: none) */
    BAD_LENGTH,    /* how many squares that line holds */
    EXTRA_LINE,    /* the line of row n + 1 (0: none) */
    LAST_LINE,     /* the line of the last row (0: none) */
    UNKNOWN_AT,    /* the first square that is none of '@.AB' (-1: none) */
    UNKNOWN_LINE,  /* its line */
    UNKNOWN_BYTE,  /* its byte */
    A_COUNT,       /* squares 'A' (among the first n * m) */
    A_AT,          /* the first one's index */
    A_SECOND_LINE, /* the second one's line */
    B_COUNT,
    B_AT,
    B_SECOND_LINE,
    SQUARES, /* squares in all */
    INFO_SIZE
};

/* What each byte of a board is to bg_knights_board. */
enum { WALL, FREE, SPACE, NEWLINE, TOKEN_A, TOKEN_B, UNKNOWN };
static uint8_t kind_of(uint8_t ch)
{
    switch (ch) {
    case '@': return WALL;
    case '.': return FREE;
    case ' ': case '\t': case '\r': case '\v': case '\f': return SPACE;
    case '\n': return NEWLINE;
    case 'A': return TOKEN_A;
    case 'B': return TOKEN_B;
    default: return UNKNOWN;
    }
}

/* Read the board of a knights input: text[begin:end] is everything after
 * the header, whose line number is header_line.  Squares are the bytes
 * other than " \t\r\v\f" and line ends; a line with none is skipped.  The
 * first `writable` squares (n * m, or 0 when the text is too short to hold
 * the board: then the board is refused anyway) are written to `open` (a
 * zeroed bitset: 1 for '.', 'A' and 'B'); what knights.parse needs for its
 * checks and messages goes to info.  Returns the number of squares. */
BG_EXPORT int64_t bg_knights_board(const uint8_t *text, int64_t begin, int64_t end,
                                   int64_t header_line, int64_t n, int64_t m, int64_t writable,
                                   uint8_t *open, int64_t *info)
{
    uint8_t kind[256];
    int64_t cells = n * m, at = 0, line = header_line, row_start = 0;
    for (int ch = 0; ch < 256; ch++)
        kind[ch] = kind_of((uint8_t)ch);
    for (int f = 0; f < INFO_SIZE; f++)
        info[f] = 0;
    info[ALL_ONE] = 1;
    info[UNKNOWN_AT] = info[A_AT] = info[B_AT] = -1;
    for (int64_t p = begin; p <= end; p++) {
        uint8_t t = p == end ? NEWLINE : kind[text[p]];
        if (t <= FREE) { /* the common case: one square, '@' or '.' */
            int64_t k = at++;
            if (k < writable)
                open[k >> 3] |= (uint8_t)(t << (k & 7));
            continue;
        }
        if (t == SPACE)
            continue;
        if (t == NEWLINE) { /* a line ends */
            int64_t row_length = at - row_start;
            line++;
            if (row_length == 0)
                continue;
            info[ROWS]++;
            if (row_length != 1)
                info[ALL_ONE] = 0;
            if (row_length != m && info[BAD_LINE] == 0) {
                info[BAD_LINE] = line;
                info[BAD_LENGTH] = row_length;
            }
            if (info[ROWS] == n + 1)
                info[EXTRA_LINE] = line;
            info[LAST_LINE] = line;
            row_start = at;
            continue;
        }
        int64_t k = at++;
        if (k >= cells)
            continue;
        /* line + 1: the line this square stands on (line counts ended lines) */
        if (t == TOKEN_A || t == TOKEN_B) {
            int64_t count = t == TOKEN_A ? A_COUNT : B_COUNT;
            if (k < writable)
                SET(open, k);
            if (info[count]++ == 0)
                info[count + 1] = k; /* A_AT, B_AT */
            else if (info[count] == 2)
                info[count + 2] = line + 1; /* A_SECOND_LINE, B_SECOND_LINE */
        } else if (info[UNKNOWN_AT] < 0) {
            info[UNKNOWN_AT] = k;
            info[UNKNOWN_LINE] = line + 1;
            info[UNKNOWN_BYTE] = text[p];
        }
    }
    info[SQUARES] = at;
    return at;
}
