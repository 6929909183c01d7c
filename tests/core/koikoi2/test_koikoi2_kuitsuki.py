"""二人こいこい's ``kuitsuki`` option on stacked decks (docs/rules/koikoi2.md §10)."""

import pytest
from helpers.koikoi2 import DEALER, FIELD, OTHER, check_games, game_of, play, stacked

from hanafuda_tui.core.cards import mask
from hanafuda_tui.core.events import Captured
from hanafuda_tui.core.game import Phase


def test_a_drawn_card_of_the_month_just_taken_is_taken_too():
    deck = stacked(DEALER, OTHER, FIELD, "dFf")
    game = game_of([deck], kuitsuki=True)
    play(game, "c")  # c takes e, the only 芒 on the field; d is drawn
    assert game.captures[0] == mask("ced") and not game.field & mask("cdef")
    assert game.phase == Phase.PLAY and game.to_act == 1  # asks nothing
    capture = [e for e in game.log if isinstance(e, Captured)][-1]
    assert (capture.card, capture.took) == (mask("d").bit_length() - 1, mask("ce"))
    play(game, "B M")  # the fourth 芒, f, is drawn: nothing to take, it is laid
    assert game.field & mask("f") and game.captures[0] == mask("ced")
    plain = game_of([deck])
    play(plain, "c")
    assert plain.captures[0] == mask("ce") and plain.field & mask("d")


def test_with_the_nintendo_rules_too():
    deck = stacked(DEALER, OTHER, FIELD, "dFf")
    game = game_of([deck], kuitsuki=True, rules="nintendo")
    play(game, "c")
    assert game.captures[0] == mask("ced")


def test_when_the_hand_card_chose_one_of_two_the_drawn_card_takes_the_other():
    deck = stacked(DEALER, OTHER, FIELD, "vF")
    for kuitsuki in (True, False):
        game = game_of([deck], kuitsuki=kuitsuki)
        play(game, "s take:t")  # s chooses t of t u; v is drawn and takes u
        assert game.captures[0] == mask("stuv") and game.to_act == 1


def test_a_hand_card_laid_on_the_field_is_taken_by_the_drawn_card_as_usual():
    deck = stacked(DEALER, OTHER, FIELD, "OF")
    game = game_of([deck], kuitsuki=True)
    play(game, "M")  # no 藤 on the field: M is laid; O is drawn and takes it
    assert game.captures[0] == mask("MO")


def test_a_drawn_card_of_another_month_is_not_taken():
    deck = stacked(DEALER, OTHER, FIELD, "aF")
    game = game_of([deck], kuitsuki=True)
    play(game, "c")
    assert game.captures[0] == mask("ce") and game.field & mask("a")


def test_the_drawn_card_taken_too_can_form_a_yaku():
    deck = stacked(DEALER, "DHNRVZlp", "eiCGKXtu", "JA")
    for kuitsuki, phase in ((True, Phase.KOIKOI), (False, Phase.PLAY)):
        game = game_of([deck], kuitsuki=kuitsuki)
        game.captures[0] = mask("BF")
        play(game, "I")  # I takes K, the only 桜 on the field; J is drawn
        assert game.phase == phase
    assert game.view(0).facts.offer == () and game.field & mask("J")


@pytest.mark.parametrize("rules", ["default", "nintendo"])
def test_random_kuitsuki_games_keep_every_property(rules):
    tally = check_games({"kuitsuki": True, "rules": rules}, 150)
    assert min(tally["shobu"], tally["hands-out"], tally["same month drawn"]) > 20, tally
