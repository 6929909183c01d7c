"""A few snapshots at fixed sizes, seed and theme (pytest-textual-snapshot; bots seeded, no pause)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from helpers.ui import saved_seated, settle

from hanafuda_tui.core.records import SeatRecord
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp

SEATS = [
    SeatRecord(name="あなた", player="human"),
    SeatRecord(name="Bot・梅", player="random"),
    SeatRecord(name="Bot・竹", player="random"),
]


def app_in(tmp_path: Path, beginner: bool = False) -> HanafudaApp:
    """The app as a player who has turned beginner mode off sees it (or on, as a new one)."""
    app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
    app.config.settings = replace(app.config.settings, beginner=beginner)
    return app


async def open_table(pilot: Any) -> None:
    """Seed 4: the human is the first 胴, no teyaku, no シマ: the table waits for the first play."""
    await pilot.pause()
    pilot.app.start_game("koikoi3", {}, SEATS, "4")
    await settle(pilot)


def test_selector_80x24(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(app_in(tmp_path), terminal_size=(80, 24))


def test_table_80x24(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(app_in(tmp_path), terminal_size=(80, 24), run_before=open_table)


def test_table_big_cards_120x36(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(app_in(tmp_path), terminal_size=(120, 36), run_before=open_table)


def test_table_for_a_beginner_80x24(snap_compare: Any, tmp_path: Path) -> None:
    """Beginner mode: the hand cards that would take are marked."""
    app = app_in(tmp_path, beginner=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=open_table)


def test_staged_bot_move_for_a_beginner_120x36(snap_compare: Any, tmp_path: Path) -> None:
    """Beginner mode: the last bot move's reason under the turns."""
    app = app_in(tmp_path, beginner=True)
    assert snap_compare(app, terminal_size=(120, 36), run_before=bot_move_staged)


async def bot_move_staged(pilot: Any) -> None:
    """The human's first play, then the next bot's play held on screen (a long pace, so the
    snapshot is taken while its first step shows)."""
    await open_table(pilot)
    app = pilot.app
    table = app.table()
    table.flow.apply(table.session.link.table.game.legal_actions()[0])
    app.bot_pause = 60
    table.flow.play_out(table.session.link.table.game.legal_actions()[0])
    await pilot.pause()


def test_staged_bot_move_80x24(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(app_in(tmp_path), terminal_size=(80, 24), run_before=bot_move_staged)


def test_staged_bot_move_120x36(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(app_in(tmp_path), terminal_size=(120, 36), run_before=bot_move_staged)


def five_seated(tmp_path: Path) -> Any:
    """A saved 5-seat 花合わせ, the human to play with two seats out (seeded random bots)."""

    def wanted(game: Any) -> bool:
        return game.to_act == 0 and game.players - len(game.view(0).facts.participants) == 2

    saved_seated(tmp_path, 5, wanted)

    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        await pilot.click("#continue")
        await settle(pilot)

    return run_before


def test_five_seated_80x24(snap_compare: Any, tmp_path: Path) -> None:
    run_before = five_seated(tmp_path)
    assert snap_compare(app_in(tmp_path), terminal_size=(80, 24), run_before=run_before)


def test_five_seated_120x36(snap_compare: Any, tmp_path: Path) -> None:
    run_before = five_seated(tmp_path)
    assert snap_compare(app_in(tmp_path), terminal_size=(120, 36), run_before=run_before)
