"""八八 settlement lines (docs/rules/hachihachi.md §5, §9–§16): every month's lines add up to its
payments and every year end's to its 月石清算 and 吟味, in seeded random years of every menu and in
constructed months (場, 下げ, 法度, 吹き消し, card points, 四三)."""

import random
from collections import Counter

import pytest
from helpers.hachihachi import THREE_HAND, play, staged

from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.results import Cause, Line, Outcome, totals
from hanafuda_tui.core.rulesets.hachihachi.ba import OBA
from hanafuda_tui.core.rulesets.hachihachi.months import MonthResult, year_end

KAN = 12


def check_month(result: MonthResult) -> None:
    assert isinstance(result.outcome, Outcome)
    assert all(isinstance(line.cause, Cause) for line in result.lines)
    assert totals(result.lines, 3) == result.payments
    for row in result.rows:  # each row's lines are its amounts
        assert totals(row.lines, 3) == row.amounts


def check_year(game) -> None:
    end = game.year
    assert totals(end.stone_lines, 3) == end.stone_pay
    assert totals(end.ginmi_lines, 3) == end.ginmi
    assert all(isinstance(line.cause, Cause) for line in end.stone_lines + end.ginmi_lines)
    assert [x.name for x in game.settlements] == ["月石清算", "吟味"]
    for settlement in game.settlements:
        assert totals(settlement.lines, 3) == settlement.payments


def own(result: MonthResult, seat: int) -> list[tuple[Cause, str, int, int, int]]:
    """(cause, name, value, amount, other) of a seat's lines."""
    return [(x.cause, x.name, x.value, x.amount, x.other) for x in result.lines if x.seat == seat]


@pytest.mark.long
def test_random_years_lines_add_up():
    """Every month and year end of random years of every menu (越年 on and off) is fully explained
    by its lines, and between them the years show every cause of 八八."""
    causes: Counter[Cause] = Counter()
    outcomes: Counter[Outcome] = Counter()
    for menu in "ABCDEF":
        for seed in range(50):
            rng = random.Random(f"lines/{menu}/{seed}")
            game = new_game("hachihachi", rng, {"menu": menu, "etsunen": seed % 2 == 1})
            bot = random.Random(seed)
            while not game.finished:
                game.apply(bot.choice(game.legal_actions()))
            for result in game.results:
                check_month(result)
                causes.update(line.cause for line in result.lines)
                outcomes[result.outcome] += 1
            check_year(game)
            causes.update(line.cause for line in game.year.stone_lines + game.year.ginmi_lines)
    assert set(causes) == set(Cause) - {Cause.KOIKOI, Cause.DOUBLE_SEVEN, Cause.KOBIKI}
    assert {Outcome.YAKU, Outcome.CANCELLED, Outcome.SPECIAL, Outcome.PLAYED_OUT} <= set(outcomes)


def test_agari_at_oba_face_value_and_ba():
    """§5, §10: 赤短 at 大場 (menu A) is 7貫 from each other player and as much again for the 場."""
    game = staged(hands=["BG", "ei", "jt"], caps=["FJ", "", ""], field="COP", stock="mnQR", ba=OBA)
    play(game, "B", "agari")
    result = game.results[-1]
    check_month(result)
    assert result.outcome == Outcome.YAKU
    assert own(result, 0) == [
        (Cause.YAKU, "赤短", 7, 7 * KAN, 1),
        (Cause.BA, "赤短", 7, 7 * KAN, 1),
        (Cause.YAKU, "赤短", 7, 7 * KAN, 2),
        (Cause.BA, "赤短", 7, 7 * KAN, 2),
    ]


def test_sage_half_and_the_sage_player_paying_both_shares():
    """§11 6: the 下げ player gets half of 赤短 and pays the winner's 猪鹿蝶 for the third player."""
    game = staged(hands=["BG", "kS", "tW"], caps=["FJ", "YU", ""], field="COPn", stock="QmRZa")
    play(game, "B", "sage", "k")
    result = game.results[-1]
    check_month(result)
    assert own(result, 0) == [
        (Cause.YAKU, "赤短", 7, 84, 1),
        (Cause.SAGE, "赤短", 7, -42, 1),
        (Cause.YAKU, "赤短", 7, 84, 2),
        (Cause.SAGE, "赤短", 7, -42, 2),
        (Cause.YAKU, "猪鹿蝶", 6, -72, 1),
        (Cause.SAGE, "猪鹿蝶", 6, -72, 1),
    ]
    assert own(result, 2) == [(Cause.YAKU, "赤短", 7, -84, 0), (Cause.SAGE, "赤短", 7, 42, 0)]


