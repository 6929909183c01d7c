"""The card gallery (from help, g) and the lessons list (from the selector's Learn button)."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from helpers.ui import screen_text
from rich.console import Console
from textual.widgets import OptionList

from hanafuda_tui.core.cards import NAME, NAME_EN
from hanafuda_tui.learn.lessons import all_lessons
from hanafuda_tui.learn.progress import mark_finished
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui import i18n
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.screens.gallery import GalleryScreen
from hanafuda_tui.ui.screens.help import HelpScreen
from hanafuda_tui.ui.screens.lessons import LessonsScreen, progress_path


@pytest.mark.long
def test_the_gallery_opens_from_help_shows_every_card_and_closes(tmp_path: Path) -> None:
    async def run(language: str, size: tuple[int, int]) -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language=language)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            app.current_ruleset = "koikoi2"
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("g")
            screen = app.screen
            assert isinstance(screen, GalleryScreen)
            drawn = Console(width=200, record=True, file=io.StringIO())
            drawn.print(screen.cards_table())
            text = drawn.export_text()
            for card in range(48):
                assert NAME[card] in text and NAME_EN[card] in text
            shown = screen_text(app)
            assert "松に鶴" in shown and "crane" in shown
            await pilot.press("down", "down")
            assert screen.query_one(".sheet").scroll_y > 0  # ↑↓ scroll, as it says
            screen.query_one(".sheet").scroll_end(animate=False)
            await pilot.pause()
            assert "桐に鳳凰" in screen_text(app)  # the last month, scrolled to
            await pilot.press("escape")
            assert isinstance(app.screen, HelpScreen)

    for language in ("ja", "en"):
        for size in ((80, 24), (120, 36)):
            asyncio.run(run(language, size))
    i18n.set_lang("ja")


def test_the_lessons_list_marks_finished_lessons(tmp_path: Path) -> None:
    first = all_lessons()["koikoi3"][0]
    assert mark_finished(progress_path(), first.id) == ""

    async def run(language: str) -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language=language)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.click("#learn")
            await pilot.pause()
            assert isinstance(app.screen, LessonsScreen)
            shown = screen_text(app)
            done = i18n.t("lessons.done")
            assert f"1. {first.title[language]}  [{done}]" in shown
            second = all_lessons()["koikoi3"][1]
            assert f"2. {second.title[language]}" in shown
            assert f"2. {second.title[language]}  [{done}]" not in shown
            await pilot.press("escape")
            assert not isinstance(app.screen, LessonsScreen)

    for language in ("ja", "en"):
        asyncio.run(run(language))
    i18n.set_lang("ja")


def test_l_switches_the_lessons_list_and_a_finished_lesson_moves_it_on(tmp_path: Path) -> None:
    """Back from a finished lesson the next one is highlighted; l switches the language there,
    the highlighted lesson kept."""
    first, second = all_lessons()["koikoi2"][:2]
    assert mark_finished(progress_path(), first.id) == ""

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.open_lessons("koikoi2", first.id)
            await pilot.pause()
            listed = app.screen.query_one(OptionList)
            assert listed.options[listed.highlighted or 0].id == second.id
            assert second.summary["en"] in screen_text(app)
            await pilot.press("l")
            await pilot.pause()
            assert i18n.lang() == "ja" and isinstance(app.screen, LessonsScreen)
            listed = app.screen.query_one(OptionList)
            assert listed.options[listed.highlighted or 0].id == second.id
            assert f"1. {first.title['ja']}" in screen_text(app)
            assert app.focused is listed

    asyncio.run(run())
    i18n.set_lang("ja")


def test_a_damaged_progress_file_is_one_notice_and_nothing_finished(tmp_path: Path) -> None:
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{broken", encoding="utf-8")

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.click("#learn")
            await pilot.pause()
            assert isinstance(app.screen, LessonsScreen)
            notes = [n.message for n in app._notifications]
            assert f"lesson progress {path} not read: not JSON" in notes
            assert "[done]" not in screen_text(app)

    asyncio.run(run())
    i18n.set_lang("ja")
