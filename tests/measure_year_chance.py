"""Measurement (run by hand, not a test): how well the strong search's reading of month-end
scores (``chances.year_win_chance``, two seats' difference spreading by the ruleset's ``SPREAD``
times the root of the months left) foretells who finishes the year first.

    .venv/bin/python tests/measure_year_chance.py RULESET GAMES [SPEC ...]

GAMES games (seeds 8000 on) of SPEC bots (default: normal at every seat); after every month but
the last, each seat's chance by the scores is set against whether it finished the year first (a
shared top counting 1/k). Printed: the log loss at the measured spread times each factor and at
the spread fitted to the game's months so far (``chances.MonthSpread``, as ``strong:spread=fit``
reads), and at the measured spread the chances' calibration in tenths.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable

from hanafuda_tui.bots import make_bot
from hanafuda_tui.bots.chances import MonthSpread, year_win_chance
from hanafuda_tui.bots.evaluators import evaluator_of
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.rulesets import ruleset_class

FACTORS = (0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0)


def month_ends(
    ruleset: str, games: int, specs: list[str], spread: float
) -> list[tuple[tuple[int, ...], int, int, float, float]]:
    """(scores, months left, seat, its outcome, the spread fitted so far) at every month's end,
    for each seat."""
    out = []
    for seed in range(8000, 8000 + games):
        game = new_game(ruleset, random.Random(seed))
        game.logging = False
        players = game.players
        bots = [
            make_bot(specs[s % len(specs)], random.Random(seed * 7 + s)) for s in range(players)
        ]
        year = ruleset_class(ruleset).year_length(game.options)
        ends: list[tuple[tuple[int, ...], int, float]] = []
        fitted = MonthSpread(spread)
        fitted.see(1, tuple(game.scores))
        done = 0
        while not game.finished:
            legal = game.legal_actions()
            game.apply(
                legal[0]
                if len(legal) == 1
                else bots[game.to_act].act(game.view(game.to_act, legal))
            )
            if len(game.results) > done:
                done = len(game.results)
                left = year - done
                fitted.see(done + 1, tuple(game.scores))
                if left > 0 and not game.finished:
                    ends.append((tuple(game.scores), left, fitted.spread()))
        top = max(game.scores)
        firsts = [1.0 / game.scores.count(top) if s == top else 0.0 for s in game.scores]
        for scores, left, fit in ends:
            for seat in range(players):
                out.append((scores, left, seat, firsts[seat], fit))
    return out


def main(ruleset: str, games: int, specs: list[str]) -> None:
    game = new_game(ruleset, random.Random(0))
    spread = evaluator_of(game.view(game.to_act)).spread
    rows = month_ends(ruleset, games, specs or ["normal"], spread)
    print(f"{len(rows)} seat-months of {games} games; spread {spread}")

    def log_loss(month_spread: Callable[[float], float]) -> float:
        loss = 0.0
        for scores, left, seat, won, fit in rows:
            p = year_win_chance(scores, seat, month_spread(fit) * math.sqrt(left))
            p = min(1 - 1e-6, max(1e-6, p))
            loss -= won * math.log(p) + (1 - won) * math.log(1 - p)
        return loss / len(rows)

    for factor in FACTORS:
        print(f"spread × {factor}: log loss {log_loss(lambda _, f=factor: f * spread):.4f}")
    fits = [fit / spread for *_, fit in rows]
    print(
        f"fitted spread: log loss {log_loss(lambda fit: fit):.4f}"
        f" (factor mean {sum(fits) / len(fits):.2f})"
    )
    bins: list[list[float]] = [[0, 0.0, 0.0] for _ in range(10)]
    for scores, left, seat, won, _ in rows:
        p = year_win_chance(scores, seat, spread * math.sqrt(left))
        b = bins[min(9, int(p * 10))]
        b[0] += 1
        b[1] += p
        b[2] += won
    for k, (n, p, won) in enumerate(bins):
        if n:
            print(
                f"chance {k / 10:.1f}–{(k + 1) / 10:.1f}: {int(n)} seat-months, said {p / n:.3f}, finished first {won / n:.3f}"
            )


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3:])
