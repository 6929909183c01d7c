"""Card faces from ``assets/cards.json`` (the package's ``data/cards.json`` links to it, so a wheel
carries a copy): a two-kanji face per card, coloured by kind, laid out by Rich cell widths (kanji
are two cells)."""

from __future__ import annotations

import json
from collections.abc import Mapping
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
"""Content markup styles by kind, in the theme's variables (``$text-warning``)."""
LIT: str = _DATA["lit"]
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


def rich_style(card: int, variables: Mapping[str, str]) -> str:
    """``style_of`` for Rich (a help table): the theme's ``variables`` put in."""
    return " ".join(
        variables.get(word[1:], "") if word.startswith("$") else word
        for word in style_of(card).split()
    ).strip()


def face(card: int, *, selected: bool = False, lit: bool = False) -> str:
    """Content markup for one card face."""
    style = style_of(card)
    if selected:
        style += " reverse"
    if lit:
        style += " " + LIT
    return f"[{style}]{FACES[card]}[/]"


def describe(card: int) -> str:
    """``松に鶴 · 光`` or ``crane (pine) · light``; in English the month and the kind are left out
    where the card's name already says them (``cherry chaff``, not ``… (cherry) · chaff``). The
    letter codes of the records are no words for a player: they are left out."""
    kind = t("kind." + kind_key(card))
    if lang() == "en":
        name = NAME_EN[card]
        month = MONTH_NAMES_EN[card // 4]
        text = name + ("" if month in name else f" ({month})")
        return text if kind.split()[-1] in name else f"{text} · {kind}"
    return f"{NAME[card]} · {kind}"


def short_name(card: int) -> str:
    """``芒に雁`` or ``geese``: the name, for a button beside the face."""
    return NAME_EN[card] if lang() == "en" else NAME[card]


def month_label(month: int, short: bool = False) -> str:
    """``3月 桜``; in English ``Month 3 cherry``, or ``3 cherry`` when ``short`` (a sheet's column)."""
    if lang() == "en":
        word = str(month) if short else t("month.word", n=month)
        return f"{word} {MONTH_NAMES_EN[month - 1]}"
    return f"{month}月 {MONTH_NAMES[month - 1]}"


def wrap(items: list[tuple[str, int]], width: int, prefix: str = "", indent: int = 0) -> list[str]:
    """Lay markup ``items`` (markup, cell width) in lines of ``width`` cells after ``prefix``.

    ``prefix`` is plain markup of ``indent`` cells; continuation lines are indented the same.
    """
    spots = places(items, width, indent)
    rows = spots[-1][0] + 1 if spots else 1
    lines = [prefix] + [" " * indent] * (rows - 1)
    for (markup, _), (row, x) in zip(items, spots, strict=True):
        if x != indent:
            lines[row] += " "
        lines[row] += markup
    return lines


def places(items: list[tuple[str, int]], width: int, indent: int) -> list[tuple[int, int]]:
    """Where ``wrap`` puts each item: (line, first cell), items one space apart."""
    out = []
    row, used = 0, indent
    for _, w in items:
        x = used if used == indent else used + 1
        if used > indent and x + w > width:
            row, x = row + 1, indent
        out.append((row, x))
        used = x + w
    return out


def card_items(cards: int) -> list[tuple[str, int]]:
    """(markup, cell width) of each card of a bit set, for ``wrap``."""
    return [(face(c), cell_len(FACES[c])) for c in card_list(cards)]


BIG_WIDTH = 4
BIG_HEIGHT = 4


def big_face(
    card: int, *, number: str = "", selected: bool = False, lit: bool = False
) -> list[str]:
    """A card four lines tall for larger terminals: a box with the month and subject kanji."""
    style = style_of(card)
    if selected:
        style += " reverse"
    if lit:
        style += " " + LIT
    month, subject = FACES[card][0], FACES[card][1:]
    top = f"╭{number or '─'}─╮" if len(number) <= 1 else f"╭{number}╮"
    rows = (top, f"│{month}│", f"│{subject}│", "╰──╯")
    return [f"[{style}]{row}[/]" for row in rows]


def big_places(count: int, width: int, indent: int) -> list[tuple[int, int]]:
    """(card row, first cell) of each big card, one space apart."""
    per_row = max((width - indent + 1) // (BIG_WIDTH + 1), 1)
    return [(i // per_row, indent + (i % per_row) * (BIG_WIDTH + 1)) for i in range(count)]


def big_wrap(cards: list[list[str]], width: int, prefix: str = "", indent: int = 0) -> list[str]:
    """Lay big cards in rows of four lines; ``prefix`` (``indent`` cells) starts the second line."""
    spots = big_places(len(cards), width, indent)
    rows = spots[-1][0] + 1 if spots else 1
    lines = [" " * indent for _ in range(rows * BIG_HEIGHT)]
    if prefix:
        lines[1] = prefix
    for card, (row, x) in zip(cards, spots, strict=True):
        for k, part in enumerate(card):
            lines[row * BIG_HEIGHT + k] += ("" if x == indent else " ") + part
    return lines
