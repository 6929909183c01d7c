"""花合わせ for bots: card points count one for one, and each 出来役 is worth three times its points
against the others (own + 2 × value, each other − value: seed 004, docs/rules/hanaawase.md §9)."""

from __future__ import annotations

from ..core.cards import GOKO, SHIKO
from ..core.rulesets.hanaawase.game import HanaawaseOptions
from ..core.rulesets.hanaawase.yaku import (
    NANATAN_POINTS,
    ROKUTAN_POINTS,
    SETS,
    TAN_COUNTED,
    dekiyaku,
)
from .evaluation import Evaluator, Spec

MARGIN = 3
"""A 出来役's points move the holder's result this many times against the others' mean."""
POINT_WEIGHT = 1.5
"""A card point: one to the holder, half a point less for each other on average (264 in all)."""

VALUES = {name: value for name, value, _ in SETS}
SPECS = (
    *(
        Spec(name, cards, cards.bit_count(), MARGIN * value, group=1 if cards == SHIKO else 0)
        for name, value, cards in SETS
        if cards != GOKO
    ),
    Spec("五光", GOKO, 5, MARGIN * VALUES["五光"], group=1),
    Spec("六短", TAN_COUNTED, 6, MARGIN * ROKUTAN_POINTS, group=2),
    Spec("七短", TAN_COUNTED, 7, MARGIN * NANATAN_POINTS, group=2),
)
"""Exclusive groups (docs/rules/hanaawase.md §7): 五光 replaces 四光 (1), 七短 replaces 六短 (2)."""


def score(caps: int) -> int:
    return sum(dekiyaku(caps).values())


def make(options: HanaawaseOptions) -> Evaluator:
    """The same for every option: the number of rounds changes no value."""
    return Evaluator("hanaawase", SPECS, score, point_weight=POINT_WEIGHT)
