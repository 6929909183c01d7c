"""`hanafuda serve`: bad input is one line and status 2; the server says where it listens, gives
each browser the WebSocket address it can reach, and Ctrl+C stops it with status 0."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.cli import refused

from hanafuda_tui.ui.serve import SESSION_COMMAND, session_command


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
    assert session_command().split()[-4:] == list(SESSION_COMMAND)
    assert SESSION_COMMAND[-2:] == ("play", "--save-slot")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``hanafuda serve --port 0``: the server process, and the URL it says it serves at."""
    yield from start_server(tmp_path, [])


def start_server(tmp_path: Path, extra: list[str]) -> Iterator[tuple[subprocess.Popen[str], str]]:
    env = {**os.environ, "HANAFUDA_DATA_DIR": str(tmp_path / "data")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "hanafuda_tui", "serve", "--port", "0", *extra],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.search(r"serving the game at (http://\S+) ", line)
        assert found, line
        yield proc, found.group(1)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def page(url: str, host: str | None = None) -> str:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    with urllib.request.urlopen(request, timeout=30) as response:
        text: str = response.read().decode("utf-8")
    return text


def websocket_of(html: str) -> str:
    found = re.search(r'data-session-websocket-url="([^"]+)"', html)
    assert found
    return found.group(1)


def test_port_0_picks_a_free_port_and_ctrl_c_stops_the_server_cleanly(
    server: tuple[subprocess.Popen[str], str],
) -> None:
    proc, url = server
    port = int(url.rsplit(":", 1)[1])
    assert url.startswith("http://127.0.0.1:") and port > 0
    html = page(url)
    assert "<div>hanafuda</div>" in html
    assert websocket_of(html) == f"ws://127.0.0.1:{port}/ws"
    assert websocket_of(page(url, host="game.example:8123")) == "ws://game.example:8123/ws"
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 0
    assert "Traceback" not in out


def test_a_public_url_is_where_every_page_sends_the_browser(tmp_path: Path) -> None:
    for proc, url in start_server(tmp_path, ["--public-url", "https://hanafuda.example/"]):
        assert websocket_of(page(url)) == "wss://hanafuda.example/ws"
        assert websocket_of(page(url, host="other.example")) == "wss://hanafuda.example/ws"
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=30)
        assert proc.returncode == 0
