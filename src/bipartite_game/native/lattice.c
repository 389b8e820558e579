/* The lock's lattice builder of graphs/board_csr.py: the CSR of the spin
 * graph on the allowed codes.  Mirrors lattice_csr (its docstring is the specification:
 * the odometer, the sorted rows, the spare slot), split in two calls so that
 * Python can allocate the indices once their number is known. */
#include "kernels.h"

/* One sweep over the codes.  pass_number 0 writes code_of, parity_of and
 * indptr (indptr[0] set here) and returns indptr[count]; pass_number 1
 * writes the rows into buffer (indptr[count] + 1 slots: a row may write one
 * slot past its end, a forbidden neighbour overwritten next).  places and
 * digits hold rings entries each, uninitialised. */
BG_EXPORT int64_t bg_lattice_pass(const uint8_t *allowed, int64_t total, const int32_t *vertex_of,
                                  int64_t size, int64_t rings, int64_t wrap, int64_t pass_number,
                                  int64_t *places, int64_t *digits, int32_t *code_of,
                                  int8_t *parity_of, int64_t *indptr, int32_t *buffer)
{
    int64_t place = 1;
    for (int64_t i = 0; i < rings; i++) {
        places[i] = place;
        digits[i] = 0;
        place *= size;
    }
    const int64_t top = size - 1;
    const int wraps = wrap && size > 2;
    const int writing = pass_number == 1;
    if (!writing)
        indptr[0] = 0;
    int parity = 0;
    int64_t v = 0;
    for (int64_t code = 0; code < total; code++) {
        if (allowed[code]) {
            int64_t at = indptr[v], width = 0, other;
            for (int64_t i = rings - 1; i >= 0; i--) {
                int64_t digit = digits[i];
                if (wraps && digit == top) {
                    other = code - top * places[i];
                    if (writing)
                        buffer[at + width] = vertex_of[other];
                    width += allowed[other];
                }
                if (digit > 0) {
                    other = code - places[i];
                    if (writing)
                        buffer[at + width] = vertex_of[other];
                    width += allowed[other];
                }
            }
            for (int64_t i = 0; i < rings; i++) {
                int64_t digit = digits[i];
                if (digit < top) {
                    other = code + places[i];
                    if (writing)
                        buffer[at + width] = vertex_of[other];
                    width += allowed[other];
                }
                if (wraps && digit == 0) {
                    other = code + top * places[i];
                    if (writing)
                        buffer[at + width] = vertex_of[other];
                    width += allowed[other];
                }
            }
            if (!writing) {
                code_of[v] = (int32_t)code;
                parity_of[v] = (int8_t)parity;
                indptr[v + 1] = at + width;
            }
            v++;
        }
        /* the odometer: next code's digits and digit-sum parity */
        for (int64_t i = 0; i < rings; i++) {
            if (digits[i] < top) {
                digits[i]++;
                parity ^= 1;
                break;
            }
            digits[i] = 0;
            parity ^= (int)(top & 1);
        }
    }
    return indptr[v];
}
