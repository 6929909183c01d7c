"""Benchmark (run by hand, not a test): what a playout costs with the learned policy against the
normal policy, in the same sampled worlds.

    .venv/bin/python tests/bench_playout.py [DECISIONS] [ITERATIONS]

For each ruleset: DECISIONS (default 60) decisions met in games of normal bots, each searched by
``strong:iterations=ITERATIONS`` (default 200) with each playout policy and the same seed; the
time of a playout is the search's time over its playouts. Run it twice: the figures of a shared
machine move by a few per cent.
"""

from __future__ import annotations

import random
import sys
import time

from hanafuda_tui.bots import make_bot
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.rulesets import RULESETS


def decisions(ruleset: str, wanted: int) -> list:
    out = []
    normal = make_bot("normal", random.Random(0))
    seed = 0
    while len(out) < wanted:
        game = new_game(ruleset, random.Random(seed))
        game.logging = False
        while not game.finished and len(out) < wanted:
            legal = game.legal_actions()
            if len(legal) > 1:
                view = game.view(game.to_act, legal)
                if seed % 3 == 0 or len(out) % 4 == 0:
                    out.append(view)
                game.apply(normal.act(view))
            else:
                game.apply(legal[0])
        seed += 1
    return out


def main(wanted: int, iterations: int) -> None:
    for ruleset in RULESETS:
        views = decisions(ruleset, wanted)
        row = [ruleset]
        times = {}
        for playout in ("normal", "learned"):
            bot = make_bot(f"strong:iterations={iterations}:playout={playout}", random.Random(1))
            start = time.perf_counter()
            for view in views:
                bot.ranked(view)
            times[playout] = (time.perf_counter() - start) / (len(views) * iterations)
            row.append(f"{playout} {times[playout] * 1e6:.0f} µs a playout")
        row.append(f"ratio {times['learned'] / times['normal']:.2f}")
        print(", ".join(row), flush=True)


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 60,
        int(sys.argv[2]) if len(sys.argv) > 2 else 200,
    )
