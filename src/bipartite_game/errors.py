"""Exceptions.  All are ``ValueError`` subclasses whose message quotes the input."""

from __future__ import annotations

__all__ = [
    "BipartiteGameError",
    "BipartiteGameWarning",
    "GeographyTooLarge",
    "IllegalMoveError",
    "InputError",
    "NotBipartiteError",
    "SolverError",
]


class BipartiteGameError(ValueError):
    """Base class of every error this package raises on bad input.

    A ``ValueError``, so code that already catches bad values catches it; its
    message quotes the input that was refused.

    See Also
    --------
    InputError, NotBipartiteError, IllegalMoveError : the cases with more to say.

    Examples
    --------
    >>> from bipartite_game import Graph
    >>> try:
    ...     Graph.from_edges([0], [5], num_vertices=3)
    ... except BipartiteGameError as error:
    ...     print(error)
    edge endpoint 5 out of range 0..2
    """


class InputError(BipartiteGameError):
    """Text that does not follow its format.

    Parameters
    ----------
    message : str
        What is wrong, quoting the text.
    line : int or None, optional
        The 1-based line number the problem was found on, or ``None`` when
        the problem is not tied to one line (an empty file, say).

    Attributes
    ----------
    line : int or None
        As given.
    detail : str
        The message without its ``line N:`` prefix.

    Examples
    --------
    >>> from bipartite_game.graphs.edgelist import parse_edge_list
    >>> try:
    ...     parse_edge_list("0 1\\n2 3 4\\n")
    ... except InputError as error:
    ...     print(error.line, "|", error)
    2 | line 2: expected an edge 'u v' or a lone label, found 3 tokens
    """

    def __init__(self, message: str, *, line: int | None = None) -> None:
        self.line = line
        self.detail = message
        super().__init__(f"line {line}: {message}" if line is not None else message)


class NotBipartiteError(BipartiteGameError):
    """A graph that must be 2-coloured has an odd cycle, quoted in the message.

    Parameters
    ----------
    message : str
        The message, which quotes the cycle.
    cycle : list of int
        The odd cycle, as vertex ids in order (its last vertex is joined to
        its first).

    Examples
    --------
    >>> from bipartite_game import Graph
    >>> triangle = Graph.from_edges([0, 1, 2], [1, 2, 0])
    >>> try:
    ...     triangle.sides()
    ... except NotBipartiteError as error:
    ...     print(error.cycle)
    [...]
    """

    def __init__(self, message: str, cycle: list[int]) -> None:
        self.cycle = cycle
        super().__init__(message)


class IllegalMoveError(BipartiteGameError):
    """A move that the rules do not allow in the current position.

    Examples
    --------
    >>> from bipartite_game import Graph, Position
    >>> position = Position(Graph.from_edges([0, 1], [1, 2]), start=0)
    >>> try:
    ...     position.push(2)
    ... except IllegalMoveError as error:
    ...     print(error)
    illegal move: ...
    """


class GeographyTooLarge(BipartiteGameError):
    """A geography game too large for the method its rule allows: a search
    past its budget of states, or a matrix too large to eliminate."""


class SolverError(RuntimeError):
    """The solver's own certificate check failed: a bug, never bad input.

    A ``RuntimeError``, not a :class:`BipartiteGameError`: no input causes
    it.  Every answer is checked before it is returned (a maximum matching
    against its König or Tutte–Berge bound), and this is raised when that
    check fails; please report it with the input.

    Examples
    --------
    >>> issubclass(SolverError, BipartiteGameError)
    False
    """


class BipartiteGameWarning(UserWarning):
    """Input that is valid but probably not what was meant; the command line
    prints it as one ``bipartite-game: warning: ...`` line."""
