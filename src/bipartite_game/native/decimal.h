/* _digits.py's write_decimal, for the writers of maze.c and certificate.c:
 * value in decimal at out + at; returns the end. */
#ifndef BIPARTITE_GAME_DECIMAL_H
#define BIPARTITE_GAME_DECIMAL_H

#include <stdint.h>

static inline int64_t bg_put_decimal(uint8_t *out, int64_t at, uint64_t value)
{
    uint8_t digits[20];
    int n = 0;
    do {
        digits[n++] = (uint8_t)('0' + value % 10);
        value /= 10;
    } while (value != 0);
    while (n > 0)
        out[at++] = digits[--n];
    return at;
}

#endif
