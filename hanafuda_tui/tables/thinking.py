"""Where bots think: off the caller's event loop, in threads nothing waits for."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import ParamSpec, TypeVar

from ..bots import Bot
from ..core.game import PlayerView

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


async def think(bot: Bot, view: PlayerView, pause: float) -> tuple[int, str]:
    """A bot's decision (half the pause first, so people can follow), thought in a daemon thread
    (``BOT_THREADS``: nothing waits for a long think a bot cannot break off); a faulty bot's is
    the first legal action, with what went wrong (the game goes on)."""
    if pause > 0:
        await asyncio.sleep(pause / 2)
    try:
        return await asyncio.get_running_loop().run_in_executor(BOT_THREADS, bot.act, view), ""
    except Exception as err:
        return view.legal[0], f"{type(err).__name__}: {err}"
