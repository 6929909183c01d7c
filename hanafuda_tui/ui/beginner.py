"""Beginner mode's words at the table: why a bot's latest play was a good one, and a warning when
another seat is one card from a yaku worth more than the viewer has this month. Everything here is
read from the viewer's own view (captures are open to all; no hidden card is looked at)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..core.cards import card_list
from ..core.game import PlayerView
from ..core.hints import available, current_yaku, near_yaku, takes, yaku_function
from ..core.turns import Step
from .faces import face, kind_key
from .i18n import own, t
from .text import plain


def beginner_notes(
    view: PlayerView,
    turns: Mapping[int, Sequence[Step]],
    names: Sequence[str],
    is_human: Callable[[int], bool],
) -> list[str]:
    """The lines under the last turns (``turns``: each seat's latest, the last mover last): why
    the bot that moved last played as it did, and a yaku another seat is one card from."""
    lines = []
    if turns:
        seat = list(turns)[-1]
        if seat != view.seat and not is_human(seat):
            lines.append(move_reason(view, seat, turns[seat], names))
    lines.append(yaku_warning(view, names))
    return [line for line in lines if line]


def takers(view: PlayerView) -> int:
    """The viewer's hand cards that would take a field card."""
    return sum(1 << c for c in card_list(view.hand) if takes(view, c))


def move_reason(view: PlayerView, seat: int, steps: Sequence[Step], names: Sequence[str]) -> str:
    """One line (markup) on the hand play of ``seat``'s latest turn (``steps``): what it took
    and the yaku that made or brought one card away, or that it took nothing; while it still
    chooses between two field cards, only that it chooses."""
    played = next((s for s in steps if not s.drawn), None)
    if played is None:
        return ""
    who = plain(names[seat])
    if not played.done:
        return t("beginner.choosing", who=who, card=face(played.card))
    if not played.took:
        return t("beginner.laid", who=who, card=face(played.card))
    gained = 0
    for step in steps:
        if step.took:
            gained |= step.took | 1 << step.card
    after = view.captures[seat]
    before = after & ~gained
    ruleset, options = view.ruleset, view.options
    took = face(best_card(played.took | 1 << played.card))
    made = [
        n
        for n in current_yaku(ruleset, options, after)
        if n not in current_yaku(ruleset, options, before)
    ]
    if made:
        return t("beginner.made", who=who, cards=took, yaku="・".join(made))
    free = available(view.captures, seat)
    near_before = near_yaku(ruleset, options, before, free)
    near = [n for n in near_yaku(ruleset, options, after, free) if n not in near_before]
    if near:
        return t("beginner.near", who=who, cards=took, yaku="・".join(near))
    return t("beginner.took", who=who, cards=took)


def best_card(cards: int) -> int:
    """The card of ``cards`` of the highest kind (光, タネ, 短冊, カス), the first of its kind."""
    order = ("light", "tane", "akatan", "aotan", "tan", "kasu")
    return min(card_list(cards), key=lambda c: (order.index(kind_key(c)), c))


def yaku_warning(view: PlayerView, names: Sequence[str]) -> str:
    """One line (markup) when another seat is one card from a yaku worth more than the viewer's
    yaku this month (the highest such), naming the cards that would form it; else empty."""
    fn = yaku_function(view.ruleset, view.options)
    if fn is None:
        return ""
    mine = sum(fn(view.captures[view.seat]).values())
    best: tuple[int, int, str, int] | None = None
    for seat in range(view.players):
        if seat == view.seat:
            continue
        caps = view.captures[seat]
        for name, cards in near_yaku(
            view.ruleset, view.options, caps, available(view.captures, seat)
        ).items():
            value = fn(caps | 1 << card_list(cards)[0]).get(name, 0)
            if value > mine and (best is None or value > best[0]):
                best = (value, seat, name, cards)
    if best is None:
        return ""
    value, seat, name, cards = best
    faces = " ".join(face(c) for c in card_list(cards))
    return t(
        own("beginner.warning", view.ruleset),
        view.ruleset,
        who=plain(names[seat]),
        yaku=name,
        n=value,
        cards=faces,
    )
