"""Help for every ruleset: its own rules text and a yaku reference read from the core's yaku table
(names, values, card sets), with a gloss for every yaku; teyaku values checked against the core's."""

from __future__ import annotations

import asyncio
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers.ui import screen_text
from rich.console import Console

from hanafuda_tui.core import cards
from hanafuda_tui.core.rulesets import RULESETS
from hanafuda_tui.core.rulesets.hachihachi import teyaku as ht
from hanafuda_tui.core.rulesets.hanaawase import yaku as ha
from hanafuda_tui.core.rulesets.koikoi2 import yaku as k2
from hanafuda_tui.core.rulesets.koikoi3 import yaku as k3
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui import i18n
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.screens.help import _HELP, HelpScreen, localized, yaku_rows, yaku_table


def reference(ruleset: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((_HELP / f"{ruleset}.json").read_text(encoding="utf-8"))
    return data


def values(rows: list[list[object]]) -> dict[object, object]:
    return {row[0]: row[2] for row in rows}


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_the_yaku_reference_is_the_cores_table(ruleset: str) -> None:
    cls = RULESETS[ruleset]
    options = cls.Options()
    defs = cls.yaku_defs(options)
    score = cls.yaku_function(options)
    assert score is not None
    glosses = reference(ruleset)["yaku"]
    variants = [options, *([cls.Options(rules="nintendo")] if ruleset == "koikoi2" else [])]
    names = {d.name for v in variants for d in cls.yaku_defs(v)}
    assert set(glosses) == names, "a help entry for every yaku, none other"
    rows = yaku_rows(ruleset, glosses)
    assert [(row[0], row[2]) for row in rows] == [(d.name, d.value) for d in defs]
    for (name, english, _, codes, note), d in zip(rows, defs, strict=True):
        assert english, name
        assert "{" not in str(note) and "}" not in str(note), name
        if d.need == d.cards.bit_count():
            assert cards.mask(str(codes)) == d.cards, name
        elif codes:  # an example hand: it scores the yaku in the core
            assert name in score(cards.mask(str(codes))), name
    shown = Console(width=200, record=True, file=io.StringIO())
    shown.print(yaku_table(rows, "", ruleset))
    text = shown.export_text()
    for d in defs:
        assert d.name in text and str(d.value) in text
        for k, grown in enumerate(d.grown, 1):
            assert f"{grown} {d.value + d.per * k}" in text


def test_koikoi3_teyaku_reference_is_the_cores() -> None:
    assert values(reference("koikoi3")["teyaku"]) == dict(k3.TEYAKU.values())


def test_koikoi2_teyaku_reference_is_the_cores() -> None:
    teyaku = values(reference("koikoi2")["teyaku"])
    assert teyaku == {k2.TESHI: k2.TEYAKU_VALUE, k2.KUTTSUKI: k2.TEYAKU_VALUE}


def test_hanaawase_teyaku_reference_is_the_cores() -> None:
    assert values(reference("hanaawase")["teyaku"]) == ha.TEYAKU_VALUES


def test_hachihachi_teyaku_reference_is_the_cores() -> None:
    assert values(reference("hachihachi")["teyaku"]) == ht.COUNT_VALUES | ht.KASU_VALUES


def test_every_ruleset_has_its_own_rules_and_yaku_in_both_languages(tmp_path: Path) -> None:
    async def run(language: str) -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language=language)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for ruleset in RULESETS:
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

    for language in ("ja", "en"):
        asyncio.run(run(language))
    i18n.set_lang("ja")


def test_at_the_table_the_yaku_reference_has_the_games_values() -> None:
    """二人こいこい under the nintendo rules: 五光 10, 赤短・青短 10, not the seed's 15."""
    cls = RULESETS["koikoi2"]
    nintendo = cls.Options(rules="nintendo")
    rows = yaku_rows("koikoi2", reference("koikoi2")["yaku"], nintendo)
    assert [(row[0], row[2]) for row in rows] == [
        (d.name, d.value) for d in cls.yaku_defs(nintendo)
    ]
    assert ("五光", 10) in [(row[0], row[2]) for row in rows]
    assert ("五光", 15) in [
        (row[0], row[2]) for row in yaku_rows("koikoi2", reference("koikoi2")["yaku"])
    ]


def notes_shown(ruleset: str) -> list[str]:
    """The yaku and teyaku notes the help screen shows in the language set now."""
    data = reference(ruleset)
    notes = [str(row[4]) for row in yaku_rows(ruleset, data["yaku"])]
    return notes + [localized(row[-1]) for row in data["teyaku"]]


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_the_reference_notes_are_in_the_language_shown(ruleset: str) -> None:
    english_words = re.compile(r"[A-Za-z]{2,}")
    try:
        i18n.set_lang("ja")
        japanese = notes_shown(ruleset)
        i18n.set_lang("en")
        english = notes_shown(ruleset)
    finally:
        i18n.set_lang("ja")
    assert not [note for note in japanese if english_words.search(note)]
    assert any(english_words.search(note) for note in english)


def test_no_english_note_is_in_japanese_words_alone() -> None:
    """A note in Japanese words only (盃役) is said in English too on an English screen; card
    names and patterns (松鶴 桜幕, 4-1-1-1) are the same in both."""
    try:
        i18n.set_lang("en")
        english = notes_shown("koikoi3")
    finally:
        i18n.set_lang("ja")
    assert "盃役" not in english
    assert any("sake-cup" in note for note in english)
