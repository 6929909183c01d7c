"""The `hanafuda` command: play (default), sim, replay, stats, history, host and join
(``together``), serve.

Bad input (unknown ruleset, option, bot, a malformed record, a file that cannot be read or written)
gets one line on stderr and exit status 2; text from a record is printed without terminal controls.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import io
import json
import os
import random
import signal
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from . import __version__, together, tournament, training
from .bots import BotSpecError, make_bot
from .core import actions as act
from .core.cards import MONTH_NAMES, NAME
from .core.records import (
    MAX_RECORD_BYTES,
    PEOPLE,
    GameRecord,
    OptionError,
    RecordError,
    load_record,
    make_options,
    printable,
    replay,
)
from .core.rulesets import RULESETS, UnknownRuleset, ruleset_class
from .core.stats import TOTAL_HANDS
from .history import HistoryError
from .review.judge import ITERATIONS, ReviewError, mistakes, review
from .story import tell
from .tournament import Plan

MAX_JOBS = 64
MAX_MESSAGE = 300
"""Characters of an error line at most (a bad value may be long)."""


class UsageError(Exception):
    """Reported as one line with exit status 2."""


class Parser(argparse.ArgumentParser):
    """Argument errors as one line (no usage block); ``--help`` still prints help."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _writes_unicode(stream: Any) -> bool:
    """Whether ``stream`` encodes every character (UTF-8, -16 or -32)."""
    try:
        return codecs.lookup(getattr(stream, "encoding", None) or "ascii").name.startswith("utf")
    except LookupError:
        return False


def _print_json(data: Any) -> None:
    """JSON on one line, kanji as they are, controls escaped (the text is the same JSON value);
    all ASCII (kanji as ``\\uXXXX``) where the output cannot take them."""
    print(printable(json.dumps(data, ensure_ascii=not _writes_unicode(sys.stdout))))


def _show_what_the_output_can(stream: Any) -> None:
    """Characters the output's encoding lacks (kanji under ``LC_ALL=C``) written as ``\\uXXXX``
    escapes rather than stopping with an error."""
    if isinstance(stream, io.TextIOWrapper) and not _writes_unicode(stream):
        stream.reconfigure(errors="backslashreplace")


def _options(ruleset: str, pairs: Sequence[str]) -> Any:
    cls = ruleset_class(ruleset)
    values: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"--option takes KEY=VALUE, not {pair!r}")
        if key not in cls.Options.model_fields:
            known = ", ".join(cls.Options.model_fields) or "none"
            raise UsageError(f"unknown option {key!r} for {ruleset} (options: {known})")
        values[key] = value
    return make_options(cls, values)


HISTORY_BATCH = 64
"""Games ``sim --history`` stores on one connection (each in its own transaction)."""
MAX_TOTALS = 10_000
"""Games at most whose final scores ``sim --json`` lists (``--jsonl`` streams any number)."""


class Terminated(BaseException):
    """SIGTERM reached the command (exit status 143)."""


def _on_sigterm(parent: int) -> Any:
    def handler(signum: int, frame: Any) -> None:
        if os.getpid() != parent:  # a worker not yet set up: end it quietly
            os._exit(128 + signum)
        raise Terminated

    return handler


