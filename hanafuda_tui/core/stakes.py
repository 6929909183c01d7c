"""What a decision to stop is worth: 勝負 in こいこい, あがり or 下げの取消し in 八八.

A ruleset answers from the deciding seat's view (``Game.stakes``, asked through
``hints.stakes``), so a bot, a prompt or a remote seat reads the same figures: what stopping now
pays each seat, the doublings in it with their causes, and what going on (こいこい, 下げ, keeping a
下げ) risks. The month's own payment is computed by the same rule, so what is offered is what is
paid.
"""

from __future__ import annotations

from typing import NamedTuple

from .results import Cause


class Doubling(NamedTuple):
    """One factor on the face value of the yaku stopping is paid for, with its cause."""

    cause: Cause
    """KOIKOI and DOUBLE_SEVEN (二人こいこい), BA (八八's 場), SAGE (八八's half on a 取消し)."""
    factor: int
    """×2 after こいこい or at 7 points, ×2 to ×4 by 八八's 場 (menus A–E), over ``divisor``."""
    divisor: int = 1
    """The factor's denominator: 2 for 八八's ×1.5 at 大場 under menu C and for the half paid on
    a 取消し."""
    added: int = 0
    """Added to each yaku's face value before the factor: 八八's 場 under menu F raises each
    出来役 by 1貫 at 大場 and 2貫 at 絶場 (docs/rules/hachihachi.md §5)."""


class GoOn(NamedTuple):
    """What going on instead (こいこい, 下げ, keeping a 下げ) risks and buys."""

    beaten: tuple[int, ...]
    """Each seat's amount from the deciding seat's yaku if another player ends the month first:
    nothing in こいこい (the yaku are void, docs/rules/koikoi2.md §5, docs/rules/koikoi3.md §8),
    half in 八八 (docs/rules/hachihachi.md §11 6)."""
    doubles: tuple[int, ...] = ()
    """The seats whose win the call doubles (二人こいこい: both, under ``rules=nintendo`` the other
    player only; none once the month is doubled already, and none in 三人こいこい or 八八)."""
    pays_all: bool = False
    """Whether the seat then pays another winner's yaku alone, the third player's share too (八八's
    下げ, docs/rules/hachihachi.md §11 6)."""


class Stakes(NamedTuple):
    """A stop decision's worth for the seat deciding it. Amounts are in the unit of the game's
    scores (文, points, 八八's 点: 12点 = 1貫); yaku values in the ruleset's own unit at face value
    (八八: 貫 at 小場)."""

    seat: int
    yaku: tuple[tuple[str, int], ...]
    """The yaku stopping is paid for, with their face values."""
    doublings: tuple[Doubling, ...]
    """The factors on those values, in the order the rules apply them."""
    stop: tuple[int, ...]
    """Each seat's amount if the seat stops now: + to it, − from each payer."""
    go_on: GoOn

    @property
    def value(self) -> int:
        """The yaku's face value, before any doubling."""
        return sum(value for _, value in self.yaku)


def scaled(value: int, doublings: tuple[Doubling, ...]) -> int:
    """``value`` after every factor of ``doublings`` in turn, each rounded down (``added`` goes to
    each yaku apart: 八八's payout adds it)."""
    for doubling in doublings:
        value = value * doubling.factor // doubling.divisor
    return value
