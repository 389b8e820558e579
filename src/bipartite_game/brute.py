"""Exhaustive game search straight from the rules: the oracle of the tests.

Nothing here uses matching or any theorem; every answer is a plain minimax
over the game tree, memoised on the position.  Adjacency is built from the
rules by simple loops, independently of :mod:`.boards`.  Exponential: meant
for graphs of up to about 20 vertices.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from ._lazy import renamed_names

__all__ = [
    "BruteForceTooLarge",
    "duel_first_player_wins",
    "geography_first_player_wins",
    "geography_grundy",
    "geography_losing_starts",
    "geography_winning_moves",
    "grid_adjacency",
    "leaper_steps",
    "lock_adjacency",
    "misere_first_player_wins",
    "misere_grundy",
    "sum_first_player_wins",
    "sum_misere_first_player_wins",
    "sum_winning_moves",
]

Adjacency = list[list[int]]


def _masks(adjacency: Sequence[Iterable[int]]) -> tuple[int, ...]:
    masks = []
    for v, row in enumerate(adjacency):
        mask = 0
        for w in row:
            if w != v:
                mask |= 1 << w
        masks.append(mask)
    return tuple(masks)


def _seen(token: int, visited: Iterable[int]) -> int:
    """The mask of the used vertices: the token's and ``visited``."""
    seen = 1 << token
    for v in visited:
        seen |= 1 << v
    return seen


def _geography(masks: tuple[int, ...]):  # type: ignore[no-untyped-def]
    @cache
    def mover_wins(v: int, visited: int) -> bool:
        options = masks[v] & ~visited
        while options:
            low = options & -options
            w = low.bit_length() - 1
            if not mover_wins(w, visited | low):
                return True
            options ^= low
        return False

    return mover_wins


def geography_first_player_wins(
    adjacency: Sequence[Iterable[int]], start: int, visited: Iterable[int] = ()
) -> bool:
    """Does the player to move win with the token on ``start``?

    ``visited`` lists vertices already used (``start`` counts as visited).
    """
    result: bool = _geography(_masks(adjacency))(start, _seen(start, visited))
    return result


def geography_grundy(
    adjacency: Sequence[Iterable[int]], start: int, visited: Iterable[int] = ()
) -> int:
    """The Grundy value of vertex geography with the token on ``start``
    (visited, with ``visited``): the mex of the values one move away."""
    return _grundy(adjacency, start, visited, no_move=0)


def misere_first_player_wins(
    adjacency: Sequence[Iterable[int]], start: int, visited: Iterable[int] = ()
) -> bool:
    """Misère vertex geography: who makes the last move loses.  Does the
    player to move win with the token on ``start`` (``visited`` used)?
    A player with no move wins (the other made the last move)."""
    return sum_misere_first_player_wins([(adjacency, start, visited)])


def misere_grundy(
    adjacency: Sequence[Iterable[int]], start: int, visited: Iterable[int] = ()
) -> int:
    """The misère Grundy value: 1 for a position with no move, else the
    mex of the values one move away."""
    return _grundy(adjacency, start, visited, no_move=1)


def _grundy(
    adjacency: Sequence[Iterable[int]], start: int, visited: Iterable[int], *, no_move: int
) -> int:
    """The mex of the values one move away, or ``no_move`` for a position
    without a move (0 in normal play, where it is that mex; 1 in misère)."""
    masks = _masks(adjacency)

    @cache
    def value(v: int, seen: int) -> int:
        found = set()
        for w in range(len(masks)):
            if masks[v] >> w & 1 and not seen >> w & 1:
                found.add(value(w, seen | 1 << w))
        if not found:
            return no_move
        mex = 0
        while mex in found:
            mex += 1
        return mex

    return value(start, _seen(start, visited))


def geography_losing_starts(adjacency: Sequence[Iterable[int]]) -> list[bool]:
    """For every vertex: does the player to move from there lose?"""
    masks = _masks(adjacency)
    mover_wins = _geography(masks)
    return [not mover_wins(v, 1 << v) for v in range(len(masks))]


def geography_winning_moves(
    adjacency: Sequence[Iterable[int]], current: int, visited: Iterable[int]
) -> list[int]:
    """The moves from ``current`` after which the player who moved wins."""
    masks = _masks(adjacency)
    mover_wins = _geography(masks)
    seen = _seen(current, visited)
    return [
        w
        for w in range(len(masks))
        if masks[current] >> w & 1 and not seen >> w & 1 and not mover_wins(w, seen | 1 << w)
    ]


def leaper_steps(r: int, c: int) -> list[tuple[int, int]]:
    """The distinct non-zero steps of an (r, c)-leaper, 8 at most."""
    steps = set()
    for dr, dc in ((r, c), (c, r)):
        for sr in (1, -1):
            for sc in (1, -1):
                steps.add((sr * dr, sc * dc))
    steps.discard((0, 0))
    return sorted(steps)


def grid_adjacency(
    rows: Sequence[str], steps: Iterable[tuple[int, int]]
) -> tuple[Adjacency, list[tuple[int, int]]]:
    """Open cells (``.``) of a maze, numbered row-major, and their moves.

    Returns the adjacency over open cells and each cell's (row, col).
    """
    cells = [(i, j) for i, row in enumerate(rows) for j, ch in enumerate(row) if ch == "."]
    number = {cell: k for k, cell in enumerate(cells)}
    step_list = list(steps)
    adjacency: Adjacency = []
    for i, j in cells:
        row = []
        for di, dj in step_list:
            k = number.get((i + di, j + dj))
            if k is not None and (di, dj) != (0, 0):
                row.append(k)
        adjacency.append(sorted(set(row)))
    # moves are symmetric by the rules, but make sure of it for odd step sets
    for v, row in enumerate(adjacency):
        for w in row:
            if v not in adjacency[w]:
                adjacency[w].append(v)
    return adjacency, cells


