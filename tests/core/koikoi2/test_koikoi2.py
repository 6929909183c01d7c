"""二人こいこい games on stacked decks (docs/rules/koikoi2.md)."""

import random

import pytest
from helpers.koikoi2 import (
    DEALER,
    FIELD,
    KUTTSUKI_HAND,
    OTHER,
    PLAIN,
    STOCK,
    TESHI_HAND,
    game_of,
    play,
    scripted,
    stacked,
)

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import ALL_CARDS, mask
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.records import SeatRecord, new_game, record_of, replay


def test_the_deal_is_eight_eight_eight_and_a_stock_of_24():
    game = scripted()
    assert game.hands == [mask(DEALER), mask(OTHER)]
    assert game.field == mask(FIELD)
    assert len(game.stock) == 24
    assert (game.month, game.dealer, game.phase, game.to_act) == (1, 0, Phase.PLAY, 0)


def test_a_turn_that_forms_a_yaku_offers_koikoi_and_shobu_scores_it():
    game = scripted()
    play(game, "c")
    assert game.phase == Phase.KOIKOI and game.to_act == 0
    assert game.legal_actions() == [act.KOIKOI, act.SHOBU]
    assert game.view(0).facts.offer == ("月見で一杯",)
    play(game, "shobu")
    r = game.results[0]
    assert (r.winner, r.reason, r.yaku, r.value, r.payments) == (
        0,
        "shobu",
        (("月見で一杯", 5),),
        5,
        (5, 0),
    )
    assert game.month == 2 and game.dealer == 0


def test_the_question_offers_only_the_yaku_the_turn_formed_not_those_held_before():
    # §5: the dealer holds 月見で一杯 (offered, こいこい called), then forms 花見で一杯
    game = scripted()
    play(game, "c koikoi B M J take:L koikoi I")
    assert game.phase == Phase.KOIKOI and game.to_act == 0
    assert game.view(0).facts.offered() == ("花見で一杯",)
    play(game, "shobu")
    assert game.results[0].yaku == (("月見で一杯", 5), ("花見で一杯", 5))


def test_after_koikoi_the_other_players_win_is_doubled():
    game = scripted()
    play(game, "c koikoi B M J")
    assert game.phase == Phase.TAKE
    play(game, "take:L")
    assert game.phase == Phase.KOIKOI and game.to_act == 1
    play(game, "shobu")
    r = game.results[0]
    assert (r.winner, r.yaku, r.base, r.value, r.payments) == (1, (("赤短", 6),), 6, 12, (0, 12))
    assert r.koikoi == (True, False)
    assert game.scores == [0, 12] and game.dealer == 1


def test_the_doubling_after_koikoi_counts_once_whoever_called():
    game = scripted()
    play(game, "c koikoi B M J take:L koikoi I")
    assert game.phase == Phase.KOIKOI and game.to_act == 0
    play(game, "shobu")
    r = game.results[0]
    assert (r.winner, r.base, r.value, r.payments) == (0, 10, 20, (20, 0))
    assert set(r.yaku) == {("月見で一杯", 5), ("花見で一杯", 5)} and r.koikoi == (True, True)


def test_the_caller_of_koikoi_who_wins_later_scores_double():
    game = scripted()
    play(game, "c koikoi B M N I take:K")  # the other player forms nothing; 花見 for the dealer
    assert game.phase == Phase.KOIKOI and game.to_act == 0
    play(game, "shobu")
    r = game.results[0]
    assert (r.winner, r.base, r.value, r.payments, r.koikoi) == (0, 10, 20, (20, 0), (True, False))


def test_a_turn_that_forms_nothing_offers_nothing():
    game = scripted()
    play(game, "c koikoi B")
    assert game.phase == Phase.PLAY and game.to_act == 0


def test_double_seven_doubles_seven_or_more_and_stacks_with_koikoi():
    game = scripted(double_seven=True)
    play(game, "c koikoi B M J take:L koikoi I shobu")
    assert game.results[0].value == 40
    game = scripted(double_seven=True)
    play(game, "c shobu")
    assert game.results[0].value == 5
    game = scripted(double_seven=True)
    play(game, "c koikoi B M J take:L shobu")  # 赤短 6: under 7 before the こいこい doubling
    assert (game.results[0].base, game.results[0].value) == (6, 12)


@pytest.mark.parametrize(("caps", "base", "value"), [("BFJEMQUY", 7, 14), ("BFJEMQU", 6, 6)])
def test_double_seven_starts_at_exactly_seven(caps, base, value):
    game = scripted(double_seven=True)
    play(game, "c")
    game.captures[0] = mask(caps)  # 赤短 with or without タネ, paid by the 勝負 now
    play(game, "shobu")
    assert (game.results[0].base, game.results[0].value) == (base, value)


def test_low_values_option_scores_the_alternative_values():
    game = scripted(low_values=True)
    play(game, "c koikoi B M J take:L shobu")
    assert game.results[0].value == 10  # 赤短 5, doubled


