"""二人こいこい's redeals say why the deal was dealt again (docs/rules/koikoi2.md §2, §11.5): the
field's four or three of a month, its four pairs, or a hand's 手四 or くっつき, in the month's result,
the sheet and the log, in both languages."""

from __future__ import annotations

import random

from rich.console import Console

from hanafuda_tui.bots import make_bot
from hanafuda_tui.core.cards import MONTH_MASK
from hanafuda_tui.core.events import Redealt
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.rulesets.koikoi2.yaku import REDEALS, redeal_kind
from hanafuda_tui.ui.i18n import set_lang
from hanafuda_tui.ui.screens.results import MonthShown, result_parts
from hanafuda_tui.ui.text import event_line, result_rows

WORDS = {
    "en": {
        "field-four": "four of a month on the field",
        "field-three": "three of a month on the field",
        "field-pairs": "pairs of months on the field",
        "teshi": "手四",
        "kuttsuki": "くっつき",
    },
    "ja": {
        "field-four": "場に同じ月が4枚",
        "field-three": "場に同じ月が3枚",
        "field-pairs": "場に同じ月の2枚が4組",
        "teshi": "手四",
        "kuttsuki": "くっつき",
    },
}


def month(m: int, n: int) -> int:
    """``n`` cards of month ``m`` (0-based)."""
    bits = [b for b in range(48) if MONTH_MASK[m] >> b & 1][:n]
    return sum(1 << b for b in bits)


def test_each_redeal_kind_is_found_in_its_order() -> None:
    plain_hand = month(0, 1) | month(1, 1) | month(2, 1) | month(3, 1)
    hands = [plain_hand, month(5, 1)]
    assert redeal_kind(hands, month(4, 4), False) == "field-four"
    assert redeal_kind(hands, month(4, 3), False) == ""
    assert redeal_kind(hands, month(4, 3), True) == "field-three"
    pairs = month(4, 2) | month(5, 2) | month(6, 2) | month(7, 2)
    assert redeal_kind(hands, pairs, True) == "field-pairs"
    assert redeal_kind([month(8, 4), 0], month(0, 1), True) == "teshi"
    assert redeal_kind([0, pairs], month(0, 1), True) == "kuttsuki"
    assert redeal_kind([0, pairs], month(9, 4), True) == "field-four"


def nintendo_redeals() -> dict[str, tuple[object, list[object]]]:
    """A redeal of each kind from random nintendo games: its result and the game's log."""
    found: dict[str, tuple[object, list[object]]] = {}
    for seed in range(400):
        game = new_game("koikoi2", random.Random(seed), {"rules": "nintendo", "months": 3})
        bots = [make_bot("random", random.Random(f"{seed}/{i}")) for i in range(2)]
        while not game.is_over:
            game.apply(bots[game.to_act].act(game.view(game.to_act)))
        for r in game.results:
            if r.reason == "nagare-shima" and r.redeal not in found:  # type: ignore[attr-defined]
                found[r.redeal] = (r, list(game.log))  # type: ignore[attr-defined]
        if len(found) == len(REDEALS):
            break
    return found


def test_a_nintendo_redeal_says_its_own_reason_in_the_result_sheet_and_log() -> None:
    found = nintendo_redeals()
    assert {"field-four", "field-three", "teshi", "kuttsuki"} <= set(found)
    names = ["A", "B"]
    try:
        for language, words in WORDS.items():
            set_lang(language)
            for kind, (result, log) in found.items():
                others = [w for k, w in words.items() if k != kind and w not in words[kind]]
                head, parts = result_parts(MonthShown("koikoi2", result, names, [0, 0], [], False))
                console = Console(width=100, record=True, color_system=None)
                for part in parts:
                    console.print(part)
                shown = console.export_text()
                assert words[kind] in shown and not any(w in shown for w in others)
                row = " ".join(result_rows([result], names, lambda r: "")[0])
                assert words[kind] in row
                lines = [
                    event_line(e, names, "koikoi2") or ""
                    for e in log
                    if isinstance(e, Redealt) and e.reasons == (kind,)
                ]
                assert lines and all(words[kind] in line for line in lines)
    finally:
        set_lang("ja")
