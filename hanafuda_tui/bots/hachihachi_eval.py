"""八八 for bots, in 点 at the month's 場 under the game's menu (seed 002 ○出来役 ○ルールの概要,
docs/rules/hachihachi.md §5): an 出来役 of v 貫 moves the holder's result 3 × its 点 against the others'
mean (paid by each); a card point is one 点 against 88 (half a point less for each other on
average), multiplied like the 出来役 under menus A–E and never raised under F, where an 出来役 is
raised by the 場 instead; a 法度 play costs its offender what it is worth (the view's 点 at this
場). 下げ risks paying the next winner both shares and falls to half on a 取消し, so the normal bot
calls 下げ (and keeps it) only while another 出来役 is one card away with cards in hand to win it
and no other player is one card from one; the strong bot's search judges 下げ by playing it out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.cards import AKATAN, ALL_CARDS, AOTAN, GOKO, GOUN, INOSHIKACHO, SHIKO, TANS
from ..core.rulesets.hachihachi.ba import KOBA
from ..core.rulesets.hachihachi.game import HachihachiOptions
from ..core.rulesets.hachihachi.yaku import FIXED, MULTIPLIERS, SEVEN_TAN, dekiyaku, points
from ..core.rulesets.hachihachi.yaku import GOKO as GOKO_Y
from ..core.rulesets.hachihachi.yaku import SHIKO as SHIKO_Y
from .evaluation import Evaluator, Spec

MONTH_STATE = ("ba",)
"""The view's ``extra`` key the values depend on: the month's 場."""
MARGIN = 3
"""An 出来役's 点 move the holder's result this many times against the others' mean."""
POINT_WEIGHT = 1.5
HATTO_WEIGHT = 2.0
"""The offender pays the beneficiary's share for both others: twice the 点 at stake."""


def specs(menu: str, ba: int) -> tuple[Spec, ...]:
    """The 出来役 at 場 ``ba`` under ``menu`` (seed 002 ○出来役, docs/rules/hachihachi.md §5, §10)."""

    def v(kan: int) -> float:
        return MARGIN * points(kan, ba, menu)

    return (
        Spec(SHIKO_Y, SHIKO, 4, v(FIXED[SHIKO_Y]), group=1),
        Spec(GOKO_Y, GOKO, 5, v(FIXED[GOKO_Y]), group=1),  # 五光 replaces 四光 (hachihachi.md §10)
        Spec("五雲", GOUN, 5, v(FIXED["五雲"])),
        Spec("赤短", AKATAN, 3, v(FIXED["赤短"])),
        Spec("青短", AOTAN, 3, v(FIXED["青短"])),
        Spec("猪鹿蝶", INOSHIKACHO, 3, v(FIXED["猪鹿蝶"])),
        Spec("七短", TANS, 7, v(SEVEN_TAN), MARGIN * points(1, ba, menu, raised=False)),
    )


def score(caps: int) -> int:
    """The 出来役 held, in 貫 at 小場."""
    return sum(dekiyaku(caps).values())


SAGE_HAND = 3
"""下げ needs at least this many hand cards left to win the missing card with."""


def stop(
    ev: Evaluator, seat: int, hand: int, captures: tuple[int, ...], extra: Mapping[str, Any]
) -> bool:
    """あがり / 取消し unless another 出来役 is one card away, the hand is long enough and no one
    else is one card from an 出来役 (docs/rules/hachihachi.md §11)."""
    if hand.bit_count() < SAGE_HAND or ev.threatened(seat, captures):
        return True
    others = 0
    for s, c in enumerate(captures):
        if s != seat:
            others |= c
    return not ev.one_away(captures[seat], ALL_CARDS & ~others)


def make(options: HachihachiOptions, ba: int = KOBA) -> Evaluator:
    """The evaluator at 場 ``ba`` (小場 for a view without one) under the options' menu."""
    if options.menu == "F":  # card points are never raised
        num, den = 1, 1
    else:
        num, den = MULTIPLIERS[options.menu][ba]
    return Evaluator(
        "hachihachi",
        specs(options.menu, ba),
        score,
        stop,
        point_weight=POINT_WEIGHT * num / den,
        hatto_weight=HATTO_WEIGHT,
    )
