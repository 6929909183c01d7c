"""Text from outside made fit to show: a string printable on a terminal, and a pydantic model's
complaint about bad input as the one line a person is shown (where, and what is wrong)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pydantic import ValidationError

_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def printable(text: str) -> str:
    """``text`` safe to print on a terminal: control characters (C0, DEL, C1), bidi overrides and
    isolates, and lone surrogates are written as ``\\uXXXX`` (also a valid escape inside JSON)."""
    return _UNPRINTABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def first_fault(err: ValidationError, whole: str) -> str:
    """``where: what`` of the first thing ``err`` found wrong, on one line and printable: where is
    the field's path in the input (``whole`` when it is the input as a whole), what is pydantic's
    message without its "Value error, " (at most 200 characters)."""
    first = err.errors()[0]
    where = printable(".".join(str(p) for p in first["loc"])) or whole
    what = " ".join(str(first["msg"]).removeprefix("Value error, ").split())[:200]
    return f"{where}: {printable(what)}"
