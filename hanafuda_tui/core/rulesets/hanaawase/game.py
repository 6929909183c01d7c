"""花合わせ (seed 004, docs/rules/hanaawase.md).

Twelve rounds of three players, 手七場六, turns 親 → 胴二 → ビキ until the stock is drawn out.
Teyaku (七カス, 六カス) are declared privately before play; the shown kasu stay in the holder's hand
but are field cards for the other two, who may (and on a match must) capture them; a holder whose
hand empties only draws. At the end: フケ, 雨シマ, then card points + 2 × own 出来役 − the others'
− 88 with the teyaku payments. The best result deals next.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict

from ... import actions as act
from ...cards import KASUS, MONTH_MASK, POINTS
from ...game import OVER, PLAY, TAKE, TEYAKU, Game, PlayerView
from ...results import Line, Outcome
from ...yaku_defs import YakuDef
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
    """The first-親 draw: lowest month, then the higher card points (seed 004 親の決め方)."""
    return (card >> 2, -POINTS[card])


def _scoring_dekiyaku(caps: int) -> dict[str, int]:
    """花合わせ's 出来役 in points; 雨シマ voids them all (seed 004)."""
    return {} if ame_shima(caps) else dekiyaku(caps)


class HanaawaseOptions(BaseModel):
    """Options of 花合わせ. The seed fixes the rules; only the number of rounds is a choice."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    months: Literal[3, 6, 12] = 12
    """Rounds in a game (the seed plays 12)."""


class RoundResult(NamedTuple):
    """How one round ended (a ``DealResult``). ``winner`` is the best result (the next 親), -1
    for フケ."""

    month: int
    deal: int
    dealer: int
    winner: int
    reason: str
    """settled, or fuke."""
    yaku: tuple[tuple[str, int], ...]
    """The winner's 出来役 with their points."""
    value: int
    """The winner's round result."""
    payments: tuple[int, ...]
    """Each seat's round result."""
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


