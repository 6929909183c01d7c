"""The replay viewer driven by keys: stepping, jumps, views, what a seat's view may show, play on
from here and the strong bot's review."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from helpers.records import bot_record, example
from helpers.ui import screen_text, wait_until

from hanafuda_tui.core.determinize import unseen
from hanafuda_tui.core.records import GameRecord, SeatRecord
from hanafuda_tui.review.judge import mistakes, review
from hanafuda_tui.review.play_on import play_on
from hanafuda_tui.review.positions import Positions
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp, ReplayRequest
from hanafuda_tui.ui.config import Config
from hanafuda_tui.ui.screens.modals import Decision
from hanafuda_tui.ui.screens.results import MonthResult
from hanafuda_tui.ui.screens.review import PlayOnScreen, ReviewScreen
from hanafuda_tui.ui.screens.table import TableScreen
from hanafuda_tui.ui.screens.viewer import OPEN, ViewerScreen
from hanafuda_tui.ui.widgets.open_hand import OpenHand
from hanafuda_tui.ui.widgets.table import Panel

SIZE = (120, 36)


def app_on(tmp_path: Path, record: GameRecord, language: str = "en") -> HanafudaApp:
    return HanafudaApp(
        store=Store(tmp_path / "data"),
        config=Config(tmp_path / "config"),
        language=language,
        bot_pause=0,
        replay=ReplayRequest(record, "test"),
    )


def viewer(app: Any) -> ViewerScreen:
    screen = app.screen
    assert isinstance(screen, ViewerScreen)
    return screen


async def keys(pilot: Any, *pressed: str) -> None:
    await pilot.press(*pressed)
    await pilot.pause()


def shown(screen: ViewerScreen) -> int:
    cards = 0
    for panel in screen.query(Panel):
        if panel.display:
            cards |= panel.shown_cards
    return cards


def test_keys_step_jump_and_go_by_month(tmp_path: Path) -> None:
    record = example("koikoi3")
    positions = Positions(record)

    async def run() -> None:
        app = app_on(tmp_path, record)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = viewer(app)
            assert (screen.at, screen.seat) == (0, OPEN)  # a finished game: every hand open
            await keys(pilot, "right", "right", "right", "left")
            assert screen.at == 2
            await keys(pilot, "end")
            assert screen.at == len(positions) - 1 and screen.game.is_over
            await keys(pilot, "home")
            assert screen.at == 0
            await keys(pilot, "3")
            assert screen.at == positions.month_starts()[3]
            await keys(pilot, "0")
            assert screen.at == positions.month_starts()[10]
            deals = positions.deal_starts()
            here = deals.index(screen.at)
            await keys(pilot, "m")
            assert screen.at == deals[here + 1]
            await keys(pilot, "M", "M")
            assert screen.at == deals[here - 1]
            game = screen.game
            view = game.view(screen.bottom_seat())
            assert screen.query_one("#field").shown_cards == view.field  # type: ignore[attr-defined]

    asyncio.run(run())


def test_v_goes_round_the_seats_and_every_hand_open(tmp_path: Path) -> None:
    record = example("koikoi3")

    async def run() -> None:
        app = app_on(tmp_path, record)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = viewer(app)
            await keys(pilot, "5")
            game = screen.game
            hands = [h.shown_cards for h in screen.query(OpenHand)]
            bottom = screen.bottom_seat()
            others = [(bottom + k) % game.players for k in (1, 2)]
            assert hands == [game.hands[s] for s in others]
            seats = []
            for _ in range(4):
                await keys(pilot, "v")
                seats.append(screen.seat)
                if screen.seat != OPEN:
                    assert all(h.shown_cards == 0 for h in screen.query(OpenHand))
                    assert screen.query_one("#hand").shown_cards == game.hands[screen.seat]  # type: ignore[attr-defined]
            assert seats == [0, 1, 2, OPEN]

    asyncio.run(run())


CHECKED = 20
"""Positions a seat's view is checked at, every third from the start (the twin test below
holds the screen against the hidden cards at a later decision of every ruleset)."""


@pytest.mark.long
@pytest.mark.parametrize("name", ["koikoi3", "koikoi2", "hachihachi", "hanaawase"])
def test_a_seat_s_view_shows_no_card_hidden_from_it(tmp_path: Path, name: str) -> None:
    record = example(name)

    async def run() -> None:
        app = app_on(tmp_path, record)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = viewer(app)
            await keys(pilot, "v")
            seat = screen.seat
            checked = 0
            for _ in range(0, min(len(screen.positions), 3 * CHECKED), 3):  # some months
                hidden = unseen(screen.game.view(seat))
                assert shown(screen) & hidden == 0, screen.at
                assert shown(screen) & screen.game.view(seat).hand == screen.game.view(seat).hand
                checked += 1
                await keys(pilot, "right", "right", "right")
                while not isinstance(app.screen, ViewerScreen):  # a month result: closed
                    await keys(pilot, "escape")
            assert checked == CHECKED

    asyncio.run(run())


@pytest.mark.parametrize("name", ["koikoi3", "koikoi2", "hachihachi", "hanaawase"])
def test_the_same_screen_whatever_the_hidden_cards(tmp_path: Path, name: str) -> None:
    """The record, and a twin whose cards hidden from the seat lie elsewhere: the same screen."""
    record = example(name)
    positions = Positions(record)
    at = positions.month_starts()[5] + 7
    game = positions.game_at(at)
    seat = (game.to_act + 1) % game.players
    twin = play_on(positions, at, seat, random.Random(3)).record
    assert twin.deals[-1].deck != record.deals[len(twin.deals) - 1].deck

    async def seen(record: GameRecord, at: int) -> tuple[list[str], int]:
        app = app_on(tmp_path, record)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            if isinstance(app.screen, Decision):  # a game not finished: whose view, first
                await keys(pilot, str(seat + 1))
            screen = viewer(app)
            while screen.seat != seat:
                await keys(pilot, "v")
            screen.go(at)
            await pilot.pause()
            lines = screen_text(app).splitlines()
            return lines[1:-1], shown(screen)  # the status and keys lines name the record's length

    async def run() -> None:
        original = await seen(record, at)
        again = await seen(twin, len(Positions(twin)) - 1)
        assert original == again

    asyncio.run(run())


def test_a_game_not_finished_opens_from_the_seat_chosen_and_stays_there(tmp_path: Path) -> None:
    record = bot_record("koikoi3", 8, {"months": 3}, actions=40)

    async def run() -> None:
        app = app_on(tmp_path, record)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, Decision)
            await keys(pilot, "2")
            screen = viewer(app)
            assert screen.seat == 1 and screen.locked
            await keys(pilot, "v", "r")
            assert screen.seat == 1 and app.screen is screen
            await keys(pilot, "end")
            assert screen.at == 40

    asyncio.run(run())


def test_stepping_onto_a_month_s_end_shows_its_result(tmp_path: Path) -> None:
    record = example("koikoi2")
    positions = Positions(record)
    second = positions.deal_starts()[1]

    async def run() -> None:
        app = app_on(tmp_path, record)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = viewer(app)
            screen.go(second - 1)
            await keys(pilot, "right")
            assert isinstance(app.screen, MonthResult)
            await keys(pilot, "enter")
            assert app.screen is screen and screen.at == second

    asyncio.run(run())


def test_play_on_opens_the_table_at_the_seat_s_view_then(tmp_path: Path) -> None:
    record = example("hachihachi")
    positions = Positions(record)
    at = positions.month_starts()[2] + 10

    async def run() -> None:
        app = app_on(tmp_path, record)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = viewer(app)
            screen.go(at)
            seat = screen.game.to_act
            view = screen.game.view(seat)
            await keys(pilot, "p")
            assert isinstance(app.screen, PlayOnScreen)
            await keys(pilot, "enter")
            table = app.screen
            assert isinstance(table, TableScreen)
            session = table.session
            assert session.humans == [seat]
            assert [s.player for s in session.seats if s.player != "human"] == ["random", "random"]
            assert session.link.table.game.view(seat) == view
            assert Store(tmp_path / "data").exists()  # the new game is saved as any other
            # and kept once finished
            assert session.link.table.history is app.kept_history is not None

    asyncio.run(run())


def test_the_review_lists_the_mistakes_and_opens_one(tmp_path: Path) -> None:
    record = bot_record("koikoi2", 13, {"months": 3}, bot="random")
    iterations = 12
    wanted = mistakes(review(record, 1, iterations))

    async def run() -> None:
        app = app_on(tmp_path, record)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = viewer(app)
            screen.review_iterations = iterations
            await keys(pilot, "v", "v")
            assert screen.seat == 1
            await keys(pilot, "r")
            assert isinstance(app.screen, ReviewScreen)
            await app.screen.workers.wait_for_complete()
            await pilot.pause()
            assert app.screen.listed == wanted
            await keys(pilot, "down", "enter")
            assert app.screen is screen
            assert (screen.at, screen.seat) == (wanted[1].at, 1)
            text = str(screen.query_one("#decision").render())
            assert f"{100 * wanted[1].played_chance:.0f}%" in text and "mistake" in text

    asyncio.run(run())


def test_japanese_and_english_keys_lines(tmp_path: Path) -> None:
    async def run() -> None:
        app = app_on(tmp_path, example("koikoi2"), language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "一手" in screen_text(app)
            await keys(pilot, "l")
            assert "step" in screen_text(app)

    asyncio.run(run())


def test_l_names_the_seats_not_named_in_the_language_switched_to(tmp_path: Path) -> None:
    played = bot_record("koikoi3", 3, {"months": 3})
    unnamed = [SeatRecord(name="", player=seat.player) for seat in played.seats]
    record = played.model_copy(update={"seats": unnamed})

    async def run() -> None:
        app = app_on(tmp_path, record, language="ja")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "ボット・" in screen_text(app)
            await keys(pilot, "l")
            assert "ボット・" not in screen_text(app) and "Bot " in screen_text(app)

    asyncio.run(run())


@pytest.mark.long
def test_random_keys_and_sizes_leave_the_viewer_working(tmp_path: Path) -> None:
    """Seeded random presses of the viewer's keys (opening the review, the score sheet and month
    results, closing them), at 80×24 and 120×36: the app stays alive and the position shown is
    always the core's."""
    record = example("hanaawase")
    positions = Positions(record)
    rng = random.Random(5)
    pressed = [
        "left",
        "right",
        "right",
        "right",
        "home",
        "end",
        "m",
        "M",
        "3",
        "7",
        "0",
        "v",
        "v",
        "enter",
        "s",
        "escape",
        "r",
        "l",
    ]

    async def run() -> None:
        app = app_on(tmp_path, record)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = viewer(app)
            screen.review_iterations = 2
            for k in range(100):
                if k == 50:
                    await pilot.resize_terminal(120, 36)
                if app.screen is not screen and not isinstance(app.screen, ReviewScreen | Decision):
                    await keys(pilot, "escape")
                    continue
                if isinstance(app.screen, Decision):  # whose review: the second seat
                    await keys(pilot, "2")
                    continue
                key = rng.choice(pressed)
                if key == "escape" and app.screen is screen:
                    continue  # the viewer stays open
                await keys(pilot, key)
                if app.screen is screen:
                    game = screen.game
                    wanted = positions.game_at(screen.at)
                    assert game.view(0) == wanted.view(0)
            assert app.is_running

    asyncio.run(run())


