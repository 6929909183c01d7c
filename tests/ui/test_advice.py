"""Advice at the table: the strong bot's top choices for the human to act, from their view only,
in a worker; only for the human whose hand is on screen; off by a setting; the game marked."""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path
from typing import Any

import pytest
from helpers.bots import decisions
from helpers.records import hand_plays
from helpers.ui import continued, human_step, saved_where, settle, start
from textual.widgets import Static

from hanafuda_tui.bots import advice as bot_advice
from hanafuda_tui.bots import make_bot, measured
from hanafuda_tui.bots.advice import ITERATIONS, advise, reason, seed_of
from hanafuda_tui.bots.evaluators import evaluator_of
from hanafuda_tui.bots.strong import StrongBot, twin_moves
from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import MONTH_MASK
from hanafuda_tui.core.game import Game, Phase, PlayerView
from hanafuda_tui.core.hints import near_yaku
from hanafuda_tui.core.records import SeatRecord, new_game, record_of
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui import advice as ui_advice
from hanafuda_tui.ui.advice import AdviceScreen
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.config import Config, ConfigError, parse
from hanafuda_tui.ui.screens.modals import Decision
from hanafuda_tui.ui.screens.passing import PassScreen
from hanafuda_tui.ui.session import HereTable, Session


def app_at(tmp_path: Path, advice: bool = True) -> HanafudaApp:
    config = Config(tmp_path / "config")
    config.update(advice=advice)
    return HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en", config=config)


