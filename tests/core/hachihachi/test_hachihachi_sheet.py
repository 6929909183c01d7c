"""The 記入式: the rules' example year, month by month, sums to its 合計
(+8 +189, +72 -250, -80 +61) and closes at +13, +71, -84 (docs/rules/hachihachi.md §16, §17)."""

from helpers.hachihachi import A, example_game, row

from hanafuda_tui.core.rulesets.hachihachi.ba import KOBA
from hanafuda_tui.core.rulesets.hachihachi.lines import OUTCOMES
from hanafuda_tui.core.rulesets.hachihachi.months import MonthResult, year_end
from hanafuda_tui.core.rulesets.hachihachi.sheet import (
    closing_lines,
    month_lines,
    sheet,
)


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
        lines = month_lines(result, 12)
        marks = [(i, s) for i, line in enumerate(lines) for s, c in enumerate(line.cells) if c[2]]
        assert marks == marked
