"""The play network: a play policy over richer features of each action than the learned linear
policy's nine, scored by a one-hidden-layer network, trained from the strong bot's search
(``training.play_fit``), shipped for a ruleset as ``weights/<ruleset>.play.json`` (strong's
``playout=net``) or read from a JSON file (``strong:policy=FILE``).

An action's features (``NET_FEATURES``) are the linear policy's nine (``learned.play_features_of``)
and what the capture does to the yaku the seat is building: the score it makes at once and the
cards one away from a yaku before and after; with the table's numbers (both sides' yaku held, the
seat's potential, lead, hand, months and stock left). Every feature is read from a ``Seen`` and a
``Table``, never from a hidden card, so the same function serves a real view and a search's
imagined world. Features that cost a search more than they told it (what the field exposes to the
others, the others' one-away cards, what the field offers the seat's next play) were left out:
docs/bots.md, "The lean network".

An action's score is ``lin · x + out · tanh(W x + b)`` (the features in their own units, the
fit's scaling folded into ``lin`` and ``W``); the policy plays the action of the highest score.
Pure Python, and a search's playouts ask it at every play: what the actions share is reckoned
once a decision and changed by each action (the yaku one away), and each hidden unit sums only an
action's features that are not 0.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from itertools import repeat
from operator import add, mul
from pathlib import Path

from pydantic import BaseModel, ConfigDict, PrivateAttr, model_validator

from ..core import actions as act
from ..core.cards import ALL_CARDS, MONTH_MASK, POINTS, cards_of
from ..core.table import matches
from .evaluation import Evaluator
from .learned import PLAY_FEATURES, Provenance, Table
from .learned_file import checked_model, file_text, shipped_file
from .policy import DENY, RISK, Seen, _points

ACTION_FEATURES = (
    *PLAY_FEATURES,
    "score_made",
    "own_near_after",
    "is_take",
)
"""The features that differ between a decision's actions (``net_features_of``)."""
DECISION_FEATURES = (
    "own_near_before",
    "own_potential",
    "own_score",
    "others_score",
    "hand_size",
    "stock_size",
    "months_left",
    "lead",
)
"""The features every action of a decision shares."""
NET_FEATURES = (*ACTION_FEATURES, *DECISION_FEATURES)
"""The network's features of one action, in order: amounts in the ruleset's month spread,
counts plain or as shares."""


def net_features_of(ev: Evaluator, seen: Seen, table: Table) -> Callable[[int], list[float]]:
    """``NET_FEATURES`` of each play or take of one decision."""
    shared, own = decision_features(ev, seen, table)
    return lambda action: [*own(action), *shared]


