"""Driving the app headless: start a game from the selector, let bots move, read what is shown."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input, Select

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.game import PLAY
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.screens.modals import Decision
from hanafuda_tui.ui.screens.passing import PassScreen
from hanafuda_tui.ui.screens.results import MonthResult, ScoreSheet
from hanafuda_tui.ui.screens.table import TableScreen
from hanafuda_tui.ui.widgets.table import Panel

PROMPT_PHASES = ("take", "teyaku", "koikoi")


async def settle(pilot: Pilot[Any]) -> None:
    """Wait until nothing moves without a key: bots have acted and their moves are applied."""
    app = pilot.app
    for _ in range(500):
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = app.table()  # type: ignore[attr-defined]
        if table is None or table.waiting_for_human:
            return
    raise AssertionError("the bots never stopped")


async def start(
    pilot: Pilot[Any], seats: list[str], seed: str, options: dict[str, Any] | None = None
) -> TableScreen:
    """Fill the selector (seat kinds set directly, the seed typed) and press Start by key."""
    screen = pilot.app.screen
    for i, kind in enumerate(seats):
        screen.query_one(f"#seat-{i}", Select).value = kind
    for name, value in (options or {}).items():
        screen.query_one(f"#opt-{name}", Select).value = value
    screen.query_one("#seed", Input).focus()
    await pilot.press(*seed)
    await pilot.press("tab")  # from the seed to Start
    assert pilot.app.focused is not None and pilot.app.focused.id == "start"
    await pilot.press("enter")
    await settle(pilot)
    table = pilot.app.table()  # type: ignore[attr-defined]
    assert table is not None
    return table


def screen_text(app: Any) -> str:
    """The terminal's text as drawn now (every screen layer composed, no styles)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True)
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text()


def visible_cards(app: HanafudaApp) -> int:
    """Every card a visible panel of the table shows (nothing when a full screen covers it)."""
    table = app.table()
    if table is None:
        return 0
    above = app.screen_stack[app.screen_stack.index(table) + 1 :]
    if any(not s.is_modal for s in above):
        return 0
    shown = 0
    for panel in table.query(Panel):
        shown |= panel.shown_cards
    return shown


def check_prompt_matches_rules(app: HanafudaApp) -> None:
    """A decision prompt is up exactly when the rules ask a human for a decision."""
    table = app.table()
    assert table is not None
    game = table.session.game
    legal = game.legal_actions()
    # one human with a single named action (a 'pass' without teyaku) is answered without a prompt
    automatic = len(table.session.humans) == 1 and len(legal) == 1 and legal[0] >= act.DECLARE
    human_decides = (
        table.session.is_human(game.to_act) and game.phase in PROMPT_PHASES and not automatic
    )
    if isinstance(app.screen, Decision):
        assert human_decides
        assert set(app.screen.keys.values()) <= set(game.legal_actions())
    elif app.screen is table and human_decides:
        raise AssertionError(f"no prompt for phase {game.phase}")


async def human_step(pilot: Pilot[Any]) -> str:
    """Answer whatever waits for a key, the way a person would; the kind of step taken."""
    app = pilot.app
    screen = app.screen
    if isinstance(screen, PassScreen):
        await pilot.press("enter")
        return "pass"
    if isinstance(screen, MonthResult):
        await pilot.press("enter")
        return "result"
    if isinstance(screen, ScoreSheet):
        await pilot.press("enter")
        return "year"
    if isinstance(screen, Decision):
        await pilot.press("right", "enter")  # the second choice: pass / shobu / the other card
        return "decision"
    assert isinstance(screen, TableScreen)
    game = screen.session.game
    assert game.phase == PLAY and screen.session.is_human(game.to_act)
    await pilot.press("right", "enter")
    return "play"
