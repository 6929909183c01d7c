"""The whole story of a game record, as ``hanafuda replay FILE --json`` prints it.

A replay of a record shows everything (the record holds every deck): each deal in order with its
index (流れ and redeals included), its dealt hands and field, 場 and 二代しばり (八八), the teyaku held,
declared and shown, every turn's play, captures and draw with the decisions taken, every other event
of the log (飛込み, 法度...), the deal's result with its settlement lines, stones, and the year's
closing. The shape is a pydantic model: ``docs/replay.schema.json`` is its JSON Schema.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict

from ..core import actions as act
from ..core.cards import CODES, codes_of, parse_deck
from ..core.events import BaSet, Decided, Event, Redealt, Shima, TeyakuShown
from ..core.game import Game
from ..core.records import GameRecord, replay
from ..core.results import Cause, Line, Outcome, Settlement
from ..core.table import deal_by
from ..core.turns import DealTurns
from ..core.turns import Step as CardStep
from ..core.turns import Turn as CoreTurn


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class LineEntry(Model):
    """One amount one seat receives (positive) or pays (negative), with its cause."""

    seat: int
    amount: int
    cause: Cause
    name: str
    """The yaku or teyaku, where the cause has one."""
    value: int
    """Its face value, where it has one."""
    other: int
    """The seat on the other side, -1 for none."""


class MonthEntry(Model):
    """How one deal ended; per seat the lines add up to ``payments``."""

    month: int
    dealer: int
    winner: int
    """-1 for none (流れ, フケ, a draw)."""
    reason: str
    """The ruleset's own word (shobu, nagare-shima, agari, settled...)."""
    yaku: list[str]
    value: int
    payments: list[int]
    sat_out: list[int]
    """The seats that sat the deal out (花合わせ with four to six seated): their payment is 0."""
    outcome: Outcome
    lines: list[LineEntry]


class SettlementEntry(Model):
    """A payment outside a deal (小引, 吟味, 月石清算); per seat the lines add up to ``payments``."""

    name: str
    after_month: int
    payments: list[int]
    lines: list[LineEntry]


class LogEvent(Model):
    """An event of the game's log: ``cards`` as card codes, ``card`` one code or null."""

    kind: str
    seat: int
    card: str | None
    cards: str
    value: int
    names: list[str]
    amounts: list[int]


class Decision(Model):
    """One action of the record: who took it and its token."""

    seat: int
    action: str


class Step(Model):
    """A played or drawn card and the field cards it took (empty: laid on the field), with the
    field before it and after it (null: the record stops while its player chooses a field card)."""

    card: str
    took: str
    field_before: str
    field_after: str | None


class Turn(Model):
    """One turn: the hand step (null for a player who only draws), the draw step (null if the
    record stops before it), the decisions taken in it (the play, a choice of field card, こいこい,
    あがり, 下げ...) and every other event it brought."""

    seat: int
    play: Step | None
    draw: Step | None
    decisions: list[Decision]
    events: list[LogEvent]


class SeatTeyaku(Model):
    """A seat's teyaku in a deal: whether it held one, whether it declared it (null: not asked, as
    when the ruleset shows it by itself), and its name and cards once shown."""

    seat: int
    held: bool
    declared: bool | None
    name: str | None
    shown: str


class Ba(Model):
    """八八's 場 (docs/rules/hachihachi.md §4), each 0 for 小場, 1 for 大場, 2 for 絶場: the month's 場,
    the 二代しばり carried into it and the one it carries to the next month (0: none)."""

    ba: int
    shibari: int
    carried: int


class DealStory(Model):
    """One deal (a dealt deck) of the record."""

    index: int
    """0 for the first deal; 流れ and redeals count."""
    month: int
    dealer: int
    hands: list[str]
    """Each seat's dealt hand."""
    field: str
    """The dealt field."""
    redealt: bool
    """Dealt again at once, before any play (a field シマ in 二人こいこい)."""
    ba: Ba | None
    shima: list[str]
    """Field シマ taken by the dealer."""
    teyaku: list[SeatTeyaku]
    answers: list[Decision]
    """The teyaku question's answers, in turn order."""
    opening: list[LogEvent]
    """Other events before the first turn."""
    turns: list[Turn]
    result: MonthEntry | None
    """Null for a deal the record stops in."""
    closing: list[LogEvent]
    """The events from the deal's end on (month_end, 小引, 吟味, year_end...)."""
    stones: list[int] | None
    """八八: each seat's month stones after this deal."""


class Closing(Model):
    """The year's end: the settlements (小引, 吟味, 月石清算), and for 八八 the month stones, the
    番個板, the seat that took 吟味 and the final 貫; ``totals`` in the ruleset's unit."""

    finished: bool
    settlements: list[SettlementEntry]
    stones: list[int] | None
    bankoita: int | None
    top: int | None
    final_kan: list[int] | None
    totals: list[int]


class ReplayOutput(Model):
    """The whole output of ``hanafuda replay FILE --json``."""

    ruleset: str
    seats: list[str]
    advice: bool = False
    """Whether a player was shown the strong bot's advice during the game (the record's mark)."""
    finished: bool
    months: list[MonthEntry]
    """One per deal that ended."""
    settlements: list[SettlementEntry]
    totals: list[int]
    start: list[LogEvent]
    """The events before the first deal (year_start)."""
    deals: list[DealStory]
    closing: Closing


def schema_text() -> str:
    """The JSON Schema of the output, as committed in docs/replay.schema.json."""
    schema = ReplayOutput.model_json_schema()
    return json.dumps(schema, ensure_ascii=False, indent=2) + "\n"


