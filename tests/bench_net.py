"""Load on one host process: many hosted tables, three headless ``random`` clients at each, the
clients spread over a few processes as asyncio tasks of the same client code, so that the figures
measure the host. A benchmark to run by hand, not a test:

    .venv/bin/python tests/bench_net.py [--tables 100] [--clients 3] [--months 12] [--stall]

It prints actions per second at the host, the latency of each update from the host's clock when
it made it to the client's receipt (p50, p95, max), and the host's memory per table. ``--stall``
makes one client of the first table stop answering for 20 s; the other tables' figures are then
compared with a run without it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from hanafuda_tui.bots import make_bot
from hanafuda_tui.core.records import REMOTE, SeatRecord, new_game
from hanafuda_tui.net.client import Connection
from hanafuda_tui.net.host import Host, Table
from hanafuda_tui.net.limits import Limits
from hanafuda_tui.net.protocol import Update

HERE = Path(__file__).resolve()


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def run_host(tables: int, months: int) -> None:
    """The host process: print the port and codes, play every table out, print the figures."""
    before = rss_kib()
    host = Host(limits=Limits(max_per_address=10 * tables))  # every client is on this machine
    made = []
    for t in range(tables):
        game = new_game("koikoi3", random.Random(f"load/{t}"), {"months": months})
        seats = [SeatRecord(name=f"{t}/{s}", player=REMOTE) for s in range(3)]
        made.append(host.add(Table(game, seats, f"load/{t}")))
    port = await host.start()
    codes = [[table.codes[s] for s in range(3)] for table in made]
    print(json.dumps({"port": port, "codes": codes}), flush=True)
    start = time.monotonic()
    peak = 0

    async def sample() -> None:
        nonlocal peak
        while True:
            peak = max(peak, rss_kib())
            await asyncio.sleep(0.5)

    sampler = asyncio.create_task(sample())
    ends: list[tuple[int, float]] = []

    async def play(index: int, table: Table) -> None:
        await table.play()
        ends.append((index, time.monotonic() - start))

    await asyncio.gather(*(play(k, table) for k, table in enumerate(made)))
    wall = time.monotonic() - start
    sampler.cancel()
    actions = sum(table.seq for table in made)
    print(
        json.dumps(
            {
                "actions": actions,
                "wall": wall,
                "ends": ends,
                "rss_before_kib": before,
                "rss_peak_kib": peak,
            }
        ),
        flush=True,
    )
    await asyncio.sleep(1)
    await host.close()


async def client(port: int, code: str, stall: float, out: list[tuple[int, float]]) -> None:
    """A ``random`` client recording each update's latency (its table's index first)."""
    table = int(code.split(":")[0])
    code = code.split(":")[1]
    bot = make_bot("random", random.Random(code))
    connection = await Connection.open(f"127.0.0.1:{port}", code)
    game = connection.game
    stalled = False
    async for message in connection.messages():
        if isinstance(message, Update):
            out.append((table, time.time() - message.at))
            view = game.current
            if view is not None and view.legal and game.to_act == game.seat:
                if stall and not stalled:
                    stalled = True
                    await asyncio.sleep(stall)
                await connection.act(bot.act(view))
        if message.type == "over":
            break
    await connection.close()


async def run_clients(port: int, codes: list[str], stall_first: float) -> None:
    out: list[tuple[int, float]] = []
    await asyncio.gather(
        *(client(port, c, stall_first if k == 0 else 0, out) for k, c in enumerate(codes))
    )
    print(json.dumps(out), flush=True)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--months", type=int, default=12)
    parser.add_argument("--processes", type=int, default=3, help="client processes")
    parser.add_argument("--stall", action="store_true")
    parser.add_argument("--role", choices=["host", "clients"], help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--codes", help=argparse.SUPPRESS)
    parser.add_argument("--stall-first", type=float, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.role == "host":
        asyncio.run(run_host(args.tables, args.months))
        return
    if args.role == "clients":
        asyncio.run(run_clients(args.port, args.codes.split(","), args.stall_first))
        return
    me = [sys.executable, str(HERE)]
    host = subprocess.Popen(
        [*me, "--role", "host", "--tables", str(args.tables), "--months", str(args.months)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert host.stdout is not None
    listening = json.loads(host.stdout.readline())
    port = listening["port"]
    seats = [f"{t}:{c}" for t, codes in enumerate(listening["codes"]) for c in codes]
    groups = [seats[k :: args.processes] for k in range(args.processes)]
    clients = [
        subprocess.Popen(
            [*me, "--role", "clients", "--port", str(port), "--codes", ",".join(group)]
            + ["--stall-first", str(20.0 if args.stall and k == 0 else 0)],
            stdout=subprocess.PIPE,
            text=True,
        )
        for k, group in enumerate(groups)
    ]
    latencies: list[tuple[int, float]] = []
    for process in clients:
        out, _ = process.communicate()
        latencies += [tuple(x) for x in json.loads(out)]  # type: ignore[misc]
    figures: dict[str, Any] = json.loads(host.stdout.readline())
    host.wait()
    others = [lat for table, lat in latencies if table != 0]
    every = [lat for _, lat in latencies]
    per_table = (figures["rss_peak_kib"] - figures["rss_before_kib"]) / args.tables
    first = next(end for index, end in figures["ends"] if index == 0)
    ends = sorted(end for index, end in figures["ends"] if index != 0)
    print(f"tables {args.tables} x 3 clients, {args.months} months, stall: {args.stall}")
    print(
        f"actions {figures['actions']} in {figures['wall']:.1f} s: "
        f"{figures['actions'] / figures['wall']:.0f} actions/s at the host"
    )
    print(
        f"updates received {len(every)}: latency ms p50 {1000 * percentile(every, 0.5):.1f}"
        f" p95 {1000 * percentile(every, 0.95):.1f} max {1000 * max(every):.1f}"
    )
    print(
        f"  other tables than the first: p50 {1000 * percentile(others, 0.5):.1f}"
        f" p95 {1000 * percentile(others, 0.95):.1f} max {1000 * max(others):.1f}"
    )
    print(
        f"the other tables ended after {ends[0]:.1f} s to {ends[-1]:.1f} s"
        f" (median {percentile(ends, 0.5):.1f} s); the first table after {first:.1f} s"
    )
    print(
        f"host memory: {figures['rss_before_kib'] / 1024:.0f} MiB before, peak"
        f" {figures['rss_peak_kib'] / 1024:.0f} MiB: {per_table:.0f} KiB per table"
    )


if __name__ == "__main__":
    main()
