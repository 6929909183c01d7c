"""``hanafuda host`` and ``hanafuda join``: a table held by one machine and joined from others
(docs/protocol.md).

A host with no human seat runs headless: it prints the join codes (``--json``: one JSON line once
it listens) and exits 0 once the year is over and every client told. A host with a human seat
opens the table at its own keyboard; ``join`` opens the table on the joining player's terminal, or
with ``--bot`` plays the seat with a bot and no screen. Neither loads Textual until a screen is
needed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import random
import ssl
import sys
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..bots import make_bot
from ..core.records import (
    HUMAN,
    REMOTE,
    GameRecord,
    RecordError,
    SeatRecord,
    load_record,
    new_game,
    replay,
)
from ..core.rulesets import ruleset_class
from ..history import HistoryStore
from ..net.addresses import EVERY_INTERFACE, LOOPBACK, reachable_addresses
from ..tables.names import seat_names
from .common import error_exit

if TYPE_CHECKING:  # the network's modules (websockets) load only for host and join
    from ..net.host import Host, Table

PREDICTABLE = "deals are predictable: dealt from --seed (for tests only)"
TOLD_WAIT = 10.0
"""Seconds the host waits at the year's end for every client to be told before it exits."""


class NetUsageError(Exception):
    """Reported as one line with exit status 2."""


def given_name(option: str, name: str) -> str:
    """A name given on the command line, as the table shows it; refused (as the server refuses
    it) if it holds a control or invisible character, which the table would drop unseen."""
    from ..net.host import clean_name

    for ch in name:
        if unicodedata.category(ch)[0] == "C":
            raise NetUsageError(
                f"{option}: a name has no control or invisible characters (U+{ord(ch):04X} is one)"
            )
    return clean_name(name)


def guarded(
    command: Callable[[argparse.Namespace, Any], int], args: argparse.Namespace, options: Any
) -> int:
    from ..net.client import JoinError

    try:
        return command(args, options)
    except (NetUsageError, JoinError) as err:
        return error_exit(err, 2 if isinstance(err, NetUsageError) else 1)


# -- host ------------------------------------------------------------------------------------------


def server_tls(args: argparse.Namespace) -> ssl.SSLContext | None:
    if not args.certfile and not args.keyfile:
        return None
    if not (args.certfile and args.keyfile):
        raise NetUsageError("--certfile and --keyfile go together")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(args.certfile, args.keyfile)
    except (OSError, ssl.SSLError) as err:
        raise NetUsageError(f"cannot use the certificate: {err}") from None
    return context


def client_tls(args: argparse.Namespace) -> ssl.SSLContext | None:
    if not args.tls and not args.cafile and not args.where.startswith("wss://"):
        return None
    context = ssl.create_default_context()
    if args.cafile:
        try:
            context.load_verify_locations(args.cafile)
        except (OSError, ssl.SSLError) as err:
            raise NetUsageError(f"cannot use {args.cafile}: {err}") from None
    return context


def seat_list(args: argparse.Namespace, seated: int) -> list[SeatRecord]:
    specs = [s.strip() for s in args.seats.split(",")] if args.seats else []
    if not specs:
        specs = ([HUMAN] if not args.json else []) + [REMOTE] * seated
        specs = specs[:seated]
    if len(specs) != seated:
        raise NetUsageError(f"this table needs {seated} seats, got {len(specs)}")
    if specs.count(HUMAN) > 1:
        raise NetUsageError("one human at the host's keyboard at most (the others join)")
    for spec in specs:
        if spec not in (HUMAN, REMOTE):
            make_bot(spec, random.Random(0))
    names = [given_name("--names", n) for n in args.names.split(",")] if args.names else []
    if names and len(names) != seated:
        raise NetUsageError(f"--names: {seated} names, got {len(names)}")
    return [SeatRecord(name=names[k] if names else "", player=spec) for k, spec in enumerate(specs)]


def host_history() -> HistoryStore | None:
    """The host's history, where the finished year is kept; why not, in one line, if it cannot
    be kept (the table is hosted all the same)."""
    from ..tables.storage import data_dir

    store = HistoryStore(data_dir())
    usable = store.open()
    for notice in store.notices:
        print(f"hanafuda: {notice}", file=sys.stderr)
    if not usable:
        print(
            f"hanafuda: the year will not be kept in the history: {store.problem}", file=sys.stderr
        )
        return None
    return store


