"""花合わせ with four to six seated at the table (docs/rules/hanaawase.md §11): the 出る・下る answers on the
seats as they are given, the round's roles, out seats with their card count only, the out cards
under the stock, and a human who sits out watching with its own seven labelled and no hidden card
shown."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from helpers.ui import saved_seated, screen_text, seats_of, settle, visible_cards

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import card_list
from hanafuda_tui.core.game import Game, Phase
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.faces import FACES
from hanafuda_tui.ui.i18n import set_lang, t
from hanafuda_tui.ui.screens.modals import Decision
from hanafuda_tui.ui.screens.results import MonthResult
from hanafuda_tui.ui.screens.table import TableScreen
from hanafuda_tui.ui.widgets.table import SeatPanel


def out(game: Game, seat: int) -> bool:
    participants = game.view(seat).facts.participants  # type: ignore[attr-defined]
    return bool(participants) and seat not in participants


def hidden_from(game: Game, seat: int) -> int:
    """The cards ``seat`` may not see: the others' unshown hands, and the stock but its own set
    aside seven."""
    hidden = 0
    for s in range(game.players):
        if s != seat:
            hidden |= game.hands[s] & ~game.shown[s]
    for card in game.stock[game.stock_pos :]:
        hidden |= 1 << card
    return hidden & ~game.view(seat).facts.set_aside  # type: ignore[attr-defined]


def panel_of(table: TableScreen, name: str) -> SeatPanel:
    return next(p for p in table.query(SeatPanel) if p.info is not None and p.info.name == name)


def test_answers_show_as_given_and_a_human_who_sits_out_sees_no_hidden_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Five seated against bots: the answers so far are on the seats when the human is asked; it
    says 下る and the round is played out without it, no hidden card ever on the table."""
    checked: list[bool] = []
    refresh = TableScreen.refresh_table

    def checking(self: TableScreen) -> None:
        refresh(self)
        game = self.session.link.table.game
        if self.is_mounted and game.phase == Phase.PLAY:
            assert visible_cards(self.app) & hidden_from(game, 0) == 0  # type: ignore[arg-type]
            me = self.query_one("#me", SeatPanel).info
            assert me is not None and me.out and me.hand_count == 0
            assert me.entry == t("table.entry.oriru") and me.set_aside
            checked.append(out(game, 0))

    monkeypatch.setattr(TableScreen, "refresh_table", checking)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.start_game("hanaawase", {"players": 5}, seats_of(5), "4")
            await settle(pilot)
            table = app.table()
            assert table is not None and isinstance(app.screen, Decision)
            game = table.session.link.table.game
            facts = game.view(0).facts
            assert game.phase == Phase.DERU_ORIRU and any(facts.entries)  # type: ignore[attr-defined]
            for seat, entry in enumerate(facts.entries):  # type: ignore[attr-defined]
                info = panel_of(table, table.session.names[seat]).info
                assert info is not None
                assert info.entry == (t(f"table.entry.{entry}") if entry else "")
                assert info.role == ("親" if seat == game.dealer else "")
            key = next(k for k, a in app.screen.keys.items() if a == act.ORIRU)
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, MonthResult)

    asyncio.run(run())
    assert checked and all(checked)


@pytest.mark.parametrize(
    ("size", "players", "lang"), [((80, 24), 5, "ja"), ((120, 36), 5, "en"), ((80, 24), 6, "en")]
)
def test_an_out_human_watches_every_seat_with_its_own_seven_labelled(
    tmp_path: Path, size: tuple[int, int], players: int, lang: str
) -> None:
    """Mid-round, the human out (a bot thinking, held by a long pace): every seat is on screen,
    the out ones with their count only; the stock line counts the out cards at its bottom; the
    human's own seven are labelled; no face of another hidden card is drawn."""
    game = saved_seated(tmp_path, players, lambda g: out(g, 0))
    facts: Any = game.view(0).facts

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=60, language=lang)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.click("#continue")
            await pilot.pause()
            table = app.table()
            assert table is not None
            await pilot.wait_for_scheduled_animations()
            await pilot.pause()
            text = screen_text(app)
            assert t("table.stock", n=game.view(0).stock_count) in text
            assert t("table.out_in_stock", n=facts.out_in_stock) in text
            assert t("table.set_aside") in text
            names = table.session.names
            for seat in range(players):
                info = panel_of(table, names[seat]).info
                assert info is not None
                assert info.out == (seat not in facts.participants)
                line = next(
                    x for x in text.splitlines() if x.lstrip().startswith(names[seat] + " ")
                )
                if info.out:
                    assert t("table.hand_count", n=0) in line
                    assert t(f"table.entry.{facts.entries[seat]}") in line
            opponents = table.query_one("#opponents")
            assert opponents.virtual_size.height <= opponents.size.height  # nobody cut off
            faces = {c: f for c, f in enumerate(FACES) if FACES.count(f) == 1}
            for card in card_list(hidden_from(game, 0)):
                assert card not in faces or faces[card] not in text
            assert visible_cards(app) & hidden_from(game, 0) == 0
            assert visible_cards(app) & facts.set_aside == facts.set_aside

    asyncio.run(run())
    set_lang("ja")
