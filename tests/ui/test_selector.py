"""The selector as a person meets it: the rulesets in their order, every label whole in both
languages, 八八's 場 menu saying what each choice multiplies, Continue ready when a game is saved."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path
from typing import Any

import pytest
from helpers.ui import screen_text, settle, wait_until
from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from textual.app import App
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static

from hanafuda_tui.core.records import SeatRecord
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.i18n import t
from hanafuda_tui.ui.screens.selector import SelectorScreen
from hanafuda_tui.ui.widgets.choice import Choice


def test_every_ruleset_in_order_with_whole_labels_in_both_languages(tmp_path: Path) -> None:
    async def run(language: str) -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language=language)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SelectorScreen)
            names = [value for _, value in screen.query_one("#ruleset", Choice).options]
            assert names == ["koikoi3", "hachihachi", "hanaawase", "koikoi2"]
            for name in names:
                screen.query_one("#ruleset", Choice).value = name
                await pilot.pause()
                await pilot.pause()
                assert screen.ruleset == name
                for label in screen.query(Label):
                    text = str(label.render())
                    assert cell_len(text) <= label.region.width, (name, text)

    asyncio.run(run("en"))
    asyncio.run(run("ja"))


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_keys_line_shows_whole_at_80x24_whatever_the_rows(
    tmp_path: Path, language: str
) -> None:
    """The keys line stays on the bottom line, whole, with every ruleset's rows (八八 and 花合わせ
    with six seated have the most), and the focus at the top of a list that scrolls."""

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language=language)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SelectorScreen)
            shown = Content.from_markup(t("keys.selector")).plain
            tables = [(n, {}) for n in ("koikoi3", "hachihachi", "koikoi2")]
            tables += [("hanaawase", {"players": n}) for n in (3, 4, 5, 6)]
            for ruleset, options in tables:
                screen.query_one("#ruleset", Choice).value = ruleset
                await pilot.pause()
                for name, value in options.items():
                    screen.query_one(f"#opt-{name}", Choice).value = value
                    await pilot.pause()
                await pilot.pause()
                screen.query_one("#ruleset", Choice).focus()
                await pilot.pause()
                lines = screen_text(app).rstrip("\n").split("\n")
                assert len(lines) == 24
                assert lines[-1].strip() == shown, (ruleset, options, lines[-1])

    asyncio.run(run())


def test_opening_the_selector_focuses_start_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Start (or Continue) is the one widget focused as the selector opens: a focus change
    restyles, and the scrolling list focused first would restyle every row twice."""
    focused: list[str | None] = []
    set_focus = Screen.set_focus

    def recording(screen: Screen[object], widget: Any, *args: Any, **kw: Any) -> None:
        if isinstance(screen, SelectorScreen) and widget is not None:
            focused.append(widget.id)
        set_focus(screen, widget, *args, **kw)

    monkeypatch.setattr(Screen, "set_focus", recording)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert app.focused is not None and app.focused.id == "start"

    asyncio.run(run())
    assert focused == ["start"]


def test_left_and_right_move_along_the_buttons(tmp_path: Path) -> None:
    """On the buttons ←→ go from one to the next, as the keys line says they change: → three
    times from Start is Statistics, and Enter opens it rather than starting a game."""

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            await pilot.press("right", "right", "right")
            assert app.focused is not None and app.focused.id == "stats"
            await pilot.press("left")
            assert app.focused.id == "online"
            await pilot.press("right", "right", "right", "right")  # Quit is the last
            assert app.focused.id == "quit"
            await pilot.press("left", "enter")
            await settle(pilot)
            assert type(app.screen).__name__ == "StatisticsScreen"

    asyncio.run(run())


