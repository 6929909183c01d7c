"""Textual's conventions: the command palette offers the game's commands in the player's language,
and the keys panel describes every key that works on the screen shown."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from helpers.ui import saved_where, screen_text, settle, start
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.widgets import Input

from hanafuda_tui.core.game import Phase
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.i18n import t
from hanafuda_tui.ui.screens.modals import Decision
from hanafuda_tui.ui.screens.results import ScoreSheet
from hanafuda_tui.ui.screens.selector import SelectorScreen

COMMANDS = ("cmd.new", "cmd.leave", "cmd.faster", "cmd.slower", "cmd.language", "cmd.theme")
COMMANDS += ("cmd.sheet", "cmd.help", "cmd.yaku")


async def run_command(pilot: Pilot[Any], title: str) -> None:
    """Ctrl+P, the command's title typed, Enter once it is the first match."""
    await pilot.press("ctrl+p")
    palette = pilot.app.screen
    assert isinstance(palette, CommandPalette)
    palette.query_one(Input).value = title
    found = palette.query_one(CommandList)
    deadline = time.monotonic() + 10
    while not (found.option_count and title in str(found.get_option_at_index(0).prompt)):
        assert time.monotonic() < deadline, "the command was not found"
        await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


def test_the_palette_offers_the_games_commands_in_each_language(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await start(pilot, ["human", "random", "random"], "4")
            for _ in range(2):
                titles = [c.title for c in app.get_system_commands(app.screen)]
                assert all(t(key) in titles for key in COMMANDS), titles
                assert "Theme" not in titles or t("cmd.theme") == "Theme"
                await pilot.press("l")

    asyncio.run(run())


def test_textuals_own_commands_are_in_the_language_shown(tmp_path: Path) -> None:
    """Quit, Keys and Screenshot, Textual's own, read as the game's on a Japanese screen."""

    async def run() -> list[str]:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            return [c.title for c in app.get_system_commands(app.screen)]

    titles = asyncio.run(run())
    assert {"終了", "キー一覧", "スクリーンショット"} <= set(titles)
    assert not {"Quit", "Keys", "Screenshot", "Theme"} & set(titles)


def test_sheet_pace_leave_and_new_game_from_the_palette(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0.25, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await start(pilot, ["human", "random", "random"], "4")
            await run_command(pilot, t("cmd.sheet"))
            assert isinstance(app.screen, ScoreSheet)
            await pilot.press("escape")
            await run_command(pilot, t("cmd.slower"))
            assert app.bot_pause > 0.25
            await run_command(pilot, t("cmd.leave"))
            assert isinstance(app.screen, SelectorScreen) and app.table() is None
            assert app.screen.query_one("#continue").display  # the game was saved
            await pilot.click("#continue")
            await settle(pilot)
            assert app.table() is not None
            await run_command(pilot, t("cmd.new"))
            assert isinstance(app.screen, SelectorScreen)
            assert app.focused is app.screen.query_one("#start")

    asyncio.run(run())


def undescribed(app: HanafudaApp) -> list[str]:
    """The keys working on the screen shown whose binding says nothing of what it does."""
    return [
        key
        for key, (_, binding, _, _) in app.screen.active_bindings.items()
        if not binding.system and not binding.description
    ]


def test_plus_and_minus_are_typed_into_the_palettes_search_not_the_pace(tmp_path: Path) -> None:
    """Themes are named with hyphens (textual-light): in a text field + and - are characters."""

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0.5, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+p")
            await pilot.press(*"textual", "minus", *"light", "plus")
            assert app.screen.query_one(Input).value == "textual-light+"
            assert app.bot_pause == 0.5
            await pilot.press("escape", "minus")  # the selector: the key is the pace again
            assert app.bot_pause > 0.5

    asyncio.run(run())


def test_the_keys_panel_describes_every_key_in_the_language_shown(tmp_path: Path) -> None:
    saved_where(tmp_path, "koikoi3", lambda g: g.phase == Phase.KOIKOI)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert undescribed(app) == []
            bindings = app.screen.active_bindings
            assert bindings["escape"].binding.description == "終了 (確認あり)"
            await pilot.press("l")
            assert app.screen.active_bindings["escape"].binding.description == "quit (asks first)"
            await pilot.click("#continue")
            await settle(pilot)
            assert isinstance(app.screen, Decision) and undescribed(app) == []
            assert app.screen.active_bindings["right"].binding.description == "next choice"
            await pilot.press("k")  # こいこい: back at the table
            await settle(pilot)
            assert app.screen is app.table() and undescribed(app) == []
            assert app.screen.active_bindings["s"].binding.description == "score sheet"

    asyncio.run(run())


def test_a_prompt_shows_its_own_keys_not_the_tables(tmp_path: Path) -> None:
    saved_where(tmp_path, "koikoi3", lambda g: g.phase == Phase.KOIKOI)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("escape")  # the quit question over the selector
            assert isinstance(app.screen, Decision)
            bottom = screen_text(app).splitlines()[-1]
            assert f"y {t('yes')}" in bottom
            assert f"Esc {t('no')}" in bottom and "Tab" not in bottom
            await pilot.press("n")
            await pilot.click("#continue")
            await settle(pilot)
            assert isinstance(app.screen, Decision)
            bottom = screen_text(app).splitlines()[-1]
            assert f"k {t('action.koikoi')}" in bottom and f"s {t('action.shobu')}" in bottom
            assert "退席" not in bottom and "出す" not in bottom  # the table's Esc and Enter

    asyncio.run(run())


def test_the_tables_keys_line_offers_playing_only_on_the_humans_turn(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0.5, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            table = await start(pilot, ["human", "random", "random"], "4")
            assert table.human_to_play() is not None
            assert "出す" in screen_text(app).splitlines()[-1]
            await pilot.press("enter")  # played: the bots' turns are shown next
            assert table.human_to_play() is None
            bottom = screen_text(app).splitlines()[-1]
            assert "出す" not in bottom and "記入表" in bottom

    asyncio.run(run())


def test_the_sheet_and_help_cover_the_tables_keys_with_their_own(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await start(pilot, ["human", "random", "random"], "4")
            for key in ("s", "question_mark"):
                await pilot.press(key)
                bottom = screen_text(app).splitlines()[-1]
                assert "出す" not in bottom and "退席" not in bottom
                assert "Esc" in bottom
                await pilot.press("escape")

    asyncio.run(run())
