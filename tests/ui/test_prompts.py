"""Each prompt appears when the rules ask a human for that decision (games prepared in the core,
saved, then continued in the app), and the year's end, a damaged save and a small terminal."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path

from helpers.ui import human_step, settle
from rich.cells import cell_len
from textual.content import Content
from textual.widgets import Static

from hanafuda_tui.bots import make_bot
from hanafuda_tui.core import actions as act
from hanafuda_tui.core.events import DeruOriru
from hanafuda_tui.core.game import Game, Phase
from hanafuda_tui.core.records import SeatRecord, new_game, record_of
from hanafuda_tui.core.rulesets.koikoi3.yaku import scoring_yaku
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui import i18n
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.keys import KeysLine, fitted, fitted_entries
from hanafuda_tui.ui.screens.modals import Decision
from hanafuda_tui.ui.screens.passing import PassScreen, TooSmall
from hanafuda_tui.ui.screens.results import MonthResult, ScoreSheet
from hanafuda_tui.ui.screens.selector import SelectorScreen
from hanafuda_tui.ui.text import yaku_name

SEATS = [SeatRecord(name="A", player="human"), *(SeatRecord(name=n, player="random") for n in "BC")]


def saved_game_where(tmp_path: Path, wanted: Callable[[Game], bool]) -> Game:
    """Play random games in the core until seat 0 faces the wanted decision; save it."""
    for seed in range(500):
        game = new_game("koikoi3", random.Random(seed))
        bots = [make_bot("random", random.Random(f"{seed}/{i}")) for i in range(3)]
        while not game.results:
            if game.to_act == 0 and wanted(game):
                Store(tmp_path).write(record_of(game, SEATS).to_json())
                return game
            game.apply(bots[game.to_act].act(game.view(game.to_act)))
    raise AssertionError("no such game in 500 seeds")


async def continue_saved(pilot) -> Decision:  # type: ignore[no-untyped-def]
    await pilot.pause()
    await pilot.click("#continue")
    await settle(pilot)
    assert isinstance(pilot.app.screen, Decision)
    return pilot.app.screen


def run_prompt(tmp_path: Path, phase: str, keys: dict[str, int], answer: str) -> Game:
    saved_game_where(tmp_path, lambda g: g.phase == phase and len(g.legal_actions()) > 1)

    async def run() -> Game:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            prompt = await continue_saved(pilot)
            assert prompt.keys == keys
            table = app.table()
            assert table is not None
            game = table.session.link.table.game
            before = len(game.deals[-1].actions)
            await pilot.press(answer)
            await settle(pilot)
            assert game.deals[0].actions[before] == keys[answer]
            return game

    return asyncio.run(run())


def test_teyaku_prompt_declare_or_keep(tmp_path: Path) -> None:
    game = run_prompt(tmp_path, "teyaku", {"d": act.DECLARE, "p": act.PASS}, "d")
    # declaring ends the month on teyaku (won, or 流れ on a tie with another declared hand)
    assert game.results and game.results[0].reason in ("teyaku", "nagare-teyaku")


def test_koikoi_prompt_and_shobu_pays(tmp_path: Path) -> None:
    saved = saved_game_where(tmp_path, lambda g: g.phase == Phase.KOIKOI)
    expected = scoring_yaku(saved.captures[0])

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            prompt = await continue_saved(pilot)
            assert prompt.keys == {"k": act.KOIKOI, "s": act.SHOBU}
            await pilot.press("s")
            await settle(pilot)
            assert isinstance(app.screen, MonthResult)
            result = app.screen.month.result
            assert result.winner == 0 and result.reason == "shobu"
            # the result shows each yaku won with its value
            assert dict(result.yaku) == expected and result.value == sum(expected.values())
            text = " ".join(str(s.render()) for s in app.screen.query(Static))
            assert all(f"{yaku_name(n)} {v}" in text for n, v in expected.items())

    asyncio.run(run())


def test_a_prompts_keys_line_at_80_columns_ends_after_a_whole_entry(tmp_path: Path) -> None:
    """Where the keys do not all fit, the last entries are left out whole: the answers first."""
    saved_game_where(tmp_path, lambda g: g.phase == Phase.KOIKOI)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            prompt = await continue_saved(pilot)
            await pilot.pause()
            line = prompt.query_one(KeysLine).render()
            shown = line.plain if isinstance(line, Content) else str(line)
            full = Content.from_markup(prompt.keys_line()).plain
            assert len(shown) <= 78 and full.startswith(shown) and "…" not in shown
            assert full[len(shown) : len(shown) + 2] == "  "  # cut between two entries
            assert "k Koi-koi" in shown and "s Stop" in shown

    asyncio.run(run())


def test_fitted_keeps_whole_entries_that_fit() -> None:
    keys = Content.from_markup("[b]a[/b] one  [b]b[/b] two  [b]c[/b] three")
    assert fitted(keys, 40).plain == "a one  b two  c three"
    assert fitted(keys, 12).plain == "a one  b two"
    assert fitted(keys, 11).plain == "a one"
    assert fitted(keys, 3).plain == "a one  b two  c three"  # no entry fits: cut by the line
    assert fitted(keys, 12).spans[0].style == "b"


def test_fitted_keeps_whole_parts_of_a_status_line() -> None:
    status = Content.from_markup("[b]三人こいこい[/b] · Month 1 pine · stock 21 · pace 1s")
    assert fitted(status, 38, " · ").plain == "三人こいこい · Month 1 pine · stock 21"
    assert fitted(status, 80, " · ").plain.endswith("pace 1s")


def test_fitted_entries_keeps_whole_key_entries() -> None:
    line = "[b]←→ 1-9[/b] pick [b]Enter[/b] play [b]Esc[/b] leave"
    assert fitted_entries(line, 80).plain == "←→ 1-9 pick Enter play Esc leave"
    assert fitted_entries(line, 25).plain == "←→ 1-9 pick Enter play"
    assert fitted_entries(line, 25).spans[0].style == "b"


def test_the_tables_keys_line_is_whole_at_80_columns_in_both_languages(tmp_path: Path) -> None:
    """Every entry of the table's own keys line fits 80 columns, Esc leave last."""
    saved_game_where(tmp_path, lambda g: g.phase == Phase.PLAY)

    async def run(language: str) -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language=language)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.click("#continue")
            await settle(pilot)
            shown = str(app.screen.query_one("#keys", Static).render())
            assert shown == Content.from_markup(i18n.t("keys.table")).plain
            assert cell_len(shown) <= 78  # within the line's padding: nothing cut when drawn

    for language in ("en", "ja"):
        asyncio.run(run(language))
    i18n.set_lang("ja")


