"""Stack a deck for a lesson: the 48-code deck string that deals the hands, field and stock you
name (docs/rules/README.md §4), the rest in card order. From the repository root:

    .venv/bin/python tools/stack_deck.py koikoi2 DEALER FIELD STOCK HAND0 HAND1 [HAND2 ...]

``DEALER`` is the dealer's seat; ``FIELD``, ``STOCK`` (its top cards, first drawn first) and each
seat's hand are card codes, ``-`` for none. A hand or field named in part is filled up from the
cards nobody named.
"""

from __future__ import annotations

import sys

from hanafuda_tui.core.cards import CODES
from hanafuda_tui.core.rulesets import ruleset_class
from hanafuda_tui.core.table import FIELD, positions


def stack(ruleset: str, dealer: int, field: str, stock: str, hands: list[str]) -> str:
    cls = ruleset_class(ruleset)
    players = len(hands)
    pattern = cls.pattern_for(players)
    named = field + stock + "".join(hands)
    if len(set(named)) != len(named):
        raise SystemExit("a card is named twice")
    rest = [c for c in CODES if c not in named]
    deck: list[str] = [""] * 48
    places = [(positions(pattern, FIELD), field)] + [
        (positions(pattern, (seat - dealer) % players), hand) for seat, hand in enumerate(hands)
    ]
    for spots, cards in places:
        if len(cards) > len(spots):
            raise SystemExit(f"{cards}: more than {len(spots)} cards")
        for spot, card in zip(
            spots, cards + "".join(rest.pop(0) for _ in spots[len(cards) :]), strict=True
        ):
            deck[spot] = card
    start = sum(count for _, count in pattern)
    for k, card in enumerate(stock + "".join(rest)):
        deck[start + k] = card
    return "".join(deck)


if __name__ == "__main__":
    name, dealer_arg, field_arg, stock_arg, *hand_args = sys.argv[1:]
    clean = [h if h != "-" else "" for h in hand_args]
    print(
        stack(
            name,
            int(dealer_arg),
            "" if field_arg == "-" else field_arg,
            "" if stock_arg == "-" else stock_arg,
            clean,
        )
    )