class _Progress:
    """Games done, their rate and the time left, as Rich's progress bar on stderr (a terminal
    only); gone when the games are."""

    def __init__(self, games: int) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.bar = Progress(
            TextColumn("games"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            TextColumn("left"),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        self.task = self.bar.add_task("sim", total=games, rate="")
        self.start = time.perf_counter()
        self.done = 0

    def __enter__(self) -> _Progress:
        self.bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.bar.stop()

    def advance(self, games: int) -> None:
        self.done += games
        seconds = time.perf_counter() - self.start
        rate = f"{self.done / seconds:,.1f} games/s" if seconds > 0 else ""
        self.bar.update(self.task, completed=self.done, rate=rate)


def cmd_sim(args: argparse.Namespace) -> int:
    cls = ruleset_class(args.ruleset)
    options = _options(args.ruleset, args.option)
    seated = cls.seated(options)
    specs = [s for s in (args.bots or ",".join(["random"] * seated)).split(",") if s]
    if len(specs) != seated:
        raise UsageError(f"{args.ruleset} needs {seated} bots, got {len(specs)}")
    if not 1 <= args.jobs <= MAX_JOBS or args.games < 0:
        raise UsageError(f"--jobs must be 1 to {MAX_JOBS} and --games at least 0")
    for spec in specs:
        _check_bot(spec, args.ruleset)
    if args.record_dir:
        _check_record_dir(args.record_dir)
    history = _history_store() if args.history else None
    if history is not None and history.problem:
        raise UsageError(f"cannot keep history: {history.problem}")
    rotate = any(spec != "random" for spec in specs)
    plan = Plan(
        args.ruleset, options, tuple(specs), args.seed, rotate, args.record_dir, args.history
    )
    games = tournament.games_in(plan, args.games)
    keep_totals = args.json and games <= MAX_TOTALS
    show_progress = not (args.json or args.jsonl) and sys.stderr.isatty() and games > 0
    totals: list[list[int]] = []
    waiting: list[Any] = []
    """Games played, not yet in the history."""
    tally = tournament.Tally(specs)
    start = time.perf_counter()
    previous = signal.signal(signal.SIGTERM, _on_sigterm(os.getpid()))
    try:
        with (
            contextlib.closing(tournament.deal_sets(plan, args.games, args.jobs)) as sets,
            _Progress(games) if show_progress else contextlib.nullcontext() as progress,
        ):
            for deal_set in sets:
                if history is not None:  # first: an interruption below still keeps them
                    waiting += [p.kept for p in deal_set if p.kept]
                for n, p in enumerate(deal_set, start=tally.games):
                    row = [p.scores[p.seating.index(i)] for i in range(len(specs))]
                    if keep_totals:
                        totals.append(row)
                    if args.jsonl:
                        game = {"game": n, "deal_set": p.deal_set, "months": p.months}
                        _print_json({**game, "totals": row})
                tally.add(deal_set)
                if history is not None and len(waiting) >= HISTORY_BATCH:
                    history.add_prepared(waiting, "sim")
                    waiting = []
                if progress is not None:
                    progress.advance(len(deal_set))
        if history is not None and waiting:
            history.add_prepared(waiting, "sim")
            waiting = []
    except OSError as err:
        raise UsageError(f"cannot write {err.filename}: {err.strerror or err}") from None
    except HistoryError as err:
        lost, waiting = len(waiting) - err.stored, []
        raise UsageError(f"cannot keep history ({_games(lost)} not kept): {err}") from None
    finally:
        signal.signal(signal.SIGTERM, previous)
        if history is not None and waiting:  # the games played before an interruption
            try:
                history.add_prepared(waiting, "sim")
            except HistoryError as err:
                why = f"cannot keep history ({_games(len(waiting) - err.stored)} not kept): {err}"
                print(f"hanafuda: {_one_line(why)}", file=sys.stderr)
    seconds = time.perf_counter() - start
    months = tally.months
    stats = tally.stats()
    rate = months / seconds if seconds else 0.0
    if args.json or args.jsonl:
        out = {
            "ruleset": args.ruleset,
            "options": options.model_dump(),
            "seed": args.seed,
            "specs": specs,
            "rotate": rotate,
            "jobs": args.jobs,
            "games": tally.games,
            "months": months,
            "seconds": round(seconds, 3),
            "months_per_second": round(rate, 1),
            "bots": stats,
        }
        if args.json:
            out["totals"] = totals if keep_totals else None
        _print_json(out)
        return 0
    print(
        f"{args.ruleset}: {tally.games} games, {months} months in {seconds:.2f} s"
        f" ({rate:,.0f} months/s)"
    )
    if not rotate:
        for i, spec in enumerate(specs):
            total = tally.totals[i]
            mean = total / tally.games if tally.games else 0.0
            print(
                f"  seat {i + 1} {spec:<12} mean {mean:+8.2f}  total {total:+7d}  top {tally.tops[i]}"
            )
        return 0
    print("  every seat order on the same deals; 95% intervals in brackets")
    for b in stats:
        ci = b["mean_score_ci"]
        mean_ci = f"[{ci[0]:+.2f}, {ci[1]:+.2f}]" if ci else "[n/a]"
        wl, wh = b["win_rate_ci"]
        ms = b["choice_ms"]
        print(
            f"  {b['name']:<24} games {b['games']:>5}  mean {b['mean_score']:+8.2f} {mean_ci}"
            f"  per month {b['mean_per_month']:+6.2f}  wins {100 * b['win_rate']:5.1f}%"
            f" [{100 * wl:.1f}, {100 * wh:.1f}]  choice ms p50 {ms['p50']:.1f} p95 {ms['p95']:.1f}"
            f" max {ms['max']:.1f}"
        )
    return 0


def _check_bot(spec: str, ruleset: str) -> None:
    """BotSpecError unless ``spec`` makes a bot that plays ``ruleset`` (the learned weights it
    plays out with, ``weights=FILE``, are that ruleset's)."""
    bot = make_bot(spec, random.Random(0))
    model = getattr(bot, "model", None)
    if getattr(bot, "playout", "") == "learned" and model is not None and model.ruleset != ruleset:
        raise BotSpecError(f"bot {spec!r}: its weights are for {model.ruleset}, not {ruleset}")


def _games(n: int) -> str:
    return f"{n} game" if n == 1 else f"{n} games"


def _check_record_dir(path: str) -> None:
    """Make sim's record directory if missing; UsageError unless a file can be written there."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--record-dir {path} is not a directory")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as err:
        raise UsageError(f"cannot write records to {path}: {err.strerror or err}") from None


def _view(record: GameRecord, title: str) -> int:
    """The record in the replay viewer (the app, with the viewer open over the selector)."""
    try:
        from .ui.app import HanafudaApp, ReplayRequest, run_app
    except ImportError as err:
        print(f"hanafuda: error: the screen cannot start ({err})", file=sys.stderr)
        return 1
    return run_app(HanafudaApp(replay=ReplayRequest(record, title)))


def _action_text(action: int) -> str:
    """An action for a line of text: a card by its name, a take by the card taken, a word."""
    if 0 <= action < 48:
        return NAME[action]
    if act.TAKE <= action < act.TAKE + 48:
        return f"取 {NAME[action - act.TAKE]}"
    return act.NAMED.get(action, str(action))


def _review(record: GameRecord, seat: int, iterations: int, as_json: bool) -> int:
    """The strong bot's review of one seat's decisions (seats counted from 1): the decisions that
    lost most, worst first; a progress line on stderr."""
    if not 1 <= seat <= len(record.seats):
        raise UsageError(f"--review: a seat from 1 to {len(record.seats)}")
    if not 1 <= iterations <= 100_000:
        raise UsageError("--iterations: 1 to 100,000")
    tty = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        end = "\r" if tty and done < total else "\n"
        if tty or done == total or done % 10 == 0:
            print(f"review: {done}/{total} decisions", end=end, file=sys.stderr, flush=True)

    try:
        judged = review(record, seat - 1, iterations, progress)
    except ReviewError as err:
        raise UsageError(str(err)) from None
    listed = mistakes(judged)
    if as_json:
        rows = [
            {
                "position": j.at,
                "month": j.month,
                "played": act.token(j.played),
                "played_chance": round(j.played_chance, 4),
                "best": act.token(j.best),
                "best_chance": round(j.best_chance, 4),
                "loss": round(j.loss, 4),
            }
            for j in judged
        ]
        mistaken = [j.at for j in listed]
        _print_json(
            {"seat": seat, "iterations": iterations, "decisions": rows, "mistakes": mistaken}
        )
        return 0
    name = printable(record.seats[seat - 1].name)
    print(
        f"{record.ruleset}: {name} (seat {seat}), {len(judged)} decisions, strong:iterations={iterations}"
    )
    if not listed:
        print("  no decision lost much")
    for j in listed:
        print(
            f"  {_cells_left(_month_label(j.month), 9)} step {j.at:>3}"
            f"  {_cells_left(_action_text(j.played), 12)} {100 * j.played_chance:3.0f}%"
            f"  best {_cells_left(_action_text(j.best), 12)} {100 * j.best_chance:3.0f}%"
            f"  -{100 * j.loss:.0f}"
        )
    return 0


def _month_label(month: int) -> str:
    return f"{month}月 {MONTH_NAMES[month - 1]}"


def _signed(values: Sequence[int], out: Sequence[int] = ()) -> str:
    """Each seat's amount, signed; a seat that sat the deal out (``out``) as a dash."""
    return " ".join("   —" if s in out else f"{v:+4d}" for s, v in enumerate(values))


def _read_record_file(path: str) -> str:
    """The text of a record file, pipe or device, at most MAX_RECORD_BYTES read. A FIFO is opened
    without waiting: with no writer it reads as empty; with one (``replay <(cat r.json)``) it is
    read to its end."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        try:
            chunks: list[bytes] = []
            size = 0
            while size <= MAX_RECORD_BYTES:
                try:
                    chunk = os.read(fd, min(1 << 16, MAX_RECORD_BYTES + 1 - size))
                except BlockingIOError:  # a writer is there, not done yet: wait for it
                    os.set_blocking(fd, True)
                    continue
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
        finally:
            os.close(fd)
    except OSError as err:
        raise UsageError(f"cannot read {path}: {err.strerror or err}") from None
    if size > MAX_RECORD_BYTES:
        raise UsageError(f"{path} is larger than a record can be ({MAX_RECORD_BYTES >> 20} MiB)")
    if not size:
        raise UsageError(f"{path} is empty")
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"cannot read {path}: not UTF-8 text") from None


def _check_players(record: GameRecord) -> None:
    """RecordError unless every seat is a person (``human``, ``remote``) or a bot that can be
    made."""
    for i, seat in enumerate(record.seats):
        if seat.player not in PEOPLE:
            try:
                make_bot(seat.player, random.Random(0))
            except BotSpecError as err:
                raise RecordError(f"not a game record: seats.{i}.player: {err}") from None


def cmd_replay(args: argparse.Namespace) -> int:
    shown = [flag for flag, on in _REPLAY_VIEWS.items() if on(args)]
    if len(shown) > 1:
        raise UsageError(f"replay: {' and '.join(shown)} do not go together (one at a time)")
    record = load_record(_read_record_file(args.file))
    _check_players(record)
    game = replay(record)
    if args.view:
        return _view(record, Path(args.file).name)
    if args.review is not None:
        return _review(record, args.review, args.iterations, args.json)
    names = [printable(s.name) for s in record.seats]
    if args.sheet:
        from .ui.rulesets import screen_of  # the screens, textual with them, only for a sheet

        lines = screen_of(record.ruleset).sheet_text(game, names)
        if lines is None:
            raise UsageError(f"--sheet is the 八八 記入式; this record is {record.ruleset}")
        print("\n".join(lines))
        return 0
    if args.json:
        _print_json(tell(record).model_dump(mode="json"))
        return 0
    print(f"{record.ruleset}: {' / '.join(names)}")
    if record.advice:
        print("  (played with advice: a player was shown the strong bot's choices)")
    dealer = game.dealer_title
    for r in game.results:
        who = names[r.winner] if r.winner >= 0 else "流れ"
        what = " ".join(name for name, _ in r.yaku) or r.reason
        print(
            f"  {_cells_left(_month_label(r.month), 9)} {dealer} {_cells_left(names[r.dealer], 10)}"
            f" {_cells_left(who, 10)} {_cells_left(what, 26)} {_signed(r.payments, game.sat_out(r))}"
        )
    for x in game.settlements:
        print(f"  {_cells_left(x.name, 9)} {'':<{_REST}} {_signed(x.payments)}")
    print(f"  {_cells_left('合計', 9)} {'':<{_REST}} {_signed(game.scores)}")
    if not game.is_over:
        print("  (the record ends before the game does)")
    return 0


_REPLAY_VIEWS = {
    "--view": lambda args: args.view,
    "--review": lambda args: args.review is not None,
    "--sheet": lambda args: args.sheet,
    "--json": lambda args: args.json and args.review is None,
}
"""What ``replay`` shows, at most one at a time (``--review --json``: the review as JSON)."""

_REST = 3 + 1 + 10 + 1 + 10 + 1 + 26
"""The cells between a replay line's month and its amounts (dealer title, dealer, winner, yaku)."""


def _cells(text: str) -> int:
    """How many terminal cells ``text`` takes (kanji and kana are two wide)."""
    return sum(2 if ord(ch) > 0x2000 else 1 for ch in text)


def _cells_left(text: str, width: int) -> str:
    """Left-align ``text`` in ``width`` terminal cells (longer text is left as it is)."""
    return text + " " * max(0, width - _cells(text))


def _cells_wide(text: str, width: int) -> str:
    """Right-align ``text`` in ``width`` terminal cells (kanji are two wide)."""
    return " " * max(0, width - _cells(text)) + text


def _stats_table(args: argparse.Namespace, cells: dict[str, dict[str, int]]) -> int:
    """Teyaku counted per (count-type, kasu-type) cell as the seed's grid, with totals (八八)."""
    if args.json:
        _print_json({"total": TOTAL_HANDS, "cells": cells})
        return 0
    columns = list(next(iter(cells.values())))
    rows: list[tuple[str, list[int]]] = [
        (row, [*counts.values(), sum(counts.values())]) for row, counts in cells.items()
    ]
    rows.append(("合計", [*(sum(r[c] for r in cells.values()) for c in columns), TOTAL_HANDS]))
    print(f"{args.ruleset}: teyaku over all {TOTAL_HANDS:,} seven-card hands")
    for title, show in (
        ("hands", lambda n: f"{n:,}"),
        ("percent", lambda n: f"{100 * n / TOTAL_HANDS:.6f}"),
    ):
        print(f"  {title}")
        print(_cells_wide("", 12) + "".join(_cells_wide(c, 13) for c in [*columns, "合計"]))
        for row, values in rows:
            print(_cells_wide(row, 12) + "".join(_cells_wide(show(n), 13) for n in values))
    return 0


def _stats_ba(args: argparse.Namespace) -> int:
    """場: expected months at each 場 and 越年, exact from the ruleset's 場 rule (a Markov chain)."""
    ruleset = args.ruleset or next(name for name, cls in RULESETS.items() if cls.has_ba)
    year = ruleset_class(ruleset).ba_year()
    if year is None:
        raise UsageError(f"{ruleset} has no 場")
    if args.json:
        out = {
            "expected_months": {n: float(x) for n, x in year.expected.items()},
            "etsunen": float(year.etsunen),
            "exact": {**{n: str(x) for n, x in year.expected.items()}, "越年": str(year.etsunen)},
        }
        _print_json(out)
        return 0
    print(f"{ruleset}: 場 in a twelve-month year (exact Markov chain on the 二代しばり)")
    for name, x in year.expected.items():
        print(f"  {name}  {float(x):.4f} months")
    p = float(year.etsunen)
    print(f"  越年  {100 * p:.4f}%  (1/{1 / p:.4f})")
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    if args.what == "ba":
        return _stats_ba(args)
    if args.what != "teyaku":
        raise UsageError(f"unknown statistic {args.what!r} (known: teyaku, ba)")
    args.ruleset = args.ruleset or "koikoi3"
    cls = ruleset_class(args.ruleset)
    cells = cls.teyaku_table()
    if cells is not None:
        return _stats_table(args, cells)
    counts = cls.teyaku_counts()
    if counts is None:
        raise UsageError(f"no teyaku statistics for {args.ruleset}")
    if args.json:
        _print_json({"total": TOTAL_HANDS, "counts": counts})
        return 0
    print(f"{args.ruleset}: teyaku over all {TOTAL_HANDS:,} seven-card hands")
    for name, n in counts.items():
        print(f"  {name:<8} {n:>12,}  {100 * n / TOTAL_HANDS:.6f}%  1/{TOTAL_HANDS / n:,.3f}")
    return 0


def _table_request(args: argparse.Namespace) -> dict[str, Any] | None:
    """The table ``play`` was asked to open (checked as ``sim`` checks its arguments), or None
    for the selector."""
    from .ui.session import HUMAN

    asked = [getattr(args, k, None) for k in ("ruleset", "option", "seats", "seed")]
    if not any(asked):
        return None
    ruleset = args.ruleset or "koikoi3"
    options = _options(ruleset, args.option or [])
    seated = ruleset_class(ruleset).seated(options)
    players = None
    if args.seats is not None:
        players = [s.strip() for s in args.seats.split(",")]
        if len(players) != seated:
            raise UsageError(f"{ruleset} needs {seated} seats, got {len(players)}")
        for spec in players:
            if spec != HUMAN:
                _check_bot(spec, ruleset)
    return {
        "ruleset": ruleset,
        "options": options.model_dump(),
        "players": players,
        "seed": args.seed or "",
    }


def _history_store() -> Any:
    """The history of the data directory (``$HANAFUDA_DATA_DIR`` or the platform's); each set-aside
    database reported in one line on stderr."""
    from .history import HistoryStore
    from .ui.storage import data_dir  # the directory only: no screen code is loaded

    store = HistoryStore(data_dir())
    store.open()
    for notice in store.notices:
        print(f"hanafuda: {_one_line(notice)}", file=sys.stderr)
    return store


def _seat_text(seat: Any) -> str:
    who = "" if seat.player == "human" else f" ({seat.player})"
    return f"{printable(seat.name)}{printable(who)} {seat.score:+d}{'*' if seat.won else ''}"


def cmd_history(args: argparse.Namespace) -> int:
    if args.ruleset:
        ruleset_class(args.ruleset)
    if args.limit is not None and args.limit < 0:
        raise UsageError("--limit must be at least 0")
    store = _history_store()
    if store.problem:
        raise UsageError(f"no history: {store.problem}")
    if args.action == "list" and args.id is not None:
        raise UsageError(f"history: unexpected {args.id!r} (to export: history export ID FILE)")
    try:
        if args.action == "export":
            return _history_export(store, args)
        games = store.games(args.ruleset, args.player, args.limit)
        standings = store.standings(args.ruleset, args.player)
    except HistoryError as err:
        raise UsageError(str(err)) from None
    if args.json:
        _print_json(
            {
                "database": str(store.path),
                "games": [g.model_dump() for g in games],
                "standings": [s.model_dump() for s in standings],
            }
        )
        return 0
    if not games:
        print(f"no games in the history ({store.path})")
        return 0
    for g in games:
        seats = "  ".join(_seat_text(s) for s in g.seats)
        when = g.finished_at.replace("T", " ")[:16]
        print(f"{g.id:>6}  {when}  {g.ruleset:<10} {g.months:>2} months  {seats}")
    print()
    print("standings (* the year's top score; average, best and worst final score)")
    for s in standings:
        who = printable(s.who) if s.side == "player" else f"bot {printable(s.who)}"
        print(
            f"  {s.ruleset:<10} {_cells_left(who, 20)} games {s.games:>5}  wins {s.wins:>5}"
            f"  average {s.average:+8.2f}  best {s.best:+5d}  worst {s.worst:+5d}"
        )
    return 0


def _history_export(store: Any, args: argparse.Namespace) -> int:
    """Write a stored game's record (``replay`` reads it), or its year sheet as text or CSV;
    ``-`` writes to stdout."""
    from .history import sheet_csv, sheet_text

    if args.id is None or args.file is None:
        raise UsageError("history export takes ID FILE")
    try:
        game_id = int(args.id)
    except ValueError:
        raise UsageError(f"history export: {args.id!r} is not a game id") from None
    record = store.record(game_id)
    if args.csv or args.sheet:
        game = replay(record)
        names = [printable(s.name) for s in record.seats]
        if args.csv:
            text = sheet_csv(game, names)
        else:
            from .ui.rulesets import screen_of  # the 記入式 lives with the screens

            lines = screen_of(record.ruleset).sheet_text(game, names) or sheet_text(game, names)
            text = "\n".join(lines) + "\n"
    else:
        text = record.to_json()
    if args.file == "-":
        sys.stdout.write(text)
        return 0
    try:
        Path(args.file).write_text(text, encoding="utf-8")
    except OSError as err:
        raise UsageError(f"cannot write {args.file}: {err.strerror or err}") from None
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    request = _table_request(args)
    try:
        from .ui.app import HanafudaApp, TableRequest, run_app
    except ImportError as err:
        print(
            f"hanafuda: error: the screen cannot start ({err}); reinstall hanafuda-tui",
            file=sys.stderr,
        )
        return 1
    store = None
    if getattr(args, "save_slot", False):
        from .ui.storage import SlotStore

        store = SlotStore()
    table = None if request is None else TableRequest(**request)
    return run_app(HanafudaApp(store=store, table=table))


SERVED = ("play", "join")
"""The commands ``serve`` runs for each browser session: the ones that open a table."""


def _session_argv(argv: Sequence[str]) -> list[str]:
    """What each browser session of ``serve`` runs, checked as the command itself would check it
    (before serving: a bad value is one line now, not a broken page later): ``play --save-slot``
    unless told another; ``play`` always with a save slot of each session's own."""
    argv = list(argv[1:] if argv[:1] == ["--"] else argv)
    if not argv:
        return ["play", "--save-slot"]
    if argv[0] not in SERVED:
        raise UsageError(f"serve runs play or join in each browser session, not {argv[0]!r}")
    args = build_parser().parse_args(argv)
    if args.command == "play":
        _table_request(args)
        return argv if args.save_slot else ["play", "--save-slot", *argv[1:]]
    if args.bot:
        raise UsageError("serve cannot run join --bot: a browser session is a player at a screen")
    return argv


def cmd_serve(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be 0 to 65535, not {args.port}")
    if args.max_sessions < 1:
        raise UsageError(f"--max-sessions must be at least 1, not {args.max_sessions}")
    session = _session_argv(args.session)
    try:
        from .ui.serve import ServeError, serve
    except ImportError as err:
        raise UsageError(f"cannot serve ({err}); reinstall hanafuda-tui") from None
    try:
        return serve(args.host, args.port, args.public_url, session, args.max_sessions)
    except ServeError as err:
        raise UsageError(str(err)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="hanafuda", description="Traditional hanafuda games.")
    parser.add_argument("--version", action="version", version=f"hanafuda {__version__}")
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser(
        "play",
        help="open the game (the default): the selector, or with any of these, that table",
    )
    play.add_argument("--ruleset", help=f"one of {', '.join(RULESETS)} (koikoi3 unless given)")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    play.add_argument(
        "--seats",
        help="comma-separated, one per seat: human or a bot spec (as sim's --bots);"
        " default: you and normal bots",
    )
    play.add_argument("--seed", help="the same seed deals the same cards and bot moves")
    play.add_argument(
        "--save-slot",
        action="store_true",
        help="keep the game in the first free save slot of the data directory (sessions/N/)"
        " rather than its one save, as each browser session of serve does",
    )

    sim = sub.add_parser("sim", help="play whole games between bots")
    sim.add_argument("--ruleset", default="koikoi3", help=f"one of {', '.join(RULESETS)}")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument(
        "--bots",
        help="comma-separated bot specs, one per seat (default: all random); levels random, easy,"
        " normal, strong[:iterations=N][:time=SECONDS][:playout=learned|normal|easy]"
        "[:weights=FILE]; any non-random"
        " bot plays every seat order on the same deals",
    )
    sim.add_argument(
        "--jobs", type=int, default=1, help=f"processes to spread the games over (1 to {MAX_JOBS})"
    )
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    sim.add_argument("--record-dir", help="write every game's record here")
    sim.add_argument(
        "--history",
        action="store_true",
        help="keep every game in the history of the data directory (as games at the table are)",
    )
    output = sim.add_mutually_exclusive_group()
    output.add_argument(
        "--json",
        action="store_true",
        help=f"the results as one JSON object (each game's totals up to {MAX_TOTALS:,} games)",
    )
    output.add_argument(
        "--jsonl",
        action="store_true",
        help="one JSON line per game as it ends, then the results (without totals)",
    )

    srv = sub.add_parser(
        "serve",
        help="serve the game to web browsers: each browser session plays with a save of its own",
    )
    srv.add_argument("--host", default="127.0.0.1", help="the address to listen on (127.0.0.1)")
    srv.add_argument(
        "--port", type=int, default=8000, help="the port to listen on (8000; 0: a free one)"
    )
    srv.add_argument(
        "--public-url",
        metavar="URL",
        help="the address browsers reach the server at, if not the one they asked for (a proxy)",
    )
    srv.add_argument(
        "--max-sessions",
        type=int,
        default=12,
        metavar="N",
        help="browser sessions (each a game process) at once (12)",
    )
    srv.add_argument(
        "session",
        nargs=argparse.REMAINDER,
        metavar="-- play|join ...",
        help="what each browser session runs (default: play, each with a save slot of its own):"
        " play with a table's settings, or join HOST:PORT CODE to sit at a hosted table",
    )

    rep = sub.add_parser("replay", help="replay a game record")
    rep.add_argument("file")
    rep.add_argument("--json", action="store_true")
    rep.add_argument("--sheet", action="store_true", help="print the 記入式 score sheet (八八)")
    rep.add_argument(
        "--view", action="store_true", help="step through the game in the replay viewer"
    )
    rep.add_argument(
        "--review",
        type=int,
        metavar="SEAT",
        help="the strong bot's review of a seat's decisions (seats from 1), mistakes first",
    )
    rep.add_argument(
        "--iterations",
        type=int,
        default=ITERATIONS,
        help=f"playouts a decision for --review (default {ITERATIONS})",
    )

    hist = sub.add_parser(
        "history",
        help="the games kept in the history: list them with standings, or export one",
    )
    hist.add_argument(
        "action", nargs="?", choices=["list", "export"], default="list", help="list (default)"
    )
    hist.add_argument("id", nargs="?", help="export: the game's id (as listed)")
    hist.add_argument("file", nargs="?", help="export: the file to write (- for stdout)")
    hist.add_argument("--ruleset", help=f"only this ruleset ({', '.join(RULESETS)})")
    hist.add_argument("--player", help="only games with this player name or bot level")
    hist.add_argument("--limit", type=int, help="list at most this many games (newest first)")
    hist.add_argument("--json", action="store_true", help="the games and standings as JSON")
    form = hist.add_mutually_exclusive_group()
    form.add_argument(
        "--sheet", action="store_true", help="export the year sheet as text (八八: the 記入式)"
    )
    form.add_argument("--csv", action="store_true", help="export the year sheet as CSV")

    stats = sub.add_parser("stats", help="exact statistics from the rules")
    stats.add_argument("what", help="teyaku, or ba (八八 場)")
    stats.add_argument("--ruleset", help="teyaku: koikoi3 unless given; ba: the ruleset with 場")
    stats.add_argument("--json", action="store_true")
    COMMANDS.update(together.add_commands(sub, _options))
    COMMANDS.update(training.add_commands(sub, _options))
    return parser


COMMANDS: dict[str | None, Any] = {
    "sim": cmd_sim,
    "replay": cmd_replay,
    "stats": cmd_stats,
    "history": cmd_history,
    "play": cmd_play,
    "serve": cmd_serve,
    None: cmd_play,
}


def _one_line(message: str) -> str:
    """An error message as one printable line of at most MAX_MESSAGE characters."""
    text = printable(message)
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 1] + "…"


def main(argv: Sequence[str] | None = None) -> int:
    _show_what_the_output_can(sys.stdout)
    try:
        args = build_parser().parse_args(argv)
        return COMMANDS[args.command](args)
    except (
        UsageError,
        UnknownRuleset,
        OptionError,
        BotSpecError,
        RecordError,
        training.TrainUsageError,
    ) as err:
        print(f"hanafuda: error: {_one_line(str(err))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print("hanafuda: interrupted", file=sys.stderr)
        return 130
    except Terminated:
        print("hanafuda: terminated", file=sys.stderr)
        return 143


if __name__ == "__main__":
    sys.exit(main())
