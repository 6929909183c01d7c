"""八八 months on constructed tables: あがり, 下げ and its cancels, 法度 and its exemptions, 飛込み,
抜け, card points and special yaku (docs/rules/hachihachi.md §11–§14)."""

import pytest
from helpers.hachihachi import THREE_HAND, hatto_then_sage, play, staged

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import CARD_OF_CODE, mask
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.rulesets.hachihachi.ba import OBA, ZEBA
from hanafuda_tui.core.rulesets.hachihachi.yaku import special_yaku

KAN = 12


def test_hatto_case_3_both_yaku_are_paid_by_the_offender():
    """補足 (1) 3: 松の短 laid to a player short of 赤短 (B) and 四光 (A); 松に鶴 takes it."""
    game = staged(
        hands=["BGK", "Ae", "ij"],
        caps=["", "FJIcs", "CD"],
        field="OP",
        stock="mnQ",
    )
    warn = game.hatto_warnings()
    assert set(warn) == {CARD_OF_CODE["B"]}
    hatto, exempt = warn[CARD_OF_CODE["B"]]
    assert not exempt
    assert {names for _, names in hatto.yaku} == {("赤短",), ("四光",)}
    assert hatto.value == (7 + 12) * KAN
    play(game, "B")  # lays; draws m, lays
    play(game, "A")  # takes B: 赤短 and 四光; draws n, takes m
    assert game.phase == Phase.AGARI and game.legal_actions() == [act.AGARI, act.SAGE]
    play(game, "agari")
    result = game.results[-1]
    assert result.reason == "agari" and result.winner == 1
    assert result.payments == (-2 * (84 + 144), 2 * (84 + 144), 0)
    assert {r.remark for r in result.rows} == {"赤短法度", "四光法度"}


def test_shadow_card_is_not_hatto_when_the_missing_card_is_known():
    """docs/rules/hachihachi.md §13: a card of the missing card's month is 法度 only while that card
    is unknown."""
    game = staged(hands=["CAG", "Ke", "ij"], caps=["", "FJ", "D"], field="OP", stock="mnQ")
    # C is a 影札 of B for 赤短, but B ... is unseen: 法度
    assert CARD_OF_CODE["C"] in game.hatto_warnings()
    game = staged(hands=["CBG", "Ke", "ij"], caps=["", "FJ", "D"], field="OP", stock="mnQ")
    warn = game.hatto_warnings()
    assert CARD_OF_CODE["C"] not in warn  # B is in the player's own hand
    assert CARD_OF_CODE["B"] in warn  # the missing card itself


def test_last_card_is_exempt():
    game = staged(hands=["B", "Ae", "ij"], caps=["", "FJ", "CD"], field="OP", stock="mnQ")
    ((_, exempt),) = game.hatto_warnings().values()
    assert exempt
    play(game, "B", "A")
    play(game, "agari")
    assert game.results[-1].payments == (-84, 168, -84)


def test_all_hatto_hand_least_value_first_then_the_player_before():
    """補足 (1) 1: with only 法度 cards, the cheaper one is exempt; on a tie, the one for the
    player before you (seat 2 for seat 0)."""
    # Seat 1 short of 猪鹿蝶 (k), seat 2 short of 赤短 (B); seat 0 holds k and B.
    game = staged(hands=["kB", "Ae", "lj"], caps=["", "YU", "FJ"], field="OP", stock="mnQ")
    warn = game.hatto_warnings()
    assert (
        warn[CARD_OF_CODE["k"]][0].value == 6 * KAN and warn[CARD_OF_CODE["B"]][0].value == 7 * KAN
    )
    assert warn[CARD_OF_CODE["k"]][1] and not warn[CARD_OF_CODE["B"]][1]
    # Equal values (赤短 and 青短, 7貫 each): the card for the player before (seat 2) goes first.
    game = staged(hands=["lB", "Ae", "kj"], caps=["", "Vh", "FJ"], field="OP", stock="mnQ")
    warn = game.hatto_warnings()
    assert warn[CARD_OF_CODE["B"]][1] and not warn[CARD_OF_CODE["l"]][1]


