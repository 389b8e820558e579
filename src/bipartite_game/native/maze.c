/* The maze's output writers: problems/maze.py's _write_cells and
 * _write_losing and problems/_json.py's _write_pairs (their docstrings are
 * the specification).  The adapters size out for the longest line. */
#include "decimal.h"
#include "kernels.h"

/* Write value (not negative) in decimal at out + at, then the byte end;
 * returns the end. */
static int64_t put(uint8_t *out, int64_t at, int64_t value, uint8_t end)
{
    at = bg_put_decimal(out, at, (uint64_t)value);
    out[at++] = end;
    return at;
}

/* "row col\n" (1-based) for each flat cell index, from at; returns the end. */
BG_EXPORT int64_t bg_write_cells(const int32_t *cells, int64_t count, int64_t width,
                                 uint8_t *out, int64_t at)
{
    for (int64_t k = 0; k < count; k++) {
        int64_t flat = cells[k];
        int64_t row = flat / width + 1;
        int64_t col = flat - (row - 1) * width + 1;
        at = put(out, at, row, ' ');
        at = put(out, at, col, '\n');
    }
    return at;
}

/* "row col\n" (1-based) for each open cell whose vertex (the open cells
 * numbered in order) is losing, from at; returns the end. */
BG_EXPORT int64_t bg_write_losing(const uint8_t *open_flat, int64_t cells, const uint8_t *losing,
                                  int64_t width, uint8_t *out, int64_t at)
{
    int64_t v = 0;
    for (int64_t flat = 0; flat < cells; flat++) {
        if (!open_flat[flat])
            continue;
        if (losing[v]) {
            int64_t row = flat / width + 1;
            int64_t col = flat - (row - 1) * width + 1;
            at = put(out, at, row, ' ');
            at = put(out, at, col, '\n');
        }
        v++;
    }
    return at;
}

/* "[[r,c],[r,c],...]" (1-based) from 0; returns the end. */
BG_EXPORT int64_t bg_write_pairs(const int32_t *flat, int64_t count, int64_t width, uint8_t *out)
{
    int64_t at = 0;
    out[at++] = '[';
    for (int64_t k = 0; k < count; k++) {
        if (k > 0)
            out[at++] = ',';
        out[at++] = '[';
        int64_t cell = flat[k];
        int64_t row = cell / width + 1;
        int64_t col = cell - (row - 1) * width + 1;
        at = put(out, at, row, ',');
        at = put(out, at, col, ']');
    }
    out[at++] = ']';
    return at;
}
