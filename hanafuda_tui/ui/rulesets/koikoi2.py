"""二人こいこい on screen: its screen adapter (``SCREEN``, registered in ``ui.rulesets.SCREENS``)."""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from ...core.game import Phase, PlayerView
from ...core.rulesets.koikoi2.game import Koikoi2Options
from ..i18n import t
from ..screens.modals import Decision, koikoi_prompt
from ..screens.ruleset_screen import RulesetScreen


def stakes_prompt(view: PlayerView, names: Sequence[str]) -> Decision:
    """こいこい or 勝負, with the doubling a 勝負 gets and the loser's 0; under the nintendo rules
    what one こいこい a month means (docs/rules/koikoi2.md §11.2)."""
    decision = koikoi_prompt(view, names)
    options = view.options
    assert isinstance(options, Koikoi2Options)
    if options.rules == "nintendo":
        said = t("koikoi.go_on.koikoi2")
        nintendo = t("koikoi.go_on.koikoi2.nintendo")
        decision.body = [nintendo if line == said else line for line in decision.body]
    return decision


class Koikoi2Screen(RulesetScreen):
    """The common table, with the こいこい prompt telling 二人こいこい's doubling."""

    prompts = MappingProxyType({Phase.KOIKOI: stakes_prompt})

    def status_parts(self, view: PlayerView, names: Sequence[str]) -> list[str]:
        """The rules in play where they are not seed 003's plain ones: 任天堂式 and each option
        turned on (喰い付き, 雨流れ...)."""
        options = view.options
        assert isinstance(options, Koikoi2Options)
        parts = [t("opt.koikoi2.rules.nintendo")] if options.rules == "nintendo" else []
        on = [name for name, value in options.model_dump().items() if value is True]
        return parts + [t(f"opt.koikoi2.{name}") for name in on]

    def option_label(self, option: str, value: Any) -> str | None:
        return t(f"opt.koikoi2.rules.{value}.choice") if option == "rules" else None


SCREEN = Koikoi2Screen()
