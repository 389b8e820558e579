"""Outputs lose nothing (issue #33): every file a command writes follows
its symbolic links, refuses what is no regular file before any work, and
is written whole or not at all; standard output's reader going away stops
every command at once, with status 141 and nothing said; an output that
cannot be written is one line naming it.

Through the real command line, on tiny inputs (and outputs just large
enough to fill a pipe's buffer where a reader must leave mid-answer); the
path rules also in process, against ``os.path.realpath`` as the oracle.
"""

from __future__ import annotations

import contextlib
import errno
import importlib.util
import itertools
import os
import resource
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game._command import OutputError, check_output, replacing, write_file
from bipartite_game.errors import BipartiteGameError
from bipartite_game.experiments.sweep import sweep, to_csv
from tests.support.paths import ROOT
from tests.support.strategies import tiered
from tests.support.sweep import local_cluster, needs_distributed

EXAMPLES = ROOT / "examples"
CLI = [sys.executable, "-m", "bipartite_game"]
#: The status of a command whose reader went away: a shell's for SIGPIPE.
GONE = 141
#: A sweep that would run for minutes (thousands of samples).
LONG_SWEEP = ["sweep", "er", "--n", "20000", "--param", "c=1:40:1", "--samples", "100"]


def _run(
    args: list[str],
    *,
    cwd: Path | None = None,
    preexec: Callable[[], None] | None = None,
    timeout: float = 120,
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [*CLI, *args],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        cwd=cwd,
        preexec_fn=preexec,
        timeout=timeout,
    )


def _one_line(done: subprocess.CompletedProcess[bytes], *fragments: str) -> str:
    """The run failed with one error line holding every fragment, nothing
    on standard output."""
    assert done.returncode == 2, done
    assert done.stdout == b"", done.stdout[:200]
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("bipartite-game: error: "), lines
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]


# ------------------------------------------------------------ file outputs
@dataclass(frozen=True)
class Writer:
    """A command that writes a file: its command line for a path."""

    name: str
    suffix: str
    words: Callable[[str], list[str]]
    needs: str | None = None

    def skip_without_extra(self) -> None:
        if self.needs is not None and importlib.util.find_spec(self.needs) is None:
            pytest.skip(f"{self.needs} is not installed")


_SMALL_SWEEP = ["sweep", "er", "--n", "30", "--param", "c=1,2", "--samples", "2", "--jobs", "1"]

WRITERS = [
    Writer("sweep-csv", ".csv", lambda path: [*_SMALL_SWEEP, "--output", path]),
    Writer(
        "sweep-json", ".json", lambda path: [*_SMALL_SWEEP, "--format", "json", "--output", path]
    ),
    Writer(
        "sweep-parquet",
        ".parquet",
        lambda path: [*_SMALL_SWEEP, "--format", "parquet", "--output", path],
        "pyarrow",
    ),
    Writer("sweep-plot", ".svg", lambda path: [*_SMALL_SWEEP, "--plot", path], "matplotlib"),
    Writer(
        "graph-certificate",
        ".json",
        lambda path: ["graph", str(EXAMPLES / "graph.txt"), "--certificate", path],
    ),
    Writer(
        "maze-certificate",
        ".json",
        lambda path: ["maze", str(EXAMPLES / "maze.txt"), "--certificate", path],
    ),
    Writer(
        "stress-save",
        ".txt",
        lambda path: ["stress", "maze", "--solution", "exit 3", "--count", "1", "--save", path],
    ),
]
BY_NAME = {writer.name: writer for writer in WRITERS}