def decision_features(
    ev: Evaluator, seen: Seen, table: Table
) -> tuple[list[float], Callable[[int], list[float]]]:
    """A decision's ``DECISION_FEATURES``, and a function of each play or take's
    ``ACTION_FEATURES``, what every action shares reckoned once. A card meeting two field cards is
    judged by the better of its two takes (by the normal policy's value), as in
    ``play_features_of``, whose nine features the first nine are (reckoned here from the same
    gains)."""
    hand, field, seat, caps = seen.hand, seen.field, seen.seat, seen.captures
    unit = ev.spread
    gain, score = ev.gain, ev.score
    mine = caps[seat]
    rivals = [c for s, c in enumerate(caps) if s != seat]
    others = 0
    for c in rivals:
        others |= c
    everyone = others | mine
    own_open = ALL_CARDS & ~others
    their_open = ALL_CARDS & ~everyone
    unseen = ALL_CARDS & ~(hand | field | everyone)
    warnings = seen.facts.warnings()
    hatto_weight = ev.hatto_weight
    own_score = score(mine)
    own_potential, own_near = ev.reach(mine, own_open)
    near_rows = _near_rows(ev, mine, own_open)
    scores = table.scores
    best_other = max(v for s, v in enumerate(scores) if s != seat)
    shared = [
        float(own_near.bit_count()),
        own_potential / unit,
        own_score / unit,
        max(score(c) for c in rivals) / unit,
        hand.bit_count() / 8,
        table.stock / 24,
        table.left / 12,
        (scores[seat] - best_other) / (unit * math.sqrt(table.left + 1)),
    ]

    def features(action: int) -> list[float]:
        targets: tuple[int, ...]
        if action >= act.TAKE:
            card = seen.pending
            targets = (1 << card | 1 << (action - act.TAKE),)
            pair = hatto = 0.0
            take = 1.0
        else:
            card = action
            met = matches(field, card)
            if met.bit_count() == 2:
                targets = tuple(1 << card | 1 << t for t in cards_of(met))
            else:
                targets = (1 << card | met,) if met else ()
            pair = 1.0 if hand & ~(1 << card) & MONTH_MASK[card >> 2] else 0.0
            warning = warnings.get(card) if warnings else None
            hatto = hatto_weight * warning[0].value if warning and not warning[1] else 0.0
            take = 0.0
        month_unseen = (MONTH_MASK[card >> 2] & unseen).bit_count()
        points = POINTS[card] / 20
        if targets:
            # the nine judge a take by own + DENY * denial, the rest by the normal policy's
            # value (its DENY terms added one by one): sums that may round apart
            base: list[float] = []
            base_value = net_value = -math.inf
            new = 0
            for capture in targets:
                own = gain(mine, capture, own_open)
                denial = 0.0
                value = own
                for r in rivals:
                    denied = gain(r, capture, their_open | r)
                    denial += denied
                    value += DENY * denied
                if own + DENY * denial > base_value:
                    base_value = own + DENY * denial
                    taken = _points(capture) - POINTS[card]
                    base = [own, denial, 0.0, 0.0, taken / 20, points, hatto, pair]
                if value > net_value:
                    net_value, new = value, capture
            after = mine | new
            made = (score(after) - own_score) / unit
            near_after = _near_after(ev, near_rows, after, new, own_open)
        else:
            risk = 0.0
            if month_unseen:
                # the laid card's worth to the others, times the chance one of them meets it
                chance = min(1.0, RISK * month_unseen)
                laid = 1 << card
                risk = max(0.0, *(chance * gain(r, laid, their_open | r) for r in rivals))
            base = [0.0, 0.0, risk, 1.0, 0.0, points, hatto, pair]
            made = 0.0
            near_after = own_near
        return [*base, month_unseen / 4, made, float(near_after.bit_count()), take]

    return shared, features


def _near_rows(ev: Evaluator, caps: int, avail: int) -> list[tuple[int, int]]:
    """Each yaku one card from ``caps`` (a spec's row index) with the cards that would make it
    and are still to be won: ``Evaluator.reach``'s one-away cards, spec by spec."""
    out = []
    for i, (cards, need, _, _, _, void) in enumerate(ev.rows):
        if not caps & void and (caps & cards).bit_count() == need - 1:
            near = cards & avail & ~caps
            if near:
                out.append((i, near))
    return out


def _near_after(
    ev: Evaluator, near_rows: list[tuple[int, int]], after: int, new: int, avail: int
) -> int:
    """The one-away cards of ``after`` (the captures with ``new`` taken): a yaku ``new`` has no
    card of (to make it or void it) is as one away as before (``near_rows``), the others are
    counted again."""
    touched = 0
    for c in cards_of(new):
        touched |= ev.rows_touched[c]
    near = 0
    for i, cards in near_rows:
        if not touched >> i & 1:
            near |= cards
    rows = ev.rows
    while touched:
        low = touched & -touched
        touched ^= low
        cards, need, _, _, _, void = rows[low.bit_length() - 1]
        if not after & void and (after & cards).bit_count() == need - 1:
            near |= cards & avail & ~after
    return near


# -- the model -------------------------------------------------------------------------------


