"""The app opened at a given table (``hanafuda play --ruleset ...``), a save in a directory that
cannot be written, and settings files that break the JSON reader."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from helpers.ui import app_with_notices, continued, saved_where, settle
from textual.widgets import Button, Static

from hanafuda_tui.core.game import Phase
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp, TableRequest
from hanafuda_tui.ui.config import DEFAULT_PACE, Config
from hanafuda_tui.ui.screens.modals import Decision
from hanafuda_tui.ui.screens.selector import SelectorScreen


class ReadOnlyStore(Store):
    """A data directory that can be read but not written (as a read-only mount is, even to root)."""

    def claim(self) -> None:
        raise PermissionError(13, "Read-only file system")

    def write(self, text: str) -> None:
        raise PermissionError(13, "Read-only file system")

    def clear(self) -> None:
        raise PermissionError(13, "Read-only file system")

    def set_aside(self) -> Path:
        raise PermissionError(13, "Read-only file system")


def test_a_save_in_a_read_only_directory_is_offered_as_a_game_that_cannot_be_saved(tmp_path):
    saved_where(tmp_path, "koikoi3", lambda g: g.phase == Phase.PLAY)
    before = (tmp_path / "save.json").read_bytes()

    async def run() -> None:
        app = HanafudaApp(store=ReadOnlyStore(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            selector = app.screen
            assert isinstance(selector, SelectorScreen)
            assert selector.query_one("#continue", Button).display
            said = str(selector.query_one("#selector-error", Static).render())
            assert "not saved" in said and "Read-only file system" in said
            await continued(pilot)
            table = app.table()
            assert table is not None and table.session.link.store is None
            assert table.session.link.table.game.phase == Phase.PLAY

    asyncio.run(run())
    assert (tmp_path / "save.json").read_bytes() == before


def test_a_damaged_save_in_a_read_only_directory_is_reported_not_offered(tmp_path):
    (tmp_path / "save.json").write_text("{", encoding="utf-8")

    async def run() -> None:
        app = HanafudaApp(store=ReadOnlyStore(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert not app.screen.query_one("#continue", Button).display
            assert "damaged" in app.save_problem

    asyncio.run(run())


def test_the_app_opens_the_requested_table_over_the_selector(tmp_path):
    request = TableRequest("koikoi2", {"rules": "nintendo"}, ["human", "random"], "5")

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en", table=request)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            table = app.table()
            assert table is not None and app.screen is table
            session = table.session
            assert session.link.table.game.ruleset == "koikoi2" and session.link.seed == "5"
            assert session.link.table.game.options.rules == "nintendo"
            assert [s.player for s in session.seats] == ["human", "random"]
            assert [s.name for s in session.seats] == [
                "",
                "",
            ]  # default names, shown in the language
            assert session.names == ["You", "Bot Plum"]
            assert any(isinstance(s, SelectorScreen) for s in app.screen_stack)
            return session.link.table.game.deals[0].deck

    first = asyncio.run(run())
    (tmp_path / "save.json").unlink()
    assert asyncio.run(run()) == first  # the same seed, the same deal


def test_the_requested_table_asks_before_a_saved_game_is_discarded(tmp_path):
    saved_where(tmp_path, "koikoi3", lambda g: g.phase == Phase.PLAY)
    request = TableRequest("hachihachi", {}, None, "")

    async def run(answer: str) -> Any:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en", table=request)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, Decision)
            await pilot.press(answer)
            await settle(pilot)
            table = app.table()
            return table.session if table is not None else app.screen

    assert isinstance(asyncio.run(run("n")), SelectorScreen)
    session = asyncio.run(run("y"))
    assert session.link.table.game.ruleset == "hachihachi"
    assert [s.player for s in session.seats] == ["human", "normal", "normal"]


BREAKERS = {
    "401 digits": '{"pace": ' + "9" * 401 + "}",
    "5001 digits": '{"pace": ' + "9" * 5001 + "}",
    "5001 digits of think": '{"think": ' + "9" * 5001 + "}",
    "3000 deep": '{"hints": ' + "[" * 3000 + "]" * 3000 + "}",
    "lone surrogate theme": '{"theme": "\\ud800"}',
}


@pytest.mark.parametrize("text", BREAKERS.values(), ids=BREAKERS.keys())
def test_a_settings_file_that_breaks_the_reader_gives_defaults_and_one_notice(tmp_path, text):
    config_dir = tmp_path / "config"
    config_dir.mkdir()
    (config_dir / "config.json").write_text(text, encoding="utf-8")
    app, notices = app_with_notices(tmp_path, config_dir)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.bot_pause == DEFAULT_PACE and app.config.settings == Config().settings
            await pilot.press("l", "minus", "plus", "minus")
            await pilot.pause()
            assert app.is_running

    asyncio.run(run())
    assert len(notices) == 1 and "config.json" in notices[0]
    saved = json.loads((config_dir / "config.json").read_text(encoding="utf-8"))
    assert saved["pace"] == DEFAULT_PACE + 0.25 and saved["theme"] == ""
