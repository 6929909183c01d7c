"""One session type: a table held here fills each of its seats' games from the table's feed
alone, as a hosted seat's game is filled from the host's updates."""

from __future__ import annotations

from typing import Any

from hanafuda_tui.core.records import SeatRecord
from hanafuda_tui.tables.seat_game import SeatGame
from hanafuda_tui.ui.session import Session

HOT_SEAT = [
    SeatRecord(name="A", player="human"),
    SeatRecord(name="B", player="human"),
    SeatRecord(name="C", player="random"),
]


class Stage:
    """The table screen, as far as a session shows it: the moves staged, nothing held."""

    def __init__(self, session: Session[Any]) -> None:
        self.session = session
        self.moments: list[Any] = []
        self.staged: list[int] = []

    def apply(self, action: int) -> None:
        self.session.apply(action, self)

    def stage(self, seat: int, start: int, mark: int, deals: int) -> None:
        self.staged.append(seat)

    def say(self, text: str, severity: Any = "information", timeout: float | None = None) -> None:
        raise AssertionError(text)

    def run(self, work: Any) -> None:
        raise AssertionError("nothing is sent from a table held here")

    def refresh_table(self) -> None: ...


def test_each_seat_at_one_keyboard_has_its_own_game_from_the_feed() -> None:
    session = Session.new("koikoi3", {"months": 3}, HOT_SEAT, seed="4")
    whole = session.link.table.game
    assert sorted(session.games) == [0, 1]
    assert all(isinstance(game, SeatGame) for game in session.games.values())
    shown = Stage(session)
    for _ in range(12):
        seat = whole.to_act
        if session.is_human(seat):
            session.show(seat)
            assert session.view_of(seat) == whole.view(seat)
        session.decide(whole.legal_actions()[0], shown)
        for seat, game in session.games.items():
            assert game.seq == session.link.table.seq
            assert game.view(seat) == whole.view(seat)  # its own hand, and no other's
            assert len(game.log) == len(whole.log)
    assert len(shown.staged) == 12
    assert not session.inbox  # every update taken as it was told
