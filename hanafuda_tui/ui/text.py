"""Screen text built from the core's events, results and views (no rules here)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text

from ..core.cards import card_list
from ..core.game import Event
from ..core.records import printable
from ..core.results import DealResult
from .faces import face, month_label
from .i18n import has, own, t

ZERO_WIDTH = "\u200b"


def plain(text: str) -> str:
    """``text`` as Content markup that shows exactly ``text`` (a player's name is never markup),
    terminal controls written out as ``\\uXXXX`` (a name cannot set the window title or colours).

    Every ``[`` is escaped; a trailing backslash gets a zero-width space after it, since a
    backslash right before a tag that follows would escape that tag."""
    text = printable(text).replace("[", "\\[")
    return text + ZERO_WIDTH if text.endswith("\\") else text


def name_text(text: str) -> Text:
    """A name (or other record text) as a Rich cell of plain text, terminal controls written out."""
    return Text(printable(text))


def signed(v: int) -> str:
    return f"{v:+d}"


def role_names(ruleset: str, players: int) -> list[str]:
    key = f"roles.{ruleset}"
    names = t(key).split(",") if has(key) else t("roles.default").split(",")
    return names[:players]


def seat_roles(ruleset: str, players: int, dealer: int) -> list[str]:
    """Each seat's role name (胴, 胴二, ビキ counted from the dealer)."""
    names = role_names(ruleset, players)
    return [names[(s - dealer) % players] for s in range(players)]


def yaku_name(name: str) -> str:
    """A yaku or teyaku name, with its English gloss in English mode."""
    key = "yaku." + name
    return f"{name} ({t(key)})" if has(key) and t(key) != name else name


def reason_text(reason: str, redeal: str = "") -> str:
    """Why a month ended, as the core names it (``shobu``, ``fuke``, ``nagare-hands`` ...); a deal
    dealt again says why (``redeal``: field-four, teshi, ...)."""
    key = "redeal." + redeal if redeal else "reason." + reason
    return t(key) if has(key) else reason


def faces_of(cards: int) -> str:
    return " ".join(face(c) for c in card_list(cards))


def event_line(e: Event, names: Sequence[str]) -> str | None:
    """One log line (markup) for an event, None for events the log leaves out."""
    who = plain(names[e.seat]) if 0 <= e.seat < len(names) else ""
    k = e.kind
    if k == "play":
        return t("log.play", who=who, card=face(e.card))
    if k == "draw":
        return t("log.draw", who=who, card=face(e.card))
    if k == "capture":
        return t("log.capture", card=face(e.card), taken=faces_of(e.cards))
    if k == "lay":
        return t("log.lay", card=face(e.card))
    if k == "deal":
        return t(own("log.deal"), month=month_label(e.value), who=who)
    if k == "first_draw":  # value: drawn again after a tie for the lowest month
        return t(
            "log.first_draw_again" if e.value else "log.first_draw", who=who, card=face(e.card)
        )
    if k == "teyaku":
        key = own("log.teyaku") if e.value else "log.teyaku_plain"
        return t(key, who=who, name=yaku_name(e.names[0]), value=e.value)
    if k == "yaku":  # 八八's yaku event carries no value (it depends on あがり or 下げ)
        key = "log.yaku" if e.value else "log.yaku_plain"
        return t(key, who=who, names=" ".join(map(yaku_name, e.names)), value=e.value)
    if k in ("koikoi", "shobu"):
        return t("log." + k, who=who, value=e.value)
    if k == "redeal" and e.names:
        return t("log.redeal", reason=reason_text("", e.names[0]), cards=faces_of(e.cards))
    if k == "month_end":
        if e.seat < 0 and e.names:
            return t("log.nagare", reason=reason_text(e.names[0]))
        if e.seat < 0:  # 花合わせ's フケ (its own event says why): nobody won the round
            return t("log.month_end_none", pay=" ".join(map(signed, e.amounts)))
        if not e.value:  # 八八's hands played out: the best card points deal next
            return t("log.month_over", who=who, pay=" ".join(map(signed, e.amounts)))
        return t("log.month_end", who=who, value=e.value, pay=" ".join(map(signed, e.amounts)))
    if k in ("kobiki", "ginmi", "year_end"):
        return t("log." + k, who=who, pay=" ".join(map(signed, e.amounts)))
    if k == "seated":  # 花合わせ, four to six seated: the round's three, 親 first (amounts)
        first, second, third = (plain(names[s]) for s in e.amounts)
        return t("log.seated", who=first, second=second, third=third, value=e.value)
    if k == "extension":
        return t("log.extension")
    if k == "year_start":
        return None
    if k == "ba":  # 八八: names are this 場, the 二代しばり binding it and the one it leaves
        key = "log.ba_carried" if e.names[2] else "log.ba"
        return t(key, who=who, ba=e.names[0].removesuffix("場"))
    if k == "hatto":  # 八八: told as the yaku is completed; card -1 for yaku added after 下げ
        key = "log.hatto" if e.card >= 0 else "log.hatto_added"
        card = face(e.card) if e.card >= 0 else ""
        names_ = " ".join(map(yaku_name, e.names))
        return t(key, who=who, card=card, names=names_, value=e.value)
    if k == "hatto_exempt":  # the hand the exempt card was laid from, shown to prove it
        key = "log.hatto_last" if e.cards == 1 << e.card else "log.hatto_exempt"
        names_ = " ".join(map(yaku_name, e.names))
        return t(key, who=who, card=face(e.card), cards=faces_of(e.cards), names=names_)
    if has("log." + k):
        return t(
            "log." + k,
            who=who,
            card=face(e.card) if e.card >= 0 else "",
            cards=faces_of(e.cards),
            names=" ".join(map(yaku_name, e.names)),
            value=e.value,
            pay=" ".join(map(signed, e.amounts)),
        )
    return generic_line(e, who)


def generic_line(e: Event, who: str) -> str:
    """An event the log has no sentence for: its name and whatever it carries."""
    parts = [t("event." + e.kind) if has("event." + e.kind) else e.kind, who]
    if e.card >= 0:
        parts.append(face(e.card))
    if e.cards:
        parts.append(faces_of(e.cards))
    parts += [yaku_name(n) for n in e.names]
    if e.value:
        parts.append(str(e.value))
    if e.amounts:
        parts.append("(" + " ".join(map(signed, e.amounts)) + ")")
    return " ".join(p for p in parts if p)


def redeal_of(result: DealResult) -> str:
    """Why a deal was dealt again, where the ruleset's result says ("" otherwise)."""
    return str(getattr(result, "redeal", ""))


def result_rows(
    results: Sequence[DealResult], names: Sequence[str], note: Callable[[DealResult], str]
) -> list[tuple[str, ...]]:
    """A month-by-month sheet: month, 胴, winner, what (with the ruleset's ``note``), each seat's
    payment."""
    rows = []
    for r in results:
        who = names[r.winner] if r.winner >= 0 else t("result.nagare")
        what = " ".join(n for n, _ in r.yaku) if r.yaku else reason_text(r.reason, redeal_of(r))
        what += " " + note(r)
        rows.append(
            (
                month_label(r.month, short=True),
                names[r.dealer],
                who,
                what.strip(),
                *(signed(p) for p in r.payments),
            )
        )
    return rows
