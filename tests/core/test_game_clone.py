"""Game.clone: an independent copy for search that never touches the real game or its dealer."""

import random

import pytest

from hanafuda_tui.core.game import NoDeckSource
from hanafuda_tui.core.records import new_game


def test_clone_playout_leaves_the_game_and_its_record_untouched():
    game = new_game("koikoi3", random.Random(3))
    before = (game.hands[:], game.captures[:], game.field, list(game.actions), len(game.log))
    copy = game.clone()
    rng = random.Random(1)
    with pytest.raises(NoDeckSource):
        while not copy.finished:
            copy.apply(rng.choice(copy.legal_actions()))
    assert (game.hands, game.captures, game.field, game.actions, len(game.log)) == before
    assert len(game.deals) == 1


def test_clone_with_its_own_deck_source_plays_on_without_the_games_rng():
    rng = random.Random(5)
    game = new_game("koikoi3", rng)
    state = rng.getstate()
    deck_rng = random.Random(9)
    copy = game.clone(lambda: deck_rng.sample(range(48), 48))
    moves = random.Random(2)
    while not copy.finished:
        copy.apply(moves.choice(copy.legal_actions()))
    assert sum(copy.scores) == 0
    assert rng.getstate() == state
    assert game.scores == [0, 0, 0]
