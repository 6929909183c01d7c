"""One capture rule for the core and the bots: in 花合わせ the others' shown 六カス/七カス cards are
field cards during a turn (docs/rules/hanaawase.md §5), for a bot deciding from a view
(``hints.takes``) as for a playout reading its own imagined game."""

import random

import pytest
from helpers.koikoi3 import stack

from hanafuda_tui.bots import make_bot
from hanafuda_tui.bots.policy import seen_of_game, seen_of_view
from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import CARD_OF_CODE as CARD
from hanafuda_tui.core.cards import MONTH_MASK, mask, parse_deck
from hanafuda_tui.core.determinize import build_game, sample_deal
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.hints import takes
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.rulesets.hanaawase.game import Hanaawase, HanaawaseOptions


def shown_kasu_position() -> Hanaawase:
    """The 胴二 (seat 1) declared 六カス, so its 松のカス is shown; the 親 (seat 0) holds 松に鶴,
    which meets nothing but that card, and 桜のカス, which meets 桜のカス on the field."""
    deck = stack(dealer="ALklstd", dealer2="CGOSWaZ", biki="BEFJMPR", field="KgiqHN")
    game = Hanaawase(HanaawaseOptions(), 0, lambda: parse_deck(deck))
    game.start()
    for answer in (act.PASS, act.DECLARE, act.PASS):
        game.apply(answer)
    assert game.shown[1] == mask("CGOSWa") and (game.phase, game.to_act) == (Phase.PLAY, 0)
    return game


@pytest.mark.parametrize("spec", ["easy", "normal"])
def test_a_bot_takes_the_shown_card_its_hand_card_meets_as_the_core_does(spec):
    game = shown_kasu_position()
    view = game.view(0)
    crane = CARD["A"]
    assert not view.field & MONTH_MASK[crane >> 2]  # the view reports shown cards apart
    assert takes(view, crane) == mask("C")
    assert seen_of_view(view).field & MONTH_MASK[crane >> 2] == takes(view, crane)
    assert make_bot(spec, random.Random(0)).act(view) == crane  # 松に鶴 with 松のカス
    game.apply(crane)
    assert game.captures[0] & mask("AC") == mask("AC") and not game.shown[1] & mask("C")


def test_playouts_meet_the_same_cards_as_the_view_says():
    """At every card decision of random 花合わせ months, and of games rebuilt from their views, a
    playout's ``Seen`` meets what ``hints.takes`` says the view's card meets."""
    checked = shown = 0
    for seed in range(30):
        game = new_game("hanaawase", random.Random(seed), {"months": 3})
        game.logging = False
        rng = random.Random(seed)
        while not game.finished:
            if game.phase in (Phase.PLAY, Phase.TAKE):
                view = game.view(game.to_act)
                hands, stock = sample_deal(view, rng)
                for g in (game, build_game(view, hands, stock)):
                    seen = seen_of_game(g)
                    for c in range(48):
                        assert seen.field & MONTH_MASK[c >> 2] == takes(view, c)
                checked += 1
                shown += any(view.shown)
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 1000 and shown > 50
