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
import random
import secrets
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

from ..bots import Bot, BotSpecError, make_bot, parse_spec
from ..core.events import seen_by
from ..core.game import Game, Phase
from ..core.records import (
    PEOPLE,
    REMOTE,
    SECRET_FILE,
    GameRecord,
    RecordError,
    SeatRecord,
    record_of,
    write_atomically,
)
from ..history import HistoryError, HistoryStore
from .asking import TeyakuRound
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
    MAX_MESSAGE_BYTES,
    Act,
    Away,
    Closed,
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
    plain,
    view_model,
)

SPECTATOR = -1
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
    """One connection at a table: its seat (-1 a spectator), what it has been told so far, and
    its outgoing queue."""

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

    async def write(self) -> None:
        """Send the queue in order until it says stop (None) or the connection ends."""
        while (text := await self.queue.get()) is not None:
            await self.socket.send(text)
        await self.socket.close()


def bot_rng(seed: str | None, label: str) -> random.Random:
    """A bot's random source: from ``seed`` and ``label`` at a table dealt from a seed (tests,
    games played again), else from a secret seed of its own that nothing public pins down."""
    if seed is None:
        return random.Random(secrets.randbits(256))
    return random.Random(f"{seed}/{label}")


def actions_in(game: Game) -> int:
    """How many actions the game has applied (a resumed table's ``seq`` goes on from there)."""
    return sum(len(deal.actions) for deal in game.deals)


