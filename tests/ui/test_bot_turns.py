"""A bot's turn on screen: nothing of its hand is shown before its decision is applied and saved,
and a bot still thinking never keeps the app from leaving the table or quitting."""

from __future__ import annotations

import asyncio
import threading
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

import pytest
from helpers.ui import continued, human_step, saved_where, settle, visible_cards, wait_until

from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.records import load_record, replay
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui import session as session_module
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.screens.selector import SelectorScreen
from hanafuda_tui.ui.screens.table import TableScreen
from hanafuda_tui.ui.widgets.table import FieldPanel


def unsaved_cards(tmp_path: Path) -> int:
    """The cards still hidden in the bots' hands (seats 1 and 2) of the game as saved now: what
    leaving the table at this moment must not have shown."""
    return hidden_in_bots_hands(Store(tmp_path).path.read_text("utf-8"))


@lru_cache(maxsize=8)
def hidden_in_bots_hands(saved: str) -> int:
    """The cards hidden in the bots' hands of the game saved as ``saved`` (each save replayed
    once, however often the table is drawn meanwhile)."""
    game = replay(load_record(saved))
    return (game.hands[1] & ~game.shown[1]) | (game.hands[2] & ~game.shown[2])


class Drawings:
    """Every drawing of the table: whether it showed a card the save still had in a bot's hand,
    and how many times a played card was on its way."""

    def __init__(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.leaks = 0
        self.moments = 0
        refresh = TableScreen.refresh_table

        def drawn(table: TableScreen) -> None:
            refresh(table)
            if table.is_mounted:
                self.leaks += bool(visible_cards(table.app) & unsaved_cards(tmp_path))
                self.moments += table.query_one(FieldPanel).pending >= 0

        monkeypatch.setattr(TableScreen, "refresh_table", drawn)


def card_on_its_way_or_bots_done(table: TableScreen) -> bool:
    busy = table.flow.thinking or table.flow.moments
    return table.query_one(FieldPanel).pending >= 0 or not busy


@pytest.mark.long
def test_a_bots_card_is_on_screen_only_once_its_play_is_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a bot pause, every drawing of the table while the bots play is checked; then the
    table is left (Escape) while a bot's played card is shown, and the game continued: the save
    has that play."""
    saved_where(tmp_path, "koikoi3", lambda g: g.phase == Phase.PLAY, seeds=50)
    drawings = Drawings(tmp_path, monkeypatch)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0.1, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            await human_step(pilot)
            await settle(pilot)
            assert drawings.moments > 0
            left = 0
            for _ in range(8):  # leave at the moment a bot's card shows, then continue: 3 times
                if left == 3:
                    break
                await human_step(pilot)
                table = app.table()
                shown = partial(card_on_its_way_or_bots_done, table)
                await wait_until(pilot, shown, "a bot's card on screen, or the bots done")
                if app.screen is not table:  # the human faces a prompt: answered next round
                    continue
                # screen and save at one moment: a bot's move that lands before the key is read
                # may end the month, and the next deal may hold a card the stale screen shows
                assert visible_cards(app) & unsaved_cards(tmp_path) == 0
                await pilot.press("escape")
                assert isinstance(app.screen, SelectorScreen)
                left += 1
                await pilot.click("#continue")
                await settle(pilot)
            assert left == 3
            assert drawings.leaks == 0

    asyncio.run(run())


class SlowBot:
    """A bot that thinks until it is released (or for five minutes)."""

    name = "slow"
    release = threading.Event()
    thinking = threading.Event()
    answered = threading.Event()

    def act(self, view: Any) -> int:
        SlowBot.thinking.set()
        SlowBot.release.wait(300)
        SlowBot.answered.set()
        return int(view.legal[0])


def test_leaving_or_quitting_while_a_bot_thinks_does_not_wait_for_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved_where(tmp_path, "koikoi3", lambda g: g.phase == Phase.PLAY, seeds=50)
    monkeypatch.setattr(session_module, "make_bot", lambda spec, rng: SlowBot())

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
                loop = asyncio.get_running_loop()
                assert await loop.run_in_executor(None, SlowBot.thinking.wait, 30)
                await pilot.press("escape")
                assert isinstance(app.screen, SelectorScreen)
            await pilot.press("ctrl+q", "y")  # asked first: yes

    try:
        asyncio.run(run())
        assert not SlowBot.answered.is_set()  # the app ended with its bot still thinking
    finally:
        SlowBot.release.set()
