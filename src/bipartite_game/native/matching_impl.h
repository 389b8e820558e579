/* The body of matching.c, compiled once per indptr type (IDX) with its
 * functions named by NAME; see matching.c.  No include guard: included twice. */

/* First vertex whose mate is not a symmetric neighbour, or -1. */
BG_EXPORT int64_t NAME(bg_first_bad_mate)(const IDX *indptr, const int32_t *indices,
                                          const int32_t *mate, int64_t n)
{
    for (int64_t v = 0; v < n; v++) {
        int64_t w = mate[v];
        if (w < 0) {
            if (w != -1)
                return v;
            continue;
        }
        if (w >= n || mate[w] != v)
            return v;
        int found = 0;
        for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
            if (indices[k] == w) {
                found = 1;
                break;
            }
        }
        if (!found)
            return v;
    }
    return -1;
}

/* x was just matched: its free neighbours lose a free neighbour; those left
 * with one go on the stack.  Returns the new top. */
BG_EXPORT int64_t NAME(bg_retire)(const IDX *indptr, const int32_t *indices, const int32_t *mate,
                                  int32_t *free_degree, int32_t *stack, int64_t top, int64_t x)
{
    for (int64_t k = indptr[x]; k < indptr[x + 1]; k++) {
        int32_t y = indices[k];
        if (mate[y] < 0) {
            free_degree[y] -= 1;
            if (free_degree[y] == 1)
                stack[top++] = y;
        }
    }
    return top;
}

/* Extend mate in place by Karp-Sipser; returns the edges added.
 * free_degree: n entries, stack: n + 1 entries (contents ignored). */
BG_EXPORT int64_t NAME(bg_karp_sipser)(const IDX *indptr, const int32_t *indices, int32_t *mate,
                                       int64_t n, int32_t *free_degree, int32_t *stack)
{
    int64_t top = 0;
    for (int64_t v = 0; v < n; v++) {
        free_degree[v] = 0;
        if (mate[v] >= 0)
            continue;
        int32_t count = 0;
        for (int64_t k = indptr[v]; k < indptr[v + 1]; k++)
            if (mate[indices[k]] < 0)
                count++;
        free_degree[v] = count;
        if (count == 1)
            stack[top++] = (int32_t)v;
    }
    int64_t added = 0, cursor = 0;
    for (;;) {
        while (top > 0) {
            int32_t v = stack[--top];
            if (mate[v] >= 0 || free_degree[v] <= 0)
                continue;
            int32_t w = -1;
            for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
                if (mate[indices[k]] < 0) {
                    w = indices[k];
                    break;
                }
            }
            if (w < 0)
                continue;
            mate[v] = w;
            mate[w] = v;
            added++;
            top = NAME(bg_retire)(indptr, indices, mate, free_degree, stack, top, v);
            top = NAME(bg_retire)(indptr, indices, mate, free_degree, stack, top, w);
        }
        while (cursor < n && (mate[cursor] >= 0 || free_degree[cursor] <= 0))
            cursor++;
        if (cursor == n)
            break;
        int32_t v = (int32_t)cursor, w = -1;
        int64_t best = n + 1;
        for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
            int32_t y = indices[k];
            if (mate[y] < 0 && free_degree[y] < best) {
                best = free_degree[y];
                w = y;
            }
        }
        if (w < 0) /* only when mate was not a matching: the adapters check it */
            return added;
        mate[v] = w;
        mate[w] = v;
        added++;
        top = NAME(bg_retire)(indptr, indices, mate, free_degree, stack, top, v);
        top = NAME(bg_retire)(indptr, indices, mate, free_degree, stack, top, w);
    }
    return added;
}

/* Augment mate in place to maximum on a bipartite graph; returns the number
 * of augmentations, or -1 if a search outgrew the queue (side or mate
 * wrong: the adapters check both).  state (zeros on entry) ends with 2 on
 * the side-0 vertices of failed searches' trees.  queue and parent: size
 * entries, one more than the side-0 vertices; parent[t] is the queue
 * position of the parent of queue[t]. */
BG_EXPORT int64_t NAME(bg_augment_bipartite)(const IDX *indptr, const int32_t *indices,
                                             const int8_t *side, int32_t *mate, int8_t *state,
                                             int64_t n, int32_t *queue, int32_t *parent,
                                             int64_t size, int64_t budget, int64_t *stop)
{
    int64_t gained = 0, guide = 0;
    stop[0] = n;
    for (int64_t root = 0; root < n; root++) {
        if (side[root] != 0 || mate[root] >= 0 || state[root] == 2)
            continue;
        if (guide) {
            stop[0] = root;
            return gained;
        }
        state[root] = 1;
        parent[0] = -1;
        queue[0] = (int32_t)root;
        int64_t head = 0, tail = 1, last = -1;
        int32_t free_end = -1;
        while (head < tail && free_end < 0) {
            int32_t v = queue[head++];
            for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
                int32_t j = indices[k];
                int32_t w = mate[j];
                if (w < 0) {
                    free_end = j;
                    last = head - 1;
                    break;
                }
                if (state[w] == 0) {
                    if (tail >= size)
                        return -1;
                    state[w] = 1;
                    parent[tail] = (int32_t)(head - 1);
                    queue[tail++] = w;
                }
            }
        }
        int8_t outcome = free_end >= 0 ? 0 : 2;
        for (int64_t t = 0; t < tail; t++)
            state[queue[t]] = outcome;
        if (free_end >= 0) {
            guide = tail > budget;
            flip_path(queue, parent, mate, free_end, last);
            gained++;
        }
    }
    return gained;
}

