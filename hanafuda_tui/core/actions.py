"""Actions as plain ints, and their record tokens.

- ``0``–``47``: play that hand card (token: its code, ``"A"``);
- ``TAKE + c``: take field card ``c`` when the played or drawn card matches two (token ``"take:B"``);
- the named decisions below (token: their name).
"""

from __future__ import annotations

from .cards import CARD_OF_CODE, CODES

TAKE = 64
DECLARE = 128
"""Show a teyaku and claim it."""
PASS = 129
"""Keep a teyaku hidden."""
KOIKOI = 130
SHOBU = 131
"""勝負: stop and be paid."""
AGARI = 132
SAGE = 133
CANCEL = 134
"""下げの取消し."""
KEEP = 135
"""Stay in 下げ."""
DERU = 136
"""出る: play this round (花合わせ with four to six seated)."""
ORIRU = 137
"""下る: sit this round out."""

NAMED = {
    DECLARE: "declare",
    PASS: "pass",
    KOIKOI: "koikoi",
    SHOBU: "shobu",
    AGARI: "agari",
    SAGE: "sage",
    CANCEL: "cancel",
    KEEP: "keep",
    DERU: "deru",
    ORIRU: "oriru",
}
_BY_NAME = {name: action for action, name in NAMED.items()}


def token(action: int) -> str:
    """The record token of an action."""
    if 0 <= action < 48:
        return CODES[action]
    if TAKE <= action < TAKE + 48:
        return "take:" + CODES[action - TAKE]
    return NAMED[action]


def parse_token(text: str) -> int:
    """The action of a record token; ValueError if it names none."""
    if len(text) == 1 and text in CARD_OF_CODE:
        return CARD_OF_CODE[text]
    if text.startswith("take:") and len(text) == 6 and text[5] in CARD_OF_CODE:
        return TAKE + CARD_OF_CODE[text[5]]
    if text in _BY_NAME:
        return _BY_NAME[text]
    raise ValueError(f"{text!r} is not an action")
