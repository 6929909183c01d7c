"""The month result screen shows each yaku won with its value, read from the deal's result."""

from __future__ import annotations

import asyncio
import io
import random

import pytest
from rich.cells import cell_len
from rich.console import Console
from textual.app import App
from textual.widgets import Static

from hanafuda_tui.core.game import Game
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.results import DealResult, Outcome
from hanafuda_tui.ui.i18n import set_lang
from hanafuda_tui.ui.screens.results import MonthResult, MonthShown, result_parts, sheet_table
from hanafuda_tui.ui.text import yaku_name

UNIT = {"koikoi2": "", "hachihachi": "貫"}
"""How a yaku's value is written after it (八八's are in 貫 at 小場)."""


def won_deal(ruleset: str) -> tuple[Game, DealResult]:
    """A seeded random game's first deal won with two yaku or more."""
    for seed in range(200):
        game = new_game(ruleset, random.Random(seed))
        moves = random.Random(seed)
        while not game.finished:
            game.apply(moves.choice(game.legal_actions()))
        for r in game.results:
            if r.outcome is Outcome.YAKU and len(r.yaku) > 1:
                return game, r
    raise AssertionError("no deal won with two yaku")


def screen_text(ruleset: str, result: DealResult, names: list[str], scores: list[int]) -> str:
    """The text of every part of a MonthResult screen showing ``result``."""

    class Shows(App[None]):
        def on_mount(self) -> None:
            self.push_screen(MonthResult(MonthShown(ruleset, result, names, scores)))

    async def run() -> str:
        app = Shows()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            return " ".join(str(s.render()) for s in app.screen.query(Static))

    return asyncio.run(run())


@pytest.mark.parametrize("ruleset", sorted(UNIT))
def test_the_month_result_screen_shows_each_yaku_with_its_value(ruleset: str) -> None:
    game, result = won_deal(ruleset)
    names = ["A", "B", "C"][: game.players]
    set_lang("ja")
    text = screen_text(ruleset, result, names, game.scores)
    for name, value in result.yaku:
        assert f"{yaku_name(name)} {value}{UNIT[ruleset]}" in text, (name, value, text)


def seated_game(players: int, seed: int = 1) -> Game:
    """A seeded random 花合わせ game with ``players`` seated, played to its end."""
    game = new_game("hanaawase", random.Random(seed), {"players": players})
    moves = random.Random(seed)
    while not game.finished:
        game.apply(moves.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_seated_player_is_on_the_month_result_and_the_out_ones_are_marked(
    lang: str,
) -> None:
    game = seated_game(5)
    result = game.results[0]
    names = ["A", "B", "C", "D", "E"]
    out = [s for s in range(5) if s not in result.participants]  # type: ignore[attr-defined]
    set_lang(lang)
    try:
        title, body = result_parts(MonthShown("hanaawase", result, names, game.scores))
        console = Console(width=76, file=io.StringIO(), record=True)
        for part in body:
            console.print(part)
        text = console.export_text()
        for s in out:
            how = {"oriru": "下り", "oikomi": "追い込み"}[result.entries[s]]  # type: ignore[attr-defined]
            assert f"{names[s]} ({how}" in text and result.payments[s] == 0
        assert all(name in text for name in names)
    finally:
        set_lang("ja")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_score_sheet_of_six_seats_fits_80_columns(lang: str) -> None:
    """Each seat's column is there with its total, names cut to tell bots apart, and every round
    a seat sat out is marked in its column instead of a 0."""
    game = seated_game(6)
    names = ["あなた", "Bot・梅", "Bot・竹", "Bot・桜", "Bot・菊", "Bot・萩"]
    set_lang(lang)
    try:
        console = Console(width=72, file=io.StringIO(), record=True)  # the sheet at 80 columns
        console.print(sheet_table(game, names))
        lines = console.export_text().splitlines()
    finally:
        set_lang("ja")
    assert lines[0].split()[-6:] == ["あなた", "…t・梅", "…t・竹", "…t・桜", "…t・菊", "…t・萩"]
    assert lines[-1].split()[-6:] == [f"{v:+d}" for v in game.scores]
    marks = {"ja": ("下り", "追込"), "en": ("out", "shut")}[lang]
    for result, line in zip(game.results, [ln for ln in lines[1:-1] if ln[0] != " "], strict=True):
        cells = line.split()[-6:]
        for s in range(6):
            entry = result.entries[s]  # type: ignore[attr-defined]
            expected = marks[entry == "oikomi"] if entry in ("oriru", "oikomi") else None
            assert expected is None or cells[s] == expected, (s, line)


def test_a_sheet_of_five_seats_gives_the_names_the_room_the_dialog_leaves() -> None:
    """Five seated: the names take the width the sheet has (cut no more than they must, never
    past it), wider in a wider dialog."""
    game = seated_game(5)
    names = ["You", "Bot Plum", "Bot Bamboo", "Bot Cherry", "Bot Mum"]
    set_lang("en")
    try:
        for width, wanted in (
            (74, ["You", "…t Plum", "…Bamboo", "…Cherry", "Bot Mum"]),
            (100, names),
        ):
            console = Console(width=width, file=io.StringIO(), record=True)
            console.print(sheet_table(game, names, width))
            lines = console.export_text().splitlines()
            assert all(cell_len(line.rstrip()) <= width for line in lines)
            header = lines[0]
            for name in wanted:
                assert name in header, (width, header)
    finally:
        set_lang("ja")
