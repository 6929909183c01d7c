"""Connections to a hosted table: codes, wrong codes, illegal and malformed messages, drops and
rejoins, spectators, a client that stops reading, a bot that thinks long, and TLS."""

from __future__ import annotations

import asyncio
import io
import json
import random
import shutil
import ssl
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from helpers.net import remote_table
from helpers.tls import certificate
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from hanafuda_tui.bots import Bot, make_bot
from hanafuda_tui.bots.hand_reading import SeenPlay
from hanafuda_tui.core import actions as act
from hanafuda_tui.core.events import seen_by
from hanafuda_tui.core.game import PlayerView
from hanafuda_tui.core.records import REMOTE, SeatRecord, new_game
from hanafuda_tui.net import client
from hanafuda_tui.net.client import Connection, JoinError, play_bot
from hanafuda_tui.net.host import QUEUE_LIMIT, WRONG_CODE_DELAY, Host, Link, Table
from hanafuda_tui.net.protocol import HOST, Closed, Presence, Update
from hanafuda_tui.net.remote import seat_update

THREE_MONTHS = {"months": 3}


async def hosted(table: Table, **host: Any) -> tuple[Host, str]:
    server = Host(**host)
    server.add(table)
    port = await server.start()
    return server, f"127.0.0.1:{port}"


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 60))


def test_a_wrong_code_is_refused_after_a_delay_and_says_nothing_of_the_seats() -> None:
    async def go() -> list[tuple[str, float]]:
        table = remote_table("koikoi3", THREE_MONTHS, "codes")
        server, where = await hosted(table)
        out = []
        for code in ("x", table.codes[0][:-1] + "?", "a" * 64):
            start = time.monotonic()
            with pytest.raises(JoinError) as refused:
                await Connection.open(where, code)
            assert refused.value.refused
            out.append((str(refused.value), time.monotonic() - start))
        await server.close()
        return out

    answers = run(go())
    assert {reason for reason, _ in answers} == {"no table has this code"}
    assert all(waited >= WRONG_CODE_DELAY * 0.9 for _, waited in answers)


def test_each_code_grants_its_own_seat_only() -> None:
    async def go() -> list[int]:
        table = remote_table("hanaawase", {"players": 5, "months": 3}, "seats")
        server, where = await hosted(table)
        seats = []
        for seat, code in table.codes.items():
            connection = await Connection.open(where, code)
            seats.append(connection.game.seat)
            assert seat == connection.game.seat
            await connection.close()
        await server.close()
        return seats

    assert run(go()) == [0, 1, 2, 3, 4]


async def raw_join(where: str, code: str) -> Any:
    """A bare WebSocket client that has joined and read its welcome and first update."""
    socket = await connect(f"ws://{where}")
    await socket.send(json.dumps({"v": 1, "type": "join", "code": code}))
    welcome = json.loads(await socket.recv())
    update = json.loads(await socket.recv())
    assert welcome["type"] == "welcome" and update["type"] == "update"
    return socket, update


def test_an_illegal_action_is_refused_with_a_reason_and_nothing_is_applied() -> None:
    async def go() -> tuple[list[dict[str, Any]], int, int]:
        table = remote_table("koikoi3", THREE_MONTHS, "illegal")
        server, where = await hosted(table)
        to_act = table.game.to_act
        socket, update = await raw_join(where, table.codes[to_act])
        other, _ = await raw_join(where, table.codes[(to_act + 1) % 3])
        answers = []
        legal = update["view"]["legal"]
        wrong = next(a for a in range(200) if a not in legal)
        pass_ = {"v": 1, "type": "act", "action": act.PASS, "seq": 0}
        await other.send(json.dumps(pass_))  # the teyaku question is put to every seat at once
        for sock, action, seq in (
            (socket, wrong, 0),  # not legal
            (socket, legal[0], 5),  # answers an update that is not the latest
            (other, act.PASS, 0),  # that seat has answered
        ):
            await sock.send(json.dumps({"v": 1, "type": "act", "action": action, "seq": seq}))
            while (answer := json.loads(await sock.recv()))["type"] != "refused":
                pass
            answers.append(answer)
        before = len(table.game.log), table.seq
        await socket.close()
        await other.close()
        await server.close()
        return answers, *before

    answers, log, seq = run(go())
    assert [a["reason"].split()[0] for a in answers] == ["action", "the", "you"]
    assert "not legal" in answers[0]["reason"]
    assert "moved on" in answers[1]["reason"]
    assert "you have answered" in answers[2]["reason"]
    assert seq == 0


