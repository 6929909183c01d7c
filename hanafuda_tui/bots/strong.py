"""The strong bot: determinized Monte Carlo search over the cards it cannot see.

Each iteration samples one world behind the view (``core.determinize``: the unseen cards shared
out among the other hands and the stock), then tries every legal action in that same world and
plays the month out with the normal policy for every seat. The action with the best mean result
for the bot (its score change less the others' mean change, by the month's end) is chosen; the normal policy's own choice wins
ties. It stops after ``iterations`` playouts or ``time`` seconds, whichever comes first (every action
is tried in at least one world).
"""

from __future__ import annotations

import math
import random
import time as _time
from collections.abc import Sequence
from typing import Any

from ..core import actions as act
from ..core.determinize import build_game, sample_deal
from ..core.game import Game, PlayerView
from ..core.rulesets import ruleset_class
from .evaluation import Evaluator, evaluator
from .policy import easy_action, normal_action, seen_of_game, seen_of_view

DEFAULT_TIME = 0.2
"""Seconds per decision when neither a time nor an iteration count is given."""
MAX_PLAYOUT_ACTIONS = 400
"""A guard: a month never needs this many decisions."""


class StrongBot:
    name = "strong"

    def __init__(
        self,
        rng: random.Random,
        iterations: int | str | None = None,
        time: float | str | None = None,
        playout: str = "normal",
    ) -> None:
        self.rng = rng
        self.iterations = int(iterations) if iterations is not None else None
        self.time = float(time) if time is not None else None
        if self.iterations is None and self.time is None:
            self.time = DEFAULT_TIME
        if (self.iterations is not None and self.iterations < 1) or (
            self.time is not None and self.time <= 0
        ):
            raise ValueError("iterations and time must be positive")
        if playout not in ("normal", "easy"):
            raise ValueError(f"playout must be normal or easy, not {playout!r}")
        self.playout = playout
        self.options: Any = None
        """The game's options (public); the ruleset's defaults if the runner does not set them."""

    def act(self, view: PlayerView) -> int:
        legal = view.legal
        ev = evaluator(view.ruleset)
        if len(legal) == 1:
            return legal[0]
        guess = normal_action(ev, seen_of_view(view))
        if act.DECLARE in legal:
            return guess
        return self._search(view, ev, guess)

    def _search(self, view: PlayerView, ev: Evaluator, guess: int) -> int:
        options = (
            self.options if self.options is not None else ruleset_class(view.ruleset).Options()
        )
        candidates = list(view.legal)
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        limit = self.iterations if self.iterations is not None else math.inf
        deadline = _time.perf_counter() + self.time if self.time is not None else math.inf
        me, before = view.seat, _margin(view.scores, view.seat)
        done = 0
        clock = _time.perf_counter
        while done < limit and (done == 0 or clock() < deadline):
            hands, stock = sample_deal(view, self.rng)
            seed = self.rng.getrandbits(32)
            for i, a in enumerate(candidates):
                if done >= len(candidates) and clock() >= deadline:
                    break
                deck_rng = random.Random(seed)
                game = build_game(view, hands, stock, options, lambda r=deck_rng: _deck(r))
                game.apply(a)
                self._playout(game, ev)
                totals[i] += _margin(game.scores, me) - before
                counts[i] += 1
                done += 1
        best = max(
            range(len(candidates)),
            key=lambda i: (totals[i] / max(counts[i], 1), candidates[i] == guess),
        )
        return candidates[best]

    def _playout(self, game: Game, ev: Evaluator) -> None:
        """Play on until the month has a result (or the game ends), every seat by the policy."""
        steps = 0
        easy = self.playout == "easy"
        while not game.results and not game.finished and steps < MAX_PLAYOUT_ACTIONS:
            seen = seen_of_game(game)
            game.apply(easy_action(seen) if easy else normal_action(ev, seen))
            steps += 1


def _margin(scores: Sequence[int], seat: int) -> float:
    """The seat's score less the others' mean: what it wants to raise in a zero-sum game or not."""
    others = (sum(scores) - scores[seat]) / (len(scores) - 1)
    return scores[seat] - others


def _deck(rng: random.Random) -> list[int]:
    deck = list(range(48))
    rng.shuffle(deck)
    return deck
