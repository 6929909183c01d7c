"""Stacked decks and settled 花合わせ rounds (docs/rules/hanaawase.md)."""

from __future__ import annotations

import random

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import CODES, mask
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.rulesets.hanaawase.game import Hanaawase, HanaawaseOptions


def game_of(decks, months: int = 12) -> Hanaawase:
    rng = random.Random(0)
    queue = list(decks)

    def source():
        return queue.pop(0) if queue else rng.sample(range(48), 48)

    game = Hanaawase(HanaawaseOptions(months=months), 0, source)
    game.start()
    pass_blanks(game)
    return game


def pass_blanks(game: Hanaawase) -> None:
    """Seats asked about teyaku that hold none answer 'pass', their only legal action."""
    while game.phase == Phase.TEYAKU and game.legal_actions() == [act.PASS]:
        game.apply(act.PASS)


def settled(captures: list[str], dealer: int = 0, declared=(None, None, None)):
    """Settle a round whose captures are given (they must hold all 48 cards)."""
    game = game_of([], months=12)
    game.dealer = dealer
    game.participants = tuple((dealer + r) % 3 for r in range(3))
    game.captures = [mask(c) for c in captures]
    assert sum(c.bit_count() for c in game.captures) == 48
    game.declared = list(declared)
    game.hands_out()
    return game.results[-1], game


def with_rest(first: str) -> list[str]:
    """``first`` for seat 0, the other cards dealt alternately to seats 1 and 2."""
    rest = "".join(c for c in CODES if c not in first)
    return [first, rest[::2], rest[1::2]]
