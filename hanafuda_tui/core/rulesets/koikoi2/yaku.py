"""二人こいこい: yaku and teyaku (docs/rules/koikoi2.md §4, §8).

Yaku are plain dicts ``{name: value}``. The light group is exclusive (五光 > 四光 > 雨四光 > 三光);
everything else adds up; 菊に盃 is a tane and a kasu at once. 表菅原/裏菅原 are not played.
"""

from __future__ import annotations

from ...cards import (
    AKATAN,
    AME,
    AOTAN,
    HANAMI,
    INOSHIKACHO,
    KASUS,
    KIKU_SAKAZUKI,
    MONTH_MASK,
    ONO_MICHIKAZE,
    SHIKO,
    TANES,
    TANS,
    TSUKIMI,
)
from ...cards import GOKO as GOKO_CARDS
from ...table import has_shima
from ...yaku_defs import COUNTED, KASU, TAN, TANE, YakuDef

GOKO, SHIKO_Y, AME_SHIKO, SANKO = "五光", "四光", "雨四光", "三光"
INOSHIKACHO_Y, AKATAN_Y, AOTAN_Y = "猪鹿蝶", "赤短", "青短"
TSUKIMI_Y, HANAMI_Y = "月見で一杯", "花見で一杯"
TANE_Y, TAN_Y, KASU_Y = TANE, TAN, KASU
TESHI, KUTTSUKI = "手四", "くっつき"

LIGHTS_GROUP = 1
"""The lights are exclusive (docs/rules/koikoi2.md §4): 五光 > 四光 > 雨四光 > 三光."""
YAKU = (
    YakuDef(GOKO, GOKO_CARDS, 5, 15, group=LIGHTS_GROUP),
    YakuDef(SHIKO_Y, SHIKO, 4, 10, group=LIGHTS_GROUP),
    YakuDef(AME_SHIKO, SHIKO | ONO_MICHIKAZE, 4, 8, group=LIGHTS_GROUP),
    YakuDef(SANKO, SHIKO, 3, 6, group=LIGHTS_GROUP),
    YakuDef(INOSHIKACHO_Y, INOSHIKACHO, 3, 5),
    YakuDef(AKATAN_Y, AKATAN, 3, 6),
    YakuDef(AOTAN_Y, AOTAN, 3, 6),
    YakuDef(TSUKIMI_Y, TSUKIMI, 2, 5),
    YakuDef(HANAMI_Y, HANAMI, 2, 5),
    YakuDef(TANE_Y, TANES, 5, 1, per=1),
    YakuDef(TAN_Y, TANS, 5, 1, per=1),
    YakuDef(KASU_Y, KASUS | KIKU_SAKAZUKI, 10, 1, per=1),
)
"""The yaku as card sets at their main values in 点 (docs/rules/koikoi2.md §4): 雨四光 is 小野道風 with
three other lights, 三光 three lights without him; タネ and タン grow by 1 per card past 5, カス (菊に盃
counted) per card past 10."""
VALUES = {d.name: d.value for d in YAKU if not d.per}
"""The values of the yaku that do not count cards."""
LOW_VALUES = {**VALUES, GOKO: 10, SHIKO_Y: 8, AME_SHIKO: 7, SANKO: 5, AKATAN_Y: 5, AOTAN_Y: 5}
"""The seed's alternatives in brackets (「…とする場合もある」)."""


def yaku_defs(values: dict[str, int]) -> tuple[YakuDef, ...]:
    """The yaku table at ``values`` (``VALUES`` or ``LOW_VALUES``)."""
    return tuple(d._replace(value=values[d.name]) if d.name in values else d for d in YAKU)


RAIN_VOIDED = (TSUKIMI_Y, HANAMI_Y)
"""With the ``rain`` option, any November card (``AME``) captured voids these."""

TEYAKU_VALUE = 6
"""手四 and くっつき, when played as teyaku: the seed gives no value; 6 is the common one."""

_LIGHTS = SHIKO | ONO_MICHIKAZE
_SET_CARDS = INOSHIKACHO | AKATAN | AOTAN | TSUKIMI | HANAMI
KASU_CARDS = KASUS | KIKU_SAKAZUKI


