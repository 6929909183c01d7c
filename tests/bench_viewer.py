"""Benchmark (run by hand, not a test): stepping through records and the strong bot's review.

    .venv/bin/python tests/bench_viewer.py [DECISIONS]

For each example record: the time to open it (every position marked), a step on and a step back
(the game at each position in turn, then in reverse: the core's replay to each), a play-on from
every tenth decision position; then the review's time a decision over DECISIONS (default 12) of the
first seat's decisions, at the review's budget.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from hanafuda_tui.core.records import load_record
from hanafuda_tui.review.judge import decisions, judge
from hanafuda_tui.review.play_on import play_on
from hanafuda_tui.review.positions import Positions

RECORDS = sorted((Path(__file__).resolve().parents[1] / "assets" / "records").glob("*.json"))


def main(sample: int) -> None:
    for path in RECORDS:
        record = load_record(path.read_text("utf-8"))
        name = path.stem.removesuffix("-example")
        start = time.perf_counter()
        positions = Positions(record)
        opened = time.perf_counter() - start
        n = len(positions)
        start = time.perf_counter()
        for k in range(n):
            positions.game_at(k)
        on = (time.perf_counter() - start) / n
        start = time.perf_counter()
        for k in reversed(range(n)):
            positions.game_at(k)
        back = (time.perf_counter() - start) / n
        open_at = [k for k in range(0, n - 1, 10) if not positions.game_at(k).is_over]
        start = time.perf_counter()
        for k in open_at:
            play_on(positions, k, positions.game_at(k).to_act, random.Random(k))
        again = (time.perf_counter() - start) / len(open_at)
        todo = decisions(record, 0)
        chosen = todo[:: max(1, len(todo) // sample)][:sample]
        start = time.perf_counter()
        for decision in chosen:
            judge(record, decision)
        judged = (time.perf_counter() - start) / len(chosen)
        print(
            f"{name:10} {n:4} positions: open {opened * 1e3:5.1f} ms, step on"
            f" {on * 1e6:4.0f} µs, step back {back * 1e3:5.2f} ms, play on {again * 1e3:5.1f} ms;"
            f" review {judged * 1e3:4.0f} ms a decision ({len(todo)} decisions of seat 1:"
            f" {judged * len(todo):4.1f} s)"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 12)
