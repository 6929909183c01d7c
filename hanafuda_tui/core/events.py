"""What happened at the table, one frozen type per kind (docs/rules/README.md §5 for the turn cycle).

Every reader (the table's log, the turns the core records, ``replay --json``, later the network)
takes these types; none parses a kind back from a string. ``kind`` is a type's name in records and
JSON only. Which seats may see a field is part of the type: ``private`` names the fields only the
event's own ``seat`` may see, and ``seen_by`` gives any other seat the event with them blanked.
Cards are bit sets (``cards``, ``took``...) or single card numbers (``card``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, NamedTuple


class Flat(NamedTuple):
    """An event in the record's one shape (``replay --json``'s ``events``): what each field means
    depends on ``kind``."""

    kind: str
    seat: int = -1
    card: int = -1
    cards: int = 0
    value: int = 0
    names: tuple[str, ...] = ()
    amounts: tuple[int, ...] = ()


class Base:
    """What every event type has: its record name and its private fields; each type has a ``seat``
    (-1 or a property where it names none)."""

    kind: ClassVar[str]
    private: ClassVar[tuple[str, ...]] = ()
    """The fields only ``seat`` may see (blanked for every other seat by ``seen_by``)."""

    def flat(self) -> Flat:
        raise NotImplementedError


# -- the turn cycle every ruleset shares ---------------------------------------------------------


@dataclass(frozen=True)
class FirstDraw(Base):
    """A card drawn to choose the first 親 (docs/rules/README.md §5)."""

    kind: ClassVar[str] = "first_draw"
    seat: int
    card: int

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, card=self.card)


@dataclass(frozen=True)
class YearStarted(Base):
    """The year begins: its 親 and its length in months."""

    kind: ClassVar[str] = "year_start"
    dealer: int
    months: int

    @property
    def seat(self) -> int:
        return self.dealer

    def flat(self) -> Flat:
        return Flat(self.kind, self.dealer, value=self.months)


@dataclass(frozen=True)
class Dealt(Base):
    """A deck dealt around ``dealer``: the month and the field laid face up."""

    kind: ClassVar[str] = "deal"
    dealer: int
    month: int
    field: int

    @property
    def seat(self) -> int:
        return self.dealer

    def flat(self) -> Flat:
        return Flat(self.kind, self.dealer, cards=self.field, value=self.month)


@dataclass(frozen=True)
class Played(Base):
    """The hand step: a hand card played to the field."""

    kind: ClassVar[str] = "play"
    seat: int
    card: int

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, card=self.card)


@dataclass(frozen=True)
class Drew(Base):
    """The draw step: the top stock card turned up."""

    kind: ClassVar[str] = "draw"
    seat: int
    card: int

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, card=self.card)


@dataclass(frozen=True)
class Laid(Base):
    """The played or drawn card matched nothing and stays on the field."""

    kind: ClassVar[str] = "lay"
    seat: int
    card: int

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, card=self.card)


@dataclass(frozen=True)
class Captured(Base):
    """The played or drawn ``card`` takes ``took`` (its match or matches) for ``seat``."""

    kind: ClassVar[str] = "capture"
    seat: int
    card: int
    took: int

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, card=self.card, cards=self.took)


@dataclass(frozen=True)
class Decided(Base):
    """A decision of ``seat``: its action, and at the teyaku question whether it could declare
    (its own secret: private)."""

    kind: ClassVar[str] = "decision"
    private: ClassVar[tuple[str, ...]] = ("could_declare",)
    seat: int
    action: int
    could_declare: bool = False

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, value=self.action)


@dataclass(frozen=True)
class TeyakuShown(Base):
    """A teyaku declared or shown, with the cards it shows (a value of 0: the ruleset pays it at
    the round's end)."""

    kind: ClassVar[str] = "teyaku"
    seat: int
    name: str
    value: int
    cards: int

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, cards=self.cards, value=self.value, names=(self.name,))


@dataclass(frozen=True)
class YakuFormed(Base):
    """A turn formed or raised yaku: their names and their value now (0: not yet known, as in
    八八, where it depends on あがり or 下げ)."""

    kind: ClassVar[str] = "yaku"
    seat: int
    names: tuple[str, ...]
    value: int = 0

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, value=self.value, names=self.names)


