"""A seat's chance to end the year ahead, from the scores now and how far the months left may
move them: what the strong search maximises (docs/bots.md)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def year_win_chance(scores: Sequence[int], seat: int, spread: float) -> float:
    """The seat's chance to end the year ahead of every other seat when each seat's final score is
    its score now plus an independent normal drift, two seats' difference spreading by
    ``spread`` (the months left's; 0: the year is over, and a top shared by k seats is 1/k)."""
    mine = scores[seat]
    if spread <= 0:
        top = max(scores)
        return 1.0 / scores.count(top) if mine == top else 0.0
    scale = math.sqrt(2.0) / spread  # one seat's own drift is spread / √2
    leads = [(mine - other) * scale for s, other in enumerate(scores) if s != seat]
    chance = 0.0
    for z, weight in DRIFTS:
        p = weight
        for lead in leads:
            p *= 0.5 * math.erfc(-(lead + z) / math.sqrt(2.0))
        chance += p
    return chance


def drifts(points: int = 24, width: float = 4.0) -> tuple[tuple[float, float], ...]:
    """The seat's own drift in standard deviations, as midpoints with their normal weights."""
    step = 2 * width / points
    zs = [-width + step * (k + 0.5) for k in range(points)]
    weights = [math.exp(-z * z / 2) for z in zs]
    total = sum(weights)
    return tuple((z, w / total) for z, w in zip(zs, weights, strict=True))


DRIFTS = drifts()


FIT_PRIOR_MONTHS = 4.0
"""How many months the ruleset's measured spread counts for in a fitted spread."""
FIT_LOW, FIT_HIGH = 0.5, 3.0
"""A fitted spread stays within these factors of the ruleset's measured spread."""


class MonthSpread:
    """The month spread of the table being played, fitted from the scores every seat sees at each
    month's start: the mean square of two seats' score changes' difference a month, shrunk toward
    the ruleset's measured spread (``prior``, counted as ``FIT_PRIOR_MONTHS`` months) and kept
    within ``FIT_LOW`` and ``FIT_HIGH`` times it. A month seen again after a later one (a new
    game) starts over."""

    def __init__(self, prior: float) -> None:
        self.prior = prior
        self.squares = 0.0
        """The summed mean square of pairs' differences over the months seen."""
        self.months = 0
        self.last: tuple[int, tuple[int, ...]] | None = None
        """The latest month seen and the scores at its start."""

    def see(self, month: int, scores: tuple[int, ...]) -> None:
        """Note the scores at ``month`` (those of every month before it, as all seats see them)."""
        last = self.last
        if last is None or month < last[0]:
            self.squares, self.months = 0.0, 0
        elif month > last[0]:
            changes = [now - then for now, then in zip(scores, last[1], strict=True)]
            pairs = [(a - b) ** 2 for i, a in enumerate(changes) for b in changes[i + 1 :]]
            self.squares += sum(pairs) / len(pairs)
            self.months += month - last[0]
        else:
            return
        self.last = (month, scores)

    def spread(self) -> float:
        """The fitted month spread of two seats' difference."""
        prior = self.prior
        variance = (FIT_PRIOR_MONTHS * prior * prior + self.squares) / (
            FIT_PRIOR_MONTHS + self.months
        )
        return min(FIT_HIGH * prior, max(FIT_LOW * prior, math.sqrt(variance)))
