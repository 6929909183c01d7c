"""The easy and normal policies as plain functions of the public state of one seat.

A ``Seen`` is what a seat knows: its hand, the field its cards meet, everyone's captures and the
card waiting for a field choice. It is made from a ``PlayerView`` (real bots) or from an imagined
game (search playouts, where reading the game is reading the bot's own sampled world, never the
real one).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..core import actions as act
from ..core.cards import ALL_CARDS, MONTH_MASK, POINTS, cards_of
from ..core.game import NO_FACTS, Game, Phase, PlayerView, PublicFacts
from ..core.hints import meeting_field
from ..core.table import matches
from .evaluation import GO_ON, STOP_FIRST, Evaluator

DENY = 0.25
"""Weight of what a capture takes away from an opponent, against what it gives the bot."""
RISK = 0.3
"""Chance, per unseen card of its month, that a card laid on the field goes to an opponent."""


class Seen(NamedTuple):
    seat: int
    legal: Sequence[int]
    hand: int
    field: int
    """The cards a card of the seat's meets (``hints.meeting_field``): in 花合わせ the others'
    shown teyaku cards too."""
    captures: tuple[int, ...]
    pending: int
    facts: PublicFacts
    """The ruleset's public facts (こいこい calls, 法度 warnings...): a view's, or in a playout
    those of named decisions only (NO_FACTS during turns)."""


def seen_of_view(view: PlayerView) -> Seen:
    field = meeting_field(view)
    return Seen(
        view.seat, view.legal, view.hand, field, view.captures, view.pending_card, view.facts
    )


def seen_of_game(game: Game) -> Seen:
    """The seat to act's ``Seen`` in a game. Its ``field`` is the game's own: during a turn that
    is already what the turn's cards meet (花合わせ puts the others' shown cards in it as the turn
    begins, and ``build_game`` does the same for a view's turn)."""
    seat = game.to_act
    phase = game.phase
    turn = phase == Phase.PLAY or phase == Phase.TAKE
    pending = game.pending_card if phase == Phase.TAKE else -1
    facts = NO_FACTS if turn else game.public_facts(seat)
    return Seen(
        seat,
        game.legal_actions(),
        game.hands[seat],
        game.field,
        tuple(game.captures),
        pending,
        facts,
    )


def _named(legal: Sequence[int], stop: bool) -> int:
    """A named decision: declare a teyaku; stop or go on as asked; else the first offered."""
    if act.DECLARE in legal:
        return act.DECLARE
    for a in STOP_FIRST if stop else GO_ON:
        if a in legal:
            return a
    for a in GO_ON if stop else STOP_FIRST:
        if a in legal:
            return a
    return legal[0]


def _points(cards: int) -> int:
    return sum(POINTS[c] for c in cards_of(cards))


# -- 出る・下る: hand strength against the ruleset's threshold ------------------------------------


def easy_enters(ev: Evaluator | None, hand: int) -> bool:
    """出る when the hand's card points reach ``Entry.points`` (seed 004 出る・下る; no threshold:
    always 出る)."""
    entry = ev.entry if ev is not None else None
    return entry is None or _points(hand) >= entry.points


def strength(ev: Evaluator, hand: int, field: int) -> float:
    """The hand's card points plus the yaku potential of the hand with the field cards its months
    meet (every card still to be won)."""
    met = 0
    for c in cards_of(hand):
        met |= matches(field, c)
    return _points(hand) + ev.potential(hand | met, ALL_CARDS)


def normal_enters(ev: Evaluator, hand: int, field: int) -> bool:
    """出る when ``strength`` reaches ``Entry.strength`` (no threshold: always 出る)."""
    entry = ev.entry
    return entry is None or strength(ev, hand, field) >= entry.strength


def _entry(legal: Sequence[int], enters: bool) -> int:
    """The answer to 出る・下る when asked; a forced 出る (しばり) is the one legal action."""
    return act.DERU if enters or act.ORIRU not in legal else act.ORIRU


# -- easy: the most card points now, stop at once ---------------------------------------------


