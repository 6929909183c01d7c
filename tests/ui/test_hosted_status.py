"""A hosted table's status line: why the host closed the seat, and no one counted away while
this seat's own connection is down."""

from __future__ import annotations

import time

from hanafuda_tui.ui import i18n
from hanafuda_tui.ui.widgets.status import AwaySeat, hosted_parts

NAMES = ["You", "Hana", "[b]Jo"]


def test_a_closed_seat_says_why_and_names_no_one_away() -> None:
    i18n.set_lang("en")
    away = {1: AwaySeat(time.monotonic() - 30)}
    parts = hosted_parts(False, False, "this seat was joined from elsewhere", "", away, NAMES)
    assert parts == ["[b]connection closed[/b]: this seat was joined from elsewhere"]
    markup = hosted_parts(False, False, "[red]" + "x" * 80, "", {}, NAMES)
    assert markup[-1].startswith("[b]connection closed[/b]: \\[red]") and markup[-1].endswith("…")
    i18n.set_lang("ja")


def test_while_the_connection_is_lost_the_others_are_not_counted_away() -> None:
    i18n.set_lang("en")
    away = {1: AwaySeat(time.monotonic() - 30)}
    assert hosted_parts(False, False, "", "gone", away, NAMES) == [
        "[b]connection lost: rejoining[/b]"
    ]
    shown = hosted_parts(False, False, "", "", away, NAMES)
    assert len(shown) == 1 and "Hana" in shown[0]
    i18n.set_lang("ja")
