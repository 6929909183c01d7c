"""The strong bot's review: at each of the seat's decisions, the values are ``StrongBot.ranked``'s
at the seat's view then, seeded from the record and the position."""

from __future__ import annotations

import random

import pytest
from helpers.records import bot_record

from hanafuda_tui.bots.strong import StrongBot
from hanafuda_tui.core.game import Phase
from hanafuda_tui.review.judge import (
    ReviewError,
    decisions,
    judge,
    mistakes,
    review,
    seed_of,
)
from hanafuda_tui.review.positions import Positions

ITERATIONS = 16


@pytest.mark.parametrize("ruleset", ["koikoi2", "hachihachi"])
def test_each_value_is_the_strong_bot_s_ranking_at_the_seat_s_view(ruleset: str) -> None:
    options = {"months": 3} if ruleset == "koikoi2" else {}
    record = bot_record(ruleset, 11, options, actions=None if ruleset == "koikoi2" else 60)
    if ruleset == "hachihachi":  # a whole 八八 year is long: the first months, judged one by one
        todo = decisions(record, 1)[:6]
        judged = [judge(record, d, ITERATIONS) for d in todo]
    else:
        judged = review(record, 1, ITERATIONS)
        todo = decisions(record, 1)
    assert len(judged) == len(todo) > 3 and any(d.plays for d in todo)
    positions = Positions(record)
    for j, d in zip(judged, todo, strict=True):
        game = positions.game_at(d.at)
        assert game.to_act == 1 and d.view == game.view(1)
        assert d.played == positions.marks[d.at].action
        bot = StrongBot(
            random.Random(seed_of(record, d.at)), iterations=ITERATIONS, playout="learned"
        )
        month_plays = []  # the other seats' hand plays of the month, with seat 1's views
        for k in range(d.at):
            before = positions.game_at(k)
            action = positions.marks[k].action
            same_month = len(before.deals) == len(game.deals)
            if same_month and before.phase == Phase.PLAY and before.to_act != 1 and action < 48:
                month_plays.append((before.view(1), before.to_act, action))
        assert d.plays == tuple(month_plays)
        for play in month_plays:
            bot.see_play(*play)
        ranked = bot.ranked(game.view(1))
        assert (j.best, j.best_chance) == ranked[0]
        assert j.played_chance == dict(ranked)[d.played]
        assert (j.at, j.month, j.played) == (d.at, d.month, d.played)


def test_the_same_record_gets_the_same_review_and_progress_is_told() -> None:
    record = bot_record("koikoi2", 12, {"months": 3})
    told: list[tuple[int, int]] = []
    first = review(record, 0, ITERATIONS, progress=lambda done, total: told.append((done, total)))
    assert first == review(record, 0, ITERATIONS)
    total = len(decisions(record, 0))
    assert told == [(k, total) for k in range(total + 1)]


def test_a_cancelled_review_stops_with_what_it_judged() -> None:
    record = bot_record("koikoi2", 12, {"months": 3})
    asked = [0]

    def cancelled() -> bool:
        asked[0] += 1
        return asked[0] > 2

    assert len(review(record, 0, ITERATIONS, cancelled=cancelled)) == 2


def test_mistakes_are_the_decisions_that_lost_most_worst_first() -> None:
    record = bot_record("koikoi2", 13, {"months": 3}, bot="random")
    judged = review(record, 0, ITERATIONS)
    listed = mistakes(judged)
    assert listed
    assert [j.loss for j in listed] == sorted((j.loss for j in listed), reverse=True)
    assert {j.at for j in listed} == {j.at for j in judged if j.loss >= 0.02}


def test_only_a_finished_game_and_a_seat_at_the_table() -> None:
    with pytest.raises(ReviewError):
        review(bot_record("koikoi2", 12, {"months": 3}, actions=20), 0)
    with pytest.raises(ReviewError):
        decisions(bot_record("koikoi2", 12, {"months": 3}), 2)
