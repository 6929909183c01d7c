"""The state machine every ruleset shares: whose decision it is, legal actions, apply, events, views.

A ``Game`` plays a whole game (a year). Each deal takes a 48-card deck from ``deck_source`` (a
record's decks on replay, a seeded shuffle otherwise), so the random source is always passed in.
The turn cycle is the same in every ruleset (docs/rules/README.md §5): play a hand card, capture or
lay it, draw the top stock card, capture or lay it; when a card matches two field cards its player
chooses. A ruleset subclass adds deal sizes, teyaku, yaku, declarations and settlement through the
hooks ``start_deal``, ``step_done``, ``turn_done``, ``hands_out``, ``other_actions`` and
``apply_other``, and for a teyaku question ``keep_answer`` and ``reveal_teyaku``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, ParamSpec, Protocol

from . import actions as act
from .cards import ALL_BUT, BIT, KASUS, MONTH_MASK, card_list, card_tuple, deck_string
from .events import Captured, Dealt, Decided, Drew, Event, Laid, Played, YearStarted
from .options import RulesetOptions
from .results import DealEnd, DealResult, Settlement, YearClosing
from .stakes import Stakes
from .stats import BaYear
from .table import DEAL_THREE, Layout, deal_by, layout, matches
from .turns import TurnBook
from .yaku_defs import YakuDef


class Phase(StrEnum):
    """Which decision the seat to act faces; a str, so records and logs read the same words."""

    PLAY = "play"
    """A hand card to play (docs/rules/README.md §5)."""
    TAKE = "take"
    """Which of two field cards the played or drawn card takes."""
    TEYAKU = "teyaku"
    """The teyaku question: declare or pass."""
    KOIKOI = "koikoi"
    """こいこい or 勝負 after a new yaku."""
    AGARI = "agari"
    """八八: あがり or 下げ after a new 出来役."""
    CANCEL = "cancel"
    """八八: the 下げ player cancels or keeps it."""
    DERU_ORIRU = "deru-oriru"
    """花合わせ with four to six seated: 出る or 下る for this round."""
    OVER = "over"
    """The game is over: no one acts."""


PLAY, TAKE, TEYAKU, KOIKOI = Phase.PLAY, Phase.TAKE, Phase.TEYAKU, Phase.KOIKOI
AGARI, CANCEL, OVER = Phase.AGARI, Phase.CANCEL, Phase.OVER
DERU_ORIRU = Phase.DERU_ORIRU
"""The phases as module globals for the hot path: in CPython 3.11 reading an enum member off its
class costs about five times reading a global."""


DeckSource = Callable[[], Sequence[int]]


P = ParamSpec("P")


class NoDeckSource(RuntimeError):
    """A cloned game reached a new deal without a deck source of its own."""


def _no_deck_source() -> Sequence[int]:
    raise NoDeckSource("this copy of the game has no deck source for a new deal")


class IllegalAction(ValueError):
    """An action that is not among the legal actions of the player to act."""


@dataclass
class DealLog:
    """One deal of the record: its deck (top first) and every decision taken in it."""

    deck: str
    actions: list[int] = field(default_factory=list)


class Seating(NamedTuple):
    """Who plays the round where more sit at the table than play it (花合わせ with four to six:
    docs/rules/hanaawase.md §11)."""

    entries: tuple[str | None, ...]
    """Each seat's way in or out so far: deru, oriru, shibari (forced 出る), oikomi (put out);
    None for the dealer and seats not settled yet."""
    participants: tuple[int, ...]
    """The round's players in turn order once settled, else empty."""
    out_in_stock: int
    """How many of the out seats' cards are still at the bottom of the stock."""
    set_aside: int
    """The viewer's own cards still under the stock when it sits the round out, else 0."""
    places_left: int
    """Places beside the dealer not yet taken while the players of the round are settled."""


