"""Holding a teyaku and keeping it hidden tells no one (docs/rules/koikoi3.md §3,
docs/rules/hachihachi.md §9, docs/rules/hanaawase.md §5): every seat answers the teyaku question, so
what the others see cannot depend on who holds one."""

import random

import pytest

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.records import make_options
from hanafuda_tui.core.rulesets import ruleset_class

OBSERVER = 0
FIRST_DEALER = 1
# With seat 1 as 胴, the deal (docs/rules/README.md §4, 手七場六) puts these deck positions in seat 1's
# and seat 2's hands, and the rest from 27 on in the stock: every card the observer (seat 0) cannot
# see.
HIDDEN = [*range(0, 4), *range(8, 12), *range(15, 18), *range(21, 24), *range(27, 48)]


def redealt(deck: list[int], rng: random.Random) -> list[int]:
    """The same deck with every card hidden from the observer shuffled among the hidden places."""
    cards = [deck[i] for i in HIDDEN]
    rng.shuffle(cards)
    out = deck[:]
    for i, c in zip(HIDDEN, cards, strict=True):
        out[i] = c
    return out


def started(ruleset: str, deck: list[int]):
    cls = ruleset_class(ruleset)
    game = cls(make_options(cls, {}), FIRST_DEALER, lambda: deck)
    game.logging = False
    game.start()
    return game


@pytest.mark.parametrize("ruleset", ["koikoi3", "hachihachi", "hanaawase"])
def test_what_the_observer_sees_of_the_teyaku_question_depends_on_nothing_hidden(ruleset):
    rng = random.Random(ruleset)
    differing = 0
    for _ in range(1500):
        deck = rng.sample(range(48), 48)
        a, b = started(ruleset, deck), started(ruleset, redealt(deck, rng))
        differing += [bool(t) for t in a.teyaku] != [bool(t) for t in b.teyaku]
        assert a.view(OBSERVER) == b.view(OBSERVER)
        while a.phase == Phase.TEYAKU and a.to_act != OBSERVER:
            a.apply(act.PASS)
            b.apply(act.PASS)
            assert a.view(OBSERVER) == b.view(OBSERVER)
    assert differing > 10, "the sample must hold deals where only one of the pair has a teyaku"


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [
        ("koikoi3", {}),
        ("hachihachi", {}),
        ("hanaawase", {}),
        ("hanaawase", {"players": 5}),
        ("hanaawase", {"players": 6}),
    ],
)
def test_the_teyaku_question_can_be_put_to_every_seat_at_once(ruleset, options):
    """A table that asks every seat at once takes the answers in ``teyaku_asked`` order, each
    seat's answers as listed before the core reached it."""
    rng = random.Random(f"{ruleset}{options}")
    rounds = 0
    cls = ruleset_class(ruleset)
    for _ in range(60):
        game = cls(make_options(cls, options), 0, lambda: rng.sample(range(48), 48))
        game.start()
        while not game.is_over and rounds < 400:
            if game.phase != Phase.TEYAKU:
                game.apply(rng.choice(game.legal_actions()))
                continue
            rounds += 1
            asked = game.teyaku_asked()
            answers = {s: game.teyaku_answers_of(s) for s in asked}
            assert len(asked) == 3 and game.to_act == asked[0]
            for seat in asked:
                assert game.phase == Phase.TEYAKU and game.to_act == seat
                assert tuple(game.legal_actions()) == answers[seat]
                game.apply(rng.choice(answers[seat]))
            assert game.phase != Phase.TEYAKU or game.to_act == game.teyaku_asked()[0]
    assert rounds >= 100
