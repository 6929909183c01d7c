"""A load benchmark of the server (a command to run and report, not a test):
``python -m hanafuda_tui.server.load [--tables N] [--watchers N] [--processes N] [--seconds S]
[--think S]``.

It starts a server in a process of its own (its limits raised for one address: every client
connects from this machine), then ``processes`` client processes, each holding its share of
the bot players as asyncio tasks: every three players ask a quick match and play a year of
``--months`` with the ``random`` bot (cheap, so the server's work is what is measured), and
``watchers`` lobby connections read the lobby's states. It prints what the server did: tables
finished, actions a second, how long an update took from the server to its reader (p50, p95,
max: the update's own ``at`` against this machine's clock), the server's CPU seconds and its
memory, empty and with every table in play. ``--kill-at S`` kills the server with SIGKILL S
seconds into play and starts it again on the same database and port: the clients rejoin their
tables by themselves, and the report says whether every table finished and was rated once.
``--ramp N``: the players come N a second at the start, not all at once; ``--think S``: each
decision is made after S seconds on average (a person's pace rather than as fast as the server
answers); ``--seconds S``: the players stop after S seconds, and the report is of what was done
by then (with the database's tables by state).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import queue
import random
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.rulesets import RULESETS, ruleset_class

PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


# -- the server's process ---------------------------------------------------------------------------


def serve(db: str, port: int, ready: Any, profile: str | None = None) -> None:
    """The server on ``port`` (0: any) with limits for one address holding every client;
    ``profile``: where its cProfile statistics are written when it stops."""
    from .limits import Gate, ServerLimits
    from .lobby import LobbyServer
    from .store import ServerStore

    many = 1_000_000
    limits = ServerLimits(
        max_connections=many,
        connections_per_address=many,
        connections_per_player=many,
        tables_per_hour=many,
        tables_per_hour_per_address=many,
        players_per_hour=many,
        players_per_hour_per_address=many,
        messages_per_second=1000.0,
        message_burst=1000,
    )
    store = ServerStore(Path(db))
    store.open()
    server = LobbyServer(store, gate=Gate(limits=limits), report=lambda line: None)

    async def run() -> None:
        listening = await server.start("127.0.0.1", port)
        ready.put(listening)
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        await stop.wait()
        await server.stop()

    if profile is None:
        asyncio.run(run())
    else:
        import cProfile

        cProfile.runctx("asyncio.run(run())", globals(), {"run": run, "asyncio": asyncio}, profile)
    store.close()


def used(pid: int) -> tuple[float, int]:
    """A process's CPU seconds (user and system) and resident memory in bytes."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / TICKS
    with open(f"/proc/{pid}/statm") as f:
        rss = int(f.read().split()[1]) * PAGE
    return cpu, rss


# -- the clients' processes -------------------------------------------------------------------------


@dataclass
class Tally:
    """What one client process saw."""

    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    finished: list[int] = field(default_factory=list)
    """The tables whose year ended, one entry a player."""
    rated: int = 0
    tables: set[int] = field(default_factory=set)
    """The tables its players sat at."""
    lobby_states: int = 0
    rejoins: int = 0
    errors: list[str] = field(default_factory=list)


async def player(
    where: str,
    name: str,
    ruleset: str,
    options: dict[str, Any],
    tally: Tally,
    think: float = 0.0,
    start: float = 0.0,
) -> None:
    """One bot player: hello, a quick match, a year played (each decision after ``think``
    seconds on average, as a person would take); after a lost connection it says hello again
    with its token and rejoins its table. It comes ``start`` seconds after the run's start; a
    connection refused or timed out is tried again after a wait that doubles (to 15 s), as
    people's clients do, not at once."""
    from ..bots import make_bot
    from ..net.protocol import Act, Update
    from ..net.protocol import Welcome as TableWelcome
    from ..net.remote import RemoteGame
    from .online import LobbyConnection, OnlineError
    from .protocol import Error, Finished, Hello, JoinTable, QuickMatch, Seated, Welcome

    bot = make_bot("random", random.Random(name))
    pause = random.Random(f"{name}/think")
    await asyncio.sleep(start)
    retry = 0.5
    token = ""
    table: int | None = None
    while True:
        try:
            connection = await LobbyConnection.open(where)
        except OnlineError:  # the server is starting again, or busy
            await asyncio.sleep(retry * pause.uniform(0.5, 1.5))
            retry = min(15.0, 2 * retry)
            continue
        retry = 0.5
        try:
            await connection.send(Hello(token=token) if token else Hello(name=name, bot=True))
            welcome = await connection.next()
            if not isinstance(welcome, Welcome):
                tally.errors.append(f"{name}: {welcome}")
                return
            token = welcome.token or token
            rejoining = table is not None
            if table is None:
                await connection.send(QuickMatch(ruleset=ruleset, options=options))
            else:
                tally.rejoins += 1
                await connection.send(JoinTable(table=table))
            game: RemoteGame | None = None
            answered = -1
            async for message in connection.messages():
                if game is not None:
                    game.receive(message)
                if isinstance(message, Seated):
                    table, rejoining = message.table, False
                    tally.tables.add(table)
                elif isinstance(message, TableWelcome):
                    game, answered = RemoteGame(message), -1
                elif isinstance(message, Update) and game is not None:
                    tally.latencies.append(time.time() - message.at)
                elif isinstance(message, Finished) and message.table == table:
                    tally.finished.append(message.table)
                    tally.rated += message.rating is not None
                    return
                elif isinstance(message, Error) and rejoining:  # its table, waiting, was closed
                    table, rejoining = None, False
                    await connection.send(QuickMatch(ruleset=ruleset, options=options))
                elif isinstance(message, Error):
                    tally.errors.append(f"{name}: {message.reason}")
                view = game.to_decide() if game is not None else None
                if game is not None and view is not None and answered != game.seq:
                    answered = game.seq
                    if think:
                        await asyncio.sleep(think * pause.uniform(0.5, 1.5))
                    await connection.send(Act(action=bot.act(view), seq=game.seq))
                    tally.actions += 1
        except OnlineError:
            pass
        finally:
            await connection.close()
        await asyncio.sleep(0.2)  # lost: again, as a player's client would