async def advice_shown(pilot: Any) -> AdviceScreen:
    """Wait for the advice screen's worker to end and its result to be shown."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, AdviceScreen) and screen.choices is not None, "no advice came"
    return screen


@pytest.mark.parametrize("ruleset", ["koikoi3", "hachihachi", "hanaawase", "koikoi2"])
def test_advice_is_what_strong_plays_at_the_same_seed_and_budget(ruleset: str) -> None:
    for view in decisions(ruleset, 7, 2):
        choices = advise(view)
        assert 1 <= len(choices) <= 3
        assert all(c.action in view.legal for c in choices)
        strong = StrongBot(random.Random(seed_of(view)), iterations=ITERATIONS, playout="learned")
        assert choices[0].action == strong.act(view)
        again = StrongBot(random.Random(seed_of(view)), iterations=ITERATIONS, playout="learned")
        twins = twin_moves(view, evaluator_of(view))
        shown = [(a, v) for a, v in again.ranked(view) if a not in twins]
        assert [(c.action, c.value) for c in choices] == shown[:3]


def test_reasons_tell_what_a_card_takes_and_which_yaku_it_blocks() -> None:
    found = 0
    for view in decisions("koikoi3", 11, 200):
        if view.phase != Phase.PLAY:
            continue
        for card in view.legal:
            why = reason(view, card)
            assert why.taken == view.field & MONTH_MASK[card >> 2]
            for name, seat in why.blocks:
                assert seat != view.seat
                taken_by_others = sum(view.captures) - view.captures[seat]
                near = near_yaku("koikoi3", view.options, view.captures[seat], ~taken_by_others)
                assert near[name] & (why.taken | 1 << card)
                found += 1
    assert found


def test_advice_appears_for_the_human_to_act_and_marks_the_game(tmp_path: Path) -> None:
    async def run() -> None:
        app = app_at(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await start(pilot, ["human", "normal", "normal"], "5")
            view = table.session.link.table.game.view(0)
            await pilot.press("a")
            screen = await advice_shown(pilot)
            strong = StrongBot(
                random.Random(seed_of(view)), iterations=ITERATIONS, playout="learned"
            )
            assert screen.choices is not None and screen.choices[0].action == strong.act(view)
            text = str(screen.query_one("#advice-lines", Static).render())
            assert text.startswith("1.")
            assert table.session.link.table.advice
            assert '"advice": true' in Store(tmp_path).path.read_text("utf-8")
            await pilot.press("escape")
            assert app.screen is table

    asyncio.run(run())


def test_advice_reads_the_other_s_hand_from_the_month_s_plays(tmp_path: Path) -> None:
    """In 二人こいこい the adviser is shown the other seat's hand plays of the month so far, each
    with the person's view just before it, and advises as a strong bot shown them would."""
    seats = [SeatRecord(name="", player="human"), SeatRecord(name="", player="normal")]

    async def run() -> None:
        app = app_at(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.start_game("koikoi2", {}, seats, "11")
            await settle(pilot)
            table = app.table()
            assert table is not None
            game = table.session.link.table.game
            while True:
                plays = month_plays(game, table.session.seats)
                if len(plays) >= 2 and game.to_act == 0 and game.phase == Phase.PLAY:
                    break
                await human_step(pilot)
                await settle(pilot)
            view = game.view(0)
            await pilot.press("a")
            screen = await advice_shown(pilot)
            assert [(p, c) for _, p, c in screen.plays] == plays
            assert all(v.seat == 0 and v.to_act == 1 for v, _, _ in screen.plays)
            strong = StrongBot(
                random.Random(seed_of(view)), iterations=ITERATIONS, playout="learned"
            )
            for play in screen.plays:
                strong.see_play(*play)
            twins = twin_moves(view, evaluator_of(view))
            shown = [(a, v) for a, v in strong.ranked(view) if a not in twins]
            assert screen.choices is not None
            assert [(c.action, c.value) for c in screen.choices] == shown[:3]

    asyncio.run(run())


def test_a_resumed_game_s_advice_reads_the_month_s_plays_made_before_the_save(
    tmp_path: Path,
) -> None:
    seats = [SeatRecord(name="", player="human"), SeatRecord(name="", player="normal")]
    game = new_game("koikoi2", random.Random(3), {"months": 3})
    normal = make_bot("normal", random.Random(0))
    while len(month_plays(game, seats)) < 3 or game.to_act != 0 or game.phase != Phase.PLAY:
        game.apply(normal.act(game.view(game.to_act)))
    Store(tmp_path).write(record_of(game, seats).to_json())
    session = Session.resume(Store(tmp_path))
    plays = session.month_plays(0)
    assert [(p, c) for _, p, c in plays] == month_plays(game, seats)
    assert all(
        v.seat == 0 and v.to_act == 1 and v.deal_number == len(game.deals) for v, _, _ in plays
    )


def month_plays(game: Game, seats: list[SeatRecord]) -> list[tuple[int, int]]:
    """The bot seat's hand plays of the month so far, from the game's record."""
    deal = len(game.deals)
    return [(p, c) for p, c, d in hand_plays(game, seats) if p == 1 and d == deal]


def test_advice_is_off_by_the_setting(tmp_path: Path) -> None:
    async def run() -> None:
        app = app_at(tmp_path, advice=False)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await start(pilot, ["human", "normal", "normal"], "5")
            await pilot.press("a")
            await pilot.pause()
            assert app.screen is table
            app.action_advice()  # the palette's command
            await pilot.pause()
            assert app.screen is table
            assert not table.session.link.table.advice

    asyncio.run(run())


@pytest.mark.long
def test_advice_only_for_the_hot_seat_human_whose_hand_is_on_screen(tmp_path: Path) -> None:
    async def run() -> None:
        app = app_at(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await start(pilot, ["human", "human", "normal"], "5")
            asked = 0
            for _ in range(12):
                game = table.session.link.table.game
                if isinstance(app.screen, PassScreen):
                    app.action_advice()
                    await pilot.pause()
                    assert isinstance(app.screen, PassScreen)
                elif app.screen is table and table.human_to_play() is not None:
                    app.action_advice()
                    screen = await advice_shown(pilot)
                    assert screen.view.seat == table.viewer == game.to_act
                    assert screen.view == game.view(game.to_act)
                    asked += 1
                    await pilot.press("escape")
                await human_step(pilot)
                await settle(pilot)
            assert asked >= 2

    asyncio.run(run())


def test_the_screen_answers_keys_while_advice_computes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()

    def slow(view: PlayerView) -> list[bot_advice.Choice]:
        release.wait(10)
        return advise(view, ranker=First())

    monkeypatch.setattr(ui_advice, "advise", slow)

    async def run() -> None:
        app = app_at(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await start(pilot, ["human", "normal", "normal"], "5")
            await pilot.press("a")
            screen = app.screen
            assert isinstance(screen, AdviceScreen)
            pace = app.bot_pause
            await pilot.press("minus")  # slower: handled while the worker waits
            assert app.bot_pause > pace
            assert screen.choices is None
            await pilot.press("escape")  # closed before the result: it is dropped
            assert app.screen is table
            release.set()
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            assert app.screen is table
            assert not table.session.link.table.advice

    asyncio.run(run())


class First:
    """A ranker with the legal actions in order (no search): for the screen's own tests."""

    def ranked(self, view: PlayerView) -> list[tuple[int, float]]:
        return [(a, -float(i)) for i, a in enumerate(view.legal)]


def test_the_table_strong_bots_think_for_the_setting() -> None:
    game = new_game("koikoi3", random.Random(1))
    seats = [SeatRecord(name="A"), SeatRecord(name="B", player="strong")]
    seats.append(SeatRecord(name="C", player="strong:iterations=50"))
    session = Session.here(HereTable(game, seats, "1", None, think=0.5))
    bots = session.link.table.bots
    assert isinstance(bots[1], StrongBot) and bots[1].time == 0.5
    assert isinstance(bots[2], StrongBot) and bots[2].iterations == 50
    assert parse('{"think": 1.0, "advice": false}').think == 1.0
    for bad in ('{"think": 3}', '{"advice": "no"}', '{"think": true}'):
        with pytest.raises(ConfigError):
            parse(bad)


def test_the_selector_tells_each_level_at_the_table(tmp_path: Path) -> None:
    async def run() -> None:
        app = app_at(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            from hanafuda_tui.ui.widgets.choice import Choice

            screen = app.screen
            screen.query_one("#seat-1", Choice).value = "strong"
            await pilot.pause()
            text = str(screen.query_one("#levels", Static).render())
            assert "strong:" in text
            screen.query_one("#think", Choice).value = 1.0
            await pilot.pause()
            assert app.config.settings.think == 1.0
            screen.query_one("#ruleset", Choice).value = "koikoi2"
            await pilot.pause()
            screen = app.screen
            screen.query_one("#seat-1", Choice).value = "expert"
            await pilot.pause()
            text = str(screen.query_one("#levels", Static).render())
            rate = measured("koikoi2", 2)["expert"]
            assert (
                f"expert: the strong search thinking 1 s a decision; stronger than strong: wins {rate:.0f} games in 100"
                in text
            )

    asyncio.run(run())


def test_the_palette_advises_over_the_human_s_prompt(tmp_path: Path) -> None:
    saved_where(tmp_path / "data", "koikoi3", lambda g: g.phase == Phase.TAKE)

    async def run() -> None:
        app = app_at(tmp_path)
        app.store = Store(tmp_path / "data")
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            prompt = app.screen
            assert isinstance(prompt, Decision)
            app.action_advice()
            screen = await advice_shown(pilot)
            assert screen.choices is not None
            assert {c.action for c in screen.choices} <= set(screen.view.legal)
            assert all(c.action >= act.TAKE for c in screen.choices)
            await pilot.press("escape")
            assert app.screen is prompt

    asyncio.run(run())