def test_a_question_shows_the_table_s_prompt_with_the_answer_taken_marked(tmp_path: Path) -> None:
    from hanafuda_tui.core import actions as act
    from hanafuda_tui.core.game import Phase
    from hanafuda_tui.ui.screens.modals import action_label, koikoi_prompt

    record = example("koikoi3")
    positions = Positions(record)
    at = next(k for k in range(len(positions)) if positions.game_at(k).phase == Phase.KOIKOI)
    game = positions.game_at(at)
    names = [s.name for s in record.seats]
    taken = positions.marks[at].action
    assert taken in (act.KOIKOI, act.SHOBU)

    async def run() -> None:
        app = app_on(tmp_path, record)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = viewer(app)
            screen.go(at)
            await pilot.pause()
            prompt = koikoi_prompt(game.view(game.to_act), names)  # in the app's language
            text = str(screen.query_one("#decision").render())
            assert prompt.title_text in text and f"▶{action_label(taken)}" in text
            assert prompt.body[1] in text  # what stopping pays, on a big terminal
            while screen.seat in (OPEN, game.to_act):
                await keys(pilot, "v")
            text = str(screen.query_one("#decision").render())
            assert prompt.title_text not in text and "▶" not in text  # another seat's question

    asyncio.run(run())


def test_a_record_that_does_not_replay_is_one_notice_and_opens_nothing(tmp_path: Path) -> None:
    record = example("koikoi2")
    broken = record.model_copy(
        update={"deals": [record.deals[0].model_copy(update={"actions": ["koikoi"]})]}
    )

    async def run() -> None:
        app = app_on(tmp_path, broken)
        notices: list[str] = []
        app.notify = lambda message, **kw: notices.append(message)  # type: ignore[method-assign]
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert not isinstance(app.screen, ViewerScreen)
            assert len(notices) == 1 and "deal 1 (month 1), action 0" in notices[0]

    asyncio.run(run())


