"""The strong bot's review of one seat's decisions in a finished game.

Each decision of the seat where it had a choice is looked at from the seat's view then (the view
and the others' hand plays of the month before it, as the bot plays: ``docs/bots.md``, "Reading the
others' hands"): ``StrongBot.ranked`` with a fixed playout budget gives every legal action's chance
to finish the year first, the move played and the bot's best among them. The
bot's random source is seeded from the record and the position, so a review is the same each
time it is made (with the strong bot as it is when made). The decisions that lost the most are
the year's mistakes.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from typing import NamedTuple

from ..bots.hand_reading import KeptPlays, SeenPlay, show_play
from ..bots.strong import StrongBot
from ..core import actions as act
from ..core.game import Game, PlayerView
from ..core.records import GameRecord, replay
from . import ITERATIONS

MISTAKE = 0.02
"""A loss of at least this chance (two in a hundred) marks a decision as a mistake."""


class Decision(NamedTuple):
    """A decision of the reviewed seat: its position, month, view then and the move played."""

    at: int
    month: int
    view: PlayerView
    played: int
    plays: tuple[SeenPlay, ...] = ()
    """The other seats' hand plays of the month before it: the seat's view just before each,
    the player and the card."""


class Judgement(NamedTuple):
    """The strong bot's look at one decision: the chance (0 to 1) to finish the year first with
    the move played and with its best."""

    at: int
    month: int
    played: int
    played_chance: float
    best: int
    best_chance: float

    @property
    def loss(self) -> float:
        """The chance the move played gave up against the best (each chance within 0 and 1)."""
        return max(0.0, min(1.0, self.best_chance) - max(0.0, self.played_chance))


class ReviewError(ValueError):
    """The record cannot be reviewed (unfinished, or no such seat)."""


def decisions(record: GameRecord, seat: int) -> list[Decision]:
    """Every decision of ``seat`` in the record where it had more than one legal action."""
    flat = [tok for deal in record.deals for tok in deal.actions]
    if not 0 <= seat < len(record.seats):
        raise ReviewError(f"no seat {seat} (seats 0 to {len(record.seats) - 1})")
    out: list[Decision] = []
    count = [0]
    kept = KeptPlays()

    def after(game: Game) -> None:
        k = count[0]
        count[0] += 1
        if k >= len(flat) or game.is_over:
            return
        action = act.parse_token(flat[k])
        show_play([(seat, kept)], game, action)
        if game.to_act != seat:
            return
        view = game.view(seat)
        if len(view.legal) > 1:
            plays = tuple(kept.of_deal(view.deal_number))
            out.append(Decision(k, game.month, view, action, plays))

    replay(record, after=after)
    return out


def seed_of(record: GameRecord, index: int) -> str:
    """The bot's seed at a position: the record's digest and the position."""
    digest = hashlib.sha256(record.to_json().encode("utf-8")).hexdigest()
    return f"review/{digest}/{index}"


def judge(record: GameRecord, decision: Decision, iterations: int = ITERATIONS) -> Judgement:
    """The strong bot's ranking at one decision, seeded from the record and the position, its
    playouts the learned policy's (a third of the play network's cost: a year's review stays
    within seconds)."""
    bot = StrongBot(
        random.Random(seed_of(record, decision.at)), iterations=iterations, playout="learned"
    )
    for view, player, card in decision.plays:
        bot.see_play(view, player, card)
    ranked = bot.ranked(decision.view)
    values = dict(ranked)
    best, best_chance = ranked[0]
    played = decision.played
    return Judgement(decision.at, decision.month, played, values[played], best, best_chance)


def review(
    record: GameRecord,
    seat: int,
    iterations: int = ITERATIONS,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> list[Judgement]:
    """Every decision of ``seat`` judged, in the order played; ``progress(done, total)`` after
    each; stops early (what is judged so far) once ``cancelled()`` is true."""
    if not replay(record).is_over:
        raise ReviewError("the game is not finished: only a finished game is reviewed")
    todo = decisions(record, seat)
    out: list[Judgement] = []
    if progress is not None:
        progress(0, len(todo))
    for decision in todo:
        if cancelled is not None and cancelled():
            break
        out.append(judge(record, decision, iterations))
        if progress is not None:
            progress(len(out), len(todo))
    return out


def mistakes(judged: list[Judgement], threshold: float = MISTAKE) -> list[Judgement]:
    """The decisions that lost at least ``threshold``, the worst first."""
    return sorted((j for j in judged if j.loss >= threshold), key=lambda j: (-j.loss, j.at))
