"""The lobby on screen against a real server in this process: a name asked (and asked again when
the server refuses it) and its token kept; the lobby's lists live, names with markup literal; a
table created here and joined by a headless bot client opens as the ordinary table screen, is
played by keys, and the lobby then shows the new rating; the leaderboard, a player's page and a
finished table's record kept; a quick match filled with bots."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from helpers.screen_net import kept_notices, until, waits_for_key
from helpers.server import make_server
from helpers.ui import press
from textual.pilot import Pilot
from textual.widgets import DataTable

from hanafuda_tui.bots import make_bot
from hanafuda_tui.core.records import load_record
from hanafuda_tui.server.online import LobbyConnection, play_year
from hanafuda_tui.server.protocol import Finished, JoinTable, LobbyState
from hanafuda_tui.server.tokens import TokenBook
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.config import Config
from hanafuda_tui.ui.lobby import LobbyApp
from hanafuda_tui.ui.screens.lobby import (
    AskLine,
    BoardScreen,
    LobbyScreen,
    PlayerScreen,
    TableForm,
)

MARKUP = "[red]x[/]"


def lobby_app(tmp: Path, port: int, size: str = "me") -> LobbyApp:
    return LobbyApp(
        LobbyScreen(f"127.0.0.1:{port}", book=TokenBook(tmp / size / "config"), standalone=True),
        store=Store(tmp / size / "data"),
        config=Config(tmp / size / "config"),
        bot_pause=0.0,
    )


def cell_texts(table: DataTable[Any]) -> list[str]:
    return [str(cell) for row in range(table.row_count) for cell in table.get_row_at(row)]


async def name_given(pilot: Pilot[Any], name: str) -> None:
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, AskLine), "the name asked")
    for key in name:
        await press(pilot, key)
    await press(pilot, "enter")


async def signed_in(pilot: Pilot[Any], name: str) -> LobbyScreen:
    """The name given, and the server's welcome come: the lobby."""
    await name_given(pilot, name)
    lobby = pilot.app.lobby
    await until(pilot, lambda: lobby.welcome is not None, "the welcome")
    return lobby


async def watching(pilot: Pilot[Any], where: str, name: str, tmp: Path) -> tuple[Any, Any]:
    """Another player (``name``) makes a 3-month 二人こいこい table with a bot; the lobby on
    screen watches it from its list of tables in play: that player's connection and the
    session watched."""
    from hanafuda_tui.server.protocol import CreateTable

    app = pilot.app
    other = await LobbyConnection.open(where)
    await other.hello(where, name, True, TokenBook(tmp / "other"))
    await other.send(CreateTable(ruleset="koikoi2", options={"months": 3}, bots=1))
    playing = app.lobby.query_one("#playing", DataTable)
    await until(pilot, lambda: playing.row_count == 1, "the table in play listed")
    playing.focus()
    await press(pilot, "w")
    await until(pilot, lambda: app.table() is not None, "the table watched")
    session = app.table().session
    assert session.watching
    return other, session


async def year_by_keys(pilot: Pilot[Any], lobby: LobbyScreen) -> int:
    """Enter for every prompt and card until the year is over and the lobby is back."""
    app = pilot.app
    pressed = 0

    def back() -> bool:
        return app.screen is lobby and lobby.last is not None

    while not back():
        await until(pilot, lambda: back() or waits_for_key(app), "a key to press", 60)
        if back():
            break
        await press(pilot, "enter")
        pressed += 1
        assert pressed < 2000, "the year never ended"
    return pressed


