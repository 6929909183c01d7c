"""Seat names as a reader sees them: a typed name as typed, a default one (an empty name) in
``language``: you, player n, or the plant of a bot's seat (Japanese or English)."""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from ..core.people import Seated, default_name

YOU = MappingProxyType({"ja": "あなた", "en": "You"})
PLAYER = MappingProxyType({"ja": "プレイヤー{n}", "en": "Player {n}"})
BOTS = MappingProxyType(
    {
        "ja": ("ボット・松", "ボット・梅", "ボット・竹", "ボット・桜", "ボット・菊", "ボット・萩"),
        "en": ("Bot Pine", "Bot Plum", "Bot Bamboo", "Bot Cherry", "Bot Mum", "Bot Bush"),
    }
)
"""The default names' words in each language; another language has the Japanese ones."""


def seat_names(seats: Sequence[Seated], language: str) -> list[str]:
    """Each seat's name: as typed, or its default (``default_name``) in ``language``."""
    return [seat_name(seats, i, language) for i in range(len(seats))]


def seat_name(seats: Sequence[Seated], seat: int, language: str) -> str:
    if seats[seat].name:
        return seats[seat].name
    return default_words(*default_name(seats, seat), language)


def default_words(kind: str, n: int, language: str) -> str:
    """A default name (``default_name``'s kind and seat number) in ``language``: you, player
    ``n``, or the plant of bot seat ``n``."""
    if kind == "you":
        return YOU.get(language, YOU["ja"])
    if kind == "player":
        return PLAYER.get(language, PLAYER["ja"]).format(n=n)
    bots = BOTS.get(language, BOTS["ja"])
    return bots[(n - 1) % len(bots)]


def who_words(side: str, who: str, language: str) -> str:
    """A person the history knows (``side`` and ``who`` of its ``identity``) in ``language``:
    you, player n, or the name they gave."""
    if side == "you":
        return default_words("you", 0, language)
    if side == "seat":
        return PLAYER.get(language, PLAYER["ja"]).format(n=who)
    return who
