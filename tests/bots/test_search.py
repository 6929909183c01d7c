"""The strong bot's search: its ranking of every legal action, and the action it plays first."""

import random

import pytest
from twins import twin_with_hidden_cards_permuted

from hanafuda_tui import tournament
from hanafuda_tui.bots import make_bot
from hanafuda_tui.bots.strong import StrongBot
from hanafuda_tui.core import actions as act
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.records import new_game

RULESETS = ("koikoi3", "koikoi2", "hanaawase", "hachihachi")


def decisions(ruleset, seed, wanted):
    """Views with a choice to make, from a game the normal bot plays."""
    game = new_game(ruleset, random.Random(seed))
    game.logging = False
    bot = make_bot("normal", random.Random(seed))
    out = []
    while len(out) < wanted and not game.finished:
        view = game.view(game.to_act)
        if len(view.legal) > 1:
            out.append(view)
        game.apply(bot.act(view))
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ranked_values_every_legal_action_once_best_first_and_act_plays_the_first(ruleset):
    for view in decisions(ruleset, 3, 4):
        ranked = StrongBot(random.Random(9), iterations=30).ranked(view)
        assert sorted(a for a, _ in ranked) == sorted(view.legal)
        values = [v for _, v in ranked]
        assert values == sorted(values, reverse=True)
        assert StrongBot(random.Random(9), iterations=30).act(view) == ranked[0][0]


def teyaku_questions(ruleset, wanted):
    """Views of a seat asked about a teyaku it holds (declare or pass), from normal play."""
    out = []
    for seed in range(200):
        game = new_game(ruleset, random.Random(seed), {"months": 3})
        game.logging = False
        view = game.view(game.to_act)
        while game.phase == Phase.TEYAKU:
            view = game.view(game.to_act)
            if act.DECLARE in view.legal:
                out.append(view)
                break
            game.apply(act.PASS)
        if len(out) == wanted:
            return out
    raise AssertionError("no teyaku dealt")


def test_a_koikoi3_teyaku_is_declared_by_the_search_as_it_wins_the_month_at_once():
    """Declared teyaku are shown together and the best one wins the month (koikoi3 §3)."""
    for view in teyaku_questions("koikoi3", 2):
        values = dict(StrongBot(random.Random(4), iterations=40).ranked(view))
        assert values[act.DECLARE] > values[act.PASS] + 1


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_same_seed_and_iterations_rank_the_same(ruleset):
    for view in decisions(ruleset, 8, 3):
        first = StrongBot(random.Random(2), iterations=25).ranked(view)
        assert StrongBot(random.Random(2), iterations=25).ranked(view) == first


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_ranking_is_the_same_whatever_the_hidden_cards(ruleset):
    """A twin game, the cards the seat cannot see shuffled among their places and the same actions
    replayed, gives the seat the same view, so the same ranking at the same seed."""
    compared = 0
    for seed in range(30):
        game = new_game(ruleset, random.Random(seed))
        game.logging = False
        normal = make_bot("normal", random.Random(seed))
        for _ in range(random.Random(seed).randrange(2, 20)):
            if len(game.deals) > 1:
                break
            game.apply(normal.act(game.view(game.to_act)))
        seat = game.to_act
        view = game.view(seat)
        if len(game.deals) > 1 or len(view.legal) < 2 or game.phase == Phase.TEYAKU:
            continue
        twin = twin_with_hidden_cards_permuted(game, seat, random.Random(seed))
        if twin is None or twin.hands == game.hands or twin.view(seat) != view:
            continue
        ranked = StrongBot(random.Random(seed), iterations=20).ranked(view)
        assert StrongBot(random.Random(seed), iterations=20).ranked(twin.view(seat)) == ranked
        compared += 1
        if compared == 4:
            return
    raise AssertionError(f"only {compared} twins")


def test_a_small_tournament_keeps_strong_ahead_of_normal():
    """Duplicate deals, both seat orders: strong's mean score beats normal's."""
    plan = tournament.Plan(
        "koikoi2", {"months": 3}, ("strong:iterations=40", "normal"), seed=3, rotate=True
    )
    played = tournament.run(plan, 40)
    stats = tournament.bot_stats(plan.specs, played)
    assert stats[0]["mean_score"] > stats[1]["mean_score"]
