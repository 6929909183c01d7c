"""The host: one asyncio WebSocket server holding the authoritative game of each of its tables.

Each connection first sends ``Join`` with a code; a code grants one seat of one table (or watching
it). The host sends each connection only its seat's view and the events that seat may see
(``core/events.py`` ``seen_by``), applies an action only if it is legal for that seat now, saves
the record after every action, and lets bots think in a thread pool, never on the event loop.
Every connection has its own queue and writer, so a client that stops reading slows no one, and
its own budget of messages (``limits.py``), so a client that sends too much slows no one either.
"""

from __future__ import annotations

import asyncio
import hmac
import ssl
import sys
import time
import unicodedata
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from pydantic import ValidationError
from pydantic_core import PydanticCustomError
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..bots import Bot, BotSpecError, parse_spec
from ..bots.hand_reading import SeenPlay
from ..core.game import Game
from ..core.readable import first_fault
from ..core.records import PEOPLE, GameRecord, SeatRecord
from ..history import HistoryStore
from ..tables import table as tables
from ..tables.feed import SeatUpdate, Seen
from ..tables.seats import SPECTATOR
from ..tables.teyaku import TeyakuRound
from .codes import new_code
from .limits import (
    RESERVED_FILES,
    Counts,
    Limits,
    MessageBudget,
    OneLineLogs,
    RateLimitedLog,
    raise_open_files,
)
from .protocol import (
    CLIENT,
    HAND_PLAYS,
    MAX_MESSAGE_BYTES,
    UPDATES,
    Act,
    Away,
    Closed,
    HandPlay,
    Join,
    Message,
    Over,
    Presence,
    Refused,
    Seat,
    Told,
    Update,
    Welcome,
    event_model,
    view_model,
)

JOIN_TIMEOUT = 10.0
"""Seconds a new connection has to say who it is."""
WRONG_CODE_DELAY = 1.0
"""Seconds before a wrong code is refused (guessing codes is slow)."""
QUEUE_LIMIT = 1000
"""Messages waiting for a client that does not read before its connection is closed."""
PRESENCE_EVERY = 5.0
"""Seconds between reminders of who is away."""


def clean_name(name: str) -> str:
    """A name as the table shows it: control and format characters dropped, spaces trimmed."""
    kept = "".join(c for c in name if unicodedata.category(c)[0] != "C")
    return " ".join(kept.split())[:40]


def bot_level(spec: str | None) -> str | None:
    """The level a bot client says it plays (``Join.bot``), if it is one of this host's bots."""
    if not spec:
        return None
    try:
        parse_spec(spec)
    except BotSpecError:
        return None
    return spec.strip()


@dataclass(eq=False)
class Link:
    """One connection at a table: its seat (-1 a spectator), what it has been told so far (a
    ``Feed`` of the table), and its outgoing queue."""

    socket: ServerConnection
    seat: int
    told: int = 0
    results: int = 0
    settlements: int = 0
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    budget: MessageBudget = field(default_factory=lambda: Limits().budget())

    def send(self, message: Message) -> None:
        """Queue ``message``; a client that has stopped reading is cut off."""
        self.send_text(message.model_dump_json())

    def send_text(self, text: str) -> None:
        """Queue a message already made into its JSON text (the same text for many links)."""
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.socket.transport.abort()
            return
        self.queue.put_nowait(text)

    def deliver(self, update: SeatUpdate) -> None:
        """The table's update as the protocol's ``Update`` (and ``Over`` at the year's end); a
        seat may answer it."""
        self.send_text(update_text(update))
        if update.record is not None:
            self.send_text(over_text(update))
        if self.seat != SPECTATOR:
            self.budget.grant()

    async def write(self) -> None:
        """Send the queue in order until it says stop (None) or the connection ends."""
        while (text := await self.queue.get()) is not None:
            await self.socket.send(text)
        await self.socket.close()


