"""What the table screen draws, worked out from its session (the seat's game as the table told
it) and the screen's own state (the seat at the keyboard, the card chosen, the step of a move
held, the settings). The screen hands each part to its widget, nothing more."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.cards import card_list
from ..core.game import Phase, PlayerView
from ..core.hints import takes as hint_takes
from ..core.results import DealResult, Settlement
from ..core.rulesets import titles
from ..core.turns import TurnBook
from ..tables.seat_game import SeatGame
from .beginner import beginner_notes, takers
from .faces import describe, face, month_label
from .i18n import has, t
from .rulesets import screen_of
from .session import Session
from .text import event_line, plain
from .widgets.board import is_out, round_roles, seat_info, takes_text, yaku_infos
from .widgets.staging import Moment, step_moments
from .widgets.table import HandMarks, SeatInfo

LOG_LINES = 60


@dataclass(frozen=True)
class Looks:
    """The screen's own state that changes what it draws."""

    viewer: int | None
    """The seat whose hand is open at the keyboard (None: every hand hidden)."""
    selected: int
    hints: bool
    beginner: bool
    moment: Moment | None
    """The step of a move held on screen, if one is."""
    pace: float
    big: bool
    """Room for the big boards."""


@dataclass(frozen=True)
class Frame:
    """Everything the table draws at one time."""

    status: str
    opponents: list[SeatInfo]
    me: SeatInfo
    field: tuple[int, int, int, str, int]
    """The field, its cards lit, the card on its way, its note and where it goes."""
    turns: tuple[TurnBook, int | None, list[int], list[str], list[str]]
    """The turns as told so far, the seats they are shown for, the names, beginner's notes."""
    hand: tuple[list[int], int, int, int, str, HandMarks]
    """The open hand, the card chosen, the cards that can be played, a hidden hand's count,
    the line under it and its marks."""
    yaku: list[Any]
    log: list[str]


def bottom_seat(session: Session[Any], viewer: int | None) -> int:
    """The seat drawn at the bottom: the one at the keyboard, else the first played here."""
    if viewer is not None:
        return viewer
    humans = session.humans
    return humans[0] if humans else 0


def hand_cards(view: PlayerView, viewer: int | None) -> list[int]:
    return card_list(view.hand) if viewer == view.seat else []


def playable(view: PlayerView, viewer: int | None) -> int:
    if viewer != view.seat or view.phase != Phase.PLAY:
        return 0
    return sum(1 << a for a in view.legal if 0 <= a < 48)


def fact_parts(view: PlayerView, names: list[str]) -> list[str]:
    """The status line's words for the ruleset's public facts (the seats' roles, a 法度...)."""
    parts = screen_of(view.ruleset).status_parts(view, names)
    for name, value in view.facts.status():
        label = f"status.{view.ruleset}.{name}"
        if has(label):
            named = f"{name}.{value}"
            parts.append(t(label, value=t(named) if has(named) else value))
    return parts


def status_line(session: Session[Any], view: PlayerView, pace: float) -> str:
    title = titles(view.ruleset)
    parts = [f"[b]{title[0]}[/b]", month_label(view.month)]
    parts += fact_parts(view, session.names)
    seating = view.facts.seating()
    out = seating.out_in_stock if seating else 0
    stock = t("table.stock", n=view.stock_count)
    parts.append(stock + (" " + t("table.out_in_stock", n=out) if out else ""))
    parts.append(t("table.speed", s=pace))
    return " · ".join([*session.status_parts(), *parts])


