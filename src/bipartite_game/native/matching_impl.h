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
        if (w >= n || mate[w] != v || !NAME(in_row)(indptr, indices, v, w))
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
 * position of the parent of queue[t].  After a successful search that
 * visited more than budget it stops at the next root, stop[0] (n when it
 * never does), and the adapter hands over to bg_augment_push_relabel. */
BG_EXPORT int64_t NAME(bg_augment_bipartite)(const IDX *indptr, const int32_t *indices,
                                             const int8_t *side, int32_t *mate, int8_t *state,
                                             int64_t n, int32_t *queue, int32_t *parent,
                                             int64_t size, int64_t budget, int64_t *stop)
{
    int64_t gained = 0, hand_over = 0;
    stop[0] = n;
    for (int64_t root = 0; root < n; root++) {
        if (side[root] != 0 || mate[root] >= 0 || state[root] == 2)
            continue;
        if (hand_over) {
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
            hand_over = tail > budget;
            flip_path(queue, parent, mate, free_end, last);
            gained++;
        }
    }
    return gained;
}

/* The labels of bg_augment_push_relabel: label[y] for each side-1 y, its
 * alternating distance to the nearest free side-1 vertex in side-0 vertices
 * (0 when free, inf when none), inf on side 0.  queue holds the side-0
 * vertices whose mate was labelled, at most one per side-0 vertex; returns
 * -1 if it outgrew size (side or mate wrong), else 0.  Mirrors _global_relabel. */
static int NAME(global_relabel)(const IDX *indptr, const int32_t *indices, const int8_t *side,
                                const int32_t *mate, int64_t n, int32_t *label, int32_t *queue,
                                int64_t size, int32_t inf)
{
    int64_t head = 0, tail = 0;
    for (int64_t v = 0; v < n; v++)
        label[v] = side[v] == 1 && mate[v] < 0 ? 0 : inf;
    for (int64_t y = 0; y < n; y++) {
        if (side[y] != 1 || mate[y] >= 0)
            continue;
        for (IDX k = indptr[y]; k < indptr[y + 1]; k++) {
            int32_t x = indices[k], r = mate[x];
            if (r >= 0 && label[r] == inf) {
                if (tail >= size)
                    return -1;
                label[r] = 1;
                queue[tail++] = x;
            }
        }
    }
    while (head < tail) {
        int32_t x = queue[head++];
        int32_t y = mate[x];
        int32_t next = label[y] + 1;
        for (IDX k = indptr[y]; k < indptr[y + 1]; k++) {
            int32_t w = indices[k], r = mate[w];
            if (r >= 0 && label[r] == inf) {
                if (tail >= size)
                    return -1;
                label[r] = next;
                queue[tail++] = w;
            }
        }
    }
    return 0;
}

/* bg_augment_bipartite's work from where its plain search stops:
 * push-relabel from every free side-0 vertex not dead, then D on side 0
 * into state; see _augment_push_relabel.  Returns the augmentations, or -1
 * if a queue outgrew size or an augmenting path is left at the end (side
 * or mate wrong).  label: n entries; queue, active: size entries each, size
 * one more than the side-0 vertices (contents ignored). */
BG_EXPORT int64_t NAME(bg_augment_push_relabel)(const IDX *indptr, const int32_t *indices,
                                                const int8_t *side, int32_t *mate, int8_t *state,
                                                int64_t n, int32_t *label, int32_t *queue,
                                                int32_t *active, int64_t size, int64_t every)
{
    int32_t inf = (int32_t)size;
    int64_t gained = 0, work = 0, head = 0, tail = 0;
    if (NAME(global_relabel)(indptr, indices, side, mate, n, label, queue, size, inf) < 0)
        return -1;
    for (int64_t v = 0; v < n; v++) {
        if (side[v] == 0 && mate[v] < 0 && state[v] != 2) {
            if (tail >= size - 1)
                return -1;
            active[tail++] = (int32_t)v;
        }
    }
    while (head != tail) { /* active[head:tail], circular, at most size - 1 */
        int32_t x = active[head];
        head = head + 1 < size ? head + 1 : 0;
        int32_t best = -1, least = inf, second = inf;
        for (IDX k = indptr[x]; k < indptr[x + 1]; k++) {
            int32_t y = indices[k], here = label[y];
            if (here < second) {
                if (here < least) {
                    second = least;
                    least = here;
                    best = y;
                } else {
                    second = here;
                }
            }
        }
        work += (int64_t)(indptr[x + 1] - indptr[x]) + 1;
        if (least >= inf)
            continue;
        int32_t previous = mate[best];
        mate[x] = best;
        mate[best] = x;
        label[best] = second < inf ? second + 1 : inf;
        if (previous < 0) {
            gained++;
            continue;
        }
        mate[previous] = -1;
        active[tail] = previous;
        tail = tail + 1 < size ? tail + 1 : 0;
        if (work > every) {
            if (NAME(global_relabel)(indptr, indices, side, mate, n, label, queue, size, inf) < 0)
                return -1;
            work = 0;
        }
    }
    head = tail = 0;
    for (int64_t v = 0; v < n; v++) {
        if (side[v] == 0 && mate[v] < 0 && state[v] != 2) {
            if (tail >= size)
                return -1;
            state[v] = 2;
            queue[tail++] = (int32_t)v;
        }
    }
    while (head < tail) {
        int32_t v = queue[head++];
        for (IDX k = indptr[v]; k < indptr[v + 1]; k++) {
            int32_t w = mate[indices[k]];
            if (w < 0)
                return -1;
            if (state[w] != 2) {
                if (tail >= size)
                    return -1;
                state[w] = 2;
                queue[tail++] = w;
            }
        }
    }
    return gained;
}
