"""三人こいこい months through the real state machine with stacked decks (docs/rules/koikoi3.md
§3–§9). Seat 0 is the first 胴 unless
told; the decks are laid out role by role with ``stack``/``deal_with`` (docs/rules/README.md §4 deal
order)."""

import pytest
from helpers.koikoi3 import (
    QUIET,
    SANKO_FOR_DEALER2,
    TEPPO,
    deal_with,
    game_with,
    pass_without_teyaku,
    play,
    play_out_deal,
    stack,
)

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import codes_of, parse_deck
from hanafuda_tui.core.game import IllegalAction, Phase
from hanafuda_tui.core.rulesets.koikoi3.yaku import scoring_yaku

# One skeleton for the 胴's sequences: field r I g U k A; 胴二 and ビキ lay quiet cards (M, Y, then t, Z);
# the quiet draws are Q, e, G, f. Only the 胴's hand and draws change from deck to deck.
QUIET_SEATS = {"dealer2": "MtDLXjm", "biki": "YZnoqEF", "field": "rIgUkA"}
QUIET_TURNS = {2: "M", 3: "Y", 5: "t", 6: "Z"}

# 1: p takes r (rain), K draws I; 4: h takes g (花見 rained), V draws U; 7: l takes k (青短), B draws A.
BLUE = stack("phlCJWi", **QUIET_SEATS, stock="KQeVGfB")
# 1 as BLUE; 4: B takes A (松に鶴), h draws g: 花見 completes with 日の出 already held.
HINODE_FIRST = stack("pBlCJWi", **QUIET_SEATS, stock="KQeh")
# 1 as BLUE; 4: h takes g (rained), B draws A (日の出); 7: l takes k, V draws U (青短).
HINODE_AFTER = stack("phlCJWi", **QUIET_SEATS, stock="KQeBGfV")
# 1: K takes I, H is laid; 4: h takes g (花見 formed at the hand step), p draws r (雨流れ).
RAIN_BY_DRAW = stack("KhlCJWi", **QUIET_SEATS, stock="HQep")


def turns(game, start: int, upto: int, dealer_cards: dict[int, str]) -> None:
    """Play turns start..upto of the skeleton: the 胴's cards as given, the others' quiet cards."""
    for t in range(start, upto + 1):
        play(game, dealer_cards.get(t) or QUIET_TURNS[t])


# -- こいこい / 勝負 offers --------------------------------------------------------------------------


def test_a_turn_that_forms_a_yaku_offers_koikoi_or_shobu():
    game = game_with(TEPPO)
    play(game, "K")
    assert game.phase == Phase.KOIKOI and game.to_act == 0
    assert game.legal_actions() == [act.KOIKOI, act.SHOBU]
    assert game.view(0).facts.offer == ("花見酒",)
    assert game.view(1).facts.offer == () and game.view(1).legal == ()


def test_a_turn_that_forms_nothing_offers_nothing():
    game = game_with(BLUE)
    play(game, "p")
    assert codes_of(game.captures[0]) == "IKpr"
    assert game.phase == Phase.PLAY and game.to_act == 1


def test_shobu_is_paid_at_face_value_by_both_others():
    game = game_with(TEPPO)
    play(game, "K shobu")
    r = game.results[0]
    assert (r.month, r.season, r.dealer, r.winner, r.reason) == (1, "春", 0, 0, "shobu")
    assert (r.yaku, r.value, r.payments, r.shibari) == ((("花見酒", 2),), 2, (4, -2, -2), False)
    assert game.scores == [4, -2, -2]
    assert game.month == 2 and game.dealer == 0 and len(game.deals) == 2


def test_koikoi_then_a_bigger_yaku_is_offered_again_and_paid_once_at_face_value():
    """鉄砲 replaces 花見酒; no doubling after こいこい (seed ○要点)."""
    game = game_with(TEPPO)
    play(game, "K koikoi")
    assert game.koikoi == (True, False, False)
    assert game.view(2).facts.koikoi == (True, False, False)
    play(game, "O b d")
    assert game.phase == Phase.KOIKOI and game.offer == ("鉄砲",)
    play(game, "shobu")
    assert game.results[0].yaku == (("鉄砲", 6),)
    assert game.scores == [12, -6, -6]


def test_a_player_who_called_koikoi_pays_like_anyone():
    game = game_with(SANKO_FOR_DEALER2)
    play(game, "K koikoi B M U t")
    assert game.phase == Phase.KOIKOI and game.to_act == 1 and game.offer == ("三光",)
    play(game, "shobu")
    assert game.results[0].payments == (-6, 12, -6)
    assert game.dealer == 1, "the winner is the next 胴"