def _left(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


#: How each writer's file begins.
MAGIC = {
    "sweep-csv": b"family,n,c,",
    "sweep-json": b'[\n{"family":',
    "sweep-parquet": b"PAR1",
    "sweep-plot": b"<?xml",
    "graph-certificate": b"{",
    "maze-certificate": b"{",
    "stress-save": b"1 1",
}


@pytest.mark.parametrize("writer", tiered(WRITERS), ids=lambda w: w.name)
def test_links_stay_and_their_targets_get_the_file(writer: Writer, tmp_path: Path) -> None:
    """A dangling link creates its target; through a chain of two links
    (the inner one relative to its own folder) the file they lead to gets
    the same output, its permission bits kept; the links stay links, and
    no temporary file is left."""
    writer.skip_without_extra()
    made = tmp_path / f"made{writer.suffix}"
    dangling = tmp_path / f"dangling{writer.suffix}"
    dangling.symlink_to(made.name)
    done = _run(writer.words(str(dangling)), cwd=tmp_path)
    assert done.returncode in (0, 1) and b"error" not in done.stderr, done.stderr  # stress: 1
    assert dangling.is_symlink() and os.readlink(dangling) == made.name
    expected = made.read_bytes()
    assert expected.startswith(MAGIC[writer.name]), expected[:100]

    data, out = tmp_path / "data", tmp_path / "out"
    data.mkdir()
    out.mkdir()
    target = data / f"target{writer.suffix}"
    target.write_bytes(b"old\n")
    target.chmod(0o640)
    inner = out / f"inner{writer.suffix}"
    inner.symlink_to(f"../data/target{writer.suffix}")
    link = tmp_path / f"link{writer.suffix}"
    link.symlink_to(f"out/inner{writer.suffix}")
    done = _run(writer.words(str(link)), cwd=tmp_path)
    assert done.returncode in (0, 1) and b"error" not in done.stderr, done.stderr
    assert link.is_symlink() and os.readlink(link) == f"out/inner{writer.suffix}"
    assert inner.is_symlink() and os.readlink(inner) == f"../data/target{writer.suffix}"
    assert target.read_bytes() == expected
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert _left(data) == [target.name] and _left(out) == [inner.name]
    assert _left(tmp_path) == sorted(["data", "out", link.name, dangling.name, made.name])


#: What may stand at an output's path and be refused, and the word saying so.
SPECIAL = {
    "fifo": "named pipe (FIFO)",
    "link-to-fifo": "named pipe (FIFO)",
    "directory": "a directory",
    "link-to-directory": "a directory",
    "dev-null": "a character device",
    "link-to-dev-full": "a character device",
    "socket": "a socket",
}


@contextlib.contextmanager
def _special(kind: str, folder: Path, suffix: str) -> Iterator[Path]:
    """A path of ``kind`` in ``folder`` (a device is the system's own)."""
    path = folder / f"out{suffix}"
    if kind == "dev-null":
        yield Path("/dev/null")
        return
    if kind == "socket":
        import socket

        with socket.socket(socket.AF_UNIX) as server:
            server.bind(str(path))
            yield path
        return
    if kind in ("fifo", "link-to-fifo"):
        fifo = folder / f"fifo{suffix}"
        os.mkfifo(fifo)
        if kind == "fifo":
            path = fifo
        else:
            path.symlink_to(fifo.name)
    elif kind in ("directory", "link-to-directory"):
        directory = folder / f"folder{suffix}"
        directory.mkdir()
        if kind == "directory":
            path = directory
        else:
            path.symlink_to(directory.name)
    elif kind == "link-to-dev-full":
        path.symlink_to("/dev/full")
    yield path


#: The kinds every writer is run on; the others, on two of them.
EVERY_WRITER = ("fifo", "link-to-fifo", "directory", "dev-null")


@pytest.mark.parametrize(
    ("writer", "kind"),
    tiered([(w, kind) for w in WRITERS for kind in EVERY_WRITER]
    + [
        (BY_NAME[name], kind)
        for name in ("sweep-csv", "maze-certificate")
        for kind in sorted(set(SPECIAL) - set(EVERY_WRITER))
    ]),
    ids=lambda value: value.name if isinstance(value, Writer) else value,
)
def test_what_is_no_regular_file_is_refused(writer: Writer, kind: str) -> None:
    """A FIFO (never opened: that would wait for a reader), a directory, a
    device or a socket, or a link to one: one line naming the path and what
    it is, nothing done (no rows, no answer, no report), the thing left as
    it was."""
    writer.skip_without_extra()
    if "dev" in kind and not Path("/dev/full").exists():
        pytest.skip("no /dev/null, /dev/full")
    if kind == "dev-null" and writer.name == "sweep-plot":
        pytest.skip("a figure is named FILE.svg: the link to /dev/full stands for a device")
    # a socket's path must be short: a folder of its own in /tmp
    with (
        tempfile.TemporaryDirectory(dir="/tmp") as name,
        _special(kind, Path(name), writer.suffix) as path,
    ):
        folder = Path(name)
        before = _left(folder)
        done = _run(writer.words(str(path)), cwd=folder, timeout=60)
        line = _one_line(done, f"cannot write {path}: ", SPECIAL[kind], "not a regular file")
        if kind.startswith("link"):
            assert "its link leads to" in line
        assert _left(folder) == before
        if "fifo" in kind:
            assert stat.S_ISFIFO((folder / f"fifo{writer.suffix}").lstat().st_mode)


@pytest.mark.parametrize(
    "words",
    [
        [*LONG_SWEEP, "--output", "FIFO"],
        [*LONG_SWEEP, "--format", "parquet", "--output", "FIFO"],
        [*LONG_SWEEP, "--plot", "FOLDER.png"],
    ],
    ids=["csv", "parquet", "plot"],
)
def test_a_refused_output_stops_a_long_sweep_before_it_starts(
    words: list[str], tmp_path: Path
) -> None:
    """Refused before any sample runs: this sweep would take minutes."""
    os.mkfifo(tmp_path / "FIFO")
    (tmp_path / "FOLDER.png").mkdir()
    if "parquet" in words and importlib.util.find_spec("pyarrow") is None:
        pytest.skip("pyarrow is not installed")
    if "--plot" in words and importlib.util.find_spec("matplotlib") is None:
        pytest.skip("matplotlib is not installed")
    _one_line(_run(words, cwd=tmp_path, timeout=60), "not a regular file")


def test_standard_output_by_name(tmp_path: Path) -> None:
    """``-`` and ``/dev/stdout`` (and a link to it) are standard output:
    the rows there, as without ``--output``."""
    rows = to_csv(sweep("er", 30, {"c": [1, 2]}, samples=2, seed=0)).encode()
    (tmp_path / "link.csv").symlink_to("/dev/stdout")
    for name in ("-", "/dev/stdout", "link.csv"):
        done = _run([*_SMALL_SWEEP, "--output", name], cwd=tmp_path)
        assert done.returncode == 0 and done.stderr == b"", (name, done.stderr)
        assert done.stdout == rows, name
    assert _left(tmp_path) == ["link.csv"]


@pytest.mark.parametrize(
    "name", ["graph-certificate", "maze-certificate", "stress-save", "sweep-parquet"]
)
@pytest.mark.parametrize("path", ["-", "/dev/stdout"])
def test_a_file_output_is_not_standard_output(name: str, path: str, tmp_path: Path) -> None:
    """Where the output must be a file (the answer or the report is on
    standard output; Parquet is binary), a name of standard output (or of
    standard error) is refused, and no file ``-`` made."""
    writer = BY_NAME[name]
    writer.skip_without_extra()
    _one_line(_run(writer.words(path), cwd=tmp_path), f"cannot write {path}: ")
    assert _left(tmp_path) == []


def _file_size_limit(limit: int) -> Callable[[], None]:
    """A child whose files cannot grow past ``limit`` bytes: a full disk
    for the files it writes, with ``EFBIG`` in place of ``ENOSPC``."""

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return limited


@pytest.mark.parametrize(
    "name",
    tiered([
        "sweep-csv",
        "sweep-json",
        "sweep-parquet",
        "graph-certificate",
        "maze-certificate",
        "stress-save",
    ]),
)
def test_a_failed_write_names_the_file_and_keeps_the_old_one(name: str, tmp_path: Path) -> None:
    """The disk fills up under the output (a file size limit here, below
    the output's size): one line naming the output as the user named it
    (the link), the old file untouched behind the link, no temporary file
    left."""
    writer = BY_NAME[name]
    writer.skip_without_extra()
    target = tmp_path / f"target{writer.suffix}"
    target.write_bytes(b"old\n")
    link = tmp_path / f"link{writer.suffix}"
    link.symlink_to(target.name)
    done = subprocess.run(
        [*CLI, *writer.words(str(link))],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,  # the file under the limit, not the answer
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        # a sweep's pool needs its semaphores' files (32 bytes) in /dev/shm
        preexec_fn=_file_size_limit(100 if name.startswith("sweep") else 4),
        timeout=120,
    )
    assert done.returncode == 2
    reason = os.strerror(errno.EFBIG)
    assert done.stderr.decode().splitlines() == [
        f"bipartite-game: error: cannot write {link}: {reason}"
    ]
    assert target.read_bytes() == b"old\n" and link.is_symlink()
    assert _left(tmp_path) == sorted([link.name, target.name])


def test_a_missing_folder_is_named(tmp_path: Path) -> None:
    path = str(tmp_path / "no" / "such.csv")
    _one_line(_run(BY_NAME["sweep-csv"].words(path)), f"cannot write {path}: its folder does not")
    dangling = tmp_path / "link.json"
    dangling.symlink_to("no/such.json")
    _one_line(
        _run(BY_NAME["maze-certificate"].words(str(dangling))),
        f"cannot write {dangling}: the folder of its target",
        "does not exist",
    )


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write in a read-only folder")
def test_a_read_only_folder_is_named_before_any_work(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        for writer in (BY_NAME["sweep-csv"], BY_NAME["graph-certificate"]):
            path = str(locked / f"out{writer.suffix}")
            _one_line(_run(writer.words(path)), f"cannot write {path}: Permission denied")
        path = str(locked / "rows.csv")
        _one_line(_run([*LONG_SWEEP, "--output", path], timeout=60), "Permission denied")
    finally:
        locked.chmod(0o755)


# ------------------------------------------------------- the paths' rules
#: What a generated link chain may end in.
ENDS = ("file", "missing", "fifo", "folder", "loop")


@settings(max_examples=60, deadline=None)
@given(
    hops=st.lists(st.sampled_from(("root", "sub", "absolute")), max_size=4),
    end=st.sampled_from(ENDS),
)
def test_the_target_is_where_the_links_lead(hops: list[str], end: str) -> None:
    """Random chains of links (relative from a folder of their own, or
    absolute) to a file, nothing, a FIFO, a folder, or round in a loop:
    what is written is what ``os.path.realpath`` says the chain leads to,
    every link stays as it was, and what is no regular file is refused
    with nothing made."""
    with tempfile.TemporaryDirectory() as name:
        root = Path(name).resolve()
        (root / "sub").mkdir()
        last = root / "sub" / "end"
        if end == "file":
            last.write_bytes(b"old")
        elif end == "fifo":
            os.mkfifo(last)
        elif end == "folder":
            last.mkdir()
        chain = [last]  # each link leads to the one before it
        for k, where in enumerate(hops):
            folder = root / "sub" if where == "sub" else root
            link = folder / f"link{k}"
            if where == "absolute":
                link.symlink_to(chain[-1])
            else:
                link.symlink_to(os.path.relpath(chain[-1], folder))
            chain.append(link)
        path = chain[-1]
        if end == "loop":  # the end leads back to the start of the chain
            last.symlink_to(os.path.relpath(path, last.parent))
        links = {p: os.readlink(p) for p in (*chain[1:], last) if p.is_symlink()}
        before = sorted(str(p.relative_to(root)) for p in root.rglob("*"))

        def attempt() -> None:
            with replacing(str(path)) as handle:
                handle.write(b"new")

        if end in ("file", "missing"):
            resolved = Path(os.path.realpath(path))
            attempt()
            assert resolved == last and last.read_bytes() == b"new"
        elif end == "loop":
            with pytest.raises(OutputError) as caught:
                attempt()
            assert caught.value.errno == errno.ELOOP and caught.value.filename == str(path)
        else:
            with pytest.raises(BipartiteGameError, match="not a regular file"):
                attempt()
        if end != "missing":
            assert sorted(str(p.relative_to(root)) for p in root.rglob("*")) == before
        assert {p: os.readlink(p) for p in links} == links


def test_an_error_in_the_block_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "rows.csv"
    target.write_bytes(b"old")
    with pytest.raises(KeyboardInterrupt), replacing(str(target)) as handle:
        handle.write(b"half")
        raise KeyboardInterrupt
    assert target.read_bytes() == b"old" and _left(tmp_path) == ["rows.csv"]


def test_a_new_file_gets_the_umask_and_an_old_one_keeps_its_bits(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        write_file(str(tmp_path / "new.json"), b"{}")
        kept = tmp_path / "kept.json"
        kept.write_bytes(b"[]")
        kept.chmod(0o604)
        write_file(str(kept), b"{}")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o640
    assert stat.S_IMODE(kept.stat().st_mode) == 0o604 and kept.read_bytes() == b"{}"


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("", "non-empty path"),
        ("a\0b", "NUL"),
        ("new/", "a folder"),
        ("/dev/stderr", "an open file descriptor"),
        ("/proc/self/fd/0", "an open file descriptor"),
    ],
)
def test_names_that_are_no_file_are_refused(
    path: str, message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BipartiteGameError, match=message):
        check_output(path, standard_output=True)
    assert _left(tmp_path) == []


def test_standard_output_only_where_allowed() -> None:
    for name in ("-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"):
        assert check_output(name, standard_output=True) is True
        with pytest.raises(BipartiteGameError, match="not standard output"):
            check_output(name)
        with pytest.raises(BipartiteGameError, match="not standard output"), replacing(name):
            pass


# ------------------------------------------------- the reader going away
def _lines(count: int, line: Callable[[int], str]) -> bytes:
    return "".join(line(k) for k in range(count)).encode()


#: Inputs whose answers are far larger than a pipe's buffer (64 KiB).
_OPEN_MAZE = b"301 301\n" + (b"." * 301 + b"\n") * 301
_PATH = _lines(20000, lambda k: f"{k} {k + 1}\n")
_RECORD = _lines(20000, lambda k: f"{k}\n")

#: Every command but the kit's gen and stress, and play and serve (below):
#: its command line, and its standard input.
READERS: dict[str, tuple[list[str], bytes]] = {
    "maze": (["maze", str(EXAMPLES / "maze.txt")], b""),
    "lock": (["lock", str(EXAMPLES / "lock.txt")], b""),
    "knights": (["knights", str(EXAMPLES / "knights.txt")], b""),
    "king": (["king", str(EXAMPLES / "king.txt")], b""),
    "bunny": (["bunny", str(EXAMPLES / "bunny.txt")], b""),
    "graph": (["graph", str(EXAMPLES / "graph.txt")], b""),
    "graph-json": (["graph", str(EXAMPLES / "graph.txt"), "--format", "json"], b""),
    "edges": (["edges", str(EXAMPLES / "graph.txt")], b""),
    "sum": (["sum", str(EXAMPLES / "sum.txt")], b""),
    "check": (["check", "maze", str(EXAMPLES / "maze.txt"), str(EXAMPLES / "maze.txt")], b""),
    "annotate-maze": (
        ["annotate", "maze", str(EXAMPLES / "maze.txt"), str(EXAMPLES / "maze-record.txt")],
        b"",
    ),
    "annotate-graph": (
        ["annotate", "graph", str(EXAMPLES / "graph.txt"), str(EXAMPLES / "graph-record.txt")],
        b"",
    ),
    "verify": (
        ["verify", str(EXAMPLES / "graph.txt"), str(EXAMPLES / "graph-certificate.json")],
        b"",
    ),
    "sweep": (_SMALL_SWEEP, b""),
    "help": (["--help"], b""),
    "version": (["--version"], b""),
    "play": (["play", "maze", str(EXAMPLES / "maze.txt")], b"2 3\n"),
}
#: The commands whose answer can fill the pipe: the reader leaves after a line.
LARGE: dict[str, tuple[list[str], bytes]] = {
    "maze": (["maze"], _OPEN_MAZE),
    "maze-json": (["maze", "--format", "json"], _OPEN_MAZE),
    "graph": (["graph"], _PATH),
    "edges": (["edges"], _PATH),
    "annotate-graph": (["annotate", "graph", "EDGES", "-"], _RECORD),
    "sweep": (["sweep", "er", "--n", "5", "--param", "c=1", "--samples", "3000"], b""),
}


@dataclass
class Gone:
    status: int | None
    stderr: bytes
    seconds: float  # from the reader leaving to the command's end


def _reader_leaves(
    args: list[str],
    stdin: bytes,
    *,
    after_a_line: bool,
    cwd: Path | None = None,
    timeout: float = 60,
) -> Gone:
    """Run the command with its standard output a pipe whose reader leaves
    at once (``| head -c0``) or after the first line (``| head -1``)."""
    with tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as given:
        given.write(stdin)
        given.seek(0)
        process = subprocess.Popen(
            [*CLI, *args], stdin=given, stdout=subprocess.PIPE, stderr=err, cwd=cwd
        )
        assert process.stdout is not None
        try:
            if after_a_line:
                process.stdout.readline()
            process.stdout.close()
            left = time.monotonic()
            try:
                status: int | None = process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                status = None
            seconds = time.monotonic() - left
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
        err.seek(0)
        return Gone(status, err.read(), seconds)


@pytest.mark.parametrize("name", tiered(sorted(READERS)))
def test_a_reader_gone_at_once_is_status_141_and_silence(name: str) -> None:
    """``| head -c0``: nothing of the answer was read; not a success."""
    args, stdin = READERS[name]
    gone = _reader_leaves(args, stdin, after_a_line=False)
    assert (gone.status, gone.stderr) == (GONE, b""), (name, gone)


@pytest.mark.parametrize("name", sorted(LARGE))
def test_a_reader_gone_after_a_line_is_status_141_and_silence(name: str, tmp_path: Path) -> None:
    """``| head -1`` on an answer larger than the pipe's buffer."""
    args, stdin = LARGE[name]
    (tmp_path / "EDGES").write_bytes(_PATH)
    gone = _reader_leaves(args, stdin, after_a_line=True, cwd=tmp_path)
    assert (gone.status, gone.stderr) == (GONE, b""), (name, gone)


def test_a_shell_pipeline_sees_141() -> None:
    """What ``set -o pipefail`` reports, through a real shell and head."""
    command = " ".join([*CLI, "maze", "-"]) + " | head -1 > /dev/null"
    done = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {command}"],
        input=_OPEN_MAZE,
        capture_output=True,
        timeout=120,
    )
    assert (done.returncode, done.stderr) == (GONE, b"")


