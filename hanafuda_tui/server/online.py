"""A headless client of the server (``hanafuda online``): a player's connection that says hello
with the token kept for that server (or a name, keeping the token it is given), asks for quick
matches and plays each year with a bot, no screen; or reads a leaderboard.

A lobby screen would read the same connection (``LobbyConnection``): the lobby's messages and,
once seated, the table protocol's, told apart by ``parse``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import secrets
import ssl
from collections.abc import AsyncIterator, Callable
from typing import Any

from pydantic import BaseModel, ValidationError
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..bots import make_bot
from ..bots.hand_reading import see_play
from ..core.readable import first_fault
from ..net.client import address
from ..net.protocol import HOST as TABLE_HOST
from ..net.protocol import MAX_MESSAGE_BYTES, Act, Closed, Refused, Update
from ..net.protocol import Welcome as TableWelcome
from ..net.remote import RemoteGame
from .protocol import (
    SERVER,
    Error,
    Finished,
    Hello,
    JoinTable,
    Leaderboard,
    LeaderboardRequest,
    QuickMatch,
    Seated,
    Welcome,
)
from .tokens import TokenBook

LOBBY_TYPES = {
    "welcome",
    "lobby",
    "seated",
    "leaderboard",
    "player",
    "record",
    "finished",
    "timed_out",
    "error",
}
"""The lobby's server messages by type (a ``welcome`` after the first is a table's)."""


class OnlineError(Exception):
    """One line: why the server could not be used (unreachable, or it said no)."""


class LobbyConnection:
    """One connection to the server: ``messages`` yields what it sends, lobby messages and
    table messages alike, each as its model."""

    def __init__(
        self, socket: ClientConnection, url: str, trace: Callable[[str], None] | None = None
    ) -> None:
        self.socket = socket
        self.url = url
        self.trace = trace
        """Called with every message received, as its JSON text."""
        self.welcomed = False

    @classmethod
    async def open(
        cls,
        where: str,
        tls: ssl.SSLContext | None = None,
        trace: Callable[[str], None] | None = None,
    ) -> LobbyConnection:
        url = address(where, tls is not None)
        try:
            socket = await connect(url, ssl=tls, max_size=MAX_MESSAGE_BYTES, open_timeout=10)
        except ssl.SSLError as err:
            why = getattr(err, "verify_message", None) or err.reason or err
            raise OnlineError(f"cannot reach {url}: TLS failed: {why}") from None
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as err:
            raise OnlineError(f"cannot reach {url}: {err}") from None
        return cls(socket, url, trace)

    def parse(self, raw: str | bytes) -> BaseModel:
        """A message of either protocol, or a table ``Closed`` saying why it is none."""
        if self.trace is not None:
            self.trace(str(raw))
        try:
            data = json.loads(raw)
            kind = data.get("type") if isinstance(data, dict) else None
            if kind in LOBBY_TYPES and not (kind == "welcome" and self.welcomed):
                message: BaseModel = SERVER.validate_python(data)
                self.welcomed = self.welcomed or isinstance(message, Welcome)
                return message
            return TABLE_HOST.validate_python(data)
        except ValidationError as err:
            why = first_fault(err, "message")
        except ValueError as err:  # not JSON
            why = str(err).splitlines()[0]
        return Closed(reason=f"the server sent a message this client does not read: {why}")

    async def send(self, message: BaseModel) -> None:
        try:
            await self.socket.send(message.model_dump_json(exclude_none=True))
        except ConnectionClosed:
            raise OnlineError(f"{self.url} closed the connection") from None

    async def messages(self) -> AsyncIterator[BaseModel]:
        try:
            async for raw in self.socket:
                yield self.parse(raw)
        except ConnectionClosed:
            pass

    async def next(self) -> BaseModel:
        try:
            return self.parse(await self.socket.recv())
        except ConnectionClosed:
            raise OnlineError(f"{self.url} closed the connection") from None

    async def close(self) -> None:
        await self.socket.close()

    async def hello(self, where: str, name: str, bot: bool, book: TokenBook) -> Welcome:
        """Say who this is: the token kept for ``where`` (its name must be ``name``, if one is
        given), else ``name`` as a new player, whose token is kept."""
        kept = book.get(where)
        if kept is not None and name and kept.name != name:
            raise OnlineError(
                f"the token kept for {where} is {kept.name!r}'s: play as {kept.name!r}, or use"
                " another config directory"
            )
        if kept is None and not name:
            raise OnlineError(f"no token is kept for {where}: give a --name to play as")
        hello = Hello(token=kept.token) if kept is not None else Hello(name=name, bot=bot)
        with contextlib.suppress(OnlineError):  # refused at once: its reason is sent first
            await self.send(hello)
        first = await self.next()
        if isinstance(first, Error):
            raise OnlineError(first.reason)
        if not isinstance(first, Welcome):
            raise OnlineError("the server did not welcome this client")
        if first.token is not None:
            book.remember(where, first.name, first.token)
        return first


async def leaderboard(
    where: str, ruleset: str, limit: int = 20, tls: ssl.SSLContext | None = None
) -> Leaderboard:
    connection = await LobbyConnection.open(where, tls)
    try:
        await connection.send(LeaderboardRequest(ruleset=ruleset, limit=limit))
        answer = await connection.next()
    finally:
        await connection.close()
    if isinstance(answer, Error | Closed):
        raise OnlineError(answer.reason)
    if not isinstance(answer, Leaderboard):
        raise OnlineError("the server did not send a leaderboard")
    return answer


RETRY_WAITS = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0)
"""Seconds before each try to reach a server that was lost (one restarting, a dropped line)."""


class Lost(Exception):
    """The connection ended before the year did."""


async def play_quick(
    where: str,
    name: str,
    spec: str,
    ruleset: str,
    options: dict[str, Any],
    years: int,
    told: Callable[[Finished], None],
    bots_after: int | None = None,
    tls: ssl.SSLContext | None = None,
    book: TokenBook | None = None,
    trace: Callable[[str], None] | None = None,
    say: Callable[[str], None] = lambda line: None,
    waits: tuple[float, ...] = RETRY_WAITS,
) -> None:
    """Play ``years`` quick matches of ``ruleset`` with the bot ``spec``, one after the other;
    ``told`` each year's end (the table, the totals, the rating after). A connection lost in a
    year is opened again (after each of ``waits``, each try ``say``-ed in a line) with the token
    kept, and the table rejoined where it is (or, if the server no longer has it, the quick
    match asked again: a restart closes the tables waiting for players)."""
    bot = make_bot(spec, random.Random(secrets.randbits(64)))
    book = book or TokenBook()
    connection = await LobbyConnection.open(where, tls, trace)
    try:
        await connection.hello(where, name, True, book)
        for _ in range(years):
            ask = QuickMatch(ruleset=ruleset, options=options, bots_after=bots_after)
            await connection.send(ask)
            year = Year()
            while True:
                try:
                    told(await play_year(connection, bot, year))
                    break
                except Lost as lost:
                    await connection.close()
                    connection = await reconnect(where, name, book, tls, trace, say, waits, lost)
                    await rejoin(connection, year, ask)
    finally:
        await connection.close()


async def reconnect(
    where: str,
    name: str,
    book: TokenBook,
    tls: ssl.SSLContext | None,
    trace: Callable[[str], None] | None,
    say: Callable[[str], None],
    waits: tuple[float, ...],
    lost: Lost,
) -> LobbyConnection:
    """A new connection to ``where`` said hello with the kept token; OnlineError once every wait
    is spent."""
    for attempt, wait in enumerate(waits, 1):
        say(f"connection lost ({lost}); trying again in {wait:g} s ({attempt}/{len(waits)})")
        await asyncio.sleep(wait)
        try:
            connection = await LobbyConnection.open(where, tls, trace)
        except OnlineError:
            continue
        try:
            await connection.hello(where, name, True, book)
        except OnlineError:
            await connection.close()
            continue
        return connection
    raise OnlineError(f"{where}: lost, and not reached again ({lost})")


async def rejoin(connection: LobbyConnection, year: Year, ask: QuickMatch) -> None:
    """Back at the year's table, once the server says so; the quick match asked again if there
    is no table yet, or if the server has it no more (it was waiting for players when the
    server stopped)."""
    if year.table is not None:
        await connection.send(JoinTable(table=year.table))
        while True:
            answer = await connection.next()
            if isinstance(answer, Seated):
                return
            if isinstance(answer, Error):
                year.table = None
                break
    await connection.send(ask)


class Year:
    """What a client knows of its year so far: the table it sits at."""

    table: int | None = None


async def play_year(connection: LobbyConnection, bot: Any, year: Year | None = None) -> Finished:
    """Answer every decision of the seat the quick match gave until its table is finished; Lost
    if the connection ends first (the table's ``closed`` says why)."""
    year = year or Year()
    game: RemoteGame | None = None
    answered = -1
    why = "closed"
    try:
        async for message in connection.messages():
            if game is not None:
                game.receive(message)
            if isinstance(message, Seated):
                year.table = message.table
            elif isinstance(message, TableWelcome):
                game, answered = RemoteGame(message), -1
            elif isinstance(message, Refused):
                answered = -1
            elif isinstance(message, Finished) and message.table == year.table:
                return message
            elif isinstance(message, Error):
                raise OnlineError(message.reason)
            elif isinstance(message, Closed):
                why = message.reason  # the server stopping: it says so, then the line ends
            if game is None or not isinstance(message, Update | Refused):
                continue
            if isinstance(message, Update):
                for play in game.told_plays:
                    see_play(bot, play)
            view = game.to_decide()
            if view is not None and answered != game.seq:
                answered = game.seq
                action = await asyncio.to_thread(bot.act, view)
                await connection.send(Act(action=action, seq=game.seq))
    except OnlineError as err:
        if connection.socket.close_code is None:
            raise
        why = str(err)
    raise Lost(why)
