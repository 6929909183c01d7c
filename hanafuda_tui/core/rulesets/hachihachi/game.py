"""八八 (docs/rules/hachihachi.md): a year of twelve months (3 or 6 by a house option; 越年 optional).

Each month: deal 手七場六, judge the 場, teyaku declared privately and revealed together, then turns
胴 → 胴二 → ビキ. A new 出来役 offers あがり or 下げ; the month ends on あがり, on a 下げの取消し, or
when the hands run out (special yaku, 抜け and card points against 88).

``Game.scores`` are in 点 (12点 = 1貫) so that half values stay exact; during the year they leave out
the month stones (``stones``, ``pot``), which the year end settles with 吟味 and the rounding to 貫.
After the year ``scores`` are the final 貫 × 12 and ``year`` holds the settlement (final 貫, top).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any, Final, Literal, NamedTuple

from ... import actions as act
from ...cards import MONTH_MASK, card_list
from ...events import (
    Agari,
    BaSet,
    HattoCharged,
    HattoExempt,
    MonthEnded,
    Sage,
    SageCancelled,
    Shima,
    TeyakuShown,
    Tobikomi,
    YakuFormed,
    YearEnded,
)
from ...game import AGARI, CANCEL, NO_WARNINGS, OVER, PLAY, TAKE, TEYAKU, Game, PlayerView
from ...options import RulesetOptions
from ...results import Cause, Line, Settlement, YearClosing
from ...stakes import Stakes
from ...stats import BaYear
from ...table import matches
from ..titles import TITLES
from .ba import BA_NAMES, KOBA, ba_chain, ba_label, ba_of
from .facts import HachihachiFacts
from .hatto import Hatto, Table, exempt, fusakui, hatto_cards, warnings
from .lines import (
    OUTCOMES,
    card_point_lines,
    payment_lines,
    returned,
    void_lines,
)
from .months import MonthResult, Row, YearEnd, year_end
from .payout import offered, shares, stakes_of, teyaku_each
from .sheet import HachihachiBoard, board, sheet
from .sheet_text import render_sheet
from .teyaku import COUNT_VALUES, NUKE_TYPES, SHISO, Teyaku, teyaku, teyaku_table
from .yaku import (
    BASE_POINTS,
    GOKO,
    KAN,
    KASU_CARDS,
    NUKE,
    NUKE_VALUE,
    SHIKO,
    TOBIKOMI,
    TOBIKOMI_VALUE,
    YAKU,
    card_point_payments,
    card_points,
    dekiyaku,
    points,
    special_yaku,
)

MONTHS: Final = 12
"""The seed's year; ``months`` shortens it by a house rule."""


class HachihachiOptions(RulesetOptions):
    """The seed's 競技前選択確認事項: (1) the 大場/絶場 menu A–F, (2) 越年; and a house rule, a shorter
    year of ``months`` (its last month ends it as 12月 does: 越年, 月石清算, 吟味)."""

    menu: Literal["A", "B", "C", "D", "E", "F"] = "A"
    etsunen: bool = False
    months: Literal[3, 6, 12] = MONTHS

    def model_dump(self, exclude_defaults: bool = False) -> dict[str, Any]:
        """A twelve-month year is written as before the house rule (records, the wire), so such
        records stay as they were and a table without the rule reads them."""
        data = super().model_dump(exclude_defaults)
        if data.get("months") == MONTHS:
            del data["months"]
        return data


class Mark(NamedTuple):
    """A 法度 card laid on the field (docs/rules/hachihachi.md §13): by whom, and for whom which
    yaku."""

    offender: int
    yaku: tuple[tuple[int, tuple[str, ...]], ...]
    """(beneficiary, 法度 yaku), as in ``Hatto.yaku``."""
    proof: int
    """-1 if the lay was not exempt, else the hand it was laid from: what the offender shows to
    prove the exemption if the card completes the yaku (docs/rules/hachihachi.md §13)."""


