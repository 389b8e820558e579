"""``bipartite-game play maze``: a game against the engine in the terminal.

The board is drawn as text after every move pair; moves are typed as
directions (``up``, ``d``, ``ne``, …) or cells (``row col``, 1-based), one a
line.  Standard input may be a pipe: every prompt is answered by the next
line, and the line is echoed so that a transcript reads like a session.
"""

from __future__ import annotations

from typing import TextIO

from ._text import quote
from .boards import GridBoard
from .errors import IllegalMoveError
from .play import Match, direction_name, parse_cell
from .render import render_text

__all__ = ["play_maze"]

_HELP = (
    "Moves: a cell 'row col' (1-based), or for one-step moves a direction "
    "(up, down, left, right, u/d/l/r, n/s/e/w, ne/nw/se/sw).\n"
    "Commands: hint (the winning moves), undo (take back your last move), "
    "board (draw it again), help, quit."
)


class _Console:
    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.echo = not stdin.isatty()

    def say(self, text: str) -> None:
        self.stdout.write(text if text.endswith("\n") else text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str | None:
        """The next line typed, or ``None`` at the end of input."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")
            return None
        if self.echo:
            self.stdout.write(line if line.endswith("\n") else line + "\n")
        return line.strip()


def _cell_text(board: GridBoard, vertex: int) -> str:
    row, col = board.cell(vertex)
    return f"{row + 1} {col + 1}"


def _describe_move(board: GridBoard, origin: int, target: int) -> str:
    (r0, c0), (r1, c1) = board.cell(origin), board.cell(target)
    name = direction_name((r1 - r0, c1 - c0))
    return _cell_text(board, target) + (f" ({name})" if name else "")


def play_maze(
    board: GridBoard,
    *,
    moves: str,
    side: str,
    start: tuple[int, int] | None,
    show_hints: bool,
    stdin: TextIO,
    stdout: TextIO,
) -> int:
    """Play one game; returns 0 when it was played to the end, 1 when the
    person quit or the input ended first."""
    console = _Console(stdin, stdout)
    match = Match(board, side=side, start=start)
    height, width = board.shape
    console.say(f"Maze {height}x{width}, {moves} moves. Type 'help' for how to move.")
    if match.you == "first":
        console.say("You play first: you make the first move from the start.")
    else:
        console.say("You play second: the engine makes the first move from the start.")

    def draw() -> None:
        hints = match.hints() if show_hints and not match.is_over() else None
        console.say(render_text(board, match.position, hints=hints))
        if hints == [] and not match.awaiting_start:
            console.say("(No winning move here: every move loses against perfect play.)")

    def announce(reply: int | None, origin: int) -> None:
        if reply is not None:
            console.say(f"The engine moves to {_describe_move(board, origin, reply)}.")

    if match.position is not None:
        where = _cell_text(board, match.position.start)
        if match.start_placed_by == "engine":
            console.say(f"The engine places the token on {where}.")
        else:
            console.say(f"The token starts on {where}.")
        if match.position.move_stack:
            announce(match.position.move_stack[0], match.position.start)
    draw()
    while not match.is_over():
        if match.awaiting_start:
            line = console.ask("Place the token (row col): ")
        else:
            line = console.ask("Your move: ")
        if line is None:
            console.say("Input ended before the game did.")
            return 1
        command = line.lower()
        if not command:
            continue
        if command in ("quit", "exit", "resign"):
            console.say("You resign: the engine wins.")
            return 1
        if command in ("help", "?"):
            console.say(_HELP)
            continue
        if command == "board":
            draw()
            continue
        if command == "hint":
            _say_hints(console, board, match)
            continue
        if command == "undo":
            console.say("Took back your last move." if match.undo() else "Nothing to take back.")
            draw()
            continue
        try:
            if match.awaiting_start:
                cell = parse_cell(command)
                if cell is None:
                    console.say(f"Expected a cell 'row col', not {quote(line)}.")
                    continue
                reply = match.place(*cell)
                assert match.position is not None
                announce(reply, match.position.start)
            else:
                assert match.position is not None
                vertex = match.parse_move(line)
                announce(match.play(vertex), vertex)
        except IllegalMoveError as error:
            console.say(f"{str(error)[0].upper()}{str(error)[1:]}.")
            continue
        draw()
    if match.winner == "you":
        console.say("The engine cannot move: you win.")
    else:
        console.say("You cannot move: the engine wins.")
    return 0


def _say_hints(console: _Console, board: GridBoard, match: Match) -> None:
    hints = match.hints()
    if match.awaiting_start:
        if hints:
            cells = ", ".join(_cell_text(board, v) for v in hints)
            console.say(f"Starts where the first mover loses (place the token there): {cells}.")
        else:
            console.say("No start wins for the player who places the token.")
        return
    if hints:
        console.say("Winning moves: " + ", ".join(_cell_text(board, v) for v in hints) + ".")
    else:
        console.say("No winning move: every move loses against perfect play.")
