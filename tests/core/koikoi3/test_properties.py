"""Properties over thousands of seeded random 三人こいこい games: every card accounted
for after every action, every payment zero-sum, a legal action until the end, offers exactly when
the independent reading of docs/rules/koikoi3.md §7 says so, views that hide every hidden card,
determinism, round trips."""

import random
from collections import Counter

import pytest
from helpers.koikoi3 import KASU_CODES, ref_formed, ref_scoring

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import ALL_CARDS, codes_of
from hanafuda_tui.core.events import Captured, Extension, MonthEnded
from hanafuda_tui.core.game import Phase, PlayerView
from hanafuda_tui.core.records import SeatRecord, load_record, new_game, record_of, replay

SEATS = [SeatRecord(name=n, player="random") for n in ("A", "B", "C")]


def stock_left(game) -> int:
    m = 0
    for c in game.stock[game.stock_pos :]:
        m |= 1 << c
    return m


def assert_cards_accounted(game) -> None:
    parts = [*game.hands, game.field, stock_left(game), *game.captures]
    if game.phase == Phase.TAKE:
        parts.append(1 << game.pending_card)
    seen = 0
    for part in parts:
        assert seen & part == 0, "a card is in two places"
        seen |= part
    assert seen == ALL_CARDS, "a card is missing"


def sakazuki_ten(caps: set[str]) -> bool:
    return "g" in caps and len(caps & set(KASU_CODES)) == 9


def shibari_total(caps: set[str]) -> int:
    total = sum(ref_scoring(caps).values())
    return total - 1 if sakazuki_ten(caps) else total


def play_checked(seed: int, months: int, tally: Counter) -> None:
    """Play one random game, checking the properties after every action."""
    rng = random.Random(seed)
    game = new_game("koikoi3", random.Random(f"deal/{seed}"), {"months": months})
    seen_log = len(game.log)
    turn_caps: set[str] = set()
    formed: set[str] = set()
    while not game.is_over:
        assert_cards_accounted(game)
        legal = game.legal_actions()
        assert legal and 0 <= game.to_act < 3, "a legal action exists until the game ends"
        seat, phase, shibari, deals = game.to_act, game.phase, game.shibari, len(game.deals)
        caps, ended = game.captures[seat], len(game.results)
        action = rng.choice(legal)
        if phase == "play":
            turn_caps, formed = set(codes_of(caps)), set()
        game.apply(action)
        events = game.log[seen_log:]
        seen_log = len(game.log)
        for e in events:
            if isinstance(e, Captured):
                before = turn_caps
                turn_caps = before | set(codes_of(e.took | 1 << e.card))
                formed |= ref_formed(before, turn_caps)
            elif isinstance(e, MonthEnded):
                assert sum(e.payments) == 0
                tally[e.reason] += 1
        if phase in (Phase.PLAY, Phase.TAKE) and game.phase != Phase.TAKE:
            hit = formed & set(ref_scoring(turn_caps)) if formed else set()
            expected = bool(hit) and (not shibari or shibari_total(turn_caps) >= 3)
            offered = game.phase == Phase.KOIKOI and len(game.deals) == deals
            assert offered == expected, (codes_of(caps), sorted(turn_caps), formed, shibari)
            if offered:
                assert set(game.offer) == hit
            tally["offer" if offered else "no offer"] += 1
            if hit and not offered:
                tally["held back by 3文しばり"] += 1
            if hit and shibari and sakazuki_ten(turn_caps):
                tally["10-カス with 菊に盃 under 3文しばり"] += 1
        if action == act.SHOBU:
            value = sum(ref_scoring(set(codes_of(caps))).values())
            pay = tuple(2 * value if s == seat else -value for s in range(3))
            assert game.results[ended].payments == pay, "face value from each other player"
    assert sum(game.scores) == 0
    for r in game.results:
        assert sum(r.payments) == 0
    for settled in game.settlements:
        assert sum(settled.payments) == 0
    net = [sum(r.payments[s] for r in game.results) for s in range(3)]
    extra = [sum(x.payments[s] for x in game.settlements) for s in range(3)]
    assert game.scores == [a + b for a, b in zip(net, extra, strict=True)]
    tally["games"] += 1
    tally["extension"] += any(isinstance(e, Extension) for e in game.log)


