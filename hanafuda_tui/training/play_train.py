"""``hanafuda train --play-net``: the play network (strong's ``playout=net``) by expert iteration.

Round 0's games and labels are ``play_labels``' own (the same seed makes the same labels):
self-play by the shipped learned policy, a share of its plays and takes valued by the search, its
playouts by the same policy. Each later round plays, and labels with a search playing out, by the
network of the round before (``play_labels --policy``). A round's network is fitted (``play_fit``,
numpy) to that round's labels but its last ``held`` shards, which judge it; it is kept in
``round-R/play.json``, and the last round's is written to ``--out`` (the package's shipped
network by default). Shards are written as they finish and the plan kept in ``plan.json``: the
same command resumes where it stopped, and a work directory answers only the command that began
it, or the same with more rounds (docs/bots.md, "The play network").
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import Field, model_validator

from ..bots.arena import end_if_orphaned
from ..bots.learned import Provenance
from ..bots.play_net import PlayNet, PlayNetError, read_play_net
from ..core.records import write_atomically
from .play_labels import PlayLabels, PlayShard, label_plays
from .run import Planned, TrainError, _commit, begin, label_shards, read_round, read_shard


class NetPlan(Planned):
    """The play network's training."""

    kind: str = "play-net"
    play_share: float = Field(gt=0.0, le=1.0)
    play_iterations: int = Field(ge=2, le=100_000)
    """Playouts a label."""
    held: int = Field(ge=1, le=9_999)
    """The last shards of each round held out of its fit, to judge it."""
    hidden: int = Field(ge=0, le=256)
    steps: int = Field(ge=1, le=100_000)
    """The fit's steps."""

    @model_validator(mode="after")
    def _some_to_fit(self) -> NetPlan:
        if self.held >= self.shards:
            raise ValueError("--held must be fewer than --shards")
        return self


def train_play_net(
    work: Path, plan: NetPlan, out: Path, jobs: int, say: Callable[[str], None]
) -> PlayNet:
    """Every round not yet written, then the last round's network to ``out``."""
    from .play_fit import MIN_FITTED, RIDGES, fit_and_judge  # numpy: the training extra

    begin(work, plan, f"{work} holds another training's plan: use another --work")
    commit = _commit()
    net: PlayNet | None = None
    before: Path | None = None
    for r in range(plan.rounds):
        folder = work / f"round-{r}"
        folder.mkdir(exist_ok=True)
        done = folder / "play.json"
        if done.exists():
            net = read_round(done, read_play_net, PlayNetError, plan.ruleset)
            before = done
            say(f"round {r + 1}/{plan.rounds}: done before")
            continue
        policy = None if before is None else str(before.resolve())
        shards = [
            PlayShard(
                plan.ruleset,
                plan.options,
                plan.seed,
                k,
                plan.games,
                plan.play_share,
                plan.play_iterations,
                policy,
                r,
            )
            for k in range(plan.shards)
            if not (folder / f"shard-{k}.json").exists()
        ]
        name = f"round {r + 1}/{plan.rounds}"
        label_shards(
            folder,
            shards,
            _label_job,
            plan.shards,
            name,
            jobs,
            lambda data: f"{len(data['plays'])} plays",
            say,
        )
        labels = [
            read_shard(folder / f"shard-{k}.json", PlayLabels, "a shard's labelled plays")
            for k in range(plan.shards)
        ]
        cut = plan.shards - plan.held
        fit_on = [p.model_dump() for shard in labels[:cut] for p in shard.plays]
        held_out = [p.model_dump() for shard in labels[cut:] for p in shard.plays]
        if len(fit_on) < MIN_FITTED or not held_out:
            raise TrainError(
                f"{name}: too few plays labelled to fit and to judge (fitted {len(fit_on)},"
                f" held out {len(held_out)}): give more --shards, --games or --play-share"
            )
        fitted, stats = fit_and_judge(
            plan.ruleset, fit_on, held_out, plan.seed + r, plan.hidden, plan.steps, RIDGES
        )
        cpu = sum(shard.cpu_seconds for shard in labels)
        provenance = Provenance(
            command=shlex.join(["hanafuda", "train", *sys.argv[2:]]),
            seed=plan.seed,
            commit=commit,
            rounds=r + 1,
            games=plan.shards * plan.games,
            round_cpu_seconds=round(cpu),
            **stats,
        )
        net = PlayNet(ruleset=plan.ruleset, net=fitted, provenance=provenance)
        write_atomically(done, net.model_dump_json(indent=1) + "\n")
        before = done
        say(f"{name}: {_judged(stats)}, {cpu / 60:.1f} CPU minutes")
    assert net is not None
    write_atomically(out, net.model_dump_json(indent=1) + "\n")
    return net


def _judged(stats: dict[str, Any]) -> str:
    """How the round's network played its held-out decisions, against the normal policy."""
    held = stats["held_out"]
    mine, normal = held["net"], held["normal"]
    return (
        f"{stats['decisions']:,} plays fitted; held out ({mine['decisions']:,.0f}),"
        f" the search's best played {mine['agrees']:.1%} (normal {normal['agrees']:.1%}),"
        f" value lost a play {mine['lost']:.5f} (normal {normal['lost']:.5f})"
    )


def _label_job(shard: PlayShard) -> tuple[PlayShard, dict[str, Any]]:
    end_if_orphaned()
    return shard, label_plays(shard)
