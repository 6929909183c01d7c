"""The easy and normal bots: one policy each, on the view alone (no search, well under 20 ms)."""

from __future__ import annotations

import random

from ..core.game import PlayerView
from .evaluators import evaluator_of
from .policy import easy_action, normal_action, seen_of_view


class EasyBot:
    """Greedy: the capture with the most card points, and stop (勝負, あがり) as soon as it can;
    出る (花合わせ, four to six seated) when its hand holds at least 40 card points, a 七カス or 六カス
    counting for no more (entering on it alone loses: docs/bots.md, 花合わせ's 出る・下る)."""

    name = "easy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: PlayerView) -> int:
        return easy_action(seen_of_view(view), evaluator_of(view))


class NormalBot:
    """Heuristics over every yaku of the ruleset: its own progress, what the others are one
    card from, and the ruleset's rule for こいこい / 下げ; 出る (花合わせ, four to six seated) when
    its hand's card points plus the yaku potential of the hand with the field cards its months
    meet reach 220, a 七カス or 六カス counting for no more (entering on it alone loses: docs/bots.md,
    花合わせ's 出る・下る)."""

    name = "normal"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: PlayerView) -> int:
        return normal_action(evaluator_of(view), seen_of_view(view))
