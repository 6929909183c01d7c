"""What a player meets at the table's edges: a finished year offers no Continue and a rematch is
one key; captures fit their row at every size; prompts answer the keys they name."""

from __future__ import annotations

import asyncio
import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import ui as ui_helpers
from helpers.hachihachi import example_game
from helpers.ui import settle
from rich.cells import cell_len
from rich.console import Console
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Button, Input, Static

from hanafuda_tui.bots import make_bot
from hanafuda_tui.bots.advice import advise
from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import CARD_OF_CODE
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.hints import current_yaku
from hanafuda_tui.core.records import SeatRecord, new_game
from hanafuda_tui.core.rulesets.hachihachi.sheet import sheet
from hanafuda_tui.core.rulesets.hachihachi.sheet_text import render_sheet
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.advice import reason_text
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.faces import FACES
from hanafuda_tui.ui.i18n import set_lang, t
from hanafuda_tui.ui.keys import KeysLine
from hanafuda_tui.ui.rulesets.hachihachi.screen import sheet_table
from hanafuda_tui.ui.screens import modals
from hanafuda_tui.ui.screens.help import _HELP, HelpScreen, yaku_rows
from hanafuda_tui.ui.screens.modals import Decision
from hanafuda_tui.ui.screens.results import MonthResult, ScoreSheet
from hanafuda_tui.ui.screens.selector import SelectorScreen
from hanafuda_tui.ui.text import event_line, redeal_of
from hanafuda_tui.ui.widgets.choice import Choice
from hanafuda_tui.ui.widgets.table import LogPanel

BOTS = [SeatRecord(name=n, player="random") for n in "AB"]


async def to_year_end(pilot: Any, app: HanafudaApp) -> None:
    """Close each month's result until the year's final sheet is on top."""
    for _ in range(200):
        await settle(pilot)
        if isinstance(app.screen, ScoreSheet) and app.screen.final:
            return
        if isinstance(app.screen, MonthResult):
            await pilot.press("enter")
    raise AssertionError("the year never ended")


def test_a_finished_year_offers_no_continue_even_after_the_quit_question(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.start_game("koikoi2", {"months": 3}, BOTS, "5")
            await pilot.pause()
            assert app.resumable() is not None  # what the quit question asks mid-game
            await to_year_end(pilot, app)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SelectorScreen)
            assert not app.screen.query_one("#continue", Button).display
            assert app.resumable() is None

    asyncio.run(run())


