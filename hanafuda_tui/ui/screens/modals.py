"""Decision prompts over the table. Each shows what the decision is worth and offers only the legal
actions as buttons (letter or number keys, ←→ and Enter); none can be dismissed without a choice."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...core import actions as act
from ...core.game import PlayerView
from ...core.hints import available, near_yaku, stakes
from ..faces import describe, face, short_name
from ..i18n import has, t
from ..keys import KeysLine
from ..text import faces_of, plain, yaku_name
from ..widgets.folded import Folded

BUTTON_ROW = 70
"""Cells the dialog has for a row of buttons at 80 columns."""

NO_FOCUS = -1_000
"""``Decision(focus=NO_FOCUS)``: no choice has the focus when the prompt opens."""

GUARD = 0.5
"""Seconds a guarded prompt ignores keys after it opens (``Decision(guard=...)``): the Enter that
played a card, pressed again, answers nothing; then the default choice has the focus."""

KEYS = {
    act.DECLARE: "d",
    act.PASS: "p",
    act.KOIKOI: "k",
    act.SHOBU: "s",
    act.AGARI: "a",
    act.SAGE: "g",
    act.CANCEL: "c",
    act.KEEP: "n",
}


def choices(view: PlayerView) -> list[tuple[int, str, str]]:
    """One button per legal action: named actions by their letter, cards by number."""
    out = []
    for i, a in enumerate(view.legal):
        out.append((a, action_label(a), KEYS.get(a) or (str(i + 1) if i < 9 else "")))
    return out


def teyaku_text(own: tuple[str, int] | None, ruleset: str) -> str:
    """A seat's own teyaku as shown to its holder (``PublicFacts.held``); 八八 values are 貫."""
    if own is None:
        return ""
    name, value = own
    key = f"teyaku.have.{ruleset}"
    return t(key if has(key) else "teyaku.have", ruleset, name=yaku_name(name), value=value)


def action_label(action: int) -> str:
    if 0 <= action < 48:
        return f"{face(action)} {short_name(action)}"
    if act.TAKE <= action < act.TAKE + 48:
        return f"{face(action - act.TAKE)} {short_name(action - act.TAKE)}"
    return t("action." + act.NAMED.get(action, str(action)))


def move_label(action: int) -> str:
    """A move in a few cells (markup): a card by its face, a named decision by its word."""
    if 0 <= action < 48:
        return face(action)
    if act.TAKE <= action < act.TAKE + 48:
        return "→" + face(action - act.TAKE)
    return action_label(action)


def pct(chance: float) -> str:
    """A chance as the advice shows one: the search's estimate for a move it would not play is a
    cautious one (less its standard errors), which can fall below 0; shown within 0–100%."""
    return f"{100 * min(1.0, max(0.0, chance)):.0f}%"


