"""花合わせ: teyaku, 出来役, card points and the round's settlement (docs/rules/hanaawase.md).

出来役 are plain dicts ``{name: points}``. 五光 replaces 四光 and 七短 replaces 六短; everything else
adds up (docs/rules/hanaawase.md §7).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import (
    AKATAN,
    AME,
    AOTAN,
    GOKO,
    HANAMI,
    INOSHIKACHO,
    KASUS,
    KUSA,
    LIGHTS,
    MONTH_MASK,
    OMOTE_SUGAWARA,
    SHIKO,
    TANES,
    TANS,
    TEPPO,
    TSUKIMI,
    mask,
)
from ...results import Cause, Line, pair
from ...yaku_defs import YakuDef

BASE = 88
"""基準点: each round's result is measured from 88 (264 card points = 3 × 88)."""
FUKE_LIMIT = 20
"""フケ: 20 card points or fewer make the round a draw for all."""

NANA_KASU, ROKU_KASU = "七カス", "六カス"
TEYAKU_VALUES = {NANA_KASU: 30, ROKU_KASU: 20}
"""Paid by each of the other two players."""

GOKO_Y, SHIKO_Y, NANATAN, ROKUTAN = "五光", "四光", "七短", "六短"
TAN_COUNTED = TANS & ~mask("q")
"""七短 and 六短 count the tanzaku other than 柳に短冊."""
NANATAN_POINTS, ROKUTAN_POINTS = 40, 30
YAKU = (
    YakuDef(GOKO_Y, GOKO, 5, 200, group=1),
    YakuDef(SHIKO_Y, SHIKO, 4, 60, group=1),
    YakuDef("赤短", AKATAN, 3, 40),
    YakuDef("青短", AOTAN, 3, 40),
    YakuDef("表菅原", OMOTE_SUGAWARA, 3, 30),
    YakuDef("のみ", TEPPO, 3, 30),
    YakuDef("松桐坊主", mask("Acs"), 3, 20),
    YakuDef("猪鹿蝶", INOSHIKACHO, 3, 20),
    YakuDef("くさ", KUSA, 3, 20),
    YakuDef("花見で一杯", HANAMI, 2, 20),
    YakuDef("月見で一杯", TSUKIMI, 2, 20),
    YakuDef("藤シマ", MONTH_MASK[3], 4, 20),
    YakuDef("桐シマ", MONTH_MASK[11], 4, 20),
    YakuDef(ROKUTAN, TAN_COUNTED, 6, ROKUTAN_POINTS, group=2),
    YakuDef(NANATAN, TAN_COUNTED, 7, NANATAN_POINTS, group=2),
)
"""The 出来役 with their points (docs/rules/hanaawase.md §7). Exclusive groups
(§7): 五光 replaces 四光 (1), 七短 replaces 六短 (2)."""
SETS = tuple((d.name, d.value, d.cards) for d in YAKU if d.need == d.cards.bit_count())
"""The 出来役 of a fixed set of cards: (name, points, cards)."""


def card_points(caps: int) -> int:
    """Card points: 20, 10, 5, 1 (docs/rules/hanaawase.md §2)."""
    return (
        20 * (caps & LIGHTS).bit_count()
        + 10 * (caps & TANES).bit_count()
        + 5 * (caps & TANS).bit_count()
        + (caps & KASUS).bit_count()
    )


def dekiyaku(caps: int) -> dict[str, int]:
    """The 出来役 of a capture set (before 雨シマ)."""
    out = {name: points for name, points, cards in SETS if caps & cards == cards}
    if GOKO_Y in out:
        del out[SHIKO_Y]
    tan = (caps & TAN_COUNTED).bit_count()
    if tan >= 7:
        out[NANATAN] = NANATAN_POINTS
    elif tan == 6:
        out[ROKUTAN] = ROKUTAN_POINTS
    return out


def ame_shima(caps: int) -> bool:
    """雨シマ: all four November cards void the holder's 出来役 (card points still count)."""
    return caps & AME == AME


def teyaku(hand: int) -> str | None:
    """七カス (all seven dealt cards 1-point) or 六カス (exactly six); 菊に盃 is not a kasu here."""
    kasu = (hand & KASUS).bit_count()
    if kasu == 7:
        return NANA_KASU
    if kasu == 6:
        return ROKU_KASU
    return None


def teyaku_payments(declared: Sequence[str | None]) -> list[int]:
    """Each declared teyaku is paid by the two others, independently
    (docs/rules/hanaawase.md §5)."""
    pay = [0, 0, 0]
    for holder, name in enumerate(declared):
        if name:
            value = TEYAKU_VALUES[name]
            for s in range(3):
                pay[s] += 2 * value if s == holder else -value
    return pay


def settle(
    points: Sequence[int], yaku: Sequence[int], teyaku_pay: Sequence[int] = (0, 0, 0)
) -> tuple[int, ...]:
    """Round results: card points + 2 × own 出来役 − the others' − 88, plus teyaku payments.
    フケ (anyone at 20 points or fewer) makes every result 0 (docs/rules/hanaawase.md §8)."""
    if min(points) <= FUKE_LIMIT:
        return (0, 0, 0)
    total = sum(yaku)
    return tuple(points[s] + 3 * yaku[s] - total - BASE + teyaku_pay[s] for s in range(len(points)))


def settle_lines(
    points: Sequence[int], yaku: Sequence[dict[str, int]], declared: Sequence[str | None]
) -> tuple[Line, ...]:
    """``settle`` with its causes: each seat's card points against 88, each 出来役 and each teyaku
    paid by each of the other two (docs/rules/hanaawase.md §5, §9); nothing after フケ (§8)."""
    if min(points) <= FUKE_LIMIT:
        return ()
    out = [Line(s, points[s] - BASE, Cause.CARD_POINTS, value=points[s]) for s in range(3)]
    for winner in range(3):
        for payer in range(3):
            if payer == winner:
                continue
            for name, value in yaku[winner].items():
                out += pair(winner, payer, value, Cause.YAKU, name, value)
            held = declared[winner]
            if held:
                value = TEYAKU_VALUES[held]
                out += pair(winner, payer, value, Cause.TEYAKU, held, value)
    return tuple(out)
