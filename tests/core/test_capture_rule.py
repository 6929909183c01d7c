"""The capture rule, once (docs/rules/README.md §5): a card meets the field cards of its month, and
every reader asks ``table.matches`` (the turn cycle, the hints, the bots)."""

from __future__ import annotations

import random

from hanafuda_tui.core.cards import ALL_CARDS, card_list, mask
from hanafuda_tui.core.hints import available
from hanafuda_tui.core.table import matches


def months_cards(field: int, card: int) -> int:
    """The field cards whose month is the card's, counted out one by one."""
    return sum(1 << f for f in card_list(field) if f // 4 == card // 4)


def test_a_card_meets_the_field_cards_of_its_month_only():
    """Every card against every subset of its own month's cards, over random other cards."""
    rng = random.Random(0)
    for card in range(48):
        month = card // 4 * 4
        for own in range(16):
            for _ in range(8):
                field = rng.getrandbits(48) & ~(0b1111 << month) | own << month
                assert matches(field, card) == months_cards(field, card) == own << month


def test_available_is_every_card_but_the_others_captures():
    captures = (mask("ABC"), mask("DEF"), mask("GHI"))
    assert available(captures, 0) == ALL_CARDS & ~mask("DEFGHI")
    assert available(captures, 2) == ALL_CARDS & ~mask("ABCDEF")
