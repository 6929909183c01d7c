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


def test_a_seat_a_bot_client_plays_is_kept_as_its_bot_level(tmp_path: Path) -> None:
    """``join --bot easy`` says so in its join: the host's history keeps that seat as the easy
    bot, not as a remote person; the saved record still seats a remote player there."""
    from hanafuda_tui.net.client import play_bot
    from hanafuda_tui.net.host import Host

    game = new_game("koikoi3", random.Random(6), {"months": 3})
    seats = [SeatRecord(name="", player="remote") for _ in range(3)]
    table = Table(game, seats, "6", None, report=lambda line: None)
    table.history = HistoryStore(tmp_path)

    async def go() -> None:
        host = Host()
        host.add(table)
        where = f"127.0.0.1:{await host.start()}"
        driver = asyncio.create_task(table.play())
        await asyncio.gather(
            play_bot(where, table.codes[0], "easy", seed="a"),
            play_bot(where, table.codes[1], "random", name="花子", seed="b"),
            play_bot(where, table.codes[2], "strong:iterations=20", seed="c"),
        )
        await driver
        await host.close()

    asyncio.run(asyncio.wait_for(go(), 120))
    [kept] = table.history.games()
    assert [(s.player, s.name) for s in kept.seats] == [
        ("easy", ""),
        ("random", "花子"),
        ("strong:iterations=20", ""),
    ]
    assert {(s.side, s.who) for s in table.history.standings()} == {
        ("bot", "easy"),
        ("bot", "random"),
        ("bot", "strong:iterations=20"),
    }
    assert [s.player for s in table.record().seats] == ["remote"] * 3


def test_a_level_the_host_does_not_know_is_a_person_and_a_person_rejoining_clears_it() -> None:
    from hanafuda_tui.net.host import Link, bot_level

    assert bot_level("wizard") is None and bot_level("") is None and bot_level(None) is None
    assert bot_level(" normal ") == "normal"
    game = new_game("koikoi2", random.Random(7), {"months": 3})
    seats = [SeatRecord(name="", player="remote"), SeatRecord(name="", player="random")]
    table = Table(game, seats, "7", None, report=lambda line: None)

    async def go() -> tuple[str, str]:
        table.arrive(Link(socket=None, seat=0), "", "easy")  # type: ignore[arg-type]
        by_bot = table.kept_record().seats[0].player
        table.arrive(Link(socket=None, seat=0), "", None)  # type: ignore[arg-type]
        return by_bot, table.kept_record().seats[0].player

    assert asyncio.run(go()) == ("easy", "remote")
