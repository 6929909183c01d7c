"""三人こいこい: teyaku and 出来役 (docs/rules/koikoi3.md §3, §5–§7).

Yaku are kept in plain dicts ``{name: value}`` keyed by the Japanese name players use.
"""

from __future__ import annotations

from ...cards import (
    AKATAN,
    AME,
    AOTAN,
    GOUN,
    HANAMI,
    INOSHIKACHO,
    KASUS,
    KIKU_SAKAZUKI,
    KOTORI,
    KUSA,
    MATSU_TSURU,
    OMOTE_SUGAWARA,
    ONO_MICHIKAZE,
    OTORI,
    SHIKO,
    TANES,
    TANS,
    TEPPO,
    TSUKIMI,
)
from ...cards import GOKO as GOKO_CARDS
from ...yaku_defs import COUNTED, KASU, TAN, TANE, YakuDef

# 手役 (dealt hands): month pattern of the seven dealt cards → (name, 文). docs/rules/koikoi3.md §3.
TEYAKU = {
    (4, 1, 1, 1): ("手四", 8),
    (3, 2, 2): ("はねけん", 10),
    (3, 3, 1): ("二三本", 20),
    (4, 2, 1): ("一二四", 30),
    (4, 3): ("四三", 80),
}
TEYAKU_NAMES = tuple(name for name, _ in TEYAKU.values())

GOKO, SHIKO_Y, AME_SHIKO, SANKO = "五光", "四光", "雨四光", "三光"
OTORI_Y, KOTORI_Y, GOUN_Y = "大鳥", "小鳥", "五雲"
AKATAN_Y, AOTAN_Y, INOSHIKACHO_Y, KUSA_Y, SUGAWARA_Y = "赤短", "青短", "猪鹿蝶", "くさ", "表菅原"
TEPPO_Y, TSUKIMI_Y, HANAMI_Y = "鉄砲", "月見酒", "花見酒"
TANE_Y, TAN_Y, KASU_Y = TANE, TAN, KASU

LIGHTS_GROUP, BIRDS_GROUP, CUPS_GROUP = 1, 2, 3
"""Exclusive groups (docs/rules/koikoi3.md §5): 五光 > 四光 > 雨四光 > 三光, 大鳥 > 小鳥, 鉄砲 over
月見酒 and 花見酒 (which it contains)."""
YAKU = (
    YakuDef(GOKO, GOKO_CARDS, 5, 24, group=LIGHTS_GROUP),
    YakuDef(SHIKO_Y, SHIKO, 4, 16, group=LIGHTS_GROUP),
    YakuDef(AME_SHIKO, SHIKO | ONO_MICHIKAZE, 4, 9, group=LIGHTS_GROUP),
    YakuDef(SANKO, SHIKO, 3, 6, group=LIGHTS_GROUP),
    YakuDef(OTORI_Y, OTORI, 6, 18, group=BIRDS_GROUP),
    YakuDef(KOTORI_Y, KOTORI, 4, 7, group=BIRDS_GROUP),
    YakuDef(GOUN_Y, GOUN, 5, 15),
    YakuDef(AKATAN_Y, AKATAN, 3, 7),
    YakuDef(AOTAN_Y, AOTAN, 3, 7),
    YakuDef(INOSHIKACHO_Y, INOSHIKACHO, 3, 6),
    YakuDef(TEPPO_Y, TEPPO, 3, 6, group=CUPS_GROUP),
    YakuDef(KUSA_Y, KUSA, 3, 5),
    YakuDef(SUGAWARA_Y, OMOTE_SUGAWARA, 3, 4),
    YakuDef(TSUKIMI_Y, TSUKIMI, 2, 2, group=CUPS_GROUP),
    YakuDef(HANAMI_Y, HANAMI, 2, 2, group=CUPS_GROUP),
    YakuDef(TANE_Y, TANES, 5, 1, per=1),
    YakuDef(TAN_Y, TANS, 5, 1, per=1),
    YakuDef(KASU_Y, KASUS | KIKU_SAKAZUKI, 10, 1, per=1),
)
"""The 出来役 as card sets with their values in 文 (docs/rules/koikoi3.md §5):
タネ and タン grow by 1 per card past 5, カス (菊に盃 counted) per card past 10. 雨四光 is 小野道風
with three of the other four lights."""
YAKU_VALUES = {d.name: d.value for d in YAKU}
CUP_YAKU = (TEPPO_Y, TSUKIMI_Y, HANAMI_Y)
"""盃役: rained out by any November card unless 松に鶴 is held (seed ○ルール補足説明 (2))."""


