"""Captures on the table: small cards grouped 光 種 短 カス where the terminal has room, a compact
line at 80x24, and the counts each ruleset counts (菊に盃 a 種 and a カス in both こいこい)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from helpers.ui import continued, saved_where
from textual.content import Content

from hanafuda_tui.core.cards import HIKARI, KASU, KASUS, KIKU_SAKAZUKI, KIND_MASK, TAN, TANE
from hanafuda_tui.core.game import Game, Phase
from hanafuda_tui.core.rulesets import RULESETS
from hanafuda_tui.core.rulesets.hachihachi import yaku as hachihachi_yaku
from hanafuda_tui.core.rulesets.koikoi2 import yaku as koikoi2_yaku
from hanafuda_tui.core.rulesets.koikoi3 import yaku as koikoi3_yaku
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.i18n import set_lang
from hanafuda_tui.ui.storage import Store
from hanafuda_tui.ui.widgets.table import SeatPanel

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
    sake = [text for caps, text in seats if caps & KIKU_SAKAZUKI]
    assert sake and all("│盃" in text.splitlines()[2] for text in sake)


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