def test_rain_option_voids_the_cup_yaku_with_a_november_card():
    game = scripted(rain=True)
    game.captures[0] = mask("cgAr")
    assert game.yaku_of(0) == {}
    plain = scripted()
    plain.captures[0] = mask("cgAr")
    assert plain.yaku_of(0) == {"月見で一杯": 5}


def test_on_the_last_hand_card_shobu_is_automatic():
    game = scripted()
    game.hands[0] = mask("c")
    play(game, "c")
    r = game.results[0]
    assert (r.winner, r.reason, r.value) == (0, "shobu", 5)
    assert game.deals[0].actions == [act.parse_token("c")]


def test_a_field_with_four_of_a_month_is_dealt_again_and_uses_no_month():
    shima = stacked(DEALER, OTHER, "CGKLghij", "")
    game = game_of([shima, stacked(DEALER, OTHER, FIELD, STOCK)])
    assert len(game.deals) == 2 and game.deals[0].actions == []
    assert game.month == 1 and game.field == mask(FIELD)
    (r,) = game.results
    assert (r.deal, r.month, r.reason, r.winner, r.payments) == (0, 1, "nagare-shima", -1, (0, 0))


def test_months_option_ends_the_game():
    for months in (3, 6, 12):
        game = new_game("koikoi2", random.Random(months), {"months": months})
        moves = random.Random(1)
        while not game.finished:
            game.apply(moves.choice(game.legal_actions()))
        assert len(game.results) == months == game.month_index == game.month  # the last one played


@pytest.mark.parametrize(
    ("dealer", "other", "winner", "name"),
    [(TESHI_HAND, PLAIN, 0, "手四"), ("BJdkSbEp", KUTTSUKI_HAND, 1, "くっつき")],
)
def test_teyaku_option_wins_the_month_at_once(dealer, other, winner, name):
    deck = stacked(dealer, other, FIELD, "")
    game = game_of([deck], teyaku=True)
    r = game.results[0]
    assert (r.winner, r.reason, r.yaku, r.value) == (winner, "teyaku", ((name, 6),), 6)
    assert r.payments[winner] == 6 and sum(r.payments) == 6
    assert game.deals[0].actions == [] and game.dealer == winner and game.month == 2
    plain = game_of([deck])
    assert plain.results == [] and plain.phase == Phase.PLAY


def test_teyaku_held_by_both_players_is_a_drawn_month():
    game = game_of([stacked(TESHI_HAND, "ABEFUVYZ", FIELD, "")], teyaku=True)
    r = game.results[0]
    assert (r.winner, r.reason, r.yaku, r.payments) == (-1, "teyaku-draw", (), (0, 0))
    assert game.dealer == 0 and game.month == 2


def _random_games(n: int, options=None):
    for g in range(n):
        rng = random.Random(f"k2/{g}")
        game = new_game("koikoi2", rng, options or {})
        yield game, random.Random(g)


def test_random_games_conserve_cards_and_score_only_the_winner():
    played_out = 0
    for game, moves in _random_games(200):
        while not game.finished:
            deal_no = len(game.deals)
            game.apply(moves.choice(game.legal_actions()))
            if len(game.deals) == deal_no and not game.finished:
                stock = sum(1 << c for c in game.stock[game.stock_pos :])
                pending = 1 << game.pending_card if game.pending_card >= 0 else 0
                parts = [*game.hands, *game.captures, game.field, stock, pending]
                assert sum(p.bit_count() for p in parts) == 48
                union = 0
                for p in parts:
                    union |= p
                assert union == ALL_CARDS
        totals = [0, 0]
        dealer = game.first_dealer
        for r in game.results:
            assert r.dealer == dealer
            assert sorted(r.payments) == [0, r.value] and (r.value > 0) == (r.winner >= 0)
            if r.winner >= 0:
                assert r.payments[r.winner] == r.value
                dealer = r.winner
            else:  # hands played out (or dealt again): nobody scores and the dealer stays
                assert r.reason in ("hands-out", "nagare-shima") and r.payments == (0, 0)
                played_out += r.reason == "hands-out"
            totals = [t + p for t, p in zip(totals, r.payments, strict=True)]
        assert totals == game.scores
    assert played_out > 20


def test_every_option_set_plays_and_replays_to_the_same_totals():
    options = {"low_values": True, "rain": True, "double_seven": True, "teyaku": True}
    for game, moves in _random_games(60, options):
        while not game.finished:
            game.apply(moves.choice(game.legal_actions()))
        again = replay(record_of(game, [SeatRecord(name="a"), SeatRecord(name="b")]))
        assert again.scores == game.scores and again.results == game.results


def test_a_game_whose_last_month_ends_at_the_deal_replays():
    deck = stacked(TESHI_HAND, PLAIN, FIELD, "")
    game = game_of([deck, deck, deck], teyaku=True, months=3)
    assert game.finished and [d.actions for d in game.deals] == [[], [], []]
    again = replay(record_of(game, [SeatRecord(name="a"), SeatRecord(name="b")]))
    assert again.finished and again.results == game.results
