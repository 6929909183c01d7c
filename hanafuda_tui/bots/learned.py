"""The learned policy: a linear stop rule and a linear play policy over features of what a seat
sees, with weights trained by ``hanafuda train`` from the strong bot's own search and shipped as
JSON beside this module (``weights/<ruleset>.json``, with how they were made).

Every feature is read from a ``Seen`` (the seat's hand, the field its cards meet, everyone's
captures, its public facts) and the public numbers of the table (``Table``: scores, months left,
cards left in the stock), never from a hidden card: the same function serves a real view and a
search's imagined world. The stop rule answers こいこい/勝負, 八八's あがり/下げ and 取消し/続行: stop
when ``w · stop_features ≥ 0``; the play policy plays the card (or takes the field card) whose
``w · play_features`` is highest. Both start from the normal policy's own terms (its stop answer
is a feature, and its capture value is the first play features), so the untrained weights play
as ``normal`` does. Pure Python: a dot product over a few dozen numbers needs no library.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from operator import mul
from pathlib import Path
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..core import actions as act
from ..core.cards import ALL_CARDS, MONTH_MASK, POINTS, cards_of
from ..core.game import Game, PlayerView
from ..core.table import matches
from .evaluation import GO_ON, STOP_FIRST, Evaluator
from .learned_file import checked_model, shipped_file
from .policy import DENY, Seen, _lay_risk, _named, normal_action

STOP_FEATURES = (
    "bias",
    "normal_stops",
    "score_now",
    "score_now_squared",
    "own_one_away",
    "own_one_away_unseen",
    "own_one_away_in_reach",
    "best_next_gain",
    "others_one_away",
    "threatened",
    "others_best_score",
    "hand_size",
    "stock_size",
    "months_left",
    "last_month",
    "lead",
    "called_self",
    "called_other",
    "own_potential",
    "others_potential",
    "score_now_by_months_left",
    "lead_by_score_now",
    "players",
)
"""The stop rule's features, in order (``stop_features``); amounts are in the ruleset's month
spread (``Evaluator.spread``), counts are plain."""

PLAY_FEATURES = (
    "own_gain",
    "denial",
    "lay_risk",
    "lays",
    "points_taken",
    "card_points",
    "hatto",
    "month_pair_in_hand",
    "month_unseen",
)
"""The play policy's features of one action, in order (``play_features_of``)."""


class Table(NamedTuple):
    """The public numbers a stop decision weighs besides what ``Seen`` holds."""

    scores: Sequence[int]
    left: int
    """Months still to be played after this one."""
    stock: int
    """Cards left in the stock."""


def table_of_view(view: PlayerView) -> Table:
    left = view.rules.year_length(view.options) - view.month
    return Table(view.scores, max(0, left), view.stock_count)


def table_of_game(game: Game, year: int) -> Table:
    """A search's imagined game, ``year`` its year's length in months."""
    return Table(game.scores, max(0, year - game.month), len(game.stock) - game.stock_pos)


# -- features --------------------------------------------------------------------------------


_FIRST_OF_MONTHS = sum(1 << 4 * m for m in range(12))
"""The first card of every month (cards ``4m``..``4m + 3`` are month ``m``)."""


def _months(cards: int) -> int:
    """Every card of each month ``cards`` holds a card of."""
    folded = cards | cards >> 1 | cards >> 2 | cards >> 3
    return (folded & _FIRST_OF_MONTHS) * 15


