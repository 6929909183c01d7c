"""Stacked decks and scripted 二人こいこい games (the deal per docs/rules/README.md §4), and seeded
random games checked as they are played."""

from __future__ import annotations

import random

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import CODES, MONTH_MASK, parse_deck
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.records import SeatRecord, new_game, record_of, replay
from hanafuda_tui.core.rulesets.koikoi2.game import Koikoi2, Koikoi2Options

# The scripted month: the dealer (seat 0) forms 月見で一杯 on turn 1; the other player forms 赤短 on
# their second turn (choosing L of K/L); the dealer forms 花見で一杯 on turn 3.
DEALER = "cIMQUYks"
OTHER = "BJNRVZlp"
FIELD = "eiCGKLtu"
STOCK = "gFSWa"


def stacked(dealer: str, other: str, field: str, stock: str) -> list[int]:
    """A deck dealt as DEAL_TWO: other 4, dealer 4, field 4, twice; the stock, then the rest."""
    top = other[:4] + dealer[:4] + field[:4] + other[4:] + dealer[4:] + field[4:] + stock
    return parse_deck(top + "".join(c for c in CODES if c not in top))


def game_of(decks, **options) -> Koikoi2:
    """A game with seat 0 dealing, dealt from ``decks`` then from a seeded shuffle."""
    rng = random.Random(0)
    queue = list(decks)

    def source():
        return queue.pop(0) if queue else rng.sample(range(48), 48)

    game = Koikoi2(Koikoi2Options(**options), 0, source)
    game.start()
    return game


def play(game: Koikoi2, tokens: str) -> None:
    for tok in tokens.split():
        game.apply(act.parse_token(tok))


def scripted(**options) -> Koikoi2:
    return game_of([stacked(DEALER, OTHER, FIELD, STOCK)], **options)


TESHI_HAND = "MNOPcIQs"  # four of 藤
KUTTSUKI_HAND = "MNQRUVYZ"  # four pairs
PLAIN = "BJdRVZlp"  # eight months


def _games(n: int, options: dict):
    for g in range(n):
        yield new_game("koikoi2", random.Random(f"k2n/{g}"), options), random.Random(g)


def hidden_twin(game: Koikoi2, seat: int, rng: random.Random):
    """The seat's view of the game with the other hand and the stock dealt again at random."""
    twin = game.clone()
    other = 1 - seat
    pool = [c for c in range(48) if game.hands[other] >> c & 1] + list(game.stock[game.stock_pos :])
    rng.shuffle(pool)
    n = game.hands[other].bit_count()
    twin.hands[other] = sum(1 << c for c in pool[:n])
    twin.stock = (*game.stock[: game.stock_pos], *pool[n:])
    return twin.view(seat)


def check_games(options: dict, n: int) -> dict[str, int]:
    """Plays ``n`` seeded games at random: a legal action always, views that hide the other hand
    and the stock, only the winner scoring, totals the results' sum, and records that replay."""
    tally = dict.fromkeys(("shobu", "hands-out", "nagare-shima", "views", "same month drawn"), 0)
    for game, moves in _games(n, options):
        while not game.finished:
            legal = game.legal_actions()
            assert legal
            if moves.random() < 0.05:
                seat = moves.randrange(2)
                assert game.view(seat) == hidden_twin(game, seat, moves)
                tally["views"] += 1
            action = moves.choice(legal)
            if game.phase == Phase.PLAY and game.stock[game.stock_pos] >> 2 == action >> 2:
                tally["same month drawn"] += (game.field & MONTH_MASK[action >> 2]).bit_count() == 1
            game.apply(action)
        dealer = game.first_dealer
        for r in game.results:
            tally[r.reason] += 1
            assert r.dealer == dealer
            assert sorted(r.payments) == [0, r.value] and (r.value > 0) == (r.winner >= 0)
            assert sum(line.amount for line in r.lines) == r.value
            if r.winner >= 0:
                dealer = r.winner
            elif r.reason == "hands-out" and options.get("rules") == "nintendo":
                dealer = 1 - dealer
        assert [
            sum(p) for p in zip(*(r.payments for r in game.results), strict=True)
        ] == game.scores
        again = replay(record_of(game, [SeatRecord(name="a"), SeatRecord(name="b")]))
        assert again.scores == game.scores and again.results == game.results
    return tally