def test_only_the_player_to_act_may_decide():
    game = game_with(TEPPO)
    play(game, "K")
    with pytest.raises(IllegalAction):
        game.apply(act.DECLARE)
    with pytest.raises(IllegalAction):
        play(game, "N")


# -- 雨流れ and 日の出 through whole turns (seed ○ルール補足説明 (2)) --------------------------------------


def test_cup_yaku_made_by_hand_then_rain_drawn_is_rained_out():
    game = game_with(RAIN_BY_DRAW)
    turns(game, 1, 4, {1: "K", 4: "h"})
    assert codes_of(game.captures[0]) == "IKghpr"
    assert game.phase == Phase.PLAY and game.to_act == 1


def test_hinode_taken_by_hand_then_cup_drawn_is_formed():
    game = game_with(HINODE_FIRST)
    turns(game, 1, 4, {1: "p", 4: "B"})
    assert codes_of(game.captures[0]) == "ABIKghpr"
    assert game.phase == Phase.KOIKOI and game.offer == ("花見酒",)
    play(game, "shobu")
    assert game.scores == [4, -2, -2]


def test_cup_made_while_rained_then_hinode_drawn_forms_nothing_but_is_paid_later():
    game = game_with(HINODE_AFTER)
    turns(game, 1, 4, {1: "p", 4: "h"})
    assert codes_of(game.captures[0]) == "ABIKghpr"
    assert scoring_yaku(game.captures[0]) == {"花見酒": 2}
    assert game.phase == Phase.PLAY and game.to_act == 1, "日の出で勝負を宣言することはできない"
    turns(game, 5, 7, {7: "l"})
    assert game.offer == ("青短",)
    play(game, "shobu")
    assert game.results[0].yaku == (("青短", 7), ("花見酒", 2))
    assert game.scores == [18, -9, -9]


def test_yaku_by_hand_while_rained_and_hinode_by_draw_pays_the_cup():
    """雨流れの状態で…手札により勝負することのできる出来役ができ，めくりにより松に鶴を得たときは盃役の役代は入る."""
    game = game_with(BLUE)
    turns(game, 1, 6, {1: "p", 4: "h"})
    assert game.to_act == 0 and scoring_yaku(game.captures[0]) == {}
    play(game, "l")
    assert codes_of(game.captures[0]) == "ABIKUVghklpr"
    assert game.offer == ("青短",)
    play(game, "shobu")
    assert game.results[0].value == 9
    assert game.scores == [18, -9, -9]


# -- capture choices that decide a yaku ----------------------------------------------------------------


def test_the_drawn_cards_choice_decides_the_offer():
    # 胴 plays K taking I; the draw h matches g and i on the field: take:g forms 花見酒, take:i nothing.
    deck = stack("KUNRVZl", "BtOSWam", "MPTXbnp", "IgAcsi", stock="h")
    game = game_with(deck)
    play(game, "K")
    assert game.phase == Phase.TAKE and sorted(game.legal_actions()) == [
        act.TAKE + c for c in (32, 34)
    ]
    play(game, "take:i")
    assert game.to_act == 1 and codes_of(game.captures[0]) == "IKhi"
    game = game_with(deck)
    play(game, "K take:g")
    assert game.offer == ("花見酒",)


# -- 流れ and 3文しばり (seed ○ルール補足説明 (3), docs/rules/koikoi3.md §9) ---------------------------------


def test_hands_played_out_is_nagare_even_after_koikoi():
    game = game_with(TEPPO)
    play(game, "K koikoi")
    play_out_deal(game)
    r = game.results[0]
    assert (r.winner, r.reason, r.payments) == (-1, "nagare-hands", (0, 0, 0))
    assert game.scores == [0, 0, 0]
    assert game.dealer == 2, "the ビキ becomes 胴"
    assert game.shibari and game.month == 1 and len(game.deals) == 2
    assert game.view(1).facts.shibari is True


