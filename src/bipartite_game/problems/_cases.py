"""The answer of a front-end whose input is a list of cases (:mod:`.king`,
:mod:`.lock`): each case's winner, under the names the problem gives its
players, as ``--format json`` or with its proof (``--explain``).

Both problems answer the same question per case (does the first player,
the mover, win?), so their JSON documents and their explained answers have
one shape; only the players' names and a case's heading differ.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import _json

__all__ = ["explained", "json_verdicts"]


def json_verdicts(
    problem: str,
    settings: Sequence[tuple[str, object]],
    wins: Sequence[bool],
    players: tuple[str, str],
) -> bytes:
    """The JSON document of ``problem``: its ``settings`` fields, then
    ``cases``, ``winners`` (``players[0]``, the first player, where
    ``wins`` says the first player wins, else ``players[1]``) and
    ``first_player_wins``.  O(cases)."""
    fields = [
        *settings,
        ("cases", len(wins)),
        ("winners", [players[0] if w else players[1] for w in wins]),
        ("first_player_wins", wins),
    ]
    return _json.document(problem, fields)


def explained(
    wins: Sequence[bool], proofs: Sequence[str], players: tuple[str, str], heading: str
) -> bytes:
    """Each case's ``heading`` (a format with ``{case}``, counted from 1,
    and ``{winner}``, named as in :func:`json_verdicts`) on a line, then
    its proof.  O(text)."""
    return "".join(
        f"{heading.format(case=k, winner=players[0] if w else players[1])}\n{proof}"
        for k, (w, proof) in enumerate(zip(wins, proofs, strict=True), 1)
    ).encode()