class PublicFacts(Protocol):
    """A ruleset's public facts in a view (its ``Game.Facts``): a NamedTuple of immutable values,
    cheap to build, as bots take a view per decision."""

    def status(self) -> tuple[tuple[str, object], ...]:
        """The facts a table's status line shows, as (field name, value), set ones only."""
        ...

    def called(self) -> tuple[bool, ...]:
        """Each seat's こいこい call this deal (empty where the ruleset has none)."""
        ...

    def offered(self) -> tuple[str, ...]:
        """The yaku the viewer is asked to stop on or play on with (empty if not asked)."""
        ...

    def held(self) -> tuple[str, int] | None:
        """The viewer's own teyaku (name, value) while the teyaku question is asked, else None."""
        ...

    def warnings(self) -> Mapping[int, tuple[Any, bool]]:
        """For the viewer to play: each hand card whose play would be 法度, with its details and
        whether it is exempt (empty where the ruleset has no 法度)."""
        ...

    def seating(self) -> Seating | None:
        """Who plays the round, where more sit at the table than play it (else None)."""
        ...

    def for_all(self) -> Any:
        """The same facts with the viewer's own blanked: what a spectator may see."""
        ...


NO_WARNINGS: Mapping[int, tuple[Any, bool]] = MappingProxyType({})


class FactsDefaults:
    """The answers of a ruleset without the fact asked about. A ruleset's ``Game.Facts`` is its
    NamedTuple of fields with this after it (``class XFacts(XFields, FactsDefaults)``), and
    overrides what it has."""

    __slots__ = ()

    OWN: ClassVar[Mapping[str, object]] = MappingProxyType({})
    """The fields only the viewer may know (its own teyaku, its 法度 plays...), each with the
    value a view shows in its place to anyone else."""

    def for_all(self) -> Any:
        """The same facts with the viewer's own blanked: what a spectator may see."""
        replace: Any = getattr(self, "_replace")  # noqa: B009 (a NamedTuple's, in every Facts)
        return replace(**self.OWN) if self.OWN else self

    def status(self) -> tuple[tuple[str, object], ...]:
        return ()

    def called(self) -> tuple[bool, ...]:
        return ()

    def offered(self) -> tuple[str, ...]:
        return ()

    def held(self) -> tuple[str, int] | None:
        return None

    def warnings(self) -> Mapping[int, tuple[Any, bool]]:
        return NO_WARNINGS

    def seating(self) -> Seating | None:
        return None


class NoFields(NamedTuple):
    """No fields."""


class NoFacts(NoFields, FactsDefaults):
    """The facts of a ruleset with none of its own."""

    __slots__ = ()


NO_FACTS = NoFacts()


@dataclass(frozen=True)
class PublicBoard:
    """A ruleset's public whole-game facts a table shows beside a view (its ``Game.Board``): none
    in this base; a ruleset whose table shows more (八八's running sheet) adds its fields."""


NO_BOARD = PublicBoard()


class PlayerView(NamedTuple):
    """What one seat may know: every hidden card of the others and of the stock is removed.
    An immutable snapshot (a tuple: cheap to build, as bots take one per decision), immutable all
    the way down: ``facts`` is a NamedTuple whose values are ints, strs, tuples, NamedTuples or
    read-only mappings, and ``options`` a frozen model of plain values, so what a bot holds can
    change nothing another seat sees."""

    ruleset: str
    seat: int
    players: int
    month: int
    """1..12, the month being played."""
    deal_number: int
    dealer: int
    turn: int
    phase: Phase
    to_act: int
    legal: tuple[int, ...]
    """The seat's legal actions, empty unless it is to act."""
    hand: int
    hand_counts: tuple[int, ...]
    field: int
    captures: tuple[int, ...]
    stock_count: int
    pending_card: int
    """The played or drawn card waiting for a field card to be chosen, else -1."""
    scores: tuple[int, ...]
    shown: tuple[int, ...]
    """Cards of each seat's hand that are face up (shown teyaku)."""
    facts: PublicFacts
    """The ruleset's public facts, of its ``Game.Facts`` type (3文しばり, こいこい calls, the
    seat's own teyaku...)."""
    options: RulesetOptions
    """The game's options (the ruleset's frozen Options model, the same for every seat): what a
    bot needs to play this game and not another."""

    @property
    def rules(self) -> type[Game]:
        """The ruleset's game class (its kasu cards, its year's length...), as its options know
        it: no look-up by name."""
        rules: type[Game] = self.options.game
        return rules


