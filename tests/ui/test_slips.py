"""No single slip loses anything: Start over a saved game and Esc on the selector ask first (No
by default), a ruleset change keeps the seats' choices, names follow the seats' kinds, the
description follows the months option, and Enter never declares a teyaku."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path
from typing import Any

from helpers.ui import continued, saved_where, settle, wait_until
from textual.pilot import Pilot
from textual.widgets import Input, Static

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.records import SeatRecord
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.i18n import t
from hanafuda_tui.ui.screens.modals import Decision
from hanafuda_tui.ui.screens.selector import SelectorScreen
from hanafuda_tui.ui.widgets.choice import Choice


async def choose(pilot: Pilot[Any], widget: str, value: Any) -> None:
    pilot.app.screen.query_one(widget, Choice).value = value
    await pilot.pause()
    await pilot.pause()


def seats(app: HanafudaApp) -> list[tuple[str, str]]:
    screen = app.screen
    assert isinstance(screen, SelectorScreen)
    n = len(screen.query(".seat-kind"))
    return [
        (
            str(screen.query_one(f"#seat-{i}", Choice).value),
            screen.query_one(f"#name-{i}", Input).value,
        )
        for i in range(n)
    ]


def test_start_over_a_saved_game_asks_and_no_keeps_it(tmp_path: Path) -> None:
    store = Store(tmp_path)

    async def run() -> None:
        app = HanafudaApp(store=store, bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            seats = [SeatRecord(name="X", player="human")]
            seats += [SeatRecord(name=n, player="random") for n in "AB"]
            app.start_game("hanaawase", {}, seats, "3")
            await settle(pilot)
            await pilot.press("escape")  # leave the table: saved
            await pilot.pause()
            saved = store.path.read_text()
            app.screen.query_one("#start").focus()
            await pilot.press("enter")
            assert isinstance(app.screen, Decision)
            await pilot.press("enter")  # No has the focus
            await pilot.pause()
            assert isinstance(app.screen, SelectorScreen) and store.path.read_text() == saved
            app.screen.query_one("#start").focus()
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, Decision), "the question")
            await pilot.press("y")
            await wait_until(pilot, lambda: app.table() is not None, "the new table")
            await settle(pilot)
            table = app.table()
            assert (
                table is not None and table.session.link.table.game.ruleset == "hanaawase"
            )  # as left

    asyncio.run(run())


def test_escape_on_the_selector_asks_before_quitting(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("escape")
            assert isinstance(app.screen, Decision)
            await pilot.press("escape")  # Esc answers No
            await pilot.pause()
            assert isinstance(app.screen, SelectorScreen) and app.is_running
            await pilot.press("escape", "enter")  # Enter on the focused No
            await pilot.pause()
            assert isinstance(app.screen, SelectorScreen) and app.is_running
            await pilot.press("escape", "y")
            await pilot.pause()
        assert app.return_code == 0

    asyncio.run(run())


def test_ctrl_q_at_the_table_asks_before_quitting_once_however_often_pressed(
    tmp_path: Path,
) -> None:
    saved_where(tmp_path, "koikoi3", lambda g: g.phase == Phase.PLAY, seeds=50)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            table = app.table()
            await pilot.press("ctrl+q", "ctrl+q")
            assert isinstance(app.screen, Decision) and app.is_running
            await pilot.press("n")
            await pilot.pause()
            assert app.screen is table and app.is_running
            await pilot.press("ctrl+q", "y")
            await pilot.pause()
        assert app.return_code == 0

    asyncio.run(run())


def test_sigterm_at_the_table_leaves_as_quitting_does(tmp_path: Path) -> None:
    """SIGTERM ends the app through its own exit (the terminal given back as it was), status
    143, the game saved where it stood."""
    saved_where(tmp_path, "koikoi3", lambda g: g.phase == Phase.PLAY, seeds=50)
    saved = (tmp_path / "save.json").read_text()

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            assert signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL  # or the test ends
            signal.raise_signal(signal.SIGTERM)
            await pilot.pause()
        assert app.terminated and app.return_code == 143

    asyncio.run(run())
    assert (tmp_path / "save.json").read_text() == saved


def test_ctrl_c_says_in_the_language_shown_which_key_quits(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+c")
            await pilot.pause()
            assert [n.message for n in app._notifications] == [t("quit.ctrl_c")]
            assert "Ctrl+q" in t("quit.ctrl_c") and app.is_running

    asyncio.run(run())


def test_a_ruleset_change_keeps_the_seats_choices_and_the_focus(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            await choose(pilot, "#seat-1", "human")
            await choose(pilot, "#seat-2", "easy")
            app.screen.query_one("#name-0", Input).value = "太郎"
            before = seats(app)
            assert before == [("human", "太郎"), ("human", "プレイヤー2"), ("easy", "ボット・竹")]
            await choose(pilot, "#ruleset", "hachihachi")
            assert seats(app) == before
            assert app.focused is app.screen.query_one("#ruleset")
            await choose(pilot, "#ruleset", "koikoi2")
            assert seats(app) == before[:2]

    asyncio.run(run())


def test_a_seat_name_follows_its_kind_unless_typed(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert seats(app) == [
                ("human", "You"),
                ("normal", "Bot Plum"),
                ("normal", "Bot Bamboo"),
            ]
            await choose(pilot, "#seat-0", "easy")
            await choose(pilot, "#seat-1", "human")
            assert [name for _, name in seats(app)] == ["Bot Pine", "You", "Bot Bamboo"]
            app.screen.query_one("#name-2", Input).value = "Hana"
            await choose(pilot, "#seat-2", "human")
            # two people at one keyboard: the one not named is a player by number
            assert [name for _, name in seats(app)] == ["Bot Pine", "Player 2", "Hana"]
            await pilot.press("l")  # Japanese: the names given follow, the typed one stays
            await pilot.pause()
            assert [name for _, name in seats(app)] == ["ボット・松", "プレイヤー2", "Hana"]

    asyncio.run(run())


def test_switching_language_keeps_the_cursor_on_its_row(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.focused is app.screen.query_one("#start")
            for key in ("up", "up", "up", "up"):  # Seed, strong thinks, seat 3, seat 2
                await pilot.press(key)
            assert app.focused is app.screen.query_one("#seat-1")
            await pilot.press("l")
            await pilot.pause()
            assert app.focused is app.screen.query_one("#seat-1")
            await pilot.press("right")
            await pilot.pause()
            assert seats(app)[1][0] == "strong"

    asyncio.run(run())


def test_the_description_follows_the_months_option(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()

            def desc() -> str:
                return str(app.screen.query_one("#ruleset-desc", Static).render())

            assert "1年12か月" in desc()
            await choose(pilot, "#opt-months", 6)
            assert "6か月" in desc() and "12か月" not in desc()
            await choose(pilot, "#ruleset", "koikoi2")
            await choose(pilot, "#opt-months", 3)
            assert desc().startswith("二人で3か月")

    asyncio.run(run())


def test_enter_never_declares_a_teyaku(tmp_path: Path) -> None:
    game = saved_where(
        tmp_path,
        "koikoi3",
        lambda g: g.phase == Phase.TEYAKU and act.DECLARE in g.legal_actions(),
    )
    n = len(game.deals[-1].actions)

    async def run() -> list[int]:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            assert isinstance(app.screen, Decision)
            await pilot.press("enter")  # the default, once the prompt's first moment is over
            await settle(pilot)
            table = app.table()
            assert table is not None
            return list(table.session.link.table.game.deals[-1].actions[n : n + 1])

    assert asyncio.run(run()) == [act.PASS]