_MONTH_COUNTS = [bits.bit_count() for bits in range(16)]
"""Cards held of one month, by its four bits."""
_THREE = [n >= 3 for n in _MONTH_COUNTS]
_HELD = [(n,) if n else () for n in _MONTH_COUNTS]
_TRIPLE_CHUNK = tuple([a or b or c for c in _THREE for b in _THREE for a in _THREE])
"""For a 12-bit slice of a hand (three months): does some month hold three or more cards?"""
_COUNTS_CHUNK = tuple([a + b + c for c in _HELD for b in _HELD for a in _HELD])
"""For a 12-bit slice of a hand: how many cards each month present holds (the first month's
four bits are the lowest, so it varies fastest)."""


def teyaku(hand: int) -> tuple[str, int] | None:
    """The teyaku of a seven-card hand, or None (seed ○手役; exclusive, no composites).
    Every teyaku has three or four cards of a month, which most hands do not (a quick test)."""
    a, b, c, d = hand & 4095, hand >> 12 & 4095, hand >> 24 & 4095, hand >> 36
    t = _TRIPLE_CHUNK
    if not (t[a] or t[b] or t[c] or t[d]):
        return None
    n = _COUNTS_CHUNK
    return TEYAKU.get(tuple(sorted(n[a] + n[b] + n[c] + n[d], reverse=True)))


def kasu_count(caps: int) -> int:
    """カス札 captured, 菊に盃 counted as one too (docs/rules/koikoi3.md §5)."""
    return (caps & KASU_CARDS).bit_count()


_SETS = (
    (GOUN_Y, GOUN),
    (AKATAN_Y, AKATAN),
    (AOTAN_Y, AOTAN),
    (INOSHIKACHO_Y, INOSHIKACHO),
    (KUSA_Y, KUSA),
    (SUGAWARA_Y, OMOTE_SUGAWARA),
)
_CUPS = ((TEPPO_Y, TEPPO), (TSUKIMI_Y, TSUKIMI), (HANAMI_Y, HANAMI))


def raw_yaku(caps: int) -> dict[str, int]:
    """Every yaku whose card condition holds, before exclusivity and 雨流れ."""
    out: dict[str, int] = {}
    lights = (caps & SHIKO).bit_count()
    if lights >= 3:
        rain_man = bool(caps & ONO_MICHIKAZE)
        if lights == 4:
            if rain_man:
                out[GOKO] = YAKU_VALUES[GOKO]
            out[SHIKO_Y] = YAKU_VALUES[SHIKO_Y]
        if rain_man:
            out[AME_SHIKO] = YAKU_VALUES[AME_SHIKO]
        out[SANKO] = YAKU_VALUES[SANKO]
    if caps & KOTORI == KOTORI:
        if caps & OTORI == OTORI:
            out[OTORI_Y] = YAKU_VALUES[OTORI_Y]
        out[KOTORI_Y] = YAKU_VALUES[KOTORI_Y]
    for name, cards in _SETS:
        if caps & cards == cards:
            out[name] = YAKU_VALUES[name]
    if caps & KIKU_SAKAZUKI:
        for name, cards in _CUPS:
            if caps & cards == cards:
                out[name] = YAKU_VALUES[name]
    for name, cards, need in COUNTED:
        n = (caps & cards).bit_count()
        if n >= need:
            out[name] = n - need + 1
    return out


def scoring_yaku(caps: int, raw: dict[str, int] | None = None) -> dict[str, int]:
    """The yaku that score: exclusive groups keep their highest (docs/rules/koikoi3.md §5), 雨流れ
    applied (§6)."""
    out = dict(raw_yaku(caps) if raw is None else raw)
    for top, lower in ((GOKO, (SHIKO_Y, AME_SHIKO, SANKO)), (SHIKO_Y, (AME_SHIKO, SANKO))):
        if top in out:
            for name in lower:
                out.pop(name, None)
    if AME_SHIKO in out:
        out.pop(SANKO, None)
    if OTORI_Y in out:
        out.pop(KOTORI_Y, None)
    if TSUKIMI_Y in out or HANAMI_Y in out:
        if caps & AME and not caps & MATSU_TSURU:
            for name in CUP_YAKU:
                out.pop(name, None)
        elif TEPPO_Y in out:
            out.pop(TSUKIMI_Y, None)
            out.pop(HANAMI_Y, None)
    return out


