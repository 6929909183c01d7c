"""A turn is shown in steps: the card played and what it takes, then the card drawn and what it
takes, each held for the pace; the strip of last turns and the hot-seat pass screen say the same."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from helpers.ui import continued, human_step, saved_where, settle, start

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.events import Captured, Dealt, Decided, Drew, Event, Laid, Played, YakuFormed
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.turns import TurnBook
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.config import Config
from hanafuda_tui.ui.faces import FACES
from hanafuda_tui.ui.i18n import t
from hanafuda_tui.ui.screens.passing import PassScreen
from hanafuda_tui.ui.screens.table import TableScreen
from hanafuda_tui.ui.widgets.last_turns import LastTurns
from hanafuda_tui.ui.widgets.table import FieldPanel, SeatPanel

PACE = 0.05


def turn_of(log: list[Event], seat: int) -> tuple[int, int]:
    """The card ``seat`` played and the card it drew on its latest turn, read from the log."""
    play = next(e for e in reversed(log) if isinstance(e, Played) and e.seat == seat)
    at = log.index(play)
    draw = next(e for e in log[at:] if isinstance(e, Drew) and e.seat == seat)
    return play.card, draw.card


def test_a_bot_turn_shows_its_play_then_its_draw_each_held(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every state the field shows is recorded: a bot's played card and its drawn card are two
    moments, in that order, the second at least a pace after the first."""
    saved_where(tmp_path, "koikoi3", lambda g: g.phase == Phase.PLAY, seeds=50)
    shown: list[tuple[float, int, str]] = []
    original = FieldPanel.show

    def recorded(
        self: FieldPanel, field: int, lit: int, pending: int, note: str = "", at: int = -1
    ) -> None:
        if not shown or shown[-1][1:] != (pending, note):
            shown.append((time.monotonic(), pending, note))
        original(self, field, lit, pending, note, at)

    monkeypatch.setattr(FieldPanel, "show", recorded)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=PACE, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            table = app.table()
            assert table is not None
            game = table.session.link.table.game
            shown.clear()
            await human_step(pilot)
            await settle(pilot)
            bot = game.log[-1].seat
            assert bot in (1, 2)
            played, drawn = turn_of(game.log, bot)
            cards = [pending for _, pending, _ in shown]
            assert played in cards and drawn in cards
            first, second = cards.index(played), cards.index(drawn)
            assert first < second
            assert shown[second][0] - shown[first][0] >= PACE * 0.9
            name = table.session.names[bot]
            assert name in shown[first][2] and FACES[played] in shown[first][2]
            assert FACES[drawn] in shown[second][2]
            assert table.query_one(FieldPanel).pending < 0  # all shown, nothing held

    asyncio.run(run())