def test_a_rematch_is_one_key_at_the_years_end(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.start_game("koikoi2", {"months": 3}, BOTS, "5")
            await pilot.pause()
            first = app.table()
            assert first is not None
            await to_year_end(pilot, app)
            assert "r" in app.screen.query_one("KeysLine").render().plain  # type: ignore[attr-defined]
            years = app.config.settings.years_finished
            await pilot.press("r")
            await pilot.pause()
            assert app.config.settings.years_finished == years + 1  # a year played to its end
            table = app.table()
            assert table is not None and table is not first
            game = table.session.link.table.game
            assert game.ruleset == "koikoi2" and game.options.months == 3
            assert table.session.seats == BOTS
            played = [r for r in game.results if not redeal_of(r)]  # a redeal is dealt at once
            assert len(played) <= 1  # each played month's result waits for a key
            assert table.session.link.seed != first.session.link.seed

    asyncio.run(run())


def sheet_columns(lines: list[str]) -> list[tuple[str, int]]:
    """Each non-blank word of the lines with the cell where it ends (kanji two wide)."""
    out = []
    for line in lines:
        for match in re.finditer(r"\S+", line):
            out.append((match.group(), cell_len(line[: match.end()])))
    return out


def test_the_hachihachi_sheet_writes_kan_under_kan_and_ten_under_ten() -> None:
    """docs/rules/hachihachi.md §17: 貫 on the left, 点 on the right, the stone after them, at
    the same cells on every row, with kanji names, on the screen and in ``replay --sheet``."""
    game = example_game()
    names = ["松本さん", "B", "Bot Bamboo"]
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(sheet_table(game, names))
    screen = console.file.getvalue().splitlines()  # type: ignore[attr-defined]
    text = render_sheet(sheet(game), names)
    for lines in (screen, text):
        head = next(line for line in lines if "貫" in line)
        kan = [end for word, end in sheet_columns([head]) if word == "貫"]
        ten = [end for word, end in sheet_columns([head]) if word == "点"]
        assert len(kan) == len(ten) == 3
        row = next(line for line in lines if "三本" in line and "1月" in line)
        assert [end for _, end in sheet_columns([row])][2:5] == kan  # 1月 大 -4 -4 +8
        total = next(line for line in lines if line.startswith("合計"))
        ends = [end for _, end in sheet_columns([total])][1:]
        assert ends == [e for pair in zip(kan, ten, strict=True) for e in pair]
        stones = [
            end
            for line in lines
            for word, end in sheet_columns([line])
            if word == "*" and not line.startswith("月石")
        ]
        assert set(stones) <= {e + 2 for e in ten} and len(set(stones)) == 3


def test_the_hachihachi_teyaku_prompt_ignores_its_first_moment_then_enter_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(modals, "GUARD", 2.0)  # a first moment long enough on a busy machine
    game = ui_helpers.saved_where(
        tmp_path,
        "hachihachi",
        lambda g: g.phase == Phase.TEYAKU and act.DECLARE in g.legal_actions(),
        seeds=300,
    )
    n = len(game.deals[-1].actions)

    async def run() -> list[int]:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.click("#continue")
            for _ in range(50):
                await pilot.pause()
                if isinstance(app.screen, Decision):
                    break
            prompt = app.screen
            assert isinstance(prompt, Decision)
            said = Content.from_markup(" ".join(prompt.body)).plain
            assert "d declares" in said and "p or Enter keeps it hidden" in said
            await pilot.press("enter", "d", "enter")  # meant for the table: nothing answered
            assert app.screen is prompt and app.focused is None
            await ui_helpers.wait_until(pilot, lambda: not prompt.guarded, "keys taken again")
            assert isinstance(app.focused, Button) and app.focused.id == f"a{act.PASS}"
            await pilot.press("enter")
            await settle(pilot)
            table = app.table()
            assert table is not None
            return list(table.session.link.table.game.deals[-1].actions[n : n + 1])

    assert asyncio.run(run()) == [act.PASS]


def test_language_help_and_yaku_list_work_over_a_prompt(tmp_path: Path) -> None:
    """``l`` turns the open prompt to the other language with the table; ``?`` and ``y`` open the
    rules and the yaku list over it, and the prompt still answers afterwards."""
    ui_helpers.saved_where(tmp_path, "koikoi3", lambda g: g.phase == Phase.KOIKOI)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await ui_helpers.continued(pilot)
            prompt = app.screen
            assert isinstance(prompt, Decision)
            assert "こいこい" in ui_helpers.screen_text(app)
            await pilot.press("l")
            await pilot.pause()
            assert app.screen is prompt
            text = ui_helpers.screen_text(app)
            assert "Koi-koi" in text or "koi-koi" in text
            assert "choose" in text and "選ぶ" not in text
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen) and not app.screen.yaku_first
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen) and app.screen.yaku_first
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is prompt
            await pilot.press("s")
            await settle(pilot)
            assert isinstance(app.screen, MonthResult)

    asyncio.run(run())


def test_y_in_a_confirmation_still_says_yes(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("escape")  # the selector asks before quitting
            await pilot.pause()
            assert isinstance(app.screen, Decision)
            await pilot.press("y")
            await pilot.pause()
            assert not isinstance(app.screen, HelpScreen)
            assert app.return_code == 0

    asyncio.run(run())


def english_words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]{2,}", text)


