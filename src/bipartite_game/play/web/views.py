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
from .i18n import Message, message, render

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
        summary = message("maze.summary.empty")
    elif losing.size:
        summary = message(
            "maze.summary.win", losing=int(losing.size), cells=cells, matched=matched
        )
    else:
        summary = message("maze.summary.lose", matched=matched, cells=cells)
    return {
        "rows": _rows(board),
        "height": height,
        "width": width,
        "answer": "WIN" if losing.size else "LOSE",
        "losing_starts": _cells(board, losing),
        "matching_size": matched,
        "summary": render(summary),
        "summary_said": summary,
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
    the JSON, "row 1, column 4" in words, a message of :mod:`.i18n`), on a
    graph by label."""

    def __init__(self, match: Match) -> None:
        grid = match.grid
        if grid is not None:
            self.noun = "cell"
            self.where: Callable[[int], Any] = lambda v: list(grid.cell(v))
            self.spoken: Callable[[int], Message] = lambda v: message(
                "where.cell", row=grid.cell(v)[0] + 1, col=grid.cell(v)[1] + 1
            )
        else:
            labels = labels_of(match.graph)
            self.noun = "vertex"
            self.where = lambda v: labels[v]
            self.spoken = lambda v: message("where.vertex", label=labels[v])

    def all(self, vertices: Iterable[Any]) -> list[Any]:
        return [self.where(int(v)) for v in vertices]


def _account(match: Match, names: _Names) -> Message | None:
    """The last exchange in one line: where the person moved and why the
    engine answered as it did."""
    exchange = match.last_exchange
    if exchange is None or exchange.answer is None:
        return None
    placed = match.position is not None and exchange.played == match.position.start
    played = message(
        "game.you_placed" if placed else "game.you_moved", where=names.spoken(exchange.played)
    )
    reason = exchange.reason if exchange.reason in ("matching", "solved", "resisting") else "other"
    why = message(f"why.{reason}", answer=names.spoken(exchange.answer))
    return message("game.account", played=played, why=why)


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
        said = message(f"game.place.{names.noun}")
    elif position.is_over():
        phase = "over"
        said = message("game.over.you" if match.winner == "you" else "game.over.engine")
    else:
        phase = "play"
        said = message(f"game.your_move.{names.noun}", you=message(f"role.{match.you}"))
    path = [] if position is None else [position.start, *position.move_stack]
    engine_moves = match.engine_moves
    news = []
    if position is not None and match.start_placed_by == "engine" and len(path) <= 2:
        news.append(message("game.engine_placed", where=names.spoken(path[0])))
    account = _account(match, names)
    if account is not None:
        news.append(account)
    elif position is not None and position.move_stack[-1:] == engine_moves[-1:] != []:
        news.append(message("game.engine_moved", where=names.spoken(engine_moves[-1])))
    lines = [*news, said]
    if hints is not None and phase != "over":
        if not hints:
            lines.append(message("hint.no_start" if phase == "place" else "hint.no_move"))
        else:
            lines.append(message("hint.cells" if names.noun == "cell" else "hint.vertices"))
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
        "account": None if account is None else render(account),
        "phase": phase,
        "can_undo": match.can_undo(),
        "you": match.you,
        "winner": match.winner,
        "placed_by": match.start_placed_by,
        "path": names.all(path),
        "engine_moves": names.all(engine_moves),
        "legal": [] if position is None else names.all(position.legal_moves),
        "hints": None if hints is None else names.all(hints),
        "message": render(lines),
        "said": lines,
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
