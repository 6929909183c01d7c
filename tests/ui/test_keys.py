"""Whatever keys are pressed and however the terminal is resized, the app stays alive: seeded
random keys among those the app binds, and random sizes, below 80×24 included, in every ruleset."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from helpers.ui import settle
from textual import events
from textual.command import CommandPalette
from textual.pilot import Pilot

from hanafuda_tui.core.records import SeatRecord
from hanafuda_tui.core.rulesets import RULESETS
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.screens.gallery import GalleryScreen
from hanafuda_tui.ui.screens.help import HelpScreen
from hanafuda_tui.ui.screens.passing import TooSmall
from hanafuda_tui.ui.screens.results import ScoreSheet
from hanafuda_tui.ui.screens.selector import SelectorScreen

WEIGHTS = (
    "enter:20 right:8 left:5 space:2 tab:2 shift+tab up down 1 2 3 4 5 6 7 8 9 d:2 p:2 k:2 g:2"
    " a:2 c:2 n:2 escape:2 ctrl+p y question_mark f1 s:2 l h plus minus"
)
KEYS = [k for s in WEIGHTS.split() for k in [s.split(":")[0]] * int((s + ":1").split(":")[1])]
"""Keys the app binds, weighted so that games move on (Enter plays or answers)."""
LOOKS = (HelpScreen, ScoreSheet, CommandPalette, GalleryScreen)
"""Screens a key opens over the game to look at; Escape closes each."""
FITS = ((80, 24), (120, 36), (100, 32), (200, 60))
SMALL = ((79, 24), (80, 23), (60, 20), (30, 8))
NAMES = ("Bob[", "[b]x", "[red]", "\\[")
"""Seat names that are not markup."""
CHARACTERS = {"space": " ", "question_mark": "?", "plus": "+", "minus": "-"}


async def press(pilot: Pilot[Any], key: str) -> None:
    """A key press as the terminal sends it, handled before this returns (without the idle waits
    of ``Pilot.press``, so that hundreds of keys take seconds)."""
    character = CHARACTERS.get(key, key if len(key) == 1 else None)
    pilot.app.post_message(events.Key(key, character))
    await pilot.pause(0)


def check_screens(app: Any) -> None:
    """The too-small notice is on top exactly while the terminal is too small, no screen is on
    the stack twice, and there is one command palette at most."""
    stack = app.screen_stack
    assert len({id(s) for s in stack}) == len(stack)
    assert isinstance(app.screen, TooSmall) == app.too_small
    assert sum(s.id == "--command-palette" for s in stack) <= 1


def test_the_command_palette_over_a_shrinking_terminal(tmp_path: Path) -> None:
    """Ctrl+P, a terminal below 80×24, Ctrl+P again: the palette closed as the terminal shrank,
    none opens over the notice; back to size, one opens again."""

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+p")
            assert isinstance(app.screen, CommandPalette)
            await pilot.resize_terminal(70, 20)
            await pilot.pause()
            await pilot.press("ctrl+p")
            assert isinstance(app.screen, TooSmall)
            check_screens(app)
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert isinstance(app.screen, SelectorScreen)
            await pilot.press("ctrl+p")
            assert isinstance(app.screen, CommandPalette)
            check_screens(app)

    asyncio.run(run())


async def random_session(app: HanafudaApp, ruleset: str, steps: int) -> None:
    rng = random.Random(ruleset)
    players = RULESETS[ruleset].table_sizes[0]
    pace = app.bot_pause
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(steps):
            if isinstance(app.screen, SelectorScreen):  # Escape here quits: start or continue
                if app.screen.query_one("#continue").display and rng.random() < 0.5:
                    app.screen.query_one("#continue").focus()
                    await pilot.press("enter")
                else:
                    others = rng.choices(["human", "random", "easy", "normal"], k=players - 1)
                    kinds = ["human", *others]
                    names = rng.sample(NAMES, players)
                    seats = [
                        SeatRecord(name=n, player=k) for n, k in zip(names, kinds, strict=True)
                    ]
                    app.start_game(ruleset, {}, seats, str(rng.randrange(100)))
            elif rng.random() < (0.3 if app.too_small else 0.04):
                await pilot.resize_terminal(*rng.choice(FITS if app.too_small else FITS + SMALL))
            elif isinstance(app.screen, LOOKS) and rng.random() < 0.5:
                await press(pilot, "escape")  # back to the game from help, a sheet, the palette
            else:
                await press(pilot, rng.choice(KEYS))
            await pilot.pause(0)
            assert app.is_running and app._exception is None
            check_screens(app)
        app.bot_pause = pace  # the speed keys may have slowed the bots down to seconds a turn
        await pilot.resize_terminal(80, 24)
        await settle(pilot)


@pytest.mark.long
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_random_keys_and_resizes_keep_the_app_alive(tmp_path: Path, ruleset: str) -> None:
    app = HanafudaApp(store=Store(tmp_path), bot_pause=0.05, language="ja")
    asyncio.run(random_session(app, ruleset, 120))
    assert app.return_code is None or app.return_code == 0
