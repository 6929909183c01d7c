"""The 三人こいこい year: 小引 per season, 吟味 and its ties, extension seasons (docs/rules/koikoi3.md
§10–§12)."""

import itertools

import pytest
from helpers.koikoi3 import (
    SANKO_FOR_DEALER2,
    TEPPO,
    game_with,
    play,
    settled,
    win_months,
    winner_of,
)

from hanafuda_tui.core.game import IllegalAction
from hanafuda_tui.core.rulesets.koikoi3.game import ginmi, kobiki

# 試合結果例: each month's net for A, B, C (docs/rules/koikoi3.md §12); 夏's fourth column is B's 小引.
EXAMPLE_MONTHS = [
    (+4, -2, -2),
    (-1, +2, -1),
    (-6, -6, +12),
    (-1, +2, -1),
    (-3, +6, -3),
    (-6, +12, -6),
    (+6, -3, -3),
    (-12, -12, +24),
    (-4, +8, -4),
    (-2, -2, +4),
    (+16, -8, -8),
    (-6, +12, -6),
]
EXAMPLE_SUBTOTAL = (-20, +19, +1)
EXAMPLE_GINMI = (-12, +18, -6)
EXAMPLE_TOTAL = (-32, +37, -5)


def test_example_by_the_settlement_functions():
    totals = [0, 0, 0]
    for season in range(4):
        months = EXAMPLE_MONTHS[3 * season : 3 * season + 3]
        for pay in months:
            totals = [t + p for t, p in zip(totals, pay, strict=True)]
        extra = kobiki([winner_of(p) for p in months])
        assert (extra is not None) == (season == 1), "only B's summer is a 小引"
        if extra:
            assert extra == (-5, 10, -5)
            totals = [t + p for t, p in zip(totals, extra, strict=True)]
    assert tuple(totals) == EXAMPLE_SUBTOTAL
    assert ginmi(totals) == EXAMPLE_GINMI
    assert tuple(t + g for t, g in zip(totals, ginmi(totals), strict=True)) == EXAMPLE_TOTAL


def test_example_by_the_games_own_year_flow():
    game = game_with()
    scores_after = []
    for pay in EXAMPLE_MONTHS:
        win_months(game, [pay])
        scores_after.append(tuple(game.scores))
    assert scores_after[4] == (-7, +2, +5)
    assert scores_after[5] == (-18, +24, -6), "夏 closes: -13, +14, -1 and B's 小引"
    assert settled(game) == [("小引", 6, (-5, 10, -5)), ("吟味", 12, EXAMPLE_GINMI)]
    assert tuple(game.scores) == EXAMPLE_TOTAL
    assert game.is_over and game.legal_actions() == []
    with pytest.raises(IllegalAction):
        game.apply(0)
    assert [e.kind for e in game.log[-2:]] == ["ginmi", "year_end"]


@pytest.mark.parametrize("perm", list(itertools.permutations(range(3))))
def test_ginmi_and_its_ties(perm):
    def ranked(values, expected):
        totals = [0, 0, 0]
        pay = [0, 0, 0]
        for rank, seat in enumerate(perm):
            totals[seat], pay[seat] = values[rank], expected[rank]
        assert ginmi(totals) == tuple(pay)

    ranked((30, 10, -40), (18, -6, -12))
    ranked((30, -15, -15), (18, -9, -9))  # 2位同点は1位に9文ずつ
    ranked((15, 15, -30), (9, 9, -18))  # 1位同点は3位から9文ずつ


def test_kobiki_needs_one_winner_for_all_three_months():
    assert kobiki([2, 2, 2]) == (-5, -5, 10)
    assert kobiki([2, 2, 1]) is None
    assert kobiki([0, 1, 2]) is None


def test_kobiki_is_paid_before_the_tie_is_checked():
    """Level at the end of 12月 before 冬's 小引, which breaks the tie: no extension."""
    a, b, c = (2, -1, -1), (-1, 2, -1), (-1, -1, 2)
    game = game_with()
    win_months(game, [b, c, b, c, b, c, b, c, a, a, a, a])
    assert settled(game) == [("小引", 12, (10, -5, -5)), ("吟味", 12, (18, -9, -9))]
    assert game.scores == [28, -14, -14] and game.is_over


def test_a_three_way_tie_after_12_months_adds_spring_then_summer():
    a, b, c = (2, -1, -1), (-1, 2, -1), (-1, -1, 2)
    game = game_with()
    win_months(game, [a, b, c] * 4)
    assert not game.is_over and game.scores == [0, 0, 0]
    assert (game.month, game.season, game.last_month) == (1, "春", 15)
    assert [e.kind for e in game.log if e.kind == "extension"] == ["extension"]
    win_months(game, [a, b, c])
    assert not game.is_over and (game.month, game.season, game.last_month) == (4, "夏", 18)
    win_months(game, [c, c, c])
    assert settled(game) == [("小引", 18, (-5, -5, 10)), ("吟味", 18, (-9, -9, 18))]
    assert game.scores == [-17, -17, 34] and game.is_over


def test_a_short_year_played_out_with_kobiki():
    """months=3: the 胴 calls こいこい on 花見酒 then wins 鉄砲, three times (each month is dealt afresh with the winner as 胴)."""
    game = game_with(TEPPO, TEPPO, TEPPO, months=3, then_quiet=False)
    for _ in range(3):
        play(game, "K koikoi O b d shobu")
    assert [r.payments for r in game.results] == [(12, -6, -6)] * 3
    assert settled(game) == [("小引", 3, (10, -5, -5)), ("吟味", 3, (18, -9, -9))]
    assert game.scores == [64, -32, -32] and game.is_over


def test_a_tie_played_out_gets_an_extension_season_with_its_own_kobiki():
    decks = [TEPPO, SANKO_FOR_DEALER2, SANKO_FOR_DEALER2, TEPPO, TEPPO, TEPPO]
    game = game_with(*decks, months=3, then_quiet=False)
    play(game, "K koikoi O b d shobu")
    play(game, "K koikoi B M U t shobu")
    assert game.dealer == 1
    play(game, "K koikoi B M U t shobu")
    assert [r.winner for r in game.results] == [0, 1, 2]
    assert game.scores == [0, 0, 0] and not game.is_over and game.last_month == 6
    for _ in range(3):
        play(game, "K koikoi O b d shobu")
    assert [r.winner for r in game.results[3:]] == [2, 2, 2]
    assert settled(game) == [("小引", 6, (-5, -5, 10)), ("吟味", 6, (-9, -9, 18))]
    assert game.scores == [-32, -32, 64] and game.is_over
