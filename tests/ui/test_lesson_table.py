"""Lessons taken at the table: chosen from the list, each step waiting for the learner's key, a
move beside the point answered and the step kept, a hint, Esc back to the list, and a finished
lesson kept in the progress file and marked in the list."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from helpers.ui import screen_text, settle
from textual.pilot import Pilot

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import card_list
from hanafuda_tui.learn.check import READ, survey
from hanafuda_tui.learn.coach import word
from hanafuda_tui.learn.lessons import all_lessons, find_lesson
from hanafuda_tui.learn.progress import load_progress
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui import i18n
from hanafuda_tui.ui.app import HanafudaApp, LessonsRequest
from hanafuda_tui.ui.screens.gallery import GalleryScreen
from hanafuda_tui.ui.screens.lesson_table import CoachPanel, LessonTableScreen
from hanafuda_tui.ui.screens.lessons import LessonsScreen, progress_path
from hanafuda_tui.ui.screens.modals import Decision


async def choose(pilot: Pilot[Any], lesson_id: str) -> LessonTableScreen:
    """From the selector: Learn, then the lesson, by keys."""
    app: Any = pilot.app
    await pilot.pause()
    await pilot.click("#learn")
    await pilot.pause()
    assert isinstance(app.screen, LessonsScreen)
    listed = app.screen.query_one("#lessons-list")
    target = [o.id for o in listed.options].index(lesson_id)
    while listed.highlighted != target:
        await pilot.press("down")
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(app.screen, LessonTableScreen)
    return app.screen


def panel(screen: LessonTableScreen) -> str:
    return str(screen.query_one("#coach", CoachPanel).markup_text)  # type: ignore[attr-defined]


async def play(pilot: Pilot[Any], screen: LessonTableScreen, token: str) -> None:
    """Choose the hand card ``token`` by its number and press Enter."""
    hand = card_list(screen.session.link.table.game.view(screen.lesson_session.coach.seat).hand)
    await pilot.press(str(hand.index(act.parse_token(token)) + 1), "enter")
    await settle(pilot)


async def answer(pilot: Pilot[Any], action: int) -> None:
    """Answer the prompt on screen with the key of ``action`` (or a hand card by its number)."""
    app: Any = pilot.app
    screen = app.screen
    if isinstance(screen, Decision):
        key = next(k for k, a in screen.keys.items() if a == action)
        await pilot.press(key)
        await settle(pilot)
        return
    assert isinstance(screen, LessonTableScreen)
    await play(pilot, screen, act.token(action))


async def follow(pilot: Pilot[Any], way: list[int]) -> None:
    """Take a way through the lesson on screen by keys (``READ``: Enter)."""
    for entry in way:
        if entry == READ:
            await pilot.press("enter")
            await settle(pilot)
        else:
            await answer(pilot, entry)


def test_a_lesson_is_played_with_the_tables_keys(tmp_path: Path) -> None:
    lesson = find_lesson("koikoi2.matching")

    async def run(language: str) -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language=language)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await choose(pilot, lesson.id)
            coach = screen.lesson_session.coach
            assert lesson.steps[0].say[language] in panel(screen)
            await pilot.press("enter")  # read on
            await settle(pilot)
            assert coach.index == 1 and lesson.steps[1].say[language] in panel(screen)
            assert screen.lesson_session.pointed() == lesson.steps[1].pointed
            played = len(coach.game.actions)
            await play(pilot, screen, "c")  # the moon: a legal move, not the step's point
            assert coach.index == 1 and len(coach.game.actions) == played
            assert lesson.steps[1].why is not None
            assert lesson.steps[1].why[language] in panel(screen)
            assert word(language, "again") in panel(screen)
            await pilot.press("a")  # a lesson without hints: what the step asks for, in words
            assert coach.wanted(lesson.steps[1].wanted)[language] in panel(screen)
            await play(pilot, screen, "A")  # the crane: the point
            assert coach.index == 2
            assert (
                len(screen.session.link.table.game.actions) == len(coach.game.actions) > played + 1
            )
            assert lesson.steps[2].say[language] in panel(screen)
            await pilot.press("escape")  # left at any time
            await pilot.pause()
            assert isinstance(app.screen, LessonsScreen)
            assert lesson.id not in load_progress(progress_path()).finished

    for language in ("en", "ja"):
        asyncio.run(run(language))
    i18n.set_lang("ja")


def test_the_next_words_wait_until_the_moves_they_speak_of_are_shown(tmp_path: Path) -> None:
    """The crane played: while its moves (and the other seat's after it) are still to be shown,
    the coach keeps the words of the step just done; the next step's come with the table."""
    lesson = find_lesson("koikoi2.matching")

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0.2, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await choose(pilot, lesson.id)
            session = screen.lesson_session
            await pilot.press("enter")  # read on
            await settle(pilot)
            hand = card_list(session.table.game.view(session.coach.seat).hand)
            await pilot.press(str(hand.index(act.parse_token("A")) + 1))
            screen.action_play()  # the crane, played here: nothing shown of it yet
            screen.refresh_table()
            assert session.unshown and session.coach.index == 2
            assert lesson.steps[1].say["en"] in panel(screen) and "step 2/6" in panel(screen)
            assert lesson.steps[2].say["en"] not in panel(screen)
            await settle(pilot)
            assert lesson.steps[2].say["en"] in panel(screen) and "step 3/6" in panel(screen)

    asyncio.run(run())
    i18n.set_lang("ja")


def test_a_over_a_lessons_prompt_asks_the_coach(tmp_path: Path) -> None:
    """The cherry ribbon meets two field cards: over that question, a says in the coach's words
    which to take, as at the table; the prompt stays, its keys line offering it."""
    lesson = find_lesson("koikoi2.matching")
    way = survey(lesson).ways[0]

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await choose(pilot, lesson.id)
            coach = screen.lesson_session.coach
            for entry in way:
                if isinstance(app.screen, Decision):
                    break
                await follow(pilot, [entry])
            prompt = app.screen
            assert isinstance(prompt, Decision) and "[b]a[/b] hint" in prompt.keys_line()
            step = coach.step
            assert step is not None and step.wanted.action >= act.TAKE
            await pilot.press("a")
            await pilot.pause()
            assert app.screen is prompt
            assert coach.wanted(step.wanted)["en"] in panel(screen)

    asyncio.run(run())
    i18n.set_lang("ja")


def test_a_finished_lesson_is_kept_and_marked_in_the_list(tmp_path: Path) -> None:
    lesson = find_lesson("koikoi2.block")

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0.05, language="en")
        async with app.run_test(size=(120, 36)) as pilot:
            screen = await choose(pilot, lesson.id)
            await pilot.press("enter")
            await settle(pilot)
            await play(pilot, screen, "J")
            assert screen.lesson_session.coach.finished
            assert lesson.done["en"] in panel(screen)
            assert lesson.id in load_progress(progress_path()).finished
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, LessonsScreen)
            assert f"{lesson.title['en']}  [done]" in screen_text(app)

    asyncio.run(run())
    i18n.set_lang("ja")


