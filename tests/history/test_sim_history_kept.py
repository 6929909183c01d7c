"""`sim --history` into a database that stops taking games: every game that ended is kept or said
not kept, in one line with status 2, whatever the batch size."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys

import pytest
from helpers.cli import run

from hanafuda_tui.cli import sim
from hanafuda_tui.history import HistoryStore
from hanafuda_tui.tables.storage import data_dir

TAKES = 3
"""Games the database takes before it refuses more."""


def fill_after_three_games() -> int:
    """Make the data directory's history refuse every game after its third (as a full disk
    would); the games it holds now."""
    store = HistoryStore(data_dir())
    assert store.open()
    with sqlite3.connect(store.path) as conn:
        conn.execute(
            f"CREATE TRIGGER full BEFORE INSERT ON games WHEN (SELECT COUNT(*) FROM games) >= {TAKES}"
            " BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
        )
    conn.close()
    return store.count()


def not_kept(err: str) -> int:
    match = re.fullmatch(
        r"hanafuda: error: cannot keep history \((\d+) games? not kept\): .*\n", err
    )
    assert match, err
    return int(match[1])


def test_sim_history_of_a_few_games_into_a_full_database_says_which_were_not_kept() -> None:
    fill_after_three_games()
    done = subprocess.run(
        [sys.executable, "-m", "hanafuda_tui.cli", "sim", "--ruleset", "koikoi2"]
        + ["--option", "months=3", "--games", "5", "--history"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "HANAFUDA_DATA_DIR": str(data_dir())},
        check=False,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert not_kept(done.stderr) == 2
    assert "database or disk is full" in done.stderr
    assert HistoryStore(data_dir()).count() == TAKES


@pytest.mark.parametrize("batch", [1, 2, 4, 64])
def test_every_game_that_ended_is_kept_or_said_not_kept(
    batch: int, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    fill_after_three_games()
    monkeypatch.setattr(sim, "HISTORY_BATCH", batch)
    code, out, err = run(
        capsys, "sim", "--ruleset", "koikoi2", "--option", "months=3", "--games", "7",
        "--seed", "1", "--history", "--jsonl",
    )  # fmt: skip
    ended = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and ended and all("game" in g for g in ended)
    assert HistoryStore(data_dir()).count() + not_kept(err) == len(ended)
