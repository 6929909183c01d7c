"""Golden playthroughs: each example record's ``hanafuda replay FILE --json`` output, and the 八八
example's ``--sheet`` text, are pinned under tests/data/replay/.

The JSON is pinned as a canonical re-dump of what the CLI prints (two-space indents, keys in the
CLI's order, kanji as they are); the sheet is pinned exactly as printed. After a deliberate change of
behaviour, rewrite them with ``.venv/bin/python tests/regenerate_goldens.py`` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers.goldens import (
    EXAMPLES,
    GOLDEN_DIR,
    REGENERATE,
    SHEET_EXAMPLE,
    canonical,
    json_golden,
    replay_output,
    sheet_golden,
)


def first_difference(pinned: Any, now: Any, path: str = "$") -> str | None:
    """The first place where two JSON values differ, as ``path: pinned X, now Y``."""
    if isinstance(pinned, dict) and isinstance(now, dict):
        if list(pinned) != list(now):
            return f"{path}: pinned keys {list(pinned)}, now {list(now)}"
        for key in pinned:
            found = first_difference(pinned[key], now[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(pinned, list) and isinstance(now, list):
        for i, (a, b) in enumerate(zip(pinned, now, strict=False)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        if len(pinned) != len(now):
            return f"{path}: pinned {len(pinned)} items, now {len(now)}"
        return None
    if pinned != now or type(pinned) is not type(now):
        return f"{path}: pinned {pinned!r}, now {now!r}"
    return None


def first_line_difference(pinned: str, now: str) -> str:
    """The first differing line of two texts, numbered from 1."""
    old, new = pinned.splitlines(), now.splitlines()
    for i, (a, b) in enumerate(zip(old, new, strict=False), 1):
        if a != b:
            return f"line {i}: pinned {a!r}, now {b!r}"
    return f"pinned {len(old)} lines, now {len(new)}"


def pinned_text(golden: Path) -> str:
    if not golden.exists():
        pytest.fail(f"{golden.name} is not pinned; run {REGENERATE}")
    return golden.read_text(encoding="utf-8")


def test_golden_files_are_exactly_the_examples() -> None:
    wanted = {json_golden(p).name for p in EXAMPLES} | {sheet_golden(SHEET_EXAMPLE).name}
    assert {p.name for p in GOLDEN_DIR.iterdir()} == wanted, f"run {REGENERATE}"


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_replay_json_matches_the_pinned_playthrough(example: Path) -> None:
    pinned = pinned_text(json_golden(example))
    now = canonical(replay_output(example, "--json"))
    if now != pinned:
        where = first_difference(json.loads(pinned), json.loads(now))
        where = where or first_line_difference(pinned, now)
        pytest.fail(f"{example.name} replays differently: {where}\nif deliberate, run {REGENERATE}")


def test_hachihachi_sheet_matches_the_pinned_text() -> None:
    pinned = pinned_text(sheet_golden(SHEET_EXAMPLE))
    now = replay_output(SHEET_EXAMPLE, "--sheet")
    if now != pinned:
        where = first_line_difference(pinned, now)
        pytest.fail(f"{SHEET_EXAMPLE.name} sheet differs: {where}\nif deliberate, run {REGENERATE}")
