"""二人こいこい yaku (docs/rules/koikoi2.md §4, §8)."""

import random

import pytest

from hanafuda_tui.core.cards import mask
from hanafuda_tui.core.rulesets.koikoi2.yaku import (
    KUTTSUKI,
    LOW_VALUES,
    TESHI,
    VALUES,
    formed,
    teyaku,
    yaku,
)

# Every yaku with a minimal capture set, and a set one card short of it with what that scores.
EVERY_YAKU = [
    ("AIcos", {"五光": 15}, "AIcs", {"四光": 10}),
    ("AIcs", {"四光": 10}, "AIcC", {"三光": 6}),
    ("AIco", {"雨四光": 8}, "AIoC", {}),
    ("AIc", {"三光": 6}, "AIo", {}),
    ("Ics", {"三光": 6}, "Is", {}),
    ("YkU", {"猪鹿蝶": 5}, "Yk", {}),
    ("BFJ", {"赤短": 6}, "BFN", {}),
    ("Vhl", {"青短": 6}, "VhN", {}),
    ("cg", {"月見で一杯": 5}, "cd", {}),
    ("Ig", {"花見で一杯": 5}, "Id", {}),
    ("EMQUY", {"タネ": 1}, "EMQU", {}),
    ("EMQUdp", {"タネ": 2}, "EMQUd", {"タネ": 1}),
    ("BNRZq", {"タン": 1}, "BNRZ", {}),
    ("BFNRZq", {"タン": 2}, "BFNRq", {"タン": 1}),
    ("CDGHKLOPST", {"カス": 1}, "CDGHKLOPS", {}),
    ("CDGHKLOPSTW", {"カス": 2}, "CDGHKLOPST", {"カス": 1}),
]


@pytest.mark.parametrize(("codes", "expected", "short", "short_expected"), EVERY_YAKU)
def test_every_yaku_and_one_card_short(codes, expected, short, short_expected):
    assert yaku(mask(codes), VALUES) == expected
    assert yaku(mask(short), VALUES) == short_expected


def test_sugawara_is_not_played():
    assert yaku(mask("ABCDEFGHIJKL"), VALUES) == {"赤短": 6}  # 松・梅・桜, every card
    assert yaku(mask("YZabcdefstuv"), VALUES) == {}  # 萩・芒・桐, every card


def test_kiku_sakazuki_is_a_tane_and_a_kasu():
    caps = mask("gCDGHKLOPS")  # nine kasu and the cup
    assert yaku(caps, VALUES) == {"カス": 1}
    assert yaku(mask("gEMQU"), VALUES) == {"タネ": 1}


def test_the_light_group_is_exclusive_and_the_rest_adds_up():
    caps = mask("AIcosgBFJ")
    assert yaku(caps, VALUES) == {"五光": 15, "赤短": 6, "月見で一杯": 5, "花見で一杯": 5}


def test_low_values_are_the_seeds_alternatives():
    assert yaku(mask("AIcos"), LOW_VALUES) == {"五光": 10}
    assert yaku(mask("AIcs"), LOW_VALUES) == {"四光": 8}
    assert yaku(mask("AIco"), LOW_VALUES) == {"雨四光": 7}
    assert yaku(mask("AIc"), LOW_VALUES) == {"三光": 5}
    assert yaku(mask("BFJVhl"), LOW_VALUES) == {"赤短": 5, "青短": 5, "タン": 2}
    assert yaku(mask("YkUcgIA"), LOW_VALUES) == {
        "猪鹿蝶": 5,
        "三光": 5,
        "月見で一杯": 5,
        "花見で一杯": 5,
    }


def test_rain_voids_cup_yaku_with_any_november_card_even_with_matsu_ni_tsuru():
    assert yaku(mask("Igcr"), VALUES) == {"月見で一杯": 5, "花見で一杯": 5}
    assert yaku(mask("Igcr"), VALUES, rain=True) == {}
    assert yaku(mask("Igcp"), VALUES, rain=True) == {}
    assert yaku(mask("AIgcq"), VALUES, rain=True) == {"三光": 6}
    assert yaku(mask("Igc"), VALUES, rain=True) == {"月見で一杯": 5, "花見で一杯": 5}


def test_teyaku_four_of_a_month_or_exactly_four_pairs():
    assert teyaku(mask("ABCDEFIM")) == TESHI
    assert teyaku(mask("ABEFIJMN")) == KUTTSUKI
    assert teyaku(mask("ABEFIJMQ")) is None
    assert teyaku(mask("ABCEFIJM")) is None  # 3-2-2-1


def _reference_formed(before, after, values, rain):
    old = yaku(before, values, rain)
    return any(v > old.get(n, 0) for n, v in yaku(after, values, rain).items())


@pytest.mark.parametrize("rain", [False, True])
def test_fast_formation_test_agrees_with_comparing_yaku(rain):
    rng = random.Random(7)
    seen = 0
    for _ in range(20000):
        cards = rng.sample(range(48), rng.randint(4, 30))
        cut = rng.randint(max(0, len(cards) - 4), len(cards))
        before = sum(1 << c for c in cards[:cut])
        after = sum(1 << c for c in cards)
        want = _reference_formed(before, after, VALUES, rain)
        seen += want
        assert formed(before, after, VALUES, rain) == want, (before, after)
    assert seen > 1000
