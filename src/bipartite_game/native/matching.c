/* The matching kernels of graphs/mates.py and graphs/matching.py: the check
 * of a mate array, Karp-Sipser, the pruned Hungarian search and
 * push-relabel.  Mirrors mates.py's first_bad_mate and matching.py's
 * _retire, karp_sipser, augment_bipartite, _global_relabel and
 * _augment_push_relabel (their docstrings and the modules' are the
 * specification).  Scratch arrays come from the adapters.
 *
 * Each function exists twice: for the int64 indptr of a Graph (bg_x) and for
 * an int32 one (bg_x_i32), which the board builders write to save four
 * bytes a vertex.  The bodies are in matching_impl.h, included once per type. */
#include "kernels.h"

/* Flip the augmenting path found by a search: its side-0 vertices are
 * queue[last], queue[parent[last]], ... back to the root, and free_end the
 * free side-1 vertex it reached.  Mirrors _flip_path. */
static void flip_path(const int32_t *queue, const int32_t *parent, int32_t *mate,
                      int32_t free_end, int64_t last) {
    int32_t j = free_end;
    for (int64_t at = last; at >= 0; at = parent[at]) {
        int32_t v = queue[at];
        int32_t previous = mate[v];
        mate[v] = j;
        mate[j] = v;
        j = previous;
    }
}

#define BG_IMPL "matching_impl.h"
#include "both_widths.h"
