"""二人こいこい on screen: its screen adapter (``SCREEN``, named by ``Koikoi2.screen``)."""

from __future__ import annotations

from types import MappingProxyType

from ..core.game import Phase, PlayerView
from ..core.results import Cause
from ..core.rulesets.koikoi2.game import Koikoi2Options, shobu_lines
from .screens.modals import Decision, koikoi_prompt
from .screens.ruleset_screen import RulesetScreen
from .session import Session


def doublings(view: PlayerView, value: int) -> list[str]:
    """The ×2s a 勝負 now gets, read from the core's own 勝負 lines (docs/rules/koikoi2.md §6, §8):
    ``double_seven`` for a base of 7 or more under that option, ``koikoi`` after a こいこい."""
    options = view.options
    assert isinstance(options, Koikoi2Options)
    called = any(view.facts.called())
    lines = shobu_lines(view.seat, {"": value}, options.double_seven, called)
    return [str(line.cause) for line in lines if line.cause is not Cause.YAKU]


def stakes_prompt(view: PlayerView, session: Session) -> Decision:
    """こいこい or 勝負, with the doubling a 勝負 gets and the loser's 0."""
    return koikoi_prompt(view, session, doublings)


class Koikoi2Screen(RulesetScreen):
    """The common table, with the こいこい prompt telling 二人こいこい's doubling."""

    prompts = MappingProxyType({Phase.KOIKOI: stakes_prompt})


SCREEN = Koikoi2Screen()
