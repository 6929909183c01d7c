"""Play together on screen: the table of a hosted game, joined from another machine
(``run_join``) or played at the host's own keyboard (``run_host``), both through the same client
connection (docs/protocol.md).

The app opens on a short "connecting" screen; table keys pressed there are kept and pressed again
once the table is up. The table shows the host's updates in order, staged as local moves are; a
dropped connection is said in the status line and rejoined with the same code, with a growing
pause between tries; the host sends the whole table again and the table is shown afresh from it.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import sys
import time
from pathlib import Path
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Button, Static

from ..core.readable import printable
from ..core.records import HUMAN
from ..net.addresses import EVERY_INTERFACE, LOOPBACK, reachable_addresses
from ..net.client import Connection, JoinError
from ..net.host import Host, Table
from ..net.protocol import Closed, Over, Presence, Refused, Update
from ..tables.storage import Store
from .app import one_line, run_app
from .app_side import app_side
from .config import Config
from .i18n import t
from .names import seat_name
from .screens.results import Closable
from .session import HostedSeat, Joined, Session
from .straight import StraightApp
from .text import plain

REJOIN_FIRST = 0.5
"""Seconds before the first try to rejoin after a drop; each failed try doubles it."""
REJOIN_MOST = 8.0
"""The longest pause between two tries to rejoin."""
TOLD_WAIT = 10.0
"""Seconds the host's app waits at the year's end for every client to be told."""
QUIT = 130
"""The exit status when the player quits before the year is over (as after Ctrl+C)."""
TABLE_KEYS = frozenset(
    ["left", "right", "enter", "space", "s", "h", "a", *(str(i) for i in range(1, 10))]
)
"""Keys of the table kept while connecting, to be pressed again once it is up."""


class Connecting(Screen[None]):
    """Shown until the table is known: where it connects; table keys are kept meanwhile."""

    def __init__(self, where: str) -> None:
        super().__init__()
        self.where = where
        self.kept: list[events.Key] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(t("net.connecting", where=self.where)), classes="dialog-title")
            yield Static(Content(t("net.connecting_keys")), classes="dialog-body")

    def on_screen_resume(self) -> None:
        """Back on top (a notice closed): the table opens if it is known by now."""
        app_side(self).deliver()

    def on_key(self, event: events.Key) -> None:
        if event.key in TABLE_KEYS:
            self.kept.append(events.Key(event.key, event.character))
            event.stop()
            event.prevent_default()


class CodesScreen(Closable):
    """The join codes of the seats others play, and the host's own keys; ``c`` opens it again."""

    BINDINGS = [Binding("enter,escape,space,c", "close", show=False)]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(
                Content.from_markup(f"[b]{t('net.codes_title')}[/b]"), classes="dialog-title"
            )
            yield Static(Content("\n".join(self.lines)), classes="dialog-body", id="codes")
            yield Static(Content.from_markup(t("net.host_keys")), classes="dialog-body")
            yield Button(Content(t("key.close") + " [Enter]"), id="close", compact=True)


