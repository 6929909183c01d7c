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

How far a seat strays from the normal policy's best play is its own: a normal bot hardly ever, a
search or a person more. With several temperatures (``read=auto``) each seat's plays are read at
every one, each weighed by how well it explained that seat's plays in the months before (the
chance of those plays at it, averaged over the sampled deals): a seat that plays as the normal
policy does is soon read sharply, one that does not, loosely.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from typing import NamedTuple

from ..core.cards import cards_of, parse_deck
from ..core.determinize import sample_deal, unseen
from ..core.game import NO_FACTS, Game, Phase, PlayerView
from ..core.hints import meeting_field
from .evaluators import evaluator_of
from .policy import Seen, play_value

SeenPlay = tuple[PlayerView, int, int]
"""Another seat's hand play as a seat saw it: the seat's view just before it, the player, the
card."""

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
    odds: tuple[dict[int, float], ...]
    """At each temperature read with, each of those cards' odds against the best of them all, by
    the softened policy."""


def show_play(watchers: Iterable[tuple[int, object]], game: Game, action: int) -> None:
    """Before ``action`` is applied: if it is a hand play, show it to every bot of the other
    seats that reads hands (``see_play``), with its own view of the table just before."""
    if game.phase != Phase.PLAY or not 0 <= action < 48:
        return
    player = game.to_act
    for seat, bot in watchers:
        if seat != player and hasattr(bot, "see_play"):
            bot.see_play(game.view(seat), player, action)


def catch_up(watchers: Iterable[tuple[int, object]], game: Game) -> None:
    """Show bots made mid-year (a resumed table's, a stand-in) every hand play ``game`` has had,
    each with its seat's view just before, as if they had sat from the start: the game played
    again from its own decks."""
    watchers = [(seat, bot) for seat, bot in watchers if hasattr(bot, "see_play")]
    if not watchers or not any(deal.actions for deal in game.deals):
        return
    decks = iter([parse_deck(deal.deck) for deal in game.deals])
    again = type(game)(game.options, game.first_dealer, lambda: next(decks))
    again.logging = False
    again.start()
    for deal in list(game.deals):
        for action in list(deal.actions):
            show_play(watchers, again, action)
            again.apply(action)


class KeptPlays:
    """A watcher that keeps every hand play it is shown (``show_play``, ``catch_up``)."""

    def __init__(self) -> None:
        self.plays: list[SeenPlay] = []

    def see_play(self, view: PlayerView, player: int, card: int) -> None:
        self.plays.append((view, player, card))

    def of_deal(self, deal_number: int) -> list[SeenPlay]:
        """The plays kept of that deal (month)."""
        return [play for play in self.plays if play[0].deal_number == deal_number]


def month_plays(game: Game, seat: int) -> list[SeenPlay]:
    """The other seats' hand plays of ``game``'s month so far, each with ``seat``'s view just
    before it, the player and the card (what a seat told every action would have kept)."""
    kept = KeptPlays()
    catch_up([(seat, kept)], game)
    return kept.of_deal(game.view(seat).deal_number)


def see_play(bot: object, play: SeenPlay) -> None:
    """Show ``bot`` another seat's hand play (its view just before, the player, the card) if the
    bot reads hands: for a bot that follows a table by its updates (``SeatGame.told_plays``)."""
    if hasattr(bot, "see_play"):
        bot.see_play(*play)