_new_view = tuple.__new__
"""Builds a PlayerView from a ready tuple, skipping the generated ``__new__`` (the hot path)."""


class Game:
    """Base of every ruleset's game. Seats are 0..players-1 and never move; roles do."""

    ruleset: ClassVar[str] = ""
    table_sizes: ClassVar[tuple[int, ...]] = (3,)
    """How many may sit at the table, the default first (``seated`` picks one from the options)."""
    Options: ClassVar[type[RulesetOptions]]
    Result: ClassVar[type[DealEnd]]
    """The type of the ruleset's deal results (``results``)."""
    points_per_unit: ClassVar[int] = 1
    """Points a payment counts in the unit players say it in (八八: 12点 = 1貫)."""
    deal_pattern: ClassVar[tuple[tuple[int, int], ...]] = DEAL_THREE
    """The deal, as (role or FIELD, count) steps from the top of the deck (``pattern_for``)."""
    first_draw_key: ClassVar[Callable[[int], tuple[int, ...]] | None] = None
    """How the first-胴 draw ranks a card, lower first (None: by month alone;
    docs/rules/README.md §5)."""
    watches_steps: ClassVar[bool] = False
    """Whether the ruleset overrides ``step_done`` (set for each subclass: the hot path skips the
    call where no one listens)."""
    titles: ClassVar[tuple[str, str]] = ("", "")
    """The ruleset's Japanese and English titles (menus, table header); each ruleset sets its own."""
    dealer_title: ClassVar[str] = ""
    """What the dealer is called in records and logs (親 or 胴); each ruleset sets its own."""
    shown_are_field: ClassVar[bool] = False
    """Whether shown teyaku cards are field cards for the other players (花合わせ,
    docs/rules/hanaawase.md §5)."""
    Facts: ClassVar[type[PublicFacts]] = NoFacts
    """The type of the ruleset's public facts in a view (``PlayerView.facts``)."""
    Board: ClassVar[type[PublicBoard]] = PublicBoard
    """The type of the ruleset's public whole-game facts (``board``)."""
    kasu_cards: ClassVar[int] = KASUS
    """The cards the ruleset counts as カス (a card may count as its own kind too)."""
    scoring: ClassVar[Callable[..., dict[str, int]] | None] = None
    """Captures → the scoring yaku in the ruleset's own unit, where the options do not change it
    (a ``staticmethod``)."""
    yaku_table: ClassVar[tuple[YakuDef, ...]] = ()
    """The yaku ``scoring`` scores, as card sets, where the options do not change them."""
    has_ba: ClassVar[bool] = False
    """Whether a month's 場 (小場/大場/絶場) scales its values (八八, docs/rules/hachihachi.md §4)."""

    __slots__ = (
        "players", "deal_layout", "options", "deck_source", "first_dealer", "dealer", "scores",
        "log", "book", "logging", "deals",
        "actions", "phase", "to_act", "turn", "hands", "captures", "shown", "field", "stock",
        "stock_pos", "pending_card", "pending_draw", "turn_from", "draw_from", "finished",
        "results", "settlements", "month", "shared_facts",
    )  # fmt: skip
    """Slots, in every ruleset too: attribute and method look-ups stay fast (the hot path) however
    many attributes a ruleset adds."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.watches_steps = cls.step_done is not Game.step_done
        if "Options" in vars(cls):
            cls.Options.game = cls

    def __init__(self, options: Any, first_dealer: int, deck_source: DeckSource) -> None:
        self.players = self.seated(options)
        """How many sit at the table: seats are 0..players-1."""
        self.deal_layout: Layout = layout(self.pattern_for(self.players), self.players)
        """The deal pattern made ready."""
        self.options = options
        self.deck_source = deck_source
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        self.scores = [0] * self.players
        self.log: list[Event] = []
        self.book = TurnBook()
        """The turns of every deal, as the events told them (filled while logging)."""
        self.logging = True
        """Set False where no one reads the events (simulations, bot playouts)."""
        self.deals: list[DealLog] = []
        self.actions: list[int] = []
        """The decisions of the current deal (the last DealLog's list)."""
        self.phase = OVER
        self.to_act = -1
        self.turn = first_dealer
        self.hands = [0] * self.players
        self.captures = [0] * self.players
        self.shown = [0] * self.players
        self.field = 0
        self.stock: Sequence[int] = ()
        self.stock_pos = 0
        self.pending_card = -1
        self.pending_draw = False
        self.turn_from = 0
        """The captures of the seat whose turn it is, as the turn began."""
        self.draw_from = 0
        """Its captures as the draw step began (what the hand step left)."""
        self.finished = False
        self.month = 1
        """1..12, the month of the deal being played (set as each deal starts)."""
        self.shared_facts: PublicFacts | None = None
        """For ``shared_turn_facts``: the facts shared by a deal's turn views, or None."""
        self.results: list[DealResult] = []
        """One result per deal, in order (the ruleset's own NamedTuple)."""
        self.settlements: list[Settlement] = []
        """Payments outside the deals: (name, deals played, payments), e.g. 小引 and 吟味."""

    # -- the public interface -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.finished

    def start(self) -> None:
        """The year begins, told with its 親 and its months (every ruleset's option ``months``);
        then its first month is dealt."""
        self.emit(YearStarted, self.dealer, self.options.months)
        self.new_deal()

    def legal_actions(self) -> Sequence[int]:
        """The legal actions of the seat to act (empty when the game is over)."""
        phase = self.phase
        if phase == PLAY:
            return card_tuple(self.hands[self.to_act])
        if phase == TAKE:
            return [act.TAKE + c for c in card_list(matches(self.field, self.pending_card))]
        if phase == OVER:
            return []
        if phase == TEYAKU:
            held: Sequence[object] = getattr(self, "teyaku")  # noqa: B009 (see ask_teyaku)
            return self.teyaku_answers(held[self.to_act])
        return self.other_actions()

    def apply(self, action: int) -> None:
        """Apply one action of the seat to act; IllegalAction if it is not legal."""
        phase = self.phase
        if phase == PLAY:
            # The hand step: the card leaves the hand to meet the field.
            seat = self.to_act
            hand = self.hands[seat]
            if not (0 <= action < 48 and hand & BIT[action]):
                raise IllegalAction(self._illegal(action))
            self.actions.append(action)
            self.hands[seat] = hand & ALL_BUT[action]
            if self.shown[seat]:
                self.shown[seat] &= ALL_BUT[action]
            if self.logging:
                self.emit(Played, seat, action)
                self.emit(Decided, seat, action)
            self._steps(seat, action, False)
        elif phase == TAKE:
            chosen = action - act.TAKE
            m = matches(self.field, self.pending_card)
            if not (0 <= chosen < 48 and m & BIT[chosen]):
                raise IllegalAction(self._illegal(action))
            self.actions.append(action)
            if self.logging:
                self.emit(Decided, self.to_act, action)
            self._take(BIT[chosen])
        elif phase == OVER:
            raise IllegalAction("the game is over")
        else:
            legal = self.legal_actions()
            if action not in legal:
                raise IllegalAction(self._illegal(action))
            self.actions.append(action)
            if self.logging:
                held = phase == TEYAKU and act.DECLARE in legal
                self.emit(Decided, self.to_act, action, held)
            if phase == TEYAKU:
                self.answer_teyaku(action)
            else:
                self.apply_other(action)

    def board(self) -> PublicBoard:
        """The ruleset's public whole-game facts a table shows beside a view, of its ``Board``
        type (none here; a ruleset whose table shows more, such as a running sheet, says them)."""
        return NO_BOARD

    def sheet_text(self, names: Sequence[str]) -> list[str] | None:
        """The ruleset's own score sheet as plain text lines (八八's 記入式: ``replay --sheet``), or
        None where it keeps none beyond the month-by-month sheet."""
        return None

    def spectator_view(self) -> PlayerView:
        """The game as one who sits at no seat sees it: no hand, no legal action, none of any
        seat's own facts (``seat`` -1)."""
        view = self.view(0)
        return view._replace(seat=-1, hand=0, legal=(), facts=view.facts.for_all())

    def view(self, seat: int, legal: Sequence[int] | None = None) -> PlayerView:
        """The game as ``seat`` sees it (``legal``: the seat's legal actions if already listed)."""
        phase = self.phase
        to_act = self.to_act
        if seat != to_act:
            legal = ()
        elif legal is None:
            legal = self.legal_actions()
        hands = self.hands
        n = len(hands)
        if n == 3:
            counts: tuple[int, ...] = (
                hands[0].bit_count(),
                hands[1].bit_count(),
                hands[2].bit_count(),
            )
        elif n == 2:
            counts = (hands[0].bit_count(), hands[1].bit_count())
        else:
            counts = tuple(h.bit_count() for h in hands)
        return _new_view(
            PlayerView,
            (
                self.ruleset,
                seat,
                self.players,
                self.month,
                len(self.deals),
                self.dealer,
                self.turn,
                phase,
                to_act,
                tuple(legal),
                hands[seat],
                counts,
                self.field,
                tuple(self.captures),
                len(self.stock) - self.stock_pos,
                self.pending_card if phase == TAKE else -1,
                tuple(self.scores),
                tuple(self.shown),
                self.public_facts(seat),
                self.options,
            ),
        )

    def clone(self, deck_source: DeckSource | None = None) -> Game:
        """An independent copy for search, with no event log. It deals new months only from
        ``deck_source``: without one, reaching a new deal raises NoDeckSource, so a playout can
        never draw on the real game's random source."""
        other = copy.copy(self)
        other.hands = self.hands[:]
        other.captures = self.captures[:]
        other.shown = self.shown[:]
        other.scores = self.scores[:]
        other.results = self.results[:]
        other.settlements = self.settlements[:]
        other.log = []
        other.book = TurnBook()
        other.logging = False
        other.deals = [*self.deals[:-1], DealLog(self.deals[-1].deck, self.actions[:])]
        other.actions = other.deals[-1].actions
        other.deck_source = deck_source or _no_deck_source
        other.copy_state_from(self)
        return other

    # -- ruleset hooks --------------------------------------------------------------------------

    @classmethod
    def seated(cls, options: Any) -> int:
        """How many sit at the table under ``options`` (one of ``table_sizes``)."""
        return cls.table_sizes[0]

    @classmethod
    def year_length(cls, options: Any) -> int:
        """The months in a year under ``options`` (before any extension: 越年, 返り春): the
        ``months`` option where the ruleset has one, else 12."""
        return int(getattr(options, "months", 12))

    @classmethod
    def pattern_for(cls, players: int) -> tuple[tuple[int, int], ...]:
        """The deal pattern with ``players`` seated."""
        return cls.deal_pattern

    @classmethod
    def yaku_function(cls, options: Any) -> Callable[[int], dict[str, int]] | None:
        """Captures → the scoring yaku under ``options``, in the ruleset's own unit (None: no
        hints); by default its ``scoring``, whatever the options."""
        return cls.scoring

    @classmethod
    def yaku_defs(cls, options: Any) -> tuple[YakuDef, ...]:
        """The yaku ``yaku_function`` scores under ``options``, as card sets in the same unit
        (the help reference and the bots read them; empty: none); by default its ``yaku_table``."""
        return cls.yaku_table

    @classmethod
    def teyaku_counts(cls) -> dict[str, int] | None:
        """Exact count of the seven-card hands holding each teyaku (None: not counted)."""
        return None

    @classmethod
    def stakes(cls, view: PlayerView) -> Stakes | None:
        """What the viewer's decision to stop (勝負, あがり, 下げの取消し) pays now and what going on
        risks, read from its view alone; None unless the viewer is asked one."""
        return None

    def stones_now(self) -> tuple[int, ...] | None:
        """Each seat's month stones so far, where the ruleset keeps them (None: it keeps none)."""
        return None

    def year_closing(self) -> YearClosing | None:
        """The 番個板 and the year's closing, where the ruleset keeps stones (None: none)."""
        return None

    @classmethod
    def sat_out(cls, result: DealResult) -> tuple[int, ...]:
        """The seats that sat a deal out and took no part in it (none by default)."""
        return ()

    @classmethod
    def ba_year(cls) -> BaYear | None:
        """The exact year of 場 where a month's 場 scales its values (None: no 場)."""
        return None

    @classmethod
    def teyaku_table(cls) -> dict[str, dict[str, int]] | None:
        """Exact hand counts per (row, column) teyaku cell, for two-type teyaku (None: none)."""
        return None

    def restore_from_view(self, view: PlayerView) -> None:
        """Put back the ruleset state a view reports under another name or shape (after the
        generic copy of a view into a game: ``determinize.build_game``)."""

    def deal_month(self) -> int:
        """The month of the deal about to start, 1..12."""
        return 1

    def start_deal(self) -> None:
        """After the cards are dealt: teyaku, field checks, then the first turn."""
        self.begin_turn(self.dealer)

    def step_done(self, seat: int, before: int, drawn: bool) -> None:
        """After a hand step (``drawn`` False) or draw step of ``seat``'s turn that captured.
        A ruleset that only judges whole turns reads ``turn_from`` and ``draw_from`` instead."""

    def turn_done(self, seat: int) -> None:
        """After the whole turn: declarations, or the next turn."""
        self.next_turn(seat)

    def hands_out(self) -> None:
        """Every hand is played out."""
        raise NotImplementedError

    def other_actions(self) -> list[int]:
        raise NotImplementedError

    def apply_other(self, action: int) -> None:
        raise NotImplementedError

    def public_facts(self, seat: int) -> PublicFacts:
        """The view's ``facts``, of the ruleset's ``Facts`` type: immutable (see PlayerView)."""
        return self.facts_now(seat)

    def facts_now(self, seat: int) -> PublicFacts:
        """The ruleset's public facts for the seat, built afresh."""
        return NO_FACTS

    def shared_turn_facts(self, seat: int) -> PublicFacts:
        """A ``public_facts`` for rulesets whose facts are the same in every view of a deal's
        turns: built once and shared by the views of the play and take phases; a question's view
        gets its asked seat's. The ruleset sets ``shared_facts`` to None whenever the facts change
        (a new deal, a こいこい call)."""
        phase = self.phase
        if phase != PLAY and phase != TAKE:
            return self.facts_now(seat)
        facts = self.shared_facts
        if facts is None:
            facts = self.shared_facts = self.facts_now(seat)
        return facts

    def copy_state_from(self, original: Game) -> None:
        """Copy the ruleset's own mutable state in ``clone``."""

    # -- the shared turn cycle ------------------------------------------------------------------

    def emit(self, kind: Callable[P, Event], *args: P.args, **kwargs: P.kwargs) -> None:
        """Tell an event of type ``kind`` made of ``args`` (while logging: a simulation builds
        none), into the log and the turns."""
        if self.logging:
            event = kind(*args, **kwargs)
            log = self.log
            self.book.add(event, self.field, len(log))
            log.append(event)

    def new_deal(self) -> None:
        """Take a deck from the source and deal it around the current 胴."""
        deck = self.deck_source()
        self.deals.append(DealLog(deck_string(deck)))
        self.actions = self.deals[-1].actions
        dealt = deal_by(self.deal_layout, deck)
        for role, hand in enumerate(dealt.hands):
            self.hands[(self.dealer + role) % self.players] = hand
        self.captures = [0] * self.players
        self.shown = [0] * self.players
        self.field = dealt.field
        self.stock = dealt.stock
        self.stock_pos = 0
        self.pending_card = -1
        self.month = self.deal_month()
        if self.logging:
            self.emit(Dealt, self.dealer, self.month, dealt.field)
        self.start_deal()

    def ask_teyaku(self) -> None:
        """The teyaku question (docs/rules/koikoi3.md §3, docs/rules/hachihachi.md §9,
        docs/rules/hanaawase.md §5): every seat answers in turn order from the 胴, a holder
        'declare' or 'pass', anyone else 'pass', so that no one learns who holds a teyaku kept
        hidden. The ruleset keeps ``teyaku`` (falsy: none) per seat."""
        self.phase = TEYAKU
        self.to_act = self.dealer

    def teyaku_answers(self, held: object) -> list[int]:
        return [act.DECLARE, act.PASS] if held else [act.PASS]

    def teyaku_asked(self) -> tuple[int, ...]:
        """The seats this deal's teyaku question is put to, in the order their answers are
        taken (from the 胴). The answers are revealed together, so a table may ask every one of
        them at once and apply the answers in this order."""
        return tuple((self.dealer + k) % self.players for k in range(self.players))

    def teyaku_answers_of(self, seat: int) -> tuple[int, ...]:
        """The answers ``seat`` may give to this deal's teyaku question, its turn or not."""
        held: Sequence[object] = getattr(self, "teyaku", ())
        return tuple(self.teyaku_answers(held[seat] if seat < len(held) else None))

    def answer_teyaku(self, action: int) -> None:
        """The seat to act declares its teyaku or passes; once the last seat has answered, the
        declarations are revealed together."""
        self.keep_answer(self.to_act, action == act.DECLARE)
        if not self.teyaku_asked_on():
            self.reveal_teyaku()

    def keep_answer(self, seat: int, declares: bool) -> None:
        """Keep ``seat``'s answer to the teyaku question (``declares``: it declares its teyaku)."""
        raise NotImplementedError

    def reveal_teyaku(self) -> None:
        """Every seat has answered the teyaku question: the declared teyaku are shown."""
        raise NotImplementedError

    def teyaku_asked_on(self) -> bool:
        """Pass the question to the next seat; False once the last seat (ビキ) has answered."""
        seat = self.to_act
        if seat == (self.dealer + self.players - 1) % self.players:
            return False
        self.to_act = (seat + 1) % self.players
        return True

    def begin_turn(self, seat: int) -> None:
        self.turn = seat
        self.to_act = seat
        self.phase = PLAY
        self.turn_from = self.captures[seat]

    def next_turn(self, seat: int) -> None:
        """Pass the turn on in 胴 → 胴二 → ビキ order, or end the hands."""
        nxt = (seat + 1) % self.players
        if self.hands[nxt]:
            self.begin_turn(nxt)
        elif any(self.hands):
            self.next_turn(nxt)
        else:
            self.hands_out()

    def _draw(self, seat: int) -> None:
        """The draw step on its own: the top stock card meets the field."""
        card = self.stock[self.stock_pos]
        self.stock_pos += 1
        self.draw_from = self.captures[seat]
        if self.logging:
            self.emit(Drew, seat, card)
        self._steps(seat, card, True)

    def _steps(self, seat: int, card: int, drawn: bool) -> None:
        """The card meets the field: laid, or taken with its one or three matches, or waiting for
        the player to choose one of two. After the hand step the top stock card follows (the
        draw step, one loop here: the hot path); after the draw step the turn is done."""
        while True:
            field = self.field
            m = field & MONTH_MASK[card >> 2]  # ``matches`` written out: the hot path
            if not m:
                self.field = field | BIT[card]
                if self.logging:
                    self.emit(Laid, seat, card)
            elif m.bit_count() == 2:
                self.pending_card = card
                self.pending_draw = drawn
                self.phase = TAKE
                return
            elif not self._capture(seat, card, m, drawn):
                return
            if drawn:
                self.turn_done(seat)
                return
            card = self.stock[self.stock_pos]
            self.stock_pos += 1
            self.draw_from = self.captures[seat]
            if self.logging:
                self.emit(Drew, seat, card)
            drawn = True

    def _take(self, taken: int) -> None:
        """The player chose which of two field cards the pending card takes."""
        card = self.pending_card
        seat = self.turn
        self.pending_card = -1
        self.phase = PLAY
        drawn = self.pending_draw
        if self._capture(seat, card, taken, drawn):
            if drawn:
                self.turn_done(seat)
            else:
                self._draw(seat)

    def _capture(self, seat: int, card: int, taken: int, drawn: bool) -> bool:
        """``card`` takes ``taken`` from the field; True unless the ruleset stopped the turn."""
        before = self.captures[seat]
        self.field ^= taken  # taken from the field: its bits go
        self.captures[seat] = before | taken | BIT[card]
        if self.logging:
            self.emit(Captured, seat, card, taken)
        if self.watches_steps:
            self.step_done(seat, before, drawn)
            return self.phase == PLAY
        return True

    def _illegal(self, action: int) -> str:
        try:
            name = act.token(action)
        except (KeyError, IndexError):
            name = str(action)
        return f"{name} is not legal now (phase {self.phase}, seat {self.to_act} to act)"