def test_the_hachihachi_menu_says_what_each_ba_multiplies(tmp_path: Path) -> None:
    async def run() -> list[str]:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.screen.query_one("#ruleset", Choice).value = "hachihachi"
            await pilot.pause()
            await pilot.pause()
            menu = app.screen.query_one("#opt-menu", Choice)
            return [str(prompt) for prompt, _ in menu.options]

    labels = asyncio.run(run())
    # the seed's table: A ×2 ×4, B ×2 ×3, C ×1.5 ×2, D ×2 ×2, E ×1 ×1; F adds 1 and 2 貫
    assert labels == [
        "A  大場×2 絶場×4",
        "B  大場×2 絶場×3",
        "C  大場×1.5 絶場×2",
        "D  大場×2 絶場×2",
        "E  大場×1 絶場×1",
        "F  大場+1貫 絶場+2貫",
    ]


def test_with_a_saved_game_enter_continues_it(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            seats = [SeatRecord(name=n, player="random") for n in "AB"]
            seats.insert(0, SeatRecord(name="X", player="human"))
            app.start_game("hanaawase", {}, seats, "3")
            await settle(pilot)
            await pilot.press("escape")  # leave the table: saved
            await pilot.pause()
            assert isinstance(app.screen, SelectorScreen)
            assert app.focused is not None and app.focused.id == "continue"
            await pilot.press("enter")
            await settle(pilot)
            table = app.table()
            assert table is not None and table.session.link.table.game.ruleset == "hanaawase"

    asyncio.run(run())


def test_after_choosing_a_ruleset_tab_goes_on_to_its_options_not_to_quit(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), language="ja")
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            for _ in range(10):
                await pilot.press("shift+tab")
            assert app.focused is not None and app.focused.id == "ruleset"
            await pilot.press("space", "down", "enter")  # Enter itself would start the game
            await pilot.pause()
            assert app.screen.query_one("#ruleset", Choice).value == "hachihachi"
            await pilot.press("tab")
            assert app.focused is not None and app.focused.id == "opt-menu"

    asyncio.run(run())


def test_koikoi2_nintendo_rules_turn_off_the_options_they_replace(tmp_path: Path) -> None:
    """Choosing rules=nintendo puts rain and teyaku back to off, saying so; choosing one of them
    again puts the rules back to the standard ones; the game starts with what is shown."""

    async def run() -> tuple[list[object], list[str], list[object], object]:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            screen.query_one("#ruleset", Choice).value = "koikoi2"
            await pilot.pause()
            await pilot.pause()
            rules = screen.query_one("#opt-rules", Choice)
            labels = [str(label) for label, _ in rules.options]
            assert labels == ["Standard (values in ? rules)", "Nintendo's (its apps' values)"]
            for name in ("rain", "teyaku", "kuitsuki"):
                screen.query_one(f"#opt-{name}", Choice).value = True
                await pilot.pause()
            rules.value = "nintendo"
            await pilot.pause()
            await pilot.pause()
            notices = [str(n.message) for n in app._notifications]
            after = [screen.query_one(f"#opt-{n}", Choice).value for n in ("rain", "teyaku")]
            screen.query_one("#opt-rain", Choice).value = True
            await pilot.pause()
            await pilot.pause()
            back = [rules.value, screen.query_one("#opt-rain", Choice).value]
            rules.value = "nintendo"
            await pilot.pause()
            await pilot.pause()
            screen.query_one("#start", Button).press()
            await settle(pilot)
            table = app.table()
            assert table is not None
            return after, notices, back, table.session.link.table.game.options

    after, notices, back, options = asyncio.run(run())
    assert after == [False, False]
    assert sum("is off" in n for n in notices) == 2
    assert back == ["default", True]
    assert options.rules == "nintendo" and not options.rain and not options.teyaku
    assert options.kuitsuki  # 喰い付き applies under the nintendo rules too


