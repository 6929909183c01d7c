"""``hanafuda serve`` under many sessions: how many game processes a few WebSockets make, their
memory, and how long a game's process outlives its dropped WebSocket. A benchmark to run by
hand, not a test:

    .venv/bin/python tests/bench_serve.py [--sessions 30] [--drops 3]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def rss_mib(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


async def until(what: Callable[[], object], seconds: float = 60, negate: bool = False) -> float:
    """Seconds until ``what()`` is true (``negate``: false), at most ``seconds``."""
    start = time.monotonic()
    while bool(what()) == negate:
        if time.monotonic() - start > seconds:
            return float("inf")
        await asyncio.sleep(0.05)
    return time.monotonic() - start


async def measure(url: str, server: int, sessions: int, drops: int) -> None:
    ws_url = url.replace("http://", "ws://") + "/ws?width=80&height=24"
    async with aiohttp.ClientSession() as http:
        opened = []
        refused: list[str] = []

        async def read(ws: aiohttp.ClientWebSocketResponse) -> None:
            while True:  # reading answers the server's pings, as a browser does
                message = await ws.receive()
                if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                    break
            if ws.close_code not in (None, 1000):
                refused.append(f"{ws.close_code} {message.extra or ''}")

        readers = []
        for _ in range(sessions):
            try:
                ws = await http.ws_connect(ws_url)
            except aiohttp.ClientError as err:
                refused.append(str(err))
                continue
            opened.append(ws)
            readers.append(asyncio.create_task(read(ws)))
        await asyncio.sleep(8)
        games = children(server)
        reasons = sorted(set(refused))[:1]
        print(
            f"{sessions} sessions asked for, {len(refused)} refused {reasons}:"
            f" {len(games)} game processes, {rss_mib(games):.0f} MiB"
        )
        for ws in opened:
            await ws.close()
        await asyncio.gather(*readers)
        await until(lambda: not children(server))
        for k in range(drops):
            ws = await http.ws_connect(ws_url)
            await until(lambda: children(server))
            await asyncio.sleep(3)
            game = children(server)[0]
            await ws.close()
            took = await until(Path(f"/proc/{game}").exists, negate=True)
            print(f"dropped session {k + 1}: its game's process ended {took:.1f} s later")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--drops", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        log = Path(data) / "server.log"
        with open(log, "wb") as out:
            server = subprocess.Popen(
                [sys.executable, "-m", "hanafuda_tui", "serve", "--port", "0"],
                env={**os.environ, "HANAFUDA_DATA_DIR": data},
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        try:
            while not (found := re.search(r"at (http://\S+)", log.read_text())):
                time.sleep(0.1)
            asyncio.run(measure(found.group(1), server.pid, args.sessions, args.drops))
        finally:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


if __name__ == "__main__":
    main()
