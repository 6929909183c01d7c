"""``hanafuda play`` (the default) and ``serve``: the game on this screen or in web browsers."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from ..core.people import HUMAN
from ..core.rulesets import ruleset_class
from .common import check_bot, error_exit, ruleset_options
from .parser import UsageError, build_parser


def _table_request(args: argparse.Namespace) -> dict[str, Any] | None:
    """The table ``play`` was asked to open (checked as ``sim`` checks its arguments), or None
    for the selector."""
    asked = [getattr(args, k, None) for k in ("ruleset", "option", "seats", "seed")]
    if not any(asked):
        return None
    ruleset = args.ruleset or "koikoi3"
    options = ruleset_options(ruleset, args.option or [])
    seated = ruleset_class(ruleset).seated(options)
    players = None
    if args.seats is not None:
        players = [s.strip() for s in args.seats.split(",")]
        if len(players) != seated:
            raise UsageError(f"{ruleset} needs {seated} seats, got {len(players)}")
        for spec in players:
            if spec != HUMAN:
                check_bot(spec, ruleset)
    return {
        "ruleset": ruleset,
        "options": options.model_dump(),
        "players": players,
        "seed": args.seed or "",
    }


def cmd_play(args: argparse.Namespace) -> int:
    request = _table_request(args)
    try:
        from ..ui.app import HanafudaApp, TableRequest, run_app
    except ImportError as err:
        return error_exit(f"the screen cannot start ({err}); reinstall hanafuda-tui", 1)
    store = None
    if getattr(args, "save_slot", False):
        from ..tables.storage import SlotStore

        store = SlotStore()
    table = None if request is None else TableRequest(**request)
    return run_app(HanafudaApp(store=store, table=table))


def cmd_learn(args: argparse.Namespace) -> int:
    """The lessons list (one ruleset's if named) over the selector."""
    from ..core.rulesets import RULESETS

    if args.ruleset is not None and args.ruleset not in RULESETS:
        names = ", ".join(RULESETS)
        raise UsageError(f"unknown ruleset {args.ruleset!r} (one of {names})")
    try:
        from ..ui.app import HanafudaApp, LessonsRequest, run_app
    except ImportError as err:
        return error_exit(f"the screen cannot start ({err}); reinstall hanafuda-tui", 1)
    return run_app(HanafudaApp(lessons=LessonsRequest(args.ruleset)))


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
        from ..ui.serve import ServeError, serve
    except ImportError as err:
        raise UsageError(f"cannot serve ({err}); reinstall hanafuda-tui") from None
    try:
        return serve(args.host, args.port, args.public_url, session, args.max_sessions)
    except ServeError as err:
        raise UsageError(str(err)) from None
