"""What the page is sent: a maze's analysis and a game's state, as JSON-ready
dicts.  Pure functions of the solved board or the match; every picture is
:func:`~bipartite_game.render.render_svg`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from ..boards import GridBoard
from ..game import Solution
from ..play import Match
from ..render import render_svg

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


def _spoken(board: GridBoard, vertex: int) -> str:
    row, col = board.cell(vertex)
    return f"row {row + 1}, column {col + 1}"


def _account(match: Match) -> str | None:
    """The last exchange in one line: where the person moved and why the
    engine answered as it did."""
    exchange = match.last_exchange
    if exchange is None or exchange.answer is None:
        return None
    board = match.board
    placed = match.position is not None and exchange.played == match.position.start
    verb = "placed the token on" if placed else "moved to"
    played = f"You {verb} {_spoken(board, exchange.played)}"
    answer = _spoken(board, exchange.answer)
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
    (:meth:`~bipartite_game.play.Match.overlay`), with ``plan`` the engine's
    answer to each legal move; with ``at`` (a finished game only) the
    picture shows the game after its first ``at`` moves, to step back
    through the record.  Reads ``match`` only (``plan`` asks its engine,
    which leaves it as it was)."""
    board = match.board
    position = match.position
    if position is None:
        phase = "place"
        message = (
            "Place the token: click an open cell. "
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
        message = f"Your move (you play {match.you}): click a marked cell."
    path = [] if position is None else [position.start, *position.move_stack]
    engine_moves = match.engine_moves
    news = []
    if position is not None and match.start_placed_by == "engine" and len(path) <= 2:
        news.append(f"The engine placed the token on {_spoken(board, path[0])}.")
    account = _account(match)
    if account is not None:
        news.append(account)
    elif position is not None and position.move_stack[-1:] == engine_moves[-1:] != []:
        news.append(f"The engine moved to {_spoken(board, engine_moves[-1])}.")
    message = " ".join([*news, message])
    if hints is not None and phase != "over":
        if not hints:
            message += (
                " Hint: no winning start for the placer."
                if phase == "place"
                else " Hint: no winning move; every move loses against perfect play."
            )
        else:
            message += " Hint: the marked cells win."
    record = []
    if phase == "over":  # the annotated record, for the panel beside the board
        record = [
            {"cell": list(board.cell(line.vertex)), "who": line.who, "verdict": line.verdict}
            for line in match.record()
        ]
    planned: list[list[list[int] | None]] = []
    if plan and phase == "play":
        planned = [
            [list(board.cell(move)), None if answer is None else list(board.cell(answer))]
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
    return {
        "id": game_id,
        "record": record,
        "at": None if drawn is position or drawn is None else len(drawn.move_stack),
        "planned": planned,
        "account": account,
        "phase": phase,
        "you": match.you,
        "winner": match.winner,
        "placed_by": match.start_placed_by,
        "path": _cells(board, path),
        "engine_moves": _cells(board, engine_moves),
        "legal": [] if position is None else _cells(board, position.legal_moves),
        "hints": None if hints is None else _cells(board, hints),
        "message": message,
        "svg": render_svg(
            board,
            drawn,
            hints=hints or (),
            show_losing=show_losing,
            show_matching=show_matching,
            losing=losing,
            mate=mate,
            coordinates=True,
        ),
    }
