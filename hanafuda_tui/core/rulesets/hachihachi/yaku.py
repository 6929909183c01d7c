"""八八 出来役, special yaku, card points and values by 場 and menu (docs/rules/hachihachi.md
§5, §10, §12, §14).

Values are written in 貫 at 小場 as the seed does; ``points`` turns them into 点 (12点 = 1貫) at a
場 under a menu, so halves stay exact.
"""

from __future__ import annotations

from ...cards import AKATAN, AME, AOTAN, GOUN, INOSHIKACHO, KASUS, POINTS, TANS, card_list
from ...cards import GOKO as GOKO_CARDS
from ...cards import SHIKO as SHIKO_CARDS
from ...yaku_defs import YakuDef

KAN = 12
"""点 in one 貫."""
BASE_POINTS = 88

GOKO, SHIKO, GOUN_Y, AKATAN_Y, AOTAN_Y, INOSHIKACHO_Y = (
    "五光",
    "四光",
    "五雲",
    "赤短",
    "青短",
    "猪鹿蝶",
)
TAN_NAMES = {7: "七短", 8: "八短", 9: "九短", 10: "十短"}
SOHACHI, FUTAHACHI, SUJUROKU, TOBIKOMI, NUKE = "総八", "二八", "素十六", "飛込", "抜"
KASU_NUMBERS = [
    "十六",
    "十七",
    "十八",
    "十九",
    "二十",
    "二十一",
    "二十二",
    "二十三",
    "二十四",
    "二十五",
    "二十六",
    "二十七",
    "二十八",
]

HATTO_YAKU = {GOKO: GOKO_CARDS, SHIKO: SHIKO_CARDS, AKATAN_Y: AKATAN, AOTAN_Y: AOTAN}
HATTO_YAKU[INOSHIKACHO_Y] = INOSHIKACHO
"""Yaku under 法度 (seed ○ルールの概要) with their cards."""
SEVEN_TAN = 10
YAKU = (
    YakuDef(GOKO, GOKO_CARDS, 5, 20, group=1),
    YakuDef(SHIKO, SHIKO_CARDS, 4, 12, group=1),
    YakuDef(GOUN_Y, GOUN, 5, 12),
    YakuDef(AKATAN_Y, AKATAN, 3, 7),
    YakuDef(AOTAN_Y, AOTAN, 3, 7),
    YakuDef(INOSHIKACHO_Y, INOSHIKACHO, 3, 6),
    YakuDef(
        TAN_NAMES[7], TANS, 7, SEVEN_TAN, per=1, grown=(TAN_NAMES[8], TAN_NAMES[9], TAN_NAMES[10])
    ),
)
"""The 出来役 in 貫 at 小場 (docs/rules/hachihachi.md §5, §10): 五光 replaces 四光
(group 1); 七短 grows by 1貫 a tanzaku, renamed 八短, 九短, 十短."""
FIXED = {d.name: d.value for d in YAKU if not d.per}
"""The 出来役 of a fixed set of cards, in 貫 at 小場."""
TOBIKOMI_VALUE = 1
NUKE_VALUE = 1
SOHACHI_VALUE = 10
FUTAHACHI_VALUE, FUTAHACHI_FROM = 10, 168
SUJUROKU_VALUE, SUJUROKU_FROM = 12, 16

MENUS = "ABCDEF"
MULTIPLIERS = {
    "A": ((1, 1), (2, 1), (4, 1)),
    "B": ((1, 1), (2, 1), (3, 1)),
    "C": ((1, 1), (3, 2), (2, 1)),
    "D": ((1, 1), (2, 1), (2, 1)),
    "E": ((1, 1), (1, 1), (1, 1)),
}
"""Menus A–E multiply by the 場 (seed's table): (numerator, denominator) for 小場, 大場, 絶場."""


_SETS = ((GOUN_Y, GOUN), (AKATAN_Y, AKATAN), (AOTAN_Y, AOTAN), (INOSHIKACHO_Y, INOSHIKACHO))


