"""花合わせ 出来役, teyaku and the settlement (docs/rules/hanaawase.md)."""

import pytest

from hanafuda_tui.core.cards import ALL_CARDS, mask
from hanafuda_tui.core.rulesets.hanaawase.yaku import (
    ame_shima,
    card_points,
    dekiyaku,
    settle,
    teyaku,
    teyaku_payments,
)

# Every 出来役 with a minimal capture set, and a set one card short with what that scores.
EVERY_YAKU = [
    ("AIcos", {"五光": 200, "松桐坊主": 20}, "AIcs", {"四光": 60, "松桐坊主": 20}),
    ("AIcs", {"四光": 60, "松桐坊主": 20}, "AIcC", {}),
    ("BFJ", {"赤短": 40}, "BFC", {}),
    ("Vhl", {"青短": 40}, "VhC", {}),
    ("BFNRVhl", {"七短": 40, "青短": 40}, "BFNRVhq", {"六短": 30}),
    ("BFNRVh", {"六短": 30}, "BFNRVq", {}),
    ("AEI", {"表菅原": 30}, "AEC", {}),
    ("Icg", {"のみ": 30, "花見で一杯": 20, "月見で一杯": 20}, "Ic", {}),
    ("Acs", {"松桐坊主": 20}, "AcC", {}),
    ("YkU", {"猪鹿蝶": 20}, "YkC", {}),
    ("NRZ", {"くさ": 20}, "NRC", {}),
    ("Ig", {"花見で一杯": 20}, "IC", {}),
    ("cg", {"月見で一杯": 20}, "cC", {}),
    ("MNOP", {"藤シマ": 20}, "MNO", {}),
    ("stuv", {"桐シマ": 20}, "stu", {}),
]


@pytest.mark.parametrize(("codes", "expected", "short", "short_expected"), EVERY_YAKU)
def test_every_dekiyaku_and_one_card_short(codes, expected, short, short_expected):
    assert dekiyaku(mask(codes)) == expected
    assert dekiyaku(mask(short)) == short_expected


def test_fifteen_dekiyaku_are_tested():
    names = set()
    for _, expected, _, short_expected in EVERY_YAKU:
        names |= set(expected) | set(short_expected)
    assert len(names) == 15


def test_goko_replaces_shiko_nanatan_replaces_rokutan_the_rest_add_up():
    assert dekiyaku(mask("AIcosBFJVhlNRZ")) == {
        "五光": 200,
        "赤短": 40,
        "青短": 40,
        "くさ": 20,
        "七短": 40,
        "松桐坊主": 20,
    }
    assert dekiyaku(mask("BFJVhlNRZq"))["七短"] == 40  # nine counted tanzaku: 40 once
    assert "六短" not in dekiyaku(mask("BFJVhlNRZq"))


def test_yanagi_ni_tanzaku_is_not_counted_for_the_short_yaku():
    assert dekiyaku(mask("BFNRZq")) == {"くさ": 20}


def test_card_points_of_the_deck_are_three_times_88():
    assert card_points(ALL_CARDS) == 264
    assert card_points(mask("AEBC")) == 20 + 10 + 5 + 1


def test_teyaku_shichi_kasu_and_roku_kasu():
    assert teyaku(mask("CDGHKLr")) == "七カス"
    assert teyaku(mask("CDGHKLA")) == "六カス"
    assert teyaku(mask("CDGHKgA")) is None  # 菊に盃 is not a kasu here
    assert teyaku(mask("CDGHKrg")) == "六カス"  # 柳のカス is


def test_teyaku_are_paid_by_each_other_player_independently():
    assert teyaku_payments([None, None, "七カス"]) == [-30, -30, 60]
    assert teyaku_payments(["六カス", "七カス", None]) == [40 - 30, 60 - 20, -50]


def test_the_seeds_settlement_example():
    assert settle((90, 70, 104), (40, 0, 60)) == (22, -118, 96)


def test_fuke_makes_the_round_a_draw_for_all_teyaku_included():
    assert settle((20, 140, 104), (0, 40, 60), (60, -30, -30)) == (0, 0, 0)
    assert settle((21, 139, 104), (0, 0, 0), (60, -30, -30)) == (21 - 88 + 60, 139 - 88 - 30, -14)


def test_ame_shima_is_all_four_november_cards():
    assert ame_shima(mask("opqrA"))
    assert not ame_shima(mask("opqA"))
