"""八八 法度: which plays would help a player complete a 法度 yaku or 飛込み, and the exemptions
(docs/rules/hachihachi.md §13).

A pure function of the table, so a screen can warn before a card is played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ...cards import MONTH_MASK, card_list
from ...table import matches
from .yaku import FIXED, TOBIKOMI_VALUE, one_short, points


class Hatto(NamedTuple):
    """Why laying one card would be 法度: for whom and for what, and its value at the 場."""

    yaku: tuple[tuple[int, tuple[str, ...]], ...]
    """(beneficiary seat, 法度 yaku that card would complete)."""
    tobikomi: tuple[tuple[int, int], ...]
    """(holder seat, the declared three) whose 飛込み laying this fourth card would help."""
    value: int
    """点 at stake (the exemption order compares these)."""

    def for_seat(self, seat: int) -> bool:
        return any(b == seat for b, _ in self.yaku) or any(h == seat for h, _ in self.tobikomi)


class Table(NamedTuple):
    """What 法度 depends on: hands, captures, field, shown cards and the open 飛込み threes."""

    hands: Sequence[int]
    captures: Sequence[int]
    field: int
    shown: int
    """Every card shown in a teyaku this month (still in a hand)."""
    threes: Sequence[tuple[int, int]]
    """(holder, three) of declared threes whose 飛込み is not yet paid."""
    ba: int
    menu: str


def open_threes(table: Table) -> list[tuple[int, int, int]]:
    """(holder, three, fourth card) of every 飛込み still possible (no card of it taken by another)."""
    out = []
    taken = table.captures[0] | table.captures[1] | table.captures[2]
    for holder, three in table.threes:
        if not three & taken & ~table.captures[holder]:
            month = MONTH_MASK[(three.bit_length() - 1) >> 2]
            out.append((holder, three, (month & ~three).bit_length() - 1))
    return out


def hatto_cards(table: Table, seat: int) -> dict[int, Hatto]:
    """Every card of ``seat``'s hand that would be 法度 if played now (it lays, not captures)."""
    hand = table.hands[seat]
    field = table.field
    layable = [c for c in card_list(hand) if not matches(field, c)]
    if not layable:
        return {}
    taken = table.captures[0] | table.captures[1] | table.captures[2]
    reaches = []
    for b, caps in enumerate(table.captures):
        if b != seat and caps:
            for missing, names in one_short(caps, taken & ~caps).items():
                reaches.append((b, missing, names))
    threes = [t for t in open_threes(table) if t[0] != seat] if table.threes else []
    if not reaches and not threes:
        return {}
    known = hand | table.shown
    out: dict[int, Hatto] = {}
    for card in layable:
        yaku = []
        for b, missing, names in reaches:
            if card == missing or (card >> 2 == missing >> 2 and not known >> missing & 1):
                yaku.append((b, names))
        tobi = [(h, three) for h, three, fourth in threes if card == fourth]
        if yaku or tobi:
            value = sum(points(FIXED[n], table.ba, table.menu) for _, ns in yaku for n in ns)
            value += len(tobi) * points(TOBIKOMI_VALUE, table.ba, table.menu, raised=False)
            out[card] = Hatto(tuple(yaku), tuple(tobi), value)
    return out


def exempt(table: Table, seat: int, card: int, risky: dict[int, Hatto]) -> bool:
    """The seed's exemptions for laying 法度 card ``card`` (補足 (1) 1, docs/rules/hachihachi.md §13):
    the last hand card; or every hand card is 法度 and this is of the least value, on equal value one
    that is 法度 for the player before you."""
    hand = table.hands[seat]
    if hand.bit_count() == 1:
        return True
    cards = card_list(hand)
    if any(c not in risky for c in cards):
        return False
    least = min(risky[c].value for c in cards)
    pool = [c for c in cards if risky[c].value == least]
    before = (seat + 2) % 3
    preferred = [c for c in pool if risky[c].for_seat(before)]
    return card in (preferred or pool)


def fusakui(table: Table, seat: int, card: int) -> list[tuple[int, int]]:
    """飛込み 法度 by 不作為 (補足 (1) 4, 7): ``seat`` holds the fourth card, a card of the three
    lies on the field, and it plays another card. Returns the (holder, three) so helped."""
    hand = table.hands[seat]
    if not table.threes:
        return []
    return [
        (h, three)
        for h, three, fourth in open_threes(table)
        if h != seat and hand >> fourth & 1 and card != fourth and table.field & three
    ]


def warnings(table: Table, seat: int) -> dict[int, tuple[Hatto, bool]]:
    """Each card of ``seat``'s hand whose play would be 法度, with whether it is exempt: a 法度 lay
    (exempt as the seed allows) or 飛込み 不作為, playing another card than the fourth (never exempt)."""
    risky = hatto_cards(table, seat)
    out = {c: (h, exempt(table, seat, c, risky)) for c, h in risky.items()}
    if not table.threes:
        return out
    each = points(TOBIKOMI_VALUE, table.ba, table.menu, raised=False)
    for card in card_list(table.hands[seat]):
        helped = fusakui(table, seat, card)
        if helped:
            h, _ = out.get(card, (Hatto((), (), 0), True))
            value = h.value + len(helped) * each
            out[card] = (Hatto(h.yaku, h.tobikomi + tuple(helped), value), False)
    return out
