"""Captures on the table: small cards grouped 光 種 短 カス where the terminal has room, a compact
line at 80x24, and the counts each ruleset counts (菊に盃 a 種 and a カス in both こいこい)."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

from helpers.ui import continued, saved_seated, saved_where
from rich.cells import cell_len
from textual.content import Content

from hanafuda_tui.core.cards import HIKARI, KASU, KASUS, KIKU_SAKAZUKI, KIND_MASK, TAN, TANE
from hanafuda_tui.core.game import Game, Phase
from hanafuda_tui.core.rulesets import RULESETS
from hanafuda_tui.core.rulesets.hachihachi import yaku as hachihachi_yaku
from hanafuda_tui.core.rulesets.koikoi2 import yaku as koikoi2_yaku
from hanafuda_tui.core.rulesets.koikoi3 import yaku as koikoi3_yaku
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.i18n import set_lang
from hanafuda_tui.ui.widgets.table import SeatPanel

KIKU_AOTAN = 1 << 33
"""菊に青短."""
LABELS = ((HIKARI, "光"), (TANE, "種"), (TAN, "短"))


def test_each_ruleset_names_the_cards_its_rules_count_as_kasu() -> None:
    rng = random.Random(13)
    for _ in range(300):
        caps = rng.getrandbits(48)
        assert (caps & RULESETS["koikoi3"].kasu_cards).bit_count() == koikoi3_yaku.kasu_count(caps)
        assert (caps & RULESETS["hachihachi"].kasu_cards).bit_count() == (
            hachihachi_yaku.kasu_count(caps)
        )
        ten = caps | KASUS  # ten or more カス: the カス yaku pays one per card past nine
        kasu = koikoi2_yaku.yaku(ten, koikoi2_yaku.VALUES)["カス"]
        assert (ten & RULESETS["koikoi2"].kasu_cards).bit_count() == kasu + 9
    assert RULESETS["hanaawase"].kasu_cards == KASUS


def every_kind_and_sake(game: Game) -> bool:
    """Mid-month, some seat holds a 光, a 種, a 短 and 菊に盃 with other カス."""
    if game.phase != Phase.PLAY:
        return False
    for caps in game.captures:
        kinds = all(caps & KIND_MASK[k] for k in (HIKARI, TANE, TAN, KASU))
        if kinds and caps & KIKU_SAKAZUKI:
            return True
    return False


def seat_texts(app: HanafudaApp) -> list[tuple[int, str]]:
    """Each seat panel's captures and its text as shown at its width."""
    out = []
    for panel in app.screen.query(SeatPanel):
        assert panel.info is not None
        lines = panel.lines(panel.size.width)
        out.append((panel.info.captures, "\n".join(Content.from_markup(x).plain for x in lines)))
    return out


def shown_at(tmp_path: Path, size: tuple[int, int]) -> list[tuple[int, str]]:
    async def run() -> list[tuple[int, str]]:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=size) as pilot:
            await continued(pilot)
            return seat_texts(app)

    try:
        return asyncio.run(run())
    finally:
        set_lang("ja")


def test_captures_are_cards_grouped_by_kind_at_120x36(tmp_path: Path) -> None:
    saved_where(tmp_path, "koikoi3", every_kind_and_sake, seeds=400)
    seats = shown_at(tmp_path, (120, 36))
    for caps, text in seats:
        lines = text.splitlines()
        counts = [(label, (caps & KIND_MASK[k]).bit_count()) for k, label in LABELS]
        counts.append(("カス", koikoi3_yaku.kasu_count(caps)))
        for label, n in counts:
            assert f"{label}{n}" in lines[2], text
        drawn = lines[1].count("╭") + lines[1].count("┬")
        cards = sum(n for _, n in counts[:3])
        assert drawn in (cards, cards + counts[3][1]), text


PILE = re.compile(r"(光|種|短|カス)(\d+)((?:│[^│\s+])*)│?(?:\+(\d+))?")
"""A pile on a seat's line of small cards: its label, its count, its cards' months, ``+N``."""


def piles(line: str) -> dict[str, tuple[int, str, int]]:
    """Each pile of a line of small cards: its count, the months shown, how many are folded."""
    return {m[1]: (int(m[2]), m[3].replace("│", ""), int(m[4] or 0)) for m in PILE.finditer(line)}


