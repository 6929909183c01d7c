"""The strong bot's search: its ranking of every legal action, and the action it plays first."""

import random

import pytest

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