/* The guidance of bg_augment_guided: label[x] for each side-0 x, its
 * alternating distance to the nearest free side-1 vertex (inf when there is
 * none); queue: size entries. */
static void NAME(relabel)(const IDX *indptr, const int32_t *indices, const int8_t *side,
                          const int32_t *mate, int64_t n, int32_t *label, int32_t *queue,
                          int32_t inf)
{
    int64_t head = 0, tail = 0;
    for (int64_t v = 0; v < n; v++)
        if (side[v] == 0)
            label[v] = inf;
    for (int64_t y = 0; y < n; y++) {
        if (side[y] != 1 || mate[y] >= 0)
            continue;
        for (int64_t k = indptr[y]; k < indptr[y + 1]; k++) {
            int32_t x = indices[k];
            if (label[x] == inf) {
                label[x] = 1;
                queue[tail++] = x;
            }
        }
    }
    while (head < tail) {
        int32_t x = queue[head++];
        int32_t y = mate[x];
        if (y < 0)
            continue;
        for (int64_t k = indptr[y]; k < indptr[y + 1]; k++) {
            int32_t w = indices[k];
            if (label[w] == inf) {
                label[w] = label[x] + 1;
                queue[tail++] = w;
            }
        }
    }
}

/* bg_augment_bipartite's search from the roots from `from` on, nearest
 * first, ordered by depth + label (A*), see _augment_guided; returns the
 * augmentations, or -1 if a search outgrew size.  label: n entries; queue,
 * parent, depth, link, bucket, order: size entries each (contents ignored). */
BG_EXPORT int64_t NAME(bg_augment_guided)(const IDX *indptr, const int32_t *indices,
                                          const int8_t *side, int32_t *mate, int8_t *state,
                                          int64_t n, int64_t from, int32_t *label,
                                          int32_t *queue, int32_t *parent, int32_t *depth,
                                          int32_t *link, int32_t *bucket, int32_t *order,
                                          int64_t size, int64_t every)
{
    int32_t inf = (int32_t)size;
    int64_t gained = 0, work = 0, roots = 0;
    NAME(relabel)(indptr, indices, side, mate, n, label, queue, inf);
    /* the roots nearest first: a counting sort by label, slot 0 for inf */
    for (int64_t b = 0; b < size; b++)
        bucket[b] = 0;
    for (int64_t v = from; v < n; v++)
        if (side[v] == 0 && mate[v] < 0 && state[v] != 2)
            bucket[label[v] < inf ? label[v] : 0]++;
    for (int64_t b = 1; b <= size; b++) {
        int64_t slot = b < size ? b : 0, count = bucket[slot];
        bucket[slot] = (int32_t)roots;
        roots += count;
    }
    for (int64_t v = from; v < n; v++)
        if (side[v] == 0 && mate[v] < 0 && state[v] != 2)
            order[bucket[label[v] < inf ? label[v] : 0]++] = (int32_t)v;
    for (int64_t b = 0; b < size; b++)
        bucket[b] = -1;
    for (int64_t r = 0; r < roots; r++) {
        int32_t root = order[r];
        if (mate[root] >= 0 || state[root] == 2)
            continue;
        int64_t tail = 1, base = label[root] < inf ? label[root] : 0, low = 0, high = 0;
        int32_t far = -1, free_end = -1, last = -1, found = 0;
        queue[0] = root;
        parent[0] = -1;
        depth[0] = 0;
        link[0] = -1;
        state[root] = 1;
        if (label[root] < inf)
            bucket[0] = 0;
        else
            far = 0;
        for (;;) {
            while (low <= high && bucket[low] < 0)
                low++;
            int32_t at;
            if (low <= high) {
                at = bucket[low];
                bucket[low] = link[at];
            } else if (far >= 0) {
                at = far;
                far = link[at];
            } else {
                break;
            }
            int32_t v = queue[at];
            work += (int64_t)(indptr[v + 1] - indptr[v]);
            for (int64_t k = indptr[v]; k < indptr[v + 1]; k++) {
                int32_t j = indices[k];
                int32_t w = mate[j];
                if (w < 0) {
                    free_end = j;
                    last = at;
                    found = depth[at] + 1;
                    break;
                }
                if (state[w] != 0)
                    continue;
                if (tail >= size)
                    return -1;
                state[w] = 1;
                queue[tail] = w;
                parent[tail] = at;
                depth[tail] = depth[at] + 1;
                if (label[w] >= inf) {
                    link[tail] = far;
                    far = (int32_t)tail;
                } else {
                    int64_t b = depth[at] + 1 + label[w] - base;
                    if (b < low)
                        b = low;
                    if (b > size - 1)
                        b = size - 1;
                    if (b > high)
                        high = b;
                    link[tail] = bucket[b];
                    bucket[b] = (int32_t)tail;
                }
                tail++;
            }
            if (free_end >= 0)
                break;
        }
        for (int64_t b = low; b <= high; b++)
            bucket[b] = -1;
        int8_t outcome = free_end >= 0 ? 0 : 2;
        for (int64_t t = 0; t < tail; t++)
            state[queue[t]] = outcome;
        if (free_end < 0)
            continue;
        for (int64_t t = 0; t < tail; t++) {
            int32_t raised = found - depth[t];
            int32_t x = queue[t];
            if (raised > 0 && (raised > label[x] || label[x] >= inf))
                label[x] = raised;
        }
        flip_path(queue, parent, mate, free_end, last);
        gained++;
        if (work > every) {
            NAME(relabel)(indptr, indices, side, mate, n, label, queue, inf);
            work = 0;
        }
    }
    return gained;
}
