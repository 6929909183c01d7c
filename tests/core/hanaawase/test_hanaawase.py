"""花合わせ rounds on stacked decks (docs/rules/hanaawase.md)."""

import random

from helpers.hanaawase import game_of, pass_blanks, settled, with_rest

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import ALL_CARDS, CODES, mask, parse_deck
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.hints import takes
from hanafuda_tui.core.records import SeatRecord, new_game, record_of, replay
from hanafuda_tui.core.rulesets.hanaawase.game import (
    Hanaawase,
    month_then_points,
)
from hanafuda_tui.core.table import draw_first_dealer

# 親 is seat 0, 胴二 seat 1, ビキ seat 2. The ビキ holds 七カス (months 1-7); the field holds
# months 8-12 only, so the shown kasu are the only cards the 親 and 胴二 can match.
OYA = "AUcgkso"
DONI = "IMFJQZp"
BIKI = "CGKOSWa"
FIELD = "dhlqtu"
STOCK = "EPBYRV"
# Script: 親 A takes C, draws E taking G; 胴二 I takes K, draws P taking O; ビキ plays its own S
# (laid) and draws B (laid); 親 U takes W, draws Y taking a: the ビキ's hand is empty; 胴二 M is
# laid, draws R taking S; the ビキ only draws V.


def stacked(oya: str, doni: str, biki: str, field: str, stock: str) -> list[int]:
    """A deck dealt as 手七場六 (docs/rules/README.md §4): 胴二, ビキ, 親 four each, three to the field,
    three each, three to the field; then the stock and the rest."""
    top = doni[:4] + biki[:4] + oya[:4] + field[:3] + doni[4:] + biki[4:] + oya[4:] + field[3:]
    top += stock
    return parse_deck(top + "".join(c for c in CODES if c not in top))


def play(game: Hanaawase, tokens: str) -> None:
    """Apply tokens; seats without a teyaku pass by themselves, so tokens name holders' answers."""
    for tok in tokens.split():
        pass_blanks(game)
        game.apply(act.parse_token(tok))
    pass_blanks(game)


def scripted() -> Hanaawase:
    return game_of([stacked(OYA, DONI, BIKI, FIELD, STOCK)])


def test_the_deal_is_seven_each_and_six_to_the_field():
    game = scripted()
    assert game.hands == [mask(OYA), mask(DONI), mask(BIKI)]
    assert game.field == mask(FIELD) and len(game.stock) == 21


def test_teyaku_are_declared_privately_before_play():
    game = scripted()
    assert game.phase == Phase.TEYAKU and game.to_act == 2
    assert game.view(2).facts.own_teyaku == ("七カス", 30)
    assert game.view(0).facts.own_teyaku is None
    assert game.legal_actions() == [act.DECLARE, act.PASS]


def test_shown_kasu_are_field_cards_for_the_others_and_stay_in_the_holders_hand():
    game = scripted()
    play(game, "declare")
    assert game.shown[2] == mask(BIKI) and game.hands[2] == mask(BIKI)
    view = game.view(0)
    assert view.field == mask(FIELD) and view.shown[2] == mask(BIKI)
    play(game, "A")  # takes the shown C, then draws E which takes the shown G
    assert game.captures[0] == mask("ACEG")
    assert game.hands[2] == mask("KOSWa") and game.shown[2] == mask("KOSWa")
    taken = [(e.seat, e.cards) for e in game.log if e.kind == "shown_taken"]
    assert taken == [(2, mask("C")), (2, mask("G"))]
    assert game.view(1).field == mask(FIELD)
    play(game, "I")  # 胴二: takes K, draws P taking O
    assert game.captures[1] == mask("IKPO")
    assert game.hands[2] == mask("SWa")
    play(game, "S")  # the ビキ's own shown card is no field card for it: laid
    assert game.view(0).field == mask(FIELD + "SB") and game.shown[2] == mask("Wa")
    assert game.field == mask(FIELD + "SBWa")  # the 親's turn: the shown W and a are field cards
    play(game, "U")  # 親 takes W, draws Y taking a
    assert game.hands[2] == 0 and game.shown[2] == 0
    play(game, "M")  # 胴二: M laid, draws R taking S
    assert game.captures[1] == mask("IKPORS")
    # The ビキ's hand is empty: its turn only draws V (laid) and the 親 is to play.
    assert game.field == mask(FIELD + "BMV")
    assert (game.phase, game.to_act, game.stock_pos) == (Phase.PLAY, 0, 6)


def test_takes_counts_the_others_shown_cards_in_hanaawase_only_for_the_others():
    game = scripted()
    play(game, "declare")  # the ビキ shows its seven kasu (CGKOSWa)
    view = game.view(0)
    assert view.field & mask("C") == 0  # shown cards are reported apart from the field
    assert takes(view, CODES.index("A")) == mask("C")  # the 親's 松に鶴 takes the shown C
    play(game, "A")
    assert game.captures[0] & mask("AC") == mask("AC")
    play(game, "I")
    # The ビキ's own shown S is no field card for it: its S meets nothing.
    assert takes(game.view(2), CODES.index("S")) == 0


