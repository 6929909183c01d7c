"""`hanafuda host` and `hanafuda join --bot` as processes: a headless host, three bot clients,
one killed mid-month and started again with its code; a host killed and resumed from its record;
bad input refused in one line."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import refused

from hanafuda_tui.core.records import load_record, replay

HANAFUDA = [sys.executable, "-m", "hanafuda_tui"]


def start_host(tmp: Path, *args: str) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    env = {**os.environ, "HANAFUDA_DATA_DIR": str(tmp / "data")}
    host = subprocess.Popen(
        [*HANAFUDA, "host", "--json", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert host.stdout is not None
    line = host.stdout.readline()
    assert line, host.stderr.read() if host.stderr else ""
    return host, json.loads(line)


def start_client(port: int, code: str, trace: Path, record: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*HANAFUDA, "join", f"127.0.0.1:{port}", code, "--bot", "random"]
        + ["--trace", str(trace), "--record", str(record)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for_lines(path: Path, lines: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists() and path.read_text("utf-8").count("\n") >= lines:
            return
        time.sleep(0.02)
    raise AssertionError(f"{path} never reached {lines} lines")


def finish(process: subprocess.Popen[str], timeout: float = 120) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=timeout)
    return process.returncode, out, err


def test_a_killed_client_rejoins_and_the_host_record_replays_to_the_same_totals(
    tmp_path: Path,
) -> None:
    record = tmp_path / "table.json"
    host, listening = start_host(tmp_path, "--option", "months=3", "--record", str(record))
    port, codes = listening["port"], listening["codes"]
    traces = {s: tmp_path / f"trace{s}.jsonl" for s in codes}
    records = {s: tmp_path / f"record{s}.json" for s in codes}
    clients = {s: start_client(port, c, traces[s], records[s]) for s, c in codes.items()}
    wait_for_lines(traces["1"], 8)  # a few turns into the first month
    clients["1"].send_signal(signal.SIGKILL)
    clients["1"].wait()
    assert '"type":"over"' not in traces["1"].read_text("utf-8")
    clients["1"] = start_client(port, codes["1"], traces["1"], records["1"])
    results = {s: finish(c) for s, c in clients.items()}
    assert all(code == 0 for code, _, _ in results.values()), results
    assert finish(host)[0] == 0
    totals = {out.strip() for _, out, _ in results.values()}
    kept = load_record(record.read_text("utf-8"))
    scores = list(replay(kept).scores)
    assert totals == {"the year is over: " + " ".join(f"{s:+d}" for s in scores)}
    assert all(load_record(records[s].read_text("utf-8")) == kept for s in codes)
    assert [seat.player for seat in kept.seats] == ["remote"] * 3
    again = [json.loads(line) for line in traces["1"].read_text("utf-8").splitlines()]
    assert again[0]["type"] == "welcome" and again[-1]["type"] == "over"


@pytest.mark.long
def test_a_killed_host_resumes_from_its_record_with_the_same_codes(tmp_path: Path) -> None:
    record = tmp_path / "table.json"
    host, listening = start_host(tmp_path, "--option", "months=3", "--record", str(record))
    codes = listening["codes"]
    traces = {s: tmp_path / f"trace{s}.jsonl" for s in codes}
    clients = [
        start_client(listening["port"], c, traces[s], tmp_path / f"r{s}.json")
        for s, c in codes.items()
    ]
    wait_for_lines(traces["0"], 20)
    host.send_signal(signal.SIGKILL)
    host.wait()
    for client in clients:
        client.kill()
        client.wait()
    played = len(load_record(record.read_text("utf-8")).deals[0].actions)
    assert played > 0
    host, again = start_host(tmp_path, "--resume", str(record))
    assert again["codes"] == codes
    clients = [
        start_client(again["port"], c, tmp_path / f"again{s}.jsonl", tmp_path / f"r{s}.json")
        for s, c in codes.items()
    ]
    assert all(finish(c)[0] == 0 for c in clients)
    assert finish(host)[0] == 0
    kept = load_record(record.read_text("utf-8"))
    assert replay(kept).is_over


def test_bad_host_and_join_arguments_get_one_line(capsys: Any, tmp_path: Path) -> None:
    refused(capsys, "host", "--seats", "human,remote")
    refused(capsys, "host", "--seats", "human,human,remote")
    refused(capsys, "host", "--seats", "remote,remote,genius")
    refused(capsys, "host", "--json", "--seats", "human,remote,remote")
    refused(capsys, "host", "--resume", str(tmp_path / "missing.json"))
    refused(capsys, "host", "--certfile", str(tmp_path / "cert.pem"))
    refused(capsys, "join", "127.0.0.1:1", "code", "--trace", str(tmp_path / "t.jsonl"))
    refused(capsys, "join", "127.0.0.1:1", "code", "--bot", "genius")
    said = refused(capsys, "join", "127.0.0.1:1", "code", "--name", "\x1b[31mRed")
    assert "--name: a name has no control or invisible characters (U+001B is one)" in said
    said = refused(capsys, "host", "--seats", "human,remote,remote", "--names", "a,b\u200b,c")
    assert "--names: a name has no control or invisible characters (U+200B is one)" in said


def test_a_wrong_code_or_no_host_is_one_line_and_status_1(tmp_path: Path) -> None:
    host, listening = start_host(tmp_path, "--option", "months=3")
    wrong = subprocess.run(
        [*HANAFUDA, "join", f"127.0.0.1:{listening['port']}", "nope", "--bot", "random"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    host.kill()
    host.wait()
    assert wrong.returncode == 1
    assert wrong.stderr == "hanafuda: error: no table has this code\n"


def test_the_seat_of_a_player_who_left_is_given_to_a_bot_after_a_while(tmp_path: Path) -> None:
    host, listening = start_host(tmp_path, "--option", "months=3", "--stand-in-after", "0.3")
    port, codes = listening["port"], listening["codes"]
    traces = {s: tmp_path / f"t{s}.jsonl" for s in codes}
    clients = {s: start_client(port, codes[s], traces[s], tmp_path / f"r{s}.json") for s in codes}
    wait_for_lines(traces["0"], 8)
    clients["0"].kill()
    clients["0"].wait()
    assert finish(clients["1"])[0] == 0 and finish(clients["2"])[0] == 0
    assert finish(host)[0] == 0
    presence = [
        json.loads(line)
        for line in traces["1"].read_text("utf-8").splitlines()
        if '"presence"' in line
    ]
    assert any(a["seat"] == 0 and a["by_bot"] for p in presence for a in p["away"])


def test_a_resumed_table_whose_codes_are_lost_gets_new_ones_and_says_so(tmp_path: Path) -> None:
    record = tmp_path / "table.json"
    host, first = start_host(tmp_path, "--option", "months=3", "--record", str(record))
    host.kill()
    host.wait()
    (tmp_path / "table.json.codes").write_text("{not json", "utf-8")
    host, again = start_host(tmp_path, "--resume", str(record))
    host.kill()
    _, err = host.communicate(timeout=30)
    assert set(again["codes"]) == set(first["codes"]) and again["codes"] != first["codes"]
    assert "cannot be read: every seat gets a new code" in err
    assert "Traceback" not in err


def test_a_public_host_without_tls_warns_and_its_limits_are_options(
    capsys: Any, tmp_path: Path
) -> None:
    """``--public`` without a certificate says so in one line; ``--max-spectators 1`` lets one
    spectator watch and refuses the next."""
    import asyncio

    from hanafuda_tui.net.client import Connection, JoinError

    refused(capsys, "host", "--json", "--max-spectators", "0")
    host, listening = start_host(
        tmp_path, "--public", "--spectators", "--max-spectators", "1", "--option", "months=3"
    )

    async def watch() -> str:
        where = f"127.0.0.1:{listening['port']}"
        first = await Connection.open(where, listening["spectator"])
        try:
            await Connection.open(where, listening["spectator"])
        except JoinError as err:
            return str(err)
        finally:
            await first.close()
        return "both watch"

    second = asyncio.run(watch())
    host.kill()
    _, err = host.communicate()
    assert second == "this table has as many spectators as it takes"
    warnings = [line for line in err.splitlines() if "warning" in line]
    assert warnings == [
        "hanafuda: warning: --public without --certfile: anyone who can reach this machine can"
        " connect, and the table's traffic (codes included) is not encrypted"
    ]
