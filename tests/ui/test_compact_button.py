"""The selector's buttons draw as Textual's compact buttons do, without Button's stylesheet: in a
dark, a light and the ANSI theme, as they are, focused and pressed, of either variant."""

from __future__ import annotations

import asyncio

import pytest
from rich.segment import Segment
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Button

from hanafuda_tui.ui.widgets.compact_button import CompactButton

VARIANTS = ("default", "primary")


class Buttons(App[None]):
    """A Button and a CompactButton of each variant, one under another, none focused."""

    AUTO_FOCUS = ""

    def compose(self) -> ComposeResult:
        for variant in VARIANTS:
            yield Button("Start", compact=True, variant=variant, id=f"button-{variant}")
            yield CompactButton("Start", compact=True, variant=variant, id=f"compact-{variant}")


def drawn(widget: Widget) -> list[list[Segment]]:
    """The widget's lines as drawn, each a list of segments (text and style)."""
    width, height = widget.size
    return [list(strip) for strip in widget.render_lines(Region(0, 0, width, height))]


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light", "ansi"])
def test_a_compact_button_draws_as_a_compact_button(theme: str) -> None:
    async def run() -> list[tuple[str, str, list[list[Segment]], list[list[Segment]]]]:
        app = Buttons(ansi_color=theme == "ansi")
        seen = []
        async with app.run_test(size=(40, 8)) as pilot:
            if theme != "ansi":
                app.theme = theme
            for variant in VARIANTS:
                button = app.query_one(f"#button-{variant}", Button)
                compact = app.query_one(f"#compact-{variant}", CompactButton)
                for state in ("as it is", "focused", "pressed"):
                    lines = []
                    for widget in (button, compact):  # one at a time: one has the focus
                        if state == "focused":
                            widget.focus()
                        if state == "pressed":
                            widget.add_class("-active")
                        await pilot.pause()
                        lines.append(drawn(widget))
                        widget.remove_class("-active")
                        app.screen.set_focus(None)
                    seen.append((variant, state, *lines))
        return seen

    for variant, state, button, compact in asyncio.run(run()):
        assert compact == button, (variant, state)
