"""The speed targets in one table: each whole process beside its compiled peer.

Every row runs ``bipartite-game`` and one peer on the same input, in fresh
processes, in turn: a warm-up of each (the page cache, the
compiled drivers), then ``--runs`` rounds in which every row runs its peer
and then ours, so that all pairs share the machine's load.  Columns: the
median wall time of each, their ratio beside the target ratio, both peak
resident memories (``wait4``, see ``_common.timed``) and their ratio, whether
the outputs are the same bytes (every run checked, where the peer answers
the same question), and whether the target is met.  Peers:

- ``LEMON``, ``Boost``: ``drivers/lemon.cpp`` and ``drivers/boost.cpp``,
  compiled here on first use (g++ -O2; Debian packages ``liblemon-dev`` and
  ``libboost-graph-dev``), reading the text ``graph`` or ``maze --moves
  king`` reads and printing the same answer (``drivers/io.hpp``);
- ``anchor_maze.c``: the tuned C reference of ``../shared/bench``;
- ``seed C++``: seed 003's knights program from ``../shared/seeds``;
- ``import numpy``: ``python -c 'import numpy'``, the floor of any numpy
  program, for the judge-sized inputs (not the same question: no output compared).

A peer that cannot be had here is reported *absent* with the reason; one that
runs past ``--timeout`` seconds is killed and reported so (and not run again).
Then, unless ``--no-kernels``, the matching itself in process, on the graphs
of those rows and a small random one: ours (``solve``, i.e. the matching and
the Gallai–Edmonds set D, and ``maximum_matching`` alone; compiled, kernels
loaded), LEMON's ``MaxMatching`` and Boost's
``edmonds_maximum_cardinality_matching`` with D (the drivers' own timing of
that phase, from the whole-process runs above where a row ran that driver on
that graph), and rustworkx's ``max_weight_matching(max_cardinality=True)``
(the matching only); medians of ``--runs`` repeats in one process each, with
the matching sizes compared.

``--quick`` uses tiny inputs (seconds; for tests); ``--huge`` adds the
10^8-cell maze; ``--only`` picks rows by key (see ``--list``);
``--without`` treats peers as absent.

usage: python benchmarks/table.py [--runs 3] [--quick] [--huge] [--timeout 300]
           [--only KEY,...] [--without PEER,...] [--shared PATH] [--no-kernels] [--list]
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

from _common import (
    Absent,
    CommandFailed,
    TimedOut,
    compile_driver,
    compile_reference,
    seed_program,
    shared_dir,
    timed,
    tool_command,
)
from _inputs import generated

Knobs = tuple[float, ...]


@dataclass(frozen=True)
class Target:
    """One row: our command, its input, the peer, the targets (ratios)."""

    key: str
    name: str
    subcommand: tuple[str, ...]
    kind: str  # the _inputs generator
    full: Knobs  # its arguments, and those of --quick
    quick: Knobs
    peer: str
    time_target: float | None
    memory_target: float | None = None
    huge: bool = False

    def input(self, quick: bool) -> Path:
        return generated(self.kind, *(self.quick if quick else self.full))

    def title(self, quick: bool) -> str:
        return f"{self.key} (quick: {self.kind} {self.quick})" if quick else self.name

    def graph_mode(self) -> str | None:
        """How the drivers read this input (None: they do not)."""
        if self.subcommand == ("graph",):
            return "graph"
        return "king-maze" if self.subcommand == ("maze", "--moves", "king") else None


TARGETS = (
    Target("graph-1e5", "graph, random, 10^5 vertices, degree 3", ("graph",),
           "edges", (5, 100_000, 150_000), (5, 1000, 1500), "LEMON", 1.2),
    Target("graph-1e5-boost", "graph, random, 10^5 vertices, degree 3", ("graph",),
           "edges", (5, 100_000, 150_000), (5, 1000, 1500), "Boost", None),
    Target("graph-1e6", "graph, random, 10^6 vertices, degree 3", ("graph",),
           "edges", (6, 1_000_000, 1_500_000), (6, 3000, 4500), "LEMON", 1.0),
    Target("graph-king", "graph, king-maze 2000x2000 edge list", ("graph",),
           "king_edges", (12, 2000, 2000, 0.1), (12, 30, 30, 0.1), "LEMON", 1.2, 2.0),
    Target("maze-king", "maze --moves king, 1000x1000, 10% walls", ("maze", "--moves", "king"),
           "maze", (13, 1000, 1000, 0.1), (13, 40, 40, 0.1), "LEMON", 1.2),
    Target("maze-2000", "maze, 2000x2000, 10% walls", ("maze",),
           "maze", (12, 2000, 2000, 0.1), (12, 50, 50, 0.1), "anchor_maze.c", 1.0, 1.0),
    Target("maze-4000", "maze, 4000x4000, 10% walls", ("maze",),
           "maze", (11, 4000, 4000, 0.1), (11, 60, 60, 0.1), "anchor_maze.c", 1.0, 1.0),
    Target("knights", "knights, 3000x3000 board", ("knights",),
           "knights", (9, 3000, 3000, 1, 2, 0.3), (9, 40, 40, 1, 2, 0.3), "seed C++", 1.0, 2.0),
    Target("judge-maze", "maze, 100x100, 20% walls", ("maze",),
           "maze", (20, 100, 100, 0.2), (20, 100, 100, 0.2), "import numpy", 1.5),
    Target("judge-king", "king, 100 boards up to 15x15", ("king",),
           "king", (15, 100, 15, 0.2), (15, 100, 15, 0.2), "import numpy", 1.5),
    Target("maze-huge", "maze, 10000x10000, 10% walls", ("maze",),
           "maze", (10, 10000, 10000, 0.1), (10, 80, 80, 0.1), "anchor_maze.c", 0.8, 0.8,
           huge=True),
)  # fmt: skip

#: Graphs for the in-process matching table only (rustworkx finishes here).
KERNEL_ONLY = (
    Target("graph-1e4", "graph, random, 10^4 vertices, degree 3", ("graph",),
           "edges", (4, 10_000, 15_000), (4, 300, 450), "-", None),
)  # fmt: skip


def peer_command(target: Target, shared: str | None) -> tuple[list[str], bool]:
    """The peer's command and whether it answers the same question as ours
    (so that the outputs are compared); :class:`Absent` if it cannot run."""
    mode = target.graph_mode()
    if target.peer in ("LEMON", "Boost") and mode is not None:
        return [str(compile_driver(target.peer.lower())), mode], True
    if target.peer == "import numpy":
        return [sys.executable, "-c", "import numpy"], False
    try:
        bench = shared_dir(shared, quiet=True)
    except SystemExit as missing:  # --shared names a folder without it
        raise Absent(str(missing)) from None
    if bench is None:
        raise Absent("no ../shared/bench beside the clone (or --shared)")
    if target.peer == "anchor_maze.c":
        return [str(compile_reference(bench / "anchor_maze.c"))], True
    if target.peer == "seed C++":
        return [str(seed_program(bench))], True
    raise Absent(f"unknown peer {target.peer}")  # pragma: no cover


@dataclass
class Side:
    """One side of a row: its command and what its runs gave."""

    command: list[str] | None
    absent: str = ""
    stopped: str = ""  # killed past the timeout, or failed
    seconds: list[float] = field(default_factory=list)
    peaks: list[int] = field(default_factory=list)
    digests: set[str] = field(default_factory=set)
    phases: list[str] = field(default_factory=list)  # a driver's @phases lines

    def run(self, path: Path, timeout: float, record: bool = True) -> None:
        if self.command is None or self.stopped:
            return
        try:
            result = timed(self.command, path, timeout)
        except TimedOut:
            self.stopped = f"killed > {timeout:g} s"
            return
        except CommandFailed as failure:
            self.stopped = "failed: " + str(failure).splitlines()[0][-100:]
            return
        self.digests.add(hashlib.sha256(result.stdout).hexdigest())
        if record:
            self.seconds.append(result.seconds)
            self.peaks.append(result.peak_bytes)
            self.phases += [line for line in result.stderr.splitlines() if "@phases" in line]

    def state(self) -> str:
        """'' when it has figures, else why not."""
        if self.absent:
            return "absent"
        return self.stopped if self.stopped or self.seconds else "not run"


@dataclass
class Row:
    target: Target
    path: Path
    ours: Side
    peer: Side
    same_question: bool


def prepare(target: Target, args: argparse.Namespace) -> Row:
    ours = Side(tool_command(*target.subcommand))
    peer = Side(None)
    same = False
    try:
        if target.peer in args.without:
            raise Absent("left out by --without")
        command, same = peer_command(target, args.shared)
        peer = Side(command)
    except Absent as why:
        peer.absent = str(why)
    return Row(target, target.input(args.quick), ours, peer, same)


def seconds_text(side: Side) -> str:
    return f"{statistics.median(side.seconds):.3f} s" if side.seconds else side.state()


def mib(side: Side) -> str:
    return f"{max(side.peaks) / 2**20:.0f} MiB" if side.peaks else "-"


def ratio_text(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def verdict(row: Row) -> tuple[float | None, float | None, str, str]:
    """(time ratio, memory ratio, output column, met column)."""
    ours, peer = row.ours, row.peer
    if not (ours.seconds and peer.seconds):
        return None, None, "-", peer.state() if ours.seconds else ours.state()
    time = statistics.median(ours.seconds) / statistics.median(peer.seconds)
    memory = max(ours.peaks) / max(peer.peaks)
    if not row.same_question:
        output = "not compared"
    else:
        output = "same" if len(ours.digests | peer.digests) == 1 else "DIFFERS"
    target = row.target
    if target.time_target is None:
        met = "-"
    else:
        time_ok = time <= target.time_target
        memory_ok = target.memory_target is None or memory <= target.memory_target
        met = "yes" if time_ok and memory_ok else "no"
    if output == "DIFFERS":
        met = "WRONG"
    return time, memory, output, met


def print_table(rows: list[Row], runs: int, quick: bool) -> bool:
    """The Markdown table; False if some outputs differ."""
    print(f"whole processes: median of {runs} interleaved rounds, peak resident memory\n")
    print(
        "| input | peer | ours | peer | ratio | target | ours peak | peer peak | peak ratio "
        "| target | output | met |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    good = True
    for row in rows:
        t = row.target
        time, memory, output, met = verdict(row)
        good &= output != "DIFFERS"
        print(
            f"| {t.title(quick)} | {t.peer} | {seconds_text(row.ours)} | {seconds_text(row.peer)} "
            f"| {ratio_text(time)} | {ratio_text(t.time_target)} | {mib(row.ours)} "
            f"| {mib(row.peer)} | {ratio_text(memory)} | {ratio_text(t.memory_target)} "
            f"| {output} | {met} |"
        )
    notes = {f"{row.target.peer}: {row.peer.absent}" for row in rows if row.peer.absent}
    notes |= {
        f"{side_name} on {row.target.key}: {side.stopped}"
        for row in rows
        for side_name, side in (("ours", row.ours), (row.target.peer, row.peer))
        if side.stopped
    }
    if notes:
        print("\nabsent or stopped:")
    for note in sorted(notes):
        print(f"- {note}")
    return good


_KERNEL = r"""
import statistics, sys, time
import numpy as np
engine, mode, path, repeat = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
data = open(path, "rb").read()
if mode == "graph":
    from bipartite_game.graphs.graph import Graph
    graph = Graph.from_edge_list(data)
