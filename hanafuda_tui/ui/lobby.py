"""A server's lobby on screen (``hanafuda online HOST:PORT``, or the selector's Online): one
``LobbyConnection`` says hello with the token kept for that server (the first time, with a name
asked here, the token then kept), shows the lobby's lists as the server changes them, and sends
what the keys ask (create, quick match, join, watch, leave, the leaderboard, a player's page).

When a table the player sits at (or watches) begins, its messages, on the same connection, go to
a ``HostedSession`` over a ``RemoteGame`` exactly as ``hanafuda join``'s do, and the ordinary
table screen opens over the lobby. At the year's end the player is back in the lobby, told the
totals and the new rating; the year's record is kept in the data directory's ``records``.
"""

from __future__ import annotations

import contextlib
import ssl
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ..core.records import RecordError, load_record, write_atomically
from ..net.protocol import Act, Closed, Over, Presence, Refused, Update
from ..net.protocol import Welcome as TableWelcome
from ..net.remote import RemoteGame
from ..server.online import LobbyConnection, OnlineError
from ..server.protocol import (
    Error,
    Finished,
    JoinTable,
    Leaderboard,
    LeaveTable,
    LobbyState,
    PlayerPage,
    RecordRequest,
    Seated,
    TableRecord,
    TimedOut,
    WatchTable,
    Welcome,
)
from ..server.tokens import TokenBook, TokenFileError
from ..tables.storage import data_dir
from .app import HanafudaApp, run_app
from .app_side import app_side
from .i18n import t
from .screens.lobby import (
    AskLine,
    BoardScreen,
    InviteForm,
    PlayerScreen,
    TableForm,
    control_text,
    options_text,
    waited,
)
from .screens.selector import ruleset_label
from .session import HostedSession, Joined

if TYPE_CHECKING:
    from .screens.table import TableScreen


class LobbySeat:
    """A seat's decisions sent over the lobby's connection (what a ``HostedSession`` sends
    through)."""

    def __init__(self, connection: LobbyConnection, game: RemoteGame) -> None:
        self.connection = connection
        self.game = game
        """The seat's copy of the table, moved on as each message comes (the screen's copy
        follows as it shows them)."""

    async def act(self, action: int) -> None:
        await self.connection.send(Act(action=action, seq=self.game.seq))


def record_path(ruleset: str, table: int) -> Path:
    """Where a server table's record is kept: the data directory's ``records``."""
    return data_dir() / "records" / f"online-{ruleset}-table{table}.json"


def cells(*values: object) -> list[Text]:
    """A row of a list: every value literal (a name's ``[red]`` is shown as typed)."""
    return [v if isinstance(v, Text) else Text(str(v)) for v in values]