def test_hanaawase_players_sets_the_seat_rows_and_the_game_seats_them(tmp_path: Path) -> None:
    """Five seated: five seat rows (the first ones kept as they were), Start reached by Tab at
    80x24, and the game has five seats."""

    async def run() -> tuple[int, list[str]]:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SelectorScreen)
            screen.query_one("#ruleset", Choice).value = "hanaawase"
            await pilot.pause()
            screen.query_one("#name-1", Input).value = "Kept"
            screen.query_one("#opt-players", Choice).value = 5
            await pilot.pause()
            await pilot.pause()
            assert len(screen.query(".seat-kind")) == 5
            assert "5人が座り" in str(screen.query_one("#ruleset-desc", Static).render())
            assert screen.query_one("#name-1", Input).value == "Kept"
            for i in range(5):
                screen.query_one(f"#seat-{i}", Choice).value = "random"
            screen.query_one("#seed", Input).focus()
            await pilot.press("tab")
            assert app.focused is not None and app.focused.id == "start"
            await pilot.press("enter")
            await pilot.pause()
            table = app.table()
            assert table is not None
            return table.session.link.table.game.players, table.session.names

    players, names = asyncio.run(run())
    assert players == 5 and names[1] == "Kept" and len(names) == 5


def drawn_lines(app: HanafudaApp) -> list[list[Segment]]:
    """The terminal's lines as drawn now, with their styles (after NO_COLOR's filter)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO())
    update = app.screen._compositor.render_update(full=True)
    return list(Segment.split_lines(console.render(update)))


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light", "no-color"])
def test_the_focused_row_is_marked_and_reversed_in_every_theme(
    theme: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Going down the rows with ↓, the row that ←→ would change is the one line with ▶ and its
    label is drawn bold and reversed (not a background shade only, which NO_COLOR takes away)."""
    if theme == "no-color":
        monkeypatch.setenv("NO_COLOR", "1")

    async def run() -> list[tuple[str, list[str], bool]]:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            if theme != "no-color":
                app.theme = theme
            await pilot.pause()
            for _ in range(12):
                await pilot.press("up")
            seen = []
            for _ in range(8):
                await pilot.pause()
                focused = app.focused
                assert focused is not None and focused.parent is not None
                labels = focused.parent.query(Label)
                name = str(labels.first().render()) if labels else ""
                lines = drawn_lines(app)
                marked = ["".join(s.text for s in line) for line in lines]
                marked = [text for text in marked if "▶" in text]
                label_styled = any(
                    s.style is not None and s.style.reverse and s.style.bold
                    for line in lines
                    for s in line
                    if name and name in s.text
                )
                seen.append((name, marked, label_styled or not name))
                await pilot.press("down")
            return seen

    seen = asyncio.run(run())
    assert [name for name, _, _ in seen][:2] == ["Rules", "Months"]
    for name, marked, label_styled in seen:
        assert len(marked) == 1 and name in marked[0], (name, marked)
        assert label_styled, name


def test_hachihachi_offers_a_shorter_year_as_a_house_rule(tmp_path: Path) -> None:
    """八八's months: 12 as the seed has it, 3 and 6 marked as a house rule in both languages;
    the line under the rules says the year's length and the game starts with it."""

    async def run(language: str) -> tuple[list[str], str, int]:
        app = HanafudaApp(store=Store(tmp_path / language), bot_pause=0, language=language)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            screen.query_one("#ruleset", Choice).value = "hachihachi"
            await pilot.pause()
            await pilot.pause()
            months = screen.query_one("#opt-months", Choice)
            labels = [str(label) for label, _ in months.options]
            months.value = 3
            await pilot.pause()
            desc = str(screen.query_one("#ruleset-desc", Static).render())
            screen.query_one("#start", Button).press()
            await settle(pilot)
            table = app.table()
            assert table is not None
            return labels, desc, table.session.link.table.game.options.months

    labels, desc, months = asyncio.run(run("en"))
    assert labels == ["3 (house rule)", "6 (house rule)", "12"]
    assert "3 months" in desc and months == 3
    labels, desc, months = asyncio.run(run("ja"))
    assert labels == ["3（ハウスルール）", "6（ハウスルール）", "12"]
    assert "3か月" in desc and months == 3


