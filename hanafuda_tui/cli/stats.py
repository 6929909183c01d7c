"""``hanafuda stats``: exact statistics from the rules (teyaku over every hand, 八八 場)."""

from __future__ import annotations

import argparse

from ..core.rulesets import RULESETS, ruleset_class
from ..core.stats import TOTAL_HANDS
from .common import cells, print_json
from .parser import UsageError


def _cells_wide(text: str, width: int) -> str:
    """Right-align ``text`` in ``width`` terminal cells (kanji are two wide)."""
    return " " * max(0, width - cells(text)) + text


def _stats_table(args: argparse.Namespace, cells: dict[str, dict[str, int]]) -> int:
    """Teyaku counted per (count-type, kasu-type) cell as the seed's grid, with totals (八八)."""
    if args.json:
        print_json({"total": TOTAL_HANDS, "cells": cells})
        return 0
    columns = list(next(iter(cells.values())))
    rows: list[tuple[str, list[int]]] = [
        (row, [*counts.values(), sum(counts.values())]) for row, counts in cells.items()
    ]
    rows.append(("合計", [*(sum(r[c] for r in cells.values()) for c in columns), TOTAL_HANDS]))
    print(f"{args.ruleset}: teyaku over all {TOTAL_HANDS:,} seven-card hands")
    for title, show in (
        ("hands", lambda n: f"{n:,}"),
        ("percent", lambda n: f"{100 * n / TOTAL_HANDS:.6f}"),
    ):
        print(f"  {title}")
        print(_cells_wide("", 12) + "".join(_cells_wide(c, 13) for c in [*columns, "合計"]))
        for row, values in rows:
            print(_cells_wide(row, 12) + "".join(_cells_wide(show(n), 13) for n in values))
    return 0


def _stats_ba(args: argparse.Namespace) -> int:
    """場: expected months at each 場 and 越年, exact from the ruleset's 場 rule (a Markov chain)."""
    ruleset = args.ruleset or next(name for name, cls in RULESETS.items() if cls.has_ba)
    year = ruleset_class(ruleset).ba_year()
    if year is None:
        raise UsageError(f"{ruleset} has no 場")
    if args.json:
        out = {
            "expected_months": {n: float(x) for n, x in year.expected.items()},
            "etsunen": float(year.etsunen),
            "exact": {**{n: str(x) for n, x in year.expected.items()}, "越年": str(year.etsunen)},
        }
        print_json(out)
        return 0
    print(f"{ruleset}: 場 in a twelve-month year (exact Markov chain on the 二代しばり)")
    for name, x in year.expected.items():
        print(f"  {name}  {float(x):.4f} months")
    p = float(year.etsunen)
    print(f"  越年  {100 * p:.4f}%  (1/{1 / p:.4f})")
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    if args.what == "ba":
        return _stats_ba(args)
    if args.what != "teyaku":
        raise UsageError(f"unknown statistic {args.what!r} (known: teyaku, ba)")
    args.ruleset = args.ruleset or "koikoi3"
    cls = ruleset_class(args.ruleset)
    cells = cls.teyaku_table()
    if cells is not None:
        return _stats_table(args, cells)
    counts = cls.teyaku_counts()
    if counts is None:
        raise UsageError(f"no teyaku statistics for {args.ruleset}")
    if args.json:
        print_json({"total": TOTAL_HANDS, "counts": counts})
        return 0
    print(f"{args.ruleset}: teyaku over all {TOTAL_HANDS:,} seven-card hands")
    for name, n in counts.items():
        print(f"  {name:<8} {n:>12,}  {100 * n / TOTAL_HANDS:.6f}%  1/{TOTAL_HANDS / n:,.3f}")
    return 0
