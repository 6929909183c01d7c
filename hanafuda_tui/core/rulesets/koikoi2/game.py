"""二人こいこい (docs/rules/koikoi2.md).

Two players, eight cards each and eight to the field (a field シマ is dealt again and uses no month).
A turn that formed or raised a yaku offers こいこい/勝負; on the player's last hand card 勝負 is
automatic. The winner scores the value of their yaku (doubled once after any こいこい in the month,
and doubled for 7 points or more with that option); the loser scores 0. Hands played out score
nothing and the dealer stays; the winner deals next. Options: §8; 喰い付き (§10) and the nintendo
rules (§11).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from ... import actions as act
from ... import events
from ...cards import BIT
from ...game import KOIKOI, OVER, Game, PlayerView
from ...options import RulesetOptions
from ...results import Cause, DealEnd, Line, Outcome
from ...stakes import Doubling, GoOn, Stakes, scaled
from ...table import DEAL_TWO, matches
from ...yaku_defs import YakuDef
from ..titles import TITLES
from .facts import Koikoi2Facts
from .yaku import (
    KASU_CARDS,
    LOW_VALUES,
    NINTENDO_YAKU,
    TEYAKU_VALUE,
    VALUES,
    formed,
    raised,
    raised_nintendo,
    redeal_kind,
    teyaku,
    yaku,
    yaku_defs,
    yaku_nintendo,
)

_DECISIONS = [act.KOIKOI, act.SHOBU]


class Koikoi2Options(RulesetOptions):
    """Options of 二人こいこい; the defaults are those of docs/rules/koikoi2.md §8."""

    months: Literal[3, 6, 12] = 12
    """Months in a game."""
    low_values: bool = False
    """The seed's alternative values: 五光 10, 四光 8, 雨四光 7, 三光 5, 赤短 5, 青短 5."""
    rain: bool = False
    """雨流れ: any November card voids 花見で一杯 and 月見で一杯 (no 日の出 exemption)."""
    double_seven: bool = False
    """A score of 7 or more is doubled (judged before, and stacking with, the こいこい doubling)."""
    teyaku: bool = False
    """手四 and くっつき in the dealt hand win the month at once (6 points; both hold one: a draw)."""
    kuitsuki: bool = False
    """喰い付き: a hand card that took one field card takes the drawn card of its month too."""
    rules: Literal["default", "nintendo"] = "default"
    """nintendo: the commercial games' values, one こいこい a month, ×2 at 7+ and after the other's
    こいこい, hands out passing the deal, more redeals (replaces the four options above)."""

    @classmethod
    def validators(cls) -> dict[str, Any]:
        from pydantic import ValidationInfo, field_validator
        from pydantic_core import PydanticCustomError

        def nintendo_alone(cls: type, rules: str, info: ValidationInfo) -> str:
            """``rules=nintendo`` fixes what the four options above would change
            (docs/rules/koikoi2.md §11)."""
            if rules == "nintendo":
                mixed = [name for name in REPLACED if info.data.get(name)]
                if mixed:
                    raise PydanticCustomError(
                        "nintendo_mix",
                        "nintendo cannot be combined with {mixed} (it fixes "
                        + ", ".join(REPLACED)
                        + ")",
                        {"mixed": ", ".join(f"{name}=true" for name in mixed)},
                    )
            return rules

        return {"nintendo_alone": field_validator("rules")(nintendo_alone)}


REPLACED = ("low_values", "rain", "double_seven", "teyaku")
"""The options that ``rules=nintendo`` replaces."""


@dataclass(slots=True)
class RoundResult(DealEnd):
    """How one deal ended (a ``DealResult``). ``winner`` is -1 when nobody scored; ``payments``
    are points won; ``reason`` shobu, teyaku, or no score: hands-out, teyaku-draw, nagare-shima
    (dealt again); ``yaku`` those of the 勝負, or the teyaku, with their points; ``value`` the
    points scored, after doubling."""

    base: int
    """The yaku value before any doubling."""
    koikoi: tuple[bool, ...]
    """Who called こいこい in the month."""
    outcome: Outcome
    lines: tuple[Line, ...]
    """The winner's points with their causes: each yaku, then each doubling's extra."""
    redeal: str = ""
    """Why a ``nagare-shima`` deal was dealt again (``REDEALS``: field-four, teshi, kuttsuki,
    field-three, field-pairs); "" for any other result."""


