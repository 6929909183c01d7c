"""The strong bot: determinized Monte Carlo search over the cards it cannot see.

A world is one sample of the cards behind the view (``core.determinize``: the unseen cards shared
out among the other hands and the stock: drawn by how likely each makes the hand plays the others
were seen to make this month, ``bots.hand_reading``, where the ruleset reads hands); the actions
still in play are each tried in the same
world and the month is played out by the playout policy for every seat: the ruleset's shipped
play network by default (``playout=net``, ``bots.play_net``, trained from this search; the
learned policy where none is shipped), the learned policy (``playout=learned``, ``bots.learned``,
its weights trained from this search too), or the normal or easy policy (``playout=normal``: the
strong bot as it was before it learned). An action's result is
the bot's chance, from the scores at the month's end, to finish the year on top (``aim=win``,
the default: a lead counts for less with many months to play, and the last month counts only who
is ahead), or its score change less the others' mean change (``aim=margin``). Moves that are the
same (two cards alike in the hand, ``twin_moves``) are searched once. The playouts are spent by
sequential halving (the worse half of the actions is dropped after each round), about
``iterations`` of them, or as many as ``time`` seconds allow (each round runs to its slice of the
time, so a slow first world costs nothing later). The playout policy's own choice always stays
in play, and another action replaces it only when clearly better in the same worlds
(``confidence`` standard errors, default ``CONFIDENCE``). ``ranked`` gives every action's
estimated value, best first; ``act`` plays the first.
"""

from __future__ import annotations

import math
import random
import statistics
import time as _time
from collections.abc import Callable, Sequence

from ..core import actions as act
from ..core.cards import POINTS
from ..core.determinize import build_game, sample_deal
from ..core.game import Game, PlayerView
from .chances import MonthSpread, year_win_chance
from .evaluation import TEMPERATURES, Evaluator
from .evaluators import evaluator_of
from .hand_reading import HandReading
from .learned import (
    Table,
    Weights,
    WeightsError,
    learned_action,
    read_weights,
    shipped,
    table_of_game,
    table_of_view,
)
from .learned_file import file_text
from .play_net import PlayNet, PlayNetError, net_action, play_net_file, shipped_play_net
from .policy import Seen, easy_action, normal_action, seen_of_game, seen_of_view
from .value import ValueNet, ValueWeightsError, read_value, shipped_value

DEFAULT_TIME = 0.2
"""Seconds per decision when neither a time nor an iteration count is given."""
CONFIDENCE = 2.0
"""The search overrules its guess (the playout policy's own choice) only when this sure (standard errors of the
paired difference). Measured in 三人こいこい (3 months, 300 games, 100 playouts, against two normal
bots): 0 → −3.2 a game, 1 → +0.6, 2 → +3.7, 3 → +2.0; the search's best is chosen on the same
noisy results, so a weak threshold lets noise overrule a policy that is often right."""
DOMINANCE_WORLDS = 8
"""Worlds in which an action must be no worse than the policy's choice to overrule it with no
margin for noise (a 勝負 that ends the year behind, against a こいこい that may not)."""
MAX_ITERATIONS = 100_000
"""Playouts a decision at most (25–45 s of search a decision in 三人こいこい)."""
MAX_TIME = 60.0
"""Seconds a decision at most."""
MIN_SPREAD, MAX_SPREAD = 0.1, 10.0
"""The factor ``spread`` on the ruleset's month spread: within these."""
MAX_READ = 100.0
"""The widest temperature the others' hands are read with (``read=T``): at that, hardly at all."""
MAX_PLAYOUT_ACTIONS = 400
"""A guard: a month never needs this many decisions."""
SEARCHES = ("playout", "value")
"""How an action is judged in a sampled world: its month played out to the end (``playout``), or
played on to the seat's next decision and read by the learned value there (``value``)."""
PLAYOUTS = ("learned", "net", "normal", "easy")
"""Who plays every seat in a playout: the play network (``net``, the default: the ruleset's
shipped one playing and taking, the learned weights' stop rule deciding; where none is shipped,
as ``learned``), the learned policy (``learned``: the shipped weights of the ruleset, the normal
policy where none are shipped), or the normal or easy policy."""


