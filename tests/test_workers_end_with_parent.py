"""Worker processes of `sim --jobs` and `train --jobs` end with their parent however it ends
(SIGKILL too), quietly; a Ctrl+C keeps every game that had ended in the history."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from helpers.processes import alive

from hanafuda_tui.history import HistoryStore

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads /proc")

WAIT = 60.0
"""Seconds at most to wait for what must happen (it happens in far less)."""


def workers_of(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as f:
            return [int(x) for x in f.read().split()]
    except OSError:
        return []


def cpu_ticks(pid: int) -> int:
    """The CPU time a process has used, in clock ticks (user and system)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])


BUSY = os.sysconf("SC_CLK_TCK")
"""A worker that has used a second of CPU has its task (one waiting for one uses none)."""


def wait_for(condition, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"waited {WAIT:.0f} s for {what}"
        time.sleep(0.05)


def default_interrupt() -> None:
    """In the child before it runs: Ctrl+C at its default, as a shell leaves it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


TRAIN = textwrap.dedent(
    """
    import sys, types
    sys.modules["numpy"] = types.ModuleType("numpy")  # the fit is never reached
    from hanafuda_tui.cli import main
    sys.exit(main(sys.argv[1:]))
    """
)
COMMANDS = {
    "sim": [sys.executable, "-m", "hanafuda_tui.cli", "sim", "--ruleset", "koikoi2"]
    + ["--games", "1000", "--jobs", "2", "--bots", "strong:iterations=100000,random"],
    "train": [sys.executable, "-c", TRAIN, "train", "--ruleset", "koikoi2", "--jobs", "2"]
    + ["--shards", "4", "--stop-iterations", "100000", "--play-iterations", "100000"],
}
"""Each with work that would keep its two workers busy for minutes."""


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["sigkill", "sigterm"])
@pytest.mark.parametrize("command", ["sim", "train"])
def test_workers_end_with_their_parent_and_say_nothing(
    command: str, how: signal.Signals, tmp_path: Path
) -> None:
    argv = COMMANDS[command]
    if command == "train":
        argv = [*argv, "--work", str(tmp_path / "w"), "--out", str(tmp_path / "o.json")]
    err_file = tmp_path / "stderr"
    with err_file.open("w") as err:
        parent = subprocess.Popen(
            argv, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True
        )
    workers: list[int] = []
    try:
        wait_for(lambda: len(workers_of(parent.pid)) == 2, "two workers")
        workers = workers_of(parent.pid)
        wait_for(lambda: all(cpu_ticks(w) >= BUSY for w in workers), "the workers to work")
        os.kill(parent.pid, how)
        parent.wait(timeout=WAIT)
        wait_for(lambda: not any(alive(w) for w in workers), "the workers to end")
    finally:
        for pid in [parent.pid, *workers]:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        parent.wait(timeout=WAIT)
    said = err_file.read_text("utf-8")
    assert "Traceback" not in said and "Error" not in said, said


def test_ctrl_c_keeps_every_game_that_had_ended(tmp_path: Path) -> None:
    out_file = tmp_path / "stdout"
    env = {**os.environ, "HANAFUDA_DATA_DIR": str(tmp_path / "data")}
    with out_file.open("w") as out:
        sim = subprocess.Popen(
            [sys.executable, "-m", "hanafuda_tui.cli", "sim", "--ruleset", "koikoi2"]
            + ["--games", "1000000", "--jobs", "2", "--history", "--jsonl"],
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            start_new_session=True,
            preexec_fn=default_interrupt,
        )
    try:
        wait_for(lambda: out_file.stat().st_size > 0, "games to end")  # a pipe's buffer's worth
        os.killpg(sim.pid, signal.SIGINT)  # as a terminal sends it: to the whole group
        _, err = sim.communicate(timeout=WAIT)
    finally:
        if sim.poll() is None:
            os.killpg(sim.pid, signal.SIGKILL)
            sim.wait()
    ended = [json.loads(line) for line in out_file.read_text("utf-8").splitlines()]
    assert (sim.returncode, err) == (130, "hanafuda: interrupted\n")
    assert ended and all("game" in g for g in ended)
    kept = HistoryStore(tmp_path / "data").count()
    assert len(ended) <= kept <= len(ended) + 1  # a game ended while its line was printed
