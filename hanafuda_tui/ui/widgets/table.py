"""The table's panels. Each panel gets plain data from the table screen, keeps the bit set of the
cards it shows (``shown_cards``, so tests can prove no hidden card reaches the screen) and lays its
cards out by cell width when it renders."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.cells import cell_len
from textual import events
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget

from ...core.cards import HIKARI, KASU, KIND_MASK, TAN, TANE, card_list
from ..faces import (
    BIG_HEIGHT,
    BIG_WIDTH,
    FACE_WIDTH,
    FACES,
    big_face,
    big_places,
    big_wrap,
    card_items,
    face,
    places,
    style_of,
    wrap,
)
from ..i18n import lang, t
from ..text import plain, yaku_name

GROUPS = ((HIKARI, "group.light"), (TANE, "group.tane"), (TAN, "group.tan"))


BIG_SIZE = (100, 32)
"""From this terminal size on, the field and the hand use big cards."""


def big_cards(screen: Screen[Any]) -> bool:
    """Whether the field and the hand use big cards: from ``BIG_SIZE`` on, unless the screen
    needs their rows for its seats (its ``small_cards``: the viewer with many hands open)."""
    width, height = screen.app.size
    big = width >= BIG_SIZE[0] and height >= BIG_SIZE[1]
    return big and not getattr(screen, "small_cards", False)


class Panel(Widget):
    """A block of card lines re-laid on every render to the widget's width."""

    DEFAULT_CSS = "Panel { height: auto; text-wrap: nowrap; text-overflow: ellipsis; }"
    """Card lines are laid to the width; a longer text line ends in an ellipsis, never wraps
    (the height is the number of lines)."""

    @property
    def big(self) -> bool:
        return big_cards(self.screen)

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.shown_cards = 0
        self.state: object = None

    def changed(self, state: object) -> bool:
        """Keep ``state`` (everything the panel shows, the language included); True if it is new.
        Unchanged panels are not redrawn, so a key press redraws only what it changes."""
        state = (lang(), state)
        if state == self.state:
            return False
        self.state = state
        return True

    def lines(self, width: int) -> list[str]:
        return []

    def render(self) -> Content:
        return Content.from_markup("\n".join(self.lines(max(self.size.width, 20))))

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self.lines(width))


@dataclass
class SeatInfo:
    name: str
    role: str
    hand_count: int
    captures: int
    shown: int
    score: int
    flags: str = ""
    kasu_cards: int = KIND_MASK[KASU]
    """The cards the ruleset counts as カス (``Game.kasu_cards``: 菊に盃 in both こいこい)."""
    entry: str = ""
    """The seat's answer to 出る・下る as shown (plain text), or ""."""
    out: bool = False
    """Out for the round: its head line only, with its card count (0) and score."""
    set_aside: int = 0
    """The viewer's own cards under the stock while it sits the round out (seen by it alone)."""
    many: bool = False
    """More seated than play a round: the score in the head (the sidebar may not show them all)."""
    one_line: bool = False
    """Many seated on a small terminal: the captures on the head's line."""
    ruleset: str = ""
    """The ruleset at the table, for its score unit."""


OTHER_ROWS = 15
"""Rows of a big table that are not the seats': status and keys, the field with its borders and
note, the hand with its hint."""
SEAT_ROWS = 3
"""A seat's rows besides its cards: its name line, a shown-cards line and the margin below."""
Block = tuple[tuple[str, str, str], int]
"""Three lines of markup and their width in cells."""


