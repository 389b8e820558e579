"""``bipartite-game knights``: the knights duel."""

from __future__ import annotations

from ..judge import JudgeCommand

__all__ = ["KnightsCommand"]


class KnightsCommand(JudgeCommand):
    """Two (r,c)-leapers on one board (Petrozavodsk 2018, qoj 2213): who wins."""

    problem = "knights"
    description = (
        "Read 'n m r c' and the board ('@' broken, '.' free, 'A' and 'B' the two "
        "(r,c)-leapers), as rows or as separated characters. Print the winner, "
        "'Alice' (the mover: she moves first) or 'Bob'."
    )