def frame(session: Session[Any], looks: Looks) -> Frame:
    """What the table draws now; while a step of a move is held, the table as it was then (what
    the later steps capture not told yet, the mover still to act)."""
    game, names = session.seen, session.names
    viewer, moment = looks.viewer, looks.moment
    bottom = bottom_seat(session, viewer)
    view = session.view_of(bottom)
    log, told = game.log, None
    if moment is not None:
        captures = list(view.captures)
        captures[moment.seat] &= ~moment.unseen
        view = view._replace(captures=tuple(captures), to_act=moment.seat)  # still its turn
        log, told = log[: moment.log_end], moment.told
    roles = round_roles(view)
    scores = screen_of(view.ruleset).scores_shown(game)
    koikoi = view.facts.called()

    def info(seat: int) -> SeatInfo:
        return seat_info(view, seat, names, roles, koikoi, scores, viewer, looks.big)

    order = [(bottom + k) % view.players for k in range(1, view.players)]
    opponents = [info(seat) for seat in order]
    order = [seat for seat in order if not is_out(view, seat)]
    cards = hand_cards(view, viewer)
    selected = min(looks.selected, max(len(cards) - 1, 0))
    chosen = cards[selected] if cards else -1
    lit, hint = 0, ""
    if chosen >= 0:
        takes = hint_takes(view, chosen)
        lit = takes if looks.hints else 0
        hint = describe(chosen)
        if looks.hints:
            hint += "  → " + takes_text(takes)
    if view.to_act != bottom or view.phase not in (Phase.PLAY, Phase.TAKE):
        who = plain(names[view.to_act]) if view.to_act >= 0 else ""
        hint = t("table.waiting", who=who) if who and not cards else hint
    field, pending, note, at = view.field, view.pending_card, "", -1
    if moment is not None:
        field, lit, pending, note, at = (
            moment.field,
            moment.lit,
            moment.card,
            moment.note,
            moment.at,
        )
    elif pending >= 0:
        note = t("table.pending", card=face(pending))
    pointed = 0 if moment is not None else session.link.pointed()
    coaching = looks.beginner and not session.link.coached
    notes = []
    if coaching:
        notes = beginner_notes(view, game.book.latest_turns(told), names, session.is_human)
    hidden = view.hand_counts[bottom] if not cards else 0
    warned = sum(1 << c for c, (_, ok) in view.facts.warnings().items() if not ok)
    can_play = playable(view, viewer)
    marked = takers(view) if coaching and can_play else 0
    marks = HandMarks(warned, pointed, marked) if cards else HandMarks()
    lines = [line for e in log[-LOG_LINES:] if (line := event_line(e, names, view.ruleset))]
    return Frame(
        status=status_line(session, view, looks.pace),
        opponents=opponents,
        me=info(bottom),
        field=(field, lit | pointed, pending, note, at),
        turns=(game.book, told, order, names, notes),
        hand=(cards, selected, can_play, hidden, hint, marks),
        yaku=yaku_infos(view, names, scores),
        log=lines,
    )


def moments_of(
    session: Session[Any], seat: int, start: int, mark: int, pace: float, motion: bool
) -> list[Moment]:
    """The moments of the decision ``seat`` took: each step told since ``mark`` (the last left to
    the field's own note when a person here makes its choice between two field cards); for a
    declaration, its line over the field as it is (the log since ``start``)."""
    game, names = session.seen, session.names
    steps = game.book.since(mark)
    if steps and not steps[-1].done and session.is_human(seat):
        steps = steps[:-1]
    if not steps:
        lines = [line for e in game.log[start:] if (line := event_line(e, names, game.ruleset))]
        field = session.view_of(seat).field
        return [Moment(field, 0, -1, "  ".join(lines), seat)] if lines else []
    ends = [*(step.log_at for step in steps[1:]), len(game.log)]
    return [
        moment._replace(seat=seat, log_end=end)
        for i, (step, end) in enumerate(zip(steps, ends, strict=True))
        for moment in step_moments(step, steps[i + 1 :], pace, names, game.ruleset, motion)
    ]


class ResultsShown:
    """How far a table's month results, and the settlements that close them, are shown."""

    def __init__(self, game: SeatGame) -> None:
        self.results = len(game.results)
        self.settled = len(game.settlements)

    def due(self, game: SeatGame) -> bool:
        return len(game.results) > self.results

    def next(self, game: SeatGame) -> tuple[DealResult, list[int], list[Settlement], bool]:
        """The next month's result to show, the totals after it and the settlements that close
        it (小引, 吟味 follow a won month), and whether it is the year's last."""
        result = game.results[self.results]
        self.results += 1
        closing: list[Settlement] = []
        if result.winner >= 0:
            closing = list(game.settlements[self.settled :])
            self.settled = len(game.settlements)
        last = game.is_over and self.results == len(game.results)
        return result, self.totals(game), closing, last

    def totals(self, game: SeatGame) -> list[int]:
        """Running totals after the results and settlements shown so far."""
        totals = [0] * game.players
        rows = [r.payments for r in game.results[: self.results]]
        rows += [s.payments for s in game.settlements[: self.settled]]
        for row in rows:
            for s, p in enumerate(row):
                totals[s] += p
        return totals
