"""Card faces from ``data/cards.json``: a two-kanji face per card, coloured by kind, laid out by
Rich cell widths (kanji are two cells)."""

from __future__ import annotations

import json
from pathlib import Path

from rich.cells import cell_len

from ..core.cards import (
    AKATAN,
    AOTAN,
    CODES,
    HIKARI,
    KASU,
    KIND,
    MONTH_NAMES,
    MONTH_NAMES_EN,
    NAME,
    NAME_EN,
    TANE,
    card_list,
)
from .i18n import lang, t

_DATA = json.loads((Path(__file__).parent / "data" / "cards.json").read_text(encoding="utf-8"))
FACES: tuple[str, ...] = tuple(_DATA["faces"][code] for code in CODES)
STYLES: dict[str, str] = _DATA["styles"]
KIND_MARKS: dict[str, str] = _DATA["kind_marks"]
FACE_WIDTH = max(cell_len(f) for f in FACES)


def kind_key(card: int) -> str:
    """light, tane, akatan, aotan, tan or kasu (赤短 and 青短 told apart)."""
    bit = 1 << card
    if bit & AKATAN:
        return "akatan"
    if bit & AOTAN:
        return "aotan"
    return {HIKARI: "light", TANE: "tane", KASU: "kasu"}.get(KIND[card], "tan")


def style_of(card: int) -> str:
    return STYLES[kind_key(card)]


def face(card: int, *, selected: bool = False, lit: bool = False, click: str = "") -> str:
    """Content markup for one card face."""
    style = style_of(card)
    if selected:
        style += " reverse"
    if lit:
        style += " underline on #3a3a00"
    text = FACES[card]
    if click:
        return f"[{style}][@click={click}]{text}[/][/]"
    return f"[{style}]{text}[/]"


def describe(card: int) -> str:
    """``A 松に鶴 · 光`` or ``A crane (pine) · light``."""
    kind = t("kind." + kind_key(card))
    if lang() == "en":
        return f"{CODES[card]} {NAME_EN[card]} ({MONTH_NAMES_EN[card // 4]}) · {kind}"
    return f"{CODES[card]} {NAME[card]} · {kind}"


def month_label(month: int) -> str:
    if lang() == "en":
        return f"{t('month.word', n=month)} {MONTH_NAMES_EN[month - 1]}"
    return f"{month}月 {MONTH_NAMES[month - 1]}"


def wrap(items: list[tuple[str, int]], width: int, prefix: str = "", indent: int = 0) -> list[str]:
    """Lay markup ``items`` (markup, cell width) in lines of ``width`` cells after ``prefix``.

    ``prefix`` is plain markup of ``indent`` cells; continuation lines are indented the same.
    """
    lines: list[str] = []
    line, used = prefix, indent
    first = True
    for markup, w in items:
        if not first and used + 1 + w > width:
            lines.append(line)
            line, used, first = " " * indent, indent, True
        if not first:
            line += " "
            used += 1
        line += markup
        used += w
        first = False
    lines.append(line)
    return lines


def card_items(cards: int, **kw: object) -> list[tuple[str, int]]:
    return [(face(c, **kw), cell_len(FACES[c])) for c in card_list(cards)]  # type: ignore[arg-type]
