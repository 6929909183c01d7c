"""`hanafuda sim` over many games: the same memory for any --games, totals streamed with --jsonl,
one line and no worker left behind on Ctrl+C or SIGTERM, progress on a terminal only."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
import tracemalloc

import pytest
from helpers.cli import run
from helpers.processes import alive

from hanafuda_tui import cli
from hanafuda_tui.bots import arena as tournament
from hanafuda_tui.bots.arena import Played, Times
from hanafuda_tui.cli import sim as sim_command


def fake_play_set(plan: tournament.Plan, k: int) -> list[Played]:
    """A game as a deal set gives it, at once: what the standings keep of it is what is measured."""
    times = []
    for seat in range(len(plan.specs)):
        t = Times()
        t.add([0.01 * (k % 97 + seat + 1)] * 40)
        times.append(t)
    scores = (k % 7 - 3, 3 - k % 7, 0)
    return [Played((0, 1, 2), scores, 12, k, times)]


def peak_of_sim(monkeypatch, games: int, *flags: str) -> int:
    """The peak of memory allocated while sim runs, what it prints going to /dev/null."""
    with open(os.devnull, "w", encoding="utf-8") as devnull:
        monkeypatch.setattr(sys, "stdout", devnull)
        tracemalloc.start()
        try:
            code = cli.main(["sim", "--games", str(games), *flags])
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
            monkeypatch.undo()
    assert code == 0
    return peak


@pytest.mark.long
@pytest.mark.parametrize("flags", [(), ("--json",), ("--jsonl",)], ids=["text", "json", "jsonl"])
def test_sim_memory_is_the_same_for_any_number_of_games(monkeypatch, flags):
    """(--json lists each game's totals up to MAX_TOTALS games: above that, no more memory.)"""
    monkeypatch.setattr(sim_command, "MAX_TOTALS", 1_000)
    monkeypatch.setattr(tournament, "play_set", fake_play_set)
    small = peak_of_sim(monkeypatch, 2_000, *flags)
    monkeypatch.setattr(sim_command, "MAX_TOTALS", 1_000)
    monkeypatch.setattr(tournament, "play_set", fake_play_set)
    large = peak_of_sim(monkeypatch, 20_000, *flags)
    assert large < small + (256 << 10), (small, large)


def test_sim_json_lists_totals_up_to_its_limit_and_jsonl_streams_them(capsys, monkeypatch):
    monkeypatch.setattr(sim_command, "MAX_TOTALS", 5)
    under = json.loads(run(capsys, "sim", "--games", "5", "--seed", "2", "--json")[1])
    over = json.loads(run(capsys, "sim", "--games", "6", "--seed", "2", "--json")[1])
    code, out, err = run(capsys, "sim", "--games", "6", "--seed", "2", "--jsonl")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and err == "" and len(lines) == 7
    assert len(under["totals"]) == 5 and over["totals"] is None and over["games"] == 6
    assert [g["game"] for g in lines[:-1]] == list(range(6))
    assert [g["totals"] for g in lines[:5]] == under["totals"]
    summary = lines[-1]
    assert "totals" not in summary and summary["games"] == 6
    assert summary["months"] == sum(g["months"] for g in lines[:-1])


def test_jsonl_numbers_every_game_of_every_deal_set(capsys):
    argv = ("sim", "--games", "6", "--seed", "4", "--bots", "easy,random,random")
    whole = json.loads(run(capsys, *argv, "--json")[1])
    lines = [json.loads(line) for line in run(capsys, *argv, "--jsonl")[1].splitlines()]
    assert [g["game"] for g in lines[:-1]] == list(range(6))
    assert [g["deal_set"] for g in lines[:-1]] == [0, 0, 0, 1, 1, 1]
    assert [g["totals"] for g in lines[:-1]] == whole["totals"]


def test_json_and_jsonl_together_are_refused(capsys):
    code, out, err = run(capsys, "sim", "--json", "--jsonl")
    assert code == 2 and out == "" and err.count("\n") == 1


def test_decision_times_are_binned_to_one_percent():
    t = Times()
    values = [0.0, 0.5, 1.0, 2.0, 3.0, 10.0, 100.0, 1000.0]
    t.add(values * 10)
    exact = sorted(values * 10)
    got = t.percentiles()
    assert got["max"] == 1000.0 and t.count == 80
    for q, key in ((0.5, "p50"), (0.95, "p95")):
        want = exact[int(q * len(exact))]
        assert want / 1.01 - 0.001 <= got[key] <= want


def test_decision_times_held_as_they_are_stay_few(monkeypatch):
    monkeypatch.setattr(tournament, "FOLD_AT", 100)
    t = Times()
    for k in range(1, 1001):
        t.add([k / 100] * 3)
        assert len(t.pending) < 100
    assert t.count == 3000 and len(t.bins) < 700
    got = t.percentiles()
    assert got["max"] == 10.0
    for key, exact in (("p50", 5.01), ("p95", 9.51)):  # the 1500th and the 2850th of 3000
        assert exact / 1.01 <= got[key] <= exact


def workers_of(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as f:
            return [int(x) for x in f.read().split()]
    except OSError:
        return []


def default_interrupt() -> None:
    """In the child before it runs: Ctrl+C at its default, as a shell leaves it for a command it
    starts, whatever the test's own process does with SIGINT (a child inherits an ignored one)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads /proc")
@pytest.mark.parametrize(
    ("how", "status", "line"),
    [("ctrl-c", 130, "hanafuda: interrupted\n"), ("sigterm", 143, "hanafuda: terminated\n")],
)
def test_a_stopped_sim_over_workers_says_one_line_and_leaves_no_worker(how, status, line):
    sim = subprocess.Popen(
        [sys.executable, "-m", "hanafuda_tui.cli", "sim", "--games", "1000000", "--jobs", "4"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=default_interrupt,
    )
    try:
        deadline = time.monotonic() + 30
        while len(workers_of(sim.pid)) < 4 and time.monotonic() < deadline:
            time.sleep(0.05)
        workers = workers_of(sim.pid)
        assert len(workers) == 4
        time.sleep(1.0)  # the workers are playing
        if how == "ctrl-c":  # a terminal sends it to the whole foreground group
            os.killpg(sim.pid, signal.SIGINT)
        else:
            os.kill(sim.pid, signal.SIGTERM)
        out, err = sim.communicate(timeout=30)
        deadline = time.monotonic() + 5
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = [w for w in workers if alive(w)]
    finally:
        if sim.poll() is None:
            os.killpg(sim.pid, signal.SIGKILL)
            sim.wait()
    for w in left:
        os.kill(w, signal.SIGKILL)
    assert (sim.returncode, out, err, left) == (status, "", line, [])


def sim_on_a_terminal(*flags: str) -> tuple[int, str]:
    """Run sim with stderr on a pseudo-terminal of 100×24; its status and what the terminal got."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100"}
    env.pop("NO_COLOR", None)
    sim = subprocess.Popen(
        [sys.executable, "-m", "hanafuda_tui.cli", "sim", *flags],
        stdout=subprocess.DEVNULL,
        stderr=slave,
        env=env,
    )
    os.close(slave)
    seen = b""
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 60)
            if not ready:
                break
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:  # the other side closed
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(master)
        sim.wait(timeout=60)
    return sim.returncode, seen.decode("utf-8", "replace")


def test_a_long_sim_shows_its_progress_on_a_terminal():
    code, seen = sim_on_a_terminal("--games", "100", "--seed", "1")
    assert code == 0
    assert "/100" in seen and "games/s" in seen and "left" in seen


@pytest.mark.long
def test_no_progress_with_json_or_when_stderr_is_not_a_terminal(capsys):
    """As many games as the test above, where the same sim shows its progress."""
    code, seen = sim_on_a_terminal("--games", "100", "--seed", "1", "--json")
    assert code == 0 and seen == ""
    done = subprocess.run(
        [sys.executable, "-m", "hanafuda_tui.cli", "sim", "--games", "100", "--seed", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == ""
