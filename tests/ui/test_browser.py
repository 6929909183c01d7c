"""`hanafuda serve` in a real browser: the system's headless Chromium (driven by selenium, nothing
downloaded) opens the page, reaches the selector, switches the language, starts a seeded game and
plays cards; a second tab is a second session with a save of its own and the shared settings; a
tab opened after the first one closed continues its game. Ctrl+C then stops the server and every
session's process. Screenshots are kept in the test's directory."""

from __future__ import annotations

import base64
import importlib.util
import json
import random
import re
import shutil
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.serve import WAIT, Served, in_session, serving, slot_held, wait_until

from hanafuda_tui.core.events import Played
from hanafuda_tui.core.records import load_record, new_game, record_of, replay

CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")
pytestmark = [
    pytest.mark.skipif(
        not (CHROMIUM and CHROMEDRIVER),
        reason="no system Chromium to drive (apt-get install chromium chromium-driver fonts-noto-cjk)",
    ),
    pytest.mark.skipif(
        importlib.util.find_spec("selenium") is None,
        reason="selenium is not installed (pip install -e '.[test]')",
    ),
]

WINDOW = (1180, 860)
"""The browser window: the page's terminal is then about 120×36 cells (the large cards)."""
SEED = "7"

RECORDER = """
(() => {
  const Real = window.WebSocket;
  const decoder = new TextDecoder();
  window.__screen = "";
  window.WebSocket = function (...args) {
    const socket = new Real(...args);
    socket.addEventListener("message", (e) => {
      if (typeof e.data !== "string") {
        window.__screen += decoder.decode(new Uint8Array(e.data), { stream: true });
      }
    });
    return socket;
  };
  window.WebSocket.prototype = Real.prototype;
})();
"""
"""Keeps the text the game sends the page's terminal (controls and all) in ``window.__screen``:
the page draws it on a canvas, where no element holds it."""

INK = """
const [data, done] = arguments;
const image = new Image();
image.onload = () => {
  const canvas = document.createElement("canvas");
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, image.width, image.height).data;
  const counts = new Map();
  for (let i = 0; i < pixels.length; i += 4) {
    const key = (pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2];
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  const background = Math.max(...counts.values());
  done({ pixels: pixels.length / 4, ink: pixels.length / 4 - background, colours: counts.size });
};
image.src = "data:image/png;base64," + data;
"""
"""How many of a screenshot's pixels are not its background colour, and how many colours it has
(read by the browser itself: no image library needed)."""


def plain(text: str) -> str:
    """Terminal output without its control sequences."""
    return re.sub(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07]*\x07|[()][0-9A-Za-z]|.)", "", text)


def human_plays(save: Path) -> int:
    """Cards the human in the first seat has played in the game saved at ``save``."""
    if not save.exists():
        return 0
    game = replay(load_record(save.read_text("utf-8")))
    return sum(isinstance(e, Played) and e.seat == 0 for e in game.log)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Served, Path, Path]]:
    """``hanafuda serve --port 0`` with its data and settings in the test's directory; the game's
    pace 0 and Japanese."""
    config = tmp_path / "config"
    config.mkdir()
    settings = {"pace": 0, "motion": False, "language": "ja"}
    (config / "config.json").write_text(json.dumps(settings), "utf-8")
    with serving(tmp_path, env={"HANAFUDA_CONFIG_DIR": str(config)}) as served:
        yield served, tmp_path / "data", config


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--window-size={WINDOW[0]},{WINDOW[1]}",
        f"--user-data-dir={tmp_path / 'chromium-profile'}",
    ):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def saved(save: Path) -> str:
    """The game saved at ``save`` as it stands (empty before the first save)."""
    return save.read_text("utf-8") if save.exists() else ""


def play_cards(tab: Tab, save: Path, cards: int) -> None:
    """Play the first hand card (Enter also takes a prompt's default) until the human has
    played ``cards`` cards in the saved game."""
    from selenium.webdriver.common.keys import Keys

    deadline = time.monotonic() + WAIT
    while human_plays(save) < cards:
        if time.monotonic() > deadline:
            tab.shot("timed-out")
            pytest.fail(f"the human played {human_plays(save)} cards, not {cards}")
        before = saved(save)
        tab.keys("1", Keys.ENTER)
        # the next keys as soon as the game has moved on; again after a second if these came
        # while no key counts
        again = time.monotonic() + 1.0
        while saved(save) == before and time.monotonic() < again:
            time.sleep(0.05)


