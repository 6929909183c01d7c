"""Exact statistics computed from the rules core (no sampling), for any ruleset's classifier.

Teyaku depend only on how many cards of each month a hand holds, so every C(48,7) hand is counted by
walking the month-count vectors (each month 0..4 cards, seven in all) and weighting each by the
number of hands with that vector, ∏ C(4, k). The game's own classifier judges one hand per vector.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from math import comb, prod
from typing import NamedTuple

from .cards import MONTH_MASK

HAND_SIZE = 7
TOTAL_HANDS = comb(48, HAND_SIZE)


class BaYear(NamedTuple):
    """A year of 場, exact: the expected months at each 場 (by its name), and the chance that a
    二代しばり is still pending after the last month (越年)."""

    expected: dict[str, Fraction]
    etsunen: Fraction


def month_vectors(size: int = HAND_SIZE, months: int = 12) -> Iterator[tuple[int, ...]]:
    """Every way to hold ``size`` cards as counts per month (0..4 each)."""
    if months == 1:
        if size <= 4:
            yield (size,)
        return
    for k in range(min(4, size) + 1):
        for rest in month_vectors(size - k, months - 1):
            yield (k, *rest)


def hand_of(vector: tuple[int, ...]) -> int:
    """A hand with the given month counts: the first cards of each month."""
    hand = 0
    for month, k in enumerate(vector):
        hand |= MONTH_MASK[month] & ((1 << (4 * month + k)) - 1)
    return hand


def count_by_pattern(classify: Callable[[int], str | None]) -> Counter[str]:
    """How many of all seven-card hands ``classify`` names each way (None is not counted)."""
    counts: Counter[str] = Counter()
    for vector in month_vectors():
        name = classify(hand_of(vector))
        if name is not None:
            counts[name] += prod(comb(4, k) for k in vector)
    return counts
