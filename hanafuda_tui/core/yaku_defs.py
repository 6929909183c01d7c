"""A ruleset's yaku as one table of card sets: what the help reference shows and the bots weigh.

Each ruleset's scoring function (``Game.yaku_function``) stays the rule; its table
(``Game.yaku_defs``) describes the same yaku as card sets, and a test keeps the two equal.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import KASUS, KIKU_SAKAZUKI, TANES, TANS


class YakuDef(NamedTuple):
    """A yaku: ``need`` of ``cards`` make it, worth ``value`` in the ruleset's unit; each card past
    ``need`` adds ``per``. Yaku sharing a non-zero ``group`` are exclusive: the best one scores."""

    name: str
    cards: int
    need: int
    value: int
    per: int = 0
    group: int = 0
    grown: tuple[str, ...] = ()
    """Its names at ``need + 1``, ``need + 2``... cards, where the name grows with the count
    (八八's 八短, 九短, 十短); empty: the name stays."""


TANE, TAN, KASU = "タネ", "タン", "カス"
COUNTED = ((TANE, TANES, 5), (TAN, TANS, 5), (KASU, KASUS | KIKU_SAKAZUKI, 10))
"""The counted yaku of こいこい as (name, cards, need) (docs/rules/koikoi3.md §5, docs/rules/koikoi2.md
§4): タネ and タン from five cards, カス (菊に盃 counted) from ten, each worth 1 and 1 more per card
past ``need``. Scoring functions loop over it inline (they run in every simulated turn)."""
