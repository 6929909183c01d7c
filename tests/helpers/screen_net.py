"""A hosted table in the test's own event loop: a host on a free port, headless bot clients as
tasks, and the app joined to the seat left for it."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from hanafuda_tui.core.records import SeatRecord, new_game
from hanafuda_tui.net.client import play_bot
from hanafuda_tui.net.host import Host, Table
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.netplay import NetApp
from hanafuda_tui.ui.screens.modals import Decision
from hanafuda_tui.ui.screens.results import MonthResult, ScoreSheet
from hanafuda_tui.ui.screens.table import TableScreen

from .ui import press


@dataclass
class Hosted:
    host: Host
    table: Table
    port: int
    bots: list[asyncio.Task[Any]] = field(default_factory=list)
    player: asyncio.Task[None] | None = None

    @property
    def where(self) -> str:
        return f"127.0.0.1:{self.port}"

    def app(self, seat: int, tmp_path: Path, **kwargs: Any) -> NetApp:
        """The app joined to ``seat``, pace 0, its data in ``tmp_path``."""
        kwargs.setdefault("bot_pause", 0.0)
        return NetApp(self.where, self.table.codes[seat], store=Store(tmp_path), **kwargs)


@asynccontextmanager
async def hosted(
    ruleset: str = "koikoi3",
    options: dict[str, Any] | None = None,
    seed: str = "7",
    bots: tuple[int, ...] = (1, 2),
    players: int = 3,
    port: int = 0,
    predictable: bool = True,
) -> AsyncIterator[Hosted]:
    """A table of ``players`` remote seats; the seats ``bots`` are played by headless random bot
    clients (tasks of this loop), the others are left for the test to join. The deals come from
    ``seed``; ``predictable`` False: the table says they do not (as a host dealing securely)."""
    game = new_game(ruleset, random.Random(seed), options or {})
    seats = [SeatRecord(name=f"P{i + 1}", player="remote") for i in range(players)]
    host = Host()
    table = host.add(Table(game, seats, seed if predictable else None))
    hosted = Hosted(host, table, await host.start("127.0.0.1", port))
    hosted.player = asyncio.create_task(table.play())
    hosted.bots = [
        asyncio.create_task(play_bot(hosted.where, table.codes[s], "random", seed=f"{seed}/{s}"))
        for s in bots
    ]
    try:
        yield hosted
    finally:
        for task in [*hosted.bots, hosted.player]:
            task.cancel()
        await asyncio.gather(*hosted.bots, hosted.player, return_exceptions=True)
        await host.close()


async def until(pilot: Pilot[Any], ready: Any, what: str, seconds: float = 15) -> None:
    """Wait (the app running) until ``ready()``."""
    deadline = time.monotonic() + seconds
    while not ready():
        assert time.monotonic() < deadline, f"never: {what} ({describe(pilot.app)})"
        await pilot.pause(0.01)


def waits_for_key(app: Any) -> bool:
    """Whether the app waits for this player: a prompt or result, or our card to play."""
    screen = app.screen
    if isinstance(screen, Decision | MonthResult | ScoreSheet):
        return True
    return isinstance(screen, TableScreen) and screen.human_to_play() is not None


def kept_notices(app: Any) -> list[str]:
    """Every notice ``app`` shows from now on, also kept in the list returned."""
    notices: list[str] = []
    original = app.notify

    def notify(message: str, **kw: Any) -> None:
        notices.append(message)
        original(message, **kw)

    app.notify = notify
    return notices


async def play_by_keys(pilot: Pilot[Any], limit: int = 2000) -> int:
    """Answer every prompt and result with Enter and play the selected card with Enter, as a
    player would, until the app ends; the keys pressed."""
    app = pilot.app
    pressed = 0
    while app.is_running:
        await until(pilot, lambda: waits_for_key(app) or not app.is_running, "a key to press")
        if not app.is_running:
            break
        await press(pilot, "enter")
        pressed += 1
        assert pressed < limit, "the year never ended"
    return pressed


def describe(app: Any) -> str:
    """What the app shows and waits for, for a failed wait's message."""
    session = getattr(app, "session", None)
    table = app.table()
    parts = [f"screen {type(app.screen).__name__}"]
    if session is not None:
        game = session.seen
        parts += [
            f"seat {game.seat} to act {game.to_act} phase {game.phase} seq {game.seq}",
            f"inbox {[type(m).__name__ for m in session.inbox]}",
            f"sent {session.sent} lost {session.link.lost!r} closed {session.link.closed!r}",
        ]
        if session.link.connection is not None:
            parts.append(f"latest seq {session.link.connection.game.seq}")
    if table is not None:
        parts.append(
            f"moments {len(table.flow.moments)} pending {table.flow.pending} ended {table.flow.ended}"
        )
    return "; ".join(parts)


async def answer_teyaku_question(pilot: Pilot[Any]) -> None:
    """Answer the teyaku question, put to every seat at a hosted table, with 'pass' (its key is
    ignored for the prompt's first moment, so it is pressed once the prompt takes keys)."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, Decision), "the teyaku question")
    prompt = app.screen
    assert isinstance(prompt, Decision)
    await until(pilot, lambda: not prompt.guarded, "the teyaku question taking keys")
    await press(pilot, "p")
    await until(pilot, lambda: app.screen is not prompt, "the teyaku question answered")