def test_a_reader_that_took_the_whole_answer_is_no_failure() -> None:
    """``| head -5`` on a two-line answer: all of it was read; success."""
    done = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {' '.join(CLI)} maze {EXAMPLES / 'maze.txt'} | head -5"],
        capture_output=True,
        timeout=120,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, b"WIN\n2 3\n3 2\n", b"")


def test_serve_whose_reader_is_gone_stops_quietly() -> None:
    if importlib.util.find_spec("uvicorn") is None:
        pytest.skip("uvicorn is not installed")
    gone = _reader_leaves(["serve", "--port", "0"], b"", after_a_line=False)
    assert (gone.status, gone.stderr) == (GONE, b"")


def _children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as listed:
        return [int(word) for word in listed.read().split()]


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as status:
            return status.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
@pytest.mark.parametrize("after_a_line", [False, True], ids=["head-c0", "head-1"])
def test_a_sweep_stops_within_seconds_when_its_reader_leaves(after_a_line: bool) -> None:
    """A sweep of minutes, its reader gone: the command ends within seconds
    (about one on an idle machine: the slack is for a busy one), status
    141, nothing said, and its worker processes are gone."""
    process = subprocess.Popen(
        [*CLI, *LONG_SWEEP, "--jobs", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdout is not None and process.stderr is not None
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while not workers and time.monotonic() < deadline and process.poll() is None:
            workers = _children(process.pid)  # the pool's, once it runs
            time.sleep(0.05)
        assert workers, "the sweep never started its workers"
        if after_a_line:
            assert process.stdout.readline().startswith(b"family,")
        process.stdout.close()
        left = time.monotonic()
        status = process.wait(timeout=60)
        seconds = time.monotonic() - left
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert status == GONE and process.stderr.read() == b""
    assert seconds < 10, seconds
    deadline = time.monotonic() + 10
    while any(map(_running, workers)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(map(_running, workers)), workers


def test_sweep_rows_come_as_they_are_ready() -> None:
    """Rows slower than a fraction of a second each are written one by one,
    not held for a chunk of 256: the first row's line comes well before the
    last's."""
    process = subprocess.Popen(
        [*CLI, "sweep", "er", "--n", "100000", "--param", "c=2", "--samples", "6", "--jobs", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    arrivals = []
    for line in process.stdout:
        if not line.startswith(b"family,"):
            arrivals.append(time.monotonic())
    assert process.wait(timeout=120) == 0
    assert len(arrivals) == 6
    # each sample takes about 0.1 s or more, the whole well over one chunk's
    # 0.2 s: the rows come in at least two writes (however fast the machine)
    writes = 1 + sum(later - earlier > 0.02 for earlier, later in itertools.pairwise(arrivals))
    assert writes >= 2, arrivals


def test_sweep_chunks_are_cut_by_time_and_by_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """The chunking itself, on a clock that the test moves: a chunk ends
    after 0.2 s or 256 lines, whichever comes first, and nothing is lost."""
    command = importlib.import_module("bipartite_game.cli.commands.sweep")
    clock = [0.0]
    monkeypatch.setattr(command.time, "monotonic", lambda: clock[0])

    def lines(steps: list[float]) -> Iterator[str]:
        for index, step in enumerate(steps):
            clock[0] += step
            yield f"{index}\n"

    chunks = list(command._chunks(lines([0.0, 0.1, 0.15, 0.0, 0.3, 0.0])))
    assert chunks == ["0\n1\n2\n", "3\n4\n", "5\n"]
    many = list(command._chunks(lines([0.0] * 600)))
    assert [chunk.count("\n") for chunk in many] == [256, 256, 88]
    assert "".join(many) == "".join(f"{i}\n" for i in range(600))


@needs_distributed
@pytest.mark.slow
def test_a_cluster_sweep_whose_reader_leaves_cancels_its_tasks(tmp_path: Path) -> None:
    """On a Dask cluster: status 141, nothing said, and the scheduler
    forgets every task of the sweep."""
    with local_cluster(tmp_path) as (address, client):

        def tasks() -> int:
            return int(client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)))

        words = ["sweep", "er", "--n", "200000", "--param", "c=2", "--samples", "400"]
        process = subprocess.Popen(
            [*CLI, *words, "--scheduler", address], stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        assert process.stdout is not None and process.stderr is not None
        try:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline and process.poll() is None and not tasks():
                time.sleep(0.1)
            process.stdout.close()
            status = process.wait(timeout=60)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
        assert status == GONE and process.stderr.read() == b""
        deadline = time.monotonic() + 60
        while tasks() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert tasks() == 0
