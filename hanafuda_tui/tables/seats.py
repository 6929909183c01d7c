"""Who sits at a table's seats: a person (at this keyboard or joined from elsewhere) or a bot,
and the bots' random sources."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence

from ..bots import Bot, make_bot
from ..core.records import PEOPLE, SeatRecord

SPECTATOR = -1
"""The seat of whoever only watches."""


def bot_rng(seed: str | None, label: str) -> random.Random:
    """A bot's random source: from ``seed`` and ``label`` at a table dealt from a seed (tests,
    games played again, local games), else from a secret seed of its own that nothing public
    pins down."""
    if seed is None:
        return random.Random(secrets.randbits(256))
    return random.Random(f"{seed}/{label}")


def timed(spec: str, think: float | None) -> str:
    """A bot spec with the table's think time for a plain ``strong`` seat (a spec that names its
    own budget keeps it)."""
    return f"strong:time={think:g}" if spec.strip() == "strong" and think is not None else spec


def people(seats: Sequence[SeatRecord]) -> list[int]:
    """The seats played by persons (at this keyboard or remote)."""
    return [i for i, s in enumerate(seats) if s.player in PEOPLE]


BotMaker = Callable[[str, random.Random], Bot]
"""Makes the bot a spec names, with its random source (``bots.make_bot``)."""


def seat_bots(
    seats: Sequence[SeatRecord], seed: str | None, think: float | None, maker: BotMaker = make_bot
) -> dict[int, Bot]:
    """The bot of every seat no person plays."""
    return {
        i: maker(timed(s.player, think), bot_rng(seed, f"bot/{i}"))
        for i, s in enumerate(seats)
        if s.player not in PEOPLE
    }
