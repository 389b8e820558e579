/* The grid builders of graphs/board_csr.py: vertex numbering and the CSR of
 * a grid's move graph.  Mirrors number_kept, grid_degrees and grid_indices
 * (their docstrings are the specification); the CSR is built in two calls
 * so that Python can allocate the indices once their number is known. */
#include "kernels.h"

/* vertex_of[k] = rank of k among kept positions, -1 elsewhere; the count. */
BG_EXPORT int64_t bg_number_kept(const uint8_t *keep, int64_t n, int32_t *vertex_of)
{
    int32_t count = 0;
    for (int64_t k = 0; k < n; k++)
        vertex_of[k] = keep[k] ? count++ : -1;
    return count;
}

/* First pass: side (when colour_step > 0) and indptr for the vertices
 * numbered in vertex_of; returns indptr[count].  Twice, for int64 offsets
 * (bg_grid_degrees) and int32 ones (bg_grid_degrees_i32, when the caller
 * knows the entries fit): the board builders write the narrower when they
 * can, four bytes a vertex less for every kernel after them. */
#define GRID_DEGREES(NAME, IDX)                                                                    \
    BG_EXPORT int64_t NAME(const int32_t *vertex_of, int64_t height, int64_t width,               \
                           const int64_t *dr, const int64_t *dc, int64_t steps,                    \
                           int64_t colour_step, int64_t colour_rows_only, int8_t *side,           \
                           IDX *indptr)                                                            \
    {                                                                                              \
        int64_t v = 0, edges = 0;                                                                  \
        indptr[0] = 0;                                                                             \
        for (int64_t i = 0; i < height; i++) {                                                     \
            for (int64_t j = 0; j < width; j++) {                                                  \
                if (vertex_of[i * width + j] < 0)                                                  \
                    continue;                                                                      \
                if (colour_step > 0) {                                                             \
                    int64_t band = i / colour_step + (colour_rows_only ? 0 : j / colour_step);     \
                    side[v] = (int8_t)(band & 1);                                                  \
                }                                                                                  \
                for (int64_t s = 0; s < steps; s++) {                                              \
                    int64_t a = i + dr[s], b = j + dc[s];                                          \
                    if (a >= 0 && a < height && b >= 0 && b < width &&                             \
                        vertex_of[a * width + b] >= 0)                                             \
                        edges++;                                                                   \
                }                                                                                  \
                indptr[++v] = (IDX)edges;                                                          \
            }                                                                                      \
        }                                                                                          \
        return edges;                                                                              \
    }

GRID_DEGREES(bg_grid_degrees, int64_t)
GRID_DEGREES(bg_grid_degrees_i32, int32_t)

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
