"""The `hanafuda` command: play (default), learn, sim, replay, stats, history, host and join,
serve, server and online, train.

Bad input (unknown ruleset, option, bot, a malformed record, a file that cannot be read or written)
gets one line on stderr and exit status 2; text from a record is printed without terminal controls.
A subcommand's options are added to its parser, and its module imported, only when it is the one
run: ``--version`` and ``--help`` load nothing of the package but this module and the parser.
Nothing in the package imports the command line.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

from .parser import Terminated, UsageError, build_parser, one_line, show_what_the_output_can


def _lazy(module: str, function: str) -> Callable[[argparse.Namespace], int]:
    """The subcommand ``function`` of this package's ``module``, imported when it is run."""

    def run(args: argparse.Namespace) -> int:
        command: Callable[[argparse.Namespace], int]
        command = getattr(importlib.import_module(f"{__name__}.{module}"), function)
        return command(args)

    return run


def _host(args: argparse.Namespace) -> int:
    from .common import ruleset_options
    from .together import cmd_host, guarded

    return guarded(cmd_host, args, ruleset_options)


def _join(args: argparse.Namespace) -> int:
    from .common import ruleset_options
    from .together import cmd_join, guarded

    return guarded(cmd_join, args, ruleset_options)


_PLAY = _lazy("play", "cmd_play")

COMMANDS: dict[str | None, Callable[[argparse.Namespace], int]] = {
    "sim": _lazy("sim", "cmd_sim"),
    "replay": _lazy("replay", "cmd_replay"),
    "stats": _lazy("stats", "cmd_stats"),
    "history": _lazy("history", "cmd_history"),
    "play": _PLAY,
    "learn": _lazy("play", "cmd_learn"),
    "serve": _lazy("play", "cmd_serve"),
    "host": _host,
    "join": _join,
    "server": _lazy("online", "cmd_server"),
    "online": _lazy("online", "cmd_online"),
    "train": _lazy("train", "cmd_train"),
    None: _PLAY,
}
"""Each subcommand's function by name."""


def _reported(err: Exception) -> bool:
    """Whether ``err`` is bad input, reported as one line (exit status 2) rather than a traceback."""
    if isinstance(err, UsageError):
        return True
    from ..bots import BotSpecError
    from ..core.records import OptionError, RecordError
    from ..core.rulesets import UnknownRuleset

    return isinstance(err, (UnknownRuleset, OptionError, BotSpecError, RecordError))


def main(argv: Sequence[str] | None = None) -> int:
    show_what_the_output_can(sys.stdout)
    try:
        args = build_parser().parse_args(argv)
        return COMMANDS[args.command](args)
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print("hanafuda: interrupted", file=sys.stderr)
        return 130
    except Terminated:
        print("hanafuda: terminated", file=sys.stderr)
        return 143
    except Exception as err:
        if not _reported(err):
            raise
        print(f"hanafuda: error: {one_line(str(err))}", file=sys.stderr)
        return 2
