"""花合わせ for bots: card points count one for one, and each 出来役 is worth three times its points
against the others (own + 2 × value, each other − value: seed 004, docs/rules/hanaawase.md §9)."""

from __future__ import annotations

from ...core.rulesets.hanaawase.game import HanaawaseOptions
from ...core.rulesets.hanaawase.yaku import YAKU, dekiyaku
from ..evaluation import Entry, Evaluator, Spec

MEASURED: dict[int, dict[str, float]] = {
    3: {"easy": 92.0, "normal": 36.4, "strong": 47.2},
    4: {"easy": 84.7, "normal": 28.1, "strong": 33.1},
    5: {"easy": 73.4, "normal": 23.8, "strong": 24.7},
    6: {"easy": 63.6, "normal": 16.9, "strong": 19.2},
}
"""Each level's share of games won against the level below, by how many sit at the table
(docs/bots.md, the bot table: duplicate deals, every seat order; par is one in the number seated;
``strong``'s with three seated at 500 playouts a decision (its default think time searches about
1,000, which measured the same), and at 100 playouts with four to six)."""

MARGIN = 3
"""A 出来役's points move the holder's result this many times against the others' mean."""
POINT_WEIGHT = 1.5
"""A card point: one to the holder, half a point less for each other on average (264 in all)."""

SPECS = tuple(
    Spec(d.name, d.cards, d.need, MARGIN * d.value, MARGIN * d.per, d.group) for d in YAKU
)
"""The core's 出来役 (``Hanaawase.yaku_defs``), each worth ``MARGIN`` times its points."""


SPREAD = {3: 128.0, 4: 103.0, 5: 84.0, 6: 74.0}
"""``Evaluator.spread`` in points by how many sit at the table (normal bots, 300 games at three,
150 at four to six: two who sit a round out differ by nothing)."""

ENTRY = Entry(points=40, strength=220)
"""出る・下る with four to six seated (seed 004). A hand's mean round result turns positive near
39 card points (of the 264) and near 189 card points plus yaku potential (28,800 hands of three
normal bots); the others enter on strong hands, so normal asks for more: against four normal
bots at five seats (1,000 games each) a threshold of 150 lost 27.6 a game, 185 par, 220 won
14.2, 260 won 12.2."""


def score(caps: int) -> int:
    return sum(dekiyaku(caps).values())


def make(options: HanaawaseOptions) -> Evaluator:
    """The same values under every option; the spread by how many sit at the table."""
    return Evaluator(
        "hanaawase",
        SPECS,
        score,
        point_weight=POINT_WEIGHT,
        entry=ENTRY,
        spread=SPREAD[options.players],
    )