else:
    from bipartite_game.graphs.boards import grid_board
    from bipartite_game.problems.maze import parse
    graph = grid_board(parse(data).open, "king").graph
first, second = [], []
if engine == "ours":
    from bipartite_game.theory.game import solve
    from bipartite_game.graphs.matching import matching_size, maximum_matching
    solve(graph)  # load the kernels
    for _ in range(repeat):
        start = time.perf_counter()
        size = matching_size(solve(graph).mate)
        first.append(time.perf_counter() - start)
        start = time.perf_counter()
        maximum_matching(graph)
        second.append(time.perf_counter() - start)
else:
    import rustworkx
    tail = np.repeat(np.arange(graph.num_vertices), np.diff(graph.indptr))
    keep = tail < graph.indices
    peer = rustworkx.PyGraph(multigraph=False)
    peer.add_nodes_from(range(graph.num_vertices))
    peer.add_edges_from_no_data(list(zip(tail[keep].tolist(), graph.indices[keep].tolist())))
    for _ in range(repeat):
        start = time.perf_counter()
        size = len(rustworkx.max_weight_matching(peer, max_cardinality=True))
        first.append(time.perf_counter() - start)
    second = first
print(f"@kernel {statistics.median(first)} {statistics.median(second)} {size}",
      graph.num_vertices, graph.num_edges)
