"""八八 for bots, in 点 at 小場 (seed 002 ○出来役, RULINGS.md 八八): an 出来役 of v 貫 moves the
holder's result 3 × 12v against the others' mean (paid v by each); a card point is one 点 against
88 (half a point less for each other on average); a 法度 play costs its offender what it is worth.
下げ risks paying the next winner both shares and falls to half on a 取消し, so the normal bot calls
下げ (and keeps it) only while another 出来役 is one card away with cards in hand to win it and no
other player is one card from one; the strong bot's search judges 下げ by playing it out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.cards import AKATAN, ALL_CARDS, AOTAN, GOKO, GOUN, INOSHIKACHO, SHIKO, TANS
from ..core.rulesets.hachihachi_yaku import FIXED, KAN, SEVEN_TAN, dekiyaku
from ..core.rulesets.hachihachi_yaku import GOKO as GOKO_Y
from ..core.rulesets.hachihachi_yaku import SHIKO as SHIKO_Y
from .evaluation import Evaluator, Spec

MARGIN = 3 * KAN
POINT_WEIGHT = 1.5
HATTO_WEIGHT = 2.0
"""The offender pays the beneficiary's share for both others: twice the 点 at stake."""

SPECS = (
    Spec(SHIKO_Y, SHIKO, 4, MARGIN * FIXED[SHIKO_Y], group=1),
    Spec(GOKO_Y, GOKO, 5, MARGIN * FIXED[GOKO_Y], group=1),  # 五光 replaces 四光 (RULINGS 八八 1)
    Spec("五雲", GOUN, 5, MARGIN * FIXED["五雲"]),
    Spec("赤短", AKATAN, 3, MARGIN * FIXED["赤短"]),
    Spec("青短", AOTAN, 3, MARGIN * FIXED["青短"]),
    Spec("猪鹿蝶", INOSHIKACHO, 3, MARGIN * FIXED["猪鹿蝶"]),
    Spec("七短", TANS, 7, MARGIN * SEVEN_TAN, MARGIN),
)


def score(caps: int) -> int:
    return sum(dekiyaku(caps).values())


SAGE_HAND = 3
"""下げ needs at least this many hand cards left to win the missing card with."""


def stop(
    ev: Evaluator, seat: int, hand: int, captures: tuple[int, ...], extra: Mapping[str, Any]
) -> bool:
    """あがり / 取消し unless another 出来役 is one card away, the hand is long enough and no one
    else is one card from an 出来役 (RULINGS 八八 4, 11)."""
    if hand.bit_count() < SAGE_HAND or ev.threatened(seat, captures):
        return True
    others = 0
    for s, c in enumerate(captures):
        if s != seat:
            others |= c
    return not ev.one_away(captures[seat], ALL_CARDS & ~others)


def make() -> Evaluator:
    return Evaluator(
        "hachihachi", SPECS, score, stop, point_weight=POINT_WEIGHT, hatto_weight=HATTO_WEIGHT
    )
