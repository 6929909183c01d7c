"""A seat's game, filled from its table's feed alone: the same turns, results and scores as the
core's game, only what the seat may see of the others' secrets, the record at the year's end; and
a table at one keyboard tells each teyaku answer as it comes."""

from __future__ import annotations

import random

from hanafuda_tui.core.events import seen_by
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.records import REMOTE, SeatRecord, new_game
from hanafuda_tui.tables.feed import SeatFeed
from hanafuda_tui.tables.seat_game import SeatGame
from hanafuda_tui.tables.table import Table


def table_of(ruleset: str, seed: str, teyaku_at_once: bool = True) -> Table[SeatFeed]:
    game = new_game(ruleset, random.Random(seed), {"months": 3})
    seats = [SeatRecord(name=f"p{i + 1}", player=REMOTE) for i in range(game.players)]
    return Table(game, seats, seed, teyaku_at_once=teyaku_at_once, report=lambda line: None)


def seat_games(table: Table[SeatFeed]) -> tuple[dict[int, SeatFeed], dict[int, SeatGame]]:
    game = table.game
    feeds = {seat: SeatFeed(seat) for seat in range(game.players)}
    games = {
        seat: SeatGame(seat, game.ruleset, game.options, table.seats)
        for seat in range(game.players)
    }
    for feed in feeds.values():
        table.sit(feed)
        table.tell(feed)
    return feeds, games


def take_all(feeds: dict[int, SeatFeed], games: dict[int, SeatGame], taken: dict[int, int]) -> None:
    for seat, feed in feeds.items():
        for update in feed.updates[taken.get(seat, 0) :]:
            games[seat].take(update)
        taken[seat] = len(feed.updates)


def test_a_seat_game_from_the_feed_alone_is_the_game_as_the_seat_may_see_it() -> None:
    table = table_of("hachihachi", "7", teyaku_at_once=False)
    feeds, games = seat_games(table)
    taken: dict[int, int] = {}
    rng = random.Random(3)
    while not table.game.is_over:
        take_all(feeds, games, taken)
        game = table.game
        seat = game.to_act
        assert games[seat].view(seat) == game.view(seat)
        assert table.act(seat, games[seat].seq, rng.choice(game.legal_actions())) is None
    take_all(feeds, games, taken)
    core = table.game
    for seat, mine in games.items():
        assert mine.is_over and mine.record == table.record()
        assert mine.log == [seen_by(event, seat) for event in core.log]
        assert [s.card for s in mine.book.steps] == [s.card for s in core.book.steps]
        assert mine.results == core.results and mine.settlements == core.settlements
        assert mine.scores == list(core.scores) and mine.board() == core.board()
        try:
            mine.view((seat + 1) % core.players)
        except KeyError:
            pass
        else:
            raise AssertionError("another seat's view is known")


def test_a_table_at_one_keyboard_tells_each_teyaku_answer_at_once() -> None:
    for at_once in (True, False):
        table = table_of("koikoi3", "1", teyaku_at_once=at_once)
        feeds, _ = seat_games(table)
        assert table.game.phase == Phase.TEYAKU
        seat = table.game.to_act
        before = len(feeds[seat].updates)
        assert table.act(seat, table.latest, table.game.legal_actions()[0]) is None
        told = len(feeds[seat].updates) > before
        assert told is not at_once


def test_a_seat_game_names_each_other_seat_s_hand_play_with_the_view_just_before_it() -> None:
    """``told_plays``: after the update of another seat's hand play, that seat, the card and this
    seat's view just before it (as the core gave it); after any other update, or after a gap (an
    update the seat never had), none."""
    table = table_of("koikoi3", "5")
    feeds, games = seat_games(table)
    rng = random.Random(4)
    had = {seat: len(feed.updates) for seat, feed in feeds.items()}
    missed = named = 0
    while not table.game.is_over:
        game = table.game
        seat = game.to_act
        before = {s: game.view(s) for s in range(game.players)}
        action = rng.choice(game.legal_actions())
        hand_play = game.phase == Phase.PLAY and action < 48
        assert table.act(seat, table.latest, action) is None
        for watcher, feed in feeds.items():
            new = feed.updates[had[watcher] :]
            if not new:  # a teyaku answer told with the round's last
                continue
            assert len(new) == 1 or not hand_play
            for update in new:
                had[watcher] += 1
                if watcher == 0 and had[0] % 5 == 0:
                    continue  # seat 0 never has every fifth update
                games[watcher].take(update)
            if watcher == 0 and had[0] % 5 == 0:
                continue
            if hand_play and watcher != seat and not (watcher == 0 and had[0] % 5 == 1):
                assert games[watcher].told_plays == ((before[watcher], seat, action),)
                named += 1
            else:
                missed += hand_play and watcher != seat
                assert games[watcher].told_plays == ()
    assert named > 50 and missed > 5


def test_a_seat_game_keeps_the_month_s_hand_plays_of_the_other_seats() -> None:
    """``month_plays``: every other seat's hand play of the month so far, in order, each with this
    seat's view just before it; a new month begins empty."""
    table = table_of("koikoi3", "6")
    feeds, games = seat_games(table)
    taken: dict[int, int] = {}
    take_all(feeds, games, taken)
    rng = random.Random(6)
    month: list[tuple[int, int]] = []
    deal = len(table.game.deals)
    longest = 0
    while not table.game.is_over:
        game = table.game
        seat, action = game.to_act, rng.choice(game.legal_actions())
        views = {s: game.view(s) for s in range(game.players)}
        played = game.phase == Phase.PLAY and action < 48
        if played:
            month.append((seat, action))
        assert table.act(seat, table.latest, action) is None
        take_all(feeds, games, taken)
        if len(game.deals) != deal:
            deal, month = len(game.deals), []
        for watcher, seat_game in games.items():
            plays = seat_game.month_plays
            assert [(p, c) for _, p, c in plays] == [m for m in month if m[0] != watcher]
            if played and watcher != seat and plays:
                assert plays[-1] == (views[watcher], seat, action)
            longest = max(longest, len(plays))
    assert longest >= 10
