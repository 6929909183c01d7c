"""Bots: only legal actions, only the view, reproducible with fixed seeds and iterations."""

import random

import pytest
from helpers.bots import twin_with_hidden_cards_permuted

from hanafuda_tui.bots import EXPERT_TIME, BotSpecError, make_bot
from hanafuda_tui.bots.strong import StrongBot
from hanafuda_tui.core.cards import deck_string
from hanafuda_tui.core.determinize import unseen
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.records import new_game

LEVELS = ("random", "easy", "normal", "strong:iterations=12")
RULESETS = ("koikoi3", "koikoi2", "hanaawase", "hachihachi")


class Checked:
    """Wraps a bot: every action it returns must be among the legal actions of its view."""

    def __init__(self, bot):
        self.bot = bot
        self.decisions = 0

    def act(self, view):
        action = self.bot.act(view)
        assert action in view.legal
        self.decisions += 1
        return action


def play(game, bots):
    while not game.finished:
        seat = game.to_act
        game.apply(bots[seat].act(game.view(seat)))


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("spec", LEVELS)
def test_every_level_plays_a_whole_game_with_legal_actions_only(spec, ruleset):
    options = {} if ruleset == "hachihachi" else {"months": 3}
    game = new_game(ruleset, random.Random(11), options)
    game.logging = False
    bots = [Checked(make_bot(spec, random.Random(i))) for i in range(game.players)]
    play(game, bots)
    assert game.finished and len(game.results) >= 3
    assert all(b.decisions > 5 for b in bots)


def test_an_expert_is_the_strong_search_thinking_a_second_unless_given_a_budget():
    expert = make_bot("expert", random.Random(0))
    assert isinstance(expert, StrongBot)
    assert (expert.time, expert.iterations) == (EXPERT_TIME, None) and EXPERT_TIME == 1.0
    counted = make_bot("expert:iterations=50", random.Random(0))
    assert (counted.time, counted.iterations) == (None, 50)
    assert make_bot("expert:time=2:aim=margin", random.Random(0)).time == 2.0
    with pytest.raises(BotSpecError):
        make_bot("expert:time=0", random.Random(0))


def test_bot_specs_take_parameters_and_reject_bad_ones():
    bot = make_bot(
        "strong:iterations=40:time=0.5:playout=easy:confidence=2.5:spread=2", random.Random(0)
    )
    assert (bot.iterations, bot.time, bot.playout, bot.confidence) == (40, 0.5, "easy", 2.5)
    assert bot.spread == 2.0 and not bot.fit
    assert make_bot("strong:spread=fit", random.Random(0)).fit
    bad_specs = (
        "strong:iterations=x",
        "strong:depth=3",
        "easy:time=1",
        "hard",
        "strong:time=0",
        "strong:confidence=-1",
        "strong:confidence=nan",
        "strong:spread=nan",
        "strong:spread=0",
        "strong:spread=inf",
        "strong:spread=fitted",
        "strong:search=deep",
    )
    for bad in bad_specs:
        with pytest.raises(BotSpecError):
            make_bot(bad, random.Random(0))


def deal_of(game):
    return game.hands, deck_string(game.stock[game.stock_pos :])


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_view_shows_no_hidden_card_and_bots_decide_the_same_whatever_the_hidden_cards(ruleset):
    rng = random.Random(3)
    compared = 0
    for seed in range(40):
        game = new_game(ruleset, random.Random(seed))
        game.logging = False
        moves = random.Random(seed)
        for _ in range(moves.randrange(0, 30)):
            if len(game.deals) > 1 or len(game.legal_actions()) == 0:
                break
            game.apply(moves.choice(game.legal_actions()))
        if len(game.deals) != 1 or game.phase == Phase.TEYAKU:
            continue
        seat = game.to_act
        view = game.view(seat)
        hidden = unseen(view)
        for s in range(game.players):
            assert s == seat or not (view.hand & game.hands[s])
        assert not (view.hand | view.field | sum(view.captures) | sum(view.shown)) & hidden
        twin = twin_with_hidden_cards_permuted(game, seat, rng)
        if twin is None or deal_of(twin) == deal_of(game) or twin.shown != game.shown:
            continue  # the same deal, or one that contradicts a shown teyaku
        assert twin.view(seat) == view
        for spec in ("easy", "normal", "strong:iterations=16"):
            a = make_bot(spec, random.Random(seed)).act(view)
            b = make_bot(spec, random.Random(seed)).act(twin.view(seat))
            assert a == b
        compared += 1
    assert compared >= 10


def test_fixed_seed_fixed_iteration_games_are_reproducible():
    def run():
        game = new_game("koikoi3", random.Random(5), {"months": 3})
        game.logging = False
        play(game, [make_bot("strong:iterations=10", random.Random(i)) for i in range(3)])
        return [d.actions for d in game.deals], game.scores

    assert run() == run()


def test_strong_never_overrules_the_normal_policy_without_the_confidence_it_asks_for():
    game = new_game("koikoi2", random.Random(8), {"months": 3})
    game.logging = False
    strong = make_bot("strong:iterations=8:confidence=1e9:playout=normal", random.Random(1))
    normal = make_bot("normal", random.Random(1))
    eager = make_bot("strong:iterations=8:confidence=0", random.Random(1))
    differs = 0
    while not game.finished:
        view = game.view(game.to_act)
        action = strong.act(view)
        assert action == normal.act(view)
        differs += eager.act(view) != action
        game.apply(action)
    assert differs > 0
