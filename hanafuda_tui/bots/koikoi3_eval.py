"""三人こいこい for bots: the 出来役 as card sets (seed 001 ○出来役) and when to call 勝負.

There is no doubling in this ruleset (seed ○要点: 等倍), so こいこい only buys time: worth it when
the yaku in hand is small, another is one card away, and nobody else is close to one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.cards import (
    AKATAN,
    ALL_CARDS,
    AOTAN,
    GOKO,
    GOUN,
    HANAMI,
    INOSHIKACHO,
    KASUS,
    KIKU_SAKAZUKI,
    KOTORI,
    KUSA,
    OMOTE_SUGAWARA,
    ONO_MICHIKAZE,
    OTORI,
    SHIKO,
    TANES,
    TANS,
    TEPPO,
    TSUKIMI,
)
from ..core.rulesets.koikoi3.game import Koikoi3Options
from ..core.rulesets.koikoi3.yaku import scoring_yaku
from .evaluation import Evaluator, Spec

LIGHTS, BIRDS, CUPS = 1, 2, 3
"""Exclusive groups (docs/rules/koikoi3.md §5): 五光 > 四光 > 雨四光 > 三光, 大鳥 > 小鳥, 鉄砲 over
月見酒 and 花見酒 (which it contains)."""
SPECS = (
    Spec("五光", GOKO, 5, 24, group=LIGHTS),
    Spec("四光", SHIKO, 4, 16, group=LIGHTS),
    Spec("雨四光", SHIKO | ONO_MICHIKAZE, 4, 9, group=LIGHTS),
    Spec("三光", SHIKO, 3, 6, group=LIGHTS),
    Spec("大鳥", OTORI, 6, 18, group=BIRDS),
    Spec("小鳥", KOTORI, 4, 7, group=BIRDS),
    Spec("五雲", GOUN, 5, 15),
    Spec("赤短", AKATAN, 3, 7),
    Spec("青短", AOTAN, 3, 7),
    Spec("猪鹿蝶", INOSHIKACHO, 3, 6),
    Spec("鉄砲", TEPPO, 3, 6, group=CUPS),
    Spec("くさ", KUSA, 3, 5),
    Spec("表菅原", OMOTE_SUGAWARA, 3, 4),
    Spec("月見酒", TSUKIMI, 2, 2, group=CUPS),
    Spec("花見酒", HANAMI, 2, 2, group=CUPS),
    Spec("タネ", TANES, 5, 1, 1),
    Spec("タン", TANS, 5, 1, 1),
    Spec("カス", KASUS | KIKU_SAKAZUKI, 10, 1, 1),
)
SMALL = 2
"""A yaku worth this little may be risked for one more (こいこい)."""


def score(caps: int) -> int:
    return sum(scoring_yaku(caps).values())


def stop(
    ev: Evaluator, seat: int, hand: int, captures: tuple[int, ...], extra: Mapping[str, Any]
) -> bool:
    """勝負 unless the yaku is small, another is one card away, the hand is long and no one is close."""
    caps = captures[seat]
    if ev.score(caps) > SMALL or hand.bit_count() < 4 or ev.threatened(seat, captures):
        return True
    others = 0
    for s, c in enumerate(captures):
        if s != seat:
            others |= c
    return not ev.one_away(caps, ALL_CARDS & ~others)


def make(options: Koikoi3Options) -> Evaluator:
    """The same for every option: the length of the year changes no value."""
    return Evaluator("koikoi3", SPECS, score, stop)
