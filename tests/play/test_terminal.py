"""The terminal game as a person meets it: through a pseudo-terminal.

Colour and ``NO_COLOR``, readline's arrow keys and history, the end summary
and exit statuses, Ctrl-C, and ``play maze -`` with the moves from the
terminal.  Each test drives the real command in a pty and reads what a
person would see.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.cli import assert_one_line_error, run
from tests.support.paths import ROOT

EXAMPLE = ROOT / "examples" / "maze.txt"
CSI = "\x1b["


class Terminal:
    """The real command on a pseudo-terminal: its controlling terminal, its
    standard output and error, and its standard input unless ``stdin`` is
    given (bytes sent through a pipe instead)."""

    def __init__(
        self,
        *args: str,
        stdin: bytes | None = None,
        no_color: bool = False,
        columns: int = 80,
    ) -> None:
        self.master, slave = pty.openpty()
        # the terminal's own size, as a window of `columns` columns reports it
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
        env["TERM"] = "xterm"
        if no_color:
            env["NO_COLOR"] = "1"

        def controlling_terminal() -> None:
            fcntl.ioctl(1, termios.TIOCSCTTY, 0)

        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bipartite_game", *args],
            stdin=slave if stdin is None else subprocess.PIPE,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            preexec_fn=controlling_terminal,
        )
        os.close(slave)
        if stdin is not None:
            assert self.proc.stdin is not None
            self.proc.stdin.write(stdin)
            self.proc.stdin.close()
        self.seen = ""
        self.cursor = 0  # the end of the last text an expect() found

    def expect(self, text: str, timeout: float = 60) -> str:
        """Read until ``text`` has appeared after what earlier calls found
        (output that arrived with an earlier match counts: a prompt often
        comes in the same read as the line before it)."""
        deadline = time.monotonic() + timeout
        start = self.cursor
        while text not in self.seen[start:]:
            left = deadline - time.monotonic()
            assert left > 0, f"waited for {text!r}; saw {self.seen[start:]!r}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the other end closed
                    chunk = b""
                assert chunk, f"ended before {text!r}; saw {self.seen[start:]!r}"
                self.seen += chunk.decode("utf-8", "replace")
        self.cursor = self.seen.index(text, start) + len(text)
        return self.seen[start : self.cursor]

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def finish(self, timeout: float = 60) -> int:
        """The exit status, once the rest of the output is read."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    break
                self.seen += chunk.decode("utf-8", "replace")
            elif self.proc.poll() is not None:
                break
        self._close()
        return self.proc.wait(timeout=10)

    def _close(self) -> None:
        if self.master >= 0:
            os.close(self.master)
            self.master = -1

    def kill(self) -> None:
        """Stop the command if a failed test left it running."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)
        self._close()


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    """Every :class:`Terminal` a test opens, killed at its end."""
    opened: list[Terminal] = []
    yield opened
    for term in opened:
        term.kill()


def _open(terminals: list[Terminal], *args: str, **options: Any) -> Terminal:
    term = Terminal(*args, **options)
    terminals.append(term)
    return term


def test_colour_at_a_terminal_and_a_plain_board_under_no_color(terminals: list[Terminal]) -> None:
    term = _open(terminals, "play", "maze", str(EXAMPLE), "--side", "placer")
    board = term.expect("Place the token")
    assert f"{CSI}90m#{CSI}0m" in board  # walls dimmed
    term.send("2 3\n")
    board = term.expect("Your move: ")
    assert f"{CSI}1;31m@{CSI}0m" in board  # the token
    assert f"{CSI}32m+{CSI}0m" in board  # a legal move
    term.send("quit\n")
    assert term.finish() == 3

    plain = _open(terminals, "play", "maze", str(EXAMPLE), "--side", "placer", no_color=True)
    board = plain.expect("Place the token")
    assert "\x1b[9" not in board and "\x1b[0m" not in board
    assert "1 .##" in board
    plain.send("quit\n")
    assert plain.finish() == 3


def test_arrow_up_recalls_the_last_line_instead_of_an_illegal_move(
    terminals: list[Terminal],
) -> None:
    term = _open(terminals, "play", "maze", str(EXAMPLE), "--side", "placer", no_color=True)
    term.expect("Place the token (row col): ")
    term.send("hint\n")
    term.expect("Starts where the mover loses")
    term.expect("Place the token (row col): ")
    term.send(f"{CSI}A\n")  # the up arrow: readline brings 'hint' back
    again = term.expect("Place the token (row col): ")
    assert "Starts where the mover loses (place the token there): 2 3, 3 2." in again
    assert "Illegal" not in term.seen and "Expected a cell" not in term.seen
    term.send("quit\n")
    assert term.finish() == 3


def test_a_won_game_ends_with_its_summary_and_status_0_a_lost_one_with_1(
    terminals: list[Terminal],
) -> None:
    term = _open(terminals, "play", "maze", str(EXAMPLE), "--side", "placer", no_color=True)
    term.expect("Place the token (row col): ")
    term.send("2 3\n")
    term.expect("Your move: ")
    term.send("down\n")
    end = term.expect("Play again? [y/N] ")
    assert "The engine cannot move: you win." in end
    assert "Moves: start 2 3 (placed by you), 1. engine 2 2 (left), 2. you 3 2 (down)." in end
    term.send("y\n")  # a second game: lose it
    term.expect("Place the token (row col): ")
    term.send("1 1\n")
    term.expect("Your move: ")
    term.send("right\n")
    end = term.expect("Play again? [y/N] ")
    assert "You cannot move: the engine wins." in end
    assert "Moves: start 1 1 (placed by you), 1. engine 2 1 (down), 2. you 2 2 (right)" in end
    term.send("n\n")
    assert term.finish() == 1


def test_ctrl_c_leaves_a_clean_line_and_status_130(terminals: list[Terminal]) -> None:
    term = _open(terminals, "play", "maze", str(EXAMPLE), no_color=True)
    term.expect("Place the token (row col): ")
    time.sleep(0.5)  # a person types after the prompt: readline is reading by then
    term.send("\x03")
    status = term.finish()
    assert status == 130
    assert "Traceback" not in term.seen and "KeyboardInterrupt" not in term.seen
    assert term.seen.endswith("\n")


def test_play_maze_dash_reads_the_maze_from_stdin_and_moves_from_the_terminal(
    terminals: list[Terminal],
) -> None:
    term = _open(
        terminals,
        "play",
        "maze",
        "-",
        "--side",
        "placer",
        stdin=EXAMPLE.read_bytes(),
        no_color=True,
    )
    term.expect("Place the token (row col): ")
    term.send("2 3\n")
    term.expect("Your move: ")
    term.send("down\n")
    term.expect("Play again? [y/N] ")
    term.send("\n")
    assert term.finish() == 0
    assert "you win." in term.seen


def test_play_maze_dash_without_a_terminal_is_refused_in_one_line() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bipartite_game", "play", "maze", "-"],
        input=EXAMPLE.read_bytes(),
        capture_output=True,
        start_new_session=True,  # no controlling terminal
        timeout=120,
    )
    assert proc.returncode == 2
    assert proc.stdout == b""
    lines = proc.stderr.decode().splitlines()
    assert len(lines) == 1 and "moves must come from a terminal" in lines[0]


def test_maze_at_a_terminal_says_it_is_reading_standard_input(terminals: list[Terminal]) -> None:
    term = _open(terminals, "maze")
    term.expect("reading standard input (end it with Ctrl-D)")
    term.send("1 2\n..\n\x04")
    term.expect("LOSE")
    assert term.finish() == 0


def _no_columns(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    return {**env, **extra}


def test_boards_too_wide_for_80_columns_are_refused(tmp_path: Path) -> None:
    wide = tmp_path / "wide.txt"
    wide.write_text("2 79\n" + ("." * 79 + "\n") * 2)
    result = run("play", "maze", str(wide), env=_no_columns())
    assert_one_line_error(result, "fit 80 columns (standard output is not a terminal", "at most 78")


def _wide_maze(tmp_path: Path, width: int) -> Path:
    maze = tmp_path / "wide.txt"
    maze.write_text(f"3 {width}\n" + ("." * width + "\n") * 3)
    return maze


def test_a_wide_maze_plays_in_a_wide_terminal(terminals: list[Terminal], tmp_path: Path) -> None:
    """The terminal's real size decides: 120 columns fit a 200-column window."""
    maze = _wide_maze(tmp_path, 120)
    term = _open(
        terminals, "play", "maze", str(maze), "--side", "placer", columns=200, no_color=True
    )
    drawn = term.expect("Place the token (row col): ")
    assert "1 " + "." * 120 in drawn
    term.send("quit\n")
    term.expect("unfinished")
    assert term.finish() == 3