def test_the_strip_says_what_each_bot_did_last(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            table = await start(pilot, ["human", "normal", "normal"], "4")
            for _ in range(2):
                await human_step(pilot)
                await settle(pilot)
            game = table.session.link.table.game
            strip = table.query_one(LastTurns)
            text = "\n".join(strip.lines(80))
            for bot in (1, 2):
                played, drawn = turn_of(game.log, bot)
                line = next(r for r in text.splitlines() if table.session.names[bot] in r)
                assert "played" in line and FACES[played] in line
                assert FACES[drawn] in line and "drew" in line
            assert table.session.names[0] not in text  # the player at the keyboard is not listed

    asyncio.run(run())


def test_the_core_splits_a_turn_at_its_draw() -> None:
    """The steps the table stages: the hand step with what it took, then the draw step laid, the
    field before and after each, and what followed the turn (a yaku) after its last step."""
    book = TurnBook()
    told = [
        (Dealt(0, 1, 1 << 5 | 1 << 6 | 1 << 7), 1 << 5 | 1 << 6 | 1 << 7),
        (Played(1, 4), 1 << 5 | 1 << 6 | 1 << 7),
        (Decided(1, 4), 1 << 5 | 1 << 6 | 1 << 7),
        (Captured(1, 4, 1 << 5), 1 << 6 | 1 << 7),
        (Drew(1, 20), 1 << 6 | 1 << 7),
        (Laid(1, 20), 1 << 6 | 1 << 7 | 1 << 20),
        (YakuFormed(1, ("赤短",), 5), 1 << 6 | 1 << 7 | 1 << 20),
    ]
    for at, (event, field) in enumerate(told):
        book.add(event, field, at)
    (turn,) = book.deals[0].turns
    assert [(s.drawn, s.card, s.took, s.laid) for s in turn.steps] == [
        (False, 4, 1 << 5, False),
        (True, 20, 0, True),
    ]
    assert [(s.field_before, s.field_after) for s in turn.steps] == [
        (1 << 5 | 1 << 6 | 1 << 7, 1 << 6 | 1 << 7),
        (1 << 6 | 1 << 7, 1 << 6 | 1 << 7 | 1 << 20),
    ]
    assert turn.decisions == [Decided(1, 4)]
    assert turn.steps[1].events == [YakuFormed(1, ("赤短",), 5)]
    # a choice between two field cards: the step waits, and the next decision finishes it
    mark = book.mark()
    book.add(Played(2, 8), 1 << 9 | 1 << 10, 7)
    assert not book.since(mark)[-1].done
    mark = book.mark()
    book.add(Decided(2, act.TAKE + 10), 1 << 9 | 1 << 10, 8)
    book.add(Captured(2, 8, 1 << 10), 1 << 9, 9)
    (take,) = book.since(mark)
    assert (take.card, take.took, take.field_after) == (8, 1 << 10, 1 << 9)


def test_the_pass_screen_first_shows_the_mover_what_they_drew_and_took(tmp_path: Path) -> None:
    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=PACE, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            table = await start(pilot, ["human", "human", "human"], "5")
            game = table.session.link.table.game
            screen: Any = None
            for _ in range(30):  # the teyaku decisions first, then the first plays
                if isinstance(app.screen, PassScreen) and isinstance(game.log[-1], Drew | Laid):
                    screen = app.screen
                    break
                await human_step(pilot)
                await settle(pilot)
            mover = table.viewer
            assert screen is not None and mover is not None and screen.showing_move
            played, drawn = turn_of(game.log, mover)
            text = str(screen.query_one("#pass-card").render())
            assert table.session.names[mover] in text
            assert FACES[played] in text and FACES[drawn] in text
            assert visible_hand_hidden(app)
            await pilot.press("enter")
            assert isinstance(app.screen, PassScreen) and not screen.showing_move
            assert FACES[drawn] not in str(screen.query_one("#pass-card").render())
            await pilot.press("enter")
            assert app.screen is table

    asyncio.run(run())


def visible_hand_hidden(app: Any) -> bool:
    """A full screen covers the table (no hand can be seen)."""
    return not app.screen.is_modal and app.screen is not app.table()


def test_while_the_play_is_shown_what_the_draw_captures_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the moment a bot's played card is on screen, the card it then drew and what that card
    took are in no seat's captures on screen: the draw is told next."""
    saved_where(tmp_path, "koikoi3", lambda g: g.phase == Phase.PLAY, seeds=50)
    seen: list[tuple[int, int]] = []  # (the card on its way, the captures on screen)
    original = FieldPanel.show

    def recorded(
        self: FieldPanel, field: int, lit: int, pending: int, note: str = "", at: int = -1
    ) -> None:
        seen.append((pending, sum(p.shown_cards for p in self.screen.query(SeatPanel))))
        original(self, field, lit, pending, note, at)

    monkeypatch.setattr(FieldPanel, "show", recorded)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=PACE, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            table = app.table()
            assert table is not None
            game = table.session.link.table.game
            checked = 0
            for _ in range(6):
                if app.screen is not table or game.phase != Phase.PLAY:
                    break
                mark = game.book.mark()
                seen.clear()
                await human_step(pilot)
                await settle(pilot)
                for step in game.book.since(mark):
                    if not step.drawn or not step.took or step.seat == 0:
                        continue
                    played, _ = turn_of(game.log, step.seat)
                    at_play = [s for s in seen if s[0] == played]
                    assert at_play
                    for _, captures in at_play:
                        assert captures & (1 << step.card | step.took) == 0
                    checked += 1
            assert checked > 0

    asyncio.run(run())


@pytest.mark.parametrize("motion", [True, False])
def test_a_card_slides_along_the_field_row_unless_motion_is_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, motion: bool
) -> None:
    """With motion on, a bot's card is drawn on the field row at the places before its own, each
    briefly, then beside its month; with motion off (the setting) it appears there at once."""
    saved_where(tmp_path, "koikoi3", lambda g: g.phase == Phase.PLAY, seeds=50)
    places: list[int] = []
    original = FieldPanel.show

    def recorded(
        self: FieldPanel, field: int, lit: int, pending: int, note: str = "", at: int = -1
    ) -> None:
        if pending >= 0:
            places.append(at)
        original(self, field, lit, pending, note, at)

    monkeypatch.setattr(FieldPanel, "show", recorded)
    config = Config(tmp_path / "config")
    config.load()
    config.update(motion=motion)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=PACE, language="ja", config=config)
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            for _ in range(3):
                await human_step(pilot)
                await settle(pilot)

    asyncio.run(run())
    assert places, "cards were shown on their way"
    slid = [at for at in places if at >= 0]
    assert bool(slid) == motion
    if motion:
        assert 0 in slid  # from the start of the row


def test_the_keys_and_the_turn_marker_follow_the_move_on_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a bot's move is shown in steps, the footer offers no keys to play and the 番 marker
    stays on the bot, though the game already waits for the human: they come with the human's
    turn on screen."""
    saved_where(tmp_path, "koikoi3", lambda g: g.phase == Phase.PLAY, seeds=50)
    staged: list[tuple[str, str, bool]] = []  # (the keys, the human's flags, the mover's marker)
    refresh = TableScreen.refresh_table

    def recorded(self: TableScreen) -> None:
        refresh(self)
        game = self.session.link.table.game
        if (
            self.is_mounted
            and self.flow.moments
            and self.flow.moments[0].seat != 0
            and game.to_act == 0
        ):
            me = self.query_one("#me", SeatPanel).info
            mover = self.session.names[self.flow.moments[0].seat]
            flags = [p.info.flags for p in self.query(SeatPanel) if p.info and p.info.name == mover]
            keys = getattr(self.query_one("#keys"), "markup_text", "")
            assert me is not None
            staged.append((keys, me.flags, t("table.to_act") in flags[0]))

    monkeypatch.setattr(TableScreen, "refresh_table", recorded)

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=PACE, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            for _ in range(3):
                await human_step(pilot)
                await settle(pilot)

    asyncio.run(run())
    assert staged, "a bot's move was shown while the human was to play"
    for keys, flags, marked in staged:
        assert keys == t("keys.watch") and t("table.to_act") not in flags and marked