def test_a_capturing_card_makes_the_hand_not_all_hatto():
    game = staged(hands=["kBO", "Ae", "lj"], caps=["", "YU", "FJ"], field="P", stock="mnQ")
    warn = game.hatto_warnings()
    assert not any(exempt for _, exempt in warn.values())


def test_agari_full_value_at_oba():
    game = staged(hands=["BG", "ei", "jt"], caps=["FJ", "", ""], field="COP", stock="mnQR", ba=OBA)
    play(game, "B")
    assert game.phase == Phase.AGARI
    play(game, "agari")
    assert game.results[-1].payments == (4 * 7 * KAN, -2 * 7 * KAN, -2 * 7 * KAN)


def test_no_sage_on_the_last_hand_card():
    game = staged(hands=["B", "e", "t"], caps=["FJ", "", ""], field="COP", stock="mnQR")
    play(game, "B")
    assert game.results[-1].reason == "agari"
    assert game.results[-1].payments == (168, -84, -84)


def test_sage_then_cancel_is_half():
    game = staged(hands=["BG", "eS", "tW"], caps=["FJ", "", ""], field="COP", stock="mnQRZa")
    play(game, "B", "sage")
    assert game.sage == 0 and game.phase == Phase.PLAY and game.to_act == 1
    play(game, "e")
    assert game.phase == Phase.CANCEL and game.to_act == 0
    play(game, "keep", "t")
    assert game.phase == Phase.CANCEL
    play(game, "cancel")
    result = game.results[-1]
    assert result.reason == "cancel" and result.winner == 0
    assert result.payments == (84, -42, -42)
    assert result.rows[0].remark == "赤短・消"


def test_sage_case_6_forced_cancel_on_the_last_card():
    """補足 (2) 6: in 下げ, the last hand card forms nothing: cancelled at half, no 素十六."""
    game = staged(hands=["BG", "eS", "tW"], caps=["FJ", "", ""], field="COP", stock="mnQRZa")
    play(game, "B", "sage", "e", "keep", "t", "keep")
    play(game, "G")  # the last card: lays; draws Z, lays
    result = game.results[-1]
    assert result.reason == "cancel" and result.payments == (84, -42, -42)


def test_sage_player_pays_both_shares_when_another_completes():
    """補足 (2) 1, 2, 4: 赤短 in 下げ gets half; the other's 猪鹿蝶 is paid twice by the 下げ player."""
    game = staged(hands=["BG", "kS", "tW"], caps=["FJ", "YU", ""], field="COPn", stock="QmRZa")
    play(game, "B", "sage", "k")  # takes n: 猪鹿蝶, あがり at once
    result = game.results[-1]
    assert result.reason == "agari" and result.winner == 1
    assert result.payments == (84 - 144, -42 + 144, -42)
    assert [r.remark for r in result.rows] == ["赤短・下", "猪鹿蝶"]


def test_sage_then_new_yaku_and_agari_is_full():
    game = staged(hands=["BGk", "eS", "tW"], caps=["FJYU", "", ""], field="COPn", stock="QRZa")
    play(game, "B", "sage", "e", "keep", "t", "keep", "k")
    assert game.phase == Phase.AGARI
    play(game, "agari")
    assert game.results[-1].payments == (2 * (84 + 72), -(84 + 72), -(84 + 72))


def test_tobikomi_hatto_for_laying_the_fourth_card():
    """補足 (1) 4: seat 1 lays 菊に盃 while seat 0 holds its 三本; seat 0 then takes all three."""
    game = staged(
        hands=["hijA", "gB", "tu"],
        caps=["", "", ""],
        field="",
        stock="KLOPSTWX",
        declared={0: THREE_HAND},
    )
    assert game.teyaku[0].threes == (mask("hij"),)
    play(game, "A", "g")
    play(game, "t", "h", "B", "u", "i")
    assert not [r for r in game.rows if r.remark.startswith("飛込")]
    play(game, "j")  # takes i: h, i, j all taken
    rows = [r for r in game.results[-1].rows if r.remark.startswith("飛込")]
    assert [(r.remark, r.amounts) for r in rows] == [("飛込法度", (24, -24, 0))]


