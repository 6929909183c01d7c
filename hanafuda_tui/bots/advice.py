"""Advice for a seat to act: the strong bot's top choices with their estimated values, and for
each a reason the player can check on the table from their own view (what the card takes, which
of their yaku it completes or brings one card away, which yaku of another seat it blocks: the
ruleset's yaku from ``yaku_function``, as the sidebar shows them).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..core import actions as act
from ..core.cards import ALL_CARDS, card_list
from ..core.game import PlayerView
from ..core.hints import current_yaku, near_yaku, takes
from .evaluators import evaluator_of
from .hand_reading import SeenPlay, see_play
from .strong import StrongBot, twin_moves

ITERATIONS = 100
"""Playouts a piece of advice: a fixed budget, so the same view gives the same advice."""
TOP = 3
"""Choices shown at most."""


class Ranker(Protocol):
    def ranked(self, view: PlayerView) -> list[tuple[int, float]]: ...


@dataclass(frozen=True)
class Reason:
    """Why a choice is worth playing, in facts of the seat's view."""

    card: int = -1
    """The hand card played (or the played/drawn card that takes), -1 for a declaration."""
    taken: int = 0
    """The field cards it takes (a bit set); with two to choose from, both."""
    completes: tuple[str, ...] = ()
    """Own yaku the capture completes."""
    near: tuple[str, ...] = ()
    """Own yaku one card away after the capture (and not before)."""
    blocks: tuple[tuple[str, int], ...] = ()
    """(yaku, seat): a yaku another seat was one card away from, the capture takes that card."""
    held: tuple[tuple[str, int], ...] = ()
    """For a declaration: the seat's yaku scoring now, with values."""
    action: int = -1
    """The named action (こいこい, 勝負, 出る ...) this reason is for, -1 for a card."""
    threats: tuple[tuple[str, int], ...] = ()
    """For a named action: (yaku, seat) another seat is one card away from."""
    teyaku: tuple[str, int] | None = None
    """For a named action: the seat's own teyaku (name, value) while it is asked about."""


@dataclass(frozen=True)
class Choice:
    action: int
    value: float
    """The estimated chance that the seat finishes the year on top (0 to 1)."""
    reason: Reason


def seed_of(view: PlayerView) -> str:
    """A seed from the view alone: the same decision gives the same advice."""
    return (
        f"advice/{view.ruleset}/{view.deal_number}/{view.month}/{view.turn}/{view.seat}/"
        f"{view.phase}/{view.hand}/{view.field}/{view.captures}/{view.pending_card}"
    )


def adviser(view: PlayerView) -> StrongBot:
    """The strong bot that advises at ``view``: a fixed budget and a seed from the view, its
    playouts the learned policy's (a third of the play network's cost: advice stays quick)."""
    return StrongBot(random.Random(seed_of(view)), iterations=ITERATIONS, playout="learned")


def advise(
    view: PlayerView,
    ranker: Ranker | None = None,
    plays: Sequence[SeenPlay] = (),
) -> list[Choice]:
    """The top choices (at most ``TOP``) for the seat to act at ``view``, best first; a move the
    same as a better one (``twin_moves``) is not shown again. ``plays``: the other seats' hand
    plays of the month so far (``SeatGame.month_plays``), which the adviser reads hands from."""
    twins = twin_moves(view, evaluator_of(view))
    if ranker is None:
        ranker = adviser(view)
        for play in plays:
            see_play(ranker, play)
    ranked = [(a, v) for a, v in ranker.ranked(view) if a not in twins]
    return [Choice(a, v, reason(view, a)) for a, v in ranked[:TOP]]


def reason(view: PlayerView, action: int) -> Reason:
    """What ``action`` does, seen from ``view``."""
    if 0 <= action < 48:
        taken = takes(view, action)
        return _capture(view, action, taken)
    if act.TAKE <= action < act.TAKE + 48:
        return _capture(view, view.pending_card, 1 << (action - act.TAKE))
    return _decision(view, action)


def _decision(view: PlayerView, action: int) -> Reason:
    """A named action (stop or play on, 出る or 下る, declare or not): what the seat holds now,
    what it and the others are one card from, and its teyaku; the texts tell the choices apart."""
    ruleset, options, own = view.ruleset, view.options, view.captures[view.seat]
    held = current_yaku(ruleset, options, own)
    taken = 0
    for caps in view.captures:
        taken |= caps
    near = near_yaku(ruleset, options, own, ALL_CARDS & ~(taken & ~own))
    threats = []
    for s, caps in enumerate(view.captures):
        if s != view.seat:
            theirs = near_yaku(ruleset, options, caps, ALL_CARDS & ~(taken & ~caps))
            threats += [(name, s) for name in theirs]
    return Reason(
        held=tuple(held.items()),
        near=tuple(n for n in near if n not in held),
        action=action,
        threats=tuple(threats),
        teyaku=view.facts.held(),
    )


def _capture(view: PlayerView, card: int, taken: int) -> Reason:
    """The reason for playing ``card`` onto ``taken``: nothing taken, it is laid."""
    if not taken or card < 0:
        return Reason(card=card)
    ruleset, options = view.ruleset, view.options
    got = taken | 1 << card
    if taken.bit_count() == 2:  # one of the two: whatever either would bring
        got = 1 << card
    own = view.captures[view.seat]
    others_caps = 0
    for s, caps in enumerate(view.captures):
        if s != view.seat:
            others_caps |= caps
    available = ALL_CARDS & ~others_caps
    before = current_yaku(ruleset, options, own)
    near_before = near_yaku(ruleset, options, own, available)
    completes: list[str] = []
    near: list[str] = []
    for pick in _picks(taken):
        after_caps = own | got | pick
        after = current_yaku(ruleset, options, after_caps)
        completes += [n for n in after if n not in before and n not in completes]
        near_after = near_yaku(ruleset, options, after_caps, available & ~(got | pick))
        near += [n for n in near_after if n not in near_before and n not in after and n not in near]
    blocks: list[tuple[str, int]] = []
    for s, caps in enumerate(view.captures):
        if s == view.seat:
            continue
        theirs = near_yaku(ruleset, options, caps, ALL_CARDS & ~(own | others_caps & ~caps))
        blocks += [(n, s) for n, cards in theirs.items() if cards & (taken | 1 << card)]
    return Reason(card, taken, tuple(completes), tuple(near), tuple(blocks))


def _picks(taken: int) -> list[int]:
    """The field cards taken as one set, or each of two to choose from."""
    return [1 << c for c in card_list(taken)] if taken.bit_count() == 2 else [taken]
