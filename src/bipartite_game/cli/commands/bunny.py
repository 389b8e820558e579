"""``bipartite-game bunny``: NOI2011 "Bunny and Egg"."""

from __future__ import annotations

from ..judge import JudgeCommand

__all__ = ["BunnyCommand"]


class BunnyCommand(JudgeCommand):
    """Bunny's mistakes in a played game of NOI2011's board (Luogu P1971)."""

    problem = "bunny"
    description = (
        "Read 'n m', the board ('O' white, 'X' black, one '.' empty), k, then 2k moves "
        "'x y' (the piece moved into the empty cell; Bunny moves white first, Egg "
        "black). Print the number of Bunny's mistakes (rounds where she had a win "
        "before her move and Egg has one after it), then their round numbers."
    )