@pytest.mark.parametrize(
    "bad",
    ["{not json", json.dumps({"v": 2, "type": "act", "action": 1, "seq": 0}), "x" * 300_000],
    ids=["not-json", "other-version", "too-large"],
)
def test_a_bad_message_closes_that_connection_and_the_table_plays_on(bad: str) -> None:
    async def go() -> tuple[int | None, list[int]]:
        table = remote_table("koikoi3", THREE_MONTHS, "bad")
        server, where = await hosted(table)
        driver = asyncio.create_task(table.play())
        assert table.spectator_code is not None
        socket, _ = await raw_join(where, table.spectator_code)
        await socket.send(bad)
        with pytest.raises(ConnectionClosed):
            while True:
                await socket.recv()
        games = await asyncio.gather(
            *(play_bot(where, code, "random") for code in table.codes.values())
        )
        await driver
        await server.close()
        return socket.close_code, [len(g.log) for g in games]

    code, logs = run(go())
    assert code in (1000, 1009)
    assert len(set(logs)) == 1 and logs[0] > 0


def test_a_silent_connection_is_closed() -> None:
    async def go() -> None:
        table = remote_table("koikoi3", THREE_MONTHS, "silent")
        server, where = await hosted(table, join_timeout=0.3)
        socket = await connect(f"ws://{where}")
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(socket.recv(), 5)
        await server.close()

    run(go())


class Shown:
    """A random bot that keeps every hand play it is shown."""

    def __init__(self) -> None:
        self.random = make_bot("random", random.Random(0))
        self.seen: list[SeenPlay] = []

    def act(self, view: PlayerView) -> int:
        return self.random.act(view)

    def see_play(self, view: PlayerView, player: int, card: int) -> None:
        self.seen.append((view, player, card))


