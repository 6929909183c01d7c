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

from .core import actions as act
from .core.cards import CODES, codes_of, parse_deck
from .core.game import Event, Game
from .core.records import GameRecord, make_options, replay
from .core.results import Cause, Line, Outcome, Settlement
from .core.rulesets import ruleset_class
from .core.table import deal_by


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
    """A played or drawn card and the field cards it took (empty: laid on the field)."""

    card: str
    took: str


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
    return LogEvent(
        kind=e.kind,
        seat=e.seat,
        card=CODES[e.card] if e.card >= 0 else None,
        cards=codes_of(e.cards),
        value=e.value,
        names=list(e.names),
        amounts=list(e.amounts),
    )


class Taken(NamedTuple):
    """A decision as the replay took it: its deal, where the log stood, who, what."""

    deal: int
    at: int
    """The log's length before it was applied."""
    seat: int
    token: str
    held: bool
    """Whether the seat may declare: at the teyaku question, whether it holds one."""


class Run(NamedTuple):
    game: Game
    taken: list[Taken]
    stones: list[list[int] | None]
    """For each result: the month stones after it (八八), else None."""


class _DecksRunOut(Exception):
    pass


def drive(record: GameRecord) -> Run:
    """Replay a record already checked by ``replay``, noting where each decision falls in the log."""
    cls = ruleset_class(record.ruleset)
    decks = iter(d.deck for d in record.deals)

    def source() -> list[int]:
        for deck in decks:
            return parse_deck(deck)
        raise _DecksRunOut

    game = cls(make_options(cls, record.options), record.first_dealer, source)
    taken: list[Taken] = []
    stones: list[list[int] | None] = []

    def note() -> None:
        while len(stones) < len(game.results):
            now = game.stones_now()
            stones.append(None if now is None else list(now))

    try:
        game.start()
        note()
        for deal in record.deals:
            for token in deal.actions:
                held = act.DECLARE in game.legal_actions()
                taken.append(Taken(len(game.deals) - 1, len(game.log), game.to_act, token, held))
                game.apply(act.parse_token(token))
                note()
    except _DecksRunOut:
        note()
    return Run(game, taken, stones)


def _segments(log: Sequence[Event]) -> list[tuple[int, int]]:
    """(start, end) of each deal's events in the log: from its ``deal`` event to the next one."""
    starts = [i for i, e in enumerate(log) if e.kind == "deal"]
    return list(zip(starts, [*starts[1:], len(log)][: len(starts)], strict=True))


_TURN_STARTS = ("play", "draw_only")
_SHIMA = ("shima", "field_shima")


def _ba(event: Event, shibari: int) -> Ba:
    """The ``ba`` event: its value the month's 場, its amount the 二代しばり carried on."""
    return Ba(ba=event.value, shibari=shibari, carried=event.amounts[0])


def _turn(seat: int, events: Sequence[Event], decisions: list[Decision]) -> Turn:
    """A turn from its events: the play and draw steps, the rest as events."""
    play: Step | None = None
    draw: Step | None = None
    rest: list[LogEvent] = []
    drawn = False
    for e in events:
        if e.kind == "play":
            play = Step(card=CODES[e.card], took="")
        elif e.kind == "draw":
            draw = Step(card=CODES[e.card], took="")
            drawn = True
        elif e.kind in ("lay", "capture") and e.seat == seat:
            step = Step(card=CODES[e.card], took=codes_of(e.cards))
            if drawn:
                draw = step
            else:
                play = step
        else:
            rest.append(log_event(e))
    return Turn(seat=seat, play=play, draw=draw, decisions=decisions, events=rest)


def _deal(
    run: Run,
    index: int,
    span: tuple[int, int],
    taken: list[Taken],
    ended: tuple[Any, list[int] | None] | None,
    shibari: int,
) -> DealStory:
    game = run.game
    log = game.log
    start, end = span
    head = log[start]
    players = game.players
    dealt = deal_by(game.deal_layout, parse_deck(game.deals[index].deck))
    hands = [""] * players
    for role, hand in enumerate(dealt.hands):
        hands[(head.seat + role) % players] = codes_of(hand)
    turn_at = [i for i in range(start, end) if log[i].kind in _TURN_STARTS]
    close_at = next((i for i in range(start, end) if log[i].kind == "month_end"), end)
    first = turn_at[0] if turn_at else close_at
    answers: list[Decision] = []
    decided: list[list[Decision]] = [[] for _ in turn_at]
    held: dict[int, bool] = {}
    declared: dict[int, bool] = {}
    plays = iter(i for i in turn_at if log[i].kind == "play")
    for t in taken:
        decision = Decision(seat=t.seat, action=t.token)
        if 0 <= act.parse_token(t.token) < 48:
            k = turn_at.index(next(plays))
        else:
            k = sum(1 for i in turn_at if i < t.at) - 1
        if k >= 0:
            decided[k].append(decision)
        else:
            answers.append(decision)
            held[t.seat] = t.held
            declared[t.seat] = t.token == act.NAMED[act.DECLARE]
    ba = None
    shima: list[str] = []
    shown: dict[int, Event] = {}
    opening: list[LogEvent] = []
    for e in log[start + 1 : first]:
        if e.kind == "ba":
            ba = _ba(e, shibari)
        elif e.kind in _SHIMA:
            shima.append(codes_of(e.cards))
        elif e.kind == "teyaku":
            shown[e.seat] = e
        elif e.kind != "redeal":
            opening.append(log_event(e))
    teyaku = [
        SeatTeyaku(
            seat=s,
            held=held.get(s, False) or s in shown,
            declared=declared.get(s),
            name=shown[s].names[0] if s in shown else None,
            shown=codes_of(shown[s].cards) if s in shown else "",
        )
        for s in range(players)
    ]
    bounds = [*turn_at, close_at]
    turns = [_turn(log[i].seat, log[i : bounds[k + 1]], decided[k]) for k, i in enumerate(turn_at)]
    result, stones = ended or (None, None)
    return DealStory(
        index=index,
        month=head.value,
        dealer=head.seat,
        hands=hands,
        field=codes_of(dealt.field),
        redealt=any(e.kind == "redeal" for e in log[start:first]),
        ba=ba,
        shima=shima,
        teyaku=teyaku,
        answers=answers,
        opening=opening,
        turns=turns,
        result=month_entry(result, type(run.game)) if result is not None else None,
        closing=[log_event(e) for e in log[close_at:end]],
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
    replay(record)
    run = drive(record)
    game = run.game
    ended = {r.deal: (r, stones) for r, stones in zip(game.results, run.stones, strict=True)}
    spans = _segments(game.log)
    deals = []
    shibari = 0
    for index, span in enumerate(spans):
        mine = [t for t in run.taken if t.deal == index]
        deals.append(_deal(run, index, span, mine, ended.get(index), shibari))
        shibari = next((e.amounts[0] for e in game.log[span[0] : span[1]] if e.kind == "ba"), 0)
    return ReplayOutput(
        ruleset=record.ruleset,
        seats=[s.name for s in record.seats],
        advice=record.advice,
        finished=game.is_over,
        months=[month_entry(r, type(game)) for r in game.results],
        settlements=[settlement_entry(x) for x in game.settlements],
        totals=list(game.scores),
        start=[log_event(e) for e in game.log[: spans[0][0] if spans else 0]],
        deals=deals,
        closing=_closing(game),
    )