def test_cancel_is_a_cancelled_outcome_with_half_lines():
    game = staged(hands=["BG", "eS", "tW"], caps=["FJ", "", ""], field="COP", stock="mnQRZa")
    play(game, "B", "sage", "e", "cancel")
    result = game.results[-1]
    check_month(result)
    assert result.outcome == Outcome.CANCELLED
    assert [x.cause for x in result.lines if x.seat == 1] == [Cause.YAKU, Cause.SAGE]


def test_hatto_offender_takes_the_other_share_over():
    """§13: seat 0 laid the 法度 card; it pays seat 1's 赤短 and 猪鹿蝶, the third player nothing."""
    game = staged(hands=["BGH", "Akf", "ij"], caps=["", "FJYU", ""], field="lOP", stock="QRSTWX")
    play(game, "B", "A", "sage", "i", "keep", "G", "keep", "k", "agari")
    result = game.results[-1]
    check_month(result)
    hatto = [x for x in result.lines if x.cause == Cause.HATTO]
    assert sorted((x.seat, x.name, x.amount, x.other) for x in hatto) == [
        (0, "猪鹿蝶", -72, 1),
        (0, "赤短", -84, 1),
        (1, "猪鹿蝶", 72, 0),
        (1, "赤短", 84, 0),
    ]
    assert own(result, 2) == []


def test_fukikeshi_returns_the_struck_rows():
    """§12: 素十七 returns the 三本 and the 飛込み already paid, line by line."""
    game = staged(
        hands=["hijA", "g", "tuB"],
        caps=["", "", "CDGHabefmnrvopq"],
        field="",
        stock="KLOPSTWX",
        declared={0: THREE_HAND},
    )
    play(game, "A", "g", "t", "h", "B", "i", "u", "j")
    result = game.results[-1]
    check_month(result)
    assert result.outcome == Outcome.SPECIAL
    back = [x for x in result.lines if x.cause == Cause.FUKIKESHI]
    assert {x.name for x in back} == {"三本", "飛込"}
    assert totals(back, 3) == tuple(-sum(r.amounts[s] for r in result.rows[:2]) for s in range(3))


def test_card_points_and_nuke_at_oba_menu_c():
    """§5 menu C at 大場 (×1.5) and §14: 抜け and card points, each with its BA line."""
    game = staged(
        hands=["C", "G", "K"],
        caps=["EMQUYdgkpqr", "BFJNRVZhl", "AIcos"],
        field="DHLn",
        stock="mij",
        menu="C",
        ba=OBA,
        rest_to=1,
        declared={2: "OPSTWXa"},
    )
    play(game, "C", "G", "K")
    result = game.results[-1]
    check_month(result)
    assert result.outcome == Outcome.PLAYED_OUT
    points = [(x.seat, x.cause, x.amount) for x in result.lines if x.cause == Cause.CARD_POINTS]
    assert points == [
        (0, Cause.CARD_POINTS, 12),
        (1, Cause.CARD_POINTS, -28),
        (2, Cause.CARD_POINTS, 16),
    ]
    nuke = [x for x in result.lines if x.cause == Cause.NUKE]
    assert [(x.seat, x.amount) for x in nuke] == [(2, KAN), (0, -KAN), (2, KAN), (1, -KAN)]
    assert Line(2, 6, Cause.BA, "抜", 1, 0) in result.lines


def test_two_shiso_void_the_year():
    """§9: two declared 四三: the teyaku are paid, then every total is given back (無勝負)."""
    game = staged(
        hands=["C", "G", "K"],
        caps=["", "", ""],
        field="DHLn",
        stock="mij",
        declared={0: "ABCDEFG", 1: "IJKLMNO"},
    )
    result = game.results[-1]
    check_month(result)
    assert result.outcome == Outcome.DRAWN
    check_year(game)
    assert totals(game.year.ginmi_lines, 3) == tuple(-x for x in result.payments)


def test_year_end_stones_ginmi_and_rounding():
    """§16, the 記入式 example: the stones, each 10貫 to the top, and the rounding to 貫."""
    scores = [8 * KAN + 189, 72 * KAN - 250, -80 * KAN + 61]
    end = year_end(scores, [5, 3, 4], [0, 1, 2])
    assert totals(end.stone_lines, 3) == end.stone_pay
    assert [x for x in end.stone_lines if x.amount > 0] == [Line(2, 12, Cause.STONES, "番個板")]
    assert totals(end.ginmi_lines, 3) == end.ginmi
    assert [(x.seat, x.amount) for x in end.ginmi_lines if x.cause == Cause.GINMI] == [
        (1, 120),
        (0, -120),
        (1, 120),
        (2, -120),
    ]
    rounding = {
        x.seat: x.amount for x in end.ginmi_lines if x.cause == Cause.ROUNDING and x.other == 1
    }
    assert rounding == {0: -4, 2: 3}  # +13貫4点 → +13; -84貫-3点 → -84
