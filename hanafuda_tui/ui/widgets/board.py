"""What the panels of the table show of one seat's view: each seat's panel, the yaku sidebar, what
a hand card would take, the roles this round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.screen import Screen

from ...core.cards import card_list
from ...core.game import PlayerView
from ...core.hints import available, current_yaku, near_yaku
from ..faces import face
from ..i18n import t
from ..rulesets import screen_of
from ..text import role_names, seat_roles
from .table import SeatInfo, YakuInfo, big_cards


def round_roles(view: PlayerView) -> list[str]:
    """Each seat's role this round: the participants' (親, 胴二, ビキ) where some sit out, only
    the 親's while 出る・下る is asked; empty for a seat out."""
    seating = view.facts.seating()
    if seating is None:
        return seat_roles(view.ruleset, view.players, view.dealer)
    roles = [""] * view.players
    seated = seating.participants or (view.dealer,)
    for role, seat in zip(role_names(view.ruleset, 3)[: len(seated)], seated, strict=True):
        roles[seat] = role
    return roles


def is_out(view: PlayerView, seat: int) -> bool:
    """Whether ``seat`` sits this round out (its cards under the stock)."""
    seating = view.facts.seating()
    return seating is not None and bool(seating.participants) and seat not in seating.participants


def seat_info(
    view: PlayerView,
    seat: int,
    names: Sequence[str],
    roles: Sequence[str],
    koikoi: Any,
    scores: Sequence[int],
    viewer: int | None,
    big: bool,
) -> SeatInfo:
    """A seat's panel as ``view`` shows it (``viewer``: the seat whose own cards are shown; ``big``:
    the board uses big cards)."""
    flags = t("table.koikoi") if seat < len(koikoi) and koikoi[seat] else ""
    if seat == view.to_act:
        flags = (flags + " " + t("table.to_act")).strip()
    seating = view.facts.seating()
    out = is_out(view, seat)
    entry = None  # the answers while 出る・下る is asked; then only the out seats'
    if seating and (out or not seating.participants):
        entry = seating.entries[seat]
    return SeatInfo(
        names[seat],
        roles[seat],
        view.hand_counts[seat],
        view.captures[seat],
        view.shown[seat],
        scores[seat],
        flags,
        view.rules.kasu_cards,
        entry=t(f"table.entry.{entry}") if entry else "",
        out=out,
        set_aside=seating.set_aside if seating and seat == viewer else 0,
        many=view.players > 3,
        one_line=view.players > 3 and not big,
        ruleset=view.ruleset,
    )


def yaku_infos(view: PlayerView, names: Sequence[str], scores: Sequence[int]) -> list[YakuInfo]:
    """Each seat's yaku, the yaku one card away and its score, for the sidebar."""
    options = view.options
    out = []
    for s in range(view.players):
        caps = view.captures[s]
        yaku = screen_of(view.ruleset).yaku_shown(current_yaku(view.ruleset, options, caps), view)
        near = near_yaku(view.ruleset, options, caps, available(view.captures, s))
        out.append(YakuInfo(names[s], scores[s], yaku, near, view.ruleset))
    return out


def takes_text(takes: int) -> str:
    """What a card would take (markup): the one card or all three, one of two (a choice), or
    nothing (it goes to the field)."""
    faces = [face(c) for c in card_list(takes)]
    if len(faces) == 2:
        return t("table.takes_either", first=faces[0], second=faces[1])
    return t("table.takes", cards=" ".join(faces)) if faces else t("table.lays")


def big_board(screen: Screen[Any]) -> bool:
    """Whether the field and the hand use big cards (the seats have room to spare)."""
    return big_cards(screen)