class Net(BaseModel):
    """A play network's weights: ``hidden`` rows of ``W`` (one weight a feature) with their
    ``b``, ``out`` (one a hidden unit) and ``lin`` (one a feature)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    features: tuple[str, ...]
    lin: tuple[float, ...]
    W: tuple[tuple[float, ...], ...]
    b: tuple[float, ...]
    out: tuple[float, ...]
    _by_action: tuple[tuple[float, ...], tuple[tuple[float, ...], ...]] = PrivateAttr()
    """``lin`` over ``ACTION_FEATURES``, and the columns of ``W`` there (one a feature, a weight a
    hidden unit: ``net_action``)."""
    _by_decision: tuple[tuple[float, ...], ...] = PrivateAttr()
    """The rows of ``W`` over ``DECISION_FEATURES``."""

    @model_validator(mode="after")
    def _shapes(self) -> Net:
        n = len(self.features)
        if len(self.lin) != n or any(len(row) != n for row in self.W):
            raise ValueError("one weight a feature in lin and in every row of W")
        if len(self.b) != len(self.W) or len(self.out) != len(self.W):
            raise ValueError("one b and one out a hidden unit")
        numbers = [*self.lin, *self.b, *self.out, *(w for row in self.W for w in row)]
        if not all(math.isfinite(w) for w in numbers):
            raise ValueError("weights must be finite")
        k = len(ACTION_FEATURES)
        self._by_action = (self.lin[:k], tuple(zip(*(row[:k] for row in self.W), strict=True)))
        self._by_decision = tuple(row[k:] for row in self.W)
        return self


class PlayNet(BaseModel):
    """A ruleset's play network (``strong:policy=FILE``), with how it was made."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    ruleset: str
    net: Net
    provenance: Provenance

    @model_validator(mode="after")
    def _known_features(self) -> PlayNet:
        if self.net.features != NET_FEATURES:
            raise ValueError("the play network's features are not this version's")
        return self


class PlayNetError(ValueError):
    pass


def read_play_net(text: str, ruleset: str) -> PlayNet:
    """A play network from JSON text, checked: a file that is not this version's network for
    ``ruleset`` (any ruleset: '') is a ``PlayNetError`` with one line saying why."""
    return checked_model(PlayNet, text, "play network", "is", ruleset, PlayNetError)


SHIPPED = Path(__file__).resolve().parent / "weights"
"""The shipped play networks, one file a ruleset that has one (``<ruleset>.play.json``)."""


def play_net_path(ruleset: str) -> Path:
    """Where the package ships ``ruleset``'s play network (``hanafuda train --play-net``'s
    default ``--out``)."""
    return SHIPPED / f"{ruleset}.play.json"


@functools.cache
def shipped_play_net(ruleset: str) -> PlayNet | None:
    """The play network shipped for ``ruleset`` (None: none shipped; strong then plays and takes
    by the learned weights). A damaged file says so in one line on stderr, once, and strong plays
    as if none were shipped."""
    return shipped_file(
        play_net_path(ruleset),
        lambda text: read_play_net(text, ruleset),
        PlayNetError,
        "plays by the learned weights instead",
    )


@functools.cache
def play_net_file(path: str) -> PlayNet:
    """The play network in a file (``policy=FILE``), read once a process: a bad file is a
    ``PlayNetError`` in one line."""
    text = file_text(path, "play network", PlayNetError)
    return read_play_net(text, "")


def net_action(net: Net, ev: Evaluator, seen: Seen, table: Table) -> int:
    """The legal play or take of the highest score (the first of equals)."""
    scores = net_scores(net, ev, seen, table)
    return seen.legal[scores.index(max(scores))]


def net_scores(net: Net, ev: Evaluator, seen: Seen, table: Table) -> list[float]:
    """Each legal play or take's score, less ``lin`` over the decision's features (the same for
    every action). What those features add to each hidden unit is reckoned once; each hidden
    unit's sum over an action's features is gathered feature by feature in their order, a
    feature of 0 skipped: the same sums as row by row, for less."""
    shared, own = decision_features(ev, seen, table)
    lin, columns = net._by_action
    hidden = [
        bias + sum(map(mul, row, shared)) for row, bias in zip(net._by_decision, net.b, strict=True)
    ]
    out, tanh = net.out, math.tanh
    scores = []
    for a in seen.legal:
        x = own(a)
        sums: list[float] | None = None
        for column, v in zip(columns, x, strict=True):
            if not v:
                continue
            if sums is None:
                sums = [w * v for w in column]
            elif v == 1.0:
                sums = list(map(add, sums, column))
            else:
                sums = list(map(add, sums, map(mul, column, repeat(v))))
        pre = map(add, sums or repeat(0.0), hidden)
        scores.append(sum(map(mul, out, map(tanh, pre)), sum(map(mul, lin, x))))
    return scores
