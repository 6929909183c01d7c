"""The table at the host's own keyboard: the server and the table run in the app's loop, the
codes are shown, the human seat plays through its own connection, an away seat can go to a bot,
and the app ends once the year is over and every player told."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from helpers.screen_net import kept_notices, until, waits_for_key
from helpers.ui import press, screen_text

from hanafuda_tui.core.records import SeatRecord, new_game
from hanafuda_tui.net.client import play_bot
from hanafuda_tui.net.host import Host, Table
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.netplay import CodesScreen, HostApp


def host_table() -> tuple[Host, Table]:
    game = new_game("koikoi2", random.Random(11), {"months": 3})
    seats = [SeatRecord(name="Host", player="human"), SeatRecord(name="Far", player="remote")]
    host = Host()
    return host, host.add(Table(game, seats, "11"))


async def a_year_at_the_hosts_keyboard(tmp_path: Path) -> None:
    host, table = host_table()
    store = Store(tmp_path)
    app = HostApp(host, table, ("127.0.0.1", 0), store=store, bot_pause=0.0, language="en")
    async with app.run_test(size=(100, 30)) as pilot:
        line = f"hanafuda join 127.0.0.1:{app.port} {table.codes[1]}"
        await until(pilot, lambda: line in screen_text(app), "the codes")
        assert isinstance(app.screen, CodesScreen)
        assert table.codes[0] not in screen_text(app)  # the host's own seat joins by itself
        assert "deals from --seed" in screen_text(app)  # a seeded table's deals are foreseeable
        await press(pilot, "enter")
        where = f"127.0.0.1:{app.port}"
        far = asyncio.create_task(play_bot(where, table.codes[1], "random", name="Faraway"))
        await press(pilot, "c")  # the codes again
        assert isinstance(app.screen, CodesScreen)
        await press(pilot, "enter")
        while app.is_running:
            await until(pilot, lambda: waits_for_key(app) or not app.is_running, "a key")
            if app.is_running:
                await press(pilot, "enter")
        remote = await asyncio.wait_for(far, 10)  # told the year's end before the host closed
    assert app.return_code == 0
    assert table.game.is_over
    assert remote.record is not None and remote.scores == list(table.game.scores)
    assert app.session is not None
    assert app.session.names == ["Host", "Faraway"]  # the year's end names who sat where


def test_the_codes_name_a_seat_as_it_was_named_markup_and_all(tmp_path: Path) -> None:
    async def main() -> None:
        game = new_game("koikoi2", random.Random(11), {"months": 3})
        seats = [
            SeatRecord(name="Host", player="human"),
            SeatRecord(name="[b]x[/b]", player="remote"),
        ]
        host = Host()
        table = host.add(Table(game, seats, "11"))
        app = HostApp(host, table, ("127.0.0.1", 0), store=Store(tmp_path), bot_pause=0.0)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: "hanafuda join" in screen_text(app), "the codes")
            shown = screen_text(app)
            assert "[b]x[/b]: hanafuda join" in shown and "\\[" not in shown

    asyncio.run(main())


@pytest.mark.long
def test_a_year_at_the_hosts_keyboard(tmp_path: Path) -> None:
    asyncio.run(a_year_at_the_hosts_keyboard(tmp_path))


async def an_away_seat_given_to_a_bot(tmp_path: Path) -> None:
    host, table = host_table()
    app = HostApp(host, table, ("127.0.0.1", 0), store=Store(tmp_path), bot_pause=0.0)
    notices = kept_notices(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, CodesScreen), "the codes")
        await press(pilot, "enter")
        await until(pilot, lambda: app.table() is not None, "the table")
        await until(pilot, lambda: table.game.to_act == 1 or waits_for_key(app), "a turn")
        while table.game.to_act != 1:  # play until the seat of the one who never came is to act
            await until(pilot, lambda: waits_for_key(app) or table.game.to_act == 1, "a key")
            if table.game.to_act != 1:
                await press(pilot, "enter")
        moves = len(table.game.log)
        await press(pilot, "b")
        assert 1 in table.stand_ins
        assert any("Far" in n for n in notices)
        await until(pilot, lambda: len(table.game.log) > moves, "the bot's move")


def test_an_away_seat_given_to_a_bot(tmp_path: Path) -> None:
    asyncio.run(an_away_seat_given_to_a_bot(tmp_path))


async def codes_on_every_interface(tmp_path: Path) -> str:
    game = new_game("koikoi2", random.Random(12), {"months": 3})
    seats = [SeatRecord(name="", player="human"), SeatRecord(name="", player="remote")]
    host = Host()
    table = host.add(Table(game, seats, "12"))
    app = HostApp(host, table, ("0.0.0.0", 0), store=Store(tmp_path), bot_pause=0.0, language="en")
    app.addresses = lambda: ["192.168.1.20"]
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: "for this machine only" in screen_text(app), "the codes")
        shown = screen_text(app)
        app.exit()
    await host.close()
    return shown


def test_the_codes_of_a_public_table_name_this_machine_s_addresses(tmp_path: Path) -> None:
    shown = asyncio.run(codes_on_every_interface(tmp_path))
    assert "Seat 2 Player 2: hanafuda join 192.168.1.20:" in shown
    assert "Other machines join at 192.168.1.20:" in shown
    assert "127.0.0.1:" in shown and "is for this machine only" in shown
    assert "0.0.0.0" not in shown
