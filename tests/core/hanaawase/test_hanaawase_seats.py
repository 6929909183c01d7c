"""花合わせ with four to six seated: 出る・下る, 追い込み, しばり (docs/rules/hanaawase.md
§11), on stacked decks and over seeded games."""

import itertools
import random

import pytest

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import ALL_CARDS, CARD_OF_CODE, CODES, card_list, mask, parse_deck
from hanafuda_tui.core.events import DeruOriru
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.records import SeatRecord, new_game, record_of, replay
from hanafuda_tui.core.rulesets.hanaawase.game import Hanaawase, HanaawaseOptions

SEVENS = ["AUcgkso", "IMFJQZp", "CGKOSWa", "BEHLNRT", "DPVXYbd", "efhijlm"]
"""Seven cards for each seat of a six-seat table (seat order); fewer seats take the first ones."""
FIELD = "nqrtuv"


def stacked(sevens: list[str], field: str, dealer: int = 0) -> list[int]:
    """A deck dealt as 手七場六 around ``len(sevens)`` seats: four each from the 親's right round to
    the 親, three to the field, three each, three to the field; then the rest, in code order."""
    n = len(sevens)
    order = [(dealer + r) % n for r in [*range(1, n), 0]]
    top = "".join(sevens[s][:4] for s in order) + field[:3]
    top += "".join(sevens[s][4:] for s in order) + field[3:]
    return parse_deck(top + "".join(c for c in CODES if c not in top))


def table(n: int, dealer: int = 0, sevens: list[str] | None = None) -> Hanaawase:
    deck = stacked((sevens or SEVENS)[:n], FIELD, dealer)
    rng = random.Random(0)
    decks = [deck]
    game = Hanaawase(
        HanaawaseOptions(players=n),
        dealer,
        lambda: decks.pop() if decks else rng.sample(range(48), 48),
    )
    game.start()
    return game


def answer(game: Hanaawase, wants: dict[int, str]) -> list[int]:
    """Answer 出る・下る: each asked seat as ``wants`` says (出る if unsaid); a forced seat takes
    its one legal answer. Returns the seats that acted, in order."""
    acted = []
    while game.phase == Phase.DERU_ORIRU:
        seat = game.to_act
        legal = game.legal_actions()
        token = wants.get(seat, "deru") if len(legal) == 2 else "deru"
        game.apply(act.parse_token(token))
        acted.append(seat)
    return acted


def test_every_seat_is_dealt_seven_in_the_teshichi_baroku_order():
    for n in (4, 5, 6):
        game = table(n, dealer=1)
        assert [game.hands[s] for s in range(n)] == [mask(SEVENS[s]) for s in range(n)]
        assert game.field == mask(FIELD) and len(game.stock) == 42 - 7 * n
        assert game.phase == Phase.DERU_ORIRU


@pytest.mark.parametrize("n", [4, 5, 6])
def test_the_oya_is_never_asked_and_asking_goes_round_from_the_oyas_right(n):
    dealer = 2
    game = table(n, dealer)
    assert game.to_act == (dealer + 1) % n
    acted = answer(game, {s: "oriru" for s in range(n)})
    assert dealer not in acted
    assert acted == [(dealer + k) % n for k in range(1, n)]  # all 下る: the last two forced
    assert game.entries[dealer] is None and game.participants[0] == dealer


def expected_entries(n: int, dealer: int, wants: dict[int, str]) -> list[str | None]:
    """RULINGS §3 read plainly: 追い込み once two said 出る, しばり when the seats left are the
    places left, else the seat's own wish."""
    entries: list[str | None] = [None] * n
    places = 2
    for k in range(1, n):
        seat = (dealer + k) % n
        left = n - k
        if places == 0:
            entries[seat] = "oikomi"
        elif left == places:
            entries[seat] = "shibari"
            places -= 1
        else:
            entries[seat] = wants[seat]
            places -= wants[seat] == "deru"
    return entries


@pytest.mark.parametrize("n", [4, 5, 6])
def test_every_way_of_answering_settles_by_oikomi_and_shibari(n):
    for dealer in range(n):
        for wishes in itertools.product(("deru", "oriru"), repeat=n - 1):
            wants = {(dealer + k + 1) % n: w for k, w in enumerate(wishes)}
            game = table(n, dealer)
            answer(game, wants)
            entries = expected_entries(n, dealer, wants)
            assert game.entries == entries, (dealer, wishes)
            ins = [dealer] + [
                (dealer + k) % n
                for k in range(1, n)
                if entries[(dealer + k) % n] in ("deru", "shibari")
            ]
            assert list(game.participants) == ins
            # Forced answers are recorded as 出る; 追い込み seats have no answer at all.
            tokens = [act.token(a) for a in game.actions]
            in_order = [entries[(dealer + k) % n] for k in range(1, n)]
            asked = [e for e in in_order if e in ("deru", "oriru", "shibari")]
            assert tokens[: len(asked)] == ["oriru" if e == "oriru" else "deru" for e in asked]


