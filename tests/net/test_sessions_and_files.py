"""A seat joined again from elsewhere is taken from the older connection at once; messages are
strict JSON text; the host's record and codes are files only their owner reads, written through
temporary files nobody can foresee; a host whose certificate is not trusted is said at once."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import run as run_command
from helpers.net import remote_table
from helpers.tls import certificate
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from hanafuda_tui.core import records
from hanafuda_tui.core.records import write_atomically
from hanafuda_tui.net import client
from hanafuda_tui.net.codes import load_codes, save_codes
from hanafuda_tui.net.host import Host, Link, Table
from hanafuda_tui.net.protocol import Act, Closed, Presence

THREE_MONTHS = {"months": 3}


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 60))


async def hosted(table: Table) -> tuple[Host, str]:
    server = Host()
    server.add(table)
    port = await server.start()
    return server, f"127.0.0.1:{port}"


async def raw_join(where: str, code: str) -> Any:
    """A bare WebSocket client that has joined and read its welcome and first update."""
    socket = await connect(f"ws://{where}")
    await socket.send(json.dumps({"v": 1, "type": "join", "code": code}))
    welcome = json.loads(await socket.recv())
    update = json.loads(await socket.recv())
    assert welcome["type"] == "welcome" and update["type"] == "update"
    return socket, update


async def until(socket: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` the socket receives."""
    while (message := json.loads(await socket.recv()))["type"] != kind:
        pass
    return message


# -- a seat joined again from elsewhere ----------------------------------------------------------


class Socket:
    """A connection that is never written to (the queue is read by no writer here)."""


def test_a_replaced_connection_acts_no_more() -> None:
    table = remote_table("koikoi3", THREE_MONTHS, "replaced")
    seat = table.game.to_act
    old, new = Link(Socket(), seat), Link(Socket(), seat)  # type: ignore[arg-type]
    table.arrive(old, "")
    table.arrive(new, "")
    legal = table.game.legal_actions()[0]
    assert table.act(old, Act(action=legal, seq=0)) == "this seat was joined from elsewhere"
    assert table.seq == 0 and len(table.game.actions) == 0
    told = [old.queue.get_nowait() for _ in range(old.queue.qsize())]
    assert told[-1] is None and "joined from elsewhere" in (told[-2] or "")
    assert table.act(new, Act(action=legal, seq=0)) == ""
    assert table.seq == 1


def test_the_older_connection_is_closed_and_the_others_are_told_the_seat_rejoined() -> None:
    async def go() -> tuple[dict[str, Any], dict[str, Any], list[int | None]]:
        table = remote_table("koikoi3", THREE_MONTHS, "rejoined")
        server, where = await hosted(table)
        watcher, _ = await raw_join(where, table.spectator_code or "")
        first, _ = await raw_join(where, table.codes[0])
        second, _ = await raw_join(where, table.codes[0])
        closed = await until(first, "closed")
        with pytest.raises(ConnectionClosed):
            await first.recv()
        told = []  # every presence up to the one saying a seat rejoined
        while not told or told[-1].get("rejoined") is None:
            told.append(await until(watcher, "presence"))
        said = told[-1]
        rejoined = [Presence.model_validate(p).rejoined for p in told]
        for socket in (watcher, second):
            await socket.close()
        await server.close()
        return closed, said, rejoined

    closed, said, rejoined = run(go())
    assert closed == Closed(reason="this seat was joined from elsewhere").model_dump()
    assert said["rejoined"] == 0 and rejoined[:-1] == [None] * (len(rejoined) - 1)


# -- strict messages ----------------------------------------------------------------------------


def act(action: Any, seq: Any = 0, v: Any = 1) -> str:
    return json.dumps({"v": v, "type": "act", "action": action, "seq": seq})


NOT_EXACTLY = {
    "action-text": lambda a: act(str(a)),
    "action-true": lambda a: act(True),
    "action-float": lambda a: act(float(a)),
    "seq-text": lambda a: act(a, seq="0"),
    "version-true": lambda a: act(a, v=True),
    "binary-frame": lambda a: act(a).encode(),
}
"""Frames that would answer the seat's first legal action, if the host read them loosely."""


