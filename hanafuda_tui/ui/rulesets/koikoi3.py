"""三人こいこい on screen: its screen adapter (``SCREEN``, registered in ``ui.rulesets.SCREENS``)."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.results import DealResult
from ...core.rulesets.koikoi3.game import MonthResult
from ..i18n import t
from ..screens.ruleset_screen import RulesetScreen


class Koikoi3Screen(RulesetScreen):
    """The common table, with a month replayed under 3文しばり marked on the score sheet
    (docs/rules/koikoi3.md §9) and declared teyaku hands face up on the month's result (§3)."""

    def shown_hands(self, result: DealResult) -> Sequence[int]:
        return result.shown if isinstance(result, MonthResult) else ()

    def result_note(self, result: DealResult) -> str:
        shibari = isinstance(result, MonthResult) and result.shibari
        return t("table.shibari_short") if shibari else ""


SCREEN = Koikoi3Screen()