def test_the_selector_explains_its_values_in_the_language_shown(tmp_path: Path) -> None:
    """The 二人こいこい rules choice says what each value is; the bot levels are read as stronger,
    weaker or even, never as a bare percentage beside a par; Japanese shows no English."""

    async def run() -> None:
        for language in ("en", "ja"):
            app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language=language)
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                screen = app.screen
                screen.query_one("#ruleset", Choice).value = "koikoi2"
                await pilot.pause()
                await pilot.pause()
                rules = screen.query_one("#opt-rules", Choice)
                labels = [str(label) for label, _ in rules.options]
                assert "seed 003" not in labels and "Nintendo" not in labels
                levels = str(screen.query_one("#levels", Static).render())
                assert "par" not in levels and "%" not in levels
                if language == "en":
                    assert "stronger than easy: wins 58 games in 100" in levels
                else:
                    assert not english_words(" ".join(labels) + levels)
                    kinds = screen.query_one("#seat-1", Choice)
                    assert not english_words(" ".join(str(k) for k, _ in kinds.options))

    asyncio.run(run())


def test_the_words_a_newcomer_reads_in_english() -> None:
    set_lang("en")
    try:
        assert t("table.entry", entry=t("table.entry.oriru")) == "(sat out)"
        assert t("entry.deru") == "出る, plays"
        said = t("hatto.value", value=84, total=168)
        assert "both shares" in said and "168" in said and "84" in said
    finally:
        set_lang("ja")


def test_the_yaku_list_names_no_card_twice() -> None:
    for language in ("en", "ja"):
        set_lang(language)
        for ruleset in ("koikoi3", "koikoi2", "hachihachi", "hanaawase"):
            data = json.loads((_HELP / f"{ruleset}.json").read_text(encoding="utf-8"))
            for _, _, _, codes, note in yaku_rows(ruleset, data["yaku"]):
                shown = [FACES[CARD_OF_CODE[c]] for c in str(codes)]
                assert len(set(str(codes))) == len(str(codes))
                assert not any(face in str(note) for face in shown), (ruleset, codes, note)
    set_lang("ja")


def test_the_selector_is_a_settings_list_by_keyboard(tmp_path: Path) -> None:
    """↑↓ go from row to row, ←→ change a choice at once (and move the cursor in a name), Enter
    starts the game from a name field."""

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert app.focused is not None and app.focused.id == "start"
            await pilot.press("up")
            assert app.focused.id == "seed"
            await pilot.press("up", "up", "up")
            assert app.focused.id == "seat-1"
            await pilot.press("up")
            assert app.focused.id == "seat-0"
            seat = screen.query_one("#seat-0", Choice)
            await pilot.press("right")
            assert seat.value == "random" and not seat.expanded
            await pilot.press("left")
            assert seat.value == "human"
            await pilot.press("tab")
            name = screen.query_one("#name-0", Input)
            assert app.focused is name
            name.value = ""
            await pilot.press(*"Ann", "left")
            assert name.cursor_position == 2
            await pilot.press("down")
            assert app.focused.id == "name-1"
            await pilot.press("enter")
            await settle(pilot)
            table = app.table()
            assert table is not None and table.session.names[0] == "Ann"

    asyncio.run(run())


