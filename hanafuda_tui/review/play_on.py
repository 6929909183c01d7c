"""Play on from a recorded position: a new game in the same state as one seat sees it, the cards
that seat cannot see dealt afresh.

A record starts every game from its first deal, so the new game's record is the old one up to the
position, with the current deal's deck rearranged: the cards the seat cannot see (the others'
hidden hand cards and the stock still to draw, ``core.determinize.unseen``) trade places at
random, so each hand keeps its size and every card already seen stays where it lay. Replaying the
deal's actions so far on the new deck must lead to the same view for the seat; a deal where it
does not (a hidden hand that now holds a teyaku its holder would have had to show, a declared
teyaku the new hand no longer holds) is drawn again. Later deals are shuffled from the new game's
own random source.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple

from ..core.cards import deck_string, parse_deck
from ..core.determinize import unseen
from ..core.game import Game, IllegalAction
from ..core.records import DealRecord, GameRecord, RecordError, SeatRecord, digest, replay
from .positions import Positions

TRIES = 500
"""Fresh deals tried before fewer cards are shuffled."""


class Dealt(StrEnum):
    """Which unseen cards the new deal shuffles."""

    UNSEEN = "unseen"
    """Every card the seat cannot see: the others' hidden hands and the stock."""
    STOCK = "stock"
    """The stock only (no fresh deal of the hidden hands fitted what happened)."""
    NONE = "none"
    """None (no shuffle of the stock fitted either: the recorded deck)."""


class PlayOn(NamedTuple):
    record: GameRecord
    """The new game's record: it replays to the position as the seat saw it."""
    seat: int
    dealt: Dealt


class PlayOnError(ValueError):
    """No game can be played on from this position (the game is over there)."""


def play_on(
    positions: Positions,
    index: int,
    seat: int,
    rng: random.Random,
    seats: Sequence[SeatRecord] | None = None,
) -> PlayOn:
    """The record of a new game at position ``index`` as ``seat`` sees it there, the cards it
    cannot see dealt afresh from ``rng``; ``seats``: the new game's seats (the old ones if
    None)."""
    game = positions.game_at(index)
    if game.is_over:
        raise PlayOnError("the game is over at this position")
    view = game.view(seat)
    deal = len(game.deals) - 1
    done = len(game.actions)
    old = positions.record
    deck = parse_deck(old.deals[deal].deck)
    hidden = unseen(view)
    places = [i for i, c in enumerate(deck) if hidden >> c & 1]
    held = 0
    for other, hand in enumerate(game.hands):
        if other != seat:
            held |= hand
    in_stock = [i for i in places if not held >> deck[i] & 1]
    origin = digest(old)

    def record_of(new_deck: Sequence[int]) -> GameRecord:
        deals = [
            *old.deals[:deal],
            DealRecord(deck=deck_string(new_deck), actions=old.deals[deal].actions[:done]),
        ]
        return old.model_copy(
            update={"deals": deals, "seats": list(seats or old.seats), "played_on_from": origin}
        )

    def fits(record: GameRecord) -> bool:
        try:
            again = replay(record)
        except (RecordError, IllegalAction):
            return False
        return not again.is_over and len(again.deals) == deal + 1 and again.view(seat) == view

    for dealt, shuffled, tries in (
        (Dealt.UNSEEN, places, TRIES),
        (Dealt.STOCK, in_stock, TRIES),
    ):
        for _ in range(tries if len(shuffled) > 1 else 0):
            cards = [deck[i] for i in shuffled]
            rng.shuffle(cards)
            new_deck = deck[:]
            for i, c in zip(shuffled, cards, strict=True):
                new_deck[i] = c
            record = record_of(new_deck)
            if fits(record):
                return PlayOn(record, seat, dealt)
    return PlayOn(record_of(deck), seat, Dealt.NONE)


def start(record: GameRecord, rng: random.Random) -> Game:
    """The new game of a play-on record, later deals shuffled from ``rng``."""
    return replay(record, rng=rng)