def test_a_month_result_shows_the_settlements_made_with_it(tmp_path: Path) -> None:
    record = example("koikoi3")
    positions = Positions(record)
    marks = positions.marks
    at = next(
        k
        for k in range(1, len(marks))
        if marks[k].settled > marks[k - 1].settled and marks[k].results > marks[k - 1].results
    )
    made = positions.game_at(at).settlements[marks[at - 1].settled : marks[at].settled]
    assert made

    async def run() -> None:
        app = app_on(tmp_path, record)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            viewer(app).go(at - 1)
            await keys(pilot, "right")
            result = app.screen
            assert isinstance(result, MonthResult)
            shown = screen_text(app)
            assert all(s.name in shown for s in made)

    asyncio.run(run())


def test_play_on_levels_are_chosen_and_a_saved_game_is_not_discarded_unasked(
    tmp_path: Path,
) -> None:
    record = example("koikoi3")
    saved = bot_record("koikoi2", 1, {"months": 3}, actions=10)
    Store(tmp_path / "data").write(saved.to_json())
    at = Positions(record).month_starts()[2] + 4

    async def run() -> None:
        app = app_on(tmp_path, record)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = viewer(app)
            screen.go(at)
            seat = screen.game.to_act
            await keys(pilot, "p")
            dialog = app.screen
            assert isinstance(dialog, PlayOnScreen)
            first = next(s for s in range(3) if s != seat)
            level = dialog.query_one(f"#seat{first}")
            level.focus()
            await keys(pilot, "enter")  # random → normal
            await wait_until(pilot, lambda: not level.has_class("-active"), "the press to end")
            await keys(pilot, "enter")  # normal → strong
            assert dialog.levels[first] == "strong"
            dialog.query_one("#start").focus()
            await keys(pilot, "enter")
            assert isinstance(app.screen, Decision)  # discard the saved game?
            await keys(pilot, "n")
            assert app.screen is dialog and Store(tmp_path / "data").load() == saved
            await keys(pilot, "enter", "y")
            table = app.screen
            assert isinstance(table, TableScreen)
            assert table.session.seats[first].player == "strong"

    asyncio.run(run())


