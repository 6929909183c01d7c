"""八八 at the table: each of its prompts appears when the rules ask and says what it pays (checked
against what the core then pays), the 法度 warning, the 場 in the status line, the month's payment
lines and the 記入式. Games are prepared in the core with random bots, saved, then continued."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Callable
from pathlib import Path

from helpers import ui as ui_helpers
from helpers.ui import continued, screen_text, settle
from textual.content import Content
from textual.widgets import Static

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.game import Game, Phase
from hanafuda_tui.core.rulesets.hachihachi.ba import BA_NAMES, KOBA
from hanafuda_tui.core.rulesets.hachihachi.game import Hachihachi
from hanafuda_tui.core.rulesets.hachihachi.payout import Offer, offered, teyaku_each
from hanafuda_tui.core.rulesets.hachihachi.yaku import MULTIPLIERS, dekiyaku
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.screens.modals import Decision
from hanafuda_tui.ui.screens.results import MonthResult, ScoreSheet
from hanafuda_tui.ui.screens.table import TableScreen
from hanafuda_tui.ui.text import yaku_name
from hanafuda_tui.ui.widgets.table import YakuPanel


def saved_where(tmp_path: Path, wanted: Callable[[Game], bool], months: int = 1) -> Game:
    """A random 八八 game where seat 0 faces the wanted state within ``months``, saved."""
    return ui_helpers.saved_where(tmp_path, "hachihachi", wanted, months, seeds=300)


def offer(game: Game) -> Offer:
    """What the core offers seat 0, deciding now: あがり or 取消し in full or at half."""
    assert isinstance(game, Hachihachi) and game.to_act == 0
    yaku = dekiyaku(game.captures[0])
    return offered(0, yaku, game.ba, game.menu, game.hatto_by[0])


def equal_shares(game: Game) -> bool:
    """Both other players pay seat 0 the same (no 法度 offender pays both shares)."""
    full = offer(game).full
    return full[1] == full[2]


def said(screen: Decision) -> str:
    """The prompt's text, unfolded."""
    return Content.from_markup(" ".join(screen.body)).plain


def test_agari_prompt_says_what_agari_pays_and_the_core_pays_it(tmp_path: Path) -> None:
    saved = saved_where(tmp_path, lambda g: act.AGARI in g.legal_actions() and equal_shares(g))
    offered = offer(saved)
    full, half = -offered.full[1], -offered.half[1]

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            assert isinstance(app.screen, Decision)
            assert app.screen.keys == {"a": act.AGARI, "g": act.SAGE}
            text = said(app.screen)
            assert f"pays {full} pts, {2 * full} pts in all" in text
            assert f"half ({half} pts each)" in text
            # the sidebar values the same yaku in 点 at this 場, as the running totals
            table = app.table()
            assert table is not None
            assert sum(table.query_one(YakuPanel).infos[0].yaku.values()) == full
            await pilot.press("a")
            await settle(pilot)
            assert isinstance(app.screen, MonthResult)
            result = app.screen.month.result
            assert result.reason == "agari" and result.winner == 0
            yaku = dict(result.yaku)
            yaku_rows = [r for r in result.rows if r.remark.split("法度")[0] in yaku]
            assert sum(r.amounts[0] for r in yaku_rows) == 2 * full
            assert yaku == dekiyaku(saved.captures[0])
            text = screen_text(app)
            assert "goes out" in text and all(r.remark in text for r in result.rows)
            # each yaku with its value in 貫
            parts = " ".join(str(s.render()) for s in app.screen.query(Static))
            assert all(f"{yaku_name(n)} {kan}貫" in parts for n, kan in yaku.items())

    asyncio.run(run())


def test_cancel_prompt_says_the_half_values_and_the_core_pays_them(tmp_path: Path) -> None:
    saved = saved_where(tmp_path, lambda g: act.CANCEL in g.legal_actions() and equal_shares(g))
    half = -offer(saved).half[1]

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            assert isinstance(app.screen, Decision)
            assert app.screen.keys == {"c": act.CANCEL, "n": act.KEEP}
            assert f"pays half, {half} pts, {2 * half} pts in all" in said(app.screen)
            await pilot.press("c")
            await settle(pilot)
            assert isinstance(app.screen, MonthResult)
            result = app.screen.month.result
            assert result.reason == "cancel" and result.winner == 0
            halves = [r for r in result.rows if "・消" in r.remark]
            assert sum(r.amounts[0] for r in halves) == 2 * half

    asyncio.run(run())


def test_a_hatto_offender_is_named_with_both_shares_in_the_agari_prompt(tmp_path: Path) -> None:
    """§13: a 出来役 completed by 法度 is paid by its offender alone; the prompt names each payer
    with the core's figures."""
    saved = saved_where(
        tmp_path, lambda g: act.AGARI in g.legal_actions() and not equal_shares(g), months=6
    )
    offered = offer(saved)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            assert isinstance(app.screen, Decision)
            text = said(app.screen)
            full, half = offered.full, offered.half
            assert f"B {-full[1]} pts, C {-full[2]} pts, {full[0]} pts in all" in text
            assert f"you get half (B {-half[1]} pts, C {-half[2]} pts)" in text
            await pilot.press("a")
            await settle(pilot)
            assert isinstance(app.screen, MonthResult)
            rows = app.screen.month.result.rows[-len(offered.yaku) :]
            assert tuple(sum(r.amounts[s] for r in rows) for s in range(3)) == full

    asyncio.run(run())


