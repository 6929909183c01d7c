"""Every view carries its ruleset's typed public facts (``Game.Facts``, ``PlayerView.facts``), and
those facts tell a seat nothing about the cards hidden from it: dealing the hidden cards around
again changes no seat's facts; the seat's own teyaku shows only while the teyaku question is asked
(docs/rules/koikoi3.md §3, docs/rules/hanaawase.md §5, docs/rules/hachihachi.md §6) and 法度
warnings name only the viewer's own hand cards, when it is to play (docs/rules/hachihachi.md §13)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from hanafuda_tui.core.game import Game, NoFacts, Phase, PlayerView
from hanafuda_tui.core.records import make_options
from hanafuda_tui.core.rulesets import RULESETS, ruleset_class
from hanafuda_tui.core.rulesets.hachihachi.facts import HachihachiFacts
from hanafuda_tui.core.table import shuffled_deck

CASES = [
    ("koikoi3", {"months": 3}),
    ("koikoi2", {"months": 3}),
    ("koikoi2", {"months": 3, "teyaku": True}),
    ("hanaawase", {"months": 3}),
    ("hanaawase", {"months": 3, "players": 5}),
    ("hanaawase", {"months": 3, "players": 6}),
    ("hachihachi", {}),
]


def random_steps(ruleset: str, values: dict[str, Any], seed: int) -> Iterator[Game]:
    """Every step of a seeded random game."""
    cls = ruleset_class(ruleset)
    rng = random.Random(seed)
    options = make_options(cls, values)
    game = cls(options, seed % cls.seated(options), lambda: shuffled_deck(rng))
    game.start()
    while not game.is_over:
        yield game
        game.apply(rng.choice(game.legal_actions()))
    yield game


def twin_view(game: Game, seat: int, rng: random.Random) -> PlayerView:
    """The seat's view of the game with the cards hidden from it (the others' unshown hand cards,
    the stock) dealt around again at random, each place keeping its size. A seat sitting a 花合わせ
    round out knows its own cards under the stock: they stay."""
    twin = game.clone()
    known = getattr(game.view(seat).facts, "set_aside", 0)
    places = [s for s in range(game.players) if s != seat]
    pool = [c for s in places for c in range(48) if (game.hands[s] & ~game.shown[s]) >> c & 1]
    rest = list(game.stock[game.stock_pos :])
    free = [i for i, c in enumerate(rest) if not known >> c & 1]
    pool += [rest[i] for i in free]
    rng.shuffle(pool)
    for s in places:
        n = (game.hands[s] & ~game.shown[s]).bit_count()
        twin.hands[s] = game.shown[s] | sum(1 << c for c in pool[:n])
        del pool[:n]
    for i, c in zip(free, pool, strict=True):
        rest[i] = c
    twin.stock = (*game.stock[: game.stock_pos], *rest)
    return twin.view(seat)


def test_every_ruleset_declares_a_facts_type_of_its_own_whose_status_names_its_fields():
    for name, cls in RULESETS.items():
        assert cls.Facts is not NoFacts and cls.Facts._fields, name
        for game in random_steps(name, {}, 0):
            shown = game.view(0).facts.status()
            assert all(field in cls.Facts._fields for field, _ in shown), name


@pytest.mark.parametrize(("ruleset", "values"), CASES, ids=[f"{r}-{v}" for r, v in CASES])
def test_view_facts_are_the_rulesets_type_and_hide_nothing(ruleset, values):
    cls = ruleset_class(ruleset)
    rng = random.Random(1)
    checked = owned = warned = 0
    for seed in range(3):
        for game in random_steps(ruleset, values, seed):
            for seat in range(game.players):
                view = game.view(seat)
                facts = view.facts
                assert type(facts) is cls.Facts
                assert twin_view(game, seat, rng).facts == facts, (seat, view.phase)
                own = facts.held()
                assert own is None or view.phase == Phase.TEYAKU
                owned += own is not None
                if isinstance(facts, HachihachiFacts) and facts.own_teyaku:
                    assert facts.own_teyaku.shown & ~view.hand == 0
                cards = sum(1 << c for c in facts.warnings())
                assert cards & ~view.hand == 0, "a warning about a card not in the hand"
                assert not cards or (seat == view.to_act and view.phase == Phase.PLAY)
                warned += bool(cards)
                assert not facts.offered() or seat == view.to_act
                checked += 1
    assert checked > 200
    assert owned > 0 or ruleset == "koikoi2", "the teyaku question was asked"
    assert warned > 0 or ruleset != "hachihachi"


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_view_carries_its_rulesets_game_class(name: str) -> None:
    cls = ruleset_class(name)
    game = cls(cls.Options(), 0, lambda: shuffled_deck(random.Random(name)))
    game.start()
    assert game.view(0).rules is cls and game.spectator_view().rules is cls