def lock_adjacency(rings: int, size: int, *, wrap: bool = True) -> Adjacency:
    """All codes of ``rings`` digits base ``size``; a move turns one ring one
    step (with ``wrap``, the last position turns into the first)."""
    total = size**rings
    adjacency: Adjacency = []
    for code in range(total):
        digits = [(code // size**k) % size for k in range(rings)]
        row = set()
        for k, d in enumerate(digits):
            for step in (1, -1):
                e = d + step
                if wrap:
                    e %= size
                elif not 0 <= e < size:
                    continue
                if e != d:
                    row.add(code + (e - d) * size**k)
        adjacency.append(sorted(row))
    return adjacency


class BruteForceTooLarge(RuntimeError):
    """The brute force's exhaustive search would exceed its budget; the
    caller should skip the case."""


def duel_first_player_wins(
    adjacency: Sequence[Iterable[int]], alice: int, bob: int, *, budget: int = 2_000_000
) -> bool:
    """The knights duel, from the rules: does Alice (to move) win?

    Each player moves their own token along an edge onto a vertex that is not
    the other token; the ordered pair (Alice's vertex, Bob's vertex) may never
    repeat (the starting pair counts as seen); who cannot move loses.  The
    state is the pair, whose turn it is, and the set of seen pairs; nothing
    about colours or parity is assumed.  Raises :class:`BruteForceTooLarge` after
    ``budget`` positions.
    """
    neighbours = [sorted(set(row)) for row in adjacency]
    # number the pairs reachable from the start, so seen sets are bitmasks
    index: dict[tuple[int, int], int] = {(alice, bob): 0}
    frontier = [(alice, bob)]
    while frontier:
        a, b = frontier.pop()
        for pair in [(x, b) for x in neighbours[a] if x != b] + [
            (a, y) for y in neighbours[b] if y != a
        ]:
            if pair not in index:
                index[pair] = len(index)
                frontier.append(pair)
    pairs = list(index)
    alice_moves = [[index[(x, b)] for x in neighbours[a] if x != b] for a, b in pairs]
    bob_moves = [[index[(a, y)] for y in neighbours[b] if y != a] for a, b in pairs]
    memo: dict[tuple[int, bool, int], bool] = {}

    def mover_wins(p: int, alice_turn: bool, seen: int) -> bool:
        key = (p, alice_turn, seen)
        known = memo.get(key)
        if known is not None:
            return known
        if len(memo) >= budget:
            raise BruteForceTooLarge(f"more than {budget} positions")
        result = False
        for q in (alice_moves if alice_turn else bob_moves)[p]:
            if not seen >> q & 1 and not mover_wins(q, not alice_turn, seen | 1 << q):
                result = True
                break
        memo[key] = result
        return result

    return mover_wins(0, True, 1)


SumComponent = tuple[Sequence[Iterable[int]], int, Iterable[int]]


def sum_first_player_wins(components: Sequence[SumComponent]) -> bool:
    """Does the player to move win the disjunctive sum of geography games?

    Each component is ``(adjacency, token, visited)``: its own graph, where
    its token is and what it has used (the token's vertex counts as
    visited).  A turn moves one token of the mover's choice to an adjacent
    unvisited vertex of its component; who cannot move in any component
    loses.  Plain minimax over the tuple of every component's (token,
    visited set), memoised; no Grundy value is used."""
    return _sum_search(components, misere=False)


def sum_misere_first_player_wins(components: Sequence[SumComponent]) -> bool:
    """The same sum under misère play: who makes the last move loses
    (a player who cannot move in any component wins)."""
    return _sum_search(components, misere=True)


def sum_winning_moves(components: Sequence[SumComponent]) -> list[tuple[int, int]]:
    """Every move ``(component, vertex)`` of the sum (normal play) after
    which the player who moved wins."""
    masks, state = _sum_start(components)
    mover_wins = _sum_game(masks, misere=False)
    return [
        (k, w) for k, w, after in _sum_moves(masks, state) if not mover_wins(after)
    ]


def _sum_start(
    components: Sequence[SumComponent],
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...]]:
    masks = tuple(_masks(adjacency) for adjacency, _, _ in components)
    state = tuple((token, _seen(token, visited)) for _, token, visited in components)
    return masks, state


def _sum_moves(
    masks: tuple[tuple[int, ...], ...], state: tuple[tuple[int, int], ...]
) -> list[tuple[int, int, tuple[tuple[int, int], ...]]]:
    moves = []
    for k, (token, seen) in enumerate(state):
        for w in range(len(masks[k])):
            if masks[k][token] >> w & 1 and not seen >> w & 1:
                after = (*state[:k], (w, seen | 1 << w), *state[k + 1 :])
                moves.append((k, w, after))
    return moves


def _sum_game(masks: tuple[tuple[int, ...], ...], *, misere: bool):  # type: ignore[no-untyped-def]
    @cache
    def mover_wins(state: tuple[tuple[int, int], ...]) -> bool:
        moves = _sum_moves(masks, state)
        if not moves:
            return misere  # normal play: stuck loses; misère: stuck wins
        return any(not mover_wins(after) for _, _, after in moves)

    return mover_wins


def _sum_search(components: Sequence[SumComponent], *, misere: bool) -> bool:
    masks, state = _sum_start(components)
    result: bool = _sum_game(masks, misere=misere)(state)
    return result


# renamed after 0.1.0 (the geography solver's SearchTooLarge is another error)
renamed_names(__name__, {"SearchTooLarge": "BruteForceTooLarge"})
