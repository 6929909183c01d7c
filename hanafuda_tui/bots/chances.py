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
