"""三人こいこい for bots: the 出来役 as card sets (seed 001 ○出来役) and when to call 勝負.

There is no doubling in this ruleset (seed ○要点: 等倍), so こいこい only buys time: worth it when
the yaku in hand is small, another is one card away, and nobody else is close to one.
"""

from __future__ import annotations

from ...core.cards import ALL_CARDS
from ...core.game import PublicFacts
from ...core.rulesets.koikoi3.game import Koikoi3Options
from ...core.rulesets.koikoi3.yaku import YAKU, scoring_yaku
from ..evaluation import Evaluator, Spec

MEASURED: dict[int, dict[str, float]] = {3: {"easy": 97.2, "normal": 38.9, "strong": 46.7}}
"""Each level's share of games won against the level below, by how many sit at the table
(docs/bots.md, the bot table: duplicate deals, every seat order; par is one in the number seated)."""

SPECS = tuple(Spec(d.name, d.cards, d.need, d.value, d.per, d.group) for d in YAKU)
"""The core's yaku (``Koikoi3.yaku_defs``) at their values in 文. The bot leaves 雨流れ of the
盃役 (docs/rules/koikoi3.md §6) to the exact score."""
SPREAD = 14.5
"""``Evaluator.spread`` in 文 (normal bots, 300 years)."""
SMALL = 2
"""A yaku worth this little may be risked for one more (こいこい)."""


def score(caps: int) -> int:
    return sum(scoring_yaku(caps).values())


def stop(
    ev: Evaluator, seat: int, hand: int, captures: tuple[int, ...], facts: PublicFacts
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
    return Evaluator("koikoi3", SPECS, score, stop, spread=SPREAD)
