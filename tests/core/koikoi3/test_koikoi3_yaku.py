"""三人こいこい yaku (docs/rules/koikoi3.md §3, §5–§7), each with a minimal capture set,
and an independent reading of the rules checked on random capture sets."""

import random

import pytest
from helpers.koikoi3 import ref_formed, ref_scoring
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_tui.core.cards import CODES, MONTH_MASK, codes_of, mask
from hanafuda_tui.core.rulesets.koikoi3.yaku import (
    YAKU_VALUES,
    formed_at_step,
    formed_in_turn,
    scoring_yaku,
    shibari_value,
    teyaku,
)


def yaku(codes: str) -> dict[str, int]:
    return scoring_yaku(mask(codes))


def formed(before: str, new: str) -> set[str]:
    return formed_at_step(mask(before), mask(before) | mask(new))


# -- 手役 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("AQRSTau", ("手四", 8)),  # the rules' examples, one per teyaku
        ("EFGOPkl", ("はねけん", 10)),
        ("JKLXtuv", ("二三本", 20)),
        ("FMPopqr", ("一二四", 30)),
        ("ghijlmn", ("四三", 80)),
        ("ABCDEFG", ("四三", 80)),
        ("ABCDEFI", ("一二四", 30)),
        ("ABCEFGI", ("二三本", 20)),
        ("ABCEFIJ", ("はねけん", 10)),
        ("ABCDEIM", ("手四", 8)),
        ("ABCEFIM", None),  # 3-2-1-1
        ("ABCEIMQ", None),  # 3-1-1-1-1
        ("ABEFIJM", None),  # 2-2-2-1
        ("AEIMQUY", None),
    ],
)
def test_teyaku_patterns(hand, expected):
    assert teyaku(mask(hand)) == expected


# -- 出来役: every value, minimal sets --------------------------------------------------------------


def test_values_are_the_seed_table():
    assert YAKU_VALUES == {
        "五光": 24,
        "大鳥": 18,
        "四光": 16,
        "五雲": 15,
        "雨四光": 9,
        "赤短": 7,
        "青短": 7,
        "小鳥": 7,
        "猪鹿蝶": 6,
        "鉄砲": 6,
        "三光": 6,
        "くさ": 5,
        "表菅原": 4,
        "月見酒": 2,
        "花見酒": 2,
        "タネ": 1,
        "タン": 1,
        "カス": 1,
    }


@pytest.mark.parametrize(
    ("codes", "expected"),
    [
        ("AIcos", {"五光": 24}),
        ("AEMdps", {"大鳥": 18}),
        ("AIcs", {"四光": 16}),
        ("EQUYg", {"五雲": 15, "タネ": 1}),  # タネの役代は別途数える
        ("Acos", {"雨四光": 9}),
        ("AIos", {"雨四光": 9}),
        ("Icos", {"雨四光": 9}),
        ("AIco", {"雨四光": 9}),
        ("BFJ", {"赤短": 7}),
        ("Vhl", {"青短": 7}),
        ("EMdp", {"小鳥": 7}),
        ("UYk", {"猪鹿蝶": 6}),
        ("Icg", {"鉄砲": 6}),
        ("AIc", {"三光": 6}),
        ("AIs", {"三光": 6}),
        ("Ics", {"三光": 6}),
        ("NRZ", {"くさ": 5}),
        ("AEI", {"表菅原": 4}),
        ("cg", {"月見酒": 2}),
        ("Ig", {"花見酒": 2}),
        ("EMQkp", {"タネ": 1}),
        ("EMQUkp", {"タネ": 2}),
        ("BFNRh", {"タン": 1}),
        ("BFNRhq", {"タン": 2}),
        ("CDGHKLOPST", {"カス": 1}),
        ("CDGHKLOPSTW", {"カス": 2}),
        ("CDGHKLOPSTWXabefijmnrtuv", {"カス": 15}),
    ],
)
def test_every_yaku_with_a_minimal_set(codes, expected):
    assert yaku(codes) == expected


@pytest.mark.parametrize(
    "codes",
    [
        "AIo",
        "Aco",
        "AI",
        "EMd",
        "BF",
        "Vh",
        "Yk",
        "NR",
        "AE",
        "c",
        "g",
        "EMQk",
        "BFNR",
        "CDGHKLOPS",
    ],
)
def test_one_card_short_forms_nothing(codes):
    assert yaku(codes) == {}