def test_the_hint_key_says_a_move_and_the_coach_moves_the_others(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await choose(pilot, "koikoi2.month")
            await pilot.press("enter")
            await settle(pilot)
            await pilot.press("a")
            assert "Hint: " in panel(screen)
            session = screen.lesson_session
            assert session.bots == {} and screen.flow.thinking is None  # no bot of the table's
            before = len(session.table.game.actions)
            await pilot.press("enter")
            await settle(pilot)
            moved = session.table.game.actions[before:]
            assert len(moved) >= 2  # the learner's, then the other seat's from the coach
            assert session.table.game.actions == session.coach.game.actions

    asyncio.run(run())
    i18n.set_lang("ja")


def test_a_hatto_play_in_a_lesson_is_answered_by_the_coach(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await choose(pilot, "hachihachi.hatto")
            await pilot.press("enter")
            await settle(pilot)
            await play(pilot, screen, "J")  # its play would be 法度
            assert not isinstance(app.screen, Decision)
            assert "法度 (hatto)" in panel(screen)
            assert screen.lesson_session.coach.index == 1

    asyncio.run(run())
    i18n.set_lang("ja")


def test_learn_opens_one_rulesets_lessons(tmp_path: Path) -> None:
    async def run() -> None:
        request = LessonsRequest("hachihachi")
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en", lessons=request)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, LessonsScreen)
            ids = [o.id for o in app.screen.query_one("#lessons-list").options if o.id]
            assert ids == [lesson.id for lesson in all_lessons()["hachihachi"]]

    asyncio.run(run())
    i18n.set_lang("ja")


def test_g_opens_the_gallery_of_the_tables_ruleset(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await choose(pilot, "hachihachi.cards")
            await pilot.press("g")
            assert isinstance(app.screen, GalleryScreen)
            assert app.screen.ruleset == "hachihachi"
            await pilot.press("escape")
            assert app.screen is screen

    asyncio.run(run())
    i18n.set_lang("ja")


@pytest.mark.long
def test_a_finished_lesson_asks_nothing_more_and_esc_leaves_from_a_prompt(tmp_path: Path) -> None:
    """The last move of the matching lesson makes a yaku: the lesson is over, so no こいこい
    prompt opens over its closing words. In another lesson Esc on its prompt leaves."""

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            lesson = find_lesson("koikoi2.matching")
            screen = await choose(pilot, lesson.id)
            await follow(pilot, survey(lesson).ways[0])
            assert screen.lesson_session.coach.finished
            assert (
                screen.session.link.table.game.to_act == 0
                and screen.session.link.table.game.phase.name == "KOIKOI"
            )
            assert app.screen is screen  # the table holds: no prompt of a game past the lesson
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, LessonsScreen)
            await pilot.press("escape")
            await pilot.pause()
            lesson = find_lesson("koikoi2.first-yaku")
            await choose(pilot, lesson.id)
            await follow(pilot, survey(lesson).ways[0][:3])
            assert isinstance(app.screen, Decision)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, LessonsScreen)

    asyncio.run(run())
    i18n.set_lang("ja")
