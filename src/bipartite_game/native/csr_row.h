/* graphs/csr.py's is_neighbour, for the CSR bodies compiled once per indptr
 * type: is w in v's row (a scan; the row need not be sorted)?  Defined by
 * both_widths.h for each width, named by NAME.  No include guard. */
static inline int NAME(in_row)(const IDX *indptr, const int32_t *indices, int64_t v, int64_t w)
{
    for (int64_t k = indptr[v]; k < indptr[v + 1]; k++)
        if (indices[k] == w)
            return 1;
    return 0;
}
