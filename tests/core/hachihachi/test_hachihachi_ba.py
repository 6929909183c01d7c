"""八八 場: every transition and the exact year figures (docs/rules/hachihachi.md §4)."""

from fractions import Fraction

import pytest

from hanafuda_tui.core.cards import mask
from hanafuda_tui.core.rulesets.hachihachi.ba import KOBA, OBA, ZEBA, ba_chain, ba_of


@pytest.mark.parametrize(
    ("field", "shibari", "expected"),
    [
        # 1. no 二代しばり
        ("CGKOSW", KOBA, (KOBA, KOBA)),  # c: no light
        ("AGKOSW", KOBA, (OBA, KOBA)),  # b: one 大場 card
        ("AIKOSW", KOBA, (OBA, OBA)),  # b: two 大場 cards
        ("AIcOSW", KOBA, (OBA, OBA)),  # b: three
        ("oGKOSW", KOBA, (ZEBA, KOBA)),  # a: one 絶場 card
        ("oAIcSW", KOBA, (ZEBA, KOBA)),  # a: 大場 cards do not matter
        ("osKOSW", KOBA, (ZEBA, ZEBA)),  # a: both 絶場 cards
        # 2. 大場の二代しばり
        ("sGKOSW", OBA, (ZEBA, KOBA)),  # a
        ("sAIOSW", OBA, (ZEBA, KOBA)),  # a: even with 大場 cards
        ("osKOSW", OBA, (ZEBA, ZEBA)),  # b
        ("AcKOSW", OBA, (OBA, OBA)),  # c: continues
        ("AGKOSW", OBA, (OBA, KOBA)),  # d: one 大場 card
        ("CGKOSW", OBA, (OBA, KOBA)),  # d: no light
        # 3. 絶場の二代しばり
        ("osAIcW", ZEBA, (ZEBA, ZEBA)),  # a
        ("oGKOSW", ZEBA, (ZEBA, KOBA)),  # b
        ("AIcOSW", ZEBA, (ZEBA, KOBA)),  # b: 大場 cards do not matter
        ("CGKOSW", ZEBA, (ZEBA, KOBA)),  # b
    ],
)
def test_every_transition(field, shibari, expected):
    assert ba_of(mask(field), shibari) == expected


def test_year_figures_are_exact():
    stats = ba_chain()
    assert [round(float(x), 4) for x in stats.expected] == [5.7206, 3.3273, 2.9521]
    assert sum(stats.expected) == 12
    assert round(float(stats.etsunen) * 100, 4) == 4.4059
    assert round(1 / float(stats.etsunen), 4) == 22.6969


def test_month_probabilities_match_the_seed():
    t = ba_chain().transition
    free = t[KOBA]
    assert round(float(free[KOBA, KOBA]) * 100, 4) == 49.6797
    oba = free[OBA, KOBA] + free[OBA, OBA]
    assert round(float(oba) * 100, 4) == 26.6501
    zeba = free[ZEBA, KOBA] + free[ZEBA, ZEBA]
    assert round(float(zeba) * 100, 4) == 23.6702
    assert round(float(t[OBA][OBA, KOBA] + t[OBA][OBA, OBA]) * 100, 4) == 76.3298
    assert sum(t[ZEBA].values()) == Fraction(1)
    assert all(ba == ZEBA for ba, _ in t[ZEBA])
