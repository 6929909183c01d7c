"""Pace, language, theme and hints are kept in the settings file and come back on the next start;
+/- work on any screen, a prompt included; a damaged settings file gives defaults and one notice."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from helpers.ui import app_with_notices, continued, saved_where, start
from textual.widgets import Static

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.game import Phase
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.config import (
    BEGINNER_YEARS,
    DEFAULT_PACE,
    Config,
    ConfigError,
    Settings,
    parse,
)
from hanafuda_tui.ui.i18n import lang
from hanafuda_tui.ui.screens.modals import Decision


def status_text(app: Any) -> str:
    table = app.table()
    assert table is not None
    return str(table.query_one("#status", Static).render())


def test_pace_keys_work_while_a_prompt_is_open(tmp_path: Path) -> None:
    saved_where(
        tmp_path,
        "koikoi3",
        lambda g: g.phase == Phase.TEYAKU and act.DECLARE in g.legal_actions(),
    )

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0.5, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            assert isinstance(app.screen, Decision)
            await pilot.press("minus", "minus")
            assert app.bot_pause == 1.0 and "pace 1s" in status_text(app)
            await pilot.press("plus")
            assert app.bot_pause == 0.75 and "pace 0.75s" in status_text(app)
            assert isinstance(app.screen, Decision)  # the prompt is still open, unanswered
            for _ in range(8):
                await pilot.press("plus")
            assert app.bot_pause == 0.0

    asyncio.run(run())


def test_settings_survive_a_restart(tmp_path: Path) -> None:
    config_dir = tmp_path / "config"

    async def first() -> None:
        app = HanafudaApp(store=Store(tmp_path), config=Config(config_dir))
        async with app.run_test(size=(80, 24)) as pilot:
            before = lang()
            await pilot.pause()
            await pilot.press("minus", "l")
            assert lang() != before
            app.theme = "textual-light"
            app.bot_pause = 0  # for this run only: the bots need not be watched here
            table = await start(pilot, ["human", "normal", "normal"], "3")
            assert table.beginner  # on for a new player
            await pilot.press("h", "n")
            assert not table.hints and not table.beginner

    async def second() -> tuple[float, str, str, bool, bool]:
        app = HanafudaApp(store=Store(tmp_path / "other"), config=Config(config_dir))
        pace, app.bot_pause = app.bot_pause, 0
        async with app.run_test(size=(80, 24)) as pilot:
            table = await start(pilot, ["human", "normal", "normal"], "3")
            return pace, lang(), app.theme, table.hints, table.beginner

    asyncio.run(first())
    language = lang()
    assert asyncio.run(second()) == (DEFAULT_PACE + 0.25, language, "textual-light", False, False)
    saved = json.loads((config_dir / "config.json").read_text())
    assert saved == {
        "pace": DEFAULT_PACE + 0.25,
        "language": language,
        "theme": "textual-light",
        "hints": False,
        "advice": True,
        "think": 0.2,
        "motion": True,
        "beginner": False,
        "years_finished": 0,
        "server": "",
    }


def test_beginner_mode_is_on_for_the_first_years_unless_turned_on_or_off() -> None:
    assert Settings().beginner_mode
    assert Settings(years_finished=BEGINNER_YEARS - 1).beginner_mode
    assert not Settings(years_finished=BEGINNER_YEARS).beginner_mode
    assert Settings(years_finished=BEGINNER_YEARS, beginner=True).beginner_mode
    assert not Settings(beginner=False).beginner_mode


@pytest.mark.parametrize(
    "text",
    ["{not json", "[1, 2]", '{"pace": "fast"}', '{"language": "fr"}', '{"hints": "yes"}', "\xff"],
)
def test_a_damaged_settings_file_gives_defaults_and_one_notice(tmp_path: Path, text: str) -> None:
    config_dir = tmp_path / "config"
    config_dir.mkdir()
    (config_dir / "config.json").write_bytes(text.encode("latin-1"))
    app, notices = app_with_notices(tmp_path, config_dir)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.is_running and app.bot_pause == DEFAULT_PACE

    asyncio.run(run())
    assert len(notices) == 1 and "config.json" in notices[0]


def test_parse_keeps_known_settings_and_steps_the_pace() -> None:
    assert parse('{"pace": 1.3, "language": "en", "future": 1}') == Settings(
        pace=1.25, language="en"
    )
    assert parse('{"pace": 2.9}').pace == 3.0
    with pytest.raises(ConfigError, match="pace"):
        parse('{"pace": 99}')
    assert parse("{}") == Settings()
    with pytest.raises(ConfigError, match="pace"):
        parse('{"pace": true}')
