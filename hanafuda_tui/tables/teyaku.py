"""The teyaku question put to every seat of a table at once.

The answers are revealed together, so that nobody learns who kept a teyaku hidden
(docs/rules/koikoi3.md §3, docs/rules/hachihachi.md §9, docs/rules/hanaawase.md §5). The core takes
the answers in turn from the 胴; a table that told each answer as it came would let the others time
each seat's decision (a seat with nothing to declare answers in a glance, a holder thinks). So the
table asks every seat at once, applies each answer when the core comes to it, and tells nobody
anything of the round until its last answer is in: what the others receive then depends only on
when the round ended.
"""

from __future__ import annotations

from ..core.game import Game, Phase, PlayerView

ANSWERED = "you have answered the teyaku question"


class TeyakuRound:
    """One deal's teyaku question while it is open at a table."""

    def __init__(self, game: Game, seq: int) -> None:
        self.seq = seq
        """The update every answer of the round answers: nobody is told anything until the
        round is over, so it stays the latest update of every seat."""
        self.deal = len(game.deals)
        self.asked = game.teyaku_asked()
        done = self.asked.index(game.to_act)  # answers already taken (a resumed table)
        self.answered: set[int] = set(self.asked[:done])
        self.told_until = len(game.log) - done
        """The events told while the round is open: none of its answers."""
        self.early: dict[int, int] = {}
        """Answers given before the core came to their seat."""

    def is_open(self, game: Game) -> bool:
        return game.phase == Phase.TEYAKU and len(game.deals) == self.deal

    def view(self, game: Game, seat: int, view: PlayerView) -> PlayerView:
        """``view`` of ``seat`` as the round shows it: asked until it has answered; otherwise
        (a seat that answered, one not asked, a spectator) waiting on the round's first seat,
        whoever has answered."""
        if seat in self.asked and seat not in self.answered:
            return view._replace(to_act=seat, legal=game.teyaku_answers_of(seat))
        return view._replace(to_act=self.asked[0], legal=())

    def answer(self, game: Game, seat: int, action: int) -> str:
        """Take a person's answer (applied when the core comes to the seat); why not, if not."""
        if seat not in self.asked or seat in self.answered:
            return ANSWERED
        if action not in game.teyaku_answers_of(seat):
            return f"action {action} is not legal now"
        self.answered.add(seat)
        self.early[seat] = action
        return ""

    def due(self, game: Game) -> int | None:
        """The answer the core takes next, if its seat has given it."""
        return self.early.pop(game.to_act, None) if self.is_open(game) else None
