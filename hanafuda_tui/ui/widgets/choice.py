"""One value of a few, on one line: drawn as Textual's compact Select is (the value's label and ▼),
opened the same way (Space, a click) onto the same list of choices, but one widget where a Select
is five. A screen styles every widget it holds as it is shown, and a focus change restyles a row:
the selector has a dozen of these. The list is mounted when it is first opened."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual import events, on
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.dom import DOMNode
from textual.message import Message
from textual.reactive import var
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets._select import SelectOverlay  # the list a Select opens (textual < 9)
from textual.widgets.option_list import Option
from textual.widgets.select import InvalidSelectValueError

ARROW_CLOSED, ARROW_OPEN = "▼", "▲"


class Choice(Widget, can_focus=True):
    """A value chosen from ``options`` (label, value pairs); ``value`` set to one not among them
    raises ``InvalidSelectValueError``. A change posts ``Choice.Changed`` (not the first value)."""

    BINDINGS = [Binding("enter,down,space,up", "open", "Show menu", show=False)]
    COMPONENT_CLASSES = {"choice--arrow"}
    ALLOW_SELECT = False
    DEFAULT_CSS = """
    Choice {
        width: 32;
        height: 1;
        color: $foreground;
        background: $surface;
        pointer: pointer;
        &:focus {
            background-tint: $foreground 5%;
        }
        &:ansi {
            color: ansi_default;
            background: ansi_default;
        }
        & > .choice--arrow {
            color: $foreground 50%;
            background: transparent;
        }
        & > SelectOverlay {
            width: 1fr;
            height: auto;
            max-height: 12;
            offset-y: 1;
            overlay: screen;
            constrain: none inside;
            color: $foreground;
            border: tall $border-blurred;
            background: $surface;
            &:focus {
                background-tint: $foreground 5%;
            }
            & > .option-list--option {
                padding: 0 1;
            }
        }
    }
    """

    expanded: var[bool] = var(False, init=False)
    """Whether the list of choices is open."""
    value: var[Any] = var(None, init=False)

    class Changed(Message):
        """The value was changed (by a key, the list, or set)."""

        def __init__(self, choice: Choice, value: Any) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(
        self,
        options: Iterable[tuple[str, Hashable]],
        value: Hashable,
        *,
        id: str | None = None,  # noqa: A002 (Textual's name)
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.options: list[tuple[str, Any]] = list(options)
        if value not in self.values():
            raise InvalidSelectValueError(f"Illegal select value {value!r}.")
        self.set_reactive(Choice.value, value)

    def values(self) -> list[Any]:
        return [value for _, value in self.options]

    def label(self) -> str:
        return next(label for label, value in self.options if value == self.value)

    def validate_value(self, value: Any) -> Any:
        if value not in self.values():
            raise InvalidSelectValueError(f"Illegal select value {value!r}.")
        return value

    def watch_value(self, value: Any) -> None:
        self.refresh()
        self.post_message(self.Changed(self, value))

    def step(self, step: int) -> None:
        """The next (``step`` 1) or previous (-1) choice, round the end."""
        values = self.values()
        self.value = values[(values.index(self.value) + step) % len(values)]

    def render_line(self, y: int) -> Strip:
        """The value's label, then ▼ (▲ while open) and a space at the right edge; the cells
        between are drawn in the background alone (no underline when focused), as a Select's."""
        width = self.size.width
        background = self.visual_style.background_style.rich_style
        if y:
            return Strip.blank(width, background)
        label = Strip([Segment(self.label(), self.visual_style.rich_style)])
        arrow = ARROW_OPEN if self.expanded else ARROW_CLOSED
        end = [
            Segment(" ", background),
            Segment(arrow, self.arrow_style()),
            Segment(" ", background),
        ]
        return Strip.join([label.adjust_cell_length(max(width - 3, 0), background), Strip(end)])

    def arrow_style(self) -> RichStyle:
        return self.get_visual_style("choice--arrow").rich_style

    def overlay(self) -> SelectOverlay | None:
        try:
            return self.query_one(SelectOverlay)
        except NoMatches:
            return None

    def action_open(self) -> None:
        self.expanded = True

    async def _on_click(self, event: events.Click) -> None:
        event.stop()
        self.expanded = not self.expanded

    async def watch_expanded(self, expanded: bool) -> None:
        self.refresh()
        overlay = self.overlay()
        if not expanded:
            if overlay is not None:
                overlay.display = False
            return
        if overlay is None:
            overlay = SelectOverlay()
            overlay.compact = True
            overlay.add_options([Option(label) for label, _ in self.options])
            await self.mount(overlay)
        overlay.display = True
        overlay.focus(scroll_visible=False)
        overlay.select(self.values().index(self.value))

    @on(SelectOverlay.Dismiss)
    def dismissed(self, event: SelectOverlay.Dismiss) -> None:
        event.stop()
        self.expanded = False
        if not event.lost_focus:
            self.focus()

    @on(SelectOverlay.UpdateSelection)
    def picked(self, event: SelectOverlay.UpdateSelection) -> None:
        event.stop()
        value = self.options[event.option_index][1]
        if value != self.value:
            self.value = value
        self.focus()
        self.expanded = False


def choosing(node: DOMNode) -> bool:
    """Whether a list of choices is open under ``node`` (its own keys pick from it)."""
    return any(choice.expanded for choice in node.query(Choice))