class Table:
    """One hosted game: its seats (``human`` at the host's keyboard, ``remote``, or a bot spec),
    their codes, the connections at it, and its record on disk. ``seed``: the game was dealt from
    this seed, so its deals are predictable (the bots' moves come from it too); None, as a
    hosted game is dealt, for a game dealt from ``random.SystemRandom``."""

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
        self.game = game
        self.seats = seats
        self.record_path = record_path
        self.codes = codes if codes is not None else self.new_codes(seats)
        """The code of each seat played by a person (at the host's keyboard or remote)."""
        self.spectator_code = spectator_code
        self.seed = seed
        self.predictable = seed is not None
        """Whether the deals can be foreseen by whoever knows the seed (every screen says so)."""
        self.bots: dict[int, Bot] = {
            i: make_bot(s.player, bot_rng(seed, f"bot/{i}"))
            for i, s in enumerate(seats)
            if s.player not in PEOPLE
        }
        self.stand_ins: dict[int, Bot] = {}
        """Bots the host gave the seats of players who are away."""
        self.bot_clients: dict[int, str] = {}
        """The level of each remote seat a bot client plays (``Join.bot``)."""
        self.links: dict[int, Link] = {}
        self.watchers: set[Link] = set()
        self.away: dict[int, float] = {s: time.monotonic() for s in self.codes}
        """Each person's seat nobody sits at now, and since when (the table's start for a seat
        not yet joined)."""
        self.dropped: set[int] = set()
        """Seats whose player was here and left (their connection dropped)."""
        self.seq = actions_in(game)
        """The number of actions applied at the table (a resumed table's, since it began)."""
        self.wake = asyncio.Event()
        self.executor = executor
        self.report = report or (lambda line: print(line, file=sys.stderr))
        self.save_error = ""
        self.history: HistoryStore | None = None
        """Where the finished year is kept (the host's history), if anywhere."""
        self.kept = False
        self.told_as_is: dict[int, Told] = {}
        self.told_blanked: dict[int, Told] = {}
        self.clock = clock
        """The host's clock as updates tell it (``at``)."""
        self.round = self.teyaku_round()

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

    # -- the game ---------------------------------------------------------------------------------

    def bot_for(self, seat: int) -> Bot | None:
        return self.bots.get(seat) or self.stand_ins.get(seat)

    def teyaku_round(self) -> TeyakuRound | None:
        """The teyaku question now open, put to every seat at once, if one is."""
        game = self.game
        return TeyakuRound(game, self.seq) if game.phase == Phase.TEYAKU else None

    def open_round(self) -> TeyakuRound | None:
        round_ = self.round
        return round_ if round_ is not None and round_.is_open(self.game) else None

    def apply(self, action: int) -> None:
        """Apply an action of the seat to act, and every answer to the teyaku question then
        due; save, and tell everyone, unless the teyaku question is still open."""
        game = self.game
        while True:
            round_ = self.open_round()
            if round_ is not None:
                round_.answered.add(game.to_act)
            game.apply(action)
            self.seq += 1
            due = round_.due(game) if round_ is not None else None
            if due is None:
                break
            action = due
        self.save()
        if self.open_round() is not None:
            self.wake.set()  # a bot may answer next
            return
        self.round = self.teyaku_round()
        if self.game.is_over:
            self.keep()
        self.told_as_is.clear()  # made afresh for this action's events, kept no longer
        self.told_blanked.clear()
        self.tell_all()
        if self.game.is_over:
            self.send_all(Over(record=self.record()))
        self.wake.set()

    def record(self) -> GameRecord:
        return record_of(self.game, self.seats)

    def kept_record(self) -> GameRecord:
        """The record the history keeps: a remote seat a bot client played last by its level."""
        seats = [
            s.model_copy(update={"player": self.bot_clients[i]})
            if s.player == REMOTE and i in self.bot_clients
            else s
            for i, s in enumerate(self.seats)
        ]
        return record_of(self.game, seats)

    def keep(self) -> None:
        """Keep the finished year in the host's history, once; a failure is reported."""
        if self.kept or self.history is None:
            return
        self.kept = True
        try:
            self.history.add(self.kept_record(), "network", self.game)
        except (HistoryError, RecordError) as err:
            self.report(f"cannot keep the year in the history: {err}")

    def save(self) -> None:
        if self.record_path is None:
            return
        try:
            write_atomically(self.record_path, self.record().to_json(), SECRET_FILE)
            self.save_error = ""
        except (OSError, ValueError) as err:
            error = f"{self.record_path}: {getattr(err, 'strerror', None) or err}"
            if error != self.save_error:
                self.report(f"cannot save the record: {error}")
            self.save_error = error

    async def play(self) -> None:
        """Drive the bots until the year is over; people's actions come through ``act``."""
        loop = asyncio.get_running_loop()
        game = self.game
        while not game.is_over:
            seat = game.to_act
            bot = self.bot_for(seat)
            if bot is None:
                self.wake.clear()
                await self.wake.wait()
                continue
            seq, view = self.seq, game.view(seat)
            try:
                action = await loop.run_in_executor(self.executor, bot.act, view)
            except Exception as err:  # a faulty bot must not end the game
                self.report(f"the bot at seat {seat + 1} failed ({err}); it plays its first card")
                action = view.legal[0]
            if self.seq == seq and action in game.legal_actions():
                self.apply(action)

    def act(self, link: Link, message: Act) -> str:
        """Apply the action of a person's connection; why not, if it is not applied (a
        connection replaced by a newer one with the seat's code acts no more)."""
        game, seat = self.game, link.seat
        if self.links.get(seat) is not link:
            return "this seat was joined from elsewhere"
        if game.is_over:
            return "the year is over"
        round_ = self.open_round()
        if round_ is not None and seat not in self.stand_ins:
            if message.seq != round_.seq:
                return f"the table has moved on (update {round_.seq})"
            why = round_.answer(game, seat, message.action)
            due = round_.due(game)
            if due is not None:
                self.apply(due)
            return why
        if seat != game.to_act or seat in self.stand_ins:
            return "it is not your turn"
        if message.seq != self.seq:
            return f"the table has moved on (update {self.seq})"
        if message.action not in game.legal_actions():
            return f"action {message.action} is not legal now"
        self.apply(message.action)
        return ""

    def give_to_bot(self, seat: int, spec: str = "normal") -> None:
        """An away player's seat is played by a bot until the player is back."""
        if seat in self.codes and seat not in self.links:
            self.stand_ins[seat] = make_bot(spec, bot_rng(self.seed, f"stand-in/{seat}/{self.seq}"))
            self.presence()
            self.wake.set()

    # -- telling ----------------------------------------------------------------------------------

    def all_links(self) -> list[Link]:
        return [*self.links.values(), *self.watchers]

    def told(self, index: int, seat: int) -> Told:
        """The event at ``index`` of the log as ``seat`` may see it (made once for all the
        seats told of it at one time: most events are the same for every seat)."""
        event = self.game.log[index]
        own = not event.private or event.seat == seat
        cache = self.told_as_is if own else self.told_blanked
        told = cache.get(index)
        if told is None:
            model = event_model(event if own else seen_by(event, seat))
            told = Told.model_construct(event=model, field=self.game.book.fields[index])
            cache[index] = told
        return told

    def tell(self, link: Link) -> None:
        """Send ``link`` its view and all it may see that happened since it was last told."""
        link.send(self.update(link.seat, link.told, link.results, link.settlements))
        self.told_all_now(link)
        link.budget.grant()

    def tell_all(self) -> None:
        """Tell every connection what is new: each seat its own update; the spectators, who all
        see the same, one update made (and made into JSON) once for all those told as far."""
        for link in list(self.links.values()):
            self.tell(link)
        shared: dict[tuple[int, int, int], str] = {}
        for link in self.watchers:
            since = (link.told, link.results, link.settlements)
            text = shared.get(since)
            if text is None:
                text = shared[since] = self.update(SPECTATOR, *since).model_dump_json()
            link.send_text(text)
            self.told_all_now(link)

    def update(self, seat: int, told: int, results: int, settlements: int) -> Update:
        """The update of ``seat`` (SPECTATOR: of a spectator) told up to these counts of the
        log, the results and the settlements."""
        game = self.game
        round_ = self.open_round()
        view = game.spectator_view() if seat == SPECTATOR else game.view(seat)
        if round_ is not None:
            view = round_.view(game, seat, view)
        return Update.model_construct(
            seq=self.seq if round_ is None else round_.seq,
            view=view_model(view),
            told=[self.told(i, seat) for i in range(told, self.told_end())],
            results=[plain(r) for r in game.results[results:]],
            settlements=list(game.settlements[settlements:]),
            scores=list(game.scores),
            board=game.board(),
            at=self.clock(),
        )

    def told_end(self) -> int:
        """How far the log is told: all of it, but for the answers of an open teyaku question."""
        round_ = self.open_round()
        return len(self.game.log) if round_ is None else round_.told_until

    def told_all_now(self, link: Link) -> None:
        game = self.game
        link.told, link.results = self.told_end(), len(game.results)
        link.settlements = len(game.settlements)

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
        seat, rejoined = link.seat, None
        if seat == SPECTATOR:
            self.watchers.add(link)
        else:
            if bot is None:
                self.bot_clients.pop(seat, None)
            else:
                self.bot_clients[seat] = bot
            old = self.links.get(seat)
            if old is not None:
                old.send(Closed(reason="this seat was joined from elsewhere"))
                old.queue.put_nowait(None)
                rejoined = seat
            self.links[seat] = link
            self.away.pop(seat, None)
            self.dropped.discard(seat)
            self.stand_ins.pop(seat, None)
            if name and name != self.seats[seat].name:
                self.seats[seat] = self.seats[seat].model_copy(update={"name": name})
                self.save()
        link.send(self.welcome(seat))
        self.tell(link)
        if self.game.is_over:
            link.send(Over(record=self.record()))
        self.presence(rejoined)
        self.wake.set()

    def leave(self, link: Link) -> None:
        if link.seat == SPECTATOR:
            self.watchers.discard(link)
        elif self.links.get(link.seat) is link:
            del self.links[link.seat]
            if not self.game.is_over:
                self.away[link.seat] = time.monotonic()
                self.dropped.add(link.seat)
                self.presence()

    def all_told(self) -> bool:
        """Whether the year is over and every seat's player has been told (or never came)."""
        return self.game.is_over and all(link.queue.empty() for link in self.all_links())


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
        table.executor = self.executor
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
                    reason = f"not a message of this protocol: {err.errors()[0]['msg']}"
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