def default_record_path() -> Path:
    from ..tables.storage import data_dir

    stamp = time.strftime("%Y%m%d-%H%M%S")
    return data_dir() / "tables" / f"table-{stamp}.json"


def read_record(path: str) -> GameRecord:
    try:
        text = Path(path).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise NetUsageError(
            f"cannot read {path}: {getattr(err, 'strerror', None) or err}"
        ) from None
    try:
        return load_record(text)
    except RecordError as err:
        raise NetUsageError(f"{path}: {err}") from None


def make_table(args: argparse.Namespace, options: Any) -> Table:
    """The table asked for: a new game, or the one ``--resume`` continues (with its codes)."""
    from ..net.codes import codes_path, load_codes, new_code, save_codes
    from ..net.host import Table

    if args.resume:
        record = read_record(args.resume)
        if args.ruleset or args.option or args.seats or args.seed:
            raise NetUsageError("--resume continues a table as it was: no ruleset, option or seats")
        try:
            game = replay(record, rng=random.SystemRandom())
        except RecordError as err:
            raise NetUsageError(f"{args.resume}: {err}") from None
        if game.is_over:
            raise NetUsageError(f"{args.resume}: that year is over")
        path = Path(args.resume)
        kept = load_codes(codes_path(path))
        codes, spectator = kept if kept else (None, None)
        if kept is None:
            print(
                f"hanafuda: {codes_path(path)} cannot be read: every seat gets a new code",
                file=sys.stderr,
            )
        table = Table(game, list(record.seats), None, path, codes)
        table.history = host_history()
        table.spectator_code = spectator if args.spectators or spectator else None
        if args.spectators and not table.spectator_code:
            table.spectator_code = new_code()
        save_codes(codes_path(path), table.codes, table.spectator_code)
        return table
    ruleset = args.ruleset or "koikoi3"
    opts = options(ruleset, args.option or [])
    seats = seat_list(args, ruleset_class(ruleset).seated(opts))
    if args.json and any(s.player == HUMAN for s in seats):
        raise NetUsageError("--json is for a host with no human seat")
    # Every deck and the first 胴's draw from a secure source: no seed that the cards a player
    # sees could pin down. --seed deals predictably, for tests and games played again.
    rng = random.Random(args.seed) if args.seed else random.SystemRandom()
    game = new_game(ruleset, rng, opts)
    path = Path(args.record) if args.record else default_record_path()
    table = Table(game, seats, args.seed or None, path)
    table.history = host_history()
    table.spectator_code = new_code() if args.spectators else None
    try:
        save_codes(codes_path(path), table.codes, table.spectator_code)
    except OSError as err:
        raise NetUsageError(f"cannot keep the record at {path}: {err.strerror or err}") from None
    table.save()
    if table.save_error:
        raise NetUsageError(f"cannot keep the record: {table.save_error}")
    return table


def host_limits(args: argparse.Namespace) -> dict[str, int]:
    """The limits the command line sets (the others keep the host's defaults)."""
    given = {
        "max_connections": args.max_connections,
        "max_per_address": args.max_per_address,
        "max_spectators": args.max_spectators,
    }
    for name, value in given.items():
        if value is not None and value < 1:
            raise NetUsageError(f"--{name.replace('_', '-')}: at least 1, not {value}")
    return {name: value for name, value in given.items() if value is not None}


def cmd_host(args: argparse.Namespace, options: Any) -> int:
    after = args.stand_in_after
    if after is not None and not (math.isfinite(after) and after > 0):
        raise NetUsageError(f"--stand-in-after: seconds above 0, not {after}")
    tls = server_tls(args)
    limits = host_limits(args)
    table = make_table(args, options)
    listen = ("0.0.0.0" if args.public else "127.0.0.1", args.port)
    if not 0 <= args.port <= 65535:
        raise NetUsageError(f"--port: {args.port} is not a port")
    from ..net.host import Host
    from ..net.limits import Limits

    if args.public and tls is None:
        print(
            "hanafuda: warning: --public without --certfile: anyone who can reach this machine"
            " can connect, and the table's traffic (codes included) is not encrypted",
            file=sys.stderr,
        )
    host = Host(limits=Limits(**limits))
    host.add(table)
    if any(s.player == HUMAN for s in table.seats):
        try:
            from ..ui.netplay import run_host
        except ImportError as err:
            return error_exit(f"the screen cannot start ({err})", 1)
        return run_host(host, table, listen, tls)
    return asyncio.run(host_headless(host, table, listen, tls, args.json, args.stand_in_after))