def test_a_shown_card_laid_by_its_holder_is_a_plain_field_card_at_once():
    game = game_of([stacked(OYA, DONI, BIKI, FIELD, "EPv")])
    play(game, "declare A I S")  # the ビキ lays S, then draws v matching t and u
    assert game.phase == Phase.TAKE and game.to_act == 2
    view = game.view(2)
    assert view.field == mask(FIELD + "S") and view.shown[2] == mask("Wa")


def test_undeclared_teyaku_cards_are_hidden_and_not_on_the_field():
    game = scripted()
    play(game, "pass A")
    assert game.captures[0] == 0 and game.field & mask("AE") == mask("AE")
    assert game.shown == [0, 0, 0]


def test_two_holders_decide_in_turn_order_and_are_revealed_together():
    game = game_of([stacked("CDGHKLA", "IMFJQZp", "OPSTWXa", "dhlqtu", "")])
    assert game.to_act == 0 and game.view(0).facts.own_teyaku == ("六カス", 20)
    play(game, "declare")
    assert game.to_act == 2 and game.view(2).facts.declared == (None, None, None)
    assert game.shown == [0, 0, 0]
    play(game, "pass")
    assert game.phase == Phase.PLAY and game.shown == [mask("CDGHKL"), 0, 0]
    assert game.view(1).facts.declared == ("六カス", None, None)


def test_a_shown_card_matching_with_a_field_card_gives_a_choice():
    field = "dhlCtu"  # C on the field; D is shown by the ビキ (六カス: CDGHKLr less C, plus A)
    game = game_of([stacked("BUcgkso", DONI, "DGHKLrA", field, "")])
    play(game, "declare")
    assert game.shown[2] == mask("DGHKLr")
    play(game, "B")
    assert game.phase == Phase.TAKE
    assert sorted(game.legal_actions()) == [
        act.TAKE + CODES.index("C"),
        act.TAKE + CODES.index("D"),
    ]
    play(game, "take:D")
    assert game.hands[2] == mask("GHKLrA") and game.field & mask("C")


def test_teyaku_payments_count_in_the_round_result():
    game = scripted()
    play(game, "declare")
    moves = random.Random(5)
    while len(game.results) < 1:
        game.apply(moves.choice(game.legal_actions()))
    r = game.results[0]
    assert r.teyaku == (None, None, "七カス") and r.reason == "settled"
    for s in range(3):
        own = r.dekiyaku_points[s]
        expected = r.points[s] + 3 * own - sum(r.dekiyaku_points) - 88
        assert r.payments[s] == expected + (60 if s == 2 else -30)


def test_a_round_settles_card_points_and_dekiyaku():
    # 四光 60, 赤短 40, 青短 40, のみ 30, 六短 30, 松桐坊主, 猪鹿蝶, 花見, 月見 20 each: 280.
    r, game = settled(with_rest("AIcsUYgkBFJVhl"))
    assert r.points == (150, 52, 62) and r.dekiyaku_points == (280, 0, 0)
    assert r.payments == (150 + 2 * 280 - 88, 52 - 280 - 88, 62 - 280 - 88)
    assert (r.winner, r.value, game.dealer, game.scores) == (0, 622, 0, list(r.payments))


def test_ame_shima_voids_every_dekiyaku_of_its_holder_but_not_the_card_points():
    # Seat 0 would have 赤短 40, 青短 40, 六短 30; seat 1 has 四光 60, のみ 30 and 60 more.
    r, _ = settled(with_rest("opqrBFJVhlCDGHKL"))
    assert r.ame_shima == (True, False, False)
    assert r.dekiyaku[0] == () and r.points == (72, 118, 74)
    assert r.dekiyaku_points == (0, 150, 0)
    assert r.payments == (72 - 150 - 88, 118 + 300 - 88, 74 - 150 - 88)


def test_ame_shima_does_not_void_the_holders_teyaku():
    r, _ = settled(with_rest("opqrBFJVhlCDGHKL"), declared=("六カス", None, None))
    assert r.ame_shima == (True, False, False) and r.dekiyaku_points == (0, 150, 0)
    assert r.payments == (72 - 150 - 88 + 40, 118 + 300 - 88 - 20, 74 - 150 - 88 - 20)


KASU = "CDGHKLOPSTWXabefijmnrtuv"


def _poor_doni(kasu: int) -> list[str]:
    """The 胴二 captures only ``kasu`` kasu cards; the others split the rest."""
    poor = KASU[:kasu]
    rest = "".join(c for c in CODES if c not in poor)
    return [rest[::2], poor, rest[1::2]]


