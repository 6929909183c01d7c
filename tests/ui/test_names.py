"""Seat names are text, never markup: names full of brackets and backslashes are shown exactly as
typed on every screen of every ruleset, and a game saved with them continues."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from helpers.ui import human_step, screen_text, settle, start
from textual.widgets import Input

from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.rulesets import RULESETS
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.screens.help import HelpScreen
from hanafuda_tui.ui.screens.modals import Decision
from hanafuda_tui.ui.screens.passing import PassScreen
from hanafuda_tui.ui.screens.results import MonthResult, ScoreSheet
from hanafuda_tui.ui.screens.selector import SelectorScreen
from hanafuda_tui.ui.text import ZERO_WIDTH

NAMES = ("Bob[", "[red]\\[", "[b]x\\")


def text(app: Any) -> str:
    return screen_text(app).replace(ZERO_WIDTH, "")


@pytest.mark.long
@pytest.mark.parametrize(
    ("ruleset", "lang"),
    [("koikoi3", "ja"), ("hachihachi", "en"), ("hanaawase", "ja"), ("koikoi2", "en")],
)
def test_names_with_brackets_on_every_screen_of_every_ruleset(
    tmp_path: Path, ruleset: str, lang: str
) -> None:
    """A month played by keys (two humans in 二人こいこい, so the pass screen shows) with a check
    of every screen it shows, the score sheets, help, then the game left and continued."""
    players = RULESETS[ruleset].table_sizes[0]
    names = NAMES[:players]
    kinds = ["human", "human"] if players == 2 else ["human", "random", "random"]

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.current_ruleset = ruleset
            selector = app.screen
            if ruleset != "koikoi3":
                selector.query_one("#ruleset").value = ruleset  # type: ignore[attr-defined]
                await pilot.pause()
            for i, name in enumerate(names):
                selector.query_one(f"#name-{i}", Input).value = name
            await pilot.pause()
            assert all(name in text(app) for name in names)
            table = await start(pilot, kinds, "6")
            game = table.session.link.table.game
            seen: set[str] = set()
            for _ in range(200):  # each kind of screen read once, the first time it shows
                screen = app.screen
                if game.results or type(screen).__name__ in seen:
                    pass
                elif isinstance(screen, PassScreen):
                    assert names[game.to_act] in text(app)
                elif isinstance(screen, Decision):
                    assert names[game.to_act] in text(app) or game.phase != Phase.TEYAKU
                else:
                    assert all(name in text(app) for name in names)
                seen.add(type(screen).__name__)
                if game.results:
                    break
                await human_step(pilot)
                await settle(pilot)
            assert isinstance(app.screen, MonthResult)
            assert all(name in text(app) for name in names)
            await pilot.press("enter")
            await settle(pilot)
            while app.screen is not table:
                await human_step(pilot)
                await settle(pilot)
            await pilot.press("s")
            assert isinstance(app.screen, ScoreSheet)
            assert all(name in text(app) for name in names)
            await pilot.press("escape")
            app.push_screen(ScoreSheet(game, table.session.names, final=True))
            await pilot.pause()
            assert all(name in text(app) for name in names)
            await pilot.press("escape", "question_mark")
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape", "escape")
            assert isinstance(app.screen, SelectorScreen)
            assert app.focused is not None and app.focused.id == "continue"
            await pilot.press("enter")
            await settle(pilot)
            again = app.table()
            assert again is not None and again is not table
            while app.screen is not again:
                await human_step(pilot)
                await settle(pilot)
            assert all(name in text(app) for name in names)
            assert "TableScreen" in seen and ("PassScreen" in seen or players == 3)

    asyncio.run(run())
