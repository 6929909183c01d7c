"""The bots' yaku knowledge: specs agree with each ruleset's own scoring, one-card-away, and the
normal policy's choices where the easy one goes wrong."""

import random
from types import MappingProxyType

import pytest

from hanafuda_tui.bots.evaluators import evaluator
from hanafuda_tui.bots.policy import Seen, easy_action, normal_action
from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import ALL_CARDS, CARD_OF_CODE, POINTS, card_list, cards_of, mask
from hanafuda_tui.core.game import NO_FACTS
from hanafuda_tui.core.records import make_options, new_game
from hanafuda_tui.core.rulesets import ruleset_class
from hanafuda_tui.core.rulesets.hachihachi.hatto import Hatto

RULESETS = ("koikoi3", "koikoi2", "hanaawase", "hachihachi")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_spec_scores_in_the_rulesets_own_yaku_and_not_one_card_short(ruleset):
    ev = evaluator(ruleset)
    assert ev.specs
    for spec in ev.specs:
        cards = card_list(spec.cards)[: spec.need]
        held = mask(cards)
        assert ev.score(held) > 0, spec.name
        if spec.cards.bit_count() == spec.need and spec.per == 0:
            assert ev.score(held & ~(1 << cards[0])) < ev.score(held), spec.name


@pytest.mark.parametrize("ruleset", RULESETS)
def test_gain_is_the_rise_of_the_potential_plus_card_points(ruleset):
    ev = evaluator(ruleset)
    rng = random.Random(4)
    for _ in range(500):
        cards = rng.sample(range(48), 30)
        caps = mask(cards[: rng.randrange(0, 15)])
        avail = ALL_CARDS & ~mask(cards[15 : 15 + rng.randrange(0, 10)])
        new = mask(cards[25 : 25 + rng.randrange(1, 4)])
        rise = ev.potential(caps | new, avail) - ev.potential(caps, avail)
        points = ev.point_weight * sum(POINTS[c] for c in cards_of(new))
        assert ev.gain(caps, new, avail) == pytest.approx(rise + points)


def test_one_card_away_names_the_missing_card_while_it_can_still_be_won():
    ev = evaluator("koikoi3")
    assert ev.one_away(mask("BF"), ALL_CARDS) == mask("J")
    assert ev.one_away(mask("BF"), ALL_CARDS & ~mask("J")) == 0
    assert ev.one_away(mask("B"), ALL_CARDS) == 0
    assert ev.threatened(0, (0, mask("BF"), 0))
    assert not ev.threatened(1, (0, mask("BF"), 0))


def seen(hand, field, captures, facts=NO_FACTS):
    legal = card_list(mask(hand))
    return Seen(0, legal, mask(hand), mask(field), captures, -1, facts)


def hachihachi_facts(hatto):
    """A 八八 view's facts with the given 法度 warnings."""
    facts = new_game("hachihachi", random.Random(0)).view(0).facts
    return facts._replace(hatto=MappingProxyType(hatto))


def test_normal_completes_a_yaku_where_easy_takes_the_most_card_points():
    s = seen("Ke", "Jc", (mask("BF"), 0, 0))
    assert easy_action(s) == CARD_OF_CODE["e"]
    assert normal_action(evaluator("koikoi3"), s) == CARD_OF_CODE["K"]


def test_normal_does_not_lay_the_card_an_opponent_is_one_short_of():
    s = seen("Jv", "AE", (0, mask("BF"), 0))
    assert normal_action(evaluator("koikoi3"), s) == CARD_OF_CODE["v"]


def test_normal_avoids_a_hatto_play_in_hachihachi():
    ev = evaluator("hachihachi")
    hatto = {CARD_OF_CODE["u"]: (Hatto(((1, ("赤短",)),), (), 84), False)}
    s = seen("tu", "A", (0, 0, 0), hachihachi_facts(hatto))
    assert normal_action(ev, s) == CARD_OF_CODE["t"]
    exempt = {CARD_OF_CODE["u"]: (Hatto(((1, ("赤短",)),), (), 84), True)}
    assert normal_action(ev, s._replace(facts=hachihachi_facts(exempt))) in (
        CARD_OF_CODE["t"],
        CARD_OF_CODE["u"],
    )


def test_normal_calls_sage_in_hachihachi_only_while_another_yaku_is_near_and_safe():
    ev = evaluator("hachihachi")

    def decide(hand, mine, theirs, legal=(act.AGARI, act.SAGE)):
        s = Seen(0, list(legal), mask(hand), 0, (mask(mine), mask(theirs), 0), -1, NO_FACTS)
        return normal_action(ev, s)

    assert decide("abcd", "BFJUY", "") == act.SAGE  # 赤短 made, 猪鹿蝶 one card away
    assert decide("abcd", "BFJ", "") == act.AGARI  # nothing near
    assert decide("ab", "BFJUY", "") == act.AGARI  # too few cards left
    assert decide("abcd", "BFJUY", "Vh") == act.AGARI  # another is one card from 青短
    assert decide("abcd", "BFJUY", "k") == act.AGARI  # the missing 蝶 is taken
    assert decide("abcd", "BFJUY", "", (act.CANCEL, act.KEEP)) == act.KEEP
    assert decide("abcd", "BFJUY", "Vh", (act.CANCEL, act.KEEP)) == act.CANCEL


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [
        ("koikoi3", {}),
        ("koikoi2", {}),
        ("koikoi2", {"rain": True}),
        ("hachihachi", {}),
        ("hanaawase", {}),
    ],
)
def test_reach_is_the_potential_and_the_cards_one_away_at_once(ruleset, options):
    cls = ruleset_class(ruleset)
    ev = evaluator(ruleset, make_options(cls, options))
    rng = random.Random(5)
    for _ in range(3000):
        caps = rng.getrandbits(48) & rng.getrandbits(48) & rng.getrandbits(48)
        avail = rng.getrandbits(48) | caps
        assert ev.reach(caps, avail) == (ev.potential(caps, avail), ev.one_away(caps, avail))
