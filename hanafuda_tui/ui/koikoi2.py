"""二人こいこい on screen: its screen adapter (``SCREEN``, named by ``Koikoi2.screen``)."""

from __future__ import annotations

from types import MappingProxyType

from ..core.game import Phase, PlayerView
from .screens.modals import Decision, koikoi_prompt
from .screens.ruleset_screen import RulesetScreen
from .session import Session


def doublings(view: PlayerView, value: int) -> list[str]:
    """The ×2s a 勝負 now gets (docs/rules/koikoi2.md §6, §8): ``seven`` for a base of 7 or more
    under ``double_seven``, ``koikoi`` after anyone's こいこい this month."""
    seven = getattr(view.options, "double_seven", False) and value >= 7
    return ["seven"] * seven + ["koikoi"] * any(view.facts.called())


def stakes_prompt(view: PlayerView, session: Session) -> Decision:
    """こいこい or 勝負, with the doubling a 勝負 gets and the loser's 0."""
    return koikoi_prompt(view, session, doublings)


class Koikoi2Screen(RulesetScreen):
    """The common table, with the こいこい prompt telling 二人こいこい's doubling."""

    prompts = MappingProxyType({Phase.KOIKOI: stakes_prompt})


SCREEN = Koikoi2Screen()
