"""The Textual table at a hosted game: a whole year by keys, updates shown in order, refusals,
who is away, a dropped connection rejoined, keys pressed while connecting, a refused join."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from helpers.screen_net import (
    answer_teyaku_question,
    hosted,
    kept_notices,
    until,
    waits_for_key,
)
from helpers.ui import press, screen_text

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.records import load_record, replay
from hanafuda_tui.net.client import Connection
from hanafuda_tui.net.protocol import Update
from hanafuda_tui.ui.netplay import Connecting
from hanafuda_tui.ui.screens.modals import Decision
from hanafuda_tui.ui.screens.results import MonthResult, ScoreSheet
from hanafuda_tui.ui.screens.table import TableScreen
from hanafuda_tui.ui.session import HostedSeat, Session


def session_of(app: object) -> Session[HostedSeat]:
    session = getattr(app, "session", None)
    assert isinstance(session, Session) and isinstance(session.link, HostedSeat)
    return session


async def a_whole_year_played_by_keys(tmp_path: Path) -> None:
    record = tmp_path / "year.json"
    async with hosted(options={"months": 3}, seed="36") as table:  # a year of three deals
        app = table.app(0, tmp_path, record=record, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            results = 0
            while app.is_running:
                await until(pilot, lambda: waits_for_key(app) or not app.is_running, "a key")
                if not app.is_running:
                    break
                results += isinstance(app.screen, MonthResult)
                await press(pilot, "enter")
        game = table.table.game
        assert app.return_code == 0
        assert results == len(game.results)  # each month's result shown once
        shown = session_of(app).seen
        assert shown.scores == list(game.scores)
        assert len(shown.log) == len(game.log)  # every event told once, none twice
        saved = load_record(record.read_text("utf-8"))  # --record: saved at the year's end
        assert list(replay(saved).scores) == list(game.scores)


async def updates_that_come_while_a_move_is_staged_wait_their_turn(tmp_path: Path) -> None:
    async with hosted(options={"months": 3}) as table:
        app = table.app(0, tmp_path, bot_pause=30.0)  # each step held long: keys move it on
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.table() is not None, "the table")
            screen = app.table()
            assert isinstance(screen, TableScreen)
            session = session_of(app)

            def queued() -> bool:
                return bool(screen.flow.moments) and any(
                    isinstance(m, Update) for m in session.inbox
                )

            def pressable() -> bool:
                return waits_for_key(app) or bool(screen.flow.moments)

            while not queued():  # play on until a move is on screen with another behind it
                await until(pilot, lambda: queued() or pressable(), "a move or a key")
                if not queued():
                    await press(pilot, "enter")  # a card played, or a lone move's steps skipped
            connection = session.link.connection
            assert connection is not None
            assert session.seen.seq < connection.game.seq  # the table shows the older move first
            steps = len(session.seen.book.steps)
            await press(pilot, "enter")  # the rest of this move at once: the next one is staged
            assert len(session.seen.book.steps) > steps
            while session.inbox or screen.flow.moments:
                await press(pilot, "enter")
            assert session.seen.seq == connection.game.seq
            assert session.seen.log == connection.game.log  # in order, each once
            assert [s.card for s in session.seen.book.steps] == [
                s.card for s in connection.game.book.steps
            ]


async def a_refused_action_is_said_and_the_decision_asked_again(tmp_path: Path) -> None:
    async with hosted(options={"months": 3}) as table:
        app = table.app(0, tmp_path, language="en")
        notices = kept_notices(app)
        async with app.run_test(size=(80, 24)) as pilot:
            await answer_teyaku_question(pilot)
            await until(pilot, lambda: app.table() is not None and waits_for_key(app), "our turn")
            screen = app.table()
            assert isinstance(screen, TableScreen) and app.screen is screen
            screen.flow.play_out(47 if 47 not in session_of(app).seen.view(0).legal else 99)
            assert screen.human_to_play() is None  # sent: no second card meanwhile
            await until(pilot, lambda: any("refused" in n for n in notices), "the refusal")
            assert any("is not legal now" in n for n in notices)
            await until(pilot, lambda: screen.human_to_play() is not None, "asked again")


async def who_is_away_is_shown_and_a_bot_playing_for_them(tmp_path: Path) -> None:
    async with hosted(options={"months": 3}, bots=(1,)) as table:  # seat 3 never comes
        app = table.app(0, tmp_path, language="en")
        async with app.run_test(size=(120, 36)) as pilot:
            await until(pilot, lambda: app.table() is not None, "the table")
            await until(pilot, lambda: "P3 away" in screen_text(app), "P3 away")
            table.table.give_to_bot(2)
            await until(pilot, lambda: "plays)" in screen_text(app), "the bot named")
            assert "P3 away" in screen_text(app)


async def a_dropped_connection_is_rejoined_and_play_goes_on(tmp_path: Path) -> None:
    async with hosted(options={"months": 3}) as table:
        app = table.app(0, tmp_path, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await answer_teyaku_question(pilot)
            await until(pilot, lambda: app.table() is not None and waits_for_key(app), "our turn")
            await press(pilot, "enter")
            session = session_of(app)
            screen = app.table()
            assert screen is not None
            first = session.link.connection
            assert first is not None
            link = table.table.links[0]
            link.socket.transport.abort()  # no close frame: as when the network goes
            await until(pilot, lambda: session.link.lost != "", "the loss noticed")
            assert "connection lost" in screen_text(app)
            await until(pilot, lambda: session.link.connection not in (None, first), "rejoined")
            await until(pilot, lambda: not session.inbox, "the table taken again")
            assert session.link.connection is not None
            assert len(session.seen.log) == len(session.link.connection.game.log)  # not doubled
            moves = len(table.table.game.log)
            for _ in range(6):  # the table goes on from where it was
                await until(pilot, lambda: waits_for_key(app), "a key to press")
                await press(pilot, "enter")
            await until(pilot, lambda: not session.inbox and not screen.flow.moments, "all shown")
            assert len(table.table.game.log) > moves
            assert session.seen.log == session.link.connection.game.log


async def a_key_pressed_while_connecting_is_not_lost(tmp_path: Path) -> None:
    # 二人こいこい: no teyaku question comes first
    async with hosted("koikoi2", {"months": 3}, players=2, bots=(1,)) as table:
        handle = table.host.handle
        open_door = asyncio.Event()

        async def slow(socket: object) -> None:
            await open_door.wait()
            await handle(socket)  # type: ignore[arg-type]

        table.host.handle = slow  # type: ignore[method-assign]
        await table.host.close()
        table.port = await table.host.start("127.0.0.1", 0)
        app = table.app(0, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, Connecting), "connecting")
            await press(pilot, "3")
            assert isinstance(app.screen, Connecting)
            open_door.set()
            await until(pilot, lambda: app.table() is not None, "the table")
            screen = app.table()
            assert screen is not None
            await until(pilot, lambda: screen.selected == 2, "the third card chosen")


async def a_wrong_code_ends_with_one_line(tmp_path: Path) -> None:
    async with hosted(options={"months": 3}) as table:
        app = table.app(0, tmp_path)
        app.code = "wrongcode"
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: not app.is_running, "the app ended", seconds=10)
        assert app.return_code == 1
        assert app.refusal == "no table has this code"


@pytest.mark.long
def test_a_whole_year_played_by_keys(tmp_path: Path) -> None:
    asyncio.run(a_whole_year_played_by_keys(tmp_path))


def test_updates_that_come_while_a_move_is_staged_wait_their_turn(tmp_path: Path) -> None:
    asyncio.run(updates_that_come_while_a_move_is_staged_wait_their_turn(tmp_path))


def test_a_refused_action_is_said_and_the_decision_asked_again(tmp_path: Path) -> None:
    asyncio.run(a_refused_action_is_said_and_the_decision_asked_again(tmp_path))


def test_who_is_away_is_shown_and_a_bot_playing_for_them(tmp_path: Path) -> None:
    asyncio.run(who_is_away_is_shown_and_a_bot_playing_for_them(tmp_path))


def test_a_dropped_connection_is_rejoined_and_play_goes_on(tmp_path: Path) -> None:
    asyncio.run(a_dropped_connection_is_rejoined_and_play_goes_on(tmp_path))


def test_a_key_pressed_while_connecting_is_not_lost(tmp_path: Path) -> None:
    asyncio.run(a_key_pressed_while_connecting_is_not_lost(tmp_path))


def test_a_wrong_code_ends_with_one_line(tmp_path: Path) -> None:
    asyncio.run(a_wrong_code_ends_with_one_line(tmp_path))


async def a_spectator_watches(tmp_path: Path) -> None:
    async with hosted(options={"months": 3}, bots=(0, 1, 2)) as table:
        table.table.spectator_code = "watching"
        app = table.app(0, tmp_path, language="en")
        app.code = "watching"
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.table() is not None, "the table")
            session = session_of(app)
            assert session.humans == []
            await until(pilot, lambda: "P2: plays" in screen_text(app), "moves watched")
            screen = app.table()
            assert screen is not None and screen.viewer is None
            assert screen.hand_cards(session.seen.view(0)) == []  # no hand is open to watchers


def test_a_spectator_watches(tmp_path: Path) -> None:
    asyncio.run(a_spectator_watches(tmp_path))


async def a_spectator_keeps_pace_without_a_key(tmp_path: Path) -> None:
    async with hosted(options={"months": 3}, bots=(0, 1, 2)) as table:
        table.table.spectator_code = "watching"
        app = table.app(0, tmp_path, language="ja")
        app.code = "watching"
        notices = kept_notices(app)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.table() is not None, "the table")
            status = lambda: screen_text(app).splitlines()[:1]  # noqa: E731
            await until(pilot, lambda: "観戦中" in "".join(status()), "watching on the status line")
            screens: set[str] = set()

            def year_shown() -> bool:
                screens.add(type(app.screen).__name__)
                return isinstance(app.screen, ScoreSheet) and app.focused is not None  # mounted

            await until(pilot, year_shown, "the year's sheet, no key pressed", seconds=60)
            assert "MonthResult" not in screens
            game = table.table.game
            assert len(session_of(app).seen.results) == len(game.results) >= 3
            months = [n for n in notices if "月" in n]
            assert len(months) == len(game.results), notices


def test_a_spectator_is_told_it_watches_and_keeps_pace_without_a_key(tmp_path: Path) -> None:
    """A spectator's status line says it watches; each month's result is a notice, not a
    screen waiting for its Enter, and it sees the year's end with the players."""
    asyncio.run(a_spectator_keeps_pace_without_a_key(tmp_path))


