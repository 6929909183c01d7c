"""``hanafuda replay``: a game record as lines, JSON, the 記入式 sheet, the viewer or the strong
bot's review."""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from ..bots import BotSpecError, make_bot
from ..core import actions as act
from ..core.cards import MONTH_NAMES, NAME
from ..core.records import (
    MAX_RECORD_BYTES,
    PEOPLE,
    GameRecord,
    RecordError,
    load_record,
    printable,
    replay,
)
from .common import cells_left, english_names, error_exit, print_json
from .parser import UsageError


def _view(record: GameRecord, title: str) -> int:
    """The record in the replay viewer (the app, with the viewer open over the selector)."""
    try:
        from ..ui.app import HanafudaApp, ReplayRequest, run_app
    except ImportError as err:
        return error_exit(f"the screen cannot start ({err})", 1)
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

    from ..review.judge import ReviewError, mistakes, review

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
        print_json(
            {"seat": seat, "iterations": iterations, "decisions": rows, "mistakes": mistaken}
        )
        return 0
    name = printable(english_names(record)[seat - 1])
    print(
        f"{record.ruleset}: {name} (seat {seat}), {len(judged)} decisions, strong:iterations={iterations}"
    )
    if not listed:
        print("  no decision lost much")
    for j in listed:
        print(
            f"  {cells_left(_month_label(j.month), 9)} step {j.at:>3}"
            f"  {cells_left(_action_text(j.played), 12)} {_percent(j.played_chance)}"
            f"  best {cells_left(_action_text(j.best), 12)} {_percent(j.best_chance)}"
            f"  -{100 * j.loss:.0f} pt"
        )
    return 0


def _percent(chance: float) -> str:
    """A chance in four cells, within 0–100%."""
    return f"{100 * min(1.0, max(0.0, chance)):3.0f}%"


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


_REPLAY_VIEWS = {
    "--view": lambda args: args.view,
    "--review": lambda args: args.review is not None,
    "--sheet": lambda args: args.sheet,
    "--json": lambda args: args.json and args.review is None,
}
"""What ``replay`` shows, at most one at a time (``--review --json``: the review as JSON)."""


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
    names = [printable(n) for n in english_names(record)]
    if args.sheet:
        lines = game.sheet_text(names)
        if lines is None:
            raise UsageError(f"--sheet is the 八八 記入式; this record is {record.ruleset}")
        print("\n".join(lines))
        return 0
    if args.json:
        from ..review.story import tell

        print_json(tell(record).model_dump(mode="json"))
        return 0
    print(f"{record.ruleset}: {' / '.join(names)}")
    if record.advice:
        print("  (played with advice: a player was shown the strong bot's choices)")
    dealer = game.dealer_title
    for r in game.results:
        who = names[r.winner] if r.winner >= 0 else "流れ"
        what = " ".join(name for name, _ in r.yaku) or r.reason
        print(
            f"  {cells_left(_month_label(r.month), 9)} {dealer} {cells_left(names[r.dealer], 10)}"
            f" {cells_left(who, 10)} {cells_left(what, 26)} {_signed(r.payments, game.sat_out(r))}"
        )
    for x in game.settlements:
        print(f"  {cells_left(x.name, 9)} {'':<{_REST}} {_signed(x.payments)}")
    print(f"  {cells_left('合計', 9)} {'':<{_REST}} {_signed(game.scores)}")
    if not game.is_over:
        print("  (the record ends before the game does)")
    return 0


_REST = 3 + 1 + 10 + 1 + 10 + 1 + 26
"""The cells between a replay line's month and its amounts (dealer title, dealer, winner, yaku)."""