def test_tobikomi_warned_before_the_fourth_card_is_laid():
    game = staged(
        hands=["hijA", "gB", "tu"],
        caps=["", "", ""],
        field="",
        stock="KLOPSTWX",
        declared={0: THREE_HAND},
    )
    play(game, "A")
    warn = game.hatto_warnings()
    assert warn[CARD_OF_CODE["g"]][0].tobikomi == ((0, mask("hij")),)
    assert CARD_OF_CODE["B"] not in warn  # B takes A


def test_tobikomi_without_hatto_is_paid_by_both():
    """The fourth card laid as the last hand card is exempt: both others pay 1貫."""
    game = staged(
        hands=["hijA", "g", "tuB"],
        caps=["", "", ""],
        field="",
        stock="KLOPSTWX",
        declared={0: THREE_HAND},
    )
    play(game, "A", "g", "t", "h", "B", "i", "u", "j")
    rows = [r for r in game.results[-1].rows if r.remark.startswith("飛込")]
    assert [(r.remark, r.amounts) for r in rows] == [("飛込", (24, -12, -12))]


def test_tobikomi_fusakui():
    """補足 (1) 4, 7: holding 菊に盃 with 菊 on the field and playing another card is 法度."""
    game = staged(
        hands=["hijA", "gBe", "tuf"],
        caps=["", "", ""],
        field="",
        stock="KLOPSTWXmn",
        declared={0: THREE_HAND},
    )
    play(game, "h")  # lays
    warn = game.hatto_warnings()  # the screen warns before the 不作為, not for taking h with g
    assert set(warn) == {CARD_OF_CODE["B"], CARD_OF_CODE["e"]}
    hatto, exempt = warn[CARD_OF_CODE["B"]]
    assert hatto.tobikomi == ((0, mask("hij")),) and hatto.value == KAN and not exempt
    play(game, "B")  # does not take h with g
    assert game.tobikomi_hatto == {(0, mask("hij")): 1}
    play(game, "t", "i", "e", "f", "A", "g", "u", "j")
    rows = [r for r in game.results[-1].rows if r.remark.startswith("飛込")]
    assert [(r.remark, r.amounts) for r in rows] == [("飛込法度", (24, -24, 0))]


def test_card_points_against_88_and_nuke():
    """Hands out: 抜け for a declared 空素 with 89 or more, then points against 88 (seed (5) 4)."""
    game = staged(
        hands=["C", "G", "K"],
        caps=["EMQUYdgkpqr", "BFJNRVZhl", "AIcos"],
        field="DHLn",
        stock="mij",
        rest_to=1,
        declared={2: "OPSTWXa"},
    )
    play(game, "C", "G", "K")
    result = game.results[-1]
    assert result.reason == "hands" and result.winner == 2
    assert [(r.remark, r.amounts) for r in result.rows] == [
        ("空素喰付", (-96, -96, 192)),
        ("抜", (-12, -12, 24)),
        ("", (100 - 88, 60 - 88, 104 - 88)),
    ]


def test_sujuroku_blows_out_the_teyaku():
    """素十七 (rain cards are kasu) at hands out: teyaku returned (吹き消し), no card points."""
    game = staged(
        hands=["C", "G", "K"],
        caps=["EMQUYdgkp", "BFJNRVZhlqr", "AIcos"],
        field="DHLn",
        stock="mij",
        rest_to=1,
        declared={2: "OPSTWXa"},
    )
    play(game, "C", "G", "K")
    result = game.results[-1]
    assert result.reason == "special" and result.winner == 1 and result.yaku == (("素十七", 14),)
    assert [(r.remark, r.struck) for r in result.rows] == [("空素喰付", True), ("素十七", False)]
    assert result.payments == (-168, 336, -168)


def test_futahachi():
    game = staged(
        hands=["C", "G", "K"],
        caps=["BFJNRVZhlqpkr", "", "AIcosEMQUYdg"],
        field="DHLn",
        stock="mij",
        rest_to=1,
    )
    play(game, "C", "G", "K")
    result = game.results[-1]
    assert result.yaku == (("二八", 16),) and result.winner == 2
    assert result.payments == (-192, -192, 384)  # 10貫 + 1 for each point over 168 (174)


