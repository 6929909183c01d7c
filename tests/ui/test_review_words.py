"""The review's words: a chance is shown within 0–100%, and what a decision lost is said to be
percentage points of the chance to finish the year first, not game points."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual.content import Content

from hanafuda_tui.review.judge import Judgement
from hanafuda_tui.ui import i18n
from hanafuda_tui.ui.screens.review import mistake_row, summary
from hanafuda_tui.ui.screens.viewer import seat_chooser


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_lang("en")


def text_of(markup: str) -> str:
    return Content.from_markup(markup).plain


def judged() -> list[Judgement]:
    """A cautious estimate below 0 and one above 1 (as a caller might pass), and two mistakes."""
    return [
        Judgement(at=3, month=4, played=13, played_chance=-0.04, best=33, best_chance=0.07),
        Judgement(at=9, month=5, played=16, played_chance=0.5, best=19, best_chance=1.2),
        Judgement(at=12, month=6, played=20, played_chance=0.3, best=20, best_chance=0.3),
    ]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_chance_is_shown_within_0_and_100_percent(lang: str) -> None:
    i18n.set_lang(lang)
    rows = [text_of(mistake_row(j)) for j in judged()]
    assert "-4%" not in rows[0] and "−4%" not in rows[0] and " 0%" in rows[0]
    assert "7%" in rows[0] and "(−7" in rows[0]
    assert "120%" not in rows[1] and "100%" in rows[1] and "(−50" in rows[1]


def test_the_losses_are_percentage_points_of_the_chance_to_finish_first() -> None:
    i18n.set_lang("en")
    text = summary(judged())
    assert "lost 2 percentage points or more of the chance to finish first" in text
    assert "(in all: 57)" in text and "points)" not in text
    assert "−7 pt" in text_of(mistake_row(judged()[0]))
    i18n.set_lang("ja")
    text = summary(judged())
    assert "一位で終える確率を 2 ポイント以上下げた手 2" in text
    assert "（合計 57 ポイント）" in text


def test_the_reader_s_own_seat_is_said_as_yours() -> None:
    """The reader is "you": "reviews your year", not "reviews You's year"."""
    i18n.set_lang("en")
    assert i18n.t("review.title", who=i18n.t("you")) == "The strong bot reviews your year"
    assert i18n.t("review.title", who="Hana") == "The strong bot reviews Hana's year"
    assert i18n.t("net.stand_in", who=i18n.t("you")) == "A bot plays your seat"
    assert i18n.t("playon.body", who=i18n.t("you")).startswith("You play on from your seat;")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_seat_chooser_s_number_keys_choose_a_seat_not_a_card(lang: str) -> None:
    i18n.set_lang(lang)
    line = seat_chooser(["You", "Plum", "Pine"], "Whose view?", False).keys_line()
    assert f"[b]1/2/3[/b] {i18n.t('keys.seat')}" in line and i18n.t("keys.card") not in line