@pytest.mark.long
def test_a_table_made_in_the_lobby_is_played_and_rated_then_the_board_and_a_page_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HANAFUDA_DATA_DIR", str(tmp_path / "data"))

    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3")
        port = await server.start(port=0)
        where = f"127.0.0.1:{port}"
        app = lobby_app(tmp_path, port)
        async with app.run_test(size=(80, 24)) as pilot:
            await name_given(pilot, "bot:me")  # refused: the server's own prefix
            await until(
                pilot,
                lambda: isinstance(app.screen, AskLine) and "bot:" in str(app.screen.first_problem),
                "the name asked again with the reason",
            )
            await press(pilot, *["backspace"] * 6)
            lobby = await signed_in(pilot, MARKUP)
            kept = TokenBook(tmp_path / "me" / "config").get(where)
            assert kept is not None and kept.name == MARKUP
            assert MARKUP in lobby.head().plain

            await press(pilot, "c")
            await until(pilot, lambda: isinstance(app.screen, TableForm), "the form")
            await press(pilot, "down", "left", "left", "down", "right", "enter")  # months 3, 1 bot
            opened = lobby.query_one("#open", DataTable)
            await until(pilot, lambda: opened.row_count == 1, "the table listed")
            assert any(MARKUP in text for text in cell_texts(opened))

            other = await LobbyConnection.open(where)
            await other.hello(where, "花子", True, TokenBook(tmp_path / "other"))
            state = await other.next()
            while not (isinstance(state, LobbyState) and state.open):
                state = await other.next()
            assert state.open[0].players == [MARKUP, "bot:random:3"]
            await other.send(JoinTable(table=state.open[0].table))
            bot = make_bot("random", random.Random(1))
            theirs = asyncio.create_task(play_year(other, bot))
            await until(pilot, lambda: app.table() is not None, "the table", 30)
            assert app.table().session.seen.options.months == 3
            await year_by_keys(pilot, lobby)
            finished: Finished = await asyncio.wait_for(theirs, 60)
            assert lobby.last is not None and lobby.last.rating is not None
            assert lobby.last.rating.games == 1 and "(1 game)" in lobby.head().plain
            assert lobby.last.totals == finished.totals
            records = list((tmp_path / "data" / "records").glob("online-koikoi3-table*.json"))
            assert len(records) == 1 and load_record(records[0].read_text()).ruleset == "koikoi3"
            records[0].unlink()

            await press(pilot, "b")
            await until(pilot, lambda: isinstance(app.screen, BoardScreen), "the board")
            board = app.screen.query_one("#leaderboard", DataTable)
            await until(pilot, lambda: board.row_count == 3, "the board's rows")
            names = cell_texts(board)
            assert MARKUP in names and "花子 bot" in names  # a bot marked, a name literal
            while MARKUP not in [str(c) for c in board.get_row_at(board.cursor_row)]:
                await press(pilot, "down")
            await press(pilot, "enter")
            await until(pilot, lambda: isinstance(app.screen, PlayerScreen), "the page")
            page = app.screen
            assert isinstance(page, PlayerScreen) and page.page.name == MARKUP
            assert MARKUP in page.title_line()
            assert page.query_one("#recent", DataTable).row_count == 1
            await press(pilot, "d")
            await until(pilot, lambda: any((tmp_path / "data" / "records").glob("*.json")), "kept")
            await other.close()
        await server.stop()
        server.store.close()

    asyncio.run(asyncio.wait_for(main(), 180))


def test_a_quick_match_is_filled_with_bots_after_the_wait_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HANAFUDA_DATA_DIR", str(tmp_path / "data"))

    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3")
        port = await server.start(port=0)
        app = lobby_app(tmp_path, port)
        async with app.run_test(size=(120, 36)) as pilot:
            await signed_in(pilot, "Hana")
            await press(pilot, "q")
            await until(pilot, lambda: isinstance(app.screen, TableForm), "the form")
            await press(pilot, "down", "down", "down", "right", "enter")  # bots after 0 s
            await until(pilot, lambda: app.table() is not None, "the table", 30)
            seats = app.table().session.seats
            assert [s.player for s in seats] == ["remote", "random", "random"]
        await server.stop()
        server.store.close()

    asyncio.run(asyncio.wait_for(main(), 60))