def test_esc_stops_the_review_and_keeps_nothing(tmp_path: Path) -> None:
    record = example("hachihachi")

    async def run() -> None:
        app = app_on(tmp_path, record)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = viewer(app)
            await keys(pilot, "v", "r")
            review_screen = app.screen
            assert isinstance(review_screen, ReviewScreen)
            workers = list(review_screen.workers)
            await keys(pilot, "escape")
            assert app.screen is screen and screen.reviews == {}
            assert workers and all(w.is_cancelled for w in workers)  # it stops at the next decision
            await wait_until(pilot, lambda: all(w.is_finished for w in workers), "the review ends")
            await pilot.pause()
            assert screen.reviews == {}

    asyncio.run(run())


def test_every_key_is_described_and_the_palette_offers_play_on_and_review(tmp_path: Path) -> None:
    from hanafuda_tui.ui.i18n import t

    async def run() -> None:
        app = app_on(tmp_path, example("koikoi2"), language="ja")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = viewer(app)
            for _ in range(2):
                bindings = app.screen.active_bindings.items()
                assert [
                    k for k, (_, b, _, _) in bindings if not b.system and not b.description
                ] == []
                titles = [c.title for c in app.get_system_commands(screen)]
                assert t("cmd.play_on") in titles and t("cmd.review") in titles
                await keys(pilot, "l")
            command = next(c for c in app.get_system_commands(screen) if c.title == t("cmd.review"))
            command.callback()
            await pilot.pause()
            assert isinstance(app.screen, Decision)  # whose decisions?

    asyncio.run(run())


@pytest.mark.parametrize("size", [(100, 32), (120, 36), (140, 50)])
def test_five_seated_with_every_hand_open_every_seat_is_on_screen(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """花合わせ with five seated, every hand open: while 出る・下る is asked (all four other seats
    in play, each hand open under it) and through the month, every other seat's rows lie inside
    their box, none cut off below it."""
    record = bot_record("hanaawase", 1, {"players": 5, "months": 3})

    async def run() -> None:
        app = app_on(tmp_path, record)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = viewer(app)
            box = screen.query_one("#opponents")
            for at in range(0, len(screen.positions), 3):
                screen.go(at)
                await pilot.pause()
                await pilot.pause()
                rows = [w for w in box.children if w.display]
                assert len(rows) >= 4
                bottom = max(w.region.bottom for w in rows)
                assert bottom <= box.region.bottom, (at, screen_text(app))

    asyncio.run(run())
