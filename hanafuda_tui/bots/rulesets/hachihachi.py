"""八八 for bots, in 点 at the month's 場 under the game's menu (seed 002 ○出来役 ○ルールの概要,
docs/rules/hachihachi.md §5): an 出来役 of v 貫 moves the holder's result 3 × its 点 against the others'
mean (paid by each); a card point is one 点 against 88 (half a point less for each other on
average), multiplied like the 出来役 under menus A–E and never raised under F, where an 出来役 is
raised by the 場 instead; a 法度 play costs its offender what it is worth (the view's 点 at this
場). 下げ risks paying the next winner both shares and falls to half on a 取消し, so the normal bot
calls 下げ (and keeps it) only while another 出来役 is one card away with cards in hand to win it
and no other player is one card from one; the strong bot's search judges 下げ by playing it out."""

from __future__ import annotations

from ...core.cards import ALL_CARDS
from ...core.game import PublicFacts
from ...core.rulesets.hachihachi.ba import KOBA
from ...core.rulesets.hachihachi.facts import HachihachiFacts
from ...core.rulesets.hachihachi.game import HachihachiOptions
from ...core.rulesets.hachihachi.yaku import MULTIPLIERS, YAKU, dekiyaku, points
from ..evaluation import Evaluator, Spec

MEASURED: dict[int, dict[str, float]] = {3: {"easy": 89.0, "normal": 39.6, "strong": 39.4}}
"""Each level's share of games won against the level below, by how many sit at the table
(docs/bots.md, the bot table: duplicate deals, every seat order; par is one in the number seated;
``strong``'s at 500 playouts a decision; its default think time searches about 800, which
measured the same)."""

MARGIN = 3
"""An 出来役's 点 move the holder's result this many times against the others' mean."""
POINT_WEIGHT = 1.5
HATTO_WEIGHT = 2.0
"""The offender pays the beneficiary's share for both others: twice the 点 at stake."""
SPREAD = 363.0
"""``Evaluator.spread`` in 点 (three normal bots, 300 years)."""


def specs(menu: str, ba: int) -> tuple[Spec, ...]:
    """The core's 出来役 (``Hachihachi.yaku_defs``) in 点 at 場 ``ba`` under ``menu`` (seed 002
    ○出来役, docs/rules/hachihachi.md §5, §10); under menu F the 場 raises 七短 once, not each 貫
    past it."""
    return tuple(
        Spec(
            d.name,
            d.cards,
            d.need,
            MARGIN * points(d.value, ba, menu),
            MARGIN * points(d.per, ba, menu, raised=False),
            d.group,
        )
        for d in YAKU
    )


def score(caps: int) -> int:
    """The 出来役 held, in 貫 at 小場."""
    return sum(dekiyaku(caps).values())


SAGE_HAND = 3
"""下げ needs at least this many hand cards left to win the missing card with."""


def stop(
    ev: Evaluator, seat: int, hand: int, captures: tuple[int, ...], facts: PublicFacts
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


def month_state(facts: PublicFacts) -> tuple[int]:
    """The view's fact the values depend on: the month's 場 (docs/rules/hachihachi.md §4)."""
    assert isinstance(facts, HachihachiFacts)
    return (facts.ba,)


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
        spread=SPREAD,
    )