def test_a_hatto_play_is_warned_with_its_value_and_can_be_taken_back(tmp_path: Path) -> None:
    def risky(g: Game) -> bool:
        return g.phase == Phase.PLAY and any(not w[1] for w in g.view(0).facts.hatto.values())

    saved = saved_where(tmp_path, risky, months=3)
    card, (hatto, _) = next((c, w) for c, w in saved.view(0).facts.hatto.items() if not w[1])

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            table = app.screen
            assert isinstance(table, TableScreen)
            game = table.session.link.table.game
            hand = table.hand_cards(game.view(0))
            await pilot.press(str(hand.index(card) + 1), "enter")
            await settle(pilot)
            assert isinstance(app.screen, Decision)
            assert app.screen.keys == {"y": card, "n": -1}
            assert f"you pay both shares of it, {2 * hatto.value} pts in all" in said(app.screen)
            n = len(game.deals[-1].actions)
            await pilot.press("n")  # taken back: nothing played
            await settle(pilot)
            assert app.screen is table and len(game.deals[-1].actions) == n
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, Decision)
            deal = game.deals[-1]  # the bots after the play may end the month
            await pilot.press("y")
            await settle(pilot)
            assert deal.actions[n] == card

    asyncio.run(run())


def test_the_teyaku_prompt_says_its_kan_and_the_ten_paid_at_this_ba(tmp_path: Path) -> None:
    """At a 大場 or 絶場: the hand's 貫 at 小場, the 場's change, what each other player pays in 貫
    and 点 and the total (1貫 = 12点), in both languages; declaring, the core pays that total."""
    saved = saved_where(
        tmp_path,
        lambda g: (
            g.phase == Phase.TEYAKU
            and act.DECLARE in g.legal_actions()
            and isinstance(g, Hachihachi)
            and g.ba != KOBA
        ),
    )
    assert isinstance(saved, Hachihachi)
    own = saved.view(0).facts.own_teyaku
    assert own is not None
    each = teyaku_each(own, saved.ba, saved.menu)
    factor = MULTIPLIERS[saved.menu][saved.ba]
    change = f"×{factor[0] / factor[1]:g}"
    ba = BA_NAMES[saved.ba] + "場"

    english = tmp_path.with_name(tmp_path.name + "-en")  # the same saved game, played once each
    shutil.copytree(tmp_path, english)

    async def run(language: str) -> tuple[str, tuple[int, ...]]:
        where = english if language == "en" else tmp_path
        app = HanafudaApp(store=Store(where), bot_pause=0, language=language)
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            assert isinstance(app.screen, Decision)
            text = said(app.screen)
            assert str(own.shown) not in text  # the hand's bit set once leaked into the text
            await pilot.press("d")
            await settle(pilot)
            table = app.table()
            assert table is not None
            game = table.session.link.table.game
            assert isinstance(game, Hachihachi)
            paid = next(row.amounts for row in game.rows if row.remark == own.name)
            return text, paid

    text, paid = asyncio.run(run("ja"))
    kan = f"{each / 12:g}貫 = {each}点"
    assert f"手役 {own.name} — 小場で{own.value}貫。この{ba} ({change})" in text
    assert f"他の二人が各{kan}、計 +{2 * each}点 (1貫 = 12点)" in text
    assert "すぐに支払われます" in text  # 八八's own explanation, not 三人こいこい's
    assert paid[0] == 2 * each and paid[1] == paid[2] == -each
    text, _ = asyncio.run(run("en"))
    assert f"You hold {own.name} — {own.value}貫 at 小場; at this {ba} ({change})" in text
    assert f"each other player pays {kan}, +{2 * each}点 in all (1貫 = 12点)" in text


def test_status_shows_the_ba_and_the_sheet_is_the_kinyushiki(tmp_path: Path) -> None:
    saved_where(tmp_path, lambda g: g.phase == Phase.PLAY and len(g.results) == 2, months=3)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            table = app.table()
            assert table is not None
            game = table.session.link.table.game
            ba = "小大絶"[game.view(0).facts.ba]
            assert f"{ba}場" in screen_text(app).splitlines()[0]
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, ScoreSheet)
            text = screen_text(app)
            assert "記入式" in text and "貫" in text
            for r in game.results:
                assert f"{r.number}月" in text
                assert all(row.remark in text for row in r.rows)

    asyncio.run(run())


def test_the_last_months_result_says_the_year_ends_not_who_deals_next() -> None:
    from types import SimpleNamespace

    from hanafuda_tui.ui import i18n
    from hanafuda_tui.ui.rulesets.hachihachi.screen import result_head

    before = i18n.lang()
    i18n.set_lang("en")
    try:
        hands = SimpleNamespace(winner=1, reason="hands", yaku=())
        names = ["A", "B", "C"]
        assert "B deals next" in result_head(hands, names)
        last = result_head(hands, names, last=True)
        assert "the year ends" in last and "deals next" not in last
        special = SimpleNamespace(winner=2, reason="special", yaku=("総八",))
        assert "deals next" not in result_head(special, names, last=True)
    finally:
        i18n.set_lang(before)