"""

ENGINES = ("ours", "LEMON", "Boost", "rustworkx")


def driver_phase(lines: list[str]) -> list[str]:
    """``[median seconds of the match phase, twice, matching size]`` from a
    driver's ``@phases`` lines."""
    fields = [line.split() for line in lines]
    match = statistics.median(float(f[f.index("match") + 1]) for f in fields)
    return [str(match), str(match), fields[0][fields[0].index("size") + 1]]


def kernel_run(engine: str, mode: str, path: Path, runs: int, timeout: float) -> list[str]:
    """``[seconds, seconds of the matching alone, size, (vertices, edges)]``
    for one engine in one process; :class:`Absent`, :class:`TimedOut` or
    :class:`CommandFailed` when it cannot say."""
    if engine in ("LEMON", "Boost"):
        command = [str(compile_driver(engine.lower())), mode, "--repeat", str(runs)]
        return driver_phase([timed(command, path, timeout).stderr])
    if engine == "rustworkx":
        import importlib.util

        if importlib.util.find_spec("rustworkx") is None:
            raise Absent("rustworkx is not installed (pip install .[bench])")
    command = [sys.executable, "-c", _KERNEL, engine, mode, str(path), str(runs)]
    line = timed(command, Path("/dev/null"), timeout).stdout.decode().split()
    return line[1:]