def told_of(seen: Seen) -> Told:
    """An event as a seat sees it, as the protocol tells it (made once for every seat alike)."""
    told = seen.memo.get("told")
    if told is None:
        told = seen.memo["told"] = Told.model_construct(
            event=event_model(seen.event), field=seen.field
        )
    return cast(Told, told)


def update_of(update: SeatUpdate) -> Update:
    return UPDATES[update.view.ruleset].model_construct(
        seq=update.seq,
        view=view_model(update.view),
        told=[told_of(seen) for seen in update.told],
        results=update.results,
        settlements=update.settlements,
        scores=update.scores,
        board=update.board,
        at=update.at,
        plays=None if update.plays is None else [hand_play_model(p) for p in update.plays],
    )


def hand_play_model(play: SeenPlay) -> HandPlay:
    view, player, card = play
    model = HAND_PLAYS[view.ruleset]
    return model.model_construct(view=view_model(view), player=player, card=card)


def update_text(update: SeatUpdate) -> str:
    """The update's JSON text, made once for every link given the same update."""
    text = update.memo.get("json")
    if text is None:
        text = update.memo["json"] = update_of(update).model_dump_json()
    return cast(str, text)


def over_text(update: SeatUpdate) -> str:
    text = update.memo.get("over")
    if text is None:
        text = update.memo["over"] = Over(record=update.record).model_dump_json()
    return cast(str, text)


