"""Card faces take their colours from the active theme: every face on the table, and in the help's
yaku tables, stands out from the background in a dark and in a light theme."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import pytest
from helpers.ui import settle
from rich.color import Color
from rich.console import Console
from rich.segment import Segment

from hanafuda_tui.core.records import SeatRecord
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.faces import FACES

FACE_TEXT = {f for f in FACES} | {f[0] for f in FACES}
SEATS = [SeatRecord(name="A", player="human"), *(SeatRecord(name=n, player="random") for n in "BC")]


def luminance(color: Color) -> float:
    """WCAG relative luminance."""
    r, g, b = (c / 255 for c in color.get_truecolor())
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: Color, b: Color) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def face_segments(app: Any) -> list[Segment]:
    """The drawn segments of the screen on top showing a card face (or a face's month kanji),
    colours resolved: the whole terminal for the table, the yaku tables for the help."""
    if app.screen.query("#help-yaku"):
        widgets = list(app.screen.query("#help-yaku, #help-teyaku"))
        segments = [
            s for w in widgets for strip in w.render_lines(w.region.reset_offset) for s in strip
        ]
    else:
        width, height = app.size
        console = Console(width=width, height=height, file=io.StringIO(), record=True)
        console.print(app.screen._compositor.render_update(full=True))
        segments = console._record_buffer
    return [s for s in segments if s.style and s.style.color and s.text.strip("│ ") in FACE_TEXT]


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light", "solarized-light"])
def test_card_faces_are_readable_in_the_theme(theme: str) -> None:
    async def run() -> None:
        app = HanafudaApp(bot_pause=0, language="ja")
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            app.start_game("koikoi3", {}, SEATS, "5")
            await settle(pilot)
            app.theme = theme
            await pilot.pause()
            background = Color.parse(app.current_theme.background or "#000000")
            for screen_help in (False, True):
                if screen_help:
                    await pilot.press("question_mark")
                    await pilot.pause()
                faces = face_segments(app)
                assert len(faces) >= 10
                low = [
                    (s.text, s.style.color.get_truecolor().hex if s.style.color else "")
                    for s in faces
                    if s.style
                    and s.style.color
                    and contrast(s.style.color, s.style.bgcolor or background) < 3
                ]
                assert not low, (theme, screen_help, low[:5])

    asyncio.run(run())