def stop_features(ev: Evaluator, seen: Seen, table: Table) -> list[float]:
    """``STOP_FEATURES`` of a stop decision, from the seat's ``Seen`` and the table's numbers."""
    seat, caps, hand = seen.seat, seen.captures, seen.hand
    mine = caps[seat]
    others = 0
    for s, c in enumerate(caps):
        if s != seat:
            others |= c
    unit = ev.spread
    now = ev.score(mine)
    own_potential, near = ev.reach(mine, ALL_CARDS & ~others)
    field = seen.field
    in_reach = near & (field & _months(hand) | hand & _months(field))
    best_next = 0
    for c in cards_of(near):
        best_next = max(best_next, ev.score(mine | 1 << c) - now)
    everyone = others | mine
    threat = 0
    others_best = 0
    others_potential = 0.0
    for s, c in enumerate(caps):
        if s == seat:
            continue
        potential, one_away = ev.reach(c, ALL_CARDS & ~everyone | c)
        threat = max(threat, one_away.bit_count())
        others_best = max(others_best, ev.score(c))
        others_potential = max(others_potential, potential)
    scores = table.scores
    best_other = max(v for s, v in enumerate(scores) if s != seat)
    lead = (scores[seat] - best_other) / (unit * math.sqrt(table.left + 1))
    called = seen.facts.called()
    called_self = 1.0 if called and called[seat] else 0.0
    called_other = 1.0 if any(v for s, v in enumerate(called) if s != seat) else 0.0
    normal = 1.0 if ev.stop(seat, hand, caps, seen.facts) else 0.0
    score_now = now / unit
    return [
        1.0,
        normal,
        score_now,
        score_now * score_now,
        float(near.bit_count()),
        float((near & ~(hand | field)).bit_count()),
        float(in_reach.bit_count()),
        best_next / unit,
        float(threat),
        1.0 if threat else 0.0,
        others_best / unit,
        hand.bit_count() / 8,
        table.stock / 24,
        table.left / 12,
        1.0 if table.left == 0 else 0.0,
        lead,
        called_self,
        called_other,
        own_potential / unit,
        others_potential / unit,
        score_now * table.left / 12,
        lead * score_now,
        len(caps) / 6,
    ]


def play_features_of(ev: Evaluator, seen: Seen) -> Callable[[int], list[float]]:
    """``PLAY_FEATURES`` of each play (a hand card) or take (a field card for the waiting card)
    of one decision, what every action shares reckoned once. A card meeting two field cards is
    judged by the better of the two takes (by the normal policy's value), as the take is chosen
    next."""
    hand, field, seat, caps = seen.hand, seen.field, seen.seat, seen.captures
    mine = caps[seat]
    rivals = [c for s, c in enumerate(caps) if s != seat]
    others = 0
    for c in rivals:
        others |= c
    own_open = ALL_CARDS & ~others
    their_open = ALL_CARDS & ~(others | mine)
    visible = hand | field | others | mine
    warnings = seen.facts.warnings()
    hatto_weight = ev.hatto_weight
    gain = ev.gain

    def features(action: int) -> list[float]:
        if action >= act.TAKE:
            card = seen.pending
            targets = [1 << card | 1 << (action - act.TAKE)]
            pair = 0.0
            hatto = 0.0
        else:
            card = action
            met = matches(field, card)
            if met.bit_count() == 2:
                targets = [1 << card | 1 << t for t in cards_of(met)]
            else:
                targets = [1 << card | met] if met else []
            pair = 1.0 if hand & MONTH_MASK[card >> 2] & ~(1 << card) else 0.0
            warning = warnings.get(card) if warnings else None
            hatto = hatto_weight * warning[0].value if warning and not warning[1] else 0.0
        unseen = (MONTH_MASK[card >> 2] & ~visible).bit_count() / 4
        points = POINTS[card] / 20
        if not targets:
            risk = _lay_risk(ev, seen, card, others)
            return [0.0, 0.0, risk, 1.0, 0.0, points, hatto, pair, unseen]
        best: list[float] = []
        best_value = -math.inf
        for new in targets:
            own = gain(mine, new, own_open)
            denial = 0.0
            for c in rivals:
                denial += gain(c, new, their_open | c)
            value = own + DENY * denial
            if value > best_value:
                best_value = value
                taken = sum(POINTS[c] for c in cards_of(new)) - POINTS[card]
                best = [own, denial, 0.0, 0.0, taken / 20, points, hatto, pair, unseen]
        return best

    return features


# -- the model -------------------------------------------------------------------------------


