"""八八 場: 小場, 大場, 絶場 and the 二代しばり (docs/rules/hachihachi.md §4).

The 場 of a month is judged on the six field cards as dealt (a シマ included) and the 二代しばり carried
from the month before. ``ba_chain`` runs the same rule as an exact Markov chain over a year.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import NamedTuple

from ...cards import mask

KOBA, OBA, ZEBA = 0, 1, 2
BA_NAMES = ("小", "大", "絶")
"""The 場 as the 記入式 writes them (小場, 大場, 絶場)."""
OBA_CARDS = mask("AIc")
"""大場対象札: 松に鶴, 桜に幕, 芒に月."""
ZEBA_CARDS = mask("os")
"""絶場対象札: 柳に小野道風, 桐に鳳凰."""
FIELD_SIZE = 6
MONTHS = 12


def ba_label(ba: int, carried: int) -> str:
    """小, 大, 絶; 大大 or 絶絶 for a month that starts a 二代しばり (the 記入式's 場 column)."""
    return BA_NAMES[ba] + (BA_NAMES[carried] if carried != KOBA else "")


def ba_of(field: int, shibari: int) -> tuple[int, int]:
    """(this month's 場, the 二代しばり carried to the next month) from the dealt field.

    ``shibari`` is the carried 二代しばり: KOBA for none, OBA or ZEBA.
    """
    zeba = (field & ZEBA_CARDS).bit_count()
    oba = (field & OBA_CARDS).bit_count()
    if zeba == 2:
        return ZEBA, ZEBA
    if zeba or shibari == ZEBA:
        return ZEBA, KOBA
    if oba >= 2:
        return OBA, OBA
    if oba or shibari == OBA:
        return OBA, KOBA
    return KOBA, KOBA


class BaStats(NamedTuple):
    expected: tuple[Fraction, Fraction, Fraction]
    """Expected 小場, 大場, 絶場 months in a twelve-month year."""
    etsunen: Fraction
    """Probability that a 二代しばり is still pending after the twelfth month (越年)."""
    transition: dict[int, dict[tuple[int, int], Fraction]]
    """For each carried 二代しばり, the probability of each (場, next 二代しばり)."""


def _field_classes() -> list[tuple[int, Fraction]]:
    """A representative field for each count of 絶場 and 大場 cards, with its probability."""
    out = []
    others = 48 - 5
    for z in range(3):
        for o in range(4):
            rest = FIELD_SIZE - z - o
            ways = comb(2, z) * comb(3, o) * comb(others, rest)
            field = mask("os"[:z] + "AIc"[:o])
            out.append((field, Fraction(ways, comb(48, FIELD_SIZE))))
    return out


def ba_chain(months: int = MONTHS) -> BaStats:
    """The exact year of 場 as a Markov chain on the carried 二代しばり, using ``ba_of``."""
    classes = _field_classes()
    transition: dict[int, dict[tuple[int, int], Fraction]] = {}
    for shibari in (KOBA, OBA, ZEBA):
        row: dict[tuple[int, int], Fraction] = {}
        for field, p in classes:
            key = ba_of(field, shibari)
            row[key] = row.get(key, Fraction(0)) + p
        transition[shibari] = row
    dist = {KOBA: Fraction(1), OBA: Fraction(0), ZEBA: Fraction(0)}
    expected = [Fraction(0)] * 3
    for _ in range(months):
        nxt = {KOBA: Fraction(0), OBA: Fraction(0), ZEBA: Fraction(0)}
        for shibari, p in dist.items():
            for (ba, carried), q in transition[shibari].items():
                expected[ba] += p * q
                nxt[carried] += p * q
        dist = nxt
    return BaStats((expected[0], expected[1], expected[2]), dist[OBA] + dist[ZEBA], transition)
