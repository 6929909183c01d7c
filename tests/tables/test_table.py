"""One table on its own: people act through ``act`` and read only their own feed; it refuses what
is not theirs to do, numbers its updates, saves after every action, keeps the year once, tells no
seat another's hidden cards, and lives from waiting to closed."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from hanafuda_tui.core.game import Game, Phase
from hanafuda_tui.core.records import REMOTE, GameRecord, SeatRecord, new_game
from hanafuda_tui.history import HistoryError
from hanafuda_tui.tables.feed import SeatFeed
from hanafuda_tui.tables.seats import SPECTATOR
from hanafuda_tui.tables.table import Life, Table

THREE_MONTHS = {"months": 3}


class Saves:
    """A saver that keeps every record it is given."""

    def __init__(self) -> None:
        self.path = Path("saves")
        self.records: list[tuple[GameRecord, bool]] = []

    def write(self, record: GameRecord, over: bool) -> None:
        self.records.append((record, over))

    def why(self, err: OSError | ValueError) -> str:
        return str(err)


class History:
    """A history that counts what it is asked to keep (``fail``: it cannot keep anything)."""

    def __init__(self, fail: bool = False) -> None:
        self.added: list[tuple[GameRecord, str]] = []
        self.fail = fail

    def add(self, record: GameRecord, source: str, game: Game | None = None) -> int:
        if self.fail:
            raise HistoryError("the disk is full")
        self.added.append((record, source))
        return len(self.added)


def people_table(ruleset: str = "koikoi3", seed: str = "1", **kw: Any) -> Table[SeatFeed]:
    game = new_game(ruleset, random.Random(seed), THREE_MONTHS)
    seats = [SeatRecord(name=f"p{i + 1}", player=REMOTE) for i in range(game.players)]
    return Table(game, seats, seed, report=lambda line: None, **kw)


def seated(table: Table[SeatFeed]) -> dict[int, SeatFeed]:
    """A feed at every seat and a spectator's, each told the table as it is."""
    feeds = {seat: SeatFeed(seat) for seat in [*range(table.game.players), SPECTATOR]}
    for feed in feeds.values():
        table.sit(feed)
        table.tell(feed)
    return feeds


def play_from_feeds(table: Table[SeatFeed], feeds: dict[int, SeatFeed]) -> int:
    """Play the year as clients would, each seat from its own latest update only: a seat asked
    acts with one of its legal actions; the actions applied."""
    rng = random.Random(0)
    applied = 0
    while not table.game.is_over:
        acted = False
        for seat, feed in feeds.items():
            latest = feed.updates[-1]
            if seat == SPECTATOR or not latest.view.legal or latest.view.to_act != seat:
                continue
            if table.act(seat, latest.seq, rng.choice(latest.view.legal)) is None:
                applied += 1
                acted = True
                break
        assert acted, "no seat could act from what it was told"
    return applied


def test_a_year_played_from_the_feeds_alone_reaches_its_end() -> None:
    table = people_table()
    feeds = seated(table)
    applied = play_from_feeds(table, feeds)
    assert applied == table.seq and table.game.is_over
    for feed in feeds.values():
        last = feed.updates[-1]
        assert last.view.phase == Phase.OVER and last.record == table.record()


def test_no_feed_holds_another_seat_s_hidden_cards() -> None:
    table = people_table("koikoi3", "hidden")
    feeds = seated(table)
    play_from_feeds(table, feeds)
    log = table.game.log
    blanked = 0
    for seat, feed in feeds.items():
        for update in feed.updates:
            assert update.view.seat == seat or (seat == SPECTATOR and update.view.hand == 0)
            for seen in update.told:
                event = log[seen.index]
                if event.private and event.seat != seat:
                    blanked += 1
                    for name in event.private:
                        assert getattr(seen.event, name) == type(getattr(event, name))()
        told = [seen.index for update in feed.updates for seen in update.told]
        assert told == list(range(len(log)))  # every event told once, in order
    assert blanked > 0


def test_acts_that_are_not_the_seat_s_to_take_are_refused() -> None:
    table = people_table("koikoi2", "refusals")
    seated(table)
    game = table.game
    seat, other = game.to_act, 1 - game.to_act
    legal = game.legal_actions()[0]
    illegal = next(a for a in range(48) if a not in game.legal_actions())
    assert table.act(other, 0, legal) == "it is not your turn"
    assert table.act(seat, 5, legal) == "the table has moved on (update 0)"
    assert table.act(seat, 0, illegal) == f"action {illegal} is not legal now"
    assert table.seq == 0
    assert table.act(seat, 0, legal) is None
    assert table.seq == 1
    assert table.act(seat, 0, legal) is not None  # answers an update no longer the latest
    table.close()
    assert table.act(game.to_act, table.seq, game.legal_actions()[0]) == "the table is closed"


def test_every_update_is_numbered_by_the_actions_applied() -> None:
    table = people_table("koikoi2", "numbers")
    feeds = seated(table)
    play_from_feeds(table, feeds)
    seqs = [update.seq for update in feeds[0].updates]
    assert seqs == sorted(seqs) and seqs[0] == 0 and seqs[-1] == table.seq