def sake_alone(game: Game) -> bool:
    """Mid-month, some seat holds 菊に盃 (taken with 菊に青短: no 菊のカス) and another カス."""
    if game.phase != Phase.PLAY:
        return False
    kiku = sum(1 << c for c in range(32, 36))
    return any(
        caps & kiku == KIKU_SAKAZUKI | KIKU_AOTAN and (caps & KASUS).bit_count() >= 2
        for caps in game.captures
    )


def test_a_card_counted_in_two_piles_shows_the_same_month_in_both(tmp_path: Path) -> None:
    saved_where(tmp_path, "koikoi3", sake_alone, seeds=400)
    sake = [text for caps, text in shown_at(tmp_path, (120, 36)) if caps & KIKU_SAKAZUKI]
    assert sake
    for text in sake:
        shown = piles(text.splitlines()[2])
        assert "菊" in shown["種"][1] and "菊" in shown["カス"][1], text
        assert "盃" not in text, text


def crowded(game: Game) -> bool:
    """Mid-month, an opponent has more captures (its カス counted again) than a row of small
    cards holds at 120x36."""
    if game.phase != Phase.PLAY:
        return False
    return any((c & game.kasu_cards).bit_count() + c.bit_count() >= 24 for c in game.captures[1:])


def test_a_pile_too_long_for_its_row_folds_with_a_count_of_the_rest(tmp_path: Path) -> None:
    saved_where(tmp_path, "hachihachi", crowded, seeds=400)
    seats = shown_at(tmp_path, (120, 36))
    folds = 0
    for caps, text in seats:
        shown = piles(text.splitlines()[2])
        counts = [(label, (caps & KIND_MASK[k]).bit_count()) for k, label in LABELS]
        counts.append(("カス", hachihachi_yaku.kasu_count(caps)))
        for label, n in counts:
            count, months, rest = shown[label]
            assert count == n, text
            assert len(months) + rest == n and (months or not n), text
            folds += rest > 0
    assert folds, seats


def many_taken(game: Game) -> bool:
    """Some seat of six holds seven or more 光 種 短: more than a line beside its name holds at
    80x24."""
    return any((caps & ~KIND_MASK[KASU]).bit_count() >= 7 for caps in game.captures)


def test_many_seated_piles_fold_on_their_one_line_at_80x24(tmp_path: Path) -> None:
    """Six seated at 80x24, a seat a line: its faces fold (``+N``, or the counts alone) within
    the line, every pile's count still there."""
    saved_seated(tmp_path, 6, many_taken)

    async def run() -> list[tuple[int, str, int]]:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=60, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.click("#continue")
            await pilot.pause()
            out = []
            for panel in app.screen.query(".opponent").results(SeatPanel):
                assert panel.info is not None
                if panel.info.out:
                    continue
                (line,) = panel.lines(panel.size.width)
                out.append((panel.info.captures, Content.from_markup(line).plain, panel.size.width))
            return out

    try:
        seats = asyncio.run(run())
    finally:
        set_lang("ja")
    for caps, line, width in seats:
        assert cell_len(line) <= width, line
        for k, label in LABELS:
            n = (caps & KIND_MASK[k]).bit_count()
            found = re.search(rf"{label}(\d+)((?: \S\S)*?)(?: \+(\d+))?(?= |$)", line)
            assert found and int(found[1]) == n, line
            faces, rest = found[2].split(), int(found[3] or 0)
            assert len(faces) + rest == n or not faces and not rest, line  # or the count alone


def test_captures_are_a_compact_line_at_80x24(tmp_path: Path) -> None:
    saved_where(tmp_path, "koikoi3", every_kind_and_sake, seeds=400)
    for caps, text in shown_at(tmp_path, (80, 24)):
        assert "╭" not in text
        body = " ".join(text.splitlines()[1:])
        for k, label in LABELS:
            assert f"{label}{(caps & KIND_MASK[k]).bit_count()}" in body
        assert f"カス{koikoi3_yaku.kasu_count(caps)}" in body


def test_snapshot_mid_month_80x24(snap_compare: Any, tmp_path: Path) -> None:
    saved_where(tmp_path, "koikoi3", every_kind_and_sake, seeds=400)
    app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
    assert snap_compare(app, terminal_size=(80, 24), run_before=continued)


def test_snapshot_mid_month_120x36(snap_compare: Any, tmp_path: Path) -> None:
    saved_where(tmp_path, "koikoi3", every_kind_and_sake, seeds=400)
    app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
    assert snap_compare(app, terminal_size=(120, 36), run_before=continued)
