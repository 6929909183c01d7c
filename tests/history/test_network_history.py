"""A year hosted over the network is kept in the host's history, once, with its record."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from hanafuda_tui.core.records import SeatRecord, new_game, replay
from hanafuda_tui.history import HistoryStore
from hanafuda_tui.net.host import Table


def test_a_hosted_year_is_kept_in_the_host_s_history(tmp_path: Path) -> None:
    game = new_game("koikoi2", random.Random(3), {"months": 3})
    seats = [SeatRecord(name="A", player="random"), SeatRecord(name="B", player="easy")]
    table = Table(game, seats, "3", tmp_path / "table.json", report=lambda line: None)
    table.history = HistoryStore(tmp_path)
    asyncio.run(table.play())
    assert game.is_over
    table.keep()  # asked again: still kept once
    [kept] = table.history.games()
    assert kept.source == "network" and [s.name for s in kept.seats] == ["A", "B"]
    assert replay(table.history.record(kept.id)).scores == game.scores


def test_a_hosted_year_without_a_history_is_only_saved(tmp_path: Path) -> None:
    game = new_game("koikoi2", random.Random(4), {"months": 3})
    seats = [SeatRecord(name="A", player="random"), SeatRecord(name="B", player="random")]
    table = Table(game, seats, "4", tmp_path / "table.json", report=lambda line: None)
    asyncio.run(table.play())
    assert game.is_over and (tmp_path / "table.json").exists()
    assert not (tmp_path / "history.sqlite3").exists()


def test_a_remote_player_is_a_player_by_name_not_a_bot_level(tmp_path: Path) -> None:
    game = new_game("koikoi2", random.Random(5), {"months": 3})
    seats = [SeatRecord(name="A", player="random"), SeatRecord(name="B", player="random")]
    table = Table(game, seats, "5", None, report=lambda line: None)
    asyncio.run(table.play())
    people = [SeatRecord(name="花子", player="remote"), SeatRecord(name="太郎", player="human")]
    store = HistoryStore(tmp_path)
    store.add(table.record().model_copy(update={"seats": people}), "network")
    sides = {(s.side, s.who) for s in store.standings("koikoi2")}
    assert sides == {("player", "花子"), ("player", "太郎")}
    assert [g.id for g in store.games(player="花子")] == [1]
