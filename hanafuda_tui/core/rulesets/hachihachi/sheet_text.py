"""The 八八 記入式 as text (docs/rules/hachihachi.md §17): the core's sheet lines in columns, for
``hanafuda replay --sheet``, ``history export --sheet`` and the score sheet screen."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from .sheet import Sheet, SheetLine

CELL = 6
"""Width of a 貫 or 点 column."""
WIDTH = 2 * CELL + 2
"""Width of a player's cell: 貫 on the left, 点 on the right, then the month stone's ``*``."""
LABEL = 10
"""Terminal cells of the label column (kanji are two wide)."""
STRUCK = "（吹き消し）"
MUSHOBU = "無勝負: two 四三; every final score is 0"


def number(value: int | None) -> str:
    """A 貫 or 点 cell: blank for None, ``0``, else signed."""
    return "" if value is None else f"{value:+d}" if value else "0"


def cell_text(line: SheetLine, seat: int) -> str:
    """One player's cell: 貫, 点 and ``*`` for the month stone; ``*=n`` on the 月石 row; a struck
    payment in parentheses."""
    kan, ten, stone = line.cells[seat]
    if line.stones:
        return f"{'*=' + str(line.stones[seat]):>{2 * CELL}}  "
    if line.struck and (kan is not None or ten is not None):
        k = f"({number(kan)})" if kan is not None else ""
        t = f"({number(ten)})" if ten is not None else ""
        return f"{k:>{CELL}}{t:>{CELL}}  "
    return f"{number(kan):>{CELL}}{number(ten):>{CELL}} {'*' if stone else ' '}"


def remark_text(line: SheetLine) -> str:
    return line.remark + (STRUCK if line.struck else "")


NO_CELL = ("Mn", "Me", "Cc", "Cf")
"""Unicode categories a terminal gives no cell: combining marks, controls and format characters."""


def cells_of(text: str) -> int:
    """Terminal cells of ``text``: wide and full-width characters (kanji, kana) two, combining
    marks, controls and format characters none, others one."""
    return sum(
        0
        if unicodedata.category(ch) in NO_CELL
        else 2
        if unicodedata.east_asian_width(ch) in "WF"
        else 1
        for ch in text
    )


def right(text: str, width: int) -> str:
    """``text`` right-aligned in ``width`` terminal cells."""
    return " " * max(0, width - cells_of(text)) + text


def units(kan: str = "貫", ten: str = "点") -> str:
    """The heading over a player's cell: 貫 over the 貫 column, 点 over the 点 column."""
    return pad(right(kan, CELL) + right(ten, CELL), WIDTH)


def heading(name: str) -> str:
    """A player's name over their cell, ending where the 点 column ends."""
    return pad(right(clip(name, WIDTH - 2), 2 * CELL), WIDTH)


def pad(label: str, width: int = LABEL) -> str:
    """Pad ``label`` to ``width`` terminal cells."""
    return label + " " * max(0, width - cells_of(label))


def clip(name: str, width: int = 10) -> str:
    """``name`` cut to at most ``width`` terminal cells."""
    while cells_of(name) > width:
        name = name[:-1]
    return name


def render_sheet(sheet: Sheet, names: Sequence[str]) -> list[str]:
    """The 記入式 as text lines: label, then 貫 点 and * per player, then the remark."""

    def fmt(label: str, cells: Sequence[str], remark: str) -> str:
        return (pad(label) + "".join(pad(c, WIDTH + 3) for c in cells) + f"  {remark}").rstrip()

    out = [fmt("", [heading(n) for n in names], ""), fmt("", [units()] * len(names), "備考")]
    for line in sheet.lines:
        cells = [cell_text(line, s) for s in range(len(line.cells))]
        out.append(fmt(line.label, cells, remark_text(line)))
    if sheet.mushobu:
        out.append(MUSHOBU)
    return out