async def watcher(where: str, name: str, tally: Tally, done: asyncio.Event) -> None:
    """A lobby connection that reads the lobby's states until the players are done."""
    from .online import LobbyConnection, OnlineError
    from .protocol import Hello, LobbyState

    while not done.is_set():
        try:
            connection = await LobbyConnection.open(where)
        except OnlineError:
            await asyncio.sleep(0.5)
            continue
        try:
            await connection.send(Hello(name=name))
            reading = asyncio.ensure_future(_read_lobby(connection, tally, LobbyState))
            stopping = asyncio.ensure_future(done.wait())
            await asyncio.wait({reading, stopping}, return_when=asyncio.FIRST_COMPLETED)
            reading.cancel()
            stopping.cancel()
        except OnlineError:
            pass
        finally:
            await connection.close()


async def _read_lobby(connection: Any, tally: Tally, state: type) -> None:
    async for message in connection.messages():
        tally.lobby_states += isinstance(message, state)


def clients(
    where: str, names: list[str], watchers: list[str], plan: dict[str, Any], out: Any
) -> None:
    """A client process: its players and watchers as tasks of one loop; its tally to ``out``."""

    async def run() -> Tally:
        tally = Tally()
        done = asyncio.Event()
        watching = [asyncio.ensure_future(watcher(where, w, tally, done)) for w in watchers]
        playing = asyncio.gather(
            *(
                player(
                    where,
                    n,
                    plan["ruleset"],
                    plan["options"],
                    tally,
                    plan["think"],
                    k / plan["ramp"],
                )
                for k, n in enumerate(names)
            )
        )
        try:
            await asyncio.wait_for(playing, plan["seconds"])
        except TimeoutError:  # the time given is up: what was done so far is the tally
            tally.errors.append(f"stopped after {plan['seconds']} s")
        done.set()
        await asyncio.gather(*watching, return_exceptions=True)
        return tally

    tally = asyncio.run(run())
    out.put({**tally.__dict__, "tables": sorted(tally.tables), "cpu": time.process_time()})


