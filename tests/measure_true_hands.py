"""Measurement (run by hand, not a test): how far perfect beliefs could take the strong search.

    .venv/bin/python tests/measure_true_hands.py [--stock] SIM_ARGUMENTS...

Runs ``hanafuda sim`` with SIM_ARGUMENTS (``--jobs 1``), every ``strong`` seat's search handed
the others' true hands in every world it samples (the stock still shuffled, as it cannot be
known): an experiment, not a bot, as a bound on what reading the others' hands can add to this
one-decision search with its playouts after it. With ``--stock`` the stock's true order too: the
search sees every card, a bound on what any knowledge of the cards could add to it. Its ``--json``
pairs with a plain run of the same arguments (``python -m hanafuda_tui.bots.paired``).
"""

from __future__ import annotations

import random
import sys

from hanafuda_tui.bots import arena, strong
from hanafuda_tui.cli import main
from hanafuda_tui.core.cards import card_list
from hanafuda_tui.core.determinize import unseen
from hanafuda_tui.core.game import Game, PlayerView

playing: list[Game] = []
KNOWN_STOCK = False
"""Whether the worlds are dealt the stock's true order (``--stock``)."""


def new_game_kept(*args, **kwargs) -> Game:
    game = arena_new_game(*args, **kwargs)
    playing[:] = [game]
    return game


def true_deal(view: PlayerView, rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Every hand as it is, the viewer's own included; the stock the rest in a random order."""
    game = playing[0]
    hands = tuple(view.hand if s == view.seat else h for s, h in enumerate(game.hands))
    held = 0
    for s, h in enumerate(hands):
        if s != view.seat:
            held |= h
    stock = card_list(unseen(view) & ~held)
    if KNOWN_STOCK:
        known = tuple(game.stock[game.stock_pos :])
        assert sorted(known) == stock, "the view's unseen cards are the others' hands and the stock"
        return hands, known
    rng.shuffle(stock)
    return hands, tuple(stock)


def no_pool(*_: object) -> None:
    """No weighted deals: every world comes from ``true_deal``."""
    return None


if __name__ == "__main__":
    argv = sys.argv[1:]
    KNOWN_STOCK = "--stock" in argv
    argv = [a for a in argv if a != "--stock"]
    arena_new_game = arena.new_game
    arena.new_game = new_game_kept
    strong.sample_deal = true_deal
    strong.HandReading.pool = no_pool  # a reading's weighted pool would deal the hands instead
    sys.exit(main(["sim", *argv, "--jobs", "1"]))