def test_sohachi_pays_the_dealer():
    game = staged(
        hands=["C", "G", "K"],
        caps=["AIcEMOPST", "osQUYdFW", ""],
        field="DHLn",
        stock="mij",
        rest_to=2,
    )
    play(game, "C", "G", "K")
    result = game.results[-1]
    assert result.yaku == (("総八", 10),) and result.winner == 0
    assert result.payments == (240, -120, -120)


def test_hatto_yaku_added_after_sage_are_paid_by_the_offender():
    """補足 (1) 2: after a 法度 completion and 下げ, the next 出来役 is charged to the offender too."""
    game = hatto_then_sage()
    play(game, "i", "keep", "G", "keep", "k", "agari")
    result = game.results[-1]
    assert result.payments == (-2 * (84 + 72), 2 * (84 + 72), 0)
    assert [r.remark for r in result.rows] == ["赤短法度", "猪鹿蝶法度"]


def test_hatto_penalty_is_halved_when_the_sage_fails():
    game = hatto_then_sage()
    play(game, "i", "cancel")
    result = game.results[-1]
    assert result.reason == "cancel" and result.payments == (-84, 84, 0)
    assert [r.remark for r in result.rows] == ["赤短・消法度"]


def test_next_dealer_on_tied_card_points_is_dealer_two_and_puts_a_stone():
    """Seed (6) 1: the highest card points deal next, ties in 胴, 胴二 order; 1点 on the 番個板."""
    game = staged(
        hands=["C", "G", "K"],
        caps=["", "EMQUYdgkpBOPSTWXa", "AIcos"],
        field="DHLn",
        stock="mij",
        rest_to=0,
    )
    play(game, "C", "G", "K")
    result = game.results[-1]
    assert result.rows[-1].amounts == (56 - 88, 104 - 88, 104 - 88)
    assert result.winner == 1 and game.dealer == 1 and game.stones == [0, 1, 0]
    assert game.role_order() == [1, 2, 0] and len(game.deals) == 2


def test_sage_player_pays_both_shares_of_anothers_tobikomi():
    """補足 (2) 1: a 飛込み formed while another player is in 下げ is paid twice by that player."""
    game = staged(
        hands=["hijA", "NZm", "tuv"],
        caps=["", "BFJ", ""],
        field="",
        stock="gKLOPSTW",
        declared={0: THREE_HAND},
    )
    game.sage = 1  # 赤短 declared 下げ earlier
    play(game, "h", "keep", "N", "keep", "t", "keep", "i", "keep", "Z", "keep", "u", "keep")
    assert not [r for r in game.rows if r.remark.startswith("飛込")]
    play(game, "j")
    rows = [r for r in game.rows if r.remark.startswith("飛込")]
    assert [(r.remark, r.amounts) for r in rows] == [("飛込", (24, -24, 0))]


def test_fukikeshi_voids_a_tobikomi_already_paid():
    """○特殊役 ※吹き消し: 素十七 at hands out returns the 飛込み paid during the month."""
    game = staged(
        hands=["hijA", "g", "tuB"],
        caps=["", "", "CDGHabefmnrvopq"],
        field="",
        stock="KLOPSTWX",
        declared={0: THREE_HAND},
    )
    play(game, "A", "g", "t", "h", "B", "i", "u", "j")
    result = game.results[-1]
    assert result.reason == "special" and result.yaku == (("素十七", 14),)
    assert [(r.remark, r.struck) for r in result.rows] == [
        ("三本", True),
        ("飛込", True),
        ("素十七", False),
    ]
    assert result.payments == (-168, -168, 336)


def test_sage_case_6_sujuroku_is_not_allowed():
    """補足 (2) 6, the seed's own case: 赤短 in 下げ, the last hand card forms nothing and the
    captures hold 素十六 (素十七 here): forced cancel, half 赤短, no 素十六."""
    game = staged(
        hands=["EM", "QU", "BY"],
        caps=["", "", "FJGHKLOPSTWXabefij"],
        field="C",
        stock="dgkpsc",
    )
    play(game, "E", "Q", "B")  # ビキ takes C with B: 赤短
    assert game.phase == Phase.AGARI and game.to_act == 2
    play(game, "sage", "M", "keep", "U", "keep")
    assert [name for _, name, _ in special_yaku(game.captures)] == ["素十七"]  # what is lost
    play(game, "Y")  # the last hand card: lays; draws c, takes d
    result = game.results[-1]
    assert result.reason == "cancel" and result.winner == 2
    assert [r.remark for r in result.rows] == ["赤短・消"]
    assert result.payments == (-42, -42, 84)


