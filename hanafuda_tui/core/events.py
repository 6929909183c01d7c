"""What happened at the table, one frozen type per kind (docs/rules/README.md §5 for the turn cycle).

Every reader (the table's log, the turns the core records, ``replay --json``, later the network)
takes these types; none parses a kind back from a string. ``kind`` is a type's name in records and
JSON only. Which seats may see a field is part of the type: ``private`` names the fields only the
event's own ``seat`` may see, and ``seen_by`` gives any other seat the event with them blanked.
Cards are bit sets (``cards``, ``took``...) or single card numbers (``card``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, NamedTuple, dataclass_transform


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


@dataclass_transform(frozen_default=True, eq_default=False)
class Base:
    """What every event type has: its record name and its private fields; each type has a ``seat``
    (-1 or a property where it names none). A type that names its ``kind`` is a frozen dataclass
    of the fields it annotates."""

    kind: ClassVar[str]
    private: ClassVar[tuple[str, ...]] = ()
    """The fields only ``seat`` may see (blanked for every other seat by ``seen_by``)."""

    FLAT: ClassVar[tuple[tuple[str, str], ...]] = ()
    """Where its fields go in the record's one shape: (``Flat`` field, own field) pairs."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "kind" in vars(cls):
            dataclass(frozen=True, eq=False, repr=False)(cls)

    def flat(self) -> Flat:
        """The event in the record's one shape (its seat, then its ``FLAT`` fields)."""
        seat: int = getattr(self, "seat")  # noqa: B009 (each type has one: a field or a property)
        return Flat(self.kind, seat, **{to: getattr(self, own) for to, own in self.FLAT})

    # Equality, hash and repr as a frozen dataclass would make them, written once here rather than
    # generated for each type (``eq=False, repr=False``): the types are made faster at import.
    __match_args__: ClassVar[tuple[str, ...]] = ()

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__match_args__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Base)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__qualname__}({values})"


class ByDealer(Base):
    """An event of the deal told by its dealer (its seat)."""

    dealer: int

    @property
    def seat(self) -> int:
        return self.dealer


class Seatless(Base):
    """An event of no one seat."""

    @property
    def seat(self) -> int:
        return -1


# -- the turn cycle every ruleset shares ---------------------------------------------------------


class FirstDraw(Base):
    """A card drawn to choose the first 親 (docs/rules/README.md §5)."""

    kind = "first_draw"
    FLAT = (("card", "card"), ("value", "again"))
    seat: int
    card: int
    again: int = 0
    """0 for the first draw; 1, 2 ... for a draw again after a tie for the lowest month."""


class YearStarted(ByDealer):
    """The year begins: its 親 and its length in months."""

    kind = "year_start"
    FLAT = (("value", "months"),)
    dealer: int
    months: int


class Dealt(ByDealer):
    """A deck dealt around ``dealer``: the month and the field laid face up."""

    kind = "deal"
    FLAT = (("cards", "field"), ("value", "month"))
    dealer: int
    month: int
    field: int


class Played(Base):
    """The hand step: a hand card played to the field."""

    kind = "play"
    FLAT = (("card", "card"),)
    seat: int
    card: int


class Drew(Base):
    """The draw step: the top stock card turned up."""

    kind = "draw"
    FLAT = (("card", "card"),)
    seat: int
    card: int


class Laid(Base):
    """The played or drawn card matched nothing and stays on the field."""

    kind = "lay"
    FLAT = (("card", "card"),)
    seat: int
    card: int


class Captured(Base):
    """The played or drawn ``card`` takes ``took`` (its match or matches) for ``seat``."""

    kind = "capture"
    FLAT = (("card", "card"), ("cards", "took"))
    seat: int
    card: int
    took: int


class Decided(Base):
    """A decision of ``seat``: its action, and at the teyaku question whether it could declare
    (its own secret: private)."""

    kind = "decision"
    FLAT = (("value", "action"),)
    private: ClassVar[tuple[str, ...]] = ("could_declare",)
    seat: int
    action: int
    could_declare: bool = False


class TeyakuShown(Base):
    """A teyaku declared or shown, with the cards it shows (a value of 0: the ruleset pays it at
    the round's end)."""

    kind = "teyaku"
    seat: int
    name: str
    value: int
    cards: int

    def flat(self) -> Flat:
        return Flat(self.kind, self.seat, cards=self.cards, value=self.value, names=(self.name,))


class YakuFormed(Base):
    """A turn formed or raised yaku: their names and their value now (0: not yet known, as in
    八八, where it depends on あがり or 下げ)."""

    kind = "yaku"
    FLAT = (("value", "value"), ("names", "names"))
    seat: int
    names: tuple[str, ...]
    value: int = 0


class KoikoiCalled(Base):
    """こいこい: the seat plays on with ``names`` (empty where the ruleset does not say)."""

    kind = "koikoi"
    FLAT = (("names", "names"),)
    seat: int
    names: tuple[str, ...] = ()


class Shobu(Base):
    """勝負: the seat stops with ``names``, worth ``value`` with every doubling."""

    kind = "shobu"
    FLAT = (("value", "value"), ("names", "names"))
    seat: int
    value: int
    names: tuple[str, ...]


class MonthEnded(Base):
    """A deal's end: ``winner`` (-1: none; the next 親 in 八八), its value, why (``reason``, the
    ruleset's word, empty where it gives none) and the yaku, and each seat's payment."""

    kind = "month_end"
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


