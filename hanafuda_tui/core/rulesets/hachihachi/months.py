"""八八's months as the 記入式 writes them: a month's payment rows and result, and the year's end
(月石清算, 吟味 and the rounding to 貫; docs/rules/hachihachi.md §15–§17)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ...results import DealEnd, Line, Outcome
from .lines import ginmi_lines, stone_lines
from .yaku import KAN

GINMI = 10
"""190貫持ち200貫返し: every player is 10貫 down before the year is rounded (seed (7))."""


class Row(NamedTuple):
    """One line of the 記入式: each seat's 点, the remark, and how it is written."""

    amounts: tuple[int, ...]
    remark: str
    card_points: bool = False
    """Card points against 88 are written in the 点 column only."""
    struck: bool = False
    """Returned by 吹き消し."""
    lines: tuple[Line, ...] = ()
    """The same amounts with their causes (they add up to ``amounts``)."""


@dataclass(slots=True)
class MonthResult(DealEnd):
    """How one month ended (a ``DealResult``). ``payments`` is each seat's net 点; ``winner`` the
    next 胴 (-1 none); ``month`` the calendar month 1..12 (a 越年 month after 12月 is 1 again);
    ``reason`` agari, cancel, special, hands, shiso (四三), mushobu (two 四三); ``yaku`` the 出来役
    of あがり or 取消し, the special yaku, or 四三, with their 貫 at 小場; ``value`` the 点 the 出来役
    of あがり or 取消し took (0 for other ends)."""

    ba: int
    carried: int
    """The 二代しばり this month leaves to the next (KOBA for none)."""
    rows: tuple[Row, ...]
    number: int
    """Months played so far, this one included (13 and on are 越年)."""
    outcome: Outcome
    lines: tuple[Line, ...]
    """Every amount of ``payments`` with its cause: the rows' lines, the struck rows paid back."""


def split_same_sign(value: int) -> tuple[int, int]:
    """(貫, 点) with the sign of ``value``: -1011点 → (-84, -3)."""
    kan = abs(value) // KAN
    rest = abs(value) % KAN
    return (kan, rest) if value >= 0 else (-kan, -rest)


class YearEnd(NamedTuple):
    stone_pay: tuple[int, ...]
    """月石清算: stones out, the 番個板 to the lowest (or the 四三 holder)."""
    ginmi: tuple[int, ...]
    """吟味 and the rounding to 貫, in 点."""
    final: tuple[int, ...]
    """最終得点 in 貫."""
    top: int
    """The seat that took 吟味 (-1 for a draw)."""
    stone_lines: tuple[Line, ...]
    """``stone_pay`` with its causes (docs/rules/hachihachi.md §15, §16)."""
    ginmi_lines: tuple[Line, ...]
    """``ginmi`` with its causes: 吟味 and the rounding to 貫 (§16)."""


def year_end(
    scores: list[int], stones: list[int], top_order: list[int], shiso: int = -1
) -> YearEnd:
    """Settle the year (seed (7), docs/rules/hachihachi.md §16): (月石清算, 吟味 with the rounding, final
    貫).

    Ranks on the scores less the stones put in; the lowest takes the 番個板 (tied lowest share it, an
    odd point to the top); every player but the top has its total less 10貫 cut toward zero to 貫,
    the top gets minus their sum. ``top_order`` (胴, 胴二, ビキ of the last month) breaks a tie for
    top. A 四三 holder ``shiso`` is top and takes the 番個板 (補足 (4) 3). All equal (seed (7) 6): a
    draw, the 番個板 shared by the three, every total 0.
    """
    pot = sum(stones)
    ranked = [scores[s] - stones[s] for s in range(3)]
    stone_pay = [-stones[s] for s in range(3)]
    if shiso >= 0:
        top = shiso
        shares = [(top, pot)]
    else:
        top = next(s for s in top_order if ranked[s] == max(ranked))
        lows = [s for s in range(3) if ranked[s] == min(ranked)]
        share, odd = divmod(pot, len(lows))
        shares = [(s, share) for s in lows] + [(top, odd)]
    for s, n in shares:
        stone_pay[s] += n
    stoned = stone_lines(stones, shares)
    if shiso < 0 and len(lows) == 3:
        return YearEnd(tuple(stone_pay), (0, 0, 0), (0, 0, 0), -1, stoned, ())
    after = [scores[s] + stone_pay[s] for s in range(3)]
    final = [0, 0, 0]
    for s in range(3):
        if s != top:
            final[s] = split_same_sign(after[s] - GINMI * KAN)[0]
    final[top] = -sum(final)
    ginmi = tuple(final[s] * KAN - after[s] for s in range(3))
    lines = ginmi_lines(after, final, top, GINMI * KAN)
    return YearEnd(tuple(stone_pay), ginmi, tuple(final), top, stoned, lines)
