"""八八 記入式 (docs/rules/hachihachi.md §17): a year as the rules' example score sheet lays it out.

Each month is written with its 場 (大大 for a month that starts a 二代しばり), one line per payment
with 貫 and 点 columns per player (card points in the 点 column only), ``*`` for the player who puts
the month stone, and the remark naming the yaku; then the closing rows 合計, 月石清算, 吟味分減算, 再計,
点を貫に, 端数処理, 最終得点 (docs/rules/hachihachi.md §17). These are the sheet's rows and numbers;
how they are laid out as text is the CLI's and the screen's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from ...game import PublicBoard
from .ba import ba_label
from .months import GINMI, MonthResult, Row, YearEnd, split_same_sign
from .yaku import KAN


class Months(Protocol):
    """Of the year's options, the sheet reads its length."""

    @property
    def months(self) -> int: ...


class Year(Protocol):
    """What the sheet reads of a 八八 game (``Hachihachi``): the months paid and the one in play."""

    @property
    def options(self) -> Months: ...
    @property
    def month_results(self) -> list[MonthResult]: ...
    @property
    def finished(self) -> bool: ...
    @property
    def results(self) -> Sequence[Any]: ...
    @property
    def scores(self) -> Sequence[int]: ...
    @property
    def year(self) -> YearEnd | None: ...
    @property
    def stones(self) -> Sequence[int]: ...
    @property
    def rows(self) -> Sequence[Row]: ...
    @property
    def month_index(self) -> int: ...
    @property
    def ba(self) -> int: ...
    @property
    def carried(self) -> int: ...


class SheetLine(NamedTuple):
    label: str
    cells: tuple[tuple[int | None, int | None, bool], ...]
    """Per seat: (貫, 点, month stone); None is a blank cell."""
    remark: str
    struck: bool = False
    stones: tuple[int, ...] = ()
    """The 月石 row: month stones each player put in, written ``*=n`` under the 点 column."""


def month_name(number: int, months: int) -> str:
    """The ``number``th month of a year of ``months``: ``3月``; months after the last are 越年1,
    越年2, …"""
    return f"{number}月" if number <= months else f"越年{number - months}"


def month_label(result: MonthResult, months: int) -> str:
    """``3月 大大``: the month's name and 場."""
    return f"{month_name(result.number, months)} {ba_label(result.ba, result.carried)}"


def row_cells(row: Row) -> list[tuple[int | None, int | None]]:
    """(貫, 点) per seat. Card points go in the 点 column. A payment is split per payer with the
    sign kept (-0.5貫 is -6点) and the receiver writes what the payers wrote (+6貫 +12点)."""
    if row.card_points:
        return [(None, a) for a in row.amounts]
    parts = [split_same_sign(a) if a < 0 else (0, 0) for a in row.amounts]
    kan = -sum(k for k, _ in parts)
    ten = -sum(t for _, t in parts)
    for s, a in enumerate(row.amounts):
        if a > 0:
            parts[s] = (kan, ten)
    return [(k or None, t or None) for k, t in parts]


def month_lines(result: MonthResult, months: int) -> list[SheetLine]:
    """The lines of one month; the stone mark goes on its last line (a 四三 month puts none)."""
    lines = []
    rows = result.rows
    stoner = -1 if result.reason == "shiso" else result.winner
    for i, row in enumerate(rows):
        stone = [i == len(rows) - 1 and s == stoner for s in range(3)]
        cells = tuple((k, t, stone[s]) for s, (k, t) in enumerate(row_cells(row)))
        label = month_label(result, months) if i == 0 else ""
        lines.append(SheetLine(label, cells, row.remark, row.struck))
    if not rows:
        cells = tuple((None, None, s == stoner) for s in range(3))
        lines.append(SheetLine(month_label(result, months), cells, ""))
    return lines