class Decision(ModalScreen[int]):
    """A prompt: a title, body lines, and one button per legal action."""

    AUTO_FOCUS = ""
    """The focus is set on mount, or left off (``NO_FOCUS``)."""
    BINDINGS = [
        Binding("left", "step(-1)", "previous choice", show=False),
        Binding("right", "step(1)", "next choice", show=False),
        # over a prompt too (a key of the prompt's own, ``y`` for yes, answers it instead)
        Binding("question_mark,f1", "app.help", show=False),
        Binding("y", "app.help(True)", show=False),
        Binding("l", "app.toggle_language", show=False),
    ]
    remake: Callable[[], Decision] | None = None
    """The same prompt made again (in the language now chosen), set by whoever opened it."""
    leave: Callable[[], None] | None = None
    """What Esc does when it answers nothing (a lesson's prompt: leave the lesson)."""
    hint: Callable[[], None] | None = None
    """What ``a`` does when it answers nothing (a lesson's prompt: the coach's hint)."""

    def __init__(
        self,
        title: str,
        body: Sequence[str],
        choices: Sequence[tuple[int, str, str]],
        focus: int | None = None,
        escape: int | None = None,
        guard: float = 0.0,
        numbered: str = "keys.card",
    ):
        """``choices``: (action, label markup, key). ``focus``: the action whose button has the
        focus at first (the first one by default; ``NO_FOCUS``: none, so Enter answers nothing
        until a choice is picked). ``escape``: the action Esc answers (none by default).
        ``guard``: seconds every key is ignored after the prompt opens; ``focus`` gets the focus
        only then. ``numbered``: what the number keys choose, said on the keys line."""
        super().__init__()
        self.numbered = numbered
        self.guard = guard
        self.guarded = guard > 0
        self.title_text = title
        self.body = body
        self.choices = choices
        self.keys = {key: action for action, _, key in choices if key}
        self.focus_at = choices[0][0] if focus is None else focus
        self.escape = escape

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content.from_markup(f"[b]{self.title_text}[/b]"), classes="dialog-title")
            if any(self.body):
                yield Folded(Content.from_markup("\n".join(self.body)), classes="dialog-body")
            labels = [
                Content.from_markup(f"{label} {plain(f'[{key}]')}" if key else label)
                for _, label, key in self.choices
            ]
            # side by side when they fit the dialog, else one under the other
            row = sum(c.cell_length + 4 for c in labels) <= BUTTON_ROW
            with (Horizontal if row else Vertical)(classes="dialog-buttons"):
                for (action, _, _), content in zip(self.choices, labels, strict=True):
                    yield Button(content, id=f"a{action}", compact=True)
        yield KeysLine(self.keys_line())

    def keys_line(self) -> str:
        """The keys that work while the prompt is open (covering the table's, which do not)."""
        parts = [f"[b]←→[/b] {t('keys.pick')}", f"[b]Enter[/b] {t('keys.answer')}"]
        labels = {action: label for action, label, _ in self.choices}
        numbered = [key for _, _, key in self.choices if key.isdigit()]
        if numbered:
            keys = "/".join(numbered) if len(numbered) <= 3 else f"{numbered[0]}-{numbered[-1]}"
            parts.append(f"[b]{keys}[/b] {t(self.numbered)}")
        for _, label, key in self.choices:
            if key and not key.isdigit():
                parts.append(f"[b]{key}[/b] {label}")
        if self.hint is not None and "a" not in self.keys:
            parts.append(f"[b]a[/b] {t('bind.hint')}")
        if self.escape is not None:
            parts.append(f"[b]Esc[/b] {labels[self.escape]}")
        if "y" not in self.keys:
            parts.append(f"[b]y[/b] {t('bind.help(True)')}")
        parts.append(f"[b]l[/b] {t('bind.toggle_language')}")
        return "  ".join([*parts, t("keys.prompt")])

    async def relabel(self) -> None:
        """Show the prompt in the language now chosen, the same choice in focus."""
        if self.remake is not None:
            again = self.remake()
            self.title_text, self.body, self.choices = again.title_text, again.body, again.choices
        focused = self.focused.id if self.focused is not None else None
        await self.recompose()
        if focused and not self.guarded:
            self.query_one(f"#{focused}", Button).focus()

    def on_mount(self) -> None:
        if self.guarded:
            self.set_timer(self.guard, self.end_guard)
        elif self.focus_at != NO_FOCUS:
            self.query_one(f"#a{self.focus_at}", Button).focus()

    def end_guard(self) -> None:
        """Keys count from now on; the default choice takes the focus."""
        self.guarded = False
        if self.focus_at != NO_FOCUS:
            self.query_one(f"#a{self.focus_at}", Button).focus()

    def action_step(self, direction: int) -> None:
        """The next or previous choice; with none chosen yet, → the first and ← the last."""
        if self.guarded:
            return
        buttons = list(self.query(Button))
        if self.focused in buttons:
            at = buttons.index(self.focused)
            buttons[(at + direction) % len(buttons)].focus()
        else:
            buttons[0 if direction > 0 else -1].focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A press that arrives once the prompt is no longer on top (answered already, or covered
        by the too-small notice) is dropped: dismissing would close the screen on top."""
        event.stop()
        if self.is_active:
            self.dismiss(int((event.button.id or "a0")[1:]))

    def on_key(self, event: events.Key) -> None:
        if self.guarded:  # the prompt's first moment: a key meant for the table answers nothing
            event.stop()
            event.prevent_default()
            return
        key = event.character or event.key
        answer = self.escape if event.key == "escape" else self.keys.get(key)
        if answer is None and event.key == "escape" and self.leave is not None:
            event.stop()
            self.leave()
            return
        if answer is None and key == "a" and self.hint is not None:
            event.stop()
            self.hint()
            return
        if answer is not None:
            event.stop()
            if self.is_active:
                self.dismiss(answer)
        elif event.key == "enter" and self.focused is None:
            event.stop()
            self.app.bell()


def confirm(question: str, body: str) -> Decision:
    """A yes/no question answered 1 (yes) or 0 (no); No has the focus and Esc answers No."""
    yes_no = [(1, t("yes"), "y"), (0, t("no"), "n")]
    return Decision(question, [body], yes_no, focus=0, escape=0)


def teyaku_prompt(view: PlayerView, names: Sequence[str], held: str | None = None) -> Decision:
    """手役: declare (show the hand and claim it) or keep it hidden; asked privately. ``held``: the
    line saying the seat's teyaku and its value (by default ``teyaku_text``)."""
    own = view.facts.held()
    if not own and act.DECLARE not in view.legal:
        body = [t("teyaku.none"), faces_of(view.hand)]
        options = [(a, t("action.pass_none"), key) for a, _, key in choices(view)]
        focus = None
    else:
        explain = f"teyaku.explain.{view.ruleset}"
        body = [
            teyaku_text(own, view.ruleset) if held is None else held,
            faces_of(view.hand),
            "",
            t(explain if has(explain) else "teyaku.explain"),
            t("teyaku.keys"),
        ]
        # keeping the hand hidden first, and the default once the prompt's first moment is over:
        # keys pressed then (the Enter that played a card) answer nothing, so none declares
        options = sorted(choices(view), key=lambda c: c[0] == act.DECLARE)
        focus = options[0][0]
    title = t("teyaku.title", who=plain(names[view.seat]))
    return Decision(title, body, options, focus=focus, guard=GUARD)