class StrongBot:
    name = "strong"

    def __init__(
        self,
        rng: random.Random,
        iterations: int | str | None = None,
        time: float | str | None = None,
        playout: str | None = None,
        confidence: float | str = CONFIDENCE,
        aim: str = "win",
        weights: str | None = None,
        search: str = "playout",
        value: str | None = None,
        spread: float | str | None = None,
        policy: str | None = None,
        guess: str | None = None,
        read: float | str | None = None,
    ) -> None:
        self.rng = rng
        self.iterations = (
            None if iterations is None else int(_number("iterations", iterations, int))
        )
        self.time = None if time is None else _number("time", time, float)
        if self.iterations is None and self.time is None:
            self.time = DEFAULT_TIME
        if self.iterations is not None and not 1 <= self.iterations <= MAX_ITERATIONS:
            raise ValueError(f"iterations must be 1 to {MAX_ITERATIONS:,}")
        if self.time is not None and not 0 < self.time <= MAX_TIME:
            raise ValueError(f"time must be more than 0 and at most {MAX_TIME:g} seconds")
        if playout is None:  # the learned policy plays out under a guess=FILE
            playout = "learned" if guess is not None else "net"
        if playout not in PLAYOUTS:
            raise ValueError(f"playout must be {', '.join(PLAYOUTS)}, not {playout[:20]!r}")
        self.playout = playout
        self.model: Weights | None = None if weights is None else _weights_file(weights)
        """Weights to search with in place of the shipped ones (their stop rule, and their plays
        with ``playout=learned``): a file's (``weights=FILE``, a training round's), or set by the
        training itself."""
        if aim not in ("win", "margin"):
            raise ValueError(f"aim must be win or margin, not {aim[:20]!r}")
        self.aim = aim
        if search not in SEARCHES:
            raise ValueError(f"search must be {', '.join(SEARCHES)}, not {search[:20]!r}")
        if search == "value" and aim != "win":
            raise ValueError("search=value plays for aim=win")
        self.search = search
        self.value_net: ValueNet | None = None if value is None else _value_file(value)
        """The value to search with in place of the shipped one (``search=value``): a file's
        (``value=FILE``, a training round's), or set by the training itself."""
        self.fitted: MonthSpread | None = None
        """The month spread fitted to this table's months (``spread=fit``), from the first choice."""
        self.fit = str(spread).strip() == "fit"
        self.spread = None if spread is None or self.fit else _number("spread", spread, float)
        """A factor on the ruleset's month spread in reading scores as a chance (``aim=win``;
        None: the playouts' own, the ruleset's ``net_spread`` where a play network plays out, else
        1)."""
        if self.spread is not None and not MIN_SPREAD <= self.spread <= MAX_SPREAD:
            raise ValueError(f"spread must be {MIN_SPREAD:g} to {MAX_SPREAD:g}")
        if policy is not None and guess is not None:
            raise ValueError("policy=FILE and guess=FILE are one network: give one")
        if policy is not None and playout not in ("learned", "net"):
            raise ValueError("policy=FILE plays out with playout=learned or playout=net")
        if guess is not None and playout != "learned":
            raise ValueError("guess=FILE guesses with playout=learned")
        net_file = policy if policy is not None else guess
        self.given_net: PlayNet | None = None if net_file is None else play_net_file(net_file)
        """A play network to play and take with in place of the shipped one: in the guess and
        the playouts (``policy=FILE``), or in the guess only, the learned weights playing out
        (``guess=FILE``)."""
        self.guess_only = guess is not None
        self.read = None if read is None else _temperatures(read)
        """The temperatures the others' hands are read at (``hand_reading``; none: not read;
        None: the ruleset's ``read``)."""
        self.reading: HandReading | None = None
        """The reading of the others' hands, made at the first play seen: the plays it reads
        start afresh each month, its trust in each temperature goes on from month to month."""
        self.confidence = _number("confidence", confidence, float)
        if not (math.isfinite(self.confidence) and self.confidence >= 0):
            raise ValueError("confidence must be a finite number, at least 0")

    def see_play(self, view: PlayerView, player: int, card: int) -> None:
        """Another seat is about to play ``card`` from its hand (public: it is played face up);
        ``view``: this seat's, just before. Kept to read that seat's hand."""
        if self.reading is None:
            temperatures = self.read if self.read is not None else evaluator_of(view).read
            if not temperatures:
                return
            self.reading = HandReading(temperatures)
        self.reading.see(view, player, card)

    def act(self, view: PlayerView) -> int:
        """The action ``ranked`` puts first."""
        if len(view.legal) == 1:
            return view.legal[0]
        return self.ranked(view)[0][0]

    def ranked(self, view: PlayerView) -> list[tuple[int, float]]:
        """Every legal action with its estimated value (by ``aim``: the seat's chance to finish
        the year on top, or the change of its score margin by the month's end), best first, a
        twin move right after the move it is the same as. The guess (the learned policy's choice
        with learned playouts, else the normal policy's) is worth its mean; another action is
        worth that plus its paired advantage less ``confidence`` standard errors, so an action
        comes first only when clearly better than the guess. A chance (``aim=win``) is given
        within 0 and 1; the order is that of the unbounded values."""
        legal = view.legal
        if len(legal) == 1:
            return [(legal[0], 0.0)]
        ev = evaluator_of(view)
        weights = self._weights(view.ruleset)
        net = self._play_net(view.ruleset)
        seen = seen_of_view(view)
        if weights is None and net is None:
            guess = normal_action(ev, seen)
        else:
            guess = self._learned(weights, net, ev, seen, table_of_view(view))
        year = view.rules.year_length(view.options)
        play = self._playout_policy(ev, weights, None if self.guess_only else net, year)
        return self._search(view, ev, guess, play)

    def _learned(
        self, weights: Weights | None, net: PlayNet | None, ev: Evaluator, seen: Seen, table: Table
    ) -> int:
        """The learned policy's action: the play network's play or take where there is one,
        else the learned weights' (or the normal policy's)."""
        if net is not None and min(seen.legal) < act.DECLARE:
            return net_action(net.net, ev, seen, table)
        if weights is None:
            return normal_action(ev, seen)
        return learned_action(weights, ev, seen, table)

    def _play_net(self, ruleset: str) -> PlayNet | None:
        """The play network the search plays and takes with (None: the learned weights or a
        hand-written policy): the given one (``policy=FILE`` or ``guess=FILE``), else with
        ``playout=net`` the ruleset's shipped one."""
        if self.given_net is not None:
            if self.given_net.ruleset != ruleset:
                raise PlayNetError(f"play network is for {self.given_net.ruleset}, not {ruleset}")
            return self.given_net
        return shipped_play_net(ruleset) if self.playout == "net" else None

    def _playout_policy(
        self, ev: Evaluator, weights: Weights | None, net: PlayNet | None, year: int
    ) -> Callable[[Game], int]:
        """What a seat plays at a choice in a playout (``year``: the months of the game's year):
        the play network's play or take (``net``), the learned weights' action, or the normal or
        easy policy's."""
        if net is not None:
            learned = self._learned
            return lambda game: learned(
                weights, net, ev, seen_of_game(game), table_of_game(game, year)
            )
        if weights is not None:
            return lambda game: learned_action(
                weights, ev, seen_of_game(game), table_of_game(game, year)
            )
        if self.playout == "easy":
            return lambda game: easy_action(seen_of_game(game), ev)
        return lambda game: normal_action(ev, seen_of_game(game))

    def _weights(self, ruleset: str) -> Weights | None:
        """The learned weights the search plays with (None: the normal or easy policy)."""
        if self.playout not in ("net", "learned"):
            return None
        if self.model is None:
            return shipped(ruleset)
        if self.model.ruleset != ruleset:
            raise WeightsError(f"weights are for {self.model.ruleset}, not {ruleset}")
        return self.model

    def _search(
        self, view: PlayerView, ev: Evaluator, guess: int, play: Callable[[Game], int]
    ) -> list[tuple[int, float]]:
        """Sequential halving: every action on a first world, then rounds that share the budget
        (playouts, or the time in equal slices), each dropping the worse half of the actions still
        in play (by their mean so far)."""
        clock = _time.perf_counter
        start = clock()
        deadline = start + self.time if self.time is not None else math.inf
        twins = twin_moves(view, ev)
        candidates = [a for a in view.legal if a not in twins]
        n = len(candidates)
        g = candidates.index(twins.get(guess, guess))
        totals = [0.0] * n
        counts = [0] * n
        results: list[dict[int, float]] = [{} for _ in range(n)]
        """Each action's result in each world it was tried in (for paired comparisons)."""
        value_of = self._value_of(view, ev)
        net = self._net(view)
        pool = None if self.reading is None else self.reading.pool(view, self.rng)

        def world(alive: list[int]) -> None:
            """One sampled world; every action still in play tried in it on the same cards."""
            hands, stock = (
                sample_deal(view, self.rng) if pool is None else pool.deal(view, self.rng)
            )
            w = counts[g]
            for i in alive:
                game = build_game(view, hands, stock, _no_next_deal)
                try:
                    game.apply(candidates[i])
                    if net is None:
                        self._playout(game, play)
                        value = value_of(game.scores)
                    else:
                        value = self._look_ahead(game, view.seat, play, net, value_of)
                except MonthOver:
                    value = value_of(game.scores)
                totals[i] += value
                counts[i] += 1
                results[i][w] = value

        def ranked(alive: list[int]) -> list[int]:
            return sorted(
                alive, key=lambda i: (totals[i] / counts[i], candidates[i] == guess), reverse=True
            )

        alive = list(range(n))
        world(alive)
        rounds = max(1, math.ceil(math.log2(n)))
        share = (self.iterations - n) / rounds if self.iterations is not None else 0.0
        timed = self.time if self.iterations is None else None
        for r in range(rounds):
            if timed is not None:  # each round runs to its equal slice of the time
                end = start + timed * (r + 1) / rounds
                while clock() < end:
                    world(alive)
            else:
                for _ in range(int(share / len(alive))):
                    if clock() >= deadline:
                        break
                    world(alive)
            kept = ranked(alive)[: max(1, math.ceil(len(alive) / 2))]
            alive = kept if g in kept else [*kept, g]
        base = totals[g] / counts[g]
        values = [
            base if i == g else base + self._advantage(results[i], results[g]) for i in range(n)
        ]
        order = sorted(range(n), key=lambda i: (values[i], i == g, -i), reverse=True)
        if self.aim == "win":  # a chance's cautious estimate is still a chance: within 0 and 1
            values = [min(1.0, max(0.0, v)) for v in values]
        out = []
        for i in order:
            a = candidates[i]
            out.append((a, values[i]))
            out += [(t, values[i]) for t, same in twins.items() if same == a]
        return out

    def _net(self, view: PlayerView) -> ValueNet | None:
        """The value the search reads (None: it plays months out): ``search=value``'s, where one
        is shipped (or given) for the view's ruleset and table."""
        if self.search != "value":
            return None
        net = self.value_net if self.value_net is not None else shipped_value(view.ruleset)
        if net is None or net.players != view.players:
            return None
        if net.ruleset != view.ruleset:
            raise ValueWeightsError(f"value weights are for {net.ruleset}, not {view.ruleset}")
        return net

    def _look_ahead(
        self,
        game: Game,
        seat: int,
        play: Callable[[Game], int],
        net: ValueNet,
        value_of: Callable[[Sequence[int]], float],
    ) -> float:
        """Play on by the playout policy until the seat has its next choice, then read the
        value of what it sees there; a month that ends first is worth its scores."""
        if self._playout(game, play, stop_for=seat):
            return net.value(game.view(seat, game.legal_actions()))
        return value_of(game.scores)

    def _value_of(self, view: PlayerView, ev: Evaluator) -> Callable[[Sequence[int]], float]:
        """What a playout's scores at the month's end are worth to the seat: its chance to finish
        the year on top (``aim=win``), or the change of its score margin (``aim=margin``)."""
        seat = view.seat
        if self.aim == "margin":
            before = _margin(view.scores, seat)
            return lambda scores: _margin(scores, seat) - before
        left = max(0, view.rules.year_length(view.options) - view.month)
        spread = self._month_spread(view, ev) * math.sqrt(left)
        return lambda scores: year_win_chance(scores, seat, spread)

    def _month_spread(self, view: PlayerView, ev: Evaluator) -> float:
        """The month spread the scores are read with: the ruleset's times ``spread`` (given, or the
        playouts' own), or with ``spread=fit`` the one fitted to the months of this table so far
        (``MonthSpread``)."""
        if not self.fit:
            return self._spread_factor(ev) * ev.spread
        if self.fitted is None or self.fitted.prior != ev.spread:
            self.fitted = MonthSpread(ev.spread)
        self.fitted.see(view.month, view.scores)
        return self.fitted.spread()

    def _spread_factor(self, ev: Evaluator) -> float:
        """The factor on the ruleset's month spread: ``spread=F`` where given; else the
        ruleset's ``net_spread`` where a play network plays out, 1 where a policy written or
        learned without it does."""
        if self.spread is not None:
            return self.spread
        if self.guess_only or self._play_net(ev.ruleset) is None:
            return 1.0
        return ev.net_spread

    def _advantage(self, other: dict[int, float], guess: dict[int, float]) -> float:
        """An action's mean paired advantage over the guess (worlds where both
        were tried) less ``confidence`` standard errors; from one world, never above 0. An action
        no worse in any of at least ``DOMINANCE_WORLDS`` worlds keeps its whole mean."""
        diffs = [v - guess[w] for w, v in other.items() if w in guess]
        if len(diffs) < 2:
            return min(diffs[0], 0.0)
        mean = statistics.fmean(diffs)
        if len(diffs) >= DOMINANCE_WORLDS and min(diffs) >= 0:
            return mean
        return mean - self.confidence * statistics.stdev(diffs) / math.sqrt(len(diffs))

    def _playout(
        self, game: Game, play: Callable[[Game], int], stop_for: int | None = None
    ) -> bool:
        """Play on until the month has a result (or the game ends), every seat by ``play`` (the
        playout policy); a forced action is played without asking it. True when it stopped
        instead at a choice of the seat ``stop_for``."""
        steps = 0
        while not game.results and not game.finished and steps < MAX_PLAYOUT_ACTIONS:
            legal = game.legal_actions()
            if len(legal) == 1:
                game.apply(legal[0])
            elif game.to_act == stop_for:
                return True
            else:
                game.apply(play(game))
            steps += 1
        return False


