"""Join codes: one per person's seat, from ``secrets``, kept beside the table's record (never in
it: a record can be shared, its codes are secrets) so that a resumed table keeps them."""

from __future__ import annotations

import json
import secrets
from pathlib import Path

from ..core.records import SECRET_FILE, write_atomically

ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
"""Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i)."""


def new_code() -> str:
    """A join code: 8 characters from 40 bits of ``secrets``, easy to read aloud and type."""
    return "".join(secrets.choice(ALPHABET) for _ in range(8))


def codes_path(record_path: Path) -> Path:
    """Where a table's join codes are kept beside its record (the record itself holds no secret)."""
    return record_path.with_name(record_path.name + ".codes")


def save_codes(path: Path, codes: dict[int, str], spectator: str | None) -> None:
    text = json.dumps({"seats": {str(s): c for s, c in codes.items()}, "spectator": spectator})
    write_atomically(path, text, SECRET_FILE)


def load_codes(path: Path) -> tuple[dict[int, str], str | None] | None:
    """The codes kept for a table, or None if there are none to read."""
    try:
        data = json.loads(path.read_text("utf-8"))
        seats = {int(s): str(c) for s, c in data["seats"].items()}
        spectator = data.get("spectator")
        return seats, str(spectator) if spectator else None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
