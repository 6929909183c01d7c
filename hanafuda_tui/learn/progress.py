"""Which lessons are finished: a small JSON file in the data directory (``{"finished": [ids]}``).

A file that cannot be read is taken as nothing finished, with one line saying why; marking a
lesson then writes a good file in its place.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..core.records import printable, write_atomically

PROGRESS_NAME = "lessons.json"
MAX_BYTES = 1 << 16
"""The largest progress file read (a few hundred ids at most)."""


@dataclass(frozen=True)
class Progress:
    finished: frozenset[str]
    problem: str = ""
    """Why the file could not be read (one line), else empty."""


def load_progress(path: Path) -> Progress:
    """The finished lessons kept at ``path``; nothing finished if there is no file yet."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return Progress(frozenset())
    except OSError as err:
        return Progress(frozenset(), f"lesson progress {path} not read: {err.strerror or err}")
    if len(data) > MAX_BYTES:
        return Progress(frozenset(), f"lesson progress {path} not read: larger than 64 KiB")
    try:
        parsed = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return Progress(frozenset(), f"lesson progress {path} not read: not JSON")
    ids = parsed.get("finished") if isinstance(parsed, dict) else None
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        return Progress(
            frozenset(), f"lesson progress {path} not read: no list of finished lessons"
        )
    return Progress(frozenset(ids))


def mark_finished(path: Path, lesson_id: str) -> str:
    """Keep ``lesson_id`` as finished at ``path``; why it could not be written (one line), else
    empty."""
    finished = load_progress(path).finished | {lesson_id}
    text = json.dumps({"finished": sorted(finished)}, ensure_ascii=False, indent=1) + "\n"
    try:
        write_atomically(path, text)
    except OSError as err:
        return f"lesson progress {printable(str(path))} not written: {err.strerror or err}"
    return ""