def test_fuke_at_20_points_is_a_draw_for_all_and_voids_teyaku():
    r, game = settled(_poor_doni(20), declared=("七カス", None, None))
    assert r.points[1] == 20
    assert r.reason == "fuke" and r.winner == -1 and r.payments == (0, 0, 0)
    assert game.dealer == 0 and game.month == 2 and game.scores == [0, 0, 0]
    # Seat 0 would have the best result without the フケ; the 親 keeps the deal all the same.
    _, game = settled(_poor_doni(20), dealer=2)
    assert game.dealer == 2


def test_21_points_is_no_fuke_and_the_teyaku_is_paid():
    r, _ = settled(_poor_doni(21), declared=("七カス", None, None))
    assert r.points[1] == 21 and r.reason == "settled"
    y = r.dekiyaku_points
    base = [r.points[s] + 3 * y[s] - sum(y) - 88 for s in range(3)]
    assert r.payments == (base[0] + 60, base[1] - 30, base[2] - 30)


# Shares of 88 card points each and no 出来役; then the 親 gives B C D G away: 80 / 92 / 92.
EVEN = ["AosMQBCDG", "IcUYdFNVHKL", "EgkpJRZhlqOPSTWXabefijmnrtuv"]
UNEVEN = ["AosMQ", "IcUYdFNVBKL", "EgkpJRZhlqOPSTWXabefijmnrtuvCDGH"]


def test_the_best_result_deals_next_ties_go_to_the_oya_then_the_doni():
    r, game = settled(EVEN, dealer=1)
    assert r.points == (88, 88, 88) and r.dekiyaku_points == (0, 0, 0)
    assert r.payments == (0, 0, 0) and game.dealer == 1
    r, game = settled(UNEVEN, dealer=0)
    assert r.points == (80, 92, 92) and r.payments == (-8, 4, 4)
    assert game.dealer == 1  # 胴二 before ビキ
    r, game = settled(UNEVEN, dealer=2)
    assert game.dealer == 2  # the 親 keeps it on a tie


def test_teyaku_payments_count_in_choosing_the_next_oya():
    r, game = settled(EVEN, dealer=1, declared=(None, None, "六カス"))
    assert r.payments == (-20, -20, 40) and game.dealer == 2


def test_a_field_shima_goes_to_the_oyas_captures():
    deck = stacked(OYA, "IXFJQZp", "CGKHSWa", "MNtOuP", "EBY")
    game = game_of([deck])
    assert game.captures[0] == mask("MNOP") and game.field == mask("tu")


def test_the_first_oya_draw_breaks_a_month_tie_by_higher_points():
    assert sorted(range(4), key=month_then_points) == [0, 1, 2, 3]
    assert month_then_points(CODES.index("A")) < month_then_points(CODES.index("C"))
    seen = set()
    for seed in range(200):
        dealer, draws = draw_first_dealer(random.Random(seed), 3, month_then_points)
        first = {}
        for seat, card in draws:
            first.setdefault(seat, card)
        ranks = {s: month_then_points(c) for s, c in first.items()}
        if len(set(ranks.values())) == 3:
            assert dealer == min(ranks, key=ranks.__getitem__)
            seen.add(dealer)
    assert seen == {0, 1, 2}


def test_random_rounds_conserve_cards_capture_all_264_points_and_are_zero_sum():
    for g in range(150):
        game = new_game("hanaawase", random.Random(f"ha/{g}"))
        moves = random.Random(g)
        while not game.finished:
            deal_no = len(game.deals)
            game.apply(moves.choice(game.legal_actions()))
            if len(game.deals) == deal_no and not game.finished:
                stock = sum(1 << c for c in game.stock[game.stock_pos :])
                pending = 1 << game.pending_card if game.pending_card >= 0 else 0
                parts = [*game.hands, *game.captures, game.field, stock, pending]
                union = 0
                for p in parts:
                    union |= p
                on_field = game.field & (game.hands[0] | game.hands[1] | game.hands[2])
                assert union == ALL_CARDS
                assert sum(p.bit_count() for p in parts) - on_field.bit_count() == 48
        totals = [0, 0, 0]
        for r in game.results:
            assert sum(r.points) == 264 and sum(r.payments) == 0
            totals = [t + p for t, p in zip(totals, r.payments, strict=True)]
        assert totals == game.scores and len(game.results) == 12


def test_records_replay_to_the_same_results():
    seats = [SeatRecord(name=n) for n in "abc"]
    for g in range(40):
        game = new_game("hanaawase", random.Random(f"hr/{g}"), {"months": 6})
        moves = random.Random(g)
        while not game.finished:
            game.apply(moves.choice(game.legal_actions()))
        again = replay(record_of(game, seats))
        assert again.results == game.results and again.scores == game.scores