def test_the_teyaku_question_tells_nothing_until_every_seat_has_answered() -> None:
    table = people_table("koikoi3", "1")
    feeds = seated(table)
    game = table.game
    assert table.open_round() is not None
    asked = game.teyaku_asked()
    counts = {seat: len(feed.updates) for seat, feed in feeds.items()}
    for seat in reversed(asked):  # the last seat the core asks answers first
        latest = feeds[seat].updates[-1]
        assert latest.view.to_act == seat and latest.view.legal
        assert table.act(seat, latest.seq, latest.view.legal[0]) is None
        if seat != asked[0]:
            assert {s: len(f.updates) for s, f in feeds.items()} == counts
    assert table.open_round() is None
    assert all(len(feed.updates) == counts[seat] + 1 for seat, feed in feeds.items())


def test_the_record_is_saved_after_every_action_and_the_year_kept_once() -> None:
    saves, history = Saves(), History()
    table = people_table("koikoi2", "saved", saver=saves, history=history, source="table")
    seated(table)
    assert saves.records == []
    while not table.game.is_over:
        table.apply(table.game.legal_actions()[0])
        record, over = saves.records[-1]
        assert sum(len(d.actions) for d in record.deals) == table.seq == len(saves.records)
        assert over == table.game.is_over
    table.keep()
    assert [source for _, source in history.added] == ["table"]
    assert history.added[0][0] == table.record() and table.kept == 1


def test_a_year_the_history_cannot_keep_is_said_once() -> None:
    said: list[str] = []
    table = people_table("koikoi2", "unkept", history=History(fail=True))
    table.report = said.append
    while not table.game.is_over:
        table.apply(table.game.legal_actions()[0])
    table.keep()
    assert table.kept == -1 and table.history_error == "the disk is full"
    assert said == ["cannot keep the year in the history: the disk is full"]


def test_a_save_that_fails_is_reported_once_until_it_works_again(tmp_path: Path) -> None:
    class Failing(Saves):
        fail = True

        def write(self, record: GameRecord, over: bool) -> None:
            if self.fail:
                raise OSError("no room")
            super().write(record, over)

    said: list[str] = []
    saves = Failing()
    table = people_table("koikoi2", "failing", saver=saves)
    table.report = said.append
    for _ in range(3):
        table.apply(table.game.legal_actions()[0])
    assert said == ["cannot save the record: no room"] and table.save_error == "no room"
    saves.fail = False
    table.apply(table.game.legal_actions()[0])
    assert table.save_error == "" and len(saves.records) == 1


def test_a_table_waits_plays_finishes_and_is_let_go_when_closed() -> None:
    table = people_table("koikoi2", "life")
    closed: list[str] = []
    table.on_close = lambda: closed.append("let go")
    assert table.life == Life.WAITING
    first = SeatFeed(0)
    table.sit(first)
    assert table.life == Life.WAITING
    table.sit(SeatFeed(1))
    assert table.life == Life.PLAYING
    assert table.rise(first) and table.life == Life.PLAYING and 0 in table.away
    while not table.game.is_over:
        table.apply(table.game.legal_actions()[0])
    assert table.life == Life.FINISHED
    table.close()
    table.close()
    assert table.life == Life.CLOSED and closed == ["let go"]


def test_a_seat_left_is_played_by_a_stand_in_until_its_player_is_back() -> None:
    async def go() -> tuple[int, int]:
        table = people_table("koikoi2", "stand-in")
        feeds = seated(table)
        away = table.game.to_act
        assert not table.give_to_bot(away)  # sat at: not the stand-in's
        table.rise(feeds[away])
        assert table.give_to_bot(away, "random")
        assert table.act(away, table.seq, table.game.legal_actions()[0]) == "it is not your turn"
        player = asyncio.create_task(table.play())
        while table.seq == 0:
            await asyncio.sleep(0.01)
        played = table.seq
        table.sit(SeatFeed(away))
        table.close()
        await asyncio.wait_for(player, 10)
        return played, len(table.stand_ins)

    played, stand_ins = asyncio.run(go())
    assert played >= 1 and stand_ins == 0


def test_bots_play_a_year_off_the_event_loop() -> None:
    game = new_game("koikoi2", random.Random(9), THREE_MONTHS)
    seats = [SeatRecord(name="a", player="random"), SeatRecord(name="b", player="easy")]
    table: Table[SeatFeed] = Table(game, seats, "9", report=lambda line: None)
    watcher = SeatFeed(SPECTATOR)
    table.sit(watcher)
    asyncio.run(asyncio.wait_for(table.play(), 30))
    assert game.is_over and watcher.updates[-1].record == table.record()
    assert table.life == Life.FINISHED


@pytest.mark.parametrize("seed", [None, "given"])
def test_a_rematch_is_a_new_year_at_a_table_like_this_one(seed: str | None) -> None:
    table = people_table("koikoi2", "rematch")
    table.seed, table.predictable = seed, seed is not None
    while not table.game.is_over:
        table.apply(table.game.legal_actions()[0])
    saves = Saves()
    again = table.rematch(saves)
    assert table.life == Life.CLOSED and again.life == Life.WAITING
    assert again.seats == table.seats and again.game.ruleset == "koikoi2"
    assert again.game.options == table.game.options and again.seq == 0
    assert again.predictable == (seed is not None) and again.seed != "given"
    assert len(saves.records) == 1  # saved from its first moment