def test_take_prompt_offers_exactly_the_two_field_cards(tmp_path: Path) -> None:
    saved = saved_game_where(tmp_path, lambda g: g.phase == Phase.TAKE)
    legal = saved.legal_actions()
    keys = {str(i + 1): a for i, a in enumerate(legal)}
    assert len(keys) == 2
    run_prompt(tmp_path, "take", keys, "2")


def test_year_end_shows_ginmi_and_standings_then_the_selector(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.start_game(
                "koikoi3", {"months": 3}, [SeatRecord(name=n, player="random") for n in "ABC"], "9"
            )
            await settle(pilot)
            table = app.table()
            assert table is not None
            game = table.session.link.table.game
            last: MonthResult | None = None
            for _ in range(40):
                if isinstance(app.screen, ScoreSheet):
                    break
                assert isinstance(app.screen, MonthResult)
                last = app.screen
                await pilot.press("enter")
                await settle(pilot)
            assert isinstance(app.screen, ScoreSheet) and app.screen.final
            assert game.is_over and game.settlements[-1].name == "吟味"
            # the last month's result shows 吟味 and the final totals
            assert last is not None and "吟味" in [x.name for x in last.month.settlements]
            assert list(last.month.scores) == list(game.scores)
            text = " ".join(str(s.render()) for s in app.screen.query(Static))
            assert "1位" in text
            assert not Store(tmp_path).exists()
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SelectorScreen)

    asyncio.run(run())


def test_a_damaged_save_is_reported_and_set_aside(tmp_path: Path) -> None:
    (tmp_path / "save.json").write_text('{"format": "hanafuda-tui-record", "deals": [', "utf-8")

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, SelectorScreen)
            assert not app.screen.query_one("#continue").display
            assert "damaged" in str(app.screen.query_one("#selector-error", Static).render())

    asyncio.run(run())
    assert not (tmp_path / "save.json").exists()
    assert len(list(tmp_path.glob("save-damaged-*.json"))) == 1


