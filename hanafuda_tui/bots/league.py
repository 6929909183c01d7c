"""A league: every bot against every other on duplicate deals, as a cross table.

``python -m hanafuda_tui.bots.league --ruleset koikoi2 --games 200 --seed 90001 easy normal
strong strong:search=value``. Two seated, a cell is the row bot's share of games won against the
column bot (par 50%; each pair plays once, read from both sides); three seated and more, the row bot's share of years won against a table of
the column bot (par one in the number seated). Each pairing is played over every seat order of
the same deals (``hanafuda sim``'s duplicate tournament); with ``--out FILE`` each pairing is kept
there as it finishes, and the same command skips the pairings already kept (stopped, it goes on).
Seeds given to a league should be seeds no training used (training draws its games from its own
``value/...`` and ``seed/round/shard`` streams).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from ..core.records import OptionError, make_options, write_atomically
from ..core.rulesets import RULESETS, ruleset_class
from . import BotSpecError, make_bot
from .arena import Plan, Tally, deal_sets, wilson


def table_of(row: str, column: str, seated: int) -> tuple[str, ...]:
    """The specs at the table of a pairing: the row bot and the column bot in every other seat."""
    return (row, *[column] * (seated - 1))


def pairing_key(
    ruleset: str, options: dict[str, Any], specs: tuple[str, ...], games: int, seed: int
) -> str:
    return json.dumps([ruleset, options, list(specs), games, seed], sort_keys=True)


def play_pairing(
    ruleset: str, options: Any, specs: tuple[str, ...], games: int, seed: int, jobs: int
) -> dict[str, Any]:
    """The row bot's (``specs[0]``) standing in ``games`` games on duplicate deals."""
    plan = Plan(ruleset, options, specs, seed, rotate=True)
    tally = Tally(specs)
    for deal_set in deal_sets(plan, games, jobs):
        tally.add(deal_set)
    stats = {s["name"]: s for s in tally.stats()}
    return {"row": stats[specs[0]], "column": stats[specs[1]]}


def cross_table(
    specs: list[str], results: dict[tuple[int, int], dict[str, Any]], seated: int
) -> str:
    """The league's table: each row bot's win share against each column bot, its interval, and
    the row's mean score less the column's."""
    lines = [f"{'':4}" + "".join(f"{f'#{j + 1}':>22}" for j in range(len(specs)))]
    for i in range(len(specs)):
        cells = []
        for j in range(len(specs)):
            got = results.get((i, j))
            if got is None:
                cells.append(f"{'—':>22}")
                continue
            row = got["row"]
            low, high = wilson(row["win_rate"] * row["games"], row["games"])
            cells.append(
                f"{100 * row['win_rate']:5.1f}% [{100 * low:4.1f}, {100 * high:4.1f}]".rjust(22)
            )
        lines.append(f"{f'#{i + 1}':4}" + "".join(cells))
    par = 100 / seated
    lines.append(f"(row's share of {'games' if seated == 2 else 'years'} won; par {par:.1f}%)")
    for i, s in enumerate(specs):
        times = [r["row"]["choice_ms"] for (a, _), r in results.items() if a == i]
        p50 = max((t.get("p50", 0.0) for t in times), default=0.0)
        p95 = max((t.get("p95", 0.0) for t in times), default=0.0)
        lines.append(f"#{i + 1} {s}  (decision ms p50 {p50:.0f}, p95 {p95:.0f}, worst pairing)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hanafuda_tui.bots.league", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--ruleset", required=True, choices=list(RULESETS))
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--games", type=int, default=100, help="games a pairing")
    parser.add_argument("--seed", type=int, default=90001)
    parser.add_argument("--jobs", type=int, default=1, help="processes (at most 2 is kind)")
    parser.add_argument("--out", help="a JSON file keeping each pairing as it finishes")
    parser.add_argument("--rows", type=int, default=0, help="only the first N bots play as rows")
    parser.add_argument("bots", nargs="+", help="bot specs, as sim's --bots")
    args = parser.parse_args(argv)
    try:
        pairs = dict(p.partition("=")[::2] for p in args.option)
        options = make_options(ruleset_class(args.ruleset), pairs)
        for spec in args.bots:
            make_bot(spec, random.Random(0))
    except (OptionError, BotSpecError) as err:
        print(f"league: {err}", file=sys.stderr)
        return 2
    if not 1 <= args.games <= 100_000 or not 1 <= args.jobs <= 64:
        print("league: --games must be 1 to 100,000 and --jobs 1 to 64", file=sys.stderr)
        return 2
    seated = ruleset_class(args.ruleset).seated(options)
    plain = options.model_dump()
    out = Path(args.out) if args.out else None
    kept: dict[str, Any] = {}
    if out is not None and out.exists():
        try:
            kept = json.loads(out.read_text("utf-8"))
        except (OSError, ValueError) as err:
            print(f"league: cannot read --out {out}: {err}", file=sys.stderr)
            return 2
    specs = list(args.bots)
    rows = range(args.rows or len(specs))
    results: dict[tuple[int, int], dict[str, Any]] = {}
    for i in rows:
        for j in range(len(specs)):
            if i == j or (seated == 2 and (j, i) in results):
                continue
            table = table_of(specs[i], specs[j], seated)
            key = pairing_key(args.ruleset, plain, table, args.games, args.seed)
            if key not in kept:
                start = time.monotonic()
                kept[key] = play_pairing(
                    args.ruleset, options, table, args.games, args.seed, args.jobs
                )
                if out is not None:
                    write_atomically(out, json.dumps(kept, indent=1))
                row = kept[key]["row"]
                print(
                    f"league: #{i + 1} against #{j + 1}: {100 * row['win_rate']:.1f}% of"
                    f" {row['games']} ({time.monotonic() - start:.0f} s)",
                    file=sys.stderr,
                    flush=True,
                )
            results[(i, j)] = kept[key]
            if seated == 2:  # the same games, read from the other side
                results[(j, i)] = {"row": kept[key]["column"], "column": kept[key]["row"]}
    print(cross_table(specs, results, seated))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # a reader such as `head` stopped reading: nothing more to say
        sys.stderr.close()
