"""Benchmark (run by hand, not a test): start to interactive selector, and key-press latency.

    .venv/bin/python tests/bench_ui.py

Prints the time from a fresh interpreter's first import to the selector being drawn (headless),
then, at the table at 80×24, the median and worst time from a key press until the first frame
drawn after its effect, for moving the selection, playing a card (apply, save, redraw), opening
the score sheet and switching the language (a frame of the screen on top after the change). Pilot's own press() waits for the process to go idle,
which adds tens of ms of sleeping, so keys are posted directly and the frame is timed by hooking
the compositor.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
import weakref
from collections.abc import Callable
from pathlib import Path

STARTUP = """
import time
t0 = time.perf_counter()
import asyncio, tempfile
from pathlib import Path
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.screens.selector import SelectorScreen
from hanafuda_tui.tables.storage import Store

async def main():
    app = HanafudaApp(store=Store(Path(tempfile.mkdtemp())), language="ja")
    async with app.run_test(size=(80, 24)):
        while not (isinstance(app.screen, SelectorScreen) and app.screen.query("#start")):
            await asyncio.sleep(0.001)
        print(f"{time.perf_counter() - t0:.3f} {time.process_time():.3f}")

asyncio.run(main())
"""
"""Prints the wall seconds from the first import to the selector composed, and the process's CPU
seconds by then (the interpreter's own start included), which a busy machine moves far less."""


def startup(runs: int = 5) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds to the selector, of ``runs`` fresh interpreters."""
    wall, cpu = [], []
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-c", STARTUP], capture_output=True, text=True, check=True
        )
        seconds, used = done.stdout.strip().splitlines()[-1].split()
        wall.append(float(seconds))
        cpu.append(float(used))
    return wall, cpu


async def latencies() -> dict[str, list[float]]:
    """Key press → the first frame drawn after its effect (Textual's compositor, hooked)."""
    from helpers.ui import settle
    from textual import events
    from textual.screen import Screen

    from hanafuda_tui.core.records import SeatRecord
    from hanafuda_tui.tables.storage import Store
    from hanafuda_tui.ui.app import HanafudaApp
    from hanafuda_tui.ui.i18n import lang
    from hanafuda_tui.ui.screens.results import ScoreSheet
    from hanafuda_tui.ui.screens.table import TableScreen

    frames: list[tuple[weakref.ref[Screen], float]] = []
    """Weak references: holding the screens would keep every closed one alive (and make Python's
    full collections, which scan them, slower than the app's own)."""
    for name in ("_compositor_refresh", "_refresh_layout"):
        original = getattr(Screen, name)

        def hooked(
            self: Screen, *args: object, _original: Callable = original, **kw: object
        ) -> object:  # type: ignore[type-arg]
            result = _original(self, *args, **kw)
            frames.append((weakref.ref(self), time.perf_counter()))
            return result

        setattr(Screen, name, hooked)

    # When a key's effect happened: the end of the call that made it (a frame drawn before that
    # moment shows the old state). The handler and the next frame can run before the benchmark's
    # polling loop wakes up, so the polling time itself cannot be the mark.
    effects: list[float] = []
    for owner, name in ((TableScreen, "refresh_table"), (HanafudaApp, "push_screen")):
        original = getattr(owner, name)

        def marked(
            self: object, *args: object, _original: Callable = original, **kw: object
        ) -> object:  # type: ignore[type-arg]
            result = _original(self, *args, **kw)
            effects.append(time.perf_counter())
            return result

        setattr(owner, name, marked)

    seats = [SeatRecord(name="A", player="human")]
    seats += [SeatRecord(name=n, player="normal") for n in ("B", "C")]
    times: dict[str, list[float]] = {"right": [], "enter (play)": [], "s (sheet)": [], "l": []}
    app = HanafudaApp(store=Store(Path(tempfile.mkdtemp())), bot_pause=0, language="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.start_game("koikoi3", {}, seats, "12")
        await settle(pilot)

        async def timed(name: str, key: str, done: Callable[[], bool]) -> None:
            t0 = time.perf_counter()
            app.post_message(events.Key(key, None))
            while not done():
                await asyncio.sleep(0.0005)
            screen = app.screen
            changed = next(at for at in effects if at >= t0)

            def drawn() -> float | None:
                for who, at in reversed(frames):
                    if at < changed:
                        return None
                    if who() is screen:
                        return at
                return None

            while (at := drawn()) is None:
                await asyncio.sleep(0.0005)
            times[name].append(at - t0)
            await pilot.pause()

        for _ in range(300):
            table = app.table()
            if table is None or len(times["enter (play)"]) >= 30:
                break
            if not isinstance(app.screen, TableScreen):
                await pilot.press("right" if hasattr(app.screen, "keys") else "enter")
                await pilot.press("enter")
                await settle(pilot)
                continue
            game = table.session.link.table.game
            if game.phase == "play" and game.to_act == 0 and game.hands[0].bit_count() == 1:
                await pilot.press("enter")
            elif game.phase == "play" and game.to_act == 0:
                was = table.selected
                await timed("right", "right", lambda: table.selected != was)  # noqa: B023
                await timed("s (sheet)", "s", lambda: isinstance(app.screen, ScoreSheet))
                await pilot.press("escape")
                before = lang()
                await timed("l", "l", lambda: lang() != before)  # noqa: B023
                n = len(game.deals[-1].actions)
                await timed("enter (play)", "enter", lambda: len(game.deals[-1].actions) != n)  # noqa: B023
            await settle(pilot)
    return times


def main() -> None:
    wall, cpu = startup()
    print(
        f"start → selector: median {statistics.median(wall):.3f} s, max {max(wall):.3f} s"
        f" (CPU median {statistics.median(cpu):.3f} s)"
    )
    for name, values in asyncio.run(latencies()).items():
        ms = sorted(v * 1000 for v in values)
        print(
            f"key {name:<14} n={len(ms):3d}  median {statistics.median(ms):6.1f} ms"
            f"  max {ms[-1]:6.1f} ms"
        )


if __name__ == "__main__":
    main()