def test_no_bonus_for_extra_ribbons_or_tane_on_a_set_yaku():
    """赤短/青短/猪鹿蝶 do not grow; タン/タネ still score apart from 5 cards (docs/rules/koikoi3.md §5)."""
    assert yaku("BFJN") == {"赤短": 7}
    assert yaku("BFJNh") == {"赤短": 7, "タン": 1}
    assert yaku("UYkE") == {"猪鹿蝶": 6}
    assert yaku("UYkEM") == {"猪鹿蝶": 6, "タネ": 1}
    assert yaku("BFJVhl") == {"赤短": 7, "青短": 7, "タン": 2}


def test_exclusive_light_group():
    assert yaku("AIcos") == {"五光": 24}
    assert yaku("AIcs") == {"四光": 16}
    assert yaku("AIco") == {"雨四光": 9}
    assert yaku("AIc") == {"三光": 6}
    assert "三光" not in yaku("AIcso") and "四光" not in yaku("AIcso")


def test_otori_over_kotori():
    assert yaku("AEMdps") == {"大鳥": 18}
    assert yaku("AEMdp") == {"小鳥": 7}


def test_teppo_over_hanami_and_tsukimi():
    assert yaku("Icg") == {"鉄砲": 6}
    assert yaku("AIcg") == {"鉄砲": 6, "三光": 6}


def test_everything_else_adds_up():
    caps = "AEIMQUYdgkpBFJVhl"
    assert yaku(caps) == {
        "表菅原": 4,
        "五雲": 15,
        "猪鹿蝶": 6,
        "小鳥": 7,
        "赤短": 7,
        "青短": 7,
        "花見酒": 2,
        "タネ": 5,
        "タン": 2,
    }


def test_kiku_ni_sakazuki_is_tane_and_kasu_at_once():
    assert yaku("CDGHKLOPSg") == {"カス": 1}
    assert yaku("EMQkg") == {"タネ": 1}
    assert yaku("EMQkgCDGHKLOPS") == {"タネ": 1, "カス": 1}
    assert yaku("EQUYgCDGHKLOPS") == {"五雲": 15, "タネ": 1, "カス": 1}


@pytest.mark.parametrize("rain", "opqr")
def test_ame_nagare_voids_cup_yaku_only(rain):
    assert yaku("Icg" + rain) == {}
    assert yaku("cg" + rain) == {}
    assert yaku("Ig" + rain) == {}
    assert yaku("Icg" + rain + "BFJ") == {"赤短": 7}


def test_matsu_ni_tsuru_keeps_cup_yaku_against_rain():
    assert yaku("Icgr") == {}
    assert yaku("AIcgr") == {"鉄砲": 6, "三光": 6}
    assert yaku("Acgq") == {"月見酒": 2}
    assert yaku("AIgp") == {"花見酒": 2}


# -- formed in a step (docs/rules/koikoi3.md §7) ----------------------------------------------------


def test_completing_a_set_forms_it():
    assert formed("BF", "JK") == {"赤短"}
    assert formed("BFJ", "CD") == set()


def test_counts_rising_form_again():
    assert formed("EMQk", "pr") == {"タネ"}
    assert formed("EMQkp", "UW") == {"タネ"}
    assert formed("BFNR", "hi") == {"タン"}
    assert formed("BFNRh", "lm") == {"タン"}
    assert formed("CDGHKLOPS", "WX") == {"カス"}
    assert formed("CDGHKLOPST", "WX") == {"カス"}


def test_lights_step_up_through_the_group():
    assert formed("AI", "cd") == {"三光"}
    assert formed("AIc", "st") == {"四光"}
    assert formed("AIc", "or") == {"雨四光"}
    assert formed("AIco", "st") == {"五光"}
    assert formed("AIcs", "or") == {"五光"}
    assert formed("EMdps", "AB") == {"大鳥"}


def test_cup_yaku_forms_unless_rained_at_that_step():
    assert formed("I", "gh") == {"花見酒"}
    assert formed("Ig", "cd") == {"鉄砲"}
    assert formed("Ir", "gh") == set(), "雨流れ: completed while rained"
    assert formed("AIr", "gh") == {"花見酒"}, "松に鶴 held: no 雨流れ"


