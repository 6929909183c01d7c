"""Dealing a stacked deck and capturing: what every ruleset shares (docs/rules/README.md §4, §5).

Roles are numbered in turn order: 0 = 胴 (dealer, plays first), 1 = 胴二, 2 = ビキ; in a two-player
game 0 = dealer, 1 = non-dealer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import repeat, starmap
from operator import itemgetter
from random import Random
from typing import NamedTuple

from .cards import BIT, MONTH_MASK

FIELD = -1

# 手七場六 (docs/rules/README.md §4): 胴二, ビキ, 胴 four each, three to the field, then
# three each and three to the field.
DEAL_THREE = ((1, 4), (2, 4), (0, 4), (FIELD, 3), (1, 3), (2, 3), (0, 3), (FIELD, 3))
# Two players (docs/rules/README.md §4): non-dealer, dealer, field four each, twice.
DEAL_TWO = ((1, 4), (0, 4), (FIELD, 4), (1, 4), (0, 4), (FIELD, 4))


class Deal(NamedTuple):
    hands: tuple[int, ...]
    """Bit set of each role's hand, by role."""
    field: int
    stock: tuple[int, ...]
    """The cards left, top (next drawn) first."""


class Layout(NamedTuple):
    """A deal pattern made ready: a getter of each role's deck positions, then the field's, and
    where the stock starts."""

    getters: tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]
    stock_start: int


@cache
def layout(pattern: tuple[tuple[int, int], ...], players: int) -> Layout:
    """The layout of ``pattern``, steps of (role or FIELD, count) from the top of the deck."""
    places: list[list[int]] = [[] for _ in range(players + 1)]
    pos = 0
    for who, count in pattern:
        places[who].extend(range(pos, pos + count))
        pos += count
    getters = tuple(itemgetter(*p) if len(p) > 1 else lambda d, i=p[0]: (d[i],) for p in places)
    return Layout(getters, pos)


def positions(pattern: tuple[tuple[int, int], ...], who: int) -> tuple[int, ...]:
    """The deck positions ``pattern`` deals to ``who`` (a role or FIELD), in deal order."""
    out: list[int] = []
    pos = 0
    for step, count in pattern:
        if step == who:
            out.extend(range(pos, pos + count))
        pos += count
    return tuple(out)


def deal(deck: Sequence[int], pattern: tuple[tuple[int, int], ...], players: int) -> Deal:
    """Deal ``deck`` (top card first) by ``pattern`` of (role or FIELD, count) steps."""
    return deal_by(layout(pattern, players), deck)


def deal_by(lay: Layout, deck: Sequence[int]) -> Deal:
    """``deal`` with the pattern's layout at hand (each game keeps its ruleset's)."""
    bits = itemgetter(*deck)(BIT)
    *hands, field = [sum(get(bits)) for get in lay.getters]
    return Deal(tuple(hands), field, tuple(deck[lay.stock_start :]))


def matches(field: int, card: int) -> int:
    """The field cards of the card's month: one is taken, two give a choice, three are all taken."""
    return field & MONTH_MASK[card >> 2]


_MONTH_FIRSTS = sum(1 << (4 * m) for m in range(12))


def has_shima(cards: int) -> bool:
    """True if the set holds all four cards of some month (a シマ): some month's first bit and the
    three above it are all set."""
    return bool(cards & cards >> 1 & cards >> 2 & cards >> 3 & _MONTH_FIRSTS)


def draw_first_dealer(
    rng: Random, players: int, key: Callable[[int], tuple[int, ...]] | None = None
) -> tuple[int, list[tuple[int, int]]]:
    """Each player draws a card; the lowest month is 胴 (docs/rules/README.md §5 item 4). Tied
    players draw again, drawn cards not returned. ``key`` ranks a card (lower first); 花合わせ adds
    higher points. Returns the first 胴's seat and every draw as (seat, card)."""
    deck = list(range(48))
    rng.shuffle(deck)
    rank = key or (lambda c: (c >> 2,))
    draws: list[tuple[int, int]] = []

    def order(group: list[int]) -> list[int]:
        drawn = {}
        for seat in group:
            drawn[seat] = deck.pop()
            draws.append((seat, drawn[seat]))
        result: list[int] = []
        for value in sorted({rank(c) for c in drawn.values()}):
            tied = [s for s in group if rank(drawn[s]) == value]
            result.extend(order(tied) if len(tied) > 1 else tied)
        return result

    return order(list(range(players)))[0], draws


def shuffled_deck(rng: Random) -> list[int]:
    """A uniformly shuffled deck from ``rng``: the cards sorted by 48 random keys (drawn in one
    C-level loop; faster than ``shuffle``)."""
    keys = list(starmap(rng.random, repeat((), 48)))
    return sorted(range(48), key=keys.__getitem__)
