"""三人こいこい (docs/rules/koikoi3.md).

A year of twelve months (extension seasons on a three-way tie). Each month: teyaku, then turns
胴 → 胴二 → ビキ until a player who formed a yaku calls 勝負, or the hands run out (流れ).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ... import actions as act
from ... import events
from ...game import KOIKOI, OVER, TEYAKU, Game, PlayerView
from ...options import RulesetOptions
from ...results import Cause, DealEnd, Line, Outcome, Settlement, pair
from ...stakes import GoOn, Stakes
from ...stats import count_by_pattern
from ...table import has_shima
from ..titles import TITLES
from .facts import Koikoi3Facts
from .yaku import (
    KASU_CARDS,
    TEYAKU_NAMES,
    YAKU,
    formed_in_turn,
    may_form,
    scoring_yaku,
    shibari_value,
    teyaku,
)

SEASONS = ("春", "夏", "秋", "冬")
SHIBARI = 3
"""3文しばり: a replayed month needs 3文 to call 勝負 (seed ○ルール補足説明 (3))."""
KOBIKI = 5
"""小引: 5文 from each other player for winning all three months of a season (seed ○要点)."""


class Koikoi3Options(RulesetOptions):
    """Options of 三人こいこい. The seed fixes the rules; only the length of the year is a choice."""

    months: Literal[3, 6, 12] = 12
    """Months in the year (the seed plays 12; 3 or 6 for a shorter game, seasons still count)."""


@dataclass(slots=True)
class MonthResult(DealEnd):
    """How one deal ended (a ``DealResult``). ``winner`` is -1 for 流れ; ``payments`` is each
    seat's net in 文; ``reason`` shobu, teyaku, or 流れ: nagare-shima, nagare-teyaku,
    nagare-hands; ``yaku`` the 出来役 called with 勝負, or the winning teyaku, with their 文;
    ``value`` what each other player pays the winner."""

    season: str
    shibari: bool
    outcome: Outcome
    lines: tuple[Line, ...]
    """``payments`` with their causes: each yaku or teyaku paid by each payer (§3, §8)."""
    shown: tuple[int, ...] = (0, 0, 0)
    """Each seat's declared teyaku hand, face up for every player (0: none declared; §3)."""


OUTCOMES = {"shobu": Outcome.YAKU, "teyaku": Outcome.TEYAKU}
"""A month's ``reason`` → its Outcome; every other reason is a 流れ (docs/rules/koikoi3.md §9)."""


def shobu_pay(winner: int, value: int) -> tuple[int, ...]:
    """勝負 on yaku worth ``value``: each other player pays it, at face value (§8)."""
    return tuple(2 * value if s == winner else -value for s in range(3))


def shobu_lines(winner: int, yaku: dict[str, int]) -> tuple[Line, ...]:
    """勝負: each other player pays every yaku at face value, no doubling
    (docs/rules/koikoi3.md §8)."""
    out: list[Line] = []
    for payer in range(3):
        if payer != winner:
            for name, value in yaku.items():
                out += pair(winner, payer, value, Cause.YAKU, name, value)
    return tuple(out)


def teyaku_lines(winner: int, declared: list[tuple[str, int] | None]) -> tuple[Line, ...]:
    """Teyaku: each other player pays the winner's teyaku and is paid back their own declared one,
    so each pays the difference (docs/rules/koikoi3.md §3)."""
    name, top = declared[winner]  # type: ignore[misc]
    out: list[Line] = []
    for payer in range(3):
        if payer != winner:
            out += pair(winner, payer, top, Cause.TEYAKU, name, top)
            own = declared[payer]
            if own:
                out += pair(payer, winner, own[1], Cause.TEYAKU, own[0], own[1])
    return tuple(out)


def transfer_lines(pay: tuple[int, ...], cause: Cause) -> tuple[Line, ...]:
    """A settlement's payments as one line pair per payment: one seat receives from each payer,
    or one seat pays each receiver (小引 §10, 吟味 §11)."""
    up = [s for s in range(3) if pay[s] > 0]
    down = [s for s in range(3) if pay[s] < 0]
    if len(up) == 1:
        return tuple(line for s in down for line in pair(up[0], s, -pay[s], cause))
    return tuple(line for s in up for line in pair(s, down[0], pay[s], cause))


def kobiki(winners: list[int]) -> tuple[int, ...] | None:
    """小引 payments for a season's three month winners, or None if no one won all three."""
    if len(winners) == 3 and winners[0] == winners[1] == winners[2]:
        w = winners[0]
        return tuple(2 * KOBIKI if s == w else -KOBIKI for s in range(3))
    return None


