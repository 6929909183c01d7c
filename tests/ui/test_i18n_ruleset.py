"""A text that depends on the ruleset takes it as an argument: the score unit and a ruleset's own
wording come from the ruleset named in the call, so two games' texts can be told side by side."""

from __future__ import annotations

from hanafuda_tui.core.events import Agari, Shobu
from hanafuda_tui.ui import i18n
from hanafuda_tui.ui.i18n import own, t
from hanafuda_tui.ui.text import event_line


def test_the_unit_is_the_named_ruleset_s_call_after_call() -> None:
    i18n.set_lang("ja")
    assert [t("side.total", r, n=3) for r in ("hachihachi", "koikoi3", "koikoi2", "")] == [
        "+3点",
        "+3文",
        "+3点",
        "+3文",
    ]


def test_log_lines_of_two_rulesets_interleaved_keep_their_own_units_and_words() -> None:
    i18n.set_lang("ja")
    names = ["A", "B", "C"]
    lines = [
        event_line(Agari(0, 12), names, "hachihachi"),
        event_line(Shobu(1, 5, ()), names, "koikoi3"),
        event_line(Shobu(1, 5, ()), names, "koikoi2"),
    ]
    assert lines == ["A あがり 12点", "B 勝負 5文", "B 勝負 5点"]
    assert [t(own("sheet.dealer", r)) for r in ("koikoi3", "hanaawase")] == ["胴", "親"]


def test_a_text_that_names_a_ruleset_still_takes_it_as_a_value() -> None:
    i18n.set_lang("ja")
    text = t("confirm.discard_body", ruleset="八八", months=2)
    assert text == "続きから遊べる八八のゲーム(2か月済み)が消えます。"


def test_starting_anew_names_the_saved_rules_and_counts_a_month_dealt_again_once() -> None:
    from types import SimpleNamespace

    from hanafuda_tui.ui.screens.selector import discard_body

    months = (1, 1, 2)  # month 1 ended 流れ and was dealt again
    game = SimpleNamespace(ruleset="hanaawase", results=[SimpleNamespace(month=m) for m in months])
    i18n.set_lang("en")
    assert discard_body(game) == (  # type: ignore[arg-type]
        "The saved 花合わせ (hana-awase) game (2 months played) will be lost."
    )
    i18n.set_lang("ja")
