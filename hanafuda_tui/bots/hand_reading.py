"""Reading the others' hands from their plays: the strong bot's worlds weighted by how likely each
makes the hand plays seen this month (``docs/bots.md``, "Reading the others' hands").

A hand play is public: the card is played face up. A seat that plays a card for little while a
card that took more was in its hand is unlikely, so a sampled world that gave it such a card is
worth less. Each hand play another seat makes this month is kept with the normal policy's value
of every card the seat could have played then, read from the public table only (the field and
everyone's captures); a world's weight is the product, over those plays, of the chance a softened
normal policy plays that card from the hand the world gives the seat then: its hidden cards now
and the cards it has played since. A bot that saw none of the month's plays (made mid-month, or
never told) samples every world alike.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from typing import NamedTuple

from ..core.cards import cards_of
from ..core.determinize import sample_deal, unseen
from ..core.game import NO_FACTS, Game, Phase, PlayerView
from .evaluators import evaluator_of
from .policy import Seen, play_value

MIX = 0.1
"""The share of a play's chance spread evenly over the hand: a seat may play anything."""
POOL = 200
"""Deals sampled and weighted a decision; the search draws its worlds from them by weight."""
TINY = 1e-200
"""Odds summed over a hand below this are summed again from the hand's own best card."""


class HandPlay(NamedTuple):
    seat: int
    card: int
    values: dict[int, float]
    """The normal policy's value of playing each card the seat could have held then."""
    odds: dict[int, float]
    """Each of those cards' odds against the best of them all, by the softened policy."""


def show_play(watchers: Iterable[tuple[int, object]], game: Game, action: int) -> None:
    """Before ``action`` is applied: if it is a hand play, show it to every bot of the other
    seats that reads hands (``see_play``), with its own view of the table just before."""
    if game.phase != Phase.PLAY or not 0 <= action < 48:
        return
    player = game.to_act
    for seat, bot in watchers:
        see = getattr(bot, "see_play", None)
        if see is not None and seat != player:
            see(game.view(seat), player, action)


class HandReading:
    """One seat's reading of the others' hands this month (``temperature``: how far the softened
    normal policy strays from its best play, in its values' units)."""

    def __init__(self, temperature: float) -> None:
        self.temperature = temperature
        self.deal = -1
        self.plays: list[HandPlay] = []

    def see(self, view: PlayerView, player: int, card: int) -> None:
        """``player`` is about to play ``card`` from its hand; ``view``: this seat's, just
        before."""
        if view.deal_number != self.deal:
            self.deal, self.plays = view.deal_number, []
        ev = evaluator_of(view)
        others = 0
        for s, c in enumerate(view.captures):
            if s != player:
                others |= c
        seen = Seen(player, (), 0, view.field, view.captures, -1, NO_FACTS)
        values = {c: play_value(ev, seen, c, others) for c in cards_of(unseen(view) | 1 << card)}
        top = max(values.values())
        t = self.temperature
        odds = {c: math.exp((v - top) / t) for c, v in values.items()}
        self.plays.append(HandPlay(player, card, values, odds))

    def weight(self, hands: tuple[int, ...]) -> float:
        """How likely the month's plays are in a world that deals the others ``hands`` now."""
        weight = 1.0
        later = [0] * len(hands)
        for p in reversed(self.plays):
            later[p.seat] |= 1 << p.card
            hand = hands[p.seat] | later[p.seat]
            odds = p.odds
            cards = list(cards_of(hand))
            total = sum(odds[c] for c in cards)
            if total < TINY:  # every card far below the best of all: read from the hand's best
                values, t = p.values, self.temperature
                top = max(values[c] for c in cards)
                odds = {c: math.exp((values[c] - top) / t) for c in cards}
                total = sum(odds.values())
            weight *= (1 - MIX) * odds[p.card] / total + MIX / len(cards)
        return weight

    def pool(self, view: PlayerView, rng: random.Random) -> Pool | None:
        """``POOL`` sampled deals' hands with their weights (None: no play seen this month)."""
        if view.deal_number != self.deal or not self.plays:
            return None
        hands = [sample_deal(view, rng)[0] for _ in range(POOL)]
        return Pool(hands, [self.weight(h) for h in hands])


class Pool(NamedTuple):
    hands: list[tuple[int, ...]]
    weights: list[float]

    def deal(self, view: PlayerView, rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """One deal (every hand, the stock): hands drawn by weight, the stock the other unseen
        cards in a fresh random order."""
        hands = rng.choices(self.hands, self.weights)[0]
        held = 0
        for s, h in enumerate(hands):
            if s != view.seat:
                held |= h
        stock = list(cards_of(unseen(view) & ~held))
        rng.shuffle(stock)
        return hands, tuple(stock)
