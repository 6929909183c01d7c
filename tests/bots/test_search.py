"""The strong bot's search: its ranking of every legal action, and the action it plays first."""

import random

import pytest

from hanafuda_tui.bots import make_bot
from hanafuda_tui.bots.strong import StrongBot
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
