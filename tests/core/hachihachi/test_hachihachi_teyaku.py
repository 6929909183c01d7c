"""八八 teyaku: the classifier on the seed's examples and the exact 手役の複合および発生確率 table."""

from decimal import Decimal
from math import comb

import pytest

from hanafuda_tui.core.cards import mask
from hanafuda_tui.core.rulesets.hachihachi.teyaku import COLUMNS, ROWS, teyaku, teyaku_table

TOTAL = comb(48, 7)

# The seed's table, percent per cell ("-" = 複合せず), rows and columns in the seed's order.
PUBLISHED = """
単独 73.96723 5.954719 3.278911 2.914588 1.430728 1.127796
三本 5.467439 0.284447 0.185454 0.159231 0.130334 0.047590
立三本 2.033262 0.128591 0.074612 0.071939 0.008019 0.014179
喰付 2.000634 0.136511 0.071654 0.063692 0.032482 0.018457
手四 0.161121 0.001043 0.002420 0.002151 0.003333 0.002037
はねけん 0.115177 0.005672 0.003190 0.002836 0.001654 0.000550
一二四 0.040441 0.000196 0.000660 0.000587 0.000777 0.000367
四三 0.000679 - 0.000012 0.000011 0.000014 0.0000014
二三本 0.026758 0.000872 0.000685 0.000570 0.000668 -
三本立三本 0.022306 0.000929 0.000570 0.000535 0.000106 0.000109
二立三本 0.002925 0.000155 0.000090 0.000090 - -
"""
ROW_TOTALS = {
    "三本": 4620000,
    "立三本": 1716000,
    "喰付": 1710720,
    "手四": 126720,
    "はねけん": 95040,
    "一二四": 31680,
    "四三": 528,
    "二三本": 21760,
    "三本立三本": 18080,
    "二立三本": 2400,
}
COLUMN_TOTALS = {"赤": 4795560, "短一": 2664090, "十一": 2368080, "光一": 1184040, "空素": 888030}
# Two cells are typos in the seed, contradicted by its own totals.
TYPOS = {("三本", "単独"): 4025772, ("単独", "空素"): 826704}


@pytest.fixture(scope="module")
def table():
    return teyaku_table()


def test_every_hand_is_counted_once(table):
    assert sum(sum(row.values()) for row in table.values()) == TOTAL
    assert list(table) == list(ROWS)
    assert all(list(row) == list(COLUMNS) for row in table.values())


def test_every_published_cell(table):
    for line in PUBLISHED.strip().splitlines():
        row, *cells = line.split()
        for col, text in zip(COLUMNS, cells, strict=True):
            n = table[row][col]
            if text == "-":
                assert n == 0, (row, col)
            elif (row, col) in TYPOS:
                assert n == TYPOS[row, col]
            else:
                places = len(text.split(".")[1])
                assert round(Decimal(n) * 100 / TOTAL, places) == Decimal(text), (row, col, n)


def test_row_and_column_totals(table):
    for row, total in ROW_TOTALS.items():
        assert sum(table[row].values()) == total, row
    for col, total in COLUMN_TOTALS.items():
        assert sum(table[row][col] for row in ROWS) == total, col
    with_teyaku = TOTAL - table["単独"]["単独"]
    assert round(Decimal(with_teyaku) * 100 / TOTAL, 5) == Decimal("26.03277")


def test_the_typo_cells_follow_from_the_totals(table):
    others = sum(table["三本"][c] for c in COLUMNS[1:])
    assert ROW_TOTALS["三本"] - others == 4025772
    assert COLUMN_TOTALS["空素"] - sum(table[r]["空素"] for r in ROWS[1:]) == 826704


def test_rain_light_hand_is_karasu_not_pikaichi():
    """補足 (5) (a): 柳に小野道風 with six kasu is 空素 or 光一; 空素 is declared, all shown."""
    hand = mask("oCGKOSW")
    t = teyaku(hand)
    assert t is not None and t.name == "空素" and t.value == 4 and t.shown == hand


def test_rain_ribbon_counts_as_kasu_for_tanichi():
    """補足 (5) (b): 柳の短 and another ribbon: 短一 (3貫) over 赤 (2貫); the rain ribbon is shown."""
    t = teyaku(mask("qBGKOSW"))
    assert t is not None and t.name == "短一" and t.value == 3
    assert t.shown == mask("qGKOSW")


def test_aka_tatesanbon_shows_the_iris_ribbon():
    """補足 (7) (a): 赤立三本 (5貫); only 梅の短 and 紅葉の短 stay hidden."""
    hand = mask("FlRSTCK")
    t = teyaku(hand)
    assert t is not None and t.name == "赤立三本" and t.value == 5
    assert t.parts == (("立三本", 3), ("赤", 2))
    assert t.shown == hand & ~mask("Fl")
    assert t.threes == (mask("RST"),)


def test_pikaichi_teshi_shows_everything():
    """補足 (7) (b): 光一手四 (10貫), not 光一立三本; the phoenix is part of the four."""
    hand = mask("stuvCGK")
    t = teyaku(hand)
    assert t is not None and t.name == "光一手四" and t.value == 10 and t.shown == hand
    assert t.threes == ()


@pytest.mark.parametrize(
    ("codes", "name", "value"),
    [
        ("BCDJOSW", "赤三本", 4),
        ("tuvNOPC", "短一二立三本", 13),
        ("opqrCDE", "十一一二四", 12),
        ("opqrtuv", "空素四三", 44),
        ("BCDEGKL", "はねけん", 7),
        ("BCFGKLM", "喰付", 4),
        ("CDEMOPQ", "立三本", 3),
        ("BCDEFGM", "二三本", 8),
        ("BCDMNOE", "三本立三本", 9),
        ("MNORSTE", "二立三本", 10),
        ("ABCDEFM", "一二四", 9),
        ("ABCDEMQ", "手四", 6),
        ("ABCDEFG", "四三", 40),
        ("AGKOSWi", "光一", 4),
        ("EGKOSWi", "十一", 3),
        ("BFGKOSW", "赤", 2),
    ],
)
def test_named_hands(codes, name, value):
    t = teyaku(mask(codes))
    assert t is not None and (t.name, t.value) == (name, value)


def test_no_teyaku():
    assert teyaku(mask("AEIMQUY")) is None
    assert teyaku(mask("ABEFIMQ")) is None  # two pairs are nothing


def test_aka_with_seven_ribbons_shows_three():
    """補足 (6) 2: at most four ribbons stay hidden."""
    t = teyaku(mask("BFJNRVZ"))
    assert t is not None and t.name == "赤" and t.shown.bit_count() == 3


def test_aka_keeps_the_rain_ribbon_hidden():
    """Three ribbons with 柳の短: still 赤 either way, so the fewest cards are shown."""
    t = teyaku(mask("BFqGKOS"))
    assert t is not None and t.name == "赤" and t.shown == mask("GKOS")


def test_two_threes_both_make_tobikomi():
    t = teyaku(mask("BCDEFGM"))
    assert t is not None and sorted(t.threes) == sorted((mask("BCD"), mask("EFG")))