class LobbyScreen(Screen[None]):
    """The lobby: open tables to join, tables in play to watch, the player's tables where it is
    their move. Keys: c create, q quick match, Enter join or watch the highlighted row, w watch,
    x leave the table waited at, i a private table's invite, b the leaderboard, Esc back."""

    DEFAULT_CSS = """
    #lobby-head { height: auto; padding: 0 1; }
    .lobby-list-title { height: 1; padding: 0 1; text-style: bold; }
    DataTable { height: 1fr; min-height: 3; }
    #lobby-keys { height: auto; padding: 0 1; }
    """
    BINDINGS = [
        Binding("escape", "back", show=False),
        Binding("c", "create", show=False),
        Binding("q", "quick", show=False),
        Binding("w", "watch", show=False),
        Binding("x", "leave", show=False),
        Binding("i", "invite", show=False),
        Binding("b", "board", show=False),
        Binding("enter", "enter", show=False, priority=True),
    ]

    def __init__(
        self,
        where: str,
        tls: ssl.SSLContext | None = None,
        name: str = "",
        book: TokenBook | None = None,
        standalone: bool = False,
    ) -> None:
        super().__init__()
        self.where, self.tls, self.player_name = where, tls, name
        self.book = book or TokenBook()
        self.standalone = standalone
        """The program is this lobby (Esc asks to quit) rather than a screen of the selector's."""
        self.connection: LobbyConnection | None = None
        self.welcome: Welcome | None = None
        self.state = LobbyState()
        self.waiting: dict[int, int] = {}
        """The tables not begun the player sits at, and the seat."""
        self.current = 0
        """The table last sat at or watched: the one whose messages come."""
        self.last: Finished | None = None
        self.session: HostedSession | None = None
        self.seat: LobbySeat | None = None
        self.opening = False
        self.viewing: set[int] = set()
        """Tables whose record is to be viewed once it comes."""
        self.ruleset = "koikoi3"
        self.problem = ""

    def compose(self) -> ComposeResult:
        yield Static("", id="lobby-head")
        with Vertical():
            yield Static(t("lobby.open"), classes="lobby-list-title")
            yield self.list_of(
                "open", "lobby.ruleset", "lobby.options", "lobby.seats", "lobby.players"
            )
            yield Static(t("lobby.playing"), classes="lobby-list-title")
            yield self.list_of("playing", "lobby.ruleset", "lobby.players", "lobby.watchers")
            yield Static(t("lobby.your_move"), classes="lobby-list-title")
            yield self.list_of("yours", "lobby.ruleset", "lobby.players", "lobby.since")
        yield Static(Content.from_markup(t("lobby.keys")), id="lobby-keys")

    def list_of(self, key: str, *columns: str) -> DataTable[Any]:
        table: DataTable[Any] = DataTable(cursor_type="row", id=key, zebra_stripes=True)
        table.add_columns(t("lobby.table"), *(t(c) for c in columns), t("lobby.time"))
        return table

    def on_mount(self) -> None:
        self.show_head()
        self.query_one("#open", DataTable).focus()
        self.run_worker(self.keep_connected(), name="lobby", exit_on_error=False)
        self.set_interval(1.0, self.show_lists)

    async def relabel(self) -> None:
        """Every word in the language now shown."""
        await self.recompose()
        self.show_head()
        self.show_lists()
        self.query_one("#open", DataTable).focus()

    def on_unmount(self) -> None:
        app: Any = self.app
        if getattr(app, "online", None) is self:
            app.online = None
        if self.connection is not None:
            self.app.run_worker(self.connection.close(), exit_on_error=False)

    # -- the connection -------------------------------------------------------------------------

    async def keep_connected(self) -> None:
        """Hello (a name asked until the server takes one), then every message taken."""
        problem = ""
        name = self.player_name
        while True:
            try:
                kept = self.book.get(self.where)
            except TokenFileError as err:
                self.say_problem(str(err))
                return
            if kept is None and not name:
                asked = AskLine(
                    t("lobby.name_title", where=self.where), t("lobby.name"), "", problem
                )
                name = await self.app.push_screen_wait(asked) or ""
                if not name:
                    self.action_back()
                    return
            try:
                connection = await LobbyConnection.open(self.where, self.tls)
            except OnlineError as err:
                self.unreachable(str(err))
                return
            try:
                welcome = await connection.hello(self.where, "" if kept else name, False, self.book)
            except (OnlineError, TokenFileError) as err:
                with contextlib.suppress(Exception):
                    await connection.close()
                if kept is not None:
                    self.say_problem(str(err))
                    return
                problem, name = str(err), ""
                continue
            break
        self.connection, self.welcome = connection, welcome
        app: Any = self.app
        app.online = self
        self.show_head()
        async for message in connection.messages():
            self.take(message)
        self.connection = None
        self.say_problem(t("lobby.gone", where=self.where))

    def send(self, message: BaseModel) -> None:
        """Send a lobby message (nothing while not connected)."""
        connection = self.connection
        if connection is None:
            self.notify(t("lobby.not_connected"), severity="warning", markup=False)
            return

        async def sending() -> None:
            with contextlib.suppress(OnlineError):
                await connection.send(message)

        self.run_worker(sending(), group="send", exit_on_error=False)

    def take(self, message: BaseModel) -> None:
        """One message of either protocol."""
        if isinstance(message, LobbyState):
            self.state = message
            self.show_lists()
        elif isinstance(message, Seated):
            self.seated(message)
        elif isinstance(message, TableWelcome):
            self.table_welcome(message)
        elif isinstance(message, Update | Refused | Over | Presence):
            self.table_news(message)
        elif isinstance(message, Closed):
            if self.session is not None:
                self.session.closed = message.reason
            self.notify(t("net.closed", reason=message.reason), severity="error", markup=False)
            self.deliver()
        elif isinstance(message, Finished):
            self.finished(message)
        elif isinstance(message, TimedOut):
            self.notify(t("lobby.timed_out", who=message.name), markup=False)
        elif isinstance(message, Error):
            self.notify(message.reason, severity="warning", markup=False)
        elif isinstance(message, Leaderboard):
            if isinstance(self.app.screen, BoardScreen):
                self.app.screen.show(message)
        elif isinstance(message, PlayerPage):
            self.app.push_screen(PlayerScreen(self, message))
        elif isinstance(message, TableRecord):
            self.keep_record(message)

    def seated(self, message: Seated) -> None:
        self.current = message.table
        if message.seat >= 0:
            self.waiting[message.table] = message.seat
        if message.invite is not None:
            said = t("lobby.invite_is", table=message.table, invite=message.invite)
            self.notify(said, timeout=30, markup=False)
        self.show_head()

    def table_welcome(self, message: TableWelcome) -> None:
        """A table begins (or is told again): it opens as a hosted table's screen."""
        assert self.connection is not None
        game = RemoteGame(message)
        table = self.current
        self.waiting.pop(table, None)
        self.seat = LobbySeat(self.connection, game)
        session = self.session
        if session is None or self.app_table() is None:
            path = record_path(game.ruleset, table) if game.seat >= 0 and table else None
            session = self.session = HostedSession(game.fresh(), path)
            self.opening = False
        session.connection = self.seat
        session.inbox.append(Joined(game.fresh()))
        self.show_head()
        self.deliver()

    def table_news(self, message: Update | Refused | Over | Presence) -> None:
        seat, session = self.seat, self.session
        if seat is None or session is None:
            return
        if isinstance(message, Update):
            seat.game.update(message)
        elif isinstance(message, Over):
            seat.game.over(message)
        if isinstance(message, Presence):
            seat.game.present(message)
            session.present(message)
        else:
            session.inbox.append(message)
        self.deliver()

    def finished(self, message: Finished) -> None:
        self.last = message
        self.show_head()

    # -- the table ------------------------------------------------------------------------------

    def app_table(self) -> TableScreen | None:
        app: Any = self.app
        table: TableScreen | None = app.table()
        return table

    def deliver(self) -> None:
        """The table takes what came; before it is open, the welcome and the first update open
        it over the lobby (as ``hanafuda join``'s app does)."""
        session = self.session
        if session is None:
            return
        table = self.app_table()
        if table is not None:
            with contextlib.suppress(NoMatches):
                if table.moments and session.behind:
                    table.skip_staging()
                elif table.moments or table.pending or self.app.screen is not table:
                    table.refresh_table()
                else:
                    table.advance()
            return
        while session.inbox and session.game.current is None:
            message = session.inbox.popleft()
            if isinstance(message, Joined):
                session.game = message.game
            elif isinstance(message, Update):
                session.game.update(message)
        if session.game.current is not None and not self.opening:
            self.opening = True
            self.run_worker(self.open_table(session))

    async def open_table(self, session: HostedSession) -> None:
        from .screens.table import TableScreen

        app_side(self).current_ruleset = session.game.ruleset
        await self.app.push_screen(TableScreen(session))

    def year_done(self) -> None:
        """The year's last sheet is closed: back to the lobby, the totals and rating told."""
        self.leave_table()

    def leave_table(self) -> None:
        """Back to the lobby from the table (a seat in play stays the player's: Enter on it in
        'your move' takes it up again)."""
        table = self.app_table()
        if table is not None:
            while self.app.screen is not self and len(self.app.screen_stack) > 1:
                self.app.pop_screen()
        self.session, self.seat, self.opening = None, None, False
        self.show_head()

    # -- what is shown --------------------------------------------------------------------------

    def unreachable(self, text: str) -> None:
        """The server cannot be reached: the program that is this lobby ends with one line;
        a lobby opened from the selector says it and stays for Esc."""
        app: Any = self.app
        if self.standalone:
            app.refusal = text
            app.exit(1, return_code=1)
            return
        self.say_problem(text)

    def say_problem(self, text: str) -> None:
        self.problem = text
        self.notify(text, severity="error", timeout=10, markup=False)
        self.show_head()

    def show_head(self) -> None:
        with contextlib.suppress(NoMatches):
            self.query_one("#lobby-head", Static).update(self.head())

    def head(self) -> Text:
        welcome = self.welcome
        text = Text(t("lobby.title", where=self.where), style="bold")
        if welcome is not None:
            text.append("  " + t("lobby.as") + " ")
            text.append(welcome.name, style="bold")
        elif not self.problem:
            text.append("  " + t("net.connecting", where=self.where))
        if self.problem:
            text.append("\n" + self.problem, style="red")
        for table, seat in self.waiting.items():
            text.append("\n" + t("lobby.waiting_at", table=table, seat=seat + 1))
        last = self.last
        if last is not None:
            totals = " ".join(f"{v:+d}" for v in last.totals)
            text.append("\n" + t("lobby.last", table=last.table, totals=totals))
            if last.rating is not None:
                rating = last.rating
                text.append(
                    " — "
                    + t("lobby.rating_line", ordinal=f"{rating.ordinal:.2f}", games=rating.games)
                )
        return text

    def show_lists(self) -> None:
        """The lobby's lists as the server last said (each kept at its highlighted row)."""
        now = time.time()
        state = self.state
        with contextlib.suppress(NoMatches):
            self.fill(
                "open",
                [
                    (
                        o.table,
                        cells(
                            o.table,
                            ruleset_label(o.ruleset),
                            options_text(o.ruleset, o.options),
                            f"{o.seats - o.free}/{o.seats}"
                            + (" " + t("lobby.rated_mark") if o.rated else ""),
                            Text(", ").join(Text(p) for p in o.players),
                            f"{control_text(o.time_control)} · {waited(now - o.waiting_since)}",
                        ),
                    )
                    for o in state.open
                ],
            )
            self.fill(
                "playing",
                [
                    (
                        p.table,
                        cells(
                            p.table,
                            ruleset_label(p.ruleset),
                            Text(", ").join(Text(n) for n in p.players),
                            p.watchers,
                            control_text(p.time_control),
                        ),
                    )
                    for p in state.playing
                ],
            )
            self.fill(
                "yours",
                [
                    (
                        y.table,
                        cells(
                            y.table,
                            ruleset_label(y.ruleset),
                            Text(", ").join(Text(n) for n in y.players),
                            waited(now - y.since),
                            control_text(y.time_control),
                        ),
                    )
                    for y in state.your_move
                ],
            )

    def fill(self, key: str, rows: list[tuple[int, list[Text]]]) -> None:
        table = self.query_one(f"#{key}", DataTable)
        at = table.cursor_row
        table.clear()
        for table_id, row in rows:
            table.add_row(*row, key=str(table_id))
        if rows:
            table.move_cursor(row=min(at, len(rows) - 1))

    def highlighted(self, key: str) -> int | None:
        table = self.query_one(f"#{key}", DataTable)
        if not table.row_count:
            return None
        row_key, _ = table.coordinate_to_cell_key(table.cursor_coordinate)
        return int(row_key.value or 0)

    # -- keys -----------------------------------------------------------------------------------

    def action_enter(self) -> None:
        """Join the highlighted open table, watch the highlighted table in play, take up the
        highlighted table of one's own."""
        focused = self.focused
        if not isinstance(focused, DataTable) or focused.id is None:
            return
        table = self.highlighted(focused.id)
        if table is None:
            return
        if focused.id == "playing":
            self.send(WatchTable(table=table))
        else:
            self.send(JoinTable(table=table))

    def action_watch(self) -> None:
        for key in ("playing", "open"):
            focused = self.focused
            if isinstance(focused, DataTable) and focused.id == key:
                table = self.highlighted(key)
                if table is not None:
                    self.send(WatchTable(table=table))
                return

    def action_leave(self) -> None:
        for table in list(self.waiting):
            self.send(LeaveTable(table=table))
            del self.waiting[table]
        self.show_head()

    def action_create(self) -> None:
        self.app.push_screen(TableForm(False, self.ruleset), self.asked)

    def action_quick(self) -> None:
        self.app.push_screen(TableForm(True, self.ruleset), self.asked)

    def action_invite(self) -> None:
        self.app.push_screen(InviteForm(), self.asked)

    def asked(self, message: Any) -> None:
        if isinstance(message, BaseModel):
            self.ruleset = getattr(message, "ruleset", self.ruleset)
            self.send(message)

    def action_board(self) -> None:
        self.app.push_screen(BoardScreen(self, self.ruleset))

    def fetch_record(self, table: int, view: bool) -> None:
        if view:
            self.viewing.add(table)
        self.send(RecordRequest(table=table))

    def keep_record(self, message: TableRecord) -> None:
        """A finished table's record kept in the records directory (``hanafuda replay`` reads
        it); viewed if that was asked."""
        try:
            record = load_record(message.record)
            where = record_path(record.ruleset, message.table)
            write_atomically(where, message.record)
        except (RecordError, ValueError, OSError) as err:
            self.notify(t("net.record_failed", error=str(err)), severity="error", markup=False)
            return
        self.notify(t("net.record_saved", path=str(where)), timeout=10, markup=False)
        if message.table in self.viewing:
            self.viewing.discard(message.table)
            app_side(self).open_replay(record, t("lobby.record_title", table=message.table))

    def action_back(self) -> None:
        if self.standalone:
            app_side(self).ask_quit()
        elif self.app.screen is self:
            self.app.pop_screen()


class LobbyApp(HanafudaApp):
    """The app opened straight on a server's lobby (``hanafuda online HOST:PORT``)."""

    def __init__(
        self,
        where: str,
        tls: ssl.SSLContext | None = None,
        name: str = "",
        book: TokenBook | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.lobby = LobbyScreen(where, tls, name, book, standalone=True)
        self.refusal = ""
        """Why the server could not be reached (the program then exits with status 1)."""

    async def on_mount(self, event: events.Mount | None = None) -> None:
        """The lobby, not the selector (the app's own mount is not run: no local save here)."""
        if event is not None:
            event.prevent_default()
        self.prepare()
        if self.is_web:
            self.watch_server()
        await self.push_screen(self.lobby)
        self.ready = True
        self.check_size(self.size.width, self.size.height)


def run_lobby(where: str, tls: ssl.SSLContext | None, name: str = "") -> int:
    """``hanafuda online HOST:PORT``: the lobby on this terminal until the player quits; 1 if
    the server cannot be reached (one line says why)."""
    app = LobbyApp(where, tls, name)
    status = run_app(app)
    if app.refusal:
        print(f"hanafuda: error: {app.refusal}", file=sys.stderr)
    return status
