"""The app played from the keyboard, headless (App.run_test), against seeded bots and hot-seat."""

from __future__ import annotations

import asyncio
import gc
import re
from pathlib import Path

import pytest
from helpers.ui import (
    check_prompt_matches_rules,
    continued,
    human_step,
    saved_where,
    screen_text,
    settle,
    start,
    visible_cards,
)
from textual.content import Content
from textual.widgets import Static

from hanafuda_tui.core.cards import card_list
from hanafuda_tui.core.events import Captured, FirstDraw
from hanafuda_tui.core.game import Game, Phase
from hanafuda_tui.core.records import SeatRecord, replay
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.bot_turn import BotTurn
from hanafuda_tui.ui.faces import FACES
from hanafuda_tui.ui.screens.help import HelpScreen
from hanafuda_tui.ui.screens.modals import Decision
from hanafuda_tui.ui.screens.passing import PassScreen
from hanafuda_tui.ui.screens.results import MonthResult
from hanafuda_tui.ui.widgets.table import FieldPanel, HandPanel


def make_app(tmp_path: Path) -> HanafudaApp:
    return HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")


@pytest.mark.long
def test_a_whole_month_against_seeded_bots_by_keys(tmp_path: Path) -> None:
    async def run() -> tuple[list[str], object]:
        app = make_app(tmp_path)
        steps: list[str] = []
        async with app.run_test(size=(80, 24)) as pilot:
            table = await start(pilot, ["human", "normal", "normal"], "11")
            game = table.session.link.table.game
            while not isinstance(app.screen, MonthResult):
                check_prompt_matches_rules(app)
                steps.append(await human_step(pilot))
                await settle(pilot)
                assert len(steps) < 60
            result = game.results[0]
            saved = replay(Store(tmp_path).load())
            assert saved.deals[0].actions == game.deals[0].actions
            await pilot.press("enter")
            await settle(pilot)
            assert not isinstance(app.screen, MonthResult)
        return steps, result

    steps, result = asyncio.run(run())
    assert "play" in steps
    # The same seed deals the same month and the bots answer the same way.
    steps2, result2 = asyncio.run(run())
    assert (steps2, result2) == (steps, result)


@pytest.mark.long
def test_hot_seat_never_shows_another_humans_hand(tmp_path: Path) -> None:
    async def run() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await start(pilot, ["human", "human", "human"], "5")
            game = table.session.link.table.game
            passes = 0
            while not game.results:
                viewer = table.viewer
                hidden = 0
                for seat in range(3):
                    if seat != viewer:
                        hidden |= game.hands[seat] & ~game.shown[seat]
                assert visible_cards(app) & hidden == 0
                if isinstance(app.screen, Decision) or app.screen is table:
                    # whoever's hand is on screen is the one deciding
                    assert viewer == game.to_act
                    hand = table.query_one(HandPanel)
                    assert hand.shown_cards == game.hands[viewer]
                passes += await human_step(pilot) == "pass"
                await settle(pilot)
            assert passes >= 3

    asyncio.run(run())


def test_resume_after_quit_at_the_same_decision(tmp_path: Path) -> None:
    async def first() -> tuple[list[int], int, str]:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await start(pilot, ["human", "random", "random"], "3")
            for _ in range(3):
                await human_step(pilot)
                await settle(pilot)
            game = table.session.link.table.game
            state = (game.legal_actions(), game.to_act, game.phase)
        return state

    async def second() -> tuple[list[int], int, str]:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            button = app.screen.query_one("#continue")
            assert button.display
            await pilot.click("#continue")
            await settle(pilot)
            table = app.table()
            assert table is not None
            game = table.session.link.table.game
            return game.legal_actions(), game.to_act, game.phase

    before = asyncio.run(first())
    assert asyncio.run(second()) == before


def test_mouse_selects_then_plays_a_hand_card(tmp_path: Path) -> None:
    async def run() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await start(pilot, ["human", "random", "random"], "2")
            game = table.session.link.table.game
            while not (game.phase == Phase.PLAY and game.to_act == 0):
                await human_step(pilot)
                await settle(pilot)
            hand = table.query_one(HandPanel)
            third = hand.cards[2]
            # 手札 + space is 5 cells; each card is a digit and a 4-cell face, one space apart
            await pilot.click(HandPanel, offset=(5 + 2 * 6 + 1, 0))
            assert table.selected == 2 and game.hands[0] >> third & 1
            await pilot.click(HandPanel, offset=(5 + 2 * 6 + 1, 0))
            assert not game.hands[0] >> third & 1
            assert third in game.deals[-1].actions

    asyncio.run(run())


