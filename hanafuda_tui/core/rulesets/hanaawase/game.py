"""花合わせ (docs/rules/hanaawase.md).

Twelve rounds of three players, 手七場六, turns 親 → 胴二 → ビキ until the stock is drawn out.
Teyaku (七カス, 六カス) are declared privately before play; the shown kasu stay in the holder's hand
but are field cards for the other two, who may (and on a match must) capture them; a holder whose
hand empties only draws. At the end: フケ, 雨シマ, then card points + 2 × own 出来役 − the others'
− 88 with the teyaku payments. The best result deals next.

With four to six seated (docs/rules/hanaawase.md §11) everyone is dealt; going round from the 親's
right each seat says 出る or 下る (追い込み and しばり settle some without a question); the out seats'
cards go under the stock and the 親 and two participants play the round as above.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ... import actions as act
from ...cards import BIT, KASUS, MONTH_MASK, POINTS, card_list, parse_deck
from ...events import (
    AmeShima,
    DeruOriru,
    DrawOnly,
    FieldShima,
    Fuke,
    MonthEnded,
    Seated,
    ShownTaken,
    TeyakuShown,
    YearEnded,
)
from ...game import DERU_ORIRU, OVER, PLAY, TAKE, TEYAKU, Game, PlayerView
from ...options import RulesetOptions
from ...results import DealEnd, DealResult, Line, Outcome
from ...table import FIELD, positions
from ..titles import TITLES
from .facts import HanaawaseFacts
from .yaku import (
    FUKE_LIMIT,
    TEYAKU_VALUES,
    YAKU,
    ame_shima,
    card_points,
    dekiyaku,
    settle,
    settle_lines,
    teyaku,
    teyaku_payments,
)


def month_then_points(card: int) -> tuple[int, ...]:
    """The first-親 draw: lowest month, then the higher card points (docs/rules/hanaawase.md §3)."""
    return (card >> 2, -POINTS[card])


def _scoring_dekiyaku(caps: int) -> dict[str, int]:
    """花合わせ's 出来役 in points; 雨シマ voids them all (docs/rules/hanaawase.md §7, §8)."""
    return {} if ame_shima(caps) else dekiyaku(caps)


class HanaawaseOptions(RulesetOptions):
    """Options of 花合わせ. The seed fixes the rules; the number of rounds and of seats are choices."""

    months: Literal[3, 6, 12] = 12
    """Rounds in a game (the seed plays 12)."""
    players: Literal[3, 4, 5, 6] = 3
    """Seated at the table; with more than three, 出る・下る picks the round's three (§11)."""


def deal_pattern(players: int) -> tuple[tuple[int, int], ...]:
    """手七場六 around ``players`` seats: four each from the 親's right round to the 親, three to the
    field, three each, three to the field (docs/rules/hanaawase.md §11)."""
    order = [*range(1, players), 0]
    return (
        *((r, 4) for r in order),
        (FIELD, 3),
        *((r, 3) for r in order),
        (FIELD, 3),
    )


DERU, ORIRU, SHIBARI, OIKOMI = "deru", "oriru", "shibari", "oikomi"
"""A seat's way into or out of a round: asked and said 出る or 下る, forced to 出る by しばり, or
put out by 追い込み (docs/rules/hanaawase.md §11)."""
PLACES = 2
"""Participants besides the 親."""


@dataclass(slots=True)
class RoundResult(DealEnd):
    """How one round ended (a ``DealResult``). ``winner`` is the best result (the next 親), -1
    for フケ; ``reason`` settled, or fuke; ``yaku`` the winner's 出来役 with their points;
    ``value`` the winner's round result; ``payments`` each seat's round result."""

    points: tuple[int, ...]
    """Card points captured."""
    dekiyaku: tuple[tuple[str, ...], ...]
    """Each seat's 出来役 (empty for 雨シマ)."""
    dekiyaku_points: tuple[int, ...]
    teyaku: tuple[str | None, ...]
    """Declared teyaku."""
    ame_shima: tuple[bool, ...]
    outcome: Outcome
    """PLAYED_OUT, or FUKE (docs/rules/hanaawase.md §8)."""
    lines: tuple[Line, ...]
    """``payments`` with their causes: card points, 出来役 and teyaku (§9)."""
    participants: tuple[int, ...]
    """The round's 親, 胴二 and ビキ; the other seats sat out and score 0 (§11)."""
    entries: tuple[str | None, ...]
    """Each seat's way in or out (deru, oriru, shibari, oikomi; None for the 親): all None with
    three seated."""


