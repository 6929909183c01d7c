"""Reading the others' hands from their plays: which worlds the plays make likely, that a bot is
shown every other seat's hand play and nothing else, and the search's deals drawn by weight."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from helpers.bots import decisions
from helpers.net import play_table

from hanafuda_tui.bots import BotSpecError, arena, make_bot
from hanafuda_tui.bots.evaluation import TEMPERATURES
from hanafuda_tui.bots.evaluators import evaluator_of
from hanafuda_tui.bots.hand_reading import HandReading, Pool
from hanafuda_tui.bots.policy import play_value, seen_of_game
from hanafuda_tui.bots.strong import StrongBot
from hanafuda_tui.core.cards import MONTH_MASK, POINTS, cards_of
from hanafuda_tui.core.determinize import hidden_counts, unseen
from hanafuda_tui.core.game import Game, Phase, PlayerView
from hanafuda_tui.core.records import REMOTE, SeatRecord, new_game, record_of, replay
from hanafuda_tui.core.table import matches
from hanafuda_tui.net import client
from hanafuda_tui.tables.table import Table


class Watching:
    """A normal bot that keeps every hand play it is shown, with the view it was shown."""

    def __init__(self) -> None:
        self.normal = make_bot("normal", random.Random(0))
        self.seen: list[tuple[PlayerView, int, int]] = []

    def act(self, view: PlayerView) -> int:
        return self.normal.act(view)

    def see_play(self, view: PlayerView, player: int, card: int) -> None:
        self.seen.append((view, player, card))


def test_a_play_that_passes_over_a_bright_it_could_take_makes_a_hand_with_its_month_unlikely():
    """The opponent lays a card and leaves the field's best card: a world in which it held a card
    of that month (it would have taken it) weighs far less than one in which it did not."""
    for seed in range(200):
        game = new_game("koikoi2", random.Random(seed), {"months": 3})
        game.logging = False
        player, watcher = game.to_act, 1 - game.to_act
        view = game.view(watcher)
        best = max(cards_of(game.field), key=lambda c: POINTS[c])
        hidden = unseen(view)
        month_left = MONTH_MASK[best >> 2] & hidden
        laid = [c for c in cards_of(game.hands[player]) if not MONTH_MASK[c >> 2] & game.field]
        if POINTS[best] < 10 or not month_left or not laid or hidden_counts(view)[player] < 3:
            continue
        reading = HandReading((0.03,))
        reading.see(view, player, laid[0])
        n = hidden_counts(view)[player]
        values = reading.plays[0].values
        spare = [  # cards worth playing no more than the laid one
            c
            for c in cards_of(hidden & ~month_left & ~(1 << laid[0]))
            if values[c] <= values[laid[0]]
        ]
        if len(spare) < n:
            continue
        without = [*spare[: n - 1], laid[0]]
        held = [*spare[: n - 2], laid[0], next(cards_of(month_left))]
        hands = {w: [0, 0] for w in ("without", "held")}
        for c in without:
            hands["without"][player] |= 1 << c
        for c in held:
            hands["held"][player] |= 1 << c
        # the hand the world gives now: the laid card is gone from it
        now = {k: tuple(h & ~(1 << laid[0]) for h in v) for k, v in hands.items()}
        assert reading.weight(now["held"]) < reading.weight(now["without"]) / 3
        return
    raise AssertionError("no deal with a bright left on the field")


def test_a_bot_is_shown_every_other_seat_s_hand_play_and_only_those(monkeypatch):
    """``sim``'s games: each seat's watcher sees, in order, exactly the other seat's hand plays,
    each with its own view just before (the card still in no one's captures)."""
    watchers: list[Watching] = []

    def watching(spec: str, rng: random.Random) -> Watching:
        watchers.append(Watching())
        return watchers[-1]

    monkeypatch.setattr(arena, "make_bot", watching)
    game, _ = arena.play_one(
        "koikoi2", {"months": 3}, ["normal", "normal"], (0, 1), "watched", "bots"
    )
    plays = [
        (seat, action)
        for seat, action, phase in game_moves(game)
        if phase == Phase.PLAY and action < 48
    ]
    for seat, watcher in enumerate(watchers):
        shown = [(player, card) for _, player, card in watcher.seen]
        assert shown == [p for p in plays if p[0] != seat]
        for view, _, card in watcher.seen:
            assert view.seat == seat and not view.hand >> card & 1
            assert not any(caps >> card & 1 for caps in view.captures)


def game_moves(game: Game, seed: str = "watched") -> list[tuple[int, int, Phase]]:
    """Every action of a finished game with the seat that made it and the phase it was made in,
    by replaying its deals from the same seed."""
    replay = new_game(game.ruleset, random.Random(seed), game.options)
    replay.logging = False
    out = []
    for deal in game.deals:
        for action in deal.actions:
            out.append((replay.to_act, action, replay.phase))
            replay.apply(action)
    return out


def test_a_table_shows_its_bots_the_people_s_hand_plays():
    """At a table the bot seats are shown the hand plays of the person's seat."""
    game = new_game("koikoi2", random.Random("t"), {"months": 3})
    seats = [SeatRecord(name="p1", player=REMOTE), SeatRecord(name="bot", player="normal")]
    shown = Watching()
    table = Table(game, seats, "t", report=lambda line: None, bot_maker=lambda spec, rng: shown)
    played = 0
    while not game.is_over and played < 3:
        if game.to_act == 0:
            card = min(a for a in game.legal_actions() if a < 48) if game.phase == Phase.PLAY else 0
            if game.phase == Phase.PLAY:
                table.act(0, table.seq, card)
                played += 1
                assert shown.seen[-1][1:] == (0, card)
                continue
            table.act(0, table.seq, game.legal_actions()[0])
        else:
            table.apply(shown.act(game.view(1)))
    assert len(shown.seen) == 3


def bot_table(game: Game, shown: Watching) -> Table[Any]:
    seats = [SeatRecord(name="p1", player=REMOTE), SeatRecord(name="bot", player="normal")]
    return Table(game, seats, "t", report=lambda line: None, bot_maker=lambda spec, rng: shown)


def test_a_resumed_table_s_bot_is_shown_the_plays_before_it_as_if_it_had_sat_from_the_start():
    """A table made again from a save in the middle of the year (a month's plays made, and the
    months before): its new bot is shown every hand play the first one was, with the same views."""
    game = new_game("koikoi2", random.Random("resume"), {"months": 3})
    first = Watching()
    table = bot_table(game, first)
    while not game.is_over and (game.month < 2 or len(first.seen) < 9):
        seat = game.to_act
        action = first.act(game.view(seat))
        if seat == 0:
            table.act(0, table.seq, action)
        else:
            table.apply(action)
    assert game.month == 2 and first.seen
    again = Watching()
    bot_table(replay(record_of(game, table.seats)), again)
    assert again.seen == first.seen


def test_a_stand_in_reads_the_month_s_plays_made_before_it_came():
    """A strong bot that stands in for a player who left mid-month reads the other seat's hand
    plays of the month so far, as the seat's bot would have."""
    game = new_game("koikoi2", random.Random("stand-in"), {"months": 3})
    seats = [SeatRecord(name="p1", player=REMOTE), SeatRecord(name="p2", player=REMOTE)]
    table: Table[Any] = Table(game, seats, "t", report=lambda line: None)
    normal = make_bot("normal", random.Random(0))
    plays = []
    while len(plays) < 3 or game.to_act != 1:
        seat = game.to_act
        action = normal.act(game.view(seat))
        if seat == 0 and game.phase == Phase.PLAY and action < 48:
            plays.append(action)
        table.act(seat, table.seq, action)
    assert table.give_to_bot(1, "strong:iterations=10")
    reading = table.stand_ins[1].reading
    assert reading is not None and [(p.seat, p.card) for p in reading.plays] == [
        (0, c) for c in plays
    ]


def test_a_bot_joined_over_the_network_is_shown_the_other_seat_s_hand_plays(monkeypatch):
    """``join --bot``: a bot that follows the table by its updates is shown every hand play of
    the other seat, in order, with its own view just before (that seat to play)."""
    watchers: dict[str, Watching] = {}

    def watching(spec: str, rng: random.Random) -> Watching:
        return watchers.setdefault(str(rng.random()), Watching())

    monkeypatch.setattr(client, "make_bot", watching)
    played = asyncio.run(asyncio.wait_for(play_table("koikoi2", {"months": 3}, "w"), 60))
    record = played.table.game
    plays = [
        (seat, action)
        for seat, action, phase in game_moves(record, "w")
        if phase == Phase.PLAY and action < 48
    ]
    assert len(watchers) == 2 and len(plays) > 10
    for watcher in watchers.values():
        seat = watcher.seen[0][0].seat
        assert [(p, c) for _, p, c in watcher.seen] == [p for p in plays if p[0] != seat]
        for view, player, card in watcher.seen:
            assert view.seat == seat and view.to_act == player and view.phase == Phase.PLAY
            assert not any(caps >> card & 1 for caps in view.captures)


def shown_hand_plays(ruleset: str, wanted: int) -> list[tuple[Game, int, PlayerView]]:
    """Copies of normal games of ``ruleset`` just before a hand play while a seat has cards
    shown (花合わせ's and 八八's teyaku), each with the card played and the next seat's view
    just after."""
    out: list[tuple[Game, int, PlayerView]] = []
    for seed in range(50):
        game = new_game(ruleset, random.Random(seed))
        game.logging = False
        bot = make_bot("normal", random.Random(seed))
        while len(out) < wanted and not game.finished:
            seat = game.to_act
            action = bot.act(game.view(seat, game.legal_actions()))
            before = game.clone()
            game.apply(action)
            if before.phase == Phase.PLAY and action < 48 and any(before.shown):
                out.append((before, action, game.view((seat + 1) % game.players)))
        if len(out) == wanted:
            return out
    raise AssertionError(f"too few {ruleset} hand plays while cards are shown")


@pytest.mark.parametrize("ruleset", ["hanaawase", "hachihachi"])
def test_a_seat_s_shown_cards_are_read_as_cards_of_its_hand(ruleset: str) -> None:
    """A hand play while teyaku are shown: the player's shown cards are cards it could have
    played, so they are valued with the unseen ones; a capture is valued on the field the player
    meets (in 花合わせ the others' shown cards too); and the search's deals, which give the
    player its shown cards, are weighed."""
    for game, card, after in shown_hand_plays(ruleset, 100):
        player = game.to_act
        view = game.view(after.seat)
        reading = HandReading((0.03,))
        reading.see(view, player, card)
        values = reading.plays[0].values
        assert set(values) == set(cards_of(unseen(view) | view.shown[player] | 1 << card))
        if matches(game.field, card):  # a capture is worth what the seat's own policy reckons
            others = sum(c for s, c in enumerate(game.captures) if s != player)
            assert values[card] == play_value(evaluator_of(view), seen_of_game(game), card, others)
        pool = reading.pool(after, random.Random(0))
        assert pool is not None and sum(pool.weights) > 0


def test_a_play_shown_again_is_read_once():
    """A bot client that comes back is sent the month's plays again, some of them seen before."""
    game = new_game("koikoi2", random.Random(5), {"months": 3})
    player = game.to_act
    view = game.view(1 - player)
    first, second = list(cards_of(game.hands[player]))[:2]
    bot = StrongBot(random.Random(1), iterations=30, read="0.03")
    for card in (first, first, second, first):
        bot.see_play(view, player, card)
    assert bot.reading is not None
    assert [p.card for p in bot.reading.plays] == [first, second]


def test_before_any_play_of_the_month_is_seen_the_reading_changes_nothing():
    for view in decisions("koikoi2", 4, 3):
        reading = StrongBot(random.Random(1), iterations=30, read="0.03").ranked(view)
        assert StrongBot(random.Random(1), iterations=30, read="off").ranked(view) == reading


def test_the_search_s_deals_are_drawn_by_weight_and_keep_every_count():
    view = decisions("koikoi2", 6, 1)[0]
    rng = random.Random(3)
    reading = HandReading((0.03,))
    other = 1 - view.seat
    seen_card = next(cards_of(unseen(view)))
    reading.deal = view.deal_number
    reading.see(view, other, seen_card)
    pool = reading.pool(view, rng)
    assert pool is not None and len(pool.hands) == len(pool.weights)
    heavy = Pool(pool.hands[:2], [1.0, 0.0])
    for _ in range(20):
        hands, stock = heavy.deal(view, rng)
        assert hands == pool.hands[0]
        assert len(stock) == view.stock_count
        assert (hands[other] | sum(1 << c for c in stock)) == unseen(view)


@pytest.mark.parametrize(
    ("value", "why"),
    [("0", "read must be off, auto"), ("abc", "read must be a number"), ("1000", "at most 100")],
)
def test_a_bad_read_is_one_line(value: str, why: str) -> None:
    with pytest.raises(BotSpecError, match=why):
        make_bot(f"strong:read={value}", random.Random(0))


def test_read_off_auto_and_a_temperature_are_taken() -> None:
    spelled = ("off", "auto", "0.5")
    bots: list[Any] = [make_bot(f"strong:read={v}", random.Random(0)) for v in spelled]
    assert [b.read for b in bots] == [(), TEMPERATURES, (0.5,)]


def trust_after(spec: str) -> list[float]:
    """How much each of ``TEMPERATURES`` is trusted for a seat played by ``spec`` after five
    months of reading its plays, weighing a pool at each of the reader's plays."""
    game = new_game("koikoi2", random.Random("trust"), {"months": 6})
    game.logging = False
    bots = [make_bot(spec, random.Random(1)), make_bot("normal", random.Random(2))]
    reading, rng = HandReading(TEMPERATURES), random.Random(3)
    while not game.is_over and game.view(1).deal_number < 6:
        seat = game.to_act
        view = game.view(seat, game.legal_actions())
        if game.phase == Phase.PLAY and seat == 1:
            reading.pool(view, rng)
        action = bots[seat].act(view)
        if game.phase == Phase.PLAY and seat == 0 and action < 48:
            reading.see(game.view(1), 0, action)
        game.apply(action)
    reading.pool(game.view(1), rng)  # the fifth month's plays join the months before
    return reading.belief(0)


def test_a_seat_that_plays_as_the_normal_policy_is_read_sharply_and_a_random_one_loosely():
    """With ``read=auto`` the temperatures that explained a seat's plays in the months before
    are trusted: a normal seat's plays are read at the sharpest, a random seat's at the
    loosest."""
    normal = trust_after("normal")
    assert normal[0] + normal[1] > 0.9 and normal[-1] < 0.01
    randomly = trust_after("random")
    assert max(randomly) == randomly[-1] and randomly[0] < 0.01