class NetApp(StraightApp):
    """The app opened straight on a hosted table, joined with a seat's code."""

    def __init__(
        self,
        where: str,
        code: str,
        name: str = "",
        tls: ssl.SSLContext | None = None,
        record: Path | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.where, self.code, self.player, self.tls = where, code, name, tls
        self.record = record
        self.session: Session[HostedSeat] | None = None
        self.opening = False
        self.saving = False

    def first_screen(self) -> Connecting:
        return Connecting(self.where)

    async def on_mount(self, event: events.Mount | None = None) -> None:
        """The connecting screen, then the joining begins."""
        await super().on_mount(event)
        self.start_joining()

    def start_joining(self) -> None:
        self.run_worker(self.keep_joined(), name="joined")

    # -- the connection ---------------------------------------------------------------------------

    async def keep_joined(self) -> None:
        """Join, take every message, and after a drop rejoin with the same code (a growing pause
        between tries) until the year is over or the host closes the seat for good."""
        delay = REJOIN_FIRST
        while True:
            try:
                connection = await Connection.open(self.where, self.code, self.player, self.tls)
            except JoinError as err:
                if self.session is None:  # never joined: one line, and out
                    self.refusal = str(err)
                    self.end(1)
                    return
                if err.refused:  # the host says no to this code now: no use trying again
                    self.session.link.closed = str(err)
                    self.notify(t("net.closed", reason=str(err)), severity="error", markup=False)
                    self.deliver()
                    return
                self.session.link.lost = str(err)
                self.deliver()
                await asyncio.sleep(delay)
                delay = min(delay * 2, REJOIN_MOST)
                continue
            delay = REJOIN_FIRST
            session = self.session
            if session is None:
                session = self.session = Session.hosted(connection.game.fresh(), self.record)
            elif session.link.lost:
                self.notify(t("net.rejoined"), markup=False)
            link = session.link
            link.connection, link.lost = connection, ""
            session.inbox.append(Joined(connection.game.fresh()))
            self.deliver()
            try:
                await self.take_messages(session, connection)
            finally:
                link.connection = None
                with contextlib.suppress(Exception):
                    await connection.close()
            if connection.game.record is not None or link.closed:
                self.deliver()
                return
            link.lost = connection.closed_because or "connection lost"
            why = connection.closed_because
            said = t("net.lost_why", error=why) if why else t("net.lost")
            self.notify(said, severity="warning", markup=False)
            self.deliver()
            await asyncio.sleep(delay)

    async def take_messages(self, session: Session[HostedSeat], connection: Connection) -> None:
        async for message in connection.messages():
            if isinstance(message, Presence):
                session.link.present(session, message)
                rejoined = message.rejoined
                if rejoined is not None and rejoined != session.seen.seat:
                    who = plain(session.names[rejoined]) if rejoined < len(session.names) else "?"
                    self.notify(t("net.rejoined_elsewhere", who=who), markup=False)
            elif isinstance(message, Closed):
                session.link.closed = message.reason
                self.notify(t("net.closed", reason=message.reason), severity="error", markup=False)
                self.deliver()
                return
            elif isinstance(message, Update | Refused | Over):
                session.inbox.append(message)
            self.deliver()

    def deliver(self) -> None:
        """Something came: the table takes it when it is ready; before there is a table, the
        welcome and the first update open it."""
        session = self.session
        if session is None:
            return
        table = self.table()
        if table is not None:
            with contextlib.suppress(NoMatches):  # a table being taken down shows nothing
                session.hand_to(table.flow, self.screen is table)
            return
        known = session.opened()
        connecting = self.screen
        if known and isinstance(connecting, Connecting) and not self.opening:
            self.opening = True  # opened once
            self.run_worker(self.open_hosted(session, connecting))

    async def open_hosted(self, session: Session[HostedSeat], connecting: Connecting) -> None:
        """The table, over the connecting screen; the table keys pressed meanwhile, pressed."""
        from .screens.table import TableScreen

        self.current_ruleset = session.seen.ruleset
        await self.switch_screen(TableScreen(session))
        for key in connecting.kept:
            self.post_message(key)
        self.table_opened()

    def table_opened(self) -> None:
        """The table is on screen."""

    # -- the end ----------------------------------------------------------------------------------

    def end(self, status: int) -> None:
        """Exit with ``status`` (the app's result and the process's exit status)."""
        self.exit(status, return_code=status)

    def year_done(self) -> None:
        """The year's last sheet is closed: the program ends."""
        self.end(0)

    def quit_if(self, yes: int | None) -> None:
        self.asking_quit = False
        if yes:
            over = self.session is not None and self.session.seen.record is not None
            self.end(0 if over else QUIT)


class HostApp(NetApp):
    """The host's own keyboard: the server and its table run in this app's loop; the human seat
    joins it over loopback with its own code, as any player does."""

    BINDINGS = [
        Binding("c", "codes", show=False),
        Binding("b", "stand_in", show=False),
    ]

    def __init__(
        self,
        host: Host,
        table: Table,
        listen: tuple[str, int],
        tls: ssl.SSLContext | None = None,
        store: Store | None = None,
        bot_pause: float | None = None,
        language: str | None = None,
        config: Config | None = None,
    ) -> None:
        seat = next(s for s, own in enumerate(table.seats) if own.player == HUMAN)
        client = None
        if tls is not None:  # our own server over loopback: its certificate is ours
            client = ssl.create_default_context()
            client.check_hostname = False
            client.verify_mode = ssl.CERT_NONE
        super().__init__(
            "",
            table.codes[seat],
            "",
            client,
            None,
            store=store,
            bot_pause=bot_pause,
            language=language,
            config=config,
        )
        self.host, self.hosted_table, self.listen, self.server_tls = host, table, listen, tls
        self.port = listen[1]
        self.addresses = reachable_addresses
        """This machine's addresses others can reach (``--public``): looked up when the codes
        are shown."""

    async def on_mount(self, event: events.Mount | None = None) -> None:
        """Listen and let the table play, before the seat joins (``NetApp.on_mount`` runs next)."""
        try:
            self.port = await self.host.start(*self.listen, self.server_tls)
        except OSError as err:
            self.refusal = t("net.listen_failed", error=one_line(err))
            if event is not None:
                event.prevent_default()
            self.end(2)
            return
        near = self.listen[0] if self.listen[0] not in EVERY_INTERFACE else LOOPBACK
        self.where = f"{near}:{self.port}"
        self.run_worker(self.hosted_table.play(), name="table", exit_on_error=False)

    def table_opened(self) -> None:
        """The codes over the table, when others are to join."""
        if any(seat not in self.own_seats() for seat in self.hosted_table.codes):
            self.action_codes()

    def own_seats(self) -> list[int]:
        return [s for s, own in enumerate(self.hosted_table.seats) if own.player == HUMAN]

    def code_lines(self) -> list[str]:
        table = self.hosted_table
        public = self.listen[0] in EVERY_INTERFACE
        found = self.addresses() if public else []
        where = f"{found[0] if found else self.listen[0]}:{self.port}"

        def command(code: str) -> str:
            return f"hanafuda join {where} {code}"

        lines = [
            t(
                "net.codes_seat",
                seat=seat + 1,
                who=printable(seat_name(table.seats, seat)),  # the lines are not markup
                command=command(code),
            )
            for seat, code in sorted(table.codes.items())
            if seat not in self.own_seats()
        ]
        if table.spectator_code:
            lines.append(t("net.codes_spectator", command=command(table.spectator_code)))
        if not lines:
            lines.append(t("net.codes_none"))
        if table.predictable:
            lines.append(t("net.predictable"))
        if public:
            if found:
                others = ", ".join(f"{a}:{self.port}" for a in found)
                lines.append(t("net.codes_addresses", where=others))
            else:
                lines.append(t("net.codes_where", where=self.listen[0]))
            lines.append(t("net.codes_loopback", where=f"{LOOPBACK}:{self.port}"))
        return lines

    def action_codes(self) -> None:
        if not isinstance(self.screen, CodesScreen) and not self.too_small:
            self.push_screen(CodesScreen(self.code_lines()))

    def action_stand_in(self) -> None:
        """The seat of the player away the longest goes to a bot until they are back."""
        table = self.hosted_table
        mine = self.own_seats()
        away = [
            s
            for s in sorted(table.away, key=table.away.__getitem__)
            if s not in table.stand_ins and s not in mine
        ]
        if not away:
            self.notify(t("net.nobody_away"), markup=False)
            return
        seat = away[0]
        table.give_to_bot(seat)
        self.notify(t("net.stand_in", who=plain(seat_name(table.seats, seat))), markup=False)

    def year_done(self) -> None:
        """The year is over here: the others are told before the server closes."""
        self.notify(t("net.waiting_others"), markup=False)
        self.run_worker(self.close_when_told(), exit_on_error=False)

    async def close_when_told(self) -> None:
        deadline = time.monotonic() + TOLD_WAIT
        while not self.hosted_table.all_told() and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        self.hosted_table.close()
        await self.host.close()
        self.end(0)

    def on_unmount(self) -> None:
        if self.host.server is not None:
            self.host.server.close()


def finish(app: NetApp) -> int:
    """Run ``app``; its exit status, a refusal said in one line."""
    status = run_app(app)
    if app.refusal:
        print(f"hanafuda: error: {app.refusal}", file=sys.stderr)
    return status


def run_join(
    where: str, code: str, name: str, tls: ssl.SSLContext | None, record: Path | None
) -> int:
    """``hanafuda join HOST:PORT CODE``: the table of a hosted game on this terminal. 0 once the
    year is over, 1 if the table cannot be joined (one line says why), 130 if the player quits."""
    return finish(NetApp(where, code, name, tls, record))


def run_host(host: Host, table: Table, listen: tuple[str, int], tls: ssl.SSLContext | None) -> int:
    """``hanafuda host`` with a human seat: the server and the table at this keyboard. 0 once
    the year is over and every player told, 2 if it cannot listen, 130 if the player quits."""
    return finish(HostApp(host, table, listen, tls))
