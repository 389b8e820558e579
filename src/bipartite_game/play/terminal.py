"""``bipartite-game play maze``: a game against the engine in the terminal.

The board is drawn as text after every move pair; moves are typed as
directions (``up``, ``d``, ``ne``, …) or cells (``row col``, 1-based), one a
line.  At a terminal the line is read through ``readline`` (arrow keys edit
and recall earlier moves) and the board is in colour unless ``NO_COLOR`` is
set.  Standard input may be a pipe: every prompt is answered by the next
line, and the line is echoed so that a transcript reads like a session.

Every line written fits the terminal (:func:`terminal_columns`; 80 columns
when the output is not a terminal): messages are wrapped at 80 columns or
the terminal's width if narrower, and the command line refuses boards wider
than :func:`max_width` of the terminal's width.  After a game: a summary
(who won, the moves), an offer to play again, and an exit status that tells
a win from a loss (:data:`WON`, :data:`LOST`, :data:`UNFINISHED`).
"""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, TextIO

from .._text import quote
from ..errors import BipartiteGameError, IllegalMoveError
from ..graphs.boards import GridBoard
from .match import Match, direction_name, parse_cell
from .position import FIRST
from .render import legend, render_text

if TYPE_CHECKING:
    from ..problems.sums import Board as SumBoard
    from .sum_match import Turn

__all__ = [
    "LOST",
    "UNFINISHED",
    "WON",
    "check_fits",
    "max_width",
    "play_maze",
    "play_sum",
    "terminal_columns",
    "wants_colour",
]

#: Exit statuses of ``play``: the person won the last game, lost it, or left
#: it unfinished (quit, or the input ended).  2 stays bad input, 130 Ctrl-C.
WON, LOST, UNFINISHED = 0, 1, 3

#: Messages are wrapped at this many columns (fewer on a narrower terminal);
#: the width assumed when the output is not a terminal.
COLUMNS = 80

_HELP = (
    "Moves: a cell 'row col' (1-based), or for one-step moves a direction "
    "(up, down, left, right, u/d/l/r, n/s/e/w, ne/nw/se/sw). "
    "Commands: hint (the winning moves), undo (take back your last move, or "
    "your start), "
    "board (draw it again), help, quit."
)

_ROLE = {FIRST: "mover", "second": "placer"}


def max_width(height: int, columns: int = COLUMNS) -> int:
    """The widest board whose drawing fits ``columns`` columns, next to the
    row numbers of a board ``height`` rows high."""
    return columns - len(str(height)) - 1


def terminal_columns() -> int:
    """The width of the terminal the game writes to: ``$COLUMNS`` when set,
    else the size the terminal reports for standard output, else (a pipe, a
    file) :data:`COLUMNS` (:func:`shutil.get_terminal_size`)."""
    return max(1, shutil.get_terminal_size((COLUMNS, 24)).columns)


def check_fits(height: int, width: int) -> int:
    """The terminal's width (:func:`terminal_columns`), once a board
    ``height`` x ``width`` is known to fit it; else a
    :class:`~bipartite_game.errors.BipartiteGameError` saying the width found."""
    columns = terminal_columns()
    if width <= max_width(height, columns):
        return columns
    if os.environ.get("COLUMNS") or _is_terminal(sys.stdout):
        where = f"this {columns}-column terminal"
    else:
        where = f"{columns} columns (standard output is not a terminal; COLUMNS sets the width)"
    raise BipartiteGameError(
        f"a maze {width} columns wide does not fit {where}: at most "
        f"{max(max_width(height, columns), 0)}; widen the terminal, or solve it with "
        "'bipartite-game maze'"
    )


def _is_terminal(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError):
        return False


