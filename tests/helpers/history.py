"""Finished years for the history: played by seeded bots, and driven to the year's end in the app."""

from __future__ import annotations

import random
from typing import Any

from hanafuda_tui.bots import make_bot
from hanafuda_tui.core.game import Game
from hanafuda_tui.core.records import GameRecord, SeatRecord, new_game, record_of

NAMES = ("あなた", "松", "梅", "桜", "藤", "桐")


def finished(
    ruleset: str,
    seed: int,
    options: dict[str, Any] | None = None,
    players: tuple[str, ...] = ("human", "normal", "easy", "random", "easy", "normal"),
) -> tuple[GameRecord, Game]:
    """A whole year played by seeded bots, seat 0 recorded as the human ``あなた``, the others
    as the bot levels of ``players``; its record and the game."""
    game = new_game(ruleset, random.Random(seed), options or {})
    levels = ["normal" if p == "human" else p for p in players[: game.players]]
    bots = [make_bot(level, random.Random(f"{seed}/{i}")) for i, level in enumerate(levels)]
    while not game.is_over:
        game.apply(bots[game.to_act].act(game.view(game.to_act)))
    seats = [SeatRecord(name=NAMES[i], player=players[i]) for i in range(game.players)]
    return record_of(game, seats), game


async def to_year_end(pilot: Any, app: Any) -> None:
    """Close each month's result until the year's final sheet is on top."""
    from hanafuda_tui.ui.screens.results import MonthResult, ScoreSheet
    from helpers.ui import settle

    for _ in range(300):
        await settle(pilot)
        if isinstance(app.screen, ScoreSheet) and app.screen.final:
            return
        if isinstance(app.screen, MonthResult):
            await pilot.press("enter")
    raise AssertionError("the year never ended")
