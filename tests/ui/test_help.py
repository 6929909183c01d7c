"""Help for every ruleset: its own rules text and a yaku reference whose values and cards are the
core's (so a changed rule shows up here as a failing test, not as a wrong help page)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from ui_helpers import screen_text

from hanafuda_tui.core import cards
from hanafuda_tui.core.rulesets import RULESETS
from hanafuda_tui.core.rulesets.hachihachi import teyaku as ht
from hanafuda_tui.core.rulesets.hachihachi import yaku as hy
from hanafuda_tui.core.rulesets.hanaawase import yaku as ha
from hanafuda_tui.core.rulesets.koikoi2 import yaku as k2
from hanafuda_tui.ui import i18n
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.screens.help import _HELP, HelpScreen
from hanafuda_tui.ui.storage import Store


def reference(ruleset: str) -> dict[str, list[list[object]]]:
    data: dict[str, list[list[object]]] = json.loads(
        (_HELP / f"{ruleset}.json").read_text(encoding="utf-8")
    )
    return data


def values(rows: list[list[object]]) -> dict[object, object]:
    return {row[0]: row[2] for row in rows}


def set_cards(rows: list[list[object]]) -> dict[object, int]:
    return {row[0]: cards.mask(str(row[3])) for row in rows if row[3]}


def test_koikoi2_reference_is_the_cores() -> None:
    ref = reference("koikoi2")
    shown = values(ref["yaku"])
    assert {n: shown[n] for n in k2.VALUES} == k2.VALUES
    assert values(ref["teyaku"]) == {k2.TESHI: k2.TEYAKU_VALUE, k2.KUTTSUKI: k2.TEYAKU_VALUE}
    # every card set scores its yaku in the core
    for name, cards_of in set_cards(ref["yaku"]).items():
        assert name in k2.yaku(cards_of, k2.VALUES)


def test_hanaawase_reference_is_the_cores() -> None:
    ref = reference("hanaawase")
    expected = {name: points for name, points, _ in ha.SETS}
    expected |= {ha.NANATAN: ha.NANATAN_POINTS, ha.ROKUTAN: ha.ROKUTAN_POINTS}
    assert values(ref["yaku"]) == expected
    assert set_cards(ref["yaku"]) == {name: c for name, _, c in ha.SETS}
    assert values(ref["teyaku"]) == ha.TEYAKU_VALUES


def test_hachihachi_reference_is_the_cores() -> None:
    ref = reference("hachihachi")
    shown = values(ref["yaku"])
    assert {n: shown[n] for n in hy.FIXED} == hy.FIXED
    assert shown["七短"] == hy.SEVEN_TAN
    assert values(ref["teyaku"]) == ht.COUNT_VALUES | ht.KASU_VALUES
    for name, cards_of in set_cards(ref["yaku"]).items():
        assert name in hy.dekiyaku(cards_of)


def test_every_ruleset_has_its_own_rules_and_yaku_in_both_languages(tmp_path: Path) -> None:
    async def run(ruleset: str, language: str) -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language=language)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.current_ruleset = ruleset
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            assert app.screen.query("#help-teyaku") and app.screen.query("#help-yaku")
            assert i18n.has(f"help.rules.{ruleset}")  # not the module's docstring
            first = i18n.t(f"help.rules.{ruleset}").split("\n")[0]
            assert first.split("]")[1].split("[")[0] in screen_text(app)
            assert ("Esc close" if language == "en" else "Esc 閉じる") in screen_text(app)
            await pilot.press("down", "down")
            assert app.screen.query_one(".sheet").scroll_y > 0  # ↑↓ scroll, as it says
            await pilot.press("escape")
            assert not isinstance(app.screen, HelpScreen)

    for ruleset in RULESETS:
        for language in ("ja", "en"):
            asyncio.run(run(ruleset, language))
    i18n.set_lang("ja")