def test_back_from_a_game_the_selector_shows_its_settings(tmp_path: Path) -> None:
    """A 二人こいこい game of 6 months opened without the selector (as a continued game or the
    command line does): Esc from its table brings the selector back at 二人こいこい, 6 months,
    its seats, a seat not named by its given name; Start there starts that again."""

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            seats = [SeatRecord(name="太郎", player="human"), SeatRecord(name="", player="easy")]
            app.start_game("koikoi2", {"months": 6}, seats, "3")
            await settle(pilot)
            await pilot.press("escape")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SelectorScreen)
            assert screen.query_one("#ruleset", Choice).value == "koikoi2"
            assert screen.query_one("#opt-months", Choice).value == 6
            assert screen.query_one("#name-0", Input).value == "太郎"
            assert screen.query_one("#seat-1", Choice).value == "easy"
            assert screen.query_one("#name-1", Input).value == "ボット・梅"  # its given name
            screen.start()
            await wait_until(pilot, lambda: app.screen is not screen, "the question")
            await pilot.press("y")  # the game left is saved: start anew all the same
            await settle(pilot)
            table = app.table()
            assert table is not None and table.session.link.table.game.ruleset == "koikoi2"
            assert table.session.link.table.game.options.months == 6

    asyncio.run(run())


def test_a_choice_is_one_widget_until_its_list_is_opened_by_space_or_a_click(
    tmp_path: Path,
) -> None:
    """Each choice of the selector is a single widget; Space or a click opens its list (then
    mounted), ↓ Enter picks from it, Escape closes it and leaves the choice focused."""

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            choices = list(screen.query(Choice))
            assert len(choices) >= 6 and not any(choice.children for choice in choices)
            months = screen.query_one("#opt-months", Choice)
            values = [value for _, value in months.options]
            months.value = values[0]
            months.focus()
            await pilot.press("space")
            await pilot.pause()
            assert months.expanded and app.focused is not None and app.focused.parent is months
            assert [c.id for c in choices if c.children] == ["opt-months"]
            await pilot.press("down", "enter")
            await pilot.pause()
            assert months.value == values[1]
            assert not months.expanded and app.focused is months
            assert isinstance(app.screen, SelectorScreen)  # Enter picked; it did not start
            await pilot.click("#ruleset")
            await pilot.pause()
            ruleset = screen.query_one("#ruleset", Choice)
            assert ruleset.expanded
            await pilot.press("escape")
            await pilot.pause()
            assert not ruleset.expanded and app.focused is ruleset
            assert ruleset.value == "koikoi3"

    asyncio.run(run())


def test_the_apps_first_restyle_comes_before_the_selector_is_composed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A theme in the settings restyles the whole app as it mounts: the selector is pushed after
    that, so its widgets are not all styled a second time before they are drawn."""
    restyled: list[str] = []
    refresh_css = App.refresh_css

    def recording(app: App[object], animate: bool = True) -> None:
        restyled.append(type(app.screen).__name__)
        refresh_css(app, animate)

    monkeypatch.setattr(App, "refresh_css", recording)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        assert app.config.update(theme="textual-light") == ""
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, SelectorScreen)
            assert app.theme == "textual-light"

    asyncio.run(run())
    assert restyled == ["Screen"]


def test_a_seed_typed_with_enter_in_one_burst_starts_with_the_whole_seed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A terminal delivers "42⏎" at once when typed fast or pasted: the game starts with the
    seed as typed, not with what the line held before its last letters arrived."""
    from textual import events

    started: list[str] = []
    monkeypatch.setattr(HanafudaApp, "start_game", lambda self, *args: started.append(args[3]))

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            app.screen.query_one("#seed", Input).focus()
            await pilot.pause()
            for key in ["4", "2", "enter"]:
                app.post_message(events.Key(key, key if len(key) == 1 else None))
            for _ in range(50):
                await pilot.pause()
            assert started == ["42"]

    asyncio.run(run())
