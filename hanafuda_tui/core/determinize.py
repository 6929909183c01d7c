"""A full Game rebuilt from one seat's view and a sampled deal of the cards it cannot see.

Search bots play imagined continuations: they never read the real game, only a ``PlayerView``.
``unseen`` is every card the seat cannot see; ``sample_deal`` shares them out at random among the
other hands and the stock, keeping each hand's size; ``build_game`` puts the view's public state and
such a deal into a fresh game of the view's ruleset, under the view's options. Generic over
rulesets: the base state comes from the view's fields, the ruleset's own state from its typed
``view.facts`` through the ruleset's ``restore_from_view``. What no view says
keeps the new game's initial value: earlier months' winners (三人こいこい 小引), the captures a turn
held before its hand step (a pending draw's offer), and in 八八 the declared teyaku's threes, the
month's payments so far and earlier 法度 marks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import ALL_CARDS, card_list
from .game import DealLog, DeckSource, Game, Phase, PlayerView
from .rulesets import ruleset_class
from .table import shuffled_deck


class SampleError(ValueError):
    """The view's card counts do not add up (a view from a different game shape)."""


def unseen(view: PlayerView) -> int:
    """The cards this seat cannot see: the others' hidden hand cards and the stock."""
    seen = view.hand | view.field
    for caps in view.captures:
        seen |= caps
    for shown in view.shown:
        seen |= shown
    if view.pending_card >= 0:
        seen |= 1 << view.pending_card
    return ALL_CARDS & ~seen


def hidden_counts(view: PlayerView) -> tuple[int, ...]:
    """How many hidden cards each seat holds (0 for the viewer)."""
    return tuple(
        0 if s == view.seat else n - view.shown[s].bit_count()
        for s, n in enumerate(view.hand_counts)
    )


def sample_deal(view: PlayerView, rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A random deal of the unseen cards consistent with the view: (every seat's hand, stock).

    The viewer keeps its own hand; each other seat gets its shown cards and as many unseen cards
    as it holds hidden; the rest is the stock in a random order.
    """
    cards = card_list(unseen(view))
    counts = hidden_counts(view)
    if sum(counts) + view.stock_count != len(cards):
        raise SampleError(
            f"{len(cards)} unseen cards, but {sum(counts)} hidden in hands and"
            f" {view.stock_count} in the stock"
        )
    rng.shuffle(cards)
    hands = []
    pos = 0
    for s, n in enumerate(counts):
        if s == view.seat:
            hands.append(view.hand)
            continue
        h = view.shown[s]
        for c in cards[pos : pos + n]:
            h |= 1 << c
        hands.append(h)
        pos += n
    return tuple(hands), tuple(cards[pos:])


def _pending_was_drawn(cls: type[Game], view: PlayerView) -> bool:
    """Whether the card waiting for a field choice came from the stock. Every turn draws once and
    turns go round from the 胴, so the draws so far tell how far the current turn has got."""
    drawn = 48 - sum(n for _, n in cls.pattern_for(view.players)) - view.stock_count
    turns_done = (view.turn - view.dealer) % view.players
    return (drawn - turns_done) % view.players != 0


def build_game(
    view: PlayerView,
    hands: Sequence[int],
    stock: Sequence[int],
    deck_source: DeckSource | None = None,
) -> Game:
    """A game in the view's state and under its options, with the given hands and stock (top
    first), logging off. ``deck_source`` (later deals) defaults to a shuffle from a fixed seed,
    so an imagined game never touches anyone's random source.
    """
    cls = ruleset_class(view.ruleset)
    options = view.options
    if deck_source is None:
        rng = random.Random(0)
        deck_source = lambda: shuffled_deck(rng)  # noqa: E731
    game = cls(options, view.dealer, deck_source)
    game.logging = False
    game.deals = [DealLog("") for _ in range(max(view.deal_number, 1))]
    game.actions = game.deals[-1].actions
    game.dealer = view.dealer
    game.month = view.month
    game.turn = view.turn
    game.phase = view.phase
    game.to_act = view.to_act
    game.scores = list(view.scores)
    game.hands = list(hands)
    game.captures = list(view.captures)
    game.shown = list(view.shown)
    game.field = view.field
    game.stock = tuple(stock)
    game.stock_pos = 0
    game.finished = view.phase == Phase.OVER
    if view.phase == Phase.TAKE:
        game.pending_card = view.pending_card
        game.pending_draw = _pending_was_drawn(cls, view)
    game.turn_from = game.draw_from = view.captures[view.turn]
    game.restore_from_view(view)
    return game


def determinize(
    view: PlayerView, rng: random.Random, deck_source: DeckSource | None = None
) -> Game:
    """``build_game`` on a fresh ``sample_deal``: one possible world behind the view."""
    hands, stock = sample_deal(view, rng)
    return build_game(view, hands, stock, deck_source)
