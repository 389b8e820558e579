"""Results in their items' order from tasks that finish in any order, with
a bounded window of work ahead: what a sweep's local worker pool
(:mod:`.sweep`) and a Dask cluster (:mod:`.cluster`) both do with its
samples.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

__all__ = ["in_order"]

Item = TypeVar("Item")
Task = TypeVar("Task")
Result = TypeVar("Result")


def in_order(
    items: Iterator[Item],
    submit: Callable[[int, Item], Task],
    finished: Callable[[dict[int, Task]], Iterable[int]],
    result: Callable[[Task], Result],
    *,
    window: int,
    pending: dict[int, Task],
) -> Iterator[Result]:
    """The result of every item, in the items' order, as the tasks finish;
    at most ``window`` tasks submitted, or results held, ahead of the next
    result due.

    ``submit(index, item)`` starts the task of the item at ``index``;
    ``finished(pending)`` waits until some of the ``pending`` tasks are done
    and gives their indices; ``result(task)`` reads a done task's result.
    ``pending`` (given empty) holds the tasks submitted and not read yet, by
    index, for the caller to stop if this ends early.  O(1) a result besides
    the tasks' own work and ``finished``'s.
    """
    ready: dict[int, Result] = {}
    submitted = emitted = 0
    while True:
        while len(pending) + len(ready) < window:
            item = next(items, None)
            if item is None:
                break
            pending[submitted] = submit(submitted, item)
            submitted += 1
        if emitted in ready:
            yield ready.pop(emitted)
            emitted += 1
            continue
        if not pending:
            return
        for index in finished(pending):
            ready[index] = result(pending.pop(index))
