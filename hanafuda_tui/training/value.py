"""Training the learned value (``hanafuda train --value``): expert iteration by self-play.

Round 0's games are played by the normal policy at every seat; each later round's by the strong
bot searching with the value of the round before (``search=value``, ``--search-iterations``
evaluations a decision). At a share of the decisions (``--positions``) every seat's view is
encoded (``bots.value.encode``); when the month ends each is labelled with its seat's chance to
finish the year first as the month left the scores (the strong search's own value of a month
played out). A round's network is fitted (``value_fit``, numpy) to the labels of that round and
the rounds before, and kept in ``round-R/value.json``; a shard's labels are written to
``round-R/shard-K.json`` as it finishes, so the same command resumes where it stopped. The plan is
kept in ``plan.json``: a work directory answers only the command that began it.
"""

from __future__ import annotations

import math
import random
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import BaseModel, Field

from ..bots.arena import end_if_orphaned
from ..bots.evaluators import evaluator_of
from ..bots.policy import normal_action, seen_of_view
from ..bots.strong import StrongBot
from ..bots.value import (
    ENCODING,
    ValueNet,
    ValueWeightsError,
    encode,
    read_value,
    value_path,
    win_chance,
)
from ..core.records import new_game, write_atomically
from ..core.rulesets import ruleset_class
from .run import (
    Planned,
    _commit,
    begin,
    label_shards,
    read_round,
    read_shard,
)


class ValuePlan(Planned):
    """The value's training (``shards``: those of round 0, the normal policy's cheap games)."""

    kind: str = "value"
    search_shards: int = Field(ge=1, le=10_000)
    """Shards of each round after it (the search's games)."""
    positions: float = Field(gt=0.0, le=1.0)
    """The share of decisions whose every seat's view is kept."""
    search_iterations: int = Field(ge=2, le=100_000)
    """Evaluations a decision of the search that plays rounds after the first."""
    hidden: int = Field(ge=4, le=256)


class ValueShard(NamedTuple):
    ruleset: str
    options: dict[str, Any]
    seed: int
    round: int
    k: int
    games: int
    positions: float
    search_iterations: int
    net: str | None
    """The round before's network as JSON (None: the normal policy plays)."""


class Positions(BaseModel):
    """A shard's labelled positions: each one's set card bits, numbers and label."""

    bits: list[list[int]]
    scalars: list[list[float]]
    y: list[float]
    games: int = Field(ge=0)
    cpu_seconds: float = Field(ge=0)


def label_value_shard(shard: ValueShard) -> dict[str, Any]:
    """Play the shard's games; every kept position with its month's outcome for its seat."""
    rng = random.Random(f"value/{shard.seed}/{shard.round}/{shard.k}")
    net = read_value(shard.net, shard.ruleset) if shard.net else None
    bits: list[list[int]] = []
    scalars: list[list[float]] = []
    y: list[float] = []
    start = time.process_time()
    for _ in range(shard.games):
        game = new_game(shard.ruleset, random.Random(rng.getrandbits(64)), shard.options)
        game.logging = False
        year = ruleset_class(shard.ruleset).year_length(game.options)
        bots = None
        if net is not None:
            bots = [
                StrongBot(
                    random.Random(rng.getrandbits(64)),
                    iterations=shard.search_iterations,
                    search="value",
                    playout="normal",
                )
                for _ in range(game.players)
            ]
            for bot in bots:
                bot.value_net = net
        month: list[tuple[int, list[int], list[float]]] = []
        done = len(game.results)
        left = max(0, year - game.month)
        spread = 0.0
        while not game.finished:
            legal = game.legal_actions()
            if len(legal) == 1:
                game.apply(legal[0])
            else:
                view = game.view(game.to_act, legal)
                if rng.random() < shard.positions:
                    for s in range(game.players):
                        e = encode(view if s == view.seat else game.view(s))
                        month.append((s, e.bits, [round(v, 5) for v in e.scalars]))
                ev = evaluator_of(view)
                spread = ev.spread
                if bots is None:
                    game.apply(normal_action(ev, seen_of_view(view)))
                else:
                    game.apply(bots[view.seat].act(view))
            if len(game.results) != done:
                scores = tuple(game.scores)
                for s, b, x in month:
                    bits.append(b)
                    scalars.append(x)
                    y.append(round(win_chance(scores, s, spread * math.sqrt(left)), 5))
                month = []
                done = len(game.results)
                left = max(0, year - game.month)
    return {
        "bits": bits,
        "scalars": scalars,
        "y": y,
        "games": shard.games,
        "cpu_seconds": round(time.process_time() - start, 2),
    }


