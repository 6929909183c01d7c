"""A month's result explains every payment: each line's cause and amount, grouped per payment,
with the ruleset's unit, the amounts per seat adding up to what the seat paid."""

from __future__ import annotations

import asyncio
import io
import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from helpers.koikoi3 import deal_with, game_with, play
from helpers.ui import screen_text as ui_screen_text
from helpers.ui import settle
from rich.console import Console
from textual.app import App
from textual.content import Content

import hanafuda_tui.ui.app
from hanafuda_tui.core.cards import mask
from hanafuda_tui.core.game import Game, Phase
from hanafuda_tui.core.records import SeatRecord, new_game
from hanafuda_tui.core.results import Cause, DealResult, Line, Settlement
from hanafuda_tui.core.rulesets.hachihachi.game import Hachihachi
from hanafuda_tui.core.rulesets.hachihachi.lines import payment_lines
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.explain import cause_text, explained, payments
from hanafuda_tui.ui.i18n import has, set_lang, t
from hanafuda_tui.ui.rulesets.hachihachi import screen as hachihachi_screen
from hanafuda_tui.ui.screens.results import MonthResult, MonthShown, result_parts
from hanafuda_tui.ui.session import Session
from hanafuda_tui.ui.text import faces_of

NAMES = ("A", "B", "C")
CASES = {
    "koikoi3": ({"months": 3}, {Cause.YAKU, Cause.KOBIKI, Cause.GINMI}),
    "koikoi2": (
        {"double_seven": True, "teyaku": True},
        {Cause.YAKU, Cause.TEYAKU, Cause.KOIKOI, Cause.DOUBLE_SEVEN},
    ),
    "hanaawase": ({}, {Cause.YAKU, Cause.TEYAKU, Cause.CARD_POINTS}),
    "hachihachi": ({}, set(Cause) - {Cause.KOIKOI, Cause.DOUBLE_SEVEN, Cause.KOBIKI}),
}
"""Each ruleset's options for seeded random games, and the causes those games must show."""