def test_the_selector_s_online_asks_the_address_remembers_it_and_opens_the_lobby(
    tmp_path: Path,
) -> None:
    from textual.widgets import Button

    from hanafuda_tui.ui.app import HanafudaApp

    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3")
        port = await server.start(port=0)
        where = f"127.0.0.1:{port}"
        for asked_before in ("", where):
            await online_from_the_selector(where, asked_before)
            kept = Config(tmp_path / "config")
            kept.load()
            assert kept.settings.server == where
        await server.stop()
        server.store.close()

    async def online_from_the_selector(where: str, asked_before: str) -> None:
        app = HanafudaApp(store=Store(tmp_path / "data"), config=Config(tmp_path / "config"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.ready, "the selector")
            app.screen.query_one("#online", Button).press()
            await until(pilot, lambda: isinstance(app.screen, AskLine), "the address asked")
            assert app.screen.value == asked_before
            if not asked_before:
                for key in where:
                    await press(pilot, key)
            await press(pilot, "enter")
            await until(
                pilot,
                lambda: any(isinstance(s, LobbyScreen) for s in app.screen_stack),
                "the lobby",
            )
            await until(pilot, lambda: isinstance(app.screen, AskLine), "the name asked")

    asyncio.run(asyncio.wait_for(main(), 60))


def test_a_table_in_play_is_watched_and_a_private_table_waited_at_is_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:

    monkeypatch.setenv("HANAFUDA_DATA_DIR", str(tmp_path / "data"))

    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3")
        port = await server.start(port=0)
        where = f"127.0.0.1:{port}"
        app = lobby_app(tmp_path, port)
        async with app.run_test(size=(120, 36)) as pilot:
            lobby = await signed_in(pilot, "Hana")
            notices = kept_notices(app)

            await press(pilot, "c")
            await until(pilot, lambda: isinstance(app.screen, TableForm), "the form")
            await press(pilot, *["down"] * 4, "right", "enter")  # private: yes
            await until(pilot, lambda: any("invite" in n for n in notices), "the invite told")
            (table,) = lobby.waiting
            assert lobby.query_one("#open", DataTable).row_count == 0  # private: not listed
            await press(pilot, "x")
            await until(pilot, lambda: table not in server.tables, "the table let go")

            other, session = await watching(pilot, where, "[b]watched", tmp_path)
            assert any("[b]watched" in text for text in cell_texts(lobby.query_one("#playing")))
            assert session.seen.ruleset == "koikoi2"
            await other.close()
        await server.stop()
        server.store.close()

    asyncio.run(asyncio.wait_for(main(), 60))


@pytest.fixture
def quick_reconnect(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lobby tries the server again every 0.2 s; its records go under ``tmp_path``."""
    from hanafuda_tui.ui.screens import lobby as lobby_screen

    monkeypatch.setenv("HANAFUDA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(lobby_screen, "RECONNECT_WAITS", (0.2,) * 50)


async def restarted(pilot: Pilot[Any], server: Any, port: int, session: Any) -> Any:
    """The server stopped (its tables saved) until the table on screen and the lobby say the
    connection is lost, then a new one on the same database and port."""
    db = server.store.path
    await server.stop()
    server.store.close()
    await until(pilot, lambda: session.link.lost != "", "the connection said lost")
    assert "Connection lost" in str(pilot.app.lobby.head())
    again = make_server(db)
    await again.start(port=port)
    return again


@pytest.mark.usefixtures("quick_reconnect")
def test_after_a_server_restart_the_lobby_reconnects_and_the_table_goes_on(
    tmp_path: Path,
) -> None:
    """The server comes back on the same database: the lobby says it is reconnecting, signs in
    again with its token and takes the table up where it was."""
    from hanafuda_tui.server.protocol import CreateTable

    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3")
        port = await server.start(port=0)
        app = lobby_app(tmp_path, port)
        async with app.run_test(size=(120, 36)) as pilot:
            lobby = await signed_in(pilot, "Hana")
            notices = kept_notices(app)
            lobby.send(CreateTable(ruleset="koikoi2", options={"months": 3}, bots=1))
            await until(pilot, lambda: waits_for_key(app), "the table begun")
            session = app.table().session
            month = session.seen.current.month
            server = await restarted(pilot, server, port, session)
            await until(pilot, lambda: not session.link.lost and not session.link.closed, "back")
            await until(pilot, lambda: waits_for_key(app), "the table playable again", 30)
            assert app.table().session is session and session.seen.current.month == month
            assert lobby.connection is not None and "Connection lost" not in str(lobby.head())
            assert "Back at the table" in notices
        await server.stop()
        server.store.close()

    asyncio.run(asyncio.wait_for(main(), 90))


@pytest.mark.usefixtures("quick_reconnect")
def test_after_a_server_restart_a_table_watched_is_watched_again(tmp_path: Path) -> None:

    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3")
        port = await server.start(port=0)
        where = f"127.0.0.1:{port}"
        app = lobby_app(tmp_path, port)
        async with app.run_test(size=(120, 36)) as pilot:
            lobby = await signed_in(pilot, "Hana")
            other, session = await watching(pilot, where, "Jo", tmp_path)
            await other.close()
            server = await restarted(pilot, server, port, session)
            await until(pilot, lambda: lobby.connection is not None, "back", 30)
            await until(pilot, lambda: not session.link.lost, "watching again", 30)
            assert app.table().session is session and session.watching
        await server.stop()
        server.store.close()

    asyncio.run(asyncio.wait_for(main(), 90))


def test_a_finished_table_says_which_total_is_yours() -> None:
    from hanafuda_tui.ui import i18n

    lobby = LobbyScreen("127.0.0.1:1", book=TokenBook(Path("/nonexistent")))
    lobby.last = Finished(table=7, seat=1, totals=[46, -23, -23])
    i18n.set_lang("en")
    assert "Table 7 is over: you (seat 2) -23 (all: +46 -23 -23)" in lobby.head().plain
    i18n.set_lang("ja")
    assert "卓 7 終了: あなた（席2）-23（全員: +46 -23 -23）" in lobby.head().plain


def test_a_server_not_reached_ends_the_lobby_with_one_line(tmp_path: Path) -> None:
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]

    async def main() -> LobbyApp:
        app = lobby_app(tmp_path, port)
        app.lobby.player_name = "Hana"
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: not app.is_running or bool(app.refusal), "the refusal")
        return app

    app = asyncio.run(asyncio.wait_for(main(), 60))
    assert app.return_code == 1 and f"cannot reach ws://127.0.0.1:{port}" in app.refusal
    assert "\n" not in app.refusal


def test_a_player_page_draws_the_rating_s_course_as_a_chart(tmp_path: Path) -> None:
    from hanafuda_tui.server.protocol import PlayerPage, Rating, RatingPoint
    from hanafuda_tui.ui.app import HanafudaApp

    points = [
        RatingPoint(table=n, at="2026-11-28T22:00:00+00:00", mu=25 + n, sigma=8, ordinal=5 * n)
        for n in range(4)
    ]
    page = PlayerPage(
        player=1,
        name=MARKUP,
        bot=False,
        ruleset="koikoi3",
        rating=Rating(mu=28, sigma=8, ordinal=15, games=4),
        history=points,
    )

    async def main() -> tuple[str, str]:
        app = HanafudaApp(store=Store(tmp_path / "data"), config=Config(tmp_path / "config"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.ready, "the selector")
            screen = PlayerScreen(None, page)  # type: ignore[arg-type]  # no lobby: nothing sent
            await app.push_screen(screen)
            return screen.chart().plain, screen.title_line()

    chart, title = asyncio.run(asyncio.wait_for(main(), 60))
    assert chart.count("A") == 4 and "15" in chart  # a mark for each point, the top value
    assert title.startswith(MARKUP) and "(4 games)" in title


def test_the_lobby_s_words_follow_the_language_switched(tmp_path: Path) -> None:
    from textual.widgets import Static

    from hanafuda_tui.ui import i18n

    async def main() -> list[str]:
        server = make_server(tmp_path / "server.sqlite3")
        port = await server.start(port=0)
        app = LobbyApp(
            LobbyScreen(f"127.0.0.1:{port}", book=TokenBook(tmp_path / "config"), standalone=True),
            store=Store(tmp_path / "data"),
            config=Config(tmp_path / "config"),
            language="en",
        )
        async with app.run_test(size=(80, 24)) as pilot:
            await signed_in(pilot, "Hana")
            await press(pilot, "l")
            titles = [str(s.render()) for s in app.lobby.query(".lobby-list-title").results(Static)]
        await server.stop()
        server.store.close()
        return titles

    try:
        titles = asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        i18n.set_lang("en")
    assert titles[0] == "空席のある卓" and titles[2] == "あなたの番"


def test_a_line_typed_with_enter_in_one_burst_is_sent_whole(tmp_path: Path) -> None:
    """A terminal delivers "Alice⏎" at once when typed fast or pasted: every letter reaches the
    line before Enter sends it."""
    from textual import events
    from textual.app import App

    answers: list[Any] = []

    class Asking(App[None]):
        def on_mount(self) -> None:
            self.push_screen(AskLine("Your name", "Name"), answers.append)

    async def main() -> None:
        app = Asking()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, AskLine)
            for key in [*"Alice", "enter"]:
                app.post_message(events.Key(key, key if len(key) == 1 else None))
            for _ in range(50):
                await pilot.pause()
            assert answers == ["Alice"]

    asyncio.run(main())


def test_a_new_tables_list_of_choices_is_used_by_its_own_keys(tmp_path: Path) -> None:
    """In "A new table", a list opened with Space is moved in with ↑↓ and picked from with Enter,
    as on the selector: the table asked for has the months picked, not the ones shown before."""
    from textual.app import App

    from hanafuda_tui.ui.widgets.choice import Choice

    sent: list[Any] = []

    class Creating(App[None]):
        def on_mount(self) -> None:
            self.push_screen(TableForm(False, "koikoi3"), sent.append)

    async def main() -> None:
        app = Creating()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("down")  # from the ruleset to the months
            months = app.screen.query_one("#opt-months", Choice)
            assert app.focused is months and months.value == 12
            await pilot.press("space", "up", "up")
            assert months.expanded and isinstance(app.screen, TableForm)
            await pilot.press("enter")
            await pilot.pause()
            assert not months.expanded and months.value == 3 and sent == []
            await pilot.press("enter")  # the list closed: Enter asks for the table
            await pilot.pause()
        assert [m.options for m in sent] == [{"months": 3}]

    asyncio.run(main())


def test_the_open_tables_fit_80_columns_in_either_language(tmp_path: Path) -> None:
    from hanafuda_tui.server.protocol import CreateTable
    from hanafuda_tui.ui import i18n

    async def main() -> list[tuple[int, int, str]]:
        server = make_server(tmp_path / "server.sqlite3")
        port = await server.start(port=0)
        where = f"127.0.0.1:{port}"
        others = []
        for name, ask in (
            ("Hana", CreateTable(ruleset="koikoi3", options={"months": 6})),
            ("Ume", CreateTable(ruleset="hachihachi")),
            ("Taro", CreateTable(ruleset="koikoi2")),
        ):
            other = await LobbyConnection.open(where)
            await other.hello(where, name, False, TokenBook(tmp_path / name))
            await other.send(ask)
            others.append(other)
        app = lobby_app(tmp_path, port)
        seen = []
        async with app.run_test(size=(80, 24)) as pilot:
            await name_given(pilot, "me")
            for _ in ("en", "ja"):
                opened = app.lobby.query_one("#open", DataTable)
                await until(pilot, lambda table=opened: table.row_count == 3, "the open tables")
                await pilot.pause()
                last = str(opened.get_row_at(0)[-1])
                seen.append(
                    (opened.virtual_size.width, opened.scrollable_content_region.width, last)
                )
                await press(pilot, "l")
        for other in others:
            await other.close()
        await server.stop()
        server.store.close()
        return seen

    try:
        seen = asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        i18n.set_lang("en")
    for wanted, shown, last in seen:
        assert wanted <= shown and last == "Hana"  # every column shown, the players last
