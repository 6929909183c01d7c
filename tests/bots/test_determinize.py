"""core.determinize: a world rebuilt from a view is the real game when given the real hidden cards,
and a sampled world keeps everything the view shows."""

import random

import pytest

from hanafuda_tui.core.cards import ALL_CARDS
from hanafuda_tui.core.determinize import build_game, hidden_counts, sample_deal, unseen
from hanafuda_tui.core.game import Phase
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


DECISION_PHASES = {
    "koikoi3": [Phase.KOIKOI],
    "koikoi2": [Phase.KOIKOI],
    "hanaawase": [],
    "hachihachi": [Phase.AGARI, Phase.CANCEL],
}


def views_tell_all(game) -> bool:
    """False where a view cannot carry the month's payments: a 八八 month with a declared teyaku
    (its payments and threes) or an earlier 法度 (who pays for it)."""
    if game.ruleset != "hachihachi":
        return True
    return not (any(game.declared) or game.marks or any(game.hatto_by) or game.tobikomi_hatto)


def without_declared(view):
    return view._replace(facts=view.facts._replace(declared=None, hatto=None))


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [
        ("koikoi3", {}),
        ("koikoi2", {}),
        ("hanaawase", {}),
        ("hanaawase", {"players": 5}),
        ("hachihachi", {}),
    ],
)
def test_rebuilt_with_the_real_cards_the_game_goes_on_exactly_like_the_real_one(ruleset, options):
    phases = set()
    checked = 0
    for seed in range(30 if ruleset == "hachihachi" else 24 if options else 12):
        game = new_game(ruleset, random.Random(seed), options)
        game.logging = False
        moves = random.Random(seed)
        months = -1
        while not game.finished:
            if len(game.results) != months:  # half the months wait for a decision phase
                months, early = len(game.results), moves.random() < 0.5
            chance = (0.3 if early else 0.0) if game.phase in (Phase.PLAY, Phase.TAKE) else 0.5
            if game.phase == Phase.DERU_ORIRU:
                chance = 0.1 if early else 0.0
            if game.phase != Phase.TEYAKU and moves.random() < chance:
                seat = game.to_act
                view = game.view(seat)
                copy = build_game(view, game.hands, game.stock[game.stock_pos :])
                if game.phase == Phase.DERU_ORIRU:
                    # The out seats' piles go under the stock in their deal order: the real deck.
                    copy.deals[-1].deck = game.deals[-1].deck
                exact = views_tell_all(game)
                if exact:
                    assert copy.view(seat) == view
                else:
                    assert without_declared(copy.view(seat)) == without_declared(view)
                phases.add(game.phase)
                done = len(game.results)
                while len(game.results) == done:
                    assert copy.legal_actions() == game.legal_actions()
                    a = moves.choice(game.legal_actions())
                    game.apply(a)
                    copy.apply(a)
                if exact:
                    assert copy.results[0] == game.results[done]
                else:
                    assert copy.results[0].reason == game.results[done].reason
                checked += 1
            else:
                game.apply(moves.choice(game.legal_actions()))
    assert checked > 60
    assert {Phase.PLAY, Phase.TAKE, *DECISION_PHASES[ruleset]} <= phases
    if options.get("players", 3) > 3:
        assert Phase.DERU_ORIRU in phases
