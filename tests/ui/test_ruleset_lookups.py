"""The replay viewer draws each position from what the view carries of its ruleset: stepping
through a year looks a ruleset up by its name only where the record is replayed (from a
checkpoint, now and then), never for a draw."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers.records import example

import hanafuda_tui.core.rulesets as rulesets
from hanafuda_tui.review.positions import Positions
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp, ReplayRequest
from hanafuda_tui.ui.config import Config
from hanafuda_tui.ui.screens.viewer import ViewerScreen

STEPS = 60


@pytest.mark.parametrize("ruleset", ["koikoi3", "hachihachi"])
def test_stepping_through_a_replay_looks_its_ruleset_up_only_to_replay_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ruleset: str
) -> None:
    record = example(ruleset)
    looked_up: list[str] = []
    original = rulesets.ruleset_class

    def counted(name: str) -> Any:
        looked_up.append(name)
        return original(name)

    async def run() -> None:
        app = HanafudaApp(
            store=Store(tmp_path / "data"),
            config=Config(tmp_path / "config"),
            language="en",
            bot_pause=0,
            replay=ReplayRequest(record, "test"),
        )
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ViewerScreen)
            for module in list(sys.modules.values()):
                named = getattr(module, "__name__", "")
                if (
                    named.startswith("hanafuda_tui")
                    and vars(module).get("ruleset_class") is original
                ):
                    monkeypatch.setattr(module, "ruleset_class", counted)
            for at in range(1, min(STEPS, len(Positions(record)))):
                screen.go(at)
                await pilot.pause()
            assert screen.at == min(STEPS, len(Positions(record))) - 1

    asyncio.run(run())
    assert len(looked_up) < STEPS // 10  # each draw looked it up several times
