"""花合わせ on screen: its screen adapter (``SCREEN``, registered in ``ui.rulesets.SCREENS``).

With four to six seated (docs/rules/hanaawase.md §11) a human answers 出る・下る in a private
prompt, and the seats that sat a round out are marked on its result and on the score sheet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from ...core import actions as act
from ...core.game import Phase, PlayerView
from ...core.results import DealResult
from ...core.rulesets.hanaawase.facts import HanaawaseFacts
from ...core.rulesets.hanaawase.game import OIKOMI, ORIRU, RoundResult
from ..i18n import t
from ..screens.modals import Decision, choices
from ..screens.ruleset_screen import Prompt, RulesetScreen
from ..text import faces_of, plain


def answers_so_far(view: PlayerView, names: Sequence[str]) -> list[str]:
    """Each seat settled so far, from the 親's right: its name and its answer (§11)."""
    facts = view.facts
    assert isinstance(facts, HanaawaseFacts)
    n = view.players
    out = []
    for r in range(1, n):
        seat = (view.dealer + r) % n
        entry = facts.entries[seat]
        if entry is not None:
            out.append(f"{plain(names[seat])}: {t('entry.' + entry)}")
    return out


def deru_prompt(view: PlayerView, names: Sequence[str]) -> Decision:
    """出る or 下る, seen from the own hand only: the answers given so far and how many places are
    left for how many seats still to answer (docs/rules/hanaawase.md §11)."""
    facts = view.facts
    assert isinstance(facts, HanaawaseFacts)
    waiting = (view.dealer - view.seat) % view.players
    so_far = answers_so_far(view, names)
    body = [
        faces_of(view.hand),
        "",
        t("deru.dealer", who=plain(names[view.dealer])),
        t("deru.so_far", answers="  ".join(so_far)) if so_far else t("deru.first"),
        t("deru.places", places=facts.places_left, seats=waiting),
        "",
        t("deru.explain"),
    ]
    keys = {act.DERU: "d", act.ORIRU: "o"}
    options = [(a, label, keys.get(a, key)) for a, label, key in choices(view)]
    return Decision(t("deru.title", who=plain(names[view.seat])), body, options)


class HanaawaseScreen(RulesetScreen):
    """The common table, with 出る・下る asked of a human and the seats out of a round marked."""

    prompts: Mapping[str, Prompt] = MappingProxyType({Phase.DERU_ORIRU: deru_prompt})
    open_phases = frozenset((Phase.DERU_ORIRU,))

    def option_label(self, option: str, value: object) -> str | None:
        return t("opt.players_n", n=value) if option == "players" else None

    def sat_out(self, result: DealResult) -> Mapping[int, str]:
        if not isinstance(result, RoundResult) or not result.entries:
            return {}
        return {s: e for s, e in enumerate(result.entries) if e in (ORIRU, OIKOMI)}


SCREEN = HanaawaseScreen()
