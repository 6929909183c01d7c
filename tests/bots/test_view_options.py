"""Bots play the game of their view: its options travel in the view, the strong bot's imagined
games are played under them, and a decision is the same whoever asks for it (the table or a
tournament) given the same view."""

import random

import pytest

from hanafuda_tui.bots import arena as tournament
from hanafuda_tui.bots import strong
from hanafuda_tui.bots.hand_reading import show_play
from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import CARD_OF_CODE as CARD
from hanafuda_tui.core.cards import CODES, mask, parse_deck
from hanafuda_tui.core.determinize import build_game, sample_deal
from hanafuda_tui.core.records import make_options, new_game
from hanafuda_tui.core.rulesets import ruleset_class
from hanafuda_tui.core.rulesets.koikoi2.game import Koikoi2, Koikoi2Options
from hanafuda_tui.core.rulesets.koikoi2.yaku import HANAMI_Y, TSUKIMI_Y
from hanafuda_tui.ui.session import make_bot

RAINY = Koikoi2Options(low_values=True, rain=True)


def rainy_position() -> Koikoi2:
    """二人こいこい with 雨流れ: the dealer (seat 0) has taken 桜に幕 with K and 柳に短冊 with the
    drawn 柳のカス; now its 菊のカス could take 菊に盃 from the field (花見で一杯 but for the rain)."""
    dealer, other, field = "KiAEMQUY", "abefmntu", "IqgDHPTX"
    top = other[:4] + dealer[:4] + field[:4] + other[4:] + dealer[4:] + field[4:] + "rc"
    deck = parse_deck(top + "".join(c for c in CODES if c not in top))
    game = Koikoi2(RAINY, 0, lambda: deck)
    game.logging = False
    game.start()
    for token in ("K", "t"):  # 桜のカス takes 桜に幕, r takes q; seat 1 lays t, then c
        game.apply(act.parse_token(token))
    assert game.captures[0] == mask("IKqr") and game.to_act == 0
    return game


def test_build_game_plays_under_the_options_of_the_view():
    game = rainy_position()
    view = game.view(0)
    assert view.options == RAINY
    hands, stock = sample_deal(view, random.Random(1))
    assert build_game(view, hands, stock).options == RAINY


def test_a_strong_bot_made_as_the_table_makes_it_searches_under_the_games_options(monkeypatch):
    game = rainy_position()
    view = game.view(0)
    built = []

    def recording_build_game(*args, **kwargs):
        built.append(strong_build_game(*args, **kwargs))
        return built[-1]

    strong_build_game = strong.build_game
    monkeypatch.setattr(strong, "build_game", recording_build_game)
    bot = make_bot("strong:iterations=40", random.Random(5))
    assert bot.act(view) in view.legal
    assert built and all(g.options == RAINY for g in built)
    sakazuki = [g for g in built if g.deals[view.deal_number - 1].actions[:1] == [CARD["i"]]]
    assert sakazuki, "菊のカス was tried: it takes 菊に盃 with 桜に幕 held"
    for g in sakazuki:
        for result in g.results:  # seat 0 holds two November cards: no 花見, no 月見
            assert result.winner != 0 or not {HANAMI_Y, TSUKIMI_Y} & set(result.yaku)


LEVELS = ("random", "easy", "normal", "strong:iterations=24:confidence=0")


@pytest.mark.parametrize("spec", LEVELS)
def test_a_decision_depends_only_on_the_view_whoever_asks(spec):
    """The same views (options included), the same hand plays shown (public: each is played
    face up) and random sources give the same decisions in a tournament and at the table, where
    bots are made by ``make_bot`` and given views only, and shown plays by ``show_play``."""
    cls = ruleset_class("koikoi2")
    options = make_options(cls, {"months": 6, "low_values": True, "rain": True})
    specs = (spec, "normal")
    played, _ = tournament.play_one("koikoi2", options, specs, (0, 1), "7/1", "7/1/b")
    game = new_game("koikoi2", random.Random("7/1"), options)
    game.logging = False
    bots = [make_bot(specs[s], random.Random(f"7/1/b/{s}")) for s in range(2)]
    asked = 0
    for deal in played.deals:
        for action in deal.actions:
            legal = game.legal_actions()
            if len(legal) > 1:
                view = game.view(game.to_act, legal)
                assert view.options == options
                assert bots[game.to_act].act(view) == action
                asked += 1
            show_play(enumerate(bots), game, action)
            game.apply(action)
    assert game.finished and game.scores == played.scores and asked > 20


def koikoi_called_with_hanami(options: Koikoi2Options):
    """The dealer took 桜に幕 and 菊に盃 (花見で一杯) and called こいこい; now it holds 柳のカス
    with 柳に短冊 on the field, and 菖蒲のカス with 菖蒲のカス."""
    dealer, other, field = "KirTZlkY", "abefmnuv", "IgqSDHPX"
    top = other[:4] + dealer[:4] + field[:4] + other[4:] + dealer[4:] + field[4:] + "jd"
    deck = parse_deck(top + "".join(c for c in CODES if c not in top))
    game = Koikoi2(options, 0, lambda: deck)
    game.start()
    for action in (CARD["K"], act.KOIKOI, CARD["u"]):
        game.apply(action)
    assert game.captures[0] == mask("IKgj") and game.field & mask("qS") == mask("qS")
    return game.view(0)


@pytest.mark.parametrize("spec", ["normal", "strong:iterations=100"])
def test_with_rain_a_bot_keeps_its_hanami_and_takes_no_november_card(spec):
    plain = koikoi_called_with_hanami(Koikoi2Options())
    rainy = koikoi_called_with_hanami(Koikoi2Options(rain=True))
    assert plain._replace(options=None) == rainy._replace(options=None)
    assert make_bot(spec, random.Random(0)).act(plain) == CARD["r"]
    assert make_bot(spec, random.Random(0)).act(rainy) == CARD["T"]
