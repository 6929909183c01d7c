"""八八 teyaku (docs/rules/hachihachi.md §6–§8).

A teyaku is a count-type (枚数系, No.1–10: month patterns of the seven dealt cards) plus a kasu-type
(空素系, No.11–15: card kinds), values added; the composite is named kasu-type first (赤立三本).
November (雨) cards may each count as kasu. The count-type is fixed by the hand; the kasu-type is the
best value over every way of counting the rain cards, 空素 preferred to 光一 on a tie.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ...cards import AME, KASUS, LIGHTS, MONTH_MASK, TANES, TANS, card_list, mask

SANBON, TATE, KUTTSUKI, TESHI, HANEKEN, ICHINISHI, SHISO = (
    "三本",
    "立三本",
    "喰付",
    "手四",
    "はねけん",
    "一二四",
    "四三",
)
FUTA_SANBON, SANBON_TATE, FUTA_TATE = "二三本", "三本立三本", "二立三本"
AKA, TANICHI, TOICHI, PIKAICHI, KARASU = "赤", "短一", "十一", "光一", "空素"
TANDOKU = "単独"
"""The table's name for 'no teyaku of this type'."""

COUNT_VALUES = {
    SANBON: 2,
    TATE: 3,
    KUTTSUKI: 4,
    TESHI: 6,
    HANEKEN: 7,
    ICHINISHI: 9,
    SHISO: 40,
    FUTA_SANBON: 8,
    SANBON_TATE: 9,
    FUTA_TATE: 10,
}
KASU_VALUES = {AKA: 2, TANICHI: 3, TOICHI: 3, PIKAICHI: 4, KARASU: 4}
"""Values in 貫 at 小場."""
ROWS = (TANDOKU, *COUNT_VALUES)
COLUMNS = (TANDOKU, *KASU_VALUES)
NUKE_TYPES = frozenset((AKA, TANICHI, TOICHI, KARASU))
"""Kasu-types that can earn 抜け (seed ○特殊役 5: not 光一)."""
TOBIKOMI_TYPES = frozenset((SANBON, TATE, HANEKEN, FUTA_SANBON, SANBON_TATE, FUTA_TATE))
"""Count-types whose threes can make 飛込み (seed ○ルールの概要)."""

TATE_MONTHS = (3, 4, 6)
"""藤, 菖蒲, 萩 (0-based): any three of these months is 立三本."""
KIRI_KASU = mask("tuv")
"""桐のカス三本 is 立三本 too."""
MAX_HIDDEN_TAN = 4
"""赤 hides at most four tanzaku (補足 (6) 2)."""


class Teyaku(NamedTuple):
    """A declared hand. ``parts`` are (name, 貫) of the count-type then the kasu-type."""

    name: str
    value: int
    parts: tuple[tuple[str, int], ...]
    count_type: str
    kasu_type: str
    shown: int
    """The cards shown on declaring (docs/rules/hachihachi.md §7: the fewest the seed allows)."""
    threes: tuple[int, ...]
    """Bit sets of the threes that can make 飛込み (docs/rules/hachihachi.md §12)."""


def _is_tate(three: int) -> bool:
    return three == KIRI_KASU or any(three & MONTH_MASK[m] == three for m in TATE_MONTHS)


def count_type(hand: int) -> tuple[str, int, tuple[int, ...]] | None:
    """(name, shown cards, threes) of the hand's 枚数系 teyaku, or None."""
    groups = [g for m in MONTH_MASK if (g := hand & m)]
    by_size: dict[int, list[int]] = {1: [], 2: [], 3: [], 4: []}
    for g in groups:
        by_size[g.bit_count()].append(g)
    fours, threes, pairs = by_size[4], by_size[3], by_size[2]
    if fours and threes:
        return SHISO, hand, ()
    if fours:
        return (ICHINISHI, hand, ()) if pairs else (TESHI, fours[0], ())
    if len(threes) == 2:
        tate = sum(_is_tate(t) for t in threes)
        name = (FUTA_SANBON, SANBON_TATE, FUTA_TATE)[tate]
        return name, threes[0] | threes[1], tuple(threes)
    if threes:
        if len(pairs) == 2:
            return HANEKEN, hand, (threes[0],)
        return (TATE if _is_tate(threes[0]) else SANBON), threes[0], (threes[0],)
    if len(pairs) == 3:
        return KUTTSUKI, pairs[0] | pairs[1] | pairs[2], ()
    return None


def _kind_of(lights: int, tanes: int, tans: int) -> str | None:
    if lights + tanes + tans == 0:
        return KARASU
    if lights == 1 and tanes + tans == 0:
        return PIKAICHI
    if tanes == 1 and lights + tans == 0:
        return TOICHI
    if lights + tanes == 0:
        return TANICHI if tans == 1 else AKA
    return None


