"""Measurement (run by hand, not a test): what the stop decisions of a ruleset are worth, and how
much of it the shipped learned stop rule and the normal rule give away.

    .venv/bin/python tests/measure_stop_rule.py RULESET [GAMES] [FIRST_SEED]

Games of normal bots (default 40, seeds from 5000); at each stop decision (こいこい/勝負, あがり/下げ,
取消し) a search of 400 playouts with the normal policy and no confidence margin values both
answers. For all decisions and for those where the answers differ by 0.05 and 0.1 of a chance to
finish the year first: how often each rule gives the search's answer, and the chance it gives
away a decision on average (the search's values carry their own noise of about a hundredth).
"""

from __future__ import annotations

import random
import sys

from hanafuda_tui.bots import make_bot
from hanafuda_tui.bots.evaluation import GO_ON, STOP_FIRST
from hanafuda_tui.bots.evaluators import evaluator_of
from hanafuda_tui.bots.learned import is_stop_decision, learned_action, shipped, table_of_view
from hanafuda_tui.bots.policy import normal_action, seen_of_view
from hanafuda_tui.core import actions as act
from hanafuda_tui.core.game import PlayerView
from hanafuda_tui.core.records import new_game


def stop_views(ruleset: str, seed: int) -> list[PlayerView]:
    """The stop decisions met in one game of normal bots."""
    game = new_game(ruleset, random.Random(seed))
    game.logging = False
    out = []
    while not game.finished:
        legal = game.legal_actions()
        if len(legal) == 1:
            game.apply(legal[0])
            continue
        view = game.view(game.to_act, legal)
        if act.DECLARE not in legal and is_stop_decision(legal):
            out.append(view)
        game.apply(normal_action(evaluator_of(view), seen_of_view(view)))
    return out


def main(ruleset: str, games: int, first: int) -> None:
    weights = shipped(ruleset)
    if weights is None:
        sys.exit(f"no weights are shipped for {ruleset}")
    search = make_bot("strong:iterations=400:confidence=0:playout=normal", random.Random(2))
    rows: list[tuple[float, bool, bool]] = []
    """(value of stopping less value of going on, learned stops, normal stops)"""
    for seed in range(first, first + games):
        for view in stop_views(ruleset, seed):
            values = dict(search.ranked(view))
            stop = next(a for a in STOP_FIRST if a in view.legal)
            go = next(a for a in GO_ON if a in view.legal)
            ev, seen = evaluator_of(view), seen_of_view(view)
            learned = learned_action(weights, ev, seen, table_of_view(view)) == stop
            normal = ev.stop(view.seat, view.hand, view.captures, view.facts)
            rows.append((values[stop] - values[go], learned, normal))
        print(f"game {seed - first + 1}/{games}: {len(rows)} stop decisions", file=sys.stderr)
    print(f"{ruleset}: {len(rows)} stop decisions in {games} games")
    for margin in (0.0, 0.05, 0.1):
        cases = [r for r in rows if abs(r[0]) >= margin]
        n = max(1, len(cases))
        for i, rule in ((1, "learned"), (2, "normal")):
            agree = sum((r[0] > 0) == r[i] for r in cases)
            lost = sum(abs(r[0]) for r in cases if (r[0] > 0) != r[i]) / n
            print(
                f"  margin {margin:.2f}, {len(cases)} decisions: {rule} answers as the search "
                f"{agree}, gives away {lost:.4f} a decision"
            )


if __name__ == "__main__":
    main(
        sys.argv[1] if len(sys.argv) > 1 else "koikoi2",
        int(sys.argv[2]) if len(sys.argv) > 2 else 40,
        int(sys.argv[3]) if len(sys.argv) > 3 else 5000,
    )
