"""The month result opens with the turn that ended the deal, step by step, as the table would
have shown it: a deal's last move deals the next one, so the table cannot stage it."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator

import pytest
from textual.app import App
from textual.content import Content
from textual.widgets import Static

from hanafuda_tui.core.cards import card_list
from hanafuda_tui.core.game import Game
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.results import Outcome
from hanafuda_tui.ui.faces import face
from hanafuda_tui.ui.i18n import set_lang
from hanafuda_tui.ui.screens.results import MonthResult, MonthShown
from hanafuda_tui.ui.widgets.last_turns import final_turn


def plain_face(card: int) -> str:
    return Content.from_markup(face(card)).plain


def played_games(ruleset: str, count: int = 30) -> Iterator[Game]:
    """Seeded games of random moves, played to the end."""
    for seed in range(count):
        game, moves = new_game(ruleset, random.Random(seed)), random.Random(seed)
        while not game.finished:
            game.apply(moves.choice(game.legal_actions()))
        yield game


@pytest.mark.parametrize("ruleset", ["koikoi3", "koikoi2", "hachihachi"])
def test_the_final_turn_of_a_deal_won_by_a_yaku_is_the_winners(ruleset: str) -> None:
    """In these rulesets a yaku ends the deal on the turn that made it (勝負, あがり)."""
    won = 0
    for game in played_games(ruleset):
        for result in game.results:
            if result.outcome is Outcome.YAKU:
                steps = game.book.deals[result.deal].turns[-1].steps
                assert steps and {s.seat for s in steps} == {result.winner}
                assert any(s.card >= 0 for s in steps), "a yaku is made by a card played or drawn"
                won += 1
    assert won > 0


def test_the_month_result_shows_the_final_turn_first() -> None:
    game, result = next(
        (g, r) for g in played_games("koikoi3") for r in g.results if r.outcome is Outcome.YAKU
    )
    names = ["A", "B", "C"]
    steps = game.book.deals[result.deal].turns[-1].steps
    lines = final_turn(game.book, result.deal, names, game.ruleset)

    class Shows(App[None]):
        def on_mount(self) -> None:
            scores = list(result.payments)
            self.push_screen(MonthResult(MonthShown("koikoi3", result, names, scores), lines))

    async def run() -> str:
        async with Shows().run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            return " ".join(str(s.render()) for s in pilot.app.screen.query(Static))

    set_lang("ja")
    text = asyncio.run(run())
    played = [s for s in steps if s.card >= 0]
    assert played
    for step in played:
        assert plain_face(step.card) in text
        assert all(plain_face(c) in text for c in card_list(step.took))
