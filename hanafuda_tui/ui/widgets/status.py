"""The status line's words for a hosted table: a spectator's "watching", deals the host makes from
a seed, the connection lost or closed, who is away and for how long."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ..i18n import t
from ..text import plain

if TYPE_CHECKING:
    from ..session import HostedSession


def hosted_parts(session: HostedSession) -> list[str]:
    """A hosted table's state, first in the status line: a spectator's "watching", deals the host
    makes from a seed, the connection lost, who is away and for how long (and the bot the host
    gave the seat to)."""
    parts = [t("net.watching")] if session.watching else []
    if session.game.predictable:
        parts.append(t("net.predictable_short"))
    if session.closed:
        parts.append(t("net.closed_short"))
    elif session.lost:
        parts.append(t("net.lost_short"))
    now = time.monotonic()
    for seat, away in sorted(session.away.items()):
        who = plain(session.names[seat]) if 0 <= seat < len(session.names) else "?"
        key = "net.away_bot" if away.by_bot else "net.away"
        seconds = max(0, int(now - away.since))
        parts.append(t(key, who=who, time=duration(seconds), bot=away.by_bot))
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
