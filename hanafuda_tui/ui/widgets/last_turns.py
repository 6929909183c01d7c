"""A turn in steps, as at the table: the card played and what it takes, then the card drawn and
what it takes (docs/rules/README.md §5). The steps are the core's recorded turns, so a turn is
shown only once it is applied; the "last turns" strip says what each other player just did."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len

from ...core.cards import card_list
from ...core.turns import Step, TurnBook
from ..faces import face
from ..i18n import t
from ..text import event_line, plain
from .table import Panel


def step_note(step: Step, names: Sequence[str], ruleset: str) -> str:
    """The step on one line (markup): who, the card and what it took, then what followed (a yaku
    formed, a declaration) as the log says it."""
    who = plain(names[step.seat]) if 0 <= step.seat < len(names) else ""
    parts = [f"{who} {step_text(step)}".strip()]
    parts += [line.strip() for e in step.events if (line := event_line(e, names, ruleset))]
    return "  ".join(parts)


def step_text(step: Step) -> str:
    """``出す 桜幕→桜カス`` or ``めくり 萩猪→場``: a card step in a few cells (markup)."""
    verb = t("turns.draw" if step.drawn else "turns.play")
    if step.took:
        dest = "".join(face(c) for c in card_list(step.took))
    else:
        dest = t("turns.field") if step.laid else "…"
    return f"{verb} {face(step.card)}→{dest}"


def final_turn(book: TurnBook, deal: int, names: Sequence[str], ruleset: str) -> list[str]:
    """The turn that ended deal number ``deal`` (counted from 0, redeals included), step by
    step: the last seat to move, a line for each card step, each followed by a line for each
    thing it brought (a yaku, 勝負); a deal won by a declared teyaku ends on the declaration."""
    if deal >= len(book.deals):
        return []
    told = book.deals[deal]
    if not told.turns:
        return [line for e in told.opening if (line := event_line(e, names, ruleset))]
    lines = []
    for step in told.turns[-1].steps:
        who = plain(names[step.seat]) if 0 <= step.seat < len(names) else ""
        lines.append(f"{who} {step_text(step)}".strip())
        lines += [
            "  " + line.strip() for e in step.events if (line := event_line(e, names, ruleset))
        ]
    return lines


class LastTurns(Panel):
    """What each listed seat did on its latest turn, one line a seat."""

    DEFAULT_CSS = "LastTurns { height: auto; color: $text; }"

    rows: Sequence[tuple[str, tuple[tuple[bool, int, int, bool], ...]]] = ()
    notes: Sequence[str] = ()

    def show(
        self,
        book: TurnBook,
        told: int | None,
        seats: Sequence[int],
        names: Sequence[str],
        notes: Sequence[str] = (),
    ) -> None:
        """The latest turns of ``seats`` with the steps told so far (``told``: all if None), and
        lines of markup under them (beginner mode's)."""
        rows = []
        shown = 0
        turns = book.latest_turns(told)
        for seat in seats:
            steps = turns.get(seat, [])
            rows.append((names[seat], tuple((s.drawn, s.card, s.took, s.laid) for s in steps)))
            for s in steps:
                shown |= 1 << s.card | s.took
        if not self.changed((tuple(rows), tuple(notes))):
            return
        self.rows = rows
        self.notes = notes
        self.shown_cards = shown
        self.refresh(layout=True)

    def lines(self, width: int) -> list[str]:
        out = []
        for name, steps in self.rows:
            who = plain(name)
            text = "  ".join(
                step_text(Step(-1, -1, card, drawn, 0, -1, took, laid))
                for drawn, card, took, laid in steps
            )
            text = text or f"[dim]{t('turns.none')}[/]"
            pad = " " * max(0, 10 - cell_len(name))
            out.append(f"[dim]{who}[/]{pad} {text}")
        return [*out, *self.notes]
