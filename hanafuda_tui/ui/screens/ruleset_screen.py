"""What the table shows differently for one ruleset: its screen adapter.

Each ruleset's adapter is a subclass's ``SCREEN`` in ``ui/rulesets/<name>``, registered in
``ui.rulesets.SCREENS``. The base adds nothing to what every ruleset shows: a ruleset without a
場, a 記入式 or prompts of its own overrides nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

from rich.table import Table
from textual.visual import VisualType

from ...core.game import PlayerView, PublicBoard
from ...core.results import DealResult, Settlement

if TYPE_CHECKING:
    from .modals import Decision

Prompt = Callable[[PlayerView, Sequence[str]], "Decision"]
"""A decision prompt for the seat a view is of, from that view and the seats' names."""


class SheetGame(Protocol):
    """What the score sheet and the standings read of a game: the core's ``Game`` or a seat's
    ``SeatGame``."""

    @property
    def ruleset(self) -> str: ...

    @property
    def scores(self) -> Sequence[int]: ...

    @property
    def results(self) -> Sequence[DealResult]: ...

    @property
    def settlements(self) -> Sequence[Settlement]: ...

    def board(self) -> PublicBoard: ...


class RulesetScreen:
    """The table's hooks for one ruleset; each returns what the base table shows by default."""

    prompts: Mapping[str, Prompt] = MappingProxyType({})
    """The ruleset's own decision prompts, by the phase they answer."""
    open_phases: frozenset[str] = frozenset()
    """Phases whose one forced answer tells nothing private (花合わせ's しばり): applied at once,
    with no pass screen, even when several humans share the keyboard."""

    def status_parts(self, view: PlayerView, names: Sequence[str]) -> list[str]:
        """More of the status line (markup), after the month."""
        return []

    def yaku_shown(self, yaku: dict[str, int], view: PlayerView) -> dict[str, int]:
        """Yaku values as the sidebar shows them (八八: at this month's 場)."""
        return yaku

    def scores_shown(self, game: SheetGame) -> Sequence[int]:
        """Each seat's score as the table shows it (八八: with this month's payments so far); ``game``
        is the core's game or a hosted table's copy (``RemoteGame``)."""
        return game.scores

    def result_parts(
        self, result: DealResult, names: Sequence[str], last: bool
    ) -> tuple[str, list[VisualType]] | None:
        """A deal's result as its own head (markup) and tables, above the running totals; None
        for the common layout."""
        return None

    def shown_hands(self, result: DealResult) -> Sequence[int]:
        """Each seat's hand shown face up with a deal's result (三人こいこい: declared teyaku)."""
        return ()

    def result_note(self, result: DealResult) -> str:
        """A word after a deal's yaku on the score sheet (三人こいこい: 3文しばり), or ""."""
        return ""

    def sat_out(self, result: DealResult) -> Mapping[int, str]:
        """The seats that sat a deal out, each with how (花合わせ with four to six seated: oriru,
        oikomi); they score 0 for it."""
        return {}

    def sheet(self, game: SheetGame, names: Sequence[str]) -> Table | None:
        """The ruleset's own score sheet (八八's 記入式), or None for the month-by-month table."""
        return None

    def year_scores(self, game: SheetGame) -> tuple[Sequence[int], str]:
        """The scores the year's standings rank by, and the text of a rank."""
        return game.scores, "year.rank"

    def option_label(self, option: str, value: Any) -> str | None:
        """How the selector names an option's value, or None for the value itself."""
        return None
