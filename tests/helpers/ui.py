"""Driving the app headless: start a game from the selector, let bots move, read what is shown."""

from __future__ import annotations

import asyncio
import io
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from hanafuda_tui.bots import make_bot
from hanafuda_tui.core import actions as act
from hanafuda_tui.core.game import Game, Phase
from hanafuda_tui.core.records import SeatRecord, new_game, record_of
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.screens.modals import Decision
from hanafuda_tui.ui.screens.passing import PassScreen
from hanafuda_tui.ui.screens.results import MonthResult, ScoreSheet
from hanafuda_tui.ui.screens.table import TableScreen
from hanafuda_tui.ui.widgets.choice import Choice
from hanafuda_tui.ui.widgets.table import Panel

PROMPT_PHASES = (Phase.TAKE, Phase.TEYAKU, Phase.KOIKOI)
HUMAN_AND_BOTS = [
    SeatRecord(name="A", player="human"),
    *(SeatRecord(name=n, player="random") for n in "BC"),
]


def saved_where(
    tmp_path: Path,
    ruleset: str,
    wanted: Callable[[Game], bool],
    months: int = 1,
    declare: bool = False,
    seeds: int = 3000,
) -> Game:
    """Play seeded random games (every holder declaring its teyaku if ``declare``) until seat 0
    is to act in the wanted state within ``months``; save that game as the human's at seat 0."""
    for seed in range(seeds):
        game = new_game(ruleset, random.Random(seed))
        bots = [make_bot("random", random.Random(f"{seed}/{i}")) for i in range(3)]
        while len(game.results) < months and not game.is_over:
            if game.to_act == 0 and wanted(game):
                Store(tmp_path).write(record_of(game, HUMAN_AND_BOTS).to_json())
                return game
            legal = game.legal_actions()
            if declare and act.DECLARE in legal:
                game.apply(act.DECLARE)
            else:
                game.apply(bots[game.to_act].act(game.view(game.to_act)))
    raise AssertionError(f"no such {ruleset} game in {seeds} seeds")


async def continued(pilot: Pilot[Any]) -> None:
    """Open the saved game from the selector and let the bots move."""
    await pilot.pause()
    await pilot.click("#continue")
    await settle(pilot)


async def settle(pilot: Pilot[Any]) -> None:
    """Wait until nothing moves without a key: each bot's turn has ended and its move is applied
    (the table's ``thinking`` is None), and every step of the last move has been shown."""
    app = pilot.app
    deadline = time.monotonic() + 30
    while True:
        await pilot.pause()
        table = app.table()  # type: ignore[attr-defined]
        if isinstance(app.screen, Decision) and app.screen.guarded:
            await asyncio.sleep(0.02)  # a prompt's first moment, when keys count for nothing
            continue
        if table is None or (table.flow.thinking is None and not table.flow.moments):
            return
        left = deadline - time.monotonic()
        assert left > 0, "the bots never stopped"
        if table.flow.thinking is not None:
            await asyncio.wait_for(
                table.flow.thinking.wait(), left
            )  # its move is applied as it ends
        else:
            await pilot.pause(app.bot_pause)  # the step on screen is held for the pace


async def wait_until(
    pilot: Pilot[Any], ready: Callable[[], object], what: str, seconds: float = 15
) -> None:
    """Wait, the app running, until ``ready()`` (checked between short turns of the app's loop);
    ``what`` names the condition in the failure of a wait that never ends."""
    deadline = time.monotonic() + seconds
    while not ready():
        assert time.monotonic() < deadline, f"never: {what}"
        await pilot.pause(0.01)


async def start(
    pilot: Pilot[Any], seats: list[str], seed: str, options: dict[str, Any] | None = None
) -> TableScreen:
    """Fill the selector (seat kinds set directly, the seed typed) and press Start by key (and Yes
    when asked to discard a saved game)."""
    screen = pilot.app.screen
    for i, kind in enumerate(seats):
        screen.query_one(f"#seat-{i}", Choice).value = kind
    for name, value in (options or {}).items():
        screen.query_one(f"#opt-{name}", Choice).value = value
    screen.query_one("#seed", Input).focus()
    await pilot.press(*seed)
    await pilot.press("tab")  # from the seed to Start
    assert pilot.app.focused is not None and pilot.app.focused.id == "start"
    await pilot.press("enter")
    if isinstance(pilot.app.screen, Decision):  # a saved game: discard it
        await pilot.press("y")
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
    game = table.session.link.table.game
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


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """Keys as the terminal sends them, each followed by a wait until the app is idle (the keys
    ``human_step`` presses need no more than one such wait; ``Pilot.press`` waits twice)."""
    for key in keys:
        pilot.app.post_message(events.Key(key, key if len(key) == 1 else None))
        await pilot.pause()


async def human_step(pilot: Pilot[Any]) -> str:
    """Answer whatever waits for a key, the way a person would; the kind of step taken."""
    app = pilot.app
    screen = app.screen
    if isinstance(screen, PassScreen):
        await press(pilot, "enter")
        return "pass"
    if isinstance(screen, MonthResult):
        await press(pilot, "enter")
        return "result"
    if isinstance(screen, ScoreSheet):
        await press(pilot, "enter")
        return "year"
    if isinstance(screen, Decision) and screen.guard:
        await press(pilot, "enter")  # a teyaku: the default, keep it hidden
        return "decision"
    if isinstance(screen, Decision):
        await press(pilot, "right", "enter")  # the second choice: pass / shobu / the other card
        return "decision"
    assert isinstance(screen, TableScreen)
    game = screen.session.link.table.game
    assert game.phase == Phase.PLAY and screen.session.is_human(game.to_act)
    await press(pilot, "right", "enter")
    return "play"


def seats_of(players: int) -> list[SeatRecord]:
    bots = [SeatRecord(name=f"Bot{i}", player="random") for i in range(1, players)]
    return [SeatRecord(name="あなた", player="human"), *bots]


def saved_seated(tmp_path: Path, players: int, wanted: Callable[[Game], bool]) -> Game:
    """A seeded game of random bots at ``players`` seats in the first round, some cards taken,
    a wanted state; saved as the human's at seat 0."""
    for seed in range(200):
        game = new_game("hanaawase", random.Random(seed), {"players": players})
        bots = [make_bot("random", random.Random(f"{seed}/{i}")) for i in range(players)]
        while not game.results:
            taken = sum(c.bit_count() for c in game.captures)
            if game.phase == Phase.PLAY and taken >= 4 and wanted(game):
                Store(tmp_path).write(record_of(game, seats_of(players)).to_json())
                return game
            game.apply(bots[game.to_act].act(game.view(game.to_act)))
    raise AssertionError("no such game")


def app_with_notices(store_dir: Path, config_dir: Path) -> tuple[HanafudaApp, list[str]]:
    """An English app on ``config_dir``'s settings whose notices are also kept in a list."""
    from hanafuda_tui.tables.storage import Store
    from hanafuda_tui.ui.config import Config

    app = HanafudaApp(store=Store(store_dir), config=Config(config_dir), language="en")
    notices: list[str] = []
    original = app.notify

    def notify(message: str, **kw: Any) -> None:
        notices.append(message)
        original(message, **kw)

    app.notify = notify  # type: ignore[method-assign]
    return app, notices
