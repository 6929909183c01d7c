"""`hanafuda serve` as a real process for tests: started on a free port in a process session of its
own (so every game process it starts can be found and ended), its output kept in a file."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

WAIT = 30.0
"""Seconds at most to wait for any one thing a server, a game or a browser should do."""


def wait_until(
    what: str, ready: Callable[[], Any], on_timeout: Callable[[], None] = lambda: None
) -> Any:
    """Poll until ``ready()`` is truthy (its value), at most WAIT seconds; then fail naming it."""
    deadline = time.monotonic() + WAIT
    while True:
        value = ready()
        if value:
            return value
        if time.monotonic() > deadline:
            on_timeout()
            raise AssertionError(f"never happened: {what}")
        time.sleep(0.2)


def slot_held(directory: Path) -> bool:
    """Whether a running process holds this save slot's lock (tried and let go at once)."""
    import fcntl

    with open(directory / "save.lock", "a+b") as f:
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(f.fileno(), fcntl.LOCK_UN)
        return False


def in_session(pgid: int) -> bool:
    """Whether any process of the server's process group is left."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


@dataclass
class Served:
    proc: subprocess.Popen[bytes]
    url: str
    log: Path

    def output(self) -> str:
        return self.log.read_text("utf-8", errors="replace")


@contextlib.contextmanager
def serving(directory: Path, *argv: str, env: dict[str, str] | None = None) -> Iterator[Served]:
    """``hanafuda serve --port 0 ARGV`` with its data directory in ``directory`` (and ``env``);
    every process it started is killed on the way out."""
    log = directory / "server.log"
    environ = {**os.environ, "HANAFUDA_DATA_DIR": str(directory / "data"), **(env or {})}
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "hanafuda_tui", "serve", "--port", "0", *argv],
            env=environ,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:

        def address() -> str:
            found = re.search(r"serving the game at (http://\S+)", log.read_text("utf-8"))
            if found is None and proc.poll() is not None:
                raise AssertionError(f"the server did not start: {log.read_text('utf-8')}")
            return found.group(1) if found else ""

        yield Served(proc, wait_until("the server's address", address), log)
    finally:
        if in_session(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