def test_a_long_sheet_says_it_scrolls_and_scrolls_with_arrows_at_once(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(ScoreSheet(example_game(), ["A", "B", "C"], final=True))
            await pilot.pause()
            await pilot.pause()
            keys = app.screen.query_one(KeysLine)
            assert "↑↓ scroll" in str(keys.render())
            body = app.screen.query_one(VerticalScroll)
            assert app.focused is not body and body.scroll_y == 0
            await pilot.press("down", "down")
            assert body.scroll_y == 2
            await pilot.press("up")
            assert body.scroll_y == 1

    asyncio.run(run())


def test_a_short_sheet_does_not_say_it_scrolls(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            app.start_game("koikoi2", {"months": 3}, BOTS, "5")
            await settle(pilot)
            table = app.table()
            assert table is not None
            app.push_screen(ScoreSheet(table.session.link.table.game, table.session.names))
            await pilot.pause()
            await pilot.pause()
            assert "scroll" not in str(app.screen.query_one(KeysLine).render())

    asyncio.run(run())


def test_a_long_log_line_wraps_and_is_never_cut(tmp_path: Path) -> None:
    long = "Bot Bamboo: plays 紅鹿, takes 紅カ and completes 猪鹿蝶 (boar-deer-butterflies) 5"

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            seats = [SeatRecord(name="A", player="human"), BOTS[1]]
            app.start_game("koikoi2", {"months": 3}, seats, "5")
            await settle(pilot)
            table = app.table()
            assert table is not None
            log = table.query_one(LogPanel)
            log.show([*log.entries, long])
            await pilot.pause()
            rows = ui_helpers.screen_text(app).splitlines()
            side = [line.split("▏", 1)[1] for line in rows if "▏" in line]
            side = [line.strip() for line in side if line.strip()]
            assert not any(line.endswith("…") for line in side)
            assert " ".join(side).endswith(long)

    asyncio.run(run())


def test_a_dealer_draw_tie_is_told_as_a_tie() -> None:
    for seed in range(200):
        game = new_game("koikoi3", random.Random(seed))
        draws = [e for e in game.log if e.kind == "first_draw"]
        if len(draws) > 3:
            break
    else:
        raise AssertionError("no tie in 200 draws")
    set_lang("en")
    try:
        lines = [event_line(e, ["A", "B", "C"], "koikoi3") or "" for e in draws]
    finally:
        set_lang("ja")
    assert not any("tie" in line for line in lines[:3])
    assert all("again: a tie" in line for line in lines[3:])


class Even:
    """Every legal action, all at one value: the reasons alone tell them apart."""

    def ranked(self, view: Any) -> list[tuple[int, float]]:
        return [(a, 0.5) for a in view.legal]


def decision_view(ruleset: str, phase: Phase, wanted: Any = None) -> Any:
    for seed in range(400):
        game = new_game(ruleset, random.Random(seed))
        bots = [make_bot("random", random.Random(f"{seed}/{i}")) for i in range(3)]
        while not game.is_over:
            view = game.view(game.to_act)
            if game.phase == phase and len(view.legal) > 1 and (wanted is None or wanted(view)):
                return view
            if phase == Phase.TEYAKU and act.DECLARE in game.legal_actions():
                game.apply(act.PASS)
            else:
                game.apply(bots[game.to_act].act(view))
    raise AssertionError(f"no {phase} in {ruleset}")


def test_advice_tells_stopping_from_playing_on_and_declaring_from_keeping() -> None:
    set_lang("en")
    try:
        view = decision_view("koikoi3", Phase.KOIKOI)
        names = ["A", "B", "C"]
        said = {c.action: reason_text(c.reason, names) for c in advise(view, Even())}
        value = sum(current_yaku("koikoi3", view.options, view.captures[view.seat]).values())
        assert f"pays {value}" in said[act.SHOBU]
        assert f"plays on from {value}" in said[act.KOIKOI]
        assert said[act.SHOBU] != said[act.KOIKOI]
        assert "one card from" in said[act.KOIKOI]  # who is, or that no one else is
        view = decision_view("koikoi3", Phase.TEYAKU, lambda v: act.DECLARE in v.legal)
        said = {c.action: reason_text(c.reason, names) for c in advise(view, Even())}
        name = view.facts.held()[0]
        assert "shows" in said[act.DECLARE] and "hidden" in said[act.PASS]
        assert all(name in line for line in said.values())
    finally:
        set_lang("ja")


I18N = Path(__file__).resolve().parents[2] / "hanafuda_tui" / "ui" / "data" / "i18n"
KEY_NAMES = {"Enter", "Tab", "Esc", "Ctrl", "Home", "End", "English", "Ver", "hanafuda"}
"""English a Japanese screen may show: names of keys, the language to switch to, the program."""


def test_japanese_texts_carry_no_english_words() -> None:
    table = json.loads((I18N / "ja.json").read_text(encoding="utf-8"))
    for key, text in table.items():
        if key.startswith("_"):
            continue
        words = set(
            re.findall(r"[A-Za-z]{3,}", re.sub(r"\[/?[a-z ]*\]|\{[a-z_]+[^}]*\}", "", text))
        )
        assert words <= KEY_NAMES, (key, words - KEY_NAMES)