OUTCOMES = {
    "shobu": Outcome.YAKU,
    "teyaku": Outcome.TEYAKU,
    "hands-out": Outcome.PLAYED_OUT,
    "teyaku-draw": Outcome.DRAWN,
    "nagare-shima": Outcome.DRAWN,
}
"""A month's ``reason`` → its Outcome."""


DOUBLED_FROM = 7
"""A 勝負 of this many points or more is doubled, with ``double_seven`` or ``rules=nintendo``
(docs/rules/koikoi2.md §8, §11.3)."""
X2_SEVEN = Doubling(Cause.DOUBLE_SEVEN, 2)
X2_KOIKOI = Doubling(Cause.KOIKOI, 2)
NO_CALLS = (False, False)


def doubling(options: Koikoi2Options, seat: int, koikoi: tuple[bool, ...]) -> tuple[bool, bool]:
    """Whether ``seat``'s 勝負 is doubled at 7 or more, and after こいこい: under the options
    (docs/rules/koikoi2.md §6, §8) after anyone's call, under ``rules=nintendo`` at 7 or more and
    after the other player's call only (§11.3)."""
    if options.rules == "nintendo":
        return True, koikoi[1 - seat]
    return options.double_seven, koikoi[0] or koikoi[1]


def doublings(
    options: Koikoi2Options, seat: int, koikoi: tuple[bool, ...], base: int
) -> tuple[Doubling, ...]:
    """The ×2s of ``seat``'s 勝負 on yaku worth ``base`` points, in order: at 7 or more, then after
    こいこい (``doubling``; docs/rules/koikoi2.md §6, §8, §11.3). ``koikoi`` ``NO_CALLS``: the
    value of the yaku alone."""
    double_seven, called = doubling(options, seat, koikoi)
    if double_seven and base >= DOUBLED_FROM:
        return (X2_SEVEN, X2_KOIKOI) if called else (X2_SEVEN,)
    return (X2_KOIKOI,) if called else ()


def shobu_lines(
    winner: int, found: dict[str, int], times: tuple[Doubling, ...]
) -> tuple[Line, ...]:
    """勝負: a line per yaku at face value, then the extra of each ×2 (``doublings``). The loser
    scores nothing, so pays no line."""
    lines = [Line(winner, value, Cause.YAKU, name, value) for name, value in found.items()]
    value = sum(found.values())
    for doubled in times:
        lines.append(Line(winner, value * (doubled.factor - 1), doubled.cause))
        value *= doubled.factor
    return tuple(lines)


