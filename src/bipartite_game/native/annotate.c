/* The kernels of theory/annotate.py and theory/explain.py: the first illegal
 * move of a record, the deletion of a record's vertices with one
 * augmenting search per move (and its dead trees), and the difference path
 * of two matchings.  Mirrors _first_illegal, _delete_along and
 * _difference_path step for step: their docstrings and their modules' are
 * the specification.  Every array, scratch included, comes from the
 * adapters, and C initialises the scratch itself.
 *
 * The two that read a CSR exist twice: for the int64 indptr of a Graph
 * (bg_x) and for an int32 one (bg_x_i32), which the boards' graphs have
 * (a maze's record is annotated on its grid).  Their bodies are in
 * annotate_impl.h, included once per type. */
#include "kernels.h"

#define BG_IMPL "annotate_impl.h"
#include "both_widths.h"

/* The component of mate (+) other at v, walked from v, written into path
 * (size entries) from its far end to v; returns its length, or -1 if it
 * would not fit (the matchings were not two matchings, v free in other). */
BG_EXPORT int64_t bg_difference_path(const int32_t *mate, const int32_t *other, int64_t v,
                                     int32_t *path, int64_t size)
{
    int64_t length = 0;
    int32_t x = (int32_t)v;
    for (;;) {
        if (length >= size)
            return -1;
        path[length++] = x;
        int32_t y = mate[x];
        if (y < 0)
            break;
        if (length >= size)
            return -1;
        path[length++] = y;
        x = other[y];
        if (x < 0)
            return -1;
    }
    for (int64_t i = 0, j = length - 1; i < j; i++, j--) {
        int32_t swap = path[i];
        path[i] = path[j];
        path[j] = swap;
    }
    return length;
}
