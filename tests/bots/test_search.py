"""The strong bot's search: its ranking of every legal action, and the action it plays first."""

import functools
import random
from pathlib import Path

import pytest
from helpers.bots import decisions, twin_with_hidden_cards_permuted
from helpers.records import bot_record

from hanafuda_tui.bots import arena as tournament
from hanafuda_tui.bots import make_bot, strong
from hanafuda_tui.bots.chances import year_win_chance
from hanafuda_tui.bots.evaluators import evaluator_of
from hanafuda_tui.bots.rulesets.koikoi2 import NET_SPREAD
from hanafuda_tui.bots.strong import StrongBot, twin_moves
from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import POINTS
from hanafuda_tui.core.determinize import build_game, sample_deal
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.table import shuffled_deck
from hanafuda_tui.review.judge import decisions as review_decisions
from hanafuda_tui.review.judge import seed_of

RULESETS = ("koikoi3", "koikoi2", "hanaawase", "hachihachi")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ranked_values_every_legal_action_once_best_first_and_act_plays_the_first(ruleset):
    for view in decisions(ruleset, 3, 4):
        ranked = StrongBot(random.Random(9), iterations=30).ranked(view)
        assert sorted(a for a, _ in ranked) == sorted(view.legal)
        values = [v for _, v in ranked]
        assert values == sorted(values, reverse=True)
        assert StrongBot(random.Random(9), iterations=30).act(view) == ranked[0][0]


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [("koikoi3", {}), ("koikoi2", {"teyaku": False}), ("hanaawase", {}), ("hachihachi", {})],
)
def test_a_world_the_search_plays_ends_with_the_month_as_one_dealt_on_would(ruleset, options):
    """The search's worlds never deal the next month (``MonthOver``): each ends with the scores a
    game that dealt on would have, the month's result being settled before the next deal (with
    二人こいこい's teyaku option a teyaku dealt next is paid at the deal: the world ends before)."""
    ended = 0
    for seed in range(6):
        game = new_game(ruleset, random.Random(seed), options)
        normal = make_bot("normal", random.Random(seed))
        rng = random.Random(seed)
        while not game.finished:
            view = game.view(game.to_act)
            if len(view.legal) > 1 and rng.random() < 0.3:
                hands, stock = sample_deal(view, rng)
                deck = functools.partial(shuffled_deck, random.Random(rng.random()))
                dealt_on = build_game(view, hands, stock, deck)
                cut = build_game(view, hands, stock, strong._no_next_deal)
                while not dealt_on.results and not dealt_on.finished:
                    action = normal.act(dealt_on.view(dealt_on.to_act))
                    try:
                        cut.apply(action)
                    except strong.MonthOver:
                        ended += 1
                    dealt_on.apply(action)
                assert cut.scores == dealt_on.scores and cut.results == dealt_on.results
            game.apply(normal.act(view))
    assert ended > 20


NET_FILE = str(Path(strong.__file__).parent / "weights" / "koikoi2.play.json")


@pytest.mark.parametrize(
    ("ruleset", "spec", "factor"),
    [
        ("koikoi2", "strong:iterations=1", NET_SPREAD),
        (
            "koikoi2",
            f"strong:iterations=1:playout=learned:policy={NET_FILE}",
            NET_SPREAD,
        ),
        ("koikoi2", "strong:iterations=1:spread=1", 1.0),
        ("koikoi2", "strong:iterations=1:playout=learned", 1.0),
        ("koikoi2", f"strong:iterations=1:playout=learned:guess={NET_FILE}", 1.0),
        ("koikoi2", "strong:iterations=1:playout=normal", 1.0),
        ("koikoi3", "strong:iterations=1", 1.0),
    ],
)
def test_scores_are_read_wider_where_the_play_network_plays_out(ruleset, spec, factor):
    """With no ``spread`` given, the network's playouts read the month spread as wide as
    the ruleset's ``net_spread`` says; a policy without it (or the network guessing only)
    reads it as measured."""
    view = decisions(ruleset, 4, 1)[0]
    ev = evaluator_of(view)
    scores = [0] * view.players
    scores[view.seat] = 10
    left = view.rules.year_length(view.options) - view.month
    chance = make_bot(spec, random.Random(0))._value_of(view, ev)(scores)
    assert chance == pytest.approx(
        year_win_chance(scores, view.seat, factor * ev.spread * left**0.5)
    )