def measure(
    engine: str,
    mode: str,
    path: Path,
    edges: int,
    harvested: dict[tuple[str, Path], list[str]],
    absent: dict[str, str],
    killed: dict[str, int],
    args: argparse.Namespace,
) -> list[str] | str:
    """One engine's figures on one graph (see :func:`kernel_run`), or the
    text of its cell when there are none; records it in ``absent`` or
    ``killed`` when it turns out to be so."""
    if engine in absent:
        return "absent"
    if (engine, path) in harvested:
        return driver_phase(harvested[engine, path])
    if killed.get(engine, edges + 1) <= edges:
        return "not run (killed on fewer edges)"
    try:
        return kernel_run(engine, mode, path, args.runs, args.timeout)
    except Absent as why:
        absent[engine] = str(why)
        return "absent"
    except TimedOut:
        killed[engine] = min(killed.get(engine, edges), edges)
        return f"killed > {args.timeout:g} s ({args.runs} repeats)"
    except CommandFailed as failure:
        return "failed: " + str(failure).splitlines()[0][-80:]


def print_kernels(targets: list[Target], rows: list[Row], args: argparse.Namespace) -> None:
    """The in-process table: the matching and D (ours: solve; also
    maximum_matching alone), each engine's median of --runs repeats.  The
    drivers' figures are their match phases in the rows' runs above when a
    row ran them on that input, else from one process of --runs repeats.  An
    engine killed on one graph is not run on graphs with as many edges."""
    print(f"\nin process, kernels loaded: median of {args.runs} repeats\n")
    harvested = {(row.target.peer, row.path): row.peer.phases for row in rows if row.peer.phases}
    print("| graph | vertices | edges | ours: solve | ours: matching | LEMON | Boost "
          "| rustworkx (matching) | sizes |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|")
    absent = {engine: "left out by --without" for engine in ENGINES if engine in args.without}
    killed: dict[str, int] = {}  # engine: the fewest edges it was killed on
    for target in targets:
        mode = target.graph_mode()
        assert mode is not None
        path = target.input(args.quick)
        cells: dict[str, str] = {}
        sizes: set[str] = set()
        shape = ["-", "-"]
        for engine in ENGINES:
            edges = int(shape[1]) if shape[1] != "-" else 0
            result = measure(engine, mode, path, edges, harvested, absent, killed, args)
            if isinstance(result, str):
                cells[engine] = result
                continue
            cells[engine] = f"{float(result[0]):.4f} s"
            if engine == "ours":
                cells["matching"] = f"{float(result[1]):.4f} s"
                shape = result[3:5]
            sizes.add(result[2])
        agree = "-" if not sizes else (f"same ({sizes.pop()})" if len(sizes) == 1 else "DIFFER")
        print(
            f"| {target.title(args.quick)} | {shape[0]} | {shape[1]} | {cells['ours']} "
            f"| {cells.get('matching', '-')} | {cells['LEMON']} | {cells['Boost']} "
            f"| {cells['rustworkx']} | {agree} |"
        )
    for engine, reason in absent.items():
        print(f"- {engine} absent: {reason}")


