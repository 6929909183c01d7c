"""二人こいこい under ``rules=nintendo`` on stacked decks (docs/rules/koikoi2.md §11)."""

import pytest
from helpers.koikoi2 import (
    DEALER,
    FIELD,
    KUTTSUKI_HAND,
    OTHER,
    PLAIN,
    STOCK,
    TESHI_HAND,
    check_games,
    game_of,
    play,
    stacked,
)
from pydantic import ValidationError

from hanafuda_tui.bots.rulesets import koikoi2 as koikoi2_bots
from hanafuda_tui.core.cards import mask
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.results import Cause
from hanafuda_tui.core.rulesets.koikoi2.game import Koikoi2, Koikoi2Options
from hanafuda_tui.core.rulesets.koikoi2.yaku import VALUES, formed, raised_nintendo, yaku_nintendo

NINTENDO = {"rules": "nintendo"}


def scripted(**options) -> Koikoi2:
    return game_of([stacked(DEALER, OTHER, FIELD, STOCK)], **NINTENDO, **options)


@pytest.mark.parametrize(
    ("caps", "found"),
    [
        ("AIcos", {"五光": 10}),
        ("AIcs", {"四光": 8}),
        ("AIco", {"雨四光": 7}),
        ("AIs", {"三光": 5}),
        ("BFJ", {"赤短": 5}),
        ("BFJN", {"赤短": 6}),
        ("BFJNRZq", {"赤短": 9}),
        ("Vhl", {"青短": 5}),
        ("Vhlq", {"青短": 6}),
        ("BFJVhl", {"赤短・青短": 10}),
        ("BFJVhlq", {"赤短・青短": 11}),
        ("NRZqV", {"タン": 1}),
        ("UYk", {"猪鹿蝶": 5}),
        ("UYkE", {"猪鹿蝶": 6}),
        ("UYkEMQ", {"猪鹿蝶": 8}),
        ("EMQdp", {"タネ": 1}),
        ("cgo", {"月見で一杯": 5}),
        ("Igr", {"花見で一杯": 5}),
        ("gCDGHKLOPST", {"カス": 2}),
    ],
)
def test_the_nintendo_values(caps, found):
    assert yaku_nintendo(mask(caps)) == found


def test_a_turn_raises_a_yaku_when_some_yaku_is_worth_more():
    assert raised_nintendo(mask("BF"), mask("BFJ"))
    assert raised_nintendo(mask("BFJ"), mask("BFJN"))  # a fourth ribbon: 赤短 6
    assert not formed(mask("BFJ"), mask("BFJN"), VALUES)  # the default rules: タン needs five
    assert raised_nintendo(mask("BFJNRZ"), mask("BFJNRZVhl"))  # タン gone, 赤短・青短 new
    assert not raised_nintendo(mask("BFJ"), mask("BFJC"))
    assert not raised_nintendo(mask("BFJ"), mask("BFJ"))


@pytest.mark.parametrize("other", ["low_values", "rain", "double_seven", "teyaku"])
def test_nintendo_cannot_be_combined_with_the_options_it_replaces(other):
    with pytest.raises(ValidationError, match=f"nintendo cannot be combined with {other}"):
        Koikoi2Options(rules="nintendo", **{other: True})
    assert Koikoi2Options(rules="default", **{other: True})
    assert Koikoi2Options(rules="nintendo", kuitsuki=True)


def test_koikoi_is_called_once_and_the_next_yaku_of_either_player_ends_the_month():
    game = scripted()
    play(game, "c")
    assert game.phase == Phase.KOIKOI and game.view(1).facts.koikoi_open
    play(game, "koikoi B M")  # turns that form nothing go on
    assert game.phase == Phase.PLAY and not game.view(1).facts.koikoi_open
    play(game, "J take:L")  # 赤短 for the other player: no question, the month is over
    r = game.results[0]
    assert (r.winner, r.reason, r.yaku, r.base, r.value, r.payments) == (
        1,
        "shobu",
        (("赤短", 5),),
        5,
        10,
        (0, 10),
    )
    assert [line.cause for line in r.lines] == [Cause.YAKU, Cause.KOIKOI]
    assert game.month == 2 and game.dealer == 1 and game.view(0).facts.koikoi_open


