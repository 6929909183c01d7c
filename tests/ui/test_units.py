"""Screen text and card layout without a running app."""

from __future__ import annotations

import json
from pathlib import Path

from rich.cells import cell_len

from hanafuda_tui.core.cards import mask
from hanafuda_tui.core.rulesets import RULESETS
from hanafuda_tui.ui import i18n
from hanafuda_tui.ui.faces import FACES, kind_key, places, wrap

I18N = Path(i18n.__file__).parent / "data" / "i18n"


def test_the_locale_picks_the_language() -> None:
    assert i18n.locale_lang({"LANG": "ja_JP.UTF-8"}) == "ja"
    assert i18n.locale_lang({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}) == "en"
    assert i18n.locale_lang({}) == "en"


def test_both_languages_have_the_same_texts() -> None:
    """Yaku glosses and English's own texts for "You" (``.you``: "You play") aside."""
    ja = json.loads((I18N / "ja.json").read_text("utf-8"))
    en = json.loads((I18N / "en.json").read_text("utf-8"))

    def shared(keys: dict[str, str]) -> set[str]:
        return {k for k in keys if not k.startswith("yaku.") and k.split(".")[-1] != "you"}

    assert shared(ja) == shared(en)


def test_every_ruleset_has_a_description_and_role_names() -> None:
    ja = json.loads((I18N / "ja.json").read_text("utf-8"))
    for name, cls in RULESETS.items():
        assert f"desc.{name}" in ja
        assert len(ja.get(f"roles.{name}", ja["roles.default"]).split(",")) >= cls.table_sizes[0]


def test_faces_are_two_kanji_and_ribbons_are_told_apart() -> None:
    assert {cell_len(f) for f in FACES} == {4}
    assert [kind_key(c) for c in (0, 1, 21, 13, 2)] == ["light", "akatan", "aotan", "tan", "kasu"]
    assert kind_key(mask("g").bit_length() - 1) == "tane"


def test_cards_wrap_by_cell_width() -> None:
    items = [("[b]松鶴[/b]", 4)] * 5
    # prefix "場 " is 3 cells; 3 + 4 + 1 + 4 = 12 fits in 14, a third card would not
    assert places(items, 14, 3) == [(0, 3), (0, 8), (1, 3), (1, 8), (2, 3)]
    lines = wrap(items, 14, "場 ", 3)
    assert lines[0] == "場 [b]松鶴[/b] [b]松鶴[/b]" and lines[2] == "   [b]松鶴[/b]"


def test_an_unknown_phase_gets_its_legal_named_actions_as_choices() -> None:
    from hanafuda_tui.core import actions as act
    from hanafuda_tui.core.game import PlayerView
    from hanafuda_tui.core.rulesets.koikoi3.game import Koikoi3
    from hanafuda_tui.ui.screens.modals import generic_prompt

    view = PlayerView(
        "someday", 0, 3, 1, 1, 0, 0, "mystery", 0, (act.AGARI, act.SAGE), 0, (7, 7, 7), 0,
        (0, 0, 0), 21, -1, (0, 0, 0), (0, 0, 0), {}, Koikoi3.Options(),
    )  # fmt: skip
    prompt = generic_prompt(view, ["A", "B", "C"])
    assert prompt.keys == {"a": act.AGARI, "g": act.SAGE}
    assert [a for a, _, _ in prompt.choices] == [act.AGARI, act.SAGE]


def test_english_card_descriptions_say_each_thing_once() -> None:
    from hanafuda_tui.core.cards import CARD_OF_CODE
    from hanafuda_tui.ui.faces import describe

    i18n.set_lang("en")
    try:
        said = {code: describe(CARD_OF_CODE[code]) for code in "AKrqd"}
    finally:
        i18n.set_lang("ja")
    assert said == {
        "A": "crane (pine) · light",
        "K": "cherry chaff",  # not "cherry chaff (cherry) · chaff"
        "r": "lightning (willow) · chaff",
        "q": "ribbon (willow)",
        "d": "geese (pampas) · animal",
    }


def test_sidebar_lines_fold_within_its_width() -> None:
    from textual.content import Content

    from hanafuda_tui.ui.widgets.table import YakuInfo, YakuPanel

    i18n.set_lang("en")
    try:
        near = {
            "花見酒": mask("I"),
            "月見酒": mask("c"),
            "青短": mask("V"),
            "タネ": mask("Q"),
            "カス": mask("tu"),
        }
        panel = YakuPanel()
        panel.infos = [YakuInfo("Bot Bamboo", 3, {"猪鹿蝶": 6}, near)]
        lines = [Content.from_markup(line).plain for line in panel.lines(27)]
    finally:
        i18n.set_lang("ja")
    assert max(cell_len(line) for line in lines) <= 27
    assert lines[4].startswith("  1 away") and len(lines) > 5
    assert all(line.startswith("    ") for line in lines[5:])
    assert "カス" in lines[-1]  # every near yaku is there, none cut off


def test_a_yaku_event_without_a_value_is_logged_without_one() -> None:
    from hanafuda_tui.core.events import YakuFormed
    from hanafuda_tui.ui.text import event_line

    line = event_line(YakuFormed(0, ("猪鹿蝶",)), ["あなた"], "hachihachi")
    valued = event_line(YakuFormed(0, ("猪鹿蝶",), 5), ["あなた"], "hachihachi")
    assert line == "あなた 出来役 猪鹿蝶"  # not "(0文)"
    assert valued == "あなた 出来役 猪鹿蝶 (5点)"


def test_log_lines_for_hachihachi_and_hanaawase_events_are_sentences() -> None:
    from hanafuda_tui.core.events import Agari, BaSet, DrawOnly, MonthEnded, TeyakuShown
    from hanafuda_tui.ui.text import event_line

    names = ["A", "B", "C"]
    i18n.set_lang("en")
    try:
        lines = [
            event_line(BaSet(2, 1, 1, ("大場", "", "大場", "大大")), names, "hachihachi"),
            event_line(MonthEnded(1, 0, "hands", (), (-26, 42, -16)), names, "hachihachi"),
            event_line(TeyakuShown(0, "赤", 2, 0), names, "hachihachi"),
            event_line(Agari(2, 168), names, "hachihachi"),
        ]
        lines.append(event_line(TeyakuShown(1, "六カス", 0, 0), names, "hanaawase"))
        lines.append(event_line(DrawOnly(1), names, "hanaawase"))
    finally:
        i18n.set_lang("ja")
    assert lines == [
        "場: 大場, 二代しばり next month (C deals)",
        "Month over (-26 +42 -16); B deals next",  # not "B wins 0"
        "A shows 赤 2貫",  # 八八 teyaku are 貫, not pts
        "C: あがり, 168 pts",
        "B shows 六カス",  # no "0 pts"
        "B has no hand card: draws only",
    ]