def shown(renderable: object) -> str:
    """The plain text a wide terminal shows for a Content or a Rich renderable."""
    console = Console(file=io.StringIO(), width=240, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


def screen_text(game: Game, result: DealResult, settled: Sequence[Settlement] = ()) -> str:
    title, body = result_parts(
        MonthShown(game.ruleset, result, NAMES[: game.players], game.scores, settled)
    )
    return " ".join([shown(Content.from_markup(title)), *map(shown, body)])


def unit(ruleset: str) -> str:
    return t(f"unit.{ruleset}" if has(f"unit.{ruleset}") else "unit").strip()


def assert_explained(text: str, lines: Sequence[Line], paid: Sequence[int], ruleset: str) -> None:
    """Every line's cause and amount, every payment with its unit, and per seat the payments add
    up to ``paid``."""
    found = payments(lines)
    net = [0] * len(paid)
    for p in found:
        net[p.receiver] += p.amount
        if p.payer >= 0:
            net[p.payer] -= p.amount
    assert net == list(paid)
    for p in found:
        assert sum(x.amount for x in p.lines) == p.amount
        assert all(x.seat == p.receiver for x in p.lines)
        head = f"{p.amount}{t('unit.' + ruleset) if has('unit.' + ruleset) else t('unit')}"
        assert (head if p.payer >= 0 else f"{p.amount:+d}") in text, (p, text)
        for i, x in enumerate(p.lines):
            after = p.lines[i - 1].name if i else ""
            assert f"{cause_text(x, ruleset, after)} {x.amount:+d}" in text, (x, text)
    if lines:
        assert unit(ruleset) in text
    assert "cause." not in text and "explain." not in text, text


def seeded(ruleset: str, options: dict[str, Any]) -> Iterator[Game]:
    for seed in range(200):
        game = new_game(ruleset, random.Random(f"explained/{seed}"), options)
        moves = random.Random(seed)
        while not game.finished:
            game.apply(moves.choice(game.legal_actions()))
        yield game


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_every_payment_is_told_with_its_causes_amounts_and_unit(ruleset: str, lang: str) -> None:
    options, wanted = CASES[ruleset]
    set_lang(lang)
    seen: set[Cause] = set()
    try:
        for game in seeded(ruleset, options):
            for r in game.results:
                if not {x.cause for x in r.lines} <= seen:
                    assert_explained(screen_text(game, r), r.lines, r.payments, ruleset)
                    seen |= {x.cause for x in r.lines}
            for x in game.settlements:
                if not {line.cause for line in x.lines} <= seen:
                    text = screen_text(game, game.results[-1], [x])
                    assert_explained(text, x.lines, x.payments, ruleset)
                    seen |= {line.cause for line in x.lines}
            if wanted <= seen:
                break
        assert wanted <= seen
    finally:
        set_lang("ja")


def test_a_declared_teyaku_against_a_lower_one_is_told_as_the_difference() -> None:
    """三人こいこい: 四三 (80) against 手四 (8): B pays A 72, C pays A 80, both hands face up for
    every player (docs/rules/koikoi3.md §3)."""
    game = game_with(deal_with(dealer="ghijlmn", dealer2="AQRSTau"))
    play(game, "declare declare")
    r = game.results[0]
    set_lang("ja")
    text = screen_text(game, r)
    assert "B → A 72文: 四三 +80  手四 -8" in text, text
    assert "C → A 80文: 四三 +80" in text, text
    assert_explained(text, r.lines, r.payments, "koikoi3")
    assert r.shown == (mask("ghijlmn"), mask("AQRSTau"), 0)
    for name, hand in zip(NAMES, r.shown, strict=True):
        if hand:
            faces = Content.from_markup(faces_of(hand)).plain
            assert f"{name}: {faces}" in text, text


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_same_teyaku_declared_by_both_seats_of_a_payment_is_named_on_both_sides(
    lang: str,
) -> None:
    """八八: A and B each declared 赤 (2貫, 48点 at this 場, docs/rules/hachihachi.md §9) and B
    made 三光: A pays B its 三光, the two 赤 told by name and 貫 on each side."""
    lines = (
        payment_lines(0, 48, 48, Cause.TEYAKU, "赤", 2)
        + payment_lines(1, 48, 48, Cause.TEYAKU, "赤", 2)
        + payment_lines(1, 24, 24, Cause.YAKU, "三光", 2)
    )
    set_lang(lang)
    try:
        told = explained(lines, NAMES, "hachihachi")
        assert told[0].startswith("A → B 24"), told
        ten = t("cause.value.hachihachi", "hachihachi", value=2)
        assert f"赤 {ten} -24" in told[0] and f"赤 {ten} +24" in told[0], told
        assert t("cause.teyaku") not in told[0], told
    finally:
        set_lang("ja")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_cause_has_its_own_text(lang: str) -> None:
    set_lang(lang)
    try:
        texts = {
            cause_text(Line(0, 1, cause, value=1), "koikoi3")
            for cause in Cause
            if cause is not Cause.SAGE
        }
        texts |= {cause_text(Line(0, a, Cause.SAGE), "koikoi3") for a in (1, -1)}
        assert len(texts) == len(Cause) + 1
        assert not any("cause." in x for x in texts), texts
    finally:
        set_lang("ja")


def busiest_month() -> tuple[Game, DealResult]:
    """The first seeded 八八 month paid with the 場 on top of yaku, and 下げ or 法度."""
    for game in seeded("hachihachi", {}):
        for r in game.results:
            causes = {x.cause for x in r.lines}
            if {Cause.YAKU, Cause.BA} <= causes and causes & {Cause.SAGE, Cause.HATTO}:
                return game, r
    raise AssertionError("no such month")


class ResultOnly(App[None]):
    """The game's styles, and nothing under the month result."""

    CSS_PATH = str(Path(hanafuda_tui.ui.app.__file__).with_name("app.tcss"))


async def show_busiest(pilot: Any) -> None:
    game, r = busiest_month()
    set_lang("ja")
    names = ["あなた", "Bot・梅", "Bot・竹"]
    pilot.app.push_screen(MonthResult(MonthShown("hachihachi", r, names, game.scores)))
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
def test_snapshot_of_an_explained_month(snap_compare: Any, size: Any) -> None:
    assert snap_compare(ResultOnly(), terminal_size=size, run_before=show_busiest)


SEATS = [
    SeatRecord(name="A", player="human"),
    SeatRecord(name="B", player="random"),
    SeatRecord(name="C", player="random"),
]


def declared_first(session: Session) -> bool:
    """Plays the bots of the first 八八 month up to the human's first card; whether a teyaku was
    declared and paid by then (the human holding none, so not asked)."""
    game = session.link.table.game
    while not game.finished and len(game.deals) == 1:
        if game.to_act == 0:
            legal = game.legal_actions()
            if game.phase != Phase.TEYAKU or len(legal) > 1:
                break
            game.apply(legal[0])
        else:
            game.apply(session.link.table.bots[game.to_act].act(game.view(game.to_act)))
    return len(game.deals) == 1 and game.phase == Phase.PLAY and bool(game.rows)


def test_hachihachi_teyaku_are_in_the_sidebar_and_the_sheet_once_declared(tmp_path: Path) -> None:
    """Teyaku are paid when declared (docs/rules/hachihachi.md §9): the scores and the 記入式 show them
    before the month ends."""
    seed = next(
        s for s in map(str, range(300)) if declared_first(Session.new("hachihachi", {}, SEATS, s))
    )
    session = Session.new("hachihachi", {}, SEATS, seed)
    declared_first(session)
    game = session.link.table.game
    assert isinstance(game, Hachihachi) and game.scores == [0, 0, 0]
    paid = [sum(row.amounts[s] for row in game.rows) for s in range(3)]

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            app.start_game("hachihachi", {}, SEATS, seed)
            await settle(pilot)
            text = ui_screen_text(app)
            for s, name in enumerate("ABC"):
                assert f"{name} {paid[s]:+d}点" in text, (name, paid, text)
            table = app.table()
            assert table is not None
            sheet = shown(hachihachi_screen.sheet_table(table.session.link.table.game, list("ABC")))
            assert sheet.count(game.rows[0].remark) >= len(game.rows), sheet
            assert "1月" in sheet, sheet

    asyncio.run(run())