class Tab:
    """One browser tab on the game's page: what its terminal was sent, keys, screenshots."""

    def __init__(self, driver: Any, url: str, shots: Path, new: bool) -> None:
        self.driver = driver
        self.shots = shots
        if new:
            driver.switch_to.new_window("tab")
        self.handle = driver.current_window_handle
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
        driver.get(url)

    def screen(self) -> str:
        """Every character sent to this tab's terminal so far, controls removed."""
        self.driver.switch_to.window(self.handle)
        return plain(self.driver.execute_script("return window.__screen || ''"))

    def forget(self) -> None:
        """Start ``screen`` afresh (what is drawn from now on)."""
        self.driver.switch_to.window(self.handle)
        self.driver.execute_script("window.__screen = ''")

    def wait_for_text(self, text: str) -> None:
        wait_until(
            f"{text!r} on the page", lambda: text in self.screen(), lambda: self.shot("timed-out")
        )

    def press(self, key: str, drawn: str) -> None:
        """Type ``key`` and wait until the page has been sent ``drawn``."""
        self.forget()
        self.keys(key)
        self.wait_for_text(drawn)

    def keys(self, *keys: str) -> None:
        """Keys typed into the page's terminal, one at a time."""
        from selenium.webdriver.common.by import By

        self.driver.switch_to.window(self.handle)
        box = self.driver.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")
        for key in keys:
            box.send_keys(key)

    def shot(self, name: str) -> dict[str, int]:
        """A screenshot saved as ``name``.png; how much of it is drawn (see INK)."""
        self.driver.switch_to.window(self.handle)
        png = self.driver.get_screenshot_as_png()
        (self.shots / f"{name}.png").write_bytes(png)
        data = base64.b64encode(png).decode("ascii")
        ink: dict[str, int] = self.driver.execute_async_script(INK, data)
        return ink

    def close(self) -> None:
        """Close this tab (the browser goes on in another)."""
        self.driver.switch_to.window(self.handle)
        self.driver.close()
        self.driver.switch_to.window(self.driver.window_handles[0])


@pytest.mark.long
def test_the_game_plays_in_a_browser_with_a_save_for_each_session(
    server: tuple[Served, Path, Path], browser: Any, tmp_path: Path
) -> None:
    from selenium.webdriver.common.keys import Keys

    served, data, config = server
    proc, url = served.proc, served.url
    shots = tmp_path / "screenshots"
    shots.mkdir()
    slot1, slot2 = data / "sessions" / "1", data / "sessions" / "2"

    first = Tab(browser, url, shots, new=False)
    first.wait_for_text("遊ぶルールと席を選んでください")  # the selector, in Japanese
    first.wait_for_text("三人こいこい")
    japanese = first.shot("1-selector-ja")
    assert japanese["ink"] > japanese["pixels"] // 50 and japanese["colours"] > 20
    assert slot_held(slot1)

    first.forget()
    first.keys("l")
    first.wait_for_text("choose the rules and the seats")
    english = first.shot("2-selector-en")
    assert english != japanese
    assert json.loads((config / "config.json").read_text("utf-8"))["language"] == "en"

    # each key once the one before has been drawn: a key sent before the focus has moved would
    # go to the widget that had it
    first.press(Keys.UP, "new deals each time")  # from Start to the seed: its cursor drawn
    first.press(SEED, SEED)
    first.press(Keys.DOWN, "Start")
    first.keys(Keys.ENTER)
    save = slot1 / "save.json"
    wait_until("a game saved in the first slot", save.exists, lambda: first.shot("timed-out"))
    seeded = load_record(save.read_text("utf-8"))
    assert seeded.seats[0].player == "human" and seeded.ruleset == "koikoi3"
    dealt = record_of(new_game("koikoi3", random.Random(SEED)), seeded.seats)
    assert seeded.deals[0].deck == dealt.deals[0].deck  # the seed typed in the page
    before = first.shot("3-table")

    play_cards(first, save, 3)
    played = first.shot("4-game-in-progress")
    assert played != before and played["ink"] > before["ink"] // 2

    second = Tab(browser, url, shots, new=True)  # a second session, the settings it shares
    second.wait_for_text("choose the rules and the seats")
    second.wait_for_text("Quit")  # the row of buttons, drawn
    second.shot("5-second-tab")
    assert "Continue" not in second.screen()  # its own save slot: nothing to continue
    assert slot_held(slot1) and slot_held(slot2)

    first.close()  # the first session's process ends; its save stays in its slot
    wait_until("the first slot let go", lambda: not slot_held(slot1))
    third = Tab(browser, url, shots, new=True)
    third.wait_for_text("Continue")  # the first session's game, offered to the next one
    assert slot_held(slot1)
    third.shot("6-continue")
    assert human_plays(save) >= 3

    proc.send_signal(signal.SIGINT)  # Ctrl+C
    assert proc.wait(timeout=WAIT) == 0
    wait_until("every session's process gone", lambda: not in_session(proc.pid))
    assert "Traceback" not in served.output()