def test_hinode_forms_nothing():
    """Taking 松に鶴 revives rained cup yaku but forms nothing (seed ○ルール補足説明 (2))."""
    assert formed("Igr", "AB") == set()
    assert scoring_yaku(mask("IgrAB")) == {"花見酒": 2}
    assert formed("Icgr", "AB") == {"三光"}, "勿論…三光ができていれば別である"


def test_hinode_first_then_cup_forms():
    """Hand takes 松に鶴, the draw completes the cup: formed (seed: 逆に手札により松に鶴を取り…)."""
    assert formed("Ir", "AB") == set()
    assert formed("IrAB", "gh") == {"花見酒"}


def test_sakazuki_ten_kasu_forms_nothing():
    """菊に盃 making exactly 10 カス: scores, forms nothing, not toward 3文しばり (seed カス)."""
    assert formed("CDGHKLOP", "gi") == set()
    assert yaku("CDGHKLOPgi") == {"カス": 1}
    assert formed("CDGHKLOPg", "ST") == {"カス"}, "9 → 11 counting 菊に盃 forms"
    assert formed("CDGHKLOPgi", "S") == {"カス"}, "10 → 11 forms"
    assert formed("CDGHKLOPS", "gi") == {"カス"}, "9 → 11 with 菊に盃 in the step forms"
    assert formed("CDGHKLOPS", "T") == {"カス"}, "10 without 菊に盃 forms"


def test_shibari_value_leaves_out_the_sakazuki_ten():
    caps = mask("CDGHKLOPgi")
    assert shibari_value(caps, scoring_yaku(caps)) == 0
    caps = mask("CDGHKLOPgiBFJ")
    assert shibari_value(caps, scoring_yaku(caps)) == 7
    caps = mask("CDGHKLOPgiS")
    assert shibari_value(caps, scoring_yaku(caps)) == 2
    caps = mask("Ig")
    assert shibari_value(caps, scoring_yaku(caps)) == 2


# -- an independent reading of the rules, checked on random capture sets ----------------------------


@settings(max_examples=400, deadline=None)
@given(st.sets(st.sampled_from(CODES)))
def test_scoring_matches_an_independent_reading(cs):
    assert scoring_yaku(mask("".join(cs))) == ref_scoring(cs)


def test_formed_matches_an_independent_reading_on_random_steps():
    """A step captures cards of one month; compare on 20,000 seeded random steps."""
    rng = random.Random(4)
    kinds: set[str] = set()
    for _ in range(20_000):
        before = {c for c in CODES if rng.random() < rng.choice((0.2, 0.4, 0.6))}
        month = rng.randrange(12)
        free = [c for c in codes_of(MONTH_MASK[month]) if c not in before]
        if len(free) < 2:
            continue
        new = set(rng.sample(free, rng.randint(2, len(free))))
        got = formed_at_step(mask("".join(before)), mask("".join(before | new)))
        assert got == ref_formed(before, before | new), (sorted(before), sorted(new))
        kinds |= got
        assert scoring_yaku(mask("".join(before | new))) == ref_scoring(before | new)
    assert kinds == set(YAKU_VALUES), "the random steps formed every yaku at least once"


def test_a_turn_forms_what_its_two_steps_form():
    """formed_in_turn skips both steps when one quick test over the whole turn says nothing can
    have formed: on 20,000 random two-step turns it must agree with the steps judged one by one
    (the rain-out of 雨流れ and 日の出 included, as a step's cards may be any month's)."""
    rng = random.Random(5)
    formed_any = 0
    for _ in range(20_000):
        start = mask("".join(c for c in CODES if rng.random() < rng.choice((0.1, 0.3, 0.5))))
        rest = [c for c in CODES if not mask(c) & start]
        picks = rng.sample(rest, min(len(rest), rng.randint(0, 4)))
        cut = rng.randint(0, len(picks))
        mid = start | mask("".join(picks[:cut]))
        end = mid | mask("".join(picks[cut:]))
        both = formed_at_step(start, mid) | formed_at_step(mid, end)
        assert formed_in_turn(start, mid, end) == both, (codes_of(start), picks, cut)
        formed_any += bool(both)
    assert formed_any > 1000