@pytest.mark.parametrize("kind", NOT_EXACTLY)
def test_a_message_not_exactly_of_the_protocol_closes_the_connection(kind: str) -> None:
    async def go() -> tuple[str, int]:
        table = remote_table("koikoi3", THREE_MONTHS, "strict")
        server, where = await hosted(table)
        socket, update = await raw_join(where, table.codes[table.game.to_act])
        await socket.send(NOT_EXACTLY[kind](update["view"]["legal"][0]))
        closed = await until(socket, "closed")
        await socket.close()
        await server.close()
        return closed["reason"], table.seq

    reason, seq = run(go())
    assert reason.startswith("not a message of this protocol") and seq == 0


def test_a_join_in_a_binary_frame_is_refused() -> None:
    async def go() -> dict[str, Any]:
        table = remote_table("koikoi3", THREE_MONTHS, "binary")
        server, where = await hosted(table)
        socket = await connect(f"ws://{where}")
        await socket.send(json.dumps({"v": 1, "type": "join", "code": table.codes[0]}).encode())
        answer = json.loads(await socket.recv())
        await socket.close()
        await server.close()
        return answer

    answer = run(go())
    assert answer["type"] == "closed" and "protocol" in answer["reason"]


# -- files ----------------------------------------------------------------------------------------


def test_the_host_record_is_only_its_owner_s(tmp_path: Path) -> None:
    table = remote_table("koikoi3", THREE_MONTHS, "mode")
    table.record_path = tmp_path / "table.json"
    table.record_path.write_text("an older record, readable by all")
    table.record_path.chmod(0o644)
    table.save()
    assert stat.S_IMODE(table.record_path.stat().st_mode) == 0o600


def test_a_secret_file_is_the_owner_s_before_anything_is_written_to_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    modes: list[int] = []
    fsync = os.fsync

    def checked(fd: int) -> None:
        modes.append(stat.S_IMODE(os.fstat(fd).st_mode))
        fsync(fd)

    monkeypatch.setattr(records.os, "fsync", checked)
    path = tmp_path / "table.json.codes"
    save_codes(path, {0: "abcd2345"}, None)
    assert modes == [0o600] and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_codes(path) == ({0: "abcd2345"}, None)


def test_the_temporary_file_is_made_anew_under_a_name_nobody_foresees(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "table.json"
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("untouched")
    for name in (f".{path.name}.{os.getpid()}.tmp", f".{path.name}.tmp"):
        (tmp_path / name).symlink_to(elsewhere)
    replaced: list[str] = []
    replace = os.replace

    def seen(src: Any, dst: Any) -> None:
        replaced.append(Path(src).name)
        replace(src, dst)

    monkeypatch.setattr(records.os, "replace", seen)
    write_atomically(path, "one")
    write_atomically(path, "two")
    assert elsewhere.read_text() == "untouched" and path.read_text() == "two"
    assert len(set(replaced)) == 2  # a new name each time


# -- TLS --------------------------------------------------------------------------------------------


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the test certificate")
@pytest.mark.parametrize("trust", ["no-ca", "other-name"])
def test_a_host_whose_certificate_is_not_trusted_is_one_line_at_once(
    tmp_path: Path, trust: str, capsys: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    cert, key = certificate(tmp_path, "other.example")
    host = subprocess.Popen(
        [sys.executable, "-m", "hanafuda_tui", "host", "--json", "--port", "0"]
        + ["--certfile", str(cert), "--keyfile", str(key)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "HANAFUDA_DATA_DIR": str(tmp_path / "data")},
    )
    try:
        assert host.stdout is not None
        listening = json.loads(host.stdout.readline())

        async def no_retry(seconds: float) -> None:
            raise AssertionError(f"a TLS failure was tried again after {seconds}s")

        monkeypatch.setattr(client.asyncio, "sleep", no_retry)
        trusted = ["--cafile", str(cert)] if trust == "other-name" else ["--tls"]
        where = f"127.0.0.1:{listening['port']}"
        code, out, err = run_command(
            capsys, "join", where, listening["codes"]["0"], "--bot", "random", *trusted
        )
    finally:
        host.kill()
        host.communicate()
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith("hanafuda: error: ") and "TLS" in err
    assert "Traceback" not in err
