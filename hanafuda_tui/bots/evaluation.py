"""What a ruleset's captures are worth to a bot: its yaku as card sets, and how close a player is.

Each ruleset has a small module of bot rules (``bots/rulesets/<name>.py``, registered in
``bots.rulesets.BOT_RULES``) that lists its yaku as ``Spec``s and says how to score captures
exactly and when to stop. The heuristics here are generic: a player's *potential* is the value of
the yaku it holds plus a discounted value of those it can still complete (the missing cards not in
anyone else's captures), so a card is worth what it adds to that.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ..core import actions as act
from ..core.cards import ALL_CARDS, POINTS, cards_of
from ..core.game import PublicFacts

TEMPERATURES = (0.01, 0.03, 0.1, 0.3, 1.0)
"""The temperatures the others' hands are read at with ``read=auto`` (``bots.hand_reading``): a
normal bot's plays are best read at 0.01, the play network's at 0.3, the strong search's at 1."""

WEIGHT = (1.0, 0.4, 0.16, 0.064, 0.0256) + (0.0,) * 44
"""Weight of a yaku by how many cards it still misses (0, 1, 2, ...); five or more: nothing."""


class Spec(NamedTuple):
    """A yaku as a card set: ``need`` of ``cards`` make ``value``; each card past ``need`` adds ``per``."""

    name: str
    cards: int
    need: int
    value: float
    per: float = 0.0
    group: int = 0
    """Specs sharing a non-zero group are exclusive: only the best of them counts (五光 > 四光...)."""
    void: int = 0
    """Cards that void the yaku once captured (二人こいこい 雨流れ): for a VoidingEvaluator, in no
    exclusive group."""


Row = tuple[int, int, float, float, int, int]
"""A spec as plain values for the hot path: cards, need, value, per, group, void."""
Plan = tuple[
    float,
    tuple[tuple[int, int, float, float], ...],
    list[tuple[tuple[int, int, float, float], ...]],
]
"""``gain``'s work for one capture set: its card points' value, the specs outside exclusive groups
it touches, and the whole groups it touches (voidable specs are judged apart)."""


class Entry(NamedTuple):
    """When to say 出る rather than 下る (花合わせ with four to six seated): the thresholds of the
    easy and normal rules (``policy.easy_enters``, ``policy.normal_enters``)."""

    points: int
    """easy: the hand's card points at least this."""
    strength: float
    """normal: the hand's card points plus the yaku potential of the hand with the field cards
    its months meet at least this."""


StopRule = Callable[["Evaluator", int, int, tuple[int, ...], PublicFacts], bool]
"""A ruleset's stop decision: (evaluator, seat, hand, everyone's captures, the view's facts) →
stop now."""


