"""A ruleset's yaku as one table of card sets: what the help reference shows and the bots weigh.

Each ruleset's scoring function (``Game.yaku_function``) stays the rule; its table
(``Game.yaku_defs``) describes the same yaku as card sets, and a test keeps the two equal.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import KASUS, KIKU_SAKAZUKI, ONO_MICHIKAZE, SHIKO, TANES, TANS


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
past ``need``."""


_LIGHTS = SHIKO | ONO_MICHIKAZE
_KASU_CARDS = KASUS | KIKU_SAKAZUKI


def light_or_count_raised(new: int, after: int) -> bool:
    """A quick test, in both こいこい, that the ``new`` cards of captures now ``after`` form or
    raise the light group (it scores from three of the four 光 but 柳's, and rises with every
    light added) or a counted yaku (a new card of its kind leaves it at ``need`` or above). A
    count needs that many cards at least, which prunes most turns early in a month."""
    n = after.bit_count()
    if n >= 3:
        if new & _LIGHTS and (after & SHIKO).bit_count() >= 3:
            return True
        if n >= 5:
            if new & TANES and (after & TANES).bit_count() >= 5:
                return True
            if new & TANS and (after & TANS).bit_count() >= 5:
                return True
            if n >= 10 and new & _KASU_CARDS and (after & _KASU_CARDS).bit_count() >= 10:
                return True
    return False


def add_counted(out: dict[str, int], caps: int) -> None:
    """Add to ``out`` the counted yaku (``COUNTED``) that the capture set ``caps`` reaches."""
    for name, cards, need in COUNTED:
        n = (caps & cards).bit_count()
        if n >= need:
            out[name] = n - need + 1


def add_complete(
    out: dict[str, int], caps: int, sets: tuple[tuple[str, int], ...], values: dict[str, int]
) -> None:
    """Add to ``out`` each yaku of ``sets`` (name, cards) that ``caps`` holds whole, at its value."""
    for name, cards in sets:
        if caps & cards == cards:
            out[name] = values[name]