def train_value(
    work: Path, plan: ValuePlan, out: Path, jobs: int, say: Callable[[str], None]
) -> ValueNet:
    """Every round not yet written, then the last round's network to ``out``."""
    from .value_fit import fit_value  # numpy: the training extra

    begin(work, plan, f"{work} holds another training's plan: use another --work")
    commit = _commit()
    net: ValueNet | None = None
    for r in range(plan.rounds):
        folder = work / f"round-{r}"
        folder.mkdir(exist_ok=True)
        count = _shards(plan, r)
        done = folder / "value.json"
        if done.exists():
            net = read_round(done, read_value, ValueWeightsError, plan.ruleset)
            say(f"round {r + 1}/{plan.rounds}: done before")
            continue
        shards = [
            ValueShard(
                plan.ruleset,
                plan.options,
                plan.seed,
                r,
                k,
                plan.games,
                plan.positions,
                plan.search_iterations,
                None if net is None else net.to_json(),
            )
            for k in range(count)
            if not (folder / f"shard-{k}.json").exists()
        ]
        _label(folder, shards, count, plan, r, jobs, say)
        data = [
            read_shard(work / f"round-{q}" / f"shard-{k}.json", Positions, "a shard's positions")
            for q in range(r + 1)
            for k in range(_shards(plan, q))
        ]
        cpu = sum(d.cpu_seconds for d in data)
        players = ruleset_class(plan.ruleset).seated(_options(plan))
        layers, stats = fit_value(
            [d.bits for d in data],
            [d.scalars for d in data],
            [d.y for d in data],
            players,
            plan.hidden,
            plan.seed + r,
        )
        provenance = {
            "command": shlex.join(["hanafuda", "train", *sys.argv[2:]]),
            "seed": plan.seed,
            "commit": commit,
            "rounds": r + 1,
            "encoding": ENCODING,
            "games": sum(_shards(plan, q) for q in range(r + 1)) * plan.games,
            "cpu_seconds": round(cpu),
            "fit": stats,
        }
        net = ValueNet(plan.ruleset, players, layers, provenance)
        write_atomically(done, net.to_json())
        say(
            f"round {r + 1}/{plan.rounds}: {stats['positions']:,} positions; held out,"
            f" log loss {stats['loss']:.4f} (the scores alone {stats['scores_loss']:.4f},"
            f" a constant {stats['constant_loss']:.4f}); {cpu / 60:.1f} CPU minutes"
        )
    assert net is not None
    write_atomically(out, net.to_json() + "\n")
    return net


def _shards(plan: ValuePlan, r: int) -> int:
    return plan.shards if r == 0 else plan.search_shards


def _options(plan: ValuePlan) -> Any:
    return ruleset_class(plan.ruleset).Options.model_validate(plan.options)


def _label(
    folder: Path,
    shards: Sequence[ValueShard],
    count: int,
    plan: ValuePlan,
    r: int,
    jobs: int,
    say: Callable[[str], None],
) -> None:
    label_shards(
        folder,
        shards,
        _label_job,
        count,
        f"round {r + 1}/{plan.rounds}",
        jobs,
        lambda data: f"{len(data['y'])} positions",
        say,
    )


def _label_job(shard: ValueShard) -> tuple[ValueShard, dict[str, Any]]:
    end_if_orphaned()
    return shard, label_value_shard(shard)


def default_value_out(ruleset: str) -> Path:
    return value_path(ruleset)
