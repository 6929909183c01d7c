"""The play network: a play policy over richer features of each action than the learned linear
policy's nine, scored by a one-hidden-layer network, trained from the strong bot's search
(``training.play_fit``), shipped for a ruleset as ``weights/<ruleset>.play.json`` (strong's
``playout=net``) or read from a JSON file (``strong:policy=FILE``).

An action's features (``NET_FEATURES``) are the linear policy's nine (``learned.play_features_of``)
and what the capture does to every yaku the seat and the others are building: the score it makes
at once, the cards one away from a yaku before and after (the seat's, and how many of them the
field then offers to its remaining hand), the others' one-away cards it takes or leaves on the
field where a card of their month is still unseen, what the field then exposes to the others and
offers to the seat's next play, and the table's public numbers (lead, months and stock left).
Every feature is read from a ``Seen`` and a ``Table``, never from a hidden card, so the same
function serves a real view and a search's imagined world.

An action's score is ``lin · x + out · tanh(W x + b)`` (the features in their own units, the
fit's scaling folded into ``lin`` and ``W``); the policy plays the action of the highest score.
Pure Python: a few hundred products an action need no library.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from operator import mul
from pathlib import Path

from pydantic import BaseModel, ConfigDict, PrivateAttr, model_validator

from ..core import actions as act
from ..core.cards import ALL_CARDS, MONTH_MASK, cards_of
from ..core.table import matches
from .evaluation import Evaluator
from .learned import PLAY_FEATURES, Provenance, Table, play_features_of
from .learned_file import checked_model, file_text, shipped_file
from .policy import DENY, RISK, Seen

ACTION_FEATURES = (
    *PLAY_FEATURES,
    "score_made",
    "own_near_after",
    "own_near_offered",
    "threat_taken",
    "threat_left",
    "exposed_after",
    "next_own",
    "is_take",
)
"""The features that differ between a decision's actions (``net_features_of``)."""
DECISION_FEATURES = (
    "own_near_before",
    "exposed_before",
    "own_potential",
    "others_potential",
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


_FIRST_OF_MONTHS = sum(1 << 4 * m for m in range(12))


def _month_of(cards: int) -> int:
    """Every card of each month ``cards`` holds a card of."""
    folded = cards | cards >> 1 | cards >> 2 | cards >> 3
    return (folded & _FIRST_OF_MONTHS) * 15


def net_features_of(ev: Evaluator, seen: Seen, table: Table) -> Callable[[int], list[float]]:
    """``NET_FEATURES`` of each play or take of one decision."""
    shared, own = decision_features(ev, seen, table)
    return lambda action: [*own(action), *shared]


def decision_features(
    ev: Evaluator, seen: Seen, table: Table
) -> tuple[list[float], Callable[[int], list[float]]]:
    """A decision's ``DECISION_FEATURES``, and a function of each play or take's
    ``ACTION_FEATURES``, what every action shares reckoned once. A card meeting two field cards
    is judged by the better of its two takes (by the normal policy's value), as in
    ``play_features_of``."""
    base = play_features_of(ev, seen)
    hand, field, seat, caps = seen.hand, seen.field, seen.seat, seen.captures
    unit = ev.spread
    gain, reach = ev.gain, ev.reach
    mine = caps[seat]
    rivals = [c for s, c in enumerate(caps) if s != seat]
    others = 0
    for c in rivals:
        others |= c
    everyone = others | mine
    own_open = ALL_CARDS & ~others
    their_open = ALL_CARDS & ~everyone
    unseen = ALL_CARDS & ~(hand | field | everyone)
    unseen_months = _month_of(unseen)
    score = ev.score
    own_score = score(mine)
    own_potential, own_near = reach(mine, own_open)
    rival_near = 0
    others_potential = 0.0
    others_score = 0
    for c in rivals:
        potential, near = reach(c, their_open | c)
        rival_near |= near
        others_potential = max(others_potential, potential)
        others_score = max(others_score, score(c))
    scores = table.scores
    best_other = max(v for s, v in enumerate(scores) if s != seat)
    lead = (scores[seat] - best_other) / (unit * math.sqrt(table.left + 1))

    exposure: dict[int, float] = {}
    """Each card on the field, or laid there, of a month with an unseen card: the chance it goes
    to the others (a card of its month unseen) times its gain to them, at most; reckoned when
    first asked."""

    def exposed(on_field: int) -> float:
        """What the field's cards of a month with an unseen card are worth to the others at
        most (``exposure``)."""
        most = -math.inf
        for c in cards_of(on_field & unseen_months):
            worth = exposure.get(c)
            if worth is None:
                risk = min(1.0, RISK * (MONTH_MASK[c >> 2] & unseen).bit_count())
                card = 1 << c
                worth = exposure[c] = max(risk * gain(r, card, their_open | r) for r in rivals)
            if worth > most:
                most = worth
        return 0.0 if most == -math.inf else most

    shared = [
        float(own_near.bit_count()),
        exposed(field),
        own_potential / unit,
        others_potential / unit,
        own_score / unit,
        others_score / unit,
        hand.bit_count() / 8,
        table.stock / 24,
        table.left / 12,
        lead,
    ]

    def features(action: int) -> list[float]:
        x = base(action)
        if action >= act.TAKE:
            card = seen.pending
            new = 1 << card | 1 << (action - act.TAKE)
            left_hand = hand
            take = 1.0
        else:
            card = action
            met = matches(field, card)
            left_hand = hand & ~(1 << card)
            take = 0.0
            if met.bit_count() == 2:
                best, new = -math.inf, 0
                for t in cards_of(met):
                    pair = 1 << card | 1 << t
                    value = gain(mine, pair, own_open)
                    for r in rivals:
                        value += DENY * gain(r, pair, their_open | r)
                    if value > best:
                        best, new = value, pair
            else:
                new = 1 << card | met if met else 0
        hand_months = _month_of(left_hand)
        if new:
            after_field = field & ~new
            after = mine | new
            made = (score(after) - own_score) / unit
            near_after = reach(after, own_open)[1]
        else:
            after_field = field | 1 << card
            after = mine
            made = 0.0
            near_after = own_near
        next_own = 0.0
        for c in cards_of(after_field & hand_months):
            next_own = max(next_own, gain(after, 1 << c, own_open))
        return [
            *x,
            made,
            float(near_after.bit_count()),
            float((near_after & after_field & hand_months).bit_count()),
            float((new & rival_near).bit_count()),
            float((rival_near & after_field & unseen_months).bit_count()),
            exposed(after_field),
            next_own,
            take,
        ]

    return shared, features


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
    """``lin`` and the rows of ``W`` over ``ACTION_FEATURES`` (``net_action``)."""
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
        self._by_action = (self.lin[:k], tuple(row[:k] for row in self.W))
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


@functools.cache
def shipped_play_net(ruleset: str) -> PlayNet | None:
    """The play network shipped for ``ruleset`` (None: none shipped; strong then plays and takes
    by the learned weights). A damaged file says so in one line on stderr, once, and strong plays
    as if none were shipped."""
    return shipped_file(
        SHIPPED / f"{ruleset}.play.json",
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
    """The legal play or take of the highest score (the first of equals). What the decision's
    features add to each hidden unit is reckoned once, and ``lin`` over them, the same for every
    action, is left out."""
    shared, own = decision_features(ev, seen, table)
    lin, rows = net._by_action
    hidden = [
        (row, bias + sum(map(mul, by_decision, shared)), weight)
        for row, by_decision, bias, weight in zip(
            rows, net._by_decision, net.b, net.out, strict=True
        )
    ]
    tanh = math.tanh
    best, best_value = seen.legal[0], -math.inf
    for a in seen.legal:
        x = own(a)
        value = sum(map(mul, lin, x))
        for row, bias, weight in hidden:
            value += weight * tanh(sum(map(mul, row, x)) + bias)
        if value > best_value:
            best, best_value = a, value
    return best
