"""``bipartite-game gen``: a random valid input for a problem
(:mod:`~bipartite_game.kit.gen`), and the options ``gen`` and ``stress``
share: the problem, ``--seed`` and the knobs."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..._command import write_stdout
from ..._text import quote
from ...errors import BipartiteGameError
from ...graphs.boards import parse_moves
from ...kit.gen import GENERATORS, KNOBS_READ, Knobs, Span, parse_span, stream
from ..command import Command
from ..options import float_in_range, int_in_range
from ..parser import Parser

__all__ = ["MAX_SEED", "GenCommand", "add_generator_options", "knobs_from"]

#: The size options, each with its least bound.
_SPANS = {"rows": 1, "cols": 1, "cases": 1, "rings": 1, "vertices": 1, "edges": 0, "leap": 0}
#: The options that set a knob of the same name (``--no-wrap`` sets ``wrap``).
_KNOB_OPTIONS = (*_SPANS, "density", "moves", "ring", "no_wrap")
#: The largest ``--seed``.
MAX_SEED = 10**18 - 1
#: What ``gen`` gathers before a write (characters).
_BLOCK = 1 << 16


class GenCommand(Command):
    """``gen PROBLEM``: one input, the same for the same seed, written as it
    is drawn."""

    description = (
        "Print a random valid input for PROBLEM in the judge's format, the same for the "
        "same seed. Sizes are N or LO..HI (drawn uniformly). A quarter of the cases "
        "(--edge-cases) come from edge-case families: one cell, no edge, all walls, "
        "perfect matchings, leaps longer than the board, tiny and huge locks, ..."
    )

    def add_arguments(self, parser: Parser) -> None:
        add_generator_options(parser)

    def run(self, args: argparse.Namespace) -> int:
        """The input written as it is drawn, a case at a time and in blocks
        of about :data:`_BLOCK` characters, so memory stays bounded whatever
        ``--cases``; a reader that goes away (``| head``) stops it at its
        next write (status 141, as every command)."""
        knobs = knobs_from(args)
        pieces = stream(args.problem, args.seed, knobs)  # every knob checked here
        block: list[str] = []
        size = 0
        for piece in pieces:
            block.append(piece)
            size += len(piece)
            if size >= _BLOCK:
                write_stdout("".join(block))  # a reader gone raises ReaderGone: status 141
                block.clear()
                size = 0
        write_stdout("".join(block))
        return 0




def _span(least: int) -> Callable[[str], Span]:
    """An argparse ``type``: ``N`` or ``LO..HI`` read by
    :func:`~bipartite_game.kit.gen.parse_span`."""

    def value(text: str) -> Span:
        try:
            return parse_span(text, least=least)
        except BipartiteGameError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return value


def add_generator_options(parser: argparse.ArgumentParser) -> None:
    """The problem, ``--seed`` and the knobs, shared by ``gen`` and ``stress``."""
    add = parser.add_argument
    add("problem", metavar="PROBLEM", help=", ".join(GENERATORS))
    add(
        "--seed",
        type=int_in_range(0, MAX_SEED),
        default=0,
        metavar="S",
        help=f"random seed, a whole number from 0 to {MAX_SEED} (default 0)",
    )
    spans = {
        "rows": "board rows (default 1..8)",
        "cols": "board columns (default 1..8)",
        "cases": "lock, king: cases (default 1..3)",
        "rings": "lock: rings (default 1..4)",
        "vertices": "graph: vertices (default 1..10)",
        "edges": "graph: edges drawn (default 0..3n)",
        "leap": "knights: r and c (default 0..the longer side)",
    }
    for name, text in spans.items():
        add(f"--{name}", type=_span(_SPANS[name]), metavar="N|LO..HI", help=text)
    add(
        "--density",
        type=float_in_range(0.0, 1.0),
        metavar="P",
        help="fraction of walls (maze), burned (king) or broken (knights) squares, "
        "forbidden codes (lock), black pieces (bunny), 0 to 1; default: random per case",
    )
    add(
        "--edge-cases",
        type=float_in_range(0.0, 1.0),
        default=0.25,
        metavar="P",
        help="probability of drawing a case from an edge-case family (default 0.25)",
    )
    add("--moves", metavar="MOVES", help="maze: the move set (as for 'maze')")
    add(
        "--ring",
        type=int_in_range(2, 10),
        metavar="K",
        help="lock: positions per ring, 2 to 10 (as for 'lock')",
    )
    add("--no-wrap", action="store_true", default=None, help="lock: rings that do not wrap")


def knobs_from(args: argparse.Namespace) -> Knobs:
    """The knobs the options give (argparse has read their values),
    refusing an option the problem's generator does not read
    (:data:`~bipartite_game.kit.gen.KNOBS_READ`)."""
    if args.problem not in GENERATORS:
        raise BipartiteGameError(
            f"no generator for {quote(args.problem)}: one of {', '.join(GENERATORS)}"
        )
    read = KNOBS_READ[args.problem]
    knob_of = {name: "wrap" if name == "no_wrap" else name for name in _KNOB_OPTIONS}
    for name in sorted(_KNOB_OPTIONS):
        if knob_of[name] not in read and getattr(args, name) is not None:
            option = "--" + name.replace("_", "-")
            raise BipartiteGameError(f"{option} does not apply to {args.problem}")
    given: dict[str, Any] = {}
    for name in _KNOB_OPTIONS:
        value = getattr(args, name)
        if value is None or name == "no_wrap":
            continue
        if name == "moves":
            parse_moves(value)  # a bad move set is refused here, once
        given[name] = value
    return replace(Knobs(), **given, edge_cases=args.edge_cases, wrap=not args.no_wrap)
