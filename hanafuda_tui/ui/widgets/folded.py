"""Text folded to its width by the Japanese line-breaking rule (禁則処理, JIS X 4051): no line starts
with 。、）」 and the like nor ends with （「; a line breaks between two kanji or kana, or after a
space, never inside a Latin word unless the word is wider than the line."""

from __future__ import annotations

from rich.cells import cell_len
from textual.content import Content
from textual.visual import VisualType
from textual.widgets import Static

from ..i18n import lang

NO_START = frozenset(
    "、。，．,.・：；:;？！?!）」』】〕〉》］)]}”’ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々ゝゞ…‥"
)
"""Characters no line may start with (行頭禁則)."""
NO_END = frozenset("（「『【〔〈《［([{“‘")
"""Characters no line may end with (行末禁則)."""


def may_break(text: str, at: int, cjk: bool) -> bool:
    """True if a line may end before ``text[at]``; between kanji or kana only if ``cjk``
    (Japanese text: in English a Japanese term stays whole)."""
    before, after = text[at - 1], text[at]
    if after in NO_START or before in NO_END or after == " ":
        return False
    return before == " " or cjk and (cell_len(before) == 2 or cell_len(after) == 2)


def cuts(text: str, width: int, cjk: bool = True) -> list[int]:
    """Where ``text`` (one line) breaks to fit ``width`` cells."""
    out: list[int] = []
    start, size = 0, len(text)
    while cell_len(text[start:]) > width:
        end, used = start, 0
        while end < size and used + cell_len(text[end]) <= width:
            used += cell_len(text[end])
            end += 1
        end = max(end, start + 1)
        cut = end
        while cut > start + 1 and not may_break(text, cut, cjk):
            cut -= 1
        if not may_break(text, cut, cjk):  # no place to break: fold the word, kinsoku still kept
            cut = end
            while cut > start + 1 and (text[cut] in NO_START or text[cut - 1] in NO_END):
                cut -= 1
        while cut < size and text[cut] == " ":
            cut += 1  # spaces stay at the end of the line, where they are dropped
        if cut >= size:
            break
        out.append(cut)
        start = cut
    return out


def fold(content: Content, width: int, cjk: bool = True) -> list[Content]:
    """``content``'s lines folded to ``width`` cells, styles kept (``cjk``: see ``may_break``)."""
    out: list[Content] = []
    for line in content.split("\n", allow_blank=True):
        out += [part.rstrip() for part in line.divide(cuts(line.plain, max(width, 2), cjk))]
    return out


class Folded(Static):
    """A Static whose text is folded by ``fold`` rather than by Textual's wrapping."""

    def __init__(self, content: VisualType = "", **kw: str) -> None:
        super().__init__(content, **kw)  # type: ignore[arg-type]
        self.source = self.as_content(content)

    def as_content(self, content: VisualType) -> Content:
        if isinstance(content, Content):
            return content
        return Content.from_markup(content) if isinstance(content, str) else Content(str(content))

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        self.source = self.as_content(content)
        super().update(content, layout=layout)

    def render(self) -> Content:
        return Content("\n").join(fold(self.source, self.size.width, lang() == "ja"))

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(fold(self.source, width, lang() == "ja"))