class Evaluator:
    """The yaku knowledge of one ruleset, for the normal policy and the strong bot's playouts.

    ``score(captures)`` is the exact value of what a player holds; ``stop(...)`` answers a stop
    decision (勝負 / あがり / 取消し) given the seat's captures, hand and the others' captures.
    """

    def __init__(
        self,
        ruleset: str,
        specs: tuple[Spec, ...],
        score: Callable[[int], int],
        stop: StopRule | None = None,
        point_weight: float = 0.002,
        hatto_weight: float = 0.0,
        complete: float = 1.5,
        entry: Entry | None = None,
        spread: float = 1.0,
        net_spread: float = 1.0,
        read: tuple[float, ...] = (),
    ) -> None:
        self.ruleset = ruleset
        self.entry = entry
        """The 出る・下る thresholds, for a ruleset that asks it; None: always 出る."""
        self.spread = spread
        """How far two seats' scores drift apart in a month: the standard deviation of the
        difference of their month scores, measured between normal bots. The strong bot reads a
        lead against it: a lead of one spread with one month to play holds about five times in
        six."""
        self.net_spread = net_spread
        """The factor on ``spread`` where a play network plays every seat of the strong bot's
        playouts: the network's tables swing wider than normal play's."""
        self.read = read
        """The temperatures the strong bot reads the others' hands at from their plays
        (``hand_reading``; none: it does not read them)."""
        self.point_weight = point_weight
        """Value of one card point: a tie-break, or real where card points score (花合わせ, 八八)."""
        self.hatto_weight = hatto_weight
        """Value of one 点 of 法度 at stake (八八: the view's ``facts.hatto``)."""
        self.complete = complete
        """A yaku held is worth this many times its value (it can end the month now)."""
        self.specs, self.score, self.stop_rule = specs, score, stop
        if any(s.void for s in specs) and not isinstance(self, VoidingEvaluator):
            raise ValueError("specs that a card voids need a VoidingEvaluator")
        self.rows: tuple[Row, ...] = tuple(
            (s.cards, s.need, s.value, s.per, s.group, s.void) for s in specs
        )
        self.rows_of_card = tuple(
            sum(1 << i for i, s in enumerate(specs) if s.cards >> c & 1) for c in range(48)
        )
        """Each card's specs as a bit set of row indices."""
        self.rows_touched = tuple(
            sum(1 << i for i, s in enumerate(specs) if (s.cards | s.void) >> c & 1)
            for c in range(48)
        )
        """Each card's specs, and those it voids, as a bit set of row indices."""
        self.group_rows: dict[int, int] = {}
        """Each exclusive group's specs as a bit set of row indices."""
        for i, spec in enumerate(specs):
            if spec.group:
                self.group_rows[spec.group] = self.group_rows.get(spec.group, 0) | 1 << i
        self._plans: dict[int, Plan] = {}
        """``gain``'s plan for each capture set seen so far."""

    def worth(self, row: Row, caps: int, avail: int) -> float:
        """One spec's share of the potential of ``caps`` when ``avail`` cards (the player's own
        captures included) can still be won: full value held (more for a yaku just made, which can
        end the month), a discounted value while it can still be made, else nothing (voided)."""
        cards, need, value, per, _, void = row
        if caps & void:
            return 0.0
        have = (caps & cards).bit_count()
        if have >= need:
            return value * self.complete + per * (have - need)
        if (cards & avail).bit_count() < need:
            return 0.0
        return value * WEIGHT[need - have]

    def gain(self, caps: int, new: int, avail: int) -> float:
        """How much capturing ``new`` raises the potential of ``caps``, card points included.
        ``avail`` must include ``caps`` and ``new``. This is the search's hot path: a spec's worth
        changes only through its count of held cards, and an unreachable spec is worth nothing
        before and after, so most specs cost two bit counts (voidable specs: VoidingEvaluator)."""
        plan = self._plans.get(new)
        if plan is None:
            plan = self._plans[new] = self._plan(new)
        total, singles, groups = plan
        after = caps | new
        complete = self.complete
        for cards, need, value, per in singles:
            have = (caps & cards).bit_count()
            more = (after & cards).bit_count()
            if more >= need:
                a = value * complete + per * (more - need)
                if have >= need:
                    total += a - (value * complete + per * (have - need))
                else:
                    total += a - value * WEIGHT[need - have]
            elif (cards & avail).bit_count() >= need:
                total += value * WEIGHT[need - more] - value * WEIGHT[need - have]
        for rows in groups:
            gb = ga = 0.0
            for cards, need, value, per in rows:
                have = (caps & cards).bit_count()
                more = (after & cards).bit_count()
                if more >= need:
                    a = value * complete + per * (more - need)
                    if have >= need:
                        b = value * complete + per * (have - need)
                    else:
                        b = value * WEIGHT[need - have]
                elif (cards & avail).bit_count() >= need:
                    a = value * WEIGHT[need - more]
                    b = value * WEIGHT[need - have]
                else:
                    continue
                gb = max(gb, b)
                ga = max(ga, a)
            total += ga - gb
        return total

    def _plan(self, new: int) -> Plan:
        """For a capture ``new``: its card points' value, the specs it touches outside exclusive
        groups and voidable ones, and the whole groups it touches (in spec order)."""
        points = 0.0
        touched = 0
        for c in cards_of(new):
            points += POINTS[c]
            touched |= self.rows_of_card[c]
        singles = []
        groups: dict[int, list[tuple[int, int, float, float]]] = {}
        for i, row in enumerate(self.rows):
            if row[4]:
                if touched & self.group_rows[row[4]]:
                    groups.setdefault(row[4], []).append(row[:4])
            elif touched >> i & 1 and not row[5]:
                singles.append(row[:4])
        return points * self.point_weight, tuple(singles), [tuple(g) for g in groups.values()]

    def potential(self, caps: int, avail: int) -> float:
        """The sum of every spec's worth, the best of each exclusive group only."""
        total = 0.0
        best: dict[int, float] = {}
        for row in self.rows:
            w = self.worth(row, caps, avail)
            if row[4]:
                best[row[4]] = max(best.get(row[4], 0.0), w)
            else:
                total += w
        return total + sum(best.values())

    def reach(self, caps: int, avail: int) -> tuple[float, int]:
        """``potential`` and ``one_away`` of ``caps`` at once, in one pass over the specs (the
        learned stop rule's features need both for every seat)."""
        total = 0.0
        best: dict[int, float] = {}
        near = 0
        complete = self.complete
        for cards, need, value, per, group, void in self.rows:
            if caps & void:
                worth = 0.0
            else:
                have = (caps & cards).bit_count()
                if have >= need:
                    worth = value * complete + per * (have - need)
                else:
                    if have == need - 1:
                        near |= cards & avail & ~caps
                    reachable = (cards & avail).bit_count() >= need
                    worth = value * WEIGHT[need - have] if reachable else 0.0
            if group:
                best[group] = max(best.get(group, 0.0), worth)
            else:
                total += worth
        return total + sum(best.values()), near

    def one_away(self, caps: int, avail: int) -> int:
        """The cards that would each complete a yaku of ``caps`` at once (and are still to be won)."""
        out = 0
        for spec in self.specs:
            have = (caps & spec.cards).bit_count()
            if have == spec.need - 1 and not caps & spec.void:
                out |= spec.cards & avail & ~caps
        return out

    def stop(self, seat: int, hand: int, captures: tuple[int, ...], facts: PublicFacts) -> bool:
        """True to stop and be paid now, False to play on (こいこい / 下げ / keep)."""
        if self.stop_rule is None:
            return True
        return self.stop_rule(self, seat, hand, captures, facts)

    def threatened(self, seat: int, captures: tuple[int, ...]) -> bool:
        """Whether another player is one card from a yaku with that card still to be won."""
        everyone = 0
        for c in captures:
            everyone |= c
        for s, c in enumerate(captures):
            if s != seat and self.one_away(c, ALL_CARDS & ~everyone | c):
                return True
        return False


