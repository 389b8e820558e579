/* The CSR kernels' bodies, once per width of the offsets: includes the
 * header named by BG_IMPL twice, with IDX (the indptr's element type) and
 * NAME (the exported name) set for an int64 indptr, a Graph's (bg_x), then
 * for an int32 one, the board builders' (bg_x_i32), each after the
 * helpers of csr_row.h for that width.  A .c file says
 *
 *     #define BG_IMPL "matching_impl.h"
 *     #include "both_widths.h"
 *
 * and Library.csr_function picks a function by the offsets' dtype.  No
 * include guard: each inclusion instantiates another body. */
#ifndef BG_IMPL
#error "define BG_IMPL as the body header to instantiate"
#endif

#define IDX int64_t
#define NAME(function) function
#include "csr_row.h"
#include BG_IMPL
#undef IDX
#undef NAME

#define IDX int32_t
#define NAME(function) function##_i32
#include "csr_row.h"
#include BG_IMPL
#undef IDX
#undef NAME

#undef BG_IMPL
