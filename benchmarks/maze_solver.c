/* A correct maze solver in C, for benchmarks/stress.py only: the compiled
 * "contestant's program" that `bipartite-game stress maze` is timed against.
 *
 * Kuhn's augmenting paths (iterative depth-first search, one visit stamp per
 * search) give a maximum matching of the open cells (rook moves: the grid is
 * bipartite by (row + col) mod 2); the cells where the player to move loses
 * are those reachable from a free cell by an even alternating path (free
 * cells included).  Prints WIN and those cells, row-major, 1-based, or LOSE.
 * gcc -O2 -o maze_solver maze_solver.c
 * With -DPLANTED it carries the bug of one of the seeds' C++ programs: a bare
 * WIN when the open cells have a perfect matching (the answer is LOSE).
 */
#include <stdio.h>
#include <stdlib.h>

static const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};

int main(void) {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 1;
    long cells = (long)n * m;
    char *open = malloc(cells), *row = malloc((size_t)m + 2);
    for (int i = 0; i < n; i++) {
        if (scanf("%s", row) != 1) return 1;
        for (int j = 0; j < m; j++) open[(long)i * m + j] = row[j] == '.';
    }
    int *mate = malloc(cells * sizeof(int)), *seen = malloc(cells * sizeof(int));
    int *stack = malloc(cells * sizeof(int)), *edge = malloc(cells * sizeof(int));
    for (long v = 0; v < cells; v++) mate[v] = -1, seen[v] = -1;
    for (long s = 0; s < cells; s++) {  /* one search from each free even cell */
        if (!open[s] || ((s / m + s % m) & 1) || mate[s] != -1) continue;
        int top = 0;
        stack[0] = (int)s, edge[0] = 0;
        while (top >= 0) {
            int u = stack[top], found = -1;
            while (edge[top] < 4 && found < 0) {
                int d = edge[top]++, r = u / m + DR[d], c = u % m + DC[d];
                if (r < 0 || r >= n || c < 0 || c >= m) continue;
                int w = r * m + c;
                if (!open[w] || seen[w] == s) continue;
                seen[w] = (int)s;
                found = w;
            }
            if (found < 0) { top--; continue; }
            if (mate[found] == -1) {  /* augment along the stack */
                for (int k = top; k >= 0; k--) {
                    int a = stack[k], next = mate[a];
                    mate[a] = found, mate[found] = a;
                    found = next;
                }
                break;
            }
            stack[++top] = mate[found], edge[top] = 0;
        }
    }
#ifdef PLANTED
    long open_count = 0, free_count = 0;
    for (long v = 0; v < cells; v++) open_count += open[v], free_count += open[v] && mate[v] == -1;
    if (open_count > 0 && free_count == 0) { puts("WIN"); return 0; }
#endif
    char *losing = calloc(cells, 1);
    int head = 0, tail = 0;
    for (long v = 0; v < cells; v++)
        if (open[v] && mate[v] == -1) losing[v] = 1, stack[tail++] = (int)v;
    while (head < tail) {
        int u = stack[head++];
        for (int d = 0; d < 4; d++) {
            int r = u / m + DR[d], c = u % m + DC[d];
            if (r < 0 || r >= n || c < 0 || c >= m || !open[r * m + c]) continue;
            int x = mate[r * m + c];
            if (x != -1 && !losing[x]) losing[x] = 1, stack[tail++] = x;
        }
    }
    if (tail == 0) { puts("LOSE"); return 0; }
    puts("WIN");
    for (long v = 0; v < cells; v++)
        if (losing[v]) printf("%ld %ld\n", v / m + 1, v % m + 1);
    return 0;
}