async def a_spectator_never_falls_behind(tmp_path: Path) -> None:
    async with hosted(options={"months": 3}, bots=(0, 1, 2)) as table:
        table.table.spectator_code = "watching"
        app = table.app(0, tmp_path, language="en", bot_pause=30.0)  # each step held long
        app.code = "watching"
        notices = kept_notices(app)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.table() is not None, "the table")
            game = table.table.game
            await until(pilot, lambda: game.is_over, "the bots' year at the host", seconds=60)
            await until(
                pilot, lambda: session_of(app).seen.is_over, "the year watched, no key", seconds=60
            )
            assert len(session_of(app).seen.log) == len(game.log)
            await until(
                pilot,
                lambda: len([n for n in notices if "month" in n.lower()]) == len(game.results),
                "every month's result told",
            )


def test_a_spectator_never_falls_behind_the_live_table(tmp_path: Path) -> None:
    """Moves that come while one is shown in steps are taken at once: a spectator is never more
    than the latest move behind the table, however long a step is held."""
    asyncio.run(a_spectator_never_falls_behind(tmp_path))


async def advice_for_ones_own_seat(tmp_path: Path) -> None:
    from hanafuda_tui.ui.advice import AdviceScreen

    async with hosted(options={"months": 3}) as table:
        app = table.app(0, tmp_path, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await answer_teyaku_question(pilot)
            await until(
                pilot,
                lambda: (
                    app.table() is not None and app.screen is app.table() and waits_for_key(app)
                ),
                "our turn",
            )
            await press(pilot, "a")
            await until(pilot, lambda: isinstance(app.screen, AdviceScreen), "the advice")
            screen = app.screen
            assert isinstance(screen, AdviceScreen)
            assert screen.view == session_of(app).seen.view(0)  # from our seat's own view


def test_advice_for_ones_own_seat(tmp_path: Path) -> None:
    asyncio.run(advice_for_ones_own_seat(tmp_path))


async def a_teyaku_question_with_nothing_to_declare_is_still_asked(tmp_path: Path) -> None:
    """Answering 'pass' by itself would tell the others, by how soon it came, that the seat holds
    no teyaku: the player answers it as a holder would."""
    async with hosted(options={"months": 3}, seed="no teyaku") as table:
        game = table.table.game
        assert game.phase == Phase.TEYAKU and game.teyaku_answers_of(0) == (act.PASS,)
        app = table.app(0, tmp_path, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, Decision), "the teyaku question")
            round_ = table.table.open_round()
            assert round_ is not None and 0 not in round_.answered
            await answer_teyaku_question(pilot)
            await until(pilot, lambda: 0 in round_.answered, "the answer at the host")


