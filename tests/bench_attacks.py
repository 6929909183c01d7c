"""A hostile player against one host process, and what a legitimate player meanwhile sees. A
benchmark to run by hand, not a test:

    .venv/bin/python tests/bench_attacks.py connections [--seconds 25] [--nofile 1024] [--addresses 1]
    .venv/bin/python tests/bench_attacks.py guesses [--seconds 20] [--attackers 1000]
    .venv/bin/python tests/bench_attacks.py flood
    .venv/bin/python tests/bench_attacks.py spectators [--spectators 400] [--months 3]

The host runs in a process of its own (``--nofile``: its open-file limit, soft and hard), its
stderr kept and counted. The attacker connects from 127.0.0.1 (``connections --addresses N``: from
127.1.x.y, N addresses), the legitimate player from 127.0.0.2 (another address of this machine):

- ``connections``: 20 loops each opening WebSocket connections and holding them, never joining;
  meanwhile the player joins as a spectator every half second: its join latency and failures,
  and how much the host wrote on stderr.
- ``guesses``: ``--attackers`` connections each guessing codes in a loop; the player's joins.
- ``flood``: one connection at a table sends acts as fast as it can; another table played by
  three ``random`` clients: their round trip (act sent to the next update received), compared
  with a third table's played before the flood.
- ``spectators``: one table, ``--spectators`` spectators reading everything, three ``random``
  clients: the host's CPU per action, the round trip, and the year's wall time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from hanafuda_tui.bots import make_bot
from hanafuda_tui.core.records import REMOTE, SeatRecord, new_game
from hanafuda_tui.net import host as hosting
from hanafuda_tui.net.client import Connection, JoinError
from hanafuda_tui.net.host import Host, Table
from hanafuda_tui.net.protocol import Update

HERE = Path(__file__).resolve()
PLAYER = "127.0.0.2"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")


def ms(values: list[float]) -> str:
    return (
        f"p50 {1000 * percentile(values, 0.5):.1f} p95 {1000 * percentile(values, 0.95):.1f}"
        f" max {1000 * max(values, default=float('nan')):.1f} ms"
    )


# -- the host process ------------------------------------------------------------------------------


async def run_host(tables: int, months: int, spectators: int) -> None:
    """Tables of three remote seats with a spectator code; print the port and codes, play every
    table out, print the CPU and wall time it took."""
    host = Host()
    limits = getattr(hosting, "Limits", None)
    if limits is not None and spectators:  # room for the spectators being measured
        host.limits = limits(max_spectators=spectators, max_per_address=spectators + 10)
    made = []
    for t in range(tables):
        game = new_game("koikoi3", random.Random(f"attack/{t}"), {"months": months})
        seats = [SeatRecord(name=f"{t}/{s}", player=REMOTE) for s in range(3)]
        made.append(host.add(Table(game, seats, f"attack/{t}", spectator_code=f"watch{t}")))
    port = await host.start()
    codes = [[table.codes[s] for s in range(3)] for table in made]
    print(json.dumps({"port": port, "codes": codes}), flush=True)
    playing = asyncio.gather(*(table.play() for table in made))
    while not any(table.seq for table in made):  # the figures start with the first action
        await asyncio.sleep(0.005)
    cpu, start = time.process_time(), time.monotonic()
    await playing
    figures = {
        "actions": sum(table.seq for table in made),
        "cpu": time.process_time() - cpu,
        "wall": time.monotonic() - start,
    }
    print(json.dumps(figures), flush=True)
    await asyncio.sleep(0.5)
    await host.close()


def start_host(args: argparse.Namespace, tables: int, months: int, spectators: int = 0) -> Any:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (args.nofile, args.nofile))

    stderr = open(args.log, "w")  # noqa: SIM115 (read back at the end)
    process = subprocess.Popen(
        [sys.executable, str(HERE), "host", "--tables", str(tables), "--months", str(months)]
        + ["--spectators", str(spectators)]
        + (["--profile", args.profile] if args.profile else []),
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
        preexec_fn=limit if args.nofile else None,
    )
    assert process.stdout is not None
    listening = json.loads(process.stdout.readline())
    return process, listening


def host_log(args: argparse.Namespace) -> str:
    text = Path(args.log).read_text("utf-8", errors="replace")
    lines = text.splitlines()
    tracebacks = sum(1 for line in lines if line.startswith("Traceback"))
    kinds: dict[str, int] = {}
    for line in lines:
        if line and not line.startswith((" ", "Traceback")):
            kinds[line[:70]] = kinds.get(line[:70], 0) + 1
    common = sorted(kinds.items(), key=lambda kv: -kv[1])[:4]
    shown = "; ".join(f"{n} x {line!r}" for line, n in common)
    return (
        f"host stderr: {len(text):,} bytes, {len(lines):,} lines, {tracebacks:,} tracebacks"
        f"{': ' + shown if shown else ''}"
    )


# -- the legitimate player -------------------------------------------------------------------------


async def open_from(where: str, code: str, source: str) -> Connection:
    """``Connection.open`` from the address ``source`` of this machine."""
    socket = await connect(f"ws://{where}", open_timeout=10, local_addr=(source, 0))
    await socket.send(json.dumps({"v": 1, "type": "join", "code": code}))
    raw = await socket.recv()
    first = json.loads(raw)
    if first["type"] != "welcome":
        await socket.close()
        raise JoinError(first.get("reason", "not welcomed"), refused=True)
    return socket  # type: ignore[return-value]


async def joins(where: str, code: str, seconds: float) -> tuple[list[float], list[str]]:
    """Join as a spectator every half second for ``seconds``: each join's latency, each failure."""
    took: list[float] = []
    failed: list[str] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.monotonic()
        try:
            socket: Any = await asyncio.wait_for(open_from(where, code, PLAYER), 15)
            took.append(time.monotonic() - start)
            await socket.close()
        except (OSError, TimeoutError, JoinError, Exception) as err:
            failed.append(f"{type(err).__name__}: {err}"[:80])
        await asyncio.sleep(0.5)
    return took, failed


