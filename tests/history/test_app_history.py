"""The app keeps every year finished at the table in the history, says once when it cannot, and
shows the history in the 戦績 screen."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

from helpers.history import finished, to_year_end
from helpers.ui import app_with_notices
from rich.cells import cell_len
from textual.widgets import DataTable, Static

from hanafuda_tui.core.records import SeatRecord, replay
from hanafuda_tui.history import DB_NAME, HistoryStore, player_stats
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.screens.results import ScoreSheet
from hanafuda_tui.ui.screens.selector import SelectorScreen
from hanafuda_tui.ui.screens.statistics import StatisticsScreen, who_label
from hanafuda_tui.ui.screens.viewer import ViewerScreen
from hanafuda_tui.ui.widgets.chart import chart_lines

BOTS = [SeatRecord(name=n, player="random") for n in "AB"]


def test_a_year_finished_at_the_table_is_kept_once_with_its_totals(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.start_game("koikoi2", {"months": 3}, BOTS, "11")
            await pilot.pause()
            table = app.table()
            assert table is not None
            await to_year_end(pilot, app)
            session = table.session
            assert isinstance(app.screen, ScoreSheet)
            kept = str(app.screen.query_one(".kept", Static).render())
            assert f"game {session.link.kept}" in kept
            session.link.save()  # saved again after the year's end: still kept once
            [game] = HistoryStore(tmp_path).games()
            assert session.link.kept == game.id and game.source == "table"
            record = HistoryStore(tmp_path).record(game.id)
            assert replay(record).scores == session.link.table.game.scores
            assert [s.score for s in game.seats] == session.link.table.game.scores
            assert [s.name for s in game.seats] == ["A", "B"]

    asyncio.run(run())
    assert not (tmp_path / "save.json").exists()


def test_a_history_that_cannot_be_kept_is_said_once(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")

    async def run() -> None:
        app, notices = app_with_notices(blocker / "data", tmp_path / "config")
        app.bot_pause = 0
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.start_game("koikoi2", {"months": 3}, BOTS, "11")
            await to_year_end(pilot, app)
            said = [n for n in notices if "History cannot be kept" in n]
            assert len(said) == 1 and "data" in said[0]
            table = app.table()
            assert table is not None and table.session.link.table.history is None

    asyncio.run(run())


def test_a_damaged_history_is_set_aside_and_said_at_start(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"not sqlite" * 50)

    async def run() -> None:
        app, notices = app_with_notices(tmp_path, tmp_path / "config")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            said = [n for n in notices if "set aside" in n]
            assert len(said) == 1 and "damaged" in said[0]
            assert app.kept_history is not None

    asyncio.run(run())
    assert len(list(tmp_path.glob("history-set-aside-*.sqlite3"))) == 1


def fill(directory: Path) -> HistoryStore:
    store = HistoryStore(directory)
    for seed in range(3):
        store.add(finished("koikoi3", seed, {"months": 3}, ("human", "easy", "random"))[0])
    store.add(finished("koikoi2", 7, {"months": 3}, ("human", "easy"))[0])
    return store


def lines_of(widget: Static) -> list[str]:
    return str(widget.render()).splitlines()


def test_the_statistics_screen_shows_the_standings_and_the_latest_year(tmp_path: Path) -> None:
    store = fill(tmp_path)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, SelectorScreen)
            await pilot.click("#stats")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, StatisticsScreen)
            await app.workers.wait_for_complete()
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert screen.ruleset == "koikoi2"  # the last one played
            standings = store.standings("koikoi2")
            table = screen.query_one(DataTable)
            assert table.row_count == len(standings)
            assert [str(table.get_row_at(i)[0]) for i in range(table.row_count)] == [
                who_label(s) for s in standings
            ]
            facts = str(screen.query_one("#stats-facts", Static).render())
            stats = player_stats(store, standings[0])
            for name, n in stats.yaku.items():
                assert f"{name} {n}" in facts
            recent = str(screen.query_one("#stats-recent-title", Static).render())
            assert recent.startswith("Final score of the last game: ")  # koikoi2's one game
            chart = lines_of(screen.query_one("#stats-chart", Static))
            assert all(cell_len(line) <= 78 for line in chart)
            assert chart[-1].split()[:2] == ["0", "1"]  # steps in ASCII below the plot
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, ScoreSheet)
            await pilot.press("escape")
            await pilot.press("l")
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            title = str(app.screen.query_one("#stats-title", Static).render())
            assert title == "戦績"
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, SelectorScreen)

    asyncio.run(run())


def test_the_statistics_screen_follows_the_highlighted_row_and_game(tmp_path: Path) -> None:
    store = fill(tmp_path)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(StatisticsScreen(store, "koikoi3"))
            await settle_workers(pilot, app)
            screen: Any = app.screen
            standings = store.standings("koikoi3")
            assert screen.stats.standing == standings[0]
            assert screen.year[0] == store.games("koikoi3")[0].id  # the latest game
            await pilot.press("left")
            await settle_workers(pilot, app)
            assert screen.year[0] == store.games("koikoi3")[1].id
            await pilot.press("down")
            await settle_workers(pilot, app)
            assert screen.stats.standing == standings[1]

    asyncio.run(run())


async def settle_workers(pilot: Any, app: Any) -> None:
    """Until no worker runs and what they posted is handled (a worker may start another)."""
    for _ in range(100):
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        if all(worker.is_finished for worker in app.workers):
            return


def test_an_empty_history_says_how_it_fills(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.action_statistics()
            await settle_workers(pilot, app)
            note = str(app.screen.query_one("#stats-note", Static).render())
            assert "No games kept yet" in note

    asyncio.run(run())


def test_the_chart_is_as_wide_as_asked_with_ascii_labels() -> None:
    lines = chart_lines([[0, 5, -3, 12], [0, -5, 3, -12], [0, 0, 0, 0]], 40, 6)
    assert len(lines) == 7 and all(len(line) <= 40 for line in lines)
    assert all(line.isascii() for line in lines)
    assert lines[0].startswith("   +12|") and lines[5].startswith("   -12|")
    assert lines[-1].split() == ["0", "1", "2", "3"]
    assert "A" in lines[0] and "B" in lines[5]


def test_the_statistics_screen_counts_games_whose_facts_are_not_counted(tmp_path: Path) -> None:
    store = fill(tmp_path)
    [me] = [s for s in store.standings("koikoi3") if s.side == "you"]
    before = player_stats(store, me)
    assert before.yaku
    with sqlite3.connect(store.path) as conn:  # as a database from before the facts were kept
        conn.execute("DELETE FROM facts")
        conn.execute("DELETE FROM facts_done")
        conn.execute("DELETE FROM fact_totals")
    conn.close()
    assert player_stats(store, me).yaku == {}

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(StatisticsScreen(store, "koikoi3"))
            await settle_workers(pilot, app)
            screen: Any = app.screen
            assert screen.stats.yaku == before.yaku

    asyncio.run(run())


def test_v_opens_the_shown_year_in_the_replay_viewer(tmp_path: Path) -> None:
    store = fill(tmp_path)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(StatisticsScreen(store, "koikoi3"))
            await settle_workers(pilot, app)
            screen: Any = app.screen
            game_id, record, _ = screen.year
            await pilot.press("v")
            await pilot.pause()
            viewer: Any = app.screen
            assert isinstance(viewer, ViewerScreen)
            assert viewer.record == record == store.record(game_id)

    asyncio.run(run())
