"""core.determinize: a world rebuilt from a view is the real game when given the real hidden cards,
and a sampled world keeps everything the view shows."""

import random

import pytest

from hanafuda_tui.core.cards import ALL_CARDS
from hanafuda_tui.core.determinize import build_game, hidden_counts, sample_deal, unseen
from hanafuda_tui.core.game import TAKE
from hanafuda_tui.core.records import new_game


def decision_points(seed: int, limit: int = 400):
    """Random play through a game: (game, seat to act) at every decision of the first deals."""
    game = new_game("koikoi3", random.Random(seed))
    moves = random.Random(seed + 1)
    for _ in range(limit):
        if game.finished:
            return
        yield game, game.to_act
        game.apply(moves.choice(game.legal_actions()))


def test_unseen_is_exactly_the_others_hidden_hands_and_the_stock():
    for game, seat in decision_points(1):
        view = game.view(seat)
        hidden = 0
        for s in range(game.players):
            if s != seat:
                hidden |= game.hands[s] & ~game.shown[s]
        for c in game.stock[game.stock_pos :]:
            hidden |= 1 << c
        assert unseen(view) == hidden
        assert sum(hidden_counts(view)) + view.stock_count == hidden.bit_count()


def test_sample_deal_keeps_hand_sizes_shown_cards_and_the_own_hand():
    rng = random.Random(7)
    deals = set()
    for game, seat in decision_points(2, 120):
        view = game.view(seat)
        hands, stock = sample_deal(view, rng)
        assert hands[seat] == view.hand
        assert [h.bit_count() for h in hands] == list(view.hand_counts)
        assert all(hands[s] & view.shown[s] == view.shown[s] for s in range(game.players))
        assert len(stock) == view.stock_count
        dealt = 0
        for s, h in enumerate(hands):
            if s != seat:
                dealt |= h & ~view.shown[s]
        for c in stock:
            dealt |= 1 << c
        assert dealt == unseen(view)
        assert dealt & ~ALL_CARDS == 0
        deals.add((hands, stock))
    assert len(deals) > 100


@pytest.mark.parametrize("ruleset", ["koikoi3", "koikoi2"])
def test_rebuilt_with_the_real_cards_the_game_goes_on_exactly_like_the_real_one(ruleset):
    phases = set()
    checked = 0
    for seed in range(8):
        game = new_game(ruleset, random.Random(seed))
        game.logging = False
        moves = random.Random(seed)
        while not game.finished:
            if game.phase != "teyaku" and moves.random() < 0.3:
                seat = game.to_act
                view = game.view(seat)
                copy = build_game(view, game.hands, game.stock[game.stock_pos :], game.options)
                assert copy.view(seat) == view
                phases.add(game.phase)
                done = len(game.results)
                while len(game.results) == done:
                    assert copy.legal_actions() == game.legal_actions()
                    a = moves.choice(game.legal_actions())
                    game.apply(a)
                    copy.apply(a)
                assert copy.results[0] == game.results[done]
                checked += 1
            else:
                game.apply(moves.choice(game.legal_actions()))
    assert checked > 80
    assert {"play", TAKE, "koikoi"} <= phases
