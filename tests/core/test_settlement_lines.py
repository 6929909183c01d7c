"""Settlement lines of 三人こいこい, 二人こいこい and 花合わせ: every amount a seat pays or receives, with
its cause, adding up to the payments (docs/rules/koikoi3.md §3, §8, §10, §11; koikoi2.md §6;
hanaawase.md §5, §8, §9)."""

import random

import pytest
from helpers import hanaawase
from helpers.koikoi2 import scripted
from helpers.koikoi3 import TEPPO, deal_with, game_with, play, settled, win_months

from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.results import Cause, Line, Outcome, totals
from hanafuda_tui.core.rulesets.koikoi3.game import ginmi, transfer_lines

OPTION_SETS = [
    ("koikoi3", {"months": 3}),
    ("koikoi3", {"months": 12}),
    ("koikoi2", {}),
    ("koikoi2", {"double_seven": True, "teyaku": True}),
    ("koikoi2", {"low_values": True, "rain": True, "double_seven": True}),
    ("koikoi2", {"rules": "nintendo"}),
    ("koikoi2", {"rules": "nintendo", "kuitsuki": True}),
    ("hanaawase", {"months": 3}),
    ("hanaawase", {"months": 12}),
    ("hanaawase", {"months": 12, "players": 4}),
    ("hanaawase", {"months": 12, "players": 6}),
]


def assert_complete(what, players: int) -> None:
    """Typed causes, and each seat's lines add up to its payment."""
    assert all(isinstance(line, Line) and isinstance(line.cause, Cause) for line in what.lines)
    assert totals(what.lines, players) == tuple(what.payments)


@pytest.mark.parametrize(("ruleset", "options"), OPTION_SETS)
def test_random_games_explain_every_payment(ruleset, options):
    outcomes = set()
    for g in range(40):
        game = new_game(ruleset, random.Random(f"lines/{ruleset}/{g}"), options)
        moves = random.Random(g)
        while not game.finished:
            game.apply(moves.choice(game.legal_actions()))
        for r in game.results:
            assert isinstance(r.outcome, Outcome)
            assert_complete(r, game.players)
            outcomes.add(r.outcome)
        for x in game.settlements:
            assert_complete(x, game.players)
    assert Outcome.YAKU in outcomes or Outcome.PLAYED_OUT in outcomes


def test_koikoi3_shobu_is_each_yaku_from_each_payer():
    game = game_with(TEPPO)
    play(game, "K koikoi O b d shobu")
    r = game.results[0]
    assert r.outcome is Outcome.YAKU and r.payments == (12, -6, -6)
    yaku = {(line.name, line.value) for line in r.lines}
    assert sum(v for _, v in yaku) == 6
    for payer in (1, 2):
        paid = [line for line in r.lines if line.seat == payer]
        assert {(line.name, -line.amount, line.other) for line in paid} == {
            (name, value, 0) for name, value in yaku
        }
        assert all(line.cause is Cause.YAKU for line in paid)


def test_koikoi3_teyaku_against_a_lower_declaration_pays_the_difference():
    game = game_with(deal_with(dealer="ghijlmn", dealer2="AQRSTau"))
    play(game, "declare declare")
    r = game.results[0]
    assert r.outcome is Outcome.TEYAKU and r.payments == (152, -72, -80)
    assert set(r.lines) == {
        Line(0, 80, Cause.TEYAKU, "四三", 80, 1),
        Line(1, -80, Cause.TEYAKU, "四三", 80, 0),
        Line(1, 8, Cause.TEYAKU, "手四", 8, 0),
        Line(0, -8, Cause.TEYAKU, "手四", 8, 1),
        Line(0, 80, Cause.TEYAKU, "四三", 80, 2),
        Line(2, -80, Cause.TEYAKU, "四三", 80, 0),
    }


def test_koikoi3_nagare_is_drawn_with_no_lines():
    game = game_with()
    game._nagare("nagare-hands")
    r = game.results[0]
    assert (r.outcome, r.lines, r.payments) == (Outcome.DRAWN, (), (0, 0, 0))


