"""Measurement (run by hand, not a test): how much of a chance the strong search's choice gives
away, by a reference search of many worlds that judges every action by the same playouts.

    .venv/bin/python tests/measure_search.py RULESET DECISIONS WORLDS SPEC [SPEC ...]

DECISIONS decisions met in games of normal bots (seed 7000 on) are each valued by WORLDS sampled
worlds, every action tried in each with the learned policy's playout (aim=win); then each SPEC
(``strong:iterations=100``, ``strong:iterations=400``...) chooses, and its regret is
the reference's best value less the reference's value of its choice. The guess (the learned
policy's own choice) is given too. The reference shares the playouts' judgement, so it measures a
search's noise at its budget, not the playout policy's own error.
"""

from __future__ import annotations

import random
import statistics
import sys

from hanafuda_tui.bots import make_bot
from hanafuda_tui.bots.evaluators import evaluator_of
from hanafuda_tui.bots.learned import learned_action, shipped, table_of_game, table_of_view
from hanafuda_tui.bots.policy import seen_of_game, seen_of_view
from hanafuda_tui.bots.strong import StrongBot, twin_moves
from hanafuda_tui.core.determinize import build_game, sample_deal
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.rulesets import ruleset_class


def decisions(ruleset: str, wanted: int) -> list:
    out = []
    normal = make_bot("normal", random.Random(0))
    seed = 7000
    while len(out) < wanted:
        game = new_game(ruleset, random.Random(seed))
        game.logging = False
        while not game.finished and len(out) < wanted:
            legal = game.legal_actions()
            if len(legal) > 1:
                view = game.view(game.to_act, legal)
                if len(twin_moves(view, evaluator_of(view))) < len(legal) - 1 and seed % 2 == 0:
                    out.append(view)
                game.apply(normal.act(view))
            else:
                game.apply(legal[0])
        seed += 1
    return out


def reference(view, worlds: int) -> dict[int, float]:
    """Every action's mean value over ``worlds`` worlds, twins counted as their first."""
    bot = StrongBot(random.Random(1), iterations=1)
    ev = evaluator_of(view)
    weights = shipped(view.ruleset)
    year = ruleset_class(view.ruleset).year_length(view.options)
    value_of = bot._value_of(view, ev)
    play = bot._playout_policy(ev, weights, None, year)
    twins = twin_moves(view, ev)
    candidates = [a for a in view.legal if a not in twins]
    totals = dict.fromkeys(candidates, 0.0)
    rng = random.Random(5)
    for _ in range(worlds):
        hands, stock = sample_deal(view, rng)
        for a in candidates:
            game = build_game(view, hands, stock)
            game.apply(a)
            bot._playout(game, play)
            totals[a] += value_of(game.scores)
    out = {a: t / worlds for a, t in totals.items()}
    out.update({t: out[same] for t, same in twins.items()})
    return out


def main(ruleset: str, wanted: int, worlds: int, specs: list[str]) -> None:
    views = decisions(ruleset, wanted)
    regrets: dict[str, list[float]] = {s: [] for s in ["guess", *specs]}
    for n, view in enumerate(views):
        ref = reference(view, worlds)
        best = max(ref.values())
        ev = evaluator_of(view)
        guess = learned_action(shipped(ruleset), ev, seen_of_view(view), table_of_view(view))
        regrets["guess"].append(best - ref[guess])
        for spec in specs:
            choice = make_bot(spec, random.Random(n)).act(view)
            regrets[spec].append(best - ref[choice])
        print(n, {k: round(v[-1], 4) for k, v in regrets.items()}, flush=True)
    for k, v in regrets.items():
        se = statistics.stdev(v) / len(v) ** 0.5
        hit = sum(r == 0 for r in v)
        print(f"{k}: mean regret {statistics.fmean(v):.4f} ± {1.96 * se:.4f}, best {hit}/{len(v)}")


def recurrence(ruleset: str, wanted: int, worlds: int) -> None:
    """How often, at a budget of ``worlds`` worlds an action, the seat's later decisions in a
    month played out meet a position it already met (the same view) in an earlier world after the
    same first action: where an information-set tree below the first action could learn anything.
    """
    met = [0, 0, 0, 0]  # later decisions; seen before at least once, 3 times, 10 times
    for view in decisions(ruleset, wanted):
        bot = StrongBot(random.Random(1), iterations=1)
        ev = evaluator_of(view)
        weights = shipped(view.ruleset)
        year = ruleset_class(view.ruleset).year_length(view.options)
        play = bot._playout_policy(ev, weights, None, year)
        rng = random.Random(5)
        counts: dict[int, dict[tuple, int]] = {a: {} for a in view.legal}
        for _ in range(worlds):
            hands, stock = sample_deal(view, rng)
            for a in view.legal:
                game = build_game(view, hands, stock)
                game.apply(a)
                while bot._playout(game, play, stop_for=view.seat):
                    v = game.view(view.seat, game.legal_actions())
                    key = (v.phase, v.hand, v.field, v.captures, v.pending_card, v.legal)
                    n = counts[a].get(key, 0)
                    counts[a][key] = n + 1
                    met[0] += 1
                    met[1] += n >= 1
                    met[2] += n >= 3
                    met[3] += n >= 10
                    ranked = learned_action(
                        weights, ev, seen_of_game(game), table_of_game(game, year)
                    )
                    game.apply(ranked)
    print(
        f"{met[0]} later decisions: met before {met[1] / met[0]:.3f}, 3+ times {met[2] / met[0]:.3f}, 10+ times {met[3] / met[0]:.3f}"
    )


if __name__ == "__main__":
    if sys.argv[4:] == ["recurrence"]:
        recurrence(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
    else:
        main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:])
