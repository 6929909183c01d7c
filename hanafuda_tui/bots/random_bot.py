"""The baseline: a uniform choice among the legal actions."""

from __future__ import annotations

import random

from ..core.game import PlayerView


class RandomBot:
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: PlayerView) -> int:
        legal = view.legal
        return legal[int(self.rng.random() * len(legal))]