# -- building ---------------------------------------------------------------------------------


def lines_of(lines: Sequence[Line]) -> list[LineEntry]:
    return [LineEntry(**line._asdict()) for line in lines]


def month_entry(result: Any, game: type[Game]) -> MonthEntry:
    return MonthEntry(
        month=result.month,
        dealer=result.dealer,
        winner=result.winner,
        reason=result.reason,
        yaku=[name for name, _ in result.yaku],
        value=result.value,
        payments=list(result.payments),
        sat_out=list(game.sat_out(result)),
        outcome=result.outcome,
        lines=lines_of(result.lines),
    )


def settlement_entry(x: Settlement) -> SettlementEntry:
    return SettlementEntry(
        name=x.name, after_month=x.after, payments=list(x.payments), lines=lines_of(x.lines)
    )


def log_event(e: Event) -> LogEvent:
    flat = e.flat()
    return LogEvent(
        kind=flat.kind,
        seat=flat.seat,
        card=CODES[flat.card] if flat.card >= 0 else None,
        cards=codes_of(flat.cards),
        value=flat.value,
        names=list(flat.names),
        amounts=list(flat.amounts),
    )


def decision(d: Decided) -> Decision:
    return Decision(seat=d.seat, action=act.token(d.action))


def step_entry(step: CardStep | None) -> Step | None:
    if step is None:
        return None
    return Step(
        card=CODES[step.card],
        took=codes_of(step.took),
        field_before=codes_of(step.field_before),
        field_after=codes_of(step.field_after) if step.done else None,
    )


def turn_entry(turn: CoreTurn) -> Turn:
    return Turn(
        seat=turn.seat,
        play=step_entry(turn.play),
        draw=step_entry(turn.draw),
        decisions=[decision(d) for d in turn.decisions],
        events=[log_event(e) for e in turn.events],
    )


class Replayed(NamedTuple):
    """A record replayed once, with each deal's month stones where the ruleset keeps them."""

    game: Game
    stones: list[list[int] | None]
    """For each result: the month stones after it (八八), else None."""


def replayed(record: GameRecord) -> Replayed:
    """Replay a record (RecordError if it is not a legal game), noting the stones after each
    result as it goes."""
    stones: list[list[int] | None] = []

    def note(game: Game) -> None:
        while len(stones) < len(game.results):
            now = game.stones_now()
            stones.append(None if now is None else list(now))

    game = replay(record, after=note)
    return Replayed(game, stones)


def deal_story(
    game: Game, told: DealTurns, ended: tuple[Any, list[int] | None] | None, shibari: int
) -> DealStory:
    players = game.players
    dealt = deal_by(game.deal_layout, parse_deck(game.deals[told.index].deck))
    hands = [""] * players
    for role, hand in enumerate(dealt.hands):
        hands[(told.dealer + role) % players] = codes_of(hand)
    ba = None
    shima: list[str] = []
    shown: dict[int, TeyakuShown] = {}
    opening: list[LogEvent] = []
    redealt = False
    for e in told.opening:
        match e:
            case BaSet():
                ba = Ba(ba=e.ba, shibari=shibari, carried=e.carried)
            case Shima():
                shima.append(codes_of(e.cards))
            case TeyakuShown():
                shown[e.seat] = e
            case Redealt():
                redealt = True
            case _:
                opening.append(log_event(e))
    held = {d.seat: d.could_declare for d in told.answers}
    declared = {d.seat: d.action == act.DECLARE for d in told.answers}
    teyaku = [
        SeatTeyaku(
            seat=s,
            held=held.get(s, False) or s in shown,
            declared=declared.get(s),
            name=shown[s].name if s in shown else None,
            shown=codes_of(shown[s].cards) if s in shown else "",
        )
        for s in range(players)
    ]
    result, stones = ended or (None, None)
    return DealStory(
        index=told.index,
        month=told.month,
        dealer=told.dealer,
        hands=hands,
        field=codes_of(told.field),
        redealt=redealt,
        ba=ba,
        shima=shima,
        teyaku=teyaku,
        answers=[decision(d) for d in told.answers],
        opening=opening,
        turns=[turn_entry(turn) for turn in told.turns],
        result=month_entry(result, type(game)) if result is not None else None,
        closing=[log_event(e) for e in told.closing],
        stones=stones,
    )


def _closing(game: Game) -> Closing:
    year = game.year_closing()
    stones = game.stones_now()
    return Closing(
        finished=game.is_over,
        settlements=[settlement_entry(x) for x in game.settlements],
        stones=None if stones is None else list(stones),
        bankoita=year.bankoita if year else None,
        top=year.top if year else None,
        final_kan=list(year.final) if year and year.final is not None else None,
        totals=list(game.scores),
    )


def tell(record: GameRecord) -> ReplayOutput:
    """The story of a record; RecordError (from ``replay``) if it is not a legal game."""
    game, stones = replayed(record)
    ended = {r.deal: (r, s) for r, s in zip(game.results, stones, strict=True)}
    deals = []
    shibari = 0
    for told in game.book.deals:
        deals.append(deal_story(game, told, ended.get(told.index), shibari))
        shibari = next((e.carried for e in told.opening if isinstance(e, BaSet)), 0)
    return ReplayOutput(
        ruleset=record.ruleset,
        seats=[s.name for s in record.seats],
        advice=record.advice,
        finished=game.is_over,
        months=[month_entry(r, type(game)) for r in game.results],
        settlements=[settlement_entry(x) for x in game.settlements],
        totals=list(game.scores),
        start=[log_event(e) for e in game.book.start],
        deals=deals,
        closing=_closing(game),
    )
