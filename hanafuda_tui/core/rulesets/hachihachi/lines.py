"""八八 settlement lines: every 点 a month or the year's end moves, with its cause.

The month's payments (docs/rules/hachihachi.md §9–§14) are written as a face value at 小場 plus a
BA line for the 場 (the menu's multiplier, or menu F's addition, §5); a half value (§10, §11) as a
SAGE line on top; a share taken over by the 下げ player (§11 6) or a 法度 offender (§13) as one more
line from that payer. The year's end (§16) is 月石清算 (STONES) and 吟味 with the rounding to 貫.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...results import Cause, Line, Outcome, pair
from .yaku import BASE_POINTS, KAN

OUTCOMES = {
    "agari": Outcome.YAKU,
    "cancel": Outcome.CANCELLED,
    "special": Outcome.SPECIAL,
    "hands": Outcome.PLAYED_OUT,
    "shiso": Outcome.SHISO,
    "mushobu": Outcome.DRAWN,
}
"""A month's ``reason`` → its Outcome."""
STONE = "月石"
POT = "番個板"
MUSHOBU = "無勝負"


def _share(
    receiver: int, payer: int, each: int, full: int, cause: Cause, name: str, value: int
) -> list[Line]:
    """One payer's share: the face value, the 場 up to ``full``, the halving down to ``each``."""
    face = value * KAN
    lines = [*pair(receiver, payer, face, cause, name, value)]
    if full != face:
        lines += pair(receiver, payer, full - face, Cause.BA, name, value)
    if each != full:
        lines += pair(receiver, payer, each - full, Cause.SAGE, name, value)
    return lines


def payment_lines(
    receiver: int,
    each: int,
    full: int,
    cause: Cause,
    name: str,
    value: int,
    payer: int = -1,
    takeover: Cause = Cause.HATTO,
) -> tuple[Line, ...]:
    """``receiver`` gets ``each`` 点 from both others, or twice from ``payer``, for ``name`` of
    ``value`` 貫 worth ``full`` 点 at this 場; ``payer`` takes the other share over as ``takeover``
    (SAGE for the 下げ player, HATTO for a 法度 offender)."""
    if payer < 0:
        return tuple(
            line
            for other in range(3)
            if other != receiver
            for line in _share(receiver, other, each, full, cause, name, value)
        )
    own = _share(receiver, payer, each, full, cause, name, value)
    return (*own, *pair(receiver, payer, each, takeover, name, value))


def card_point_lines(pts: Sequence[int], amounts: Sequence[int]) -> tuple[Line, ...]:
    """Card points against 88 (§14 3), each seat's difference then the 場 on it."""
    lines = []
    for s, amount in enumerate(amounts):
        diff = pts[s] - BASE_POINTS
        if diff:
            lines.append(Line(s, diff, Cause.CARD_POINTS, value=diff))
        if amount != diff:
            lines.append(Line(s, amount - diff, Cause.BA, value=diff))
    return tuple(lines)


def returned(lines: Iterable[Line]) -> tuple[Line, ...]:
    """吹き消し (§12): each line of a struck row paid back."""
    return tuple(Line(x.seat, -x.amount, Cause.FUKIKESHI, x.name, x.value, x.other) for x in lines)


def stone_lines(stones: Sequence[int], shares: Sequence[tuple[int, int]]) -> tuple[Line, ...]:
    """月石清算 (§15, §16 2): the stones each seat put in, then the 番個板's ``shares`` (seat, 点)."""
    out = [Line(s, -n, Cause.STONES, STONE) for s, n in enumerate(stones) if n]
    out += [Line(s, n, Cause.STONES, POT) for s, n in shares if n]
    return tuple(out)


def ginmi_lines(
    after: Sequence[int], final: Sequence[int], top: int, ginmi: int
) -> tuple[Line, ...]:
    """吟味 (§16 3–4): each seat but the top pays it ``ginmi`` 点, then is rounded to 貫; the top
    takes the rounding over."""
    out: list[Line] = []
    for s in range(3):
        if s == top:
            continue
        out += pair(top, s, ginmi, Cause.GINMI)
        rounding = final[s] * KAN - (after[s] - ginmi)
        if rounding:
            out += pair(s, top, rounding, Cause.ROUNDING)
    return tuple(out)


def void_lines(scores: Sequence[int]) -> tuple[Line, ...]:
    """無勝負 (§9): every total is given back to 0."""
    return tuple(Line(s, -x, Cause.GINMI, MUSHOBU) for s, x in enumerate(scores) if x)