def test_a_dropped_player_rejoins_with_the_same_code_and_finishes_the_year(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seat 0 leaves mid-month; the others are told it is away; it comes back with its code,
    is told everything again (once), with the others' hand plays of the month so far as it saw
    them (its advice and its bot read their hands from them), and plays to the end."""
    kept: list[SeenPlay] = []
    first_plays: list[SeenPlay] = []
    shown = Shown()

    async def go() -> tuple[Any, list[Presence], Table]:
        table = remote_table("koikoi3", THREE_MONTHS, "rejoin")
        server, where = await hosted(table)
        driver = asyncio.create_task(table.play())
        presences: list[Presence] = []
        others = [
            asyncio.create_task(play_bot(where, table.codes[s], "random", seed=str(s)))
            for s in (1, 2)
        ]
        watcher = await Connection.open(where, table.spectator_code or "")

        async def watch() -> None:
            async for message in watcher.messages():
                if isinstance(message, Presence):
                    presences.append(message)

        watching = asyncio.create_task(watch())
        first = await Connection.open(where, table.codes[0])
        async for message in first.messages():
            game = first.game
            if isinstance(message, Update) and game.to_act == 0 and game.current:
                if table.seq >= 12:  # mid-month: leave without a word
                    break
                await first.act(game.current.legal[0])
        kept.extend(first.game.month_plays)
        await first.socket.close()
        await asyncio.sleep(0.2)
        trace = io.StringIO()
        monkeypatch.setattr(client, "make_bot", lambda spec, rng: shown)
        back = await play_bot(where, table.codes[0], "random", trace=trace)
        told = HOST.validate_json(trace.getvalue().splitlines()[1])
        assert isinstance(told, Update) and told.plays is not None
        first_plays.extend(seat_update(told).plays or ())
        await asyncio.gather(*others)
        await driver
        watching.cancel()
        await server.close()
        return back, presences, table

    back, presences, table = run(go())
    assert kept and first_plays == kept and shown.seen[: len(kept)] == kept
    assert len(shown.seen) > len(kept)
    assert back.record is not None
    assert back.log == [seen_by(e, 0) for e in table.game.log]
    assert any(a.seat == 0 for p in presences for a in p.away)
    assert presences[-1].away == [] or all(a.seat != 0 for a in presences[-1].away)


def test_the_others_are_reminded_who_is_away_and_for_how_long() -> None:
    async def go() -> list[list[tuple[int, float]]]:
        table = remote_table("koikoi3", THREE_MONTHS, "away")
        server, where = await hosted(table, remind_every=0.1)
        player = await Connection.open(where, table.codes[1])
        await player.close()
        watcher = await Connection.open(where, table.spectator_code or "")
        seen: list[list[tuple[int, float]]] = []
        async for message in watcher.messages():
            if isinstance(message, Presence):
                seen.append([(a.seat, a.seconds) for a in message.away])
            if len(seen) == 4:
                break
        await watcher.close()
        await server.close()
        return seen

    seen = run(go())
    assert all({seat for seat, _ in away} == {0, 1, 2} for away in seen)
    waited = [dict(away)[1] for away in seen]
    assert waited == sorted(waited) and waited[-1] > waited[0]


class Waiting(Bot):
    """A bot that decides only once the test lets it (its thread waits; the host must not)."""

    name = "waiting"

    def __init__(self, go: threading.Event) -> None:
        self.go = go

    def act(self, view: PlayerView) -> int:
        self.go.wait(20)
        return view.legal[0]


def test_a_thinking_bot_does_not_hold_up_the_host() -> None:
    """While the bot at the seat to act thinks (in its thread), a spectator is welcomed and told."""

    async def go() -> tuple[int, int]:
        game = new_game("koikoi3", __import__("random").Random(3), THREE_MONTHS)
        seats = [SeatRecord(name=str(s), player=REMOTE) for s in range(3)]
        table = Table(game, seats, "3", spectator_code="watch")
        release = threading.Event()
        table.stand_ins[game.to_act] = Waiting(release)
        table.codes.pop(game.to_act)
        server, where = await hosted(table)
        driver = asyncio.create_task(table.play())
        await asyncio.sleep(0.1)  # the bot is thinking now
        watcher = await Connection.open(where, "watch")
        seq_when_welcomed = table.seq
        release.set()
        driver.cancel()
        await watcher.close()
        await server.close()
        return seq_when_welcomed, watcher.game.seat

    seq, seat = run(go())
    assert (seq, seat) == (0, -1)


def test_a_spectator_that_stops_reading_slows_no_one() -> None:
    async def go() -> tuple[list[Any], Table]:
        table = remote_table("hachihachi", {}, "stall")
        server, where = await hosted(table)
        driver = asyncio.create_task(table.play())
        socket = await connect(f"ws://{where}", max_queue=1)
        await socket.send(json.dumps({"v": 1, "type": "join", "code": table.spectator_code}))
        games = await asyncio.gather(
            *(play_bot(where, code, "random") for code in table.codes.values())
        )
        await driver
        await server.close()
        return games, table

    games, table = run(go())
    assert all(g.record == table.record() for g in games)


def test_a_client_whose_messages_pile_up_is_cut_off() -> None:
    """A connection whose writer cannot send (the client reads nothing, its buffers are full)
    is aborted once its queue holds QUEUE_LIMIT messages; nothing waits for it."""

    class Transport:
        aborted = False

        def abort(self) -> None:
            self.aborted = True

    class Socket:
        transport = Transport()

    async def go() -> tuple[int, bool]:
        link = Link(Socket(), 0)  # type: ignore[arg-type]
        for _ in range(QUEUE_LIMIT + 5):
            link.send(Closed(reason="x"))
        return link.queue.qsize(), Socket.transport.aborted

    assert run(go()) == (QUEUE_LIMIT, True)


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the test certificate")
def test_a_table_served_over_tls_is_played_to_the_end(tmp_path: Path) -> None:
    cert, key = certificate(tmp_path, "localhost", "IP:127.0.0.1,DNS:localhost")
    server_tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_tls.load_cert_chain(cert, key)
    client_tls = ssl.create_default_context(cafile=str(cert))

    async def go() -> list[Any]:
        table = remote_table("koikoi2", THREE_MONTHS, "tls")
        server = Host()
        server.add(table)
        port = await server.start(tls=server_tls)
        driver = asyncio.create_task(table.play())
        where = f"127.0.0.1:{port}"
        with pytest.raises(JoinError):  # plain WebSocket to a TLS host
            await Connection.open(where, table.codes[0])
        games = await asyncio.gather(
            *(play_bot(where, code, "random", tls=client_tls) for code in table.codes.values())
        )
        await driver
        await server.close()
        return [g.record for g in games]

    records = run(go())
    assert records[0] is not None and records[0] == records[1]
