"""八八 deals from stacked decks: 場 and 二代しばり carried, シマ, teyaku declared or kept, 四三,
menu F composites, and the options model (docs/rules/hachihachi.md
§2–§9)."""

import random

import pytest

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import CODES, mask
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.records import OptionError, make_options
from hanafuda_tui.core.rulesets.hachihachi.ba import KOBA, OBA, ZEBA
from hanafuda_tui.core.rulesets.hachihachi.game import (
    Hachihachi,
    HachihachiOptions,
)
from hanafuda_tui.core.rulesets.hachihachi.sheet import month_lines, sheet
from hanafuda_tui.core.rulesets.hachihachi.yaku import card_point_payments, points
from hanafuda_tui.core.table import shuffled_deck


def deck_for(dou, dou2, biki, field, stock=""):
    """A deck dealing these hands and field (docs/rules/README.md §4, 手七場六), the stock starting with
    ``stock``."""
    order = dou2[:4] + biki[:4] + dou[:4] + field[:3] + dou2[4:] + biki[4:] + dou[4:] + field[3:]
    order += stock
    rest = "".join(c for c in CODES if c not in order)
    deck = order + rest
    assert sorted(deck) == sorted(CODES)
    return [CODES.index(c) for c in deck]


def game_of(*decks, menu="A", etsunen=False, dealer=0):
    queue = list(decks)
    rng = random.Random(3)
    game = Hachihachi(
        HachihachiOptions(menu=menu, etsunen=etsunen),
        dealer,
        lambda: queue.pop(0) if queue else shuffled_deck(rng),
    )
    game.logging = False
    game.start()
    pass_blanks(game)
    return game


def pass_blanks(game):
    """Seats asked about teyaku that hold none answer 'pass', their only legal action."""
    while game.phase == Phase.TEYAKU and game.legal_actions() == [act.PASS]:
        game.apply(act.PASS)


def finish_month(game):
    """Play on with the first legal action (declining teyaku, taking あがり) until a new deal."""
    deals = len(game.deals)
    while len(game.deals) == deals and not game.finished:
        legal = game.legal_actions()
        pick = act.AGARI if act.AGARI in legal else act.PASS if act.PASS in legal else legal[0]
        game.apply(pick)


PLAIN = ("EJMRUZd", "FNVhkpg", "BQYlqiG")
"""Three hands with no teyaku (every hand holds tane and tanzaku, no three of a month)."""


def test_oba_nidai_shibari_carries_to_a_field_without_lights():
    first = deck_for(*PLAIN, "AIKOSW")
    second = deck_for(*PLAIN, "CHKOSW")
    game = game_of(first, second)
    assert (game.ba, game.carried) == (OBA, OBA)
    finish_month(game)
    assert game.results[0].ba == OBA and game.shibari == OBA
    assert (game.ba, game.carried) == (OBA, KOBA)


def test_zeba_nidai_shibari_and_a_shima_goes_to_the_dealer():
    deck = deck_for(*PLAIN[:2], "TQYlqiG", "ABCDos")
    game = game_of(deck)
    assert (game.ba, game.carried) == (ZEBA, ZEBA)
    assert game.captures[0] == mask("ABCD") and game.field == mask("os")


def test_teyaku_declared_is_shown_and_paid_kept_is_not():
    """胴二 (seat 1) holds 赤三本 (4貫), ビキ (seat 2) a 三本 it keeps hidden."""
    deck = deck_for("EFMQUZd", "BCDJOSW", "ijhVYpk", "GHKLXa")
    game = game_of(deck)
    assert game.phase == Phase.TEYAKU and game.to_act == 1
    assert game.view(1).facts.own_teyaku.name == "赤三本"
    assert game.view(2).facts.own_teyaku.name == "三本"
    assert game.view(0).facts.own_teyaku is None
    assert game.view(0).facts.declared == ("", "", "")  # nothing public before the reveal
    game.apply(act.DECLARE)
    assert game.to_act == 2 and game.shown == [0, 0, 0]  # revealed together
    game.apply(act.PASS)
    assert game.phase == Phase.PLAY and game.to_act == 0
    assert game.shown[1] == mask("BCDOSW") and game.shown[2] == 0  # J stays hidden
    assert game.view(0).facts.declared == ("", "赤三本", "")
    assert game.rows[0].amounts == (-48, 96, -48) and game.rows[0].remark == "赤三本"


def test_menu_f_raises_each_part_of_a_composite():
    """docs/rules/hachihachi.md §5: 赤立三本 at 絶場 under menu F is 4 + 5 = 9貫 from each."""
    deck = deck_for("EFMQUZd", "BlRSTCK", "gNVYpkG", "oHLXab")
    game = game_of(deck, menu="F")
    assert game.ba == ZEBA and game.phase == Phase.TEYAKU
    game.apply(act.DECLARE)
    pass_blanks(game)
    assert game.rows[0].remark == "赤立三本" and game.rows[0].amounts == (-108, 216, -108)


def test_shiso_ends_the_year_and_takes_ginmi():
    deck = deck_for("ABCDEFG", "MNQUVYd", "hkpqZlI", "JWXabe")
    game = game_of(deck)
    assert game.teyaku[0].name == "四三"
    game.apply(act.DECLARE)
    pass_blanks(game)
    assert game.finished and game.results[-1].reason == "shiso"
    assert game.year.top == 0 and game.stones == [0, 0, 0]
    assert game.results[-1].payments == (960, -480, -480)
    assert list(game.year.final) == [
        -sum(game.year.final[1:]),
        (-480 - 120) // 12,
        (-480 - 120) // 12,
    ]