def kasu_type(hand: int, count_shown: int = 0) -> tuple[str, int] | None:
    """(name, shown cards) of the hand's 空素系 teyaku, or None.

    Every way of counting the rain cards as kasu is tried; the best value wins, 空素 over 光一 on a
    tie, then the fewest shown cards. ``count_shown`` are cards the count-type shows anyway.
    """
    rain = card_list(hand & AME & ~KASUS)
    best: tuple[int, int, int, str, int] | None = None
    for choice in range(1 << len(rain)):
        as_kasu = sum(1 << c for i, c in enumerate(rain) if choice >> i & 1)
        kept = hand & ~as_kasu
        name = _kind_of(
            (kept & LIGHTS).bit_count(), (kept & TANES).bit_count(), (kept & TANS).bit_count()
        )
        if name is None:
            continue
        kasu = (hand & KASUS) | as_kasu
        shown = kasu
        if name == AKA:
            hidden = card_list(kept & TANS & ~count_shown)[:MAX_HIDDEN_TAN]
            shown = hand & ~mask(hidden)
        elif name == KARASU:
            shown = hand
        shown_count = (shown | count_shown).bit_count()
        key = (KASU_VALUES[name], name == KARASU, -shown_count, name, shown)
        if best is None or key[:3] > best[:3]:
            best = key
    return (best[3], best[4]) if best else None


def teyaku(hand: int) -> Teyaku | None:
    """The best declaration of a seven-card hand, or None (seed ○手役 ※,
    docs/rules/hachihachi.md §6)."""
    counted = count_type(hand)
    c_name, c_shown, threes = counted if counted else ("", 0, ())
    kasu = kasu_type(hand, c_shown)
    if not counted and not kasu:
        return None
    parts: list[tuple[str, int]] = []
    if counted:
        parts.append((c_name, COUNT_VALUES[c_name]))
    k_name, k_shown = kasu if kasu else ("", 0)
    if kasu:
        parts.append((k_name, KASU_VALUES[k_name]))
    return Teyaku(
        k_name + c_name,
        sum(v for _, v in parts),
        tuple(parts),
        c_name,
        k_name,
        c_shown | k_shown,
        threes if c_name in TOBIKOMI_TYPES else (),
    )


# -- the exact table (seed ○手役の複合および発生確率) --------------------------------------------

HAND_SIZE = 7


def _month_key(sub: int) -> tuple[int, int, int, int, int]:
    """What of one month's cards the classifier sees: count, 立三本, kinds capped at two."""
    k = sub.bit_count()
    return (
        k,
        int(k == 3 and _is_tate(sub)),
        min((sub & LIGHTS).bit_count(), 2),
        min((sub & TANES).bit_count(), 2),
        min((sub & TANS).bit_count(), 2),
    )


State = tuple[tuple[tuple[int, int], ...], int, int, int, int, int]
"""(sorted (count, 立三本) of held months, size, lights, tanes, tans capped, rain cards held)."""


def teyaku_table(classify: Callable[[int], Teyaku | None] = teyaku) -> dict[str, dict[str, int]]:
    """How many of all C(48,7) hands fall in each (count-type, kasu-type) cell.

    A DP over the months merges hands the classifier cannot tell apart (same month pattern with
    立三本 flags, same kind counts capped at two, same rain cards) and judges one hand of each class.
    """
    states: dict[State, tuple[int, int]] = {((), 0, 0, 0, 0, 0): (1, 0)}
    for month in range(12):
        subsets = [(s << (4 * month), _month_key(s << (4 * month))) for s in range(16)]
        nxt: dict[State, tuple[int, int]] = {}
        for (pattern, size, lights, tanes, tans, rain), (n, rep) in states.items():
            for sub, (k, tate, dl, dt, dz) in subsets:
                if size + k > HAND_SIZE:
                    continue
                held = tuple(sorted((*pattern, (k, tate)))) if k else pattern
                if month == 10:
                    state = (held, size + k, lights, tanes, tans, sub)
                else:
                    state = (
                        held,
                        size + k,
                        min(lights + dl, 2),
                        min(tanes + dt, 2),
                        min(tans + dz, 2),
                        rain,
                    )
                old = nxt.get(state)
                nxt[state] = (old[0] + n, old[1]) if old else (n, rep | sub)
        states = nxt
    table = {row: dict.fromkeys(COLUMNS, 0) for row in ROWS}
    for state, (n, rep) in states.items():
        if state[1] == HAND_SIZE:
            found = classify(rep)
            row = found.count_type or TANDOKU if found else TANDOKU
            col = found.kasu_type or TANDOKU if found else TANDOKU
            table[row][col] += n
    return table
