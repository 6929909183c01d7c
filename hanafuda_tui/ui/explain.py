"""Why every amount of a deal or a settlement was paid: the core's lines grouped per payment.

A payment is what one seat pays another (every line naming the other seat), or what one seat gets
or gives alone (card points against 88, 二人こいこい's score, 月石): its amount, then each line's
cause with its own amount, so each number on the result screen is traced to its cause.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ..core.results import Cause, Line
from .i18n import own, t
from .text import plain, yaku_name

NAMED = frozenset((Cause.YAKU, Cause.TEYAKU, Cause.TOBIKOMI, Cause.NUKE, Cause.STONES))
"""Causes whose line is told by its yaku, teyaku or stone name alone."""


class Payment(NamedTuple):
    """``payer`` pays ``receiver`` ``amount`` (``payer`` -1: the receiver's own amount, which may
    be negative); ``lines`` are the receiver's side, adding up to ``amount``."""

    receiver: int
    payer: int
    amount: int
    lines: tuple[Line, ...]


def payments(lines: Iterable[Line]) -> list[Payment]:
    """The lines grouped per pair of seats (or per seat for lines naming no other), in the order
    they first appear, each told from the side that receives."""
    groups: dict[tuple[int, int], list[Line]] = {}
    for line in lines:
        if line.other < 0:
            key = (line.seat, -1)
        else:
            key = (min(line.seat, line.other), max(line.seat, line.other))
        groups.setdefault(key, []).append(line)
    out = []
    for (a, b), group in groups.items():
        if b < 0:
            out.append(Payment(a, -1, sum(x.amount for x in group), tuple(group)))
            continue
        net = sum(x.amount for x in group if x.seat == a)
        receiver, payer = (a, b) if net >= 0 else (b, a)
        side = tuple(x for x in group if x.seat == receiver)
        out.append(Payment(receiver, payer, abs(net), side))
    return out


def cause_text(line: Line, ruleset: str, after: str = "") -> str:
    """One line's cause: the yaku with its face value where it differs from the amount (八八's
    貫), the 場, 下げ, 法度, こいこい, 7点 doubling, card points, 吹き消し, 小引, 吟味...; the yaku a
    line is on is left out when it is the one of the line told just ``after``, except on a line
    told by its name alone (the same teyaku declared by both seats of a payment)."""
    cause = line.cause
    name = yaku_name(line.name) if line.name and (cause in NAMED or line.name != after) else ""
    if cause is Cause.CARD_POINTS:
        if line.value != line.amount:
            return t("cause.card_points_of", value=line.value)
        return t("cause.card_points")
    if cause is Cause.SAGE:
        key = "cause.sage_both" if line.amount > 0 else "cause.sage_half"
    else:
        key = f"cause.{cause.value}"
    if cause in NAMED and name:
        text = name
        if line.value and line.value != abs(line.amount):
            text += " " + t(own("cause.value", ruleset), ruleset, value=line.value)
        return text
    return t(key) + (f" ({name})" if name else "")


def payment_text(p: Payment, names: Sequence[str], ruleset: str) -> str:
    """``B → A 12文: 二三本 +20  手四 -8`` (markup; names are plain text)."""
    head = (
        t(
            "explain.pays",
            ruleset,
            payer=plain(names[p.payer]),
            receiver=plain(names[p.receiver]),
            amount=p.amount,
        )
        if p.payer >= 0
        else t("explain.own", ruleset, who=plain(names[p.receiver]), amount=f"{p.amount:+d}")
    )
    terms = "  ".join(
        f"{cause_text(x, ruleset, p.lines[i - 1].name if i else '')} {x.amount:+d}"
        for i, x in enumerate(p.lines)
    )
    return f"{head}: {terms}"


def explained(lines: Iterable[Line], names: Sequence[str], ruleset: str) -> list[str]:
    """Every payment of ``lines`` (a game of ``ruleset``) as one markup line each."""
    return [payment_text(p, names, ruleset) for p in payments(lines)]
