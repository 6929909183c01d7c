"""Benchmark (run by hand, not a test): the history with many games.

    .venv/bin/python tests/bench_history.py DATA_DIR

over a data directory filled by ``hanafuda sim --history`` (``HANAFUDA_DATA_DIR=DATA_DIR``).
Prints the games kept, the time to list them all, and for the 戦績 screen at 80×24 (headless) the
time from opening it to its first frame, to the standings shown, and to the first row's details
(statistics and the latest year's chart) shown.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path
from typing import Any


async def screen(directory: Path) -> dict[str, float]:
    """Opening 戦績 → its first frame, the standings shown and the first row's details shown
    (frames timed by hooking Textual's compositor, as tests/bench_ui.py does)."""
    from textual.screen import Screen

    from hanafuda_tui.history import HistoryStore
    from hanafuda_tui.tables.storage import Store
    from hanafuda_tui.ui.app import HanafudaApp
    from hanafuda_tui.ui.screens.statistics import StatisticsScreen

    marks: dict[str, float] = {}
    for name in ("_compositor_refresh", "_refresh_layout"):
        original = getattr(Screen, name)

        def hooked(self: Screen, *args: Any, _original: Any = original, **kw: Any) -> Any:
            result = _original(self, *args, **kw)
            if isinstance(self, StatisticsScreen):
                marks.setdefault("first frame", time.perf_counter())
            return result

        setattr(Screen, name, hooked)
    for name, label in (("show_standings", "standings"), ("show_detail", "details and chart")):
        original = getattr(StatisticsScreen, name)

        def marked(self: Any, *args: Any, _original: Any = original, _label: str = label) -> Any:
            result = _original(self, *args)
            marks.setdefault(_label, time.perf_counter())
            return result

        setattr(StatisticsScreen, name, marked)

    app = HanafudaApp(store=Store(directory), bot_pause=0, language="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = time.perf_counter()
        stats = StatisticsScreen(HistoryStore(directory))
        app.push_screen(stats)
        while "details and chart" not in marks:
            await asyncio.sleep(0.001)
        await pilot.pause()
    return {k: v - start for k, v in sorted(marks.items(), key=lambda kv: kv[1])}


def main() -> None:
    from hanafuda_tui.history import HistoryStore

    directory = Path(sys.argv[1])
    store = HistoryStore(directory)
    start = time.perf_counter()
    games = store.games()
    print(f"{len(games)} games listed in {time.perf_counter() - start:.3f} s")
    for name, seconds in asyncio.run(screen(directory)).items():
        print(f"戦績 {name}: {seconds:.3f} s")


if __name__ == "__main__":
    main()
