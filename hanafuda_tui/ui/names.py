"""Seat names as a reader sees them: a typed name as typed, a default one (an empty name) in the
language shown, or in ``language`` (the headless commands' English)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.records import SeatRecord, default_name
from .i18n import lang, text_in


def seat_names(seats: Sequence[SeatRecord], language: str | None = None) -> list[str]:
    """Each seat's name: as typed, or its default (``default_name``) in ``language`` (the
    language shown unless given)."""
    return [seat_name(seats, i, language) for i in range(len(seats))]


def seat_name(seats: Sequence[SeatRecord], seat: int, language: str | None = None) -> str:
    if seats[seat].name:
        return seats[seat].name
    return default_words(*default_name(seats, seat), language or lang())


def default_words(kind: str, n: int, language: str) -> str:
    """A default name (``default_name``'s kind and seat number) in ``language``: you, player
    ``n``, or the plant of bot seat ``n``."""
    if kind == "you":
        return text_in(language, "seat.you")
    if kind == "player":
        return text_in(language, "seat.player", n=n)
    bots = text_in(language, "seats.bots").split(",")
    return bots[(n - 1) % len(bots)]


def who_words(side: str, who: str, language: str) -> str:
    """A person the history knows (``side`` and ``who`` of its ``identity``) in ``language``:
    you, player n, or the name they gave."""
    if side == "you":
        return text_in(language, "seat.you")
    if side == "seat":
        return text_in(language, "seat.player", n=who)
    return who