def test_sage_case_3_sage_again_then_cancel_halves_both():
    """補足 (2) 3: a new 出来役 after 下げ may be 下げ again; the cancel then pays both at half."""
    game = staged(hands=["BGk", "eS", "tW"], caps=["FJYU", "", ""], field="COPn", stock="QRZav")
    play(game, "B", "sage", "e", "keep", "t", "keep", "k")
    assert game.phase == Phase.AGARI and act.SAGE in game.legal_actions()
    play(game, "sage", "S")
    assert game.phase == Phase.CANCEL and game.to_act == 0
    play(game, "cancel")
    result = game.results[-1]
    assert [r.remark for r in result.rows] == ["赤短・消", "猪鹿蝶・消"]
    assert result.payments == (2 * (42 + 36), -(42 + 36), -(42 + 36))


def test_hatto_case_5_no_hatto_on_a_card_shown_in_a_teyaku():
    """補足 (1) 5: 胴二 is short of 松の短 (B) for 赤短. Hidden in its hand, laying 松に鶴 (a 影札) is
    法度; shown in its declared 喰付, the capture is foreseen and it is not."""
    hands = ["AMQ", "BCEGKLO", "ij"]
    kw = {"caps": ["", "FJ", ""], "field": "U", "stock": "defg"}
    hidden = staged(hands=hands, **kw)
    assert CARD_OF_CODE["A"] in hidden.hatto_warnings()
    shown = staged(hands=hands, declared={1: "BCEGKLO"}, **kw)
    assert shown.shown[1] == mask("BCEGKL")  # 喰付
    assert CARD_OF_CODE["A"] not in shown.hatto_warnings()
    play(shown, "A", "B")  # 胴二 takes 松に鶴 with B: 赤短, paid by both
    play(shown, "agari")
    akatan = [r for r in shown.results[-1].rows if r.remark.startswith("赤短")]
    assert [(r.remark, r.amounts) for r in akatan] == [("赤短", (-84, 168, -84))]


def test_tobikomi_of_both_threes_of_futasanbon():
    """○ルールの概要: the 飛込み of a 二三本 applies to each of its two threes."""
    game = staged(
        hands=["jm", "QE", "YM"],
        caps=["hikl", "", ""],
        field="gn",
        stock="AIcspt",
        declared={0: "hijklmA"},
    )
    assert game.teyaku[0].name == "二三本"
    play(game, "j")  # takes g: h i j are all 胴's
    play(game, "Q", "Y", "m")  # takes n: k l m too
    rows = [r for r in game.rows if r.remark.startswith("飛込")]
    assert [(r.remark, r.amounts) for r in rows] == [("飛込", (24, -12, -12))] * 2


@pytest.mark.parametrize(
    ("menu", "teyaku_each", "nuke_each", "card_points"),
    [
        ("A", 8 * 4 * KAN, 4 * KAN, (48, -112, 64)),  # ×4 for everything at 絶場
        ("F", (4 + 2 + 4 + 2) * KAN, KAN, (12, -28, 16)),  # +2貫 per part; 抜け, 点 as at 小場
    ],
)
def test_zeba_values_by_menu(menu, teyaku_each, nuke_each, card_points):
    """Seed ○ルールの概要 (menus A and F at 絶場, docs/rules/hachihachi.md §5): teyaku, 抜け and card
    points."""
    game = staged(
        hands=["C", "G", "K"],
        caps=["EMQUYdgkpqr", "BFJNRVZhl", "AIcos"],
        field="DHLn",
        stock="mij",
        menu=menu,
        ba=ZEBA,
        rest_to=1,
        declared={2: "OPSTWXa"},
    )
    play(game, "C", "G", "K")
    assert [(r.remark, r.amounts) for r in game.results[-1].rows] == [
        ("空素喰付", (-teyaku_each, -teyaku_each, 2 * teyaku_each)),
        ("抜", (-nuke_each, -nuke_each, 2 * nuke_each)),
        ("", card_points),
    ]


