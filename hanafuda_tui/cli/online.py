"""``hanafuda server`` and ``hanafuda online`` (docs/server.md).

``server`` runs the server where players meet until SIGTERM or Ctrl+C, which save every table in
play and tell every client before it exits 0 (``--json``: ``{"port": N}`` once listening).
``online`` opens the lobby on screen; with ``--bot`` it is a headless client instead (quick
matches played with a bot, one line per finished year), or it prints a ruleset's leaderboard, or
moves the player's token for that server to another machine as one line
(``--export-token``/``--import-token``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import ssl
import sys
from pathlib import Path
from typing import Any

from ..bots import make_bot
from ..core.rulesets import ruleset_class
from .common import error_exit, print_json, ruleset_options
from .together import NetUsageError, client_tls, server_tls

DB_NAME = "server.sqlite3"


def cmd_server(args: argparse.Namespace) -> int:
    try:
        return run_server(args)
    except NetUsageError as err:
        return error_exit(err, 2)


def run_server(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        raise NetUsageError(f"--port: {args.port} is not a port")
    make_bot(args.bot, random.Random(0))
    tls = server_tls(args)
    from ..server.limits import BanList, Gate, TrustedProxies, load_bans
    from ..server.lobby import LobbyServer
    from ..server.store import ServerStore, StoreError
    from ..tables.storage import data_dir

    try:
        proxies = TrustedProxies.parse(args.trusted_proxy)
    except ValueError as err:
        raise NetUsageError(f"--trusted-proxy: {err}") from None
    bans = BanList()
    if args.bans:
        bans, problems = load_bans(Path(args.bans))
        for problem in problems:
            print(f"hanafuda: {problem}", file=sys.stderr)
    db = Path(args.db) if args.db else data_dir() / DB_NAME
    store = ServerStore(db)
    try:
        store.open()
    except StoreError as err:
        raise NetUsageError(str(err)) from None
    if args.public and tls is None:
        print(
            "hanafuda: warning: --public without --certfile: the players' tokens and tables"
            " travel unencrypted",
            file=sys.stderr,
        )
    server = LobbyServer(store, gate=Gate(bans=bans), bot_level=args.bot, proxies=proxies)
    listen = ("0.0.0.0" if args.public else "127.0.0.1", args.port)
    try:
        return asyncio.run(serve_until_stopped(server, listen, tls, args.json, db))
    finally:
        store.close()


async def serve_until_stopped(
    server: Any, listen: tuple[str, int], tls: ssl.SSLContext | None, as_json: bool, db: Path
) -> int:
    try:
        port = await server.start(*listen, tls)
    except OSError as err:
        return error_exit(f"cannot listen on {listen[0]}:{listen[1]}: {err}", 2)
    if as_json:
        print(json.dumps({"port": port}), flush=True)
    else:
        scheme = "wss" if tls is not None else "ws"
        print(f"server at {scheme}://{listen[0]}:{port}  (database: {db})", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await server.stop()
    return 0


def cmd_online(args: argparse.Namespace) -> int:
    from ..server.online import OnlineError
    from ..server.tokens import TokenFileError

    try:
        return run_online(args)
    except NetUsageError as err:
        return error_exit(err, 2)
    except (OnlineError, TokenFileError) as err:
        return error_exit(err, 1)


def run_online(args: argparse.Namespace) -> int:
    scheme, sep, _ = args.where.partition("://")
    if sep and scheme.lower() not in ("ws", "wss"):
        raise NetUsageError(f"online takes HOST:PORT (or ws://, wss://), not {scheme}://")
    if args.export_token or args.import_token is not None:
        return move_token(args)
    if args.quick and args.leaderboard:
        raise NetUsageError("online takes --quick RULESET or --leaderboard RULESET, not both")
    if args.name:
        from ..server.identity import IdentityError, check_name

        try:
            check_name(args.name)
        except IdentityError as err:
            raise NetUsageError(f"--name: {err}") from None
    tls = client_tls(args)
    if args.leaderboard:
        ruleset_class(args.leaderboard)
        return asyncio.run(show_leaderboard(args, tls))
    if not args.bot:
        if args.quick:
            raise NetUsageError("--quick plays with a --bot LEVEL (without one: the lobby)")
        from ..ui.lobby import run_lobby

        return run_lobby(args.where, tls, args.name)
    if not args.quick:
        raise NetUsageError("--bot plays quick matches: give --quick RULESET")
    options = ruleset_options(args.quick, args.option).model_dump(exclude_defaults=True)
    make_bot(args.bot, random.Random(0))
    if args.years < 1:
        raise NetUsageError(f"--years: at least 1, not {args.years}")
    if args.bots_after is not None and not 0 <= args.bots_after <= 600:
        raise NetUsageError(f"--bots-after: 0 to 600 seconds, not {args.bots_after}")
    from ..server.online import play_quick
    from ..server.protocol import Finished

    def told(finished: Finished) -> None:
        if args.json:
            print_json(finished.model_dump(mode="json", exclude={"v", "type"}))
            sys.stdout.flush()
            return
        totals = " ".join(f"{t:+d}" for t in finished.totals)
        rating = finished.rating
        after = (
            f"; rating {rating.ordinal:.2f} (mu {rating.mu:.2f}, sigma {rating.sigma:.2f},"
            f" {rating.games} games)"
            if rating is not None
            else ""
        )
        print(f"table {finished.table}, seat {finished.seat + 1}: {totals}{after}", flush=True)

    asyncio.run(
        play_quick(
            args.where,
            args.name,
            args.bot,
            args.quick,
            options,
            args.years,
            told,
            bots_after=args.bots_after,
            tls=tls,
            say=lambda line: print(f"hanafuda online: {line}", file=sys.stderr, flush=True),
        )
    )
    return 0


def move_token(args: argparse.Namespace) -> int:
    """``--export-token``: the token kept for the server as one line on stdout;
    ``--import-token LINE`` (``-``: read from stdin): keep the line's token for the server."""
    from ..server.tokens import TokenBook, parse_line

    if args.export_token and args.import_token is not None:
        raise NetUsageError("--export-token or --import-token, not both")
    book = TokenBook()
    if args.export_token:
        print(book.export_line(args.where))
        return 0
    line = sys.stdin.readline() if args.import_token == "-" else args.import_token
    data = parse_line(line)
    book.remember(args.where, data.name, data.token)
    print(f"the token of {data.name!r} is kept for {args.where}")
    return 0


async def show_leaderboard(args: argparse.Namespace, tls: ssl.SSLContext | None) -> int:
    from ..server.online import leaderboard

    board = await leaderboard(args.where, args.leaderboard, tls=tls)
    if args.json:
        print_json(board.model_dump(mode="json", exclude={"v", "type"}))
        return 0
    if not board.rows:
        print(f"no rated player of {board.ruleset} yet")
    for row in board.rows:
        bot = " (bot)" if row.bot else ""
        print(f"{row.rank:>3}  {row.ordinal:7.2f}  {row.games:>5} games  {row.name}{bot}")
    return 0
