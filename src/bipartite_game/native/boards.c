/* The board builders of boards.py: vertex numbering and the CSR of a grid's
 * move graph.  Mirrors _number_kept and _grid_csr (their docstrings are the
 * specification); _grid_csr is split in two calls so that Python can
 * allocate the indices once their number is known. */
#include "kernels.h"

/* vertex_of[k] = rank of k among kept positions, -1 elsewhere; the count. */
BG_EXPORT int64_t bg_number_kept(const uint8_t *keep, int64_t n, int32_t *vertex_of)
{
    int32_t count = 0;
    for (int64_t k = 0; k < n; k++)
        vertex_of[k] = keep[k] ? count++ : -1;
    return count;
}

/* First pass: cell_of, side (when colour_step > 0) and indptr for the
 * vertices numbered in vertex_of; returns indptr[count]. */
BG_EXPORT int64_t bg_grid_degrees(const int32_t *vertex_of, int64_t height, int64_t width,
                                  const int64_t *dr, const int64_t *dc, int64_t steps,
                                  int64_t colour_step, int64_t colour_rows_only,
                                  int32_t *cell_of, int8_t *side, int64_t *indptr)
{
    int64_t v = 0;
    indptr[0] = 0;
    for (int64_t i = 0; i < height; i++) {
        for (int64_t j = 0; j < width; j++) {
            int64_t k = i * width + j;
            if (vertex_of[k] < 0)
                continue;
            cell_of[v] = (int32_t)k;
            if (colour_step > 0) {
                int64_t band = i / colour_step + (colour_rows_only ? 0 : j / colour_step);
                side[v] = (int8_t)(band & 1);
            }
            int64_t degree = 0;
            for (int64_t s = 0; s < steps; s++) {
                int64_t a = i + dr[s], b = j + dc[s];
                if (a >= 0 && a < height && b >= 0 && b < width && vertex_of[a * width + b] >= 0)
                    degree++;
            }
            indptr[v + 1] = indptr[v] + degree;
            v++;
        }
    }
    return indptr[v];
}

/* Second pass: the neighbours of each vertex in step order (sorted, since
 * the steps are sorted and ids follow cell order); returns how many. */
BG_EXPORT int64_t bg_grid_indices(const int32_t *vertex_of, int64_t height, int64_t width,
                                  const int64_t *dr, const int64_t *dc, int64_t steps,
                                  int32_t *indices)
{
    int64_t at = 0;
    for (int64_t i = 0; i < height; i++) {
        for (int64_t j = 0; j < width; j++) {
            if (vertex_of[i * width + j] < 0)
                continue;
            for (int64_t s = 0; s < steps; s++) {
                int64_t a = i + dr[s], b = j + dc[s];
                if (a >= 0 && a < height && b >= 0 && b < width) {
                    int32_t w = vertex_of[a * width + b];
                    if (w >= 0)
                        indices[at++] = w;
                }
            }
        }
    }
    return at;
}
