"""A ruleset's yaku as one table of card sets: what the help reference shows and the bots weigh.

Each ruleset's scoring function (``Game.yaku_function``) stays the rule; its table
(``Game.yaku_defs``) describes the same yaku as card sets, and a test keeps the two equal.
"""

from __future__ import annotations

from typing import NamedTuple


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
