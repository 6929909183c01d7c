"""A game's first deal replayed with the cards one seat cannot see shuffled among their places: the
bots' choices must not change (they read only the seat's view)."""

from hanafuda_tui.core.cards import parse_deck
from hanafuda_tui.core.determinize import unseen
from hanafuda_tui.core.game import Game, IllegalAction
from hanafuda_tui.core.rulesets import ruleset_class


def twin_with_hidden_cards_permuted(game: Game, seat: int, rng) -> Game | None:
    """The same first deal with the cards ``seat`` cannot see shuffled among their places, replayed
    with the same actions; None when the shuffle changes what happened (a new teyaku, a シマ)."""
    hidden = unseen(game.view(seat))
    deck = parse_deck(game.deals[0].deck)
    places = [i for i, c in enumerate(deck) if hidden >> c & 1]
    cards = [deck[i] for i in places]
    rng.shuffle(cards)
    for i, c in zip(places, cards, strict=True):
        deck[i] = c
    twin = ruleset_class(game.ruleset)(game.options, game.first_dealer, lambda: deck)
    twin.logging = False
    try:
        twin.start()
        for a in game.deals[0].actions:
            twin.apply(a)
    except IllegalAction:
        return None
    return twin if len(twin.deals) == 1 else None
