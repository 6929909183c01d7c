"""Every key binding described in the current language, for Textual's keys panel (Ctrl+P → Keys)
and footer: the ``bind.*`` texts by action (``move(-1)`` → ``bind.move-``, ``choose(3)`` →
``bind.choose``), set on each screen as it shows and again when the language changes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rich.cells import cell_len
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.dom import DOMNode
from textual.widgets import Static

from .i18n import has, t


def unlisted(*keys: tuple[str, str], priority: bool = False) -> list[BindingType]:
    """Bindings of (keys, action) left out of the footer: the screen names its keys itself."""
    return [Binding(key, action, show=False, priority=priority) for key, action in keys]


def description(action: str) -> str | None:
    """The text for ``action``: its own (``bind.help(True)``), by the sign of its argument
    (``bind.pace-``), or by its name (``bind.choose``); None when there is none."""
    name, _, args = action.partition("(")
    name = name.rpartition(".")[2]
    sign = ("-" if args.startswith("-") else "+") if args[:1].isdigit() or args[:1] == "-" else ""
    for key in (f"bind.{name}({args}", f"bind.{name}{sign}", f"bind.{name}"):
        if has(key):
            return t(key)
    return None


def describe(node: DOMNode) -> None:
    """Give ``node``'s bindings their descriptions in the current language (a copy of each
    binding: the lists are shared with the class)."""
    bindings = node._bindings.key_to_bindings
    for key, listed in bindings.items():
        bindings[key] = [described(b) for b in listed]


def described(binding: Binding) -> Binding:
    text = description(binding.action)
    return binding if text is None else replace(binding, description=text)


class KeysLine(Static):
    """The keys that work on a screen over the table (markup), on its bottom line: it covers the
    table's keys, which do not work there."""

    DEFAULT_CSS = """
    KeysLine {
        dock: bottom;
        height: 1;
        width: 100%;
        padding: 0 1;
        background: $background;
        color: $text-muted;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    def __init__(self, markup: str) -> None:
        super().__init__(Content.from_markup(markup))
        self.markup = markup

    def on_mount(self) -> None:
        self.call_after_refresh(self.tell_scroll)

    def on_resize(self) -> None:
        self.call_after_refresh(self.tell_scroll)

    def tell_scroll(self) -> None:
        """Say that ↑↓ scroll when the screen (one with ``ScrollKeys``) has more than fits."""
        more = isinstance(self.screen, ScrollKeys) and any(
            scroll.max_scroll_y > 0 for scroll in self.screen.query(VerticalScroll)
        )
        hint = f"[b]↑↓[/b] {t('keys.scroll')}  " if more else ""
        self.update(fitted(Content.from_markup(hint + self.markup), self.content_size.width))


def show_fitted(
    widget: Static, markup: str, width: int, fit: Callable[[str, int], Content]
) -> None:
    """Show ``markup`` on ``widget`` as ``fit`` cuts it to ``width`` cells (done again only when
    either changed)."""
    if (getattr(widget, "markup_text", None), getattr(widget, "fitted_width", None)) != (
        markup,
        width,
    ):
        widget.markup_text, widget.fitted_width = markup, width  # type: ignore[attr-defined]
        widget.update(fit(markup, width))


def fitted_status(markup: str, width: int) -> Content:
    """A status line's parts apart by `` · ``, cut after the last whole part that fits."""
    return fitted(Content.from_markup(markup), width, " · ")


def fitted_entries(markup: str, width: int) -> Content:
    """A keys line of ``[b]key[/b] word`` entries apart by one space, cut after the last whole
    entry that fits ``width`` cells."""
    parts = markup.split(" [b]")
    shown = parts[0]
    for part in parts[1:]:
        longer = f"{shown} [b]{part}"
        if width > 0 and cell_len(Content.from_markup(longer).plain) > width:
            break
        shown = longer
    return Content.from_markup(shown)


def fitted(keys: Content, width: int, between: str = "  ") -> Content:
    """``keys`` (entries apart by ``between``, the most needed first) cut after the last whole
    entry that fits ``width`` cells, rather than in the middle of one."""
    plain = keys.plain
    if width <= 0 or cell_len(plain) <= width:
        return keys
    end = plain.find(between)
    if end < 0 or cell_len(plain[:end]) > width:
        return keys  # not even the first entry fits: the line's own ellipsis cuts it
    while True:
        after = plain.find(between, end + len(between))
        if after < 0 or cell_len(plain[:after]) > width:
            return keys[:end]
        end = after


class ScrollKeys:
    """A screen whose body scrolls with ↑↓ and PgUp PgDn at once, whatever has the focus (its
    ``KeysLine`` says so when there is more than fits)."""

    SCROLL_BINDINGS = [
        Binding("up", "scroll_body(-1)", show=False),
        Binding("down", "scroll_body(1)", show=False),
        Binding("pageup", "scroll_body(-10)", show=False),
        Binding("pagedown", "scroll_body(10)", show=False),
    ]

    def action_scroll_body(self, lines: int) -> None:
        screen: Any = self
        for scroll in screen.query(VerticalScroll):
            scroll.scroll_relative(y=lines, animate=False)
            return