async def joins_apart(where: str, code: str, seconds: float) -> tuple[list[float], list[str]]:
    """``joins`` in a process of its own, so that the attacker's tasks do not hold it up."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, str(HERE), "player", "--where", where, "--seconds", str(seconds),
        stdout=subprocess.PIPE,
    )  # fmt: skip
    out, _ = await process.communicate()
    took, failed = json.loads(out)
    return took, failed


def report_joins(took: list[float], failed: list[str]) -> None:
    print(f"player's joins: {len(took)} joined, {len(failed)} failed; latency {ms(took)}")
    for reason in sorted(set(failed))[:3]:
        print(f"  failed: {failed.count(reason)} x {reason}")


# -- the attacks -----------------------------------------------------------------------------------


async def hold_connections(
    where: str, seconds: float, loops: int, addresses: int
) -> tuple[int, int]:
    """``loops`` loops each opening connections from one of ``addresses`` addresses and holding
    them: opened, refused."""
    held: list[ClientConnection] = []
    counts = [0, 0]
    end = time.monotonic() + seconds

    async def loop(k: int) -> None:
        while time.monotonic() < end:
            source = f"127.1.{k % addresses // 250}.{1 + k % addresses % 250}"
            k += loops
            try:
                held.append(await connect(f"ws://{where}", open_timeout=5, local_addr=(source, 0)))
                counts[0] += 1
            except Exception:
                counts[1] += 1
                await asyncio.sleep(0.01)

    await asyncio.gather(*(loop(k) for k in range(loops)))
    for socket in held:
        socket.transport.abort()
    return counts[0], counts[1]


async def guess_codes(where: str, seconds: float, attackers: int) -> int:
    """``attackers`` connections each guessing codes in a loop: how many guesses were answered."""
    answered = 0
    end = time.monotonic() + seconds

    async def guesser(k: int) -> None:
        nonlocal answered
        while time.monotonic() < end:
            try:
                async with connect(f"ws://{where}", open_timeout=10) as socket:
                    guess = f"{random.randrange(10**6):06d}"
                    await socket.send(json.dumps({"v": 1, "type": "join", "code": guess}))
                    await socket.recv()
                    answered += 1
            except Exception:
                await asyncio.sleep(0.1)

    await asyncio.gather(*(guesser(k) for k in range(attackers)))
    return answered


async def flood(where: str, code: str, until: asyncio.Event) -> tuple[int, int, str, float]:
    """Acts as fast as one connection sends them (reading the refusals) until ``until`` is set: sent, refusals read,
    why it ended, and the seconds it lasted."""
    socket = await connect(f"ws://{where}")
    await socket.send(json.dumps({"v": 1, "type": "join", "code": code}))
    act = json.dumps({"v": 1, "type": "act", "action": 9999, "seq": 0})
    sent = refused = 0
    ended = "the other table's year ended"
    start = time.monotonic()

    async def read() -> None:
        nonlocal refused, ended
        try:
            async for raw in socket:
                text = str(raw)
                refused += '"refused"' in text
                if '"closed"' in text:
                    ended = f"closed: {json.loads(text)['reason']}"
        except Exception as err:
            ended = ended if ended.startswith("closed") else f"{type(err).__name__}: {err}"

    reader = asyncio.create_task(read())
    try:
        while not until.is_set():
            await socket.send(act)
            sent += 1
            while sent - refused > 100 and not until.is_set():  # reads as fast as it sends
                await asyncio.sleep(0.0005)
    except Exception as err:
        ended = ended if ended.startswith("closed") else f"{type(err).__name__}: {err}"
    lasted = time.monotonic() - start
    await asyncio.sleep(0.2)
    socket.transport.abort()
    reader.cancel()
    return sent, refused, ended, lasted


async def play_measured(where: str, code: str, trips: list[float]) -> None:
    """A ``random`` client recording each round trip: its act sent to the next update."""
    bot = make_bot("random", random.Random(code))
    connection = await Connection.open(where, code)
    game = connection.game
    sent_at = 0.0
    async for message in connection.messages():
        if isinstance(message, Update):
            if sent_at:
                trips.append(time.monotonic() - sent_at)
                sent_at = 0.0
            view = game.current
            if view is not None and view.legal and game.to_act == game.seat:
                sent_at = time.monotonic()
                await connection.act(bot.act(view))
        if message.type == "over":
            break
    await connection.close()


async def spectate(where: str, code: str, k: int) -> int:
    source = f"127.0.{1 + k // 200}.{2 + k % 200}"  # spread over addresses: one is not many
    try:
        socket = await connect(f"ws://{where}", local_addr=(source, 0), max_size=None)
        await socket.send(json.dumps({"v": 1, "type": "join", "code": code}))
    except Exception:
        return 0
    received = 0
    try:
        async for raw in socket:
            received += 1
            if '"type":"over"' in str(raw) or '"type":"closed"' in str(raw):
                break
    except Exception:
        pass
    await socket.close()
    return received


async def watch_all(where: str, count: int) -> list[int]:
    return list(await asyncio.gather(*(spectate(where, "watch0", k) for k in range(count))))


# -- the scenarios ---------------------------------------------------------------------------------


async def scenario(args: argparse.Namespace, where: str, codes: list[list[str]]) -> Any:
    if args.attack == "connections":
        attack = asyncio.create_task(hold_connections(where, args.seconds, 20, args.addresses))
        await asyncio.sleep(1)
        took, failed = await joins_apart(where, "watch0", args.seconds - 1)
        opened, refused = await attack
        print(f"attacker: {opened} connections opened, {refused} refused or failed")
        report_joins(took, failed)
    elif args.attack == "guesses":
        attack = asyncio.create_task(guess_codes(where, args.seconds, args.attackers))
        await asyncio.sleep(2)
        took, failed = await joins_apart(where, "watch0", args.seconds - 2)
        answered = await attack
        print(f"attacker: {answered} guesses answered, {answered / args.seconds:.0f} a second")
        report_joins(took, failed)
    elif args.attack == "flood":
        trips: list[float] = []
        await asyncio.gather(*(play_measured(where, code, trips) for code in codes[2]))
        print(f"a table's round trip without the flood: {len(trips)} actions, {ms(trips)}")
        trips = []
        done = asyncio.Event()
        attack = asyncio.create_task(flood(where, codes[0][0], done))
        await asyncio.sleep(0.5)
        await asyncio.gather(*(play_measured(where, code, trips) for code in codes[1]))
        done.set()
        sent, refusals, ended, lasted = await attack
        print(
            f"flooder: {sent} acts sent in {lasted:.1f} s ({sent / lasted:.0f}/s),"
            f" {refusals} refusals read; {ended}"
        )
        print(f"other table's round trip: {len(trips)} actions, {ms(trips)}")
    elif args.attack == "spectators":
        trips = []
        watchers = await asyncio.create_subprocess_exec(
            sys.executable, str(HERE), "spectate", "--where", where,
            "--spectators", str(args.spectators), stdout=subprocess.PIPE,
        )  # fmt: skip
        await asyncio.sleep(1 + args.spectators / 200)
        await asyncio.gather(*(play_measured(where, code, trips) for code in codes[0]))
        out, _ = await watchers.communicate()
        print(f"spectators: {int(out)} of {args.spectators} were told the year")
        print(f"round trip: {len(trips)} actions, {ms(trips)}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "attack",
        choices=["connections", "guesses", "flood", "spectators", "host", "player", "spectate"],
    )
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--attackers", type=int, default=1000)
    parser.add_argument("--addresses", type=int, default=1, help="the attacker's addresses")
    parser.add_argument("--spectators", type=int, default=400)
    parser.add_argument("--months", type=int, default=3)
    parser.add_argument("--nofile", type=int, default=0, help="the host's open-file limit")
    parser.add_argument("--log", default="/tmp/bench_attacks_host.log")
    parser.add_argument("--tables", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--where", help=argparse.SUPPRESS)
    parser.add_argument("--profile", metavar="FILE", help="the host's cProfile statistics")
    args = parser.parse_args()
    if args.attack == "host":
        if args.profile:
            import cProfile

            cProfile.runctx(
                "asyncio.run(run_host(args.tables, args.months, args.spectators))",
                globals(),
                {"args": args},
                args.profile,
            )
        else:
            asyncio.run(run_host(args.tables, args.months, args.spectators))
        return
    if args.attack == "spectate":  # the spectators, in a process of their own
        received = asyncio.run(watch_all(args.where, args.spectators))
        print(sum(1 for r in received if r > 2))
        return
    if args.attack == "player":
        print(json.dumps(asyncio.run(joins(args.where, "watch0", args.seconds))))
        return
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(20000, hard), hard))
    tables = 3 if args.attack == "flood" else 1
    months = args.months if args.attack == "spectators" else 12
    spectators = args.spectators if args.attack == "spectators" else 0
    host, listening = start_host(args, tables, months, spectators)
    where = f"127.0.0.1:{listening['port']}"
    asyncio.run(scenario(args, where, listening["codes"]))
    if args.attack == "spectators":
        assert host.stdout is not None
        figures = json.loads(host.stdout.readline())
        print(
            f"host: {figures['actions']} actions, CPU {1000 * figures['cpu'] / figures['actions']:.1f}"
            f" ms per action, the year took {figures['wall']:.1f} s"
        )
    host.kill()
    host.wait()
    print(host_log(args))


if __name__ == "__main__":
    main()