class VoidingEvaluator(Evaluator):
    """An evaluator with specs a captured card voids (``Spec.void``, in no exclusive group):
    ``gain`` adds their change to the plain one."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.voidable = tuple(row for row in self.rows if row[5])
        if any(row[4] for row in self.voidable):
            raise ValueError("a voidable spec cannot be in an exclusive group")

    def gain(self, caps: int, new: int, avail: int) -> float:
        total = super().gain(caps, new, avail)
        after = caps | new
        for row in self.voidable:
            if (row[0] | row[5]) & new:
                total += self.worth(row, after, avail) - self.worth(row, caps, avail)
        return total


STOP_FIRST = (act.SHOBU, act.AGARI, act.CANCEL)
GO_ON = (act.KOIKOI, act.SAGE, act.KEEP)


class BotRules(NamedTuple):
    """A ruleset's rules for the bots, from its module in ``bots/rulesets/``."""

    make: Callable[..., Evaluator]
    """``make(options, *month)``: the evaluator for the game's options and month facts."""
    measured: Mapping[int, Mapping[str, float]]
    """Each level's share of games won against the level below, by how many sit at the table
    (docs/bots.md, the bot table)."""
    month_state: Callable[[PublicFacts], tuple[Any, ...]] | None = None
    """The month's public facts the values depend on, as ``make``'s further arguments (八八's
    場); None where no value depends on the month."""