def test_language_switch_and_help(tmp_path: Path) -> None:
    async def run() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await start(pilot, ["human", "random", "random"], "4")
            status = table.query_one("#status", Static)
            assert "山札" in str(status.render())
            await pilot.press("l")
            assert "stock" in str(status.render())
            await pilot.press("y")
            assert isinstance(app.screen, HelpScreen)
            assert app.screen.query("#help-yaku")
            await pilot.press("escape")
            assert app.screen is table
            await pilot.press("l")
            assert "山札" in str(status.render())

    asyncio.run(run())


def test_text_longer_than_a_panel_ends_in_an_ellipsis_never_wraps_out_of_sight(
    tmp_path: Path,
) -> None:
    async def run() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await start(pilot, ["human", "normal", "normal"], "4")
            panel = table.query_one(HandPanel)
            panel.show(panel.cards, 0, panel.playable, 0, "long " * 30 + "END")
            await pilot.pause()
            row = screen_text(app).splitlines()[panel.region.y + len(panel.lines(80)) - 1]
            assert "…" in row and panel.size.height == len(panel.lines(panel.size.width))

    asyncio.run(run())


def test_take_prompt_buttons_show_both_cards_whole_in_english(tmp_path: Path) -> None:
    from hanafuda_tui.ui.i18n import set_lang

    saved_where(tmp_path, "koikoi3", lambda g: g.phase == Phase.TAKE, seeds=200)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            assert isinstance(app.screen, Decision) and app.screen.keys.keys() == {"1", "2"}
            text = screen_text(app)
            for _, label, key in app.screen.choices:
                assert f"{Content.from_markup(label).plain} [{key}]" in text

    asyncio.run(run())
    set_lang("ja")  # the app set English for the whole process


def unique_faces() -> dict[int, str]:
    """Cards whose face no other card shares: seeing the face means seeing that card."""
    return {c: f for c, f in enumerate(FACES) if FACES.count(f) == 1}


@pytest.mark.long
@pytest.mark.parametrize("ruleset", ["hachihachi", "hanaawase"])
def test_hot_seat_screen_text_never_has_another_humans_card(tmp_path: Path, ruleset: str) -> None:
    """Every ruleset, a month of humans only: no face of a card in another human's hidden hand is
    ever drawn anywhere on the terminal (prompts and results included); teyaku go one holder at a
    time behind a pass screen."""

    async def run() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.start_game(ruleset, {}, [SeatRecord(name=n, player="human") for n in "XYZ"], "7")
            await settle(pilot)
            table = app.table()
            assert table is not None
            game = table.session.link.table.game
            drawn = {e.card for e in game.log if isinstance(e, FirstDraw)}  # dealt face up
            unique = unique_faces()
            steps = 0
            while not game.results:
                viewer = table.viewer if not isinstance(app.screen, PassScreen) else None
                text = screen_text(app)
                for seat in range(3):
                    if seat == viewer:
                        continue
                    for card in card_list(game.hands[seat] & ~game.shown[seat]):
                        if card in unique and card not in drawn:
                            assert unique[card] not in text, (seat, viewer, unique[card])
                if isinstance(app.screen, Decision):
                    assert viewer == game.to_act
                await human_step(pilot)
                await settle(pilot)
                steps += 1
                assert steps < 200

    asyncio.run(run())


