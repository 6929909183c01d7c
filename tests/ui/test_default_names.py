"""Default seat names follow the language shown (a typed name stays as typed), and several
people at one keyboard are named alike: player 1, 2, 3."""

from __future__ import annotations

import asyncio
from pathlib import Path

from helpers.ui import screen_text, settle, start
from textual.widgets import Input

from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp


def test_default_names_follow_the_language_and_a_typed_name_stays(tmp_path: Path) -> None:
    """A table started in English with the default names reads 日本語 names after ``l``, and
    back; the typed name is the same in both; the save keeps the defaults as defaults."""

    async def run() -> tuple[list[str], list[str], str, str]:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            app.screen.query_one("#name-2", Input).value = "Alice"
            table = await start(pilot, ["human", "random", "random"], "7")
            english = table.session.names
            shown_en = screen_text(app)
            await pilot.press("l")
            await settle(pilot)
            japanese = table.session.names
            shown_ja = screen_text(app)
            return english, japanese, shown_en, shown_ja

    english, japanese, shown_en, shown_ja = asyncio.run(run())
    assert english == ["You", "Bot Plum", "Alice"]
    assert japanese == ["あなた", "ボット・梅", "Alice"]
    assert "Bot Plum" in shown_en and "Bot Plum" not in shown_ja and "ボット・梅" in shown_ja
    saved = Store(tmp_path).load()
    assert [s.name for s in saved.seats] == ["", "", "Alice"]


def test_people_sharing_the_keyboard_are_players_one_two_three(tmp_path: Path) -> None:
    async def run(language: str) -> list[str]:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language=language)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            table = await start(pilot, ["human", "human", "random"], "3")
            return table.session.names

    assert asyncio.run(run("ja")) == ["プレイヤー1", "プレイヤー2", "ボット・竹"]
    assert asyncio.run(run("en")) == ["Player 1", "Player 2", "Bot Bamboo"]
