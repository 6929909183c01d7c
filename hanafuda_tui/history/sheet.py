"""A year's sheet month by month, for any ruleset: rows of month, dealer, winner, what was won and
each seat's payment, then the settlements (小引, 吟味...) and the totals; as aligned text or CSV.
(八八's 記入式, docs/rules/hachihachi.md §17, is the table's own: ``replay --sheet``.)"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Sequence
from typing import NamedTuple

from ..core.game import Game

TOTAL = "合計"
NO_ONE = "流れ"


class SheetRow(NamedTuple):
    month: str
    """``1``..``12`` for a deal; a settlement's name; ``合計`` for the totals."""
    dealer: str
    winner: str
    what: str
    amounts: tuple[int | None, ...]
    """Each seat's payment (None: the seat sat the deal out)."""


def sheet_rows(game: Game, names: Sequence[str]) -> list[SheetRow]:
    """Every deal's row, each settlement's, and the totals."""
    rows = []
    for r in game.results:
        out = set(game.sat_out(r))
        what = " ".join(n for n, _ in r.yaku) or r.reason
        rows.append(
            SheetRow(
                str(r.month),
                names[r.dealer],
                names[r.winner] if r.winner >= 0 else NO_ONE,
                what,
                tuple(None if s in out else p for s, p in enumerate(r.payments)),
            )
        )
    for x in game.settlements:
        rows.append(SheetRow(x.name, "", "", "", tuple(x.payments)))
    rows.append(SheetRow(TOTAL, "", "", "", tuple(game.scores)))
    return rows


def running_totals(game: Game) -> list[list[int]]:
    """Each seat's total after each deal (then after the settlements, if any): one list per seat,
    starting at 0."""
    seats = game.players
    totals = [[0] for _ in range(seats)]
    for r in game.results:
        for s in range(seats):
            totals[s].append(totals[s][-1] + r.payments[s])
    if game.settlements:
        for s in range(seats):
            totals[s].append(game.scores[s])
    return totals


def cells(text: str) -> int:
    """Terminal cells of ``text``: East Asian wide and full-width characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _left(text: str, width: int) -> str:
    return text + " " * max(0, width - cells(text))


def _right(text: str, width: int) -> str:
    return " " * max(0, width - cells(text)) + text


def _amount(value: int | None) -> str:
    return "—" if value is None else f"{value:+d}" if value else "0"


def sheet_text(game: Game, names: Sequence[str], dealer_title: str = "") -> list[str]:
    """The sheet as lines of text in columns (kanji counted two cells wide)."""
    rows = sheet_rows(game, names)
    head = SheetRow("月", dealer_title or game.dealer_title or "親", "勝者", "役", ())
    table = [head, *rows]
    widths = [max(cells(getattr(r, f)) for r in table) for f in ("month", "dealer", "winner")]
    what = max(cells(r.what) for r in table)
    seat_w = [
        max(cells(name), *(cells(_amount(r.amounts[s])) for r in rows))
        for s, name in enumerate(names)
    ]
    lines = []
    for r in table:
        texts = names if r is head else [_amount(a) for a in r.amounts]
        line = "  ".join(
            [
                _left(r.month, widths[0]),
                _left(r.dealer, widths[1]),
                _left(r.winner, widths[2]),
                _left(r.what, what),
                *(_right(x, w) for x, w in zip(texts, seat_w, strict=True)),
            ]
        )
        lines.append(line.rstrip())
    return lines


def sheet_csv(game: Game, names: Sequence[str]) -> str:
    """The sheet as CSV: a header (month, dealer, winner, what, one column per seat's name), a
    row per deal, per settlement and the totals; a seat that sat a deal out is left empty."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["month", "dealer", "winner", "what", *map(as_text, names)])
    for r in sheet_rows(game, names):
        amounts = ["" if a is None else str(a) for a in r.amounts]
        texts = (r.month, r.dealer, r.winner, r.what)
        writer.writerow([*map(as_text, texts), *amounts])
    return out.getvalue()


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet takes a cell beginning with as a formula."""


def as_text(cell: str) -> str:
    """A text cell (a name) a spreadsheet shows as text: one that would begin a formula gets a
    leading ``'``. The amounts are numbers and stay so."""
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell
