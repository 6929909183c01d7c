"""``hanafuda history``: the games kept in the history with standings, or one exported."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..core.records import SeatRecord, printable, replay
from ..core.rulesets import ruleset_class
from ..history import HistoryError
from .common import cells_left, english_names, history_store, print_json
from .parser import UsageError


def _seat_text(seat: Any, names: list[str]) -> str:
    who = "" if seat.player == "human" else f" ({seat.player})"
    name = names[seat.seat]
    return f"{printable(name)}{printable(who)} {seat.score:+d}{'*' if seat.won else ''}"


def cmd_history(args: argparse.Namespace) -> int:
    from ..tables.names import seat_names, who_words

    if args.ruleset:
        ruleset_class(args.ruleset)
    if args.limit is not None and args.limit < 0:
        raise UsageError("--limit must be at least 0")
    store = history_store()
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
        print_json(
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
        names = seat_names([SeatRecord(name=s.name, player=s.player) for s in g.seats], "en")
        seats = "  ".join(_seat_text(s, names) for s in g.seats)
        when = g.finished_at.replace("T", " ")[:16]
        origin = ""
        if g.played_on_from:
            origin = f"  (played on from {g.origin if g.origin else 'a year not kept here'})"
        print(f"{g.id:>6}  {when}  {g.ruleset:<10} {g.months:>2} months  {seats}{origin}")
    print()
    print("standings (* the year's top score; average, best and worst final score)")
    for s in standings:
        who = (
            f"bot {printable(s.who)}"
            if s.side == "bot"
            else printable(who_words(s.side, s.who, "en"))
        )
        print(
            f"  {s.ruleset:<10} {cells_left(who, 20)} games {s.games:>5}  wins {s.wins:>5}"
            f"  average {s.average:+8.2f}  best {s.best:+5d}  worst {s.worst:+5d}"
        )
    return 0


def _history_export(store: Any, args: argparse.Namespace) -> int:
    """Write a stored game's record (``replay`` reads it), or its year sheet as text or CSV;
    ``-`` writes to stdout."""
    from ..history import sheet_csv, sheet_text

    if args.id is None or args.file is None:
        raise UsageError("history export takes ID FILE")
    try:
        game_id = int(args.id)
    except ValueError:
        raise UsageError(f"history export: {args.id!r} is not a game id") from None
    record = store.record(game_id)
    if args.csv or args.sheet:
        game = replay(record)
        names = [printable(n) for n in english_names(record)]
        if args.csv:
            text = sheet_csv(game, names)
        else:
            lines = game.sheet_text(names) or sheet_text(game, names)
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
