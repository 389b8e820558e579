"""The maze game beside what a user can pip install: scipy, igraph, networkx.

Every peer solves the same question as ``bipartite-game maze``: a maximum
matching of the maze's grid graph (bipartite: cells coloured like a
chessboard), then the losing starts, the set D of the Dulmage–Mendelsohn
decomposition: the cells some maximum matching misses, found from the
peer's matching by one breadth-first search over alternating paths
(:func:`losing_from_matching`, numpy and ``scipy.sparse.csgraph``; the same
for every peer).  Peers, where installed (``pip install .[bench]``):

- ``scipy``: ``scipy.sparse.csgraph.maximum_bipartite_matching`` (Hopcroft–Karp);
- ``igraph``: ``Graph.maximum_bipartite_matching`` (push-relabel);
- ``networkx``: ``bipartite.hopcroft_karp_matching`` (pure Python; small sizes only).

igraph has no maximum matching for general graphs and scipy none at all; for
general graphs see ``general.py`` (networkx's blossom).  Columns, each a
median of ``--runs`` runs, each run in a fresh process:

- ``matching``: the peer's matching call alone, in process, on its own graph
  object built beforehand (ours: ``maximum_matching`` on the CSR, compiled
  at every size, kernels loaded by a warm-up call first);
- ``answer``: in process, from the shared CSR arrays to the losing set:
  the conversion to the peer's graph, its matching and the search for D
  (ours: ``solve``, which also certifies its matching);
- ``process``: the whole process from the maze file to the judge's output,
  checked byte for byte against ``bipartite-game maze``: Python's start-up,
  the parse (a numpy one for the peers, for clean input only), the answer
  and the formatting; with its peak resident memory.

A peer that runs past ``--timeout`` seconds (a run; the in-process
repeats get that much per repeat) is killed and shown as such, and
not run at larger sizes (scipy's Hopcroft–Karp never marks dead ends: scipy
issue 26147).

usage: python benchmarks/peers.py [--sizes 100,300,1000,2000] [--runs 3] [--timeout 60]
       python benchmarks/peers.py --driver PEER FILE [--repeat N]   (one run; used by the above)
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt

from _common import TimedOut, megabytes, timed, tool_command
from _inputs import generated

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

PEERS = ("bipartite-game", "scipy", "igraph", "networkx")
#: The largest maze side each peer is given (networkx is pure Python).
LARGEST = {"networkx": 300}
MODULE = {"scipy": "scipy", "igraph": "igraph", "networkx": "networkx"}


def parse_maze(data: bytes) -> npt.NDArray[np.bool_]:
    """The open cells of a clean maze file (the generator's: no CRLF, no spaces)."""
    header, _, body = data.partition(b"\n")
    rows, cols = (int(x) for x in header.split())
    cells = np.frombuffer(body, dtype=np.uint8)[: rows * (cols + 1)].reshape(rows, cols + 1)
    return np.asarray(cells[:, :cols] == ord("."))


def maze_edges(open_cells: BoolArray) -> tuple[IntArray, int, int, IntArray, IntArray]:
    """``(cell, n_left, n_right, u, r)``: the open cells' flat positions in
    vertex order (left side, the cells with even ``row + col``, first) and
    the edges as ``u`` (left index) to ``r`` (right index)."""
    rows, cols = open_cells.shape
    flat = np.flatnonzero(open_cells)
    even = (flat // cols + flat % cols) % 2 == 0
    cell = np.concatenate([flat[even], flat[~even]])
    index = np.full(rows * cols, -1, dtype=np.int64)
    n_left = int(even.sum())
    index[cell[:n_left]] = np.arange(n_left)
    index[cell[n_left:]] = np.arange(cell.size - n_left)
    is_left = np.zeros(rows * cols, dtype=bool)
    is_left[cell[:n_left]] = True
    pairs = []
    grid = np.arange(rows * cols).reshape(rows, cols)
    for a, b in ((grid[:, :-1], grid[:, 1:]), (grid[:-1, :], grid[1:, :])):
        a, b = a.ravel(), b.ravel()
        both = open_cells.ravel()[a] & open_cells.ravel()[b]
        a, b = a[both], b[both]
        left = np.where(is_left[a], a, b)
        right = np.where(is_left[a], b, a)
        pairs.append((index[left], index[right]))
    u = np.concatenate([p[0] for p in pairs])
    r = np.concatenate([p[1] for p in pairs])
    return cell, n_left, cell.size - n_left, u, r


def losing_from_matching(
    n_left: int, n_right: int, u: IntArray, r: IntArray, right_of: IntArray
) -> tuple[BoolArray, BoolArray]:
    """The losing vertices of each side, given a maximum matching.

    A vertex is missed by some maximum matching iff an even alternating path
    leads to it from a free vertex of its own side (the free ones included).
    On the left that is reachability from the free left vertices along
    ``u -> left_of[r]`` for every edge ``(u, r)`` with ``r`` matched; on the
    right, symmetrically.  One multi-source BFS per side (scipy), O(V + E).
    """
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import breadth_first_order

    left_of = np.full(n_right, -1, dtype=np.int64)
    matched = right_of >= 0
    left_of[right_of[matched]] = np.flatnonzero(matched)

    def reach(n: int, tail: IntArray, head: IntArray, free: BoolArray) -> BoolArray:
        # vertex n is a source joined to every free vertex
        sources = np.flatnonzero(free)
        tail = np.concatenate([tail, np.full(sources.size, n)])
        head = np.concatenate([head, sources])
        arcs = csr_matrix((np.ones(tail.size, np.int8), (tail, head)), shape=(n + 1, n + 1))
        seen = np.zeros(n + 1, dtype=bool)
        seen[breadth_first_order(arcs, n, directed=True, return_predecessors=False)] = True
        return seen[:n]

    via = left_of[r] >= 0
    losing_left = reach(n_left, u[via], left_of[r][via], ~matched)
    via = right_of[u] >= 0
    losing_right = reach(n_right, r[via], right_of[u][via], left_of < 0)
    return losing_left, losing_right


def match_scipy(n_left: int, n_right: int, u: IntArray, r: IntArray) -> tuple[IntArray, float]:
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import maximum_bipartite_matching

    graph = csr_matrix((np.ones(u.size, np.int8), (u, r)), shape=(n_left, n_right))
    start = time.perf_counter()
    right_of = maximum_bipartite_matching(graph, perm_type="column")
    return np.asarray(right_of, dtype=np.int64), time.perf_counter() - start


def match_igraph(n_left: int, n_right: int, u: IntArray, r: IntArray) -> tuple[IntArray, float]:
    import igraph

    graph = igraph.Graph(n=n_left + n_right, edges=np.column_stack([u, r + n_left]).tolist())
    types = [False] * n_left + [True] * n_right
    start = time.perf_counter()
    matching = graph.maximum_bipartite_matching(types)
    seconds = time.perf_counter() - start
    mate = np.asarray(matching.matching[:n_left], dtype=np.int64)
    return np.where(mate >= 0, mate - n_left, -1), seconds


def match_networkx(
    n_left: int, n_right: int, u: IntArray, r: IntArray
) -> tuple[IntArray, float]:
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(range(n_left + n_right))
    graph.add_edges_from(zip(u.tolist(), (r + n_left).tolist(), strict=True))
    start = time.perf_counter()
    matching = nx.bipartite.hopcroft_karp_matching(graph, top_nodes=range(n_left))
    seconds = time.perf_counter() - start
    right_of = np.full(n_left, -1, dtype=np.int64)
    for v in range(n_left):
        if v in matching:
            right_of[v] = matching[v] - n_left
    return right_of, seconds


MATCHERS: dict[str, Callable[[int, int, IntArray, IntArray], tuple[IntArray, float]]] = {
    "scipy": match_scipy,
    "igraph": match_igraph,
    "networkx": match_networkx,
}


def format_cells(cells: IntArray, cols: int) -> bytes:
    """The judge's output for these losing cells (flat positions, ascending)."""
    if cells.size == 0:
        return b"LOSE\n"
    pairs = np.column_stack([cells // cols + 1, cells % cols + 1])
    lines = np.char.add(np.char.add(pairs[:, 0].astype("U"), " "), pairs[:, 1].astype("U"))
    return b"WIN\n" + ("\n".join(lines.tolist()) + "\n").encode()


def drive_peer(peer: str, data: bytes, repeat: int) -> tuple[bytes, float, float]:
    """A peer's output, median matching seconds and median answer seconds."""
    open_cells = parse_maze(data)
    cell, n_left, n_right, u, r = maze_edges(open_cells)
    match_times, answer_times = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        right_of, seconds = MATCHERS[peer](n_left, n_right, u, r)
        losing_left, losing_right = losing_from_matching(n_left, n_right, u, r, right_of)
        answer_times.append(time.perf_counter() - start)
        match_times.append(seconds)
    losing = np.sort(cell[np.concatenate([losing_left, losing_right])])
    output = format_cells(losing, open_cells.shape[1])
    return output, statistics.median(match_times), statistics.median(answer_times)


def drive_ours(data: bytes, repeat: int) -> tuple[bytes, float, float]:
    """The same for bipartite-game's library, kernels loaded by a warm-up."""
    from bipartite_game import grid_board, maximum_matching, solve
    from bipartite_game.problems.maze import answer

    graph = grid_board(parse_maze(data)).graph
    solve(graph)  # load the library: its load is not the matching's time
    match_times, answer_times = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        maximum_matching(graph)
        match_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        solve(graph)
        answer_times.append(time.perf_counter() - start)
    return bytes(answer(data)), statistics.median(match_times), statistics.median(answer_times)


def driver(peer: str, path: Path, repeat: int) -> None:
    """One fresh process: the output on stdout, the in-process times on stderr."""
    data = path.read_bytes()
    if peer == "bipartite-game":
        output, matching, answer = drive_ours(data, repeat)
    else:
        output, matching, answer = drive_peer(peer, data, repeat)
    sys.stdout.buffer.write(output)
    sys.stderr.write(f"@inprocess {matching} {answer}\n")


def installed(peer: str) -> bool:
    return peer == "bipartite-game" or importlib.util.find_spec(MODULE[peer]) is not None


def cell(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,300,1000,2000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--driver", nargs=2, metavar=("PEER", "FILE"))
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    if args.driver:
        driver(args.driver[0], Path(args.driver[1]), args.repeat)
        return
    if importlib.util.find_spec("scipy") is None:
        print("note: scipy is not installed: the peers' losing sets need it; pip install .[bench]")
    peers = [p for p in PEERS if installed(p) and (p == "bipartite-game" or installed("scipy"))]
    for p in PEERS:
        if p not in peers:
            print(f"note: {p} is not installed: skipped (pip install .[bench])")
    print("maze (rook moves), seconds: median of", args.runs, "fresh processes each")
    print(f"{'input':<22} {'peer':<15} {'matching':>9} {'answer':>9} {'process':>9} {'peak':>9}")
    here = Path(__file__).resolve()
    timed_out: set[str] = set()  # a peer killed at one size is not run at larger ones
    for side in (int(s) for s in args.sizes.split(",")):
        walls = 0.2 if side <= 100 else 0.1
        path = generated("maze", side, side, side, walls)
        name = f"{side}x{side}, {walls:.0%} walls"
        expected = timed(tool_command("maze"), path).stdout  # also warms the page cache
        for peer in peers:
            if side > LARGEST.get(peer, side) or peer in timed_out:
                print(f"{name:<22} {peer:<15} {'(not run: too slow at this size)':>39}")
                continue
            drive = [sys.executable, str(here), "--driver", peer, str(path)]
            try:
                repeats = [*drive, "--repeat", str(args.runs)]
                kernel_run = timed(repeats, path, args.timeout * (args.runs + 1))
                command = tool_command("maze") if peer == "bipartite-game" else drive
                runs = [timed(command, path, args.timeout) for _ in range(args.runs)]
            except TimedOut:
                timed_out.add(peer)
                print(f"{name:<22} {peer:<15} {'> ' + str(args.timeout) + ' s: killed':>39}")
                continue
            if kernel_run.stdout != expected or any(r.stdout != expected for r in runs):
                raise SystemExit(f"{peer} answers differently on {name}")
            matching, answer = (float(x) for x in kernel_run.stderr.split()[-2:])
            process = statistics.median(r.seconds for r in runs)
            peak = max(r.peak_bytes for r in runs)
            print(
                f"{name:<22} {peer:<15} {cell(matching):>9} {cell(answer):>9} "
                f"{cell(process):>9} {megabytes(peak):>9}"
            )


if __name__ == "__main__":
    main()
