"""八八 法度 in the log (seen by every seat): told when the yaku is completed, never at the lay, which
would tell what the offender's hand holds. The offender is named with the card and the share it
takes over; an exempt lay is proved by showing the hand it was laid from (docs/rules/hachihachi.md
§12, §13)."""

from helpers.hachihachi import THREE_HAND, hatto_then_sage, play, staged

from hanafuda_tui.core.cards import CARD_OF_CODE, CODES, codes_of
from hanafuda_tui.core.events import HattoCharged, HattoExempt, YakuFormed

KAN = 12


def logged(game):
    game.logging = True
    game.log = []
    return game


def hatto_events(game) -> list[tuple]:
    """(kind, seat, card, shown cards, yaku, value) of the 法度 events."""
    return [
        (f.kind, f.seat, CODES[f.card] if f.card >= 0 else "", codes_of(f.cards), f.names, f.value)
        for e in game.log
        if isinstance(e, HattoCharged | HattoExempt)
        for f in [e.flat()]
    ]


def test_a_hatto_lay_is_told_when_the_yaku_is_completed_not_before():
    game = logged(
        staged(hands=["BGK", "Ae", "ij"], caps=["", "FJIcs", "CD"], field="OP", stock="mnQ")
    )
    play(game, "B")  # 法度 for seat 1's 赤短 and 四光: nothing told yet
    assert hatto_events(game) == []
    play(game, "A")  # takes B: both yaku
    assert hatto_events(game) == [("hatto", 0, "B", "", ("四光", "赤短"), (12 + 7) * KAN)]
    kinds = [type(e) for e in game.log]
    assert kinds.index(HattoCharged) < kinds.index(YakuFormed)


def test_an_exempt_lay_that_completes_a_yaku_shows_the_hand_it_came_from():
    """All 法度 cards, the cheaper first (猪鹿蝶 6貫 before 赤短 7貫): exempt, proved by the hand."""
    game = staged(hands=["kB", "lA", "ej"], caps=["", "YU", "FJ"], field="OP", stock="QRSTWX")
    logged(game)
    assert game.hatto_warnings()[CARD_OF_CODE["k"]][1]
    play(game, "k")
    assert hatto_events(game) == []
    play(game, "l")  # takes k: 猪鹿蝶
    assert hatto_events(game) == [("hatto_exempt", 0, "k", "Bk", ("猪鹿蝶",), 0)]
    assert game.hatto_by[1] == {}


def test_the_last_card_shows_only_itself():
    game = logged(staged(hands=["B", "Ae", "ij"], caps=["", "FJ", "CD"], field="OP", stock="mnQ"))
    play(game, "B", "A")
    assert hatto_events(game) == [("hatto_exempt", 0, "B", "B", ("赤短",), 0)]


def test_an_exempt_lay_that_completes_nothing_is_never_told():
    game = logged(staged(hands=["B", "Ae", "ij"], caps=["", "FJ", "CD"], field="OP", stock="mnQ"))
    play(game, "B", "e")  # seat 1 does not take B
    assert hatto_events(game) == []


def test_tobikomi_hatto_is_told_when_the_tobikomi_forms():
    game = staged(
        hands=["hijA", "gB", "tu"], caps=["", "", ""], field="", stock="KLOPSTWX",
        declared={0: THREE_HAND},
    )  # fmt: skip
    logged(game)
    play(game, "A", "g")  # 菊に盃, the fourth card, laid
    assert hatto_events(game) == []
    play(game, "t", "h", "B", "u", "i", "j")
    assert hatto_events(game) == [("hatto", 1, "g", "", ("飛込",), KAN)]


def test_an_exempt_fourth_card_is_proved_when_the_tobikomi_forms():
    game = staged(
        hands=["hijA", "g", "tuB"], caps=["", "", ""], field="", stock="KLOPSTWX",
        declared={0: THREE_HAND},
    )  # fmt: skip
    logged(game)
    play(game, "A", "g", "t", "h", "B", "i", "u", "j")
    assert hatto_events(game) == [("hatto_exempt", 1, "g", "g", ("飛込",), 0)]


def test_tobikomi_fusakui_is_told_when_the_tobikomi_forms():
    game = staged(
        hands=["hijA", "gBe", "tuf"], caps=["", "", ""], field="", stock="KLOPSTWXmn",
        declared={0: THREE_HAND},
    )  # fmt: skip
    logged(game)
    play(game, "h", "B")  # seat 1 holds g and does not take h with it
    assert hatto_events(game) == []
    play(game, "t", "i", "e", "f", "A", "g", "u", "j")
    assert hatto_events(game) == [("hatto", 1, "g", "", ("飛込",), KAN)]


def test_a_yaku_added_after_sage_is_told_with_the_offender():
    game = hatto_then_sage()
    assert game.hatto_by[1] == {"赤短": 0}
    logged(game)
    play(game, "i", "keep", "G", "keep", "k")
    assert hatto_events(game) == [("hatto", 0, "", "", ("猪鹿蝶",), 6 * KAN)]


def test_no_hatto_is_told_when_the_sage_player_pays():
    """補足 (2) 1: after another's 下げ, that player pays, 法度 or not."""
    game = staged(hands=["BGH", "lSX", "kWt"], caps=["FJ", "YU", ""], field="COP", stock="QRZabc")
    logged(game)
    play(game, "B", "sage", "S", "keep")
    ((hatto, exempt),) = game.hatto_warnings().values()
    assert hatto.yaku == ((1, ("猪鹿蝶",)),) and not exempt
    play(game, "k", "keep", "G", "keep", "l")  # seat 1 takes k: 猪鹿蝶, あがり
    result = game.results[-1]
    assert result.winner == 1 and [r.remark for r in result.rows] == ["赤短・下", "猪鹿蝶"]
    assert hatto_events(game) == []


def test_the_log_lines_name_the_offender_the_card_the_yaku_and_the_shown_hand():
    from hanafuda_tui.ui import i18n
    from hanafuda_tui.ui.text import event_line

    charged = logged(
        staged(hands=["BGK", "Ae", "ij"], caps=["", "FJIcs", "CD"], field="OP", stock="mnQ")
    )
    play(charged, "B", "A")
    exempt = logged(
        staged(hands=["kB", "lA", "ej"], caps=["", "YU", "FJ"], field="OP", stock="QRSTWX")
    )
    play(exempt, "k", "l")
    events = [e for e in (*charged.log, *exempt.log) if isinstance(e, HattoCharged | HattoExempt)]
    b = CARD_OF_CODE["B"]
    events += [
        HattoCharged(0, -1, 6 * KAN, ("猪鹿蝶",)),  # added after 下げ
        HattoExempt(0, b, 1 << b, ("赤短",)),  # the last card
    ]
    before = i18n.lang()
    try:
        i18n.set_lang("en")
        lines = [event_line(e, ["Ann", "Bo", "Cy"], "hachihachi") for e in events]
    finally:
        i18n.set_lang(before)
    assert lines[0].startswith("法度 by Ann (") and "四光" in lines[0] and "赤短" in lines[0]
    assert lines[0].endswith("Ann pays the other player's share too (228 pts)")
    assert lines[1].startswith("Ann shows the hand ") and lines[1].endswith("exempt from 法度")
    assert lines[1].count("[/]") == 3  # the two cards of the hand, then the exempt card
    assert (
        lines[2]
        == "法度: Ann pays the other player's share of 猪鹿蝶 (boar-deer-butterflies) too (72 pts)"
    )
    assert lines[3].startswith("Ann's ") and "was the last hand card" in lines[3]
