"""What the page is sent: a maze's analysis and a game's state, as JSON-ready
dicts.  Pure functions of the solved board or the match; every picture of a
maze is :func:`~bipartite_game.play.render.render_svg`.  A game on a graph (the
graph mode, whose page draws the graph it laid out) is the same state in
vertex labels, with the overlays as label lists instead of a picture."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from ...graphs.boards import GridBoard
from ...theory.game import Solution
from ..match import Match
from ..render import render_svg
from .graphs import labels_of

__all__ = ["analysis", "game_state"]


def _cells(board: GridBoard, vertices: Iterable[Any]) -> list[list[int]]:
    return [list(board.cell(int(v))) for v in vertices]


def _rows(board: GridBoard) -> list[str]:
    return ["".join(row) for row in np.where(board.open, ".", "#").tolist()]


def analysis(
    board: GridBoard, solution: Solution, *, show_losing: bool, show_matching: bool
) -> dict[str, Any]:
    """The maze's answer (``WIN``: the player who places the token wins), its
    losing starts, the size of a maximum matching and the picture."""
    losing = np.flatnonzero(solution.losing)
    height, width = board.shape
    cells = board.graph.num_vertices
    matched = int(np.count_nonzero(solution.mate >= 0)) // 2
    if cells == 0:
        summary = "No open cell: there is nowhere to put the token."
    elif losing.size:
        summary = (
            f"WIN: from {losing.size} of {cells} open cells the mover (who moves first) loses, "
            f"so the placer wins there. Maximum matching: {matched} pairs."
        )
    else:
        summary = (
            f"LOSE: a maximum matching ({matched} pairs) covers every one of the {cells} open "
            "cells in every way, so the player to move wins from any start."
        )
    return {
        "rows": _rows(board),
        "height": height,
        "width": width,
        "answer": "WIN" if losing.size else "LOSE",
        "losing_starts": _cells(board, losing),
        "matching_size": matched,
        "summary": summary,
        "svg": render_svg(
            board,
            show_losing=show_losing,
            show_matching=show_matching,
            solution=solution,
            coordinates=True,
        ),
    }


class _Names:
    """How a game names its vertices: on a grid by cell (``[row, col]`` in
    the JSON, "row 1, column 4" in words), on a graph by label."""

    def __init__(self, match: Match) -> None:
        grid = match.grid
        if grid is not None:
            self.noun = "cell"
            self.where: Callable[[int], Any] = lambda v: list(grid.cell(v))
            self.spoken: Callable[[int], str] = lambda v: (
                f"row {grid.cell(v)[0] + 1}, column {grid.cell(v)[1] + 1}"
            )
        else:
            labels = labels_of(match.graph)
            self.noun = "vertex"
            self.where = lambda v: labels[v]
            self.spoken = lambda v: f"vertex {labels[v]}"

    def all(self, vertices: Iterable[Any]) -> list[Any]:
        return [self.where(int(v)) for v in vertices]


def _account(match: Match, names: _Names) -> str | None:
    """The last exchange in one line: where the person moved and why the
    engine answered as it did."""
    exchange = match.last_exchange
    if exchange is None or exchange.answer is None:
        return None
    placed = match.position is not None and exchange.played == match.position.start
    verb = "placed the token on" if placed else "moved to"
    played = f"You {verb} {names.spoken(exchange.played)}"
    answer = names.spoken(exchange.answer)
    why = {
        "matching": f"the engine answered along its matching, to {answer}",
        "solved": f"the engine, solving what is left, found the winning move {answer}",
        "resisting": (
            f"the engine has no winning move and resists with {answer}, "
            "the move that leaves you the fewest winning answers"
        ),
    }.get(exchange.reason or "", f"the engine answered {answer}")
    return f"{played}; {why}."


def game_state(
    game_id: str,
    match: Match,
    hints: list[int] | None = None,
    *,
    show_losing: bool = False,
    show_matching: bool = False,
    plan: bool = False,
    at: int | None = None,
) -> dict[str, Any]:
    """What the page needs to draw a game: phase, sides, path, legal moves,
    hints if asked for, a message in words and the picture; with
    ``show_losing`` / ``show_matching`` the theorem at work drawn on it
    (:meth:`~bipartite_game.play.match.Match.overlay`), with ``plan`` the engine's
    answer to each legal move; with ``at`` (a finished game only) the
    picture shows the game after its first ``at`` moves, to step back
    through the record.  Reads ``match`` only (``plan`` asks its engine,
    which leaves it as it was).  On a graph, vertices are labels and the
    overlays are lists (``losing``, ``matching``) for the page to draw."""
    names = _Names(match)
    position = match.position
    if position is None:
        phase = "place"
        where = "an open cell" if names.noun == "cell" else "a vertex"
        message = (
            f"Place the token: click {where}. "
            "You are the placer: the engine, the mover, moves first."
        )
    elif position.is_over():
        phase = "over"
        message = (
            "The engine cannot move: you win."
            if match.winner == "you"
            else "You cannot move: the engine wins."
        )
    else:
        phase = "play"
        message = f"Your move (you play {match.you}): click a marked {names.noun}."
    path = [] if position is None else [position.start, *position.move_stack]
    engine_moves = match.engine_moves
    news = []
    if position is not None and match.start_placed_by == "engine" and len(path) <= 2:
        news.append(f"The engine placed the token on {names.spoken(path[0])}.")
    account = _account(match, names)
    if account is not None:
        news.append(account)
    elif position is not None and position.move_stack[-1:] == engine_moves[-1:] != []:
        news.append(f"The engine moved to {names.spoken(engine_moves[-1])}.")
    message = " ".join([*news, message])
    if hints is not None and phase != "over":
        if not hints:
            message += (
                " Hint: no winning start for the placer."
                if phase == "place"
                else " Hint: no winning move; every move loses against perfect play."
            )
        else:
            message += f" Hint: the marked {'cells' if names.noun == 'cell' else 'vertices'} win."
    record = []
    if phase == "over":  # the annotated record, for the panel beside the board
        record = [
            {names.noun: names.where(line.vertex), "who": line.who, "verdict": line.verdict}
            for line in match.record()
        ]
    planned: list[list[Any]] = []
    if plan and phase == "play":
        planned = [
            [names.where(move), None if answer is None else names.where(answer)]
            for move, answer in match.planned_answers().items()
        ]
    drawn = position
    if at is not None and phase == "over" and position is not None:
        at = max(0, min(at, len(position.move_stack)))
        drawn = position.copy()
        while len(drawn.move_stack) > at:
            drawn.pop()
    losing = mate = None
    if show_losing or show_matching:
        losing, mate = match.overlay(drawn)
    state: dict[str, Any] = {
        "id": game_id,
        "record": record,
        "at": None if drawn is position or drawn is None else len(drawn.move_stack),
        "planned": planned,
        "account": account,
        "phase": phase,
        "can_undo": match.can_undo(),
        "you": match.you,
        "winner": match.winner,
        "placed_by": match.start_placed_by,
        "path": names.all(path),
        "engine_moves": names.all(engine_moves),
        "legal": [] if position is None else names.all(position.legal_moves),
        "hints": None if hints is None else names.all(hints),
        "message": message,
    }
    if match.grid is None:
        # the page draws the graph: the path shown and the overlays, in labels
        shown = [] if drawn is None else [drawn.start, *drawn.move_stack]
        pairs = [] if mate is None else np.flatnonzero(mate > np.arange(mate.size)).tolist()
        state["shown_path"] = names.all(shown)
        if show_losing and losing is not None:
            # the losing starts of what is left: the visited vertices are not
            unvisited = losing if drawn is None else losing & ~drawn.visited
            state["losing"] = names.all(np.flatnonzero(unvisited))
        else:
            state["losing"] = None
        state["matching"] = (
            [[names.where(v), names.where(int(mate[v]))] for v in pairs]
            if show_matching and mate is not None
            else None
        )
        return state
    state["svg"] = render_svg(
        match.board,
        drawn,
        hints=hints or (),
        show_losing=show_losing,
        show_matching=show_matching,
        losing=losing,
        mate=mate,
        coordinates=True,
    )
    return state
