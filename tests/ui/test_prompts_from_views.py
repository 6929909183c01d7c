"""Every decision prompt is made from the deciding seat's view and the seats' names alone: no
session, no live game."""

from __future__ import annotations

import random

import pytest

from hanafuda_tui.bots import make_bot
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.rulesets import RULESETS
from hanafuda_tui.ui.i18n import set_lang
from hanafuda_tui.ui.rulesets import screen_of
from hanafuda_tui.ui.screens.modals import generic_prompt
from hanafuda_tui.ui.turn_flow import PROMPTS

SEATED = {"koikoi3": 3, "koikoi2": 2, "hanaawase": 5, "hachihachi": 3}
"""How many sit at each ruleset's table (花合わせ with five: 出る・下る is asked)."""


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_each_prompt_is_made_from_a_view_and_the_names(ruleset: str) -> None:
    set_lang("en")
    names = tuple(f"P{s}" for s in range(SEATED[ruleset]))
    options = {"players": SEATED[ruleset]} if ruleset == "hanaawase" else {}
    asked: set[str] = set()
    for seed in range(6):
        game = new_game(ruleset, random.Random(seed), options)
        bots = [make_bot("random", random.Random(f"{seed}/{s}")) for s in range(len(names))]
        while not game.finished:
            view = game.view(game.to_act)
            if view.phase != Phase.PLAY:
                prompt = screen_of(ruleset).prompts.get(view.phase) or PROMPTS.get(view.phase)
                decision = (prompt or generic_prompt)(view, names)
                assert sorted(a for a, _, _ in decision.choices) == sorted(view.legal)
                asked.add(view.phase)
            game.apply(bots[game.to_act].act(view))
    own = set(screen_of(ruleset).prompts)
    assert own <= asked
