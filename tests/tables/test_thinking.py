"""Bots think in daemon threads: a call's result or error comes back to whoever awaits it, and a
call still running holds up nothing (the interpreter's exit included)."""

from __future__ import annotations

import asyncio
import threading

import pytest

from hanafuda_tui.tables.thinking import DaemonThreads


def test_a_call_s_result_and_error_come_back_to_the_awaiting_loop() -> None:
    def fail() -> int:
        raise RuntimeError("thinking failed")

    async def go() -> int:
        loop = asyncio.get_running_loop()
        with pytest.raises(RuntimeError, match="thinking failed"):
            await loop.run_in_executor(DaemonThreads(), fail)
        return await loop.run_in_executor(DaemonThreads(), sum, [1, 2, 3])

    assert asyncio.run(go()) == 6


def test_a_call_still_running_is_a_daemon_nobody_joins() -> None:
    release, started = threading.Event(), threading.Event()
    running: list[threading.Thread] = []

    def think() -> None:
        running.append(threading.current_thread())
        started.set()
        release.wait(30)

    future = DaemonThreads().submit(think)
    try:
        assert started.wait(30)
        assert running[0].daemon and not future.cancel()  # running: nothing can stop it
    finally:
        release.set()
    future.result(30)
