"""Where bots think: off the caller's event loop, in threads nothing waits for."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


class DaemonThreads(Executor):
    """Runs each call in a daemon thread of its own, so that nothing (leaving a table, quitting,
    the interpreter's exit) waits for a call still running: a bot cannot be interrupted
    mid-search. An executor's pooled threads are joined when its loop closes and at exit."""

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future: Future[T] = Future()

        def run() -> None:
            if not future.set_running_or_notify_cancel():
                return
            try:
                result = fn(*args, **kwargs)
            except BaseException as err:  # handed to whoever awaits the future
                future.set_exception(err)
            else:
                future.set_result(result)

        threading.Thread(target=run, name="bot", daemon=True).start()
        return future


BOT_THREADS = DaemonThreads()
"""The executor of the bots at this keyboard's tables."""