@pytest.mark.parametrize(("menu", "each"), [("A", 4 * KAN), ("C", 2 * KAN), ("F", KAN)])
def test_tobikomi_at_zeba_by_menu(menu, each):
    """飛込み is multiplied by the 場 (A ×4, C ×2) but not raised under menu F
    (docs/rules/hachihachi.md §5)."""
    game = staged(
        hands=["hijA", "g", "tuB"],
        caps=["", "", ""],
        field="",
        stock="KLOPSTWX",
        menu=menu,
        ba=ZEBA,
        declared={0: THREE_HAND},
    )
    play(game, "A", "g", "t", "h", "B", "i", "u", "j")
    rows = [r for r in game.results[-1].rows if r.remark.startswith("飛込")]
    assert [r.amounts for r in rows] == [(2 * each, -each, -each)]


@pytest.mark.parametrize(
    ("kasu", "winner", "payments"),
    [
        ("", 0, (144, 144, -288)),  # 二八 12 = 素十六 12: the higher card points deal next
        ("i", 1, (288 - 168, 336 - 144, -144 - 168)),  # 素十七 14 > 二八 12
    ],
)
def test_next_dealer_among_special_yaku_holders(kasu, winner, payments):
    """docs/rules/hachihachi.md §15: the larger special value deals next, then the higher card
    points."""
    game = staged(
        hands=["B", "F", "J"],
        caps=["AIcosEMQUYdg", "CDGHKLOPSTWXabef" + kasu, ""],
        field="",
        stock="NRZ",
        rest_to=2,
    )
    play(game, "B", "F", "J")  # everything lays
    result = game.results[-1]
    assert result.reason == "special" and result.winner == winner
    assert result.payments == payments


def test_hatto_case_7_not_taking_a_dekiyaku_card_is_no_hatto():
    """補足 (1) 7: leaving 松の短 on the field (松に鶴 could take it) is no 法度; 赤短 is paid by both."""
    game = staged(hands=["AG", "Cj", "ik"], caps=["", "FJ", ""], field="B", stock="MNQR")
    assert game.hatto_warnings() == {}
    play(game, "G", "C")  # 胴 lays 梅のカス; 胴二 takes 松の短: 赤短
    play(game, "agari")
    assert [(r.remark, r.amounts) for r in game.results[-1].rows] == [("赤短", (-84, 168, -84))]


def test_shadow_card_taken_by_the_draw_of_the_missing_card_is_hatto():
    """docs/rules/hachihachi.md §13: 松のカス laid while 松の短 is unseen; 胴二 draws 松の短, takes it: 赤短
    法度."""
    game = staged(hands=["CG", "Mj", "ik"], caps=["", "FJ", ""], field="", stock="QBRS")
    hatto, exempt = game.hatto_warnings()[CARD_OF_CODE["C"]]
    assert hatto.yaku == ((1, ("赤短",)),) and not exempt
    play(game, "C", "M")  # C lays, Q drawn; M lays, B drawn takes C
    play(game, "agari")
    assert [(r.remark, r.amounts) for r in game.results[-1].rows] == [("赤短法度", (-168, 168, 0))]


def test_hatto_penalty_is_halved_when_another_completes_after_the_sage():
    """補足 (1) 2, (2) 1: 赤短 by 法度, 下げ, then ビキ's 青短: the offender pays the half 赤短 alone,
    the 下げ player pays 青短 for both."""
    game = staged(hands=["BGH", "Akf", "mj"], caps=["", "FJ", "Vh"], field="lOP", stock="QRSTWX")
    play(game, "B", "A", "sage", "m")
    result = game.results[-1]
    assert result.reason == "agari" and result.winner == 2
    assert [(r.remark, r.amounts) for r in result.rows] == [
        ("赤短・下法度", (-84, 84, 0)),
        ("青短", (0, -168, 168)),
    ]