def test_koikoi3_kobiki_and_ginmi_lines():
    a, b, c = (2, -1, -1), (-1, 2, -1), (-1, -1, 2)
    game = game_with()
    win_months(game, [b, c, b, c, b, c, b, c, a, a, a, a])
    assert settled(game) == [("小引", 12, (10, -5, -5)), ("吟味", 12, (18, -9, -9))]
    kobiki, final = game.settlements
    assert set(kobiki.lines) == {
        Line(0, 5, Cause.KOBIKI, other=1),
        Line(1, -5, Cause.KOBIKI, other=0),
        Line(0, 5, Cause.KOBIKI, other=2),
        Line(2, -5, Cause.KOBIKI, other=0),
    }
    assert {line.cause for line in final.lines} == {Cause.GINMI}
    assert totals(final.lines, 3) == final.payments


@pytest.mark.parametrize("scores", [(5, 3, 1), (5, 5, 1), (5, 1, 1), (1, 9, 9), (0, 4, 2)])
def test_every_ginmi_shape_is_paid_between_two_seats_a_line(scores):
    pay = ginmi(scores)
    lines = transfer_lines(pay, Cause.GINMI)
    assert totals(lines, 3) == pay
    assert all(line.amount * lines[i ^ 1].amount < 0 for i, line in enumerate(lines))
    assert all(line.other == lines[i ^ 1].seat for i, line in enumerate(lines))


def test_koikoi2_koikoi_doubling_is_its_own_line():
    game = scripted()
    play(game, "c koikoi B M J take:L shobu")
    r = game.results[0]
    assert r.outcome is Outcome.YAKU and r.payments == (0, 12)
    assert r.lines == (Line(1, 6, Cause.YAKU, "赤短", 6), Line(1, 6, Cause.KOIKOI))


def test_koikoi2_double_seven_then_koikoi():
    game = scripted(double_seven=True)
    play(game, "c koikoi B M J take:L koikoi I shobu")
    r = game.results[0]
    assert r.value == 40
    assert [(line.cause, line.amount) for line in r.lines if line.cause is not Cause.YAKU] == [
        (Cause.DOUBLE_SEVEN, 10),
        (Cause.KOIKOI, 20),
    ]
    assert sum(line.amount for line in r.lines if line.cause is Cause.YAKU) == r.base == 10


def test_hanaawase_lines_are_card_points_and_each_dekiyaku_from_each_payer():
    r, _ = hanaawase.settled(hanaawase.with_rest("AIcsUYgkBFJVhl"), declared=(None, "六カス", None))
    assert r.outcome is Outcome.PLAYED_OUT
    assert totals(r.lines, 3) == r.payments
    points = [line for line in r.lines if line.cause is Cause.CARD_POINTS]
    assert [(line.seat, line.amount) for line in points] == [
        (0, 150 - 88),
        (1, 52 - 88),
        (2, 62 - 88),
    ]
    shiko = [line for line in r.lines if line.name == "四光"]
    assert sorted((line.seat, line.amount, line.other) for line in shiko) == [
        (0, 60, 1),
        (0, 60, 2),
        (1, -60, 0),
        (2, -60, 0),
    ]
    teyaku = [
        (line.seat, line.amount, line.other) for line in r.lines if line.cause is Cause.TEYAKU
    ]
    assert sorted(teyaku) == [(0, -20, 1), (1, 20, 0), (1, 20, 2), (2, -20, 1)]


def test_hanaawase_fuke_has_no_lines():
    poor = "CDGHKLOPSTWXabefijmnrtuv"[:18]
    rest = "".join(
        c for c in hanaawase.with_rest("")[1] + hanaawase.with_rest("")[2] if c not in poor
    )
    r, _ = hanaawase.settled(
        [rest[: len(rest) // 2], poor, rest[len(rest) // 2 :]], declared=("七カス", None, None)
    )
    assert (r.reason, r.outcome, r.lines, r.payments) == ("fuke", Outcome.FUKE, (), (0, 0, 0))
