"""Decisions met in a game the normal bot plays, for tests of the search and of advice."""

from __future__ import annotations

import random

from hanafuda_tui.bots import make_bot
from hanafuda_tui.core.game import PlayerView
from hanafuda_tui.core.records import new_game


def decisions(ruleset: str, seed: int, wanted: int) -> list[PlayerView]:
    """The first ``wanted`` views with a choice to make, from a game of normal bots."""
    game = new_game(ruleset, random.Random(seed))
    game.logging = False
    bot = make_bot("normal", random.Random(seed))
    out: list[PlayerView] = []
    while len(out) < wanted and not game.finished:
        view = game.view(game.to_act)
        if len(view.legal) > 1:
            out.append(view)
        game.apply(bot.act(view))
    return out
