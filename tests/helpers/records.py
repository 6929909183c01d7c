"""Game records to go back over: the examples in assets/, and short games bots play to the end or
stop partway."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hanafuda_tui.bots import make_bot
from hanafuda_tui.core.game import Game, Phase
from hanafuda_tui.core.records import (
    GameRecord,
    SeatRecord,
    load_record,
    new_game,
    record_of,
    replay,
)
from hanafuda_tui.core.rulesets import ruleset_class

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = {
    p.name.removesuffix("-example.json"): p
    for p in sorted((ROOT / "assets" / "records").glob("*.json"))
}


def example(ruleset: str) -> GameRecord:
    return load_record(EXAMPLES[ruleset].read_text("utf-8"))


def bot_record(
    ruleset: str,
    seed: int,
    options: Mapping[str, Any] | None = None,
    bot: str = "normal",
    actions: int | None = None,
) -> GameRecord:
    """The record of a game bots play from ``seed`` to its end, or of its first ``actions``."""
    game = new_game(ruleset, random.Random(seed), options or {})
    bots = [make_bot(bot, random.Random(f"{seed}/{i}")) for i in range(game.players)]
    done = 0
    while not game.is_over and (actions is None or done < actions):
        game.apply(bots[game.to_act].act(game.view(game.to_act)))
        done += 1
    seats = [SeatRecord(name=f"P{i + 1}", player=bot) for i in range(game.players)]
    return record_of(game, seats)


def seated(ruleset: str, options: Mapping[str, Any] | None = None) -> int:
    cls = ruleset_class(ruleset)
    return cls.seated(cls.Options.model_validate(dict(options or {})))


def hand_plays(game: Game, seats: list[SeatRecord]) -> list[tuple[int, int, int]]:
    """Every hand play of ``game`` so far, from its record replayed: the seat, the card and the
    deal (counted from 1) it was played in."""
    before: list[tuple[int, Phase, int]] = []
    again = replay(
        record_of(game, seats), after=lambda g: before.append((g.to_act, g.phase, len(g.deals)))
    )
    actions = [a for deal in again.deals for a in deal.actions]
    return [
        (seat, a, deal)
        for (seat, phase, deal), a in zip(before[: len(actions)], actions, strict=True)
        if phase == Phase.PLAY and a < 48
    ]
