"""The month spread fitted to the table being played (``strong:spread=fit``)."""

import random

import pytest
from helpers.bots import decisions

from hanafuda_tui.bots import make_bot
from hanafuda_tui.bots.chances import FIT_HIGH, FIT_LOW, MonthSpread, year_win_chance
from hanafuda_tui.bots.evaluators import evaluator_of


def test_with_no_month_played_the_fit_is_the_rulesets_spread():
    fit = MonthSpread(4.8)
    assert fit.spread() == 4.8
    fit.see(1, (0, 0))
    fit.see(1, (0, 0))
    assert fit.spread() == 4.8


def test_months_wider_than_the_prior_widen_the_fit_more_with_each_month():
    fit = MonthSpread(4.8)
    fit.see(1, (0, 0))
    fits = []
    for month in range(2, 6):  # the lead swings by 9.6 points a month: twice the prior
        fit.see(month, (0, 0) if month % 2 else (0, 10))
        fits.append(fit.spread())
    assert 4.8 < fits[0] < fits[1] < fits[2] < fits[3] < 9.6 + 0.5


def test_quiet_months_narrow_the_fit_and_it_stays_within_its_bounds():
    quiet = MonthSpread(4.8)
    wild = MonthSpread(4.8)
    fits = []
    for month in range(1, 25):
        quiet.see(month, (month, month))
        wild.see(month, (0, 0) if month % 2 else (200, 0))
        fits.append(quiet.spread())
    assert fits == sorted(fits, reverse=True) and fits[1] < 4.8
    assert fits[-1] == pytest.approx(FIT_LOW * 4.8)
    assert wild.spread() == pytest.approx(FIT_HIGH * 4.8)


def test_months_not_seen_count_in_the_change_that_spans_them():
    """A change over two months counts as two months of its square's half each."""
    spanned = MonthSpread(4.8)
    spanned.see(1, (0, 0))
    spanned.see(3, (10, 0))
    assert spanned.months == 2 and spanned.squares == 100


def test_three_seats_fit_the_mean_square_of_every_pairs_difference():
    fit = MonthSpread(14.5)
    fit.see(1, (0, 0, 0))
    fit.see(2, (6, 0, -6))
    assert fit.squares == pytest.approx((36 + 144 + 36) / 3)


def test_an_earlier_month_starts_a_new_year_over():
    fit = MonthSpread(4.8)
    fit.see(1, (0, 0))
    fit.see(2, (30, 0))
    fit.see(1, (0, 0))
    assert fit.months == 0 and fit.spread() == 4.8


def test_strong_spread_fit_reads_scores_with_the_spread_of_the_months_it_saw():
    view = decisions("koikoi2", 4, 1)[0]
    ev = evaluator_of(view)
    bot = make_bot("strong:iterations=1:spread=fit", random.Random(0))
    scores = [0, 0]
    scores[view.seat] = 10
    left = 12 - view.month
    chance = bot._value_of(view, ev)(scores)
    wanted = year_win_chance(scores, view.seat, bot.fitted.spread() * left**0.5)
    assert chance == pytest.approx(wanted)
    assert bot.fitted.last == (view.month, view.scores)
