/* The losing set and the certificate of theory/bipartite.py: even_closure,
 * outside_neighbours, koenig_cover and check_cover (their docstrings are
 * the specification).  Booleans are bytes holding 0 or 1.
 *
 * Each function exists for an int64 indptr (bg_x) and an int32 one
 * (bg_x_i32), as in matching.c; the bodies are in bipartite_impl.h. */
#include "kernels.h"

#define BG_IMPL "bipartite_impl.h"
#include "both_widths.h"
