"""八八 years: the 記入式 example's closing rows, 吟味 and rounding, and seeded random years for every
option menu (cards conserved, zero-sum ledger, whole-貫 results, exact replay)."""

import random

import pytest

from hanafuda_tui.core.cards import ALL_CARDS
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.records import SeatRecord, new_game, record_of, replay
from hanafuda_tui.core.rulesets.hachihachi.months import year_end
from hanafuda_tui.core.rulesets.hachihachi.sheet import closing_lines, sheet

KAN = 12


def _cells(line):
    return [(k, t) for k, t, _ in line.cells]


def test_kinyushiki_example_closing_rows():
    """○記入式について: 合計 +8/+189, +72/-250, -80/+61 with *=5, 3, 4 gives +13, +71, -84."""
    kan, ten, stones = [8, 72, -80], [189, -250, 61], [5, 3, 4]
    scores = [k * KAN + t for k, t in zip(kan, ten, strict=True)]
    end = year_end(scores, stones, [0, 1, 2])
    assert end.stone_pay == (-5, -3, 8)
    assert end.final == (13, 71, -84) and end.top == 1
    rows = {line.label: _cells(line) for line in closing_lines(kan, ten, stones, end)}
    assert rows["月石清算"] == [(8, 184), (72, -253), (-80, 69)]
    assert rows["吟味分減算"] == [(-10, None)] * 3
    assert rows["再計"] == [(-2, 184), (62, -253), (-90, 69)]
    assert rows["点を貫に"] == [(13, 4), (40, 11), (-84, -3)]
    assert rows["端数処理"] == [(13, None), (None, None), (-84, None)]
    assert rows["最終得点"] == [(13, None), (71, None), (-84, None)]


def test_top_tie_goes_to_the_dealer_then_dealer_two():
    end = year_end([100, 100, -200], [4, 4, 4], [1, 2, 0])
    assert end.top == 1  # the last month's 胴 among the tied
    end = year_end([100, 100, -200], [4, 4, 4], [2, 0, 1])
    assert end.top == 0  # 胴 (seat 2) is not tied: 胴二 (seat 0) first


def test_tied_lowest_share_the_stones_odd_point_to_top():
    end = year_end([200, -100, -100], [5, 4, 4], [0, 1, 2])
    assert end.top == 0 and end.stone_pay == (-5 + 1, -4 + 6, -4 + 6)


def test_everyone_equal_is_a_draw():
    """Seed (7) 6: equal to the 点 after the stones; the 番個板 is shared and nothing is left."""
    end = year_end([-4, -4, 8], [0, 0, 12], [0, 1, 2])
    assert end.final == (0, 0, 0) and end.top == -1
    assert end.stone_pay == (4, 4, -8) and end.ginmi == (0, 0, 0)


def test_shiso_holder_takes_ginmi_and_the_stones_whatever_the_ranking():
    end = year_end([-500, 300, 200], [2, 2, 1], [0, 1, 2], shiso=0)
    assert end.top == 0 and end.stone_pay == (-2 + 5, -2, -1)
    assert end.final[1] == (300 - 2 - 120) // KAN and end.final[2] == (200 - 1 - 120) // KAN


def test_minus_players_cut_toward_zero():
    end = year_end([0, -1011 + 120, 1011 - 120], [0, 0, 0], [2, 0, 1])
    assert end.final[1] == -84


def _play_random(menu, etsunen, seed, months=12):
    name = f"hh/{menu}/{etsunen}/{seed}" + ("" if months == 12 else f"/{months}")
    rng = random.Random(name)
    game = new_game("hachihachi", rng, {"menu": menu, "etsunen": etsunen, "months": months})
    bot = random.Random(seed)
    while not game.finished:
        game.apply(bot.choice(game.legal_actions()))
        if game.phase == Phase.PLAY:
            held = game.field | game.hands[0] | game.hands[1] | game.hands[2]
            held |= game.captures[0] | game.captures[1] | game.captures[2]
            for c in game.stock[game.stock_pos :]:
                held |= 1 << c
            assert held == ALL_CARDS
    return game


@pytest.mark.parametrize(("menu", "months"), [(m, 12) for m in "ABCDEF"] + [("A", 3), ("C", 6)])
@pytest.mark.parametrize("etsunen", [False, True])
def test_random_years_are_zero_sum_and_replay(menu, etsunen, months):
    for seed in range(12):
        game = _play_random(menu, etsunen, seed, months)
        assert game.year is not None
        assert sum(game.scores) == 0
        assert [s // KAN for s in game.scores] == list(game.year.final)
        assert all(s % KAN == 0 for s in game.scores)
        assert all(sum(r.payments) == 0 for r in game.results)
        stones = {x.name: x.payments for x in game.settlements}["月石清算"]
        held = [sum(r.payments[s] for r in game.results) + stones[s] for s in range(3)]
        for s in range(3):  # 概要, (7) 3: all but the top, less 10貫, toward zero to 貫
            if s != game.year.top and game.year.top >= 0:
                rest = held[s] - 10 * KAN - game.scores[s]
                assert 0 <= rest < KAN if held[s] >= 10 * KAN else -KAN < rest <= 0
        played = len(game.results)
        reasons = {r.reason for r in game.results}
        if not reasons & {"shiso", "mushobu"}:
            assert played >= months and sum(game.stones) == played
            if not etsunen:
                assert played == months
            elif played > months:
                assert game.results[months - 1].carried != 0
        if menu in "DE":
            assert all(r.ba in (0, 1, 2) for r in game.results)
        record = record_of(game, [SeatRecord(name=n) for n in "ABC"])
        again = replay(record)
        assert again.scores == game.scores and again.results == game.results
        assert sheet(again) == sheet(game)
