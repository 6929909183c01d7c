"""The server: one asyncio WebSocket server where players meet and play (``hanafuda server``).

A connection says ``hello`` (a name: a new player, given a token once; or its token), then uses
the lobby's messages (``protocol.py``). A table is made by a player (``create``) or by a quick
match (``quick``: the first open quick table of that ruleset, options and time control, else a
new one); when its last seat is taken (by people, or by bots a quick match asked for), it runs as
a ``tables.table.Table`` held in a ``net.host.Table``, and each seated connection is told that
table's messages as ``hanafuda host``'s clients are (the same ``Link``: its view and only what its
seat may see), on the lobby's connection. Deals come from ``random.SystemRandom``.

Everything lasting is in the store (``store.py``): a table in play saves its record and clocks
after every action, and is resumed after a restart; a finished table's totals and record are
kept and, if rated, its year applied to the ratings once (again at start-up for any finished
table not yet rated). ``stop`` (SIGTERM) saves every table, tells every client, and closes.

The lobby state (open tables, tables in play to watch, the player's tables where it is their
move) is sent to every connection whenever it changes for it. A screen for the lobby reads the
same messages as the headless client (``online.py``).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import random
import ssl
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..bots import make_bot
from ..bots.hand_reading import catch_up
from ..core.game import Game
from ..core.records import REMOTE, GameRecord, RecordError, SeatRecord, load_record, new_game
from ..core.records import replay as replay_record
from ..core.rulesets import RULESETS
from ..net.codes import new_code
from ..net.host import BACKLOG, PRESENCE_EVERY, Link, address_of
from ..net.host import Table as HostTable
from ..net.limits import MAX_SPECTATORS, OneLineLogs, RateLimitedLog, raise_open_files
from ..net.protocol import CLIENT as TABLE_CLIENT
from ..net.protocol import Act, Closed, Refused
from ..tables.seats import SPECTATOR, bot_rng
from .clocks import SeatClocks
from .identity import Identities, IdentityError, name_key, secret_hash
from .limits import Gate, TrustedProxies
from .protocol import (
    MAX_HISTORY,
    MAX_LISTED,
    MAX_RECENT,
    MAX_RECORD,
    ClientMessage,
    CreateTable,
    Error,
    Finished,
    Hello,
    JoinTable,
    Leaderboard,
    LeaderboardRequest,
    LeaderRow,
    LeaveTable,
    LobbyState,
    OpenTable,
    PastTable,
    PlayerPage,
    PlayerRequest,
    PlayingTable,
    ProtocolError,
    QuickMatch,
    Rating,
    RatingPoint,
    RealTime,
    RecordRequest,
    Seated,
    ServerMessage,
    TableRecord,
    TimedOut,
    TurnBased,
    WatchTable,
    Welcome,
    YourMove,
    read_client,
)
from .ratings import Ratings
from .store import Player, ServerStore, StoreError

HELLO_TIMEOUT = 10.0
"""Seconds a new connection has to say hello."""
TICK = 0.5
"""Seconds between two looks at the clocks (time controls, quick matches' bots, idle tables)."""
LOBBY_EVERY = 0.5
"""Seconds at least between two lobby messages: the changes meanwhile are told together."""
NO_CHANGES = '"open":[],"playing":[],"gone":[]'
"""A lobby message's lists when only the player's own tables changed."""
IDLE_WAIT = 3600.0
"""Seconds a table waits for players before it expires."""
BOT_LEVEL = "normal"
"""The level of the bots that fill a quick match's seats and stand in for a seat out of time."""
BOT_PREFIX = "bot:"
"""The names of the server's own bot players begin so; no person's name may."""
STOPPING = "the server is stopping: your tables are saved and go on when it is back"

Clock = Callable[[], float]
Control = RealTime | TurnBased


class StoreSaver:
    """A table in play's record (and its clocks) kept in the store after every action; then the
    server follows the table's clocks and lobby."""

    def __init__(self, server: LobbyServer, live: LiveTable) -> None:
        self.server = server
        self.live = live

    @property
    def path(self) -> Any:
        return self.server.store.path

    def write(self, record: GameRecord, over: bool) -> None:
        live = self.live
        clocks = live.clocks.to_json() if live.clocks is not None else None
        try:
            self.server.store.save_play(live.id, record.to_json(), clocks)
        except StoreError as err:
            raise OSError(str(err)) from None
        self.server.acted(live)

    def why(self, err: OSError | ValueError) -> str:
        return str(err)


@dataclass(eq=False)
class LiveTable:
    """A table the server holds: waiting for players, or in play (``hosted``)."""

    id: int
    ruleset: str
    options: dict[str, Any]
    size: int
    rated: bool
    control: Control
    quick: bool = False
    private: bool = False
    invite_hash: str | None = None
    players: list[Player | None] = field(default_factory=list)
    """Who sits at each seat (a bot seat's bot player); None: free."""
    bot_seats: set[int] = field(default_factory=set)
    created: float = 0.0
    bots_at: float | None = None
    """When a quick match's free seats go to bots (None: they wait for people)."""
    hosted: HostTable | None = None
    clocks: SeatClocks | None = None
    driver: asyncio.Task[None] | None = None
    timing_out: set[int] = field(default_factory=set)
    """Seats whose stand-in is making the move their time ran out on."""
    early_watchers: set[Client] = field(default_factory=set)
    """Connections that asked to watch before the table began."""
    deserted: float | None = None
    """Since when none of a real-time table's players has been at it (None: one is)."""
    entry: tuple[tuple[Any, ...], str] | None = None
    """Its lobby entry's JSON, and what it showed when made."""
    moves: dict[int, tuple[Any, str]] = field(default_factory=dict)
    """Each seat's ``your_move`` entry's JSON, and when the move fell to it."""

    @property
    def free(self) -> int:
        return sum(p is None for p in self.players)

    def seat_of(self, player_id: int) -> int | None:
        for seat, player in enumerate(self.players):
            if player is not None and player.id == player_id and seat not in self.bot_seats:
                return seat
        return None

    def names(self) -> list[str]:
        return [p.name for p in self.players if p is not None]


@dataclass(eq=False)
class Client:
    """One connection: its player, its outgoing queue (shared by its links to tables), its
    budget of messages, and the tables it is told of."""

    socket: ServerConnection
    address: str
    base: Link
    """The connection's own link: its queue and budget, which every table link shares."""
    player: Player | None = None
    links: dict[int, Link] = field(default_factory=dict)
    """Its link at each table in play it sits at or watches."""
    current: int | None = None
    """The table its ``act`` goes to."""
    yours: str = "[]"
    """Its player's tables where it is their move, as last told (JSON)."""

    def send(self, message: BaseModel) -> None:
        self.base.send_text(message.model_dump_json())

    def link(self, seat: int) -> Link:
        return Link(self.socket, seat, queue=self.base.queue, budget=self.base.budget)


class LobbyServer:
    """The server's tables and connections over one store. ``clock``: seconds since the epoch
    (time controls, waits), injected in tests; ``sleep`` waits out a wrong token's delay."""

    def __init__(
        self,
        store: ServerStore,
        *,
        gate: Gate | None = None,
        identities: Identities | None = None,
        clock: Clock = time.time,
        executor: Executor | None = None,
        report: Callable[[str], None] | None = None,
        bot_level: str = BOT_LEVEL,
        tick_every: float = TICK,
        idle_wait: float = IDLE_WAIT,
        hello_timeout: float = HELLO_TIMEOUT,
        lobby_every: float = LOBBY_EVERY,
        remind_every: float = PRESENCE_EVERY,
        max_spectators: int = MAX_SPECTATORS,
        proxies: TrustedProxies | None = None,
    ) -> None:
        self.store = store
        self.gate = gate or Gate()
        self.identities = identities or Identities(store)
        self.ratings = Ratings(store)
        self.clock = clock
        self.executor = executor or ThreadPoolExecutor(max_workers=2, thread_name_prefix="bot")
        self.report = report or (lambda line: print(line, file=sys.stderr, flush=True))
        self.bot_level, self.hello_timeout = bot_level, hello_timeout
        self.tick_every, self.idle_wait = tick_every, idle_wait
        self.lobby_every, self.remind_every = lobby_every, remind_every
        self.reminded = clock()
        """When the tables with a player away were last reminded who it is."""
        self.max_spectators = max_spectators
        self.proxies = proxies or TrustedProxies()
        """The proxies whose X-Forwarded-For names the client's address."""
        self.tables: dict[int, LiveTable] = {}
        self.clients: set[Client] = set()
        self.server: Server | None = None
        self.tasks: list[asyncio.Task[None]] = []
        self.moves: set[asyncio.Task[None]] = set()
        """The stand-ins' moves being thought (held until done)."""
        self.changed = asyncio.Event()
        self.listed: dict[str, dict[int, str]] = {"open": {}, "playing": {}}
        """The lobby's lists as last told: each table's entry (JSON) by its number."""
        self.whole_lists: str | None = None
        """The lists as last told, as a whole lobby message's fields (made when first needed)."""
        self.your_moves: dict[int, str] = {}
        """Each player's tables where it is their move, as last told (JSON; none: no table)."""
        self.moving: dict[int, dict[int, str]] = {}
        """Each player's tables where it is their move: its entry (JSON) by table."""
        self.moving_at: dict[int, dict[int, str]] = {}
        """Each table's entries of ``moving``, by player."""
        self.stirred: set[int] = set()
        """The tables where whose move it is may have changed since the lobby was last told."""
        self.stopping = False

    # -- life ---------------------------------------------------------------------------------

    async def start(
        self, host: str = "127.0.0.1", port: int = 0, tls: ssl.SSLContext | None = None
    ) -> int:
        """Resume what the store holds, then listen (the open-file limit raised as far as it
        goes: each connection is a file); the port listened on."""
        raise_open_files()
        self.resume()
        self.server = await serve(
            self.handle,
            host,
            port,
            ssl=tls,
            max_size=4 * self.gate.limits.max_message_bytes,
            ping_interval=20,
            ping_timeout=20,
            close_timeout=2,
            backlog=BACKLOG,
            logger=OneLineLogs(RateLimitedLog(self.report)).logger("websockets.server"),
        )
        self.tasks = [
            asyncio.create_task(self.ticking()),
            asyncio.create_task(self.broadcasting()),
        ]
        return int(self.server.sockets[0].getsockname()[1]) if self.server.sockets else port

    def resume(self) -> None:
        """Rate any finished table not yet rated; close the tables that waited for players when
        the server stopped (their players are told nothing: they were told it stopped); take up
        again every table in play from its record and clocks."""
        for table_id in self.store.unrated():
            self.rate(table_id)
        for table_id in self.store.tables_in("waiting", limit=1 << 30):
            self.store.set_state(table_id, "closed")
        for table_id in self.store.tables_in("playing", limit=1 << 30):
            try:
                self.resume_table(table_id)
            except (RecordError, StoreError, ValueError) as err:
                self.report(f"table {table_id} cannot be resumed ({err}); closed")
                self.store.set_state(table_id, "closed")

    def resume_table(self, table_id: int) -> None:
        row = self.store.table(table_id)
        if row is None or row.record is None:
            raise RecordError("no record was kept")
        record = load_record(row.record)
        game = replay_record(record, rng=random.SystemRandom())
        control = control_of(row.time_control)
        live = LiveTable(
            table_id,
            row.ruleset,
            json.loads(row.options),
            row.seats,
            row.rated,
            control,
            invite_hash=row.invite_hash,
            private=row.invite_hash is not None,
            created=self.clock(),
        )
        live.players = [self.store.player(p) if p is not None else None for p in row.players]
        live.bot_seats = {i for i, s in enumerate(record.seats) if s.player != REMOTE}
        live.clocks = SeatClocks.from_json(control, row.clocks)
        self.tables[table_id] = live
        self.run(live, game, list(record.seats))

    async def stop(self, reason: str = STOPPING) -> None:
        """Save every table in play, tell every client why, and close."""
        self.stopping = True
        for task in self.tasks:
            task.cancel()
        for live in list(self.tables.values()):
            hosted = live.hosted
            if hosted is not None:
                hosted.table.on_close = None
                hosted.save()
                hosted.close()
        for client in list(self.clients):
            client.base.send(Closed(reason=reason))
            client.base.queue.put_nowait(None)
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    # -- connections --------------------------------------------------------------------------

    async def handle(self, socket: ServerConnection) -> None:
        """One connection: its hello, then lobby messages and its seats' actions, until it
        ends."""
        forwarded = socket.request.headers.get("X-Forwarded-For") if socket.request else None
        address = self.proxies.client_address(address_of(socket), forwarded)
        refused = self.gate.connect(address)
        if refused:
            await say_and_close(socket, Error(reason=refused))
            return
        client = Client(socket, address, Link(socket, SPECTATOR, budget=self.gate.budget()))
        writer = asyncio.create_task(client.base.write())
        identified = False
        try:
            player = await self.hello(client)
            if player is None:
                return
            identified = True
            client.player = player
            self.clients.add(client)
            self.send_lobby(client)
            async for raw in socket:
                if not self.read(client, raw):
                    break
        except ConnectionClosed:
            pass
        finally:
            self.clients.discard(client)
            for table_id, link in list(client.links.items()):
                live = self.tables.get(table_id)
                if live is not None and live.hosted is not None:
                    live.hosted.leave(link)
                    self.changed.set()
            client.links.clear()
            if identified and client.player is not None:
                self.gate.leave(client.player.id)
            self.gate.disconnect(address)
            client.base.queue.put_nowait(None)
            try:
                await asyncio.wait_for(writer, 5)
            except (TimeoutError, ConnectionClosed):
                writer.cancel()

    async def hello(self, client: Client) -> Player | None:
        """The player the connection's hello names (a new one, told its token once), counted
        against the gate; None, the client told why, if it is none or may not come."""
        try:
            raw = await asyncio.wait_for(client.socket.recv(), self.hello_timeout)
        except TimeoutError:
            client.send(Error(reason="say hello first"))
            return None
        message = self.client_message(client, raw)
        if message is None:
            return None
        if isinstance(message, LeaderboardRequest):  # a look at the board needs no player
            self.answer_board(client, message)
            return None
        if isinstance(message, PlayerRequest):  # nor a player's page
            self.answer_player(client, message)
            return None
        if not isinstance(message, Hello):
            client.send(Error(reason="say hello first"))
            return None
        try:
            if message.token is not None:
                player = await self.identities.identify(message.token)
                token = None
            else:
                assert message.name is not None
                if name_key(message.name).startswith(BOT_PREFIX):
                    raise IdentityError(f"a name does not begin with {BOT_PREFIX!r}")
                if self.gate.bans.bans_name(message.name):
                    raise IdentityError("this player may not play on this server")
                refused = self.gate.register(client.address)
                if refused:
                    raise IdentityError(refused)
                player, token = self.identities.register(message.name, message.bot)
        except IdentityError as err:
            client.send(Error(reason=str(err)))
            return None
        refused = self.gate.identify(player.id, player.name)  # counted unless refused
        if refused:
            client.send(Error(reason=refused))
            return None
        client.send(Welcome(player=player.id, name=player.name, token=token))
        return player

    def read(self, client: Client, raw: str | bytes) -> bool:
        """Take one message; whether the connection goes on."""
        budget = client.base.budget.take()
        if budget == "close":
            client.send(Error(reason="too many messages too fast: closed"))
            return False
        if budget == "drop":
            client.send(Error(reason="too many messages: this one was dropped"))
            return True
        too_large = self.gate.too_large(raw)
        if too_large:
            client.send(Error(reason=too_large))
            return True
        if isinstance(raw, str) and '"act"' in raw:
            try:
                act = TABLE_CLIENT.validate_json(raw)
            except ValidationError:
                act = None
            if isinstance(act, Act):
                self.act(client, act)
                return True
        message = self.client_message(client, raw)
        if message is None:
            return True
        try:
            self.answer(client, message)
        except StoreError as err:
            self.report(f"the store failed: {err}")
            client.send(Error(reason="the server could not do that now: try again"))
        return True

    def client_message(self, client: Client, raw: str | bytes) -> ClientMessage | None:
        """The lobby message ``raw`` is; None, the client told why, if it is none."""
        try:
            return read_client(raw, self.gate.limits.max_message_bytes)
        except ProtocolError as err:
            client.send(Error(reason=str(err)))
            return None

    def answer(self, client: Client, message: BaseModel) -> None:
        player = client.player
        assert player is not None
        if isinstance(message, CreateTable):
            self.create(client, player, message)
        elif isinstance(message, QuickMatch):
            self.quick(client, player, message)
        elif isinstance(message, JoinTable):
            self.join(client, player, message)
        elif isinstance(message, WatchTable):
            self.watch(client, message.table)
        elif isinstance(message, LeaveTable):
            self.leave(client, player, message.table)
        elif isinstance(message, LeaderboardRequest):
            self.answer_board(client, message)
        elif isinstance(message, PlayerRequest):
            self.answer_player(client, message)
        elif isinstance(message, RecordRequest):
            self.answer_record(client, player, message.table)
        else:
            client.send(Error(reason="hello once, at the start"))

    def answer_board(self, client: Client, message: LeaderboardRequest) -> None:
        rows = self.ratings.leaderboard(message.ruleset, message.limit, message.offset)
        client.send(
            Leaderboard(
                ruleset=message.ruleset,
                rows=[
                    LeaderRow(
                        rank=message.offset + n,
                        player=s.player_id,
                        name=s.name,
                        bot=s.is_bot,
                        ordinal=s.ordinal,
                        games=s.games,
                    )
                    for n, s in enumerate(rows, 1)
                ],
            )
        )

    def answer_player(self, client: Client, message: PlayerRequest) -> None:
        """A player's page: the rating in the ruleset, its latest points, the latest finished
        tables of that ruleset (private ones left out)."""
        player = self.store.player(message.player)
        if player is None:
            client.send(Error(reason=f"no player {message.player} on this server"))
            return
        history = [
            RatingPoint(table=p.table_id, at=p.at, mu=p.mu, sigma=p.sigma, ordinal=p.ordinal)
            for p in self.ratings.history(player.id, message.ruleset, MAX_HISTORY)
        ]
        found = self.store.query(
            "SELECT t.id, t.ruleset, t.updated, t.rated, s.seat FROM table_seats s"
            " JOIN tables t ON t.id = s.table_id WHERE s.player_id = ? AND t.ruleset = ?"
            " AND t.state = 'finished' AND t.invite_hash IS NULL ORDER BY t.id DESC LIMIT ?",
            (player.id, message.ruleset, MAX_RECENT),
        )
        recent = []
        for table_id, ruleset, finished, rated, seat in found:
            seats = self.store.query(
                "SELECT p.name, s.total FROM table_seats s JOIN players p ON p.id = s.player_id"
                " WHERE s.table_id = ? ORDER BY s.seat",
                (table_id,),
            )
            recent.append(
                PastTable(
                    table=table_id,
                    ruleset=ruleset,
                    finished=finished,
                    seat=seat,
                    players=[name for name, _ in seats],
                    totals=[total or 0 for _, total in seats],
                    rated=bool(rated),
                )
            )
        client.send(
            PlayerPage(
                player=player.id,
                name=player.name,
                bot=player.is_bot,
                ruleset=message.ruleset,
                rating=self.rating_of(player.id, message.ruleset),
                history=history,
                recent=recent,
            )
        )

    def answer_record(self, client: Client, player: Player, table_id: int) -> None:
        """A finished table's record; a private table's to its players only."""
        row = self.store.table(table_id)
        seated = row is not None and player.id in row.players
        if row is None or row.state != "finished" or row.record is None:
            client.send(Error(reason=f"table {table_id} has no finished record"))
        elif row.invite_hash is not None and not seated:
            client.send(Error(reason=f"table {table_id} is private: its record is its players'"))
        elif len(row.record) > MAX_RECORD:
            client.send(Error(reason=f"table {table_id}'s record is too large to send"))
        else:
            client.send(TableRecord(table=table_id, record=row.record))

    # -- the lobby's requests ---------------------------------------------------------------

    def create(self, client: Client, player: Player, message: CreateTable) -> None:
        refused = self.gate.create_table(player.id, client.address)
        if refused:
            client.send(Error(reason=refused))
            return
        invite = new_code() if message.private else None
        live = self.new_table(
            message.ruleset,
            message.options,
            message.seats(),
            message.rated,
            message.time_control,
            invite_hash=secret_hash(invite) if invite else None,
        )
        for seat in range(live.size - message.bots, live.size):
            self.seat_bot(live, seat)
        self.sit(client, player, live, invite)

    def quick(self, client: Client, player: Player, message: QuickMatch) -> None:
        options = RULESETS[message.ruleset].Options.model_validate(message.options)
        message = message.model_copy(update={"options": options.model_dump(exclude_defaults=True)})
        waiting = next(
            (
                t
                for t in self.tables.values()
                if t.quick
                and t.hosted is None
                and t.ruleset == message.ruleset
                and t.seat_of(player.id) is not None
            ),
            None,
        )
        if waiting is not None:  # asked again while waiting: the same seat
            seat = waiting.seat_of(player.id)
            assert seat is not None
            client.send(Seated(table=waiting.id, seat=seat))
            client.current = waiting.id
            return
        live = next(
            (
                t
                for t in self.tables.values()
                if t.quick
                and t.hosted is None
                and t.ruleset == message.ruleset
                and t.options == message.options
                and t.control == message.time_control
                and t.free
                and t.seat_of(player.id) is None
            ),
            None,
        )
        if live is None:
            refused = self.gate.create_table(player.id, client.address)
            if refused:
                client.send(Error(reason=refused))
                return
            size = seats_at(message.ruleset, message.options)
            live = self.new_table(
                message.ruleset, message.options, size, True, message.time_control, quick=True
            )
        if message.bots_after is not None:
            at = self.clock() + message.bots_after
            live.bots_at = at if live.bots_at is None else min(live.bots_at, at)
        self.sit(client, player, live)
        if live.hosted is None and live.bots_at is not None and live.bots_at <= self.clock():
            self.fill_with_bots(live)

    def join(self, client: Client, player: Player, message: JoinTable) -> None:
        live = self.tables.get(message.table)
        if live is None:
            client.send(Error(reason=f"no table {message.table} is open or in play"))
            return
        seat = live.seat_of(player.id)
        if seat is not None:  # back at a seat of one's own
            client.send(Seated(table=live.id, seat=seat))
            if live.hosted is not None:
                self.attach(client, live, seat)
            return
        if live.hosted is not None or not live.free:
            client.send(Error(reason=f"table {live.id} has no free seat"))
            return
        if live.invite_hash is not None and not (
            message.invite is not None
            and hmac.compare_digest(live.invite_hash, secret_hash(message.invite))
        ):
            client.send(Error(reason=f"table {live.id} is private: its invite is needed"))
            return
        self.sit(client, player, live)

    def watch(self, client: Client, table_id: int) -> None:
        """Watch a table in play, or one waiting for players from when it begins."""
        live = self.tables.get(table_id)
        if live is None or (
            live.private and client.player is not None and live.seat_of(client.player.id) is None
        ):
            client.send(Error(reason=f"no table {table_id} is open or in play"))
            return
        if live.hosted is not None and len(live.hosted.watchers) >= self.max_spectators:
            client.send(Error(reason=f"table {table_id} has as many spectators as it takes"))
            return
        client.send(Seated(table=live.id, seat=SPECTATOR))
        if live.hosted is None:
            live.early_watchers.add(client)
        else:
            self.attach(client, live, SPECTATOR)

    def leave(self, client: Client, player: Player, table_id: int) -> None:
        live = self.tables.get(table_id)
        link = client.links.pop(table_id, None)
        if client.current == table_id:
            client.current = None
        if live is None:
            return
        live.early_watchers.discard(client)
        if link is not None and live.hosted is not None:
            live.hosted.leave(link)
        seat = live.seat_of(player.id)
        if live.hosted is None and seat is not None:
            self.store.leave_seat(live.id, player.id)
            live.players[seat] = None
            if not any(p is not None for p in live.players):
                self.expire(live, "")
        self.changed.set()

    # -- tables -------------------------------------------------------------------------------

    def new_table(
        self,
        ruleset: str,
        options: dict[str, Any],
        size: int,
        rated: bool,
        control: Control,
        quick: bool = False,
        invite_hash: str | None = None,
    ) -> LiveTable:
        table_id = self.store.add_table(
            ruleset,
            json.dumps(options, sort_keys=True),
            size,
            rated,
            control.model_dump_json(),
            invite_hash,
        )
        live = LiveTable(
            table_id,
            ruleset,
            dict(options),
            size,
            rated,
            control,
            quick=quick,
            private=invite_hash is not None,
            invite_hash=invite_hash,
            players=[None] * size,
            created=self.clock(),
        )
        self.tables[table_id] = live
        self.changed.set()
        return live

    def sit(
        self, client: Client, player: Player, live: LiveTable, invite: str | None = None
    ) -> None:
        seat = live.players.index(None)
        self.store.seat_player(live.id, seat, player.id)
        live.players[seat] = player
        client.send(Seated(table=live.id, seat=seat, invite=invite))
        client.current = live.id
        self.changed.set()
        if not live.free:
            self.begin(live)

    def fill_with_bots(self, live: LiveTable) -> None:
        """A quick match's free seats to bots, and the table begins."""
        for seat, player in enumerate(live.players):
            if player is None:
                self.seat_bot(live, seat)
        self.begin(live)

    def seat_bot(self, live: LiveTable, seat: int) -> None:
        bot = self.bot_player(seat)
        self.store.seat_player(live.id, seat, bot.id)
        live.players[seat] = bot
        live.bot_seats.add(seat)

    def bot_player(self, seat: int) -> Player:
        """The server's bot player of its level for a seat (one per seat number, as one
        player sits at one seat of a table)."""
        name = f"{BOT_PREFIX}{self.bot_level}:{seat + 1}"
        found = self.store.player_named(name_key(name))
        if found is not None:
            return found
        player, _ = self.identities.register(name, is_bot=True)
        return player

    def begin(self, live: LiveTable) -> None:
        """Every seat is taken: the year begins, dealt from the system's secure source."""
        self.store.set_state(live.id, "playing")
        game = new_game(live.ruleset, random.SystemRandom(), live.options)
        seats = [
            SeatRecord(
                name=p.name if p is not None else "",
                player=self.bot_level if i in live.bot_seats else REMOTE,
            )
            for i, p in enumerate(live.players)
        ]
        live.clocks = SeatClocks(live.control)
        self.run(live, game, seats)
        assert live.hosted is not None
        live.hosted.save()

    def run(self, live: LiveTable, game: Game, seats: list[SeatRecord]) -> None:
        """Hold the table in play, its bots thinking, and tell every connection seated there."""
        hosted = HostTable(
            game, seats, None, executor=self.executor, report=self.report, clock=self.clock
        )
        hosted.table.saver = StoreSaver(self, live)
        hosted.table.on_close = lambda: self.drop(live)
        live.hosted = hosted
        live.driver = asyncio.create_task(self.drive(live))
        for seat, client in self.seated_connections(live).items():
            self.attach(client, live, seat)
        for client in live.early_watchers & self.clients:
            self.attach(client, live, SPECTATOR)
        live.early_watchers.clear()
        self.stir(live)

    def seated_connections(self, live: LiveTable) -> dict[int, Client]:
        """The one connection of each seated player that the table is told to as it begins: the
        one that sat there, else one at no other table (a player back after sitting down). A
        player's other connections keep the lobby, where the table is theirs to move at."""
        chosen: dict[int, Client] = {}
        for client in self.clients:
            seat = live.seat_of(client.player.id) if client.player else None
            if seat is None or client.current not in (None, live.id):
                continue
            if seat not in chosen or (client.current == live.id != chosen[seat].current):
                chosen[seat] = client
        return chosen

    def attach(self, client: Client, live: LiveTable, seat: int) -> None:
        """The connection is told the table's messages from now on (a seat taken up from
        another connection of the player's is told them no more)."""
        hosted = live.hosted
        assert hosted is not None and client.player is not None
        old = client.links.pop(live.id, None)
        if old is not None:
            hosted.leave(old)
        if seat != SPECTATOR:
            held = hosted.links.get(seat)
            if held is not None:
                hosted.leave(held)
                for other in self.clients:
                    if other.links.get(live.id) is held:
                        del other.links[live.id]
                        other.send(Error(reason=f"table {live.id}: joined from elsewhere"))
        link = client.link(seat)
        client.links[live.id] = link
        client.current = live.id
        hosted.arrive(link, client.player.name if seat != SPECTATOR else "")
        self.changed.set()  # a spectator more, in the lobby's list

    def act(self, client: Client, act: Act) -> None:
        live = self.tables.get(client.current) if client.current is not None else None
        link = client.links.get(live.id) if live is not None else None
        if live is None or live.hosted is None or link is None:
            client.base.send(Refused(seq=act.seq, reason="you sit at no table in play"))
            return
        if link.seat == SPECTATOR:
            link.send(Refused(seq=act.seq, reason="a spectator does not play"))
            return
        why = live.hosted.act(link, act)
        if why:
            link.send(Refused(seq=act.seq, reason=why))

    async def drive(self, live: LiveTable) -> None:
        hosted = live.hosted
        assert hosted is not None
        await hosted.play()
        if hosted.table.closed or self.stopping:
            return
        self.finish(live)

    def finish(self, live: LiveTable) -> None:
        """The year is over: the totals and record kept, the ratings moved on (once), each
        player told, and the table let go."""
        hosted = live.hosted
        assert hosted is not None
        totals = list(hosted.game.scores)
        try:
            self.store.finish(live.id, totals, hosted.record().to_json())
        except StoreError as err:
            self.report(f"table {live.id}: the year could not be kept ({err})")
        else:
            if live.rated:
                self.rate(live.id)
        for seat, player in enumerate(live.players):
            if player is None or seat in live.bot_seats:
                continue
            rating = self.rating_of(player.id, live.ruleset) if live.rated else None
            told = Finished(table=live.id, seat=seat, totals=totals, rating=rating)
            for client in self.clients:
                if client.player is not None and client.player.id == player.id:
                    client.send(told)
        hosted.close()

    def rate(self, table_id: int) -> None:
        """Apply a finished rated table to the ratings (once: again does nothing); a failure is
        reported, and the next start tries again."""
        try:
            self.ratings.apply(table_id)
        except StoreError as err:
            self.report(f"table {table_id} cannot be rated: {err}")

    def rating_of(self, player_id: int, ruleset: str) -> Rating | None:
        rows = self.store.query(
            "SELECT mu, sigma, games FROM ratings WHERE player_id = ? AND ruleset = ?",
            (player_id, ruleset),
        )
        if not rows:
            return None
        mu, sigma, games = rows[0]
        return Rating(mu=mu, sigma=sigma, ordinal=mu - 3 * sigma, games=games)

    def drop(self, live: LiveTable) -> None:
        """A closed table is let go."""
        self.tables.pop(live.id, None)
        for client in self.clients:
            client.links.pop(live.id, None)
            if client.current == live.id:
                client.current = None
        self.stir(live)

    def expire(self, live: LiveTable, reason: str) -> None:
        """A table that never began is closed (its seated players told ``reason``)."""
        self.store.set_state(live.id, "closed")
        self.tables.pop(live.id, None)
        if reason:
            ids = {p.id for p in live.players if p is not None}
            for client in self.clients:
                if client.player is not None and client.player.id in ids:
                    client.send(Error(reason=reason))
        self.changed.set()

    # -- clocks -------------------------------------------------------------------------------

    def acted(self, live: LiveTable) -> None:
        """After every action saved: the clocks follow once the table has told it."""
        if not self.stopping:
            asyncio.get_running_loop().call_soon(self.follow, live)
            self.stir(live)

    def stir(self, live: LiveTable) -> None:
        """The table changed: whose move it is there is looked at again when the lobby is next
        told."""
        self.stirred.add(live.id)
        self.changed.set()

    def waiting_on(self, live: LiveTable) -> list[int]:
        """The persons' seats whose decision the table awaits."""
        hosted = live.hosted
        if hosted is None or hosted.game.is_over or hosted.table.closed:
            return []
        table = hosted.table
        round_ = table.open_round()
        if round_ is not None:
            seats = [s for s in round_.asked if s not in round_.answered]
        else:
            seats = [hosted.game.to_act]
        return [s for s in seats if s not in live.bot_seats and s not in table.stand_ins]

    def follow(self, live: LiveTable) -> None:
        """The clocks follow the table; kept at once when a decision starts or ends (a
        turn-based move's hours count from when it fell to the seat, whatever stops the
        server)."""
        clocks, hosted = live.clocks, live.hosted
        if clocks is None or hosted is None or hosted.table.closed:
            return
        if clocks.follow(self.waiting_on(live), hosted.table.latest, self.clock()):
            self.store.save_clocks(live.id, clocks.to_json())
            self.stir(live)

    def tick(self) -> None:
        """Look at the clocks: a quick match's bots due, a table idle too long, a real-time
        table its players have all left for as long (it waits for them meanwhile), a decision
        out of time (its seat's stand-in makes it); and now and then remind every table with
        a player away who it is."""
        now = self.clock()
        remind = now - self.reminded >= self.remind_every
        if remind:
            self.reminded = now
        for live in list(self.tables.values()):
            hosted = live.hosted
            if hosted is None:
                if live.bots_at is not None and live.bots_at <= now:
                    self.fill_with_bots(live)
                elif now - live.created >= self.idle_wait:
                    self.expire(live, f"table {live.id} waited too long for players: closed")
                continue
            if remind and hosted.away and not hosted.game.is_over:
                hosted.presence()
            self.follow(live)
            if live.clocks is None or self.deserted(live, now):
                continue
            for seat, seq in live.clocks.out(now):
                if seat not in live.timing_out:
                    live.timing_out.add(seat)
                    task = asyncio.create_task(self.out_of_time(live, seat, seq))
                    self.moves.add(task)
                    task.add_done_callback(self.moves.discard)

    def deserted(self, live: LiveTable, now: float) -> bool:
        """Whether a real-time table has none of its players at it: its clocks wait (a decision
        pending starts again when one is back), and after ``idle_wait`` it is closed."""
        hosted, clocks = live.hosted, live.clocks
        if hosted is None or clocks is None or not isinstance(live.control, RealTime):
            return False
        people = [s for s in range(live.size) if s not in live.bot_seats]
        if any(seat in hosted.links for seat in people):
            if live.deserted is not None:
                live.deserted = None
                clocks.pending = {s: (seq, now) for s, (seq, _) in clocks.pending.items()}
                self.store.save_clocks(live.id, clocks.to_json())
                self.stir(live)
            return False
        if live.deserted is None:
            live.deserted = now
        elif now - live.deserted >= self.idle_wait:
            self.abandon(live)
        return True

    def abandon(self, live: LiveTable) -> None:
        """A real-time table its players left for good is closed: its record kept as it is,
        its spectators told, nobody rated for the year left unfinished."""
        hosted = live.hosted
        assert hosted is not None
        hosted.save()
        self.store.set_state(live.id, "closed")
        reason = f"table {live.id}: its players were gone too long: closed"
        for link in hosted.all_links():
            link.send(Closed(reason=reason))
        hosted.close()

    async def out_of_time(self, live: LiveTable, seat: int, seq: int) -> None:
        """The seat's stand-in bot makes the decision its time ran out on; everyone at the
        table is told."""
        hosted = live.hosted
        assert hosted is not None
        table = hosted.table
        try:
            game = table.game
            view = game.view(seat)
            round_ = table.open_round()
            if round_ is not None:
                view = round_.view(game, seat, view)
            bot = make_bot(self.bot_level, bot_rng(None, f"out-of-time/{seat}"))
            catch_up([(seat, bot)], game)
            loop = asyncio.get_running_loop()
            action = await loop.run_in_executor(self.executor, bot.act, view)
            if table.closed or table.latest != seq:
                return
            if table.act(seat, seq, action) is None:
                player = live.players[seat]
                told = TimedOut(table=live.id, seat=seat, name=player.name if player else "")
                for link in hosted.all_links():
                    link.send_text(told.model_dump_json())
        finally:
            live.timing_out.discard(seat)

    async def ticking(self) -> None:
        while True:
            await asyncio.sleep(self.tick_every)
            try:
                self.tick()
            except StoreError as err:
                self.report(f"the store failed: {err}")

    # -- the lobby state ----------------------------------------------------------------------

    def entry(self, live: LiveTable) -> tuple[str, str] | None:
        """The list of the lobby the table is in (``open`` or ``playing``) and its entry's JSON;
        None if it is in neither (private, full, or not listed). The JSON is made again only
        when what it shows changed."""
        if live.private:
            return None
        names = tuple(live.names())
        if live.hosted is None:
            if not live.free:
                return None
            key: tuple[Any, ...] = ("open", live.free, names)
        else:
            key = ("playing", names, len(live.hosted.watchers))
        if live.entry is not None and live.entry[0] == key:
            return key[0], live.entry[1]
        model: BaseModel
        if live.hosted is None:
            model = OpenTable(
                table=live.id,
                ruleset=live.ruleset,
                options=live.options,
                seats=live.size,
                free=live.free,
                players=list(names),
                time_control=live.control,
                rated=live.rated,
                waiting_since=live.created,
            )
        else:
            model = PlayingTable(
                table=live.id,
                ruleset=live.ruleset,
                players=list(names),
                time_control=live.control,
                rated=live.rated,
                watchers=len(live.hosted.watchers),
            )
        live.entry = (key, model.model_dump_json())
        return key[0], live.entry[1]

    def publish(self) -> str | None:
        """The lobby's lists (the same for every connection) brought up to date; what changed
        in them as the fields of a lobby message that is not whole (made once for all), or None
        if nothing did."""
        lists: dict[str, dict[int, str]] = {"open": {}, "playing": {}}
        for live in self.tables.values():
            found = self.entry(live)
            if found is not None and len(lists[found[0]]) < MAX_LISTED:
                lists[found[0]][live.id] = found[1]
        changed = {
            name: [text for table, text in now.items() if self.listed[name].get(table) != text]
            for name, now in lists.items()
        }
        gone = [
            table
            for listed in self.listed.values()
            for table in listed
            if table not in lists["open"] and table not in lists["playing"]
        ]
        self.listed = lists
        if not (changed["open"] or changed["playing"] or gone):
            return None
        self.whole_lists = None
        return (
            f'"open":[{",".join(changed["open"])}],"playing":[{",".join(changed["playing"])}],'
            f'"gone":{json.dumps(gone)}'
        )

    def to_move(self) -> set[int]:
        """The players' tables where it is their move brought up to date from the tables
        stirred since; the players whose list changed."""
        changed: set[int] = set()
        for table in self.stirred:
            live = self.tables.get(table)
            now = self.moves_at(live) if live is not None else {}
            before = self.moving_at.pop(table, {})
            if now:
                self.moving_at[table] = now
            for player in before.keys() | now.keys():
                if before.get(player) == now.get(player):
                    continue
                changed.add(player)
                tables = self.moving.setdefault(player, {})
                if player in now:
                    tables[table] = now[player]
                else:
                    tables.pop(table, None)
        self.stirred.clear()
        for player in changed:
            mine = self.moving.get(player)
            if mine:
                texts = [mine[t] for t in sorted(mine)][:MAX_LISTED]
                self.your_moves[player] = f"[{','.join(texts)}]"
            else:
                self.moving.pop(player, None)
                self.your_moves.pop(player, None)
        return changed

    def moves_at(self, live: LiveTable) -> dict[int, str]:
        """The table's ``your_move`` entries (JSON) by the player whose move it is."""
        found: dict[int, str] = {}
        if live.hosted is None:
            return found
        for seat in self.waiting_on(live):
            player = live.players[seat]
            if player is None:
                continue
            pending = live.clocks.pending.get(seat) if live.clocks else None
            key = (seat, pending)
            kept = live.moves.get(seat)
            if kept is None or kept[0] != key:
                told = YourMove(
                    table=live.id,
                    ruleset=live.ruleset,
                    players=live.names(),
                    time_control=live.control,
                    since=pending[1] if pending else self.clock(),
                )
                kept = live.moves[seat] = (key, told.model_dump_json())
            found[player.id] = kept[1]
        return found

    def whole_text(self, player: Player) -> str:
        """The whole lobby as last published, and the player's tables where it is their move,
        as a lobby message's JSON."""
        if self.whole_lists is None:
            self.whole_lists = (
                f'"open":[{",".join(self.listed["open"].values())}],'
                f'"playing":[{",".join(self.listed["playing"].values())}],"gone":[]'
            )
        yours = self.your_moves.get(player.id, "[]")
        return f'{{"v":1,"type":"lobby","whole":true,{self.whole_lists},"your_move":{yours}}}'

    def lobby_state(self, player: Player) -> LobbyState:
        """The whole lobby a connection of the player's is told first."""
        return LobbyState.model_validate_json(self.whole_text(player))

    def send_lobby(self, client: Client) -> None:
        """The whole lobby, to a connection that has just said hello."""
        if client.player is None:
            return
        client.yours = self.your_moves.get(client.player.id, "[]")
        client.base.send_text(self.whole_text(client.player))

    def broadcast(self) -> None:
        """Every connection told what changed in the lobby since it was last told: the lists'
        changes (the same text for all) and, to each player whose tables where it is their move
        changed, those tables."""
        changes = self.publish() or NO_CHANGES
        moved = self.to_move()
        shared = f'{{"v":1,"type":"lobby","whole":false,{changes},"your_move":null}}'
        for client in list(self.clients):
            if client.player is None or (changes is NO_CHANGES and client.player.id not in moved):
                continue
            yours = self.your_moves.get(client.player.id, "[]")
            if yours == client.yours:
                if changes is not NO_CHANGES:
                    client.base.send_text(shared)
                continue
            client.yours = yours
            client.base.send_text(
                f'{{"v":1,"type":"lobby","whole":false,{changes},"your_move":{yours}}}'
            )

    async def broadcasting(self) -> None:
        """The lobby's changes told at most every ``lobby_every`` seconds: those that come
        meanwhile are told together."""
        while True:
            await self.changed.wait()
            self.changed.clear()
            self.broadcast()
            await asyncio.sleep(self.lobby_every)


def seats_at(ruleset: str, options: dict[str, Any]) -> int:
    """How many sit at a table of ``ruleset`` under ``options``."""
    return CreateTable(ruleset=ruleset, options=options).seats()


def control_of(text: str) -> Control:
    """A time control kept as JSON."""
    data = json.loads(text)
    if data.get("kind") == "turns":
        return TurnBased.model_validate(data)
    return RealTime.model_validate(data)


async def say_and_close(socket: ServerConnection, message: ServerMessage) -> None:
    try:
        await socket.send(message.model_dump_json())
        await socket.close()
    except ConnectionClosed:
        pass