def test_the_callers_own_koikoi_doubles_nothing():
    game = scripted()
    play(game, "c koikoi B M N I take:K")  # 花見で一杯 for the caller: the month ends
    r = game.results[0]
    assert (r.winner, r.base, r.value, r.payments) == (0, 10, 20, (20, 0))
    assert [line.cause for line in r.lines] == [Cause.YAKU, Cause.YAKU, Cause.DOUBLE_SEVEN]
    five = scripted()
    five.hands[0] = mask("c")
    play(five, "c")  # 月見で一杯 alone, below 7: no doubling
    assert (five.results[0].value, five.results[0].reason) == (5, "shobu")


def test_seven_or_more_and_the_others_koikoi_stack():
    deck = stacked("dIMQUYks", OTHER, FIELD, "gFSWc")
    game = game_of([deck], **NINTENDO)
    play(game, "M B Q J take:L")
    assert game.phase == Phase.KOIKOI and game.to_act == 1  # 赤短 for the other player
    play(game, "koikoi I")  # I takes K, c takes e: 花見 and 月見 for the dealer, 10, ×2, ×2
    r = game.results[0]
    assert (r.winner, r.base, r.value, r.payments) == (0, 10, 40, (40, 0))
    assert [line.cause for line in r.lines][-2:] == [Cause.DOUBLE_SEVEN, Cause.KOIKOI]
    assert sum(line.amount for line in r.lines) == 40


def test_a_month_played_out_scores_nothing_and_passes_the_deal():
    game = scripted()
    play(game, "c koikoi")
    game.hands = [mask("M"), mask("N")]
    play(game, "N M")  # 月見で一杯 still held after the こいこい
    r = game.results[0]
    assert (r.winner, r.reason, r.value, r.payments) == (-1, "hands-out", 0, (0, 0))
    assert game.month == 2 and game.dealer == 1 and game.scores == [0, 0]
    default = game_of([stacked(DEALER, OTHER, FIELD, STOCK)])
    play(default, "c koikoi")
    default.hands = [mask("M"), mask("N")]
    play(default, "N M")
    assert default.results[0].reason == "hands-out" and default.dealer == 0


@pytest.mark.parametrize(
    ("dealer", "other", "field"),
    [
        (TESHI_HAND, PLAIN, FIELD),  # 手四 in the dealer's hand
        ("BJdkSbEp", KUTTSUKI_HAND, FIELD),  # くっつき in the other hand
        (DEALER, OTHER, "ACDGKitu"),  # three of 松 on the field
        (DEALER, OTHER, "CDGHKLtu"),  # four pairs on the field
    ],
)
def test_redeals_keep_the_dealer_and_use_no_month(dealer, other, field):
    deck = stacked(dealer, other, field, "")
    game = game_of([deck, stacked(DEALER, OTHER, FIELD, STOCK)], **NINTENDO)
    (r,) = game.results
    assert (r.winner, r.payments, r.month, r.dealer) == (-1, (0, 0), 1, 0)
    assert len(game.deals) == 2 and game.deals[0].actions == []
    assert game.month == 1 and game.dealer == 0 and game.field == mask(FIELD)
    plain = game_of([deck])
    assert plain.results == [] and plain.phase == Phase.PLAY


@pytest.mark.long
def test_random_nintendo_games_keep_every_property():
    tally = check_games(NINTENDO, 300)
    assert min(tally.values()) > 20, tally


def test_the_view_says_whether_koikoi_can_still_be_called():
    default = game_of([stacked(DEALER, OTHER, FIELD, STOCK)])
    play(default, "c koikoi")
    assert default.view(1).facts.koikoi_open
    game = scripted()
    play(game, "c koikoi")
    assert game.view(0).facts == game.view(1).facts


@pytest.mark.parametrize(
    ("caps", "nintendo_stops", "default_stops"),
    [
        ("AIc", False, True),  # 三光 5; 桐に鳳凰 makes 四光 8, doubled: worth a こいこい
        ("NRZqVUY", True, False),  # タン 1; 紅葉に鹿 makes 猪鹿蝶, 6 in all: not worth the ×2 risk
    ],
)
def test_the_bot_calls_koikoi_under_nintendo_only_for_a_doubled_score(
    caps, nintendo_stops, default_stops
):
    hand = mask("CDGHKLOP")
    for options, stops in ((NINTENDO, nintendo_stops), ({}, default_stops)):
        ev = koikoi2_bots.make(Koikoi2Options(**options))
        game = scripted() if options else game_of([stacked(DEALER, OTHER, FIELD, STOCK)])
        assert ev.stop(0, hand, (mask(caps), 0), game.view(0).facts) == stops
