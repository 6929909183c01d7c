"""Screen text built from the core's events, results and views (no rules here)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import assert_never

from rich.text import Text

from ..core.cards import card_list
from ..core.events import (
    Agari,
    AmeShima,
    BaSet,
    Captured,
    Dealt,
    Decided,
    DeruOriru,
    DrawOnly,
    Drew,
    Event,
    Extension,
    FirstDraw,
    Fuke,
    Ginmi,
    HattoCharged,
    HattoExempt,
    Kobiki,
    KoikoiCalled,
    Laid,
    MonthEnded,
    Played,
    Redealt,
    Sage,
    SageCancelled,
    Seated,
    Shima,
    Shobu,
    ShownTaken,
    TeyakuShown,
    Tobikomi,
    YakuFormed,
    YearEnded,
    YearStarted,
)
from ..core.readable import printable
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


def event_line(e: Event, names: Sequence[str], ruleset: str) -> str | None:
    """One log line (markup) for an event of a game of ``ruleset``, None for events the log leaves
    out."""
    who = plain(names[e.seat]) if 0 <= e.seat < len(names) else ""
    match e:
        case Played(card=card):
            return t("log.play", who=who, card=face(card))
        case Drew(card=card):
            return t("log.draw", who=who, card=face(card))
        case Captured(card=card, took=took):
            return t("log.capture", card=face(card), taken=faces_of(took))
        case Laid(card=card):
            return t("log.lay", card=face(card))
        case Dealt(month=month):
            return t(own("log.deal", ruleset), month=month_label(month), who=who)
        case FirstDraw(card=card, again=again):  # again: drawn after a tie for the lowest
            key = "log.first_draw_again" if again else "log.first_draw"
            return t(key, who=who, card=face(card))
        case TeyakuShown(name=name, value=value):
            key = own("log.teyaku", ruleset) if value else "log.teyaku_plain"
            return t(key, ruleset, who=who, name=yaku_name(name), value=value)
        case YakuFormed(
            names=formed, value=value
        ):  # 八八's carry no value (あがり or 下げ decides)
            key = "log.yaku" if value else "log.yaku_plain"
            return t(key, ruleset, who=who, names=" ".join(map(yaku_name, formed)), value=value)
        case KoikoiCalled():
            return t("log.koikoi", who=who)
        case Shobu(value=value):
            return t("log.shobu", ruleset, who=who, value=value)
        case MonthEnded(winner=winner, value=value, reason=reason, payments=payments):
            pay = " ".join(map(signed, payments))
            if winner < 0 and reason:
                return t("log.nagare", reason=reason_text(reason))
            if winner < 0:  # 花合わせ's フケ (its own event says why): nobody won the round
                return t("log.month_end_none", pay=pay)
            if not value:  # 八八's hands played out: the best card points deal next
                return t("log.month_over", who=who, pay=pay)
            return t("log.month_end", ruleset, who=who, value=value, pay=pay)
        case Kobiki(payments=payments):
            return t("log.kobiki", who=who, pay=" ".join(map(signed, payments)))
        case Ginmi(payments=payments):
            return t("log.ginmi", pay=" ".join(map(signed, payments)))
        case YearEnded(totals=totals):
            return t("log.year_end", pay=" ".join(map(signed, totals)))
        case Seated(players=players):  # 花合わせ, four to six seated: the round's three, 親 first
            first, second, third = (plain(names[s]) for s in players)
            return t("log.seated", who=first, second=second, third=third, value=e.piles)
        case Extension():
            return t("log.extension")
        case YearStarted() | Decided():
            return None
        case BaSet(names=ba_names):  # this 場, the 二代しばり binding it and the one it leaves
            key = "log.ba_carried" if ba_names[2] else "log.ba"
            return t(key, who=who, ba=ba_names[0].removesuffix("場"))
        case HattoCharged(card=card, value=value, names=charged):  # card -1: added after 下げ
            key = "log.hatto" if card >= 0 else "log.hatto_added"
            shown = face(card) if card >= 0 else ""
            return t(key, ruleset, who=who, card=shown, names=names_of(charged), value=value)
        case HattoExempt(card=card, proof=proof, names=exempt):  # the hand shown to prove it
            key = "log.hatto_last" if proof == 1 << card else "log.hatto_exempt"
            return t(key, who=who, card=face(card), cards=faces_of(proof), names=names_of(exempt))
        case Tobikomi(cards=cards, value=value):
            return t("log.tobikomi", ruleset, who=who, cards=faces_of(cards), value=value)
        case Sage(names=kept):
            return t("log.sage", who=who, names=names_of(kept))
        case Agari(gain=gain):
            return t("log.agari", ruleset, who=who, value=gain)
        case SageCancelled(gain=gain):
            return t("log.cancel", ruleset, who=who, value=gain)
        case Shima(cards=cards):  # 八八's シマ and 花合わせ's field シマ
            return t("log." + e.kind, who=who, cards=faces_of(cards))
        case Redealt(field=field, reasons=reasons):
            why = reason_text("", reasons[0] if reasons else "field-four")
            return t("log.redeal", who=who, cards=faces_of(field), reason=why)
        case DeruOriru(entry=entry):
            return t("log." + entry, who=who)
        case DrawOnly():
            return t("log.draw_only", who=who)
        case ShownTaken(cards=cards):
            return t("log.shown_taken", who=who, cards=faces_of(cards))
        case Fuke(points=points):
            return t("log.fuke", who=who, pay=" ".join(map(signed, points)))
        case AmeShima():
            return t("log.ame_shima", who=who)
        case _:
            assert_never(e)


def names_of(yaku: Sequence[str]) -> str:
    return " ".join(map(yaku_name, yaku))


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