def test_a_wide_maze_is_refused_naming_the_terminals_real_width(
    terminals: list[Terminal], tmp_path: Path
) -> None:
    maze = _wide_maze(tmp_path, 120)
    term = _open(terminals, "play", "maze", str(maze), columns=100)
    said = term.expect("'bipartite-game maze'")
    assert "does not fit this 100-column terminal: at most 98" in said
    assert term.finish() == 2


def test_columns_in_the_environment_sets_the_width(tmp_path: Path) -> None:
    maze = _wide_maze(tmp_path, 120)
    result = run("play", "maze", str(maze), "--side", "placer", stdin="quit\n",
                 env=_no_columns(COLUMNS="200"))  # fmt: skip
    assert result.status == 3, result.stderr
    assert "1 " + "." * 120 in result.stdout.decode()
    narrow = run("play", "maze", str(maze), env=_no_columns(COLUMNS="100"))
    assert_one_line_error(narrow, "does not fit this 100-column terminal: at most 98")


@pytest.mark.parametrize("width", [9, 10, 78])
def test_every_line_of_a_game_fits_80_columns(tmp_path: Path, width: int) -> None:
    maze = tmp_path / "maze.txt"
    maze.write_text(f"3 {width}\n" + ("." * width + "\n") * 3)
    script = "help\nhint\n1 1\nhint\njump" + "x" * 200 + "\nquit\n"
    result = run("play", "maze", str(maze), "--side", "placer", stdin=script, env=_no_columns())
    assert result.status == 3
    # the echo of a typed line is the person's, not the game's
    lines = [line for line in result.stdout.decode().splitlines() if "jumpxx" not in line]
    assert max(map(len, lines)) <= 80
    assert "Illegal move: 'jumpxx" in result.stdout.decode()
    if width >= 10:
        tens = " " * 11 + "1" * (min(width, 19) - 9)
        assert any(line.startswith(tens) for line in lines), lines[:6]