def test_a_small_terminal_gets_a_message_until_it_grows(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(70, 20)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TooSmall)
            assert "70×20" in str(app.screen.query_one(Static).render())
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert isinstance(app.screen, SelectorScreen)

    asyncio.run(run())


class BrokenBot:
    name = "broken"

    def act(self, view: object) -> int:
        raise RuntimeError("thinking failed")


def test_a_broken_bot_or_a_failed_save_is_reported_and_play_goes_on(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a directory", "utf-8")

    async def run() -> None:
        app = HanafudaApp(store=Store(blocked / "saves"), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.pause()
            app.start_game("koikoi3", {}, SEATS, "8")
            await settle(pilot)
            table = app.table()
            assert table is not None
            table.session.link.table.bots[1] = BrokenBot()  # type: ignore[assignment]
            game = table.session.link.table.game
            start = len(game.deals[-1].actions)
            while len(game.deals) == 1 and len(game.deals[0].actions) < start + 6:
                await human_step(pilot)
                await settle(pilot)
            messages = " ".join(str(n.message) for n in app._notifications)
            assert "thinking failed" in messages and "Cannot save" in messages

    asyncio.run(run())


def saved_hanaawase_where(
    tmp_path: Path, wanted: Callable[[Game], bool], humans: Callable[[Game], set[int]]
) -> Game:
    """A four-seat 花合わせ of random bots played until the wanted 出る・下る question; saved with
    ``humans`` (of that game) at the keyboard and random bots elsewhere."""
    for seed in range(300):
        game = new_game("hanaawase", random.Random(seed), {"players": 4})
        bots = [make_bot("random", random.Random(f"{seed}/{i}")) for i in range(4)]
        while game.phase == Phase.DERU_ORIRU:
            if wanted(game):
                at = humans(game)
                seats = [
                    SeatRecord(name=f"P{s}", player="human" if s in at else "random")
                    for s in range(4)
                ]
                Store(tmp_path).write(record_of(game, seats).to_json())
                return game
            game.apply(bots[game.to_act].act(game.view(game.to_act)))
    raise AssertionError("no such game in 300 seeds")


def test_deru_oriru_prompt_shows_the_answers_so_far_and_the_places_left(tmp_path: Path) -> None:
    saved = saved_hanaawase_where(
        tmp_path,
        lambda g: len(g.legal_actions()) == 2 and g.to_act != (g.dealer + 1) % 4,
        lambda g: {g.to_act},
    )
    seat, first = saved.to_act, (saved.dealer + 1) % 4
    said = {"deru": "出る", "oriru": "下り"}[saved.view(seat).facts.entries[first]]  # type: ignore[attr-defined]
    places = 2 - sum(e == "deru" for e in saved.view(seat).facts.entries)  # type: ignore[attr-defined]

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            prompt = await continue_saved(pilot)
            assert prompt.keys == {"d": act.DERU, "o": act.ORIRU}
            text = " ".join(str(s.render()) for s in prompt.query(Static))
            assert f"P{first}: {said}" in text
            assert f"残りの席 {places} / まだ答える人 {(saved.dealer - seat) % 4}" in text
            table = app.table()
            assert table is not None
            game = table.session.link.table.game
            before = len(game.deals[0].actions)
            await pilot.press("o")
            await settle(pilot)
            assert game.deals[0].actions[before] == act.ORIRU
            entries = [e for e in game.log if isinstance(e, DeruOriru)]
            assert any(e.entry == "oriru" and e.seat == seat for e in entries)

    asyncio.run(run())


def test_a_forced_deru_is_applied_without_the_pass_screen_in_hot_seat(tmp_path: Path) -> None:
    """しばり asks nothing: even with every seat human, no pass screen hands the keyboard over
    for it; the next one is for the teyaku question."""
    saved = saved_hanaawase_where(
        tmp_path, lambda g: g.legal_actions() == [act.DERU], lambda g: set(range(4))
    )
    forced = saved.to_act

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.click("#continue")
            await settle(pilot)
            table = app.table()
            assert table is not None
            game = table.session.link.table.game
            assert game.view(forced).facts.entries[forced] == "shibari"  # type: ignore[attr-defined]
            assert game.phase == Phase.TEYAKU
            assert isinstance(app.screen, PassScreen)

    asyncio.run(run())