def twin_moves(view: PlayerView, ev: Evaluator) -> dict[int, int]:
    """Actions that are the same move as an earlier legal one, each with that one: a card of the
    same month, card points and yaku as another in the hand (both hidden, or both shown), or as
    another field card to take. Searching one of them is searching both."""
    first: dict[tuple[int, ...], int] = {}
    twins: dict[int, int] = {}
    shown = view.shown[view.seat]
    for a in view.legal:
        if a < 48:
            key = (0, a >> 2, POINTS[a], ev.rows_of_card[a], shown >> a & 1)
        elif act.TAKE <= a < act.TAKE + 48:
            c = a - act.TAKE
            key = (1, c >> 2, POINTS[c], ev.rows_of_card[c], 0)
        else:
            continue
        if key in first:
            twins[a] = first[key]
        else:
            first[key] = a
    return twins


def _number(name: str, value: float | str, kind: Callable[[str], float]) -> float:
    """A parameter's value, written as text in a bot spec (``time=0.5``) or given as a number."""
    text = str(value).strip()
    try:
        if len(text) > 20:
            raise ValueError
        return kind(text)
    except ValueError:
        whole = "a whole number" if kind is int else "a number"
        raise ValueError(f"{name} must be {whole}, not {text[:20]!r}") from None


def _temperatures(value: float | str) -> tuple[float, ...]:
    """``read=T`` (one temperature, more than 0 and at most ``MAX_READ``), ``read=auto`` (each
    seat at ``TEMPERATURES``, as its plays bear out) or ``read=off`` (none)."""
    text = str(value).strip()
    if text == "off":
        return ()
    if text == "auto":
        return TEMPERATURES
    t = _number("read", value, float)
    if not 0 < t <= MAX_READ:
        raise ValueError(f"read must be off, auto, or more than 0 and at most {MAX_READ:g}")
    return (t,)


def _weights_file(path: str) -> Weights:
    """The weights in a file (``weights=FILE``), checked now: a bad file is one line."""
    text = file_text(path, "weights", ValueError)
    return read_weights(text, "")


def _value_file(path: str) -> ValueNet:
    """The value in a file (``value=FILE``), checked now: a bad file is one line."""
    text = file_text(path, "value", ValueError)
    return read_value(text, "")


def _margin(scores: Sequence[int], seat: int) -> float:
    """The seat's score less the others' mean: what it wants to raise in a zero-sum game or not."""
    others = (sum(scores) - scores[seat]) / (len(scores) - 1)
    return scores[seat] - others


class MonthOver(Exception):
    """A world the search plays has come to its next deal: the month played out has its result
    (the scores), and the next month is never dealt."""


def _no_next_deal() -> list[int]:
    raise MonthOver
