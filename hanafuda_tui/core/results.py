"""What a deal or a settlement paid, and why: typed results shared by every ruleset.

A ``Line`` is one amount one seat receives (positive) or pays (negative), with its cause. The lines
of a deal or a settlement are complete: for every seat they add up to that seat's payment. Every
ruleset's deal result is a ``DealResult``: its own NamedTuple with these fields under these names,
and its own facts (season, 場, rows...) typed beside them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple, Protocol


class Outcome(StrEnum):
    """How a deal ended, across rulesets (the ruleset's own ``reason`` says more)."""

    YAKU = "yaku"
    """Won with 出来役 (勝負, あがり)."""
    TEYAKU = "teyaku"
    """Won with a teyaku before play."""
    CANCELLED = "cancelled"
    """八八: the 下げ player cancelled, or was cancelled (half pay)."""
    SPECIAL = "special"
    """八八: 総八, 二八, 素十六 and the like end the month at once."""
    PLAYED_OUT = "played_out"
    """Every hand was played; card points (or nothing) settle the deal."""
    DRAWN = "drawn"
    """No one wins: 流れ (dealt again), two teyaku, two 四三, a drawn month."""
    FUKE = "fuke"
    """花合わせ: someone took 20 card points or fewer; the round is void."""
    SHISO = "shiso"
    """八八: 四三 ends the year."""


class Cause(StrEnum):
    """What a line pays for."""

    YAKU = "yaku"
    TEYAKU = "teyaku"
    BA = "ba"
    """The 場 multiplier or menu F's addition on another line's face value."""
    SAGE = "sage"
    """八八 下げ: half pay on a cancel, or the 下げ player paying another's yaku for both."""
    HATTO = "hatto"
    """A 法度 offender paying a yaku's share for another."""
    KOIKOI = "koikoi"
    """The doubling after こいこい."""
    DOUBLE_SEVEN = "double_seven"
    """二人こいこい: ×2 at 7 points or more."""
    CARD_POINTS = "card_points"
    """Card points against 88."""
    TOBIKOMI = "tobikomi"
    NUKE = "nuke"
    FUKIKESHI = "fukikeshi"
    """吹き消し: a payment returned."""
    KOBIKI = "kobiki"
    GINMI = "ginmi"
    STONES = "stones"
    """八八: month stones and the 番個板."""
    ROUNDING = "rounding"
    """八八: rounding to 貫 at the year's end."""


class Line(NamedTuple):
    """One amount for one seat, with its cause."""

    seat: int
    amount: int
    """Received (positive) or paid (negative), in the ruleset's unit."""
    cause: Cause
    name: str = ""
    """The yaku or teyaku, where the cause has one."""
    value: int = 0
    """Its face value, where it has one (before 場 and doubling)."""
    other: int = -1
    """The seat on the other side of this amount, where there is one."""


class YearClosing(NamedTuple):
    """Where a ruleset keeps stones: the 番個板 (stones not yet taken), and once the year is over
    the seat that took 吟味 (-1 for a draw) and the final score in the ruleset's closing unit."""

    bankoita: int
    top: int | None = None
    final: tuple[int, ...] | None = None


class Settlement(NamedTuple):
    """A payment outside a deal: 小引 after a season, 吟味, 月石清算 at the year's end."""

    name: str
    after: int
    """The deals (or months) played before it."""
    payments: tuple[int, ...]
    lines: tuple[Line, ...] = ()


@dataclass(slots=True)
class DealEnd:
    """What every ruleset's deal result says first (each ruleset's result adds its own fields
    after these: it is a ``DealResult``)."""

    month: int
    deal: int
    dealer: int
    winner: int
    reason: str
    """The ruleset's own word for how the deal ended."""
    yaku: tuple[tuple[str, int], ...]
    value: int
    payments: tuple[int, ...]


class DealResult(Protocol):
    """How one deal ended, in every ruleset (a ``DealEnd`` and the ruleset's own fields)."""

    @property
    def month(self) -> int:
        """The month (1..12) the deal was played for."""

    @property
    def deal(self) -> int:
        """The deal's index in the game, from 0, every deal counted (流れ and redeals too)."""

    @property
    def dealer(self) -> int: ...

    @property
    def outcome(self) -> Outcome: ...

    @property
    def winner(self) -> int:
        """The seat that won the deal (or deals next, as the ruleset says); -1 for none."""

    @property
    def reason(self) -> str:
        """The ruleset's own word for how the deal ended (``shobu``, ``fuke``, ``agari``...)."""

    @property
    def yaku(self) -> tuple[tuple[str, int], ...]:
        """The winner's yaku (or teyaku) as (name, face value in the ruleset's unit)."""

    @property
    def value(self) -> int:
        """The winner's score as the ruleset counts it (0 for none)."""

    @property
    def payments(self) -> tuple[int, ...]:
        """Each seat's net for the deal."""

    @property
    def lines(self) -> tuple[Line, ...]:
        """``payments`` with their causes (each seat's lines add up to its payment)."""


def totals(lines: Iterable[Line], players: int) -> tuple[int, ...]:
    """Each seat's sum of the lines."""
    out = [0] * players
    for line in lines:
        out[line.seat] += line.amount
    return tuple(out)


_new_line = tuple.__new__


def pair(
    winner: int, payer: int, amount: int, cause: Cause, name: str = "", value: int = 0
) -> tuple[Line, Line]:
    """``payer`` pays ``amount`` to ``winner``: the two lines of that one payment (built as plain
    tuples, skipping the generated ``__new__``: a deal's result is made on the hot path)."""
    return (
        _new_line(Line, (winner, amount, cause, name, value, payer)),
        _new_line(Line, (payer, -amount, cause, name, value, winner)),
    )