def wants_colour(stream: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """Colour for a terminal that is not dumb, unless ``NO_COLOR`` is set to
    anything non-empty (https://no-color.org)."""
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR") or env.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class _Console:
    def __init__(self, stdin: TextIO, stdout: TextIO, columns: int = COLUMNS) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.wrap = max(20, min(COLUMNS, columns))
        self.echo = not stdin.isatty()
        # Python's input() edits through readline only on the process's own
        # standard input and output, and only when both are terminals
        self.line_editing = (
            stdin is sys.stdin and stdout is sys.stdout and stdin.isatty() and stdout.isatty()
        )
        if self.line_editing:
            try:
                import readline  # noqa: F401  (importing it turns on input()'s editing)
            except ImportError:  # pragma: no cover - Windows has no readline
                self.line_editing = False

    def say(self, text: str) -> None:
        """Write ``text``, each paragraph wrapped at :data:`COLUMNS` (or the
        terminal's width, if narrower)."""
        lines = [textwrap.fill(p, self.wrap) if p else p for p in text.rstrip("\n").split("\n")]
        self.show("\n".join(lines))

    def show(self, text: str) -> None:
        """Write ``text`` as it is (a board)."""
        self.stdout.write(text if text.endswith("\n") else text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str | None:
        """The next line typed, or ``None`` at the end of input."""
        if self.line_editing:
            try:
                return input(prompt).strip()
            except EOFError:
                self.stdout.write("\n")
                return None
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")
            return None
        if self.echo:
            self.stdout.write(line if line.endswith("\n") else line + "\n")
        return line.strip()

    def ask_move(self, prompt: str) -> str | None:
        """The player's next line, or ``None`` when the game is left
        unfinished (the input ended, or ``quit``/``exit``), which it says."""
        line = self.ask(prompt)
        if line is None:
            self.say("Input ended before the game did.")
        elif line.lower() in ("quit", "exit"):
            self.say("You leave the game unfinished.")
            line = None
        return line


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
    colour: bool = False,
    columns: int = COLUMNS,
) -> int:
    """Play games until the person declines another; returns :data:`WON` or
    :data:`LOST` for the last game, :data:`UNFINISHED` when the person quit
    or the input ended first.  ``side`` is a :class:`~.play.Match` side;
    ``columns`` the terminal's width (:func:`terminal_columns`)."""
    match = Match(board, side=side, start=start)  # a bad start is refused before any output
    console = _Console(stdin, stdout, columns)
    height, width = board.shape
    console.say(f"Maze {height}x{width}, {moves} moves. Type 'help' for how to move.")
    while True:
        status = _one_game(console, match, show_hints, colour)
        if status == UNFINISHED:
            return status
        answer = console.ask("Play again? [y/N] ")
        if answer is None or answer.lower() not in ("y", "yes"):
            return status
        match = Match(board, side=side, start=start)


def _one_game(console: _Console, match: Match, show_hints: bool, colour: bool) -> int:
    board = match.board
    _introduce(console, match)

    def draw() -> None:
        hints = match.hints() if show_hints and not match.is_over() else None
        console.show(render_text(board, match.position, hints=hints, colour=colour))
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
        line = console.ask_move(
            "Place the token (row col): " if match.awaiting_start else "Your move: "
        )
        if line is None:
            return UNFINISHED
        command = line.lower()
        if not command:
            continue
        if command == "resign":
            console.say("You resign: the engine wins.")
            return LOST
        if command in ("help", "?"):
            console.say(_HELP + "\n" + legend())
            continue
        if command == "board":
            draw()
            continue
        if command == "hint":
            _say_hints(console, board, match)
            continue
        if command == "undo":
            if match.awaiting_start:
                console.say("Nothing to take back: you have not placed the token yet.")
            elif not match.undo():
                console.say("Nothing to take back: you have not moved yet.")
            elif match.awaiting_start:
                console.say("Took back your start: place the token again.")
            else:
                console.say("Took back your last move.")
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
    won = match.winner == "you"
    if won:
        console.say("The engine cannot move: you win.")
    else:
        console.say("You cannot move: the engine wins.")
    for line in _end_of_game(match):
        console.say(line)
    return WON if won else LOST


def _introduce(console: _Console, match: Match) -> None:
    """Who is who, and which side has a forced win."""
    you = _ROLE[match.you]
    engine = _ROLE[match.engine_side]
    if match.you == FIRST:
        how = "you make the first move from the start"
    else:
        how = "you place the token and move second"
    console.say(f"You are the {you} ({how}); the engine is the {engine}.")
    if match.start_placed_by == "given":
        where = "from this start"
    elif match.winning_side == FIRST:
        where = "from every start"
    else:
        where = "with a well-chosen start"
    holder = "you" if match.winning_side == match.you else "the engine"
    winner = _ROLE[match.winning_side]
    if holder == "you":
        console.say(f"The {winner} has a forced win {where}: that is you. Find it.")
    else:
        console.say(f"The {winner} has a forced win {where}: that is the engine.")


def _end_of_game(match: Match) -> list[str]:
    """The moves of the game just played with who made each, the person's
    mistakes, then every move with its verdict: one pass over
    :meth:`~bipartite_game.play.match.Match.record`."""
    board = match.board
    placed = {"you": "placed by you", "engine": "placed by the engine", "given": "given"}
    moves: list[str] = []
    entries: list[str] = []
    mistakes: list[str] = []
    previous = -1
    for k, line in enumerate(match.record()):
        if k == 0:
            move = f"start {_cell_text(board, line.vertex)}"
            moves.append(f"{move} ({placed[line.who]})")
            if line.who != "given":  # a given start was nobody's choice
                entries.append(f"{move} ({line.who}) {line.verdict}")
        else:
            described = _describe_move(board, previous, line.vertex)
            move = f"{k}. {described}"
            moves.append(f"{k}. {line.who} {described}")
            entries.append(f"{moves[-1]} {line.verdict}")
        if line.who == "you" and line.verdict == "mistake":
            mistakes.append(move)
        previous = line.vertex
    return [
        "Moves: " + ", ".join(moves) + ".",
        "Your mistakes (a forced win thrown away): " + (", ".join(mistakes) or "none") + ".",
        "Verdicts (good: a forced win kept; mistake: one thrown away; lost: none to keep): "
        + ", ".join(entries)
        + ".",
    ]


def _say_hints(console: _Console, board: GridBoard, match: Match) -> None:
    hints = match.hints()
    if match.awaiting_start:
        if hints:
            cells = ", ".join(_cell_text(board, v) for v in hints)
            console.say(f"Starts where the mover loses (place the token there): {cells}.")
        else:
            console.say("No start wins for the placer.")
        return
    if hints:
        console.say("Winning moves: " + ", ".join(_cell_text(board, v) for v in hints) + ".")
    else:
        console.say("No winning move: every move loses against perfect play.")


# ------------------------------------------------------------------ sums
_SUM_HELP = (
    "A move is the board's number, then where its token goes: on a maze a cell "
    "'row col' (1-based) or a direction (up, down, left, right, ne, ...), on a graph "
    "a label; for example '2 1 3' or '1 up' or '3 b'. Commands: hint (the values "
    "and a winning move), board (draw them again), help, quit."
)


def play_sum(
    boards: Sequence[SumBoard],
    *,
    side: str,
    stdin: TextIO,
    stdout: TextIO,
    colour: bool = False,
    columns: int = COLUMNS,
    budget: int | None = None,
    seconds: float | None = None,
) -> int:
    """One game of a sum against the engine: a token on each board, a turn
    moves one of them, who cannot move on any board loses.  ``side`` is
    ``"winning"`` (the person takes the side with a forced win),
    ``"auto"`` (the other), ``"first"`` or ``"second"``.  The rules and the
    engine's move are :class:`~bipartite_game.play.sum_match.SumMatch`'s:
    the Sprague–Grundy move (the nim-sum 0 after it) when it has one, else
    the first legal move.  ``budget`` (search states) and ``seconds`` bound
    each solve of the sum (``None``: the library's defaults); past them the
    game is refused before it starts, or the engine's move in the middle of
    it.  Returns :data:`WON`, :data:`LOST` or :data:`UNFINISHED`."""
    from .sum_match import SumMatch

    # the start is drawn before the engine's opening move
    match = SumMatch(boards, side=side, budget=budget, seconds=seconds, opening=False)
    console = _Console(stdin, stdout, columns)
    console.say(
        f"A sum of {len(boards)} boards, a token on each: a turn moves one token, and who "
        "cannot move on any board loses. Type 'help' for how to move."
    )
    holder = "you have" if match.you_first == match.mover_wins else "the engine has"
    console.say(
        f"You move {'first' if match.you_first else 'second'}. The player to move "
        f"{'wins' if match.mover_wins else 'loses'} with perfect play: {holder} the forced win."
    )

    def draw() -> None:
        for k, (b, position) in enumerate(zip(boards, match.positions, strict=True), 1):
            console.say(f"Board {k}:")
            if b.grid is not None:
                console.show(render_text(b.grid, position, colour=colour))
            else:
                options = ", ".join(b.name(int(w)) for w in position.legal_moves) or "none"
                console.say(f"  token on {b.name(position.current)}; moves: {options}")

    def name(k: int, vertex: int) -> str:
        return f"board {k + 1} to {boards[k].name(vertex)}"

    def answered(turn: Turn | None) -> None:
        if turn is not None:
            console.say(f"The engine moves {name(turn.board, turn.vertex)}.")
            draw()

    draw()
    answered(match.engine_turn())
    while not match.is_over():
        line = console.ask_move("Your move: ")
        if line is None:
            return UNFINISHED
        command = line.lower()
        if not command:
            continue
        if command in ("help", "?"):
            console.say(_SUM_HELP)
            continue
        if command == "board":
            draw()
            continue
        if command == "hint":
            solution = match.solve()
            values = ", ".join(str(v) for v in solution.values)
            if solution.move is None:
                advice = "no winning move: every move leaves a nim-sum that is not 0"
            else:
                advice = "a winning move: " + name(solution.move.component, solution.move.vertex)
            console.say(f"Grundy values {values}; nim-sum {solution.nim_sum}; {advice}.")
            continue
        try:
            move = match.parse_move(line)
        except IllegalMoveError as error:
            console.say(f"{str(error)[0].upper()}{str(error)[1:]}.")
            continue
        answered(match.play(*move))
    won = match.winner == "you"
    console.say(
        "The engine cannot move on any board: you win."
        if won
        else "You cannot move on any board: the engine wins."
    )
    moves = [f"{turn.who} {name(turn.board, turn.vertex)}" for turn in match.turns]
    console.say(
        "Moves: " + (", ".join(f"{i}. {m}" for i, m in enumerate(moves, 1)) or "none") + "."
    )
    return WON if won else LOST
