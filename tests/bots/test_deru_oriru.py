"""Bots answer 出る・下る (花合わせ with four to six seated, docs/rules/hanaawase.md
§11): legal answers at every level, the easy and normal hand-strength
rules on stacked hands, the strong search on the view alone, and normal ahead of random."""

import random

import pytest
from helpers.bots import twin_with_hidden_cards_permuted

from hanafuda_tui.bots import arena as tournament
from hanafuda_tui.bots import make_bot
from hanafuda_tui.bots.evaluators import evaluator
from hanafuda_tui.bots.policy import normal_action, seen_of_game, strength
from hanafuda_tui.bots.rulesets.hanaawase import ENTRY
from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import CODES, deck_string, mask, parse_deck
from hanafuda_tui.core.determinize import determinize
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.rulesets.hanaawase.game import Hanaawase, HanaawaseOptions

STRONG_HAND = "AIcosEM"
"""Five 光 and two 種: 120 card points, most of 五光."""
WEAK_HAND = "DHLPTVZ"
"""Five カス and two 短冊 of months 1–7: 15 card points, no field card of its months."""
FIELD = "mnqrtu"
LEVELS = ("random", "easy", "normal", "strong:iterations=8")


def first_seat_holding(hand: str, n: int) -> Hanaawase:
    """A table of ``n`` with the 親 at seat 0 and ``hand`` dealt to seat 1, the first asked; the
    other seats get the remaining cards in code order, 手七場六 (four, three to the field, three)."""
    rest = "".join(c for c in CODES if c not in hand + FIELD)
    order = [*range(1, n), 0]
    sevens = {s: hand if i == 0 else rest[7 * i - 7 : 7 * i] for i, s in enumerate(order)}
    top = "".join(sevens[s][:4] for s in order) + FIELD[:3]
    top += "".join(sevens[s][4:] for s in order) + FIELD[3:]
    deck = parse_deck(top + "".join(c for c in CODES if c not in top))
    rng = random.Random(0)
    decks = [deck]
    game = Hanaawase(
        HanaawaseOptions(players=n), 0, lambda: decks.pop() if decks else rng.sample(range(48), 48)
    )
    game.start()
    assert game.phase == Phase.DERU_ORIRU and game.to_act == 1
    assert game.hands[1] == mask(hand) and game.field == mask(FIELD)
    return game


@pytest.mark.parametrize("n", [4, 5, 6])
@pytest.mark.parametrize("spec", LEVELS)
def test_every_level_answers_legally_for_every_seat_asked_or_forced(spec, n):
    answers = set()
    for seed in range(3):
        game = new_game("hanaawase", random.Random(seed), {"players": n, "months": 3})
        game.logging = False
        while game.phase == Phase.DERU_ORIRU:
            view = game.view(game.to_act)
            a = make_bot(spec, random.Random(seed)).act(view)
            assert a in view.legal
            answers.add(a)
            game.apply(a)
        assert len(game.participants) == 3
    assert answers <= {act.DERU, act.ORIRU}


def test_random_says_both():
    bot = make_bot("random", random.Random(1))
    view = first_seat_holding(STRONG_HAND, 5).view(1)
    assert {bot.act(view) for _ in range(40)} == {act.DERU, act.ORIRU}


@pytest.mark.parametrize("n", [4, 5, 6])
@pytest.mark.parametrize("spec", ["easy", "normal", "strong:iterations=40"])
def test_a_strong_hand_says_deru_and_a_weak_one_oriru(spec, n):
    strong = first_seat_holding(STRONG_HAND, n).view(1)
    weak = first_seat_holding(WEAK_HAND, n).view(1)
    assert make_bot(spec, random.Random(2)).act(strong) == act.DERU
    assert make_bot(spec, random.Random(2)).act(weak) == act.ORIRU


def test_the_normal_rule_is_its_strength_against_the_threshold():
    ev = evaluator("hanaawase")
    assert strength(ev, mask(STRONG_HAND), mask(FIELD)) >= ENTRY.strength
    assert strength(ev, mask(WEAK_HAND), mask(FIELD)) < ENTRY.strength
    # the field cards its months meet count: 紅葉に鹿 on the field lifts a hand holding 牡丹に蝶,
    # 萩に猪 and a 10月 card (猪鹿蝶)
    hand = mask("UYlDHLP")
    assert strength(ev, hand, mask("kqrtuv")) > strength(ev, hand, mask("jqrtuv"))


@pytest.mark.parametrize("n", [4, 6])
def test_the_answers_read_only_the_view_whatever_the_hidden_cards(n):
    rng = random.Random(4)
    compared = 0
    for seed in range(4):
        game = new_game("hanaawase", random.Random(seed), {"players": n})
        game.logging = False
        answers = random.Random(seed)
        while game.phase == Phase.DERU_ORIRU and len(game.legal_actions()) == 2:
            seat = game.to_act
            view = game.view(seat)
            twin = twin_with_hidden_cards_permuted(game, seat, rng)
            assert twin is not None
            assert [twin.hands[s] for s in range(n)] != [game.hands[s] for s in range(n)]
            assert deck_string(twin.stock) != deck_string(game.stock) or n == 6
            assert twin.view(seat) == view
            for spec in ("easy", "normal", "strong:iterations=12"):
                a = make_bot(spec, random.Random(seed)).act(view)
                assert a == make_bot(spec, random.Random(seed)).act(twin.view(seat))
            compared += 1
            game.apply(answers.choice(game.legal_actions()))
    assert compared >= 4


def test_normal_beats_random_at_five_seats_on_duplicate_deals():
    plan = tournament.Plan(
        "hanaawase",
        HanaawaseOptions(players=5, months=3),
        ("normal", "random", "random", "random", "random"),
        seed=1,
        rotate=True,
    )
    played = tournament.run(plan, 40)
    normal = sum(p.scores[p.seating.index(0)] for p in played)
    assert len(played) == 40 and normal > 0


@pytest.mark.parametrize("n", [4, 5, 6])
def test_a_world_sampled_while_answers_are_asked_plays_the_round_out(n):
    ev = evaluator("hanaawase")
    for seed in range(3):
        game = new_game("hanaawase", random.Random(seed), {"players": n})
        game.logging = False
        view = game.view(game.to_act)
        world = determinize(view, random.Random(seed))
        assert world.phase == Phase.DERU_ORIRU and world.to_act == view.seat
        assert world.hands[view.seat] == view.hand and world.view(view.seat) == view
        world.apply(act.ORIRU)  # the 親's right is never forced with four or more seated
        while not world.results:
            world.apply(normal_action(ev, seen_of_game(world)))
        result = world.results[0]
        out = [s for s in range(n) if s not in result.participants]
        assert len(result.participants) == 3 and len(out) == n - 3
        assert sum(world.scores) == 0 and all(world.scores[s] == 0 for s in out)
        assert view.seat in out
