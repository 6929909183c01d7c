"""The status line's words for a hosted table: a spectator's "watching", deals the host makes from
a seed, the connection lost or closed, who is away and for how long."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ..i18n import t
from ..text import plain


class AwaySeat(NamedTuple):
    since: float
    """``time.monotonic()`` when the seat's player left, as the host counts it."""
    by_bot: str = ""
    """The bot the host gave the seat to, if any."""


CLOSED_WHY = 60
"""Characters of the host's reason for closing a seat shown in the status line (all of it is
said once as the seat is closed)."""


def hosted_parts(
    watching: bool,
    predictable: bool,
    closed: str,
    lost: str,
    away: Mapping[int, AwaySeat],
    names: Sequence[str],
) -> list[str]:
    """A hosted table's state, first in the status line: a spectator's "watching", deals the host
    makes from a seed, the connection closed (and why) or lost, or else who is away and for how
    long (and the bot the host gave the seat to): with the connection down, who is there is not
    known."""
    parts = [t("net.watching")] if watching else []
    if predictable:
        parts.append(t("net.predictable_short"))
    if closed:
        why = closed if len(closed) <= CLOSED_WHY else closed[: CLOSED_WHY - 1] + "…"
        return [f"[b]{p}[/b]" for p in parts] + [f"[b]{t('net.closed_short')}[/b]: {plain(why)}"]
    if lost:
        return [f"[b]{p}[/b]" for p in [*parts, t("net.lost_short")]]
    now = time.monotonic()
    for seat, away_seat in sorted(away.items()):
        who = plain(names[seat]) if 0 <= seat < len(names) else "?"
        key = "net.away_bot" if away_seat.by_bot else "net.away"
        seconds = max(0, int(now - away_seat.since))
        parts.append(t(key, who=who, time=duration(seconds), bot=away_seat.by_bot))
    return [f"[b]{p}[/b]" for p in parts]


def duration(seconds: int) -> str:
    """``42s`` (``42秒``), ``3:07`` (minutes and seconds), ``1:02:03``."""
    if seconds < 60:
        return t("net.seconds", n=seconds)
    minutes, secs = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes}:{secs:02d}"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}"
