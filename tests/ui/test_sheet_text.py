"""The 記入式 as text (docs/rules/hachihachi.md §17): the seed's example year laid out by the module
the CLI's ``replay --sheet`` and the score sheet screen share, and the screen showing the same cells."""

from __future__ import annotations

import io

from helpers.hachihachi import example_game
from rich.console import Console

from hanafuda_tui.core.rulesets.hachihachi.sheet import Sheet, SheetLine, sheet
from hanafuda_tui.core.rulesets.hachihachi.sheet_text import cell_text, heading, render_sheet
from hanafuda_tui.ui import i18n
from hanafuda_tui.ui.rulesets.hachihachi.screen import sheet_table


def test_the_example_year_as_text() -> None:
    text = render_sheet(sheet(example_game()), ["A", "B", "C"])
    assert text[0].split() == ["A", "B", "C"]
    assert text[1].split() == ["貫", "点"] * 3 + ["備考"]
    assert next(line for line in text if "空素" in line).split() == [
        *("4月", "大"),
        "(+16)",
        "(-8)",
        "(-8)",
        "空素（吹き消し）",
    ]
    assert next(line for line in text if "青短・消" in line).split() == [
        *("-3", "-6", "-3", "-6", "+6", "+12", "*"),
        "青短・消",
    ]
    stones = next(line for line in text if line.startswith("月石 "))
    assert stones.split()[1:] == ["*=5", "*=3", "*=4"]
    assert text[-1].split() == ["最終得点", "+13", "+71", "-84"]


def test_a_mushobu_year_says_so_after_its_lines() -> None:
    shiso = SheetLine("1月 小", ((40 * 12, None, False), (None, None, False)), "四三")
    text = render_sheet(Sheet((shiso,), True), ["A", "B"])
    assert text[2].split() == ["1月", "小", "+480", "四三"]
    assert text[-1].startswith("無勝負")


def test_the_screen_shows_the_cells_the_cli_prints() -> None:
    game = example_game()
    before = i18n.lang()
    i18n.set_lang("en")
    try:
        console = Console(file=io.StringIO(), width=200, color_system=None)
        console.print(sheet_table(game, ["A", "B", "C"]))
    finally:
        i18n.set_lang(before)
    shown = console.file.getvalue()  # type: ignore[attr-defined]
    for line in sheet(game).lines:
        for s in range(3):
            assert cell_text(line, s).strip() in shown
    assert "*=5" in shown and "*=4" in shown


def test_columns_line_up_whatever_the_label_and_names() -> None:
    """Each player's block starts at the same terminal column on every row, whether the row has
    a label in kanji or none, and under names in kanji and kana."""
    names = ["松本たかし", "Bob", "花子さん"]
    kinyu = sheet(example_game())
    text = render_sheet(kinyu, names)

    def grid(line: str) -> str:  # one character per terminal cell
        return "".join(ch * 2 if ord(ch) > 0x2000 else ch for ch in line)

    def block(line: str, seat: int) -> str:
        return grid(line).ljust(61)[10 + 17 * seat : 10 + 17 * (seat + 1)]

    assert [block(text[0], s) for s in range(3)] == [grid(heading(n)).ljust(17) for n in names]
    for line, row in zip(text[2:], kinyu.lines, strict=False):
        assert [block(line, s) for s in range(3)] == [cell_text(row, s).ljust(17) for s in range(3)]