@dataclass(frozen=True)
class KoikoiCalled(Base):
    """こいこい: the seat plays on with ``names`` (empty where the ruleset does not say)."""

    kind: ClassVar[str] = "koikoi"
    seat: int
    names: tuple[str, ...] = ()

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, names=self.names)


@dataclass(frozen=True)
class Shobu(Base):
    """勝負: the seat stops with ``names``, worth ``value`` with every doubling."""

    kind: ClassVar[str] = "shobu"
    seat: int
    value: int
    names: tuple[str, ...]

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, value=self.value, names=self.names)


@dataclass(frozen=True)
class MonthEnded(Base):
    """A deal's end: ``winner`` (-1: none; the next 親 in 八八), its value, why (``reason``, the
    ruleset's word, empty where it gives none) and the yaku, and each seat's payment."""

    kind: ClassVar[str] = "month_end"
    winner: int
    value: int
    reason: str
    yaku: tuple[str, ...]
    payments: tuple[int, ...]

    @property
    def seat(self) -> int:
        return self.winner

    def flat(self) -> Flat:
        names = (self.reason, *self.yaku) if self.reason else self.yaku
        return Flat(self.kind, self.winner, value=self.value, names=names, amounts=self.payments)


@dataclass(frozen=True)
class YearEnded(Base):
    """The year is over: the totals."""

    kind: ClassVar[str] = "year_end"
    totals: tuple[int, ...]

    @property
    def seat(self) -> int:
        return -1

    def flat(self) -> Flat:
        return Flat(self.kind, amounts=self.totals)


# -- 二人こいこい ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Redealt(Base):
    """The deal is dealt again before any play (docs/rules/koikoi2.md §2, §11.5): the field it had."""

    kind: ClassVar[str] = "redeal"
    dealer: int
    field: int

    @property
    def seat(self) -> int:
        return self.dealer

    def flat(self) -> Flat:
        return Flat(self.kind, self.dealer, cards=self.field)


# -- 三人こいこい ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Extension(Base):
    """A tie at the year's end: one more season (docs/rules/koikoi3.md)."""

    kind: ClassVar[str] = "extension"
    months: int

    @property
    def seat(self) -> int:
        return -1

    def flat(self) -> Flat:
        return Flat(self.kind, value=self.months)


@dataclass(frozen=True)
class Kobiki(Base):
    """小引 (docs/rules/koikoi3.md): the payments, ``seat`` the one who receives the most."""

    kind: ClassVar[str] = "kobiki"
    seat: int
    payments: tuple[int, ...]

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, amounts=self.payments)


@dataclass(frozen=True)
class Ginmi(Base):
    """吟味 at the year's end (docs/rules/koikoi3.md): the payments."""

    kind: ClassVar[str] = "ginmi"
    payments: tuple[int, ...]

    @property
    def seat(self) -> int:
        return -1

    def flat(self) -> Flat:
        return Flat(self.kind, amounts=self.payments)


# -- 八八 ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BaSet(Base):
    """The month's 場 (docs/rules/hachihachi.md §4): 0 小場, 1 大場, 2 絶場; ``carried`` the
    二代しばり it leaves to the next month; ``names`` this 場's name, the 場 that binds it and the
    one it leaves (empty: none), and its label."""

    kind: ClassVar[str] = "ba"
    dealer: int
    ba: int
    carried: int
    names: tuple[str, ...]

    @property
    def seat(self) -> int:
        return self.dealer

    def flat(self) -> Flat:
        return Flat(
            self.kind, self.dealer, value=self.ba, names=self.names, amounts=(self.carried,)
        )


@dataclass(frozen=True)
class Shima(Base):
    """The dealt field held four of a month, taken by the 親 (八八: ``shima``; 花合わせ:
    ``field_shima``)."""

    kind: ClassVar[str] = "shima"
    dealer: int
    cards: int

    @property
    def seat(self) -> int:
        return self.dealer

    def flat(self) -> Flat:
        return Flat(self.kind, self.dealer, cards=self.cards)


@dataclass(frozen=True)
class FieldShima(Shima):
    """花合わせ's field シマ (docs/rules/hanaawase.md)."""

    kind: ClassVar[str] = "field_shima"


@dataclass(frozen=True)
class HattoCharged(Base):
    """法度 (docs/rules/hachihachi.md §13): ``seat`` the offender, who pays ``value`` for ``names``
    completed by ``card`` (-1: yaku added after a 下げ)."""

    kind: ClassVar[str] = "hatto"
    seat: int
    card: int
    value: int
    names: tuple[str, ...]

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, card=self.card, value=self.value, names=self.names)


