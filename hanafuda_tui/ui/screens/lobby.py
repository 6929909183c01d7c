"""A server's lobby on screen (``hanafuda online HOST:PORT``, or the selector's Online): one
``LobbyConnection`` says hello with the token kept for that server (the first time, with a name
asked here, the token then kept), shows the lobby's lists as the server changes them, and sends
what the keys ask (create, quick match, join, watch, leave, the leaderboard, a player's page).
Every name a server sends is shown literally (``Content``/``Text``, never markup).

When a table the player sits at (or watches) begins, its messages, on the same connection, go to
a hosted ``Session`` over a ``RemoteGame`` exactly as ``hanafuda join``'s do, and the ordinary
table screen opens over the lobby. At the year's end the player is back in the lobby, told the
totals and the new rating; the year's record is kept in the data directory's ``records``.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from pydantic import BaseModel, ValidationError
from rich.text import Text
from textual import on
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.css.query import NoMatches
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, DataTable, Input, Label, Static

from ...core.records import RecordError, load_record, write_atomically
from ...core.rulesets import RULESETS, ruleset_class, titles
from ...net.protocol import Act, Closed, Over, Presence, Refused, Update
from ...net.protocol import Welcome as TableWelcome
from ...net.remote import RemoteGame
from ...server.online import LobbyConnection, OnlineError
from ...server.protocol import (
    CreateTable,
    Error,
    Finished,
    JoinTable,
    Leaderboard,
    LeaderboardRequest,
    LeaveTable,
    LobbyState,
    PlayerPage,
    PlayerRequest,
    QuickMatch,
    RealTime,
    RecordRequest,
    Seated,
    TableRecord,
    TimedOut,
    TurnBased,
    WatchTable,
    Welcome,
)
from ...server.tokens import TokenBook, TokenFileError
from ...tables.storage import data_dir
from ..app_side import app_side
from ..i18n import has, lang, t
from ..keys import KeysLine, unlisted
from ..session import HostedSeat, Joined, Session
from ..widgets.chart import chart_text
from ..widgets.choice import Choice, choosing
from .selector import choice_label, option_choices, ruleset_label, ruleset_names

if TYPE_CHECKING:
    from .table import TableScreen

CONTROLS: dict[str, RealTime | TurnBased] = {
    "rt15": RealTime(move_seconds=15, bank_seconds=30),
    "rt30": RealTime(),
    "tb24": TurnBased(),
    "tb72": TurnBased(move_hours=72),
}
"""The time controls a form offers, from the quickest to the slowest."""
BOTS_AFTER = (None, 0, 10, 30, 60, 120)
"""A quick match's waits before bots take the free seats (None: wait for people)."""
CHART_HEIGHT = 6


def control_text(control: RealTime | TurnBased) -> str:
    if isinstance(control, RealTime):
        return t("lobby.realtime", s=control.move_seconds, bank=control.bank_seconds)
    return t("lobby.turns", h=control.move_hours)


def options_text(ruleset: str, options: dict[str, Any]) -> str:
    """A table's options that differ from the defaults, as the selector labels them."""
    parts = []
    for name, value in sorted(options.items()):
        label = f"opt.{ruleset}.{name}"
        shown = t(label) if has(label) else name
        parts.append(f"{shown} {choice_label(value, ruleset, name)}")
    return ", ".join(parts) or t("lobby.defaults")


def rating_words(ordinal: float, games: int) -> str:
    """A rating as a player reads it: the number and the years it comes from."""
    key = "lobby.rating_line_one" if games == 1 else "lobby.rating_line"
    return t(key, ordinal=f"{ordinal:.2f}", games=games)


WIDE = 110
"""Columns from which the lobby's lists name each ruleset in both languages."""


RECONNECT_WAITS = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 30.0, 30.0)
"""Seconds before each try to reach the server again after it closed the connection: about two
minutes in all, as long as a restart takes."""


def rules_text(ruleset: str, wide: bool) -> str:
    """A ruleset in the lobby's lists: both its names on a wide screen, else the shown
    language's."""
    if wide:
        return ruleset_label(ruleset)
    ja, en = titles(ruleset)
    return ja if lang() == "ja" else en


