"""Evaluators follow the game's options: 二人こいこい's values, 雨流れ and 7点以上倍 (docs/rules/koikoi2.md
§6, §8), 八八's menu at the month's 場 (docs/rules/hachihachi.md §5); one evaluator per options."""

import random

import pytest

from hanafuda_tui.bots.evaluators import evaluator
from hanafuda_tui.core.cards import ALL_CARDS, POINTS, cards_of, mask
from hanafuda_tui.core.game import NO_FACTS
from hanafuda_tui.core.hints import current_yaku
from hanafuda_tui.core.rulesets.hachihachi.ba import KOBA, OBA, ZEBA
from hanafuda_tui.core.rulesets.hachihachi.game import HachihachiOptions
from hanafuda_tui.core.rulesets.koikoi2.game import Koikoi2Options

KOIKOI2 = [
    Koikoi2Options(),
    Koikoi2Options(low_values=True),
    Koikoi2Options(rain=True),
    Koikoi2Options(double_seven=True),
    Koikoi2Options(low_values=True, rain=True, double_seven=True),
]


def test_koikoi2_scores_are_the_cores_under_each_options():
    rng = random.Random(4)
    sets = [mask("AIcos"), mask("Igr"), mask("BFJ"), mask("IcgE")]
    sets += [sum(1 << c for c in rng.sample(range(48), rng.randrange(4, 16))) for _ in range(300)]
    for options in KOIKOI2:
        ev = evaluator("koikoi2", options)
        for caps in sets:
            base = sum(current_yaku("koikoi2", options, caps).values())
            assert ev.score(caps) == (2 * base if options.double_seven and base >= 7 else base)
    assert evaluator("koikoi2", KOIKOI2[0]).score(mask("AIcos")) == 15
    assert evaluator("koikoi2", KOIKOI2[1]).score(mask("AIcos")) == 10


@pytest.mark.parametrize("options", KOIKOI2, ids=str)
def test_koikoi2_gain_is_the_rise_of_the_potential_plus_card_points(options):
    ev = evaluator("koikoi2", options)
    rng = random.Random(4)
    for _ in range(500):
        cards = rng.sample(range(48), 30)
        caps = mask(cards[: rng.randrange(0, 15)]) | rng.choice((0, mask("Ig"), mask("Ic")))
        avail = ALL_CARDS & ~mask(cards[15 : 15 + rng.randrange(0, 10)]) | caps
        new = mask(cards[25 : 25 + rng.randrange(1, 4)]) & ~caps
        if not new:
            continue
        rise = ev.potential(caps | new, avail) - ev.potential(caps, avail)
        points = ev.point_weight * sum(POINTS[c] for c in cards_of(new))
        assert ev.gain(caps, new, avail) == pytest.approx(rise + points)


def test_koikoi2_lights_weigh_less_with_low_values():
    plain, low = (evaluator("koikoi2", o) for o in KOIKOI2[:2])
    assert low.gain(mask("AI"), mask("c"), ALL_CARDS) < plain.gain(mask("AI"), mask("c"), ALL_CARDS)


def test_with_rain_a_november_card_voids_hanami_and_tsukimi_potential():
    plain, rainy = evaluator("koikoi2", KOIKOI2[0]), evaluator("koikoi2", KOIKOI2[2])
    # 花見で一杯 held: a November card costs it with rain, and is a small gain without.
    assert (
        rainy.gain(mask("Ig"), mask("r"), ALL_CARDS)
        < -1
        < 0
        < plain.gain(mask("Ig"), mask("r"), ALL_CARDS)
    )
    # 桜に幕 and a November card held: 菊に盃 completes nothing with rain.
    assert rainy.one_away(mask("Ir"), ALL_CARDS) & mask("g") == 0
    assert plain.one_away(mask("Ir"), ALL_CARDS) & mask("g")
    assert rainy.potential(mask("Icr"), ALL_CARDS) < plain.potential(mask("Icr"), ALL_CARDS)


def test_double_seven_plays_on_from_five_points_when_one_card_lifts_the_score_to_seven():
    plain, doubled = evaluator("koikoi2", KOIKOI2[0]), evaluator("koikoi2", KOIKOI2[3])
    hand = mask("BCDEFG")
    near_sanko = (mask("YkUAI"), 0)  # 猪鹿蝶 5 points; 芒に月 or 桐に鳳凰 adds 三光
    near_tane = (mask("YkUE"), 0)  # 猪鹿蝶; a fifth tane only adds タネ 1
    assert plain.stop(0, hand, near_sanko, NO_FACTS) and plain.stop(0, hand, near_tane, NO_FACTS)
    assert not doubled.stop(0, hand, near_sanko, NO_FACTS)
    assert doubled.stop(0, hand, near_tane, NO_FACTS)


def test_hachihachi_values_follow_the_menu_at_the_months_ba():
    def ratio(menu: str, ba: int) -> float:
        """What completing 赤短 is worth against one card point."""
        ev = evaluator("hachihachi", HachihachiOptions(menu=menu), (ba,))
        return ev.gain(mask("BF"), mask("J"), ALL_CARDS) / ev.point_weight

    assert ratio("A", KOBA) == ratio("A", OBA) == ratio("A", ZEBA) == ratio("F", KOBA)
    assert ratio("F", KOBA) < ratio("F", OBA) < ratio("F", ZEBA)  # F raises 出来役, not points
    small, big = (evaluator("hachihachi", HachihachiOptions(), (b,)) for b in (KOBA, ZEBA))
    assert big.point_weight == 4 * small.point_weight  # menu A: 絶場 ×4, hatto 点 as the view's


def test_one_evaluator_per_distinct_options_and_ba():
    assert evaluator("koikoi2", Koikoi2Options(rain=True)) is evaluator(
        "koikoi2", Koikoi2Options(rain=True)
    )
    assert evaluator("koikoi2", Koikoi2Options(rain=True)) is not evaluator("koikoi2")
    h8 = HachihachiOptions(menu="F")
    assert evaluator("hachihachi", h8, (OBA,)) is evaluator("hachihachi", h8, (OBA,))
    assert evaluator("hachihachi", h8, (OBA,)) is not evaluator("hachihachi", h8)