def _lights(out: dict[str, int], caps: int, values: dict[str, int]) -> None:
    """The best of the light group (五光 > 四光 > 雨四光 > 三光), if any."""
    four = (caps & SHIKO).bit_count()
    if caps & ONO_MICHIKAZE:
        if four == 4:
            out[GOKO] = values[GOKO]
        elif four == 3:
            out[AME_SHIKO] = values[AME_SHIKO]
    elif four == 4:
        out[SHIKO_Y] = values[SHIKO_Y]
    elif four == 3:
        out[SANKO] = values[SANKO]


_SETS = ((INOSHIKACHO_Y, INOSHIKACHO), (AKATAN_Y, AKATAN), (AOTAN_Y, AOTAN))
_CUPS = ((TSUKIMI_Y, TSUKIMI), (HANAMI_Y, HANAMI))


def yaku(caps: int, values: dict[str, int], rain: bool = False) -> dict[str, int]:
    """The scoring yaku of a capture set. ``rain``: any November card voids 花見/月見 (option)."""
    out: dict[str, int] = {}
    if caps & _LIGHTS:
        _lights(out, caps, values)
    if caps & _SET_CARDS:
        for name, cards in _SETS:
            if caps & cards == cards:
                out[name] = values[name]
        if caps & KIKU_SAKAZUKI and not (rain and caps & AME):
            for name, cards in _CUPS:
                if caps & cards == cards:
                    out[name] = values[name]
    for name, cards, need in COUNTED:
        n = (caps & cards).bit_count()
        if n >= need:
            out[name] = n - need + 1
    return out


def formed(before: int, after: int, values: dict[str, int], rain: bool = False) -> bool:
    """True if a turn that took captures from ``before`` to ``after`` formed or raised a yaku.

    Without dicts (this runs every turn): a new light raises the light group whenever the group
    scores after it (its tiers rise with every light added); a set forms when a new card completes
    it; a count when a new card of its kind leaves it at its threshold or above.
    """
    new = after ^ before  # captures only grow: the new cards
    n = after.bit_count()  # a count yaku needs that many cards: most turns are pruned here
    if n >= 3:
        if new & _LIGHTS and (after & SHIKO).bit_count() >= 3:
            return True
        if n >= 5:
            if new & TANES and (after & TANES).bit_count() >= 5:
                return True
            if new & TANS and (after & TANS).bit_count() >= 5:
                return True
            if (
                n >= 10
                and new & KASU_CARDS
                and (after & KASUS).bit_count() + (1 if after & KIKU_SAKAZUKI else 0) >= 10
            ):
                return True
    if new & _SET_CARDS:
        if new & INOSHIKACHO and after & INOSHIKACHO == INOSHIKACHO:
            return True
        if new & AKATAN and after & AKATAN == AKATAN:
            return True
        if new & AOTAN and after & AOTAN == AOTAN:
            return True
        if new & (TSUKIMI | HANAMI) and not (rain and after & AME):
            if new & TSUKIMI and after & TSUKIMI == TSUKIMI:
                return True
            if new & HANAMI and after & HANAMI == HANAMI:
                return True
    return False


def teyaku(hand: int) -> str | None:
    """手四 (four cards of a month) or くっつき (exactly four pairs) in an eight-card hand."""
    counts = [(hand & m).bit_count() for m in MONTH_MASK]
    if 4 in counts:
        return TESHI
    if counts.count(2) == 4:
        return KUTTSUKI
    return None


