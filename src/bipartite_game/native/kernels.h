/* Shared by every C file of the native kernel library (see _native.py).
 *
 * Conventions, so that each function reads like the Python kernel it
 * mirrors: arrays come as pointers to their first element (bool as uint8_t,
 * the CSR's indptr as int64_t, vertex ids as int32_t), every scalar as
 * int64_t, and the result is an int64_t.  The adapters in Python allocate
 * every array and check every dtype before calling, so nothing here
 * allocates or fails.
 */
#ifndef BIPARTITE_GAME_KERNELS_H
#define BIPARTITE_GAME_KERNELS_H

#include <stdint.h>

#if defined(_WIN32)
#define BG_EXPORT __declspec(dllexport)
#else
#define BG_EXPORT __attribute__((visibility("default")))
#endif

#endif
