"""Play decisions labelled by the strong bot's search, kept as the positions themselves (pure
Python; worker processes).

``states.label_shard`` keeps each action's nine play features; the play network reads more
(``bots.play_net``), and what it reads may change, so here a labelled decision keeps what the
seat saw (hand, field, everyone's captures, the waiting card, the table's public numbers) and the
search's value of each legal action. Games are self-play by the shipped learned policy (what
``strong`` plays out with), and the search that labels plays out with it too, with no confidence
margin (its estimates as they are). With ``--policy FILE`` a play network plays the games' plays
and takes and the search's playouts instead: a round of expert iteration on that network
(``docs/bots.md``, "The play network").
"""

from __future__ import annotations

import random
import time
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..bots.learned import Weights, shipped
from ..bots.learned_file import file_text
from ..bots.play_net import PlayNetError, play_net_file, read_play_net
from ..bots.strong import StrongBot
from ..core import actions as act
from ..core.cards import ALL_CARDS
from .states import self_play


class PlayShard(NamedTuple):
    """``games`` games from seed ``f"{seed}/play/{k}"``, a ``share`` of their plays labelled."""

    ruleset: str
    options: dict[str, Any]
    seed: int
    k: int
    games: int
    share: float
    iterations: int
    policy: str | None = None
    """A play network's file (``strong:policy=FILE``): the games' plays and the search's
    playouts by it (None: by the learned policy)."""
    round: int = 0
    """The round of ``hanafuda train --play-net`` (its first round's games are those of this
    module's command with the same seed)."""


class LabelledPlay(BaseModel):
    """A labelled play or take (``position``), with the search's value of each legal action."""

    model_config = ConfigDict(extra="forbid")

    seat: int = Field(ge=0, le=5)
    legal: list[int] = Field(min_length=1)
    hand: int = Field(ge=0)
    field: int = Field(ge=0)
    captures: list[int]
    pending: int
    scores: list[int]
    left: int = Field(ge=0)
    stock: int = Field(ge=0)
    v: list[float]

    @model_validator(mode="after")
    def _a_value_an_action(self) -> LabelledPlay:
        if len(self.v) != len(self.legal):
            raise ValueError("one value a legal action")
        if not all(a < 48 or act.TAKE <= a < act.TAKE + 48 for a in self.legal):
            raise ValueError("a labelled action is a card played or taken")
        cards = [self.hand, self.field, *self.captures]
        if any(c > ALL_CARDS for c in cards) or not -1 <= self.pending < 48:
            raise ValueError("cards are of the 48")
        return self


class PlayLabels(BaseModel):
    """A shard's labelled plays as ``label_plays`` writes them."""

    ruleset: str
    plays: list[LabelledPlay]
    games: int = Field(ge=0)
    cpu_seconds: float = Field(ge=0)


def position(view_seat: int, seen: Any, table: Any) -> dict[str, Any]:
    """What a play decision's features are read from, as plain numbers."""
    return {
        "seat": view_seat,
        "legal": list(seen.legal),
        "hand": seen.hand,
        "field": seen.field,
        "captures": list(seen.captures),
        "pending": seen.pending,
        "scores": list(table.scores),
        "left": table.left,
        "stock": table.stock,
    }


def label_plays(shard: PlayShard) -> dict[str, Any]:
    """Play the shard's games by the shipped learned policy (the normal policy where none is
    shipped), or by the shard's play network at plays and takes, and label a share of their
    plays and takes with the search's value of every legal action (its playouts by the same
    policy)."""
    weights: Weights | None = shipped(shard.ruleset)
    net = None if shard.policy is None else play_net_file(shard.policy).net
    later = f"{shard.round}/" if shard.round else ""
    rng = random.Random(f"{shard.seed}/play/{later}{shard.k}")
    search = StrongBot(rng, iterations=shard.iterations, confidence=0, policy=shard.policy)
    plays: list[dict[str, Any]] = []
    start = time.process_time()
    games = self_play(shard.ruleset, shard.options, rng, shard.games, weights, net)
    for view, _, seen, table in games:
        legal = view.legal
        if min(legal) < act.DECLARE and rng.random() < shard.share:
            values = dict(search.ranked(view))
            plays.append({**position(view.seat, seen, table), "v": [values[a] for a in legal]})
    return {
        "ruleset": shard.ruleset,
        "plays": plays,
        "games": shard.games,
        "cpu_seconds": round(time.process_time() - start, 2),
    }


def main(argv: list[str] | None = None) -> int:
    """``python -m hanafuda_tui.training.play_labels``: label shards into ``--work`` (one file a
    shard, ``plays-K.json``, skipped when already written: the same command resumes)."""
    import argparse
    import json
    import sys
    from pathlib import Path

    from ..core.records import write_atomically

    parser = argparse.ArgumentParser(prog="python -m hanafuda_tui.training.play_labels")
    parser.add_argument("--ruleset", default="koikoi2")
    parser.add_argument("--work", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shards", type=int, default=10)
    parser.add_argument("--games", type=int, default=1, help="games a shard")
    parser.add_argument("--share", type=float, default=0.5, help="share of plays labelled")
    parser.add_argument("--iterations", type=int, default=200, help="playouts a label")
    parser.add_argument("--months", type=int, help="months a game (default: the ruleset's)")
    parser.add_argument("--policy", help="a play network's file: the games and playouts by it")
    args = parser.parse_args(argv)
    from ..core.rulesets import UnknownRuleset, ruleset_class

    try:
        ruleset_class(args.ruleset)
        if args.policy is not None:
            read_play_net(file_text(args.policy, "play network", PlayNetError), args.ruleset)
    except (UnknownRuleset, PlayNetError) as err:
        print(f"play_labels: {err}", file=sys.stderr)
        return 2
    options = {} if args.months is None else {"months": args.months}
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    try:
        for k in range(args.shards):
            out = work / f"plays-{k}.json"
            if out.exists():
                continue
            shard = PlayShard(
                args.ruleset,
                options,
                args.seed,
                k,
                args.games,
                args.share,
                args.iterations,
                args.policy,
            )
            data = label_plays(shard)
            write_atomically(out, json.dumps(data))
            print(
                f"shard {k + 1}/{args.shards}: {len(data['plays'])} plays,"
                f" {data['cpu_seconds']:.0f} s",
                flush=True,
            )
    except KeyboardInterrupt:
        print("play_labels: stopped; the same command goes on", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
