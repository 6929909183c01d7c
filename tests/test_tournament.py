"""Tournaments: duplicate deals over every seat order, statistics, and normal ahead of random."""

import json
import math

from hanafuda_tui.bots import arena as tournament
from hanafuda_tui.bots.arena import Plan, bot_stats, seatings, wilson
from hanafuda_tui.cli import main
from hanafuda_tui.core.records import make_options
from hanafuda_tui.core.rulesets import ruleset_class


def test_seatings_are_the_distinct_seat_orders():
    assert len(seatings(["a", "b", "c"])) == 6
    assert sorted(seatings(["a", "b", "b"])) == [(0, 1, 2), (1, 0, 2), (1, 2, 0)]
    assert seatings(["x", "y"]) == [(0, 1), (1, 0)]


def test_wilson_interval_matches_the_formula_at_known_points():
    low, high = wilson(50, 100)
    assert math.isclose(low, 0.4038, abs_tol=1e-4) and math.isclose(high, 0.5962, abs_tol=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and math.isclose(high, 0.2775, abs_tol=1e-4)


def test_every_seating_of_a_deal_set_gets_the_same_deals():
    options = make_options(ruleset_class("koikoi3"), {"months": 3})
    decks = set()
    for seating in seatings(["easy", "random", "random"]):
        game, times = tournament.play_one(
            "koikoi3", options, ["easy", "random", "random"], seating, "9/0", "9/0/x"
        )
        decks.add((game.first_dealer, game.deals[0].deck))
        assert all(times)
    assert len(decks) == 1


def test_a_small_tournament_shows_normal_ahead_of_random():
    options = make_options(ruleset_class("koikoi3"), {"months": 3})
    specs = ("normal", "random", "random")
    played = tournament.run(Plan("koikoi3", options, specs, 1, True), games=24)
    assert len(played) == 24
    stats = {b["name"]: b for b in bot_stats(specs, played)}
    assert stats["normal"]["games"] == 24 and stats["random"]["games"] == 48
    assert stats["normal"]["mean_score_ci"][0] > 0
    assert stats["normal"]["win_rate_ci"][0] > 1 / 3


def test_sim_json_lists_the_bots_and_keeps_the_totals(capsys):
    main(["sim", "--games", "4", "--bots", "easy,random,random", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 6 and len(out["totals"]) == 6 and out["months"] > 0
    names = [b["name"] for b in out["bots"]]
    assert names == ["easy", "random"]
    for b in out["bots"]:
        assert set(b) >= {"name", "mean_score", "mean_per_month", "win_rate", "win_rate_ci"}
        assert set(b["choice_ms"]) == {"p50", "p95", "max"}
    assert sum(sum(t) for t in out["totals"]) == 0


def test_one_deal_set_gives_no_score_interval_and_strict_json(capsys):
    main(["sim", "--ruleset", "koikoi2", "--games", "2", "--bots", "easy,random", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert [b["mean_score_ci"] for b in out["bots"]] == [None, None]
    json.dumps(out, allow_nan=False)
