"""A bounded pool for the server's computations, and the server's stop signal.

Solving a maze holds the interpreter (or a C kernel) for as long as it
takes, so it runs outside the event loop, in a thread.  Python cannot stop a
thread, and the C kernels never look for a request to stop, so the pool
keeps three promises another way:

- at most ``workers`` computations run at once: a slot is taken before a
  thread starts and given back only when that thread has returned, even if
  its request stopped waiting long before;
- the time limit counts from the start of the work, never from the queue: a
  request waits up to ``queue_seconds`` for a slot (else :class:`ServerBusy`)
  and then up to ``solve_seconds`` for the result (else :class:`OutOfTime`);
- a result that comes too late is dropped: nothing the caller would do with
  it happens (see :mod:`.store` for how game actions make use of that).

Threads are daemons, so a stuck computation never holds up the process's
exit.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from typing import Generic, TypeVar, cast

import anyio

__all__ = ["OutOfTime", "ServerBusy", "Stopping", "Workers"]

T = TypeVar("T")


class ServerBusy(Exception):
    """Every worker stayed busy for the whole time a request may wait."""


class OutOfTime(Exception):
    """A computation did not finish within its time limit."""


class _Outcome(Generic[T]):
    """What a worker thread hands back to the event loop."""

    def __init__(self, value: T | None = None, error: BaseException | None = None) -> None:
        self.value = value
        self.error = error


class Workers:
    """At most ``count`` computations at once, each in its own daemon thread.

    ``await workers.run(work)`` returns ``work()``'s value or raises its
    exception; raises :class:`ServerBusy` when no slot frees up within
    ``queue_seconds`` and :class:`OutOfTime` when the work, once started,
    takes more than ``run_seconds``.  ``running`` is the number of threads
    alive now (never more than ``count``).
    """

    def __init__(self, count: int, *, queue_seconds: float, run_seconds: float) -> None:
        self.count = count
        self.queue_seconds = queue_seconds
        self.run_seconds = run_seconds
        self.running = 0
        self._slots = asyncio.Semaphore(count)

    async def run(self, work: Callable[[], T]) -> T:
        try:
            with anyio.fail_after(self.queue_seconds):
                await self._slots.acquire()
        except TimeoutError:
            raise ServerBusy from None
        loop = asyncio.get_running_loop()
        done: asyncio.Future[_Outcome[T]] = loop.create_future()
        thread = threading.Thread(
            target=self._work, args=(work, loop, done), name="bipartite-game-worker", daemon=True
        )
        try:
            thread.start()
        except BaseException:
            self._slots.release()
            raise
        self.running += 1
        try:
            with anyio.fail_after(self.run_seconds):
                # shielded: giving up on the result must not look like the
                # thread's end, which alone gives the slot back
                outcome = await asyncio.shield(done)
        except TimeoutError:
            raise OutOfTime from None
        finally:
            if not done.done():
                done.cancel()  # no one will read it now
        if outcome.error is not None:
            raise outcome.error
        return cast(T, outcome.value)

    def _work(
        self,
        work: Callable[[], T],
        loop: asyncio.AbstractEventLoop,
        done: asyncio.Future[_Outcome[T]],
    ) -> None:
        """The worker thread: run, then hand the outcome to the loop."""
        try:
            outcome = _Outcome(value=work())
        except BaseException as error:  # handed over, raised in the request
            outcome = _Outcome(error=error)
        # a closed event loop (RuntimeError) means the server has stopped
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(self._finished, done, outcome)

    def _finished(self, done: asyncio.Future[_Outcome[T]], outcome: _Outcome[T]) -> None:
        """In the event loop, once a thread has returned: free its slot."""
        self.running -= 1
        self._slots.release()
        if not done.done():
            done.set_result(outcome)


class Stopping:
    """The server's signal to its requests that it is shutting down.

    Requests register a callback (:meth:`on_stop`) that ends their waiting;
    :meth:`stop` calls them all, from the event loop.  Plain callbacks rather
    than an :class:`asyncio.Event`, so the object belongs to no event loop
    (a test client runs each session on a loop of its own).
    """

    def __init__(self) -> None:
        self.stopped = False
        self._callbacks: set[Callable[[], object]] = set()

    def stop(self) -> None:
        self.stopped = True
        for callback in list(self._callbacks):
            callback()

    def on_stop(self, callback: Callable[[], object]) -> None:
        self._callbacks.add(callback)

    def forget(self, callback: Callable[[], object]) -> None:
        self._callbacks.discard(callback)