def test_shibari_needs_three_mon_and_play_goes_on_below():
    game = game_with(QUIET[0], TEPPO)
    play_out_deal(game)
    assert game.dealer == 2 and game.shibari
    play(game, "K")
    assert codes_of(game.captures[2]) == "IKgh"
    assert scoring_yaku(game.captures[2]) == {"花見酒": 2}
    assert game.phase == Phase.PLAY and game.to_act == 0, "2文 < 3文: no offer"
    play(game, "O b d")
    assert game.phase == Phase.KOIKOI and game.to_act == 2 and game.offer == ("鉄砲",)
    play(game, "shobu")
    r = game.results[-1]
    assert (r.month, r.winner, r.payments, r.shibari) == (1, 2, (-6, -6, 12), True)
    assert not game.shibari and game.month == 2 and game.dealer == 2


def test_shibari_lasts_through_further_nagare_until_the_month_is_won():
    game = game_with(QUIET[0], QUIET[1], QUIET[2], TEPPO, first_dealer=1)
    dealers = [game.dealer]
    for _ in range(3):
        play_out_deal(game)
        dealers.append(game.dealer)
        assert game.shibari and game.month == 1
    assert dealers == [1, 0, 2, 1]
    assert [r.shibari for r in game.results] == [False, True, True]
    play(game, "K")
    assert game.phase == Phase.PLAY, "still 3文しばり"
    play(game, "O b d shobu")
    assert game.results[-1].winner == 1 and not game.shibari and game.month == 2


# 1: J takes I K L, s draws t u v; 4: H takes G, P draws O (nine カス); 7: h takes g: 花見酒 2 and
# カス at exactly 10 only by counting 菊に盃 (1文, forming nothing): 3文 in all, 2 toward 3文しばり.
SAKAZUKI_TEN = stack("JHhCMRV", "GmDNTXb", "OeQUYfi", "KLItuv", stock="sSaPWgB")
SAKAZUKI_TEN_TURNS = "J G O H m e h"


def test_the_sakazuki_ten_kasu_is_paid_but_forms_nothing():
    game = game_with(SAKAZUKI_TEN)
    play(game, SAKAZUKI_TEN_TURNS)
    assert scoring_yaku(game.captures[0]) == {"花見酒": 2, "カス": 1}
    assert game.offer == ("花見酒",), "only 花見酒 was formed"
    play(game, "shobu")
    assert game.results[0].value == 3 and game.scores == [6, -3, -3]


def test_the_sakazuki_ten_kasu_does_not_count_toward_shibari():
    game = game_with(QUIET[0], SAKAZUKI_TEN)
    play_out_deal(game)
    play(game, SAKAZUKI_TEN_TURNS)
    assert scoring_yaku(game.captures[2]) == {"花見酒": 2, "カス": 1}
    assert game.phase == Phase.PLAY and game.to_act == 0, "3文 with the 10-カス is not 3文 here"


# -- 手役 (docs/rules/koikoi3.md §3) ------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "name", "value"),
    [
        ("AQRSTau", "手四", 8),
        ("EFGOPkl", "はねけん", 10),
        ("JKLXtuv", "二三本", 20),
        ("FMPopqr", "一二四", 30),
        ("ghijlmn", "四三", 80),
    ],
)
def test_each_teyaku_declared_wins_its_value_from_both(hand, name, value):
    game = game_with(deal_with(dealer=hand), first_dealer=1)
    assert game.phase == Phase.TEYAKU and game.to_act == 1
    assert game.legal_actions() == [act.DECLARE, act.PASS]
    assert game.view(1).facts.own_teyaku == (name, value)
    play(game, "declare")
    r = game.results[0]
    assert (r.winner, r.reason, r.yaku, r.value) == (1, "teyaku", ((name, value),), value)
    assert r.payments == (-value, 2 * value, -value)
    assert game.dealer == 1 and game.month == 2


def test_a_teyaku_kept_hidden_lets_play_begin():
    game = game_with(deal_with(dealer="AQRSTau"))
    play(game, "pass")
    assert game.phase == Phase.PLAY and game.to_act == 0
    assert game.shown == [0, 0, 0] and not game.results
    assert not [e for e in game.log if e.kind == "teyaku"]


def test_declarations_are_private_until_all_have_chosen():
    game = game_with(deal_with(dealer="ghijlmn", dealer2="AQRSTau"))
    play(game, "declare")
    assert game.phase == Phase.TEYAKU and game.to_act == 1
    view = game.view(1)
    assert view.shown == (0, 0, 0)
    assert view.facts.own_teyaku == ("手四", 8)
    assert game.view(0).facts.own_teyaku == ("四三", 80)
    assert not [e for e in game.log if e.kind == "teyaku"]
    play(game, "declare")
    assert [e.seat for e in game.log if e.kind == "teyaku"] == [0, 1]
    assert game.results[0].payments == (152, -72, -80), "differences: 80-8 and 80-0"


