"""The month result screen shows each yaku won with its value, read from the deal's result."""

from __future__ import annotations

import asyncio
import random

import pytest
from textual.app import App
from textual.widgets import Static

from hanafuda_tui.core.game import Game
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.results import DealResult, Outcome
from hanafuda_tui.ui.i18n import set_lang, set_ruleset
from hanafuda_tui.ui.screens.results import MonthResult
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
            self.push_screen(MonthResult(ruleset, result, names, scores))

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
    set_ruleset(ruleset)
    try:
        text = screen_text(ruleset, result, names, game.scores)
        for name, value in result.yaku:
            assert f"{yaku_name(name)} {value}{UNIT[ruleset]}" in text, (name, value, text)
    finally:
        set_ruleset("")