class Linear(BaseModel):
    """Weights over named features (the names must be the module's, in its order)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    features: tuple[str, ...]
    weights: tuple[float, ...]

    @model_validator(mode="after")
    def _same_length(self) -> Linear:
        if len(self.features) != len(self.weights):
            raise ValueError("one weight per feature")
        if not all(math.isfinite(w) for w in self.weights):
            raise ValueError("weights must be finite")
        return self


class Provenance(BaseModel):
    """How a weights file was made: ``hanafuda train``'s command, seed and commit, and what the
    training saw."""

    model_config = ConfigDict(extra="allow")

    command: str
    seed: int
    commit: str
    rounds: int = Field(ge=0)


class Weights(BaseModel):
    """A ruleset's learned stop rule and play policy (``weights/<ruleset>.json``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    ruleset: str
    stop: Linear | None = None
    """None: the ruleset asks no stop decision, or none was learned (the normal rule answers)."""
    play: Linear
    provenance: Provenance

    @model_validator(mode="after")
    def _known_features(self) -> Weights:
        if self.stop is not None and self.stop.features != STOP_FEATURES:
            raise ValueError("the stop rule's features are not this version's")
        if self.play.features != PLAY_FEATURES:
            raise ValueError("the play policy's features are not this version's")
        return self


NORMAL_PLAY = Linear(
    features=PLAY_FEATURES, weights=(1.0, DENY, -1.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0)
)
"""The normal policy's capture value as play weights: its own gain, a quarter of the denial, less
the risk of a laid card and the 法度 at stake."""
NORMAL_WEIGHTS = NORMAL_PLAY.weights


class WeightsError(ValueError):
    pass


WEIGHTS = Path(__file__).resolve().parent / "weights"
"""The shipped weights, one file a ruleset (``<ruleset>.json``)."""


@functools.cache
def shipped(ruleset: str) -> Weights | None:
    """The weights shipped for ``ruleset`` (None: none shipped; the strong bot then plays out
    with the normal policy). A shipped file damaged since it was installed says so in one line
    on stderr, once, and the game goes on as if none were shipped."""
    return shipped_file(
        WEIGHTS / f"{ruleset}.json",
        lambda text: read_weights(text, ruleset),
        WeightsError,
        "plays out with the normal policy",
    )


def read_weights(text: str, ruleset: str) -> Weights:
    """Weights from JSON text, checked: a file that is not this version's weights for
    ``ruleset`` (any ruleset: '') is a ``WeightsError`` with one line saying why."""
    return checked_model(Weights, text, "weights", "are", ruleset, WeightsError)


def _dot(w: Sequence[float], x: Sequence[float]) -> float:
    return sum(map(mul, w, x))


def learned_stops(weights: Weights, ev: Evaluator, seen: Seen, table: Table) -> bool:
    """The learned stop rule (the normal rule where none was learned)."""
    if weights.stop is None:
        return ev.stop(seen.seat, seen.hand, seen.captures, seen.facts)
    return _dot(weights.stop.weights, stop_features(ev, seen, table)) >= 0.0


def is_stop_decision(legal: Sequence[int]) -> bool:
    return any(a in legal for a in STOP_FIRST) and any(a in legal for a in GO_ON)


def learned_action(weights: Weights, ev: Evaluator, seen: Seen, table: Table) -> int:
    """The learned policy's action: its stop rule at a stop decision, its play weights for a play
    or take, the normal policy's answer elsewhere (teyaku, 出る・下る)."""
    legal = seen.legal
    low = min(legal)
    if low >= act.DECLARE:
        if act.DECLARE not in legal and is_stop_decision(legal):
            return _named(legal, stop=learned_stops(weights, ev, seen, table))
        return normal_action(ev, seen)
    w = weights.play.weights
    if w == NORMAL_WEIGHTS:  # the normal policy's value, as it computes it (faster)
        return normal_action(ev, seen)
    features = play_features_of(ev, seen)
    best, best_value = legal[0], -math.inf
    for a in legal:
        value = _dot(w, features(a))
        if value > best_value:
            best, best_value = a, value
    return best
