"""Nothing hidden from a seat reaches it. Replay a seeded random game with the cards a seat has not
seen by some step of a deal (the others' unplayed hand cards, the undrawn stock) dealt differently
among their places, and the same decisions: up to that step the seat's every view and the whole log
as the seat may see it (``seen_by``: the screen shows it to every seat) must be the same.

A replay whose decisions the new cards make illegal (another seat's teyaku 'declare', a card it no
longer holds) is skipped, and so is one where the rules charge a hand differently, as they make
public: a declared teyaku with the cards it shows, 二人こいこい's teyaku that win at once, and 八八's
法度 charges, a 法度 lay exempt or not by the rest of the hand (shown to prove it) and 飛込み 不作為
(docs/rules/hachihachi.md §13).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import pytest

from hanafuda_tui.core.cards import ALL_CARDS, parse_deck
from hanafuda_tui.core.events import Dealt, Event, TeyakuShown, seen_by
from hanafuda_tui.core.game import Game, IllegalAction, PlayerView
from hanafuda_tui.core.records import make_options
from hanafuda_tui.core.rulesets import ruleset_class
from hanafuda_tui.core.table import shuffled_deck

CASES = [
    ("koikoi3", {"months": 3}, 100),
    ("koikoi2", {}, 100),
    ("koikoi2", {"teyaku": True, "low_values": True, "rain": True, "double_seven": True}, 100),
    ("hanaawase", {"months": 3}, 100),
    ("hanaawase", {"months": 3, "players": 4}, 50),
    ("hanaawase", {"months": 3, "players": 5}, 50),
    ("hanaawase", {"months": 3, "players": 6}, 50),
    ("hachihachi", {}, 120),
    ("hachihachi", {"menu": "F", "etsunen": True}, 120),
]
"""Ruleset, options, random games (a few seconds each). 八八 plays more: 法度 needs a yaku one
card short and the right card laid."""
DEALS = 3
"""Deals recorded from each random game (the later ones start from earlier results)."""
PERMUTATIONS = 8
"""Redealt replays of each deal, each to a random step."""


class Played(NamedTuple):
    first_dealer: int
    decks: list[list[int]]
    actions: list[list[int]]


class Watched(NamedTuple):
    views: list[PlayerView]
    """The seat's view as the deal starts and after each of its decisions."""
    ends: list[int]
    """The log's length at each of those views."""
    seen: list[int]
    """The cards the seat has seen by each of them: in its views or named by the deal's events."""
    log: list[Any]
    charged: list[tuple[Any, ...]]
    """What the rules had charged from hands by each of them."""


def random_game(cls: type[Game], options: Any, seed: int) -> Played:
    rng = random.Random(seed)
    game = cls(options, seed % cls.seated(options), lambda: shuffled_deck(rng))
    game.start()
    while not game.is_over and len(game.deals) <= DEALS:
        game.apply(rng.choice(game.legal_actions()))
    deals = game.deals[:DEALS]
    decks = [parse_deck(d.deck) for d in deals]
    return Played(game.first_dealer, decks, [list(d.actions) for d in deals])


def charged(game: Game) -> tuple[Any, ...]:
    """What the rules settle from a hand and make public: results, declared teyaku, and in 八八
    the payments made (飛込み at once) and the 法度 charged."""
    declared = [e for e in game.log if isinstance(e, TeyakuShown)]
    hatto = getattr(game, "rows", None), getattr(game, "hatto_by", None)
    return tuple(game.results), tuple(declared), repr(hatto)


def named(event: Event) -> int:
    flat = event.flat()
    return flat.cards | (1 << flat.card if flat.card >= 0 else 0)


def dealer_of(
    cls: type[Game], options: Any, played: Played, deal: int
) -> Callable[[list[int]], Game]:
    """Starts ``deal`` dealt from a given deck: the game is replayed once to just before the
    decision that deals it, and copied for each deck."""
    before = [a for actions in played.actions[:deal] for a in actions]
    game = None
    if before:
        game = cls(options, played.first_dealer, iter(played.decks).__next__)
        game.start()
        for a in before[:-1]:
            game.apply(a)

    def start(deck: list[int]) -> Game:
        decks = [*played.decks[:deal], deck, *played.decks[deal + 1 :]]
        queue = iter(decks[len(game.deals) :] if game else decks)
        later = random.Random(0)
        source = lambda: next(queue, None) or shuffled_deck(later)  # noqa: E731
        if game is None:
            started = cls(options, played.first_dealer, source)
            started.start()
            return started
        started = game.clone(source)
        started.logging = True
        started.apply(before[-1])
        return started

    return start