class Hanaawase(Game):
    __slots__ = ("round_index", "teyaku", "declared", "all_shown")
    ruleset = "hanaawase"
    players = 3
    titles = ("花合わせ", "hana-awase")
    dealer_title = "親"
    bot_rules = "hanafuda_tui.bots.hanaawase_eval"
    Facts = HanaawaseFacts
    screen = "hanafuda_tui.ui.screens.ruleset_screen"
    shown_are_field = True
    Options = HanaawaseOptions
    first_draw_key = month_then_points

    @classmethod
    def yaku_function(cls, options: Any) -> Callable[[int], dict[str, int]]:
        return _scoring_dekiyaku

    @classmethod
    def yaku_defs(cls, options: Any) -> tuple[YakuDef, ...]:
        return YAKU

    def restore_from_view(self, view: PlayerView) -> None:
        """Shown teyaku cards are field cards for the others during a turn
        (docs/rules/hanaawase.md §5)."""
        facts = view.facts
        assert isinstance(facts, HanaawaseFacts)
        self.round_index = facts.month_index
        self.declared[:] = facts.declared
        self.all_shown = 0
        for shown in view.shown:
            self.all_shown |= shown
        if view.phase in (PLAY, TAKE):
            self.field |= self.all_shown & ~view.shown[view.turn]

    def __init__(self, options: HanaawaseOptions, first_dealer: int, deck_source: Any) -> None:
        super().__init__(options, first_dealer, deck_source)
        self.round_index = 0
        self.teyaku: list[str | None] = [None, None, None]
        self.declared: list[str | None] = [None, None, None]
        self.all_shown = 0
        """Union of the shown teyaku cards still in hands."""

    def deal_month(self) -> int:
        return self.round_index + 1

    def start(self) -> None:
        self.emit("year_start", self.dealer, value=self.options.months)
        self.new_deal()

    def copy_state_from(self, original: Game) -> None:
        self.teyaku = self.teyaku[:]
        self.declared = self.declared[:]

    def role_order(self) -> list[int]:
        """Seats in turn order: 親, 胴二, ビキ."""
        return [(self.dealer + r) % 3 for r in range(3)]

    # -- deal and teyaku ------------------------------------------------------------------------

    def start_deal(self) -> None:
        """A field シマ goes to the 親's captures (docs/rules/hanaawase.md §4); then teyaku, then the 親
        plays."""
        for m in MONTH_MASK:
            if self.field & m == m:
                self.field &= ~m
                self.captures[self.dealer] |= m
                self.emit("field_shima", self.dealer, cards=m)
        self.all_shown = 0
        self.declared = [None, None, None]
        self.teyaku = [teyaku(h) for h in self.hands]
        self.ask_teyaku()

    def _reveal(self) -> None:
        """Declarations are shown together; the kasu are shown, the rest stays hidden."""
        for s in self.role_order():
            name = self.declared[s]
            if name:
                self.shown[s] = self.hands[s] & KASUS
                self.all_shown |= self.shown[s]
                self.emit("teyaku", s, cards=self.shown[s], names=(name,))
        self.begin_turn(self.dealer)

    # -- turns ----------------------------------------------------------------------------------

    def begin_turn(self, seat: int) -> None:
        """The others' shown cards join the field for this turn; an empty hand only draws."""
        if self.all_shown:
            self.field |= self.all_shown & ~self.shown[seat]
        super().begin_turn(seat)
        if not self.hands[seat]:
            self.emit("draw_only", seat)
            self._draw(seat)

    def step_done(self, seat: int, before: int, drawn: bool) -> None:
        """A captured shown card leaves its holder's hand (no replacement)."""
        taken = self.captures[seat] & ~before & self.all_shown
        if taken:
            self.all_shown &= ~taken
            for s in range(3):
                hit = self.shown[s] & taken
                if hit:
                    self.shown[s] &= ~hit
                    self.hands[s] &= ~hit
                    self.emit("shown_taken", s, cards=hit)

    def turn_done(self, seat: int) -> None:
        if self.all_shown:
            # The player may have played one of their own shown cards: it is a plain card now.
            self.all_shown = self.shown[0] | self.shown[1] | self.shown[2]
            self.field &= ~self.all_shown
        self.next_turn(seat)

    def next_turn(self, seat: int) -> None:
        """Every player has a turn while the stock lasts (a holder with no hand only draws)."""
        if self.stock_pos < len(self.stock):
            self.begin_turn((seat + 1) % 3)
        else:
            self.hands_out()

    # -- decisions ------------------------------------------------------------------------------

    def other_actions(self) -> list[int]:
        """Every seat answers the teyaku question in turn order (only 'pass' without one), so a
        hidden teyaku tells no one who holds it (docs/rules/hanaawase.md §5: declared privately)."""
        if self.phase != TEYAKU:
            return []
        return self.teyaku_answers(self.teyaku[self.to_act])

    def apply_other(self, action: int) -> None:
        seat = self.to_act
        if action == act.DECLARE:
            self.declared[seat] = self.teyaku[seat]
        if not self.teyaku_asked_on():
            self._reveal()

    # -- round and game -------------------------------------------------------------------------

    def hands_out(self) -> None:
        """フケ, 雨シマ, the settlement; the best result deals next (ties: 親, then 胴二)."""
        caps = self.captures
        points = tuple(card_points(c) for c in caps)
        rained = tuple(ame_shima(c) for c in caps)
        yaku = [{} if rained[s] else dekiyaku(caps[s]) for s in range(3)]
        values = tuple(sum(y.values()) for y in yaku)
        pay = settle(points, values, teyaku_payments(self.declared))
        fuke = min(points) <= FUKE_LIMIT
        best = max(pay)
        nxt = next(s for s in self.role_order() if pay[s] == best)
        winner = -1 if fuke else nxt
        if fuke:
            self.emit("fuke", points.index(min(points)), amounts=points)
        for s in range(3):
            if rained[s]:
                self.emit("ame_shima", s)
            self.scores[s] += pay[s]
        names = tuple(tuple(y) for y in yaku)
        self.results.append(
            RoundResult(
                self.month,
                len(self.deals) - 1,
                self.dealer,
                winner,
                "fuke" if fuke else "settled",
                () if fuke else tuple(yaku[nxt].items()),
                best,
                pay,
                points,
                names,
                values,
                tuple(self.declared),
                rained,
                Outcome.FUKE if fuke else Outcome.PLAYED_OUT,
                settle_lines(points, yaku, self.declared),
            )
        )
        self.emit("month_end", winner, value=best, amounts=pay)
        self.dealer = nxt
        self.round_index += 1
        if self.round_index >= self.options.months:
            self.emit("year_end", amounts=tuple(self.scores))
            self.phase = OVER
            self.to_act = -1
            self.finished = True
            return
        self.new_deal()

    def view(self, seat: int, legal: Sequence[int] | None = None) -> PlayerView:
        """Shown teyaku cards are reported apart from the field (``shown``), never in it."""
        v = super().view(seat, legal)
        return v._replace(field=v.field & ~(self.shown[0] | self.shown[1] | self.shown[2]))

    def public_facts(self, seat: int) -> HanaawaseFacts:
        asking = self.phase == TEYAKU
        name = self.teyaku[seat] if asking else None
        return HanaawaseFacts(
            self.round_index,
            self.options.months,
            (None, None, None) if asking else tuple(self.declared),
            (name, TEYAKU_VALUES[name]) if name else None,
        )
