"""Training data from self-play: decisions met in games played by the policy being trained, each
labelled by the strong bot's search (pure Python; run in worker processes).

A shard is a few whole games, every seat played by the policy of the round (the normal policy in
round 0, the learned weights of the round before after it). At each stop decision (こいこい/勝負,
あがり/下げ, 取消し/続行) the search plays the month out from sampled worlds under both answers and
the label is the difference of the seat's chance to finish the year first (``aim=win``); at a
share of the plays and takes the search values every action (the same chance), and those values
are the label. Labels
read only the seat's view: the search samples the cards the seat cannot see.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Annotated, Any, NamedTuple

from pydantic import BaseModel, Field, model_validator

from ..bots.evaluation import GO_ON, STOP_FIRST, Evaluator
from ..bots.evaluators import evaluator_of
from ..bots.learned import (
    PLAY_FEATURES,
    STOP_FEATURES,
    Table,
    Weights,
    is_stop_decision,
    learned_action,
    play_features_of,
    stop_features,
    table_of_view,
)
from ..bots.play_net import Net, net_action
from ..bots.policy import Seen, normal_action, seen_of_view
from ..bots.strong import StrongBot
from ..core import actions as act
from ..core.game import PlayerView
from ..core.records import new_game


class Shard(NamedTuple):
    """One unit of work: ``games`` games of round ``round`` from seed ``f"{seed}/{round}/{k}"``."""

    ruleset: str
    options: dict[str, Any]
    seed: int
    round: int
    k: int
    games: int
    play_share: float
    """The share of plays and takes labelled (every stop decision is)."""
    stop_iterations: int
    play_iterations: int
    weights: str | None
    """The round's policy as weights JSON (None: the normal policy)."""


StopRow = Annotated[
    list[float], Field(min_length=len(STOP_FEATURES) + 1, max_length=len(STOP_FEATURES) + 1)
]
"""A stop decision's features, then the value of stopping less the value of going on."""
PlayRow = Annotated[
    list[float], Field(min_length=len(PLAY_FEATURES), max_length=len(PLAY_FEATURES))
]


class PlayState(BaseModel):
    """A play decision: each legal action's features (``x``) and its value (``v``)."""

    x: list[PlayRow] = Field(min_length=1)
    v: list[float]

    @model_validator(mode="after")
    def _a_value_an_action(self) -> PlayState:
        if len(self.v) != len(self.x):
            raise ValueError(f"{len(self.x)} actions but {len(self.v)} values")
        return self


class Labels(BaseModel):
    """What ``label_shard`` gives, as a shard's file holds it."""

    stop: list[StopRow]
    play: list[PlayState]
    games: int = Field(ge=0)
    cpu_seconds: float = Field(ge=0)


class Decision(NamedTuple):
    """A decision with a choice met in self-play, as the deciding seat sees it."""

    view: PlayerView
    ev: Evaluator
    seen: Seen
    table: Table


def self_play(
    ruleset: str,
    options: dict[str, Any],
    rng: random.Random,
    games: int,
    weights: Weights | None,
    net: Net | None = None,
) -> Iterator[Decision]:
    """Each decision with a choice in ``games`` games dealt from ``rng``, forced actions applied;
    once the caller has looked at it, the learned policy of ``weights`` (the normal policy's where
    None) decides it, or the play network ``net`` where given and the decision is a play or
    take."""
    for _ in range(games):
        game = new_game(ruleset, random.Random(rng.getrandbits(64)), options)
        game.logging = False
        while not game.finished:
            legal = game.legal_actions()
            if len(legal) == 1:
                game.apply(legal[0])
                continue
            view = game.view(game.to_act, legal)
            met = Decision(view, evaluator_of(view), seen_of_view(view), table_of_view(view))
            yield met
            if net is not None and min(legal) < act.DECLARE:
                game.apply(net_action(net, met.ev, met.seen, met.table))
            elif weights is None:
                game.apply(normal_action(met.ev, met.seen))
            else:
                game.apply(learned_action(weights, met.ev, met.seen, met.table))


def label_shard(shard: Shard) -> dict[str, Any]:
    """Play the shard's games and label their decisions: ``stop`` rows are the stop features
    with the value of stopping less the value of going on; ``play`` rows are each action's play
    features and its value."""
    weights = Weights.model_validate_json(shard.weights) if shard.weights else None
    rng = random.Random(f"{shard.seed}/{shard.round}/{shard.k}")
    stop_search = _searcher(rng, shard.stop_iterations, weights)
    play_search = _searcher(rng, shard.play_iterations, weights)
    stops: list[list[float]] = []
    plays: list[dict[str, Any]] = []
    start = time.process_time()
    for view, ev, seen, table in self_play(shard.ruleset, shard.options, rng, shard.games, weights):
        legal = view.legal
        if act.DECLARE not in legal and is_stop_decision(legal):
            values = dict(stop_search.ranked(view))
            stop = next(a for a in STOP_FIRST if a in legal)
            go = next(a for a in GO_ON if a in legal)
            stops.append([*stop_features(ev, seen, table), values[stop] - values[go]])
        elif min(legal) < act.DECLARE and rng.random() < shard.play_share:
            values = dict(play_search.ranked(view))
            features = play_features_of(ev, seen)
            plays.append({"x": [features(a) for a in legal], "v": [values[a] for a in legal]})
    return {
        "stop": stops,
        "play": plays,
        "games": shard.games,
        "cpu_seconds": round(time.process_time() - start, 2),
    }


def _searcher(rng: random.Random, iterations: int, weights: Weights | None) -> StrongBot:
    """The search that labels: no confidence margin (its estimates as they are), playouts by
    the round's policy."""
    bot = StrongBot(
        rng,
        iterations=iterations,
        confidence=0,
        playout="normal" if weights is None else "learned",
    )
    bot.model = weights
    return bot