class Table:
    """A hosted table: the table itself (``tables/table.py``: the game, seats, bots, save,
    history, teyaku question, stand-ins) with its seats' codes (``human`` at the host's keyboard
    and ``remote`` seats each have one) and the connections at it, each a feed of the table."""

    def __init__(
        self,
        game: Game,
        seats: list[SeatRecord],
        seed: str | None,
        record_path: Path | None = None,
        codes: dict[int, str] | None = None,
        spectator_code: str | None = None,
        executor: Executor | None = None,
        report: Callable[[str], None] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.table: tables.Table[Link] = tables.Table(
            game, seats, seed, executor=executor, report=report, clock=clock
        )
        self.record_path = record_path
        self.codes = codes if codes is not None else self.new_codes(seats)
        """The code of each seat played by a person (at the host's keyboard or remote)."""
        self.spectator_code = spectator_code

    # -- the table, as the host's tests and commands read it -------------------------------------

    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def seats(self) -> list[SeatRecord]:
        return self.table.seats

    @property
    def seq(self) -> int:
        return self.table.seq

    @property
    def predictable(self) -> bool:
        return self.table.predictable

    @property
    def bots(self) -> dict[int, Bot]:
        return self.table.bots

    @property
    def stand_ins(self) -> dict[int, Bot]:
        return self.table.stand_ins

    @property
    def away(self) -> dict[int, float]:
        return self.table.away

    @property
    def dropped(self) -> set[int]:
        return self.table.dropped

    @property
    def links(self) -> dict[int, Link]:
        return self.table.feeds

    @property
    def watchers(self) -> set[Link]:
        return self.table.watchers

    @property
    def history(self) -> HistoryStore | None:
        """Where the finished year is kept (the host's history), if anywhere."""
        return self.table.history

    @history.setter
    def history(self, store: HistoryStore | None) -> None:
        self.table.history = store

    @property
    def record_path(self) -> Path | None:
        """Where the record is saved after every action (None: nowhere)."""
        saver = self.table.saver
        return saver.path if saver is not None else None

    @record_path.setter
    def record_path(self, path: Path | None) -> None:
        self.table.saver = tables.RecordFile(path) if path is not None else None

    @property
    def save_error(self) -> str:
        return self.table.save_error

    def apply(self, action: int) -> None:
        self.table.apply(action)

    async def play(self) -> None:
        await self.table.play()

    def open_round(self) -> TeyakuRound | None:
        return self.table.open_round()

    def record(self) -> GameRecord:
        return self.table.record()

    def kept_record(self) -> GameRecord:
        return self.table.kept_record()

    def keep(self) -> None:
        self.table.keep()

    def save(self) -> None:
        self.table.save()

    def tell(self, link: Link) -> None:
        self.table.tell(link)

    # -- codes and connections --------------------------------------------------------------------

    @staticmethod
    def new_codes(seats: Iterable[SeatRecord]) -> dict[int, str]:
        return {i: new_code() for i, s in enumerate(seats) if s.player in PEOPLE}

    def seat_of(self, code: str) -> int | None:
        """The seat ``code`` grants (SPECTATOR for the spectator code), else None; every code is
        compared in constant time."""
        found = None
        given = code.encode()
        for seat, own in self.codes.items():
            if hmac.compare_digest(given, own.encode()):
                found = seat
        spectator = self.spectator_code
        if spectator and hmac.compare_digest(given, spectator.encode()):
            found = SPECTATOR
        return found

    def act(self, link: Link, message: Act) -> str:
        """Apply the action of a person's connection; why not, if it is not applied (a
        connection replaced by a newer one with the seat's code acts no more)."""
        if self.links.get(link.seat) is not link:
            return "this seat was joined from elsewhere"
        return self.table.act(link.seat, message.seq, message.action) or ""

    def give_to_bot(self, seat: int, spec: str = "normal") -> None:
        """An away player's seat is played by a bot until the player is back (everyone told)."""
        if seat in self.codes and self.table.give_to_bot(seat, spec):
            self.presence()

    # -- telling ----------------------------------------------------------------------------------

    def all_links(self) -> list[Link]:
        return [*self.links.values(), *self.watchers]

    def send_all(self, message: Message) -> None:
        """The same message to every connection, made into JSON once."""
        text = message.model_dump_json()
        for link in self.all_links():
            link.send_text(text)

    def presence(self, rejoined: int | None = None) -> None:
        """Tell everyone who is away (and ``rejoined``: the seat just joined again from another
        connection)."""
        now = time.monotonic()
        away = [
            Away(seat=s, seconds=round(now - since, 1), by_bot=self.stand_in_name(s))
            for s, since in sorted(self.away.items())
        ]
        names = [s.name for s in self.seats]
        self.send_all(Presence(away=away, names=names, rejoined=rejoined))

    def stand_in_name(self, seat: int) -> str:
        bot = self.stand_ins.get(seat)
        return getattr(bot, "name", "bot") if bot is not None else ""

    def welcome(self, seat: int) -> Welcome:
        return Welcome(
            seat=seat,
            ruleset=self.game.ruleset,
            options=self.game.options.model_dump(),
            seats=[Seat(name=s.name, player=s.player) for s in self.seats],
            predictable=self.predictable,
        )

    def arrive(self, link: Link, name: str, bot: str | None = None) -> None:
        """A person (or a bot client playing ``bot``) sits down (or back) at their seat, or a
        spectator comes to watch; a seat joined again from another connection is taken from the
        older one at once, and the others are told."""
        old = self.table.sit(link, name, bot)
        rejoined = None
        if old is not None:
            old.send(Closed(reason="this seat was joined from elsewhere"))
            old.queue.put_nowait(None)
            rejoined = link.seat
        link.send(self.welcome(link.seat))
        self.tell(link)
        if link.seat == SPECTATOR:
            link.budget.grant()
        self.presence(rejoined)

    def leave(self, link: Link) -> None:
        if self.table.rise(link):
            self.presence()

    def all_told(self) -> bool:
        """Whether the year is over and every seat's player has been told (or never came)."""
        return self.game.is_over and all(link.queue.empty() for link in self.all_links())

    def close(self) -> None:
        """Take the table down (its host lets it go; its codes join nothing more)."""
        self.table.close()


class Host:
    """The server: its tables, found by code; a bad or silent connection is closed and the
    tables play on. What one connection or address may cost it is bounded (``limits``); what
    it refuses is reported one line per kind at most every few seconds."""

    def __init__(
        self,
        executor: Executor | None = None,
        join_timeout: float = JOIN_TIMEOUT,
        remind_every: float = PRESENCE_EVERY,
        limits: Limits | None = None,
        report: Callable[[str], None] | None = None,
    ) -> None:
        self.tables: list[Table] = []
        """The tables held now (a table closed is let go)."""
        self.join_timeout = join_timeout
        self.remind_every = remind_every
        self.executor = executor or ThreadPoolExecutor(max_workers=2, thread_name_prefix="bot")
        self.server: Server | None = None
        self.reminders: asyncio.Task[None] | None = None
        self.loop_errors: Callable[[asyncio.AbstractEventLoop, dict[str, Any]], object] | None = (
            None
        )
        """The loop's exception handler before the host listened (restored when it closes)."""
        self.limits = limits or Limits()
        self.max_connections = self.limits.max_connections
        """The connections held at once: the limits' or fewer, below the open-file limit."""
        self.log = RateLimitedLog(report or (lambda line: print(line, file=sys.stderr)))
        self.library_logs = OneLineLogs(self.log)
        self.connections = Counts()
        """The connections held now, by address (their handshakes included)."""
        self.join_checks = Counts()
        """The join codes being checked now, by address."""

    def add(self, table: Table) -> Table:
        """Hold ``table`` (its bots think in the host's executor) until it is closed."""
        table.table.executor = self.executor
        table.table.on_close = lambda: self.tables.remove(table)
        self.tables.append(table)
        return table

    def find(self, code: str) -> tuple[Table, int] | None:
        found = None
        for table in self.tables:
            seat = table.seat_of(code)
            if seat is not None:
                found = (table, seat)
        return found

    async def start(
        self, host: str = "127.0.0.1", port: int = 0, tls: ssl.SSLContext | None = None
    ) -> int:
        """Listen; the port listened on. The connections held at once stay below the process's
        open-file limit (raised as far as it goes), and asyncio's and websockets' errors are
        reported as rate-limited lines."""
        files = raise_open_files()
        if files is not None:
            self.max_connections = max(1, min(self.limits.max_connections, files - RESERVED_FILES))
        loop = asyncio.get_running_loop()
        self.loop_errors = loop.get_exception_handler()
        loop.set_exception_handler(self.library_logs.loop_error)
        self.server = await serve(
            self.handle,
            host,
            port,
            ssl=tls,
            max_size=MAX_MESSAGE_BYTES,
            ping_interval=10,
            ping_timeout=20,
            close_timeout=2,
            open_timeout=OPEN_TIMEOUT,
            create_connection=counted_connection(self),
            backlog=BACKLOG,
            logger=self.library_logs.logger("websockets.server"),
        )
        self.reminders = asyncio.create_task(self.remind())
        return int(self.server.sockets[0].getsockname()[1]) if self.server.sockets else port

    async def remind(self) -> None:
        """Tell every table with a player away who it is and for how long, now and then."""
        while True:
            await asyncio.sleep(self.remind_every)
            for table in self.tables:
                if table.away and not table.game.is_over:
                    table.presence()

    async def close(self) -> None:
        """Stop listening and close every connection (the tables stay held: a host started
        again takes their codes again)."""
        if self.reminders is not None:
            self.reminders.cancel()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        if self.server is not None:
            asyncio.get_running_loop().set_exception_handler(self.loop_errors)

    def admit(self, address: str) -> bool:
        """Whether a connection just accepted from ``address`` is held (and counted): not if
        that address or the host holds as many as it may."""
        if self.connections.total >= self.max_connections:
            self.log.note("full", f"refused connections: {self.max_connections} held already")
            return False
        if not self.connections.take(address, self.limits.max_per_address):
            self.log.note(
                f"address {address}",
                f"refused connections from {address}: it holds {self.limits.max_per_address}",
            )
            return False
        return True

    async def handle(self, socket: ServerConnection) -> None:
        """One connection: its join, then its actions, until it ends."""
        try:
            raw = await asyncio.wait_for(socket.recv(), self.join_timeout)
            join = CLIENT.validate_json(text_frame(raw))
        except (TimeoutError, ConnectionClosed):
            return
        except ValidationError:
            await refuse(socket, "not a join message of this protocol")
            return
        if not isinstance(join, Join):
            await refuse(socket, "join first")
            return
        address = address_of(socket)
        if not self.join_checks.take(address, self.limits.max_join_checks):
            self.log.note(f"joins {address}", f"refused joins from {address}: too many at once")
            await refuse(socket, "too many joins from this address at once: try again shortly")
            return
        try:
            found = self.find(join.code)
            if found is None:
                await asyncio.sleep(WRONG_CODE_DELAY)
                await refuse(socket, "no table has this code")
                return
        finally:
            self.join_checks.give(address)
        table, seat = found
        if seat == SPECTATOR and len(table.watchers) >= self.limits.max_spectators:
            self.log.note("spectators", f"refused spectators: {len(table.watchers)} watch")
            await refuse(socket, "this table has as many spectators as it takes")
            return
        link = Link(socket, seat, budget=self.limits.budget())
        writer = asyncio.create_task(link.write())
        table.arrive(link, clean_name(join.name), bot_level(join.bot))
        try:
            async for raw in socket:
                budget = link.budget.take()
                if budget != "read":
                    if budget == "close":
                        self.log.note("flood", f"closed a connection from {address}: a flood")
                        link.send(Closed(reason="too many messages too fast"))
                        break
                    link.send(Refused(seq=-1, reason="too many messages: this one was dropped"))
                    continue
                try:
                    message = CLIENT.validate_json(text_frame(raw))
                except ValidationError as err:
                    reason = f"not a message of this protocol: {first_fault(err, 'message')}"
                    link.send(Closed(reason=reason))
                    break
                if isinstance(message, Act) and seat != SPECTATOR:
                    why = table.act(link, message)
                    if why:
                        link.send(Refused(seq=message.seq, reason=why))
                elif isinstance(message, Act):
                    link.send(Refused(seq=message.seq, reason="a spectator does not play"))
        except ConnectionClosed:
            pass
        finally:
            table.leave(link)
            link.queue.put_nowait(None)
            try:
                await asyncio.wait_for(writer, 5)
            except (TimeoutError, ConnectionClosed):
                writer.cancel()


BACKLOG = 1024
"""Connections the system queues for the host to accept: a burst of them (most dropped at once)
leaves room for the next player's."""
OPEN_TIMEOUT = 5.0
"""Seconds a new connection has to finish its opening handshake."""


def address_of(socket: ServerConnection) -> str:
    """The connection's remote address (no port)."""
    return peer_address(socket.transport)


def peer_address(transport: asyncio.BaseTransport) -> str:
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else str(peer)


def counted_connection(host: Host) -> type[ServerConnection]:
    """The host's connections: each counted from its accept to its end, one the host does not
    admit dropped at once, before any handshake."""

    class Counted(ServerConnection):
        address = ""
        """The remote address of a connection admitted (counted); none for one dropped."""

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            address = peer_address(transport)
            if not host.admit(address):
                cast(asyncio.Transport, transport).abort()
                return
            self.address = address
            super().connection_made(transport)

        def connection_lost(self, exc: Exception | None) -> None:
            if self.address:  # one dropped at once was never known to websockets
                super().connection_lost(exc)
                host.connections.give(self.address)

    return Counted


def text_frame(raw: str | bytes) -> str:
    """A frame's text; a binary frame is no message of this protocol (ValidationError)."""
    if isinstance(raw, bytes):
        binary = PydanticCustomError("binary_frame", "a binary frame (messages are JSON text)")
        raise ValidationError.from_exception_data("frame", [{"type": binary, "input": raw}])
    return raw


async def refuse(socket: ServerConnection, reason: str) -> None:
    try:
        await socket.send(Closed(reason=reason).model_dump_json())
        await socket.close()
    except ConnectionClosed:
        pass
