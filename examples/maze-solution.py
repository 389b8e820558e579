"""A contestant's maze solution in plain Python, to try 'bipartite-game stress' on.

Kuhn's augmenting paths give a maximum matching of the open cells; the cells
where the player to move loses are those an even alternating path reaches
from a cell the matching leaves free.  With --planted it carries the bug of
one of the seeds' C++ programs: a bare WIN when the maze has a perfect
matching (the answer is LOSE), which 'stress' finds and shrinks to 1x2.
"""

import sys

words = sys.stdin.read().split()
n, m = int(words[0]), int(words[1])
rows = words[2 : 2 + n]
cells = [(i, j) for i in range(n) for j in range(m) if rows[i][j] == "."]
index = {c: k for k, c in enumerate(cells)}
steps = ((1, 0), (-1, 0), (0, 1), (0, -1))
adj = [[index[(i + a, j + b)] for a, b in steps if (i + a, j + b) in index] for i, j in cells]
mate = [-1] * len(cells)
sys.setrecursionlimit(10_000 + 2 * len(cells))


def augment(u, seen):
    for w in adj[u]:
        if w not in seen:
            seen.add(w)
            if mate[w] == -1 or augment(mate[w], seen):
                mate[w], mate[u] = u, w
                return True
    return False


for u, (i, j) in enumerate(cells):
    if (i + j) % 2 == 0:
        augment(u, set())
if "--planted" in sys.argv and cells and -1 not in mate:
    print("WIN")
    sys.exit()
losing = [x == -1 for x in mate]
queue = [u for u in range(len(cells)) if losing[u]]
for u in queue:
    for w in adj[u]:
        if mate[w] != -1 and not losing[mate[w]]:
            losing[mate[w]] = True
            queue.append(mate[w])
found = [f"{i + 1} {j + 1}" for (i, j), lost in zip(cells, losing, strict=True) if lost]
print("\n".join(["WIN", *found]) if found else "LOSE")
