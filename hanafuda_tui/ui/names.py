"""Seat names in the language shown (``tables.names`` in ``i18n.lang()`` unless told another)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.people import Seated
from ..tables import names
from .i18n import lang


def seat_names(seats: Sequence[Seated], language: str | None = None) -> list[str]:
    """Each seat's name: as typed, or its default in ``language`` (the language shown unless
    given)."""
    return names.seat_names(seats, language or lang())


def seat_name(seats: Sequence[Seated], seat: int, language: str | None = None) -> str:
    return names.seat_name(seats, seat, language or lang())