def is_sakazuki_ten(caps: int) -> bool:
    """カス at exactly 10 only by counting 菊に盃: it scores but forms nothing (seed
    カス, docs/rules/koikoi3.md §7)."""
    return bool(caps & KIKU_SAKAZUKI) and kasu_count(caps) == 10


def formed_at_step(before: int, after: int) -> set[str]:
    """Yaku newly formed by one step (hand or draw) that took captures from ``before`` to ``after``.

    A yaku forms when its card condition newly holds, or its count rises, and it scores after the
    step (not rained out). Reviving cup yaku by 日の出 forms nothing (its condition held already).
    """
    if before == after or not may_form(after ^ before, after):
        return set()
    return _formed(before, after, scoring_yaku(after))


def _formed(before: int, after: int, now: dict[str, int]) -> set[str]:
    """formed_at_step without its quick test; ``now`` is scoring_yaku(after)."""
    old = raw_yaku(before)
    formed = {name for name, value in now.items() if name not in old or value > old[name]}
    if KASU_Y in formed and is_sakazuki_ten(after):
        formed.discard(KASU_Y)
    return formed


def formed_in_turn(
    start: int, mid: int, end: int, end_yaku: dict[str, int] | None = None
) -> set[str]:
    """Yaku formed by a turn's hand step (captures ``start`` → ``mid``) or draw step (→ ``end``).
    Most turns form nothing, which one quick test over the whole turn shows: a yaku formed at a
    step still has its cards (or its count) at the end, with a card new in the turn.
    ``end_yaku``: scoring_yaku(end), if the caller has it."""
    if start == end or not may_form(end ^ start, end):
        return set()
    if end_yaku is None:
        end_yaku = scoring_yaku(end)
    if start == mid:  # only the draw step captured: the quick test was the step's own
        return _formed(mid, end, end_yaku)
    if mid == end:
        return _formed(start, mid, end_yaku)
    return formed_at_step(start, mid) | (
        _formed(mid, end, end_yaku) if may_form(end ^ mid, end) else set()
    )


_SET_YAKU = (OTORI, KOTORI, GOUN, AKATAN, AOTAN, INOSHIKACHO, KUSA, OMOTE_SUGAWARA, TSUKIMI, HANAMI)
_SET_CARDS = OTORI | GOUN | AKATAN | AOTAN | INOSHIKACHO | KUSA | OMOTE_SUGAWARA | TSUKIMI | HANAMI
_LIGHT_CARDS = SHIKO | ONO_MICHIKAZE
KASU_CARDS = KASUS | KIKU_SAKAZUKI


_SETS_TOUCHED: dict[int, tuple[int, ...]] = {}
"""The set yaku that some of these set cards belong to, by the cards (filled as met: a turn's new
cards come from two months at most, so there are a few thousand keys at most)."""


def may_form(new: int, after: int) -> bool:
    """A quick test that the new cards complete or raise some yaku (most steps do not). A count
    yaku needs that many captured cards at least, which prunes most of them early in a month."""
    n = after.bit_count()
    if n >= 3:
        if new & _LIGHT_CARDS and (after & SHIKO).bit_count() >= 3:
            return True
        if n >= 5:
            if new & TANES and (after & TANES).bit_count() >= 5:
                return True
            if new & TANS and (after & TANS).bit_count() >= 5:
                return True
            if n >= 10 and new & KASU_CARDS and (after & KASU_CARDS).bit_count() >= 10:
                return True
    sets = new & _SET_CARDS
    if sets:
        touched = _SETS_TOUCHED.get(sets)
        if touched is None:
            if len(_SETS_TOUCHED) >= 50_000:  # never in play; a bound for any caller
                _SETS_TOUCHED.clear()
            touched = _SETS_TOUCHED[sets] = tuple(m for m in _SET_YAKU if m & sets)
        for m in touched:
            if after & m == m:
                return True
    return False


def shibari_value(caps: int, yaku: dict[str, int]) -> int:
    """The value that counts toward 3文しばり: the 10-カス made with 菊に盃 does not
    (docs/rules/koikoi3.md §9)."""
    total = sum(yaku.values())
    return total - 1 if is_sakazuki_ten(caps) else total