def waited(seconds: float) -> str:
    seconds = max(0.0, seconds)
    minutes = int(seconds // 60)
    return t("lobby.minutes", n=minutes) if minutes else t("lobby.seconds", n=int(seconds))


class Form(ModalScreen[Any]):
    """A dialog of rows: ↑↓ (or Tab) go from row to row, ←→ change a choice, Enter sends, Esc
    cancels."""

    BINDINGS = [
        Binding("escape", "cancel", show=False),
        Binding("up", "row(-1)", show=False, priority=True),
        Binding("down", "row(1)", show=False, priority=True),
        Binding("left", "change(-1)", show=False, priority=True),
        Binding("right", "change(1)", show=False, priority=True),
        Binding("enter", "send", show=False, priority=True),
    ]

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_row(self, step: int) -> None:
        if choosing(self):
            raise SkipAction()
        if step < 0:
            self.focus_previous()
        else:
            self.focus_next()

    def action_change(self, step: int) -> None:
        if not isinstance(self.focused, Choice) or choosing(self):
            raise SkipAction()
        self.focused.step(step)

    def action_send(self) -> None:
        focused = self.focused
        if choosing(self):
            raise SkipAction()
        if isinstance(focused, Input):  # its Enter comes after the letters typed before it
            raise SkipAction()
        if isinstance(focused, Button) and focused.id == "cancel":
            self.dismiss(None)
            return
        self.send()

    def send(self) -> None:
        raise NotImplementedError

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.send()

    @on(Button.Pressed, "#send")
    def pressed_send(self, event: Button.Pressed) -> None:
        event.stop()
        self.send()

    @on(Button.Pressed, "#cancel")
    def pressed_cancel(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def problem(self, text: str) -> None:
        self.query_one("#form-error", Static).update(Content(text))

    def buttons(self, send: str) -> ComposeResult:
        with Horizontal(classes="dialog-buttons"):
            yield Button(send + " [Enter]", id="send", compact=True, variant="primary")
            yield Button(t("lobby.cancel") + " [Esc]", id="cancel", compact=True)
        yield Static("", id="form-error", classes="dialog-body")


def form_row(label: str, widget: Widget) -> Horizontal:
    return Horizontal(Label(label, classes="form-label"), widget, classes="form-row")


FORM_CSS = """
.dialog { width: 72; height: auto; max-height: 100%; }
.form-row { height: 1; }
.form-label { width: 22; }
Choice { width: 44; }
Input { width: 44; }
"""


class AskLine(Form):
    """One line asked (a server's address, a name, a table and its invite); the answer, or None."""

    DEFAULT_CSS = FORM_CSS

    def __init__(self, title: str, label: str, value: str = "", problem: str = "") -> None:
        super().__init__()
        self.title_text, self.label, self.value, self.first_problem = title, label, value, problem

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(self.title_text), classes="dialog-title")
            yield form_row(self.label, Input(self.value, compact=True, id="line"))
            yield from self.buttons(t("lobby.ok"))

    def on_mount(self) -> None:
        self.query_one("#line", Input).focus()
        if self.first_problem:
            self.problem(self.first_problem)

    def send(self) -> None:
        value = self.query_one("#line", Input).value.strip()
        if value:
            self.dismiss(value)


class TableForm(Form):
    """A new table (``quick`` False) or a quick match: the ruleset, its options, and the rest;
    sent as the lobby's ``CreateTable`` or ``QuickMatch``."""

    DEFAULT_CSS = FORM_CSS

    def __init__(self, quick: bool, ruleset: str) -> None:
        super().__init__()
        self.quick = quick
        self.ruleset = ruleset
        self.options: dict[str, Any] = {}
        self.kept: dict[str, Any] = {"bots": 0, "rated": True, "control": "rt30"}
        self.kept.update({"private": False, "bots_after": None})

    def compose(self) -> ComposeResult:
        cls = ruleset_class(self.ruleset)
        with Vertical(classes="dialog"):
            title = t("lobby.quick_title" if self.quick else "lobby.create_title")
            yield Static(Content(title), classes="dialog-title")
            rulesets = [(ruleset_label(n), n) for n in ruleset_names()]
            yield form_row(t("selector.ruleset"), Choice(rulesets, self.ruleset, id="ruleset"))
            for name, info in cls.Options.model_fields.items():
                choices = option_choices(info.annotation)
                if choices is None:
                    continue
                value = self.options.get(name, info.default)
                label = f"opt.{self.ruleset}.{name}"
                shown = [(choice_label(c, self.ruleset, name), c) for c in choices]
                yield form_row(
                    t(label) if has(label) else name,
                    Choice(shown, value, id=f"opt-{name}", classes="option"),
                )
            if not self.quick:
                seats = self.seats()
                bots = [(str(n), n) for n in range(seats)]
                yield form_row(
                    t("lobby.bots"), Choice(bots, min(self.kept["bots"], seats - 1), id="bots")
                )
                yes_no = [(t("yes"), True), (t("no"), False)]
                yield form_row(t("lobby.rated"), Choice(yes_no, self.kept["rated"], id="rated"))
                yield form_row(
                    t("lobby.private"), Choice(yes_no, self.kept["private"], id="private")
                )
            controls = [(control_text(c), key) for key, c in CONTROLS.items()]
            yield form_row(t("lobby.time"), Choice(controls, self.kept["control"], id="control"))
            if self.quick:
                after = [
                    (t("lobby.bots_never") if s is None else t("lobby.bots_after", s=s), s)
                    for s in BOTS_AFTER
                ]
                yield form_row(
                    t("lobby.bots_wait"), Choice(after, self.kept["bots_after"], id="bots_after")
                )
            yield from self.buttons(t("lobby.quick" if self.quick else "lobby.create"))
        yield KeysLine(t("lobby.form_keys"))

    def on_mount(self) -> None:
        self.query_one("#ruleset", Choice).focus()

    def seats(self) -> int:
        cls = RULESETS[self.ruleset]
        try:
            return cls.seated(cls.Options.model_validate(self.options))
        except ValidationError:
            return cls.table_sizes[0]

    def read(self) -> None:
        """What the rows hold now, kept for a recompose."""
        for widget in self.query(".option"):
            self.options[(widget.id or "")[4:]] = widget.value  # type: ignore[attr-defined]
        for key in self.kept:
            found = self.query(f"#{key}")
            if found:
                self.kept[key] = found.first().value  # type: ignore[attr-defined]

    @on(Choice.Changed, "#ruleset")
    async def ruleset_changed(self, event: Choice.Changed) -> None:
        if event.value == self.ruleset:
            return
        self.read()
        self.ruleset, self.options = str(event.value), {}
        await self.recompose()
        self.query_one("#ruleset", Choice).focus()

    @on(Choice.Changed, ".option")
    async def option_changed(self, event: Choice.Changed) -> None:
        """An option that sets how many sit at the table changes the bots' choices."""
        before = self.seats()
        self.read()
        if not self.quick and self.seats() != before:
            await self.recompose()
            self.query_one(f"#{event.choice.id}", Choice).focus()

    def send(self) -> None:
        self.read()
        options = {k: v for k, v in self.options.items() if v != ""}
        defaults = ruleset_class(self.ruleset).Options.model_fields
        options = {k: v for k, v in options.items() if v != defaults[k].default}
        control = CONTROLS[self.kept["control"]]
        message: BaseModel
        try:
            if self.quick:
                message = QuickMatch(
                    ruleset=self.ruleset,
                    options=options,
                    time_control=control,
                    bots_after=self.kept["bots_after"],
                )
            else:
                message = CreateTable(
                    ruleset=self.ruleset,
                    options=options,
                    rated=self.kept["rated"],
                    time_control=control,
                    private=self.kept["private"],
                    bots=self.kept["bots"],
                )
        except ValidationError as err:
            self.problem(str(err.errors()[0]["msg"]).removeprefix("Value error, "))
            return
        self.dismiss(message)


class InviteForm(AskLine):
    """A private table's number and invite: ``12 ABCD-EFGH``."""

    def __init__(self) -> None:
        super().__init__(t("lobby.invite_title"), t("lobby.invite_label"))

    def send(self) -> None:
        parts = self.query_one("#line", Input).value.split()
        if len(parts) != 2 or not parts[0].isdigit():
            self.problem(t("lobby.invite_form"))
            return
        try:
            self.dismiss(JoinTable(table=int(parts[0]), invite=parts[1]))
        except ValidationError:
            self.problem(t("lobby.invite_form"))


class BoardScreen(ModalScreen[None]):
    """A ruleset's leaderboard: ←→ another ruleset, Enter a player's page, Esc back."""

    DEFAULT_CSS = """
    .dialog { width: 90%; height: 90%; max-height: 100%; }
    DataTable { height: 1fr; }
    """
    BINDINGS = [
        Binding("escape,b", "close", show=False),
        Binding("left", "ruleset(-1)", show=False),
        Binding("right", "ruleset(1)", show=False),
        Binding("enter", "player", show=False, priority=True),
    ]

    def __init__(self, lobby: LobbyScreen, ruleset: str) -> None:
        super().__init__()
        self.lobby = lobby
        self.ruleset = ruleset
        self.board: Leaderboard | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static("", id="board-title", classes="dialog-title")
            table: DataTable[Any] = DataTable(cursor_type="row", id="leaderboard")
            table.add_columns(t("lobby.rank"), t("lobby.rating"), t("lobby.games"), t("lobby.who"))
            yield table
            yield Static(Content.from_markup(t("lobby.board_keys")), classes="dialog-body")

    def on_mount(self) -> None:
        self.ask()
        self.query_one("#leaderboard", DataTable).focus()

    def ask(self) -> None:
        self.query_one("#board-title", Static).update(
            Content(t("lobby.board_title", ruleset=ruleset_label(self.ruleset)))
        )
        self.lobby.send(LeaderboardRequest(ruleset=self.ruleset, limit=50))

    def show(self, board: Leaderboard) -> None:
        if board.ruleset != self.ruleset:
            return
        self.board = board
        table = self.query_one("#leaderboard", DataTable)
        table.clear()
        for row in board.rows:
            who = Text(row.name) + (Text(" " + t("lobby.bot"), style="dim") if row.bot else "")
            table.add_row(row.rank, f"{row.ordinal:.2f}", row.games, who, key=str(row.player))
        if not board.rows:
            table.add_row("", "", "", Text(t("lobby.board_empty")))

    def action_ruleset(self, step: int) -> None:
        names = ruleset_names()
        self.ruleset = names[(names.index(self.ruleset) + step) % len(names)]
        self.ask()

    def action_player(self) -> None:
        table = self.query_one("#leaderboard", DataTable)
        if self.board is None or not self.board.rows:
            return
        row = self.board.rows[min(table.cursor_row, len(self.board.rows) - 1)]
        self.lobby.send(PlayerRequest(player=row.player, ruleset=self.ruleset))

    def action_close(self) -> None:
        self.dismiss(None)


class PlayerScreen(ModalScreen[None]):
    """A player's page: the rating, its course as a chart, the latest finished tables; Enter or
    ``d`` keeps the highlighted table's record in the records directory, ``v`` views it."""

    DEFAULT_CSS = """
    .dialog { width: 96%; height: 96%; max-height: 100%; }
    #player-chart { height: auto; }
    DataTable { height: 1fr; min-height: 3; }
    """
    BINDINGS = [
        Binding("escape", "close", show=False),
        Binding("enter,d", "record(False)", show=False, priority=True),
        Binding("v", "record(True)", show=False),
    ]

    def __init__(self, lobby: LobbyScreen, page: PlayerPage) -> None:
        super().__init__()
        self.lobby = lobby
        self.page = page

    def compose(self) -> ComposeResult:
        page = self.page
        with Vertical(classes="dialog wide"):
            yield Static(Content(self.title_line()), id="player-title", classes="dialog-title")
            yield Static(self.chart(), id="player-chart")
            table: DataTable[Any] = DataTable(cursor_type="row", id="recent")
            table.add_columns(
                t("lobby.table"), t("lobby.finished"), t("lobby.totals"), t("lobby.players")
            )
            for past in page.recent:
                totals = " ".join(f"{v:+d}" for v in past.totals)
                players = Text(", ").join(
                    Text(n, style="bold" if i == past.seat else "")
                    for i, n in enumerate(past.players)
                )
                table.add_row(past.table, past.finished[:16].replace("T", " "), totals, players)
            yield table
            yield Static(Content.from_markup(t("lobby.player_keys")), classes="dialog-body")

    def title_line(self) -> str:
        page = self.page
        rating = page.rating
        said = (
            rating_words(rating.ordinal, rating.games) if rating is not None else t("lobby.unrated")
        )
        bot = f" ({t('lobby.bot')})" if page.bot else ""
        return f"{page.name}{bot} — {ruleset_label(page.ruleset)} — {said}"

    def chart(self) -> Text:
        points = [round(p.ordinal) for p in self.page.history]
        if len(points) < 2:
            return Text(t("lobby.chart_few"), style="dim")
        width = max(20, min(self.app.size.width - 12, 100))
        return chart_text([points], width, CHART_HEIGHT)

    def on_mount(self) -> None:
        self.query_one("#recent", DataTable).focus()

    def action_record(self, view: bool) -> None:
        recent: Sequence[Any] = self.page.recent
        if not recent:
            return
        row = recent[min(self.query_one("#recent", DataTable).cursor_row, len(recent) - 1)]
        self.lobby.fetch_record(row.table, view)

    def action_close(self) -> None:
        self.dismiss(None)


class LobbySeat:
    """A seat's decisions sent over the lobby's connection (what a hosted ``Session`` sends
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
        *unlisted(
            ("escape", "back"),
            ("c", "create"),
            ("q", "quick"),
            ("w", "watch"),
            ("x", "leave"),
            ("i", "invite"),
            ("b", "board"),
        ),
        *unlisted(("enter", "enter"), priority=True),
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
        self.session: Session[HostedSeat] | None = None
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
            yield self.list_of("open", "lobby.options", "lobby.seats")
            yield Static(t("lobby.playing"), classes="lobby-list-title")
            yield self.list_of("playing", "lobby.watchers")
            yield Static(t("lobby.your_move"), classes="lobby-list-title")
            yield self.list_of("yours", "lobby.since")
        yield Static(Content.from_markup(t("lobby.keys")), id="lobby-keys")

    def list_of(self, key: str, *columns: str) -> DataTable[Any]:
        """A list's columns: the table, its rules, ``columns``, its time control, and its
        players last (the widest, cut first on a narrow screen)."""
        table: DataTable[Any] = DataTable(cursor_type="row", id=key, zebra_stripes=True)
        heads = ("lobby.ruleset", *columns, "lobby.time", "lobby.players")
        table.add_columns(t("lobby.table"), *(t(c) for c in heads))
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
        side = app_side(self)
        if side.online is self:
            side.online = None
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
        while True:
            self.connection, self.welcome = connection, welcome
            app_side(self).online = self
            self.show_head()
            async for message in connection.messages():
                self.take(message)
            self.connection = None
            again = await self.connect_again()
            if again is None:
                self.say_problem(t("lobby.gone", where=self.where))
                return
            connection, welcome = again

    async def connect_again(self) -> tuple[LobbyConnection, Welcome] | None:
        """The server closed the connection (a restart, a dropped network): its kept token said
        again after a growing pause, and the table open here asked for again (the server keeps
        its seat) or watched again; None once every try has failed."""
        session = self.session
        playing = session is not None and session.seen.record is None and self.current > 0
        for attempt, wait in enumerate(RECONNECT_WAITS, 1):
            self.problem = t("lobby.reconnecting", n=attempt, of=len(RECONNECT_WAITS))
            self.show_head()
            if session is not None and playing:
                session.link.closed, session.link.lost = "", self.problem
                self.deliver()
            await asyncio.sleep(wait)
            try:
                connection = await LobbyConnection.open(self.where, self.tls)
            except OnlineError:
                continue
            try:
                welcome = await connection.hello(self.where, "", False, self.book)
            except (OnlineError, TokenFileError):
                with contextlib.suppress(Exception):
                    await connection.close()
                continue
            self.problem = ""
            self.waiting.clear()  # a restart closes the tables that waited for players
            if playing and session is not None:  # a seat taken up again, or watched again
                again = WatchTable if session.watching else JoinTable
                await connection.send(again(table=self.current))
            return connection, welcome
        return None

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
            self.state = self.state.merged(message)
            self.show_lists()
        elif isinstance(message, Seated):
            self.seated(message)
        elif isinstance(message, TableWelcome):
            self.table_welcome(message)
        elif isinstance(message, Update | Refused | Over | Presence):
            self.table_news(message)
        elif isinstance(message, Closed):
            if self.session is not None:
                self.session.link.closed = message.reason
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
            session = self.session = Session.hosted(game.fresh(), path)
            self.opening = False
        if session.link.lost:
            self.notify(t("net.rejoined"), markup=False)
        session.link.connection, session.link.lost = self.seat, ""
        session.inbox.append(Joined(game.fresh()))
        self.show_head()
        self.deliver()

    def table_news(self, message: Update | Refused | Over | Presence) -> None:
        seat, session = self.seat, self.session
        if seat is None or session is None:
            return
        seat.game.receive(message)
        if isinstance(message, Presence):
            session.link.present(session, message)
        else:
            session.inbox.append(message)
        self.deliver()

    def finished(self, message: Finished) -> None:
        self.last = message
        self.show_head()

    # -- the table ------------------------------------------------------------------------------

    def app_table(self) -> TableScreen | None:
        return cast("TableScreen | None", app_side(self).table())

    def deliver(self) -> None:
        """The table takes what came; before it is open, the welcome and the first update open
        it over the lobby (as ``hanafuda join``'s app does)."""
        session = self.session
        if session is None:
            return
        table = self.app_table()
        if table is not None:
            with contextlib.suppress(NoMatches):
                session.hand_to(table.flow, self.app.screen is table)
            return
        if session.opened() and not self.opening:
            self.opening = True
            self.run_worker(self.open_table(session))

    async def open_table(self, session: Session[HostedSeat]) -> None:
        from .table import TableScreen

        app_side(self).current_ruleset = session.seen.ruleset
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
        if self.standalone:
            app_side(self).refuse(text)
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
            if 0 <= last.seat < len(last.totals):
                mine = f"{last.totals[last.seat]:+d}"
                seat = last.seat + 1
                said = t("lobby.last_mine", table=last.table, seat=seat, mine=mine, totals=totals)
                text.append("\n" + said)
            else:
                text.append("\n" + t("lobby.last", table=last.table, totals=totals))
            if last.rating is not None:
                rating = last.rating
                text.append(" — " + rating_words(rating.ordinal, rating.games))
        return text

    def show_lists(self) -> None:
        """The lobby's lists as the server last said (each kept at its highlighted row)."""
        now = time.time()
        state = self.state
        wide = self.size.width >= WIDE

        def players(names: list[str]) -> Text:
            return Text(", ").join(Text(n) for n in names)

        with contextlib.suppress(NoMatches):
            self.fill(
                "open",
                [
                    (
                        o.table,
                        cells(
                            o.table,
                            rules_text(o.ruleset, wide),
                            options_text(o.ruleset, o.options),
                            f"{o.seats - o.free}/{o.seats}"
                            + (" " + t("lobby.rated_mark") if o.rated else ""),
                            f"{control_text(o.time_control)} · {waited(now - o.waiting_since)}",
                            players(o.players),
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
                            rules_text(p.ruleset, wide),
                            p.watchers,
                            control_text(p.time_control),
                            players(p.players),
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
                            rules_text(y.ruleset, wide),
                            waited(now - y.since),
                            control_text(y.time_control),
                            players(y.players),
                        ),
                    )
                    for y in state.your_move or []
                ],
            )

    def on_resize(self) -> None:
        self.show_lists()

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