@pytest.mark.long
def test_nine_hundred_random_games_keep_every_property():
    tally: Counter = Counter()
    for seed in range(800):
        play_checked(seed, 3, tally)
    for seed in range(100):
        play_checked(10_000 + seed, 12, tally)
    assert tally["games"] == 900
    for kind in ("shobu", "teyaku", "nagare-hands", "nagare-shima"):
        assert tally[kind] > 0, f"the random games never ended a month by {kind}"
    assert tally["offer"] > 1000 and tally["held back by 3文しばり"] > 0 and tally["extension"] > 0
    assert tally["10-カス with 菊に盃 under 3文しばり"] > 0


# -- views --------------------------------------------------------------------------------------------


def twin_view(game, seat: int, rng: random.Random) -> PlayerView:
    """The seat's view of a game whose hidden cards (others' unshown hands, the stock) are dealt
    around again at random, each place keeping its size."""
    twin = game.clone()
    places = [s for s in range(3) if s != seat]
    hidden = [c for s in places for c in range(48) if (game.hands[s] & ~game.shown[s]) >> c & 1]
    stock = list(game.stock[game.stock_pos :])
    pool = hidden + stock
    rng.shuffle(pool)
    for s in places:
        n = (game.hands[s] & ~game.shown[s]).bit_count()
        twin.hands[s] = game.shown[s] | sum(1 << c for c in pool[:n])
        del pool[:n]
    twin.stock = (*game.stock[: game.stock_pos], *pool)
    return twin.view(seat)


def test_views_depend_on_nothing_hidden():
    assert [f for f in PlayerView._fields] == [
        "ruleset",
        "seat",
        "players",
        "month",
        "deal_number",
        "dealer",
        "turn",
        "phase",
        "to_act",
        "legal",
        "hand",
        "hand_counts",
        "field",
        "captures",
        "stock_count",
        "pending_card",
        "scores",
        "shown",
        "facts",
        "options",
    ], "a new view field must be checked here for hidden cards"
    rng = random.Random(0)
    checked = 0
    for seed in range(30):
        game = new_game("koikoi3", random.Random(seed))
        while not game.is_over:
            for seat in range(3):
                view = game.view(seat)
                assert view.hand == game.hands[seat]
                assert view.hand_counts == tuple(h.bit_count() for h in game.hands)
                assert view.stock_count == len(game.stock) - game.stock_pos
                assert view == twin_view(game, seat, rng)
                checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 10_000


@pytest.mark.parametrize("ruleset", ["koikoi3", "koikoi2"])
def test_shared_view_facts_are_never_stale(ruleset):
    """The こいこい rulesets share one facts tuple among a deal's turn views: every view of every seat
    must still equal a fresh one, through こいこい calls, 流れ, redeals and year ends."""
    rng = random.Random(3)
    checked = 0
    for seed in range(60):
        game = new_game(ruleset, random.Random(seed), {"months": 3})
        while True:
            for seat in range(game.players):
                assert game.view(seat).facts == game.facts_now(seat)
                checked += 1
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 5_000


# -- determinism and round trips ---------------------------------------------------------------------


def record_json(seed: int, meddle: bool) -> str:
    rng = random.Random(f"bot/{seed}")
    random.seed(seed if meddle else seed + 1)
    game = new_game("koikoi3", random.Random(seed))
    while not game.is_over:
        if meddle:
            random.random()
            random.shuffle(list(range(10)))
        game.apply(rng.choice(game.legal_actions()))
    return record_of(game, SEATS).to_json()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_same_seed_same_game_whatever_else_uses_random(seed):
    assert record_json(seed, meddle=False) == record_json(seed, meddle=True)
    assert record_json(seed, meddle=False) != record_json(seed + 100, meddle=False)


@pytest.mark.long
def test_records_round_trip_over_many_games():
    rng = random.Random(1)
    for seed in range(60):
        game = new_game("koikoi3", random.Random(seed))
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        text = record_of(game, SEATS).to_json()
        again = replay(load_record(text))
        assert again.is_over and again.scores == game.scores
        assert again.results == game.results and again.settlements == game.settlements
        assert record_of(again, SEATS).to_json() == text