def test_two_shiso_is_no_contest():
    deck = deck_for("ABCDEFG", "IJKLMNO", "dhkpqZl", "QRWXab")
    game = game_of(deck)
    game.apply(act.DECLARE)
    game.apply(act.DECLARE)
    pass_blanks(game)
    assert game.finished and game.results[-1].reason == "mushobu"
    assert game.scores == [0, 0, 0] and game.year.final == (0, 0, 0)


def test_options_model():
    assert make_options(Hachihachi, {"menu": "C", "etsunen": "on"}) == HachihachiOptions(
        menu="C", etsunen=True
    )
    with pytest.raises(OptionError):
        make_options(Hachihachi, {"menu": "G"})


def test_menu_values():
    assert points(2, ZEBA, "A") == 96 and points(2, ZEBA, "B") == 72
    assert points(7, OBA, "C") == 126 and points(7, OBA, "C") // 2 == 63
    assert points(3, ZEBA, "D") == 72 and points(3, ZEBA, "E") == 36
    assert points(3, ZEBA, "F") == 60 and points(1, ZEBA, "F", raised=False) == 12


def test_menu_c_odd_card_points():
    """Seed: at 大場 ×1.5 each odd difference moves a point toward zero first
    (docs/rules/hachihachi.md §5)."""
    assert card_point_payments([95, 85, 84], OBA, "C") == (9, -3, -6)
    assert card_point_payments([91, 93, 80], OBA, "C") == (3, 6, -9)
    assert card_point_payments([95, 85, 84], ZEBA, "C") == (14, -6, -8)
    assert card_point_payments([95, 85, 84], ZEBA, "F") == (7, -3, -4)


@pytest.mark.parametrize("etsunen", [True, False])
def test_etsunen_plays_on_while_a_nidai_shibari_is_pending(etsunen):
    queue = [deck_for(*PLAIN, "AIKOSW")]
    rng = random.Random(3)
    game = Hachihachi(
        HachihachiOptions(etsunen=etsunen), 0, lambda: queue.pop(0) if queue else shuffled_deck(rng)
    )
    game.logging = False
    game.month_index = 11  # 12月
    game.start()
    assert game.carried == OBA
    finish_month(game)
    if etsunen:
        assert not game.finished and game.month_index == 12 and game.shibari == OBA
        assert game.ba == OBA or game.ba == ZEBA
    else:
        assert game.finished and len(game.results) == 1


@pytest.mark.parametrize("months", [3, 6])
def test_a_short_year_ends_after_its_last_month_with_stones_and_ginmi(months):
    """House rule (docs/rules/hachihachi.md §2): a year of ``months`` ends after that month as a
    twelve-month year after 12月: 月石清算 and 吟味, the 番個板 holding one stone a month."""
    rng = random.Random(f"short/{months}")
    game = Hachihachi(HachihachiOptions(months=months), 0, lambda: shuffled_deck(rng))
    game.logging = False
    game.start()
    for month in range(1, months + 1):
        assert not game.finished and game.month_index == month - 1
        pass_blanks(game)
        finish_month(game)
    assert game.finished and len(game.results) == months
    assert [r.reason not in ("shiso", "mushobu") for r in game.results] == [True] * months
    assert [s.name for s in game.settlements] == ["月石清算", "吟味"]
    assert sum(game.stones) == months and sum(game.scores) == 0
    assert game.year is not None and game.year.top >= 0
    assert [s // 12 for s in game.scores] == list(game.year.final)
    labels = [line.label.split()[0] for line in sheet(game).lines if "月" in line.label]
    assert labels[:months] == [f"{m}月" for m in range(1, months + 1)]


@pytest.mark.parametrize("etsunen", [True, False])
def test_etsunen_at_a_short_year_s_end_as_at_12gatsu(etsunen):
    """A 二代しばり pending after the last month of a three-month year: with 越年 the year goes on
    (its next month is 越年1 on the sheet), without it the year ends."""
    queue = [deck_for(*PLAIN, "AIKOSW")]
    rng = random.Random(3)
    game = Hachihachi(
        HachihachiOptions(etsunen=etsunen, months=3),
        0,
        lambda: queue.pop(0) if queue else shuffled_deck(rng),
    )
    game.logging = False
    game.month_index = 2  # 3月, the year's last
    game.start()
    assert game.carried == OBA
    finish_month(game)
    if etsunen:
        assert not game.finished and game.month_index == 3 and game.shibari == OBA
        pass_blanks(game)
        finish_month(game)
        first, second = game.month_results[:2]
        assert month_lines(first, 3)[0].label.startswith("3月")
        assert month_lines(second, 3)[0].label.startswith("越年1")
    else:
        assert game.finished and len(game.results) == 1
        assert [s.name for s in game.settlements] == ["月石清算", "吟味"]


def test_the_months_option_is_3_6_or_12():
    assert make_options(Hachihachi, {"months": "3"}) == HachihachiOptions(months=3)
    assert HachihachiOptions().months == 12
    with pytest.raises(OptionError):
        make_options(Hachihachi, {"months": "4"})


def test_shiso_month_settles_the_others_declared_teyaku():
    """補足 (4) 1: in the 四三 month another player's declared teyaku is paid too, then the year ends."""
    deck = deck_for("ABCDEFG", "MNQUVYd", "hijkpqZ", "JWXabe")
    game = game_of(deck)
    assert game.teyaku[2].name == "三本"
    game.apply(act.DECLARE)
    pass_blanks(game)
    game.apply(act.DECLARE)
    assert game.finished and game.results[-1].reason == "shiso"
    assert [r.remark for r in game.results[-1].rows] == ["四三", "三本"]
    assert game.results[-1].payments == (960 - 24, -480 - 24, -480 + 48)
    assert game.year.top == 0