def test_a_teyaku_question_with_nothing_to_declare_is_still_asked(tmp_path: Path) -> None:
    asyncio.run(a_teyaku_question_with_nothing_to_declare_is_still_asked(tmp_path))


async def a_table_dealt_from_a_seed_says_so(tmp_path: Path, predictable: bool) -> str:
    async with hosted(options={"months": 3}, predictable=predictable) as table:
        app = table.app(0, tmp_path, language="en")
        async with app.run_test(size=(100, 30)) as pilot:
            await answer_teyaku_question(pilot)
            await until(
                pilot,
                lambda: (
                    app.table() is not None and app.screen is app.table() and waits_for_key(app)
                ),
                "our turn",
            )
            return screen_text(app)


def test_a_table_dealt_from_a_seed_says_its_deals_are_predictable(tmp_path: Path) -> None:
    assert "predictable deals" in asyncio.run(a_table_dealt_from_a_seed_says_so(tmp_path, True))
    assert "predictable" not in asyncio.run(a_table_dealt_from_a_seed_says_so(tmp_path, False))


async def a_seat_joined_again_elsewhere_is_said(tmp_path: Path) -> None:
    async with hosted(options={"months": 3}, bots=(1,)) as table:
        app = table.app(0, tmp_path, language="en")
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: app.table() is not None, "the table")
            notices = kept_notices(app)
            first = await Connection.open(table.where, table.table.codes[2])
            again = await Connection.open(table.where, table.table.codes[2])
            said = "P3 joined again from another connection"
            await until(pilot, lambda: said in notices, "the notice")
            await first.close()
            await again.close()


def test_a_seat_joined_again_from_elsewhere_is_said_to_the_others(tmp_path: Path) -> None:
    asyncio.run(a_seat_joined_again_elsewhere_is_said(tmp_path))