class Hachihachi(Game):
    __slots__ = (
        "menu",
        "month_index",
        "shibari",
        "ba",
        "carried",
        "stones",
        "year",
        "teyaku",
        "declared",
        "tobikomi_paid",
        "turn_yaku",
        "turn_offender",
        "sage",
        "marks",
        "tobikomi_hatto",
        "tobikomi_proof",
        "hatto_by",
        "rows",
        "voidable",
    )
    points_per_unit = KAN
    ruleset = "hachihachi"
    titles = TITLES["hachihachi"]
    dealer_title = "胴"
    has_ba = True
    kasu_cards = KASU_CARDS
    Facts = HachihachiFacts
    Result = MonthResult
    Board = HachihachiBoard
    Options = HachihachiOptions

    scoring = staticmethod(dekiyaku)
    """出来役 in 貫 at 小場."""
    yaku_table = YAKU

    @classmethod
    def stakes(cls, view: PlayerView) -> Stakes | None:
        """あがり (full) or 下げの取消し (half) now, for the seat asked, each 出来役 at this month's
        場 and paid by its 法度 offender alone where one was charged (docs/rules/hachihachi.md §10,
        §11, §13)."""
        if view.phase not in (AGARI, CANCEL) or view.to_act != view.seat:
            return None
        facts = view.facts
        assert isinstance(facts, HachihachiFacts)
        seat = view.seat
        yaku = dekiyaku(view.captures[seat])
        offer = offered(seat, yaku, facts.ba, facts.menu, dict(facts.charged))
        return stakes_of(offer, facts.ba, facts.menu, view.phase == CANCEL)

    def stones_now(self) -> tuple[int, ...]:
        """Month stones so far (docs/rules/hachihachi.md §15)."""
        return tuple(self.stones)

    def board(self) -> HachihachiBoard:
        """The shown scores, the 記入式 lines so far and the year's final 貫 (``sheet.board``)."""
        return board(self)

    def sheet_text(self, names: Sequence[str]) -> list[str]:
        """The 記入式 as text lines (``sheet_text.render_sheet``)."""
        return render_sheet(sheet(self), names)

    def year_closing(self) -> YearClosing:
        """The 番個板, and after the year 吟味's taker and the final 貫 (§15, §16)."""
        year = self.year
        return YearClosing(self.pot, year.top if year else None, year.final if year else None)

    @classmethod
    def ba_year(cls) -> BaYear:
        """場 over twelve months as a Markov chain on the carried 二代しばり (docs/rules/hachihachi.md
        §4)."""
        chain = ba_chain()
        names = [name + "場" for name in BA_NAMES]
        return BaYear(dict(zip(names, chain.expected, strict=True)), chain.etsunen)

    @classmethod
    def teyaku_table(cls) -> dict[str, dict[str, int]]:
        return teyaku_table()

    def __init__(self, options: HachihachiOptions, first_dealer: int, deck_source: Any) -> None:
        super().__init__(options, first_dealer, deck_source)
        self.menu: str = options.menu
        self.month_index = 0
        self.shibari = KOBA
        """The 二代しばり carried into this month."""
        self.ba = KOBA
        self.carried = KOBA
        self.stones = [0, 0, 0]
        self.year: YearEnd | None = None
        """How the year was settled, once it is over."""
        self._reset_month()

    def _reset_month(self) -> None:
        self.teyaku: list[Teyaku | None] = [None, None, None]
        self.declared: list[bool | None] = [None, None, None]
        self.tobikomi_paid: set[tuple[int, int]] = set()
        self.turn_yaku: set[str] = set()
        self.turn_offender = -1
        """The offender of a 法度 completion before this turn (its later yaku are charged too)."""
        self.sage = -1
        self.marks: dict[int, Mark] = {}
        """Field card → its 法度 lay, exempt or not."""
        self.tobikomi_hatto: dict[tuple[int, int], int] = {}
        self.tobikomi_proof: dict[tuple[int, int], Mark] = {}
        """(holder, three) → the exempt lay of its fourth card, kept for the proof."""
        self.hatto_by: list[dict[str, int]] = [{}, {}, {}]
        """Each seat's 出来役 completed by 法度 → the offender who pays for it."""
        self.rows: list[Row] = []
        self.voidable: list[int] = []
        """Rows 吹き消し returns (teyaku and 飛込み)."""

    def restore_from_view(self, view: PlayerView) -> None:
        """One month stone is put in per month played; the 場 label tells the 二代しばり carried
        on; a turn's new 出来役 are judged against the ones held when it began; declarations are
        known by name only; the 法度 charges of the seat asked あがり/下げ or 下げの取消し are its own."""
        facts = view.facts
        assert isinstance(facts, HachihachiFacts)
        self.month_index = sum(facts.stones)
        self.stones = list(facts.stones)
        self.menu = facts.menu
        self.ba = facts.ba
        self.carried = facts.carried
        self.shibari = facts.shibari
        self.sage = facts.sage
        self.declared = [bool(name) for name in facts.declared]
        self.hatto_by[view.seat] = dict(facts.charged)
        if view.phase in (PLAY, TAKE):
            self.turn_yaku = set(dekiyaku(view.captures[view.turn]))
        if view.phase == TEYAKU:  # the teyaku of the hands in this (sampled) deal
            self.teyaku = [teyaku(h) for h in self.hands]

    def deal_month(self) -> int:
        return self.month_index % MONTHS + 1

    def copy_state_from(self, original: Game) -> None:
        self.teyaku = self.teyaku[:]
        self.declared = self.declared[:]
        self.tobikomi_paid = set(self.tobikomi_paid)
        self.turn_yaku = set(self.turn_yaku)
        self.marks = dict(self.marks)
        self.tobikomi_hatto = dict(self.tobikomi_hatto)
        self.tobikomi_proof = dict(self.tobikomi_proof)
        self.hatto_by = [dict(d) for d in self.hatto_by]
        self.rows = self.rows[:]
        self.voidable = self.voidable[:]
        self.stones = self.stones[:]

    # -- deal, 場 and teyaku ------------------------------------------------------------------

    def start_deal(self) -> None:
        """場 from the dealt field (docs/rules/hachihachi.md §3, §4), a シマ to the 胴, then teyaku
        (seed (3), (4))."""
        self._reset_month()
        self.ba, self.carried = ba_of(self.field, self.shibari)
        named = [BA_NAMES[b] + "場" if b != KOBA else "" for b in (self.shibari, self.carried)]
        names = (BA_NAMES[self.ba] + "場", *named, ba_label(self.ba, self.carried))
        self.emit(BaSet, self.dealer, self.ba, self.carried, names)
        for m in MONTH_MASK:
            if self.field & m == m:
                self.field &= ~m
                self.captures[self.dealer] |= m
                self.emit(Shima, self.dealer, m)
        self.teyaku = [teyaku(h) for h in self.hands]
        self.ask_teyaku()

    def role_order(self) -> list[int]:
        """Seats in turn order: 胴, 胴二, ビキ."""
        return [(self.dealer + r) % 3 for r in range(3)]

    def _pay(
        self,
        receiver: int,
        each: int,
        remark: str,
        lines: tuple[Line, ...],
        payer: int = -1,
    ) -> int:
        """``receiver`` gets ``each`` from both others, or twice from ``payer``; returns the row."""
        amounts = [0, 0, 0]
        if payer >= 0:
            amounts[payer] = -2 * each
        else:
            for s in range(3):
                if s != receiver:
                    amounts[s] = -each
        amounts[receiver] = 2 * each
        self.rows.append(Row(tuple(amounts), remark, lines=lines))
        return len(self.rows) - 1

    def keep_answer(self, seat: int, declares: bool) -> None:
        self.declared[seat] = declares

    def reveal_teyaku(self) -> None:
        """Declared teyaku are shown and paid together; 四三 ends the year (補足 (4))."""
        shiso = []
        for s in self.role_order():
            t = self.teyaku[s]
            if not (t and self.declared[s]):
                continue
            self.shown[s] = t.shown
            self.emit(TeyakuShown, s, t.name, t.value, t.shown)
            value = teyaku_each(t, self.ba, self.menu)
            lines = payment_lines(s, value, value, Cause.TEYAKU, t.name, t.value)
            self.voidable.append(self._pay(s, value, t.name, lines))
            if t.count_type == SHISO:
                shiso.append(s)
        if len(shiso) > 1:
            self._end_month("mushobu", -1, ())
        elif shiso:
            self._end_month("shiso", shiso[0], ((SHISO, COUNT_VALUES[SHISO]),))
        else:
            self.begin_turn(self.dealer)

    # -- turns ----------------------------------------------------------------------------------

    def begin_turn(self, seat: int) -> None:
        super().begin_turn(seat)
        self.turn_yaku = set(dekiyaku(self.captures[seat]))
        self.turn_offender = next(iter(self.hatto_by[seat].values()), -1)

    def table(self) -> Table:
        return Table(
            self.hands,
            self.captures,
            self.field,
            self.shown[0] | self.shown[1] | self.shown[2],
            self._threes(),
            self.ba,
            self.menu,
        )

    def _threes(self) -> list[tuple[int, int]]:
        """(holder, three) of the declared threes whose 飛込み is not yet paid."""
        threes: list[tuple[int, int]] = []
        for s in range(3):
            t = self.teyaku[s]
            if t and t.threes and self.declared[s]:
                threes.extend(
                    (s, three) for three in t.threes if (s, three) not in self.tobikomi_paid
                )
        return threes

    def hatto_warnings(self) -> dict[int, tuple[Hatto, bool]]:
        """For the seat to play: each hand card whose play would be 法度 (a 法度 lay or 飛込み 不作為),
        and whether it is exempt."""
        if self.phase != PLAY or self.to_act < 0:
            return {}
        return warnings(self.table(), self.to_act)

    def apply(self, action: int) -> None:
        seat = self.to_act
        if self.phase == PLAY and 0 <= action < 48 and self.hands[seat] >> action & 1:
            self._before_play(seat, action)
        super().apply(action)

    def _before_play(self, seat: int, card: int) -> None:
        """Mark a 法度 lay (and 飛込み 不作為) before the card meets the field. Nothing is told: what
        the offender's hand holds stays hidden unless the card completes the yaku."""
        capture = matches(self.field, card)
        if capture and not self._threes():
            return  # a capture is never a 法度 lay, and no 飛込み waits to be left undone
        table = self.table()
        for holder, three in fusakui(table, seat, card):
            self.tobikomi_hatto.setdefault((holder, three), seat)
        if capture:
            return
        risky = hatto_cards(table, seat)
        hatto = risky.get(card)
        if hatto is None:
            return
        proof = table.hands[seat] if exempt(table, seat, card, risky) else -1
        if hatto.yaku:
            self.marks[card] = Mark(seat, hatto.yaku, proof)
        for holder, three in hatto.tobikomi:
            if proof < 0:
                self.tobikomi_hatto.setdefault((holder, three), seat)
            else:
                self.tobikomi_proof.setdefault((holder, three), Mark(seat, (), proof))

    def step_done(self, seat: int, before: int, drawn: bool) -> None:
        caps = self.captures[seat]
        taken = caps & ~before
        marked = [c for c in card_list(taken) if c in self.marks]
        if marked:
            now = dekiyaku(caps)
            formed = set(now) - set(dekiyaku(before))
            for c in marked:
                self._completed(seat, c, self.marks.pop(c), formed, now)
        t = self.teyaku[seat]
        if t and t.threes and self.declared[seat]:
            for three in t.threes:
                if caps & three == three and (seat, three) not in self.tobikomi_paid:
                    self._tobikomi(seat, three)

    def _completed(
        self, seat: int, card: int, mark: Mark, formed: set[str], now: dict[str, int]
    ) -> None:
        """``seat`` took the 法度 card ``card``: if that step formed yaku it was 法度 for, its
        offender pays them (docs/rules/hachihachi.md §13) or shows the hand that proves the
        exemption (補足 (1) 1)."""
        got = []
        for name in (n for ben, names in mark.yaku if ben == seat for n in names):
            if name in (GOKO, SHIKO):
                name = next((n for n in (GOKO, SHIKO) if n in formed), name)
            if name in formed:
                got.append(name)
        if not got:
            return
        if mark.proof >= 0:
            if not self._sage_pays(seat):
                self.emit(HattoExempt, mark.offender, card, mark.proof, tuple(got))
            return
        self._charge(seat, mark.offender, card, got, now)

    def _charge(
        self, seat: int, offender: int, card: int, names: list[str], now: dict[str, int]
    ) -> None:
        """The 法度 offender pays ``seat``'s yaku ``names`` not yet charged; the table is told who,
        for which card and what (the other share it takes over, at this 場)."""
        charged = [n for n in names if n not in self.hatto_by[seat]]
        for name in charged:
            self.hatto_by[seat][name] = offender
        if charged and not self._sage_pays(seat):
            value = sum(points(now[n], self.ba, self.menu) for n in charged)
            self.emit(HattoCharged, offender, card, value, tuple(charged))

    def _sage_pays(self, seat: int) -> bool:
        """Another player's 下げ is on: it pays for ``seat``'s yaku, 法度 or not (補足 (2) 1)."""
        return self.sage >= 0 and self.sage != seat

    def _tobikomi(self, seat: int, three: int) -> None:
        """飛込み, paid at once (seed ○特殊役 4): by the 下げ player, else a 法度 offender alone; an
        exempt lay of the fourth card is proved by showing the hand (○特殊役 ※, 補足 (1) 1)."""
        self.tobikomi_paid.add((seat, three))
        each = points(TOBIKOMI_VALUE, self.ba, self.menu, raised=False)
        fourth = (MONTH_MASK[(three.bit_length() - 1) >> 2] & ~three).bit_length() - 1
        offender = self.tobikomi_hatto.get((seat, three), -1)
        proof = self.tobikomi_proof.get((seat, three))
        payer, remark, takeover = offender, TOBIKOMI + "法度", Cause.HATTO
        if self._sage_pays(seat):
            payer, remark, offender, proof = self.sage, TOBIKOMI, -1, None
            takeover = Cause.SAGE
        elif offender < 0:
            remark = TOBIKOMI
        lines = payment_lines(
            seat, each, each, Cause.TOBIKOMI, TOBIKOMI, TOBIKOMI_VALUE, payer, takeover
        )
        self.voidable.append(self._pay(seat, each, remark, lines, payer))
        self.emit(Tobikomi, seat, three, each)
        if offender >= 0:
            self.emit(HattoCharged, offender, fourth, each, (TOBIKOMI,))
        elif proof is not None:
            self.emit(HattoExempt, proof.offender, fourth, proof.proof, (TOBIKOMI,))

    def turn_done(self, seat: int) -> None:
        """あがり/下げ after a new 出来役, cancels, else the next turn (docs/rules/hachihachi.md §11)."""
        now = dekiyaku(self.captures[seat])
        formed = [n for n in now if n not in self.turn_yaku]
        if formed:
            if self.turn_offender >= 0:  # 追加の出来役 after a 法度 completion (補足 (1) 2)
                self._charge(seat, self.turn_offender, -1, formed, now)
            self.emit(YakuFormed, seat, tuple(formed))
            if self.sage >= 0 and self.sage != seat or not self.hands[seat]:
                self._agari(seat)
            else:
                self.phase = AGARI
                self.to_act = seat
            return
        if self.sage == seat and not self.hands[seat]:
            self._cancel()
        elif self.sage >= 0:
            self.phase = CANCEL
            self.to_act = self.sage
        else:
            self.next_turn(seat)

    def other_actions(self) -> list[int]:
        if self.phase == AGARI:
            return [act.AGARI, act.SAGE]
        if self.phase == CANCEL:
            return [act.CANCEL, act.KEEP]
        return []

    def apply_other(self, action: int) -> None:
        seat = self.to_act
        if action == act.AGARI:
            self._agari(seat)
        elif action == act.SAGE:
            self.sage = seat
            self.emit(Sage, seat, tuple(dekiyaku(self.captures[seat])))
            self.phase = PLAY
            self.next_turn(seat)
        elif action == act.CANCEL:
            self._cancel()
        else:
            self.phase = PLAY
            self.next_turn(self.turn)

    # -- settling the month ---------------------------------------------------------------------

    def _pay_yaku(self, seat: int, full: bool, suffix: str, payer: int = -1) -> int:
        """Pay ``seat``'s 出来役, full or half; a 法度 offender pays both shares of its yaku."""
        yaku = dekiyaku(self.captures[seat])
        gain = 0
        takeover = Cause.SAGE if payer >= 0 else Cause.HATTO
        for name, kan, value, each, who in shares(
            yaku, self.ba, self.menu, full, payer, self.hatto_by[seat]
        ):
            remark = name + suffix + ("法度" if payer < 0 and who >= 0 else "")
            lines = payment_lines(seat, each, value, Cause.YAKU, name, kan, who, takeover)
            self._pay(seat, each, remark, lines, who)
            gain += 2 * each
        return gain

    def _agari(self, seat: int) -> None:
        """あがり: full values; a 下げ player meanwhile gets half and pays the winner's both shares."""
        gain = 0
        if self.sage >= 0 and self.sage != seat:
            self._pay_yaku(self.sage, False, "・下")
            gain = self._pay_yaku(seat, True, "", payer=self.sage)
        else:
            gain = self._pay_yaku(seat, True, "")
        self.emit(Agari, seat, gain)
        self._end_month("agari", seat, tuple(dekiyaku(self.captures[seat]).items()), gain)

    def _cancel(self) -> None:
        """下げの取消し (also forced on the 下げ player's last card): half values
        (docs/rules/hachihachi.md §11)."""
        seat = self.sage
        gain = self._pay_yaku(seat, False, "・消")
        self.emit(SageCancelled, seat, gain)
        self._end_month("cancel", seat, tuple(dekiyaku(self.captures[seat]).items()), gain)

    def hands_out(self) -> None:
        """Seed (5) 4: special yaku with 吹き消し, else 抜け and card points against 88."""
        pts = [card_points(c) for c in self.captures]
        specials = special_yaku(self.captures)
        if specials:
            for holder, name, kan in specials:
                receiver = self.dealer if holder < 0 else holder
                each = points(kan, self.ba, self.menu)
                lines = payment_lines(receiver, each, each, Cause.YAKU, name, kan)
                self._pay(receiver, each, name, lines)
            for i in self.voidable:  # 吹き消し
                row = self.rows[i]
                self.rows[i] = row._replace(struck=True)
            order = self.role_order()
            holders = [(kan, pts[h], -order.index(h), h) for h, _, kan in specials if h >= 0]
            nxt = max(holders)[3] if holders else self.dealer
            self._end_month("special", nxt, tuple((n, kan) for _, n, kan in specials))
            return
        for s in range(3):
            t = self.teyaku[s]
            if t and self.declared[s] and t.kasu_type in NUKE_TYPES and pts[s] > BASE_POINTS:
                each = points(NUKE_VALUE, self.ba, self.menu, raised=False)
                lines = payment_lines(s, each, each, Cause.NUKE, NUKE, NUKE_VALUE)
                self._pay(s, each, NUKE, lines)
        amounts = card_point_payments(pts, self.ba, self.menu)
        lines = card_point_lines(pts, amounts)
        self.rows.append(Row(amounts, "", card_points=True, lines=lines))
        order = self.role_order()
        nxt = max(order, key=lambda s: (pts[s], -order.index(s)))
        self._end_month("hands", nxt, ())

    def _end_month(
        self, reason: str, nxt: int, yaku: tuple[tuple[str, int], ...], value: int = 0
    ) -> None:
        pay = tuple(sum(r.amounts[s] for r in self.rows if not r.struck) for s in range(3))
        lines = [line for r in self.rows for line in r.lines]
        lines += [line for r in self.rows if r.struck for line in returned(r.lines)]
        for s in range(3):
            self.scores[s] += pay[s]
        self.results.append(
            MonthResult(
                self.month,
                len(self.deals) - 1,
                self.dealer,
                nxt,
                reason,
                yaku,
                value,
                pay,
                self.ba,
                self.carried,
                tuple(self.rows),
                self.month_index + 1,
                OUTCOMES[reason],
                tuple(lines),
            )
        )
        yaku_names = tuple(name for name, _ in yaku)
        self.emit(MonthEnded, nxt, value, reason, yaku_names, tuple(pay))
        if reason == "mushobu":
            void = tuple(-x for x in self.scores)
            self._finish(YearEnd((0, 0, 0), void, (0, 0, 0), -1, (), void_lines(self.scores)))
            return
        if reason == "shiso":
            order = self.role_order()
            self._finish(year_end(self.scores, self.stones, order, shiso=nxt))
            return
        self.stones[nxt] += 1
        self.month_index += 1
        self.shibari = self.carried
        last = self.month_index >= self.options.months
        if last and not (self.options.etsunen and self.carried != KOBA):
            order = self.role_order()
            self._finish(year_end(self.scores, self.stones, order))
            return
        self.dealer = nxt
        self.new_deal()

    def _finish(self, end: YearEnd) -> None:
        for name, pay, lines in (
            ("月石清算", end.stone_pay, end.stone_lines),
            ("吟味", end.ginmi, end.ginmi_lines),
        ):
            for s in range(3):
                self.scores[s] += pay[s]
            self.settlements.append(Settlement(name, len(self.deals), pay, lines))
        self.year = end
        self.emit(YearEnded, tuple(self.scores))
        self.phase = OVER
        self.to_act = -1
        self.finished = True

    @property
    def month_results(self) -> list[MonthResult]:
        """``results``, typed as 八八's months (the rows of the 記入式, the 場)."""
        return [r for r in self.results if isinstance(r, MonthResult)]

    @property
    def pot(self) -> int:
        """The 番個板: one 点 per month stone put in."""
        return sum(self.stones)

    def public_facts(self, seat: int) -> HachihachiFacts:
        asking = self.phase == TEYAKU
        declared = tuple(
            t.name if t and self.declared[s] and not asking else ""
            for s, t in enumerate(self.teyaku)
        )
        warned = seat == self.to_act and self.phase == PLAY
        asked = seat == self.to_act and self.phase in (AGARI, CANCEL)
        return HachihachiFacts(
            self.menu,
            self.ba,
            self.carried,
            self.shibari,
            declared,
            self.sage,
            tuple(self.stones),
            self.pot,
            self.month_index + 1,
            self.teyaku[seat] if asking else None,
            MappingProxyType(self.hatto_warnings()) if warned else NO_WARNINGS,
            tuple(self.hatto_by[seat].items()) if asked else (),
        )