def test_the_seeds_example_six_seated_three_say_oriru_and_the_last_two_are_forced():
    game = table(6)
    for seat in (1, 2, 3):
        assert game.to_act == seat and game.legal_actions() == [act.DERU, act.ORIRU]
        game.apply(act.ORIRU)
    for seat, places in ((4, 2), (5, 1)):
        assert game.to_act == seat and game.legal_actions() == [act.DERU]
        assert game.view(seat).facts.places_left == places
        game.apply(act.DERU)
    assert game.entries == [None, "oriru", "oriru", "oriru", "shibari", "shibari"]
    assert game.participants == (0, 4, 5)


def test_shibari_can_fall_on_a_single_seat():
    game = table(6)
    answer(game, {1: "deru", 2: "oriru", 3: "oriru", 4: "oriru"})
    assert game.entries == [None, "deru", "oriru", "oriru", "oriru", "shibari"]


def test_two_deru_put_every_later_seat_out_unasked():
    game = table(6)
    acted = answer(game, {1: "oriru", 2: "deru", 3: "deru"})
    assert acted == [1, 2, 3]
    assert game.entries == [None, "oriru", "deru", "deru", "oikomi", "oikomi"]
    entries = [e.entry for e in game.log if isinstance(e, DeruOriru)]
    assert entries.count("oikomi") == 2


def test_out_seats_cards_go_under_the_stock_each_pile_in_deal_order_from_the_oyas_right():
    n, dealer = 6, 4
    game = table(n, dealer)
    dealt_stock = list(game.stock)
    answer(game, {5: "oriru", 0: "deru", 1: "oriru", 2: "deru"})  # 3 is put out
    assert game.participants == (4, 0, 2)
    piles = [CARD_OF_CODE[c] for s in (5, 1, 3) for c in SEVENS[s]]  # in deal order: 4, then 3
    assert list(game.stock) == dealt_stock + piles and len(game.stock) == 21
    assert all(game.hands[s] == 0 for s in (5, 1, 3))


def test_play_runs_oya_then_the_two_participants_skipping_out_seats():
    game = table(5, dealer=3)
    answer(game, {4: "oriru", 0: "deru", 1: "oriru"})  # 2 forced
    assert game.participants == (3, 0, 2)
    while game.phase == Phase.TEYAKU:
        game.apply(game.legal_actions()[0])
    turns = []
    while not game.results:
        if game.phase == Phase.PLAY and (not turns or turns[-1] != game.to_act):
            turns.append(game.to_act)
        game.apply(game.legal_actions()[0])
    assert turns[:6] == [3, 0, 2, 3, 0, 2]
    assert set(turns) == {3, 0, 2}


def test_only_participants_answer_teyaku_and_only_they_pay_it():
    # Seat 2 holds 七カス but says 下る; seats 3 and 4 are then forced by しばり, and seat 4 holds
    # 六カス (DPXbef are kasu): it declares like anyone, paid by the 親 and seat 3 only.
    sevens = ["AUcgkso", "IMFJQZp", "CGKOSWa", "BEHLNRT", "DPXbefY"]
    game = table(5, 0, sevens)
    answer(game, {1: "oriru", 2: "oriru"})
    assert game.entries == [None, "oriru", "oriru", "shibari", "shibari"]
    asked = []
    while game.phase == Phase.TEYAKU:
        asked.append(game.to_act)
        game.apply(act.DECLARE if act.DECLARE in game.legal_actions() else act.PASS)
    assert asked == [0, 3, 4]
    assert game.teyaku[2] is None and game.declared == [None, None, None, None, "六カス"]
    while not game.results:
        game.apply(game.legal_actions()[0])
    r = game.results[0]
    paid = {(line.seat, line.amount, line.other) for line in r.lines if line.name == "六カス"}
    assert paid == {(4, 20, 0), (0, -20, 4), (4, 20, 3), (3, -20, 4)}
    assert r.payments[1] == r.payments[2] == 0 and r.teyaku[2] is None


def test_record_replays_with_forced_answers():
    seats = [SeatRecord(name=str(s)) for s in range(6)]
    for g in range(30):
        game = new_game("hanaawase", random.Random(f"seats/{g}"), {"players": 6, "months": 3})
        moves = random.Random(g)
        while not game.finished:
            game.apply(moves.choice(game.legal_actions()))
        record = record_of(game, seats)
        again = replay(record)
        assert again.results == game.results and again.scores == game.scores
        assert record.deals[0].actions[0] in ("deru", "oriru")