def teyaku_questions(ruleset, wanted):
    """Views of a seat asked about a teyaku it holds (declare or pass), from normal play."""
    out = []
    for seed in range(200):
        game = new_game(ruleset, random.Random(seed), {"months": 3})
        game.logging = False
        view = game.view(game.to_act)
        while game.phase == Phase.TEYAKU:
            view = game.view(game.to_act)
            if act.DECLARE in view.legal:
                out.append(view)
                break
            game.apply(act.PASS)
        if len(out) == wanted:
            return out
    raise AssertionError("no teyaku dealt")


def test_a_koikoi3_teyaku_is_declared_by_the_search_as_it_wins_the_month_at_once():
    """Declared teyaku are shown together and the best one wins the month (koikoi3 §3)."""
    for view in teyaku_questions("koikoi3", 2):
        margins = dict(StrongBot(random.Random(4), iterations=40, aim="margin").ranked(view))
        assert margins[act.DECLARE] > margins[act.PASS] + 1
        chances = dict(StrongBot(random.Random(4), iterations=40).ranked(view))
        assert chances[act.DECLARE] > chances[act.PASS] + 0.1


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_same_seed_and_iterations_rank_the_same(ruleset):
    for view in decisions(ruleset, 8, 3):
        first = StrongBot(random.Random(2), iterations=25).ranked(view)
        assert StrongBot(random.Random(2), iterations=25).ranked(view) == first


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_ranking_is_the_same_whatever_the_hidden_cards(ruleset):
    """A twin game, the cards the seat cannot see shuffled among their places and the same actions
    replayed, gives the seat the same view, so the same ranking at the same seed."""
    compared = 0
    for seed in range(30):
        game = new_game(ruleset, random.Random(seed))
        game.logging = False
        normal = make_bot("normal", random.Random(seed))
        for _ in range(random.Random(seed).randrange(2, 20)):
            if len(game.deals) > 1:
                break
            game.apply(normal.act(game.view(game.to_act)))
        seat = game.to_act
        view = game.view(seat)
        if len(game.deals) > 1 or len(view.legal) < 2 or game.phase == Phase.TEYAKU:
            continue
        twin = twin_with_hidden_cards_permuted(game, seat, random.Random(seed))
        if twin is None or twin.hands == game.hands or twin.view(seat) != view:
            continue
        ranked = StrongBot(random.Random(seed), iterations=20).ranked(view)
        assert StrongBot(random.Random(seed), iterations=20).ranked(twin.view(seat)) == ranked
        compared += 1
        if compared == 4:
            return
    raise AssertionError(f"only {compared} twins")


@pytest.mark.long
def test_a_small_tournament_keeps_strong_ahead_of_normal():
    """Duplicate deals, both seat orders: strong wins more games than normal (what it aims at)."""
    plan = tournament.Plan(
        "koikoi2", {"months": 3}, ("strong:iterations=20", "normal"), seed=3, rotate=True
    )
    played = tournament.run(plan, 100)
    stats = tournament.bot_stats(plan.specs, played)
    assert stats[0]["win_rate"] > stats[1]["win_rate"]


def last_month_calls(wanted):
    """Views of 二人こいこい's last month where the seat to call こいこい or 勝負 trails by more
    than 勝負 would bring it (3 months, normal play)."""
    out = []
    for seed in range(400):
        game = new_game("koikoi2", random.Random(seed), {"months": 3})
        game.logging = False
        bot = make_bot("normal", random.Random(seed))
        while not game.finished:
            view = game.view(game.to_act)
            if view.month == 3 and act.SHOBU in view.legal:
                seat, other = view.seat, 1 - view.seat
                caller = game.clone()
                caller.apply(act.SHOBU)
                if caller.scores[seat] < caller.scores[other]:
                    out.append(view)
                    if len(out) == wanted:
                        return out
            game.apply(bot.act(view))
    raise AssertionError(f"only {len(out)} such calls")


