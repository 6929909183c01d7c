"""What a seat may see of a table, to check every message a client received: the true game
after each action of a record (each seat's view, hands, stock) and the cards a message names."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from hanafuda_tui.core.cards import BIT
from hanafuda_tui.core.events import HattoExempt, TeyakuShown, seen_by
from hanafuda_tui.core.game import Game, Phase
from hanafuda_tui.core.records import GameRecord, replay
from hanafuda_tui.net.protocol import event_model, view_model


class Snapshot:
    """The true game after an action: each seat's hand, the stock not yet drawn, the shown
    cards, and each seat's view (a spectator's at -1)."""

    def __init__(self, game: Game) -> None:
        self.hands = list(game.hands)
        self.set_aside = list(getattr(game, "set_aside", [0] * game.players))
        """花合わせ with four to six: each out seat's own cards put under the stock."""
        self.stock = sum(BIT[c] for c in game.stock[game.stock_pos :])
        views = {s: game.view(s) for s in range(game.players)}
        if game.phase == Phase.TEYAKU:  # the question is put to every seat asked at once
            asked = game.teyaku_asked()
            views = {
                s: view._replace(to_act=s, legal=game.teyaku_answers_of(s))
                if s in asked
                else view._replace(to_act=asked[0])
                for s, view in views.items()
            }
        self.views = {s: view_model(view) for s, view in views.items()}
        self.views[-1] = view_model(game.spectator_view())
        self.board = json.loads(json.dumps(dataclasses.asdict(game.board())))
        """The public whole-game facts (八八's sheet so far): the same for every seat."""


def snapshots(record: GameRecord) -> list[Snapshot]:
    """The true game after each action of ``record`` (and before the first)."""
    shots: list[Snapshot] = []
    replay(record, after=lambda game: shots.append(Snapshot(game)))
    return shots


def hidden_from(seat: int, shot: Snapshot, revealed: int) -> int:
    """The cards ``seat`` may not know: the others' hands (less what was shown) and the stock
    (less its own cards set under it)."""
    own = shot.set_aside[seat] if seat >= 0 else 0
    hands = 0
    for s, hand in enumerate(shot.hands):
        if s != seat:
            hands |= hand
    return (hands | shot.stock) & ~revealed & ~own


CARD_SETS = ("hand", "field", "captures", "shown", "took", "cards", "proof", "set_aside")
SINGLE_CARDS = ("card", "pending_card")


def cards_in(data: Any, key: str = "") -> int:
    """Every card a message names, by the keys that hold cards (bit sets and single cards)."""
    if isinstance(data, dict):
        if data.get("kind") == "first_draw":  # drawn for the first 親, then shuffled back
            return 0
        found = 0
        for k, v in data.items():
            found |= cards_in(v, k)
        return found
    if isinstance(data, list):
        found = 0
        for v in data:
            found |= cards_in(v, key)
        return found
    if isinstance(data, int) and not isinstance(data, bool):
        if key in CARD_SETS:
            return data
        if key in SINGLE_CARDS and 0 <= data < 48:
            return BIT[data]
    return 0


def this_deal(told: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events of an update from its last deal on (those before it are of a deal that has
    ended, whose cards may be in the new hands: they were public when told). Each ``field``
    beside an event is the field then, public by the rules, checked equal to the host's."""
    starts = [i for i, t in enumerate(told) if t["event"]["kind"] == "deal"]
    return [t["event"] for t in told[starts[-1] if starts else 0 :]]


def check_seat(
    seat: int,
    messages: list[dict[str, Any]],
    record: GameRecord,
    game: Game,
    shots: list[Snapshot],
) -> None:
    """Every table message one connection (``seat``; -1 a spectator) received over a year,
    from its table's welcome to the year's ``over``, against the table's record: each update is
    exactly the core's view of that seat then, the events exactly those it may see, each with the
    field then, and no card hidden from it then appears anywhere. A spectator who came in late
    is told the events so far in its first update."""
    log = game.log
    updates = [m for m in messages if m["type"] == "update"]
    assert messages[0]["type"] == "welcome" and messages[0]["seat"] == seat
    assert messages[-1]["type"] == "over"
    told = [t["event"] for m in updates for t in m["told"]]
    fields = [t["field"] for m in updates for t in m["told"]]
    assert fields == game.book.fields, f"seat {seat}: not the field when each was told"
    expected = [event_model(seen_by(e, seat)).model_dump(mode="json") for e in log]
    assert told == expected, f"seat {seat}: the events differ from what the seat may see"
    revealed = 0  # cards the rules showed: teyaku shown, a 法度 proof
    at = 0
    for message in updates:
        shot = shots[message["seq"]]
        assert message["view"] == shot.views[seat].model_dump(mode="json"), (
            f"seat {seat}, update {message['seq']}: not the core's view"
        )
        for event in log[at : at + len(message["told"])]:
            if isinstance(event, TeyakuShown):
                revealed |= event.cards
            if isinstance(event, HattoExempt):
                revealed |= event.proof
        at += len(message["told"])
        # the board (八八's shown scores and sheet: amounts, not cards) is the game's, alike
        # for every seat
        assert message["board"] == shot.board, f"seat {seat}, update {message['seq']}: board"
        hidden = hidden_from(seat, shot, revealed)
        told = this_deal(message["told"])
        leaked = (cards_in(message["view"]) | cards_in(told)) & hidden
        assert not leaked, f"seat {seat}, update {message['seq']}: hidden cards {leaked:#x}"
    assert messages[-1]["record"] == record.model_dump(mode="json")