def koikoi_prompt(view: PlayerView, names: Sequence[str]) -> Decision:
    """こいこい or 勝負: the yaku just formed, what stopping pays with its ×2s by cause (the core's
    ``stakes``), that こいこい adds nothing with the hand empty (docs/rules/koikoi3.md §7), who
    could complete what."""
    seat = view.seat
    options = view.options
    stake = stakes(view)
    assert stake is not None
    yaku = dict(stake.yaku)
    offer = set(view.facts.offered())
    value = stake.value
    body = [
        "  ".join(
            f"[b]{yaku_name(n)} {v}[/b]" + (f" {t('koikoi.new')}" if n in offer else "")
            for n, v in yaku.items()
        )
    ]
    others = view.players - 1
    total = stake.stop[seat]
    key = f"koikoi.pays.{view.ruleset}"
    said = "".join(t(f"koikoi.times.{doubled.cause}") for doubled in stake.doublings)
    body.append(
        t(
            key if has(key) else "koikoi.pays",
            view.ruleset,
            value=value,
            n=others,
            total=total,
            times=said,
        )
    )
    go_on = f"koikoi.go_on.{view.ruleset}"
    body.append(t(go_on if has(go_on) else "koikoi.go_on"))
    if not view.hand:  # the seat plays no more turn this month: こいこい stays legal all the same
        empty = f"koikoi.empty_hand.{view.ruleset}"
        body.append(t(empty if has(empty) else "koikoi.empty_hand"))
    if dict(view.facts.status()).get("shibari"):
        body.append(t("koikoi.shibari"))
    for s in range(view.players):
        if s == seat:
            continue
        near = near_yaku(view.ruleset, options, view.captures[s], available(view.captures, s))
        if near:
            body.append(t("koikoi.threat", who=plain(names[s]), names=" ".join(near)))
    return Decision(
        t("koikoi.title", view.ruleset, value=value),
        body,
        choices(view),
        focus=None if view.hand else act.SHOBU,  # Enter stops where こいこい cannot add
    )


def take_prompt(view: PlayerView, names: Sequence[str]) -> Decision:
    """The played or drawn card matches two field cards: choose the one it takes."""
    card = view.pending_card
    return Decision(
        t("take.title"),
        [t("take.body", card=face(card), name=describe(card))],
        choices(view),
    )


def generic_prompt(view: PlayerView, names: Sequence[str]) -> Decision:
    """Any decision the screen has no special prompt for: the legal actions by name."""
    return Decision(t("generic.title", phase=view.phase), [t("generic.body")], choices(view))


def hatto_prompt(card: int, hatto: Any, names: Sequence[str], ruleset: str) -> Decision:
    """法度 warning (八八): laying ``card`` could let another player complete a yaku (or a 飛込み)
    that the one who laid it pays; ``hatto`` says for whom, what, and the value at stake."""
    helped = [f"{plain(names[b])}: {' '.join(map(yaku_name, ns))}" for b, ns in hatto.yaku]
    helped += [f"{plain(names[h])}: {t('event.tobikomi')}" for h, _ in hatto.tobikomi]
    body = t("hatto.body", card=face(card), name=describe(card), what=", ".join(helped))
    return Decision(
        t("hatto.title"),
        [body, t("hatto.value", ruleset, value=hatto.value, total=2 * hatto.value)],
        [(card, t("hatto.play"), "y"), (-1, t("hatto.back"), "n")],
    )