@pytest.mark.parametrize("playout", ["learned", "normal"])
def test_in_the_last_month_a_seat_that_would_end_the_year_behind_does_not_call_shobu(playout):
    """勝負 ends the month (koikoi2 §7); in the last month that ends the year, so a seat still
    behind after being paid has lost: the search plays on (aim=win), whatever 勝負 is worth (no
    more than nothing: less its standard errors where it is not the playout policy's guess)."""
    for view in last_month_calls(2):
        ranked = StrongBot(random.Random(1), iterations=40, playout=playout).ranked(view)
        values = dict(ranked)
        assert ranked[0][0] == act.KOIKOI
        assert values[act.SHOBU] <= 0.0 < values[act.KOIKOI]


def test_twin_moves_are_cards_alike_and_take_one_value_side_by_side():
    """Two 桐のカス in the hand are the same move; 桐に鳳凰 is not the same as either."""
    found = 0
    for seed in range(60):
        for view in decisions("koikoi3", seed, 30):
            twins = twin_moves(view, evaluator_of(view))
            for twin, same in twins.items():
                assert twin != same and twin in view.legal and same in view.legal
                a, b = twin % act.TAKE, same % act.TAKE
                assert a >> 2 == b >> 2 and POINTS[a] == POINTS[b]
            if not twins:
                continue
            ranked = StrongBot(random.Random(seed), iterations=20).ranked(view)
            order = [a for a, _ in ranked]
            values = dict(ranked)
            for twin, same in twins.items():
                assert values[twin] == values[same]
                assert order.index(same) < order.index(twin)
            found += 1
        if found >= 3:
            return
    raise AssertionError(f"only {found} views with twin moves")


def test_a_win_chance_is_one_in_n_when_level_and_a_shared_top_when_the_year_is_over():
    from hanafuda_tui.bots.chances import year_win_chance as _win_chance

    for n in (2, 3, 6):
        assert _win_chance([7] * n, 0, 10.0) == pytest.approx(1 / n, abs=1e-4)
    assert _win_chance([10, 0], 0, 10.0) == pytest.approx(0.8413, abs=1e-3)  # Φ(1)
    assert _win_chance([10, 0, 0], 0, 10.0) > _win_chance([10, 10, 0], 0, 10.0)
    assert _win_chance([5, 5, 0], 1, 0.0) == 0.5
    assert _win_chance([5, 5, 5], 2, 0.0) == pytest.approx(1 / 3)
    assert _win_chance([4, 5, 0], 0, 0.0) == 0.0


def test_a_ranked_chance_is_within_0_and_1_even_when_cautious() -> None:
    """The cautious value of a move other than the guess (its mean advantage less standard errors,
    or from one world never above the guess) is a chance: never below 0 nor above 1, and the
    order of the moves is that of the values."""
    record = bot_record("koikoi2", 13, {"months": 3}, bot="random")
    values = []
    for d in review_decisions(record, 0):
        ranked = StrongBot(random.Random(seed_of(record, d.at)), iterations=16).ranked(d.view)
        got = [v for _, v in ranked]
        assert got == sorted(got, reverse=True)
        values += got
    assert len(values) > 50 and 0.0 in values
    assert all(0.0 <= v <= 1.0 for v in values)


def test_a_wider_spread_reads_a_lead_as_a_smaller_chance_to_finish_the_year_first():
    """``spread=F`` widens the ruleset's month spread by F: a 10-point lead with the year's
    months to play is worth less."""
    view = decisions("koikoi2", 4, 1)[0]
    ev = evaluator_of(view)
    scores = [0, 0]
    scores[view.seat] = 10
    left = 12 - view.month
    chances = []
    for factor in (1.0, 2.0):
        bot = StrongBot(random.Random(0), iterations=1, spread=factor)
        chances.append(bot._value_of(view, ev)(scores))
        wanted = year_win_chance(scores, view.seat, factor * ev.spread * left**0.5)
        assert chances[-1] == pytest.approx(wanted)
    assert 0.5 < chances[1] < chances[0]