def test_a_holder_who_passes_pays_the_full_value():
    game = game_with(deal_with(dealer="AQRSTau", dealer2="JKLstvX"))
    play(game, "declare pass")
    assert game.results[0].payments == (16, -8, -8)
    shown = [(e.seat, codes_of(e.cards)) for e in game.log if e.kind == "teyaku"]
    assert shown == [(0, "AQRSTau")], "only the declared hand is shown"


def test_a_lower_declaration_beats_a_hidden_higher_one():
    game = game_with(deal_with(dealer="AQRSTau", biki="ghijlmn"))
    play(game, "declare pass")
    assert game.results[0].payments == (16, -8, -8)


def test_a_tie_for_the_highest_teyaku_is_nagare_even_with_a_lower_third():
    game = game_with(deal_with(dealer="EFGOPkl", dealer2="ABCIJMN", biki="QRSTUYc"))
    play(game, "declare declare declare")
    r = game.results[0]
    assert (r.winner, r.reason, r.payments) == (-1, "nagare-teyaku", (0, 0, 0))
    assert game.dealer == 2 and game.shibari and game.month == 1


def test_the_higher_of_two_declarations_wins_the_difference_over_a_tie_below():
    game = game_with(deal_with(dealer="EFGOPkl", dealer2="ABCIJMN", biki="ghiQRSc"))
    play(game, "declare declare declare")
    assert game.results[0].payments == (-10, -10, 20), "二三本 20 over two はねけん 10"


def test_teyaku_ends_a_month_under_shibari():
    game = game_with(QUIET[0], deal_with(biki="JKLXtuv"))
    play_out_deal(game)
    assert game.dealer == 2 and game.shibari
    pass_without_teyaku(game)
    assert game.to_act == 1, "the new 胴's ビキ holds the teyaku"
    play(game, "declare")
    r = game.results[-1]
    assert (r.winner, r.reason, r.payments, r.shibari) == (1, "teyaku", (-20, 40, -20), True)
    assert not game.shibari and game.month == 2


def test_teyaku_counts_with_a_field_shima():
    game = game_with(deal_with(dealer2="QRSTUYc", field="ABCDEI"))
    assert game.phase == Phase.TEYAKU and game.to_act == 1
    play(game, "declare")
    assert game.results[0].reason == "teyaku" and game.results[0].payments == (-8, 16, -8)


def test_a_field_shima_with_teyaku_kept_hidden_is_nagare():
    game = game_with(deal_with(dealer2="QRSTUYc", field="ABCDEI"))
    play(game, "pass")
    r = game.results[0]
    assert (r.reason, r.payments) == ("nagare-shima", (0, 0, 0))
    assert game.dealer == 2 and game.shibari


def test_a_field_shima_without_teyaku_is_nagare_at_once():
    game = game_with(deal_with(field="ABCDEI"), first_dealer=1)
    r = game.results[0]
    assert (r.dealer, r.winner, r.reason) == (1, -1, "nagare-shima")
    assert game.dealer == 0 and game.shibari and len(game.deals) == 2


def test_a_clone_playing_on_leaves_the_games_month_state_alone():
    game = game_with(TEPPO)
    play(game, "K")
    copy = game.clone(lambda: parse_deck(QUIET[0]))
    play(copy, "koikoi O b d shobu")
    assert copy.winners == [0] and copy.scores == [12, -6, -6] and copy.month == 2
    assert game.koikoi == (False, False, False) and game.offer == ("花見酒",)
    assert game.winners == [] and game.scores == [0, 0, 0] and not game.results
    play(game, "shobu")
    assert game.results[0].payments == (4, -2, -2) and game.winners == [0]


def test_holding_a_teyaku_is_not_visible_to_the_others():
    with_teyaku = stack("QRSTuvk", "ACEGIKM", "BFJNVZd", "hlmnop")
    without = stack("QRSuvkA", "TCEGIKM", "BFJNVZd", "hlmnop")
    held, blank = (
        game_with(with_teyaku, answer_blanks=False),
        game_with(without, answer_blanks=False),
    )
    assert held.teyaku[0] and not any(blank.teyaku)
    assert held.view(2) == blank.view(2)
    held.apply(act.PASS)
    blank.apply(act.PASS)
    assert held.view(2) == blank.view(2), "the holder kept it hidden: nothing tells the others"