@pytest.mark.long
def test_garbage_is_collected_while_bots_play_not_during_a_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What lives as long as the app is frozen out of later collections, and a full collection
    runs on each bot turn (the benchmark's key latency depends on both)."""
    from hanafuda_tui.ui import memory

    collects: list[int] = []
    starts: list[int] = []
    monkeypatch.setattr(memory, "collect", lambda: collects.append(1))
    start_bot = BotTurn.start

    def counted(self: BotTurn, seat: int, pause: float) -> None:
        starts.append(seat)
        start_bot(self, seat, pause)

    monkeypatch.setattr(BotTurn, "start", counted)

    gc.unfreeze()  # other tests' apps froze theirs

    async def run() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert gc.get_freeze_count() > 0
            await start(pilot, ["human", "normal", "normal"], "4")
            for _ in range(3):
                await human_step(pilot)
                await settle(pilot)
            assert len(starts) >= 2 and len(collects) == len(starts)
            # hot-seat: a collection while each pass screen is up
            await pilot.press("escape")
            collects.clear()
            await start(pilot, ["human", "human", "human"], "5")
            passes = 0
            for _ in range(4):
                passes += await human_step(pilot) == "pass"
                await settle(pilot)
            assert passes and len(collects) >= passes

    try:
        asyncio.run(run())
    finally:
        gc.unfreeze()


def test_hint_key_turns_the_highlight_off_and_speed_keys_change_the_bot_pause(
    tmp_path: Path,
) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0.5, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            table = await start(pilot, ["human", "normal", "normal"], "4")
            game = table.session.link.table.game
            view = game.view(0)
            hand = table.hand_cards(view)
            takes = [i for i, c in enumerate(hand) if view.field >> (c & ~3) & 15]
            assert takes
            await pilot.press(str(takes[0] + 1))
            field = table.query_one(FieldPanel)
            assert field.lit and "takes" in table.query_one(HandPanel).hint
            await pilot.press("h")
            assert not field.lit and "takes" not in table.query_one(HandPanel).hint
            await pilot.press("h")
            assert field.lit
            await pilot.press("minus", "minus")
            assert app.bot_pause == 1.0 and "pace 1s" in str(
                table.query_one("#status", Static).render()
            )
            await pilot.press("plus")
            assert app.bot_pause == 0.75

    asyncio.run(run())


def test_score_sheet_keeps_each_month_on_one_line_at_80x24(tmp_path: Path) -> None:
    import random

    from hanafuda_tui.core.cards import MONTH_NAMES_EN
    from hanafuda_tui.core.start import new_game
    from hanafuda_tui.ui.screens.results import ScoreSheet

    game = new_game("koikoi3", random.Random(9), {"months": 6})
    moves = random.Random(9)
    while len(game.results) < 5:
        game.apply(moves.choice(game.legal_actions()))

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(ScoreSheet(game, ["Bot Bamboo"] * 3))
            await pilot.pause()
            rows = [line.replace("█", " ") for line in screen_text(app).splitlines()]
            rows = [line for line in rows if re.match(r"\s+\d+ [a-z]", line)]
            for r, row in zip(game.results, rows, strict=False):
                assert row.split()[:2] == [str(r.month), MONTH_NAMES_EN[r.month - 1].split()[0]]
                assert row.split()[-3:] == [f"{p:+d}" for p in r.payments]
            assert len(rows) >= 5

    asyncio.run(run())


def test_hanaawase_hint_counts_the_others_shown_kasu_as_field_cards(tmp_path: Path) -> None:
    """In 花合わせ a declared holder's shown kasu are field cards for the other two
    (docs/rules/hanaawase.md §5):
    the would-take hint names them, and playing the card takes one."""
    from hanafuda_tui.core.cards import MONTH_MASK

    def matching(game: Game) -> list[int]:
        view = game.view(0)
        shown = view.shown[1] | view.shown[2]
        return [
            c
            for c in card_list(view.hand)
            if shown & MONTH_MASK[c >> 2] and not view.field & MONTH_MASK[c >> 2]
        ]

    def wanted(game: Game) -> bool:
        return game.phase == Phase.PLAY and bool(matching(game))

    card = matching(saved_where(tmp_path, "hanaawase", wanted, declare=True))[0]

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            table = app.table()
            assert table is not None and app.screen is table
            hand = table.hand_cards(table.session.link.table.game.view(0))
            await pilot.press(str(hand.index(card) + 1))
            assert "takes" in table.query_one(HandPanel).hint
            await pilot.press("enter")
            await settle(pilot)
            game = table.session.link.table.game
            captures = [e for e in game.log if isinstance(e, Captured)]
            assert any(e.seat == 0 and e.card == card for e in captures)

    asyncio.run(run())
