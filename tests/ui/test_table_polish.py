"""What a player meets at the table's edges: a finished year offers no Continue and a rematch is
one key; captures fit their row at every size; prompts answer the keys they name."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.widgets import Button
from ui_helpers import settle

from hanafuda_tui.core.records import SeatRecord
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.screens.results import MonthResult, ScoreSheet
from hanafuda_tui.ui.screens.selector import SelectorScreen
from hanafuda_tui.ui.storage import Store

BOTS = [SeatRecord(name=n, player="random") for n in "AB"]


async def to_year_end(pilot: Any, app: HanafudaApp) -> None:
    """Close each month's result until the year's final sheet is on top."""
    for _ in range(200):
        await settle(pilot)
        if isinstance(app.screen, ScoreSheet) and app.screen.final:
            return
        if isinstance(app.screen, MonthResult):
            await pilot.press("enter")
    raise AssertionError("the year never ended")


def test_a_finished_year_offers_no_continue_even_after_the_quit_question(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.start_game("koikoi2", {"months": 3}, BOTS, "5")
            await pilot.pause()
            assert app.resumable() is not None  # what the quit question asks mid-game
            await to_year_end(pilot, app)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SelectorScreen)
            assert not app.screen.query_one("#continue", Button).display
            assert app.resumable() is None

    asyncio.run(run())


def test_a_rematch_is_one_key_at_the_years_end(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.start_game("koikoi2", {"months": 3}, BOTS, "5")
            await pilot.pause()
            first = app.table()
            assert first is not None
            await to_year_end(pilot, app)
            assert "r" in app.screen.query_one("KeysLine").render().plain  # type: ignore[attr-defined]
            await pilot.press("r")
            await pilot.pause()
            table = app.table()
            assert table is not None and table is not first
            game = table.session.game
            assert game.ruleset == "koikoi2" and game.options.months == 3
            assert table.session.seats == BOTS and len(game.results) <= 1  # each result waits
            assert table.session.seed != first.session.seed

    asyncio.run(run())