def watch(
    start: Callable[[list[int]], Game], actions: list[int], deck: list[int], seat: int, steps: int
) -> Watched | None:
    """Play the deal dealt from ``deck`` through ``steps`` of its decisions ``actions``: what
    ``seat`` saw. None when a decision is not legal with this deck."""
    game = start(deck)
    deals = len(game.deals)
    first = max(i for i, e in enumerate(game.log) if isinstance(e, Dealt))
    views, ends, seen, charges = [], [], [], []
    cards = 0
    for a in [None, *actions[:steps]]:
        if a is not None:
            try:
                game.apply(a)
            except IllegalAction:
                return None
        view = game.view(seat)
        if len(game.deals) == deals:
            cards |= view.hand | view.field
            for c in (*view.captures, *view.shown):
                cards |= c
            if view.pending_card >= 0:
                cards |= 1 << view.pending_card
        for e in game.log[ends[-1] if ends else first :]:
            if isinstance(e, Dealt) and ends:
                break  # the next deal's cards
            cards |= named(e)
        views.append(view)
        ends.append(len(game.log))
        seen.append(cards)
        charges.append(charged(game))
    return Watched(views, ends, seen, [seen_by(e, seat) for e in game.log], charges)


def redealt(deck: list[int], hidden: int, rng: random.Random) -> list[int]:
    """``deck`` with the ``hidden`` cards shuffled among their own places."""
    places = [i for i, c in enumerate(deck) if hidden >> c & 1]
    cards = [deck[i] for i in places]
    rng.shuffle(cards)
    out = deck[:]
    for i, c in zip(places, cards, strict=True):
        out[i] = c
    return out


def first_difference(a: Watched, b: Watched) -> str:
    for i, (va, vb) in enumerate(zip(a.views, b.views, strict=False)):
        since = a.ends[i - 1] if i else 0
        if va != vb or a.log[: a.ends[i]] != b.log[: b.ends[i]]:
            return (
                f"after decision {i} of the deal:\n{va}\n{vb}\n"
                f"events {a.log[since : a.ends[i]]}\n    vs {b.log[since : b.ends[i]]}"
            )
    return "no difference"


def picks(
    cls: type[Game], options: Any, games: int, rng: random.Random
) -> Iterator[tuple[Played, int, int]]:
    """(game, deal, seat) from seeded random games."""
    for seed in range(games):
        played = random_game(cls, options, seed)
        for deal, actions in enumerate(played.actions):
            if actions:
                yield played, deal, rng.randrange(cls.seated(options))


@pytest.mark.long
@pytest.mark.parametrize(
    ("ruleset", "values", "games"), CASES, ids=[f"{r}-{v}" for r, v, _ in CASES]
)
def test_no_view_and_no_event_depends_on_a_card_hidden_from_the_seat(ruleset, values, games):
    cls = ruleset_class(ruleset)
    options = make_options(cls, values)
    rng = random.Random(ruleset + str(values))
    compared = skipped = 0
    for played, deal, seat in picks(cls, options, games, rng):
        start, actions, deck = (
            dealer_of(cls, options, played, deal),
            played.actions[deal],
            played.decks[deal],
        )
        base = watch(start, actions, deck, seat, len(actions))
        assert base is not None
        for _ in range(PERMUTATIONS):
            k = rng.randrange(len(base.views))
            other = watch(start, actions, redealt(deck, ALL_CARDS & ~base.seen[k], rng), seat, k)
            if other is None or other.charged[-1] != base.charged[k]:
                skipped += 1
                continue
            upto = base.ends[k]
            assert other.views == base.views[: k + 1] and other.log == base.log[:upto], (
                first_difference(base, other)
            )
            compared += 1
    assert compared > 1000 and skipped < compared / 5
