"""`hanafuda server` and `hanafuda online` as processes: a server on a free port, a headless
client playing a quick match against the server's bots, the leaderboard, SIGTERM ending the
server with status 0; bad input refused in one line."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from helpers.cli import refused

HANAFUDA = [sys.executable, "-m", "hanafuda_tui"]


def env_of(tmp: Path, config: str) -> dict[str, str]:
    return {
        **os.environ,
        "HANAFUDA_DATA_DIR": str(tmp / "data"),
        "HANAFUDA_CONFIG_DIR": str(tmp / config),
    }


def online(tmp: Path, port: int, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*HANAFUDA, "online", f"127.0.0.1:{port}", *args],
        capture_output=True,
        text=True,
        env=env_of(tmp, "client"),
        timeout=120,
    )


def test_a_server_plays_quick_matches_with_a_headless_client_and_stops_on_sigterm(
    tmp_path: Path,
) -> None:
    bans = tmp_path / "bans.txt"
    bans.write_text("name: Mallory\nnot an address\n", "utf-8")
    server = subprocess.Popen(
        [*HANAFUDA, "server", "--json", "--port", "0", "--bot", "random"]
        + ["--db", str(tmp_path / "server.sqlite3"), "--bans", str(bans)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env_of(tmp_path, "server"),
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line, server.stderr.read() if server.stderr else ""
        port = json.loads(line)["port"]
        played = online(
            tmp_path,
            port,
            *("--name", "[b]Hana[/b]", "--bot", "random", "--quick", "koikoi3"),
            *("--option", "months=3", "--years", "2", "--bots-after", "0", "--json"),
        )
        assert played.returncode == 0, played.stderr
        years: list[dict[str, Any]] = [json.loads(y) for y in played.stdout.splitlines()]
        assert [y["rating"]["games"] for y in years] == [1, 2]
        assert all(len(y["totals"]) == 3 and y["seat"] == 0 for y in years)
        assert years[0]["table"] < years[1]["table"]
        kept = json.loads((tmp_path / "client" / "server-tokens.json").read_text("utf-8"))
        assert kept["servers"][f"127.0.0.1:{port}"]["name"] == "[b]Hana[/b]"
        again = online(
            tmp_path,
            port,
            *("--bot", "random", "--quick", "koikoi2", "--option", "months=3"),
            "--bots-after",
            "0",
        )
        assert again.returncode == 0, again.stderr
        assert again.stdout.startswith("table 3, seat 1: ")  # the same player, by its token
        board = online(tmp_path, port, "--leaderboard", "koikoi3", "--json")
        rows = json.loads(board.stdout)["rows"]
        assert "[b]Hana[/b]" in [r["name"] for r in rows]
        assert len(rows) == 3 and all(r["games"] == 2 for r in rows)
        text = online(tmp_path, port, "--leaderboard", "koikoi3")
        assert "[b]Hana[/b] (bot)" in text.stdout
    finally:
        server.send_signal(signal.SIGTERM)
        out, err = server.communicate(timeout=30)
    assert server.returncode == 0, err
    assert (
        err
        == f"hanafuda: {bans}:2: not an address, a network or 'name: ...': 'not an address'; skipped\n"
    )


def test_bad_input_is_one_line(capsys: Any, tmp_path: Path) -> None:
    assert "not a port" in refused(capsys, "server", "--port", "70000")
    not_db = tmp_path / "not.db"
    not_db.write_text("hello", "utf-8")
    assert str(not_db) in refused(capsys, "server", "--db", str(not_db))
    assert "not both" in refused(
        capsys, "online", "127.0.0.1:1", "--quick", "koikoi2", "--leaderboard", "koikoi2"
    )
    assert "--quick RULESET" in refused(capsys, "online", "127.0.0.1:1", "--bot", "random")
    assert "--bot LEVEL" in refused(capsys, "online", "127.0.0.1:1", "--quick", "koikoi2")
    assert "unknown option" in refused(
        capsys, "online", "127.0.0.1:1", "--quick", "koikoi2", "--option", "x=1", "--bot", "random"
    )
    assert "unknown ruleset" in refused(capsys, "online", "127.0.0.1:1", "--leaderboard", "chess")
    said = refused(capsys, "online", "127.0.0.1:1", "--name", "\x1b[31mRed")
    assert "--name: a name has no control or invisible characters (U+001B is one)" in said
