"""Decisions met in a game the normal bot plays (for tests of the search and of advice), the plays
and takes of a game the learned policy plays (for tests of the play network), and a game's
first deal replayed with the cards one seat cannot see shuffled among their places: the bots'
choices must not change (they read only the seat's view); a small play network; and what a
shipped file damaged after installing does to the strong bot."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from hanafuda_tui.bots import make_bot
from hanafuda_tui.bots.evaluation import Evaluator
from hanafuda_tui.bots.evaluators import evaluator_of
from hanafuda_tui.bots.learned import Provenance, Table, learned_action, shipped, table_of_view
from hanafuda_tui.bots.play_net import NET_FEATURES, Net, PlayNet
from hanafuda_tui.bots.policy import Seen, normal_action, seen_of_view
from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import parse_deck
from hanafuda_tui.core.determinize import unseen
from hanafuda_tui.core.game import Game, IllegalAction, PlayerView
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.rulesets import ruleset_class


def decisions(ruleset: str, seed: int, wanted: int) -> list[PlayerView]:
    """The first ``wanted`` views with a choice to make, from a game of normal bots."""
    game = new_game(ruleset, random.Random(seed))
    game.logging = False
    bot = make_bot("normal", random.Random(seed))
    out: list[PlayerView] = []
    while len(out) < wanted and not game.finished:
        view = game.view(game.to_act)
        if len(view.legal) > 1:
            out.append(view)
        game.apply(bot.act(view))
    return out


Chooser = Callable[[Evaluator, Seen, Table], int]


def plays_and_takes(
    ruleset: str, seed: int, play: Chooser | None = None, options: dict[str, Any] | None = None
) -> Iterator[tuple[PlayerView, Evaluator, Seen, Table]]:
    """Every play or take with a choice in a three-month game (of ``options`` besides) dealt
    from ``seed``, each then played by ``play`` (default: the ruleset's learned policy, the
    normal policy where none is shipped), every other decision by that default."""
    weights = shipped(ruleset)

    def learned(ev: Evaluator, seen: Seen, table: Table) -> int:
        if weights is None:
            return normal_action(ev, seen)
        return learned_action(weights, ev, seen, table)

    game = new_game(ruleset, random.Random(seed), {"months": 3, **(options or {})})
    game.logging = False
    while not game.finished:
        view = game.view(game.to_act)
        ev, seen, table = evaluator_of(view), seen_of_view(view), table_of_view(view)
        if len(view.legal) > 1 and min(view.legal) < act.DECLARE:
            yield view, ev, seen, table
            game.apply((play or learned)(ev, seen, table))
        else:
            game.apply(learned(ev, seen, table))


def twin_with_hidden_cards_permuted(game: Game, seat: int, rng: random.Random) -> Game | None:
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


def a_net(ruleset: str = "koikoi2", sign: float = 1.0) -> PlayNet:
    """A small network: the normal policy's capture value (times ``sign``) and two hidden units
    reading the new features."""
    n = len(NET_FEATURES)
    lin = [0.0] * n
    lin[0], lin[1], lin[2] = sign, sign * 0.25, -sign
    rows = tuple(tuple(0.1 * ((i + j) % 3 - 1) for j in range(n)) for i in range(2))
    net = Net(features=NET_FEATURES, lin=tuple(lin), W=rows, b=(0.1, -0.2), out=(0.3, -0.1))
    provenance = Provenance(command="test", seed=0, commit="none", rounds=1)
    return PlayNet(ruleset=ruleset, net=net, provenance=provenance)


def said_when_damaged(
    place: tuple[ModuleType, str],
    name: str,
    cache: Any,
    specs: tuple[str, str],
    views: Sequence[PlayerView],
    fixtures: tuple[Path, Any, Any],
) -> str:
    """With the shipped file ``name`` cut short (in a folder put in place of ``place``'s: a
    module and its folder's name), the first bot spec ranks ``views`` exactly as the second;
    the one line it said on stderr, said once. ``fixtures``: pytest's tmp_path, monkeypatch
    and capsys."""
    folder, monkeypatch, capsys = fixtures
    (folder / name).write_text('{"ruleset": "koikoi2", "cut short": [', "utf-8")
    monkeypatch.setattr(*place, folder)
    cache.cache_clear()
    try:
        damaged, fallback = (make_bot(spec, random.Random(3)) for spec in specs)
        assert [damaged.ranked(v) for v in views] == [fallback.ranked(v) for v in views]
    finally:
        cache.cache_clear()
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1
    return said[0]