class HandReading:
    """One seat's reading of the others' hands (``temperatures``: how far the softened normal
    policy may stray from its best play, in its values' units; each seat is read at them all,
    weighed by how well each explained its plays in the months before)."""

    def __init__(self, temperatures: tuple[float, ...]) -> None:
        self.temperatures = temperatures
        self.deal = -1
        self.plays: list[HandPlay] = []
        self.past: dict[int, list[float]] = {}
        """Each seat's log chance of its plays in the months before, at each temperature."""
        self.month: dict[int, list[float]] = {}
        """The same for this month's plays, as last weighed."""

    def see(self, view: PlayerView, player: int, card: int) -> None:
        """``player`` is about to play ``card`` from its hand; ``view``: this seat's, just
        before. A play shown again (a client that came back is sent the month's) is read once."""
        self._month_of(view)
        if any(p.card == card for p in self.plays):
            return
        ev = evaluator_of(view)
        others = 0
        for s, c in enumerate(view.captures):
            if s != player:
                others |= c
        field = meeting_field(view, player)  # in 花合わせ the others' shown cards too
        seen = Seen(player, (), 0, field, view.captures, -1, NO_FACTS)
        held = unseen(view) | view.shown[player] | 1 << card  # its shown cards are in its hand
        values = {c: play_value(ev, seen, c, others) for c in cards_of(held)}
        top = max(values.values())
        odds = tuple(
            {c: math.exp((v - top) / t) for c, v in values.items()} for t in self.temperatures
        )
        self.plays.append(HandPlay(player, card, values, odds))

    def _month_of(self, view: PlayerView) -> None:
        """At a new month: this month's plays forgotten, their chances kept with the months'."""
        if view.deal_number == self.deal:
            return
        for seat, logs in self.month.items():
            past = self.past.setdefault(seat, [0.0] * len(logs))
            for i, x in enumerate(logs):
                past[i] += x
        self.deal, self.plays, self.month = view.deal_number, [], {}

    def belief(self, seat: int) -> list[float]:
        """How much each temperature is trusted for ``seat``: by the chance it gave the seat's
        plays in the months before (alike before any)."""
        past = self.past.get(seat)
        if past is None:
            return [1 / len(self.temperatures)] * len(self.temperatures)
        top = max(past)
        odds = [math.exp(x - top) for x in past]
        total = sum(odds)
        return [x / total for x in odds]

    def chances(self, hands: tuple[int, ...]) -> dict[int, list[float]]:
        """Each seat's chance of its plays this month, at each temperature, in a world that
        deals the others ``hands`` now."""
        chances: dict[int, list[float]] = {}
        later = [0] * len(hands)
        for p in reversed(self.plays):
            later[p.seat] |= 1 << p.card
            cards = list(cards_of(hands[p.seat] | later[p.seat]))
            share = MIX / len(cards)
            chance = chances.setdefault(p.seat, [1.0] * len(p.odds))
            for i, odds in enumerate(p.odds):
                total = sum([odds[c] for c in cards])
                if total < TINY:  # every card far below the best of all: read from the hand's best
                    values, t = p.values, self.temperatures[i]
                    top = max(values[c] for c in cards)
                    odds = {c: math.exp((values[c] - top) / t) for c in cards}
                    total = sum(odds.values())
                chance[i] *= (1 - MIX) * odds[p.card] / total + share
        return chances

    def weight(self, hands: tuple[int, ...]) -> float:
        """How likely the month's plays are in a world that deals the others ``hands`` now."""
        chances = self.chances(hands)
        return _weight(chances, {seat: self.belief(seat) for seat in chances})

    def pool(self, view: PlayerView, rng: random.Random) -> Pool | None:
        """``POOL`` sampled deals' hands with their weights (None: no play seen this month).
        Their chances at each temperature are kept as this month's."""
        self._month_of(view)
        if not self.plays:
            return None
        hands = [sample_deal(view, rng)[0] for _ in range(POOL)]
        chances = [self.chances(h) for h in hands]
        beliefs = {seat: self.belief(seat) for seat in chances[0]}
        self.month = {
            seat: [
                math.log(sum(c[seat][i] for c in chances) / POOL)
                for i in range(len(self.temperatures))
            ]
            for seat in beliefs
        }
        return Pool(hands, [_weight(c, beliefs) for c in chances])


def _weight(chances: dict[int, list[float]], beliefs: dict[int, list[float]]) -> float:
    """A world's weight: seat by seat, the chance of its plays at each temperature, each by how
    much that temperature is trusted."""
    weight = 1.0
    for seat, chance in chances.items():
        weight *= sum([b * c for b, c in zip(beliefs[seat], chance, strict=True)])
    return weight


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
