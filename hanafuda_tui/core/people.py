"""Who sits at a seat: a person (at this keyboard, or at a hosted table from another machine) or a
bot, and the default name a seat goes by where none was typed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

HUMAN = "human"
REMOTE = "remote"
PEOPLE = (HUMAN, REMOTE)
"""The seats' players that are people, not bots."""


class Seated(Protocol):
    """A seat as its name is read: a record's seat, or a ``Seat``."""

    @property
    def name(self) -> str: ...

    @property
    def player(self) -> str: ...


class Seat(NamedTuple):
    """A seat not yet recorded (a choice on the selector): its name as typed and its player."""

    name: str
    player: str = HUMAN


def default_name(seats: Sequence[Seated], seat: int) -> tuple[str, int]:
    """Which default name seat ``seat`` goes by: ``("you", 0)`` for the one person of a game
    played against bots at this keyboard, ``("player", n)`` for a person where several play
    (hot-seat, a hosted table), ``("bot", n)`` for a bot; ``n`` is the seat's number from 1."""
    if seats[seat].player not in PEOPLE:
        return "bot", seat + 1
    people = [s.player for s in seats if s.player in PEOPLE]
    if people == [HUMAN]:
        return "you", 0
    return "player", seat + 1