def dekiyaku(caps: int) -> dict[str, int]:
    """出来役 held in ``caps`` with their 貫 at 小場 (五光 replaces 四光, the rest add up)."""
    found: dict[str, int] = {}
    if caps & GOKO_CARDS == GOKO_CARDS:
        found[GOKO] = FIXED[GOKO]
    elif caps & SHIKO_CARDS == SHIKO_CARDS:
        found[SHIKO] = FIXED[SHIKO]
    for name, cards in _SETS:
        if caps & cards == cards:
            found[name] = FIXED[name]
    tans = (caps & TANS).bit_count()
    if tans >= 7:
        found[TAN_NAMES[tans]] = SEVEN_TAN + tans - 7
    return found


def card_points(caps: int) -> int:
    """Face points of a capture pile (光20 種10 短5 カス1; 二八 counts these)."""
    return sum(POINTS[c] for c in card_list(caps))


KASU_CARDS = KASUS | AME
"""カス for 素十六: every rain card counts as kasu (seed ○特殊役 3, docs/rules/hachihachi.md §12)."""


def kasu_count(caps: int) -> int:
    """カス for 素十六 (``KASU_CARDS``)."""
    return (caps & KASU_CARDS).bit_count()


def special_yaku(caps: tuple[int, ...] | list[int]) -> list[tuple[int, str, int]]:
    """(seat, name, 貫) of 二八 and 素十六 at hands out; 総八 is reported as seat -1."""
    points = [card_points(c) for c in caps]
    if all(p == BASE_POINTS for p in points):
        return [(-1, SOHACHI, SOHACHI_VALUE)]
    found = []
    for seat, c in enumerate(caps):
        if points[seat] >= FUTAHACHI_FROM:
            found.append((seat, FUTAHACHI, FUTAHACHI_VALUE + points[seat] - FUTAHACHI_FROM))
        kasu = kasu_count(c)
        if kasu >= SUJUROKU_FROM:
            name = "素" + KASU_NUMBERS[kasu - SUJUROKU_FROM]
            found.append((seat, name, SUJUROKU_VALUE + 2 * (kasu - SUJUROKU_FROM)))
    return found


def points(kan: int, ba: int, menu: str, raised: bool = True) -> int:
    """点 of a value of ``kan`` 貫 at 場 ``ba``: multiplied (A–E) or raised by 0/1/2貫 (F).

    ``raised`` False keeps the 小場 value under menu F (抜け and 飛込み, docs/rules/hachihachi.md §5).
    """
    if menu == "F":
        return (kan + (ba if raised else 0)) * KAN
    num, den = MULTIPLIERS[menu][ba]
    return kan * KAN * num // den


def card_point_payments(pts: list[int], ba: int, menu: str) -> tuple[int, ...]:
    """Each player's 点 from card points against 88 (seed (5) 4-3), at 小場 under menu F.

    Menu C at 大場 (×1.5): each odd difference moves one point toward zero first, the third
    player absorbing the balance (docs/rules/hachihachi.md §5).
    """
    diffs = [p - BASE_POINTS for p in pts]
    if menu == "F":
        return tuple(diffs)
    num, den = MULTIPLIERS[menu][ba]
    if den == 2:
        odd = [s for s in range(3) if diffs[s] % 2]
        for s in odd:
            diffs[s] -= 1 if diffs[s] > 0 else -1
        if odd:
            third = next(s for s in range(3) if s not in odd)
            diffs[third] -= sum(diffs)
    return tuple(d * num // den for d in diffs)


def one_short(caps: int, taken_elsewhere: int) -> dict[int, tuple[str, ...]]:
    """法度 reach (docs/rules/hachihachi.md §13): the missing card of each 法度 yaku ``caps`` is one
    card short of, on captures alone, the card in no one else's captures. 五光 and 四光 short of one
    card are 五光."""
    short: dict[int, list[str]] = {}
    for name, cards in HATTO_YAKU.items():
        missing = cards & ~caps  # a held yaku misses nothing
        if missing.bit_count() == 1 and not missing & taken_elsewhere:
            short.setdefault(missing.bit_length() - 1, []).append(name)
    out: dict[int, tuple[str, ...]] = {}
    for card, names in short.items():
        if GOKO in names and SHIKO in names:
            names.remove(SHIKO)
        out[card] = tuple(names)
    return out
