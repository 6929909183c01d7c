"""花合わせ's public facts in a view (docs/rules/hanaawase.md)."""

from __future__ import annotations

from typing import NamedTuple


class HanaawaseFacts(NamedTuple):
    """What every seat knows of the game and the round, and what only the viewer knows of its own
    hand while the teyaku question is asked."""

    month_index: int
    """Rounds played so far (§10)."""
    last_month: int
    """How many rounds the game has (§10)."""
    declared: tuple[str | None, ...]
    """Each seat's declared teyaku, once revealed (§5); all None while the question is asked."""
    own_teyaku: tuple[str, int] | None
    """The viewer's own teyaku (name, value) while the question is asked (§5), else None."""

    def status(self) -> tuple[tuple[str, object], ...]:
        return ()
