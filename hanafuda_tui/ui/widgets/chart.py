"""A line chart in terminal cells: several series over the same steps (a year's running totals, one
series a seat), each drawn with its own mark; ASCII tick labels only, so every label takes as
many cells as it has characters."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

MARKS = "ABCDEF"
"""Each seat's mark, in seat order (the legend names them)."""
COLOURS = ("red", "blue", "green", "magenta", "cyan", "yellow")
BOTH = "*"
"""Where two seats' steps fall in one cell."""
LINE = "."
"""A seat's line between its steps (in its colour)."""
AXIS = 7
"""Cells of the value labels and the axis."""


def chart_cells(
    series: Sequence[Sequence[int]], width: int, height: int
) -> tuple[list[list[tuple[str, int]]], int, int]:
    """The plot as rows of (character, seat) cells (seat -1: no seat), without labels; with its
    top and bottom values. Each step is the seat's mark (``*`` where two seats' steps meet), the
    line between steps ``.``; zero is always in range and drawn as a line of ``-``."""
    values = [v for s in series for v in s] or [0]
    hi, lo = max(0, *values), min(0, *values)
    span = hi - lo or 1
    height = max(2, height)
    width = max(2, width)
    grid: list[list[tuple[str, int]]] = [[(" ", -1)] * width for _ in range(height)]

    def row_of(value: float) -> int:
        return round((hi - value) * (height - 1) / span)

    zero = row_of(0)
    grid[zero] = [("-", -1)] * width
    for seat, points in enumerate(series):
        if not points:
            continue
        n = len(points)
        for col in range(width):
            at = col * (n - 1) / (width - 1) if n > 1 else 0.0
            i = min(int(at), n - 2) if n > 1 else 0
            frac = at - i if n > 1 else 0.0
            value = points[i] + (points[i + 1] - points[i]) * frac if n > 1 else points[0]
            row = row_of(value)
            point = n == 1 or col == round(round(at) * (width - 1) / (n - 1))
            here, who = grid[row][col]
            if point:
                mark = MARKS[seat % len(MARKS)]
                met = who >= 0 and who != seat and here != LINE
                grid[row][col] = (BOTH, -1) if met else (mark, seat)
            elif who < 0 or here == LINE:
                grid[row][col] = (LINE, seat)
    return grid, hi, lo


def chart_lines(series: Sequence[Sequence[int]], width: int, height: int) -> list[str]:
    """The chart as plain text lines: value labels on the left, step numbers below (the first
    step is 0: the year's start)."""
    grid, hi, lo = chart_cells(series, width - AXIS, height)
    return [_label(grid, r, hi, lo) + "".join(c for c, _ in row) for r, row in enumerate(grid)] + [
        _ticks(series, width - AXIS)
    ]


def chart_text(series: Sequence[Sequence[int]], width: int, height: int) -> Text:
    """The chart with each seat's line in its colour (marks tell them apart without colour)."""
    grid, hi, lo = chart_cells(series, width - AXIS, height)
    text = Text(no_wrap=True, overflow="crop")
    for r, row in enumerate(grid):
        text.append(_label(grid, r, hi, lo), style="dim")
        for char, seat in row:
            text.append(char, style=COLOURS[seat % len(COLOURS)] if seat >= 0 else "dim")
        text.append("\n")
    text.append(_ticks(series, width - AXIS), style="dim")
    return text


def _label(grid: Sequence[object], row: int, hi: int, lo: int) -> str:
    """The value at the top and bottom rows and 0 at its row, right-aligned before ``|``."""
    last = len(grid) - 1
    zero = round(hi * last / ((hi - lo) or 1))
    value = hi if row == 0 else lo if row == last else 0 if row == zero else None
    return f"{'' if value is None else f'{value:+d}' if value else '0':>{AXIS - 1}}|"


def _ticks(series: Sequence[Sequence[int]], width: int) -> str:
    """Step numbers under the plot where they fit (ASCII)."""
    n = max((len(s) for s in series), default=1)
    line = [" "] * width
    last_end = -1
    for step in range(n):
        col = round(step * (width - 1) / (n - 1)) if n > 1 else 0
        label = str(step)
        if col <= last_end or col + len(label) > width:
            continue
        line[col : col + len(label)] = label
        last_end = col + len(label)
    return " " * AXIS + "".join(line).rstrip()
