"""Keeping Python's garbage collector from pausing a key press (the benchmark's 100 ms target).

Closed prompts and sheets are reference cycles that only a full collection frees. Left to itself,
Python runs that collection whenever enough has piled up, often in the middle of a key press, and
its pause grows with everything alive. So the app freezes what lives as long as it does (after the
selector and after a table are drawn: no later collection scans it again) and collects while a bot
has the turn, after the frame is drawn, when nobody is waiting for a key's effect.
"""

from __future__ import annotations

import gc


def freeze() -> None:
    """Collect, then set everything alive now aside from later collections."""
    gc.collect()
    gc.freeze()


def collect() -> None:
    gc.collect()
