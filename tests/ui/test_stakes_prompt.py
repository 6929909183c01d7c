"""The こいこい prompt says what the core's stakes say: the yaku's value, each ×2 by its cause in the
core's order, and the total stopping pays."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from hanafuda_tui.bots import make_bot
from hanafuda_tui.core import actions as act
from hanafuda_tui.core.game import Game, Phase
from hanafuda_tui.core.hints import stakes
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.stakes import Stakes
from hanafuda_tui.ui import i18n
from hanafuda_tui.ui.i18n import t
from hanafuda_tui.ui.rulesets import screen_of
from hanafuda_tui.ui.turn_flow import PROMPTS


@pytest.fixture(autouse=True)
def english() -> object:
    i18n.set_lang("en")
    yield
    i18n.set_lang("ja")


def asked(ruleset: str, options: dict[str, Any], wanted: Callable[[Stakes], bool]) -> Game:
    """A seeded random game where seat 0 is asked こいこい or 勝負 on stakes that are ``wanted``."""
    for seed in range(400):
        game = new_game(ruleset, random.Random(seed), options)
        bots = [make_bot("random", random.Random(f"{seed}/{i}")) for i in range(game.players)]
        while not game.is_over:
            view = game.view(game.to_act)
            if game.to_act == 0 and view.phase == Phase.KOIKOI:
                stake = stakes(view)
                assert stake is not None
                if wanted(stake):
                    return game
            game.apply(bots[game.to_act].act(view))
    raise AssertionError("no such game")


def pays_line(game: Game) -> str:
    """The prompt's line on what stopping pays, for seat 0."""
    view = game.view(0)
    make = screen_of(view.ruleset).prompts.get(view.phase) or PROMPTS[view.phase]
    body = make(view, ["A", "B", "C"][: game.players]).body
    return next(line for line in body if line.startswith("Stopping"))


@pytest.mark.parametrize(
    ("ruleset", "options", "wanted"),
    [
        ("koikoi2", {"double_seven": True}, lambda s: len(s.doublings) == 2),
        ("koikoi2", {"rules": "nintendo"}, lambda s: len(s.doublings) == 1),
        ("koikoi2", {}, lambda s: not s.doublings),
        ("koikoi3", {}, lambda s: True),
    ],
)
def test_the_koikoi_prompt_says_what_the_core_says(
    ruleset: str, options: dict[str, Any], wanted: Callable[[Stakes], bool]
) -> None:
    game = asked(ruleset, options, wanted)
    stake = stakes(game.view(0))
    assert stake is not None
    line = pays_line(game)
    times = "".join(t(f"koikoi.times.{d.cause}", ruleset) for d in stake.doublings)
    total = stake.stop[0]
    if ruleset == "koikoi2":
        assert f"yaku {stake.value}" in line and f"{times} = {total}" in line
        assert line.count("×2") == len(stake.doublings)
    else:
        assert f"pay {stake.value}" in line and f"{total} in all" in line


def asked_with_hand(ruleset: str, empty: bool) -> Game:
    """A seeded random game where seat 0 is asked こいこい or 勝負 with its hand ``empty`` or not."""
    for seed in range(400):
        game = new_game(ruleset, random.Random(seed))
        bots = [make_bot("random", random.Random(f"{seed}/{i}")) for i in range(game.players)]
        while not game.is_over:
            view = game.view(game.to_act)
            if game.to_act == 0 and view.phase == Phase.KOIKOI and (view.hand == 0) == empty:
                return game
            game.apply(bots[game.to_act].act(view))
    raise AssertionError("no such game")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_koikoi_prompt_warns_that_an_empty_hand_adds_nothing(lang: str) -> None:
    """三人こいこい: こいこい on the last hand card stays legal, but the seat plays no more turn and
    the month ends 流れ unless another player calls 勝負 (docs/rules/koikoi3.md §7)."""
    i18n.set_lang(lang)
    warning = t("koikoi.empty_hand.koikoi3")
    game = asked_with_hand("koikoi3", empty=True)
    view = game.view(0)
    assert set(view.legal) == {act.KOIKOI, act.SHOBU}  # the call stays legal
    prompt = PROMPTS[Phase.KOIKOI](view, ["A", "B", "C"])
    assert warning in prompt.body and prompt.focus_at == act.SHOBU  # Enter stops
    with_cards = asked_with_hand("koikoi3", empty=False).view(0)
    prompt = PROMPTS[Phase.KOIKOI](with_cards, ["A", "B", "C"])
    assert warning not in prompt.body and prompt.focus_at == prompt.choices[0][0]
