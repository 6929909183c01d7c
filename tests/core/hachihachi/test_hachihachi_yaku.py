"""八八 出来役, special yaku and 法度 reach (docs/rules/hachihachi.md §10, §12, §13)."""

from hanafuda_tui.core.cards import CARD_OF_CODE, mask
from hanafuda_tui.core.rulesets.hachihachi.yaku import (
    card_points,
    dekiyaku,
    kasu_count,
    one_short,
    special_yaku,
)


def test_each_dekiyaku_alone():
    assert dekiyaku(mask("AIcs")) == {"四光": 12}
    assert dekiyaku(mask("AIcos")) == {"五光": 20}  # replaces 四光
    assert dekiyaku(mask("EQUYg")) == {"五雲": 12}
    assert dekiyaku(mask("BFJ")) == {"赤短": 7}
    assert dekiyaku(mask("Vhl")) == {"青短": 7}
    assert dekiyaku(mask("YkU")) == {"猪鹿蝶": 6}
    assert dekiyaku(mask("AIcoEMQ")) == {}  # 雨 with three lights is nothing in 八八


def test_shichitan_counts_the_rain_ribbon_and_grows():
    assert dekiyaku(mask("NRZqBVC")) == {}  # six ribbons
    assert dekiyaku(mask("NRZqBVJ")) == {"七短": 10}
    assert dekiyaku(mask("NRZqBVJh")) == {"八短": 11}
    assert dekiyaku(mask("BFJNRVZhlq")) == {"赤短": 7, "青短": 7, "十短": 13}


def test_yaku_add_up():
    assert dekiyaku(mask("AIcosEQUYgk")) == {"五光": 20, "五雲": 12, "猪鹿蝶": 6}


def test_card_points_and_rain_kasu():
    assert card_points(mask("AEBC")) == 20 + 10 + 5 + 1
    assert kasu_count(mask("opqrCD")) == 6  # every rain card is kasu for 素十六
    assert card_points((1 << 48) - 1) == 264


def test_special_yaku_values():
    sixteen = mask("CDGHKLOPSTWXabef")
    assert special_yaku([0, sixteen, 0]) == [(1, "素十六", 12)]
    assert special_yaku([0, sixteen | mask("o"), 0]) == [(1, "素十七", 14)]


def test_futahachi_value_grows_per_point():
    caps = mask("AIcosEMQUYdg")  # 100 + 70 = 170
    assert card_points(caps) == 170
    assert special_yaku([caps, 0, 0]) == [(0, "二八", 12)]


def test_one_short_only_for_hatto_yaku():
    assert one_short(mask("EQUg"), 0) == {}  # 五雲 is not under 法度
    assert one_short(mask("NRZqBV"), 0) == {}  # nor 七短
    assert one_short(mask("BF"), 0) == {CARD_OF_CODE["J"]: ("赤短",)}
    assert one_short(mask("BF"), mask("J")) == {}  # the missing card is taken elsewhere
    assert one_short(mask("AIco"), 0) == {CARD_OF_CODE["s"]: ("五光",)}  # not also 四光
    assert one_short(mask("AIcs"), 0) == {CARD_OF_CODE["o"]: ("五光",)}
    assert one_short(mask("AIc"), 0) == {CARD_OF_CODE["s"]: ("四光",)}
    assert one_short(mask("FJIcs"), 0) == {
        CARD_OF_CODE["B"]: ("赤短",),
        CARD_OF_CODE["A"]: ("四光",),
    }