class SeatPanel(Panel):
    """A player: name, role, hand count, captures grouped 光 種 短 カス, face-up teyaku cards.

    Where the terminal has room the captures are small cards, fanned by kind, the カス too while
    they fit; otherwise a line of faces per kind with its count."""

    info: SeatInfo | None = None

    def show(self, info: SeatInfo) -> None:
        if not self.changed(info):
            return
        self.info = info
        self.shown_cards = info.captures | info.shown | info.set_aside
        self.set_class(info.out or info.one_line, "tight")
        self.refresh(layout=True)

    def card_rows(self) -> int:
        """Rows of small cards a seat may use: the board's free height, less a line for each seat
        out for the round, shared by the seats in play, and no more than an opponent's share of
        its box (0: the compact text)."""
        if not self.big:
            return 0
        panels = list(self.screen.query(SeatPanel))
        out = sum(1 for p in panels if p.info is not None and p.info.out)
        seats = max(len(panels) - out, 1)
        rows = max((self.app.size.height - OTHER_ROWS - out) // seats - SEAT_ROWS, 0) // 3
        share = self.share()
        return rows if share is None else min(rows, max(share, 0) // 3)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        self.room = getattr(container, "height", 0)
        return super().get_content_height(container, viewport, width)

    room = 0
    """The height of the box the panel is laid in, as of its last layout."""

    def text_rows(self) -> int:
        """Lines of compact text a seat's captures may use: an opponent shares what its box
        leaves after every opponent's head, shown cards and margin; the viewer's own seat gets
        its share of the terminal, at least two."""
        share = self.share()
        if share is None:
            panels = list(self.screen.query(SeatPanel))
            seats = max(sum(1 for p in panels if p.info is not None and not p.info.out), 1)
            return max((self.app.size.height - OTHER_ROWS) // seats - SEAT_ROWS, 2)
        return max(share, 1)

    def share(self) -> int | None:
        """An opponent's lines for its captures: what its box leaves after every opponent's
        head, shown cards and margin and the hands shown open under them (the viewer), shared
        by the seats in play; None for the viewer's own seat."""
        box = self.parent
        if self.id == "me" or not isinstance(box, Widget):
            return None
        fixed, seats = 0, 0
        for widget in box.children:
            if not isinstance(widget, SeatPanel):  # a hand shown open
                if widget.display and isinstance(widget, Panel):
                    fixed += len(widget.lines(self.size.width))
                continue
            info = widget.info
            if info is None or info.out or info.one_line:
                fixed += len(widget.lines(self.size.width)) if info is not None else 1
                continue
            seats += 1
            fixed += 2 + (1 if info.shown else 0)  # the head, the margin, the shown cards
        return (self.room - fixed) // max(seats, 1)

    def lines(self, width: int) -> list[str]:
        i = self.info
        if i is None:
            return [""]
        head = f"[b]{plain(i.name)}[/b]" + (f" ({i.role})" if i.role else "")
        head += f"  {t('table.hand_count', n=i.hand_count)}"
        if i.many:
            head += f"  {t('side.total', i.ruleset, n=i.score)}"
        if i.entry:
            head += f"  [b]{t('table.entry', entry=i.entry)}[/b]"
        if i.flags:
            head += f"  [reverse]{i.flags}[/]"
        if i.out:
            return [head, *self.set_aside_lines(i, width)]
        if i.one_line:
            indent = cell_len(Content.from_markup(head).plain) + 1
            items = self.folded_items(i, width, 1, indent)
            out = [" ".join([head, *(markup for markup, _ in items)])]
        else:
            big = self.card_lines(i, width)
            out = [
                head,
                *(big or wrap(self.folded_items(i, width, self.text_rows()), width, "  ", 2)),
            ]
        if i.shown:
            label = t("table.shown") + " "
            out += wrap(card_items(i.shown), width, "  " + label, 2 + cell_len(label))
        return out

    def set_aside_lines(self, i: SeatInfo, width: int) -> list[str]:
        """The viewer's own cards under the stock, labelled (docs/rules/hanaawase.md §11.7: an out
        player knows its seven, not where each lies)."""
        if not i.set_aside:
            return []
        label = t("table.set_aside") + " "
        return wrap(card_items(i.set_aside), width, "  " + label, 2 + cell_len(label))

    def folded_items(
        self, i: SeatInfo, width: int, rows: int, indent: int = 2
    ) -> list[tuple[str, int]]:
        """Each kind's count and the faces of 光 種 短 (the カス a count alone), a kind showing
        fewer faces and ``+N`` for the rest where they need more than ``rows`` lines (the counts
        alone where even one face of each does not fit)."""
        piles = [i.captures & KIND_MASK[kind] for kind, _ in GROUPS]

        def items(shown: list[int]) -> list[tuple[str, int]]:
            out: list[tuple[str, int]] = []
            for (_, key), cards, n in zip(GROUPS, piles, shown, strict=True):
                label = f"{t(key)}{cards.bit_count()}"
                out.append((f"[dim]{label}[/]", cell_len(label)))
                out.extend(card_items(first(cards, n)))
                if 0 < n < cards.bit_count():
                    more = f"+{cards.bit_count() - n}"
                    out.append((f"[dim]{more}[/]", len(more)))
            label = f"{t('group.kasu')}{(i.captures & i.kasu_cards).bit_count()}"
            out.append((f"[dim]{label}[/]", cell_len(label)))
            return out

        def fits(shown: list[int]) -> bool:
            spots = places(items(shown), width, indent)
            return not spots or spots[-1][0] < rows

        shown = folded([cards.bit_count() for cards in piles], fits)
        return items(shown or [0] * len(piles))

    def card_lines(self, i: SeatInfo, width: int) -> list[str] | None:
        """The captures as small cards in at most ``card_rows`` rows, a pile showing its first
        cards and ``+N`` for the rest where they do not fit; None when even one card of each
        does not fit."""
        rows = self.card_rows()
        if not rows:
            return None
        piles = [(t(key), i.captures & KIND_MASK[kind]) for kind, key in GROUPS]
        piles.append((t("group.kasu"), i.captures & i.kasu_cards))

        def laid(shown: list[int]) -> list[str] | None:
            blocks = [
                group(label, cards, n) for (label, cards), n in zip(piles, shown, strict=True)
            ]
            return lay(blocks, width, rows)

        shown = folded([cards.bit_count() for _, cards in piles], lambda n: laid(n) is not None)
        return None if shown is None else laid(shown)


def first(cards: int, n: int) -> int:
    """The first ``n`` cards of the bit set ``cards``."""
    return sum(1 << c for c in card_list(cards)[:n])


def folded(counts: list[int], fits: Callable[[list[int]], bool]) -> list[int] | None:
    """How many cards of each pile to show so that ``fits``: all of them if they fit, else the
    pile showing the most shows one fewer (the later pile on a tie, so the カス first) until
    they fit; None if one card of each non-empty pile does not."""
    shown = list(counts)
    while not fits(shown):
        k = max(range(len(shown)), key=lambda n: (shown[n], n))
        if shown[k] <= 1:
            return None
        shown[k] -= 1
    return shown


def fan(cards: int) -> Block:
    """Small cards side by side sharing their edges (``╭──┬──╮``), each in its kind's colour
    with its month (a card counted in two piles shows the same month in both)."""
    top = mid = bottom = ""
    style = ""
    for k, c in enumerate(card_list(cards)):
        style = style_of(c)
        top += f"[{style}]{'┬' if k else '╭'}──[/]"
        mid += f"[{style}]│{FACES[c][0]}[/]"
        bottom += f"[{style}]{'┴' if k else '╰'}──[/]"
    ends = (f"[{style}]╮[/]", f"[{style}]│[/]", f"[{style}]╯[/]")
    return (top + ends[0], mid + ends[1], bottom + ends[2]), 3 * cards.bit_count() + 1


def group(label: str, cards: int, shown: int) -> Block:
    """A kind's label with its count, then its first ``shown`` cards fanned and ``+N`` for the
    rest."""
    text = f"{label}{cards.bit_count()}"
    size = cell_len(text)
    pad = " " * size
    if not cards:
        return (pad, f"[dim]{text}[/]", pad), size
    (top, mid, bottom), width = fan(first(cards, shown))
    rest = cards.bit_count() - shown
    more = f"+{rest}" if rest else ""
    tail = " " * len(more)
    return (
        (pad + top + tail, f"[dim]{text}[/]" + mid + f"[dim]{more}[/]", pad + bottom + tail),
        size + width + len(more),
    )


def lay(blocks: list[Block], width: int, rows: int) -> list[str] | None:
    """Blocks (each part as wide as the block) two cells apart after an indent of two, wrapped at
    ``width``; None if they need more than ``rows`` rows or one is wider than a row."""
    out: list[list[str]] = []
    used = width
    for parts, size in blocks:
        if used + 2 + size > width:
            if 2 + size > width or len(out) == rows:
                return None
            out.append(["", "", ""])
            used = 0
        for k in range(3):
            out[-1][k] += "  " + parts[k]
        used += 2 + size
    return [line.rstrip() for row in out for line in row]


class FieldPanel(Panel):
    """The field, and the card waiting to take one of two field cards."""

    field_cards = 0
    lit = 0
    pending = -1
    note = ""

    def show(self, field_cards: int, lit: int, pending: int, note: str = "", at: int = -1) -> None:
        """``pending``: a card on its way to the field (waiting for a choice, or a card played or
        drawn being shown as it meets the field), drawn inverted in the row at ``at`` (-1: its
        own place, beside the cards of its month), and described by the markup ``note``."""
        if not self.changed((field_cards, lit, pending, note, at)):
            return
        self.field_cards, self.lit, self.pending, self.note = field_cards, lit, pending, note
        self.at = at
        self.shown_cards = field_cards | (1 << pending if pending >= 0 else 0)
        self.refresh(layout=True)

    def row(self) -> list[tuple[int, bool]]:
        """The cards of the row in order, each with whether it is the one on its way."""
        cards = [(c, False) for c in card_list(self.field_cards)]
        if self.pending >= 0:
            at = self.at if self.at >= 0 else sum(c < self.pending for c, _ in cards)
            cards.insert(min(at, len(cards)), (self.pending, True))
        return cards

    def lines(self, width: int) -> list[str]:
        label = t("table.field")
        cards = self.row()
        indent = cell_len(label) + 1
        if self.big:
            faces = [
                big_face(c, lit=bool(self.lit >> c & 1), selected=moving) for c, moving in cards
            ]
            out = big_wrap(faces, width, label + " ", indent)
        else:
            items = [
                (face(c, lit=bool(self.lit >> c & 1), selected=moving), cell_len(FACES[c]))
                for c, moving in cards
            ]
            out = wrap(items, width, label + " ", indent)
        if self.note:
            out.append(self.note)
        return out


@dataclass(frozen=True)
class HandMarks:
    """Hand cards marked as bit sets: ``warned``, whose play would be 法度 (八八,
    docs/rules/hachihachi.md §13); ``pointed``, a lesson's step points at them; ``takers``, they
    would take a field card (beginner mode)."""

    warned: int = 0
    pointed: int = 0
    takers: int = 0


class HandPanel(Panel):
    """The hand of the human at the keyboard, numbered, the selected card inverted, with a line
    saying what the selected card is and what it would take. A card whose play would be 法度 has
    its number inverted and a ``!`` before the Enter that plays it; a card pointed at is lit; a
    card that would take something (beginner mode) has ``+`` by its number."""

    cards: Sequence[int] = ()
    selected = -1
    playable = 0
    hidden_count = 0
    hint = ""
    marks = HandMarks()

    def show(
        self,
        cards: Sequence[int],
        selected: int,
        playable: int,
        hidden_count: int,
        hint: str,
        marks: HandMarks = HandMarks(),
    ) -> None:
        if not self.changed((tuple(cards), selected, playable, hidden_count, hint, marks)):
            return
        self.cards, self.selected, self.playable = cards, selected, playable
        self.hidden_count, self.hint, self.marks = hidden_count, hint, marks
        self.shown_cards = sum(1 << c for c in cards)
        self.refresh(layout=True)

    def lines(self, width: int) -> list[str]:
        label = t("table.hand")
        if not self.cards:
            text = t("table.hand_hidden", n=self.hidden_count) if self.hidden_count else ""
            return [f"{label} {text}", ""]
        indent = cell_len(label) + 1
        hint = self.hint
        chosen = self.cards[self.selected] if 0 <= self.selected < len(self.cards) else -1
        if chosen >= 0 and self.marks.warned >> chosen & 1:
            hint = f"[reverse]{t('hand.hatto')}[/] {hint}"
        if self.big:
            faces = [
                big_face(
                    c,
                    number=self.number(i, c),
                    selected=i == self.selected,
                    lit=bool(self.marks.pointed >> c & 1),
                )
                if self.playable >> c & 1
                else [f"[dim]{part}[/]" for part in big_face(c)]
                for i, c in enumerate(self.cards)
            ]
            return [*big_wrap(faces, width, label + " ", indent), hint]
        return [*wrap(self.items(), width, label + " ", indent), hint]

    def number(self, i: int, card: int) -> str:
        """A big card's number, ``!`` after it when its play would be 法度, ``+`` when it would
        take a field card (beginner mode)."""
        if self.marks.warned >> card & 1:
            return f"{i + 1}!"
        return f"{i + 1}+" if self.marks.takers >> card & 1 else str(i + 1)

    def items(self) -> list[tuple[str, int]]:
        items = []
        for i, c in enumerate(self.cards):
            mark = f"[dim]{i + 1}[/]" if i < 9 else " "
            if self.marks.takers >> c & 1:
                mark = f"[b underline]{i + 1 if i < 9 else '+'}[/]"
            if self.marks.warned >> c & 1:
                mark = f"[reverse]{i + 1 if i < 9 else '!'}[/]"
            body = face(c, selected=i == self.selected, lit=bool(self.marks.pointed >> c & 1))
            if not self.playable >> c & 1:
                body = f"[dim strike]{FACES[c]}[/]"
            items.append((mark + body, 1 + cell_len(FACES[c])))
        return items

    def on_click(self, event: events.Click) -> None:
        """A click on a card selects it, a second click plays it."""
        indent = cell_len(t("table.hand")) + 1
        if self.big:
            spots = big_places(len(self.cards), self.size.width, indent)
            hits = [
                row == event.y // BIG_HEIGHT and x <= event.x < x + BIG_WIDTH for row, x in spots
            ]
        else:
            spots = places(self.items(), self.size.width, indent)
            hits = [row == event.y and x <= event.x < x + 1 + FACE_WIDTH for row, x in spots]
        if True in hits:
            self.post_message(self.Tapped(hits.index(True)))

    @dataclass
    class Tapped(Message):
        index: int


@dataclass
class YakuInfo:
    name: str
    score: int
    yaku: dict[str, int] = field(default_factory=dict)
    near: dict[str, int] = field(default_factory=dict)
    ruleset: str = ""
    """The ruleset at the table, for its score unit."""


class YakuPanel(Panel):
    """Each player's yaku with values, the yaku one card away, this month's value, the totals."""

    infos: Sequence[YakuInfo] = ()

    def show(self, infos: Sequence[YakuInfo]) -> None:
        if not self.changed(tuple(infos)):
            return
        self.infos = infos
        self.refresh(layout=True)

    def lines(self, width: int) -> list[str]:
        """Each player's lines, folded at the width with the continuation indented."""
        out = [f"[b]{t('side.title')}[/b]"]
        for info in self.infos:
            value = sum(info.yaku.values())
            now = f"  {t('side.month_value', info.ruleset, n=value)}" if value else ""
            out.append(f"{plain(info.name)} {t('side.total', info.ruleset, n=info.score)}{now}")
            for name, v in info.yaku.items():
                out += wrap(words(f"{yaku_name(name)} {v}"), width, "  ", 2)
            if info.near:
                items = [(f"[dim]{t('side.near')}[/]", cell_len(t("side.near")))]
                for name, cards in info.near.items():
                    one = card_list(cards)[0] if cards.bit_count() == 1 else -1
                    label = plain(name) + (f"({face(one)})" if one >= 0 else "")
                    items.append((label, cell_len(name) + (2 + FACE_WIDTH if one >= 0 else 0)))
                out += wrap(items, width, "  ", 4)
        return out


def words(text: str) -> list[tuple[str, int]]:
    """Plain ``text`` as ``wrap`` items, one per word."""
    return [(plain(w), cell_len(w)) for w in text.split()]


class LogPanel(Widget):
    """The last events, newest at the bottom, as many as fit; a long one wraps to the width (its
    further lines indented), never cut."""

    DEFAULT_CSS = "LogPanel { height: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }"

    entries: Sequence[str] = ()

    def show(self, entries: Sequence[str]) -> None:
        if list(entries) != list(self.entries):
            self.entries = entries
            self.refresh()

    def render(self) -> Content:
        rows = max(self.size.height - 1, 1)
        width = max(self.size.width, 10)
        lines: list[Content] = []
        for entry in reversed(self.entries):  # the newest first, until the panel is full
            first, *more = Content.from_markup(entry).wrap(width - 2)
            lines[:0] = [first, *(Content("  ") + line for line in more)]
            if len(lines) >= rows:
                break
        head = Content.from_markup(f"[b]{t('side.log')}[/b]")
        return Content("\n").join([head, *lines[-rows:]])
