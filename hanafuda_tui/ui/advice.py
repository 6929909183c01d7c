"""Advice on request: what the strong bot would do for the human to act, over the table or their
prompt. It is computed in a worker thread from that human's view only; the screen shows a line
while it thinks, then the top choices with their values and reasons (``bots.advice``). Any key
closes it; a result that comes after it closed, or for a decision already taken, is dropped."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from ..bots.advice import ITERATIONS, Choice, Reason, advise
from ..bots.hand_reading import SeenPlay
from ..core import actions as act
from ..core.cards import card_list
from ..core.game import PlayerView
from .faces import FACES, short_name
from .i18n import lang, t
from .keys import KeysLine
from .screens.modals import action_label
from .text import plain, yaku_name


def reason_text(reason: Reason, names: Sequence[str]) -> str:
    """One line a player can check on the table (plain text)."""
    if reason.card < 0 and reason.action >= 0:
        return decision_text(reason, names)
    if reason.card < 0:
        held = ", ".join(f"{yaku_name(n)} {v}" for n, v in reason.held)
        return t("advice.held", yaku=held) if held else t("advice.held_none")
    if not reason.taken:
        return t("advice.lays", card=card_text(reason.card))
    cards = card_list(reason.taken)
    taken = (" / " if len(cards) == 2 else " ").join(card_text(c) for c in cards)
    parts = [t("advice.takes", cards=taken)]
    if reason.completes:
        parts.append(t("advice.completes", yaku="・".join(map(yaku_name, reason.completes))))
    if reason.near:
        parts.append(t("advice.near", yaku="・".join(map(yaku_name, reason.near))))
    for name, seat in reason.blocks:
        parts.append(t("advice.blocks", yaku=yaku_name(name), who=plain(names[seat])))
    return t("advice.joiner").join(parts)


def decision_text(reason: Reason, names: Sequence[str]) -> str:
    """Why one answer rather than the other: stopping says what it pays now; playing on what the
    seat and the others are one card from; a teyaku question names the teyaku (the value beside
    each choice is its chance to finish first)."""
    action = reason.action
    held = "・".join(yaku_name(n) for n, _ in reason.held)
    value = sum(v for _, v in reason.held)
    threats = [
        t("advice.their_near", who=plain(names[s]), yaku=yaku_name(n)) for n, s in reason.threats
    ]
    if action in (act.SHOBU, act.AGARI):
        parts = [t("advice.stop", yaku=held, value=value)]
        parts += [t("advice.stop_ends", n=len(threats))] if threats else []
        return t("advice.joiner").join(parts)
    if action in (act.KOIKOI, act.SAGE):
        parts = [t("advice.go_on", value=value)]
        if reason.near:
            parts.append(t("advice.near", yaku="・".join(map(yaku_name, reason.near))))
        parts += threats or [t("advice.no_threat")]
        return t("advice.joiner").join(parts)
    teyaku = (
        t("advice.teyaku", name=yaku_name(reason.teyaku[0]), value=reason.teyaku[1])
        if (reason.teyaku)
        else t("advice.no_teyaku")
    )
    key = {act.DECLARE: "advice.declare", act.PASS: "advice.keep", act.DERU: "advice.deru"}
    return t(key.get(action, "advice.oriru"), teyaku=teyaku)


def card_text(card: int) -> str:
    """``萩に猪``, or ``萩猪 boar`` in English (the face as on the table, then the name)."""
    return short_name(card) if lang() == "ja" else f"{FACES[card]} {short_name(card)}"


def choice_line(rank: int, choice: Choice, names: Sequence[str]) -> str:
    """``1. 🌸 桜に幕  41.3%  takes 桜のカス: completes 花見で一杯`` (markup)."""
    label = action_label(choice.action)
    value = f"{100 * min(1.0, max(0.0, choice.value)):.1f}%"
    why = reason_text(choice.reason, names).replace("[", r"\[")
    return f"[b]{rank}.[/b] {label}  [b]{value}[/b]\n   {why}"


class AdviceScreen(ModalScreen[None]):
    """The strong bot's choices for ``view``; ``still(view)`` says whether the decision is still
    open when the result comes; ``shown()`` is called once the advice is on screen."""

    DEFAULT_CSS = """
    AdviceScreen { align: center middle; }
    AdviceScreen > Vertical {
        width: 76; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $panel; padding: 0 1;
    }
    """

    def __init__(
        self,
        view: PlayerView,
        names: Sequence[str],
        still: Callable[[PlayerView], bool],
        shown: Callable[[], None],
        plays: Sequence[SeenPlay] = (),
    ) -> None:
        super().__init__()
        self.view = view
        self.plays = list(plays)
        self.names = list(names)
        self.still = still
        self.shown = shown
        self.choices: list[Choice] | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            title = t("advice.title", n=ITERATIONS)
            yield Static(Content.from_markup(f"[b]{title}[/b]"), classes="dialog-title")
            yield Static(t("advice.thinking"), id="advice-lines")
        yield KeysLine(t("advice.keys"))

    def on_mount(self) -> None:
        work = functools.partial(advise, self.view, plays=self.plays)
        self.run_worker(work, thread=True, exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if not self.is_attached or not self.still(self.view):
            return
        if event.state == WorkerState.ERROR:
            error = event.worker.error
            self.show(t("advice.failed", error=f"{type(error).__name__}: {error}"))
        elif event.state == WorkerState.SUCCESS and isinstance(event.worker.result, list):
            self.choices = event.worker.result
            lines = [choice_line(i + 1, c, self.names) for i, c in enumerate(self.choices)]
            self.show("\n".join(lines), markup=True)
            self.shown()

    def show(self, text: str, markup: bool = False) -> None:
        lines = self.query_one("#advice-lines", Static)
        lines.update(Content.from_markup(text) if markup else Content(text))

    def on_key(self, event: events.Key) -> None:
        """Any key but the app's own (pace, language) closes it."""
        if event.key in ("plus", "minus", "equals_sign", "l"):
            return
        event.stop()
        self.dismiss()

    def on_click(self) -> None:
        self.dismiss()
