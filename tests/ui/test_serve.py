"""`hanafuda serve`: bad input is one line and status 2; the server says where it listens, gives
each browser the WebSocket address it can reach, and Ctrl+C stops it with status 0."""

from __future__ import annotations

import asyncio
import gc
import random
import re
import signal
import socket
import sys
import threading
import urllib.request
from pathlib import Path

import pytest
from helpers.cli import refused
from helpers.serve import WAIT, Served, in_session, serving, slot_held, wait_until

from hanafuda_tui.core.records import GameRecord, load_record, new_game, record_of
from hanafuda_tui.ui.serve import session_command


def test_a_port_in_use_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        err = refused(capsys, "serve", "--port", str(port))
    assert f"cannot serve on 127.0.0.1:{port}" in err and "in use" in err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--host", "no-such-host.invalid"], "cannot serve on host 'no-such-host.invalid'"),
        (["--port", "65536"], "--port must be 0 to 65535"),
        (["--port", "-1"], "--port must be 0 to 65535"),
        (["--port", "eighty"], "invalid int value"),
    ],
)
def test_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    assert words in refused(capsys, "serve", *argv)


def test_each_session_runs_the_game_with_a_save_slot_of_its_own() -> None:
    assert session_command().split()[-4:] == ["-m", "hanafuda_tui", "play", "--save-slot"]
    assert session_command().startswith("exec ")  # the game's parent is the server itself


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--", "sim"], "serve runs play or join in each browser session, not 'sim'"),
        (["--", "play", "--ruleset", "nope"], "unknown ruleset 'nope'"),
        (["--", "play", "--option", "months=13"], "months"),
        (["--", "join", "127.0.0.1:1"], "required: code"),
        (["--", "join", "127.0.0.1:1", "c0de", "--bot", "normal"], "serve cannot run join --bot"),
    ],
)
def test_a_bad_session_command_is_one_line_before_serving(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    assert words in refused(capsys, "serve", "--port", "0", *argv)


def test_served_play_takes_a_table_s_settings_and_keeps_each_session_s_save_slot(
    tmp_path: Path,
) -> None:
    """``serve -- play --ruleset koikoi2 --seed 3``: a session (the page's WebSocket, opened here
    without a browser) opens that table at once and saves it in its own slot."""
    import aiohttp

    save = tmp_path / "data" / "sessions" / "1" / "save.json"

    async def session(server: Served) -> GameRecord:
        async with aiohttp.ClientSession() as http:
            ws_url = server.url.replace("http://", "ws://") + "/ws?width=80&height=24"
            async with http.ws_connect(ws_url):
                for _ in range(int(WAIT / 0.2)):
                    if save.exists():
                        break
                    await asyncio.sleep(0.2)
                return load_record(save.read_text("utf-8"))

    argv = ["--", "play", "--ruleset", "koikoi2", "--seed", "3"]
    with serving(tmp_path, *argv) as server:
        record = asyncio.run(session(server))
    assert record.ruleset == "koikoi2"
    dealt = record_of(new_game("koikoi2", random.Random("3")), record.seats)
    assert record.deals[0].deck == dealt.deals[0].deck


def page(url: str, host: str | None = None) -> str:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    with urllib.request.urlopen(request, timeout=30) as response:
        text: str = response.read().decode("utf-8")
    return text


def websocket_of(html: str) -> str:
    found = re.search(r'data-session-websocket-url="([^"]+)"', html)
    assert found
    return found.group(1)


def test_port_0_picks_a_free_port_and_ctrl_c_stops_the_server_cleanly(tmp_path: Path) -> None:
    with serving(tmp_path) as server:
        port = int(server.url.rsplit(":", 1)[1])
        assert server.url.startswith("http://127.0.0.1:") and port > 0
        html = page(server.url)
        assert "<div>hanafuda</div>" in html
        assert websocket_of(html) == f"ws://127.0.0.1:{port}/ws"
        assert (
            websocket_of(page(server.url, host="game.example:8123")) == "ws://game.example:8123/ws"
        )
        server.proc.send_signal(signal.SIGINT)
        assert server.proc.wait(timeout=WAIT) == 0
        assert "Traceback" not in server.output()


def test_the_page_has_the_game_s_title_and_says_it_is_loading(tmp_path: Path) -> None:
    """The browser's tab says hanafuda; until the game's first screen comes, the page says it
    is loading, and it fetches nothing from another site first."""
    with serving(tmp_path) as server:
        html = page(server.url)
        assert "<title>hanafuda</title>" in html
        assert "読み込み中" in html and "Loading" in html
        assert "https://" not in html


def test_a_public_url_is_where_every_page_sends_the_browser(tmp_path: Path) -> None:
    with serving(tmp_path, "--public-url", "https://hanafuda.example/") as server:
        assert websocket_of(page(server.url)) == "wss://hanafuda.example/ws"
        assert websocket_of(page(server.url, host="other.example")) == "wss://hanafuda.example/ws"
        assert "pages send browsers to https://hanafuda.example" in server.output()


def test_a_killed_server_s_games_end_and_let_their_save_slots_go(tmp_path: Path) -> None:
    """A session (the page's WebSocket, opened here without a browser) runs a game holding slot
    1; when the server is killed outright the game ends by itself and the slot is free."""
    import aiohttp

    slot = tmp_path / "data" / "sessions" / "1"

    async def session(server: Served) -> None:
        async with aiohttp.ClientSession() as http:
            ws_url = server.url.replace("http://", "ws://") + "/ws?width=80&height=24"
            async with http.ws_connect(ws_url) as ws:
                for _ in range(int(WAIT / 0.2)):
                    if (slot / "save.lock").exists() and slot_held(slot):
                        break
                    await asyncio.sleep(0.2)
                assert slot_held(slot)
                server.proc.send_signal(signal.SIGKILL)
                server.proc.wait()
                await ws.close()

    with serving(tmp_path) as server:
        asyncio.run(session(server))
        wait_until("the game's process gone", lambda: not in_session(server.proc.pid))
        assert not slot_held(slot)


def test_a_session_opens_only_from_the_server_s_own_pages_and_listening_beyond_warns(
    tmp_path: Path,
) -> None:
    """A WebSocket whose page is another site's (its ``Origin``) is refused before any game
    starts; the page's own origin opens a session. Listening on 0.0.0.0 says, in one line,
    that anyone may play and nothing is encrypted."""
    import aiohttp

    async def origins(server: Served) -> tuple[int, bool]:
        ws_url = server.url.replace("http://", "ws://") + "/ws?width=80&height=24"
        async with aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(ws_url, headers={"Origin": "http://evil.example"})
            async with http.ws_connect(ws_url, headers={"Origin": server.url}) as ws:
                opened = not ws.closed
        return refused.value.status, opened

    with serving(tmp_path, "--host", "0.0.0.0") as server:
        status, opened = asyncio.run(origins(server))
        output = server.output()
    assert (status, opened) == (403, True)
    warnings = [line for line in output.splitlines() if "warning" in line]
    assert warnings == [
        "hanafuda: warning: serving on 0.0.0.0: anyone who can reach this machine can play,"
        " and the traffic is not encrypted (put a TLS proxy in front)"
    ]


def test_a_full_server_says_so_on_its_page_and_closes_a_new_session_with_the_reason(
    tmp_path: Path,
) -> None:
    import aiohttp

    from hanafuda_tui.ui.serve import FULL

    async def sessions(server: Served) -> tuple[int | None, str, int]:
        ws_url = server.url.replace("http://", "ws://") + "/ws?width=80&height=24"
        async with aiohttp.ClientSession() as http, http.ws_connect(ws_url) as first:
            await first.receive()  # the game has started drawing
            async with http.ws_connect(ws_url) as second:
                closing = await second.receive()
            async with http.get(server.url) as response:
                status = response.status
        return second.close_code, str(closing.extra), status

    with serving(tmp_path, "--max-sessions", "1") as server:
        code, reason, status = asyncio.run(sessions(server))
    assert (code, reason, status) == (1013, FULL, 503)


def test_a_game_that_does_not_quit_when_its_page_leaves_is_ended() -> None:
    """``end_game`` asks the game to quit; a process still running after the grace is
    terminated (and nothing is done to one that quit)."""
    from hanafuda_tui.ui.serve import end_game

    class Process:
        def __init__(self, quits: bool) -> None:
            self.quits = quits
            self.returncode: int | None = None
            self.ended = asyncio.Event()
            self.signals: list[str] = []

        def terminate(self) -> None:
            self.signals.append("terminate")
            self.returncode = -15
            self.ended.set()

        def kill(self) -> None:
            self.signals.append("kill")

        stdin = None

        async def wait(self) -> int:
            await self.ended.wait()
            assert self.returncode is not None
            return self.returncode

    class Game:
        def __init__(self, process: Process) -> None:
            self._process = process

        async def stop(self) -> None:
            if self._process.quits:
                self._process.returncode = 0
                self._process.ended.set()
                return
            await self._process.ended.wait()

    async def end(quits: bool) -> list[str]:
        process = Process(quits)
        await asyncio.wait_for(end_game(Game(process), grace=0.01), WAIT)  # type: ignore[arg-type]
        return process.signals

    assert asyncio.run(end(quits=False)) == ["terminate"]
    assert asyncio.run(end(quits=True)) == []


def test_a_game_process_ended_leaves_nothing_open_for_after_the_server_stops() -> None:
    """Once ``end_game`` returns, the game's process has ended and its pipes are closed: nothing
    is left for the garbage collector to close after the server's loop has stopped (it would
    print a traceback as the server ends)."""
    from hanafuda_tui.ui.serve import end_game

    class Game:
        """A session whose game quits when told, as textual-serve's does: it reads the
        process's output to its end."""

        def __init__(self, process: asyncio.subprocess.Process) -> None:
            self._process = process

        async def stop(self) -> None:
            assert self._process.stdout is not None
            await self._process.stdout.read()

    kept: list[asyncio.subprocess.Process] = []  # as a session's handler may hold it to the end

    async def play_and_end() -> None:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            # as a game does: its output closed, then a moment more to end
            "import os, time; print('playing', flush=True); os.close(1); time.sleep(0.5)",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        kept.append(process)
        await asyncio.wait_for(end_game(Game(process), grace=WAIT), WAIT)

    unraisable: list[str] = []
    hook = sys.unraisablehook
    sys.unraisablehook = lambda report: unraisable.append(repr(report.exc_value))
    try:
        asyncio.run(play_and_end())
        for watcher in threading.enumerate():  # asyncio's threads that wait for child processes
            if "waitpid" in watcher.name:
                watcher.join(WAIT)
        kept.clear()
        gc.collect()
    finally:
        sys.unraisablehook = hook
    assert unraisable == []