async def host_headless(
    host: Host,
    table: Table,
    listen: tuple[str, int],
    tls: ssl.SSLContext | None,
    as_json: bool,
    stand_in_after: float | None,
) -> int:
    try:
        port = await host.start(*listen, tls)
    except OSError as err:
        return error_exit(f"cannot listen on {listen[0]}:{listen[1]}: {err}", 2)
    codes = {str(seat): code for seat, code in table.codes.items()}
    if as_json:
        line: dict[str, Any] = {"port": port, "codes": codes, "record": str(table.record_path)}
        line["predictable"] = table.predictable
        if table.spectator_code:
            line["spectator"] = table.spectator_code
        print(json.dumps(line), flush=True)
    else:
        told = listening_lines(listen[0], port, tls is not None, table, reachable_addresses)
        print("\n".join(told), flush=True)
    watcher = asyncio.create_task(stand_ins(table, stand_in_after)) if stand_in_after else None
    try:
        await table.play()
        deadline = time.monotonic() + TOLD_WAIT
        while not table.all_told() and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
    finally:
        if watcher is not None:
            watcher.cancel()
        table.close()
        await host.close()
    return 0


def listening_lines(
    bound: str,
    port: int,
    secure: bool,
    table: Table,
    addresses: Callable[[], list[str]],
) -> list[str]:
    """Where the table listens and each seat's join command: on every interface (``--public``),
    this machine's addresses others can use, and that 127.0.0.1 is for this machine only."""
    scheme = "wss" if secure else "ws"
    lines = [f"table at {scheme}://{bound}:{port}  (record: {table.record_path})"]
    where = bound
    if bound in EVERY_INTERFACE:
        found = addresses()
        if found:
            lines.append(f"  others join at: {', '.join(f'{a}:{port}' for a in found)}")
            where = found[0]
        else:
            lines.append("  others join at this machine's address on their network (none found)")
        lines.append(f"  {LOOPBACK}:{port} is for this machine only")
    if table.predictable:
        lines.append(f"  {PREDICTABLE}")
    names = seat_names(table.seats, "en")
    for seat, code in table.codes.items():
        lines.append(f"  seat {seat + 1} ({names[seat]}): hanafuda join {where}:{port} {code}")
    if table.spectator_code:
        lines.append(f"  spectators: hanafuda join {where}:{port} {table.spectator_code}")
    return lines


async def stand_ins(table: Table, after: float) -> None:
    """Give each seat whose player left and has been away ``after`` seconds to a normal bot (a
    seat not yet joined waits for its player)."""
    while True:
        await asyncio.sleep(min(1.0, after))
        now = time.monotonic()
        for seat, since in list(table.away.items()):
            if seat in table.dropped and now - since >= after and seat not in table.stand_ins:
                table.give_to_bot(seat)


# -- join ------------------------------------------------------------------------------------------


def cmd_join(args: argparse.Namespace, options: Any) -> int:
    scheme, sep, _ = args.where.partition("://")
    if sep and scheme.lower() not in ("ws", "wss"):
        raise NetUsageError(
            f"join takes HOST:PORT (or ws://, wss://), not {scheme}:// (host prints the address)"
        )
    tls = client_tls(args)
    name = given_name("--name", args.name)
    record = Path(args.record) if args.record else None
    if args.trace and not args.bot:
        raise NetUsageError("--trace goes with --bot")
    if args.bot:
        make_bot(args.bot, random.Random(0))
        return asyncio.run(join_headless(args, tls, name, record))
    try:
        from ..ui.netplay import run_join
    except ImportError as err:
        return error_exit(f"the screen cannot start ({err})", 1)
    return run_join(args.where, args.code, name, tls, record)


async def join_headless(
    args: argparse.Namespace, tls: ssl.SSLContext | None, name: str, record: Path | None
) -> int:
    trace = None
    if args.trace:
        try:
            trace = open(args.trace, "w", encoding="utf-8")  # noqa: SIM115 (closed below)
        except OSError as err:
            raise NetUsageError(f"cannot write {args.trace}: {err.strerror or err}") from None
    try:
        from ..net.client import play_bot

        def say(line: str) -> None:
            print(f"hanafuda: {line}", file=sys.stderr, flush=True)

        game = await play_bot(args.where, args.code, args.bot, name, tls, trace, record, say=say)
    finally:
        if trace is not None:
            trace.close()
    totals = " ".join(f"{s:+d}" for s in game.scores)
    print(f"the year is over: {totals}")
    return 0