class Hanaawase(Game):
    __slots__ = (
        "round_index", "teyaku", "declared", "all_shown", "participants", "after", "entries",
        "set_aside",
    )  # fmt: skip
    ruleset = "hanaawase"
    table_sizes = (3, 4, 5, 6)
    titles = TITLES["hanaawase"]
    dealer_title = "親"
    Facts = HanaawaseFacts
    Result = RoundResult
    shown_are_field = True
    Options = HanaawaseOptions
    first_draw_key = month_then_points

    @classmethod
    def seated(cls, options: Any) -> int:
        return int(options.players)

    @classmethod
    def sat_out(cls, result: DealResult) -> tuple[int, ...]:
        """With four to six seated, the seats outside the round's three (§11)."""
        if not isinstance(result, RoundResult) or not result.participants:
            return ()
        return tuple(s for s in range(len(result.payments)) if s not in result.participants)

    @classmethod
    def pattern_for(cls, players: int) -> tuple[tuple[int, int], ...]:
        return deal_pattern(players)

    scoring = staticmethod(_scoring_dekiyaku)
    yaku_table = YAKU

    def restore_from_view(self, view: PlayerView) -> None:
        """Shown teyaku cards are field cards for the others during a turn
        (docs/rules/hanaawase.md §5); the round's seating and answers (§11)."""
        facts = view.facts
        assert isinstance(facts, HanaawaseFacts)
        self.round_index = facts.month_index
        self.declared[:] = facts.declared
        self.entries[:] = facts.entries
        if facts.participants:
            self._seat(facts.participants)
        self.all_shown = 0
        for shown in view.shown:
            self.all_shown |= shown
        if view.phase in (PLAY, TAKE):
            self.field |= self.all_shown & ~view.shown[view.turn]
        if view.phase == TAKE:
            # Every turn draws once: the draws so far tell how far this one has got.
            drawn = STOCK - view.stock_count
            self.pending_draw = (drawn - self.participants.index(view.turn)) % 3 != 0
        if view.phase == TEYAKU:  # the teyaku of the hands in this (sampled) deal
            self.teyaku[:] = [teyaku(h) if h else None for h in self.hands]

    def __init__(self, options: HanaawaseOptions, first_dealer: int, deck_source: Any) -> None:
        super().__init__(options, first_dealer, deck_source)
        n = self.players
        self.round_index = 0
        self.teyaku: list[str | None] = [None] * n
        self.declared: list[str | None] = [None] * n
        self.all_shown = 0
        """Union of the shown teyaku cards still in hands."""
        self.participants: tuple[int, ...] = ()
        """The round's 親, 胴二 and ビキ once known (§11); empty while 出る・下る is asked."""
        self.after: tuple[int, ...] = ()
        """Each participant's next participant in turn order."""
        self.entries: list[str | None] = [None] * n
        """Each seat's way in or out of the round (DERU, ORIRU, SHIBARI, OIKOMI; None: the 親, or
        not settled yet)."""
        self.set_aside = [0] * n
        """Each out seat's seven, under the stock for the round."""

    def deal_month(self) -> int:
        return self.round_index + 1

    def copy_state_from(self, original: Game) -> None:
        self.teyaku = self.teyaku[:]
        self.declared = self.declared[:]
        self.entries = self.entries[:]
        self.set_aside = self.set_aside[:]

    def role_order(self) -> tuple[int, ...]:
        """Seats in turn order: 親, 胴二, ビキ."""
        return self.participants

    # -- deal, 出る・下る and teyaku --------------------------------------------------------------

    def start_deal(self) -> None:
        """A field シマ goes to the 親's captures (docs/rules/hanaawase.md §4); with more than three
        seated, 出る・下る (§11); then teyaku, then the 親 plays."""
        for m in MONTH_MASK:
            if self.field & m == m:
                self.field &= ~m
                self.captures[self.dealer] |= m
                self.emit(FieldShima, self.dealer, m)
        n = self.players
        self.shared_facts = None
        self.all_shown = 0
        self.declared = [None] * n
        self.entries = [None] * n
        self.set_aside = [0] * n
        if n == 3:
            self._seat(tuple((self.dealer + r) % 3 for r in range(3)))
            self._ask_teyaku()
        else:
            self.participants = self.after = ()
            self.phase = DERU_ORIRU
            self._ask_entry((self.dealer + 1) % n)

    def _ask_entry(self, seat: int) -> None:
        """Ask ``seat`` 出る or 下る, or settle it and the later seats without a question: 追い込み
        once two said 出る, しばり when the seats left are as many as the places (§11)."""
        n = self.players
        dealer = self.dealer
        entries = self.entries
        while seat != dealer:
            if self.places_left():
                self.to_act = seat  # under しばり its one legal answer is 出る (``_forced``)
                return
            entries[seat] = OIKOMI
            self.emit(DeruOriru, seat, OIKOMI)
            seat = (seat + 1) % n
        self._seat_round()

    def places_left(self) -> int:
        """Places beside the 親 not yet taken by a 出る (asked or forced)."""
        entries = self.entries
        return PLACES - entries.count(DERU) - entries.count(SHIBARI)

    def _forced(self, seat: int) -> bool:
        """Whether しばり leaves ``seat`` no choice but 出る: the seats still to answer, this one
        included, are as many as the places left."""
        return (self.dealer - seat) % self.players == self.places_left()

    def _seat_round(self) -> None:
        """The answers are in: the out seats' cards go under the stock, each pile in its deal order
        from the 親's right (§11), and the three play."""
        n = self.players
        dealer = self.dealer
        ins = [dealer]
        piles: list[int] = []
        deck = self.deals[-1].deck
        cards = parse_deck(deck) if deck else None
        pattern = self.pattern_for(n)
        for r in range(1, n):
            seat = (dealer + r) % n
            if self.entries[seat] in (DERU, SHIBARI):
                ins.append(seat)
                continue
            hand = self.hands[seat]
            self.set_aside[seat] = hand
            self.hands[seat] = 0
            if cards is not None:
                piles.extend(cards[p] for p in positions(pattern, r))
            else:  # an imagined deal (a bot's search) keeps no deck order
                piles.extend(card_list(hand))
        self.stock = (*self.stock[self.stock_pos :], *piles)
        self.stock_pos = 0
        self.emit(Seated, dealer, tuple(ins), len(piles))
        self._seat(tuple(ins))
        self._ask_teyaku()

    def _seat(self, participants: tuple[int, ...]) -> None:
        self.participants = participants
        after = [0] * self.players
        for i, s in enumerate(participants):
            after[s] = participants[(i + 1) % 3]
        self.after = tuple(after)

    def _ask_teyaku(self) -> None:
        """Only the participants hold teyaku and answer the question (§5, §11)."""
        self.teyaku = [teyaku(h) if h else None for h in self.hands]
        self.ask_teyaku()

    def teyaku_asked(self) -> tuple[int, ...]:
        """Only the three participants are asked, from the 胴 (§5, §11)."""
        return self.participants

    def teyaku_asked_on(self) -> bool:
        """Pass the question to the next participant; False once the ビキ has answered."""
        seat = self.to_act
        if seat == self.participants[2]:
            return False
        self.to_act = self.after[seat]
        return True

    def reveal_teyaku(self) -> None:
        """Declarations are shown together; the kasu are shown, the rest stays hidden."""
        self.shared_facts = None
        for s in self.participants:
            name = self.declared[s]
            if name:
                self.shown[s] = self.hands[s] & KASUS
                self.all_shown |= self.shown[s]
                self.emit(TeyakuShown, s, name, 0, self.shown[s])
        self.begin_turn(self.dealer)

    # -- turns ----------------------------------------------------------------------------------

    def begin_turn(self, seat: int) -> None:
        """The others' shown cards join the field for this turn; an empty hand only draws."""
        if self.all_shown:
            self.field |= self.all_shown & ~self.shown[seat]
        super().begin_turn(seat)
        if not self.hands[seat]:
            self.emit(DrawOnly, seat)
            self._draw(seat)

    def step_done(self, seat: int, before: int, drawn: bool) -> None:
        """A captured shown card leaves its holder's hand (no replacement)."""
        taken = self.captures[seat] & ~before & self.all_shown
        if taken:
            self.all_shown &= ~taken
            for s in self.participants:
                hit = self.shown[s] & taken
                if hit:
                    self.shown[s] &= ~hit
                    self.hands[s] &= ~hit
                    self.emit(ShownTaken, s, hit)

    def turn_done(self, seat: int) -> None:
        if self.all_shown:
            # The player may have played one of their own shown cards: it is a plain card now.
            self.all_shown = _union(self.shown)
            self.field &= ~self.all_shown
        self.next_turn(seat)

    def next_turn(self, seat: int) -> None:
        """Every participant has a turn while the stock lasts (a holder with no hand only draws)."""
        if self.stock_pos < len(self.stock):
            self.begin_turn(self.after[seat])
        else:
            self.hands_out()

    # -- decisions ------------------------------------------------------------------------------

    def other_actions(self) -> list[int]:
        """出る・下る (only 出る under しばり)."""
        if self.phase == DERU_ORIRU:
            return [act.DERU] if self._forced(self.to_act) else [act.DERU, act.ORIRU]
        return []

    def apply_other(self, action: int) -> None:
        seat = self.to_act
        entry = SHIBARI if self._forced(seat) else DERU if action == act.DERU else ORIRU
        self.entries[seat] = entry
        self.emit(DeruOriru, seat, entry)
        self._ask_entry((seat + 1) % self.players)

    def keep_answer(self, seat: int, declares: bool) -> None:
        """Every participant answers the teyaku question in turn order (only 'pass' without one),
        so a hidden teyaku tells no one who holds it (docs/rules/hanaawase.md §5: declared
        privately); a declared one is kept by name."""
        if declares:
            self.declared[seat] = self.teyaku[seat]

    # -- round and game -------------------------------------------------------------------------

    def hands_out(self) -> None:
        """フケ, 雨シマ, the settlement among the three; the best result deals next (ties: 親, then
        胴二, then ビキ); out seats score 0 (§11)."""
        ins = sorted(self.participants)  # settled in seat order; ties go in turn order
        n = self.players
        caps = [self.captures[s] for s in ins]
        points = [card_points(c) for c in caps]
        rained = [ame_shima(c) for c in caps]
        yaku = [{} if rained[i] else dekiyaku(caps[i]) for i in range(3)]
        values = [sum(y.values()) for y in yaku]
        declared = [self.declared[s] for s in ins]
        pay = settle(points, values, teyaku_payments(declared))
        fuke = min(points) <= FUKE_LIMIT
        best = max(pay)
        nxt = next(s for s in self.participants if pay[ins.index(s)] == best)
        winner = -1 if fuke else nxt
        if fuke:
            self.emit(Fuke, ins[points.index(min(points))], tuple(_spread(ins, points, n)))
        for i, s in enumerate(ins):
            if rained[i]:
                self.emit(AmeShima, s)
            self.scores[s] += pay[i]
        names = [tuple(y) for y in yaku]
        payments = _spread(ins, pay, n)
        self.results.append(
            RoundResult(
                self.month,
                len(self.deals) - 1,
                self.dealer,
                winner,
                "fuke" if fuke else "settled",
                () if fuke else tuple(yaku[ins.index(nxt)].items()),
                best,
                payments,
                _spread(ins, points, n),
                _spread(ins, names, n, ()),
                _spread(ins, values, n),
                tuple(self.declared),
                _spread(ins, rained, n, False),
                Outcome.FUKE if fuke else Outcome.PLAYED_OUT,
                _seated_lines(ins, settle_lines(points, yaku, declared)),
                self.participants,
                tuple(self.entries),
            )
        )
        self.emit(MonthEnded, winner, best, "", (), tuple(payments))
        self.dealer = nxt
        self.round_index += 1
        if self.round_index >= self.options.months:
            self.emit(YearEnded, tuple(self.scores))
            self.phase = OVER
            self.to_act = -1
            self.finished = True
            return
        self.new_deal()

    def view(self, seat: int, legal: Sequence[int] | None = None) -> PlayerView:
        """Shown teyaku cards are reported apart from the field (``shown``), never in it."""
        v = super().view(seat, legal)
        shown = self.shown
        if self.players == 3:
            return v._replace(field=v.field & ~(shown[0] | shown[1] | shown[2]))
        return v._replace(field=v.field & ~_union(shown))

    def public_facts(self, seat: int) -> HanaawaseFacts:
        """With three seated, the same facts in every view of a round's turns (built once)."""
        if self.players == 3:
            return self.shared_turn_facts(seat)  # type: ignore[return-value]
        return self.facts_now(seat)

    def facts_now(self, seat: int) -> HanaawaseFacts:
        asking = self.phase == TEYAKU
        name = self.teyaku[seat] if asking else None
        n = self.players
        out_cards = 0
        aside = self.set_aside[seat] if n > 3 else 0
        if n > 3 and self.participants:
            left = len(self.stock) - self.stock_pos
            out_cards = min(left, 7 * (n - 3))
            if aside:
                still = 0
                for c in self.stock[self.stock_pos :]:
                    still |= BIT[c]
                aside &= still
        return HanaawaseFacts(
            self.round_index,
            self.options.months,
            (None,) * n if asking else tuple(self.declared),
            (name, TEYAKU_VALUES[name]) if name else None,
            tuple(self.entries),
            self.participants,
            out_cards,
            aside,
            self.places_left() if n > 3 else 0,
        )


STOCK = 21
"""The round's stock for its three players, out seats' cards included (§11)."""


def _union(sets: Sequence[int]) -> int:
    out = 0
    for s in sets:
        out |= s
    return out


def _spread(ins: Sequence[int], values: Sequence[Any], n: int, empty: Any = 0) -> tuple[Any, ...]:
    """Participants' values (in seat order) as one per seat, ``empty`` for the out seats."""
    if n == 3:
        return tuple(values)
    out = [empty] * n
    for i, s in enumerate(ins):
        out[s] = values[i]
    return tuple(out)


def _seated_lines(ins: Sequence[int], lines: tuple[Line, ...]) -> tuple[Line, ...]:
    """Lines settled among the participants (numbered 0..2 in seat order) with their real seats."""
    if len(ins) == 3 and ins[2] == 2:
        return lines
    return tuple(
        line._replace(seat=ins[line.seat], other=ins[line.other] if line.other >= 0 else -1)
        for line in lines
    )
