"""The facts of a finished game that statistics count, read from the core's typed events.

A fact is one row: (seat, kind, name, outcome, times, amount), where ``amount`` is the seat's
payment for the deal the fact belongs to (what it came to):

- ``yaku``: a yaku the seat made in a deal (each name once a deal: ``YakuFormed``; 花合わせ, whose
  出来役 are counted when the round is settled, from its result's 出来役 of each seat);
- ``teyaku``: a teyaku the seat showed or declared (``TeyakuShown``);
- ``koikoi``: a こいこい call (``KoikoiCalled``) and how its deal turned out for the caller:
  ``won`` (the caller's 勝負 later), ``lost`` (another's 勝負), ``none`` (no one's);
- ``sage``: a 下げ (八八, docs/rules/hachihachi.md §11) and how it ended: ``cancelled`` (下げの
  取消し), ``agari`` (the seat's own あがり later), ``other`` (another's あがり), ``none``;
- ``entry``: 出る・下る with four to six seated (花合わせ, docs/rules/hanaawase.md §11): the name is
  ``deru``, ``oriru``, ``shibari`` or ``oikomi``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..core.events import (
    Agari,
    Dealt,
    DeruOriru,
    KoikoiCalled,
    MonthEnded,
    Sage,
    SageCancelled,
    Shobu,
    TeyakuShown,
    YakuFormed,
)
from ..core.game import Game

FACTS_VERSION = 1
"""Raised whenever what a fact means changes: stored games are then counted again."""

KINDS = ("yaku", "teyaku", "koikoi", "sage", "entry")


class Fact(NamedTuple):
    seat: int
    kind: str
    name: str
    outcome: str
    times: int
    amount: int


class _Deal:
    """What one deal told so far, until its MonthEnded."""

    def __init__(self) -> None:
        self.yaku: set[tuple[int, str]] = set()
        self.teyaku: set[tuple[int, str]] = set()
        self.calls: list[int] = []
        self.shobu = -1
        self.sage: list[int] = []
        self.cancelled: set[int] = set()
        self.agari = -1
        self.entries: list[tuple[int, str]] = []

    def facts(self, payments: Sequence[int]) -> list[Fact]:
        def paid(seat: int) -> int:
            return payments[seat] if 0 <= seat < len(payments) else 0

        out = [Fact(s, "yaku", n, "", 1, paid(s)) for s, n in sorted(self.yaku)]
        out += [Fact(s, "teyaku", n, "", 1, paid(s)) for s, n in sorted(self.teyaku)]
        for s in self.calls:
            how = "none" if self.shobu < 0 else "won" if self.shobu == s else "lost"
            out.append(Fact(s, "koikoi", "", how, 1, paid(s)))
        for s in self.sage:
            if s in self.cancelled:
                how = "cancelled"
            elif self.agari < 0:
                how = "none"
            else:
                how = "agari" if self.agari == s else "other"
            out.append(Fact(s, "sage", "", how, 1, paid(s)))
        out += [Fact(s, "entry", e, "", 1, paid(s)) for s, e in self.entries]
        return out


def facts_of(game: Game) -> list[Fact]:
    """Every fact of a game replayed with its events (``game.log``), deal by deal."""
    out: list[Fact] = []
    deal = _Deal()
    by_deal = {r.deal: r for r in game.results}
    dealt = -1
    for event in game.log:
        match event:
            case Dealt():
                dealt += 1
            case YakuFormed(seat=seat, names=names):
                deal.yaku.update((seat, n) for n in names)
            case TeyakuShown(seat=seat, name=name):
                deal.teyaku.add((seat, name))
            case KoikoiCalled(seat=seat):
                deal.calls.append(seat)
            case Shobu(seat=seat):
                deal.shobu = seat
            case Sage(seat=seat):
                deal.sage.append(seat)
            case SageCancelled(seat=seat):
                deal.cancelled.add(seat)
            case Agari(seat=seat):
                deal.agari = seat
            case DeruOriru(seat=seat, entry=entry):
                deal.entries.append((seat, entry))
            case MonthEnded(payments=payments):
                result = by_deal.get(dealt)
                each = getattr(result, "dekiyaku", None)
                if isinstance(each, tuple):  # 出来役 counted at the round's end, told by no event
                    for s, names in enumerate(each):
                        deal.yaku.update((s, n) for n in names)
                out += deal.facts(payments)
                deal = _Deal()
    return out
