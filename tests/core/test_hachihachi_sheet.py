"""The 記入式 (seed 002 ○記入式について): the seed's example year, month by month, sums to its 合計
(+8 +189, +72 -250, -80 +61) and closes at +13, +71, -84 (docs/rules/hachihachi.md §16, §17)."""

import random

from hanafuda_tui.core.results import Outcome
from hanafuda_tui.core.rulesets.hachihachi.ba import KOBA, OBA, ZEBA
from hanafuda_tui.core.rulesets.hachihachi.game import (
    Hachihachi,
    HachihachiOptions,
    MonthResult,
    Row,
    year_end,
)
from hanafuda_tui.core.rulesets.hachihachi.lines import OUTCOMES
from hanafuda_tui.core.rulesets.hachihachi.sheet import (
    closing_lines,
    month_lines,
    sheet,
)
from hanafuda_tui.core.table import shuffled_deck

A, B, C = 0, 1, 2
K = 12


def row(a, b, c, remark, kan=True, struck=False):
    scale = K if kan else 1
    return Row((a * scale, b * scale, c * scale), remark, not kan, struck)


# (month, 場, 二代しばり left, next 胴 (the * mark), rows in 点), as the seed writes them.
EXAMPLE = [
    (1, OBA, KOBA, B, [row(-4, -4, 8, "三本"), row(-14, 28, -14, "赤短")]),
    (2, KOBA, KOBA, C, [row(-3, 6, -3, "短一"), row(-1, 2, -1, "抜"), row(-10, 1, 9, "", False)]),
    (
        3,
        OBA,
        OBA,
        A,
        [
            row(20, -10, -10, "短一三本"),
            row(4, -2, -2, "飛込"),
            row(4, -2, -2, "抜"),
            row(60, -52, -8, "", False),
        ],
    ),
    (4, OBA, KOBA, A, [row(16, -8, -8, "空素", struck=True), row(56, -28, -28, "素十七")]),
    (5, KOBA, KOBA, C, [row(-17, -17, 34, "青短七短")]),
    (6, ZEBA, KOBA, A, [row(16, -8, -8, "三本"), row(132, -196, 64, "", False)]),
    (
        7,
        KOBA,
        KOBA,
        A,
        [
            row(-4, 8, -4, "光一"),
            row(4, -2, -2, "三本"),
            row(2, -2, 0, "飛込法度"),
            row(13, -12, -1, "", False),
        ],
    ),
    (
        8,
        KOBA,
        KOBA,
        C,
        [row(-3, 6, -3, "立三本"), row(0, 2, -2, "飛込"), Row((-42, -42, 84), "青短・消")],
    ),
    (9, KOBA, KOBA, B, [row(0, 15, -15, "", False)]),
    (10, ZEBA, KOBA, B, [row(-8, 16, -8, "赤"), row(-48, 96, -48, "四光")]),
    (
        11,
        OBA,
        KOBA,
        A,
        [row(-6, 12, -6, "短一"), row(-7, 14, -7, "赤短・下"), row(24, -24, 0, "猪鹿蝶")],
    ),
    (12, OBA, KOBA, C, [row(8, -4, -4, "赤"), row(-12, -12, 24, "猪鹿蝶")]),
]


def example_game():
    rng = random.Random(0)
    game = Hachihachi(HachihachiOptions(), A, lambda: shuffled_deck(rng))
    stones = [0, 0, 0]
    for month, ba, carried, nxt, rows in EXAMPLE:
        live = [r for r in rows if not r.struck]
        pay = tuple(sum(r.amounts[s] for r in live) for s in range(3))
        game.results.append(
            MonthResult(
                month,
                month - 1,
                A,
                nxt,
                "",
                (),
                0,
                pay,
                ba,
                carried,
                tuple(rows),
                month,
                Outcome.YAKU,
                (),
            )
        )
        stones[nxt] += 1
    game.stones = stones
    scores = [sum(r.payments[s] for r in game.results) for s in range(3)]
    game.year = year_end(scores, stones, [C, A, B])
    return game


def test_example_sums_and_closing_rows():
    lines = {line.label: line for line in sheet(example_game()).lines}
    cells = {label: [(k, t) for k, t, _ in line.cells] for label, line in lines.items()}
    assert cells["合計"] == [(8, 189), (72, -250), (-80, 61)]
    assert lines["月石"].stones == (5, 3, 4)
    assert cells["月石清算"] == [(8, 184), (72, -253), (-80, 69)]
    assert cells["再計"] == [(-2, 184), (62, -253), (-90, 69)]
    assert cells["点を貫に"] == [(13, 4), (40, 11), (-84, -3)]
    assert cells["最終得点"] == [(13, None), (71, None), (-84, None)]


def test_half_values_and_marks_are_written_like_the_seed():
    lines = sheet(example_game()).lines
    half = next(line for line in lines if line.remark == "青短・消")
    assert [(k, t) for k, t, _ in half.cells] == [(-3, -6), (-3, -6), (6, 12)]
    assert [stone for _, _, stone in half.cells] == [False, False, True]
    third = next(line for line in lines if line.label.startswith("3月"))
    assert third.label == "3月 大大"
    struck = next(line for line in lines if line.remark == "空素")
    assert struck.struck


def test_a_drawn_year_closes_at_zero():
    """Seed (7) 6: all equal after the stones; the 番個板 is shared and every row closes at 0."""
    kan, ten, stones = [0, 0, 0], [-4, -4, 8], [0, 0, 12]
    end = year_end([-4, -4, 8], stones, [0, 1, 2])
    rows = {
        line.label: [(k, t) for k, t, _ in line.cells]
        for line in closing_lines(kan, ten, stones, end)
    }
    assert rows["月石清算"] == [(0, 0)] * 3
    assert rows["端数処理"] == rows["最終得点"] == [(0, None)] * 3


def test_a_shiso_month_puts_no_stone_mark():
    """docs/rules/hachihachi.md §9: the 四三 month ends the year and no one puts a month stone."""
    rows = (row(40, -20, -20, "四三"), row(-1, -1, 2, "三本"))
    for reason, marked in (("shiso", []), ("agari", [(1, 0)])):
        result = MonthResult(
            1, 0, A, A, reason, (), 0, (0, 0, 0), KOBA, KOBA, rows, 1, OUTCOMES[reason], ()
        )
        lines = month_lines(result)
        marks = [(i, s) for i, line in enumerate(lines) for s, c in enumerate(line.cells) if c[2]]
        assert marks == marked
