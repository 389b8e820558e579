"""A checker in the judges' sense: is this output a right answer to this input?

Every problem here has exactly one right answer (the verdicts are forced and
the cells, vertices or rounds are listed in a fixed order), so the checker
computes it and compares the contestant's output with it token by token,
white space ignored, as the judges' ``wcmp`` checker of testlib does.

Verdicts and exit statuses follow testlib's: ``ok`` (0) and ``wrong answer``
(1), the latter naming the first line of the output that differs from the
right answer and the line it should be.  An input that is not valid for the
problem is the checker's own failure to judge, reported as bad input (status
2, as for every command), never as a wrong answer.

Cost: the solve, plus O(output) for the comparison.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from .._lazy import renamed_names
from .._text import as_bytes, quote
from ..errors import BipartiteGameError

__all__ = ["PROBLEMS", "CheckVerdict", "check", "front_end"]

#: The problems a checker exists for: the judge front-ends.
PROBLEMS = ("maze", "lock", "knights", "king", "graph", "bunny", "edges")


@dataclass(frozen=True)
class CheckVerdict:
    """A checker's verdict on one output: ``ok``, or where the output first
    differs from the right answer (``line`` numbers are 1-based; ``found``
    and ``expected`` are those lines, quoted, or ``end of output`` / ``end
    of answer``).

    Parameters
    ----------
    ok : bool
        Whether the output is a right answer.
    line : int, optional
        The first line that differs, 1-based (0 when ``ok``).
    found : str, optional
        That line of the output, quoted.
    expected : str, optional
        That line of the right answer, quoted.

    See Also
    --------
    check : the usual way to get one.

    Examples
    --------
    >>> check("maze", "2 3\\n#.#\\n#.#\\n", "WIN\\n")
    CheckVerdict(ok=False, line=1, found="'WIN'", expected="'LOSE'")
    """

    ok: bool
    line: int = 0
    found: str = ""
    expected: str = ""

    def __str__(self) -> str:
        if self.ok:
            return "ok"
        return f"wrong answer: line {self.line}: expected {self.expected}, found {self.found}"


def front_end(problem: str) -> Any:
    """The front-end module that answers ``problem``, or a
    :class:`BipartiteGameError` naming the problems there are."""
    if problem not in PROBLEMS:
        raise BipartiteGameError(f"no checker for {quote(problem)}: one of {', '.join(PROBLEMS)}")
    return importlib.import_module(f"..problems.{problem}", __package__)


def check(
    problem: str, input_data: bytes | str, output: bytes | str, **options: object
) -> CheckVerdict:
    """Judge ``output`` against the right answer to ``input_data``.

    ``options`` are the problem's own (``moves=`` for ``maze``, ``size=`` and
    ``wrap=`` for ``lock``).  A bad input raises :class:`BipartiteGameError`.

    Parameters
    ----------
    problem : str
        A judge problem, one of :data:`PROBLEMS`.
    input_data : bytes or str
        The input.
    output : bytes or str
        The output to judge.
    **options : object
        The problem's own options.

    Returns
    -------
    CheckVerdict
        ``ok``, or the first line that differs.

    Raises
    ------
    BipartiteGameError
        When the input is not valid, or the problem unknown.

    Examples
    --------
    >>> check("maze", "2 3\\n#.#\\n#.#\\n", "LOSE\\n").ok
    True
    """
    module = front_end(problem)
    right = bytes(module.answer(as_bytes(input_data, "check()"), **options))
    return compare(as_bytes(output, "check()"), right)


def compare(output: bytes, right: bytes) -> CheckVerdict:
    """Token-by-token comparison, white space ignored; the first difference
    is reported by the lines that hold it.  O(len(output) + len(right)) time;
    the output is split into at most as many tokens as the answer has, plus
    the rest, so a flood of output costs no more memory than its text."""
    want = right.split()
    got = output.split(maxsplit=len(want))
    if got == want:
        return CheckVerdict(True)
    at = next(
        (k for k, (a, b) in enumerate(zip(got, want, strict=False)) if a != b),
        min(len(got), len(want)),
    )
    found = _line_with_token(output, at)
    expected = _line_with_token(right, at)
    line = found[0] if found else output.count(b"\n") + 1
    return CheckVerdict(
        False,
        line,
        quote(found[1]) if found else "end of output",
        quote(expected[1]) if expected else "end of answer",
    )


def _line_with_token(text: bytes, index: int) -> tuple[int, bytes] | None:
    """The 1-based number and the content of the line holding token
    ``index``, or ``None`` past the last token."""
    seen = 0
    start, number = 0, 1
    while start <= len(text):  # line by line, never a list of every line
        end = text.find(b"\n", start)
        end = len(text) if end < 0 else end
        line = text[start:end]
        count = len(line.split())
        if index < seen + count:
            return number, line.strip()
        seen += count
        start, number = end + 1, number + 1
    return None


# renamed after 0.1.0 (a second Verdict, of certificates, is bipartite_game.Verdict)
renamed_names(__name__, {"Verdict": "CheckVerdict"})