class Koikoi2(Game):
    __slots__ = ("values", "rain", "nintendo", "kuitsuki", "month_index", "koikoi", "offer")
    ruleset = "koikoi2"
    table_sizes = (2,)
    titles = TITLES["koikoi2"]
    dealer_title = "親"
    Facts = Koikoi2Facts
    Result = RoundResult
    kasu_cards = KASU_CARDS
    Options = Koikoi2Options
    deal_pattern = DEAL_TWO

    @classmethod
    def yaku_function(cls, options: Any) -> Callable[[int], dict[str, int]]:
        """Yaku in points, under the options' values and rain rule."""
        if options.rules == "nintendo":
            return yaku_nintendo
        values = LOW_VALUES if options.low_values else VALUES
        return lambda caps: yaku(caps, values, options.rain)

    @classmethod
    def yaku_defs(cls, options: Any) -> tuple[YakuDef, ...]:
        """At the options' values; with ``rain`` a November card voids ``RAIN_VOIDED``."""
        if options.rules == "nintendo":
            return NINTENDO_YAKU
        return yaku_defs(LOW_VALUES if options.low_values else VALUES)

    @classmethod
    def stakes(cls, view: PlayerView) -> Stakes | None:
        """勝負 now scores the yaku with its ×2s (``doublings``), the other player 0. After
        こいこい the caller scores 0 if the other player wins, and the call doubles the later wins
        not doubled yet: either player's, under ``rules=nintendo`` the other's only
        (docs/rules/koikoi2.md §5, §6, §11.3)."""
        if view.phase != KOIKOI or view.to_act != view.seat:
            return None
        options = view.options
        assert isinstance(options, Koikoi2Options)
        seat = view.seat
        found = cls.yaku_function(options)(view.captures[seat])
        base = sum(found.values())
        koikoi = view.facts.called()
        times = doublings(options, seat, koikoi, base)
        value = scaled(base, times)
        after = tuple(called or s == seat for s, called in enumerate(koikoi))
        doubles = tuple(
            s for s in (0, 1) if doubling(options, s, after)[1] > doubling(options, s, koikoi)[1]
        )
        stop = (value, 0) if seat == 0 else (0, value)
        return Stakes(seat, tuple(found.items()), times, stop, GoOn((0, 0), doubles))

    def __init__(self, options: Koikoi2Options, first_dealer: int, deck_source: Any) -> None:
        super().__init__(options, first_dealer, deck_source)
        self.values = LOW_VALUES if options.low_values else VALUES
        self.rain = options.rain
        self.nintendo = options.rules == "nintendo"
        self.kuitsuki = options.kuitsuki
        self.month_index = 0
        self.koikoi: tuple[bool, ...] = (False, False)
        """The turn player's captures before the turn's first capture (-1: nothing taken yet)."""
        self.offer: tuple[str, ...] = ()

    def deal_month(self) -> int:
        return self.month_index + 1

    def yaku_of(self, seat: int) -> dict[str, int]:
        """The seat's scoring yaku now."""
        if self.nintendo:
            return yaku_nintendo(self.captures[seat])
        return yaku(self.captures[seat], self.values, self.rain)

    # -- deal -----------------------------------------------------------------------------------

    def start_deal(self) -> None:
        """A field シマ is dealt again (docs/rules/koikoi2.md §2), under ``rules=nintendo`` also
        the deals of ``redeal_kind`` (§11.5); then teyaku if played; then the dealer plays."""
        self.koikoi = (False, False)
        self.shared_facts = None
        kind = redeal_kind(self.hands, self.field, self.nintendo)
        if kind:
            self.emit(events.Redealt, self.dealer, self.field, (kind,))
            self._record(-1, "nagare-shima", (), 0, 0, (), redeal=kind)
            self.new_deal()
            return
        if self.options.teyaku:
            holders = [(s, name) for s, hand in enumerate(self.hands) if (name := teyaku(hand))]
            for s, name in holders:
                self.shown[s] = self.hands[s]
                self.emit(events.TeyakuShown, s, name, TEYAKU_VALUE, self.hands[s])
            if len(holders) == 2:
                self._end(self._record(-1, "teyaku-draw", (), 0, 0, ()))
                return
            if holders:
                s, name = holders[0]
                line = Line(s, TEYAKU_VALUE, Cause.TEYAKU, name, TEYAKU_VALUE)
                found = ((name, TEYAKU_VALUE),)
                self._end(self._record(s, "teyaku", found, TEYAKU_VALUE, TEYAKU_VALUE, (line,)))
                return
        self.begin_turn(self.dealer)

    # -- turns ----------------------------------------------------------------------------------

    def turn_done(self, seat: int) -> None:
        """こいこい/勝負 after a turn that formed or raised a yaku (docs/rules/koikoi2.md §5); under
        ``rules=nintendo`` after the month's one こいこい such a turn is 勝負 at once (§11.2)."""
        before = self.turn_from
        caps = self.captures[seat]
        if self.nintendo:
            if not raised_nintendo(before, caps):
                self.next_turn(seat)
                return
            found = yaku_nintendo(caps)
        elif caps != before and formed(before, caps, self.values, self.rain):
            found = yaku(caps, self.values, self.rain)
        else:
            self.next_turn(seat)
            return
        if self.logging:
            self.emit(events.YakuFormed, seat, tuple(found), sum(found.values()))
        if not self.hands[seat] or (self.nintendo and (self.koikoi[0] or self.koikoi[1])):
            self._shobu(seat)
            return
        was = yaku_nintendo(before) if self.nintendo else yaku(before, self.values, self.rain)
        self.offer = raised(was, found)
        self.phase = KOIKOI
        self.to_act = seat

    def _steps(self, seat: int, card: int, drawn: bool) -> None:
        """喰い付き (option, docs/rules/koikoi2.md §10): a hand card that takes the one field card of
        its month is followed by a drawn card of that month, which is taken too (three in all)."""
        if drawn or not self.kuitsuki:
            Game._steps(self, seat, card, drawn)
            return
        m = matches(self.field, card)
        if not m or m & (m - 1) or self.stock[self.stock_pos] >> 2 != card >> 2:
            Game._steps(self, seat, card, drawn)
            return
        self._capture(seat, card, m, False)
        drawn_card = self.stock[self.stock_pos]
        self.stock_pos += 1
        self.draw_from = self.captures[seat]
        self.captures[seat] |= BIT[drawn_card]
        if self.logging:
            self.emit(events.Drew, seat, drawn_card)
            self.emit(events.Captured, seat, drawn_card, m | BIT[card])  # the pair it joins
        self.turn_done(seat)

    def hands_out(self) -> None:
        """Nobody called 勝負: no score, the dealer stays (docs/rules/koikoi2.md §7); under
        ``rules=nintendo`` the deal passes to the other player (§11.4)."""
        self._end(self._record(-1, "hands-out", (), 0, 0, ()))

    def other_actions(self) -> list[int]:
        return _DECISIONS[:] if self.phase == KOIKOI else []

    def apply_other(self, action: int) -> None:
        seat = self.to_act
        self.offer = ()
        if action == act.KOIKOI:
            self.koikoi = (self.koikoi[0] or seat == 0, self.koikoi[1] or seat == 1)
            self.shared_facts = None
            self.emit(events.KoikoiCalled, seat)
            self.next_turn(seat)
        else:
            self._shobu(seat)

    def _shobu(self, seat: int) -> None:
        """勝負: the yaku's value with its ×2s (``doublings``)."""
        found = self.yaku_of(seat)
        base = sum(found.values())
        times = doublings(self.options, seat, self.koikoi, base)
        value = scaled(base, times)
        self.emit(events.Shobu, seat, value, tuple(found))
        lines = shobu_lines(seat, found, times)
        self._end(self._record(seat, "shobu", tuple(found.items()), base, value, lines))

    # -- month and game -------------------------------------------------------------------------

    def _record(
        self,
        winner: int,
        reason: str,
        found: tuple[tuple[str, int], ...],
        base: int,
        value: int,
        lines: tuple[Line, ...],
        redeal: str = "",
    ) -> RoundResult:
        """Add the deal's result and return it; ``redeal``: why it is dealt again."""
        pay = (value if winner == 0 else 0, value if winner == 1 else 0)
        result = RoundResult(
            self.month,
            len(self.deals) - 1,
            self.dealer,
            winner,
            reason,
            found,
            value,
            pay,
            base,
            self.koikoi,
            OUTCOMES[reason],
            lines,
            redeal,
        )
        self.results.append(result)
        return result

    def _end(self, result: RoundResult) -> None:
        """Close the month with its recorded ``result``: the scores, the next dealer, the next
        month or the game's end."""
        winner, reason, pay = result.winner, result.reason, result.payments
        self.scores[0] += pay[0]
        self.scores[1] += pay[1]
        yaku_names = tuple(name for name, _ in result.yaku)
        self.emit(events.MonthEnded, winner, result.value, reason, yaku_names, tuple(pay))
        if winner >= 0:
            self.dealer = winner
        elif self.nintendo and reason == "hands-out":
            self.dealer = 1 - self.dealer
        self.month_index += 1
        if self.month_index >= self.options.months:
            self.emit(events.YearEnded, tuple(self.scores))
            self.phase = OVER
            self.to_act = -1
            self.finished = True
            return
        self.new_deal()

    public_facts = Game.shared_turn_facts

    def facts_now(self, seat: int) -> Koikoi2Facts:
        return Koikoi2Facts(
            self.month_index,
            self.options.months,
            self.koikoi,
            self.offer if self.to_act == seat else (),
            not (self.nintendo and (self.koikoi[0] or self.koikoi[1])),
        )

    def restore_from_view(self, view: PlayerView) -> None:
        """The game's and the month's public state, from the view's facts."""
        facts = view.facts
        assert isinstance(facts, Koikoi2Facts)
        self.month_index = facts.month_index
        self.koikoi = facts.koikoi
        self.offer = facts.offer
