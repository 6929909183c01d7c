"""A turn in steps, as at the table: the card played and what it takes, then the card drawn and
what it takes (seed 001 §3). The steps come from the core's events of the turn, so a turn is
shown only once it is applied; the "last turns" strip says what each other player just did."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.cells import cell_len

from ...core.cards import card_list
from ...core.game import Event
from ..faces import face
from ..i18n import t
from ..text import event_line, plain
from .table import Panel

STARTS = ("play", "draw")
"""The events that put a card on its way to the field: a step each."""


@dataclass
class Step:
    """One moment of a turn: ``card`` played or drawn (-1: a step without a card, such as a
    declaration), the field cards it ``took``, whether it was ``laid`` on the field."""

    seat: int
    kind: str
    card: int = -1
    took: int = 0
    laid: bool = False
    events: list[Event] = field(default_factory=list)

    def note(self, names: Sequence[str], ruleset: str) -> str:
        """The step on one line (markup): who, the card and what it took, then what followed
        (a yaku formed, a declaration) as the log says it."""
        card_events = ("play", "draw", "capture", "lay")
        rest = [e for e in self.events if self.card < 0 or e.kind not in card_events]
        parts = [line.strip() for e in rest if (line := event_line(e, names, ruleset))]
        if self.card >= 0:
            who = plain(names[self.seat]) if 0 <= self.seat < len(names) else ""
            parts.insert(0, f"{who} {step_text(self)}".strip())
        return "  ".join(parts)


def steps_of(events: Sequence[Event]) -> list[Step]:
    """The steps of the events an action brought: each play or draw with the capture (or laying)
    of that card and what followed it; a capture whose play came with an earlier action (a choice
    between two field cards) is a step of its own."""
    steps: list[Step] = []
    for e in events:
        last = steps[-1] if steps else None
        if e.kind in STARTS:
            steps.append(Step(e.seat, e.kind, e.card, events=[e]))
        elif e.kind == "capture" and (last is None or last.card != e.card):
            steps.append(Step(e.seat, e.kind, e.card, e.cards, events=[e]))
        elif last is None:
            steps.append(Step(e.seat, e.kind, events=[e]))
        else:
            if e.card == last.card and e.kind == "capture":
                last.took |= e.cards
            elif e.card == last.card and e.kind == "lay":
                last.laid = True
            last.events.append(e)
    return steps


def step_text(step: Step) -> str:
    """``出す 桜幕→桜カス`` or ``めくり 萩猪→場``: a card step in a few cells (markup)."""
    verb = t(f"turns.{step.kind}")
    if step.took:
        dest = "".join(face(c) for c in card_list(step.took))
    else:
        dest = t("turns.field") if step.laid else "…"
    return f"{verb} {face(step.card)}→{dest}"


def last_turns(log: Sequence[Event]) -> dict[int, list[Step]]:
    """Each seat's card steps on its latest turn of the current deal (a turn: a seat's steps
    until another seat's), the seat that moved last last."""
    start = len(log)
    while start > 0 and log[start - 1].kind != "deal":
        start -= 1
    turns: dict[int, list[Step]] = {}
    seat = -1
    for step in steps_of(log[start:]):
        if step.card < 0:
            continue
        if step.seat != seat:
            seat = step.seat
            turns.pop(seat, None)  # re-inserted: the latest turn's seat comes last
            turns[seat] = []
        turns[seat].append(step)
    return turns


def final_turn(log: Sequence[Event], deal: int) -> list[Step]:
    """The steps of the turn that ended deal number ``deal`` (counted from 0, redeals included):
    the last seat to move, its card steps and what followed (a yaku, 勝負); a deal won by a
    declared teyaku ends on the declaration."""
    starts = [i for i, e in enumerate(log) if e.kind == "deal"]
    if deal >= len(starts):
        return []
    end = starts[deal + 1] if deal + 1 < len(starts) else len(log)
    steps = [s for s in steps_of(log[starts[deal] + 1 : end]) if s.seat >= 0]
    seat = steps[-1].seat if steps else -1
    turn: list[Step] = []
    for step in reversed(steps):
        if step.seat != seat:
            break
        turn.insert(0, step)
    return turn


class LastTurns(Panel):
    """What each listed seat did on its latest turn, one line a seat."""

    DEFAULT_CSS = "LastTurns { height: auto; color: $text; }"

    rows: Sequence[tuple[str, tuple[tuple[str, int, int, bool], ...]]] = ()

    def show(self, log: Sequence[Event], seats: Sequence[int], names: Sequence[str]) -> None:
        rows = []
        shown = 0
        turns = last_turns(log)
        for seat in seats:
            steps = turns.get(seat, [])
            rows.append((names[seat], tuple((s.kind, s.card, s.took, s.laid) for s in steps)))
            for s in steps:
                shown |= 1 << s.card | s.took
        if not self.changed(tuple(rows)):
            return
        self.rows = rows
        self.shown_cards = shown
        self.refresh(layout=True)

    def lines(self, width: int) -> list[str]:
        out = []
        for name, steps in self.rows:
            who = plain(name)
            text = "  ".join(step_text(Step(-1, k, c, took, laid)) for k, c, took, laid in steps)
            text = text or f"[dim]{t('turns.none')}[/]"
            pad = " " * max(0, 10 - cell_len(name))
            out.append(f"[dim]{who}[/]{pad} {text}")
        return out
