"""三人こいこい on screen: its screen adapter (``SCREEN``, named by ``Koikoi3.screen``)."""

from __future__ import annotations

from ..core.results import DealResult
from ..core.rulesets.koikoi3.game import MonthResult
from .i18n import t
from .screens.ruleset_screen import RulesetScreen


class Koikoi3Screen(RulesetScreen):
    """The common table, with a month replayed under 3文しばり marked on the score sheet
    (docs/rules/koikoi3.md §9)."""

    def result_note(self, result: DealResult) -> str:
        shibari = isinstance(result, MonthResult) and result.shibari
        return t("table.shibari_short") if shibari else ""


SCREEN = Koikoi3Screen()