# -- the run ------------------------------------------------------------------------------------------


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hanafuda_tui.server.load", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--watchers", type=int, default=200)
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--ruleset", default="koikoi3")
    parser.add_argument("--months", type=int, default=3)
    parser.add_argument("--kill-at", type=float, default=None, metavar="S")
    parser.add_argument("--profile", default=None, metavar="FILE", help="the server's cProfile")
    parser.add_argument(
        "--seconds", type=float, default=None, help="stop the players after this long"
    )
    parser.add_argument(
        "--ramp", type=float, default=200.0, help="players a second that come, at the start"
    )
    parser.add_argument(
        "--think", type=float, default=0.0, metavar="S", help="seconds a decision takes, on average"
    )
    args = parser.parse_args(argv)
    if args.ruleset not in RULESETS:
        parser.error(f"--ruleset: one of {', '.join(RULESETS)}")
    seats = min(ruleset_class(args.ruleset).table_sizes)
    plan = {
        "ruleset": args.ruleset,
        "options": {"months": args.months},
        "seconds": args.seconds,
        "think": args.think,
        "ramp": args.ramp / args.processes,
    }
    from pydantic import ValidationError

    from .protocol import QuickMatch

    try:
        QuickMatch(ruleset=args.ruleset, options=plan["options"])
    except ValidationError as err:
        parser.error(err.errors()[0]["msg"])
    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="hanafuda-load-") as scratch:
        os.environ["HANAFUDA_CONFIG_DIR"] = scratch
        db = str(Path(scratch) / "server.sqlite3")
        ready = context.Queue()
        server = context.Process(target=serve, args=(db, 0, ready, args.profile), daemon=True)
        server.start()
        port = ready.get(timeout=60)
        where = f"127.0.0.1:{port}"
        base_cpu, base_rss = used(server.pid or 0)
        names = [f"load{i}" for i in range(args.tables * seats)]
        watchers = [f"watch{i}" for i in range(args.watchers)]
        out = context.Queue()
        started = time.monotonic()
        workers = [
            context.Process(
                target=clients,
                args=(where, names[k :: args.processes], watchers[k :: args.processes], plan, out),
            )
            for k in range(args.processes)
        ]
        for w in workers:
            w.start()
        peak_rss, killed = base_rss, False
        tallies: list[dict[str, Any]] = []
        cpu_before_kill = 0.0
        while len(tallies) < len(workers):
            with contextlib.suppress(queue.Empty):  # none yet: sample the server, wait on
                tallies.append(out.get(timeout=1.0))
            if server.is_alive():
                cpu, rss = used(server.pid or 0)
                peak_rss = max(peak_rss, rss)
            if (
                args.kill_at is not None
                and not killed
                and time.monotonic() - started > args.kill_at
            ):
                killed = True
                cpu_before_kill, _ = used(server.pid or 0)
                os.kill(server.pid or 0, signal.SIGKILL)
                server.join()
                print(
                    f"server killed (SIGKILL) at {time.monotonic() - started:.1f} s",
                    file=sys.stderr,
                )
                server = context.Process(target=serve, args=(db, port, ready), daemon=True)
                server.start()
                ready.get(timeout=60)
        wall = time.monotonic() - started
        cpu, _ = used(server.pid or 0)
        server.terminate()
        server.join()
        for w in workers:
            w.join()
        rated_once = _rated_once(db)
        states = _states(db)
    latencies = [x for t in tallies for x in t["latencies"]]
    actions = sum(t["actions"] for t in tallies)
    finished = {table for t in tallies for table in t["finished"]}
    seated = len({table for t in tallies for table in t["tables"]})
    report = {
        "tables": args.tables,
        "players": len(names),
        "watchers": args.watchers,
        "processes": args.processes,
        "ruleset": args.ruleset,
        "months": args.months,
        "think_s": args.think,
        "ramp_per_s": args.ramp,
        "tables_seated": seated,
        "tables_finished": len(finished),
        "players_finished": sum(len(t["finished"]) for t in tallies),
        "players_rated": sum(t["rated"] for t in tallies),
        "wall_s": round(wall, 1),
        "actions": actions,
        "actions_per_s": round(actions / wall, 1),
        "latency_ms": {
            "p50": round(1000 * percentile(latencies, 0.50), 1),
            "p95": round(1000 * percentile(latencies, 0.95), 1),
            "max": round(1000 * max(latencies, default=float("nan")), 1),
            "mean": round(1000 * statistics.fmean(latencies), 1) if latencies else None,
        },
        "clients_cpu_s": round(sum(t["cpu"] for t in tallies), 1),
        "lobby_states_read": sum(t["lobby_states"] for t in tallies),
        "server_cpu_s": round(cpu - base_cpu + cpu_before_kill, 1),
        "server_rss_mib": {"empty": round(base_rss / 2**20, 1), "peak": round(peak_rss / 2**20, 1)},
        "server_kib_per_table_seated": round((peak_rss - base_rss) / 1024 / max(1, seated), 1),
        "killed_and_restarted": killed,
        "rejoins": sum(t["rejoins"] for t in tallies),
        "ratings": rated_once,
        "tables_by_state": states,
        "errors": [e for t in tallies for e in t["errors"]][:10],
    }
    print(json.dumps(report, ensure_ascii=False, indent=2))
    return 0


def _states(db: str) -> dict[str, int]:
    """The database's tables by state: after a kill and a restart none should be ``closed``
    (every table in play resumed)."""
    import sqlite3

    with sqlite3.connect(db) as connection:
        rows = connection.execute("SELECT state, COUNT(*) FROM tables GROUP BY state").fetchall()
    return {str(state): int(count) for state, count in rows}


def _rated_once(db: str) -> dict[str, int]:
    """What the database says of the year's ratings: finished rated tables, the players whose
    games count differs from their rows of rating history (a year counted twice or not at all:
    should be 0), and finished rated tables without a row for every seat (should be 0)."""
    import sqlite3

    with sqlite3.connect(db) as connection:
        tables = connection.execute(
            "SELECT COUNT(*) FROM tables WHERE state = 'finished' AND rated = 1"
        ).fetchone()[0]
        miscounted = connection.execute(
            "SELECT COUNT(*) FROM ratings r WHERE r.games != (SELECT COUNT(*) FROM"
            " rating_history h WHERE h.player_id = r.player_id AND h.ruleset = r.ruleset)"
        ).fetchone()[0]
        unrated = connection.execute(
            "SELECT COUNT(*) FROM tables t WHERE t.state = 'finished' AND t.rated = 1 AND t.seats"
            " != (SELECT COUNT(*) FROM rating_history h WHERE h.table_id = t.id)"
        ).fetchone()[0]
    return {"rated_tables": tables, "players_miscounted": miscounted, "tables_unrated": unrated}


if __name__ == "__main__":
    sys.exit(main())
