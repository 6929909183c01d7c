"""What 出来役 pay (docs/rules/hachihachi.md §10, §11, §13): each yaku at this month's 場, in full or
halved, from each other player or from one payer of both shares; and what the seat deciding あがり/下げ
or 下げの取消し is offered, as the view's ``Stakes``. The month's payments and the prompts' figures
both come from ``shares``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import NamedTuple

from ...results import Cause
from ...stakes import Doubling, GoOn, Stakes
from .ba import KOBA
from .teyaku import Teyaku
from .yaku import MULTIPLIERS, points

PLAYERS = 3
NO_HATTO: Mapping[str, int] = MappingProxyType({})


class Share(NamedTuple):
    """One 出来役's payment to its holder."""

    name: str
    kan: int
    """Its value in 貫 at 小場."""
    full: int
    """点 each other player pays in full at this 場."""
    each: int
    """点 paid per share: ``full``, or half of it (0.5貫 = 6点, §10)."""
    payer: int
    """-1: each other player pays ``each``; else the seat that pays both shares (a 法度 offender,
    §13, or the 下げ player, §11 6)."""


def teyaku_each(teyaku: Teyaku, ba: int, menu: str) -> int:
    """点 each other player pays for a declared teyaku at this 場 (§9): each of its parts at the
    場 under the menu (menu F raises each part)."""
    return sum(points(kan, ba, menu) for _, kan in teyaku.parts)


def shares(
    yaku: Mapping[str, int],
    ba: int,
    menu: str,
    full: bool,
    payer: int = -1,
    hatto: Mapping[str, int] = NO_HATTO,
) -> tuple[Share, ...]:
    """The shares of ``yaku`` (name → 貫 at 小場): ``payer`` pays them all if given, else the 法度
    offender of a yaku in ``hatto`` (name → offender) pays that one's both shares, at half when the
    month ends at half (補足 (1) 2)."""
    out = []
    for name, kan in yaku.items():
        value = points(kan, ba, menu)
        who = payer if payer >= 0 else hatto.get(name, -1)
        out.append(Share(name, kan, value, value if full else value // 2, who))
    return tuple(out)


def amounts(receiver: int, paid: Iterable[Share]) -> tuple[int, ...]:
    """Each seat's 点 for the shares ``receiver`` is paid: + to the receiver, − from the payers."""
    out = [0] * PLAYERS
    for share in paid:
        if share.payer >= 0:
            out[share.payer] -= 2 * share.each
        else:
            for s in range(PLAYERS):
                if s != receiver:
                    out[s] -= share.each
        out[receiver] += 2 * share.each
    return tuple(out)


class Offer(NamedTuple):
    """What the seat deciding あがり/下げ or 下げの取消し is paid for the 出来役 it holds, per seat
    in 点 at this 場 (+ to it, − from each payer)."""

    seat: int
    yaku: tuple[tuple[str, int], ...]
    """Its 出来役 with their 貫 at 小場."""
    full: tuple[int, ...]
    """あがり now: every 出来役 in full (§11 1)."""
    half: tuple[int, ...]
    """下げの取消し now, or 下げ ended by another player's あがり: every 出来役 at half (§11 4, 6)."""


def offered(
    seat: int, yaku: Mapping[str, int], ba: int, menu: str, hatto: Mapping[str, int] = NO_HATTO
) -> Offer:
    """What ``seat`` holding ``yaku`` is offered; ``hatto`` names the offender who pays each 出来役
    completed by 法度 (§13)."""
    return Offer(
        seat,
        tuple(yaku.items()),
        amounts(seat, shares(yaku, ba, menu, True, hatto=hatto)),
        amounts(seat, shares(yaku, ba, menu, False, hatto=hatto)),
    )


HALF = Doubling(Cause.SAGE, 1, 2)
"""Half pay: a 取消し, or a 下げ ended by another player's あがり (§10, §11 4, 6)."""


def ba_doublings(ba: int, menu: str) -> tuple[Doubling, ...]:
    """What this month's 場 does to an 出来役's value (docs/rules/hachihachi.md §5): multiplies it
    under menus A–E, adds 1貫 or 2貫 to it under menu F; nothing at 小場 or under menu E."""
    if menu == "F":
        return (Doubling(Cause.BA, 1, 1, ba),) if ba != KOBA else ()
    num, den = MULTIPLIERS[menu][ba]
    return (Doubling(Cause.BA, num, den),) if num != den else ()


def stakes_of(offer: Offer, ba: int, menu: str, cancel: bool) -> Stakes:
    """The stakes of ``offer``: あがり now in full, or with ``cancel`` the 取消し at half; going on
    (下げ, or keeping it) leaves half if another player goes out, who is then paid both shares by
    the 下げ player (§11 6)."""
    doublings = ba_doublings(ba, menu)
    stop = offer.full
    if cancel:
        doublings, stop = (*doublings, HALF), offer.half
    return Stakes(offer.seat, offer.yaku, doublings, stop, GoOn(offer.half, pays_all=True))
