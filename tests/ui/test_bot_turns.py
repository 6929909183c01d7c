"""A bot's turn on screen: nothing of its hand is shown before its decision is applied and saved,
and a bot still thinking never keeps the app from leaving the table or quitting."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from helpers.ui import continued, human_step, saved_where, visible_cards
from textual.pilot import Pilot

from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.records import replay
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui import session as session_module
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.screens.selector import SelectorScreen
from hanafuda_tui.ui.widgets.table import FieldPanel


def unsaved_cards(tmp_path: Path) -> int:
    """The cards still hidden in the bots' hands (seats 1 and 2) of the game as saved now: what
    leaving the table at this moment must not have shown."""
    game = replay(Store(tmp_path).load())
    return (game.hands[1] & ~game.shown[1]) | (game.hands[2] & ~game.shown[2])


async def watch_bots(pilot: Pilot[Any], tmp_path: Path) -> int:
    """Every few milliseconds until the bots are done: nothing on screen is a card the save still
    has in a bot's hand. The number of moments a bot's played card was on screen."""
    app: Any = pilot.app
    table = app.table()
    moments = 0
    deadline = time.monotonic() + 30  # generous: a loaded machine is slow, not wrong
    while table.flow.thinking or table.flow.moments:
        assert time.monotonic() < deadline
        assert visible_cards(app) & unsaved_cards(tmp_path) == 0
        moments += table.query_one(FieldPanel).pending >= 0
        await pilot.pause(0.01)
    return moments


def test_a_bots_card_is_on_screen_only_once_its_play_is_saved(tmp_path: Path) -> None:
    """With a bot pause, the bots' plays are watched all along; then the table is left (Escape)
    while a bot's played card is shown, and the game continued: the save has that play."""
    saved_where(tmp_path, "koikoi3", lambda g: g.phase == Phase.PLAY, seeds=50)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0.1, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            await human_step(pilot)
            assert await watch_bots(pilot, tmp_path) > 0
            left = 0
            for _ in range(8):  # leave at the moment a bot's card shows, then continue
                await human_step(pilot)
                table = app.table()
                field = table.query_one(FieldPanel)
                while field.pending < 0 and (table.flow.thinking or table.flow.moments):
                    await pilot.pause(0.005)
                if app.screen is not table:  # the human faces a prompt: answered next round
                    continue
                # screen and save at one moment: a bot's move that lands before the key is read
                # may end the month, and the next deal may hold a card the stale screen shows
                assert visible_cards(app) & unsaved_cards(tmp_path) == 0
                await pilot.press("escape")
                assert isinstance(app.screen, SelectorScreen)
                left += 1
                await pilot.click("#continue")
                await pilot.pause()
                await watch_bots(pilot, tmp_path)
            assert left >= 3

    asyncio.run(run())


class SlowBot:
    """A bot that thinks until it is released (or for thirty seconds)."""

    name = "slow"
    release = threading.Event()
    thinking = threading.Event()

    def act(self, view: Any) -> int:
        SlowBot.thinking.set()
        SlowBot.release.wait(30)
        return int(view.legal[0])


def test_leaving_or_quitting_while_a_bot_thinks_does_not_wait_for_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved_where(tmp_path, "koikoi3", lambda g: g.phase == Phase.PLAY, seeds=50)
    monkeypatch.setattr(session_module, "make_bot", lambda spec, rng: SlowBot())

    quit_at: list[float] = []

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(2):  # leave the table while the bot thinks, then quit while it does
                SlowBot.thinking.clear()
                await pilot.pause()
                await pilot.click("#continue")
                await pilot.pause()
                table = app.table()
                if table.session.link.table.game.to_act == 0:
                    await human_step(pilot)
                while not SlowBot.thinking.is_set():
                    await pilot.pause(0.01)
                await pilot.press("escape")
                assert isinstance(app.screen, SelectorScreen)
            quit_at.append(time.monotonic())
            await pilot.press("ctrl+q", "y")  # asked first: yes

    try:
        asyncio.run(run())
        assert time.monotonic() - quit_at[0] < 10
    finally:
        SlowBot.release.set()
