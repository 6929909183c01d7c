"""A client of a hosted table: the connection (join with a code, then messages in and actions
out), and the headless client that plays a seat with a bot and needs no screen.
"""

from __future__ import annotations

import asyncio
import random
import ssl
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import IO

from pydantic import ValidationError
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..bots import Bot, make_bot
from ..bots.hand_reading import see_play
from ..core.readable import first_fault
from ..core.records import write_atomically
from .protocol import (
    HOST,
    MAX_MESSAGE_BYTES,
    Act,
    Closed,
    HostMessage,
    Join,
    Over,
    Refused,
    Update,
    Welcome,
)
from .remote import RemoteGame


class JoinError(Exception):
    """The table could not be joined (one line: why); ``refused``: no use trying again (the host
    said no, as to a wrong code, or its certificate is not trusted), as opposed to a host that
    could not be reached."""

    def __init__(self, reason: str, refused: bool = False) -> None:
        super().__init__(reason)
        self.refused = refused


RETRIES = (1.0, 2.0, 4.0, 8.0, 15.0)
"""Seconds before each attempt to rejoin a table whose connection was lost."""


def address(where: str, tls: bool = False) -> str:
    """``HOST:PORT`` (or a ws:// or wss:// address) as a WebSocket address."""
    if where.startswith(("ws://", "wss://")):
        return where
    return f"{'wss' if tls else 'ws'}://{where}"


class Connection:
    """One seat's connection: ``open`` joins, ``messages`` yields what the host sends (the
    ``RemoteGame`` kept up to date first), ``act`` sends a decision."""

    def __init__(
        self,
        socket: ClientConnection,
        game: RemoteGame,
        trace: Callable[[str], None] | None = None,
    ) -> None:
        self.socket = socket
        self.game = game
        self.trace = trace
        """Called with every message received, as its JSON text."""
        self.closed_because = ""

    @classmethod
    async def open(
        cls,
        where: str,
        code: str,
        name: str = "",
        tls: ssl.SSLContext | None = None,
        trace: Callable[[str], None] | None = None,
        bot: str | None = None,
    ) -> Connection:
        """Join the table at ``where`` with ``code`` (``bot``: the level playing the seat):
        JoinError with the reason if refused."""
        url = address(where, tls is not None)
        try:
            socket = await connect(url, ssl=tls, max_size=MAX_MESSAGE_BYTES, open_timeout=10)
        except ssl.SSLError as err:  # a host not trusted stays so: no use trying again
            why = getattr(err, "verify_message", None) or err.reason or err
            raise JoinError(f"cannot reach {url}: TLS failed: {why}", refused=True) from None
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as err:
            raise JoinError(f"cannot reach {url}: {err}") from None
        try:
            await socket.send(
                Join(code=code, name=name, bot=bot).model_dump_json(exclude_none=True)
            )
            raw = await socket.recv()
        except ConnectionClosed:
            raise JoinError(f"{url} closed the connection") from None
        if trace is not None:
            trace(str(raw))
        first = parse(raw)
        if isinstance(first, Closed):
            await socket.close()
            raise JoinError(first.reason, refused=True)
        if not isinstance(first, Welcome):
            await socket.close()
            raise JoinError("the host did not welcome this client")
        return cls(socket, RemoteGame(first), trace)

    async def messages(self) -> AsyncIterator[HostMessage]:
        """Every message after the welcome, already taken into ``game``; ends with the
        connection (``closed_because`` says why, if the host said)."""
        try:
            async for raw in self.socket:
                if self.trace is not None:
                    self.trace(str(raw))
                message = parse(raw)
                self.game.receive(message)
                if isinstance(message, Closed):
                    self.closed_because = message.reason
                yield message
        except ConnectionClosed:
            pass

    async def act(self, action: int) -> None:
        await self.socket.send(Act(action=action, seq=self.game.seq).model_dump_json())

    async def close(self) -> None:
        await self.socket.close()


def parse(raw: str | bytes) -> HostMessage:
    """A host message, or a ``Closed`` saying why it is none."""
    try:
        return HOST.validate_json(raw)
    except ValidationError as err:
        why = first_fault(err, "message")
        return Closed(reason=f"the host sent a message this client does not read: {why}")


async def play_bot(
    where: str,
    code: str,
    spec: str,
    name: str = "",
    tls: ssl.SSLContext | None = None,
    trace: IO[str] | None = None,
    record: Path | None = None,
    seed: str = "",
    retries: Sequence[float] = RETRIES,
    say: Callable[[str], None] | None = None,
) -> RemoteGame:
    """Play a seat with the bot ``spec`` until the year is over, rejoining with the same code
    if the connection is lost (after each of ``retries`` seconds, each ``say``-d in one line);
    every message received is written to ``trace`` as a JSON line, the year's record to
    ``record``. The bot thinks in a thread, so the connection answers pings meanwhile."""
    bot = make_bot(spec, random.Random(seed or f"{code}/{spec}"))
    write = (lambda line: print(line, file=trace, flush=True)) if trace is not None else None
    waits = iter(retries)
    tried = 0
    while True:
        try:
            connection = await Connection.open(where, code, name, tls, write, spec)
        except JoinError as err:
            wait = next(waits, None)
            if err.refused:
                raise
            if wait is None:
                raise JoinError(f"{err} (gave up after {tried} retries)") from None
            tried += 1
            if say is not None:
                say(f"{err}; trying again in {wait:g} s ({tried}/{len(retries)})")
            await asyncio.sleep(wait)
            continue
        game = await _play_seat(connection, bot)
        if game.record is not None:
            if record is not None:
                write_atomically(record, game.record.to_json())
            return game
        if connection.closed_because:  # the host closed it on purpose: no use rejoining
            raise JoinError(connection.closed_because, refused=True)
        wait = next(waits, None)
        if wait is None:
            raise JoinError("the connection ended before the year did")
        tried += 1
        if say is not None:
            say(f"the connection was lost; rejoining in {wait:g} s ({tried}/{len(retries)})")
        await asyncio.sleep(wait)


async def _play_seat(connection: Connection, bot: Bot) -> RemoteGame:
    """Answer every decision of the seat until the year is over or the connection ends."""
    game = connection.game
    answered = -1
    async for message in connection.messages():
        if isinstance(message, Refused):
            answered = -1  # asked again below, with the view as it is now
        if isinstance(message, Update):
            for play in game.told_plays:
                see_play(bot, play)
        view = game.to_decide()
        if isinstance(message, Update | Refused) and view is not None and answered != game.seq:
            answered = game.seq
            action = await asyncio.to_thread(bot.act, view)
            try:
                await connection.act(action)
            except ConnectionClosed:
                break
        if isinstance(message, Over):
            break
    await connection.close()
    return game