@pytest.mark.parametrize("n", [4, 5, 6])
def test_seeded_games_keep_every_card_pay_only_participants_and_hide_every_hand(n):
    for g in range(1000):
        game = new_game("hanaawase", random.Random(f"prop/{n}/{g}"), {"players": n, "months": 3})
        moves = random.Random(g)
        dealers = [game.dealer]
        while not game.finished:
            legal = game.legal_actions()
            assert legal
            if g < 40:
                check_cards(game)
                check_views(game)
            deals = len(game.deals)
            game.apply(moves.choice(legal))
            if len(game.deals) != deals or game.finished:
                dealers.append(game.dealer)
        totals = [0] * n
        for r, dealer, nxt in zip(game.results, dealers[:-1], dealers[1:], strict=True):
            ins = r.participants
            assert len(ins) == 3 and ins[0] == dealer == r.dealer
            assert sum(r.payments) == 0 and sum(r.points) == 264
            assert all(r.payments[s] == 0 for s in range(n) if s not in ins)
            assert nxt in ins
            if r.reason == "fuke":
                assert nxt == dealer
            totals = [t + p for t, p in zip(totals, r.payments, strict=True)]
        assert totals == game.scores


def check_cards(game: Hanaawase) -> None:
    """All 48 cards in exactly one place (a shown card is both in its hand and on the field for the
    player to act; it is counted once)."""
    stock = 0
    for c in game.stock[game.stock_pos :]:
        stock |= 1 << c
    pending = 1 << game.pending_card if game.pending_card >= 0 else 0
    shown = 0
    for s in game.shown:
        shown |= s
    parts = [*game.hands, *game.captures, game.field & ~shown, stock, pending]
    union = 0
    for p in parts:
        assert union & p == 0
        union |= p
    assert union == ALL_CARDS
    if game.participants and game.phase != Phase.DERU_ORIRU:
        assert len(game.stock) == 21


def check_views(game: Hanaawase) -> None:
    """No view holds another seat's hidden hand or an out seat's pile; a seat that sits out sees
    only its own cards still under the stock."""
    stock = 0
    for c in game.stock[game.stock_pos :]:
        stock |= 1 << c
    for seat in range(game.players):
        view = game.view(seat)
        assert view.hand == game.hands[seat]
        others = stock & ~game.set_aside[seat]
        for s in range(game.players):
            if s != seat:
                others |= game.hands[s] & ~game.shown[s]
        visible = view.field | view.facts.set_aside
        for c in (*view.captures, *view.shown):
            visible |= c
        assert visible & others == 0
        if view.facts.set_aside:
            assert view.facts.set_aside & ~game.set_aside[seat] == 0
        assert view.facts.out_in_stock <= view.stock_count
        assert card_list(view.hand) == card_list(game.hands[seat])


def settled_among(participants: tuple[int, ...], captures: list[str], n: int = 5) -> Hanaawase:
    """A round of ``n`` seated settled with the participants' captures given (all 48 cards)."""
    game = table(n, participants[0])
    answer(game, {s: "deru" if s in participants else "oriru" for s in range(n)})
    assert game.participants == participants
    game.captures = [0] * n
    for seat, cards in zip(participants, captures, strict=True):
        game.captures[seat] = mask(cards)
    game.hands_out()
    return game


def split(poor: str) -> list[str]:
    """``poor`` for the first participant, the other cards dealt alternately to the other two."""
    rest = "".join(c for c in CODES if c not in poor)
    return [poor, rest[::2], rest[1::2]]


def test_fuke_and_the_settlement_are_judged_on_the_three_only():
    # Seats 1 and 3 sit out with no captures at all: no フケ for that.
    game = settled_among((0, 2, 4), split("ABCDEFGHIJKLMNOP"))
    r = game.results[0]
    assert r.reason == "settled" and r.points[1] == r.points[3] == 0
    assert sum(r.payments) == 0 and r.payments[1] == r.payments[3] == 0
    assert game.dealer in (0, 2, 4)


def test_fuke_among_the_three_keeps_the_oya_and_scores_nothing():
    kasu = "CDGHKLOPSTWXabefijmnrtuv"[:20]  # 20 card points for seat 2, the 胴二
    game = settled_among((3, 0, 2), [split(kasu)[1], split(kasu)[2], kasu])
    r = game.results[0]
    assert r.reason == "fuke" and r.winner == -1 and r.payments == (0,) * 5
    assert game.dealer == 3 and game.scores == [0] * 5