def easy_action(seen: Seen, ev: Evaluator | None = None) -> int:
    """Greedy: the play or choice that captures the most card points; stop as soon as allowed;
    出る on card points alone (``easy_enters``: ``ev``'s threshold)."""
    legal, low = seen.legal, min(seen.legal)
    if low >= act.DECLARE:
        if act.DERU in legal:
            return _entry(legal, easy_enters(ev, seen.hand))
        return _named(legal, stop=True)
    if low >= act.TAKE:
        return max(legal, key=lambda a: POINTS[a - act.TAKE])
    best, best_value = low, -1e9
    for c in legal:
        if c >= act.TAKE:
            continue
        m = matches(seen.field, c)
        value: float
        if m.bit_count() == 2:
            value = POINTS[c] + max(POINTS[t] for t in cards_of(m))
        elif m:
            value = POINTS[c] + _points(m)
        else:
            value = -POINTS[c] / 100
        if value > best_value:
            best, best_value = c, value
    return best


# -- normal: every yaku, what the others need, when to stop ------------------------------------


def _value(ev: Evaluator, seen: Seen, new: int, others: int) -> float:
    """What capturing ``new`` is worth to the seat, plus what it denies the others."""
    seat, caps = seen.seat, seen.captures
    total = ev.gain(caps[seat], new, ALL_CARDS & ~others)
    for s, c in enumerate(caps):
        if s != seat:
            total += DENY * ev.gain(c, new, ALL_CARDS & ~(others | caps[seat]) | c)
    return total


def _lay_risk(ev: Evaluator, seen: Seen, card: int, others: int) -> float:
    """Expected loss from laying ``card``: an opponent with a card of its month takes it."""
    seat, caps = seen.seat, seen.captures
    visible = seen.hand | seen.field | others | caps[seat]
    hidden = (MONTH_MASK[card >> 2] & ~visible).bit_count()
    if not hidden:
        return 0.0
    loss = 0.0
    for s, c in enumerate(caps):
        if s != seat:
            loss = max(loss, ev.gain(c, 1 << card, ALL_CARDS & ~(others | caps[seat]) | c))
    return min(1.0, RISK * hidden) * loss


def play_value(ev: Evaluator, seen: Seen, card: int, others: int) -> float:
    """The normal policy's value of playing ``card`` from the hand: what its capture is worth
    (the better of two field cards of its month), or laid on the field, what it risks."""
    m = matches(seen.field, card)
    n = m.bit_count()
    if n == 0:
        return -_lay_risk(ev, seen, card, others)
    if n == 2:
        return max(_value(ev, seen, 1 << card | 1 << t, others) for t in cards_of(m))
    return _value(ev, seen, m | 1 << card, others)


def normal_action(ev: Evaluator, seen: Seen) -> int:
    """The play or choice of the highest yaku value for the seat and denial of the others'."""
    legal, low = seen.legal, min(seen.legal)
    seat, caps = seen.seat, seen.captures
    if low >= act.DECLARE:
        if act.DERU in legal:
            return _entry(legal, normal_enters(ev, seen.hand, seen.field))
        return _named(legal, stop=ev.stop(seat, seen.hand, caps, seen.facts))
    others = 0
    for s, c in enumerate(caps):
        if s != seat:
            others |= c
    if low >= act.TAKE:
        pend = 1 << seen.pending
        return max(legal, key=lambda a: _value(ev, seen, pend | 1 << (a - act.TAKE), others))
    hatto = seen.facts.warnings()
    plays = [c for c in legal if c < act.TAKE]
    captures = [c for c in plays if matches(seen.field, c)]
    lays = [c for c in plays if not matches(seen.field, c)]
    best, best_value = low, -1e9
    for cards in (captures, lays):
        if cards is lays and best_value > 0:
            break  # a lay only risks: it is worth at most 0
        for c in cards:
            value = play_value(ev, seen, c, others)
            if hatto and c in hatto and not hatto[c][1]:
                value -= ev.hatto_weight * hatto[c][0].value
            if value > best_value or value == best_value and c < best:
                best, best_value = c, value  # of equal values the lowest card, as legal lists them
    return best
