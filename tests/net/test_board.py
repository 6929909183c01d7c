"""八八's board: the shown scores and the 記入式 of its type, read the same from the core's game
and from a seat's hosted copy of it."""

from __future__ import annotations

import io
import random

from rich.console import Console

from hanafuda_tui.bots import make_bot
from hanafuda_tui.core.records import SeatRecord, new_game
from hanafuda_tui.core.rulesets.hachihachi.game import Hachihachi
from hanafuda_tui.core.rulesets.hachihachi.sheet import month_so_far, paid_so_far, sheet
from hanafuda_tui.net.client import parse
from hanafuda_tui.net.host import Link, Table
from hanafuda_tui.net.protocol import Update
from hanafuda_tui.net.remote import RemoteGame
from hanafuda_tui.ui.rulesets import screen_of
from hanafuda_tui.ui.rulesets.hachihachi.screen import sheet_table

NAMES = ["A", "B", "C"]


def drawn(table: object) -> str:
    console = Console(width=120, file=io.StringIO(), record=True)
    console.print(table)
    return console.export_text()


def told(link: Link, remote: RemoteGame) -> None:
    while not link.queue.empty():
        text = link.queue.get_nowait()
        assert text is not None
        message = parse(text)
        if isinstance(message, Update):
            remote.update(message)


def test_the_board_of_a_hachihachi_year_and_its_hosted_copy() -> None:
    game = new_game("hachihachi", random.Random(5))
    assert isinstance(game, Hachihachi)
    seats = [SeatRecord(name=n, player="remote") for n in NAMES]
    table = Table(game, seats, "5")
    link = Link(socket=None, seat=1)  # type: ignore[arg-type]
    remote = RemoteGame(table.welcome(1))
    bots = [make_bot("random", random.Random(f"5/{i}")) for i in range(3)]
    screen = screen_of("hachihachi")
    paid_mid_month = 0
    while not game.is_over:
        game.apply(bots[game.to_act].act(game.view(game.to_act)))
        table.tell(link)
        told(link, remote)
        board = game.board()
        assert remote.board() == board
        assert list(board.shown) == paid_so_far(game)
        assert list(board.lines) == [*sheet(game).lines, *month_so_far(game)]
        if game.rows and not game.finished:
            paid_mid_month += list(board.shown) != list(game.scores)
        assert list(screen.scores_shown(remote)) == list(board.shown)
    assert paid_mid_month  # teyaku paid as declared show before the month ends
    assert drawn(sheet_table(remote, NAMES)) == drawn(sheet_table(game, NAMES))
    assert "最終得点" in drawn(sheet_table(remote, NAMES))
    assert game.year is not None
    assert screen.year_scores(remote) == (list(game.year.final), "year.rank.hachihachi")