def ginmi(totals: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """吟味 (seed ○要点): 2位 pays 6 and 3位 12 to 1位; two tied 2位 pay 9 each to 1位; two tied
    1位 get 9 each from 3位. A three-way tie is not settled here (an extension season is played)."""
    order = sorted(range(3), key=lambda s: -totals[s])
    a, b, c = (totals[s] for s in order)
    pay = [0, 0, 0]
    if a > b > c:
        pay[order[0]], pay[order[1]], pay[order[2]] = 18, -6, -12
    elif a == b > c:
        pay[order[0]], pay[order[1]], pay[order[2]] = 9, 9, -18
    elif a > b == c:
        pay[order[0]], pay[order[1]], pay[order[2]] = 18, -9, -9
    return tuple(pay)


class Koikoi3(Game):
    __slots__ = (
        "month_index",
        "last_month",
        "shibari",
        "koikoi",
        "teyaku",
        "declared",
        "offer",
        "winners",
    )
    ruleset = "koikoi3"
    titles = TITLES["koikoi3"]
    dealer_title = "胴"
    Facts = Koikoi3Facts
    Result = MonthResult
    kasu_cards = KASU_CARDS
    Options = Koikoi3Options

    scoring = staticmethod(scoring_yaku)
    """Scoring yaku in 文 (docs/rules/koikoi3.md §5)."""
    yaku_table = YAKU

    @classmethod
    def teyaku_counts(cls) -> dict[str, int]:
        """Hands holding each teyaku (the rates of docs/rules/koikoi3.md §3 × C(48,7))."""

        def classify(hand: int) -> str | None:
            found = teyaku(hand)
            return found[0] if found else None

        counts = count_by_pattern(classify)
        return {name: counts[name] for name in TEYAKU_NAMES}

    @classmethod
    def stakes(cls, view: PlayerView) -> Stakes | None:
        """勝負 now: each other player pays every yaku held at face value, never doubled; after
        こいこい the yaku are void if another calls 勝負 first (docs/rules/koikoi3.md §7, §8)."""
        if view.phase != KOIKOI or view.to_act != view.seat:
            return None
        seat = view.seat
        found = scoring_yaku(view.captures[seat])
        value = sum(found.values())
        return Stakes(seat, tuple(found.items()), (), shobu_pay(seat, value), GoOn((0, 0, 0)))

    def __init__(self, options: Koikoi3Options, first_dealer: int, deck_source: Any) -> None:
        super().__init__(options, first_dealer, deck_source)
        self.month_index = 0
        """Months won so far (extension months continue the count past 12)."""
        self.last_month: int = options.months
        self.shibari = False
        self.koikoi: tuple[bool, ...] = (False, False, False)
        self.teyaku: list[tuple[str, int] | None] = [None, None, None]
        self.declared: list[bool | None] = [None, None, None]
        self.offer: tuple[str, ...] = ()
        self.winners: list[int] = []

    def deal_month(self) -> int:
        return self.month_index % 12 + 1

    @property
    def season(self) -> str:
        return SEASONS[(self.month_index // 3) % 4]

    def copy_state_from(self, original: Game) -> None:
        self.teyaku = self.teyaku[:]
        self.declared = self.declared[:]
        self.winners = self.winners[:]

    # -- deal and teyaku ------------------------------------------------------------------------

    def start_deal(self) -> None:
        """Every seat answers the teyaku question in turn order, a holder with 'declare' or 'pass',
        anyone else with 'pass': so no one learns who holds a hidden teyaku
        (docs/rules/koikoi3.md §3)."""
        self.koikoi = (False, False, False)
        self.shared_facts = None
        self.declared = [None, None, None]
        self.teyaku = [teyaku(h) for h in self.hands]
        self.ask_teyaku()

    def keep_answer(self, seat: int, declares: bool) -> None:
        self.declared[seat] = declares

    def reveal_teyaku(self) -> None:
        """Declarations revealed together (docs/rules/koikoi3.md §3); else a field シマ is 流れ (§4)."""
        shown = [s for s in range(3) if self.declared[s]]
        for s in shown:
            name, value = self.teyaku[s]  # type: ignore[misc]
            self.shown[s] = self.hands[s]
            self.emit(events.TeyakuShown, s, name, value, self.hands[s])
        if shown:
            values = [self.teyaku[s][1] if self.declared[s] else 0 for s in range(3)]  # type: ignore[index]
            top = max(values)
            winners = [s for s in range(3) if values[s] == top]
            if len(winners) > 1:
                self._nagare("nagare-teyaku")
                return
            w = winners[0]
            pay = [values[s] - top for s in range(3)]
            pay[w] = -sum(pay)
            name = self.teyaku[w][0]  # type: ignore[index]
            declared = [self.teyaku[s] if self.declared[s] else None for s in range(3)]
            self._result(w, "teyaku", ((name, top),), top, tuple(pay), teyaku_lines(w, declared))
            self._won(w)
        elif has_shima(self.field):
            self._nagare("nagare-shima")
        else:
            self.begin_turn(self.dealer)

    # -- turns ----------------------------------------------------------------------------------

    def turn_done(self, seat: int) -> None:
        """Offer こいこい/勝負 exactly when a step of the turn formed a yaku still valid now
        (docs/rules/koikoi3.md §7)."""
        caps = self.captures[seat]
        start = self.turn_from
        if caps != start and may_form(caps ^ start, caps):  # most turns stop at this quick test
            yaku = scoring_yaku(caps)
            in_turn = formed_in_turn(start, self.draw_from, caps, yaku)
            formed = tuple(n for n in yaku if n in in_turn)
            if formed and (not self.shibari or shibari_value(caps, yaku) >= SHIBARI):
                self.offer = formed
                self.phase = KOIKOI
                self.to_act = seat
                if self.logging:
                    self.emit(events.YakuFormed, seat, formed, sum(yaku.values()))
                return
        self.next_turn(seat)

    def hands_out(self) -> None:
        self._nagare("nagare-hands")

    # -- decisions ------------------------------------------------------------------------------

    def other_actions(self) -> list[int]:
        if self.phase == KOIKOI:
            return [act.KOIKOI, act.SHOBU]
        return []

    def apply_other(self, action: int) -> None:
        seat = self.to_act
        if action == act.KOIKOI:
            self.koikoi = tuple(s == seat or k for s, k in enumerate(self.koikoi))
            self.shared_facts = None
            self.emit(events.KoikoiCalled, seat, self.offer)
            self.offer = ()
            self.next_turn(seat)
        else:
            yaku = scoring_yaku(self.captures[seat])
            value = sum(yaku.values())
            self.emit(events.Shobu, seat, value, tuple(yaku))
            self.offer = ()
            pay = shobu_pay(seat, value)
            self._result(seat, "shobu", tuple(yaku.items()), value, pay, shobu_lines(seat, yaku))
            self._won(seat)

    # -- month and year -------------------------------------------------------------------------

    def _result(
        self,
        winner: int,
        reason: str,
        yaku: tuple[tuple[str, int], ...],
        value: int,
        pay: tuple[int, ...],
        lines: tuple[Line, ...] = (),
    ) -> None:
        self.results.append(
            MonthResult(
                self.month,
                len(self.deals) - 1,
                self.dealer,
                winner,
                reason,
                yaku,
                value,
                pay,
                self.season,
                self.shibari,
                OUTCOMES.get(reason, Outcome.DRAWN),
                lines,
                tuple(self.shown),
            )
        )
        for s in range(3):
            self.scores[s] += pay[s]
        yaku_names = tuple(name for name, _ in yaku)
        self.emit(events.MonthEnded, winner, value, reason, yaku_names, tuple(pay))

    def _nagare(self, reason: str) -> None:
        """流れ: nothing paid, the ビキ becomes 胴, the month is dealt again under 3文しばり
        (docs/rules/koikoi3.md §9)."""
        self._result(-1, reason, (), 0, (0, 0, 0))
        self.dealer = (self.dealer + 2) % 3
        self.shibari = True
        self.new_deal()

    def _won(self, winner: int) -> None:
        """After a won month's result: the winner deals next, 小引 at a season's end, the year's
        end or its extension, else the next month."""
        self.winners.append(winner)
        self.dealer = winner
        self.shibari = False
        self.month_index += 1
        if self.month_index % 3 == 0:
            self._close_season()
        if self.month_index >= self.last_month:
            if self.scores[0] == self.scores[1] == self.scores[2]:
                self.last_month += 3
                self.emit(events.Extension, self.month_index)
            else:
                self._end_year()
                return
        self.new_deal()

    def _close_season(self) -> None:
        pay = kobiki(self.winners[-3:])
        if pay:
            for s in range(3):
                self.scores[s] += pay[s]
            lines = transfer_lines(pay, Cause.KOBIKI)
            self.settlements.append(Settlement("小引", self.month_index, pay, lines))
            self.emit(events.Kobiki, pay.index(max(pay)), tuple(pay))

    def _end_year(self) -> None:
        pay = ginmi(self.scores)
        for s in range(3):
            self.scores[s] += pay[s]
        lines = transfer_lines(pay, Cause.GINMI)
        self.settlements.append(Settlement("吟味", self.month_index, pay, lines))
        self.emit(events.Ginmi, tuple(pay))
        self.emit(events.YearEnded, tuple(self.scores))
        self.phase = OVER
        self.to_act = -1
        self.finished = True

    public_facts = Game.shared_turn_facts

    def facts_now(self, seat: int) -> Koikoi3Facts:
        index = self.month_index
        played = index - 1 if self.phase == OVER else index  # the year's last month, once over
        return Koikoi3Facts(
            SEASONS[played // 3 % 4],
            index,
            self.last_month,
            self.shibari,
            self.koikoi,
            self.offer if self.to_act == seat else (),
            self.teyaku[seat] if self.phase == TEYAKU else None,
        )

    def restore_from_view(self, view: PlayerView) -> None:
        """The year's and the month's public state, from the view's facts."""
        facts = view.facts
        assert isinstance(facts, Koikoi3Facts)
        self.month_index = facts.month_index
        self.last_month = facts.last_month
        self.shibari = facts.shibari
        self.koikoi = facts.koikoi
        self.offer = facts.offer
        if view.phase == TEYAKU:  # the teyaku of the hands in this (sampled) deal
            self.teyaku = [teyaku(h) for h in self.hands]
