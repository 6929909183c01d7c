"""二人こいこい for bots: the yaku as card sets (seed 003 section 4-5, docs/rules/koikoi2.md §4–§6) and
when to call こいこい, under the game's options (``low_values``, ``rain``, ``double_seven``,
``rules``). A こいこい doubles the month's score for whoever wins it, so it pays when the bot is likely
to add a yaku before the other player completes one. Under ``rules=nintendo`` (docs/rules/koikoi2.md
§11) it doubles only the other player's win, and the next yaku of either player ends the month."""

from __future__ import annotations

from collections.abc import Callable

from ...core.cards import ALL_CARDS, AME, cards_of
from ...core.game import PublicFacts
from ...core.rulesets.koikoi2 import yaku as y
from ...core.rulesets.koikoi2.facts import Koikoi2Facts
from ...core.rulesets.koikoi2.game import (
    DOUBLED_FROM,
    NO_CALLS,
    Koikoi2,
    Koikoi2Options,
    doubling,
    doublings,
)
from ...core.stakes import scaled
from ..evaluation import Evaluator, Spec, StopRule, VoidingEvaluator

MEASURED: dict[int, dict[str, float]] = {
    2: {"easy": 92.0, "normal": 58.4, "strong": 79.3, "expert": 53.5}
}
"""Each level's share of games won against the level below, by how many sit at the table
(docs/bots.md, the bot table: duplicate deals, every seat order; par is one in the number seated;
``expert``'s in 3-month games, "The expert level")."""

SPREAD = 4.8
"""``Evaluator.spread`` in points (normal bots, 300 games)."""
NET_SPREAD = 2.0
"""``Evaluator.net_spread``: where the play network plays, the year's reading is best at × 1.5
against ``normal`` and × 3 against itself; × 2 gave nothing up against ``normal`` and evened the
match with ``aim=margin`` (docs/bots.md, "Twice as wide is now the default's reading")."""
READ = (0.03,)
"""``Evaluator.read``: the strong bot reads the other's hand from its plays, as the normal
policy's values softened at this temperature; reading each seat at its own (``read=auto``) won
no more (docs/bots.md, "Reading the others' hands")."""
ENOUGH = 5
"""Stop at this many points or more: doubling it is rarely worth the risk."""


def specs(options: Koikoi2Options) -> tuple[Spec, ...]:
    """The core's yaku (``Koikoi2.yaku_defs``) at the game's values (``low_values``); with ``rain``
    a November card captured voids the ``RAIN_VOIDED`` ones; with ``double_seven`` a yaku worth 7
    or more on its own counts double (sums of smaller ones that reach 7 are left to the exact
    score), as under ``rules=nintendo`` (the core's ``doublings`` before any こいこい)."""
    void = AME if options.rain else 0

    def v(value: int) -> int:
        return scaled(value, doublings(options, 0, NO_CALLS, value))

    return tuple(
        Spec(
            d.name,
            d.cards,
            d.need,
            v(d.value),
            d.per,
            d.group,
            void if d.name in y.RAIN_VOIDED else 0,
        )
        for d in Koikoi2.yaku_defs(options)
    )


def scorer(options: Koikoi2Options) -> Callable[[int], int]:
    """The exact points of 勝負 now (before any こいこい doubling), under the game's options: the
    core's yaku and ``doublings``."""
    yaku = Koikoi2.yaku_function(options)

    def score(caps: int) -> int:
        base = sum(yaku(caps).values())
        return scaled(base, doublings(options, 0, NO_CALLS, base))

    return score


def called(options: Koikoi2Options, seat: int, facts: PublicFacts) -> bool:
    """Whether the seat's 勝負 is doubled after こいこい already (the core's ``doubling``)."""
    return isinstance(facts, Koikoi2Facts) and doubling(options, seat, facts.koikoi)[1]


def stop_rule(options: Koikoi2Options) -> StopRule:
    """勝負 with enough points, a short hand, a threat, or once the month is already doubled;
    else こいこい when another yaku is one card away. With ``double_seven``, 5 or 6 points are
    enough only when no card one away lifts the score to 7 (then doubled)."""
    double_seven = options.double_seven

    def stop(
        ev: Evaluator, seat: int, hand: int, captures: tuple[int, ...], facts: PublicFacts
    ) -> bool:
        caps = captures[seat]
        now = ev.score(caps)
        if hand.bit_count() < 4 or called(options, seat, facts) or ev.threatened(seat, captures):
            return True
        if now >= ENOUGH and not (double_seven and now < DOUBLED_FROM):
            return True
        near = _one_away_yet(ev, seat, captures)
        if now < ENOUGH:
            return not near
        return not any(ev.score(caps | 1 << c) >= 2 * DOUBLED_FROM for c in cards_of(near))

    return stop


def _one_away_yet(ev: Evaluator, seat: int, captures: tuple[int, ...]) -> int:
    """The cards that would each complete a yaku for ``seat`` and no other seat has taken."""
    others = 0
    for s, c in enumerate(captures):
        if s != seat:
            others |= c
    return ev.one_away(captures[seat], ALL_CARDS & ~others)


def nintendo_stop_rule() -> StopRule:
    """Under ``rules=nintendo`` a こいこい doubles nothing for the caller and hands the other player
    a ×2 on their next yaku, which ends the month, as the caller's next one does: こいこい only with
    a long hand, no threat, and a card one away that lifts the score to 7 or more (doubled)."""

    def stop(
        ev: Evaluator, seat: int, hand: int, captures: tuple[int, ...], facts: PublicFacts
    ) -> bool:
        caps = captures[seat]
        if hand.bit_count() < 4 or ev.score(caps) >= DOUBLED_FROM or ev.threatened(seat, captures):
            return True
        near = _one_away_yet(ev, seat, captures)
        return not any(ev.score(caps | 1 << c) >= DOUBLED_FROM for c in cards_of(near))

    return stop


def make(options: Koikoi2Options) -> Evaluator:
    if options.rules == "nintendo":
        return Evaluator(
            "koikoi2",
            specs(options),
            scorer(options),
            nintendo_stop_rule(),
            spread=SPREAD,
            net_spread=NET_SPREAD,
            read=READ,
        )
    kind = VoidingEvaluator if options.rain else Evaluator
    return kind(
        "koikoi2",
        specs(options),
        scorer(options),
        stop_rule(options),
        spread=SPREAD,
        net_spread=NET_SPREAD,
        read=READ,
    )
