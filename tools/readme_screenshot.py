"""The README's picture: a 三人こいこい table mid-month, in English, as SVG, from the app itself
(settings and saves in a temporary directory). From the repository root:
``.venv/bin/python tools/readme_screenshot.py assets/table.svg [WIDTH HEIGHT SEED PLAYS CARD]``
(by default 100×32, seed 2, after three of your plays, hand card 3 chosen)."""

import asyncio
import html
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

work = Path(tempfile.mkdtemp(prefix="hanafuda-shot-"))
os.environ["HANAFUDA_DATA_DIR"] = str(work / "data")
os.environ["HANAFUDA_CONFIG_DIR"] = str(work / "config")
sys.path.insert(0, str(Path.cwd()))

from rich.cells import cell_len  # noqa: E402

from hanafuda_tui.ui.app import HanafudaApp, TableRequest  # noqa: E402
from hanafuda_tui.ui.screens.table import TableScreen  # noqa: E402
from tests.helpers.ui import human_step, settle  # noqa: E402


async def main(out: Path, width: int, height: int, seed: str, plays: int, select: str) -> None:
    request = TableRequest(
        "koikoi3", {"months": 12}, ["human", "normal", "strong:iterations=100"], seed
    )
    app = HanafudaApp(bot_pause=0.0, language="en", table=request)
    async with app.run_test(size=(width, height)) as pilot:
        await settle(pilot)
        played = 0
        while played < plays:
            kind = await human_step(pilot)
            played += kind == "play"
            await settle(pilot)
        while not isinstance(app.screen, TableScreen):  # end on the table, not a prompt
            await human_step(pilot)
            await settle(pilot)
        if select:
            await pilot.press(select)  # a hand card chosen, not played
        for _ in range(4):  # the pace back to its default 1 s, as the status line shows it
            await pilot.press("minus")
        await pilot.pause(0.3)
        out.write_text(cells_wide(app.export_screenshot()), encoding="utf-8")


def cells_wide(svg: str) -> str:
    """Rich sizes each text run by its characters, not its cells, squeezing kanji and kana into
    half their width: size it by its cells."""

    def fix(m: re.Match[str]) -> str:
        width = (
            float(m["width"]) / len(html.unescape(m["text"])) * cell_len(html.unescape(m["text"]))
        )
        return f'{m["head"]}textLength="{width:g}"{m["tail"]}>{m["text"]}</text>'

    return re.sub(
        r'(?P<head><text [^>]*?)textLength="(?P<width>[\d.]+)"(?P<tail>[^>]*)>(?P<text>[^<]*)</text>',
        fix,
        svg,
    )


if __name__ == "__main__":
    args = sys.argv[1:]
    out = Path(args[0]).resolve()
    width, height, seed, plays, select = (
        (int(args[1]), int(args[2]), args[3], int(args[4]), args[5])
        if len(args) > 1
        else (100, 32, "2", 3, "3")
    )
    try:
        asyncio.run(main(out, width, height, seed, plays, select))
    finally:
        shutil.rmtree(work)