def closing_lines(
    kan: Sequence[int], ten: Sequence[int], stones: Sequence[int], end: YearEnd
) -> list[SheetLine]:
    """合計 … 最終得点 from the summed 貫 and 点 columns, the stones and the year's settlement."""

    def row(label: str, kans: Sequence[int | None], tens: Sequence[int | None]) -> SheetLine:
        return SheetLine(label, tuple((kans[s], tens[s], False) for s in range(3)), "")

    blank = (None, None, None)
    out = [row("合計", kan, ten)]
    out.append(
        SheetLine("月石", tuple((None, None, False) for _ in range(3)), "", stones=tuple(stones))
    )
    ten2 = [ten[s] + end.stone_pay[s] for s in range(3)]
    out.append(row("月石清算", kan, ten2))
    out.append(row("吟味分減算", [-GINMI] * 3, blank))
    kan3 = [kan[s] - GINMI for s in range(3)]
    out.append(row("再計", kan3, ten2))
    split = [split_same_sign(kan3[s] * KAN + ten2[s]) for s in range(3)]
    out.append(row("点を貫に", [k for k, _ in split], [t for _, t in split]))
    cut: list[int | None] = [None if s == end.top else split[s][0] for s in range(3)]
    if end.top < 0:  # all equal: a draw (seed (7) 6)
        cut = list(end.final)
    out.append(row("端数処理", cut, blank))
    out.append(row("最終得点", end.final, blank))
    return out


class Sheet(NamedTuple):
    lines: tuple[SheetLine, ...]
    mushobu: bool
    """The year ended 無勝負 (two 四三): no closing rows, every final score 0 (補足 (4))."""


def sheet(game: Year) -> Sheet:
    """Every line of the game's 記入式 so far (closing rows once the year is over)."""
    lines: list[SheetLine] = []
    kan = [0, 0, 0]
    ten = [0, 0, 0]
    for result in game.month_results:
        for line in month_lines(result, game.options.months):
            lines.append(line)
            if line.struck:
                continue
            for s, (k, t, _) in enumerate(line.cells):
                kan[s] += k or 0
                ten[s] += t or 0
    mushobu = game.year is not None and game.results[-1].reason == "mushobu"
    if game.year is not None and not mushobu:
        lines.extend(closing_lines(kan, ten, game.stones, game.year))
    return Sheet(tuple(lines), mushobu)


def paid_so_far(game: Year) -> list[int]:
    """Each seat's score with what this month paid before it ended: teyaku are paid when declared
    (seed 002 (4)2), 飛込 when made; a row 吹き消し strikes is paid back."""
    if game.finished:
        return list(game.scores)
    rows = [row for row in game.rows if not row.struck]
    return [game.scores[s] + sum(row.amounts[s] for row in rows) for s in range(3)]


def month_so_far(game: Year) -> list[SheetLine]:
    """The 記入式 lines of the month being played, as they are paid (no month stone yet)."""
    if game.finished or not game.rows:
        return []
    number = game.month_index + 1
    label = f"{month_name(number, game.options.months)} {ba_label(game.ba, game.carried)}"
    return [
        SheetLine(
            label if i == 0 else "",
            tuple((k, ten, False) for k, ten in row_cells(row)),
            row.remark,
            row.struck,
        )
        for i, row in enumerate(game.rows)
    ]


@dataclass(frozen=True)
class HachihachiBoard(PublicBoard):
    """What a table shows of the whole year beside a view (its JSON: ``lines`` each a
    ``SheetLine`` as a list)."""

    shown: tuple[int, ...]
    """Each seat's score with this month's payments so far."""
    lines: tuple[SheetLine, ...]
    """Every 記入式 line so far, the month being played included."""
    mushobu: bool
    """The year ended 無勝負."""
    final: tuple[int, ...] | None
    """The final 貫, once the year is settled."""


def board(game: Year) -> HachihachiBoard:
    """The year's board: the shown scores, the 記入式 lines so far and the final 貫."""
    kinyu = sheet(game)
    return HachihachiBoard(
        shown=tuple(paid_so_far(game)),
        lines=(*kinyu.lines, *month_so_far(game)),
        mushobu=kinyu.mushobu,
        final=game.year.final if game.year is not None else None,
    )