AKAAO_Y = "赤短・青短"
TAN_GROUP, TANE_GROUP = 2, 3
"""Under ``rules=nintendo`` タン is never scored on top of 赤短, 青短 or 赤短・青短, nor タネ on top
of 猪鹿蝶, and 赤短 with 青短 is the one yaku 赤短・青短: each set is one exclusive group."""
NINTENDO_YAKU = (
    YakuDef(GOKO, GOKO_CARDS, 5, 10, group=LIGHTS_GROUP),
    YakuDef(SHIKO_Y, SHIKO, 4, 8, group=LIGHTS_GROUP),
    YakuDef(AME_SHIKO, SHIKO | ONO_MICHIKAZE, 4, 7, group=LIGHTS_GROUP),
    YakuDef(SANKO, SHIKO, 3, 5, group=LIGHTS_GROUP),
    YakuDef(INOSHIKACHO_Y, INOSHIKACHO, 3, 5, group=TANE_GROUP),
    YakuDef(AKAAO_Y, AKATAN | AOTAN, 6, 10, group=TAN_GROUP),
    YakuDef(AKATAN_Y, AKATAN, 3, 5, group=TAN_GROUP),
    YakuDef(AOTAN_Y, AOTAN, 3, 5, group=TAN_GROUP),
    YakuDef(TSUKIMI_Y, TSUKIMI, 2, 5),
    YakuDef(HANAMI_Y, HANAMI, 2, 5),
    YakuDef(TANE_Y, TANES, 5, 1, per=1, group=TANE_GROUP),
    YakuDef(TAN_Y, TANS, 5, 1, per=1, group=TAN_GROUP),
    YakuDef(KASU_Y, KASUS | KIKU_SAKAZUKI, 10, 1, per=1),
)
"""The yaku under ``rules=nintendo`` (docs/rules/koikoi2.md §11.1): 赤短,
青短 and 猪鹿蝶 also grow by 1 per further ribbon or tane (from the fourth), 赤短・青短 per ribbon
from the seventh; those growths run over every ribbon or tane, which the table leaves to
``yaku_nintendo``."""
NINTENDO_VALUES = {d.name: d.value for d in NINTENDO_YAKU if not d.per}


def yaku_nintendo(caps: int) -> dict[str, int]:
    """The scoring yaku of a capture set under ``rules=nintendo`` (no rain rule)."""
    out: dict[str, int] = {}
    if caps & _LIGHTS:
        _lights(out, caps, NINTENDO_VALUES)
    tane = (caps & TANES).bit_count()
    if caps & INOSHIKACHO == INOSHIKACHO:
        out[INOSHIKACHO_Y] = tane + 2
    tan = (caps & TANS).bit_count()
    aka, ao = caps & AKATAN == AKATAN, caps & AOTAN == AOTAN
    if aka and ao:
        out[AKAAO_Y] = tan + 4
    elif aka:
        out[AKATAN_Y] = tan + 2
    elif ao:
        out[AOTAN_Y] = tan + 2
    if caps & KIKU_SAKAZUKI:
        for name, cards in _CUPS:
            if caps & cards == cards:
                out[name] = NINTENDO_VALUES[name]
    if tane >= 5 and INOSHIKACHO_Y not in out:
        out[TANE_Y] = tane - 4
    if tan >= 5 and not (aka or ao):
        out[TAN_Y] = tan - 4
    kasu = (caps & KASU_CARDS).bit_count()
    if kasu >= 10:
        out[KASU_Y] = kasu - 9
    return out


def raised_nintendo(before: int, after: int) -> bool:
    """True if some yaku is worth more after than before (a new one counts from 0)."""
    if after == before:
        return False
    return bool(raised(yaku_nintendo(before), yaku_nintendo(after)))


def raised(was: dict[str, int], now: dict[str, int]) -> tuple[str, ...]:
    """The yaku of ``now`` worth more than in ``was`` (a new one counts from 0): those a turn
    formed or raised, which alone the こいこい question offers anew (docs/rules/koikoi2.md §5)."""
    return tuple(name for name, v in now.items() if v > was.get(name, 0))


def redeal_nintendo(hands: tuple[int, ...] | list[int], field: int) -> bool:
    """Dealt again under ``rules=nintendo``: a hand with 手四 or くっつき, or a field with three or
    four of a month or exactly four pairs."""
    return bool(redeal_kind(hands, field, True))


REDEALS = ("field-four", "teshi", "kuttsuki", "field-three", "field-pairs")
"""Why a deal is dealt again (docs/rules/koikoi2.md §2, §11.5), in the order they are checked."""


def redeal_kind(hands: tuple[int, ...] | list[int], field: int, nintendo: bool) -> str:
    """Why the deal is dealt again, one of ``REDEALS`` (the first that holds), or "" if it is
    played: a field シマ always; under ``rules=nintendo`` also a hand's 手四 or くっつき, then a
    field with three of a month or exactly four pairs."""
    if has_shima(field):
        return "field-four"
    if not nintendo:
        return ""
    counts = [(field & m).bit_count() for m in MONTH_MASK]
    held = [name for hand in hands if (name := teyaku(hand))]
    if held:
        return "teshi" if TESHI in held else "kuttsuki"
    if 3 in counts:
        return "field-three"
    if counts.count(2) == 4:
        return "field-pairs"
    return ""