@dataclass(frozen=True)
class HattoExempt(Base):
    """The offender shows the hand ``proof`` that ``card`` was laid from: exempt from 法度 for
    ``names``."""

    kind: ClassVar[str] = "hatto_exempt"
    seat: int
    card: int
    proof: int
    names: tuple[str, ...]

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, card=self.card, cards=self.proof, names=self.names)


@dataclass(frozen=True)
class Tobikomi(Base):
    """飛込み: three of a month taken at once, ``value`` from each other seat."""

    kind: ClassVar[str] = "tobikomi"
    seat: int
    cards: int
    value: int

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, cards=self.cards, value=self.value)


@dataclass(frozen=True)
class Sage(Base):
    """下げ: the seat plays on with its 出来役 ``names``."""

    kind: ClassVar[str] = "sage"
    seat: int
    names: tuple[str, ...]

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, names=self.names)


@dataclass(frozen=True)
class Agari(Base):
    """あがり: the seat stops, gaining ``gain``."""

    kind: ClassVar[str] = "agari"
    seat: int
    gain: int

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, value=self.gain)


@dataclass(frozen=True)
class SageCancelled(Base):
    """下げの取消し: the 下げ player takes its gain now."""

    kind: ClassVar[str] = "cancel"
    seat: int
    gain: int

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, value=self.gain)


# -- 花合わせ --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeruOriru(Base):
    """A seat's way in or out of a round with four to six seated (docs/rules/hanaawase.md §11):
    ``entry`` is deru, oriru, shibari (forced 出る) or oikomi (put out)."""

    kind: ClassVar[str] = "deru_oriru"
    seat: int
    entry: str

    def flat(self) -> Flat:
        return Flat(self.entry, self.seat)


@dataclass(frozen=True)
class Seated(Base):
    """The round's players, 親 first; ``piles`` cards of the out seats went under the stock."""

    kind: ClassVar[str] = "seated"
    dealer: int
    players: tuple[int, ...]
    piles: int

    @property
    def seat(self) -> int:
        return self.dealer

    def flat(self) -> Flat:
        return Flat(self.kind, self.dealer, value=self.piles, amounts=self.players)


@dataclass(frozen=True)
class DrawOnly(Base):
    """A seat with no hand card left only draws this turn."""

    kind: ClassVar[str] = "draw_only"
    seat: int

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat)


@dataclass(frozen=True)
class ShownTaken(Base):
    """Cards of ``seat``'s shown teyaku were taken by another player."""

    kind: ClassVar[str] = "shown_taken"
    seat: int
    cards: int

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, cards=self.cards)


@dataclass(frozen=True)
class Fuke(Base):
    """フケ: 20 card points or fewer, no result; ``seat`` the one with fewest, each seat's points."""

    kind: ClassVar[str] = "fuke"
    seat: int
    points: tuple[int, ...]

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, amounts=self.points)


@dataclass(frozen=True)
class AmeShima(Base):
    """雨シマ: the seat's yaku are void this round."""

    kind: ClassVar[str] = "ame_shima"
    seat: int

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat)


Event = (
    FirstDraw
    | YearStarted
    | Dealt
    | Played
    | Drew
    | Laid
    | Captured
    | Decided
    | TeyakuShown
    | YakuFormed
    | KoikoiCalled
    | Shobu
    | MonthEnded
    | YearEnded
    | Redealt
    | Extension
    | Kobiki
    | Ginmi
    | BaSet
    | Shima
    | HattoCharged
    | HattoExempt
    | Tobikomi
    | Sage
    | Agari
    | SageCancelled
    | DeruOriru
    | Seated
    | DrawOnly
    | ShownTaken
    | Fuke
    | AmeShima
)
"""Every event the core tells (``FieldShima`` is a ``Shima``)."""

CARD_STEPS = (Played, Drew, Laid, Captured)
"""The events of a card meeting the field: the core's turns hold them as steps."""


def seen_by(event: Event, viewer: int) -> Event:
    """``event`` as ``viewer`` may see it: its private fields blanked unless it is the seat's own."""
    if not event.private or viewer == event.seat:
        return event
    blank = {name: type(getattr(event, name))() for name in event.private}
    return replace(event, **blank)
