"""The server in a test: a ``LobbyServer`` on a free port of this machine over a store in a
temporary directory, its clock a ``FakeClock`` the test moves, and clients as asyncio tasks whose
every message is recorded."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from hanafuda_tui.server.identity import Identities
from hanafuda_tui.server.limits import BanList, Gate, ServerLimits
from hanafuda_tui.server.lobby import LobbyServer
from hanafuda_tui.server.online import LobbyConnection
from hanafuda_tui.server.store import ServerStore

TABLE_TYPES = {"update", "presence", "refused", "over", "closed"}


class FakeClock:
    """Seconds since the epoch, moved on only by the test."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def no_wait(seconds: float) -> None:
    """A wrong token's delay, not waited in a test."""


def make_server(
    db: Path,
    clock: FakeClock | None = None,
    limits: ServerLimits | None = None,
    bans: BanList | None = None,
    sleep: Callable[[float], Awaitable[None]] = no_wait,
    **kwargs: Any,
) -> LobbyServer:
    """A server whose clock (and its gate's) is ``clock``; a wrong token's delay is handed to
    ``sleep``, not waited."""
    store = ServerStore(db).open()
    clock = clock or FakeClock()
    return LobbyServer(
        store,
        gate=Gate(limits or ServerLimits(), bans or BanList(), clock=clock),
        identities=Identities(store, sleep=sleep),
        clock=clock,
        bot_level="random",
        tick_every=3600.0,  # the test ticks
        report=lambda line: None,
        **kwargs,
    )


def table_messages(received: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The table protocol's messages of a connection's, from its table's welcome on (the
    lobby's welcome is its first message; the table's is any later one)."""
    out: list[dict[str, Any]] = []
    for n, message in enumerate(received):
        if (message["type"] == "welcome" and n > 0) or (out and message["type"] in TABLE_TYPES):
            out.append(message)
    return out


class Recorder:
    """A connection's every message as JSON, in order."""

    def __init__(self) -> None:
        self.received: list[dict[str, Any]] = []

    def __call__(self, raw: str) -> None:
        self.received.append(json.loads(raw))


async def connect(port: int, recorder: Recorder | None = None) -> LobbyConnection:
    return await LobbyConnection.open(f"127.0.0.1:{port}", trace=recorder)


async def until(
    condition: Callable[[], bool], timeout: float = 30.0, what: str = "a condition"
) -> None:
    """Wait until ``condition`` holds (checked at every turn of the loop), or fail."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


async def next_of(connection: LobbyConnection, kind: str, timeout: float = 30.0) -> dict[str, Any]:
    """The next message of type ``kind`` on ``connection`` (the others before it skipped)."""

    async def read() -> dict[str, Any]:
        while True:
            message = (await connection.next()).model_dump(mode="json")
            if message["type"] == kind:
                return message

    return await asyncio.wait_for(read(), timeout)


async def hello(connection: LobbyConnection, port: int, name: str, book_dir: Path) -> Any:
    from hanafuda_tui.server.tokens import TokenBook

    return await connection.hello(f"127.0.0.1:{port}", name, False, TokenBook(book_dir))


async def seat_to_move(connection: LobbyConnection, timeout: float = 30.0) -> Any:
    """Read a seated connection's messages until its seat has a decision to make; the seat's
    copy of the game then (a ``RemoteGame``)."""
    from hanafuda_tui.net.protocol import Update
    from hanafuda_tui.net.protocol import Welcome as TableWelcome
    from hanafuda_tui.net.remote import RemoteGame

    async def read() -> RemoteGame:
        game: RemoteGame | None = None
        while True:
            message = await connection.next()
            if isinstance(message, TableWelcome):
                game = RemoteGame(message)
            elif isinstance(message, Update) and game is not None:
                game.update(message)
                view = game.current
                if view is not None and view.legal and game.to_act == game.seat:
                    return game

    return await asyncio.wait_for(read(), timeout)
