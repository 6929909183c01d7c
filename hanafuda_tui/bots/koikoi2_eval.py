"""二人こいこい for bots: the yaku as card sets (seed 003 section 4-5, docs/rules/koikoi2.md §4–§6) and
when to call こいこい, under the game's options (``low_values``, ``rain``, ``double_seven``). A
こいこい doubles the month's score for whoever wins it, so it pays when the bot is likely to add a
yaku before the other player completes one."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core.cards import (
    AKATAN,
    ALL_CARDS,
    AME,
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
    cards_of,
)
from ..core.rulesets.koikoi2 import yaku as y
from ..core.rulesets.koikoi2.game import Koikoi2Options
from .evaluation import Evaluator, Spec, StopRule, VoidingEvaluator

ENOUGH = 5
"""Stop at this many points or more: doubling it is rarely worth the risk."""
DOUBLED_FROM = 7
"""With ``double_seven`` a score of this many points or more is doubled (seed 003 section 5)."""


def specs(options: Koikoi2Options) -> tuple[Spec, ...]:
    """The yaku at the game's values (``low_values``); with ``rain`` a November card captured voids
    花見/月見; with ``double_seven`` a yaku worth 7 or more on its own counts double (sums of
    smaller ones that reach 7 are left to the exact score)."""
    values = y.LOW_VALUES if options.low_values else y.VALUES
    void = AME if options.rain else 0

    def v(name: str) -> int:
        value = values[name]
        return 2 * value if options.double_seven and value >= DOUBLED_FROM else value

    return (  # group 1: the lights, exclusive (docs/rules/koikoi2.md §4)
        Spec(y.GOKO, GOKO, 5, v(y.GOKO), group=1),
        Spec(y.SHIKO_Y, SHIKO, 4, v(y.SHIKO_Y), group=1),
        Spec(y.AME_SHIKO, SHIKO | ONO_MICHIKAZE, 4, v(y.AME_SHIKO), group=1),
        Spec(y.SANKO, SHIKO, 3, v(y.SANKO), group=1),
        Spec(y.INOSHIKACHO_Y, INOSHIKACHO, 3, v(y.INOSHIKACHO_Y)),
        Spec(y.AKATAN_Y, AKATAN, 3, v(y.AKATAN_Y)),
        Spec(y.AOTAN_Y, AOTAN, 3, v(y.AOTAN_Y)),
        Spec(y.TSUKIMI_Y, TSUKIMI, 2, v(y.TSUKIMI_Y), void=void),
        Spec(y.HANAMI_Y, HANAMI, 2, v(y.HANAMI_Y), void=void),
        Spec(y.TANE_Y, TANES, 5, 1, 1),
        Spec(y.TAN_Y, TANS, 5, 1, 1),
        Spec(y.KASU_Y, KASUS | KIKU_SAKAZUKI, 10, 1, 1),
    )


def scorer(options: Koikoi2Options) -> Callable[[int], int]:
    """The exact points of 勝負 now (before any こいこい doubling), under the game's options."""
    values = y.LOW_VALUES if options.low_values else y.VALUES
    rain, double_seven = options.rain, options.double_seven

    def score(caps: int) -> int:
        base = sum(y.yaku(caps, values, rain).values())
        return 2 * base if double_seven and base >= DOUBLED_FROM else base

    return score


def stop_rule(options: Koikoi2Options) -> StopRule:
    """勝負 with enough points, a short hand, a threat, or once the month is already doubled;
    else こいこい when another yaku is one card away. With ``double_seven``, 5 or 6 points are
    enough only when no card one away lifts the score to 7 (then doubled)."""
    double_seven = options.double_seven

    def stop(
        ev: Evaluator, seat: int, hand: int, captures: tuple[int, ...], extra: Mapping[str, Any]
    ) -> bool:
        caps = captures[seat]
        now = ev.score(caps)
        if hand.bit_count() < 4 or any(extra.get("koikoi", ())) or ev.threatened(seat, captures):
            return True
        if now >= ENOUGH and not (double_seven and now < DOUBLED_FROM):
            return True
        others = 0
        for s, c in enumerate(captures):
            if s != seat:
                others |= c
        near = ev.one_away(caps, ALL_CARDS & ~others)
        if now < ENOUGH:
            return not near
        return not any(ev.score(caps | 1 << c) >= 2 * DOUBLED_FROM for c in cards_of(near))

    return stop


def make(options: Koikoi2Options) -> Evaluator:
    kind = VoidingEvaluator if options.rain else Evaluator
    return kind("koikoi2", specs(options), scorer(options), stop_rule(options))
