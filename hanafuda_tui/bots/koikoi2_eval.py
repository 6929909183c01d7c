"""二人こいこい for bots: the yaku as card sets (seed 003 section 4-5, RULINGS.md 二人こいこい) and
when to call こいこい. A こいこい doubles the month's score for whoever wins it, so it pays when the
bot is likely to add a yaku before the other player completes one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.cards import (
    AKATAN,
    ALL_CARDS,
    AOTAN,
    GOKO,
    HANAMI,
    INOSHIKACHO,
    KASUS,
    KIKU_SAKAZUKI,
    ONO_MICHIKAZE,
    SHIKO,
    TANES,
    TANS,
    TSUKIMI,
)
from ..core.rulesets.koikoi2_yaku import VALUES, yaku
from .evaluation import Evaluator, Spec

SPECS = (  # group 1: the lights, exclusive (RULINGS 二人こいこい 2)
    Spec("五光", GOKO, 5, 15, group=1),
    Spec("四光", SHIKO, 4, 10, group=1),
    Spec("雨四光", SHIKO | ONO_MICHIKAZE, 4, 8, group=1),
    Spec("三光", SHIKO, 3, 6, group=1),
    Spec("猪鹿蝶", INOSHIKACHO, 3, 5),
    Spec("赤短", AKATAN, 3, 6),
    Spec("青短", AOTAN, 3, 6),
    Spec("月見で一杯", TSUKIMI, 2, 5),
    Spec("花見で一杯", HANAMI, 2, 5),
    Spec("タネ", TANES, 5, 1, 1),
    Spec("タン", TANS, 5, 1, 1),
    Spec("カス", KASUS | KIKU_SAKAZUKI, 10, 1, 1),
)
ENOUGH = 5
"""Stop at this many points or more: doubling it is rarely worth the risk."""


def score(caps: int) -> int:
    return sum(yaku(caps, VALUES).values())


def stop(
    ev: Evaluator, seat: int, hand: int, captures: tuple[int, ...], extra: Mapping[str, Any]
) -> bool:
    """勝負 with enough points, a short hand, a threat, or once the month is already doubled;
    else こいこい when another yaku is one card away."""
    caps = captures[seat]
    if ev.score(caps) >= ENOUGH or hand.bit_count() < 4 or any(extra.get("koikoi", ())):
        return True
    if ev.threatened(seat, captures):
        return True
    others = 0
    for s, c in enumerate(captures):
        if s != seat:
            others |= c
    return not ev.one_away(caps, ALL_CARDS & ~others)


def make() -> Evaluator:
    return Evaluator("koikoi2", SPECS, score, stop)