def chosen(args: argparse.Namespace) -> list[Target]:
    keys = [key for key in args.only.split(",") if key] if args.only else []
    known = {t.key for t in (*TARGETS, *KERNEL_ONLY)}
    unknown = [key for key in keys if key not in known]
    if unknown:
        raise SystemExit(f"unknown --only key(s): {', '.join(unknown)} (see --list)")
    if keys:
        return [t for t in TARGETS if t.key in keys]
    return [t for t in TARGETS if args.huge or not t.huge]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="tiny inputs (seconds)")
    parser.add_argument("--huge", action="store_true", help="add the 10^8-cell maze")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per run")
    parser.add_argument("--only", default="", help="row keys, comma-separated")
    parser.add_argument("--without", default="", help="peers to treat as absent")
    parser.add_argument("--shared", default=None, help="the shared folder (../shared)")
    parser.add_argument("--no-kernels", action="store_true", help="skip the in-process table")
    parser.add_argument("--list", action="store_true", help="list the row keys and stop")
    args = parser.parse_args(argv)
    args.without = {name for name in args.without.split(",") if name}
    if args.list:
        for t in (*TARGETS, *KERNEL_ONLY):
            print(f"{t.key:<16} {t.name} (peer: {t.peer})")
        return 0
    rows = [prepare(target, args) for target in chosen(args)]
    for row in rows:  # warm-up: the page cache; outputs compared
        row.ours.run(row.path, args.timeout, record=False)
        row.peer.run(row.path, args.timeout, record=False)
    for _ in range(args.runs):
        for row in rows:
            row.peer.run(row.path, args.timeout)
            row.ours.run(row.path, args.timeout)
    good = print_table(rows, args.runs, args.quick)
    if not args.no_kernels:
        keys = {row.target.key for row in rows}
        graphs = [t for t in KERNEL_ONLY if not args.only or t.key in args.only.split(",")]
        graphs += [t for t in TARGETS if t.key in keys and t.peer == "LEMON"]
        if graphs:
            print_kernels(graphs, rows, args)
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