class YearEnded(Seatless):
    """The year is over: the totals."""

    kind = "year_end"
    FLAT = (("amounts", "totals"),)
    totals: tuple[int, ...]


# -- 二人こいこい ----------------------------------------------------------------------------------


class Redealt(ByDealer):
    """The deal is dealt again before any play (docs/rules/koikoi2.md §2, §11.5): the field it had."""

    kind = "redeal"
    FLAT = (("cards", "field"), ("names", "reasons"))
    dealer: int
    field: int
    reasons: tuple[str, ...] = ()
    """Why, one of koikoi2's ``REDEALS``: field-four, teshi, kuttsuki, field-three, field-pairs."""


# -- 三人こいこい ----------------------------------------------------------------------------------


class Extension(Seatless):
    """A tie at the year's end: one more season (docs/rules/koikoi3.md)."""

    kind = "extension"
    FLAT = (("value", "months"),)
    months: int


class Kobiki(Base):
    """小引 (docs/rules/koikoi3.md): the payments, ``seat`` the one who receives the most."""

    kind = "kobiki"
    FLAT = (("amounts", "payments"),)
    seat: int
    payments: tuple[int, ...]


class Ginmi(Seatless):
    """吟味 at the year's end (docs/rules/koikoi3.md): the payments."""

    kind = "ginmi"
    FLAT = (("amounts", "payments"),)
    payments: tuple[int, ...]


# -- 八八 ------------------------------------------------------------------------------------------


class BaSet(ByDealer):
    """The month's 場 (docs/rules/hachihachi.md §4): 0 小場, 1 大場, 2 絶場; ``carried`` the
    二代しばり it leaves to the next month; ``names`` this 場's name, the 場 that binds it and the
    one it leaves (empty: none), and its label."""

    kind = "ba"
    dealer: int
    ba: int
    carried: int
    names: tuple[str, ...]

    def flat(self) -> Flat:
        return Flat(
            self.kind, self.dealer, value=self.ba, names=self.names, amounts=(self.carried,)
        )


class Shima(ByDealer):
    """The dealt field held four of a month, taken by the 親 (八八: ``shima``; 花合わせ:
    ``field_shima``)."""

    kind = "shima"
    FLAT = (("cards", "cards"),)
    dealer: int
    cards: int


class FieldShima(Shima):
    """花合わせ's field シマ (docs/rules/hanaawase.md)."""

    kind = "field_shima"


class HattoCharged(Base):
    """法度 (docs/rules/hachihachi.md §13): ``seat`` the offender, who pays ``value`` for ``names``
    completed by ``card`` (-1: yaku added after a 下げ)."""

    kind = "hatto"
    FLAT = (("card", "card"), ("value", "value"), ("names", "names"))
    seat: int
    card: int
    value: int
    names: tuple[str, ...]


class HattoExempt(Base):
    """The offender shows the hand ``proof`` that ``card`` was laid from: exempt from 法度 for
    ``names``."""

    kind = "hatto_exempt"
    FLAT = (("card", "card"), ("cards", "proof"), ("names", "names"))
    seat: int
    card: int
    proof: int
    names: tuple[str, ...]


class Tobikomi(Base):
    """飛込み: three of a month taken at once, ``value`` from each other seat."""

    kind = "tobikomi"
    FLAT = (("cards", "cards"), ("value", "value"))
    seat: int
    cards: int
    value: int


class Sage(Base):
    """下げ: the seat plays on with its 出来役 ``names``."""

    kind = "sage"
    FLAT = (("names", "names"),)
    seat: int
    names: tuple[str, ...]


class Agari(Base):
    """あがり: the seat stops, gaining ``gain``."""

    kind = "agari"
    FLAT = (("value", "gain"),)
    seat: int
    gain: int


class SageCancelled(Base):
    """下げの取消し: the 下げ player takes its gain now."""

    kind = "cancel"
    FLAT = (("value", "gain"),)
    seat: int
    gain: int


# -- 花合わせ --------------------------------------------------------------------------------------


class DeruOriru(Base):
    """A seat's way in or out of a round with four to six seated (docs/rules/hanaawase.md §11):
    ``entry`` is deru, oriru, shibari (forced 出る) or oikomi (put out)."""

    kind = "deru_oriru"
    seat: int
    entry: str

    def flat(self) -> Flat:
        return Flat(self.entry, self.seat)


class Seated(ByDealer):
    """The round's players, 親 first; ``piles`` cards of the out seats went under the stock."""

    kind = "seated"
    FLAT = (("value", "piles"), ("amounts", "players"))
    dealer: int
    players: tuple[int, ...]
    piles: int


class DrawOnly(Base):
    """A seat with no hand card left only draws this turn."""

    kind = "draw_only"
    seat: int


class ShownTaken(Base):
    """Cards of ``seat``'s shown teyaku were taken by another player."""

    kind = "shown_taken"
    FLAT = (("cards", "cards"),)
    seat: int
    cards: int


class Fuke(Base):
    """フケ: 20 card points or fewer, no result; ``seat`` the one with fewest, each seat's points."""

    kind = "fuke"
    FLAT = (("amounts", "points"),)
    seat: int
    points: tuple[int, ...]


class AmeShima(Base):
    """雨シマ: the seat's yaku are void this round."""

    kind = "ame_shima"
    seat: int


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
